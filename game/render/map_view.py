"""The battlefield on screen: a pre-drawn Tiled map, integer-sized squares and a panning camera."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytmx
from pytmx.util_pygame import load_pygame

from game.core.grid import Square

MIN_CELL, MAX_CELL = 24, 64
PAN_SPEED = 12   # pixels per fixed step
ZOOM_STEPS = (50, 67, 75, 100, 125, 150, 200)   # percent of the square size that fits the map in the view
ZOOM_CELL_LIMITS = (12, 128)                    # whole-pixel squares stay between these sizes whatever the zoom


class AssetError(RuntimeError):
    """An image the game needs is missing or unreadable; the message is one line naming the file."""


class MapView:
    """Draws the map's tile layers once, scaled to whole-pixel squares, and converts screen <-> squares."""

    def __init__(self, tmx_path: Path, viewport: pygame.Rect) -> None:
        try:
            tmx = load_pygame(str(tmx_path))
        except FileNotFoundError as err:
            raise AssetError(f"{tmx_path}: an image the map needs is missing: {err.filename or err}") from None
        except pygame.error as err:
            raise AssetError(f"{tmx_path}: an image the map needs cannot be read: {err}") from None
        self.width, self.height = int(tmx.width), int(tmx.height)
        tile_w, tile_h = int(tmx.tilewidth), int(tmx.tileheight)
        base = pygame.Surface((self.width * tile_w, self.height * tile_h))
        base.fill((40, 40, 40))
        for layer in tmx.visible_layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                for x, y, image in layer.tiles():
                    if image is None:    # a gid that no tileset holds (the linter names it): nothing to draw
                        continue
                    # Tiles may be taller than the grid (Tiled draws them bottom-aligned).
                    base.blit(image, (x * tile_w, (y + 1) * tile_h - image.get_height()))
        self.tiles = base
        self.viewport = viewport
        self.fit_cell = max(MIN_CELL, min(MAX_CELL, viewport.w // self.width, viewport.h // self.height))
        self.zoom = 100
        self.cell = self.fit_cell
        self.surface = self._scaled(self.cell)
        self.offset = [0, 0]
        self.clamp()

    def _scaled(self, cell: int) -> pygame.Surface:
        return pygame.transform.scale(self.tiles, (self.width * cell, self.height * cell)).convert()

    def zoom_by(self, steps: int, anchor: tuple[int, int]) -> bool:
        """Zoom ``steps`` along ZOOM_STEPS (positive: in), keeping the map point under ``anchor`` (a screen
        pixel) where it is. False when the zoom (or the square size it gives) does not change."""
        index = min(range(len(ZOOM_STEPS)), key=lambda i: abs(ZOOM_STEPS[i] - self.zoom))
        zoom = ZOOM_STEPS[max(0, min(len(ZOOM_STEPS) - 1, index + steps))]
        low, high = ZOOM_CELL_LIMITS
        cell = max(low, min(high, self.fit_cell * zoom // 100))
        if zoom == self.zoom or cell == self.cell:
            self.zoom = zoom
            return False
        ox, oy = self.origin()
        # The map pixel under the anchor, in squares, stays under the anchor at the new size.
        map_x, map_y = (anchor[0] - ox) / self.cell, (anchor[1] - oy) / self.cell
        self.zoom, self.cell = zoom, cell
        self.surface = self._scaled(cell)
        self.offset = [round(anchor[0] - self.viewport.x - map_x * cell), round(anchor[1] - self.viewport.y - map_y * cell)]
        self.clamp()
        return True

    def keep_in_view(self, square: Square, margin: int = 1) -> None:
        """Pan the least that shows ``square`` with ``margin`` squares around it (the keyboard cursor)."""
        rect = self.square_rect(square).inflate(2 * margin * self.cell, 2 * margin * self.cell)
        view = self.viewport
        dx = min(0, rect.left - view.left) or max(0, rect.right - view.right)
        dy = min(0, rect.top - view.top) or max(0, rect.bottom - view.bottom)
        if dx or dy:
            self.pan(dx, dy)

    def clamp(self) -> None:
        """Centre a map smaller than the view; keep a larger map inside the view."""
        for axis, (size, view) in enumerate(((self.surface.get_width(), self.viewport.w), (self.surface.get_height(), self.viewport.h))):
            self.offset[axis] = (view - size) // 2 if size <= view else max(view - size, min(0, self.offset[axis]))

    def pan(self, dx: int, dy: int) -> None:
        self.offset[0] -= dx
        self.offset[1] -= dy
        self.clamp()

    def centre_on(self, square: Square) -> None:
        self.offset[0] = self.viewport.w // 2 - (square[0] * self.cell + self.cell // 2)
        self.offset[1] = self.viewport.h // 2 - (square[1] * self.cell + self.cell // 2)
        self.clamp()

    def origin(self) -> tuple[int, int]:
        return self.viewport.x + self.offset[0], self.viewport.y + self.offset[1]

    def square_rect(self, square: Square, side: int = 1) -> pygame.Rect:
        ox, oy = self.origin()
        return pygame.Rect(ox + square[0] * self.cell, oy + square[1] * self.cell, self.cell * side, self.cell * side)

    def point_at(self, fx: float, fy: float) -> tuple[int, int]:
        """Screen pixel of fractional square coordinates (for animation between squares)."""
        ox, oy = self.origin()
        return int(ox + fx * self.cell), int(oy + fy * self.cell)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        if not self.viewport.collidepoint(pos):
            return None
        ox, oy = self.origin()
        x, y = (pos[0] - ox) // self.cell, (pos[1] - oy) // self.cell
        if 0 <= x < self.width and 0 <= y < self.height:
            return int(x), int(y)
        return None

    def covers_viewport(self) -> bool:
        """True when the map fills the whole view (a smaller map is centred on the background)."""
        return self.surface.get_width() >= self.viewport.w and self.surface.get_height() >= self.viewport.h

    def draw(self, screen: pygame.Surface, surface: pygame.Surface | None = None) -> None:
        """Copy the part of the map (or of ``surface``, a picture of the map in its pixels) inside the view."""
        surface = self.surface if surface is None else surface
        ox, oy = self.origin()
        view = self.viewport
        area = pygame.Rect(view.x - ox, view.y - oy, view.w, view.h).clip(surface.get_rect())
        if area.width and area.height:
            screen.blit(surface, (ox + area.x, oy + area.y), area)


def load_sprites(directory: Path, names: list[str], cell: int) -> dict[str, pygame.Surface]:
    """Load each unit sprite PNG and scale it to the square size; missing art is a one-line AssetError."""
    sprites: dict[str, pygame.Surface] = {}
    for name in sorted(set(names)):
        path = directory / f"{name}.png"
        if not path.is_file():
            raise AssetError(f"{path}: unit sprite is missing")
        try:
            image = pygame.image.load(str(path)).convert_alpha()
        except pygame.error as err:
            raise AssetError(f"{path}: unit sprite cannot be read: {err}") from None
        sprites[name] = pygame.transform.scale(image, (cell, cell))
    return sprites
