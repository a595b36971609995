"""Damage, injury, incapacitation, death and healing (§5, H1-H13); objects' durability (§7.1)."""

from __future__ import annotations

from dataclasses import dataclass


def half(amount: int) -> int:
    """H2: halving rounds down."""
    return amount // 2


def adjusted(amount: int, immune: bool = False, resistant: bool = False, vulnerable: bool = False,
             halved: bool = False) -> int:
    """H3 (§5.2-§5.3): immune 0; one halving however many effects halve (resistance counts as it, §16.31);
    vulnerable doubles after the halving."""
    if immune:
        return 0
    if resistant or halved:
        amount = half(amount)
    return amount * 2 if vulnerable else amount


@dataclass(frozen=True)
class Vitals:
    """A creature's damage total against its Health (§3.1: damage counts up)."""

    damage: int
    health: int
    dead: bool = False

    @property
    def incapacitated(self) -> bool:
        """H7: a living creature whose damage total reached its Health."""
        return not self.dead and self.damage >= self.health


@dataclass(frozen=True)
class DamageOutcome:
    vitals: Vitals
    taken: int
    instant_death: bool
    became_incapacitated: bool
    killed: bool


def take_damage(vitals: Vitals, amount: int, dies_when_incapacitated: bool = False) -> DamageOutcome:
    """One damage instance (H1, H6-H8): the total rises, capped at Health; an instance of at least the
    max Health kills outright; any damage while incapacitated kills; reaching Health incapacitates
    (or kills a creature that dies then: monsters by default §5.8, H12)."""
    if vitals.dead or amount <= 0:
        return DamageOutcome(vitals, 0, False, False, False)
    instant = amount >= vitals.health                                   # H6 (§16.30: against max Health)
    was_down = vitals.incapacitated
    total = min(vitals.health, vitals.damage + amount)                  # H1
    down = total >= vitals.health
    dead = instant or was_down or (down and dies_when_incapacitated)    # H8
    after = Vitals(total, vitals.health, dead)
    return DamageOutcome(after, total - vitals.damage, instant, down and not was_down and not dead, dead)


def heal(vitals: Vitals, amount: int) -> Vitals:
    """H9/H11: healing lowers the damage total (not below 0); the dead stay dead."""
    if vitals.dead:
        return vitals
    return Vitals(max(0, vitals.damage - amount), vitals.health)


def object_health(size_quarters: int, fragile: bool = False, hard: bool = False) -> int:
    """H13 (§7.1): 10 x Size, halved when fragile, doubled for stone or metal (at least 1)."""
    base = 10 * size_quarters // 4
    if fragile:
        base //= 2
    if hard:
        base *= 2
    return max(1, base)


def fall_dice(yards: int, liquid: bool = False) -> int:
    """F1 (§4.7, the table wins over the text, §16.28): no d6 below 5 yards, then 2d6 per full 5 yards
    (1d6 onto liquid), at most 20d6."""
    if yards < 5:
        return 0
    bands = min(10, yards // 5)
    return bands if liquid else 2 * bands


def fall_on_creature(total: int) -> tuple[int, int]:
    """F3: one roll; the faller and what it lands on each take half, rounded down."""
    return half(total), half(total)
