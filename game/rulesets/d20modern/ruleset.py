"""The d20-modern ruleset as the game plays it: this module satisfies game.engine.protocol.Ruleset."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import codec, encounter
from game.engine.protocol import Presenter
from game.engine.refusal import Refusal
from game.engine.rosters import Preset, Roster, presets_of
from game.engine.scenario import QueryRules
from game.core.battlefield import Battlefield
from game.core.dice import Dice, SeededDice
from game.core.grid import Square
from game.ecs.components import Appearance, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.match import Match, place_roster, rosters_in_play
from game.rulesets.d20modern.i18n import N_
from game.rulesets.d20modern import budget, content, encounters, engine, initiative, injury
from game.rulesets.d20modern.ai import LEVELS as AI_LEVELS
from game.rulesets.d20modern.ai import ControllerD20
from game.rulesets.d20modern.commands import COMMANDS as COMMAND_CLASSES
from game.rulesets.d20modern.commands import InitiativeRolled, TurnStarted
from game.rulesets.d20modern.components import Reaction, Round, Sheet
from game.rulesets.d20modern.content import CreatureD20
from game.rulesets.d20modern.turns import Initiative, round_of, start_turn
from game.state import GameState

NAME = "d20-modern"
TITLE = N_("d20 Modern")
PLAYERS: tuple[str, ...] = ("ai",)
LEVELS: tuple[str, ...] = tuple(AI_LEVELS)
DEFAULT_PRESETS: tuple[str, ...] = ("blue", "red", "green", "yellow")
# SURP-01: a map that names sides caught unaware (or the menu's choice) gives the others a surprise round.
SURPRISE = True
COMMANDS: tuple[type, ...] = COMMAND_CLASSES


def load_creatures() -> dict[str, CreatureD20]:
    return content.load_creatures()


def load_rosters(creatures: dict[str, CreatureD20] | None = None) -> list[Roster]:
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
    """The answers of `python -m game query` under these rules (contracts/query.md, "d20-modern answers")."""
    from game.rulesets.d20modern.query import ANSWERS
    return ANSWERS


def presenter() -> Presenter:
    """What the one battle screen asks of these rules (presentation/adapter.py, its controls in controls.py)."""
    from game.rulesets.d20modern.presentation import adapter
    return adapter


def round_number(state: GameState) -> int:
    """The round under way (0: the surprise round)."""
    return round_of(state).number


def load_presets(creatures: dict[str, CreatureD20] | None = None) -> list[Preset]:
    """The start menu's presets: every side's roster, offered to any side."""
    return presets_of(content.load_rosters(creatures=creatures))


def encounter_budget(roster: tuple[str, ...], creatures: dict[str, CreatureD20]) -> encounter.Budget:
    """A side's points and encounter level from challenge ratings (d20modern/encounters.py)."""
    return encounters.encounter_budget(roster, creatures)


def current_creature(state: GameState) -> Entity:
    return round_of(state).current


def turn_started(events: Sequence[Any]) -> bool:
    return any(isinstance(e, TurnStarted) for e in events)


def add_creature(world: World, template: CreatureD20, side: str, spot: Square, label: str) -> Entity:
    """A creature of the template at full hit points, loaded, flat-footed until its first turn (INIT-05)."""
    return world.create(
        Name(label), Team(side), Position(spot), template.body, Conditions.of("flat_footed"),
        Appearance(template.sprite), template.sheet, injury.Vitals(template.max_hp, template.max_hp),
        budget.fresh(), template.ammo, template.carried, Reaction(False),
    )


def begin(state: GameState, dice: Dice, surprised: tuple[str, ...]) -> list[Any]:
    """INIT-01, INIT-02, SURP-01..02: everyone rolls initiative; when some sides are caught unaware and some
    are not, the aware act alone in a surprise round (round 0) with one action each."""
    world = state.world
    modifiers = [(e, s.mod("dex") + (initiative.IMPROVED_INITIATIVE if s.has("improved_initiative") else 0))
                 for e, s in world.query(Sheet)]
    entries = initiative.roll_initiative(dice, modifiers)
    order = tuple(x.creature for x in entries)
    world.set_resource(Initiative(order))
    aware = [state.side(e) not in surprised for e in order]
    if initiative.surprise_round(aware):
        world.set_resource(Round(0, tuple(e for e, ok in zip(order, aware) if ok), 0, surprise=True))
    else:
        world.set_resource(Round(1, order, 0))
    opening: list[Any] = [InitiativeRolled(x.creature, x.roll, x.modifier, x.tiebreak) for x in entries]
    return opening + start_turn(state, dice)


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, CreatureD20], seed: int,
              surprised: tuple[str, ...] | None = None) -> Match:
    """Place every side the map has a start area for (2 to 4), roll initiative and start the first turn; the
    ``surprised`` sides (by default those the map names) are caught unaware (SURP-01). Each side is hostile to
    every other; the last side standing wins (turns.upkeep)."""
    world = World()
    taken: set[Square] = set()
    playing = rosters_in_play(bf, rosters)
    for roster in playing:
        def create(template: CreatureD20, spot: Square, label: str, side: str = roster.side) -> Entity:
            return add_creature(world, template, side, spot, label)
        place_roster(bf, roster, creatures, taken, create, playing)
    state = GameState(bf, world)
    dice = SeededDice(seed)
    opening = begin(state, dice, tuple(bf.surprised) if surprised is None else tuple(surprised))
    return Match(state, dice, seed, ruleset=NAME, opening=opening)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> ControllerD20:
    """The computer player at ``difficulty`` (easy, normal or hard); ``seed`` seeds easy's random picks."""
    if kind not in PLAYERS:
        raise ValueError(f"d20-modern has only the {' or '.join(PLAYERS)} player, not {kind!r}")
    if difficulty not in LEVELS:
        raise ValueError(f"the d20-modern computer plays at {', '.join(LEVELS)}, not {difficulty!r}")
    return ControllerD20(side, difficulty, seed)
