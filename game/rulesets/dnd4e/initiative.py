"""Initiative: d20 + bonus, highest first, ties by bonus, then by a die (4e-combat.md §2.2)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice

INITIATIVE_DIE = 20
TIEBREAK_DIE = 20


@dataclass(frozen=True)
class InitiativeRoll:
    entity: int
    natural: int
    bonus: int
    tiebreak: int = 0        # only rolled when total and bonus both tie (§2.2)

    @property
    def total(self) -> int:
        return self.natural + self.bonus


def roll_initiative(entrants: list[tuple[int, int]], dice: Dice) -> list[InitiativeRoll]:
    """Roll for every (entity, initiative bonus) and return the rolls in turn order.

    §2.2: higher total first; equal totals, higher initiative bonus first; still equal, roll a die
    (re-rolled among those who tie again), so the order never depends on entity numbering.
    """
    rolls = [InitiativeRoll(e, dice.roll(INITIATIVE_DIE), bonus) for e, bonus in entrants]
    groups: dict[tuple[int, int], list[InitiativeRoll]] = {}
    for roll in rolls:
        groups.setdefault((roll.total, roll.bonus), []).append(roll)
    resolved: list[InitiativeRoll] = []
    for key in sorted(groups, reverse=True):
        resolved.extend(_break_ties(groups[key], dice))
    return resolved


def _break_ties(tied: list[InitiativeRoll], dice: Dice) -> list[InitiativeRoll]:
    """Order creatures tied on total and bonus by a die, re-rolling among any that tie again."""
    if len(tied) == 1:
        return tied
    by_value: dict[int, list[InitiativeRoll]] = {}
    for r in tied:
        rolled = InitiativeRoll(r.entity, r.natural, r.bonus, dice.roll(TIEBREAK_DIE))
        by_value.setdefault(rolled.tiebreak, []).append(rolled)
    ordered: list[InitiativeRoll] = []
    for value in sorted(by_value, reverse=True):
        ordered.extend(_break_ties(by_value[value], dice))
    return ordered
