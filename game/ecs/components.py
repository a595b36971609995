"""Plain-data components of creatures and the one-of-a-kind resources of a match."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.dice import DiceExpr
from game.core.grid import Size, Square
from game.ecs.world import Entity


@dataclass(frozen=True)
class Name:
    text: str


@dataclass(frozen=True)
class Team:
    """The side a creature fights for; creatures of one side are allies."""

    side: str


@dataclass(frozen=True)
class Position:
    """Top-left square of the creature's space."""

    square: Square


@dataclass(frozen=True)
class Body:
    size: Size = Size.MEDIUM
    flying: bool = False


@dataclass(frozen=True)
class Defenses:
    ac: int
    fortitude: int
    reflex: int
    will: int

    def value(self, defense: str) -> int:
        return {"ac": self.ac, "fortitude": self.fortitude, "reflex": self.reflex, "will": self.will}[defense]


@dataclass(frozen=True)
class Stats:
    """What a creature is, fixed for the skirmish."""

    kind: str                 # roster key, e.g. "fighter"
    level: int
    max_hp: int
    defenses: Defenses
    speed: int                # squares (§17.1)
    initiative_bonus: int     # ½ level + Dex + other bonuses (§2.2)

    @property
    def bloodied_value(self) -> int:
        """§26.1: half maximum hit points, rounded down."""
        return self.max_hp // 2


@dataclass(frozen=True)
class Health:
    hp: int


@dataclass(frozen=True)
class AttackProfile:
    """One basic attack a creature can make (§25.3)."""

    name: str
    kind: str                 # "melee" or "ranged"
    reach: int                # melee reach or ranged normal range, in squares
    long_range: int           # ranged weapons: long range in squares; 0 = no long range
    bonus: int                # attack bonus
    defense: str              # "ac", "fortitude", "reflex" or "will"
    damage: DiceExpr
    weapon: bool = True


@dataclass(frozen=True)
class Arsenal:
    attacks: tuple[AttackProfile, ...]

    def of_kind(self, kind: str) -> AttackProfile | None:
        return next((a for a in self.attacks if a.kind == kind), None)


@dataclass(frozen=True)
class Conditions:
    names: tuple[str, ...] = ()

    def has(self, name: str) -> bool:
        return name in self.names


@dataclass(frozen=True)
class Appearance:
    sprite: str


@dataclass(frozen=True)
class OutOfFight:
    """At 0 hit points a creature is out of the fight (dying arrives with the full combat rules)."""


@dataclass(frozen=True)
class ActionBudget:
    """The standard, move and minor actions still unspent this turn (§3.1, §3.4)."""

    standard: bool = True
    move: bool = True
    minor: bool = True


@dataclass(frozen=True)
class TurnState:
    """Where the skirmish is: the round, the initiative order and whose turn it is."""

    round: int
    order: tuple[Entity, ...]
    index: int
    actions: ActionBudget = field(default_factory=ActionBudget)
    opportunity_used: tuple[Entity, ...] = ()   # creatures that made their one OA this turn (§25.13)

    @property
    def current(self) -> Entity:
        return self.order[self.index]


@dataclass(frozen=True)
class Outcome:
    """Set when the skirmish has ended: the winning side, or "" for a draw."""

    winner: str
