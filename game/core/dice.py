"""Dice: the only source of chance in the game, injected into rules and saved with the match.

SeededDice is a SplitMix64 generator whose whole state is one integer, so a match can store it,
copy it for a look-ahead and replay it on any platform. ScriptedDice replays fixed numbers in tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

_MASK64 = (1 << 64) - 1


class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """One die: a whole number from 1 to ``sides``."""
        ...


class DiceExhausted(RuntimeError):
    """A scripted test asked for more rolls than it scripted."""


@dataclass
class SeededDice:
    """Deterministic dice from a seed (SplitMix64, unbiased by rejection sampling)."""

    seed: int
    state: int = -1
    rolls_made: int = 0

    def __post_init__(self) -> None:
        if self.state < 0:
            self.state = self.seed & _MASK64

    def _next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise ValueError("a die needs at least one side")
        limit = (1 << 64) - ((1 << 64) % sides)
        while True:
            value = self._next64()
            if value < limit:
                self.rolls_made += 1
                return value % sides + 1

    def copy(self) -> "SeededDice":
        return SeededDice(self.seed, self.state, self.rolls_made)


@dataclass
class ScriptedDice:
    """Dice that return the given numbers in order; for tests with known outcomes."""

    script: list[int]
    rolled: list[tuple[int, int]] = field(default_factory=list)

    def roll(self, sides: int) -> int:
        if not self.script:
            raise DiceExhausted(f"no scripted roll left for a d{sides}")
        value = self.script.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} is not possible on a d{sides}")
        self.rolled.append((sides, value))
        return value


@dataclass(frozen=True)
class DiceExpr:
    """A damage expression such as 1d8+3: ``count`` dice of ``sides`` plus ``flat``."""

    count: int
    sides: int
    flat: int = 0

    @classmethod
    def parse(cls, text: str) -> "DiceExpr":
        raw = text.replace(" ", "").lower()
        try:
            if "d" not in raw:
                return cls(0, 0, int(raw))
            count_text, rest = raw.split("d", 1)
            flat = 0
            for sign in "+-":
                if sign in rest:
                    sides_text, flat_text = rest.split(sign, 1)
                    flat = int(flat_text) if sign == "+" else -int(flat_text)
                    break
            else:
                sides_text = rest
            expr = cls(int(count_text or "1"), int(sides_text), flat)
        except ValueError:
            raise ValueError(f"not a dice expression: {text!r} (expected e.g. 1d8+3)") from None
        if expr.count < 0 or expr.sides < 1:
            raise ValueError(f"not a dice expression: {text!r}")
        return expr

    def roll(self, dice: Dice) -> tuple[int, tuple[int, ...]]:
        faces = tuple(dice.roll(self.sides) for _ in range(self.count))
        return sum(faces) + self.flat, faces

    def maximum(self) -> int:
        return self.count * self.sides + self.flat

    def __str__(self) -> str:
        dice = f"{self.count}d{self.sides}" if self.count else ""
        if self.flat and dice:
            return f"{dice}{self.flat:+d}"
        return dice or str(self.flat)
