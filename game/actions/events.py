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
    mode: str = "walk"         # walk, run, shift, crawl or squeeze (§25)
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
class OpportunityOffered:
    """A move provoked ``attacker``; its controller chooses whether to attack (§25.13)."""

    attacker: Entity
    mover: Entity
    square: Square
    rule: str = "4e §25.13"


@dataclass(frozen=True)
class OpportunityDeclined:
    attacker: Entity
    mover: Entity


@dataclass(frozen=True)
class AreaPlaced:
    """A close or area attack's area: the squares it reaches and the creatures caught in it (§5.4-§5.6)."""

    attacker: Entity
    attack: str
    squares: tuple[Square, ...]
    caught: tuple[Entity, ...]
    rule: str = "4e §5.4-§5.6"


@dataclass(frozen=True)
class ForcedMovementEarned:
    """A hit lets ``by`` push, pull or slide ``target`` up to ``squares``; it picks the squares next."""

    by: Entity
    target: Entity
    kind: str
    squares: int
    rule: str = "4e §22"


@dataclass(frozen=True)
class UnitForced:
    """``target`` was pushed, pulled, slid or swapped along ``path`` (§22); no opportunity attacks."""

    by: Entity
    target: Entity
    kind: str
    path: tuple[Square, ...]
    rule: str = "4e §22"


@dataclass(frozen=True)
class SavingThrow:
    entity: Entity
    natural: int
    success: bool
    reason: str
    rule: str = "4e §11.3"


@dataclass(frozen=True)
class UnitFell:
    entity: Entity
    height_ft: int
    dice: str                  # e.g. "2d10", "" when the fall is too short to hurt
    faces: tuple[int, ...]
    flat: int
    rule: str = "4e §20"


@dataclass(frozen=True)
class UnitTeleported:
    entity: Entity
    frm: Square
    to: Square
    cause: str                 # the power's name, or "portal"
    rule: str = "4e §23"


@dataclass(frozen=True)
class ConditionGained:
    entity: Entity
    condition: str
    until: str = ""            # "", "start_of_turn" or "end_of_turn" of the creature's next turn
    rule: str = "4e §9"


@dataclass(frozen=True)
class ConditionEnded:
    entity: Entity
    condition: str
    rule: str = "4e §9"


@dataclass(frozen=True)
class TurnEnded:
    entity: Entity


@dataclass(frozen=True)
class SkirmishWon:
    side: str


Event = (
    InitiativeRolled | RoundStarted | TurnStarted | UnitMoved | AttackRolled | DamageDealt
    | UnitBloodied | UnitDowned | OpportunityOffered | OpportunityDeclined | AreaPlaced
    | ForcedMovementEarned | UnitForced | SavingThrow | UnitFell | UnitTeleported
    | ConditionGained | ConditionEnded | TurnEnded | SkirmishWon
)
