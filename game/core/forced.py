"""Forced movement geometry: where a push, pull or slide can take its target (4e-combat.md §22, §20)."""

from __future__ import annotations

from collections import deque

from game.core.grid import DIRECTIONS, Square, space_distance
from game.core.lines import line_of_effect
from game.core.movement import MoveRules
from game.i18n import L_, Ln_

PUSH, PULL, SLIDE, SWAP = "push", "pull", "slide", "swap"
FORCED_KINDS = (PUSH, PULL, SLIDE)


def forced_step_ok(rules: MoveRules, mover_space: tuple[Square, int], kind: str, frm: Square, to: Square) -> bool:
    """One square of forced movement, ``frm`` to ``to`` (top-left squares of the target's space).

    §22: each push step takes the target farther from the mover's space and each pull step nearer
    (distance of §5.7 between spaces), a slide goes anywhere; difficult terrain costs nothing extra but
    the path must be one the target could walk (no walls, corners, enemies or cliff faces), and the
    mover needs line of effect to every square the target is moved into (M001-FM-08).
    """
    if kind not in FORCED_KINDS:
        raise ValueError(f"unknown forced movement {kind!r} (push, pull or slide)")
    if rules.step_cost(frm, to, ignore_difficult=True) is None:
        return False
    origin, origin_side = mover_space
    before = space_distance(frm, rules.side, origin, origin_side)
    after = space_distance(to, rules.side, origin, origin_side)
    if (kind == PUSH and after <= before) or (kind == PULL and after >= before):
        return False
    return line_of_effect(rules.bf, mover_space, (to, rules.side))


def forced_destinations(rules: MoveRules, mover_space: tuple[Square, int], kind: str, squares: int) -> list[Square]:
    """Top-left squares where the target can end a forced move of 0..``squares`` squares, sorted by x, y.

    A step over a ledge is the last one (the target falls there, unless it catches itself, §20); the
    move must end where the target could end a move (§17.4).
    """
    start = rules.mover.top_left
    seen = {start: 0}
    landings: set[Square] = set()      # reached only over a ledge: nothing goes on from there
    queue: deque[Square] = deque([start])
    while queue:
        square = queue.popleft()
        if seen[square] >= squares or square in landings:
            continue
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            if not forced_step_ok(rules, mover_space, kind, square, nxt):
                continue
            over_ledge = rules.drop_ft(square, nxt) > 0
            if nxt in seen:
                # Breadth first: every square of this depth is found before any is expanded, so a
                # safe way in at the same depth can still lift the ledge mark.
                if not over_ledge and nxt in landings and seen[nxt] == seen[square] + 1:
                    landings.discard(nxt)
                continue
            seen[nxt] = seen[square] + 1
            if over_ledge:
                landings.add(nxt)
            queue.append(nxt)
    return sorted(s for s in seen if s == start or rules.may_end_at(s))


def forced_path_problem(rules: MoveRules, mover_space: tuple[Square, int], kind: str, squares: int,
                        path: tuple[Square, ...]) -> str | None:
    """Why ``path`` (starting where the target stands) is not a legal forced movement, or None."""
    if not path or path[0] != rules.mover.top_left:
        return L_("the path must start where the target stands")
    if len(path) - 1 > squares:
        return Ln_("the {kind} moves at most {n} square", "the {kind} moves at most {n} squares", squares, kind=kind)
    steps = list(zip(path, path[1:]))
    for index, (frm, to) in enumerate(steps):
        if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
            return L_("each square must be next to the one before")
        if not forced_step_ok(rules, mover_space, kind, frm, to):
            if kind == PUSH:
                return L_("the target cannot be pushed into {square}: every step must go farther from the attacker, "
                          "no walls, enemies or cliff faces", square=str(list(to)))
            if kind == PULL:
                return L_("the target cannot be pulled into {square}: every step must go nearer to the attacker, "
                          "no walls, enemies or cliff faces", square=str(list(to)))
            return L_("the target cannot be {kind}ed into {square}: no walls, enemies or cliff faces", kind=kind,
                      square=str(list(to)))
        if rules.drop_ft(frm, to) and index != len(steps) - 1:
            return L_("over a ledge the target falls, so that must be the last square")
    if not rules.may_end_at(path[-1]):
        return L_("the target cannot end in another creature's square")
    return None
