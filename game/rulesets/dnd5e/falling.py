"""Falling in 5e-house: the page is silent, so the widely published 5e rule (docs/rulings.md, 5e-house)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice

FEET_PER_DIE = 10      # [5e] 1d6 bludgeoning per full 10 ft fallen
FALL_DIE = 6
MAX_FALL_DICE = 20     # [5e] at most 20d6


@dataclass(frozen=True)
class FallDamage:
    dice: int

    @property
    def expression(self) -> str:
        return f"{self.dice}d{FALL_DIE}" if self.dice else ""

    def as_answer(self) -> dict[str, object]:
        """The query contract's shape: no flat part in this ruleset."""
        return {"dice": self.expression, "flat": 0, "min": self.dice, "max": self.dice * FALL_DIE}

    def roll(self, dice: Dice) -> int:
        return sum(dice.roll(FALL_DIE) for _ in range(self.dice))


def fall_damage(height_ft: int) -> FallDamage:
    """1d6 per full 10 ft (a 9-ft drop does nothing), at most 20d6 (200 ft and beyond)."""
    return FallDamage(min(max(height_ft, 0) // FEET_PER_DIE, MAX_FALL_DICE))
