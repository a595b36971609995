"""Battlefield facts that tiles may not show, drawn once onto the map: edge obstacles, ledges, portals."""

from __future__ import annotations

import pygame

from game.core.battlefield import Battlefield, EdgeKind
from game.core.movement import LEDGE_FT

EDGE_STYLES: dict[EdgeKind, tuple[tuple[int, int, int], int]] = {
    EdgeKind.LOW_WALL: ((196, 170, 120), 5),     # a stone-coloured band
    EdgeKind.WALL: ((40, 38, 44), 7),
    EdgeKind.WINDOW: ((150, 220, 255), 4),
}
LEDGE = (255, 200, 120)
PORTAL = (190, 140, 255)


def _edge_line(a: tuple[int, int], b: tuple[int, int], cell: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The screen segment of the edge shared by two side-by-side squares."""
    if a[1] == b[1]:
        x = max(a[0], b[0]) * cell
        return (x, a[1] * cell), (x, (a[1] + 1) * cell)
    y = max(a[1], b[1]) * cell
    return (a[0] * cell, y), ((a[0] + 1) * cell, y)


def draw_facts(surface: pygame.Surface, bf: Battlefield, cell: int, font: pygame.font.Font,
               region: pygame.Rect | None = None) -> None:
    """Edges as bands (windows dashed), ledges as a line with ticks on the low side, portals as
    numbered rings; each readable without colour. ``region``: the part of the map (map pixels) that
    ``surface`` holds, its top-left at the surface's; None: the whole map."""
    if region is None:
        region = pygame.Rect(0, 0, bf.width * cell, bf.height * cell)
    left, top = region.topleft
    near = region.inflate(2 * cell, 2 * cell)           # what is drawn here may reach a square's size beyond

    def shift(point: tuple[int, int]) -> tuple[int, int]:
        return point[0] - left, point[1] - top

    for (a, b), kind in bf.edges:
        colour, width = EDGE_STYLES[kind]
        start, end = _edge_line(a, b, cell)
        if not near.collidepoint(start):
            continue
        start, end = shift(start), shift(end)
        if kind == EdgeKind.WINDOW:
            pygame.draw.line(surface, (30, 40, 60), start, end, width + 2)
            steps = 4
            for i in range(0, steps, 2):
                p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
                q = (start[0] + (end[0] - start[0]) * (i + 1) // steps, start[1] + (end[1] - start[1]) * (i + 1) // steps)
                pygame.draw.line(surface, colour, p, q, width)
        else:
            pygame.draw.line(surface, (20, 20, 20), start, end, width + 2)
            pygame.draw.line(surface, colour, start, end, width)
    if bf.elevation_ft:
        x0, y0 = max(0, near.left // cell), max(0, near.top // cell)
        x1, y1 = min(bf.width, near.right // cell + 1), min(bf.height, near.bottom // cell + 1)
        for square in ((x, y) for y in range(y0, y1) for x in range(x0, x1)):
            for dx, dy in ((1, 0), (0, 1)):
                other = (square[0] + dx, square[1] + dy)
                if not bf.in_bounds(other):
                    continue
                drop = bf.elevation(square) - bf.elevation(other)
                if abs(drop) < LEDGE_FT:
                    continue
                start, end = (shift(p) for p in _edge_line(square, other, cell))
                pygame.draw.line(surface, LEDGE, start, end, 3)
                low = other if drop > 0 else square
                # Ticks point down the drop, toward the lower square.
                sign = 1 if low == other else -1
                for t in (1, 2, 3):
                    px = start[0] + (end[0] - start[0]) * t // 4
                    py = start[1] + (end[1] - start[1]) * t // 4
                    tick = (px + sign * dx * cell // 6, py + sign * dy * cell // 6)
                    pygame.draw.line(surface, LEDGE, (px, py), tick, 2)
    for number, pair in enumerate(bf.portals, start=1):
        for square in pair:
            centre = (square[0] * cell + cell // 2, square[1] * cell + cell // 2)
            if not near.collidepoint(centre):
                continue
            centre = shift(centre)
            pygame.draw.circle(surface, (20, 10, 40), centre, cell // 2 - 2, 4)
            pygame.draw.circle(surface, PORTAL, centre, cell // 2 - 3, 2)
            label = font.render(str(number), True, PORTAL)
            surface.blit(label, label.get_rect(center=centre))
