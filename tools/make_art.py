"""Draw the dungeon tileset, the unit sprites and the default battle map, all in code, deterministically."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment must be set before pygame is imported)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.maps import schema  # noqa: E402  (the property schema the tilesets are typed by)

TILE_DIR = ROOT / "assets" / "tiles"
UNIT_DIR = ROOT / "assets" / "units"
MAP_PATH = ROOT / "maps" / "default.tmx"

TILE = 32
COLUMNS = 8

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[int, int]


# --------------------------------------------------------------------------------------------
# Small drawing helpers
# --------------------------------------------------------------------------------------------


def new_surface(width: int = TILE, height: int = TILE) -> pygame.Surface:
    """A fully transparent 32-bit surface."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    surface.fill((0, 0, 0, 0))
    return surface


def shade(color: Color, amount: int) -> tuple[int, int, int]:
    """Lighten (amount > 0) or darken (amount < 0) an RGB colour, clamped."""
    return tuple(max(0, min(255, c + amount)) for c in color[:3])  # type: ignore[return-value]


def speckle(surface: pygame.Surface, rng: random.Random, base: Color, spread: int,
            rect: pygame.Rect | None = None) -> None:
    """Fill rect with base colour, jittering each pixel's brightness by up to +-spread."""
    area = rect or surface.get_rect()
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            surface.set_at((x, y), shade(base, rng.randint(-spread, spread)))


def blend(surface: pygame.Surface, draw: Callable[[pygame.Surface], None]) -> None:
    """Draw onto a scratch layer with draw(), then alpha-blend the layer onto surface."""
    layer = new_surface(*surface.get_size())
    draw(layer)
    surface.blit(layer, (0, 0))


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 90,
                ellipse: bool = False) -> None:
    """A soft-edged dark shadow under a feature (blended, so it darkens whatever is beneath)."""
    def draw(layer: pygame.Surface) -> None:
        if ellipse:
            pygame.draw.ellipse(layer, (0, 0, 0, alpha), rect)
        else:
            pygame.draw.rect(layer, (0, 0, 0, alpha), rect, border_radius=3)
    blend(surface, draw)


def rock(surface: pygame.Surface, center: Point, radius: Point, base: Color) -> None:
    """One shaded chunky stone: drop shadow, dark rim, lit top-left, shaded bottom-right."""
    cx, cy = center
    rx, ry = radius
    drop_shadow(surface, pygame.Rect(cx - rx + 1, cy - ry + 2, 2 * rx + 1, 2 * ry + 1), 110, True)
    body = pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry)
    pygame.draw.ellipse(surface, shade(base, -46), body)
    pygame.draw.ellipse(surface, shade(base, -14), body.inflate(-2, -2))
    lit = pygame.Rect(cx - rx + 1, cy - ry + 1, max(2, 2 * rx - 3), max(2, 2 * ry - 3))
    pygame.draw.ellipse(surface, base, lit)
    highlight = pygame.Rect(cx - rx + 2, cy - ry + 1, max(1, rx - 1), max(1, ry - 1))
    pygame.draw.ellipse(surface, shade(base, 26), highlight)


def block(surface: pygame.Surface, rect: pygame.Rect, base: Color) -> None:
    """A fallen squared masonry block seen from above."""
    shadow = rect.move(1, 2)
    drop_shadow(surface, shadow, 110)
    pygame.draw.rect(surface, shade(base, -46), rect)
    pygame.draw.rect(surface, base, rect.inflate(-2, -2))
    pygame.draw.line(surface, shade(base, 24), (rect.left + 1, rect.top + 1), (rect.right - 2, rect.top + 1))
    pygame.draw.line(surface, shade(base, 24), (rect.left + 1, rect.top + 1), (rect.left + 1, rect.bottom - 2))
    pygame.draw.line(surface, shade(base, -22), (rect.left + 2, rect.bottom - 2), (rect.right - 2, rect.bottom - 2))


# --------------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------------

FLOOR = (92, 88, 84)          # warm grey flagstone: low contrast so units and overlays stand out
MORTAR = (72, 68, 66)
GRASS = (70, 82, 56)
DIRT = (98, 86, 68)
MUD = (68, 54, 40)
WATER = (52, 88, 98)
STONE = (128, 122, 114)       # loose rock and fallen masonry
WALL_TOP = (44, 42, 52)       # the dark top face of a wall
WALL_FACE = (84, 78, 82)      # the lit brick face
WALL_MORTAR = (36, 33, 40)


def flagstone(seed: int, worn: bool = False, cracks: bool = False) -> pygame.Surface:
    """A flagstone square: the 1 px mortar line on the top and left edges draws the grid."""
    rng = random.Random(seed)
    surface = new_surface()
    speckle(surface, rng, FLOOR, 3)
    for _ in range(14):  # a few slightly darker and lighter grains
        x, y = rng.randrange(2, 31), rng.randrange(2, 31)
        surface.set_at((x, y), shade(FLOOR, rng.choice((-9, -7, 6))))
    # bevel: faint light top-left inside edge, faint dark bottom-right edge
    pygame.draw.line(surface, shade(FLOOR, 5), (1, 1), (30, 1))
    pygame.draw.line(surface, shade(FLOOR, 5), (1, 1), (1, 30))
    pygame.draw.line(surface, shade(FLOOR, -5), (1, 31), (31, 31))
    pygame.draw.line(surface, shade(FLOOR, -5), (31, 1), (31, 31))
    if worn:
        # a slightly darker, worn hollow and a couple of chips: texture without extra lines
        def hollow(layer: pygame.Surface) -> None:
            pygame.draw.ellipse(layer, (40, 34, 30, 18), (7, 10, 18, 12))
            pygame.draw.ellipse(layer, (40, 34, 30, 14), (11, 13, 10, 6))
        blend(surface, hollow)
        for x, y in ((24, 6), (6, 25), (20, 26)):
            pygame.draw.rect(surface, shade(FLOOR, -10), (x, y, 2, 1))
            surface.set_at((x, y + 1), shade(FLOOR, 8))
    if cracks:
        crack = [(5, 9), (9, 12), (12, 12), (16, 17), (17, 22), (21, 25)]
        pygame.draw.lines(surface, shade(MORTAR, -6), False, crack)
        pygame.draw.lines(surface, shade(FLOOR, 6), False, [(x + 1, y + 1) for x, y in crack])
        pygame.draw.line(surface, shade(MORTAR, -6), (16, 17), (22, 14))
        # a chipped corner
        pygame.draw.polygon(surface, shade(FLOOR, -10), [(31, 31), (25, 31), (31, 26)])
    pygame.draw.line(surface, MORTAR, (0, 0), (31, 0))
    pygame.draw.line(surface, MORTAR, (0, 0), (0, 31))
    return surface


def grass() -> pygame.Surface:
    """Overgrown courtyard: short tufts over dark earth, still low contrast."""
    rng = random.Random(31)
    surface = new_surface()
    speckle(surface, rng, GRASS, 4)
    for _ in range(46):
        x, y = rng.randrange(1, 31), rng.randrange(2, 32)
        tone = rng.choice((14, 10, -10))
        surface.set_at((x, y), shade(GRASS, tone))
        surface.set_at((x, y - 1), shade(GRASS, tone + 6))
    for _ in range(6):  # pale flagstone bits showing through
        x, y = rng.randrange(2, 29), rng.randrange(2, 29)
        pygame.draw.rect(surface, shade(FLOOR, -6), (x, y, 3, 2))
    pygame.draw.line(surface, shade(GRASS, -12), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(GRASS, -12), (0, 0), (0, 31))
    return surface


def dirt() -> pygame.Surface:
    """Packed earth of the old road, with pebbles and faint cart ruts."""
    rng = random.Random(41)
    surface = new_surface()
    speckle(surface, rng, DIRT, 4)
    for y in (9, 23):
        for x in range(32):
            if rng.random() < 0.75:
                surface.set_at((x, y), shade(DIRT, -7))
    for _ in range(10):
        x, y = rng.randrange(1, 30), rng.randrange(1, 30)
        surface.set_at((x, y), shade(DIRT, 16))
        surface.set_at((x + 1, y), shade(DIRT, 8))
        surface.set_at((x, y + 1), shade(DIRT, -12))
    pygame.draw.line(surface, shade(DIRT, -11), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(DIRT, -11), (0, 0), (0, 31))
    return surface


def wall_face() -> pygame.Surface:
    """A wall seen in 3/4 view: dark top face above a lit course of bricks."""
    rng = random.Random(51)
    surface = new_surface()
    cap = 11
    _wall_cap(surface, rng, pygame.Rect(0, 0, TILE, cap))
    pygame.draw.line(surface, shade(WALL_FACE, 44), (0, cap), (31, cap))  # the lit lip
    surface.fill(WALL_MORTAR, pygame.Rect(0, cap + 1, TILE, TILE - cap - 1))
    courses = [(cap + 2, 6), (cap + 9, 6), (cap + 16, 5)]
    for row, (top, height) in enumerate(courses):
        offset = 0 if row % 2 == 0 else -8
        x = offset
        while x < TILE:
            width = 15
            brick = pygame.Rect(x + 1, top, width, height).clip(pygame.Rect(0, 0, TILE, TILE))
            if brick.width > 0:
                base = shade(WALL_FACE, rng.randint(-8, 8))
                surface.fill(base, brick)
                pygame.draw.line(surface, shade(base, 16), brick.topleft, (brick.right - 1, brick.top))
                pygame.draw.line(surface, shade(base, -14), (brick.left, brick.bottom - 1),
                                 (brick.right - 1, brick.bottom - 1))
            x += 16
    pygame.draw.line(surface, (22, 20, 26), (0, 31), (31, 31))  # where the wall meets the floor
    return surface


def wall_top() -> pygame.Surface:
    """The top face of a wall square that has more wall in front of (below) it."""
    rng = random.Random(61)
    surface = new_surface()
    _wall_cap(surface, rng, surface.get_rect())
    return surface


def _wall_cap(surface: pygame.Surface, rng: random.Random, area: pygame.Rect) -> None:
    """Dark capstones, faintly outlined so the top of the wall reads as blocks."""
    speckle(surface, rng, WALL_TOP, 3, area)
    edge = shade(WALL_TOP, 16)
    dark = shade(WALL_TOP, -16)
    rows = range(area.top, area.bottom, 11)
    for i, top in enumerate(rows):
        bottom = min(top + 11, area.bottom)
        pygame.draw.line(surface, dark, (area.left, top), (area.right - 1, top))
        pygame.draw.line(surface, edge, (area.left, top + 1), (area.right - 1, top + 1))
        for x in ((10, 26) if i % 2 == 0 else (2, 18)):
            pygame.draw.line(surface, dark, (x, top + 1), (x, bottom - 1))
            pygame.draw.line(surface, edge, (x + 1, top + 2), (x + 1, bottom - 1))


def rubble(seed: int) -> pygame.Surface:
    """Difficult ground: a heap of broken stones and masonry over a dusty patch."""
    rng = random.Random(seed)
    surface = new_surface()

    def dust(layer: pygame.Surface) -> None:
        for _ in range(7):
            x, y = rng.randrange(4, 20), rng.randrange(4, 20)
            pygame.draw.ellipse(layer, (120, 108, 92, 90), (x, y, rng.randrange(9, 13), rng.randrange(7, 11)))
    blend(surface, dust)
    if seed % 2:
        block(surface, pygame.Rect(3, 4, 11, 8), shade(STONE, -8))
        block(surface, pygame.Rect(18, 17, 10, 9), shade(STONE, -14))
        stones = [((22, 8), (5, 4)), ((9, 21), (6, 5)), ((16, 13), (3, 3)), ((26, 26), (3, 2)),
                  ((5, 14), (2, 2)), ((14, 27), (3, 2))]
    else:
        stones = [((10, 9), (6, 5)), ((22, 10), (5, 4)), ((15, 19), (7, 5)), ((6, 24), (4, 3)),
                  ((25, 23), (4, 4)), ((17, 4), (2, 2)), ((4, 15), (2, 2)), ((27, 16), (2, 2))]
    for center, radius in stones:
        rock(surface, center, radius, shade(STONE, rng.randint(-12, 10)))
    for _ in range(10):  # grit
        x, y = rng.randrange(2, 30), rng.randrange(2, 30)
        if surface.get_at((x, y)).a < 200:
            surface.set_at((x, y), shade(STONE, rng.choice((-30, 10))))
    return surface


def pillar() -> pygame.Surface:
    """Cover: the stump of a broken column, seen from above, with a fallen drum fragment."""
    surface = new_surface()
    drop_shadow(surface, pygame.Rect(4, 6, 27, 26), 110)
    plinth = pygame.Rect(2, 2, 27, 27)  # the square base the column stood on
    pygame.draw.rect(surface, (52, 48, 48), plinth)
    pygame.draw.rect(surface, (112, 106, 100), plinth.inflate(-2, -2))
    pygame.draw.line(surface, (132, 126, 118), (3, 3), (27, 3))
    pygame.draw.line(surface, (132, 126, 118), (3, 3), (3, 27))
    drop_shadow(surface, pygame.Rect(6, 7, 24, 24), 90, True)
    center = (15, 15)
    pygame.draw.circle(surface, (58, 54, 52), center, 12)
    pygame.draw.circle(surface, (150, 144, 134), center, 11)
    pygame.draw.circle(surface, (168, 162, 152), (14, 14), 8)
    for i in range(12):  # fluting notches around the rim
        vec = pygame.math.Vector2(0, -10).rotate(i * 30)
        pygame.draw.circle(surface, (112, 106, 100), (center[0] + round(vec.x), center[1] + round(vec.y)), 1)
    # the broken top: a jagged crack and a sunken chip
    pygame.draw.lines(surface, (92, 86, 82), False, [(7, 13), (11, 15), (14, 12), (18, 17), (23, 15)])
    pygame.draw.polygon(surface, (126, 120, 112), [(16, 18), (21, 17), (22, 21), (17, 22)])
    pygame.draw.line(surface, (190, 184, 174), (10, 7), (16, 6))
    block(surface, pygame.Rect(24, 24, 6, 5), STONE)
    return surface


def crate() -> pygame.Surface:
    """Cover: a heavy iron-bound supply crate."""
    surface = new_surface()
    drop_shadow(surface, pygame.Rect(6, 7, 24, 24), 120)
    box = pygame.Rect(4, 4, 24, 24)
    wood, dark, light = (146, 100, 56), (84, 54, 28), (176, 128, 76)
    pygame.draw.rect(surface, (40, 26, 16), box)
    pygame.draw.rect(surface, wood, box.inflate(-2, -2))
    for y in (10, 16, 22):  # plank seams
        pygame.draw.line(surface, dark, (6, y), (25, y))
        pygame.draw.line(surface, light, (6, y + 1), (25, y + 1))
    frame = box.inflate(-2, -2)
    pygame.draw.rect(surface, (112, 74, 40), frame, 3)
    pygame.draw.line(surface, light, (frame.left, frame.top), (frame.right - 1, frame.top))
    pygame.draw.line(surface, (112, 74, 40), (8, 8), (23, 23), 3)   # diagonal brace
    pygame.draw.line(surface, light, (8, 7), (24, 23))
    for corner in ((6, 6), (24, 6), (6, 24), (24, 24)):
        pygame.draw.rect(surface, (120, 124, 132), (*corner, 3, 3))
        surface.set_at(corner, (200, 204, 212))
    return surface


def statue_base() -> pygame.Surface:
    """Cover: the plinth of a toppled statue, only the stone feet left standing."""
    surface = new_surface()
    drop_shadow(surface, pygame.Rect(5, 7, 26, 25), 120)
    plinth = pygame.Rect(3, 3, 26, 26)
    pygame.draw.rect(surface, (56, 52, 52), plinth)
    pygame.draw.rect(surface, (138, 132, 124), plinth.inflate(-2, -2))
    pygame.draw.rect(surface, (156, 150, 140), plinth.inflate(-8, -8))
    pygame.draw.rect(surface, (118, 112, 106), plinth.inflate(-8, -8), 1)
    pygame.draw.line(surface, (176, 170, 160), (4, 4), (27, 4))
    pygame.draw.line(surface, (176, 170, 160), (4, 4), (4, 27))
    # two broken-off feet on the top
    for x in (10, 17):
        pygame.draw.rect(surface, (80, 76, 74), (x, 11, 6, 10))
        pygame.draw.rect(surface, (186, 180, 170), (x, 10, 5, 9))
        pygame.draw.line(surface, (140, 134, 126), (x, 14), (x + 4, 13))
    pygame.draw.lines(surface, (96, 90, 86), False, [(5, 22), (9, 24), (12, 23), (14, 27)])
    return surface


def mud() -> pygame.Surface:
    """Difficult ground: sticky dark mud with wet puddles and glints."""
    rng = random.Random(71)
    surface = new_surface()
    speckle(surface, rng, MUD, 4)
    for rect in ((3, 5, 13, 6), (17, 14, 12, 7), (5, 21, 10, 6), (22, 3, 7, 5)):
        pygame.draw.ellipse(surface, shade(MUD, -16), rect)
        x, y, w, _ = rect
        pygame.draw.line(surface, shade(MUD, 44), (x + 3, y + 1), (x + w // 2, y + 1))
    for _ in range(16):
        x, y = rng.randrange(1, 31), rng.randrange(1, 31)
        surface.set_at((x, y), shade(MUD, rng.choice((16, 24, -14))))
    pygame.draw.line(surface, shade(MUD, -12), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(MUD, -12), (0, 0), (0, 31))
    return surface


def water() -> pygame.Surface:
    """Difficult ground: shallow standing water over sunken flagstones."""
    rng = random.Random(81)
    surface = new_surface()
    speckle(surface, rng, WATER, 3)
    for x, y, w, h in ((3, 4, 11, 9), (17, 16, 12, 10), (18, 2, 9, 7), (2, 19, 9, 9)):
        pygame.draw.rect(surface, shade(WATER, 8), (x, y, w, h), border_radius=2)
    for x, y, w in ((5, 8, 9), (16, 12, 10), (8, 24, 8), (20, 27, 8), (22, 5, 6)):
        pygame.draw.line(surface, shade(WATER, 44), (x, y), (x + w, y))
        pygame.draw.line(surface, shade(WATER, 22), (x + 2, y + 1), (x + w - 2, y + 1))
    pygame.draw.line(surface, shade(WATER, -14), (0, 0), (31, 0))
    pygame.draw.line(surface, shade(WATER, -14), (0, 0), (0, 31))
    return surface


def soft_streaks(layer: pygame.Surface, color: tuple[int, int, int], streaks: list[tuple[int, int, int]],
                 alpha: int) -> None:
    """Soft horizontal wisps built from faint overlapping dots, wrapped so the tile repeats seamlessly."""
    for y0, phase, length in streaks:
        for step in range(length):
            x = (phase + step) % TILE
            y = y0 + round(2 * pygame.math.Vector2(1, 0).rotate(step * 9 + phase * 11).y)
            for radius, a in ((4, alpha // 3), (2, alpha // 2)):
                dot = new_surface(radius * 2 + 1, radius * 2 + 1)
                pygame.draw.circle(dot, (*color, a), (radius, radius), radius)
                for wrap in (-TILE, 0, TILE):
                    layer.blit(dot, (x - radius + wrap, y - radius))


def fog_light() -> pygame.Surface:
    """Lightly obscured: a translucent pale haze with soft drifting wisps (an overlay tile)."""
    surface = new_surface()
    surface.fill((214, 222, 234, 46))
    wisps = new_surface()
    soft_streaks(wisps, (238, 242, 250), [(5, 3, 20), (14, 19, 22), (23, 8, 18), (29, 24, 14)], 12)
    surface.blit(wisps, (0, 0))
    return surface


def darkness() -> pygame.Surface:
    """Heavily obscured: deep, faintly mottled shadow (an overlay tile)."""
    rng = random.Random(91)
    surface = new_surface()
    surface.fill((8, 6, 16, 168))
    swirls = new_surface()
    soft_streaks(swirls, (0, 0, 0), [(7, 5, 16), (21, 20, 18)], 18)
    surface.blit(swirls, (0, 0))
    for _ in range(40):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        r, g, b, a = surface.get_at((x, y))
        surface.set_at((x, y), (r + 10, g + 8, b + 16, a))
    return surface


# Tile ids (0-based, local to the tileset), their drawings and their custom properties.
TileProps = dict[str, bool | int | str]
TILES: list[tuple[str, Callable[[], pygame.Surface], TileProps]] = [
    ("floor_stone", lambda: flagstone(1), {}),
    ("floor_stone_worn", lambda: flagstone(2, worn=True), {}),
    ("floor_stone_cracked", lambda: flagstone(3, cracks=True), {}),
    ("floor_grass", grass, {}),
    ("floor_dirt", dirt, {}),
    ("wall", wall_face, {"wall": True}),
    ("wall_top", wall_top, {"wall": True}),
    ("rubble", lambda: rubble(10), {"difficult": True}),
    ("rubble_masonry", lambda: rubble(11), {"difficult": True}),
    ("broken_pillar", pillar, {"cover": True}),
    ("crate", crate, {"cover": True}),
    ("statue_base", statue_base, {"cover": True}),
    ("mud", mud, {"difficult": True}),
    ("shallow_water", water, {"difficult": True}),
    ("fog_light", fog_light, {"obscured": "light"}),
    ("darkness", darkness, {"obscured": "heavy"}),
]
TILE_ID = {name: index for index, (name, _, _) in enumerate(TILES)}


def draw_tileset() -> pygame.Surface:
    """All tiles in one sheet, COLUMNS wide, no margin or spacing."""
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = new_surface(COLUMNS * TILE, rows * TILE)
    for index, (_, draw, _) in enumerate(TILES):
        sheet.blit(draw(), ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return sheet


def property_xml(props: dict[str, bool | int | str], indent: str) -> list[str]:
    """Typed <property> lines as Tiled writes them: bools and ints typed, enums naming their custom type."""
    lines = [f"{indent}<properties>"]
    for name, value in props.items():
        spec = schema.BY_NAME[name]
        if spec.type == schema.BOOL:
            lines.append(f'{indent} <property name="{name}" type="bool" value="{str(value).lower()}"/>')
        elif spec.type == schema.INT:
            lines.append(f'{indent} <property name="{name}" type="int" value="{value}"/>')
        elif spec.enum:
            lines.append(f'{indent} <property name="{name}" propertytype="{spec.enum}" value={quoteattr(str(value))}/>')
        else:
            lines.append(f'{indent} <property name="{name}" value={quoteattr(str(value))}/>')
    lines.append(f"{indent}</properties>")
    return lines


def tileset_xml(name: str = "dungeon", tiles: list[tuple[str, Callable[[], pygame.Surface], TileProps]] = TILES) -> str:
    """An external Tiled tileset (.tsx): each tile with rules has the Terrain class and typed properties."""
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{len(tiles)}" columns="{COLUMNS}">',
        f' <image source="{name}.png" width="{COLUMNS * TILE}" height="{rows * TILE}"/>',
    ]
    for index, (tile_name, _, props) in enumerate(tiles):
        if not props:
            lines.append(f" <!-- {index}: {tile_name} (no rules: open ground or decor) -->")
            continue
        lines.append(f" <!-- {index}: {tile_name} -->")
        lines.append(f' <tile id="{index}" type="Terrain">')
        lines.extend(property_xml(props, "  "))
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------
# Unit sprites: 16x16 patterns, scaled x2, then a 1 px dark outline and a soft foot shadow
# --------------------------------------------------------------------------------------------

OUTLINE = (20, 16, 24)
UNIT_PALETTE: dict[str, tuple[int, int, int]] = {
    "k": (34, 28, 38),      # dark detail: eyes, belts, gaps
    "s": (238, 190, 150),   # human skin
    "S": (196, 140, 104),
    "h": (112, 70, 40),     # brown hair
    "w": (238, 240, 246),   # white / bright steel
    "m": (178, 186, 200),   # steel
    "M": (112, 120, 138),
    "b": (62, 116, 226),    # hero blue
    "B": (32, 62, 152),
    "c": (146, 194, 255),
    "r": (200, 52, 40),     # monster red
    "R": (124, 30, 28),
    "l": (142, 94, 52),     # leather / wood
    "L": (90, 58, 32),
    "y": (238, 198, 70),    # gold / brass
    "Y": (168, 126, 40),
    "g": (126, 178, 66),    # goblin skin
    "G": (80, 120, 44),
    "o": (218, 124, 62),    # hobgoblin skin
    "O": (160, 84, 42),
    "f": (156, 106, 60),    # bugbear fur
    "F": (104, 66, 38),
    "e": (255, 226, 80),    # glowing monster eyes
    "n": (64, 64, 78),      # dark cloth
    "N": (40, 40, 52),
    "v": (84, 128, 70),     # ranger green
    "V": (52, 86, 46),
    "p": (170, 110, 230),   # arcane glow
    "P": (236, 214, 255),
    "a": (146, 160, 110),   # ogre skin (grey-green)
    "A": (90, 104, 68),
    "t": (198, 160, 104),   # crude hide
    "T": (136, 98, 58),
    "u": (112, 96, 214),    # phase spider (violet-blue)
    "U": (60, 46, 138),
    "i": (164, 170, 250),   # phase shimmer: the translucent core and fading leg tips
    "x": (222, 244, 255),   # pale glowing markings
}

UNITS: dict[str, list[str]] = {
    "fighter": [
        "................",
        "............w...",
        "......MMMM..w...",
        ".....MmwmmM.w...",
        ".....MkmmkM.w...",
        ".....MssssM.w...",
        "......SssS..m...",
        "..BBB.MmmM.yyy..",
        ".BbybBbbbbMMsM..",
        ".ByyyBbcbbbM....",
        ".BbybBbbbbbM....",
        ".BbybBbyybM.....",
        "..BbB.bbbb......",
        "......MM.MM.....",
        ".....LL...LL....",
        "................",
    ],
    "rogue": [
        "................",
        "......BBBB......",
        ".....BbbbbB.....",
        "....BbbbbbbB....",
        "....BkkkkkkB....",
        "....BkwkkwkB....",
        ".w..BBkSSkBB..w.",
        "..m.BbnnnnbB.m..",
        "...sbbnlLnbbs...",
        "....BbnnnnbB....",
        "....BbLyyLbB....",
        "....BbnnnnbB....",
        "...BbbnnnnbbB...",
        "...BBBnNNnBBB...",
        ".....LL..LL.....",
        "................",
    ],
    "ranger": [
        "................",
        "...L.......wrw..",
        "..lm..hhhh.LlL..",
        ".l.m.hhhhhhL....",
        ".l.m.hksskhL....",
        ".l.m.hssssh.....",
        ".l.mBbvSSvbB....",
        ".l.mBbvvvvbbB...",
        ".lssvbvlLvbbB...",
        ".l.mBbvvvvbbB...",
        ".l.mBbLyyLbbB...",
        ".l.mBbvvvvbB....",
        "..lmBbvvvvbB....",
        "...LBBvBBvBB....",
        "......LL.LL.....",
        "................",
    ],
    "wizard": [
        "........B....P..",
        ".......Bb...pPp.",
        "......Bbb....p..",
        "......bbbB...l..",
        ".....Byyyyb..l..",
        "...BBbbbbbbBBl..",
        ".....SksskS..l..",
        "....BbwwwwbbsL..",
        "...Bbbbwwbbbbl..",
        "...BbbbybbbB.l..",
        "...BbbbybbbB.l..",
        "..BbbbbybbbbBl..",
        "..BbbbbybbbbBl..",
        "..BBBBByBBBBBl..",
        "....LL...LL..L..",
        "................",
    ],
    "goblin": [
        "..............w.",
        "..............m.",
        "..............M.",
        ".............rlr",
        "..............l.",
        "......gggg....l.",
        "...GggggggggG.l.",
        "....GgeggegG..l.",
        ".....GgkkgG...l.",
        ".....rrrrrRggGl.",
        "....gLLyLLL...l.",
        "....GrrrrrR...l.",
        ".....rRrRrR...l.",
        "......g..g....l.",
        ".....GG..GG...l.",
        "................",
    ],
    "goblin_archer": [
        "................",
        "................",
        "...L............",
        "..lm............",
        ".l.m............",
        ".l.m...gggg.....",
        ".l.mGggggggggG..",
        ".l.m.GgeggegG...",
        ".l.m..GgkkgG....",
        ".lgggglLrrLl....",
        ".l.m..LlrrlLg...",
        ".l.m..LllllL....",
        "..lm..rRllRr....",
        "...L...g..g.....",
        "......GG..GG....",
        "................",
    ],
    "hobgoblin": [
        "..w....rR.......",
        "..w...MrRM......",
        "..w..MmrRmM.....",
        "..w..MmmmmM.....",
        "..w..MeooeM.....",
        "..w..MOooOM.....",
        "..m...OkkO......",
        ".YyYMMmrrmMM....",
        "..oOMmMrrMmMo...",
        "..Y.MmMrRMmM....",
        "....MMrrrRMM....",
        "....LLLyyLLL....",
        "....MMrrrRMM....",
        ".....Mm..mM.....",
        "....LLL..LLL....",
        "................",
    ],
    "bugbear": [
        "..F.....F...w...",
        "..FF...FF..mmm..",
        "..FfffffF.wmMmw.",
        ".FfffffffF.mmm..",
        ".FFeFfFeFF..w...",
        ".FfffkfffF..l...",
        "..FwkkkwF...l...",
        ".FffffffffF.F...",
        "FFfffRfffffFF...",
        ".FffffRfffF.....",
        "frrrryrrrrF.....",
        "FFffRRRRffFF....",
        ".FfffRRfffF.....",
        "..FfF..FfF......",
        ".FFFF..FFFF.....",
        "................",
    ],
    "ogre": [
        "...........LLL..",
        "..........LlmlL.",
        ".....AAAA.LllllL",
        "....AaaaaALmlllL",
        "...AAkAAkAALlmL.",
        "....AeaaeA.alL..",
        "....AwkkwA.aaL..",
        "..AAtTaaAAAaaA..",
        ".AaaatTaaaaAaaA.",
        "AaaAaatTaaaAaaA.",
        "AaaAaaatTaaAaA..",
        "AaaATTTwTTTTA...",
        "aaaAtttttttTA...",
        ".aa.tTttTtTt....",
        "...AaaA.AaaA....",
        "..AAAAA.AAAAA...",
    ],
    "phase_spider": [
        "................",
        "......UUUU......",
        "i....UuxiuU....i",
        ".i..UuiiiiuU..i.",
        ".u..UiixiiuU..u.",
        "..u.UxiiiiuU.u..",
        "...u.UiixuU.u...",
        "....U.UiuU.U....",
        ".uu..UUuuUU..uu.",
        "i..uUUiuuuUUu..i",
        ".....UxuuxU.....",
        "...uU.UuuU.Uu...",
        ".uu..Uw..wU..uu.",
        "i...u......u...i",
        "....u......u....",
        "...i........i...",
    ],
    "cleric": [
        ".............M..",
        "......hhhh..MmM.",
        ".....hyyyyh.MmM.",
        ".....hksskh..l..",
        ".....hssssh..l..",
        "......SssS...l..",
        "....BbwwwwbB.l..",
        "..wwwBbwywbBBs..",
        ".wwywwbyyybbs...",
        ".wyyywbwywbb....",
        ".wwywwbbwbbB....",
        "..www.bYYYbB....",
        "......bbwbbB....",
        ".....BbbwbbBB...",
        "......LL..LL....",
        "................",
    ],
    "stirge": [
        "................",
        "................",
        "L..............L",
        "LL............LL",
        "LlL...RrrR...LlL",
        "LllL.RerreR.LllL",
        "LlllLRrrrrRLlllL",
        ".LlRlRrrrrRlRlL.",
        "..LlRLRrrRLRlL..",
        "...LL.RrrR.LL...",
        "......RrrR......",
        ".......ww.......",
        ".......ww.......",
        "........w.......",
        "................",
        "................",
    ],
    "kobold_minion": [
        "............m...",
        "...........mwm..",
        "............l...",
        "............l...",
        "....O...O...l...",
        "....OooooO..l...",
        "....oeooeo..l...",
        ".....oooo...l...",
        ".....okko..sl...",
        "...oRrrrrRos....",
        "...o.RrrR...l...",
        ".....LLyL...l...",
        "..O..RrRR...l...",
        ".O....o.o...l...",
        ".....OO.OO..l...",
        "................",
    ],
    "kobold_wyrmpriest": [
        "...........GgG..",
        "...........gPg..",
        "...........GgG..",
        "............l...",
        "....O...O...l...",
        "....OooooO..l...",
        "....oeooeo..l...",
        ".....oooo...l...",
        ".....okko..sl...",
        "...nNnyynNns....",
        "..o.nNryrNn.l...",
        "....nNryrNn.l...",
        "...nnNryrNnnl...",
        "..nnNNrrrNNnnl..",
        ".....OO..OO.....",
        "................",
    ],
    "troll_whelp": [
        "................",
        "......VVVV......",
        ".....VvGvvV.....",
        "....VveVVevV....",
        "....VvvaavvV....",
        ".....VwkkwV.....",
        "...VVVvvvvVVV...",
        "..VvvVvvvvVvvV..",
        ".VvvVvvaavvVvvV.",
        ".Vv.VvaaaavV.vV.",
        ".Vv.VvvaavvV.vV.",
        ".w..VtTTTTtV..w.",
        "ww..VVvvvvVV..ww",
        ".....Vv..vV.....",
        "....VVV..VVV....",
        "................",
    ],
    "grave_shade": [
        "................",
        "......NNNN......",
        ".....NnnnnN.....",
        "....NnkkkknN....",
        "....NkckkckN....",
        "....NnkkkknN....",
        "...iNnnnnnnNi...",
        "..iinNnnnnNnii..",
        ".ixi.NnnnnN.ixi.",
        "..i..NnninN..i..",
        ".....inNnni.....",
        "......inNi......",
        ".....i.ini......",
        "......i.i.......",
        ".......i........",
        "................",
    ],
}


def draw_unit(pattern: list[str]) -> pygame.Surface:
    """Render a 16x16 pattern at 32x32 with an outline and a soft shadow under the feet."""
    assert len(pattern) == 16 and all(len(row) == 16 for row in pattern), pattern
    small = new_surface(16, 16)
    for y, row in enumerate(pattern):
        for x, key in enumerate(row):
            if key != ".":
                small.set_at((x, y), UNIT_PALETTE[key])
    figure = pygame.transform.scale(small, (TILE, TILE))
    outlined = new_surface()
    for y in range(TILE):
        for x in range(TILE):
            if figure.get_at((x, y)).a:
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < TILE and 0 <= ny < TILE and figure.get_at((nx, ny)).a:
                    outlined.set_at((x, y), OUTLINE)
                    break
    outlined.blit(figure, (0, 0))
    result = new_surface()
    drop_shadow(result, pygame.Rect(6, 26, 20, 6), 80, True)
    result.blit(outlined, (0, 0))
    return result


# --------------------------------------------------------------------------------------------
# The default map
# --------------------------------------------------------------------------------------------

MAP_TITLE = "The Broken Crossroads"
# ground: . flagstone (variant picked by position)  , grass  : dirt road  m mud  w shallow water
GROUND = [
    "...........::...........",
    ".,,........:mm..........",
    ".,.........:mm...,,,....",
    "...........::.....,,....",
    "...........::...........",
    "...........::...........",
    "...........::...........",
    ":::::::::::ww:::::::::::",
    ":::::::::::ww:::::::::::",
    "...........::...........",
    "...........::...........",
    "...........::...........",
    "....,,.....::...........",
    "....,,,...mm:.........,.",
    "..........mm:........,,.",
    "...........::...........",
]
# terrain: # wall (face or top picked automatically)  r rubble  R masonry rubble
#          P broken pillar  C crate  S statue base  f light fog  d darkness
TERRAIN = [
    "###########..###########",
    "#...#C.............R#..#",
    "#...#...C#......P.P.#..#",
    "#........#R..r......#..#",
    "#...##R###....P..####..#",
    "#.........P....r.......#",
    "#....P.##.S............#",
    "........#rr..r..........",
    "..........r..rr#........",
    "#............S.##.P....#",
    "#.......r....P.........#",
    "#..####..P....###R##...#",
    "#..#......r..R#........#",
    "#..#.P.P......#C...#...#",
    "#..#R.............C#...#",
    "###########..###########",
]
# start areas in squares: (side, column, row, width, height)
STARTS = [("blue", 1, 5, 3, 5), ("red", 20, 6, 3, 5)]

GROUND_TILES = {",": "floor_grass", ":": "floor_dirt", "m": "mud", "w": "shallow_water"}
TERRAIN_TILES = {"r": "rubble", "R": "rubble_masonry", "P": "broken_pillar", "C": "crate",
                 "S": "statue_base", "f": "fog_light", "d": "darkness"}


def ground_id(col: int, row: int) -> int:
    """The ground tile id of a square; plain flagstones vary by a fixed positional hash."""
    key = GROUND[row][col]
    if key != ".":
        return TILE_ID[GROUND_TILES[key]]
    h = (col * 7 + row * 13 + (col * row) % 5) % 11
    if h in (0, 6):
        return TILE_ID["floor_stone_worn"]
    if h == 3:
        return TILE_ID["floor_stone_cracked"]
    return TILE_ID["floor_stone"]


def terrain_id(col: int, row: int) -> int | None:
    """The terrain tile id of a square, or None when the terrain layer is empty there."""
    key = TERRAIN[row][col]
    if key == ".":
        return None
    if key == "#":
        below_is_wall = row + 1 < len(TERRAIN) and TERRAIN[row + 1][col] == "#"
        return TILE_ID["wall_top"] if below_is_wall else TILE_ID["wall"]
    return TILE_ID[TERRAIN_TILES[key]]


def csv_layer(cell: Callable[[int, int], int | None]) -> str:
    """Tiled CSV data: gid = local id + firstgid (1), 0 for empty."""
    rows = []
    for row in range(len(GROUND)):
        gids = [(cell(col, row) + 1) if cell(col, row) is not None else 0 for col in range(len(GROUND[0]))]
        rows.append(",".join(str(g) for g in gids))
    return ",\n".join(rows)


def map_xml() -> str:
    """The default map as Tiled 1.10 TMX: ground and terrain tile layers plus the start areas."""
    width, height = len(GROUND[0]), len(GROUND)
    assert all(len(r) == width for r in GROUND + TERRAIN) and len(TERRAIN) == height
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="4" nextobjectid="{len(STARTS) + 1}">',
        " <properties>",
        f'  <property name="title" value="{escape(MAP_TITLE)}"/>',
        " </properties>",
        ' <tileset firstgid="1" source="../assets/tiles/dungeon.tsx"/>',
    ]
    for layer_id, (name, cell) in enumerate((("ground", ground_id), ("terrain", terrain_id)), start=1):
        lines.append(f' <layer id="{layer_id}" name="{name}" width="{width}" height="{height}">')
        lines.append('  <data encoding="csv">')
        lines.append(csv_layer(cell))
        lines.append("</data>")
        lines.append(" </layer>")
    lines.append(' <objectgroup id="3" name="start">')
    for object_id, (side, col, row, w, h) in enumerate(STARTS, start=1):
        lines.append(f'  <object id="{object_id}" name="{side}" x="{col * TILE}" y="{row * TILE}" '
                     f'width="{w * TILE}" height="{h * TILE}">')
        lines.append("   <properties>")
        lines.append(f'    <property name="side" value="{side}"/>')
        lines.append("   </properties>")
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------


def main() -> None:
    """Write every asset. Pass --no-map to leave maps/default.tmx alone (e.g. after editing it in Tiled)."""
    pygame.init()
    TILE_DIR.mkdir(parents=True, exist_ok=True)
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw_tileset(), str(TILE_DIR / "dungeon.png"))
    (TILE_DIR / "dungeon.tsx").write_text(tileset_xml(), encoding="utf-8")
    for name, pattern in UNITS.items():
        pygame.image.save(draw_unit(pattern), str(UNIT_DIR / f"{name}.png"))
    if "--no-map" not in sys.argv[1:]:
        MAP_PATH.parent.mkdir(parents=True, exist_ok=True)
        MAP_PATH.write_text(map_xml(), encoding="utf-8")
    pygame.quit()


if __name__ == "__main__":
    main()
