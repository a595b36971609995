"""d20 rolls in 5e-house: advantage and disadvantage, and ability modifiers."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice

ADVANTAGE, DISADVANTAGE, STRAIGHT = "advantage", "disadvantage", "none"


def combine(advantages: int, disadvantages: int) -> str:
    """[5e] Any advantage and any disadvantage cancel to a straight roll; several of one kind count once
    (R004-AT-06)."""
    if advantages and disadvantages:
        return STRAIGHT
    if advantages:
        return ADVANTAGE
    return DISADVANTAGE if disadvantages else STRAIGHT


def ability_modifier(score: int) -> int:
    """[5e] (score - 10) / 2, rounded down: 10-11 give +0, 8-9 give -1."""
    return (score - 10) // 2


@dataclass(frozen=True)
class D20:
    """One d20 roll: the dice thrown (two with advantage or disadvantage) and the one that counts."""

    faces: tuple[int, ...]
    natural: int


def roll_d20(dice: Dice, mode: str = STRAIGHT) -> D20:
    """Two d20 with advantage (keep the higher) or disadvantage (keep the lower), otherwise one."""
    if mode == STRAIGHT:
        face = dice.roll(20)
        return D20((face,), face)
    faces = (dice.roll(20), dice.roll(20))
    return D20(faces, max(faces) if mode == ADVANTAGE else min(faces))
