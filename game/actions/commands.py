"""Command objects built by players and computer opponents alike, and the rejection value."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity


@dataclass(frozen=True)
class Move:
    """Walk along ``path`` (the first square is where the actor stands) with a move action (§25.24)."""

    actor: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Attack:
    """Make a basic attack (§25.3) with the named attack profile against one target."""

    actor: Entity
    target: Entity
    attack: str


@dataclass(frozen=True)
class EndTurn:
    actor: Entity


Command = Move | Attack | EndTurn


@dataclass(frozen=True)
class Rejected:
    """Why a command cannot be carried out; nothing changed."""

    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason
