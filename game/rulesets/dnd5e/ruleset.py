"""The 5e-house ruleset as the game plays it: content, a new match, the door and the computer player.

``game.rulesets.RULESETS`` names this module; ``Match``, ``simulate`` and the tests reach the ruleset
through the same few names every ruleset module offers.
"""

from __future__ import annotations

from typing import Any

from game.content.roster import Preset, Roster
from game.core.battlefield import Battlefield
from game.core.dice import Dice, SeededDice
from game.core.grid import Square
from game.ecs.components import Appearance, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.match import Match, place_roster, rosters_in_play
from game.rulesets.dnd5e import spells
from game.rulesets.dnd5e.ai import LEVELS, Controller5e
from game.rulesets.dnd5e.commands import InitiativeRolled, TurnStarted, command_to_json
from game.rulesets.dnd5e.components import Ground, Potions, Round, Sheet
from game.rulesets.dnd5e.content import Creature5e, load_creatures, load_rosters
from game.rulesets.dnd5e.economy import Budget
from game.rulesets.dnd5e.engine import decider, execute, round_of, start_turn, validate
from game.rulesets.dnd5e.initiative import roll_initiative
from game.rulesets.dnd5e.vitality import Vitals
from game.state import GameState

NAME = "5e-house"
PLAYERS = ("ai",)
# The start menu: each side starts on its own roster from rosters.toml, and any side may take another's; the
# page has no surprise round.
DEFAULT_PRESETS = ("blue", "red", "green", "yellow")
SURPRISE = False

__all__ = ["NAME", "PLAYERS", "command_to_json", "current_creature", "decider", "execute", "load_creatures",
           "load_rosters", "make_player", "new_match", "rosters_in_play", "round_number", "turn_started", "validate"]


def round_number(state: GameState) -> int:
    """The round under way (§2)."""
    return round_of(state).number


def load_presets(creatures: dict[str, Creature5e] | None = None) -> list[Preset]:
    """The start menu's presets: every side's roster (game/content/5e/rosters.toml), offered to any side."""
    return [Preset(r.side, r.label, r.creatures) for r in load_rosters(creatures=creatures)]


def current_creature(state: GameState) -> Entity:
    """The creature whose turn it is (§1; the decider may be another, offered an opportunity attack)."""
    return round_of(state).current


def turn_started(events: list[Any]) -> bool:
    """Whether these events began a creature's turn (§2; saves autosave then; a take-back stops there)."""
    return any(isinstance(e, TurnStarted) for e in events)


def add_creature(world: World, template: Creature5e, side: str, spot: Square, label: str) -> Entity:
    """A creature of the template on the battlefield at full hit points, its slots and potions full."""
    return world.create(
        Name(label), Team(side), Position(spot), template.body, Conditions(), Appearance(template.sprite),
        template.sheet, Vitals(template.max_hp, template.max_hp), Budget(template.sheet.speed_ft),
        spells.SpellSlots(template.slots), spells.Concentration(), Potions(**dict(template.potions)),
    )


def _place(bf: Battlefield, world: World, roster: Roster, creatures: dict[str, Creature5e], taken: set[Square],
           rosters: list[Roster]) -> None:
    place_roster(bf, roster, creatures, taken, lambda template, spot, label: add_creature(world, template, roster.side, spot, label),
                 rosters)


def begin(state: GameState, dice: Dice) -> list[Any]:
    """§1: everyone rolls initiative (d20 + Dex, highest first); the first turn starts."""
    world = state.world
    entries = roll_initiative(dice, [(e, sheet.mod("dex")) for e, sheet in world.query(Sheet)])
    opening: list[Any] = [InitiativeRolled(x.creature, x.total - x.dex_mod, x.dex_mod, x.tiebreak) for x in entries]
    world.set_resource(Ground(state.battlefield))
    world.set_resource(Round(1, tuple(x.creature for x in entries), 0))
    return opening + start_turn(state, dice)


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, Creature5e], seed: int) -> Match:
    """Place every side the map has a start area for (2 to 4, rosters_in_play), roll initiative (§1: d20
    + Dex, highest first) and start the first turn. Each side is hostile to every other; the last side
    standing wins (engine._upkeep)."""
    world = World()
    taken: set[Square] = set()
    playing = rosters_in_play(bf, rosters)
    for roster in playing:
        _place(bf, world, roster, creatures, taken, playing)
    state = GameState(bf, world)
    dice = SeededDice(seed)
    opening = begin(state, dice)
    return Match(state, dice, seed, ruleset=NAME, opening=opening)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> Controller5e:
    """The computer player at ``difficulty`` (easy, normal or hard); ``seed`` seeds easy's random picks."""
    if kind not in PLAYERS:
        raise ValueError(f"5e-house has only the {' or '.join(PLAYERS)} player, not {kind!r}")
    if difficulty not in LEVELS:
        raise ValueError(f"the 5e-house computer plays at {', '.join(LEVELS)}, not {difficulty!r}")
    return Controller5e(side, difficulty, seed)
