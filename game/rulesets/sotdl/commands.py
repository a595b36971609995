"""The sotdl-house commands sent through the door, and the events it reports (past tense)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity


@dataclass(frozen=True)
class Move:
    """A Move action (M1, 1 AP): walk (crawl while prone, M5) along ``path``, its first square where the
    actor stands."""

    actor: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Withdraw:
    """Withdraw (M4, 1 AP): half speed, provoking no free attacks."""

    actor: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Attack:
    """Attack (§11.1, 1 AP) with the wielded weapon, or ``unarmed``."""

    actor: Entity
    target: Entity
    unarmed: bool = False


@dataclass(frozen=True)
class Charge:
    """Charge (§11.3.1, R18): walk up to Speed, then attack ``target``; 1 AP for the move and 1 for the
    attack (§16.19); every roll of it has a bane."""

    actor: Entity
    path: tuple[Square, ...]
    target: Entity


@dataclass(frozen=True)
class Shove:
    """Shove (§11.3.2, 1 AP): Strength against the target's Strength; pushed 1 + STR mod yards (M21)."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class Grab:
    """Grab (§11.4.2, special, 1 AP): an unarmed hit test with the size edges reversed."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class Escape:
    """Either side of a grab, or of a parry lock, tries to end it (§11.4.2, §12.2.2; 1 AP)."""

    actor: Entity


@dataclass(frozen=True)
class Hide:
    actor: Entity


@dataclass(frozen=True)
class Feint:
    """Feint (§11.3.4, 1 AP): Agility against the target's Perception, within 5 yards, the target seeing you."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class Disarm:
    """Disarm stunt (§11.4.1, special, 1 AP): a hit test; a hit knocks the weapon from the target's hand."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class StandUp:
    actor: Entity


@dataclass(frozen=True)
class DropProne:
    """Drop prone (M6): free, and it keeps the initiative."""

    actor: Entity


@dataclass(frozen=True)
class UseItem:
    """Use an item (§11.6, 1 AP): drink a healing potion, or give one to a creature within reach."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class PickUp:
    """Use an item (§11.6, 1 AP): pick up the actor's lost weapon from its square or one next to it."""

    actor: Entity


@dataclass(frozen=True)
class Throw:
    """Use an item (§11.6, 1 AP): throw a flask of alchemist's fire at ``at``, within 10 yards: an area
    attack on every creature in the 3x3 squares around it (rulings: one hit test, one damage roll, H4)."""

    actor: Entity
    at: Square


@dataclass(frozen=True)
class Pass:
    """§16.15: done acting this round; the AP left is kept for defenses."""

    actor: Entity


@dataclass(frozen=True)
class Defend:
    """The answer to an attack's hit (§11.1.3): a defense by name, or "none"; a long jump (§12.1) names its
    landing square ``to``."""

    actor: Entity
    defense: str
    to: Square | None = None


@dataclass(frozen=True)
class FreeAttack:
    """The answer to a free-attack chance (§16.5): take it (1 AP) or let the mover go."""

    actor: Entity
    take: bool


COMMANDS = (Move, Withdraw, Attack, Charge, Shove, Grab, Escape, Hide, Feint, Disarm, StandUp, DropProne,
            UseItem, PickUp, Throw, Pass, Defend, FreeAttack)


def command_to_json(command: object) -> dict[str, Any]:
    """{"type": "Move", "actor": 3, "path": [[1, 2], [2, 2]]}: every field, in order (saves, --record)."""
    if type(command) not in COMMANDS:
        raise TypeError(f"not a sotdl-house command: {command!r}")
    data: dict[str, Any] = {"type": type(command).__name__}
    for f in fields(command):  # type: ignore[arg-type]
        value = getattr(command, f.name)
        if isinstance(value, tuple) and value and isinstance(value[0], tuple):
            value = [list(v) for v in value]
        elif isinstance(value, tuple):
            value = list(value)
        data[f.name] = value
    return data


# Events ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideInitiativeRolled:
    """§16.4: a side's d20 plus its best Agility modifier."""

    side: str
    natural: int
    modifier: int


@dataclass(frozen=True)
class RoundStarted:
    number: int


@dataclass(frozen=True)
class RoundEnded:
    number: int


@dataclass(frozen=True)
class InitiativePassed:
    """The initiative went to ``side`` (and ``holder``, a creature that was attacked); ``reason``:
    "round", "attacked", "next_side" (R2, R4)."""

    side: str
    holder: Entity | None
    reason: str


@dataclass(frozen=True)
class ActionTaken:
    actor: Entity
    action: str
    ap_spent: int
    ap_left: int


@dataclass(frozen=True)
class Moved:
    actor: Entity
    path: tuple[Square, ...]
    yards: int


@dataclass(frozen=True)
class Rolled:
    """A d20 test (T1-T6): what for, the natural roll, the flat modifier, the net boons and their d6s,
    the total and its target."""

    actor: Entity
    what: str
    natural: int
    modifier: int
    net: int
    d6s: tuple[int, ...]
    total: int
    target: int
    success: bool


@dataclass(frozen=True)
class DefenseOffered:
    defender: Entity
    attacker: Entity
    hit: int


@dataclass(frozen=True)
class FreeAttackOffered:
    attacker: Entity
    mover: Entity


@dataclass(frozen=True)
class AttackResolved:
    """How an attack ended (§11.1.4): miss, dodged, blocked, parried, thrown, flipped, disarmed,
    absorbed (by armor) or penetrates."""

    attacker: Entity
    target: Entity
    outcome: str
    defense: str


@dataclass(frozen=True)
class Damaged:
    target: Entity
    amount: int
    dice: tuple[int, ...]
    total: int
    injured: bool
    incapacitated: bool
    dead: bool
    instant: bool


@dataclass(frozen=True)
class ItemDamaged:
    """Damage to an item's durability (R13-R14); ``broken`` at 0 durability."""

    owner: Entity
    item: str
    amount: int
    left: int
    broken: bool


@dataclass(frozen=True)
class AfflictionChanged:
    target: Entity
    name: str
    added: bool
    until_round: int = 0


@dataclass(frozen=True)
class Pushed:
    target: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Fell:
    actor: Entity
    yards: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Healed:
    target: Entity
    amount: int
    total: int


@dataclass(frozen=True)
class WeaponDropped:
    owner: Entity
    at: Square


@dataclass(frozen=True)
class WeaponRecovered:
    owner: Entity


@dataclass(frozen=True)
class ApLost:
    """A feint (R19) or fear (A11) took AP."""

    target: Entity
    amount: int
    left: int


@dataclass(frozen=True)
class SkirmishWon:
    side: str
