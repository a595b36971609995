"""Falling damage in 4e (4e-combat.md §20, M001-FA-01/02, ruling A26)."""

from __future__ import annotations

from dataclasses import dataclass

FEET_PER_DIE = 10          # 1d10 per full 10 feet fallen
FALL_DIE = 10
QUICK_STEP_FT = 50         # §20 quick rule for falls over 50 feet
QUICK_STEP_DAMAGE = 25


@dataclass(frozen=True)
class FallDamage:
    dice: int
    flat: int

    @property
    def minimum(self) -> int:
        return self.flat + self.dice

    @property
    def maximum(self) -> int:
        return self.flat + self.dice * FALL_DIE

    def as_answer(self) -> dict[str, object]:
        return {"dice": f"{self.dice}d{FALL_DIE}" if self.dice else "", "flat": self.flat,
                "min": self.minimum, "max": self.maximum}


def fall_damage(height_ft: int) -> FallDamage:
    """Below 10 ft nothing; 1d10 per full 10 ft up to 50 ft; beyond, 25 per full 50 ft plus 1d10 per
    remaining full 10 ft (so exactly 50 ft is 5d10 and 100 ft is 50)."""
    if height_ft < FEET_PER_DIE:
        return FallDamage(0, 0)
    if height_ft <= QUICK_STEP_FT:
        return FallDamage(height_ft // FEET_PER_DIE, 0)
    chunks, rest = divmod(height_ft, QUICK_STEP_FT)
    return FallDamage(rest // FEET_PER_DIE, chunks * QUICK_STEP_DAMAGE)
