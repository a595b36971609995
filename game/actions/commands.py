"""Command objects built by players and computer opponents alike, and the rejection value."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity


@dataclass(frozen=True)
class Move:
    """Move along ``path`` (the first square is where the actor stands) with a move action:
    ``mode`` walk (§25.24), run (§25.17), shift (§25.20), crawl (§25.7) or squeeze (§25.21)."""

    actor: Entity
    path: tuple[Square, ...]
    mode: str = "walk"


@dataclass(frozen=True)
class Attack:
    """A melee or ranged attack (§5.2-§5.3) with the named attack against one target."""

    actor: Entity
    target: Entity
    attack: str


@dataclass(frozen=True)
class AreaAttack:
    """A close or area attack (§5.4-§5.5): ``origin`` is the blast's top-left square, the area
    burst's centre square, or the actor's own square for a close burst."""

    actor: Entity
    attack: str
    origin: Square


@dataclass(frozen=True)
class Teleport:
    """Use a teleport power to appear at ``destination`` (top-left square of the new space, §23)."""

    actor: Entity
    power: str
    destination: Square


@dataclass(frozen=True)
class ForceMove:
    """Place the pending push, pull or slide: ``path`` starts where the target stands (§22)."""

    actor: Entity
    target: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Opportunity:
    """The provoked creature takes (``take``) or lets pass its opportunity attack (§25.13)."""

    actor: Entity
    take: bool


@dataclass(frozen=True)
class StandUp:
    """Stand up from prone: a move action (§25.19)."""

    actor: Entity


@dataclass(frozen=True)
class DropProne:
    """Drop prone: a minor action (§25.8)."""

    actor: Entity


@dataclass(frozen=True)
class EndSqueeze:
    """Stop squeezing and take up the full space again: a free action (§25.21)."""

    actor: Entity


@dataclass(frozen=True)
class EndTurn:
    actor: Entity


Command = (
    Move | Attack | AreaAttack | Teleport | ForceMove | Opportunity | StandUp | DropProne | EndSqueeze | EndTurn
)


@dataclass(frozen=True)
class Rejected:
    """Why a command cannot be carried out; nothing changed."""

    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason
