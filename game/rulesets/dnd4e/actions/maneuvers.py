"""The §25 maneuvers every creature has: charge, bull rush, grab, move a grabbed target, escape, end a
grab and aid another (4e-combat.md §25.2, §25.4-§25.5, §25.11-§25.12, [A5], [A14], [A15], [A54], [A55]).

There are no ability scores or skills in the content, so the creature's melee basic attack bonus stands
in for its Strength attacks (bull rush, grab, moving a grabbed target), for aid another's attack and for
the Athletics or Acrobatics check of an escape (docs/rulings-maneuvers.md). The target keeps its own
defense: Fortitude, Reflex, or AC 10 for aid another.

Every maneuver that attacks is declared first (its action spent), the target's "when attacked"
interrupts answer, then it is carried out if still possible; a charge first moves like a walk, halting
for the opportunity attacks it provokes. Whatever was held back comes back through ``resume_maneuver``.

Why one long file: the seven maneuvers share that declare, answer, resume machinery and its shared pieces
(the stand-in attack, the size and reach checks), and ``resume_maneuver`` dispatches to each of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rulesets.dnd4e.actions.attack import (
    AttackPlan, interrupts_against, plan_attack, reactions_to_attack, resolve_attack,
)
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, BullRush, Charge, EndGrab, Escape, Grab, MoveGrabbed, Rejected,
)
from game.rulesets.dnd4e.actions.common import NO_ACTION_CONDITIONS, check_actor, raise_offers, spend_action
from game.rulesets.dnd4e.actions.events import ActionTaken, AttackLost, AttackRolled, Event, UnitForced, UnitMoved
from game.rulesets.dnd4e.actions.arrival import arrive, place_forced
from game.rulesets.dnd4e.actions.move import (
    SHIFT, WALK, entering_reach, go_on, held_in_place, shift_rejection, walking_speed,
)
from game.rulesets.dnd4e.actions.vitality import end_entries, lay
from game.core.dice import Dice, DiceExpr
from game.core.distance import range_distance
from game.core.forced import PUSH, forced_step_ok
from game.core.grid import DIRECTIONS, Square, are_adjacent, chebyshev, footprint, space_distance
from game.core.lines import line_of_effect
from game.core.movement import fall_at_end, step_costs
from game.ecs.components import (
    END_OF_TURN, SUSTAIN, ActionBudget, Body, Condition, ForcedMovement, Offer, OutOfFight, PausedAttack,
    Position, Power,
)
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MOVE, STANDARD, spend
from game.rulesets.dnd4e.effects import AIDED_ATTACK, AIDED_DEFENSE, defense_modifiers
from game.rulesets.dnd4e.opportunity import NO_OPPORTUNITY_ACTIONS, provokers
from game.rulesets.dnd4e.situation import MELEE
from game.state import GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_

GRABBED = "grabbed"                 # §25.12: immobilized while the grab lasts ([A5])
GRAB_SOURCE = "grab"                # the name the grab is sustained by (Sustain(actor, "grab"), §11.1)
CHARGE, BULL_RUSH, GRAB, DRAG, AID = "charge", "bull rush", "grab", "move grabbed", "aid another"
DRAGGED = "dragged"                 # UnitForced kind for a creature dragged along (§25.12)
ESCAPE_SKILLS = {"athletics": "fortitude", "acrobatics": "reflex"}   # §25.11
AID_BOONS = {"attack": AIDED_ATTACK, "defense": AIDED_DEFENSE}       # §25.2
AID_DEFENSE_VALUE = 10              # §25.2: a melee attack vs AC 10
CHECK_DIE = 20
NO_DAMAGE = DiceExpr(0, 0, 0)
MIN_CHARGE_SQUARES = 2              # §25.5, [A15]: at least 2 squares from the start


@dataclass(frozen=True)
class Drag:
    """A move-grabbed that hit, under way (§25.12): held while enemies answer what the grabber's move
    provoked, then it goes on along ``path`` (which starts where the grabber stands)."""

    actor: Entity
    target: Entity
    path: tuple[Square, ...]
    slot: str
    left_offered: bool = True       # leaving the first square has already been offered


# Every command a PausedAttack may hold that resume_maneuver carries on (react.carry_on dispatches them here).
PAUSABLE = (Charge, BullRush, Grab, MoveGrabbed, AidAnother, Drag)


# Shared pieces --------------------------------------------------------------------------------------------
def _melee_basic(state: GameState, actor: Entity) -> Power | None:
    return state.arsenal(actor).basic_attack(MELEE)


def _size(state: GameState, entity: Entity) -> int:
    return int(state.world.get(entity, Body).size)


def _able(state: GameState, actor: Entity) -> str | None:
    """Why a creature whose maneuver was held back can no longer carry it out, if it cannot."""
    if not state.conscious(actor):
        return L_("{actor} dropped first", actor=named(state.name(actor)))
    blocked = next((c for c in NO_ACTION_CONDITIONS if state.has_condition(actor, c)), None)
    return L_("{actor} is {condition}", actor=named(state.name(actor)), condition=blocked) if blocked else None


def _lost(state: GameState, actor: Entity, target: Entity) -> Rejected | None:
    """Why a held-back maneuver against ``target`` is lost: its maker dropped or cannot act, or the
    target is dead."""
    why = _able(state, actor)
    if why is None and state.world.has(target, OutOfFight):
        why = L_("{target} is dead", target=named(state.name(target)))
    return Rejected(why) if why else None


def _starts(state: GameState, actor: Entity, action: str, what: str) -> Rejected | None:
    """The actor may act now and has the action the maneuver takes."""
    if (rejection := check_actor(state, actor)) is not None:
        return rejection
    if spend(state.turn.actions, action) is None:
        return Rejected(L_('{actor} has no {action} action left for {what}',
                actor=named(state.name(actor)), action=action, what=what), "4e §3.1, §3.4")
    return None


def _enemy_problem(state: GameState, actor: Entity, target: Entity, rule: str) -> Rejected | None:
    if target not in state.creatures() or state.world.has(target, OutOfFight):
        return Rejected(L_('there is no living creature {target}', target=target), rule)
    if target == actor or not state.are_enemies(actor, target):
        return Rejected(L_('{target} is not an enemy', target=named(state.name(target))), rule)
    return None


def _size_problem(state: GameState, actor: Entity, target: Entity, what: str, rule: str) -> Rejected | None:
    """§25.4, §25.12: the target is at most one size larger than the actor."""
    if _size(state, target) > _size(state, actor) + 1:
        return Rejected(L_('{target} is more than one size larger: too big to {what}', target=named(state.name(target)), what=what), rule)
    return None


def _adjacent(state: GameState, a: Entity, b: Entity) -> bool:
    return are_adjacent(*state.space(a), *state.space(b))


def maneuver_plan(state: GameState, actor: Entity, target: Entity, name: str, defense: str, *,
                  charge: bool = False, defense_value: int | None = None) -> AttackPlan | Rejected:
    """A maneuver's attack: the melee basic attack's bonus and everything situational about it (§12),
    against ``defense``, with no damage, no effects and no weapon's extras (§25.2, §25.4, §25.12)."""
    melee = _melee_basic(state, actor)
    if melee is None:
        return Rejected(L_('{actor} has no melee basic attack to make the {name} with',
                actor=named(state.name(actor)), name=name), "4e §25.3")
    plan = plan_attack(state, actor, target, melee.name, charge=charge)
    if isinstance(plan, Rejected):
        return plan
    profile = replace(melee, name=name, defense=defense, damage=NO_DAMAGE, weapon=False, hit_effects=(),
                      self_effects=(), forced="", forced_squares=0, miss_half=False, advantage_damage=None,
                      needs_combat_advantage=False, heal=None, zone=None)
    value = state.stats(target).defenses.value(defense) if defense_value is None else defense_value
    return replace(plan, profile=profile, defense_value=value)


def _declare(state: GameState, actor: Entity, target: Entity, paused: object) -> list[Event] | None:
    """§3.3: the target's "when attacked" interrupts answer before the roll; None when there are none."""
    offers = interrupts_against(state, actor, (target,))
    if not offers:
        return None
    return raise_offers(state, offers, PausedAttack(paused))


def _hit(events: list[Event]) -> bool:
    """Whether the attack roll among ``events`` (resolve_attack's first event) hit."""
    return any(isinstance(e, AttackRolled) and e.hit for e in events[:1])


# Charge (§25.5) -------------------------------------------------------------------------------------------
def charge_squares(state: GameState, actor: Entity, target: Entity, bull_rush: bool = False) -> list[Square]:
    """§25.5 [IMPL] step 1: the top-left squares from which the actor's melee basic attack reaches the
    target (for a bull rush: the squares next to it), occupied or not, on open ground."""
    bf = state.battlefield
    side = state.space(actor)[1]
    aim = state.space(target)
    (tx, ty), tside = aim
    melee = _melee_basic(state, actor)
    reach = 1 if bull_rush or melee is None else melee.reach
    found: list[Square] = []
    for y in range(ty - reach - side + 1, ty + tside + reach):
        for x in range(tx - reach - side + 1, tx + tside + reach):
            square = (x, y)
            if any(not bf.in_bounds(s) or bf.at(s).solid for s in footprint(square, side)):
                continue
            if space_distance(square, side, *aim) == 0:
                continue
            if bull_rush:
                if are_adjacent(square, side, *aim):
                    found.append(square)
            elif range_distance(bf, (square, side), aim, limit=reach) is not None and \
                    line_of_effect(bf, (square, side), aim):
                found.append(square)
    return found


def validate_charge(state: GameState, command: Charge) -> Rejected | None:
    actor, target, path = command.actor, command.target, command.path
    if (rejection := _starts(state, actor, STANDARD, L_('a charge'))) is not None:
        return rejection
    if (rejection := _enemy_problem(state, actor, target, "4e §25.5")) is not None:
        return rejection
    if _melee_basic(state, actor) is None:
        return Rejected(L_('{actor} has no melee basic attack to charge with', actor=named(state.name(actor))), "4e §25.5")
    if command.bull_rush and (rejection := _size_problem(state, actor, target, L_('bull rush'), "4e §25.4")) is not None:
        return rejection
    if (rejection := held_in_place(state, actor, WALK)) is not None:
        return Rejected(L_('{reason}, so it cannot charge', reason=rejection.reason), rejection.rule)
    start = state.square(actor)
    if not path or path[0] != start:
        return Rejected(L_("a charge's path starts where the charger stands"), "4e §25.5")
    squares = charge_squares(state, actor, target, command.bull_rush)
    if not squares:
        return Rejected(L_('there is no square from which to attack {target}', target=named(state.name(target))), "4e §25.5")
    nearest = min(chebyshev(start, s) for s in squares)
    if nearest < MIN_CHARGE_SQUARES:
        return Rejected(L_('a charge moves at least {least} squares, but the nearest square from which to attack {target} is {nearest} '
                           'away', least=MIN_CHARGE_SQUARES, target=named(state.name(target)), nearest=nearest), "4e §25.5, [A15]")
    end = path[-1]
    if end not in squares or chebyshev(start, end) != nearest:
        return Rejected(L_('a charge ends on the nearest square from which to attack {target} ({nearest} squares away)',
                target=named(state.name(target)), nearest=nearest), "4e §25.5")
    rules = state.move_rules(actor)
    if not rules.may_end_at(end):
        return Rejected(L_('the nearest square to attack from is occupied: no charge'), "4e §25.5")
    if any(chebyshev(b, end) >= chebyshev(a, end) for a, b in zip(path, path[1:])):
        return Rejected(L_('every step of a charge must bring the charger nearer to where it ends'), "4e §25.5, [A15]")
    costs = step_costs(rules, path)
    if costs is None:
        return Rejected(L_("that path is not a legal move: it enters a wall, an enemy or a cliff face, or cuts a wall's corner"),
                        "4e §17.3-§17.4, §18.2")
    if fall_at_end(rules, path):
        return Rejected(L_('a charge cannot go over a ledge'), "4e §25.5, §20")
    speed = walking_speed(state, actor)
    if sum(costs) > speed:
        return Rejected(L_('that charge costs {cost} squares but the speed is {speed}',
                cost=sum(costs), speed=speed), "4e §25.5, §17.1, §18.1")
    return None


def apply_charge(state: GameState, command: Charge, dice: Dice) -> list[Event]:
    actor = command.actor
    slot = spend_action(state, STANDARD)
    # §25.5: no further actions this turn; an action point still adds one (§25.1).
    turn = state.turn
    state.world.set_resource(replace(turn, actions=ActionBudget(0, 0, 0, one_action=turn.actions.one_action)))
    victim = named(state.name(command.target))
    detail = L_("a bull rush on {target}", target=victim) if command.bull_rush else L_("an attack on {target}", target=victim)
    events: list[Event] = [ActionTaken(actor, CHARGE, detail, "4e §25.5")]
    events += go_on(state, actor, command.path, slot, WALK, dice, follow_up=PausedAttack(command))
    if state.pending_offers is None:
        events += _charge_arrived(state, command, dice)
    return events


def _charge_arrived(state: GameState, command: Charge, dice: Dice) -> list[Event]:
    """The move is over: the charge's attack is declared, and the target's interrupts answer first.
    While they do, the held charge's path is just the square it attacks from (the move is done)."""
    actor, target = command.actor, command.target
    feasible = _charge_plan(state, command)
    if isinstance(feasible, Rejected):
        return [AttackLost(actor, CHARGE, feasible.reason, "4e §25.5")]
    paused = _declare(state, actor, target, replace(command, path=(state.square(actor),)))
    return paused if paused is not None else _charge_attack(state, command, dice)


def _charge_plan(state: GameState, command: Charge) -> AttackPlan | Rejected:
    actor, target = command.actor, command.target
    if (lost := _lost(state, actor, target)) is not None:
        return lost
    if command.bull_rush:
        return _bull_rush_plan(state, actor, target, charge=True)
    melee = _melee_basic(state, actor)
    assert melee is not None  # validated
    return plan_attack(state, actor, target, melee.name, charge=True)


def _charge_attack(state: GameState, command: Charge, dice: Dice) -> list[Event]:
    """§25.5: a melee basic attack or a bull rush at +1, from wherever the charger now stands."""
    actor, target = command.actor, command.target
    plan = _charge_plan(state, command)
    if isinstance(plan, Rejected):
        return [AttackLost(actor, CHARGE, plan.reason, "4e §25.5")]
    if command.bull_rush:
        return _bull_rush_hit(state, actor, target, None, plan, dice)
    events = resolve_attack(state, actor, target, plan, dice)
    return events + reactions_to_attack(state, actor, (target,), events)


# Bull rush (§25.4) ----------------------------------------------------------------------------------------
def _bull_rush_plan(state: GameState, actor: Entity, target: Entity, charge: bool = False) -> AttackPlan | Rejected:
    if not _adjacent(state, actor, target):
        return Rejected(L_('{target} is not adjacent', target=named(state.name(target))), "4e §25.4")
    if (rejection := _size_problem(state, actor, target, L_('bull rush'), "4e §25.4")) is not None:
        return rejection
    return maneuver_plan(state, actor, target, BULL_RUSH, "fortitude", charge=charge)


def _centre(top_left: Square, side: int) -> Square:
    """A space's centre, doubled so it stays whole."""
    return 2 * top_left[0] + side - 1, 2 * top_left[1] + side - 1


def push_squares(state: GameState, actor: Entity, target: Entity) -> list[Square]:
    """§25.4, §22: where a bull rush can push the target 1 square, straight away from the attacker
    first, then in the fixed order of DIRECTIONS. A restrained creature cannot be pushed."""
    if state.has_condition(target, "restrained"):
        return []
    rules = state.move_rules(target)
    mine = state.space(actor)
    start, side = state.space(target)
    (ax, ay), (tx, ty) = _centre(*mine), _centre(start, side)
    away = ((tx > ax) - (tx < ax), (ty > ay) - (ty < ay))
    order = [away] + [d for d in DIRECTIONS if d != away]
    found: list[Square] = []
    for dx, dy in order:
        to = (start[0] + dx, start[1] + dy)
        if forced_step_ok(rules, mine, PUSH, start, to) and rules.may_end_at(to):
            found.append(to)
    return found


def validate_bull_rush(state: GameState, command: BullRush) -> Rejected | None:
    actor, target = command.actor, command.target
    if (rejection := _starts(state, actor, STANDARD, L_('a bull rush'))) is not None:
        return rejection
    if (rejection := _enemy_problem(state, actor, target, "4e §25.4")) is not None:
        return rejection
    plan = _bull_rush_plan(state, actor, target)
    if isinstance(plan, Rejected):
        return plan
    if command.push_to is not None and command.push_to not in push_squares(state, actor, target):
        return Rejected(L_('{target} cannot be pushed into {squares}: a push goes 1 square farther away, into a square it could enter '
                           'and stay in', target=named(state.name(target)), squares=list(command.push_to)), "4e §25.4, §22")
    return None


def apply_bull_rush(state: GameState, command: BullRush, dice: Dice) -> list[Event]:
    spend_action(state, STANDARD)
    paused = _declare(state, command.actor, command.target, command)
    return paused if paused is not None else _bull_rush(state, command, dice)


def _bull_rush(state: GameState, command: BullRush, dice: Dice) -> list[Event]:
    actor, target = command.actor, command.target
    plan = _lost(state, actor, target) or _bull_rush_plan(state, actor, target)
    if isinstance(plan, Rejected):
        return [AttackLost(actor, BULL_RUSH, plan.reason)]
    return _bull_rush_hit(state, actor, target, command.push_to, plan, dice)


def _bull_rush_hit(state: GameState, actor: Entity, target: Entity, push_to: Square | None, plan: AttackPlan,
                   dice: Dice) -> list[Event]:
    """Roll; a hit pushes the target 1 square and the attacker shifts into a square it left (§25.4)."""
    events = resolve_attack(state, actor, target, plan, dice)
    if _hit(events) and not state.world.has(target, OutOfFight):
        events += _push_and_follow(state, actor, target, push_to, dice)
    return events + reactions_to_attack(state, actor, (target,), events)


def _push_and_follow(state: GameState, actor: Entity, target: Entity, push_to: Square | None,
                     dice: Dice) -> list[Event]:
    """§25.4: no square to push into, no effect; over a ledge the target may catch itself (§20)."""

    options = push_squares(state, actor, target)
    if not options:
        return []
    start, side = state.space(target)
    to = push_to if push_to in options else options[0]
    events = place_forced(state, ForcedMovement(actor, target, PUSH, 1), (start, to), dice)
    if state.square(target) == start:
        return events    # it caught itself at the edge: nothing was vacated
    return events + _follow(state, actor, set(footprint(start, side)), (to[0] - start[0], to[1] - start[1]), dice)


def _follow(state: GameState, actor: Entity, vacated: set[Square], direction: Square, dice: Dice) -> list[Event]:
    """§25.4, [A54]: the attacker shifts 1 square into a square the target vacated, the push's way
    first; it ignores difficult terrain (a named square, like forced movement's) but not walls, corners
    or ledges. A creature that cannot shift (immobilized, prone, ...) stays put."""
    if held_in_place(state, actor, SHIFT) is not None:
        return []
    rules = state.move_rules(actor)
    here, side = state.space(actor)
    for dx, dy in [direction] + [d for d in DIRECTIONS if d != direction]:
        to = (here[0] + dx, here[1] + dy)
        if not vacated.intersection(footprint(to, side)):
            continue
        if rules.step_cost(here, to, ignore_difficult=True) is None or rules.drop_ft(here, to) or \
                not rules.may_end_at(to):
            continue
        state.world.add(actor, Position(to))
        events: list[Event] = [UnitMoved(actor, (here, to), 1, STANDARD, SHIFT, "4e §25.4")]
        events += arrive(state, actor, dice)
        return events + raise_offers(state, entering_reach(state, actor, (here, side), (to, side)), None)
    return []


# Grab (§25.12) --------------------------------------------------------------------------------------------
def grabs_held(state: GameState, holder: Entity) -> list[Entity]:
    """The creatures ``holder`` has grabbed."""
    return [e for e in state.creatures() if any(c.by == holder for c in state.conditions(e).named(GRABBED))]


def _grab_entries(state: GameState, bearer: Entity, holder: Entity) -> tuple[Condition, ...]:
    return tuple(c for c in state.conditions(bearer).named(GRABBED) if c.by == holder)


def _grab_plan(state: GameState, actor: Entity, target: Entity) -> AttackPlan | Rejected:
    if not _adjacent(state, actor, target):
        return Rejected(L_("{target} is not within reach: a grab reaches adjacent creatures only (a weapon's reach does not count)",
                target=named(state.name(target))), "4e §25.12")
    if (rejection := _size_problem(state, actor, target, L_('grab'), "4e §25.12")) is not None:
        return rejection
    return maneuver_plan(state, actor, target, GRAB, "reflex")


def validate_grab(state: GameState, command: Grab) -> Rejected | None:
    actor, target = command.actor, command.target
    if (rejection := _starts(state, actor, STANDARD, L_('a grab'))) is not None:
        return rejection
    if (rejection := _enemy_problem(state, actor, target, "4e §25.12")) is not None:
        return rejection
    if grabs_held(state, actor):
        return Rejected(L_('{actor} is already holding a grab: let go first', actor=named(state.name(actor))), "4e §25.12")
    if any(state.has_condition(actor, c) for c in NO_OPPORTUNITY_ACTIONS):
        return Rejected(L_('{actor} could not hold a grab: it is dazed or worse', actor=named(state.name(actor))), "4e §25.12")
    plan = _grab_plan(state, actor, target)
    return plan if isinstance(plan, Rejected) else None


def apply_grab(state: GameState, command: Grab, dice: Dice) -> list[Event]:
    spend_action(state, STANDARD)
    paused = _declare(state, command.actor, command.target, command)
    return paused if paused is not None else _grab(state, command, dice)


def _grab(state: GameState, command: Grab, dice: Dice) -> list[Event]:
    actor, target = command.actor, command.target
    plan = _lost(state, actor, target) or _grab_plan(state, actor, target)
    if isinstance(plan, Rejected):
        return [AttackLost(actor, GRAB, plan.reason)]
    events = resolve_attack(state, actor, target, plan, dice)
    if _hit(events) and not state.world.has(target, OutOfFight):
        events += lay(state, Condition(GRABBED, SUSTAIN, actor, GRAB_SOURCE, actor), target, "4e §25.12")
        turn = state.turn
        if turn.current == actor and GRAB_SOURCE not in turn.sustained:
            # [A12]: the turn that starts the grab counts as sustaining it.
            state.world.set_resource(replace(turn, sustained=turn.sustained + (GRAB_SOURCE,)))
    return events + reactions_to_attack(state, actor, (target,), events)


def grab_upkeep(state: GameState) -> list[Event]:
    """§25.12, [A55]: end every grab whose holder can no longer hold it: the holder is dead, dazed,
    stunned, surprised, unconscious or otherwise unable to take opportunity actions, or the two are no
    longer within reach of each other (adjacent). Run after every command."""
    events: list[Event] = []
    for bearer in state.creatures():
        ended = tuple(c for c in state.conditions(bearer).named(GRABBED)
                      if c.by is not None and _grab_broken(state, c.by, bearer))
        events += end_entries(state, bearer, ended, "4e §25.12")
    return events


def _grab_broken(state: GameState, holder: Entity, bearer: Entity) -> bool:
    if holder not in state.creatures() or state.world.has(holder, OutOfFight) or state.world.has(bearer, OutOfFight):
        return True
    if any(state.has_condition(holder, c) for c in NO_OPPORTUNITY_ACTIONS):
        return True
    return not _adjacent(state, holder, bearer)


# End a grab (free, §25.12) --------------------------------------------------------------------------------
def validate_end_grab(state: GameState, command: EndGrab) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if not grabs_held(state, command.actor):
        return Rejected(L_('{actor} is holding no grab', actor=named(state.name(command.actor))), "4e §25.12")
    return None


def apply_end_grab(state: GameState, command: EndGrab, dice: Dice) -> list[Event]:
    actor = command.actor
    events: list[Event] = []
    for bearer in grabs_held(state, actor):
        events.append(ActionTaken(actor, "end grab", L_("lets go of {target}", target=named(state.name(bearer))), "4e §25.12"))
        events += end_entries(state, bearer, _grab_entries(state, bearer, actor), "4e §25.12")
    return events


# Move a grabbed target (§25.12) ---------------------------------------------------------------------------
def _drag_problem(state: GameState, actor: Entity, target: Entity, path: tuple[Square, ...]) -> Rejected | None:
    """The grabber walks ``path``; the grabbed creature keeps its place beside it, step for step
    (docs/rulings-maneuvers.md). Both paths must be legal, with no ledge; the creature dragged pays
    nothing for difficult terrain (its own speed does not matter)."""
    if len(path) < 2 or path[0] != state.square(actor):
        return Rejected(L_("the grabber's path starts where it stands and enters at least one square"), "4e §25.12")
    rules = state.move_rules(actor, ignoring=target)
    costs = step_costs(rules, path)
    if costs is None or fall_at_end(rules, path):
        return Rejected(L_('that path is not a legal move for the grabber: walls, enemies, corners or a ledge'),
                        "4e §17.3-§17.4, §18.2, §20")
    budget = walking_speed(state, actor) // 2
    if sum(costs) > budget:
        return Rejected(L_('moving a grabbed creature costs {cost} squares but half speed is {budget}', cost=sum(costs), budget=budget),
                        "4e §25.12, [A25]")
    dragged = _dragged_path(state, actor, target, path)
    target_rules = state.move_rules(target, ignoring=actor)
    target_costs = step_costs(target_rules, dragged, ignore_difficult=True)
    if target_costs is None or fall_at_end(target_rules, dragged):
        return Rejected(L_('{target} cannot be dragged that way: walls, its enemies, corners or a ledge', target=named(state.name(target))),
                        "4e §25.12, §17.4")
    if not rules.may_end_at(path[-1]) or not target_rules.may_end_at(dragged[-1]):
        return Rejected(L_('the grabber and the creature it drags must each end where they may stand'), "4e §17.4")
    return None


def _dragged_path(state: GameState, actor: Entity, target: Entity, path: tuple[Square, ...]) -> tuple[Square, ...]:
    (ax, ay), (tx, ty) = state.square(actor), state.square(target)
    dx, dy = tx - ax, ty - ay
    return tuple((x + dx, y + dy) for x, y in path)


def _held_one(state: GameState, actor: Entity) -> Entity | Rejected:
    held = grabs_held(state, actor)
    if not held:
        return Rejected(L_('{actor} is holding no grab', actor=named(state.name(actor))), "4e §25.12")
    return held[0]


def _drag_plan(state: GameState, actor: Entity, path: tuple[Square, ...]) -> tuple[Entity, AttackPlan] | Rejected:
    """The creature ``actor`` holds and the attack that would drag it along ``path``, or why not."""
    target = _held_one(state, actor)
    if isinstance(target, Rejected):
        return target
    rejection = held_in_place(state, actor, WALK) or _drag_problem(state, actor, target, path)
    if rejection is not None:
        return rejection
    plan = maneuver_plan(state, actor, target, DRAG, "fortitude")
    return plan if isinstance(plan, Rejected) else (target, plan)


def validate_move_grabbed(state: GameState, command: MoveGrabbed) -> Rejected | None:
    if (rejection := _starts(state, command.actor, STANDARD, L_('moving a grabbed creature'))) is not None:
        return rejection
    found = _drag_plan(state, command.actor, command.path)
    return found if isinstance(found, Rejected) else None


def apply_move_grabbed(state: GameState, command: MoveGrabbed, dice: Dice) -> list[Event]:
    target = _held_one(state, command.actor)
    assert not isinstance(target, Rejected)   # validated
    spend_action(state, STANDARD)
    paused = _declare(state, command.actor, target, command)
    return paused if paused is not None else _move_grabbed(state, command, dice)


def _move_grabbed(state: GameState, command: MoveGrabbed, dice: Dice) -> list[Event]:
    actor = command.actor
    why = _able(state, actor)
    found = Rejected(why) if why else _drag_plan(state, actor, command.path)
    if isinstance(found, Rejected):
        return [AttackLost(actor, DRAG, found.reason, "4e §25.12")]
    target, plan = found
    events = resolve_attack(state, actor, target, plan, dice)
    if _hit(events) and not state.world.has(target, OutOfFight):
        events += _drag(state, Drag(actor, target, command.path, STANDARD, left_offered=False), dice)
    return events + reactions_to_attack(state, actor, (target,), events)


def _drag(state: GameState, drag: Drag, dice: Dice) -> list[Event]:
    """Move the grabber along the path with the grabbed creature beside it (§25.12). The grabber's
    steps provoke every enemy but the one it drags; the dragged creature provokes no one."""
    actor, target, path = drag.actor, drag.target, drag.path
    used = state.turn.opportunity_used
    side = state.space(actor)[1]
    for index, square in enumerate(path[:-1]):
        if not (drag.left_offered and index == 0):
            offered = [Offer(e, "opportunity", actor) for e in provokers(state, actor, (square, path[index + 1]), WALK)
                       if e != target and e not in used and _melee_basic(state, e) is not None]
            if offered:
                events = _dragged(state, drag, path[:index + 1])
                held = PausedAttack(replace(drag, path=path[index:], left_offered=True))
                return events + raise_offers(state, offered, held)
        reactions = entering_reach(state, actor, (square, side), (path[index + 1], side))
        if reactions and index + 1 < len(path) - 1:
            events = _dragged(state, drag, path[:index + 2])
            return events + raise_offers(state, reactions,
                                         PausedAttack(replace(drag, path=path[index + 1:], left_offered=False)))
    events = _dragged(state, drag, path)
    final = entering_reach(state, actor, (path[-2], side), (path[-1], side))
    return events + raise_offers(state, final, None)


def _dragged(state: GameState, drag: Drag, stretch: tuple[Square, ...]) -> list[Event]:
    if len(stretch) < 2:
        return []
    actor, target = drag.actor, drag.target
    rules = state.move_rules(actor, ignoring=target)
    costs = step_costs(rules, stretch)
    assert costs is not None  # checked
    carried = _dragged_path(state, actor, target, stretch)
    state.world.add(actor, Position(stretch[-1]))
    state.world.add(target, Position(carried[-1]))
    return [UnitMoved(actor, stretch, sum(costs), drag.slot, WALK, "4e §25.12"),
            UnitForced(actor, target, DRAGGED, carried, "4e §25.12")]


def _resume_drag(state: GameState, drag: Drag, dice: Dice) -> list[Event]:
    """After the offers: the drag goes on if the grabber is up, still holds the grab and still stands
    where it halted, and both can still go that way; otherwise it stops where it is."""
    actor, target = drag.actor, drag.target
    if _able(state, actor) is not None or not _grab_entries(state, target, actor):
        return []
    if state.square(actor) != drag.path[0] or not _adjacent(state, actor, target):
        return []
    if held_in_place(state, actor, WALK) is not None or _drag_problem(state, actor, target, drag.path) is not None:
        return []
    return _drag(state, drag, dice)


# Escape (§25.11) ------------------------------------------------------------------------------------------
def validate_escape(state: GameState, command: Escape) -> Rejected | None:
    actor = command.actor
    if (rejection := _starts(state, actor, MOVE, L_('escaping'))) is not None:
        return rejection
    if command.skill not in ESCAPE_SKILLS:
        return Rejected(L_('escape with {skills}, not {skill!r}', skills=' or '.join(ESCAPE_SKILLS), skill=command.skill), "4e §25.11")
    if not state.has_condition(actor, GRABBED):
        return Rejected(L_('{actor} is not grabbed', actor=named(state.name(actor))), "4e §25.11")
    if command.shift_to is not None:
        free = state.clone()
        free.remove_condition(actor, GRABBED)
        if (rejection := shift_rejection(free, actor, command.shift_to)) is not None:
            return Rejected(L_('after escaping: {reason}', reason=rejection.reason), rejection.rule)
    return None


def apply_escape(state: GameState, command: Escape, dice: Dice) -> list[Event]:
    """One check (d20 + the melee basic attack bonus) against each holder's Reflex (Acrobatics) or
    Fortitude (Athletics), its defense bonuses included; each grab it beats ends. Free of every grab,
    the creature may shift 1 square as part of the same move action."""
    actor = command.actor
    slot = spend_action(state, MOVE)
    melee = _melee_basic(state, actor)
    bonus = melee.bonus if melee is not None else 0
    defense = ESCAPE_SKILLS[command.skill]
    natural = dice.roll(CHECK_DIE)
    events: list[Event] = []
    for entry in state.conditions(actor).named(GRABBED):
        holder = entry.by
        if holder is None or holder not in state.creatures():
            value, mods, who = 10, 0, L_("the hold")
        else:
            value = state.stats(holder).defenses.value(defense)
            mods = sum(m.value for m in defense_modifiers(state.conditions(holder), actor) if m.rule != "4e §25.2")
            who = named(state.name(holder))
        total = natural + bonus + mods
        escaped = total >= value
        check = dict(skill=command.skill, natural=natural, bonus=bonus, mods=mods, total=total, who=who, defense=defense,
                     value=value)
        detail = L_("{skill} {natural}+{bonus}{mods:+d} = {total} vs {who}'s {defense} {value}: escaped", **check) \
            if escaped else L_("{skill} {natural}+{bonus}{mods:+d} = {total} vs {who}'s {defense} {value}: still grabbed", **check)
        events.append(ActionTaken(actor, "escape", detail, "4e §25.11"))
        if escaped:
            events += end_entries(state, actor, (entry,), "4e §25.11")
    if command.shift_to is not None and not state.has_condition(actor, GRABBED) and \
            shift_rejection(state, actor, command.shift_to) is None:
        events += go_on(state, actor, (state.square(actor), command.shift_to), slot, SHIFT, dice)
    return events


# Aid another (§25.2) --------------------------------------------------------------------------------------
def validate_aid_another(state: GameState, command: AidAnother) -> Rejected | None:
    actor, target, ally = command.actor, command.target, command.ally
    if (rejection := _starts(state, actor, STANDARD, L_('aid another'))) is not None:
        return rejection
    if command.boon not in AID_BOONS:
        return Rejected(L_('the aid is for an ally\'s "attack" or "defense", not {boon!r}', boon=command.boon), "4e §25.2")
    if (rejection := _enemy_problem(state, actor, target, "4e §25.2")) is not None:
        return rejection
    if ally not in state.standing() or ally == actor or state.are_enemies(actor, ally):
        return Rejected(L_('aid another helps an ally other than the aider'), "4e §25.2")
    plan = maneuver_plan(state, actor, target, AID, "ac", defense_value=AID_DEFENSE_VALUE)
    return plan if isinstance(plan, Rejected) else None


def apply_aid_another(state: GameState, command: AidAnother, dice: Dice) -> list[Event]:
    spend_action(state, STANDARD)
    paused = _declare(state, command.actor, command.target, command)
    return paused if paused is not None else _aid(state, command, dice)


def _aid(state: GameState, command: AidAnother, dice: Dice) -> list[Event]:
    """§25.2: a hit gives the ally +2 on its next attack against the target, or +2 to its defenses
    against the target's next attack, until the end of the aider's next turn."""
    actor, target, ally = command.actor, command.target, command.ally
    plan = _lost(state, actor, target) or \
        maneuver_plan(state, actor, target, AID, "ac", defense_value=AID_DEFENSE_VALUE)
    if isinstance(plan, Rejected):
        return [AttackLost(actor, AID, plan.reason, "4e §25.2")]
    events = resolve_attack(state, actor, target, plan, dice)
    if _hit(events) and ally in state.standing():
        boon = Condition(AID_BOONS[command.boon], END_OF_TURN, actor, AID, actor, against=target)
        events += lay(state, boon, ally, "4e §25.2")
    return events + reactions_to_attack(state, actor, (target,), events)


# Carrying on what was held back ---------------------------------------------------------------------------
def resume_maneuver(state: GameState, paused: PausedAttack, dice: Dice) -> list[Event]:
    """After the offers, a held-back maneuver goes on (react.carry_on sends every PAUSABLE here).

    A Charge whose path is longer than one square has just finished its move: its attack is declared
    now. A Charge held with a one-square path, a BullRush, Grab, MoveGrabbed or AidAnother waited for
    the target's interrupts: its roll comes now. A Drag waited for the opportunity attacks the
    grabber's move provoked. An attacker that dropped, or can no longer reach, loses the attack.
    """
    command = paused.command
    if isinstance(command, Charge):
        if len(command.path) > 1:
            return _charge_arrived(state, command, dice)
        return _charge_attack(state, command, dice)
    if isinstance(command, BullRush):
        return _bull_rush(state, command, dice)
    if isinstance(command, Grab):
        return _grab(state, command, dice)
    if isinstance(command, MoveGrabbed):
        return _move_grabbed(state, command, dice)
    if isinstance(command, AidAnother):
        return _aid(state, command, dice)
    if isinstance(command, Drag):
        return _resume_drag(state, command, dice)
    raise TypeError(f"not a maneuver: {command!r}")
