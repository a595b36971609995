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
    # Without ``only``: add to the weakest side or take from the strongest. With it: add to that side if any
    # side is stronger, take from it if any is weaker (two sides may tie for weakest among four).
    to_grow = [only] if only is not None and points[only] < max(points.values()) else [now.weakest] * (only is None)
    to_shrink = [only] if only is not None and points[only] > min(points.values()) else [now.strongest] * (only is None)
    candidates = [Suggestion(side, add=key) for side in to_grow for key in bestiary]
    candidates += [Suggestion(side, remove=i) for side in to_shrink if len(keys_of[side]) > 1
                   for i in range(len(keys_of[side]))]
    best, best_key = None, _unevenness(points.values())
    for candidate in candidates:
        changed = candidate.apply(keys_of[candidate.side])
        if candidate.add is not None and not fits(candidate.side, changed):
            continue
        key = _unevenness([budget(changed).points if side == candidate.side else p for side, p in points.items()])
        if key < best_key:
            best, best_key = candidate, key
    return best


def _unevenness(points: Iterable[int]) -> tuple[int, int]:
    """How uneven the sides are, to be made smaller: the strongest over the weakest (in millionths), then how far
    all sides lie from their mean (so one weak side brought up counts when another stays as weak); integers."""
    values = list(points)
    total, count = sum(values), len(values)
    return max(values) * 1_000_000 // max(min(values), 1), sum(abs(v * count - total) for v in values)
