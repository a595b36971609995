"""The map linter: checks a Tiled map against the property schema and the rules, one problem a line."""

from __future__ import annotations

import difflib
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytmx

from game.core.battlefield import Battlefield
from game.core.grid import Square
from game.core.movement import square_step
from game.maps import schema
from game.maps.loader import build_battlefield
from game.maps.tmx import (MapError, Problem, RawProperty, Report, article, grid_problem, layer_elements, raw_properties,
                           read_tmx, read_xml, tileset_elements)

CLIMB_LIMIT_FT = 10   # a step up this high is a climb, which the game does not offer (a drop this deep is a fall, §20)
WHAT = {"map": "the map", "tile": "tiles", "layer": "tile layers", "object": "objects", "objectgroup": "object layers",
        "tileset": "tilesets", "imagelayer": "image layers", "group": "group layers"}


def map_files(paths: Iterable[Path]) -> list[Path]:
    """The maps ``paths`` name: a file as it is, a folder as the .tmx maps inside it."""
    return [m for path in paths for m in (sorted(path.rglob("*.tmx")) if path.is_dir() else [path])]


def lint_paths(paths: Iterable[Path]) -> list[Problem]:
    """Every problem of every map; a folder stands for the .tmx maps inside it."""
    return [problem for map_path in map_files(paths) for problem in lint_map(map_path)]


def lint_map(path: Path) -> list[Problem]:
    """Every problem of one map: schema (names, types, values, pytmx's reserved names) and rules."""
    report = Report(path, collect=True)
    try:
        root = read_xml(path)
    except MapError as err:
        return [err.problem]
    reason = grid_problem(root)
    if reason:
        return [Problem(str(path), message=reason)]
    tile_problems = _check_files(root, path, report)
    try:
        tmx = read_tmx(path)
    except MapError as err:
        _place_tile_problems(tile_problems, None, report)
        report.add(err.problem)
        return report.problems
    _place_tile_problems(tile_problems, tmx, report)
    battlefield = build_battlefield(path, root, tmx, report)
    if battlefield is not None:
        for side, other in unreachable_sides(battlefield):
            layer = _start_layer(root, side)
            report.add(Problem(str(path), layer, min(battlefield.start_squares(side), key=lambda s: (s[1], s[0])),
                               f"side {side!r} cannot reach side {other!r}: no walk leads from this start area to "
                               f"theirs (through portals, and never up a climb of {CLIMB_LIMIT_FT} ft or more)"))
    return report.problems


# --- the schema ----------------------------------------------------------------------------------------


def property_problems(raw: RawProperty, kind: str) -> Iterator[str]:
    """What is wrong with one property on an element of ``kind`` (map, tile, layer, object, ...)."""
    allowed = {spec.name: spec for spec in schema.ALLOWED[kind]}
    if raw.name in schema.pytmx_reserved(kind):
        consequence = ("pytmx overwrites it with its own value" if kind == "tile"
                       else "pytmx refuses every map that uses it")
        hint = " (for ground height use 'elevation_ft')" if raw.name in ("height", "z") else ""
        yield f"property {raw.name!r} is a name pytmx reserves on {WHAT[kind]}: {consequence}; rename it{hint}"
        return
    if raw.type == "class":
        yield f"property {raw.name!r} holds a class value, which pytmx cannot read: use plain properties"
        return
    spec = allowed.get(raw.name)
    if spec is None:
        close = difflib.get_close_matches(raw.name.lower(), list(allowed), n=1)
        if close:
            yield f"unknown property {raw.name!r}: did you mean {close[0]!r}?"
        else:
            known = ", ".join(allowed) if allowed else "none"
            yield f"unknown property {raw.name!r} (the game reads these on {WHAT[kind]}: {known})"
        return
    if raw.type != spec.type:
        yield f"property {raw.name!r} is {article(raw.type)} but must be {article(spec.type)}{_type_hint(spec)}"
        return
    try:
        spec.parse(raw.value())
    except schema.SchemaError as err:
        yield str(err)


def _type_hint(spec: schema.PropertySpec) -> str:
    if spec.enum:
        return f" (the custom type {spec.enum}: {', '.join(spec.values)})"
    return ""


def _check_files(root: Element, path: Path, report: Report) -> dict[int, tuple[str, list[str]]]:
    """Check every property in the map and its tilesets, tile sizes and images; tile problems are returned
    by global tile id, to be placed where the tile is first used."""
    for raw in raw_properties(root):
        for message in property_problems(raw, "map"):
            report.add(Problem(str(path), message=message))
    map_w, map_h = int(root.get("tilewidth", "0")), int(root.get("tileheight", "0"))
    if map_w != map_h:
        report.add(Problem(str(path), message=f"the map's squares are {map_w}x{map_h} pixels: make them square "
                                               "(tile width and height equal)"))
    tile_problems: dict[int, tuple[str, list[str]]] = {}
    for ts, ts_path, firstgid in tileset_elements(root, path):
        name = ts.get("name", "")
        where = f"tileset {name}"
        for raw in raw_properties(ts):
            for message in property_problems(raw, "tileset"):
                report.add(Problem(str(path), where, None, message))
        ts_w, ts_h = int(ts.get("tilewidth", "0")), int(ts.get("tileheight", "0"))
        if ts.find("image") is not None and (ts_w, ts_h) != (map_w, map_h):
            report.add(Problem(str(path), where, None, f"the tileset's tiles are {ts_w}x{ts_h} pixels but the map's "
                                                       f"squares are {map_w}x{map_h}: they must match"))
        for image in ts.iter("image"):
            source = image.get("source", "")
            if source and not (ts_path.parent / source).is_file():
                report.add(Problem(str(path), where, None, f"the image {source!r} is missing: the game cannot draw "
                                                           "this tileset"))
        for tile in ts.findall("tile"):
            tile_id = int(tile.get("id", "0"))
            label = f"tile {tile_id} of tileset {name!r}: "
            for raw in raw_properties(tile):
                for message in property_problems(raw, "tile"):
                    tile_problems.setdefault(firstgid + tile_id, (where, []))[1].append(label + message)
    for element, _shown, name in layer_elements(root):
        kind = element.tag
        for raw in raw_properties(element):
            for message in property_problems(raw, kind):
                report.add(Problem(str(path), name, None, message))
        if kind == "imagelayer":
            image_element = element.find("image")
            source = image_element.get("source", "") if image_element is not None else ""
            if source and not (path.parent / source).is_file():
                report.add(Problem(str(path), name, None, f"the image {source!r} is missing"))
        for obj in element.findall("object"):
            square = _object_square(obj, map_w, map_h)
            for raw in raw_properties(obj):
                for message in property_problems(raw, "object"):
                    report.add(Problem(str(path), name, square, f"object {obj.get('id', '?')}: {message}"))
    return tile_problems


def _object_square(obj: Element, tile_w: int, tile_h: int) -> Square:
    """The square of an object's position (a tile object's top-left: Tiled stores its bottom-left)."""
    x, y = float(obj.get("x", "0")), float(obj.get("y", "0"))
    if obj.get("gid"):
        y -= float(obj.get("height", "0"))
    return int(x // max(tile_w, 1)), int(y // max(tile_h, 1))


def _place_tile_problems(tile_problems: dict[int, tuple[str, list[str]]], tmx: Any, report: Report) -> None:
    """Report each tile's problems at the first square that uses the tile, or at its tileset when unused."""
    first_use: dict[int, tuple[str, Square]] = {}
    if tmx is not None:
        for layer in tmx.layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                for x, y, gid in layer.iter_data():
                    tiled = tmx.tiledgidmap.get(gid)
                    if tiled in tile_problems and tiled not in first_use:
                        first_use[tiled] = (layer.name, (x, y))
    for tiled, (tileset, messages) in sorted(tile_problems.items()):
        layer, square = first_use.get(tiled, (tileset, None))
        for message in messages:
            report.add(Problem(report.file, layer, square, message))


def _start_layer(root: Element, side: str) -> str:
    """The object layer holding a side's first start area, to name in messages."""
    for element, _shown, name in layer_elements(root):
        for obj in element.findall("object"):
            props = {raw.name: raw.text for raw in raw_properties(obj)}
            cls = obj.get("type") or obj.get("class") or ""
            if schema.with_class_defaults(props, cls).get("side") == side:
                return name
    return ""


# --- the rules -----------------------------------------------------------------------------------------


def walkable_from(bf: Battlefield, starts: Iterable[Square]) -> set[Square]:
    """Squares a Medium creature can walk to from any of ``starts``: around walls and edge obstacles,
    down drops, through portals, but never up a climb of CLIMB_LIMIT_FT or more."""
    frontier = deque(starts)
    seen = set(frontier)
    while frontier:
        square = frontier.popleft()
        steps = [(square[0] + dx, square[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
        for nxt in steps:
            if (nxt in seen or not bf.in_bounds(nxt) or bf.at(nxt).solid or square_step(bf, square, nxt) is None
                    or bf.elevation(nxt) - bf.elevation(square) >= CLIMB_LIMIT_FT):
                continue
            seen.add(nxt)
            frontier.append(nxt)
        exit_square = bf.portal_exit(square)
        if exit_square is not None and exit_square not in seen and not bf.at(exit_square).solid:
            seen.add(exit_square)
            frontier.append(exit_square)
    return seen


def unreachable_sides(bf: Battlefield) -> list[tuple[str, str]]:
    """(side, other side) for every side whose start area has no walk to the other's."""
    found = []
    for side, squares in bf.start_areas:
        reached = walkable_from(bf, squares)
        for other, theirs in bf.start_areas:
            if other != side and not reached & set(theirs):
                found.append((side, other))
    return found
