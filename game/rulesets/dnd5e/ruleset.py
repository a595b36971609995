"""The 5e-house ruleset as the game plays it: this module satisfies game.engine.protocol.Ruleset."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.battlefield import Battlefield
from game.core.dice import Dice, SeededDice
from game.core.grid import Square
from game.ecs.components import Appearance, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.engine import codec, encounter
from game.engine.protocol import Presenter
from game.engine.refusal import Refusal
from game.engine.scenario import QueryRules
from game.engine.rosters import Preset, Roster
from game.match import Match, SetupError, place_roster, rosters_in_play
from game.rulesets.dnd5e.i18n import N_
from game.rulesets.dnd5e import content, encounters, engine, spells
from game.rulesets.dnd5e.ai import LEVELS as AI_LEVELS
from game.rulesets.dnd5e.ai import Controller5e
from game.rulesets.dnd5e.commands import COMMANDS as COMMAND_CLASSES
from game.rulesets.dnd5e.commands import InitiativeRolled, TurnStarted
from game.rulesets.dnd5e.components import Ground, Potions, Round, Sheet
from game.rulesets.dnd5e.content import Creature5e
from game.rulesets.dnd5e.economy import Budget
from game.rulesets.dnd5e.engine import round_of, start_turn
from game.rulesets.dnd5e.initiative import roll_initiative
from game.rulesets.dnd5e.vitality import Vitals
from game.state import GameState

NAME = "5e-house"
TITLE = N_("5e house rules")
PLAYERS: tuple[str, ...] = ("ai",)
LEVELS: tuple[str, ...] = tuple(AI_LEVELS)
# The start menu: each side starts on its own roster from rosters.toml, and any side may take another's; the
# page has no surprise round.
DEFAULT_PRESETS: tuple[str, ...] = ("blue", "red", "green", "yellow")
SURPRISE = False
COMMANDS: tuple[type, ...] = COMMAND_CLASSES


def load_creatures() -> dict[str, Creature5e]:
    return content.load_creatures()


def load_rosters(creatures: dict[str, Creature5e] | None = None) -> list[Roster]:
    return content.load_rosters(creatures=creatures)


def validate(state: GameState, command: Any) -> Refusal | None:
    """The door's check (pure): the command's shape first, then the rules."""
    return codec.shape_refusal(command, COMMANDS) or engine.validate(state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]:
    """The door: a refusal (nothing changed), or the command's events and the upkeep after it."""
    return codec.shape_refusal(command, COMMANDS) or engine.execute(state, command, dice)


def decider(state: GameState) -> Entity:
    return engine.decider(state)


def command_to_json(command: Any) -> dict[str, Any]:
    return codec.command_to_json(command, COMMANDS)


def command_from_json(data: Any) -> Any:
    return codec.command_from_json(data, COMMANDS)


def query_answers() -> QueryRules:
    """The answers of `python -m game query` under these rules (contracts/query.md)."""
    from game.rulesets.dnd5e.query import ANSWERS
    return ANSWERS


def presenter() -> Presenter:
    from game.rulesets.dnd5e.presentation import adapter
    return adapter


def round_number(state: GameState) -> int:
    """The round under way (§2)."""
    return round_of(state).number


def load_presets(creatures: dict[str, Creature5e] | None = None) -> list[Preset]:
    """The start menu's presets: every side's roster and the named presets of rosters.toml, offered to any side."""
    return content.load_presets(creatures=creatures)


def encounter_budget(roster: tuple[str, ...], creatures: dict[str, Creature5e]) -> encounter.Budget:
    """A side's adjusted XP by challenge rating and the DMG's multiplier (dnd5e/encounters.py)."""
    return encounters.encounter_budget(roster, creatures)


def current_creature(state: GameState) -> Entity:
    """The creature whose turn it is (§1; the decider may be another, offered an opportunity attack)."""
    return round_of(state).current


def turn_started(events: Sequence[Any]) -> bool:
    """Whether these events began a creature's turn (§2; saves autosave then; a take-back stops there)."""
    return any(isinstance(e, TurnStarted) for e in events)


def _potions(template: Creature5e) -> Potions:
    carried = dict(template.potions)
    return Potions(healing=carried.get("healing", 0), heroism=carried.get("heroism", 0))


def add_creature(world: World, template: Creature5e, side: str, spot: Square, label: str) -> Entity:
    """A creature of the template on the battlefield at full hit points, its slots and potions full."""
    return world.create(
        Name(label), Team(side), Position(spot), template.body, Conditions(), Appearance(template.sprite),
        template.sheet, Vitals(template.max_hp, template.max_hp), Budget(template.sheet.speed_ft),
        spells.SpellSlots(template.slots), spells.Concentration(), _potions(template),
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


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, Creature5e], seed: int,
              surprised: tuple[str, ...] | None = None) -> Match:
    """Place every side the map has a start area for (2 to 4, rosters_in_play), roll initiative (§1: d20
    + Dex, highest first) and start the first turn. Each side is hostile to every other; the last side
    standing wins (engine._upkeep). The page has no surprise round: a map's surprised sides are not read,
    and asking for one is a SetupError."""
    if surprised:
        raise SetupError("the 5e house rules have no surprise round")
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
    if difficulty not in AI_LEVELS:
        raise ValueError(f"the 5e-house computer plays at {', '.join(AI_LEVELS)}, not {difficulty!r}")
    return Controller5e(side, difficulty, seed)
