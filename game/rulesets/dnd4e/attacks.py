"""Attack rolls, critical hits and damage for 4e (4e-combat.md §7-§8, §12)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice, DiceExpr

ATTACK_DIE = 20
NATURAL_AUTO_HIT = 20        # §8.1
NATURAL_AUTO_MISS = 1        # §8.1
LONG_RANGE_PENALTY = -2      # §5.3, §12: ranged weapon beyond normal range
PRONE_ATTACKER_PENALTY = -2  # §9 prone, §12
RESTRAINED_ATTACKER_PENALTY = -2  # §9 restrained, §12


@dataclass(frozen=True)
class Modifier:
    """A situational modifier to an attack roll, with the reason and the rule behind it."""

    value: int
    reason: str
    rule: str


@dataclass(frozen=True)
class AttackRoll:
    natural: int
    bonus: int
    modifiers: tuple[Modifier, ...]
    defense: str
    defense_value: int
    hit: bool
    critical: bool

    @property
    def total(self) -> int:
        return self.natural + self.bonus + sum(m.value for m in self.modifiers)


def roll_attack(bonus: int, modifiers: tuple[Modifier, ...], defense: str, defense_value: int, dice: Dice) -> AttackRoll:
    """§8.1: hit when the total meets the defense; natural 20 always hits, natural 1 always misses.

    §8.2: a natural 20 is a critical hit only when the total also meets the defense.
    """
    natural = dice.roll(ATTACK_DIE)
    total = natural + bonus + sum(m.value for m in modifiers)
    meets = total >= defense_value
    if natural == NATURAL_AUTO_MISS:
        hit = False
    elif natural == NATURAL_AUTO_HIT:
        hit = True
    else:
        hit = meets
    critical = natural == NATURAL_AUTO_HIT and meets
    return AttackRoll(natural, bonus, modifiers, defense, defense_value, hit, critical)


def roll_damage(expr: DiceExpr, critical: bool, dice: Dice) -> tuple[int, tuple[int, ...]]:
    """§8.2: a critical hit deals the maximum of every die instead of rolling; damage is never negative."""
    if critical:
        return max(0, expr.maximum()), ()
    amount, faces = expr.roll(dice)
    return max(0, amount), faces


def is_bloodied(hp: int, max_hp: int) -> bool:
    """§26.1: bloodied at or below half maximum hit points (rounded down)."""
    return hp <= max_hp // 2
