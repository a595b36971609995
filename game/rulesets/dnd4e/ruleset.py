"""The 4e ruleset as the game plays it: this module satisfies game.engine.protocol.Ruleset."""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.ecs.world import Entity
from game.engine import codec
from game.engine.encounter import Budget
from game.engine.protocol import Presenter
from game.engine.refusal import Refusal
from game.engine.scenario import QueryRules
from game.engine.rosters import Preset, Roster
from game.match import Match
from game.rulesets.dnd4e.i18n import N_
from game.rulesets.dnd4e import content, encounters
from game.rulesets.dnd4e.actions import common, door
from game.rulesets.dnd4e.actions.commands import Command
from game.rulesets.dnd4e.actions.events import TurnStarted
from game.rulesets.dnd4e.ai.controller import Controller
from game.rulesets.dnd4e.ai.scripted import ScriptedController
from game.rulesets.dnd4e.ai.tactics import DIFFICULTIES
from game.rulesets.dnd4e.content import CreatureTemplate
from game.rulesets.dnd4e.setup import new_match as _new_match
from game.state import GameState

NAME = "4e"
TITLE = N_("D&D 4e")
PLAYERS: tuple[str, ...] = ("ai", "scripted")
LEVELS: tuple[str, ...] = DIFFICULTIES
# The start menu: the presets its four sides start on (rosters.toml [presets]), and whether it offers the
# surprise round (4e §2.3). Red faces the Goblin raiders: the Ogre's warband (800 XP too) won 37 of 50 games
# on the default map and 17 of 20 on the tower. Green and yellow play only on the four-side maps: with the Marsh
# beasts as green Four Banners is fair (29 / 24 / 26 / 21 of 100); the Restless dead won 30 of 40 there and the
# Kobold lair 5 of 40 (issue 21, docs/balance.md).
DEFAULT_PRESETS: tuple[str, ...] = ("adventurers", "goblin_raiders", "marsh_beasts", "ogres_warband")
SURPRISE = True
COMMANDS: tuple[type, ...] = typing.get_args(Command)


def load_creatures() -> dict[str, CreatureTemplate]:
    return content.load_creatures()


def load_rosters(creatures: dict[str, CreatureTemplate] | None = None) -> list[Roster]:
    return content.load_rosters(creatures=creatures)


def load_presets(creatures: dict[str, CreatureTemplate] | None = None) -> list[Preset]:
    return content.load_presets(creatures=creatures)


def encounter_budget(roster: tuple[str, ...], creatures: dict[str, CreatureTemplate]) -> Budget:
    """A side's XP by the DMG's monster levels and ranks (dnd4e/encounters.py)."""
    return encounters.encounter_budget(roster, creatures)


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, CreatureTemplate], seed: int,
              surprised: tuple[str, ...] | None = None) -> Match:
    return _new_match(bf, rosters, creatures, seed, surprised)


def validate(state: GameState, command: Any) -> Refusal | None:
    """The door's check (pure): the command's shape first, then the rules."""
    return codec.shape_refusal(command, COMMANDS) or door.validate(state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]:
    """The door: a refusal (nothing changed), or the events of the command and of the systems after it."""
    return codec.shape_refusal(command, COMMANDS) or door.execute(state, command, dice)


def decider(state: GameState) -> Entity:
    return common.decider(state)


def round_number(state: GameState) -> int:
    """The round under way (0: the surprise round)."""
    return state.turn.round


def current_creature(state: GameState) -> Entity:
    """The creature whose turn it is (the decider may be another, answering an offer)."""
    return state.turn.current


def turn_started(events: Sequence[Any]) -> bool:
    """Whether these events began a creature's turn (saves autosave then; a take-back stops there)."""
    return any(isinstance(e, TurnStarted) for e in events)


def command_to_json(command: Any) -> dict[str, Any]:
    return codec.command_to_json(command, COMMANDS)


def command_from_json(data: Any) -> Any:
    return codec.command_from_json(data, COMMANDS)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> Controller | ScriptedController:
    """The computer opponent at ``difficulty``, or the plain scripted one that walks up and attacks."""
    if kind == "ai":
        return Controller(side, difficulty, seed)
    if kind == "scripted":
        return ScriptedController(side, seed)
    raise ValueError(f"unknown player {kind!r} (choose {' or '.join(PLAYERS)})")


def query_answers() -> QueryRules:
    """The answers of `python -m game query` under these rules (contracts/query.md)."""
    from game.rulesets.dnd4e.query import ANSWERS
    return ANSWERS


def presenter() -> Presenter:
    from game.rulesets.dnd4e.presentation import adapter
    return adapter
