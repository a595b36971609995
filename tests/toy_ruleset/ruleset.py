"""The toy ruleset as the game plays it: this module satisfies game.engine.protocol.Ruleset."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.battlefield import Battlefield
from game.core.dice import Dice, SeededDice
from game.core.grid import Size, Square, chebyshev
from game.ecs.components import Appearance, Body, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.engine import codec
from game.engine.encounter import Budget
from game.engine.protocol import Presenter
from game.engine.refusal import Refusal
from game.engine.rosters import Preset, Roster
from game.engine.scenario import GEOMETRY, QueryRules, Scenario
from game.match import Match, place_roster
from game.state import GameState
from tests.toy_ruleset import rules
from tests.toy_ruleset.rules import COMMANDS, Pass, Strike, ToyRound, TurnBegan, Vigour, Walk

NAME = "toy"
TITLE = "Toy duel"
PLAYERS: tuple[str, ...] = ("ai",)
LEVELS: tuple[str, ...] = ("easy",)
DEFAULT_PRESETS: tuple[str, ...] = ("knight", "brute", "knight", "brute")     # blue, red, green, yellow
SURPRISE = False


@dataclass(frozen=True)
class Creature:
    """A toy creature's template."""

    display_name: str
    sprite: str
    hp: int
    body: Body = Body(Size.parse("medium"))

    @property
    def summary(self) -> str:
        return f"{self.hp} HP, walks {rules.SPEED}, strikes d20+{rules.ATTACK_BONUS} vs {rules.DEFENCE}"


CREATURES = {"knight": Creature("Knight", "fighter", 12), "brute": Creature("Brute", "ogre", 14)}


def load_creatures() -> Mapping[str, Any]:
    return CREATURES


def load_rosters(creatures: Any = None) -> list[Roster]:
    return [Roster("blue", "Knights", ("knight",)), Roster("red", "Brutes", ("brute",))]


def load_presets(creatures: Any = None) -> list[Preset]:
    return [Preset("knight", "A knight", ("knight",)), Preset("brute", "A brute", ("brute",))]


def encounter_budget(roster: tuple[str, ...], creatures: Mapping[str, Creature]) -> Budget:
    """A toy side's strength: its creatures' hit points."""
    points = sum(creatures[key].hp for key in roster)
    return Budget(points, f"{points} HP")


def new_match(bf: Battlefield, rosters: list[Roster], creatures: Any, seed: int,
              surprised: tuple[str, ...] | None = None) -> Match:
    """Each side's creatures on its start area; the turn order is the order they were placed in."""
    world = World()
    taken: set[Square] = set()
    for roster in rosters:
        def create(template: Creature, spot: Square, label: str, side: str = roster.side) -> Entity:
            return world.create(Name(label), Team(side), Position(spot), template.body, Conditions(),
                                Appearance(template.sprite), Vigour(template.hp, template.hp))
        place_roster(bf, roster, creatures, taken, create, rosters)
    order = tuple(e for e, _ in world.query(Body))
    world.set_resource(ToyRound(order, 0, 1))
    return Match(GameState(bf, world), SeededDice(seed), seed, ruleset=NAME, opening=[TurnBegan(order[0])])


def validate(state: GameState, command: Any) -> Refusal | None:
    return codec.shape_refusal(command, COMMANDS) or rules.validate(state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]:
    return codec.shape_refusal(command, COMMANDS) or rules.execute(state, command, dice)


def decider(state: GameState) -> Entity:
    return rules.round_of(state).current


def current_creature(state: GameState) -> Entity:
    return rules.round_of(state).current


def turn_started(events: Sequence[Any]) -> bool:
    return any(isinstance(e, TurnBegan) for e in events)


def round_number(state: GameState) -> int:
    return rules.round_of(state).number


def command_to_json(command: Any) -> dict[str, Any]:
    return codec.command_to_json(command, COMMANDS)


def command_from_json(data: Any) -> Any:
    return codec.command_from_json(data, COMMANDS)


class Walker:
    """The toy's computer player: strike an adjacent enemy, else walk next to the nearest one, else pass."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.last_label = ""

    def next_command(self, state: GameState) -> Any:
        actor = current_creature(state)
        turn = rules.round_of(state)
        here = state.square(actor)
        enemies = sorted(e for e in state.standing() if state.are_enemies(actor, e))
        near = [e for e in enemies if chebyshev(state.square(e), here) == 1]
        if near and not turn.struck:
            self.last_label = f"strikes {state.name(near[0])}"
            return Strike(actor, near[0])
        if enemies and not turn.walked and not near:
            def distance(square: Square) -> tuple[int, Square]:
                return min(chebyshev(square, state.square(e)) for e in enemies), square
            self.last_label = "walks up"
            return Walk(actor, min(rules.reachable(state, actor), key=distance))
        self.last_label = "passes"
        return Pass(actor)


def make_player(kind: str, side: str, difficulty: str, seed: int) -> Walker:
    if kind not in PLAYERS:
        raise ValueError(f"unknown player {kind!r} (choose {' or '.join(PLAYERS)})")
    return Walker(side)


def q_reach(s: Scenario, q: dict[str, Any]) -> Any:
    """The squares a unit may walk to (toy §1)."""
    return sorted([list(sq) for sq in rules.reachable(s.state, s.unit(q.get("unit"), "unit"))])


def query_answers() -> QueryRules:
    return QueryRules({**GEOMETRY, "reach": q_reach}, (), lambda name, speed: (Vigour(10, 10),))


def presenter() -> Presenter:
    from tests.toy_ruleset import presenter as module
    return module
