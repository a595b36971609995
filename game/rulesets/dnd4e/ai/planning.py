"""The planner's shared pieces: the levels, plans, stations, foes, and the decision state every section of ``Planner`` reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.grid import Square
from game.ecs.components import Position, Power, Stats
from game.ecs.world import Entity
from game.rulesets.dnd4e.actions.commands import Command
from game.rulesets.dnd4e.ai.said import Said
from game.ecs.components import TurnState
from game.state import GameState

USE_COST = {"at-will": 0.0, "encounter": 1.5, "daily": 3.0}    # a limited power is worth keeping for later
HAZARD = 2.0                      # standing on a hazard square (the map marks it dangerous)


@dataclass(frozen=True)
class Style:
    """What a difficulty level changes."""

    name: str
    noise: int              # largest nudge either way on each plan's score (0: none)
    mind_opportunity: bool  # count opportunity attacks and look for paths that provoke none
    danger: float           # weight of the damage the square it ends on invites
    cover_checks: int       # squares whose real cover against the most dangerous enemy archers is worked out
    archers: int            # ... against how many of them
    exact: int              # attacks worked out exactly per decision, at most
    ally_harm: float        # weight of harm to allies caught in an area
    kill: float             # weight of dropping a target
    action_points: bool
    smart_push: bool        # place pushes over ledges and into hazards
    heals: bool             # healing powers, potions and second wind when bloodied


STYLES = {
    "easy": Style("easy", 3, False, 0.0, 0, 0, 4, 0.3, 0.4, False, False, False),
    "normal": Style("normal", 0, True, 0.35, 4, 1, 4, 1.5, 1.0, True, True, True),
    "hard": Style("hard", 0, True, 0.25, 10, 2, 16, 2.0, 2.0, True, True, True),
}
DIFFICULTIES = tuple(STYLES)


@dataclass(frozen=True)
class Plan:
    score: float
    command: Command
    label: Said


class Station(NamedTuple):
    """A square the creature could stand on for its standard action, and how it gets there (a named tuple:
    a decision makes one for every square it can reach, and a tuple is the cheapest object to make)."""

    square: Square
    command: Command | None       # None: stay put, or a walk whose path is not worked out yet
    provoked: float               # expected damage of opportunity attacks on the way; -1: not worked out
    extra: float = 0.0            # other costs (a limited teleport power)


@dataclass(frozen=True)
class Foe:
    """An enemy as the planner sees it."""

    entity: Entity
    space: tuple[Square, int]
    melee: float                  # its damage per round against us, melee (close powers count here)
    reach: int
    ranged: float                 # ... at range
    far: int                      # its range (long range included)
    speed: int
    active: bool                  # can act on its next turn
    grants: bool                  # grants combat advantage to everyone (§9 conditions)


class PlannerParts(Protocol):
    """What the sections of ``Planner`` (positions.py, attacks.py, support.py) read of the decision's shared state
    (set in ``Planner.__init__``) and of each other."""

    live: GameState
    state: GameState
    me: Entity
    style: Style
    nudges: Dice | None
    side: str
    home: Square
    size: int
    bf: Battlefield
    standing: list[Entity]
    allies: list[Entity]
    stats: Stats
    hp_fraction: float
    turn: TurnState
    foes: list[Foe]
    foe_of: dict[Entity, Foe]
    powers: list[Power]
    dpr: float
    prefers_range: bool
    engage: int
    danger_weight: float
    approach_weight: float
    _approach_scale: float
    _hazards: bool
    _ledges: bool

    def _at(self, square: Square) -> _Standing: ...
    def hurt(self, square: Square, exact: bool = False) -> float: ...
    def position(self, square: Square) -> float: ...
    def landing(self, square: Square) -> Square: ...
    def refined(self, square: Square) -> float: ...
    def threatened(self) -> set[Square]: ...
    def settle(self, station: Station, budget: int) -> Station | None: ...
    def _attack_powers(self) -> list[tuple[Power, int]]: ...
    def _rough(self, power: Power, target: Entity, bonus: int) -> float: ...
    def best_attacks(self, stations: list[tuple[Station, float]], budget: int, keep: int = 3) -> list[tuple[float, Station, Plan]]: ...


class _Standing:
    """Stand the planning creature on ``square`` of the planner's copy for the ``with`` block."""

    def __init__(self, planner: PlannerParts, square: Square) -> None:
        self.planner = planner
        self.square = square
        self.was: Position | None = None

    def __enter__(self) -> None:
        world = self.planner.state.world
        self.was = world.get(self.planner.me, Position)
        if self.square != self.was.square:
            world.add(self.planner.me, Position(self.square))

    def __exit__(self, *exc: object) -> None:
        assert self.was is not None
        self.planner.state.world.add(self.planner.me, self.was)
