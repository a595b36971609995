"""The battlefield: what each square and square edge is, as facts any ruleset can read.

A battlefield knows terrain, not creatures. Walls fill squares; edges carry obstacles that sit on the
line between two side-by-side squares; obscurement and elevation are per square. Maps from Tiled and
the ASCII grids of tests and the query command both become this one immutable type.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from game.core.grid import Square


class Obscurement(IntEnum):
    """How hard a square is to see into (4e-combat.md §15.1)."""

    NONE = 0
    LIGHT = 1
    HEAVY = 2
    TOTAL = 3


@dataclass(frozen=True)
class Terrain:
    """What fills one square. Defaults are open ground."""

    wall: bool = False            # fills the square: blocks movement, sight and effect (§18.2)
    difficult: bool = False       # +1 movement to enter (§18.1)
    blocks_sight: bool = False    # opaque but not solid, e.g. a thick curtain (§6)
    blocks_effect: bool = False   # solid but transparent, e.g. a wall of force (§6)
    cover: bool = False           # a cover feature: blocks cover lines only (§14)
    obscured: Obscurement = Obscurement.NONE
    hazard: bool = False

    @property
    def opaque(self) -> bool:
        """Blocks lines of sight passing through it."""
        return self.wall or self.blocks_sight

    @property
    def solid(self) -> bool:
        """Blocks lines of effect passing through it."""
        return self.wall or self.blocks_effect


OPEN = Terrain()
WALL = Terrain(wall=True)


class EdgeKind(IntEnum):
    """Obstacles along the edge between two side-by-side squares (§18.2)."""

    LOW_WALL = 1   # crossing costs as entering difficult terrain; gives cover
    WALL = 2       # blocks movement, sight and effect
    WINDOW = 3     # blocks movement and effect, not sight


Edge = tuple[Square, Square]


def edge_key(a: Square, b: Square) -> Edge:
    """Canonical key of the edge between two orthogonally adjacent squares."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"squares {a} and {b} do not share an edge")
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Battlefield:
    """An immutable width x height grid of terrain, edge obstacles, elevation and start areas."""

    width: int
    height: int
    terrain: tuple[Terrain, ...]                      # row-major, index y * width + x
    edges: tuple[tuple[Edge, EdgeKind], ...] = ()
    elevation_ft: tuple[int, ...] = ()                # row-major; empty means flat ground at 0
    start_areas: tuple[tuple[str, tuple[Square, ...]], ...] = ()   # (side, squares) in map order
    portals: tuple[tuple[Square, Square], ...] = ()   # linked square pairs: ending a move on one leads to the other
    name: str = ""
    surprised: tuple[str, ...] = ()                   # sides the map has start unaware (a surprise round, §2.3)
    # The map's light sources (square, radius in squares); the loader has already lifted darkness within each
    # radius, so only a ruleset that reads more into a light (sotdl-house's shadows, E4) looks at them. Left out of
    # the repr, which the saves' map hash digests: maps without lights keep their hash.
    lights: tuple[tuple[Square, int], ...] = field(default=(), repr=False)
    # The preset each side starts on in a new skirmish, per ruleset: (side, ruleset, preset key), in map order. The
    # map suggests rosters; a match stores its own, so this too stays out of the hash.
    start_presets: tuple[tuple[str, str, str], ...] = field(default=(), repr=False)
    _edge_index: dict[Edge, EdgeKind] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.terrain) != self.width * self.height:
            raise ValueError("terrain does not match the battlefield size")
        self._edge_index.update(dict(self.edges))

    def in_bounds(self, square: Square) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def at(self, square: Square) -> Terrain:
        """Terrain of a square; squares off the map behave as walls."""
        if not self.in_bounds(square):
            return WALL
        return self.terrain[square[1] * self.width + square[0]]

    def edge(self, a: Square, b: Square) -> EdgeKind | None:
        """The obstacle on the edge between two side-by-side squares, if any."""
        return self._edge_index.get(edge_key(a, b))

    def elevation(self, square: Square) -> int:
        if not self.elevation_ft or not self.in_bounds(square):
            return 0
        return self.elevation_ft[square[1] * self.width + square[0]]

    def portal_exit(self, square: Square) -> Square | None:
        """The square a portal on ``square`` leads to, if there is one."""
        for a, b in self.portals:
            if square == a:
                return b
            if square == b:
                return a
        return None

    def start_squares(self, side: str) -> tuple[Square, ...]:
        for name, squares in self.start_areas:
            if name == side:
                return squares
        return ()

    def start_preset(self, side: str, ruleset: str) -> str | None:
        """The preset the map starts ``side`` on under ``ruleset``, if it names one."""
        return next((key for named, rules, key in self.start_presets if named == side and rules == ruleset), None)

    def squares(self) -> tuple[Square, ...]:
        return tuple((x, y) for y in range(self.height) for x in range(self.width))

    def overlaid(self, changes: dict[Square, Terrain]) -> "Battlefield":
        """The same battlefield with some squares' terrain replaced (a zone of fog, say)."""
        terrain = list(self.terrain)
        for (x, y), replacement in sorted(changes.items()):
            if self.in_bounds((x, y)):
                terrain[y * self.width + x] = replacement
        return Battlefield(self.width, self.height, tuple(terrain), self.edges, self.elevation_ft,
                           self.start_areas, self.portals, self.name, self.surprised, self.lights, self.start_presets)


ASCII_TERRAIN: dict[str, Terrain] = {
    ".": OPEN,
    "#": WALL,
    "~": Terrain(difficult=True),
    ":": Terrain(obscured=Obscurement.LIGHT),
    "%": Terrain(obscured=Obscurement.HEAVY),
    "*": Terrain(obscured=Obscurement.TOTAL),
    "o": Terrain(cover=True),
}


def parse_ascii(
    rows: list[str] | tuple[str, ...],
    *,
    edges: tuple[tuple[Edge, EdgeKind], ...] = (),
    elevation_ft: list[list[int]] | None = None,
    extra: dict[str, Terrain] | None = None,
) -> Battlefield:
    """Build a battlefield from ASCII rows (legend in ../shared/contracts/query.md).

    Letters are treated as open ground so tests can mark where units stand.
    Raises ValueError naming the row and column of an unknown character.
    """
    legend = dict(ASCII_TERRAIN)
    if extra:
        legend.update(extra)
    if not rows:
        raise ValueError("the grid has no rows")
    width = max(len(r) for r in rows)
    terrain: list[Terrain] = []
    for y, row in enumerate(rows):
        for x in range(width):
            ch = row[x] if x < len(row) else "."
            if ch in legend:
                terrain.append(legend[ch])
            elif ch.isalpha():
                terrain.append(OPEN)
            else:
                raise ValueError(f"grid row {y} column {x}: unknown square {ch!r}")
    elevation: tuple[int, ...] = ()
    if elevation_ft is not None:
        if len(elevation_ft) != len(rows) or any(len(r) != width for r in elevation_ft):
            raise ValueError("elevation_ft must have one number per square of the grid")
        elevation = tuple(int(v) for r in elevation_ft for v in r)
    return Battlefield(width, len(rows), tuple(terrain), edges=edges, elevation_ft=elevation)
