"""Draw the wilds tileset and write the shipped maps, the Tiled project, its property types and the thumbnails.

Every map is laid out here in ASCII, with its objects (start areas, zones, edge obstacles, portals,
lights) in map squares. Decor that shows what the rules do (fog and darkness overlays, cliff faces,
low walls) is derived from the battlefield the game itself loads, so the look always matches the rules.
Run `python tools/make_maps.py` from the repository root; it is deterministic.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import make_art  # noqa: E402  (sets the SDL environment before pygame is imported)
import pygame  # noqa: E402
from make_art import (TILE, blend, drop_shadow, new_surface, property_xml, rock, shade, soft_streaks,  # noqa: E402
                      speckle, tileset_xml)

from game.core.battlefield import Battlefield, EdgeKind, Obscurement  # noqa: E402
from game.maps import schema  # noqa: E402
from game.maps.loader import load_battlefield  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TILE_DIR = ROOT / "assets" / "tiles"
MAP_DIR = ROOT / "maps"
THUMB_DIR = MAP_DIR / "thumbnails"
EXAMPLE_DIR = ROOT / "docs" / "examples"
COLUMNS = 8
THUMB_WIDTH = 240
PROJECT = "grid-skirmish.tiled-project"
PROPERTY_TYPES = "propertytypes.json"
THUMB_SIDE_COLOURS = {"blue": (70, 130, 255), "red": (235, 70, 60), "green": (70, 200, 90), "yellow": (240, 205, 50)}

# --------------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------------

MARSH = (66, 78, 52)
MARSH_DARK = (52, 64, 44)
BOG = (58, 52, 36)
POOL = (44, 70, 70)
PLATEAU = (104, 116, 70)
ROCK = (96, 90, 84)
ABYSS = (14, 12, 18)
TOWER = (70, 66, 88)
PLANK = (128, 92, 56)


def ground(base: tuple[int, int, int], seed: int, tufts: int = 0, grid: int = -12) -> pygame.Surface:
    """Speckled ground with optional grass tufts; a faint line on the top and left edges draws the grid."""
    rng = random.Random(seed)
    surface = new_surface()
    speckle(surface, rng, base, 4)
    for _ in range(tufts):
        x, y = rng.randrange(1, 31), rng.randrange(2, 31)
        tone = rng.choice((16, 10, -12))
        surface.set_at((x, y), shade(base, tone))
        surface.set_at((x, y - 1), shade(base, tone + 8))
    pygame.draw.line(surface, shade(base, grid), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(base, grid), (0, 0), (0, 31))
    return surface


def bog() -> pygame.Surface:
    """Difficult: sucking peat with dark pools."""
    surface = ground(BOG, 201)
    for rect in ((4, 6, 12, 7), (17, 17, 11, 8), (6, 21, 8, 6)):
        pygame.draw.ellipse(surface, shade(BOG, -18), rect)
        pygame.draw.line(surface, shade(POOL, 30), (rect[0] + 3, rect[1] + 1), (rect[0] + rect[2] // 2, rect[1] + 1))
    return surface


def pool() -> pygame.Surface:
    """Difficult: shallow marsh water with ripples and a lily pad."""
    surface = ground(POOL, 211, grid=-16)
    for x, y, w in ((4, 7, 10), (15, 14, 11), (6, 24, 9), (20, 27, 7)):
        pygame.draw.line(surface, shade(POOL, 36), (x, y), (x + w, y))
        pygame.draw.line(surface, shade(POOL, 16), (x + 2, y + 1), (x + w - 2, y + 1))
    pygame.draw.circle(surface, (74, 120, 58), (24, 7), 4)
    pygame.draw.line(surface, shade(POOL, -10), (24, 7), (28, 5))
    return surface


def reeds() -> pygame.Surface:
    """Difficult and lightly obscured: a stand of tall reeds and bulrushes (drawn over any ground)."""
    rng = random.Random(221)
    surface = new_surface()
    for _ in range(22):
        x, base_y = rng.randrange(2, 30), rng.randrange(14, 31)
        top = base_y - rng.randrange(9, 15)
        lean = rng.choice((-2, -1, 1, 2))
        color = rng.choice(((120, 140, 64), (96, 118, 52), (142, 150, 82)))
        pygame.draw.line(surface, color, (x, base_y), (x + lean, top))
        if rng.random() < 0.3:
            pygame.draw.line(surface, (96, 62, 36), (x + lean, top), (x + lean, top + 3), 2)
    return surface


def dead_tree() -> pygame.Surface:
    """Cover: a dead, leafless tree seen from above (drawn over any ground)."""
    surface = new_surface()
    drop_shadow(surface, pygame.Rect(9, 11, 18, 18), 110, True)
    bark, light = (78, 64, 52), (118, 100, 82)
    for end in ((4, 5), (27, 7), (26, 26), (6, 27), (16, 2), (30, 17)):
        pygame.draw.line(surface, bark, (16, 16), end, 3)
        pygame.draw.line(surface, light, (16, 16), end, 1)
    pygame.draw.circle(surface, (58, 46, 38), (16, 16), 6)
    pygame.draw.circle(surface, (102, 84, 68), (15, 15), 4)
    pygame.draw.circle(surface, (70, 56, 46), (15, 15), 2)
    return surface


def mossy_stone() -> pygame.Surface:
    """Cover: a standing stone furred with moss (drawn over any ground)."""
    surface = new_surface()
    rock(surface, (16, 17), (11, 9), (118, 120, 108))
    for x, y in ((10, 12), (13, 10), (19, 20), (21, 14), (9, 19)):
        pygame.draw.circle(surface, (86, 118, 58), (x, y), 2)
    return surface


def planks(base: tuple[int, int, int], seed: int, water: bool) -> pygame.Surface:
    """Planks running across the square (a boardwalk over water, or a rope bridge over the chasm)."""
    surface = ground(POOL if water else ABYSS, seed, grid=-4)
    for i, y in enumerate(range(2, 30, 5)):
        board = pygame.Rect(3, y, 26, 4)
        tone = shade(base, (i * 7) % 13 - 6)
        pygame.draw.rect(surface, shade(tone, -40), board)
        pygame.draw.rect(surface, tone, board.inflate(-2, -1))
        pygame.draw.line(surface, shade(tone, 22), (board.left + 1, board.top), (board.right - 2, board.top))
    for x in (2, 29):
        pygame.draw.line(surface, (150, 130, 96), (x, 0), (x, 31), 2)
    return surface


def scree() -> pygame.Surface:
    """Difficult: loose broken rock at the foot of the cliff."""
    rng = random.Random(251)
    surface = ground(ROCK, 251)
    for _ in range(9):
        center = (rng.randrange(4, 28), rng.randrange(4, 28))
        rock(surface, center, (rng.randrange(2, 5), rng.randrange(2, 4)), shade((138, 130, 120), rng.randint(-14, 8)))
    return surface


def stairs() -> pygame.Surface:
    """Difficult (steep stairs, §18.1): steps cut into the rock, each darker going down (south)."""
    surface = ground(ROCK, 261)
    for i, y in enumerate(range(0, 32, 8)):
        step = shade((150, 142, 130), -12 * i)
        pygame.draw.rect(surface, step, (2, y, 28, 6))
        pygame.draw.line(surface, shade(step, 26), (2, y), (29, y))
        pygame.draw.line(surface, shade(step, -50), (2, y + 6), (29, y + 6), 2)
    return surface


def chasm(lip: bool) -> pygame.Surface:
    """The chasm: black depth with faint rock far below; with a lip, the chasm's north wall shows."""
    rng = random.Random(271 + lip)
    surface = new_surface()
    speckle(surface, rng, ABYSS, 3)
    for _ in range(8):
        x, y = rng.randrange(2, 30), rng.randrange(2, 30)
        surface.set_at((x, y), (40, 36, 44))
    if lip:
        for y in range(12):
            tone = shade(ROCK, -8 - y * 6)
            pygame.draw.line(surface, tone, (0, y), (31, y))
        for x in range(0, 32, 6):
            pygame.draw.line(surface, shade(ROCK, -50), (x + 2, 1), (x + 1, 10))
        pygame.draw.line(surface, shade(ROCK, 30), (0, 0), (31, 0))
    return surface


def boulder() -> pygame.Surface:
    """Cover: a big boulder (drawn over any ground)."""
    surface = new_surface()
    rock(surface, (16, 16), (12, 10), (150, 144, 134))
    rock(surface, (25, 24), (4, 3), (136, 130, 122))
    return surface


def arrow_slit() -> pygame.Surface:
    """Cover and difficult: a deep embrasure in the wall, narrowing to a slit on the outside (south)."""
    surface = make_art.wall_face()
    pygame.draw.polygon(surface, (24, 22, 28), [(5, 0), (27, 0), (19, 31), (13, 31)])
    pygame.draw.polygon(surface, (92, 88, 84), [(8, 0), (24, 0), (17, 24), (15, 24)])
    pygame.draw.line(surface, (150, 142, 136), (8, 0), (15, 24))
    pygame.draw.rect(surface, (4, 4, 6), (15, 20, 2, 12))
    return surface


def low_wall(north: bool, west: bool) -> pygame.Surface:
    """Decor for a low wall on the square's north and/or west edge (the rules come from the Edge object)."""
    surface = new_surface()
    stone = (136, 128, 116)

    def draw(rect: pygame.Rect) -> None:
        drop_shadow(surface, rect.move(1, 3), 120)
        pygame.draw.rect(surface, shade(stone, -56), rect)
        pygame.draw.rect(surface, stone, rect.inflate(-2, -2))
        step = 8 if rect.w > rect.h else 0
        for i in range(1, 4):
            if step:
                pygame.draw.line(surface, shade(stone, -30), (rect.left + i * step, rect.top + 1),
                                 (rect.left + i * step, rect.bottom - 2))
            else:
                pygame.draw.line(surface, shade(stone, -30), (rect.left + 1, rect.top + i * 8),
                                 (rect.right - 2, rect.top + i * 8))
        pygame.draw.line(surface, shade(stone, 30), (rect.left + 1, rect.top + 1), (rect.right - 2, rect.top + 1))

    if north:
        draw(pygame.Rect(0, 0, 32, 6))
    if west:
        draw(pygame.Rect(0, 0, 6, 32))
    return surface


def tower_floor(seed: int, runes: bool = False) -> pygame.Surface:
    """Violet flagstones of the wizard's tower."""
    rng = random.Random(seed)
    surface = new_surface()
    speckle(surface, rng, TOWER, 3)
    pygame.draw.line(surface, shade(TOWER, -16), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(TOWER, -16), (0, 0), (0, 31))
    pygame.draw.line(surface, shade(TOWER, -16), (0, 16), (31, 16))
    pygame.draw.line(surface, shade(TOWER, -16), (16 if seed % 2 else 8, 0), (16 if seed % 2 else 8, 16))
    pygame.draw.line(surface, shade(TOWER, -16), (24 if seed % 2 else 20, 16), (24 if seed % 2 else 20, 31))
    if runes:
        for x, y in ((6, 6), (22, 22)):
            pygame.draw.circle(surface, (150, 140, 200), (x, y), 3, 1)
    return surface


def force_wall() -> pygame.Surface:
    """Blocks effect, not sight: a shimmering pane of force over the floor, seen through."""
    surface = tower_floor(301)

    def draw(layer: pygame.Surface) -> None:
        layer.fill((120, 200, 255, 70))
        for x in range(-32, 32, 6):
            pygame.draw.line(layer, (190, 236, 255, 110), (x, 31), (x + 31, 0))
        pygame.draw.rect(layer, (210, 244, 255, 190), (13, 0, 6, 32))
        pygame.draw.line(layer, (255, 255, 255, 220), (16, 0), (16, 31))
    blend(surface, draw)
    return surface


def curtain() -> pygame.Surface:
    """Blocks sight only: a heavy velvet curtain hanging across the square, passable."""
    surface = new_surface()
    red, dark = (132, 36, 52), (70, 16, 30)
    surface.fill(red)
    for x in range(0, 32, 6):
        pygame.draw.rect(surface, dark, (x, 0, 2, 32))
        pygame.draw.line(surface, (176, 70, 84), (x + 3, 0), (x + 3, 31))
    pygame.draw.rect(surface, (214, 170, 70), (0, 0, 32, 3))
    pygame.draw.line(surface, (30, 8, 14), (0, 31), (31, 31))
    return surface


def bookshelf() -> pygame.Surface:
    """A wall: a tall bookcase filling the square."""
    rng = random.Random(311)
    surface = new_surface()
    wood, dark = (96, 62, 36), (52, 32, 18)
    surface.fill(dark)
    pygame.draw.rect(surface, wood, (1, 1, 30, 30), 2)
    for y in (2, 12, 22):
        x = 3
        while x < 28:
            w = rng.randrange(2, 4)
            color = rng.choice(((150, 40, 40), (50, 80, 140), (60, 120, 60), (170, 140, 60), (110, 60, 130)))
            pygame.draw.rect(surface, color, (x, y + rng.randrange(0, 2), w, 8))
            x += w + 1
        pygame.draw.line(surface, wood, (2, y + 9), (29, y + 9), 2)
    return surface


def glyph() -> pygame.Surface:
    """A hazard: a glowing warding glyph burned into the floor."""
    surface = tower_floor(321)

    def draw(layer: pygame.Surface) -> None:
        pygame.draw.circle(layer, (255, 120, 60, 60), (16, 16), 14)
        pygame.draw.circle(layer, (255, 170, 80, 220), (16, 16), 12, 2)
        points = [pygame.math.Vector2(0, -10).rotate(i * 144) + (16, 16) for i in range(5)]
        pygame.draw.lines(layer, (255, 200, 110, 230), True, points, 2)
    blend(surface, draw)
    return surface


def portal(color: tuple[int, int, int]) -> pygame.Surface:
    """Decor for a portal square (the rules come from the Portal object): a glowing ring."""
    surface = new_surface()

    def draw(layer: pygame.Surface) -> None:
        for radius, alpha in ((15, 50), (12, 90), (9, 140)):
            pygame.draw.circle(layer, (*color, alpha), (16, 16), radius)
        pygame.draw.circle(layer, (*shade(color, 60), 255), (16, 16), 13, 2)
        pygame.draw.circle(layer, (20, 16, 30, 230), (16, 16), 6)
        for i in range(6):
            v = pygame.math.Vector2(0, -13).rotate(i * 60) + (16, 16)
            pygame.draw.circle(layer, (255, 255, 255, 230), (round(v.x), round(v.y)), 1)
    blend(surface, draw)
    return surface


def lantern() -> pygame.Surface:
    """Decor for a light source: a lantern on a post and its warm glow."""
    surface = new_surface()

    def glow(layer: pygame.Surface) -> None:
        for radius, alpha in ((15, 40), (10, 70), (6, 110)):
            pygame.draw.circle(layer, (255, 210, 120, alpha), (16, 14), radius)
    blend(surface, glow)
    pygame.draw.line(surface, (60, 44, 30), (16, 18), (16, 30), 3)
    pygame.draw.rect(surface, (40, 32, 26), (12, 9, 9, 10))
    pygame.draw.rect(surface, (255, 224, 140), (14, 11, 5, 6))
    pygame.draw.line(surface, (40, 32, 26), (12, 8), (20, 8), 2)
    return surface


def haze(alpha: int, color: tuple[int, int, int], streaks: int) -> pygame.Surface:
    """An obscurement overlay: a translucent wash with soft wisps."""
    surface = new_surface()
    surface.fill((*color, alpha))
    wisps = new_surface()
    rows = [(5, 3, 20), (14, 19, 22), (23, 8, 18), (29, 24, 14)][:streaks]
    soft_streaks(wisps, shade(color, 20), rows, alpha // 3)
    surface.blit(wisps, (0, 0))
    return surface


def gloom() -> pygame.Surface:
    """The look of darkness (total obscurement): a deep blue-black veil with faint motes."""
    rng = random.Random(331)
    surface = new_surface()
    surface.fill((6, 6, 20, 200))
    for _ in range(10):
        surface.set_at((rng.randrange(32), rng.randrange(32)), (60, 60, 100, 200))
    return surface


def cliff(side: str) -> pygame.Surface:
    """Decor where the ground beside this square is 10 ft or more higher: the cliff's face and shadow."""
    surface = new_surface()

    def draw(layer: pygame.Surface) -> None:
        if side == "n":   # the rock face below higher ground, in 3/4 view, and its shadow
            face = (88, 78, 66)
            for y in range(16):
                pygame.draw.line(layer, (*shade(face, 18 - y * 4), 255), (0, y), (31, y))
            rng = random.Random(351)
            for x in range(1, 32, 4):
                top = rng.randrange(0, 4)
                pygame.draw.line(layer, (*shade(face, -46), 255), (x, top), (x + rng.choice((-1, 1)), 15))
                pygame.draw.line(layer, (*shade(face, 34), 255), (x + 1, top), (x + 1, top + 5))
            for y in range(16, 24):
                pygame.draw.line(layer, (0, 0, 0, 150 - (y - 16) * 18), (0, y), (31, y))
        elif side == "w":
            for x in range(6):
                pygame.draw.line(layer, (0, 0, 0, 150 - x * 24), (x, 0), (x, 31))
        elif side == "e":
            for x in range(6):
                pygame.draw.line(layer, (0, 0, 0, 150 - x * 24), (31 - x, 0), (31 - x, 31))
        else:   # the rim of higher ground above a drop to the south
            pygame.draw.line(layer, (230, 226, 200, 160), (0, 30), (31, 30), 2)
            pygame.draw.line(layer, (30, 26, 22, 200), (0, 31), (31, 31))
    blend(surface, draw)
    return surface


TILES: list[tuple[str, Callable[[], pygame.Surface], make_art.TileProps]] = [
    ("marsh_grass", lambda: ground(MARSH, 191, tufts=40), {}),
    ("marsh_grass_dark", lambda: ground(MARSH_DARK, 192, tufts=30), {}),
    ("bog", bog, {"difficult": True}),
    ("marsh_water", pool, {"difficult": True}),
    ("reeds", reeds, {"difficult": True, "obscured": "light"}),
    ("dead_tree", dead_tree, {"cover": True}),
    ("mossy_stone", mossy_stone, {"cover": True}),
    ("boardwalk", lambda: planks(PLANK, 291, True), {}),
    ("plateau_grass", lambda: ground(PLATEAU, 193, tufts=36), {}),
    ("rock_floor", lambda: ground(ROCK, 194, tufts=6), {}),
    ("scree", scree, {"difficult": True}),
    ("stairs", stairs, {"difficult": True}),
    ("chasm", lambda: chasm(False), {}),
    ("chasm_lip", lambda: chasm(True), {}),
    ("bridge", lambda: planks((150, 112, 70), 292, False), {"elevation_ft": 0}),
    ("boulder", boulder, {"cover": True}),
    ("arrow_slit", arrow_slit, {"cover": True, "difficult": True}),
    ("low_wall_n", lambda: low_wall(True, False), {}),
    ("low_wall_w", lambda: low_wall(False, True), {}),
    ("low_wall_nw", lambda: low_wall(True, True), {}),
    ("tower_floor", lambda: tower_floor(341), {}),
    ("force_wall", force_wall, {"blocks_effect": True}),
    ("curtain", curtain, {"blocks_sight": True}),
    ("bookshelf", bookshelf, {"wall": True}),
    ("glyph", glyph, {"hazard": True}),
    ("portal_sun", lambda: portal((255, 190, 60)), {}),
    ("portal_moon", lambda: portal((120, 170, 255)), {}),
    ("lantern", lantern, {}),
    ("haze", lambda: haze(40, (214, 222, 234), 2), {}),
    ("mist", lambda: haze(120, (200, 208, 220), 4), {}),
    ("gloom", gloom, {}),
    ("cliff_n", lambda: cliff("n"), {}),
    ("cliff_w", lambda: cliff("w"), {}),
    ("cliff_e", lambda: cliff("e"), {}),
    ("cliff_rim", lambda: cliff("s"), {}),
    ("tower_floor_runes", lambda: tower_floor(342, runes=True), {}),
    ("rock_ledge", lambda: ground(shade(ROCK, 22), 195, tufts=10), {}),
]
WILDS = {name: index for index, (name, _, _) in enumerate(TILES)}
DUNGEON = make_art.TILE_ID
FIRSTGID = {"dungeon": 1, "wilds": 1 + len(make_art.TILES)}


def draw_tileset() -> pygame.Surface:
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = new_surface(COLUMNS * TILE, rows * TILE)
    for index, (_, draw, _) in enumerate(TILES):
        sheet.blit(draw(), ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return sheet


# --------------------------------------------------------------------------------------------
# Maps
# --------------------------------------------------------------------------------------------

TileRef = tuple[str, str]   # (tileset, tile name)


@dataclass
class Obj:
    """An object in squares: its shape, class and properties."""

    shape: str                                   # rectangle, ellipse, point, polygon, polyline
    x: float
    y: float
    w: float = 0
    h: float = 0
    points: list[tuple[float, float]] = field(default_factory=list)
    cls: str = ""
    name: str = ""
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class MapSpec:
    """A map: tile layers as ASCII rows with legends, object layers, and the rules decor to derive."""

    stem: str
    title: str
    layers: list[tuple[str, list[str], dict[str, TileRef | None], dict[str, Any]]]
    objects: list[tuple[str, list[Obj]]]
    marks: dict[str, dict[tuple[int, int], TileRef]] = field(default_factory=dict)   # decor drawn on top
    folder: Path = MAP_DIR

    @property
    def size(self) -> tuple[int, int]:
        rows = self.layers[0][1]
        return len(rows[0]), len(rows)


def gid(ref: TileRef) -> int:
    tileset, name = ref
    index = (DUNGEON if tileset == "dungeon" else WILDS)[name]
    return FIRSTGID[tileset] + index


def object_xml(obj: Obj, object_id: int) -> list[str]:
    px = lambda v: f"{v * TILE:g}"  # noqa: E731  (squares to pixels)
    attrs = f'id="{object_id}"'
    if obj.name:
        attrs += f" name={quoteattr(obj.name)}"
    if obj.cls:
        attrs += f' type="{obj.cls}"'
    attrs += f' x="{px(obj.x)}" y="{px(obj.y)}"'
    if obj.shape in ("rectangle", "ellipse"):
        attrs += f' width="{px(obj.w)}" height="{px(obj.h)}"'
    lines = [f"  <object {attrs}>"]
    if obj.props:
        lines.extend(property_xml(obj.props, "   "))
    if obj.shape == "ellipse":
        lines.append("   <ellipse/>")
    elif obj.shape == "point":
        lines.append("   <point/>")
    elif obj.shape in ("polygon", "polyline"):
        points = " ".join(f"{px(x - obj.x)},{px(y - obj.y)}" for x, y in obj.points)
        lines.append(f'   <{obj.shape} points="{points}"/>')
    lines.append("  </object>")
    return lines


def map_xml(spec: MapSpec, decor: list[tuple[str, dict[tuple[int, int], TileRef]]]) -> str:
    """The map as Tiled 1.10 TMX: tile layers, the derived decor, the marks, then the object layers."""
    width, height = spec.size
    rel = Path("..") if spec.folder == MAP_DIR else Path("../..")
    decor = decor + list(spec.marks.items())
    layer_count = len(spec.layers) + len(decor) + len(spec.objects)
    object_count = sum(len(objs) for _, objs in spec.objects)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" class="Battlefield" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'infinite="0" nextlayerid="{layer_count + 1}" nextobjectid="{object_count + 1}">',
    ]
    lines.extend(property_xml({"title": spec.title}, " "))
    lines.append(f' <tileset firstgid="{FIRSTGID["dungeon"]}" source="{rel / "assets/tiles/dungeon.tsx"}"/>')
    lines.append(f' <tileset firstgid="{FIRSTGID["wilds"]}" source="{rel / "assets/tiles/wilds.tsx"}"/>')
    layer_id = 0
    grids: list[tuple[str, Callable[[int, int], int], dict[str, Any]]] = []
    for name, rows, legend, props in spec.layers:
        assert len(rows) == height and all(len(r) == width for r in rows), name
        grids.append((name, lambda x, y, rows=rows, legend=legend: _cell(rows, legend, x, y), props))
    for name, cells in decor:
        grids.append((name, lambda x, y, cells=cells: gid(cells[(x, y)]) if (x, y) in cells else 0, {}))
    for name, cell, props in grids:
        layer_id += 1
        cls = ' class="Ground"' if props else ""
        lines.append(f' <layer id="{layer_id}" name="{name}"{cls} width="{width}" height="{height}">')
        if props:
            lines.extend(property_xml(props, "  "))
        lines.append('  <data encoding="csv">')
        lines.append(",\n".join(",".join(str(cell(x, y)) for x in range(width)) for y in range(height)))
        lines.append("</data>")
        lines.append(" </layer>")
    object_id = 0
    for name, objs in spec.objects:
        layer_id += 1
        lines.append(f' <objectgroup id="{layer_id}" name="{escape(name)}">')
        for obj in objs:
            object_id += 1
            lines.extend(object_xml(with_start_presets(obj, spec.stem), object_id))
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def _cell(rows: list[str], legend: dict[str, TileRef | None], x: int, y: int) -> int:
    """The gid of a square; a wall with more wall below it shows its top face, as in the default map."""
    ref = legend[rows[y][x]]
    if ref == (D, "wall") and y + 1 < len(rows) and legend[rows[y + 1][x]] == ref:
        ref = (D, "wall_top")
    return gid(ref) if ref else 0


# --- decor derived from the loaded battlefield -------------------------------------------------


def obscurement_decor(bf: Battlefield, painted: set[tuple[int, int]]) -> dict[tuple[int, int], TileRef]:
    """Haze, mist and gloom where the rules say light, heavy and total obscurement (unless a fog tile shows it)."""
    look = {Obscurement.LIGHT: "haze", Obscurement.HEAVY: "mist", Obscurement.TOTAL: "gloom"}
    return {s: ("wilds", look[bf.at(s).obscured]) for s in bf.squares()
            if bf.at(s).obscured != Obscurement.NONE and s not in painted}


def cliff_decor(bf: Battlefield) -> dict[tuple[int, int], TileRef]:
    """Cliff faces on the lower side of every drop of 10 ft or more, a rim on the upper side."""
    cells: dict[tuple[int, int], TileRef] = {}
    for (x, y) in bf.squares():
        here = bf.elevation((x, y))
        if bf.at((x, y)).solid:
            continue

        def higher(dx: int, dy: int) -> bool:
            other = (x + dx, y + dy)
            return bf.in_bounds(other) and not bf.at(other).solid and bf.elevation(other) - here >= 10

        if higher(0, -1):
            cells[(x, y)] = ("wilds", "cliff_n")
        elif higher(-1, 0):
            cells[(x, y)] = ("wilds", "cliff_w")
        elif higher(1, 0):
            cells[(x, y)] = ("wilds", "cliff_e")
        elif bf.in_bounds((x, y + 1)) and here - bf.elevation((x, y + 1)) >= 10:
            cells[(x, y)] = ("wilds", "cliff_rim")
    return cells


def edge_decor(bf: Battlefield) -> dict[tuple[int, int], TileRef]:
    """Low walls drawn on the square below (north edge) or to the right (west edge) of each edge."""
    north: set[tuple[int, int]] = set()
    west: set[tuple[int, int]] = set()
    for (a, b), kind in bf.edges:
        assert kind == EdgeKind.LOW_WALL, "only low walls have decor tiles"
        (north if a[0] == b[0] else west).add(b)
    cells: dict[tuple[int, int], TileRef] = {}
    for square in north | west:
        name = "low_wall_nw" if square in north and square in west else "low_wall_n" if square in north else "low_wall_w"
        cells[square] = ("wilds", name)
    return cells


# --- the maps ------------------------------------------------------------------------------------

D = "dungeon"
W = "wilds"


# Each side's preset per map and ruleset, where the ruleset's default would not make a fair fight on that map: written
# as the start areas' `presets` property (docs/maps.md; docs/balance.md, issue 21). {map stem: {side: preset key}},
# one table a ruleset.
PRESETS_4E: dict[str, dict[str, str]] = {
    "marsh": {"red": "troll_and_goblins"},
    "cliffside": {"red": "troll_and_bugbears"},
    "tower": {"red": "kobolds_and_stirges"},
}
PRESETS_5E: dict[str, dict[str, str]] = {
    "marsh": {"red": "hobgoblin_band"},
    "cliffside": {"red": "ogre_and_bugbears"},
    "tower": {"red": "ogre_and_bugbears"},
}
PRESETS_SOTDL: dict[str, dict[str, str]] = {
    # The Wanderers won 67% against the Orc raiders on the Marsh; against the Orc warband 57% (200 games).
    "marsh": {"red": "yellow"},
    # Four-way, the Ogre and goblins won 4% and the Orc warband 48%: the warband in the heroes' opposite corner and
    # the Orc raiders in the other two, 34/33/16/19% (200 games).
    "four-banners": {"red": "yellow", "green": "red", "yellow": "red"},
}
PRESETS_D20: dict[str, dict[str, str]] = {
    # The Gangsters won 26 of 40 against the Agents on the Cliffside; against the Soldiers and guards 14 of 30.
    "cliffside": {"blue": "green"},
    # The Agents won 31 of 40 against the Gangsters on the Tower; against the Soldiers and guards 15 of 30.
    "tower": {"red": "green"},
    # Four-way, the Agents won 3 of 40 and the Gangsters 7; the Agents against three gangs of Gangsters 18/12/20/9 of 60.
    "four-banners": {"green": "red", "yellow": "red"},
}
START_PRESETS = {"4e": PRESETS_4E, "5e-house": PRESETS_5E, "sotdl-house": PRESETS_SOTDL, "d20-modern": PRESETS_D20}


def with_start_presets(obj: Obj, stem: str) -> Obj:
    """A start area with the presets its side starts on in this map (START_PRESETS), if any."""
    side = obj.props.get("side")
    named = "; ".join(f"{rules}={table[stem][side]}" for rules, table in START_PRESETS.items()
                      if side in table.get(stem, {}))
    return replace(obj, props={**obj.props, "presets": named}) if obj.cls == "StartArea" and named else obj


def rect_start(side: str, x: int, y: int, w: int, h: int) -> Obj:
    return Obj("rectangle", x, y, w, h, cls="StartArea", name=f"{side} start", props={"side": side})


def mirrored_rows(west: list[str]) -> list[str]:
    """Whole rows from their west halves, the east half the west one's mirror image (fair start areas, issue 21)."""
    return [row + row[::-1] for row in west]


def mirrored_edge(edge: Obj, width: int) -> Obj:
    """An edge polyline's mirror image across the map's vertical middle line (grid lines x -> width - x)."""
    points = [(width - x, y) for x, y in edge.points]
    return Obj(edge.shape, points[0][0], points[0][1], points=points, cls=edge.cls,
               name=edge.name.replace("west", "east"), props=dict(edge.props))


def keep() -> MapSpec:
    """The Ruined Keep: arrow slits give superior cover, low walls and rubble give cover in the yard. The two
    sides come into the yard from the west and the east; each half of the map is the other's mirror image."""
    ground_rows = ["#" * 24] + ["#" + "." * 22 + "#"] * 4 + ["#" * 24] + [",,,,,,,,,,::::,,,,,,,,,,"] * 10
    terrain_rows = mirrored_rows([
        "WWWWWWWWWWWW",
        "W.......W...",
        "W.......W..S",
        "W..P.......r",
        "W.....C.W...",
        "WWWaWWWaWWW.",
        "...........r",
        "..r.....C...",
        "............",
        "..........R.",
        "....P.......",
        ".....r......",
        "............",
        ".........r..",
        "............",
        "............",
    ])
    legend: dict[str, TileRef | None] = {
        ".": None, "W": (D, "wall"), "C": (D, "crate"), "S": (D, "statue_base"), "P": (D, "broken_pillar"),
        "r": (D, "rubble"), "R": (D, "rubble_masonry"), "a": (W, "arrow_slit"),
    }
    ground_legend: dict[str, TileRef | None] = {"#": (D, "floor_stone"), ".": (D, "floor_stone_worn"),
                                                ",": (D, "floor_grass"), ":": (D, "floor_dirt")}
    west = [
        Obj("polyline", 2, 9, points=[(2, 9), (8, 9)], cls="Edge", name="west yard wall", props={"edge": "low_wall"}),
        Obj("polyline", 5, 12, points=[(5, 12), (5, 14), (9, 14)], cls="Edge", name="west sheepfold",
            props={"edge": "low_wall"}),
    ]
    walls = west + [mirrored_edge(edge, 24) for edge in west]
    starts = [rect_start("blue", 0, 11, 3, 4), rect_start("red", 21, 11, 3, 4)]
    return MapSpec("keep", "The Ruined Keep",
                   [("ground", ground_rows, ground_legend, {}), ("walls and cover", terrain_rows, legend, {})],
                   [("low walls", walls), ("start", starts)])


def marsh() -> MapSpec:
    """The Foggy Marsh: bog and water slow everyone, reeds and fog hide them, darkness swallows the hollow."""
    ground_rows = [
        ",,,.,,,,,~~~,,,,,,,,,,,,",
        ",,.,,,bb,~~~~,,,,,,,,.,,",
        ",.,,,,bbb,~~~,,,,,,,,,,,",
        ",,,,,,,bb,,~~~,,,,,bb,,,",
        ",,,,,,,,,,,,~~~~,,,bbb,,",
        ",,,.,,,,,,,,,~=~,,,,,,,,",
        ",,,,,,,,,,,,,~=~,,,,,.,,",
        ",,,,,,~~~~~~~~=~~~,,,,,,",
        ",,,,,~~~~~~~~~=~~~~~,,,,",
        ",,,,~~~,,,,,,~=~,,~~~,,,",
        ",,,,~~,,bb,,,,~~,,,~~,,,",
        ",,,~~,,,bbb,,,,,,,,,~~,,",
        ",,,~~,,,,b,,,,,,,,,,,~~,",
        ",,~~,,,,,,,,,,bb,,,,,,~~",
        ",~~,,,,,,,,,,bbb,,,,,,,~",
        ",~,,,,,,,,,,,,,,,,,,,,,,",
    ]
    ground_legend: dict[str, TileRef | None] = {
        ",": (W, "marsh_grass"), ".": (W, "marsh_grass_dark"), "~": (W, "marsh_water"), "b": (W, "bog"),
        "=": (W, "boardwalk"),
    }
    feature_rows = [
        "..T.....................",
        ".......R......S.........",
        "....................T...",
        "...S.......RR...........",
        "..........RRR...........",
        "......T..........S......",
        "........................",
        "........................",
        "........................",
        "..........T......S......",
        "......RR................",
        "......RRR......T........",
        "...........S............",
        ".....T..................",
        "...................RR...",
        "..........S.........R...",
    ]
    feature_legend: dict[str, TileRef | None] = {".": None, "T": (W, "dead_tree"), "S": (W, "mossy_stone"),
                                                 "R": (W, "reeds")}
    fog_rows = ["." * 24] * 2 + [
        "..................ffff..",
        ".................ffffff.",
        "................fffffff.",
        ".................fffff..",
    ] + ["." * 24] * 6 + [
        "..ff....................",
        ".ffff...................",
        ".fffff..................",
        "..fff...................",
    ]
    fog_legend: dict[str, TileRef | None] = {".": None, "f": (D, "fog_light")}
    zones = [
        Obj("ellipse", 6, 4, 7, 5, cls="Terrain", name="fog bank", props={"obscured": "heavy"}),
        Obj("polygon", 14, 7, points=[(14, 7), (21, 7), (24, 10), (24, 15), (16, 16), (12, 12)], cls="Terrain",
            name="drowned hollow", props={"obscured": "total"}),
        Obj("rectangle", 9, 13, 4, 3, cls="Terrain", name="marsh haze", props={"obscured": "light"}),
    ]
    lights = [
        Obj("point", 21.5, 11.5, cls="Light", name="ferryman's lantern", props={"light_radius": 2}),
        Obj("point", 15.5, 13.5, cls="Light", name="will-o'-wisp", props={"light_radius": 1}),
    ]
    starts = [rect_start("blue", 0, 6, 3, 4), rect_start("red", 19, 4, 4, 3)]
    return MapSpec("marsh", "The Foggy Marsh",
                   [("ground", ground_rows, ground_legend, {}),
                    ("reeds, trees and stones", feature_rows, feature_legend, {}),
                    ("fog", fog_rows, fog_legend, {})],
                   [("fog and darkness", zones), ("lights", lights), ("start", starts)],
                   marks={"lanterns (decor)": {(21, 11): (W, "lantern"), (15, 13): (W, "lantern")}})


def cliffside() -> MapSpec:
    """The Cliffside: a 20 ft cliff, stairs, a ledge, and a chasm under a plank bridge, for falls and push-offs.
    The sides start at the west and east ends of the ground between cliff and chasm, each half the other's
    mirror image: a climb to the heights and a bridge to the far side for both."""
    high_rows = ["h" * 24] * 6 + ["." * 24] * 10
    low_rows = ["." * 24] * 6 + mirrored_rows([
        "rrrrrrrrrrrr",
        "rrrsrrrrrrrr",
        "rrrrrrrrrrrr",
        "rrrrrrrrrrrr",
        "LLLLLLLLLLLB",
        "cccccccccccB",
        "rrrrrrrrrrrr",
        "rrrrrrrrrrrr",
        "rrrsrrrrrrrr",
        "rrrrrrrrrrrr",
    ])
    features = mirrored_rows([
        "............",
        "...T......T.",
        "............",
        ".........O..",
        "..T.........",
        "............",
        ".....S....LL",
        ".....S......",
        ".....S..ss..",
        "......O..s..",
        "............",
        "............",
        "............",
        "......O.....",
        "............",
        "............",
    ])
    high_legend: dict[str, TileRef | None] = {".": None, "h": (W, "plateau_grass")}
    low_legend: dict[str, TileRef | None] = {".": None, "r": (W, "rock_floor"), "s": (W, "scree"),
                                             "L": (W, "chasm_lip"), "c": (W, "chasm"), "B": (W, "bridge")}
    feature_legend: dict[str, TileRef | None] = {".": None, "T": (D, "broken_pillar"), "O": (W, "boulder"),
                                                 "S": (W, "stairs"), "s": (W, "scree"), "L": (W, "rock_ledge")}
    zones = [
        Obj("rectangle", 5, 6, 1, 1, cls="Terrain", name="west top step", props={"elevation_ft": 15}),
        Obj("rectangle", 5, 7, 1, 1, cls="Terrain", name="west middle step", props={"elevation_ft": 10}),
        Obj("rectangle", 5, 8, 1, 1, cls="Terrain", name="west bottom step", props={"elevation_ft": 5}),
        Obj("rectangle", 18, 6, 1, 1, cls="Terrain", name="east top step", props={"elevation_ft": 15}),
        Obj("rectangle", 18, 7, 1, 1, cls="Terrain", name="east middle step", props={"elevation_ft": 10}),
        Obj("rectangle", 18, 8, 1, 1, cls="Terrain", name="east bottom step", props={"elevation_ft": 5}),
        Obj("rectangle", 10, 6, 4, 1, cls="Terrain", name="ledge", props={"elevation_ft": 10}),
        Obj("polygon", 0, 10, points=[(0, 10), (24, 10), (24, 12), (0, 12)], cls="Terrain", name="chasm",
            props={"elevation_ft": -40}),
    ]
    starts = [rect_start("blue", 0, 6, 3, 4), rect_start("red", 21, 6, 3, 4)]
    return MapSpec("cliffside", "The Cliffside",
                   [("low ground", low_rows, low_legend, {}),
                    ("high ground", high_rows, high_legend, {"elevation_ft": 20}),
                    ("features", features, feature_legend, {})],
                   [("heights", zones), ("start", starts)])


def tower() -> MapSpec:
    """The Wizard's Tower: a wall of force splits the hall (see through, not shoot through); portals cross it,
    the curtained gallery goes round it, and a square at either end of it lets a creature squeeze past."""
    width, height = 25, 16
    cells = {(x, y): "W" for y in range(height) for x in range(width)}
    for x in range(3, 22):
        cells[(x, 1)] = "c" if 11 <= x <= 13 else "."         # the gallery, curtained in the middle
    cells[(4, 2)] = cells[(20, 2)] = "."                     # doorways down into the hall
    for y in range(3, 15):
        for x in range(1, 24):
            # The hall, split by the wall of force, open at both ends: with the gallery alone (one square wide,
            # curtained) the rulesets without portals fought single file there until round 30 (issue 21).
            cells[(x, y)] = "F" if x == 12 and 4 <= y <= 13 else "."
    for square in ((1, 3), (1, 4), (23, 3), (23, 4), (1, 13), (1, 14), (23, 13), (23, 14), (2, 14), (22, 14)):
        cells[square] = "K"
    for square in ((8, 5), (16, 5), (8, 11), (16, 11)):
        cells[square] = "P"
    for square in ((7, 8), (17, 8)):
        cells[square] = "g"
    wall_rows = ["".join(cells[(x, y)] for x in range(width)) for y in range(height)]
    floor_rows = ["".join("." if cells[(x, y)] in ".Fgc" and (x * 7 + y * 5) % 9 == 0 else "#" for x in range(width))
                  for y in range(height)]
    legend: dict[str, TileRef | None] = {
        ".": None, "W": (D, "wall"), "K": (W, "bookshelf"), "c": (W, "curtain"), "F": (W, "force_wall"),
        "P": (D, "broken_pillar"), "g": (W, "glyph"),
    }
    floor_legend: dict[str, TileRef | None] = {"#": (W, "tower_floor"), ".": (W, "tower_floor_runes")}
    portals = [
        Obj("point", 4.5, 4.5, cls="Portal", name="sun gate west", props={"portal": "sun"}),
        Obj("point", 20.5, 12.5, cls="Portal", name="sun gate east", props={"portal": "sun"}),
        Obj("rectangle", 4, 12, 1, 1, cls="Portal", name="moon gate west", props={"portal": "moon"}),
        Obj("rectangle", 20, 4, 1, 1, cls="Portal", name="moon gate east", props={"portal": "moon"}),
    ]
    starts = [rect_start("blue", 2, 6, 3, 4), rect_start("red", 20, 6, 3, 4)]
    marks = {(4, 4): (W, "portal_sun"), (20, 12): (W, "portal_sun"), (4, 12): (W, "portal_moon"),
             (20, 4): (W, "portal_moon")}
    return MapSpec("tower", "The Wizard's Tower",
                   [("floor", floor_rows, floor_legend, {}), ("walls and wards", wall_rows, legend, {})],
                   [("portals", portals), ("start", starts)], marks={"portal rings (decor)": marks})


def four_banners() -> MapSpec:
    """Four Banners: a crossroads arena for three or four sides, one start area in each corner, a pillared
    shrine in the middle (cover), ruined towers between the corners and rubble on the roads."""
    road = ",,,,,,,,,,,::,,,,,,,,,,,"
    plaza = ",,,,,,,,,######,,,,,,,,,"
    crossing = ":::::::::######:::::::::"
    ground_rows = [road] * 6 + [plaza] * 2 + [crossing] * 2 + [plaza] * 2 + [road] * 6
    # Turned half round, the field is the same: every corner has the same ground to cross.
    north = [
        "........................",
        "........................",
        "........................",
        "..........r.............",
        "......WW........WW......",
        "......WW...C....WW......",
        ".........P....P.........",
        "...r....................",
        "...........S.........C..",
    ]
    terrain_rows = north + ["".join(reversed(row)) for row in reversed(north)]
    legend: dict[str, TileRef | None] = {
        ".": None, "W": (D, "wall"), "P": (D, "broken_pillar"), "S": (D, "statue_base"), "C": (D, "crate"),
        "r": (D, "rubble"),
    }
    ground_legend: dict[str, TileRef | None] = {",": (D, "floor_grass"), ":": (D, "floor_dirt"),
                                                "#": (D, "floor_stone_worn")}
    walls = [
        Obj("polyline", 9, 6, points=[(9, 6), (11, 6)], cls="Edge", name="shrine wall north-west",
            props={"edge": "low_wall"}),
        Obj("polyline", 13, 12, points=[(13, 12), (15, 12)], cls="Edge", name="shrine wall south-east",
            props={"edge": "low_wall"}),
    ]
    starts = [rect_start("blue", 1, 1, 4, 3), rect_start("red", 19, 14, 4, 3), rect_start("green", 19, 1, 4, 3),
              rect_start("yellow", 1, 14, 4, 3)]
    return MapSpec("four-banners", "Four Banners",
                   [("ground", ground_rows, ground_legend, {}), ("walls and cover", terrain_rows, legend, {})],
                   [("low walls", walls), ("start", starts)])


def first_skirmish() -> MapSpec:
    """The small map docs/maps.md walks a newcomer through: a room, a pillar, two start areas."""
    rows = [
        "WWWWWWWWWWWW",
        "W..........W",
        "W....P.....W",
        "W..........W",
        "W......P...W",
        "W..........W",
        "W..........W",
        "WWWWWWWWWWWW",
    ]
    ground_rows = ["." * 12] * 8
    legend: dict[str, TileRef | None] = {".": None, "W": (D, "wall"), "P": (D, "broken_pillar")}
    starts = [rect_start("blue", 1, 1, 3, 3), rect_start("red", 8, 4, 3, 3)]
    return MapSpec("first-skirmish", "My First Skirmish",
                   [("ground", ground_rows, {".": (D, "floor_stone")}, {}), ("walls", rows, legend, {})],
                   [("start", starts)], folder=EXAMPLE_DIR)


def decor_for(spec: MapSpec, bf: Battlefield) -> list[tuple[str, dict[tuple[int, int], TileRef]]]:
    """The decor layers a map needs so players see what its rules do."""
    layers = []
    if bf.elevation_ft:
        layers.append(("cliff faces (decor)", cliff_decor(bf)))
    if bf.edges:
        layers.append(("low walls (decor)", edge_decor(bf)))
    painted = {(x, y) for name, rows, legend, _ in spec.layers if name == "fog"
               for y, row in enumerate(rows) for x, ch in enumerate(row) if legend[ch]}
    overlay = obscurement_decor(bf, painted)
    if overlay:
        layers.append(("fog and darkness (decor)", overlay))
    return layers


def write_map(spec: MapSpec) -> Path:
    """Write the map, load it as the game does, add the derived decor, and check the rules did not change."""
    path = spec.folder / f"{spec.stem}.tmx"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(map_xml(spec, []), encoding="utf-8")
    bare = load_battlefield(path)
    path.write_text(map_xml(spec, decor_for(spec, bare)), encoding="utf-8")
    assert load_battlefield(path) == bare, f"decor changed the rules of {path}"
    return path


# --------------------------------------------------------------------------------------------
# Tiled project, property types, thumbnails
# --------------------------------------------------------------------------------------------


def project_json() -> dict[str, Any]:
    return {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1100,
        "extensionsPath": "extensions",
        "folders": [".", "../assets/tiles"],
        "properties": [],
        "propertyTypes": schema.tiled_property_types(),
    }


def thumbnail(path: Path, out: Path) -> None:
    """Draw the map's tile layers headless, tint the start areas, and scale to THUMB_WIDTH pixels wide."""
    from pytmx.util_pygame import load_pygame
    import pytmx

    tmx = load_pygame(str(path))
    tw, th = int(tmx.tilewidth), int(tmx.tileheight)
    full = pygame.Surface((int(tmx.width) * tw, int(tmx.height) * th))
    full.fill((40, 40, 40))
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                full.blit(image, (x * tw, (y + 1) * th - image.get_height()))
    bf = load_battlefield(path)
    tint = new_surface(*full.get_size())
    for side, squares in bf.start_areas:
        color = THUMB_SIDE_COLOURS[side]
        for x, y in squares:
            pygame.draw.rect(tint, (*color, 90), (x * tw, y * th, tw, th))
            pygame.draw.rect(tint, (*color, 220), (x * tw, y * th, tw, th), 2)
    full.blit(tint, (0, 0))
    height = round(full.get_height() * THUMB_WIDTH / full.get_width())
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.transform.smoothscale(full, (THUMB_WIDTH, height)), str(out))


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(draw_tileset(), str(TILE_DIR / "wilds.png"))
    (TILE_DIR / "wilds.tsx").write_text(tileset_xml("wilds", TILES), encoding="utf-8")
    maps = [write_map(spec()) for spec in (keep, marsh, cliffside, tower, four_banners, first_skirmish)]
    (MAP_DIR / PROJECT).write_text(json.dumps(project_json(), indent=4) + "\n", encoding="utf-8")
    (MAP_DIR / PROPERTY_TYPES).write_text(json.dumps(schema.tiled_property_types(), indent=4) + "\n",
                                          encoding="utf-8")
    for path in maps + [MAP_DIR / "default.tmx"]:
        if path.parent == MAP_DIR:
            thumbnail(path, THUMB_DIR / f"{path.stem}.png")
    pygame.quit()


if __name__ == "__main__":
    main()
