"""The round (§9.3-§9.4, R1-R8): side initiative, one action at a time, the hand-off to an attacked
creature, passing, the end of the round and the AP refresh."""

from __future__ import annotations

from typing import Any

from game.core.dice import Dice
from game.ecs.components import Outcome, OutOfFight
from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions
from game.rulesets.sotdl.commands import (
    AfflictionChanged,
    InitiativePassed,
    Rolled,
    RoundEnded,
    RoundStarted,
    SideInitiativeRolled,
    SkirmishWon,
)
from game.rulesets.sotdl.components import (
    ActionPoints,
    Initiative,
    PendingArea,
    PendingDefense,
    PendingFreeAttack,
    Sheet,
    SideLabels,
)
from game.rulesets.sotdl.rolls import D20Roll
from game.rulesets.sotdl.stats import modifier
from game.state import GameState

QUIET_ROUNDS = 3      # rounds in a row in which nobody can act end the skirmish as a draw


def round_of(state: GameState) -> Initiative:
    return state.world.resource(Initiative)


def side_label(state: GameState, side: str) -> str:
    """The side's roster label ("Wanderers"), or its key when the match was set up without labels."""
    labels = state.world.maybe_resource(SideLabels)
    return dict(labels.labels).get(side, side) if labels is not None else side


def creatures(state: GameState) -> list[Entity]:
    """The living creatures on the battlefield, in creation order."""
    return [e for e in state.standing() if state.world.has(e, Sheet)]


def ap(state: GameState, entity: Entity) -> ActionPoints:
    return state.world.maybe(entity, ActionPoints) or ActionPoints(0)


def fighting(state: GameState, entity: Entity) -> bool:
    """R8 (ruling): a creature still fights while alive and not incapacitated."""
    return not state.has_condition(entity, "incapacitated")


def may_take_initiative(state: GameState, entity: Entity) -> bool:
    """R3/R5: AP left, not passed, and able to act (or at least to escape a grab, A13)."""
    points = ap(state, entity)
    return points.left > 0 and not points.passed and afflictions.can_act(state.conditions(entity), escaping=True)


def roll_side_initiative(state: GameState, dice: Dice, sides: list[str]) -> tuple[tuple[str, ...], list[Any]]:
    """§16.4 (ruling): each side rolls d20 + the best Agility modifier among its creatures, highest
    first; ties keep the rosters' order (the players' side, blue, first)."""
    rolls: list[tuple[int, int, str]] = []
    events: list[Any] = []
    for index, side in enumerate(sides):
        best = max(modifier(state.world.get(e, Sheet).agility) for e in creatures(state) if state.side(e) == side)
        natural = dice.roll(20)
        events.append(SideInitiativeRolled(side, natural, best))
        rolls.append((-(natural + best), index, side))
    rolls.sort()
    return tuple(side for _, _, side in rolls), events


def refresh(state: GameState) -> None:
    """R1: every creature's AP back to its per-round value, less one while frightened (A11, §16.17)."""
    for entity in creatures(state):
        base = state.world.get(entity, Sheet).ap
        if state.has_condition(entity, "frightened"):
            base = max(0, base - 1)
        state.world.add(entity, ActionPoints(base))


def _first_side_from(state: GameState, order: tuple[str, ...], start: int) -> str | None:
    for step in range(len(order)):
        side = order[(start + step) % len(order)]
        if any(may_take_initiative(state, e) for e in creatures(state) if state.side(e) == side):
            return side
    return None


def next_side(state: GameState, after: str) -> list[Any]:
    """R4 step 5 (§16.12-13): the initiative goes to the next side after ``after`` with a creature that
    may act; when there is none the round ends (R5)."""
    current = round_of(state)
    start = current.order.index(after) + 1 if after in current.order else 0
    side = _first_side_from(state, current.order, start)
    if side is None:
        return end_round(state)
    state.world.set_resource(Initiative(current.number, current.order, side, None, "next_side"))
    return [InitiativePassed(side, None, "next_side")]


def hand_off(state: GameState, actor: Entity, attacked: Entity | None) -> list[Any]:
    """R4: after an attack the attacked creature takes the initiative if it may act (§16.12); otherwise,
    and after anything else, the next side."""
    if state.outcome is not None:
        return []
    if attacked is not None and not state.world.has(attacked, OutOfFight) and may_take_initiative(state, attacked):
        current = round_of(state)
        side = state.side(attacked)
        state.world.set_resource(Initiative(current.number, current.order, side, attacked, "attacked", actor))
        return [InitiativePassed(side, attacked, "attacked")]
    return next_side(state, state.side(actor))


def end_round(state: GameState) -> list[Any]:
    """R5-R7 then R1: the round ends; afflictions due expire, the players' sides first (R6); AP refresh;
    the next round starts with the first side in initiative order that may act."""
    current = round_of(state)
    events: list[Any] = [RoundEnded(current.number)]
    number = current.number
    for _quiet in range(QUIET_ROUNDS):
        heroes_first = sorted(creatures(state), key=lambda e: (not state.world.get(e, Sheet).hero,
                                                               current.order.index(state.side(e))
                                                               if state.side(e) in current.order else 0))
        for entity in heroes_first:
            kept, ended = afflictions.expiring(state.conditions(entity), number)
            if ended:
                state.world.add(entity, kept)
                events += [AfflictionChanged(entity, c.name, False) for c in ended if not kept.has(c.name)]
        refresh(state)
        number += 1
        events.append(RoundStarted(number))
        side = _first_side_from(state, current.order, 0)
        if side is not None:
            state.world.set_resource(Initiative(number, current.order, side, None, "round"))
            events.append(InitiativePassed(side, None, "round"))
            return events
        events.append(RoundEnded(number))
    state.world.set_resource(Outcome(""))
    state.world.set_resource(Initiative(number, current.order, current.order[0], None, "round"))
    return events


def check_victory(state: GameState) -> list[Any]:
    """R8: the skirmish ends when one side is left with creatures still fighting (ruling: the
    incapacitated are out of the fight)."""
    if state.outcome is not None:
        return []
    sides = list(dict.fromkeys(state.side(e) for e in creatures(state) if fighting(state, e)))
    if len(sides) > 1:
        return []
    winner = sides[0] if sides else ""
    state.world.set_resource(Outcome(winner))
    return [SkirmishWon(winner)] if winner else []


def decider(state: GameState) -> Entity:
    """The creature whose controller must answer now: a defender offered a defense, an enemy offered a
    free attack, the attacked creature holding the initiative, or the first creature of the side whose
    move it is that may act (any of them may: R2)."""
    offer = state.world.maybe_resource(PendingDefense)
    if offer is not None:
        return offer.target
    chance = state.world.maybe_resource(PendingFreeAttack)
    if chance is not None:
        return chance.attacker
    area = state.world.maybe_resource(PendingArea)
    if area is not None:
        return area.target
    return current_creature(state)


def current_creature(state: GameState) -> Entity:
    """Who holds the initiative: the attacked creature, or the side's first creature that may act."""
    current = round_of(state)
    if current.holder is not None:
        return current.holder
    mine = [e for e in creatures(state) if state.side(e) == current.side]
    able = [e for e in mine if may_take_initiative(state, e)]
    if able:
        return able[0]
    return mine[0] if mine else creatures(state)[0]


def roll_event(actor: Entity, what: str, roll: D20Roll) -> Any:
    return Rolled(actor, what, roll.natural, roll.modifier, roll.net, roll.d6s, roll.total, roll.target, roll.success)
