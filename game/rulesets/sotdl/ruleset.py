"""The sotdl-house ruleset as the game plays it: this module satisfies game.engine.protocol.Ruleset."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.battlefield import Battlefield
from game.core.dice import Dice, SeededDice
from game.core.grid import Square
from game.ecs.components import Appearance, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.engine import codec, encounter
from game.engine.protocol import Presenter
from game.engine.refusal import Refusal
from game.engine.rosters import Preset, Roster
from game.engine.scenario import QueryRules
from game.match import Match, SetupError, place_roster, rosters_in_play
from game.rulesets.sotdl.i18n import N_
from game.rulesets.sotdl import content, encounters, engine
from game.rulesets.sotdl.ai import LEVELS as AI_LEVELS
from game.rulesets.sotdl.ai import ControllerSotdl, ScriptedSotdl
from game.rulesets.sotdl.commands import COMMANDS as COMMAND_CLASSES
from game.rulesets.sotdl.commands import InitiativePassed, RoundStarted
from game.rulesets.sotdl.components import ActionPoints, Gear, Initiative, SideLabels
from game.rulesets.sotdl.content import CreatureSotdl
from game.rulesets.sotdl.rounds import current_creature as _current
from game.rulesets.sotdl.rounds import decider as _decider
from game.rulesets.sotdl.rounds import refresh, roll_side_initiative, round_of
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState

NAME = "sotdl-house"
TITLE = N_("Shadow of the Demon Lord (house rules)")
PLAYERS: tuple[str, ...] = ("ai", "scripted")
LEVELS: tuple[str, ...] = tuple(AI_LEVELS)
DEFAULT_PRESETS: tuple[str, ...] = ("blue", "red", "green", "yellow")
SURPRISE = False          # §9.2: an ambush is the Hide stunt, not a surprise round
COMMANDS: tuple[type, ...] = COMMAND_CLASSES
TAKE_BACK_HAND_OFFS = True   # R4: every action hands the initiative on; a walk is still taken back until answered


def load_creatures() -> dict[str, CreatureSotdl]:
    return content.load_creatures()


def load_rosters(creatures: dict[str, CreatureSotdl] | None = None) -> list[Roster]:
    return content.load_rosters(creatures=creatures)


def validate(state: GameState, command: Any) -> Refusal | None:
    """The door's check (pure): the command's shape first, then the rules."""
    return codec.shape_refusal(command, COMMANDS) or engine.validate(state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]:
    """The door: a refusal (nothing changed), or the command's events and the upkeep after it."""
    return codec.shape_refusal(command, COMMANDS) or engine.execute(state, command, dice)


def decider(state: GameState) -> Entity:
    return _decider(state)


def current_creature(state: GameState) -> Entity:
    return _current(state)


def command_to_json(command: Any) -> dict[str, Any]:
    return codec.command_to_json(command, COMMANDS)


def command_from_json(data: Any) -> Any:
    return codec.command_from_json(data, COMMANDS)


def query_answers() -> QueryRules:
    """The answers of `python -m game query` under these rules (contracts/query.md, sotdl-house)."""
    from game.rulesets.sotdl.query import ANSWERS
    return ANSWERS


def presenter() -> Presenter | None:
    """The battle screen's adapter: the bar, the defense prompt, the banner, the card, the log (presentation/)."""
    from game.rulesets.sotdl.presentation import adapter
    return adapter


def round_number(state: GameState) -> int:
    return round_of(state).number


def load_presets(creatures: dict[str, CreatureSotdl] | None = None) -> list[Preset]:
    return content.load_presets(creatures=creatures)


def encounter_budget(roster: tuple[str, ...], creatures: dict[str, CreatureSotdl]) -> encounter.Budget:
    """A side's total Difficulty (sotdl/encounters.py)."""
    return encounters.encounter_budget(roster, creatures)


def turn_started(events: Sequence[Any]) -> bool:
    """Whether these events handed the initiative on (autosaves happen then; a take-back stops there)."""
    return any(isinstance(e, (InitiativePassed, RoundStarted)) for e in events)


def add_creature(world: World, template: CreatureSotdl, side: str, spot: Square, label: str) -> Entity:
    """A creature of the template, unhurt, its gear whole and its potions in the pouch."""
    sheet = template.sheet
    return world.create(Name(label), Team(side), Position(spot), template.body, Conditions(),
                        Appearance(template.sprite), sheet, Vitals(0, sheet.health), ActionPoints(sheet.ap),
                        Gear(potions=sheet.potions, bombs=sheet.bombs))


def _placer(world: World, side: str) -> Callable[[Any, Square, str], object]:
    """What place_roster calls for each creature of ``side``."""
    def create(template: Any, spot: Square, label: str) -> object:
        return add_creature(world, template, side, spot, label)
    return create


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, CreatureSotdl], seed: int,
              surprised: tuple[str, ...] | None = None) -> Match:
    """Place every side the map has a start area for (2 to 4), roll side initiative (§16.4) and start round 1.
    The page has no surprise round (an ambush is hiding, §9.2): asking for one is a SetupError."""
    if surprised:
        raise SetupError("the sotdl house rules have no surprise round: an ambush is the Hide stunt (§9.2)")
    world = World()
    taken: set[Square] = set()
    playing = rosters_in_play(bf, rosters)
    for roster in playing:
        place_roster(bf, roster, creatures, taken, _placer(world, roster.side), playing)
    state = GameState(bf, world)
    dice = SeededDice(seed)
    order, opening = roll_side_initiative(state, dice, [r.side for r in playing])
    refresh(state)
    world.set_resource(Initiative(1, order, order[0], None, "round"))
    world.set_resource(SideLabels(tuple((r.side, r.label) for r in playing)))
    opening += [RoundStarted(1), InitiativePassed(order[0], None, "round")]
    return Match(state, dice, seed, ruleset=NAME, opening=opening)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> Any:
    """The computer player at ``difficulty`` (easy, normal, hard), or the scripted opponent."""
    if kind not in PLAYERS:
        raise ValueError(f"sotdl-house has the {' and '.join(PLAYERS)} players, not {kind!r}")
    if kind == "scripted":
        return ScriptedSotdl(side)
    if difficulty not in AI_LEVELS:
        raise ValueError(f"the sotdl-house computer plays at {', '.join(AI_LEVELS)}, not {difficulty!r}")
    return ControllerSotdl(side, difficulty, seed)
