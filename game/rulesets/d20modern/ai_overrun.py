"""The computer and the overrun (§10.8): the target's answer (avoid or block) and when an overrun pays for a fighter."""

from __future__ import annotations

from typing import Iterator

from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.d20modern import measure, overrun, threat
from game.rulesets.d20modern.commands import Overrun, OverrunAnswer
from game.rulesets.d20modern.engine import budget_of, validate
from game.rulesets.d20modern.situation import adjacent, allies, can_act, enemies, feet_rules, melee_weapon, speed_ft, watchers
from game.rulesets.d20modern.turns import pending, round_of
from game.state import GameState

KNOCK_DOWN_PERCENT = 60   # a trip this likely to fell the target is worth the attack action when allies strike next
GET_PAST_PERCENT = 50     # an overrun to get past a creature: as likely to go through as to be stopped


def answer(state: GameState, me: Entity) -> OverrunAnswer:
    """OVR-02: block when the block is likely to stop the attacker (its trip more likely to fail than succeed),
    else stand aside rather than be knocked prone for nothing."""
    offer = pending(state)
    assert offer is not None and isinstance(offer.resume, Overrun)       # asked only while an overrun waits
    c = offer.resume
    return OverrunAnswer(me, overrun.trip_percent(state, c.actor, me, c.charge) < 50)


def overruns(state: GameState, me: Entity) -> Iterator[Overrun]:
    """The overruns that pay, best first: one that likely knocks a foe prone while an ally next to it strikes before
    the foe's next turn; or one that gets past a foe to another the fighter could not reach this turn by walking.
    Only walks that provoke nobody but the overrun's target (its walk in provokes it, unavoidably)."""
    if not budget_of(state, me).untouched:
        return
    foes = [e for e in enemies(state, me) if can_act(state, e)]
    knock_downs: list[tuple[int, int, Overrun]] = []
    get_pasts: list[tuple[int, int, Overrun]] = []
    for foe in foes:
        if overrun.trip_percent(state, me, foe, True) < GET_PAST_PERCENT:
            continue                 # even charging (+2) the trip is unlikely: no overrun through this foe pays
        # a charge only when the walk is too long for the move action: it leaves the fighter at -2 Defense
        c = next((c for c in (Overrun(me, foe, overrun.path_through(state, me, foe), charge) for charge in (False, True))
                  if validate(state, c) is None), None)
        if c is not None and _quiet(state, c):
            chance = overrun.trip_percent(state, me, foe, c.charge)
            if chance >= KNOCK_DOWN_PERCENT and _strikers_before(state, me, foe):
                knock_downs.append((-chance, foe, c))
            elif chance >= GET_PAST_PERCENT and _only_way_to(state, me, c, foes):
                get_pasts.append((-chance, foe, c))
    for _chance, _foe, c in sorted(knock_downs, key=lambda t: t[:2]) + sorted(get_pasts, key=lambda t: t[:2]):
        yield c


def _quiet(state: GameState, c: Overrun) -> bool:
    """The walk in provokes nobody but the target, and the walk on past it nobody at all (the target is asked once)."""
    passed = tuple(overrun.provoked(state, c))
    if any(e != c.target for e in passed):
        return False
    entry = overrun.entry_index(state, c)
    assert entry is not None                     # the door accepted it
    return not threat.provocations(c.path[entry:], state.space(c.actor)[1], watchers(state, c.actor, passed))


def _strikers_before(state: GameState, me: Entity, foe: Entity) -> bool:
    """An able ally with a melee weapon next to ``foe`` whose turn comes after this one and before the foe's next:
    it strikes the prone foe at +4 (prone: -4 Defense against melee)."""
    order = round_of(state).order
    start = order.index(me)
    between: list[Entity] = []
    for step in range(1, len(order)):
        e = order[(start + step) % len(order)]
        if e == foe:
            break
        between.append(e)
    return any(a in between and can_act(state, a) and melee_weapon(state, a) is not None and adjacent(state, a, foe)
               for a in allies(state, me))


def _only_way_to(state: GameState, me: Entity, c: Overrun, foes: list[Entity]) -> bool:
    """The overrun ends next to another foe that no walk of this turn (a double move) could bring it next to."""
    side = state.space(me)[1]
    beyond = [f for f in foes if f != c.target and _next_to((c.path[-1], side), state.space(f))]
    if not beyond:
        return False
    found = feet_rules(state, me).search(2 * speed_ft(state, me))
    return not any(_next_to((square, side), state.space(f)) for f in beyond
                   for square in found.reachable(2 * speed_ft(state, me)) if square in found.endable)


def _next_to(a: tuple[Square, int], b: tuple[Square, int]) -> bool:
    return measure.gap_squares(a, b) in ((1, 0), (0, 1), (1, 1))
