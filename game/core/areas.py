"""Areas of effect on the grid: close burst and blast, area burst, wall (4e-combat.md §5.4-§5.6).

Each function returns the squares of the area that the effect reaches: those with line of effect
from the origin square (§6). Which creatures are hit, and how often, is the ruleset's business.
"""

from __future__ import annotations

from game.core.battlefield import Battlefield
from game.core.grid import Square, chebyshev, footprint, space_distance
from game.core.lines import line_of_effect
from game.i18n import L_


def _reached(bf: Battlefield, origin: tuple[Square, int], squares: list[Square]) -> list[Square]:
    """The open in-bounds squares with line of effect from the origin, sorted by x then y."""
    return sorted(s for s in squares if bf.in_bounds(s) and not bf.at(s).solid and line_of_effect(bf, origin, (s, 1)))


def close_burst(bf: Battlefield, space: tuple[Square, int], size: int, include_self: bool = False) -> list[Square]:
    """§5.6: every square within ``size`` of the attacker's space; the origin is the whole space.

    §5.4: a close burst does not include the attacker's own squares unless the power says so.
    """
    (x0, y0), side = space
    own = set(footprint(*space))
    squares = [(x, y) for y in range(y0 - size, y0 + side + size) for x in range(x0 - size, x0 + side + size)
               if include_self or (x, y) not in own]
    return _reached(bf, space, squares)


def blast_placements(space: tuple[Square, int], size: int) -> list[Square]:
    """Top-left squares of every legal ``size`` x ``size`` blast for an attacker's space (§5.6).

    The block must touch (share an edge or corner with) some origin square of the attacker's space and
    may not cover any of the attacker's own squares [A35].
    """
    own = footprint(*space)
    (x0, y0), side = space
    placements = []
    for y in range(y0 - size, y0 + side + 1):
        for x in range(x0 - size, x0 + side + 1):
            block = footprint((x, y), size)
            if any(s in own for s in block):
                continue
            if any(chebyshev(s, o) == 1 for s in block for o in own):
                placements.append((x, y))
    return sorted(placements)


def close_blast(bf: Battlefield, space: tuple[Square, int], top_left: Square, size: int) -> list[Square]:
    """The squares a blast placed at ``top_left`` reaches: line of effect from the nearest origin square.

    §5.6: the origin square is one square of the attacker's space next to the blast; with several
    candidates the one nearest the block is used (ties: the first in row order).
    """
    if top_left not in blast_placements(space, size):
        raise ValueError(f"a blast {size} at {top_left} does not fit beside the attacker's space")
    block = footprint(top_left, size)
    origin = min(footprint(*space), key=lambda o: (space_distance(o, 1, top_left, size), o[1], o[0]))
    return _reached(bf, (origin, 1), list(block))


def area_burst(bf: Battlefield, origin: Square, size: int) -> list[Square]:
    """§5.6: the origin square and every square within ``size`` of it, reached from the origin."""
    x, y = origin
    squares = [(x + dx, y + dy) for dy in range(-size, size + 1) for dx in range(-size, size + 1)]
    return _reached(bf, (origin, 1), squares)


def area_origin_ok(bf: Battlefield, space: tuple[Square, int], origin: Square, range_squares: int) -> bool:
    """§5.5: the origin square is within range and has line of effect from some square of the attacker."""
    return (bf.in_bounds(origin) and space_distance(space[0], space[1], origin, 1) <= range_squares
            and line_of_effect(bf, space, (origin, 1)))


def wall_problem(bf: Battlefield, space: tuple[Square, int], squares: list[Square], size: int, range_squares: int,
                 solid: bool = False, occupied: tuple[Square, ...] = ()) -> str | None:
    """Why a wall of ``size`` squares laid out as ``squares`` (origin first) is not legal, or None.

    §5.6: exactly ``size`` squares, each sharing a side with another, none sharing sides with more than
    two; every square within range with line of effect from the attacker ([IMPL]); a solid wall never in
    an occupied square.
    """
    if len(squares) != size or len(set(squares)) != size:
        return L_("a wall {n} fills exactly {n} different squares", n=size)
    chosen = set(squares)

    def sides(s: Square) -> int:
        return sum((s[0] + dx, s[1] + dy) in chosen for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))

    for square in squares:
        if not area_origin_ok(bf, space, square, range_squares) or bf.at(square).solid:
            return L_("wall square {square} is out of range, solid or without line of effect", square=str(list(square)))
        if size > 1 and sides(square) == 0:
            return L_("wall square {square} shares no side with another wall square", square=str(list(square)))
        if sides(square) > 2:
            return L_("wall square {square} shares sides with more than two wall squares", square=str(list(square)))
        if solid and square in occupied:
            return L_("a solid wall cannot be created in the occupied square {square}", square=str(list(square)))
    # Joined side to side into one chain: walk it from the origin.
    seen, frontier = {squares[0]}, [squares[0]]
    while frontier:
        x, y = frontier.pop()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in chosen and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return None if len(seen) == size else L_("the wall's squares must be joined side to side in one chain")
