"""Initiative, surprise and rounds (§1, §3, §4.1; INIT-01..05, SURP-01, RND-01)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.dice import Dice

IMPROVED_INITIATIVE = 4     # INIT-01


@dataclass(frozen=True)
class Entry:
    creature: int
    roll: int
    modifier: int
    tiebreak: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return self.roll + self.modifier


def roll_initiative(dice: Dice, entrants: Sequence[tuple[int, int]]) -> list[Entry]:
    """INIT-01, INIT-02: d20 + modifier, highest first; ties go to the higher modifier, then roll-offs among
    the still tied (re-rolled until they differ), in entrant order."""
    entries = [Entry(c, dice.roll(20), m) for c, m in entrants]
    groups: dict[tuple[int, int], list[Entry]] = {}
    for e in entries:
        groups.setdefault((e.total, e.modifier), []).append(e)
    settled: list[Entry] = []
    for key in sorted(groups, reverse=True):
        settled.extend(_roll_off(dice, groups[key], ()))
    return settled


def _roll_off(dice: Dice, tied: list[Entry], prefix: tuple[int, ...]) -> list[Entry]:
    if len(tied) == 1:
        return [Entry(tied[0].creature, tied[0].roll, tied[0].modifier, prefix)]
    rolls = [(dice.roll(20), e) for e in tied]
    order: list[Entry] = []
    for value in sorted({r for r, _ in rolls}, reverse=True):
        order.extend(_roll_off(dice, [e for r, e in rolls if r == value], prefix + (value,)))
    return order


def surprise_round(aware: Sequence[bool]) -> bool:
    """SURP-01: a surprise round happens when some but not all combatants are aware."""
    return any(aware) and not all(aware)


def expires_before(started: tuple[int, int], rounds: int, now: tuple[int, int]) -> bool:
    """RND-01: an effect begun at (round R, count index C) for N rounds has ended once the turn at count C
    of round R + N is about to begin; ``now`` is (round, count index) of the turn about to begin."""
    end = (started[0] + rounds, started[1])
    return now >= end
