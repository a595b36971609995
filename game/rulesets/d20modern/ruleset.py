"""The d20-modern ruleset as the game plays it: content, a new match, the door and the computer player.

``game.rulesets.RULESETS`` names this module; ``Match``, ``simulate`` and the tests reach the ruleset
through the same few names every ruleset module offers (docs/rulesets.md).
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
from game.rulesets.d20modern import budget, initiative, injury
from game.rulesets.d20modern.ai import LEVELS, ControllerD20
from game.rulesets.d20modern.commands import InitiativeRolled, TurnStarted, command_to_json
from game.rulesets.d20modern.components import Reaction, Round, Sheet
from game.rulesets.d20modern.content import CreatureD20, load_creatures, load_rosters
from game.rulesets.d20modern.engine import decider, execute, validate
from game.rulesets.d20modern.turns import Initiative, round_of, start_turn
from game.state import GameState

NAME = "d20-modern"
PLAYERS = ("ai",)
DEFAULT_PRESETS = ("blue", "red", "green", "yellow")
# SURP-01: a map that names sides caught unaware gives the others a surprise round (Battlefield.surprised).
SURPRISE = True

__all__ = ["NAME", "PLAYERS", "command_to_json", "current_creature", "decider", "execute", "load_creatures",
           "load_rosters", "make_player", "new_match", "rosters_in_play", "round_number", "turn_started", "validate"]


def round_number(state: GameState) -> int:
    """The round under way (0: the surprise round)."""
    return round_of(state).number


def load_presets(creatures: dict[str, CreatureD20] | None = None) -> list[Preset]:
    """The start menu's presets: every side's roster, offered to any side."""
    return [Preset(r.side, r.label, r.creatures) for r in load_rosters(creatures=creatures)]


def current_creature(state: GameState) -> Entity:
    return round_of(state).current


def turn_started(events: list[Any]) -> bool:
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


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, CreatureD20], seed: int) -> Match:
    """Place every side the map has a start area for (2 to 4), roll initiative and start the first turn.
    Each side is hostile to every other; the last side standing wins (engine.upkeep)."""
    world = World()
    taken: set[Square] = set()
    playing = rosters_in_play(bf, rosters)
    for roster in playing:
        place_roster(bf, roster, creatures, taken,
                     lambda template, spot, label, side=roster.side: add_creature(world, template, side, spot, label),
                     playing)
    state = GameState(bf, world)
    dice = SeededDice(seed)
    opening = begin(state, dice, tuple(bf.surprised))
    return Match(state, dice, seed, ruleset=NAME, opening=opening)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> ControllerD20:
    """The computer player at ``difficulty`` (easy, normal or hard); ``seed`` seeds easy's random picks."""
    if kind not in PLAYERS:
        raise ValueError(f"d20-modern has only the {' or '.join(PLAYERS)} player, not {kind!r}")
    if difficulty not in LEVELS:
        raise ValueError(f"the d20-modern computer plays at {', '.join(LEVELS)}, not {difficulty!r}")
    return ControllerD20(side, difficulty, seed)
