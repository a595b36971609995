"""The fixed order in which systems follow a command: health, then victory, then turn order."""

from __future__ import annotations

from typing import Callable

from game.actions.events import Event
from game.state import GameState
from game.systems.health import health_system
from game.systems.turns import turn_system
from game.systems.victory import victory_system

System = Callable[[GameState, list[Event]], list[Event]]

SYSTEMS: tuple[System, ...] = (health_system, victory_system, turn_system)


def run_systems(state: GameState, events: list[Event]) -> list[Event]:
    """Run every system once, each seeing the command's events and those of the systems before it."""
    produced: list[Event] = []
    for system in SYSTEMS:
        produced.extend(system(state, events + produced))
    return produced
