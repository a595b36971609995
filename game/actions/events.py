"""Events: past-tense facts the door reports; the log, animations and replays are built from them."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import Modifier


@dataclass(frozen=True)
class InitiativeRolled:
    entity: Entity
    natural: int
    bonus: int
    tiebreak: int
    rule: str = "4e §2.2"


@dataclass(frozen=True)
class RoundStarted:
    round: int


@dataclass(frozen=True)
class TurnStarted:
    entity: Entity
    round: int


@dataclass(frozen=True)
class UnitMoved:
    entity: Entity
    path: tuple[Square, ...]
    cost: int
    slot: str                  # "move", "standard" (spent as a move, §3.4) or "double move" (§19)
    rule: str = "4e §17, §25.24"


@dataclass(frozen=True)
class AttackRolled:
    attacker: Entity
    target: Entity
    attack: str
    natural: int
    bonus: int
    modifiers: tuple[Modifier, ...]
    total: int
    defense: str
    defense_value: int
    hit: bool
    critical: bool
    opportunity: bool = False   # an opportunity attack provoked by the target's move (§25.13)
    rule: str = "4e §7-§8, §25.3"


@dataclass(frozen=True)
class DamageDealt:
    target: Entity
    amount: int
    faces: tuple[int, ...]
    critical: bool
    hp_after: int
    rule: str = "4e §8.3"


@dataclass(frozen=True)
class UnitBloodied:
    entity: Entity
    rule: str = "4e §26.1"


@dataclass(frozen=True)
class UnitDowned:
    entity: Entity
    rule: str = "4e §26.1"


@dataclass(frozen=True)
class TurnEnded:
    entity: Entity


@dataclass(frozen=True)
class SkirmishWon:
    side: str


Event = (
    InitiativeRolled | RoundStarted | TurnStarted | UnitMoved | AttackRolled | DamageDealt
    | UnitBloodied | UnitDowned | TurnEnded | SkirmishWon
)
