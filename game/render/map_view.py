"""The battlefield on screen: a Tiled map's tiles at integer-sized squares and a panning camera."""

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
MAP_BACKGROUND = (40, 40, 40)                   # under squares no tile covers


class AssetError(RuntimeError):
    """An image the game needs is missing or unreadable; the message is one line naming the file."""


class MapView:
    """The map's tiles at whole-pixel squares and the camera over them; converts screen <-> squares.

    Only the map's distinct tile pictures are kept, scaled to the square size; ``paint`` draws the tiles of
    any part of the map into a surface, so the screen keeps pictures the size of its window, never of the map.
    """

    def __init__(self, tmx_path: Path, viewport: pygame.Rect) -> None:
        try:
            tmx = load_pygame(str(tmx_path))
        except FileNotFoundError as err:
            raise AssetError(f"{tmx_path}: an image the map needs is missing: {err.filename or err}") from None
        except pygame.error as err:
            raise AssetError(f"{tmx_path}: an image the map needs cannot be read: {err}") from None
        self.width, self.height = int(tmx.width), int(tmx.height)
        self.tile_w, self.tile_h = int(tmx.tilewidth), int(tmx.tileheight)
        self._pictures: list[pygame.Surface] = []          # each distinct tile picture, as Tiled draws it
        self._layers: list[list[int]] = []                 # per tile layer, per square (y * width + x): a picture or -1
        known: dict[int, int] = {}
        for layer in tmx.visible_layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                grid = [-1] * (self.width * self.height)
                for x, y, image in layer.tiles():
                    if image is None:    # a gid that no tileset holds (the linter names it): nothing to draw
                        continue
                    if id(image) not in known:
                        known[id(image)] = len(self._pictures)
                        self._pictures.append(image)
                    grid[y * self.width + x] = known[id(image)]
                self._layers.append(grid)
        # Tiles may be taller than the grid (Tiled draws them bottom-aligned), reaching into rows above.
        self._overhang = max((-(-p.get_height() // self.tile_h) - 1 for p in self._pictures), default=0)
        self.viewport = viewport
        self.fit_cell = max(MIN_CELL, min(MAX_CELL, viewport.w // self.width, viewport.h // self.height))
        self.zoom = 100
        self.cell = self.fit_cell
        self._scale_pictures()
        self.offset = [0, 0]
        self.clamp()

    def _scale_pictures(self) -> None:
        """The tile pictures at the square size: scaled alone, each is the part of the whole map scaled at once."""
        cell, tile_w, tile_h = self.cell, self.tile_w, self.tile_h
        self._scaled = [pygame.transform.scale(p, (p.get_width() * cell // tile_w, p.get_height() * cell // tile_h))
                        for p in self._pictures]

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The whole map's size in screen pixels at this zoom."""
        return self.width * self.cell, self.height * self.cell

    def paint(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        """Draw the tiles of ``region`` (map pixels) into ``surface``, whose top-left is the region's."""
        surface.fill(MAP_BACKGROUND)
        cell, width, scaled = self.cell, self.width, self._scaled
        lifts = [cell - image.get_height() for image in scaled]      # bottom-aligned in the square
        left, top = region.topleft
        x0, x1 = max(0, left // cell), min(self.width - 1, (region.right - 1) // cell)
        y0, y1 = max(0, top // cell), min(self.height - 1, (region.bottom - 1) // cell + self._overhang)
        xs = [x * cell - left for x in range(x0, x1 + 1)]
        for grid in self._layers:
            placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
            for y in range(y0, y1 + 1):
                row, at_y = grid[y * width + x0:y * width + x1 + 1], y * cell - top
                placed += [(scaled[p], (at_x, at_y + lifts[p])) for at_x, p in zip(xs, row) if p >= 0]
            surface.fblits(placed)

    def visible_rect(self) -> pygame.Rect:
        """The part of the map inside the view, in map pixels."""
        width, height = self.pixel_size
        return pygame.Rect(-self.offset[0], -self.offset[1], self.viewport.w, self.viewport.h).clip(0, 0, width, height)

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
        self._scale_pictures()
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
        width, height = self.pixel_size
        for axis, (size, view) in enumerate(((width, self.viewport.w), (height, self.viewport.h))):
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
        width, height = self.pixel_size
        return width >= self.viewport.w and height >= self.viewport.h

    def draw(self, screen: pygame.Surface, surface: pygame.Surface, at: tuple[int, int] = (0, 0)) -> None:
        """Copy what lies inside the view of ``surface``, a picture of part of the map whose top-left is the
        map pixel ``at``."""
        ox, oy = self.origin()
        ox, oy = ox + at[0], oy + at[1]
        view = self.viewport
        area = pygame.Rect(view.x - ox, view.y - oy, view.w, view.h).clip(surface.get_rect())
        if area.width and area.height:
            screen.blit(surface, (ox + area.x, oy + area.y), area)


def load_sprites(directory: Path, names: list[str], cell: int) -> dict[str, pygame.Surface]:
    """Each unit sprite PNG scaled to the square size; missing art is a one-line AssetError. A picture is read
    from its file once (a zoom only scales it again)."""
    return {name: pygame.transform.scale(_sprite(directory / f"{name}.png"), (cell, cell))
            for name in sorted(set(names))}


_SPRITES: dict[Path, tuple[pygame.Surface, pygame.Surface | None]] = {}     # file -> (its picture, the display it was made for)


def _sprite(path: Path) -> pygame.Surface:
    display = pygame.display.get_surface()
    kept = _SPRITES.get(path)
    if kept is not None and kept[1] is display:
        return kept[0]
    if not path.is_file():
        raise AssetError(f"{path}: unit sprite is missing")
    try:
        image = pygame.image.load(str(path)).convert_alpha()
    except pygame.error as err:
        raise AssetError(f"{path}: unit sprite cannot be read: {err}") from None
    _SPRITES[path] = (image, display)
    return image
