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
    round: int                 # 0 is the surprise round (§2.3)


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
    """Damage that landed: ``amount`` after halving, resistance and vulnerability (``notes``), of which
    ``temp_absorbed`` came off temporary hit points (§8.3-§8.5, §26.5)."""

    target: Entity
    amount: int
    faces: tuple[int, ...]
    critical: bool
    hp_after: int
    damage_type: str = ""
    temp_absorbed: int = 0
    notes: tuple[str, ...] = ()
    cause: str = "attack"      # "attack", "ongoing", "fall"
    knockout: bool = False     # the attacker chose to knock the creature out, not kill it (§27)
    deadly: bool = False       # a coup de grace dealing at least the bloodied value kills outright (§25.6)
    rule: str = "4e §8.3"


@dataclass(frozen=True)
class Healed:
    entity: Entity
    amount: int
    hp_after: int
    surge_spent: bool
    source: str
    rule: str = "4e §26"


@dataclass(frozen=True)
class TemporaryHitPoints:
    entity: Entity
    amount: int
    source: str
    rule: str = "4e §26.5"


@dataclass(frozen=True)
class UnitBloodied:
    entity: Entity
    rule: str = "4e §26.1"


@dataclass(frozen=True)
class UnitDying:
    """A hero at 0 hit points or below: unconscious and dying (§27)."""

    entity: Entity
    rule: str = "4e §27"


@dataclass(frozen=True)
class UnitKnockedOut:
    """Dropped to 0 by an attacker who chose not to kill: unconscious, not dying (§27)."""

    entity: Entity
    rule: str = "4e §27"


@dataclass(frozen=True)
class UnitDied:
    entity: Entity
    rule: str = "4e §27"


@dataclass(frozen=True)
class UnitRevived:
    """Healing brought a dying or knocked-out creature above 0: conscious again, still prone (§27)."""

    entity: Entity
    rule: str = "4e §27"


@dataclass(frozen=True)
class DeathSave:
    entity: Entity
    natural: int
    result: str                # "failure", "no change" or "surge"
    failures: int
    rule: str = "4e §27"


@dataclass(frozen=True)
class Offered:
    """The skirmish waits for ``by``'s controller to take or let pass something: an opportunity attack
    (§25.13), an interrupt or reaction (§3.3), a readied action (§25.16), a return from delay (§25.9)."""

    by: Entity
    kind: str
    against: Entity | None
    power: str = ""
    rule: str = "4e §3.2-§3.3"


@dataclass(frozen=True)
class OfferDeclined:
    by: Entity
    kind: str
    against: Entity | None


@dataclass(frozen=True)
class AttackLost:
    """An attack its interrupt made impossible, or whose attacker dropped first, is lost (§3.2-§3.3)."""

    attacker: Entity
    attack: str
    reason: str
    rule: str = "4e §3.3"


@dataclass(frozen=True)
class PowerUsed:
    """A power that takes effect without an attack roll (a heal, a stance, a zone)."""

    actor: Entity
    power: str
    action: str
    targets: tuple[Entity, ...] = ()
    rule: str = "4e §25.23"


@dataclass(frozen=True)
class ActionTaken:
    """One of the §25 actions that is neither a move nor an attack: second wind, total defense, aid,
    a potion, an action point, sustaining, readying, delaying, escaping."""

    actor: Entity
    action: str
    detail: str = ""
    rule: str = "4e §25"


@dataclass(frozen=True)
class ZoneCreated:
    owner: Entity
    source: str
    squares: tuple[Square, ...]
    rule: str = "4e §11.1"


@dataclass(frozen=True)
class ZoneEnded:
    owner: Entity
    source: str
    rule: str = "4e §11.1"


@dataclass(frozen=True)
class InitiativeChanged:
    """Delay or a readied action moved a creature in the initiative order (§25.9, §25.16)."""

    entity: Entity
    order: tuple[Entity, ...]
    rule: str = "4e §25.9, §25.16"


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
    until: str = ""            # "", "start_of_turn", "end_of_turn", "save_ends", "sustain" or "encounter"
    rule: str = "4e §9"
    source: str = ""
    amount: int = 0
    damage_type: str = ""


@dataclass(frozen=True)
class ConditionEnded:
    entity: Entity
    condition: str
    rule: str = "4e §9"


@dataclass(frozen=True)
class TurnEnded:
    entity: Entity
    reason: str = ""           # why the turn ended by itself, e.g. "stunned" (§9)


@dataclass(frozen=True)
class SkirmishWon:
    side: str


Event = (
    InitiativeRolled | RoundStarted | TurnStarted | UnitMoved | AttackRolled | DamageDealt | Healed
    | TemporaryHitPoints | UnitBloodied | UnitDying | UnitKnockedOut | UnitDied | UnitRevived | DeathSave
    | Offered | OfferDeclined | AttackLost | PowerUsed | ActionTaken | ZoneCreated | ZoneEnded
    | InitiativeChanged | AreaPlaced | ForcedMovementEarned | UnitForced | SavingThrow | UnitFell
    | UnitTeleported | ConditionGained | ConditionEnded | TurnEnded | SkirmishWon
)
