"""Potions in 5e-house (§9): the d100 mixing table rolled when a potion meets another's lasting effect."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice, DiceExpr

EXPLOSION, POISON, BOTH_FAIL, ONE_FAILS, HALVED, NORMAL, DOUBLED, PERMANENT = (
    "explosion", "poison", "both_fail", "one_fails", "halved", "normal", "doubled", "permanent")

# §9: the highest d100 result of each band, in order ("00" is 100).
MIXING_TABLE: tuple[tuple[int, str], ...] = (
    (1, EXPLOSION), (8, POISON), (15, BOTH_FAIL), (25, ONE_FAILS), (35, HALVED), (90, NORMAL), (99, DOUBLED),
    (100, PERMANENT),
)
EXPLOSION_DAMAGE = DiceExpr(4, 10)     # §9 result 01: 4d10 force to every creature within 5 ft
EXPLOSION_RADIUS_FT = 5


@dataclass(frozen=True)
class Mixing:
    roll: int
    result: str


def mixing_needed(lasting_potion_effect_active: bool) -> bool:
    """§9 (R004-PO-01): only a potion drunk while another potion's effect lasts is mixed; an instant potion
    such as healing leaves nothing to mix with (docs/rulings.md)."""
    return lasting_potion_effect_active


def mixing_result(roll: int) -> str:
    for highest, result in MIXING_TABLE:
        if roll <= highest:
            return result
    raise ValueError(f"a d100 gives 1-100, not {roll}")


def roll_mixing(dice: Dice) -> Mixing:
    roll = dice.roll(100)
    return Mixing(roll, mixing_result(roll))


def scaled(amount: int, result: str) -> int:
    """§9: numbers and durations halve (26-35) or double (91-99), rounded down; otherwise unchanged."""
    if result == HALVED:
        return amount // 2
    if result == DOUBLED:
        return amount * 2
    return amount
