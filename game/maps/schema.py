"""The map property schema: every custom property the game reads, its Tiled type, its values and where it goes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any
from xml.etree import ElementTree

import pytmx
from pytmx.pytmx import TiledGroupLayer

from game.i18n import L_

BOOL, INT, STRING = "bool", "int", "string"


class SchemaError(ValueError):
    """A property value the schema does not allow; the message is one line without a location."""


@dataclass(frozen=True)
class PropertySpec:
    """One custom property: its name, Tiled type, allowed values and the default Tiled shows."""

    name: str
    type: str                    # the Tiled type: bool, int or string
    enum: str = ""               # the Tiled enum type offering the values as a dropdown
    values: tuple[str, ...] = ()
    default: bool | int | str = False
    minimum: int | None = None
    maximum: int | None = None
    may_be_empty: bool = False   # a string that may be left blank (it then says nothing)

    def parse(self, value: Any) -> bool | int | str:
        """The value as the rules read it; raises SchemaError saying what is allowed."""
        if self.type == BOOL:
            return _as_bool(self.name, value)
        if self.type == INT:
            number = _as_int(self.name, value)
            if self.minimum is not None and number < self.minimum:
                raise SchemaError(L_("property {name} must be at least {least}, not {value}", name=repr(self.name),
                                     least=self.minimum, value=number))
            if self.maximum is not None and number > self.maximum:
                raise SchemaError(L_("property {name} must be at most {most}, not {value}", name=repr(self.name),
                                     most=self.maximum, value=number))
            return number
        text = str(value).strip()
        if self.values and text.lower() not in self.values:
            raise SchemaError(L_("property {name} must be one of {choices}, not {value}", name=repr(self.name),
                                 choices=", ".join(self.values), value=repr(value)))
        if not text and not self.may_be_empty:
            raise SchemaError(L_("property {name} must not be empty", name=repr(self.name)))
        return text.lower() if self.values else text


def _as_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise SchemaError(L_("property {name} must be true or false, not {value}", name=repr(name), value=repr(value)))


def _as_int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise SchemaError(L_("property {name} must be a whole number, not {value}", name=repr(name), value=repr(value)))
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise SchemaError(L_("property {name} must be a whole number, not {value}", name=repr(name), value=repr(value)))


OBSCURED_VALUES = ("none", "light", "heavy", "total")
SIDES = ("blue", "red", "green", "yellow")   # blue and red on every map; green and yellow for 3-4 sides
REQUIRED_SIDES = SIDES[:2]
EDGE_VALUES = ("low_wall", "wall", "window")

# What each property means to the rules is documented in docs/maps.md (a test keeps the two in step).
TERRAIN = (
    PropertySpec("wall", BOOL),            # fills the square: blocks movement, sight and effect (§18.2)
    PropertySpec("difficult", BOOL),       # entering costs 1 extra square of movement (§18.1)
    PropertySpec("blocks_sight", BOOL),    # opaque but not solid, such as a thick curtain (§6)
    PropertySpec("blocks_effect", BOOL),   # solid but transparent, such as a wall of force (§6)
    PropertySpec("cover", BOOL),           # a cover feature: blocks cover lines (§14)
    PropertySpec("obscured", STRING, enum="Obscured", values=OBSCURED_VALUES, default="none"),   # §15.1
    PropertySpec("hazard", BOOL),          # harmful ground, marked for the players
)
ELEVATION = PropertySpec("elevation_ft", INT, default=0)   # ground height; a square takes the highest set (§20)
SIDE = PropertySpec("side", STRING, enum="Side", values=SIDES, default="blue")
SURPRISED = PropertySpec("surprised", BOOL)   # the side starts unaware: the other side gets a surprise round (§2.3)
# The side's roster when a skirmish on this map starts, per ruleset: "4e=ogres_warband; 5e-house=red" (issue 21).
PRESETS = PropertySpec("presets", STRING, default="", may_be_empty=True)
PORTAL = PropertySpec("portal", STRING, default="")        # the pair's name: exactly two objects share it
EDGE = PropertySpec("edge", STRING, enum="EdgeKind", values=EDGE_VALUES, default="low_wall")   # §18.2
# Lifts darkness within this many squares; 20 is a sunrod's reach, and the bound keeps a hostile map's lights cheap.
LIGHT_RADIUS = PropertySpec("light_radius", INT, default=5, minimum=0, maximum=20)
TITLE = PropertySpec("title", STRING, default="")

# Where each property may appear. An object's role comes from the properties it carries (or its class).
ZONE = TERRAIN + (ELEVATION,)
ROLES: dict[str, tuple[PropertySpec, ...]] = {
    "zone": ZONE,
    "start area": (SIDE, SURPRISED, PRESETS),
    "portal": (PORTAL,),
    "edge obstacle": (EDGE,),
    "light": (LIGHT_RADIUS,),
}
ALLOWED: dict[str, tuple[PropertySpec, ...]] = {
    "map": (TITLE,),
    "tile": ZONE,
    "layer": (ELEVATION,),
    "object": tuple(spec for specs in ROLES.values() for spec in specs),
    "objectgroup": (),
    "tileset": (),
    "imagelayer": (),
    "group": (),
}
BY_NAME: dict[str, PropertySpec] = {spec.name: spec for spec in ALLOWED["object"] + (TITLE,)}


@dataclass(frozen=True)
class ClassSpec:
    """A Tiled class (custom type) offering properties as typed fields on the kinds in ``use_as``."""

    name: str
    use_as: tuple[str, ...]
    members: tuple[PropertySpec, ...]
    color: str
    role: str = ""


CLASSES = (
    ClassSpec("Terrain", ("tile", "object"), ZONE, "#ff8a7a5c", "zone"),
    ClassSpec("StartArea", ("object",), (SIDE, SURPRISED, PRESETS), "#ff3e74e6", "start area"),
    ClassSpec("Portal", ("object",), (PORTAL,), "#ffb05ce6", "portal"),
    ClassSpec("Edge", ("object",), (EDGE,), "#ffe6a23e", "edge obstacle"),
    ClassSpec("Light", ("object",), (LIGHT_RADIUS,), "#fff2e05a", "light"),
    ClassSpec("Ground", ("layer",), (ELEVATION,), "#ff6aa84f"),
    ClassSpec("Battlefield", ("map",), (TITLE,), "#ffa0a0a4"),
)
CLASS_BY_NAME = {spec.name: spec for spec in CLASSES}


def object_role(props: dict[str, Any], class_name: str) -> tuple[str, ...]:
    """The roles an object's properties give it; an object of one of our role classes has that role."""
    roles = tuple(role for role, specs in ROLES.items() if any(spec.name in props for spec in specs))
    cls = CLASS_BY_NAME.get(class_name)
    if not roles and cls is not None and cls.role and cls.role != "zone":
        return (cls.role,)
    return roles


def with_class_defaults(props: dict[str, Any], class_name: str) -> dict[str, Any]:
    """Tiled leaves a class member out of the file while it keeps its default: put role defaults back.

    Only role members (side, portal, edge, light_radius) are filled in; terrain members default to
    "nothing here", and elevation counts only where it was set.
    """
    cls = CLASS_BY_NAME.get(class_name)
    if cls is None or not cls.role or cls.role == "zone":
        return props
    return {**{spec.name: spec.default for spec in cls.members}, **props}


def tiled_property_types() -> list[dict[str, Any]]:
    """The custom types for a Tiled project or property types file: enums as dropdowns, classes as typed fields."""
    types: list[dict[str, Any]] = []
    enums = sorted({spec.enum: spec.values for spec in BY_NAME.values() if spec.enum}.items())
    for name, values in enums:
        types.append({"id": len(types) + 1, "name": name, "storageType": "string", "type": "enum",
                      "values": list(values), "valuesAsFlags": False})
    for cls in CLASSES:
        members = []
        for spec in sorted(cls.members, key=lambda s: s.name):
            member: dict[str, Any] = {"name": spec.name, "type": spec.type, "value": spec.default}
            if spec.enum:
                member["propertyType"] = spec.enum
            members.append(member)
        types.append({"color": cls.color, "drawFill": True, "id": len(types) + 1, "members": members,
                      "name": cls.name, "type": "class", "useAs": list(cls.use_as)})
    return types


# --- names pytmx keeps for itself ------------------------------------------------------------------

# Every XML attribute Tiled writes on each element: pytmx copies each one present onto its object.
TILED_ATTRIBUTES = {
    "map": ("version", "tiledversion", "class", "orientation", "renderorder", "compressionlevel", "width", "height",
            "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex", "parallaxoriginx",
            "parallaxoriginy", "backgroundcolor", "nextlayerid", "nextobjectid", "infinite"),
    "tileset": ("firstgid", "source", "name", "class", "tilewidth", "tileheight", "spacing", "margin", "tilecount",
                "columns", "objectalignment", "tilerendersize", "fillmode"),
    "layer": ("id", "name", "class", "x", "y", "width", "height", "opacity", "visible", "tintcolor", "offsetx",
              "offsety", "parallaxx", "parallaxy", "locked"),
    "objectgroup": ("id", "name", "class", "color", "x", "y", "width", "height", "opacity", "visible", "tintcolor",
                    "offsetx", "offsety", "parallaxx", "parallaxy", "draworder", "locked"),
    "object": ("id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible", "template"),
    "imagelayer": ("id", "name", "class", "offsetx", "offsety", "parallaxx", "parallaxy", "x", "y", "opacity",
                   "visible", "tintcolor", "repeatx", "repeaty", "locked"),
    "group": ("id", "name", "class", "offsetx", "offsety", "parallaxx", "parallaxy", "opacity", "visible",
              "tintcolor", "locked"),
}
# pytmx 3.32 writes these into a tile's property dict after reading the tile's own properties.
TILE_OVERWRITTEN = ("id", "type", "class", "probability", "x", "y", "width", "height", "frames", "colliders",
                    "source", "trans")

_SAMPLES = {
    "map": "<map/>",
    "tileset": '<tileset firstgid="1" name="t" tilewidth="1" tileheight="1"/>',
    "layer": '<layer name="l" width="1" height="1"><data encoding="csv">0</data></layer>',
    "objectgroup": '<objectgroup name="o"/>',
    "object": '<object id="1" x="0" y="0"/>',
    "imagelayer": '<imagelayer name="i"><image source="i.png"/></imagelayer>',
    "group": '<group name="g"/>',
}


@cache
def pytmx_reserved(kind: str) -> frozenset[str]:
    """Property names pytmx refuses (maps, layers, objects: it raises) or overwrites (tiles) on this kind."""
    if kind == "tile":
        return frozenset(TILE_OVERWRITTEN)
    owner = pytmx.TiledMap()
    node = ElementTree.fromstring(_SAMPLES[kind])
    sample: Any
    if kind == "map":
        sample = owner
    elif kind == "tileset":
        sample = pytmx.TiledTileset(owner, node)
    elif kind == "layer":
        sample = pytmx.TiledTileLayer(owner, node)
    elif kind == "objectgroup":
        sample = pytmx.TiledObjectGroup(owner, node, None)
    elif kind == "object":
        sample = pytmx.TiledObject(owner, node, None)
    elif kind == "imagelayer":
        sample = pytmx.TiledImageLayer(owner, node)
    else:
        sample = TiledGroupLayer(owner, node)
    # pytmx refuses a property whose name is already an attribute: its own fields, its methods and
    # every XML attribute of the element (pytmx's TiledElement._contains_invalid_property_name).
    names = set(vars(sample)) | {n for n in dir(type(sample)) if not n.startswith("__")}
    return frozenset(names | set(TILED_ATTRIBUTES[kind]))
