"""The 4e ruleset as the game plays it, under the names every ruleset module offers (game.rulesets)."""

from __future__ import annotations

from typing import Any

from game.actions.common import decider
from game.actions.door import execute, validate
from game.actions.events import TurnStarted
from game.ai.controller import Controller
from game.ai.record import command_to_json
from game.ai.scripted import ScriptedController
from game.content.roster import load_creatures, load_presets, load_rosters
from game.ecs.world import Entity
from game.match import new_match
from game.state import GameState

NAME = "4e"
PLAYERS = ("ai", "scripted")
# The start menu: the presets its four sides start on (rosters.toml [presets]), and whether it offers the
# surprise round (4e §2.3).
DEFAULT_PRESETS = ("adventurers", "ogres_warband", "goblin_raiders", "kobold_lair")
SURPRISE = True

__all__ = ["NAME", "PLAYERS", "command_to_json", "current_creature", "decider", "execute", "load_creatures",
           "load_rosters", "make_player", "new_match", "round_number", "turn_started", "validate"]


def round_number(state: GameState) -> int:
    """The round under way (0: the surprise round)."""
    return state.turn.round


def current_creature(state: GameState) -> Entity:
    """The creature whose turn it is (the decider may be another, answering an offer)."""
    return state.turn.current


def turn_started(events: list[Any]) -> bool:
    """Whether these events began a creature's turn (saves autosave then; a take-back stops there)."""
    return any(isinstance(e, TurnStarted) for e in events)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> Controller | ScriptedController:
    """The computer opponent at ``difficulty``, or the plain scripted one that walks up and attacks."""
    if kind == "ai":
        return Controller(side, difficulty, seed)
    if kind == "scripted":
        return ScriptedController(side, seed)
    raise ValueError(f"unknown player {kind!r} (choose {' or '.join(PLAYERS)})")
