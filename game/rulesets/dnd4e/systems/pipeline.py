"""The fixed order in which systems follow a command: grabs that can no longer hold, victory, then turn order."""

from __future__ import annotations

from typing import Callable

from game.rulesets.dnd4e.actions.events import Event
from game.rulesets.dnd4e.actions.maneuvers import grab_upkeep
from game.core.dice import Dice
from game.state import GameState
from game.rulesets.dnd4e.systems.turns import turn_system
from game.rulesets.dnd4e.systems.victory import victory_system

System = Callable[[GameState, list[Event], Dice], list[Event]]


def _grabs(state: GameState, events: list[Event], dice: Dice) -> list[Event]:
    return grab_upkeep(state)


def _victory(state: GameState, events: list[Event], dice: Dice) -> list[Event]:
    return victory_system(state, events)


SYSTEMS: tuple[System, ...] = (_grabs, _victory, turn_system)


def run_systems(state: GameState, events: list[Event], dice: Dice) -> list[Event]:
    """Run every system once, each seeing the command's events and those of the systems before it."""
    produced: list[Event] = []
    for system in SYSTEMS:
        produced.extend(system(state, events + produced, dice))
    return produced
