"""Tiled object shapes on the square grid: which squares a shape covers, where it sits, which edges it follows."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.i18n import L_
from game.core.battlefield import Edge, edge_key
from game.core.grid import Square

Point = tuple[float, float]
GRID_TOLERANCE = 0.05   # of a square: how far off a grid line a polyline point may lie (Tiled snaps exactly)


class ShapeError(ValueError):
    """A shape the rules cannot use; the message is one line without a location."""


@dataclass(frozen=True)
class MapObject:
    """One Tiled object in map pixels, with its shape read from the file (pytmx does not keep it)."""

    layer: str
    id: int
    name: str
    shape: str                    # rectangle, ellipse, point, polygon, polyline, tile or text
    x: float                      # top-left corner (tile objects too: Tiled stores their bottom)
    y: float
    width: float
    height: float
    rotation: float = 0.0         # degrees clockwise around the object's origin
    points: tuple[Point, ...] = ()    # polygon and polyline points relative to (x, y)
    class_name: str = ""
    properties: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """How messages name the object."""
        return L_("object {id} ({name})", id=self.id, name=repr(self.name)) if self.name else L_("object {id}", id=self.id)

    def origin(self) -> Point:
        """The point Tiled rotates the object around: its position, the bottom-left for tile objects."""
        return (self.x, self.y + self.height) if self.shape == "tile" else (self.x, self.y)

    def _unrotate(self, p: Point) -> Point:
        """A map point in the object's own unrotated frame."""
        if not self.rotation:
            return p
        ox, oy = self.origin()
        angle = math.radians(-self.rotation)
        dx, dy = p[0] - ox, p[1] - oy
        return ox + dx * math.cos(angle) - dy * math.sin(angle), oy + dx * math.sin(angle) + dy * math.cos(angle)

    def _rotate(self, p: Point) -> Point:
        """A point of the object's own frame placed on the map."""
        if not self.rotation:
            return p
        ox, oy = self.origin()
        angle = math.radians(self.rotation)
        dx, dy = p[0] - ox, p[1] - oy
        return ox + dx * math.cos(angle) - dy * math.sin(angle), oy + dx * math.sin(angle) + dy * math.cos(angle)

    def outline(self) -> tuple[Point, ...]:
        """The corners (rectangle, tile) or points (polygon, polyline) on the map, rotation applied."""
        if self.shape in ("polygon", "polyline"):
            local = tuple((self.x + px, self.y + py) for px, py in self.points)
        else:
            local = ((self.x, self.y), (self.x + self.width, self.y), (self.x + self.width, self.y + self.height),
                     (self.x, self.y + self.height))
        return tuple(self._rotate(p) for p in local)

    def contains(self, p: Point) -> bool:
        """Whether a map point lies inside the shape (points and lines contain nothing)."""
        x, y = self._unrotate(p)
        if self.shape in ("rectangle", "tile"):
            return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height
        if self.shape == "ellipse":
            rx, ry = self.width / 2, self.height / 2
            if rx <= 0 or ry <= 0:
                return False
            cx, cy = self.x + rx, self.y + ry
            return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
        if self.shape == "polygon":
            return _in_polygon((x - self.x, y - self.y), self.points)
        return False

    def centre(self) -> Point:
        """The middle of the shape on the map (the point itself for a point object)."""
        if self.shape == "point":
            return self.x, self.y
        if self.shape in ("polygon", "polyline"):
            xs = [p[0] for p in self.outline()]
            ys = [p[1] for p in self.outline()]
            return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        return self._rotate((self.x + self.width / 2, self.y + self.height / 2))


def _in_polygon(p: Point, points: tuple[Point, ...]) -> bool:
    """Even-odd rule: a ray to the right crosses the outline an odd number of times."""
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def square_at(p: Point, tile_w: int, tile_h: int) -> Square:
    """The square a map pixel lies in."""
    return math.floor(p[0] / tile_w), math.floor(p[1] / tile_h)


def covered_squares(obj: MapObject, tile_w: int, tile_h: int) -> list[Square]:
    """Squares whose centre lies inside the shape, row by row; a point object covers the square under it."""
    if obj.shape == "point":
        return [square_at((obj.x, obj.y), tile_w, tile_h)]
    outline = obj.outline() if obj.shape != "ellipse" else _ellipse_box(obj)
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    x0, x1 = math.floor(min(xs) / tile_w), math.ceil(max(xs) / tile_w)
    y0, y1 = math.floor(min(ys) / tile_h), math.ceil(max(ys) / tile_h)
    return [(sx, sy) for sy in range(y0, y1) for sx in range(x0, x1)
            if obj.contains(((sx + 0.5) * tile_w, (sy + 0.5) * tile_h))]


def _ellipse_box(obj: MapObject) -> tuple[Point, ...]:
    """A box around a (possibly rotated) ellipse: the box of its rotated bounding rectangle."""
    return MapObject(obj.layer, obj.id, obj.name, "rectangle", obj.x, obj.y, obj.width, obj.height,
                     obj.rotation).outline()


def _grid_line(value: float, size: int, what: str) -> int:
    cells = value / size
    nearest = round(cells)
    if abs(cells - nearest) > GRID_TOLERANCE:
        raise ShapeError(L_("{axis} {value} is not on a grid line (a multiple of {size} pixels)", axis=what,
                            value=f"{value:g}", size=size))
    return nearest


def edges_along(obj: MapObject, tile_w: int, tile_h: int) -> list[Edge]:
    """The square edges a polyline, polygon or rectangle outline runs along; each segment must follow a grid line."""
    points = obj.outline()
    if obj.shape in ("polygon", "rectangle", "tile"):
        points = points + points[:1]
    if len(points) < 2:
        raise ShapeError(L_("an edge obstacle needs a line along the grid: draw a polyline"))
    edges: list[Edge] = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        gx0, gy0 = _grid_line(ax, tile_w, "x"), _grid_line(ay, tile_h, "y")
        gx1, gy1 = _grid_line(bx, tile_w, "x"), _grid_line(by, tile_h, "y")
        if gx0 != gx1 and gy0 != gy1:
            raise ShapeError(L_("the segment from {start} to {end} is not along a grid line (edge obstacles run "
                                "horizontally or vertically)", start=f"{ax:g},{ay:g}", end=f"{bx:g},{by:g}"))
        if gy0 == gy1:   # horizontal: between the square above and the one below
            edges.extend(edge_key((x, gy0 - 1), (x, gy0)) for x in range(min(gx0, gx1), max(gx0, gx1)))
        else:            # vertical: between the square on the left and the one on the right
            edges.extend(edge_key((gx0 - 1, y), (gx0, y)) for y in range(min(gy0, gy1), max(gy0, gy1)))
    return edges
