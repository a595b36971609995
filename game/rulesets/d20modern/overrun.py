"""Overrun (§10.8; OVR-01, OVR-02): the check (pure: a Refused or None), the defender's choice and the block's trip."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.dice import Dice
from game.core.grid import Square, footprint
from game.ecs.components import START_OF_TURN, Condition, Position
from game.ecs.world import Entity
from game.rulesets.d20modern import attack, budget as bud, measure, special, threat
from game.rulesets.d20modern.commands import (
    ActionTaken, AttackRolled, ConditionChanged, Moved, OpposedCheck, Overrun, OverrunAnswer,
)
from game.rulesets.d20modern.components import Sheet
from game.rulesets.d20modern.maneuvers import strength_check, unarmed_of
from game.rulesets.d20modern.situation import alive, can_act, odds, size_of, speed_ft, watchers
from game.rulesets.d20modern.turns import pending
from game.rulesets.d20modern.verdict import Refused
from game.rulesets.d20modern.walking import Bystander, FeetRules, Walker, line_squares, straight
from game.state import GameState
from game.rulesets.d20modern.i18n import L_

RULE = "d20-modern §10.8"


def crossing(state: GameState, c: Overrun) -> list[int]:
    """The indices of the path's squares inside the target's space."""
    space = set(footprint(state.square(c.target), size_of(state, c.target).side_squares))
    return [i for i, sq in enumerate(c.path) if sq in space]


def entry_index(state: GameState, c: Overrun) -> int | None:
    """Where the path enters the target's space (None if it never does)."""
    inside = crossing(state, c)
    return inside[0] if inside else None


def _rules_past(state: GameState, c: Overrun) -> FeetRules:
    """The actor's walking rules with the target's squares passable: the overrun is the way through them."""
    others = [Bystander(state.square(o), size_of(state, o), state.side(o)) for o in state.creatures()
              if o not in (c.actor, c.target) and alive(state, o)]
    return FeetRules(state.battlefield, Walker(state.square(c.actor), size_of(state, c.actor), state.side(c.actor)),
                     others)


def path_through(state: GameState, actor: Entity, target: Entity) -> tuple[Square, ...]:
    """The straight walk the bar offers: from the actor into the target's square and one square on past it."""
    start, there = state.square(actor), state.square(target)
    approach = line_squares(start, there)
    if len(approach) < 2:
        return approach
    last = approach[-2]
    return approach + ((2 * there[0] - last[0], 2 * there[1] - last[1]),)


def validate_overrun(state: GameState, c: Overrun) -> Refused | None:
    """OVR-01, §10.8: an enemy one size larger to one size smaller (A15); at least 10 ft straight into its square
    and on past it; a move action with the attack action, or a charge (straight, at most 2x speed); no 5-foot step."""
    if c.target not in state.creatures() or not alive(state, c.target) or state.side(c.target) == state.side(c.actor):
        return Refused(L_("that is no enemy"), RULE)
    problem = special.size_limit_problem(measure.size_index(size_of(state, c.actor)),
                                         measure.size_index(size_of(state, c.target)), "OVR-01")
    if problem:
        return problem
    b = state.world.get(c.actor, bud.Budget)
    if c.charge:
        problem = bud.full_round_problem(b, allows_step=False, charge=True)
    elif b.stepped:
        problem = Refused(L_("no overrun in a round with a 5-foot step"), "d20-modern ACT-04")
    elif not (b.attack and b.move) or b.restricted:
        problem = Refused(L_("an overrun is an attack action made with a move action"), RULE)
    if problem:
        return problem
    if state.has_condition(c.actor, "prone"):
        return Refused(L_("{name} is prone: stand up first", name=state.name(c.actor)), "d20-modern ACT-11")
    if not c.path or c.path[0] != state.square(c.actor):
        return Refused(L_("the walk starts where {name} stands", name=state.name(c.actor)), RULE)
    entry = entry_index(state, c)
    if entry is None or entry < 2 or not straight(c.path[entry - 2:entry + 1]):
        return Refused(L_("an overrun needs at least 10 ft in a straight line into {name}'s square",
                          name=state.name(c.target)), "d20-modern OVR-01")
    if c.charge and not straight(c.path):
        return Refused(L_("a charge goes in a straight line"), "d20-modern ATK-16")
    inside = crossing(state, c)
    if inside != list(range(entry, inside[-1] + 1)) or inside[-1] == len(c.path) - 1:
        return Refused(L_("an overrun goes on past {name}", name=state.name(c.target)), RULE)
    rules = _rules_past(state, c)
    cost = rules.walk_cost(c.path)
    if isinstance(cost, Refused):
        return cost
    limit = (1 if c.charge and b.restricted else 2 if c.charge else 1) * speed_ft(state, c.actor)
    if cost > limit:
        return Refused(L_("the walk is {cost} ft, more than {limit} ft", cost=cost, limit=limit), "d20-modern ACT-14")
    if not rules.may_end_at(c.path[entry - 1]):
        return Refused(L_("an overrun starts from a square it could stop in (it may be thrown back there)"), RULE)
    return None


def provoked(state: GameState, c: Overrun) -> list[Entity]:
    """OVR-01: the walk into the target's square provokes normally (AOO-02), offered before the walk (ruled as for
    the bull rush, docs/rulings.md); a creature on total defense provokes nothing by moving."""
    entry = entry_index(state, c)
    if entry is None or state.has_condition(c.actor, "total_defense"):
        return []
    found = threat.provocations(c.path[:entry + 1], state.space(c.actor)[1], watchers(state, c.actor), threat.WALK)
    return list(dict.fromkeys(w.key for _index, w in found))


@dataclass(frozen=True)
class Outcome:
    """What the overrun left: its events, and the rest of the walk from the target's square if the attacker goes
    on (empty if it was stopped)."""

    events: list[Any]
    rest: tuple[Square, ...]


CHOICE = "avoid or block"     # the pending offer's reason while the defender chooses to avoid or block


def asked(state: GameState, defender: Entity) -> bool:
    """OVR-02: the defender chooses, avoid or block, when it can act and stands; one that cannot act, or is
    already prone (a trip can do nothing more to it), lets the attacker by unasked (docs/rulings.md)."""
    return can_act(state, defender) and not state.has_condition(defender, "prone")


def validate_answer(state: GameState, c: OverrunAnswer) -> Refused | None:
    """OVR-02: only the target an overrun waits for answers it."""
    offer = pending(state)
    if offer is None or offer.reactors[0] != c.actor or offer.reason != CHOICE:
        return Refused(L_("no overrun waits for this creature's answer"), "d20-modern OVR-02")
    return None


def walk_in(state: GameState, c: Overrun) -> list[Any]:
    """OVR-02 step 1: the actions are spent and the attacker moves up to the target; it stands in the square before
    the target's while the target chooses (never sharing a square, docs/rulings.md)."""
    state.world.add(c.actor, bud.use_full_round(state.world.get(c.actor, bud.Budget), no_step=True, moved=True))
    events: list[Any] = []
    if c.charge:
        state.add_condition(c.actor, Condition("charging", until=START_OF_TURN, owner=c.actor))
        events.append(ConditionChanged(c.actor, "charging", True))
    entry = entry_index(state, c)
    assert entry is not None                  # the door checked it
    state.world.add(c.actor, Position(c.path[entry - 1]))
    return events + [Moved(c.actor, c.path[:entry + 1], "overrun")]


def settle(state: GameState, c: Overrun, block: bool, dice: Dice) -> Outcome:
    """OVR-02 steps 2-4: the target avoids (the attacker goes on) or blocks (the attacker's trip: touch attack, Str
    against its better of Str and Dex; won, the target is prone and the attacker goes on; lost, the counter-trip may
    drop the attacker prone, else it is thrown back 5 ft and its movement ends there)."""
    entry = entry_index(state, c)
    assert entry is not None                  # the door checked it
    if not block:
        return Outcome([ActionTaken(c.target, "avoid overrun", True)], c.path[entry:])
    won, countered, trip_events = _block(state, c.actor, c.target, dice, c.charge)
    events: list[Any] = [ActionTaken(c.target, "block overrun", True), *trip_events]
    if won:
        return Outcome(events, c.path[entry:])
    if not countered:
        events.append(ActionTaken(c.actor, "overrun", False, L_("thrown back 5 ft; the movement ends")))
    # Tripped back, it falls prone in the square it came from (A16 as ruled: never sharing the target's square).
    return Outcome(events, ())


def trip_percent(state: GameState, actor: Entity, target: Entity, charging: bool) -> int:
    """The chance in percent, rounded down, that the block's trip (TRP-01 as OVR-02 calls for it) knocks the target
    down: the touch attack hits and the attacker's Strength check beats the target's (a tie is the defender's).
    Both the defender's choice and the attacker's decision to overrun are weighed with it (the computer)."""
    o = odds(state, actor, target, unarmed_of(state, actor), charging=charging)
    s, t = state.world.get(actor, Sheet), state.world.get(target, Sheet)
    touch = o.defense - t.equip_bonus - t.natural
    hit_faces = sum(1 for natural in range(1, 21) if attack.hits(natural, natural + o.bonus, touch))
    mine = s.mod("str") + special.size_bonus(measure.size_index(size_of(state, actor)),
                                             measure.size_index(size_of(state, target)))
    theirs = special.trip_defender_ability(t.mod("str"), t.mod("dex")) + special.size_bonus(
        measure.size_index(size_of(state, target)), measure.size_index(size_of(state, actor))) + (
        special.STABILITY if t.stable_footing else 0)
    won_pairs = sum(1 for a in range(1, 21) for d in range(1, 21) if special.opposed(a + mine, d + theirs))
    return hit_faces * won_pairs * 100 // (20 * 400)


def _block(state: GameState, actor: Entity, target: Entity, dice: Dice, charging: bool) -> tuple[bool, bool, list[Any]]:
    """TRP-01, TRP-02 as OVR-02 calls for them: the trip attack (no separate AoO: the walk in provoked, ruled);
    returns whether the trip won, whether the counter-trip felled the attacker, and the events (ATK-15: +2 charging)."""
    o = odds(state, actor, target, unarmed_of(state, actor), charging=charging)
    s, t = state.world.get(actor, Sheet), state.world.get(target, Sheet)
    touch = o.defense - t.equip_bonus - t.natural             # DEF-03, A4: a touch attack
    natural = dice.roll(20)
    hit = attack.hits(natural, natural + o.bonus, touch)
    events: list[Any] = [AttackRolled(actor, target, "overrun", natural, natural + o.bonus, touch, hit,
                                      modifiers=o.attack_mods)]
    if not hit:
        return False, False, events
    won, trip = _trip(state, dice, actor, s, target, t, "overrun")
    if won:
        return True, False, events + trip
    countered, back = _trip(state, dice, target, t, actor, s, "trip back")     # TRP-02: the failed trip's answer
    return False, countered, events + trip + back


def _trip(state: GameState, dice: Dice, tripper: Entity, tripper_sheet: Sheet, tripped: Entity, tripped_sheet: Sheet,
          label: str) -> tuple[bool, list[Any]]:
    """TRP-01: the tripper's Strength against the better of the tripped's Strength and Dexterity (+4 for stable
    footing); the tripped falls prone when the tripper wins. Whether it won, and the events."""
    mine = strength_check(state, dice, tripper, tripped, tripper_sheet.mod("str"), False)
    theirs = strength_check(state, dice, tripped, tripper,
                            special.trip_defender_ability(tripped_sheet.mod("str"), tripped_sheet.mod("dex")),
                            tripped_sheet.stable_footing)
    won = special.opposed(mine, theirs)
    events: list[Any] = [OpposedCheck(tripper, tripped, label, mine, theirs, won)]
    if won:
        state.add_condition(tripped, Condition("prone"))
        events.append(ConditionChanged(tripped, "prone", True))
    return won, events
