"""Turn order: roll initiative once, then hand each standing creature its turn in order (§2.2, §4)."""

from __future__ import annotations

from game.actions.events import Event, InitiativeRolled, RoundStarted, TurnEnded, TurnStarted
from game.core.dice import Dice
from game.ecs.components import ActionBudget, OutOfFight, TurnState
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
    if any(isinstance(e, TurnEnded) for e in events) or state.world.has(state.turn.current, OutOfFight):
        return _advance(state)
    return []


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
            return events
    return events
