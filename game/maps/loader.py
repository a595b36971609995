"""Read a Tiled .tmx map (pytmx, no display) and turn it into a Battlefield, following docs/maps.md.

Rules come from custom *properties*, never tile ids (pytmx renumbers gids): tile properties, a tile
layer's elevation, and objects that are zones, start areas, portals, edge obstacles or lights.
Unknown properties are left alone (real maps carry their own); a known property with a bad value, or an
object the rules cannot use, refuses the map with one line naming file, layer and square.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytmx

from game.i18n import L_, Ln_, message_of
from game.core.battlefield import Battlefield, Edge, EdgeKind, Obscurement, Terrain
from game.core.grid import Square, chebyshev
from game.core.lines import can_see_square
from game.maps import schema
from game.maps.guard import GuardError
from game.maps.shapes import MapObject, ShapeError, covered_squares, edges_along, square_at
from game.maps.tmx import (FLIP_FLAGS, MapError, Report, article, fail, grid_problem, layer_elements, properties, read_tmx,
                           read_xml, template_element, title_from_file_name)

__all__ = ["MapError", "load_battlefield", "build_battlefield", "fallback_start_areas"]

DEFAULT_SIDES = schema.REQUIRED_SIDES
FALLBACK_START_SIZE = 8
MAX_LIGHTS = 64                # light sources on one map (docs/maps.md, Limits); the shipped maps have 2
PRESET_WORD = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")    # a ruleset's name or a preset's key (game.engine.rosters)
MIN_START_SQUARES = 4          # the default rosters field four Medium creatures a side
OBSCURED = {"none": Obscurement.NONE, "light": Obscurement.LIGHT, "heavy": Obscurement.HEAVY, "total": Obscurement.TOTAL}
EDGE_KINDS = {"low_wall": EdgeKind.LOW_WALL, "wall": EdgeKind.WALL, "window": EdgeKind.WINDOW}
EDGE_STRENGTH = {EdgeKind.LOW_WALL: 1, EdgeKind.WINDOW: 2, EdgeKind.WALL: 3}   # where two meet, the stronger stands
SHAPE_NAMES = {"rectangle": "a rectangle", "ellipse": "an ellipse", "point": "a point", "polygon": "a polygon",
               "polyline": "a polyline", "tile": "a tile object", "text": "a text object"}
ROLE_SHAPES = {
    "zone": ("rectangle", "ellipse", "polygon", "tile", "point"),
    "start area": ("rectangle", "ellipse", "polygon", "tile", "point"),
    "edge obstacle": ("polyline", "polygon", "rectangle"),
    "portal": ("rectangle", "ellipse", "polygon", "tile", "point"),
    "light": ("rectangle", "ellipse", "polygon", "tile", "point"),
}


def load_battlefield(path: Path | str) -> Battlefield:
    """The battlefield of a map file; raises MapError with one line for anything the game cannot play."""
    path = Path(path)
    root = read_xml(path)
    reason = grid_problem(root)
    if reason:
        raise fail(path, reason)
    battlefield = build_battlefield(path, root, read_tmx(path), Report(path))
    assert battlefield is not None   # a report that does not collect raises on the first error
    return battlefield


def build_battlefield(path: Path, root: Element, tmx: Any, report: Report) -> Battlefield | None:
    """Build the battlefield of a parsed orthogonal map, sending problems to ``report``.

    Returns None when a collecting report (the linter's) saw a problem that leaves no battlefield.
    """
    return _Builder(path, tmx, root, report).build()


class _Builder:
    """Accumulates what every layer and object says about each square, then freezes it into a Battlefield."""

    def __init__(self, path: Path, tmx: Any, root: Element, report: Report) -> None:
        self.path, self.tmx, self.root, self.report = path, tmx, root, report
        self.width, self.height = int(tmx.width), int(tmx.height)
        self.tile_w, self.tile_h = int(tmx.tilewidth), int(tmx.tileheight)
        size = self.width * self.height
        self.terrain: list[Terrain] = [Terrain()] * size
        self.dark = [False] * size                   # totally obscured (darkness): light sources lift it
        self.elevation: list[int | None] = [None] * size
        self.edges: dict[Edge, EdgeKind] = {}
        self.starts: dict[str, list[Square]] = {}
        self.surprised: list[str] = []
        self.start_presets: list[tuple[str, str, str]] = []     # (side, ruleset, preset key)
        self.start_layer: dict[str, str] = {}
        self.portals: dict[str, list[tuple[Square, MapObject]]] = {}
        self.lights: list[tuple[Square, int]] = []
        self.tile_cache: dict[int, tuple[Terrain, bool, int | None]] = {}

    def build(self) -> Battlefield | None:
        tile_layers = [layer for layer in self.tmx.layers if isinstance(layer, pytmx.TiledTileLayer)]
        tile_elements = [(el, shown, name) for el, shown, name in layer_elements(self.root) if el.tag == "layer"]
        for (_element, shown, name), layer in zip(tile_elements, tile_layers):
            if shown:
                self._tile_layer(layer, name)
        for element, shown, name in layer_elements(self.root):
            if element.tag == "objectgroup" and shown:
                for obj_el in element.findall("object"):
                    if obj_el.get("visible", "1") != "0":
                        self._object(obj_el, name)
        return self._finish()

    # --- tiles ---------------------------------------------------------------------------------------

    def _parse(self, props: dict[str, Any], specs: tuple[schema.PropertySpec, ...], layer: str,
               square: Square | None, owner: str = "") -> dict[str, Any] | None:
        """The known properties among ``props``, parsed; None after reporting a bad value (naming ``owner``, the
        object or tile that has them, if any)."""
        values: dict[str, Any] = {}
        ok = True
        for spec in specs:
            if spec.name in props:
                try:
                    values[spec.name] = spec.parse(props[spec.name])
                except schema.SchemaError as err:
                    problem = message_of(err)
                    self.report.error(layer, square, L_("{object}: {problem}", object=owner, problem=problem)
                                      if owner else problem)
                    ok = False
        return values if ok else None

    def _tile_layer(self, layer: Any, name: str) -> None:
        layer_props = self._parse(dict(layer.properties), (schema.ELEVATION,), name, None) or {}
        layer_elevation = layer_props.get("elevation_ft")
        for x, y, gid in layer.iter_data():
            if not gid or not self._in_bounds((x, y)):
                continue
            if gid not in self.tile_cache:
                props = self.tmx.get_tile_properties_by_gid(gid) or {}
                values = self._parse(props, schema.ZONE, name, (x, y), tile_label(self.tmx, gid)) or {}
                terrain, dark = terrain_of(values)
                self.tile_cache[gid] = (terrain, dark, values.get("elevation_ft"))
            terrain, dark, elevation = self.tile_cache[gid]
            self._give((x, y), terrain, dark, elevation)
            if layer_elevation is not None:
                self._raise((x, y), layer_elevation)

    def _give(self, square: Square, terrain: Terrain, dark: bool, elevation: int | None) -> None:
        index = square[1] * self.width + square[0]
        self.terrain[index] = merge(self.terrain[index], terrain)
        self.dark[index] = self.dark[index] or dark
        if elevation is not None:
            self._raise(square, elevation)

    def _raise(self, square: Square, elevation: int) -> None:
        index = square[1] * self.width + square[0]
        current = self.elevation[index]
        self.elevation[index] = elevation if current is None else max(current, elevation)

    def _in_bounds(self, square: Square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    # --- objects -------------------------------------------------------------------------------------

    def _object(self, element: Element, layer: str) -> None:
        obj = self._read_object(element, layer)
        if obj is None:
            return
        anchor = square_at(obj.outline()[0] if obj.shape not in ("point", "text") else (obj.x, obj.y),
                           self.tile_w, self.tile_h)
        roles = schema.object_role(obj.properties, obj.class_name)
        if not roles:
            return
        if len(roles) > 1:
            self.report.error(layer, anchor, L_("{object} is both {roles}: give each its own object", object=obj.label,
                                                roles=" and ".join(article(r) for r in roles)))
            return
        role = roles[0]
        if obj.shape not in ROLE_SHAPES[role]:
            allowed = ", ".join(SHAPE_NAMES[s] for s in ROLE_SHAPES[role])
            self.report.error(layer, anchor, L_("{object} is {shape}, which cannot be {role} (use {allowed})",
                                                object=obj.label, shape=SHAPE_NAMES[obj.shape], role=article(role),
                                                allowed=allowed))
            return
        values = self._parse(obj.properties, schema.ROLES[role], layer, anchor, obj.label)
        if values is None:
            return
        if role == "zone":
            self._zone(obj, values, layer, anchor)
        elif role == "start area":
            self._start_area(obj, values["side"], layer, anchor)
            self._start_presets(obj, values["side"], values.get("presets", ""), layer, anchor)
            if values.get("surprised"):
                self.surprised.append(values["side"])
        elif role == "edge obstacle":
            self._edge(obj, EDGE_KINDS[values["edge"]], layer, anchor)
        else:
            self._marker(obj, role, values, layer)

    def _read_object(self, element: Element, layer: str) -> MapObject | None:
        """The object with its template merged in: shape, position, size, class and properties."""
        attrs = dict(element.attrib)
        props = properties(element)
        shape_el = element
        try:
            template = template_element(element, self.path)
        except GuardError as err:
            square = square_at((float(attrs.get("x", 0)), float(attrs.get("y", 0))), self.tile_w, self.tile_h)
            self.report.error(layer, square, L_("object {id}: its template {template} cannot be read ({reason})",
                                                id=attrs.get("id", "?"), template=repr(attrs.get("template")),
                                                reason=err.message))
            return None
        if template is not None:
            attrs = {**template.attrib, **attrs}
            props = {**properties(template), **props}
            if not any(element.find(tag) is not None for tag in ("ellipse", "point", "polygon", "polyline", "text")):
                shape_el = template
        try:
            return self._shaped(attrs, props, shape_el, template is None or "gid" in element.attrib, layer)
        except ValueError as err:   # a template's numbers are not checked by pytmx
            self.report.error(layer, None, L_("object {id}: a number in it cannot be read ({reason})",
                                              id=attrs.get("id", "?"), reason=str(err)))
            return None

    def _shaped(self, attrs: dict[str, str], props: dict[str, Any], shape_el: Element, own_gid: bool,
                layer: str) -> MapObject:
        """The object from its merged attributes, properties and shape element."""
        shape = "rectangle"
        points: tuple[tuple[float, float], ...] = ()
        for tag in ("ellipse", "point", "polygon", "polyline", "text"):
            child = shape_el.find(tag)
            if child is not None:
                shape = tag
                if tag in ("polygon", "polyline"):
                    points = tuple((float(a), float(b)) for a, b in
                                   (pair.split(",") for pair in child.get("points", "").split()))
        x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
        width, height = float(attrs.get("width", 0)), float(attrs.get("height", 0))
        if "gid" in attrs and shape == "rectangle":
            shape = "tile"
            y -= height   # Tiled places a tile object by its bottom-left corner
            if own_gid:   # a template's gid counts in the template's own tilesets
                props = {**self._tile_properties(int(attrs["gid"])), **props}
        class_name = attrs.get("type") or attrs.get("class") or ""
        return MapObject(layer, int(attrs.get("id", 0)), attrs.get("name", ""), shape, x, y, width, height,
                         float(attrs.get("rotation", 0)), points, class_name,
                         schema.with_class_defaults(props, class_name))

    def _tile_properties(self, raw_gid: int) -> dict[str, Any]:
        """The rules properties of a tile object's tile: it gives them to the squares it covers."""
        gids = self.tmx.map_gid(raw_gid & ~FLIP_FLAGS) or []
        if not gids:
            return {}
        props = self.tmx.get_tile_properties_by_gid(gids[0][0]) or {}
        return {spec.name: props[spec.name] for spec in schema.ZONE if spec.name in props}

    def _zone(self, obj: MapObject, values: dict[str, Any], layer: str, anchor: Square) -> None:
        terrain, dark = terrain_of(values)
        squares = [s for s in covered_squares(obj, self.tile_w, self.tile_h) if self._in_bounds(s)]
        if not squares:
            self.report.note(layer, anchor, L_("{object}: the zone covers no square's centre on the map, so it "
                                               "changes nothing", object=obj.label))
        for square in squares:
            self._give(square, terrain, dark, values.get("elevation_ft"))

    def _start_area(self, obj: MapObject, side: str, layer: str, anchor: Square) -> None:
        squares = covered_squares(obj, self.tile_w, self.tile_h)
        inside = [s for s in squares if self._in_bounds(s)]
        if not inside:
            self.report.error(layer, anchor, L_("the start area of side {side} ({object}) lies off the map",
                                                side=repr(side), object=obj.label))
            return
        if len(inside) < len(squares):
            off = [s for s in squares if not self._in_bounds(s)]
            self.report.note(layer, off[0], L_("the start area of side {side} reaches off the map ({n} squares)",
                                               side=repr(side), n=len(off)))
        self.starts.setdefault(side, []).extend(inside)
        self.start_layer.setdefault(side, layer)

    def _start_presets(self, obj: MapObject, side: str, text: str, layer: str, anchor: Square) -> None:
        """Read "4e=ogres_warband; 5e-house=red": the side's preset under each ruleset. A malformed entry is a note
        and is left out (the side starts on its ruleset's default), since the map plays the same without it."""
        for entry in (e.strip() for e in text.replace(",", ";").split(";")):
            if not entry:
                continue
            ruleset, _, key = (part.strip() for part in entry.partition("="))
            if not (PRESET_WORD.fullmatch(ruleset) and PRESET_WORD.fullmatch(key)):
                self.report.note(layer, anchor, L_("{object}: presets entry {entry} is not ruleset=preset, so it is "
                                                   "left out", object=obj.label, entry=repr(entry)))
            elif any(s == side and r == ruleset for s, r, _ in self.start_presets):
                self.report.note(layer, anchor, L_("{object}: side {side} already has a preset under {ruleset}, so "
                                                   "{entry} is left out", object=obj.label, side=repr(side),
                                                   ruleset=ruleset, entry=repr(entry)))
            else:
                self.start_presets.append((side, ruleset, key))

    def _edge(self, obj: MapObject, kind: EdgeKind, layer: str, anchor: Square) -> None:
        try:
            edges = edges_along(obj, self.tile_w, self.tile_h)
        except ShapeError as err:
            self.report.error(layer, anchor, L_("{object}: {problem}", object=obj.label, problem=message_of(err)))
            return
        for a, b in edges:
            if not (self._in_bounds(a) and self._in_bounds(b)):
                continue   # along the map's border: off the map is wall already
            old = self.edges.get((a, b))
            if old is None or EDGE_STRENGTH[kind] > EDGE_STRENGTH[old]:
                self.edges[(a, b)] = kind

    def _marker(self, obj: MapObject, role: str, values: dict[str, Any], layer: str) -> None:
        """Portals and lights sit on the square under the object's centre."""
        square = square_at(obj.centre(), self.tile_w, self.tile_h)
        if not self._in_bounds(square):
            self.report.error(layer, square, L_("{object}: the {role} lies off the map", object=obj.label, role=role))
            return
        if role == "portal":
            self.portals.setdefault(values["portal"], []).append((square, obj))
        elif len(self.lights) >= MAX_LIGHTS:
            self.report.error(layer, square, L_("{object}: more than {n} light sources on one map", object=obj.label,
                                                n=MAX_LIGHTS))
        else:
            self.lights.append((square, values["light_radius"]))

    # --- the battlefield -----------------------------------------------------------------------------

    def _finish(self) -> Battlefield | None:
        name = str(self.tmx.properties.get("title", "")).strip() or title_from_file_name(self.path)
        edges = tuple(sorted(self.edges.items()))
        terrain = self._lit_terrain(edges)
        elevation: tuple[int, ...] = ()
        if any(e is not None for e in self.elevation):
            elevation = tuple(e or 0 for e in self.elevation)
        bf = Battlefield(self.width, self.height, terrain, edges=edges, elevation_ft=elevation, name=name)
        portals = self._portal_pairs(bf)
        starts = self._start_areas(bf)
        if portals is None or starts is None:
            return None
        return Battlefield(self.width, self.height, terrain, edges=edges, elevation_ft=elevation,
                           start_areas=starts, portals=portals, name=name,
                           surprised=tuple(dict.fromkeys(self.surprised)), lights=tuple(self.lights),
                           start_presets=tuple(self.start_presets))

    def _lit_terrain(self, edges: tuple[tuple[Edge, EdgeKind], ...]) -> tuple[Terrain, ...]:
        """Darkness becomes total obscurement except where a light source reaches (docs/maps.md, Light)."""
        lit = [False] * len(self.terrain)
        if self.lights:
            # Light travels like sight through everything but walls, curtains and wall edges; fog and
            # darkness themselves do not stop it.
            clear = Battlefield(self.width, self.height, tuple(_without_obscurement(t) for t in self.terrain), edges)
            for source, radius in self.lights:
                # Only dark squares need light, and a square lit once stays lit: look at no other.
                for y in range(max(0, source[1] - radius), min(self.height, source[1] + radius + 1)):
                    for x in range(max(0, source[0] - radius), min(self.width, source[0] + radius + 1)):
                        index = y * self.width + x
                        if self.dark[index] and not lit[index] and (
                                (x, y) == source or can_see_square(clear, (source, 1), (x, y))):
                            lit[index] = True
        return tuple(_with_obscurement(t, Obscurement.TOTAL) if dark and not is_lit else t
                     for t, dark, is_lit in zip(self.terrain, self.dark, lit))

    def _portal_pairs(self, bf: Battlefield) -> tuple[tuple[Square, Square], ...] | None:
        pairs: list[tuple[Square, Square]] = []
        used: dict[Square, str] = {}
        ok = True
        for name, ends in self.portals.items():
            square, first = ends[0]
            if len(ends) != 2:
                self.report.error(first.layer, square, Ln_(
                    "portal {portal} has {n} end: exactly two objects must share a portal name",
                    "portal {portal} has {n} ends: exactly two objects must share a portal name", len(ends),
                    portal=repr(name)))
                ok = False
                continue
            (a, obj_a), (b, obj_b) = ends
            for end, obj in ((a, obj_a), (b, obj_b)):
                if bf.at(end).solid:
                    self.report.error(obj.layer, end, L_("portal {portal} ({object}) stands in a wall or other solid "
                                                         "square, where no creature can end a move", portal=repr(name),
                                                         object=obj.label))
                    ok = False
                elif end in used:
                    self.report.error(obj.layer, end, L_("portal {portal} shares its square with portal {other}: a "
                                                         "square can lead to one place only", portal=repr(name),
                                                         other=repr(used[end])))
                    ok = False
                used[end] = name
            if a == b:
                self.report.error(obj_a.layer, a, L_("both ends of portal {portal} are on the same square",
                                                     portal=repr(name)))
                ok = False
            pairs.append((a, b))
        return tuple(pairs) if ok else None

    def _start_areas(self, bf: Battlefield) -> tuple[tuple[str, tuple[Square, ...]], ...] | None:
        if not self.starts:
            self.report.note("", None, L_("the map has no start areas: the game puts side blue at the west edge and "
                                          "side red at the east edge (add rectangle objects with a 'side' property)"))
            return fallback_start_areas(bf)
        areas: list[tuple[str, tuple[Square, ...]]] = []
        ok = True
        for side in schema.SIDES:
            if side not in self.starts and side not in DEFAULT_SIDES:
                continue    # green and yellow are optional: a map for three or four sides has them
            if side not in self.starts:
                present = ", ".join(self.starts)
                self.report.error("", None, L_("the map has start areas for {present} but none for side {side}",
                                               present=present, side=repr(side)))
                ok = False
                continue
            squares = sorted(set(self.starts[side]), key=lambda s: (s[1], s[0]))
            solid = [s for s in squares if bf.at(s).solid]
            open_squares = tuple(s for s in squares if not bf.at(s).solid)
            if solid:
                self.report.note(self.start_layer[side], solid[0], Ln_(
                    "{n} square of the start area of side {side} is in a wall or other solid square, where no "
                    "creature can stand",
                    "{n} squares of the start area of side {side} are in a wall or other solid square, where no "
                    "creature can stand", len(solid), side=repr(side)))
            if not open_squares:
                self.report.error(self.start_layer[side], squares[0],
                                  L_("the start area of side {side} has no open square", side=repr(side)))
                ok = False
                continue
            if len(open_squares) < MIN_START_SQUARES:
                self.report.note(self.start_layer[side], open_squares[0],
                                 L_("the start area of side {side} has {n} open squares; a side of {needed} Medium "
                                    "creatures needs {needed}", side=repr(side), n=len(open_squares),
                                    needed=MIN_START_SQUARES))
            elif not any(all((x + dx, y + dy) in open_squares for dx in (0, 1) for dy in (0, 1))
                         for x, y in open_squares):
                self.report.note(self.start_layer[side], open_squares[0],
                                 L_("the start area of side {side} has no 2x2 block of open squares, so a Large "
                                    "creature cannot start there", side=repr(side)))
            areas.append((side, open_squares))
        if ok:
            for index, (first, first_squares) in enumerate(areas):
                for second, second_squares in areas[index + 1:]:
                    shared = sorted(set(first_squares) & set(second_squares), key=lambda s: (s[1], s[0]))
                    if shared:
                        both = (L_("both sides") if len(areas) == 2
                                else L_("sides {first} and {second}", first=repr(first), second=repr(second)))
                        self.report.error(self.start_layer[first], shared[0],
                                          L_("the start areas of {sides} share squares: each square can start one "
                                             "side", sides=both))
                        ok = False
        return front_first(tuple(areas), bf) if ok else None


def tile_label(tmx: Any, gid: int) -> str:
    """How messages name a tile: its id in its tileset, as Tiled shows it."""
    tiled_gid = tmx.tiledgidmap.get(gid, gid)
    owner = max((ts for ts in tmx.tilesets if ts.firstgid <= tiled_gid), key=lambda ts: ts.firstgid, default=None)
    if owner is None:
        return L_("tile gid {gid}", gid=tiled_gid)
    return L_("tile {id} of tileset {tileset}", id=tiled_gid - owner.firstgid, tileset=repr(owner.name))


def terrain_of(values: dict[str, Any]) -> tuple[Terrain, bool]:
    """Terrain facts from parsed properties, and whether the square is dark (total obscurement)."""
    flags = {spec.name: values[spec.name] for spec in schema.TERRAIN if spec.type == schema.BOOL and spec.name in values}
    obscured = OBSCURED[values.get("obscured", "none")]
    dark = obscured == Obscurement.TOTAL
    return Terrain(obscured=Obscurement.NONE if dark else obscured, **flags), dark


def merge(a: Terrain, b: Terrain) -> Terrain:
    """Union of two sources' terrain: any blocking flag wins, the deeper obscurement wins."""
    return Terrain(
        wall=a.wall or b.wall, difficult=a.difficult or b.difficult, blocks_sight=a.blocks_sight or b.blocks_sight,
        blocks_effect=a.blocks_effect or b.blocks_effect, cover=a.cover or b.cover,
        obscured=max(a.obscured, b.obscured), hazard=a.hazard or b.hazard,
    )


def _without_obscurement(t: Terrain) -> Terrain:
    return _with_obscurement(t, Obscurement.NONE)


def _with_obscurement(t: Terrain, obscured: Obscurement) -> Terrain:
    return Terrain(t.wall, t.difficult, t.blocks_sight, t.blocks_effect, t.cover, obscured, t.hazard)


def fallback_start_areas(bf: Battlefield) -> tuple[tuple[str, tuple[Square, ...]], ...]:
    """For maps without start areas: the open squares nearest the west edge and the east edge."""
    open_squares = [s for s in bf.squares() if not bf.at(s).solid and not bf.at(s).difficult]
    middle = bf.height // 2
    west = sorted(open_squares, key=lambda s: (s[0], abs(s[1] - middle), s[1]))[:FALLBACK_START_SIZE]
    east = sorted(open_squares, key=lambda s: (-s[0], abs(s[1] - middle), s[1]))[:FALLBACK_START_SIZE]
    return front_first(((DEFAULT_SIDES[0], tuple(sorted(west))), (DEFAULT_SIDES[1], tuple(sorted(east)))), bf)


def front_first(areas: tuple[tuple[str, tuple[Square, ...]], ...],
                bf: Battlefield) -> tuple[tuple[str, tuple[Square, ...]], ...]:
    """Each start area's squares in the order creatures are placed on them (game.match.place_roster): nearest
    another side's start area first, then nearest the map's middle, then map order. So the first creatures of a
    roster stand in its front line, whichever edge the area lies on, and two start areas that are mirror images
    get their creatures in mirror-image places (in plain map order the west side's first creature stood at the
    back and the east side's at the front: issue 21)."""
    def key(square: Square, others: list[Square]) -> tuple[int, int, int, int]:
        x, y = square
        nearest = min((chebyshev(square, other) for other in others), default=0)
        middle = (2 * x + 1 - bf.width) ** 2 + (2 * y + 1 - bf.height) ** 2
        return nearest, middle, y, x

    ordered = []
    for side, squares in areas:
        others = [s for other, theirs in areas if other != side for s in theirs]
        ordered.append((side, tuple(sorted(squares, key=lambda s: key(s, others)))))
    return tuple(ordered)
