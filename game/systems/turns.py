"""Turn order: roll initiative once, then hand each standing creature its turn in order (§2.2, §4)."""

from __future__ import annotations

from game.actions.events import ConditionEnded, Event, InitiativeRolled, RoundStarted, TurnEnded, TurnStarted
from game.core.dice import Dice
from game.ecs.components import END_OF_TURN, START_OF_TURN, ActionBudget, Conditions, OutOfFight, TurnState
from game.ecs.world import Entity
from game.rulesets.dnd4e.initiative import roll_initiative
from game.state import GameState


def begin_skirmish(state: GameState, dice: Dice) -> list[Event]:
    """Roll initiative for every creature (§2.1 step 3) and start round 1."""
    entrants = [(e, state.stats(e).initiative_bonus) for e in state.creatures()]
    rolls = roll_initiative(entrants, dice)
    events: list[Event] = [InitiativeRolled(r.entity, r.natural, r.bonus, r.tiebreak) for r in rolls]
    order = tuple(r.entity for r in rolls)
    state.world.set_resource(TurnState(1, order, len(order) - 1))
    events.append(RoundStarted(1))
    return events + _advance(state, new_round_ok=False)


def turn_system(state: GameState, events: list[Event]) -> list[Event]:
    if state.outcome is not None:
        return []
    ended = [e for e in events if isinstance(e, TurnEnded)]
    if ended or state.world.has(state.turn.current, OutOfFight):
        expired = [x for e in ended for x in _expire(state, END_OF_TURN, e.entity)]
        return expired + _advance(state)
    return []


def _expire(state: GameState, until: str, owner: Entity) -> list[Event]:
    """§11.1: effects lasting until the start or end of ``owner``'s next turn end now, on every creature."""
    events: list[Event] = []
    for entity, conditions in state.world.query(Conditions):
        kept, ended = conditions.expiring(until, owner)
        if ended:
            state.world.add(entity, kept)
            events.extend(ConditionEnded(entity, name, "4e §11.1") for name in ended)
    return events


def _advance(state: GameState, new_round_ok: bool = True) -> list[Event]:
    """Give the turn to the next standing creature, wrapping into a new round."""
    turn = state.turn
    events: list[Event] = []
    index, round_number = turn.index, turn.round
    for _ in range(len(turn.order)):
        index += 1
        if index >= len(turn.order):
            index = 0
            if new_round_ok:
                round_number += 1
                events.append(RoundStarted(round_number))
            new_round_ok = True
        entity = turn.order[index]
        if not state.world.has(entity, OutOfFight):
            state.world.set_resource(TurnState(round_number, turn.order, index, ActionBudget()))
            events.append(TurnStarted(entity, round_number))
            return events + _expire(state, START_OF_TURN, entity)
    return events
