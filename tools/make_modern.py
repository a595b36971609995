"""Draw the d20-modern art: the modern tileset, the unit sprites of game/rulesets/d20modern/content, and the
Warehouse map (maps/warehouse.tmx) with its thumbnail.

The map is laid out here in ASCII like tools/make_maps.py lays out the others (whose helpers it uses); its
decor that shows what the rules do (fog, cliff faces) is derived from the battlefield the game loads.
Run `python tools/make_modern.py` from the repository root; it is deterministic.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import make_art  # noqa: E402  (sets the SDL environment before pygame is imported)
import make_maps  # noqa: E402
import pygame  # noqa: E402
from make_art import TILE, drop_shadow, new_surface, property_xml, shade, speckle, tileset_xml  # noqa: E402
from make_maps import MapSpec, Obj, TileRef, decor_for, object_xml, rect_start  # noqa: E402

from game.maps.loader import load_battlefield  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TILE_DIR = ROOT / "assets" / "tiles"
UNIT_DIR = ROOT / "assets" / "units"
MAP_DIR = ROOT / "maps"
COLUMNS = 8

ASPHALT = (58, 60, 64)
CONCRETE = (126, 124, 118)
ROOF = (92, 84, 80)

# --------------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------------


def paving(base: tuple[int, int, int], seed: int, grid: int = -10) -> pygame.Surface:
    rng = random.Random(seed)
    surface = new_surface()
    speckle(surface, rng, base, 5)
    pygame.draw.line(surface, shade(base, grid), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(base, grid), (0, 0), (0, 31))
    return surface


def lane_mark() -> pygame.Surface:
    surface = paving(ASPHALT, 402)
    pygame.draw.rect(surface, (222, 200, 90), (4, 14, 24, 4))
    return surface


def car(color: tuple[int, int, int], part: str) -> pygame.Surface:
    """Cover, hard to climb over (difficult): one square of a car parked along the street, seen from above
    (front to the west, middle, back to the east)."""
    surface = paving(ASPHALT, 410 + len(part))
    drop_shadow(surface, pygame.Rect(2, 0 if part != "front" else 3, 28, 32 if part == "middle" else 29), 110)
    top = 3 if part == "front" else 0
    bottom = 29 if part == "back" else 32
    body = pygame.Rect(3, top, 26, bottom - top)
    pygame.draw.rect(surface, color, body, border_radius=5 if part != "middle" else 0)
    pygame.draw.rect(surface, shade(color, -40), body, 1, border_radius=5 if part != "middle" else 0)
    if part == "middle":
        pygame.draw.rect(surface, (150, 190, 210), (7, 2, 18, 8))      # windscreen
        pygame.draw.rect(surface, shade(color, 25), (6, 11, 20, 12))    # roof
        pygame.draw.rect(surface, (120, 160, 180), (7, 24, 18, 6))     # rear window
    elif part == "front":
        pygame.draw.rect(surface, (250, 240, 190), (5, 4, 5, 3))
        pygame.draw.rect(surface, (250, 240, 190), (22, 4, 5, 3))
    else:
        pygame.draw.rect(surface, (200, 40, 40), (5, 25, 5, 3))
        pygame.draw.rect(surface, (200, 40, 40), (22, 25, 5, 3))
    return pygame.transform.rotate(surface, 90)


def crate_stack() -> pygame.Surface:
    """Cover: a pallet of wooden crates."""
    surface = new_surface()
    drop_shadow(surface, pygame.Rect(4, 6, 26, 26), 100)
    wood, dark = (150, 110, 62), (96, 66, 36)
    for rect in ((3, 3, 13, 13), (16, 3, 13, 13), (3, 16, 13, 13), (16, 16, 13, 13)):
        pygame.draw.rect(surface, wood, rect)
        pygame.draw.rect(surface, dark, rect, 1)
        pygame.draw.line(surface, dark, (rect[0], rect[1]), (rect[0] + rect[2] - 1, rect[1] + rect[3] - 1))
    return surface


def barrels() -> pygame.Surface:
    """Cover: oil drums."""
    surface = new_surface()
    for cx, cy in ((10, 10), (22, 12), (15, 23)):
        drop_shadow(surface, pygame.Rect(cx - 6, cy - 4, 14, 14), 90, True)
        pygame.draw.circle(surface, (52, 92, 140), (cx, cy), 7)
        pygame.draw.circle(surface, (32, 62, 100), (cx, cy), 7, 1)
        pygame.draw.circle(surface, (80, 120, 170), (cx - 2, cy - 2), 2)
    return surface


def shelving() -> pygame.Surface:
    """A wall: tall steel shelving packed with boxes."""
    surface = paving(shade(CONCRETE, -30), 420)
    pygame.draw.rect(surface, (70, 74, 84), (1, 1, 30, 30))
    for y in (4, 13, 22):
        for x in (3, 12, 21):
            pygame.draw.rect(surface, (168, 132, 84), (x, y, 8, 7))
    return surface


def roof(seed: int) -> pygame.Surface:
    surface = paving(ROOF, seed, grid=-14)
    for y in (8, 16, 24):
        pygame.draw.line(surface, shade(ROOF, -12), (0, y), (31, y))
    return surface


def roof_edge() -> pygame.Surface:
    """Decor: the parapet-less roof edge, a lip of lighter flashing."""
    surface = roof(431)
    pygame.draw.rect(surface, (170, 166, 156), (0, 27, 32, 5))
    return surface


def fire_escape() -> pygame.Surface:
    """Difficult (steep steel stairs): the fire escape from the street to the roof."""
    surface = paving(shade(ASPHALT, 10), 440)
    for y in range(2, 32, 5):
        pygame.draw.rect(surface, (120, 124, 132), (4, y, 24, 3))
        pygame.draw.line(surface, (70, 74, 80), (4, y + 3), (27, y + 3))
    pygame.draw.line(surface, (160, 164, 172), (3, 0), (3, 31), 2)
    pygame.draw.line(surface, (160, 164, 172), (28, 0), (28, 31), 2)
    return surface


def dumpster() -> pygame.Surface:
    """Cover: a green dumpster."""
    surface = paving(ASPHALT, 450)
    drop_shadow(surface, pygame.Rect(3, 7, 28, 22), 110)
    pygame.draw.rect(surface, (52, 110, 64), (2, 5, 28, 22))
    pygame.draw.rect(surface, (30, 70, 40), (2, 5, 28, 22), 1)
    pygame.draw.line(surface, (30, 70, 40), (16, 5), (16, 26))
    return surface


TileProps = make_art.TileProps
TILES: list[tuple[str, Callable[[], pygame.Surface], TileProps]] = [
    ("asphalt", lambda: paving(ASPHALT, 401), {}),
    ("lane_mark", lane_mark, {}),
    ("concrete", lambda: paving(CONCRETE, 403), {}),
    ("warehouse_floor", lambda: paving(shade(CONCRETE, -18), 404), {}),
    ("car_red_front", lambda: car((176, 40, 36), "front"), {"cover": True, "difficult": True}),
    ("car_red_middle", lambda: car((176, 40, 36), "middle"), {"cover": True, "difficult": True}),
    ("car_red_back", lambda: car((176, 40, 36), "back"), {"cover": True, "difficult": True}),
    ("car_grey_front", lambda: car((150, 156, 166), "front"), {"cover": True, "difficult": True}),
    ("car_grey_middle", lambda: car((150, 156, 166), "middle"), {"cover": True, "difficult": True}),
    ("car_grey_back", lambda: car((150, 156, 166), "back"), {"cover": True, "difficult": True}),
    ("crate_stack", crate_stack, {"cover": True}),
    ("barrels", barrels, {"cover": True}),
    ("shelving", shelving, {"wall": True}),
    ("roof", lambda: roof(430), {}),
    ("roof_edge", roof_edge, {}),
    ("fire_escape", fire_escape, {"difficult": True}),
    ("dumpster", dumpster, {"cover": True, "difficult": True}),
]
MODERN = {name: index for index, (name, _, _) in enumerate(TILES)}


def draw_tileset() -> pygame.Surface:
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = new_surface(COLUMNS * TILE, rows * TILE)
    for index, (_, draw, _) in enumerate(TILES):
        sheet.blit(draw(), ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return sheet

# --------------------------------------------------------------------------------------------
# Sprites (make_art's 16x16 patterns and palette)
# --------------------------------------------------------------------------------------------


PERSON = [
    "................",
    "......hhhh......",
    ".....hhhhhh.....",
    ".....hssssh.....",
    ".....sEssEs.....",
    "......ssss......",
    ".......ss.......",
    "....CCCTTCCC....",
    "...CCCCTTCCCC...",
    "...CsCCTTCCsC...",
    "...sGCCTTCCCs...",
    ".....CCCCCC.....",
    ".....LLLLLL.....",
    ".....LL..LL.....",
    ".....kk..kk.....",
    "................",
]
DOG = [
    "................",
    "................",
    "...FF...........",
    "..FffF..........",
    ".kFfffF.........",
    "..fffffFFFFFF...",
    "...FffffffffffF.",
    "....fffffffffFF.",
    "....FfffffffF.f.",
    "....Ff.FF..Ff...",
    "....F..F...F....",
    "...kk..kk.kk....",
    "................",
    "................",
    "................",
    "................",
]


def person(coat: str, tie: str, legs: str, eyes: str = "k", hair: str = "h", gun: str = "M") -> list[str]:
    swap = {"C": coat, "T": tie, "L": legs, "E": eyes, "h": hair, "G": gun}
    return ["".join(swap.get(ch, ch) for ch in row) for row in PERSON]


SPRITES: dict[str, list[str]] = {
    "agent": person("N", "w", "N", eyes="k", hair="k"),
    "field_agent": person("B", "k", "N", eyes="k", hair="h"),
    "gangster": person("r", "R", "n", hair="k"),
    "enforcer": person("l", "L", "n", hair="k", gun="k"),
    "gang_boss": person("y", "r", "N", hair="k", gun="w"),
    "soldier": person("v", "V", "V", hair="V"),
    "grenadier": person("V", "y", "V", hair="V"),
    "security_guard": person("c", "B", "B", hair="h"),
    "guard_dog": DOG,
}

# --------------------------------------------------------------------------------------------
# The Warehouse
# --------------------------------------------------------------------------------------------

D, W, X = "dungeon", "wilds", "modern"
FIRSTGID = {"dungeon": 1, "wilds": 1 + len(make_art.TILES), "modern": 1 + len(make_art.TILES) + len(make_maps.TILES)}


def gid(ref: TileRef) -> int:
    tileset, name = ref
    index = {"dungeon": make_art.TILE_ID, "wilds": make_maps.WILDS, "modern": MODERN}[tileset][name]
    return FIRSTGID[tileset] + index


def warehouse() -> MapSpec:
    """The Warehouse: a street of parked cars, a dumpster and barrels, the warehouse's crates and shelving in
    the gloom, and the flat roof of the annex, 20 ft up, reached by the fire escape: an edge to fall from."""
    inside = "#" + "f" * 16 + "r" + "#"                   # x 0-18: the warehouse
    ground = (["#" * 19 + "#" + "R" * 7]
              + [inside + "#" + "R" * 7] * 3
              + [inside + "." + "R" * 7] * 3
              + [inside + "." + "e" * 7]
              + ["##.....###########" + "." * 9]
              + ["c" * 26 + "."] + ["a" * 26 + "."] + ["-" * 26 + "."] + ["a" * 26 + "."] * 2 + ["c" * 26 + "."])
    features = [
        "#" * 20 + ".......",
        "#.................##.......",
        "#..SSS.....SSS....##..B....",
        "#.................##.......",
        "#....X.....X...X..#F.......",
        "#..SSS.....SSS....#F...B...",
        "#.........X.......#F.......",
        "#....X............#F.......",
        "##.....###########.........",
        "......O....................",
        "...124.........789.........",
        "...........................",
        "......789..........124.....",
        "...........................",
        "....................O......",
    ]
    ground_legend: dict[str, TileRef | None] = {
        "#": (D, "wall"), "f": (X, "warehouse_floor"), ".": (X, "concrete"), "r": (X, "concrete"),
        "c": (X, "concrete"), "a": (X, "asphalt"), "-": (X, "lane_mark"), "R": (X, "roof"), "e": (X, "roof_edge"),
    }
    feature_legend: dict[str, TileRef | None] = {
        ".": None, "#": (D, "wall"), "S": (X, "shelving"), "X": (X, "crate_stack"), "B": (X, "barrels"),
        "O": (X, "dumpster"), "F": (X, "fire_escape"),
        "1": (X, "car_red_front"), "2": (X, "car_red_middle"), "4": (X, "car_red_back"),
        "7": (X, "car_grey_front"), "8": (X, "car_grey_middle"), "9": (X, "car_grey_back"),
    }
    heights = [
        Obj("rectangle", 20, 0, 7, 8, cls="Terrain", name="annex roof", props={"elevation_ft": 20}),
        Obj("rectangle", 19, 4, 1, 1, cls="Terrain", name="fire escape, top", props={"elevation_ft": 15}),
        Obj("rectangle", 19, 5, 1, 1, cls="Terrain", name="fire escape, middle", props={"elevation_ft": 10}),
        Obj("rectangle", 19, 6, 1, 1, cls="Terrain", name="fire escape, foot", props={"elevation_ft": 5}),
        Obj("rectangle", 1, 1, 7, 3, cls="Terrain", name="unlit corner", props={"obscured": "light"}),
    ]
    # Red waits inside by the loading door, not at the back of the gloom, and yellow stands clear of the dumpster:
    # from the back the inside start won 46% of mirrored four-way sotdl-house games (issue 21, docs/balance.md).
    starts = [rect_start("red", 1, 6, 6, 2), rect_start("blue", 0, 13, 6, 2), rect_start("green", 21, 1, 5, 2),
              rect_start("yellow", 21, 13, 6, 2)]
    return MapSpec("warehouse", "The Warehouse",
                   [("ground", ground, ground_legend, {}), ("cover and cars", features, feature_legend, {})],
                   [("heights and shadows", heights), ("start", starts)])


def map_xml(spec: MapSpec, decor: list[tuple[str, dict[tuple[int, int], TileRef]]]) -> str:
    """The map as Tiled 1.10 TMX with the dungeon, wilds and modern tilesets (make_maps.map_xml's layout)."""
    width, height = spec.size
    decor = decor + list(spec.marks.items())
    layers: list[tuple[str, Callable[[int, int], int]]] = []
    for name, rows, legend, _props in spec.layers:
        assert len(rows) == height and all(len(r) == width for r in rows), name
        layers.append((name, lambda x, y, rows=rows, legend=legend: gid(legend[rows[y][x]]) if legend[rows[y][x]] else 0))
    for name, cells in decor:
        layers.append((name, lambda x, y, cells=cells: gid(cells[(x, y)]) if (x, y) in cells else 0))
    object_count = sum(len(objs) for _, objs in spec.objects)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" class="Battlefield" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'infinite="0" nextlayerid="{len(layers) + len(spec.objects) + 1}" nextobjectid="{object_count + 1}">',
    ]
    lines.extend(property_xml({"title": spec.title}, " "))
    for name in ("dungeon", "wilds", "modern"):
        lines.append(f' <tileset firstgid="{FIRSTGID[name]}" source="../assets/tiles/{name}.tsx"/>')
    layer_id = 0
    for name, cell in layers:
        layer_id += 1
        lines.append(f' <layer id="{layer_id}" name="{name}" width="{width}" height="{height}">')
        lines.append('  <data encoding="csv">')
        lines.append(",\n".join(",".join(str(cell(x, y)) for x in range(width)) for y in range(height)))
        lines.append("</data>")
        lines.append(" </layer>")
    object_id = 0
    for name, objs in spec.objects:
        layer_id += 1
        lines.append(f' <objectgroup id="{layer_id}" name="{name}">')
        for obj in objs:
            object_id += 1
            lines.extend(object_xml(obj, object_id))
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def write_map(spec: MapSpec) -> Path:
    path = MAP_DIR / f"{spec.stem}.tmx"
    path.write_text(map_xml(spec, []), encoding="utf-8")
    bare = load_battlefield(path)
    path.write_text(map_xml(spec, decor_for(spec, bare)), encoding="utf-8")
    assert load_battlefield(path) == bare, f"decor changed the rules of {path}"
    return path


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(draw_tileset(), str(TILE_DIR / "modern.png"))
    (TILE_DIR / "modern.tsx").write_text(tileset_xml("modern", TILES), encoding="utf-8")
    for name, pattern in SPRITES.items():
        pygame.image.save(make_art.draw_unit(pattern), str(UNIT_DIR / f"{name}.png"))
    path = write_map(warehouse())
    make_maps.thumbnail(path, make_maps.THUMB_DIR / f"{path.stem}.png")
    pygame.quit()


if __name__ == "__main__":
    main()
