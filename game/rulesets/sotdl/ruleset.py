"""The sotdl-house ruleset as the game plays it: content, a new match, the door and the computer player.

``game.rulesets.RULESETS`` names this module; ``Match``, ``simulate`` and the tests reach the ruleset
through the same few names every ruleset module offers (docs/rulesets.md).
"""

from __future__ import annotations

from typing import Any

from game.content.roster import Preset, Roster
from game.core.battlefield import Battlefield
from game.core.dice import SeededDice
from game.core.grid import Square
from game.ecs.components import Appearance, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.match import Match, place_roster, rosters_in_play
from game.rulesets.sotdl import content
from game.rulesets.sotdl.ai import LEVELS, ControllerSotdl, ScriptedSotdl
from game.rulesets.sotdl.commands import InitiativePassed, RoundStarted, command_to_json
from game.rulesets.sotdl.components import ActionPoints, Gear, Initiative
from game.rulesets.sotdl.content import CreatureSotdl, load_creatures, load_rosters
from game.rulesets.sotdl.engine import execute, validate
from game.rulesets.sotdl.rounds import (
    current_creature,
    decider,
    refresh,
    roll_side_initiative,
    round_of,
)
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState

NAME = "sotdl-house"
PLAYERS = ("ai", "scripted")
DEFAULT_PRESETS = ("blue", "red", "green", "yellow")
SURPRISE = False          # §9.2: an ambush is the Hide stunt, not a surprise round

__all__ = ["NAME", "PLAYERS", "DEFAULT_PRESETS", "SURPRISE", "command_to_json", "current_creature", "decider",
           "execute", "load_creatures", "load_presets", "load_rosters", "make_player", "new_match", "round_number",
           "turn_started", "validate"]


def round_number(state: GameState) -> int:
    return round_of(state).number


def load_presets(creatures: dict[str, CreatureSotdl] | None = None) -> list[Preset]:
    return content.load_presets(creatures=creatures)


def turn_started(events: list[Any]) -> bool:
    """Whether these events handed the initiative on (autosaves happen then; a take-back stops there)."""
    return any(isinstance(e, (InitiativePassed, RoundStarted)) for e in events)


def add_creature(world: World, template: CreatureSotdl, side: str, spot: Square, label: str) -> Entity:
    """A creature of the template, unhurt, its gear whole and its potions in the pouch."""
    sheet = template.sheet
    return world.create(Name(label), Team(side), Position(spot), template.body, Conditions(),
                        Appearance(template.sprite), sheet, Vitals(0, sheet.health), ActionPoints(sheet.ap),
                        Gear(potions=sheet.potions, bombs=sheet.bombs))


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, CreatureSotdl], seed: int) -> Match:
    """Place every side the map has a start area for (2 to 4), roll side initiative (§16.4) and start round 1."""
    world = World()
    taken: set[Square] = set()
    playing = rosters_in_play(bf, rosters)
    for roster in playing:
        place_roster(bf, roster, creatures, taken,
                     lambda template, spot, label, side=roster.side: add_creature(world, template, side, spot, label),
                     playing)
    state = GameState(bf, world)
    dice = SeededDice(seed)
    order, opening = roll_side_initiative(state, dice, [r.side for r in playing])
    refresh(state)
    world.set_resource(Initiative(1, order, order[0], None, "round"))
    opening += [RoundStarted(1), InitiativePassed(order[0], None, "round")]
    return Match(state, dice, seed, ruleset=NAME, opening=opening)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> Any:
    """The computer player at ``difficulty`` (easy, normal, hard), or the scripted opponent."""
    if kind not in PLAYERS:
        raise ValueError(f"sotdl-house has the {' and '.join(PLAYERS)} players, not {kind!r}")
    if kind == "scripted":
        return ScriptedSotdl(side)
    if difficulty not in LEVELS:
        raise ValueError(f"the sotdl-house computer plays at {', '.join(LEVELS)}, not {difficulty!r}")
    return ControllerSotdl(side, difficulty, seed)
