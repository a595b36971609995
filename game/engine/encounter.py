"""Encounter budgets in any ruleset: how much stronger one side is, and the one change that would even the sides."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """A side's strength as its ruleset sizes fights (game.engine.protocol.Ruleset.encounter_budget).

    ``points`` is linear, so comparing sides is a ratio: a side of 1000 points is twice one of 500. ``words`` is the
    total as the system states it ("500 XP", "Difficulty 12", "1200 points, EL 7"), a ruleset's Lazy line."""

    points: int
    words: str


# Sides within this many percent of each other are called even: a budget is a guide, not a measurement.
EVEN_PERCENT = 10


def stronger_by(strong: int, weak: int) -> int:
    """How many percent ``strong`` points exceed ``weak`` (integer, rounded down); any points over none: 100 times."""
    if weak <= 0:
        return 0 if strong <= 0 else 100 * 100
    return (strong - weak) * 100 // weak


@dataclass(frozen=True)
class Comparison:
    """The strongest and weakest sides and how far apart they are (``percent``: strongest over weakest)."""

    strongest: str
    weakest: str
    percent: int

    @property
    def even(self) -> bool:
        return self.percent <= EVEN_PERCENT


def compare(budgets: Sequence[tuple[str, Budget]]) -> Comparison:
    """The comparison of two or more sides' budgets; the first listed wins a tie, so it is the same every time."""
    strongest = max(budgets, key=lambda pair: pair[1].points)
    weakest = min(budgets, key=lambda pair: pair[1].points)
    return Comparison(strongest[0], weakest[0], stronger_by(strongest[1].points, weakest[1].points))


@dataclass(frozen=True)
class Suggestion:
    """One change to one side's roster: add the creature ``add`` or take away the one at ``remove`` (an index)."""

    side: str
    add: str | None = None
    remove: int | None = None

    def apply(self, keys: tuple[str, ...]) -> tuple[str, ...]:
        if self.add is not None:
            return keys + (self.add,)
        assert self.remove is not None
        return keys[:self.remove] + keys[self.remove + 1:]


def even_out(rosters: Sequence[tuple[str, tuple[str, ...]]], bestiary: Sequence[str],
             budget: Callable[[tuple[str, ...]], Budget], fits: Callable[[str, tuple[str, ...]], bool],
             only: str | None = None) -> Suggestion | None:
    """The one creature to add to the weakest side or take from the strongest that brings the sides closest
    together, or None when the sides are even or no change helps. ``fits(side, keys)``: whether a roster fits its
    start area; ``only``: consider changes to that side alone (the roster editor edits one side). Ties go to
    the first candidate in roster and bestiary order, so the same sides always get the same suggestion."""
    points = {side: budget(keys).points for side, keys in rosters}
    pairs = [(side, Budget(points[side], "")) for side, _ in rosters]
    now = compare(pairs)
    if now.even:
        return None
    keys_of = dict(rosters)
    candidates: list[Suggestion] = []
    if only in (None, now.weakest):
        candidates += [Suggestion(now.weakest, add=key) for key in bestiary]
    if only in (None, now.strongest) and len(keys_of[now.strongest]) > 1:
        candidates += [Suggestion(now.strongest, remove=i) for i in range(len(keys_of[now.strongest]))]
    best, best_gap = None, _gap(points.values())
    for candidate in candidates:
        changed = candidate.apply(keys_of[candidate.side])
        if candidate.add is not None and not fits(candidate.side, changed):
            continue
        gap = _gap([budget(changed).points if side == candidate.side else p for side, p in points.items()])
        if gap < best_gap:
            best, best_gap = candidate, gap
    return best


def _gap(points: Iterable[int]) -> int:
    """How uneven the sides are: the strongest over the weakest, in millionths (integer maths)."""
    values = list(points)
    return max(values) * 1_000_000 // max(min(values), 1)
