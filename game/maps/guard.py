"""Hostile map files: every file a map names is checked (where it is, what it is, how big) and its XML bounded
(size, nesting, counts, numbers) before pytmx or the loader reads it (docs/maps.md, Limits).

A map may read only plain files inside its own folder or the game's assets folder, reached without an absolute
path and without a link that leads out. Every number pytmx or the loader reads is checked here for type,
finiteness and range, so nothing later meets NaN, a 100,000-square map or a tile id that is not a number.
"""

from __future__ import annotations

import base64
import binascii
import math
import os
import re
import stat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast
from xml.etree import ElementTree
from xml.etree.ElementTree import Element

from game.i18n import L_, N_
from game.core.grid import Square

GAME_ROOT = Path(__file__).resolve().parent.parent.parent
ASSETS = GAME_ROOT / "assets"

# Limits no real map comes near (the biggest shipped or Tiled example map is 58 x 47 squares of 16 pixels).
MAX_XML_BYTES = 8 * 1024 * 1024          # a .tmx, .tsx or .tx file
MAX_IMAGE_BYTES = 32 * 1024 * 1024       # a tileset or image layer picture
MAX_IMAGE_SIDE = 16384                   # pixels, read from a PNG's header before pygame decodes it
MAX_IMAGE_PIXELS = 64 * 1024 * 1024
MAX_SIDE = 256                           # squares across or down (the benchmarks play 100x100 and 200x200)
MAX_TILE_PIXELS = 1024                   # a square's (or a tile's) width or height in pixels
MAX_MAP_PIXELS = 64 * 1024 * 1024        # the whole map at its own tile size (256 x 256 squares of 32 pixels)
MAX_DEPTH = 24                           # nested XML elements (group layers inside group layers)
MAX_ELEMENTS = 400_000                   # elements in one file (old-style <tile> data included)
MAX_LAYERS = 256
MAX_OBJECTS = 2_000
MAX_POINTS = 1_000                       # points of one polygon or polyline
MAX_COVERED = 2_000_000                  # squares under all objects' bounding boxes together
MAX_TILESETS = 64
MAX_TILES = 65_536                       # tiles in one tileset
MAX_GID = 1 << 28                        # gids above this would collide with Tiled's flip flags
MAX_ATTRIBUTE = 200_000                  # characters in one attribute or text
MAX_ID = 1 << 31
LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")
ROOT_TAGS = {".tmx": "map", ".tsx": "tileset", ".tx": "template"}
ENCODINGS = ("utf-8", "utf8", "us-ascii", "ascii")
DECLARED_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']*)["']""")

# Numeric attributes pytmx converts (int or float) on any element, and how far they may go.
INT_ATTRIBUTES = {"columns": MAX_TILES, "duration": 10**7, "firstgid": MAX_GID, "id": MAX_ID, "margin": 4096,
                  "nextobjectid": MAX_ID, "nextlayerid": MAX_ID, "offsetx": 10**6, "offsety": 10**6,
                  "spacing": 4096, "tile": MAX_TILES, "tilecount": MAX_TILES, "tileheight": MAX_TILE_PIXELS,
                  "tileid": MAX_TILES, "tilewidth": MAX_TILE_PIXELS}
FLOAT_ATTRIBUTES = {"height": 10**7, "width": 10**7, "x": 10**7, "y": 10**7, "rotation": 10**6, "opacity": 10**6,
                    "probability": 10**6, "pixelsize": 10**4, "hexsidelength": 10**6, "parallaxx": 10**6,
                    "parallaxy": 10**6, "parallaxoriginx": 10**7, "parallaxoriginy": 10**7}


class GuardError(ValueError):
    """A map file the game will not read; carries where (file, layer, square) and a one-line reason."""

    def __init__(self, file: Path, message: str, layer: str = "", square: Square | None = None) -> None:
        super().__init__(message)
        self.file, self.message, self.layer, self.square = file, message, layer, square


@dataclass
class Audit:
    """What the audit of one map counts across its files."""

    map_path: Path
    roots: tuple[Path, ...]
    tile_size: tuple[int, int] = (1, 1)
    size: tuple[int, int] = (0, 0)
    objects: int = 0
    covered: int = 0
    seen: set[Path] = field(default_factory=set)


def allowed_roots(map_path: Path) -> tuple[Path, ...]:
    """The folders a map may read from: its own folder, an ``assets`` folder beside that folder (the layout of
    the shipped maps, copied elsewhere) and the game's assets."""
    folder = map_path.resolve().parent
    return (folder, (folder.parent / "assets").resolve(), ASSETS.resolve())


def checked_file(path: Path, limit: int, what: str = L_("the map file")) -> os.stat_result:
    """The stat of ``path`` when it is a plain file no bigger than ``limit``; GuardError otherwise.
    A FIFO, a device or a folder is never opened."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise GuardError(path, L_("{file} does not exist", file=what)) from None
    except OSError as err:
        raise GuardError(path, L_("{file} cannot be read ({reason})", file=what, reason=str(err.strerror or err))) from None
    if not stat.S_ISREG(info.st_mode):
        raise GuardError(path, L_("{file} is not a plain file (a folder, device, pipe or socket)", file=what))
    if info.st_size > limit:
        raise GuardError(path, L_("{file} is larger than {n} MB", file=what, n=limit // (1024 * 1024)))
    return info


def read_bounded(path: Path, limit: int, what: str = L_("the map file")) -> bytes:
    """The bytes of a plain file of at most ``limit`` bytes (it may not grow while being read)."""
    checked_file(path, limit, what)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as err:
        raise GuardError(path, L_("{file} cannot be read ({reason})", file=what, reason=str(err.strerror or err))) from None
    if len(raw) > limit:
        raise GuardError(path, L_("{file} is larger than {n} MB", file=what, n=limit // (1024 * 1024)))
    return raw


def parse_bounded(path: Path, raw: bytes, root_tag: str) -> Element:
    """The root element of XML text, refused (GuardError) when it declares entities or a non-UTF-8 encoding,
    nests deeper than MAX_DEPTH or holds more than MAX_ELEMENTS elements: checked while parsing."""
    declared = DECLARED_ENCODING.match(raw[:200])
    if declared and declared.group(1).decode("ascii", "replace").lower() not in ENCODINGS:
        shown = declared.group(1)[:20].decode("ascii", "replace")
        raise GuardError(path, L_("the file declares the text encoding {encoding}: Tiled writes UTF-8",
                                  encoding=repr(shown)))
    if b"<!DOCTYPE" in raw.upper() or b"<!ENTITY" in raw.upper():
        raise GuardError(path, L_("the file declares a DOCTYPE or entities, which Tiled never writes"))
    parser: ElementTree.XMLPullParser = ElementTree.XMLPullParser(events=("start", "end"))
    depth = elements = 0
    root: Element | None = None
    try:
        for start in range(0, len(raw), 65536):
            parser.feed(raw[start:start + 65536])
            # Only start and end events were asked for, so every item is an element.
            for event, element in cast(Iterator[tuple[str, Element]], parser.read_events()):
                if event == "end":
                    depth -= 1
                    continue
                root = element if root is None else root
                depth += 1
                elements += 1
                if depth > MAX_DEPTH:
                    raise GuardError(path, L_("elements are nested more than {n} deep", n=MAX_DEPTH))
                if elements > MAX_ELEMENTS:
                    raise GuardError(path, L_("the file has more than {n} elements", n=MAX_ELEMENTS))
        parser.close()
    except GuardError:
        raise
    except ElementTree.ParseError as err:
        raise GuardError(path, L_("not a readable Tiled file (XML error: {detail})", detail=str(err))) from None
    except (LookupError, UnicodeError, ValueError) as err:   # expat on a bad encoding or character
        raise GuardError(path, L_("not a readable Tiled file ({error})", error=type(err).__name__)) from None
    if root is None or root.tag != root_tag:
        raise GuardError(path, L_("not a Tiled {kind} file (its top element is {element})", kind=root_tag,
                                  element=repr(getattr(root, "tag", "missing"))))
    return root


def read_guarded(path: Path, root_tag: str) -> Element:
    """A Tiled file's root element, read with every size and nesting limit."""
    return parse_bounded(path, read_bounded(path, MAX_XML_BYTES), root_tag)


def audit_map(path: Path) -> Element:
    """The map's root element after checking it and every tileset, template and image it names."""
    root = read_guarded(path, "map")
    audit = Audit(path, allowed_roots(path))
    audit.seen.add(path.resolve())
    _check_map(root, path, audit)
    return root


def referenced(audit: Audit, owner: Path, source: str, what: str, layer: str = "") -> Path | None:
    """The file a ``source`` names, resolved from the file that names it; None when it is missing (the
    loader and linter say so in their own words). GuardError when it leads out of the allowed folders or is
    not a plain file."""
    if not source.strip() or len(source) > 4096 or "\x00" in source:
        raise GuardError(audit.map_path, L_("the {kind} source {source} is not a file name", kind=what,
                                            source=repr(source[:80])), layer)
    if Path(source).is_absolute() or re.match(r"^[A-Za-z]:[\\/]", source) or source.startswith("\\"):
        raise GuardError(audit.map_path, L_("the {kind} {source} is an absolute path: a map may only use files beside "
                                            "it or in the game's assets (write a relative path)", kind=what,
                                            source=repr(source[:80])), layer)
    target = (owner.parent / source)
    try:
        resolved = target.resolve()
    except (OSError, RuntimeError):
        raise GuardError(audit.map_path, L_("the {kind} {source} cannot be followed (a link loop?)", kind=what,
                                            source=repr(source[:80])), layer) from None
    if not any(resolved == root or root in resolved.parents for root in audit.roots):
        raise GuardError(audit.map_path, L_("the {kind} {source} lies outside the map's folder and the game's assets: "
                                            "a map may only use files there", kind=what, source=repr(source[:80])),
                         layer)
    if not os.path.lexists(target):
        return None
    try:
        checked_file(resolved, MAX_IMAGE_BYTES if what == "image" else MAX_XML_BYTES,
                     L_("the {kind} {source}", kind=what, source=repr(source[:80])))
    except GuardError as err:
        if "does not exist" in err.message:
            return None
        raise GuardError(audit.map_path, err.message, layer) from None
    return resolved


def _number(audit: Audit, element: Element, name: str, layer: str, integer: bool, low: float,
            high: float) -> float | None:
    text = element.get(name)
    if text is None:
        return None
    where = f"{element.tag} {element.get('id', '')}".strip()
    text = text.strip()
    try:
        if len(text) > 40:
            raise ValueError
        value: float = int(text) if integer else float(text)
    except ValueError:
        kind = N_("a whole number") if integer else N_("a number")
        raise GuardError(audit.map_path, L_("{where}: {name} must be {kind}, not {value}", where=where, name=name,
                                            kind=kind, value=repr(text[:40])), layer) from None
    if not math.isfinite(value) or not low <= value <= high:
        raise GuardError(audit.map_path, L_("{where}: {name} {value} is out of range ({low} to {high})", where=where,
                                            name=name, value=text[:40], low=f"{low:g}", high=f"{high:g}"), layer)
    return value


def _check_attributes(audit: Audit, element: Element, layer: str) -> None:
    """Every numeric attribute pytmx converts, on any element: a finite number within its range."""
    for name, value in element.attrib.items():
        if len(value) > MAX_ATTRIBUTE:
            raise GuardError(audit.map_path, L_("{element}: attribute {name} is over {n} characters",
                                                element=element.tag, name=repr(name[:40]), n=MAX_ATTRIBUTE), layer)
        if name in INT_ATTRIBUTES:
            bound = INT_ATTRIBUTES[name]
            low = -bound if name in ("offsetx", "offsety") else -1 if name in ("tile", "tileid") else 0
            _number(audit, element, name, layer, True, low, bound)      # Tiled writes tile="-1" for "none"
        elif name in FLOAT_ATTRIBUTES:
            bound = FLOAT_ATTRIBUTES[name]
            _number(audit, element, name, layer, False, -bound, bound)
        elif name == "gid":
            gid = _number(audit, element, name, layer, True, 0, (1 << 32) - 1)
            if gid is not None and int(gid) & 0x0FFFFFFF > MAX_GID:
                raise GuardError(audit.map_path, L_("{element}: gid {gid} is beyond any tileset", element=element.tag,
                                                    gid=int(gid)), layer)
    if element.text is not None and len(element.text) > MAX_ATTRIBUTE and element.tag != "data":
        raise GuardError(audit.map_path, L_("{element}: its text is over {n} characters", element=element.tag,
                                            n=MAX_ATTRIBUTE), layer)


def _check_map(root: Element, path: Path, audit: Audit) -> None:
    _check_attributes(audit, root, "")
    width = _number(audit, root, "width", "", True, 1, MAX_SIDE)
    height = _number(audit, root, "height", "", True, 1, MAX_SIDE)
    tile_w = _number(audit, root, "tilewidth", "", True, 1, MAX_TILE_PIXELS)
    tile_h = _number(audit, root, "tileheight", "", True, 1, MAX_TILE_PIXELS)
    if None in (width, height, tile_w, tile_h):
        raise GuardError(path, L_("the map must give its width, height, tilewidth and tileheight"))
    assert width is not None and height is not None and tile_w is not None and tile_h is not None
    if width * tile_w * height * tile_h > MAX_MAP_PIXELS:
        raise GuardError(path, L_("the map is {width}x{height} pixels: more than the game draws ({n} million)",
                                  width=int(width * tile_w), height=int(height * tile_h),
                                  n=MAX_MAP_PIXELS // (1024 * 1024)))
    audit.size, audit.tile_size = (int(width), int(height)), (int(tile_w), int(tile_h))
    for element in root:
        if element.tag == "properties":
            _check_properties(audit, element, "")
    tilesets = root.findall("tileset")
    if len(tilesets) > MAX_TILESETS:
        raise GuardError(path, L_("the map has more than {n} tilesets", n=MAX_TILESETS))
    for tileset in tilesets:
        _check_tileset_reference(audit, tileset, path, "")
    layers = 0
    stack: list[tuple[Element, str]] = [(root, "")]
    while stack:
        parent, prefix = stack.pop()
        for element in parent:
            if element.tag not in LAYER_TAGS:
                continue
            layers += 1
            if layers > MAX_LAYERS:
                raise GuardError(path, L_("the map has more than {n} layers", n=MAX_LAYERS))
            name = prefix + element.get("name", "")[:200]
            _check_layer(audit, element, name)
            if element.tag == "group":
                stack.append((element, name + "/"))


def _check_properties(audit: Audit, properties: Element, layer: str) -> None:
    for prop in properties.iter():
        _check_attributes(audit, prop, layer)


def _check_tileset_reference(audit: Audit, tileset: Element, owner: Path, layer: str) -> None:
    """A <tileset> in a map or template: its firstgid, and its own contents or its external .tsx."""
    _check_attributes(audit, tileset, layer)
    _number(audit, tileset, "firstgid", layer, True, 1, MAX_GID)
    source = tileset.get("source")
    if source is None:
        _check_tileset(audit, tileset, owner, layer)
        return
    tsx = referenced(audit, owner, source, N_("tileset"), layer)
    if tsx is None or tsx in audit.seen:
        return
    audit.seen.add(tsx)
    try:
        _check_tileset(audit, read_guarded(tsx, "tileset"), tsx, layer)
    except GuardError as err:
        raise GuardError(audit.map_path, L_("tileset {source}: {problem}", source=repr(source[:80]), problem=err.message),
                         layer) from None


def _check_tileset(audit: Audit, tileset: Element, owner: Path, layer: str) -> None:
    """A tileset's numbers, tiles and images; image paths count from the file the tileset is in."""
    where = L_("tileset {source}", source=repr(tileset.get("name", "")[:80]))
    for name in ("tilewidth", "tileheight", "tilecount", "columns"):
        _number(audit, tileset, name, layer, True, 0, INT_ATTRIBUTES[name])
    for element in tileset.iter():
        _check_attributes(audit, element, layer)
        if element.tag == "tile":
            if element.get("id") is None:
                raise GuardError(audit.map_path, L_("{where}: a tile has no id", where=where), layer)
            _number(audit, element, "id", layer, True, 0, MAX_TILES)
        elif element.tag == "image":
            _check_image(audit, element, owner, layer)


def _check_image(audit: Audit, image: Element, owner: Path, layer: str) -> None:
    for name in ("width", "height"):
        _number(audit, image, name, layer, True, 0, MAX_IMAGE_SIDE)
    source = image.get("source")
    if source is None:
        return
    found = referenced(audit, owner, source, N_("image"), layer)
    if found is None or found in audit.seen:
        return
    audit.seen.add(found)
    head = read_bounded(found, MAX_IMAGE_BYTES, L_("the {kind} {source}", kind=N_("image"), source=repr(source[:80])))[:24]
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 24:   # IHDR: width and height before decoding
        width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
            raise GuardError(audit.map_path, L_("the image {source} is {width}x{height} pixels: too large",
                                                source=repr(source[:80]), width=width, height=height), layer)


def _check_layer(audit: Audit, layer: Element, name: str) -> None:
    _check_attributes(audit, layer, name)
    for child in layer:
        if child.tag == "properties":
            _check_properties(audit, child, name)
        elif child.tag == "image":
            _check_image(audit, child, audit.map_path, name)
    if layer.tag == "layer":
        _check_tile_layer(audit, layer, name)
    elif layer.tag == "objectgroup":
        for obj in layer.findall("object"):
            audit.objects += 1
            if audit.objects > MAX_OBJECTS:
                raise GuardError(audit.map_path, L_("the map has more than {n} objects", n=MAX_OBJECTS), name)
            _check_object(audit, obj, name)


def _check_tile_layer(audit: Audit, layer: Element, name: str) -> None:
    """The layer's size matches the map's, and its data holds one whole-number gid a square, decoded within
    bounds (a compressed layer is never inflated past the size it must have)."""
    width = _number(audit, layer, "width", name, True, 0, MAX_SIDE)
    height = _number(audit, layer, "height", name, True, 0, MAX_SIDE)
    cells = int(width if width is not None else audit.size[0]) * int(height if height is not None else audit.size[1])
    data = layer.find("data")
    if data is None:
        return
    if data.find("chunk") is not None:
        raise GuardError(audit.map_path, L_("the layer is stored in chunks (an infinite map): give the map a fixed size"),
                         name)
    encoding, compression = data.get("encoding"), data.get("compression")
    text = (data.text or "").strip()
    if encoding is None:
        tiles = data.findall("tile")
        if len(tiles) > cells:
            raise GuardError(audit.map_path, L_("the layer's data holds {n} tiles for {cells} squares", n=len(tiles),
                                                cells=cells), name)
        for tile in tiles:
            _check_attributes(audit, tile, name)
        return
    if encoding == "csv":
        if compression:
            raise GuardError(audit.map_path, L_("CSV layer data cannot be compressed"), name)
        values = text.split(",") if text else []
        if len(values) != cells:
            raise GuardError(audit.map_path, L_("the layer's data holds {n} tiles for {cells} squares", n=len(values),
                                                cells=cells), name)
        for value in values:
            value = value.strip()
            if not value.isdigit() or len(value) > 10 or int(value) & 0x0FFFFFFF > MAX_GID:
                raise GuardError(audit.map_path, L_("the layer's data holds {value}, not a tile number",
                                                    value=repr(value[:20])), name)
        return
    if encoding != "base64":
        raise GuardError(audit.map_path, L_("layer encoding {encoding} is not one Tiled writes (csv, base64)",
                                            encoding=repr(encoding[:20])), name)
    try:
        packed = base64.b64decode(text)
    except (binascii.Error, ValueError):
        raise GuardError(audit.map_path, L_("the layer's base64 data cannot be decoded"), name) from None
    expected = cells * 4
    if compression in ("zlib", "gzip"):
        inflater = zlib.decompressobj(wbits=15 if compression == "zlib" else 31)
        try:
            unpacked = inflater.decompress(packed, expected + 1)
        except zlib.error:
            raise GuardError(audit.map_path, L_("the layer's {compression} data is damaged", compression=compression),
                             name) from None
    elif compression:
        raise GuardError(audit.map_path, L_("layer compression {compression} is not supported (zlib, gzip)",
                                            compression=repr(compression[:20])), name)
    else:
        unpacked = packed
    if len(unpacked) != expected:
        raise GuardError(audit.map_path, L_("the layer's data does not hold one tile for each of its {cells} squares",
                                            cells=cells), name)
    for offset in range(0, expected, 4):
        if int.from_bytes(unpacked[offset:offset + 4], "little") & 0x0FFFFFFF > MAX_GID:
            raise GuardError(audit.map_path, L_("the layer's data holds a tile number beyond any tileset"), name)


def _check_object(audit: Audit, obj: Element, layer: str) -> None:
    """An object's numbers, shape points, template and its share of the squares objects may cover."""
    _check_attributes(audit, obj, layer)
    for child in obj.iter():
        if child is not obj:
            _check_attributes(audit, child, layer)
    extents = [abs(float(obj.get(name, "0"))) for name in ("width", "height")]
    source = obj.get("template")
    if source is not None:
        template = referenced(audit, audit.map_path, source, N_("template"), layer)
        if template is not None and template not in audit.seen:
            audit.seen.add(template)
            try:
                root = read_guarded(template, "template")
                for tileset in root.findall("tileset"):
                    _check_tileset_reference(audit, tileset, template, layer)
                inner = root.find("object")
                if inner is not None:
                    _check_object(audit, inner, layer)
            except GuardError as err:
                raise GuardError(audit.map_path, L_("template {source}: {problem}", source=repr(source[:80]),
                                                    problem=err.message), layer) from None
    for tag in ("polygon", "polyline"):
        shape = obj.find(tag)
        if shape is None:
            continue
        pairs = (shape.get("points") or "").split()
        if not 2 <= len(pairs) <= MAX_POINTS:
            raise GuardError(audit.map_path, L_("object {id}: its {shape} has {n} points (2 to {most})",
                                                id=obj.get("id", "?")[:20], shape=tag, n=len(pairs), most=MAX_POINTS),
                             layer)
        xs, ys = [], []
        for pair in pairs:
            parts = pair.split(",")
            try:
                if len(parts) != 2 or max(len(p) for p in parts) > 40:
                    raise ValueError
                x, y = float(parts[0]), float(parts[1])
            except ValueError:
                raise GuardError(audit.map_path, L_("object {id}: the point {point} is not two numbers",
                                                    id=obj.get("id", "?")[:20], point=repr(pair[:40])), layer) from None
            if not (math.isfinite(x) and math.isfinite(y) and abs(x) <= 10**7 and abs(y) <= 10**7):
                raise GuardError(audit.map_path, L_("object {id}: the point {point} is out of range",
                                                    id=obj.get("id", "?")[:20], point=repr(pair[:40])), layer)
            xs.append(x)
            ys.append(y)
        extents = [max(xs) - min(xs), max(ys) - min(ys)]
    # Rotation can widen the box to its diagonal: count the square of it, in squares.
    diagonal = math.hypot(extents[0] / audit.tile_size[0], extents[1] / audit.tile_size[1]) + 2
    audit.covered += int(diagonal * diagonal)
    if audit.covered > MAX_COVERED:
        raise GuardError(audit.map_path, L_("the map's objects together cover more than {n} squares (an object far "
                                            "larger than the map?)", n=MAX_COVERED), layer)
