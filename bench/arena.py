"""The bench arena: a generated 100x100 Tiled map (walls, difficult terrain, cover, fog) with 40 creatures on it."""

from __future__ import annotations

import atexit
import functools
import os
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game.engine.rosters import Roster
from game.rulesets.dnd4e.content import load_creatures
from game.core.grid import Square, chebyshev
from game.ecs.world import Entity
from game.maps.loader import load_battlefield
from game.match import Match
from game.rulesets.dnd4e.setup import new_match

ROOT = Path(__file__).resolve().parent.parent
TILESET = ROOT / "assets" / "tiles" / "dungeon.tsx"
SIZE = 100
TILE_PIXELS = 32
SEED = 2026
UNITS_PER_SIDE = 20
UNIT_REGION = range(35, 65)      # units stand in the middle 30x30 squares, the two sides mixed

# Tile ids of assets/tiles/dungeon.tsx (gid = id + 1).
FLOORS = (0, 0, 0, 1, 1, 2, 3, 4)
WALL = 5
DIFFICULT = (7, 8, 12, 13)
COVER = (9, 10, 11)
FOG = 14
ROOM = 20                        # walls every 20 squares, each stretch with a door
SIDES = {
    "blue": ("Adventurers", ("fighter", "rogue", "ranger", "wizard")),
    "red": ("Goblin warband", ("hobgoblin", "goblin", "goblin_archer", "bugbear")),
}


@dataclass(frozen=True)
class Arena:
    """The generated map on disk, the rosters of its 40 creatures and a match set up on it."""

    map_path: Path
    rosters: tuple[Roster, ...]
    match: Match
    mover: Entity                 # the blue creature nearest the centre of the map


def _terrain(rng: random.Random, size: int) -> list[list[int]]:
    """The terrain layer as tile ids (-1 for none): rooms with doors, wall stubs, rubble and mud, cover, fog."""
    grid = [[-1] * size for _ in range(size)]
    scale = (size * size) // (SIZE * SIZE)          # as many features per square as the 100x100 arena

    def blob(kinds: tuple[int, ...], count: int, radius: int) -> None:
        for _ in range(count):
            cx, cy, r = rng.randrange(size), rng.randrange(size), rng.randint(1, radius)
            for y in range(max(0, cy - r), min(size, cy + r + 1)):
                for x in range(max(0, cx - r), min(size, cx + r + 1)):
                    if grid[y][x] == -1 and (x - cx) ** 2 + (y - cy) ** 2 <= r * r + 1 and rng.random() < 0.8:
                        grid[y][x] = rng.choice(kinds)

    for i in range(size):
        for line in (0, size - 1, *range(ROOM, size - 1, ROOM)):
            grid[line][i] = grid[i][line] = WALL
    for line in range(ROOM, size - 1, ROOM):
        for start in range(0, size, ROOM):
            door = start + rng.randint(3, ROOM - 6)
            for i in range(door, door + 3):
                grid[line][i] = grid[i][line] = -1
    for _ in range(70 * scale):
        x, y, length = rng.randrange(1, size - 1), rng.randrange(1, size - 1), rng.randint(2, 6)
        dx, dy = rng.choice(((1, 0), (0, 1)))
        for step in range(length):
            if 0 < x + dx * step < size - 1 and 0 < y + dy * step < size - 1:
                grid[y + dy * step][x + dx * step] = WALL
    blob(DIFFICULT, 110 * scale, 3)
    blob((FOG,), 14 * scale, 3)
    for _ in range(300 * scale):
        x, y = rng.randrange(size), rng.randrange(size)
        if grid[y][x] == -1:
            grid[y][x] = rng.choice(COVER)
    return grid


def _unit_squares(grid: list[list[int]], rng: random.Random) -> dict[str, list[Square]]:
    """Open squares in the middle of the map for each side, the sides interleaved at random."""
    free = [(x, y) for y in UNIT_REGION for x in UNIT_REGION if grid[y][x] in (-1, FOG)]
    chosen = rng.sample(free, 2 * UNITS_PER_SIDE)
    return {"blue": chosen[:UNITS_PER_SIDE], "red": chosen[UNITS_PER_SIDE:]}


def _csv(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(tile + 1) for tile in row) for row in rows)


def write_map(directory: Path, seed: int = SEED, size: int = SIZE) -> Path:
    """Write the arena (``size`` squares a side) as a .tmx using the game's tileset; each creature's square is a
    1x1 start area."""
    rng = random.Random(seed)
    ground = [[rng.choice(FLOORS) for _ in range(size)] for _ in range(size)]
    terrain = _terrain(rng, size)
    starts = _unit_squares(terrain, rng)
    objects = []
    for side, squares in starts.items():
        for x, y in squares:
            objects.append(
                f'  <object id="{len(objects) + 1}" name="{side}" x="{x * TILE_PIXELS}" y="{y * TILE_PIXELS}" '
                f'width="{TILE_PIXELS}" height="{TILE_PIXELS}">\n'
                f'   <properties><property name="side" value="{side}"/></properties>\n  </object>'
            )
    layers = [
        f' <layer id="{i + 1}" name="{name}" width="{size}" height="{size}">\n  <data encoding="csv">\n{_csv(rows)}\n</data>\n </layer>'
        for i, (name, rows) in enumerate((("ground", ground), ("terrain", terrain)))
    ]
    tmx = "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{size}" '
        f'height="{size}" tilewidth="{TILE_PIXELS}" tileheight="{TILE_PIXELS}" infinite="0" nextlayerid="4" '
        f'nextobjectid="{len(objects) + 1}">',
        ' <properties><property name="title" value="Bench Arena"/></properties>',
        # A relative path: a map may not name a file by an absolute one (docs/maps.md, Limits).
        f' <tileset firstgid="1" source={quoteattr(os.path.relpath(TILESET, directory))}/>',
        *layers,
        ' <objectgroup id="3" name="start">', *objects, ' </objectgroup>',
        '</map>',
    ])
    path = directory / ("bench_arena.tmx" if size == SIZE else f"bench_arena_{size}.tmx")
    path.write_text(tmx + "\n", encoding="utf-8")
    return path


def build(directory: Path) -> Arena:
    """Write the map into ``directory`` and set up a seeded match of 20 against 20 on it."""
    map_path = write_map(directory)
    creatures = load_creatures()
    rosters = tuple(
        Roster(side, label, tuple(kinds[i % len(kinds)] for i in range(UNITS_PER_SIDE)))
        for side, (label, kinds) in SIDES.items()
    )
    match = new_match(load_battlefield(map_path), list(rosters), creatures, SEED)
    state = match.state
    centre = (SIZE // 2, SIZE // 2)
    blue = [e for e in state.creatures() if state.side(e) == "blue"]
    mover = min(blue, key=lambda e: (chebyshev(state.square(e), centre), e))
    return Arena(map_path, rosters, match, mover)


@functools.cache
def shared() -> Arena:
    """The one arena of this process, in a temporary directory removed when the process ends."""
    directory = Path(tempfile.mkdtemp(prefix="bench-arena-"))
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return build(directory)
