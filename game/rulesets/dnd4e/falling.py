"""Falling damage in 4e (4e-combat.md §20, M001-FA-01, rulings A26 and "no quick rule")."""

from __future__ import annotations

from dataclasses import dataclass

FEET_PER_DIE = 10          # 1d10 per full 10 feet fallen
FALL_DIE = 10
MAX_FALL_DICE = 50         # the later 4e cap (4e-movement.md §11 [impl]): 50d10 at 500 ft and beyond


@dataclass(frozen=True)
class FallDamage:
    dice: int
    flat: int = 0

    @property
    def minimum(self) -> int:
        return self.flat + self.dice

    @property
    def maximum(self) -> int:
        return self.flat + self.dice * FALL_DIE

    @property
    def expression(self) -> str:
        return f"{self.dice}d{FALL_DIE}" if self.dice else ""

    def as_answer(self) -> dict[str, object]:
        return {"dice": self.expression, "flat": self.flat, "min": self.minimum, "max": self.maximum}


def fall_damage(height_ft: int) -> FallDamage:
    """1d10 per full 10 ft fallen (below 10 ft nothing), at most 50d10.

    The optional quick rule for falls over 50 ft (25 per 50 ft) is not used: it makes a 60-ft fall's
    worst case (25 + 1d10) milder than a 50-ft fall's (5d10), and falling farther must never hurt
    less (docs/rulings.md).
    """
    return FallDamage(min(height_ft // FEET_PER_DIE, MAX_FALL_DICE))
