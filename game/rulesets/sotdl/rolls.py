"""Tests and boons/banes (§1, T1-T7): the d20 roll, the highest of N d6, and exact chances as fractions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.core.dice import Dice

TN = 10            # §1.2: the target number of a challenge roll
HIT_TN = 5         # §11.1.2: a weapon hit test hits on 5 or more


def net_boons(boons: int, banes: int) -> int:
    """T2: boons and banes cancel one for one; positive is boons, negative banes."""
    return boons - banes


@lru_cache(maxsize=None)
def highest_d6(n: int) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of the highest of ``n`` d6: P(max = k) = (k^n - (k-1)^n) / 6^n."""
    if n <= 0:
        return ((0, Fraction(1)),)
    whole = 6 ** n
    return tuple((k, Fraction(k ** n - (k - 1) ** n, whole)) for k in range(1, 7))


def boon_distribution(net: int) -> tuple[tuple[int, Fraction], ...]:
    """T3/T4: what ``net`` boons (or banes, negative) add to a d20: +max or -max of |net| d6, or 0."""
    sign = 1 if net >= 0 else -1
    return tuple((sign * k, p) for k, p in highest_d6(abs(net)))


def roll_boons(dice: Dice, net: int) -> tuple[int, tuple[int, ...]]:
    """T3: roll |net| d6 and add (boons) or subtract (banes) the single highest; no dice when net is 0."""
    if net == 0:
        return 0, ()
    rolled = tuple(dice.roll(6) for _ in range(abs(net)))
    return (max(rolled) if net > 0 else -max(rolled)), rolled


@dataclass(frozen=True)
class D20Roll:
    """One d20 test: the natural roll, the flat modifier (T5: every bonus and penalty summed), the net
    boons, the d6s rolled for them and the total against ``target``."""

    natural: int
    modifier: int
    net: int
    d6s: tuple[int, ...]
    extra: int
    target: int

    @property
    def total(self) -> int:
        return self.natural + self.modifier + self.extra

    @property
    def success(self) -> bool:
        """T1/T6: the total meets or beats the target; equal succeeds."""
        return self.total >= self.target


def d20_test(dice: Dice, modifier: int, net: int, target: int = TN) -> D20Roll:
    """T1: d20 + modifier + the boons' die against ``target`` (TN 10, 5 for a hit, an attribute score for T6)."""
    natural = dice.roll(20)
    extra, d6s = roll_boons(dice, net)
    return D20Roll(natural, modifier, net, d6s, extra, target)


@lru_cache(maxsize=4096)
def chance_at_least(modifier: int, net: int, target: int) -> Fraction:
    """The exact chance that d20 + modifier + the boons' die is at least ``target`` (the forecast)."""
    total = Fraction(0)
    for extra, p in boon_distribution(net):
        need = target - modifier - extra           # the natural d20 needed
        hits = 20 - max(1, need) + 1 if need <= 20 else 0
        total += p * Fraction(max(0, min(20, hits)), 20)
    return total


def chance_exceeds(modifier: int, net: int, other: int) -> Fraction:
    """The exact chance that the roll is strictly greater than ``other`` (the backflip, §12.2.5)."""
    return chance_at_least(modifier, net, other + 1)
