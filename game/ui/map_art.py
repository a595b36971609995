"""The battle map's tiles and small pictures, drawn once per square size: the reach and zone tiles, the tints of
lit squares with their patterns (readable without colour), the path dot, dashed lines."""

from __future__ import annotations

import pygame

from game.render import palette

PATH_DOT = 4                    # radius of the dot on each square of a path


def dashed_line(screen: pygame.Surface, colour: tuple[int, int, int], start: tuple[int, int], end: tuple[int, int],
                width: int, dash: int = 7, gap: int = 5) -> None:
    """A line drawn in dashes over a black outline: a style that differs from a solid line without colour."""
    (ax, ay), (bx, by) = start, end
    length = max(1, int(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5))
    for offset in range(0, length, dash + gap):
        stop = min(length, offset + dash)
        p = (ax + (bx - ax) * offset // length, ay + (by - ay) * offset // length)
        q = (ax + (bx - ax) * stop // length, ay + (by - ay) * stop // length)
        pygame.draw.line(screen, (0, 0, 0), p, q, width + 2)
        pygame.draw.line(screen, colour, p, q, width)


def sparse(image: pygame.Surface) -> pygame.Surface:
    """A picture with per-pixel alpha that is mostly see-through, run-length encoded so that a blit
    skips its clear pixels (the same pixels on screen, several times faster). Not to be drawn on after."""
    image.set_alpha(255, pygame.RLEACCEL)
    return image


def path_dot() -> pygame.Surface:
    """The dot marking each square of a path (the same pixels as pygame.draw.circle there)."""
    dot = pygame.Surface((2 * PATH_DOT + 1, 2 * PATH_DOT + 1), pygame.SRCALPHA)
    pygame.draw.circle(dot, palette.PATH, (PATH_DOT, PATH_DOT), PATH_DOT)
    return dot


def reach_tiles(cell: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The two movement overlay styles: one move (plain tint) and double move (hatched)."""
    one_move = pygame.Surface((cell, cell), pygame.SRCALPHA)
    one_move.fill(palette.REACH_FILL)
    double = pygame.Surface((cell, cell), pygame.SRCALPHA)
    double.fill(palette.DOUBLE_FILL)
    # Diagonal hatching marks double-move squares, so the two styles differ without colour too.
    for offset in range(-cell, cell, 8):
        pygame.draw.line(double, palette.DOUBLE_EDGE, (offset, cell), (offset + cell, 0), 1)
    return one_move, double


def zone_tile(cell: int) -> pygame.Surface:
    """A zone's squares: darkened, with cross-hatching (obscured, readable without colour)."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(palette.ZONE_FILL)
    for offset in range(-cell, cell, 10):
        pygame.draw.line(tile, (*palette.ZONE_EDGE, 90), (offset, cell), (offset + cell, 0), 1)
        pygame.draw.line(tile, (*palette.ZONE_EDGE, 90), (offset, 0), (offset + cell, cell), 1)
    return tile


DARKNESS_FILL = (4, 2, 10, 215)          # magical darkness: far darker than a zone's veil (palette.ZONE_FILL)


def darkness_tile(cell: int) -> pygame.Surface:
    """Magical darkness: nearly black, with sparse dots (darker than a zone's veil, readable without colour)."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(DARKNESS_FILL)
    for x in range(cell // 6, cell, cell // 3 or 1):
        for y in range(cell // 6, cell, cell // 3 or 1):
            pygame.draw.circle(tile, (*palette.ZONE_EDGE, 110), (x, y), 1)
    return tile


BRIGHT_FILL = (255, 214, 120, 48)         # a light's bright ring: warm, the ground still shows
DIM_FILL = (255, 200, 120, 24)            # its shadows: a faint warm wash, lighter than a zone's veil
GLOW_INK = (255, 214, 120)


def glow_tiles(cell: int) -> dict[str, pygame.Surface]:
    """A light's two rings (sotdl-house E4): bright squares warm with a thin edge; shadows a fainter warm wash
    with sparse dashes (told apart without colour)."""
    bright = pygame.Surface((cell, cell), pygame.SRCALPHA)
    bright.fill(BRIGHT_FILL)
    pygame.draw.rect(bright, (*GLOW_INK, 90), bright.get_rect(), 1)
    dim = pygame.Surface((cell, cell), pygame.SRCALPHA)
    dim.fill(DIM_FILL)
    for offset in range(-cell, cell, 12):
        pygame.draw.line(dim, (*GLOW_INK, 80), (offset, cell), (offset + cell, 0), 1)
    return {"bright": bright, "dim": dim}


# Each lit-square overlay has its own pattern over its tint, so they tell apart without colour: an area
# attack's squares are dotted, teleport squares ringed, forced-movement (and wall) squares striped.
PATTERNS: dict[tuple[int, ...], str] = {palette.AREA_FILL: "dots", palette.TELEPORT_FILL: "ring",
                                        palette.FORCED_FILL: "stripes"}
PATTERN_INK = (255, 255, 255, 120)


def tint(cell: int, fill: tuple[int, ...]) -> pygame.Surface:
    """A lit square's tile: the tint and the pattern PATTERNS gives its colour."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(fill)
    pattern = PATTERNS.get(fill, "")
    if pattern == "dots":
        for x in range(4, cell - 2, 7):
            for y in range(4, cell - 2, 7):
                pygame.draw.circle(tile, PATTERN_INK, (x, y), 1)
    elif pattern == "ring":
        pygame.draw.circle(tile, PATTERN_INK, (cell // 2, cell // 2), max(3, cell // 4), 2)
    elif pattern == "stripes":
        for y in range(3, cell - 2, 6):
            pygame.draw.line(tile, PATTERN_INK, (3, y), (cell - 4, y), 1)
    return tile
