"""Read a Tiled .tmx map with pytmx (no display needed) and turn it into a Battlefield.

Tile rules come from tile *properties*, never tile ids (pytmx renumbers gids). A square's terrain is
the union of the properties of its tiles on every visible tile layer. Start areas are rectangle
objects with a ``side`` property. Every problem becomes one MapError line naming file, layer and square.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError

import pytmx

from game.core.battlefield import Battlefield, Obscurement, Terrain
from game.core.grid import Square

BOOL_PROPERTIES = ("wall", "difficult", "cover", "blocks_sight", "blocks_effect", "hazard")
OBSCURED_VALUES = {"none": Obscurement.NONE, "light": Obscurement.LIGHT, "heavy": Obscurement.HEAVY, "total": Obscurement.TOTAL}
START_LAYER = "start"
DEFAULT_SIDES = ("blue", "red")
FALLBACK_START_SIZE = 8


class MapError(ValueError):
    """A map that cannot be played, with a one-line reason naming the file (and layer and square)."""


def read_tmx(path: Path) -> Any:
    """Parse a map with pytmx, turning every failure into a MapError."""
    if not path.is_file():
        raise MapError(f"{path}: no such map file")
    if not os.access(path, os.R_OK):
        raise MapError(f"{path}: the map file cannot be read (permission denied)")
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    try:
        return pytmx.TiledMap(str(path))
    except FileNotFoundError as err:
        raise MapError(f"{path}: a file the map needs is missing: {err.filename or err}") from None
    except ParseError as err:
        raise MapError(f"{path}: not a readable Tiled map (XML error: {err})") from None
    except Exception as err:  # pytmx raises many kinds of errors on maps it cannot parse
        raise MapError(f"{path}: pytmx cannot parse this map ({type(err).__name__}: {err})") from None


def _truthy(value: Any, where: str, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise MapError(f"{where}: property {name!r} must be true or false, not {value!r}")


def terrain_from_properties(props: dict[str, Any], where: str) -> Terrain:
    """Terrain facts from one tile's properties; unknown or unused properties are left alone."""
    flags = {name: _truthy(props[name], where, name) for name in BOOL_PROPERTIES if name in props}
    obscured = Obscurement.NONE
    if "obscured" in props:
        value = str(props["obscured"]).lower()
        if value not in OBSCURED_VALUES:
            raise MapError(f"{where}: property 'obscured' must be light, heavy or total, not {props['obscured']!r}")
        obscured = OBSCURED_VALUES[value]
    return Terrain(obscured=obscured, **flags)


def merge(a: Terrain, b: Terrain) -> Terrain:
    """Union of two layers' terrain: any blocking flag wins, the deeper obscurement wins."""
    return Terrain(
        wall=a.wall or b.wall, difficult=a.difficult or b.difficult, blocks_sight=a.blocks_sight or b.blocks_sight,
        blocks_effect=a.blocks_effect or b.blocks_effect, cover=a.cover or b.cover,
        obscured=max(a.obscured, b.obscured), hazard=a.hazard or b.hazard,
    )


def load_battlefield(path: Path | str) -> Battlefield:
    path = Path(path)
    tmx = read_tmx(path)
    orientation = getattr(tmx, "orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(f"{path}: {orientation} maps are not supported: the rules need a square grid (orthogonal)")
    if str(getattr(tmx, "infinite", "0")).strip().lower() in ("1", "true"):
        raise MapError(f"{path}: infinite maps are not supported: give the map a fixed size")
    width, height = int(tmx.width), int(tmx.height)
    terrain = [Terrain()] * (width * height)
    cache: dict[int, Terrain] = {}
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            if gid not in cache:
                props = tmx.get_tile_properties_by_gid(gid) or {}
                cache[gid] = terrain_from_properties(props, f"{path}:{layer.name}:{x},{y}")
            index = y * width + x
            terrain[index] = merge(terrain[index], cache[gid])
    title = str(tmx.properties.get("title", "")) or path.stem.replace("_", " ").title()
    bf = Battlefield(width, height, tuple(terrain), name=title)
    starts = _start_areas(tmx, path, bf)
    if not starts:
        starts = fallback_start_areas(bf)
    return Battlefield(width, height, bf.terrain, start_areas=starts, name=title)


def _start_areas(tmx: Any, path: Path, bf: Battlefield) -> tuple[tuple[str, tuple[Square, ...]], ...]:
    areas: dict[str, list[Square]] = {}
    tw, th = int(tmx.tilewidth), int(tmx.tileheight)
    for group in tmx.objectgroups:
        for obj in group:
            side = (obj.properties or {}).get("side")
            if side is None:
                continue
            where = f"{path}:{group.name}:{int(obj.x) // tw},{int(obj.y) // th}"
            x0, y0 = int(obj.x) // tw, int(obj.y) // th
            x1 = (int(obj.x + (obj.width or tw)) - 1) // tw
            y1 = (int(obj.y + (obj.height or th)) - 1) // th
            squares = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
            if not any(bf.in_bounds(s) for s in squares):
                raise MapError(f"{where}: the start area of side {side!r} lies off the map")
            areas.setdefault(str(side), []).extend(s for s in squares if bf.in_bounds(s) and not bf.at(s).solid)
    return tuple((side, tuple(sorted(set(squares), key=lambda s: (s[1], s[0])))) for side, squares in areas.items())


def fallback_start_areas(bf: Battlefield) -> tuple[tuple[str, tuple[Square, ...]], ...]:
    """For maps without start areas: the open squares nearest the west edge and the east edge."""
    open_squares = [s for s in bf.squares() if not bf.at(s).solid and not bf.at(s).difficult]
    west = sorted(open_squares, key=lambda s: (s[0], abs(s[1] - bf.height // 2), s[1]))[:FALLBACK_START_SIZE]
    east = sorted(open_squares, key=lambda s: (-s[0], abs(s[1] - bf.height // 2), s[1]))[:FALLBACK_START_SIZE]
    return ((DEFAULT_SIDES[0], tuple(sorted(west))), (DEFAULT_SIDES[1], tuple(sorted(east))))
