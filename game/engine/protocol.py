"""The Ruleset protocol: everything the screens, saves, simulator, query tool and network speak to.

A ruleset is one folder, ``game/rulesets/<name>/``, whose ``ruleset`` module satisfies ``Ruleset`` (mypy checks
each registered module against it: ``game/rulesets/__init__.py``), and whose ``presentation`` adapter satisfies
``Presenter``. Nothing outside the folder imports anything else from it; rulesets know nothing of each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.controls import Controls, Screen
from game.engine.encounter import Budget
from game.engine.cues import Cue
from game.engine.refusal import Refusal
from game.engine.rosters import Preset, Roster
from game.state import GameState

if TYPE_CHECKING:       # game.match asks the registry, which imports this module; the scenario reads maps
    from game.engine.scenario import QueryRules
    from game.match import Match


class Template(Protocol):
    """A creature of a ruleset's content, as the menus and the placing of rosters see it."""

    @property
    def display_name(self) -> str: ...

    @property
    def sprite(self) -> str: ...

    @property
    def summary(self) -> str: ...


class Player(Protocol):
    """A computer player: the next command for the creature its side must act or answer with."""

    def next_command(self, state: GameState) -> Any: ...


class Presenter(Protocol):
    """What the one battle screen asks a ruleset (pure: no pygame): whose decision it is, the round, the turn
    order, hit points, badges, what the animations show of its events, what of the world it draws, the sides
    a map puts in play, and the ``controls`` that say what a pick, click or key means now and what to show
    (the bar with its reasons, the hover forecast, the card, the prompt, the lit squares, the log lines:
    game.engine.controls.Controls)."""

    def controls(self, screen: Screen) -> Controls: ...

    def drawn_types(self) -> tuple[tuple[type, ...], tuple[type, ...]]: ...

    def rosters_in_play(self, bf: Battlefield, rosters: list[Roster]) -> list[Roster]: ...

    def decider(self, state: GameState) -> Entity: ...

    def round_number(self, state: GameState) -> int: ...

    def round_label(self, state: GameState) -> str: ...

    def turn_order(self, state: GameState) -> tuple[tuple[Entity, ...], int]: ...

    def hit_points(self, state: GameState, entity: Entity) -> tuple[int, int, int]: ...

    def badges(self, state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]: ...

    def delayed(self, state: GameState, entity: Entity) -> bool: ...

    def animation_cues(self, events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]: ...


class Ruleset(Protocol):
    """One game system: its content, its matches, its door, its turn structure, its computer player and the
    JSON form of its commands. ``validate`` is pure (no dice, no mutation); ``execute`` returns a refusal or
    the events; a command of the wrong shape is refused by both, never raised on."""

    NAME: str                              # the name saves, records and --ruleset use: "4e", "5e-house"
    TITLE: str                             # the menus' words: "D&D 4e"
    PLAYERS: tuple[str, ...]               # the kinds of computer player: "ai", "scripted"
    LEVELS: tuple[str, ...]                # the computer's levels: "easy", "normal", "hard"
    DEFAULT_PRESETS: tuple[str, ...]       # the preset each side starts on in the menu, in side order
    SURPRISE: bool                         # whether the menu offers a surprise round
    COMMANDS: tuple[type, ...]             # every command class the door takes

    def load_creatures(self) -> dict[str, Any]: ...

    def load_rosters(self, creatures: Any = None) -> list[Roster]: ...

    def load_presets(self, creatures: Any = None) -> list[Preset]: ...

    def encounter_budget(self, roster: tuple[str, ...], creatures: Any) -> Budget: ...   # a side's strength (docs/rulings.md)

    def new_match(self, bf: Battlefield, rosters: list[Roster], creatures: Any, seed: int,
                  surprised: tuple[str, ...] | None = None) -> Match: ...

    def validate(self, state: GameState, command: Any) -> Refusal | None: ...

    def execute(self, state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]: ...

    def decider(self, state: GameState) -> Entity: ...

    def current_creature(self, state: GameState) -> Entity: ...

    def turn_started(self, events: Sequence[Any]) -> bool: ...

    def round_number(self, state: GameState) -> int: ...

    def command_to_json(self, command: Any) -> dict[str, Any]: ...

    def command_from_json(self, data: Any) -> Any: ...

    def make_player(self, kind: str, side: str, difficulty: str, seed: int) -> Player: ...

    def query_answers(self) -> QueryRules: ...

    def presenter(self) -> Presenter | None: ...   # None: no battle screen yet (it plays headless)
