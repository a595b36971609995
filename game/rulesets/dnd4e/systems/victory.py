"""The skirmish ends when one side has no one conscious left (dead, dying or knocked out, §27); the other wins."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.events import Event, SkirmishWon
from game.ecs.components import Outcome
from game.state import GameState


def victory_system(state: GameState, events: list[Event]) -> list[Event]:
    if state.outcome is not None:
        return []
    sides_standing = sorted({state.side(e) for e in state.standing() if state.conscious(e)})
    if len(sides_standing) > 1:
        return []
    winner = sides_standing[0] if sides_standing else ""
    state.world.set_resource(Outcome(winner))
    return [SkirmishWon(winner)]
