"""The 4e screen adapter: whose decision, the round, the turn order, hit points and badges, for the shared drawing."""

from __future__ import annotations

from game.actions.common import decider
from game.ecs.components import Health
from game.ecs.world import Entity
from game.state import GameState
from game.ui.hud import badge_labels

__all__ = ["badges", "decider", "delayed", "hit_points", "round_label", "round_number", "turn_order"]


def round_number(state: GameState) -> int:
    return state.turn.round


def round_label(state: GameState) -> str:
    """The banner's words: "Surprise round" or "Round N" (4e §2.3)."""
    return "Surprise round" if state.turn.surprise else f"Round {state.turn.round}"


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """The initiative order and the index of the creature whose turn it is."""
    return tuple(state.turn.order), state.turn.index


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    """(hit points, maximum, temporary)."""
    health = state.world.get(entity, Health)
    return health.hp, state.stats(entity).max_hp, health.temp


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    return badge_labels(state, entity)


def delayed(state: GameState, entity: Entity) -> bool:
    """Delaying (4e §25.9): the tracker drops its entry a little."""
    return entity in state.turn.delayed
