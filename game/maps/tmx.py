"""Reading Tiled files: pytmx for tile data, the raw XML for what pytmx drops (types, shapes, templates, groups)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytmx

from game.core.grid import Square
from game.i18n import L_
from game.maps import guard

FLIP_FLAGS = 0xF0000000   # the top bits of a gid are flip and rotation flags


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a map, located as precisely as the file allows."""

    file: str
    layer: str = ""
    square: Square | None = None
    message: str = ""

    def __str__(self) -> str:
        return f"{self.where()}: {clipped(self.message, 400)}"

    def where(self) -> str:
        """file, file:layer or file:layer:x,y."""
        where = self.file
        if self.layer:
            where += f":{clipped(self.layer, 120)}"
            if self.square is not None:
                where += f":{self.square[0]},{self.square[1]}"
        return where

    def shown(self) -> str:
        """The same line as ``str``, its message translated where it is drawn (a lazy message stays lazy)."""
        return L_("{where}: {problem}", where=self.where(), problem=clipped(self.message, 400))


def clipped(words: str, limit: int) -> str:
    """A name or message from a file, on one line and at most ``limit`` characters (a hostile map's names
    may be megabytes long or hold line breaks)."""
    words = " ".join(words.split()) if any(c in words for c in "\n\r\t\x0b\x0c") else words
    words = words.replace("\x00", "\\0") if "\x00" in words else words   # a lazy message stays lazy
    return words if len(words) <= limit else words[:limit - 3] + "..."


class MapError(ValueError):
    """A map that cannot be played, with a one-line reason naming the file (and layer and square)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.shown())
        self.problem = problem


class Report:
    """Where map problems go: the loader stops at the first error, the linter collects them all.

    ``error`` is something the game cannot play; ``note`` is something it tolerates but a map maker
    should hear about (the loader ignores notes).
    """

    def __init__(self, path: Path, collect: bool = False) -> None:
        self.file = str(path)
        self.collect = collect
        self.problems: list[Problem] = []

    def error(self, layer: str, square: Square | None, message: str) -> None:
        problem = Problem(self.file, layer, square, message)
        if not self.collect:
            raise MapError(problem)
        self.add(problem)

    def note(self, layer: str, square: Square | None, message: str) -> None:
        if self.collect:
            self.add(Problem(self.file, layer, square, message))

    def add(self, problem: Problem) -> None:
        if problem not in self.problems:
            self.problems.append(problem)


def fail(path: Path, message: str) -> MapError:
    return MapError(Problem(str(path), message=message))


def read_xml(path: Path) -> Element:
    """The root element of a map file, after the guard has checked it and every file it names (sizes,
    numbers, where the files are: game.maps.guard); every failure is a one-line MapError."""
    if not os.path.lexists(path):
        raise fail(path, L_("no such map file"))
    if path.is_file() and not os.access(path, os.R_OK):
        raise fail(path, L_("the map file cannot be read (permission denied)"))
    try:
        return guard.audit_map(path)
    except guard.GuardError as err:
        raise MapError(Problem(str(path), err.layer, err.square, err.message)) from None


def read_tmx(path: Path) -> Any:
    """Parse a map that read_xml has read with pytmx (no images loaded); every failure is a one-line MapError."""
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    try:
        return pytmx.TiledMap(str(path))
    except FileNotFoundError as err:
        raise fail(path, L_("a file the map needs is missing: {file}", file=str(err.filename or err))) from None
    except Exception as err:  # pytmx raises many kinds of errors on maps it cannot parse
        message = str(err).splitlines()[0] if str(err) else ""
        if "Cannot find tileset file" in message:
            raise fail(path, L_("a file the map needs is missing: {file}", file=message)) from None
        raise fail(path, L_("pytmx cannot parse this map ({error}: {detail})", error=type(err).__name__,
                            detail=message)) from None


def article(noun: str) -> str:
    """The noun with "a" or "an" before it, for messages."""
    return f"an {noun}" if noun[0] in "aeiou" else f"a {noun}"


def title_from_file_name(path: Path) -> str:
    """A title for a map without a `title` property: "dark_hollow.tmx" is "Dark Hollow"."""
    return path.stem.replace("_", " ").replace("-", " ").title()


def grid_problem(root: Element) -> str:
    """Why a map is not a fixed-size square grid the rules can use, or "" when it is."""
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        return L_("{orientation} maps are not supported: the rules need a square grid (orthogonal)",
                  orientation=orientation)
    if root.get("infinite", "0").strip().lower() in ("1", "true"):
        return L_("infinite maps are not supported: give the map a fixed size")
    return ""


@dataclass(frozen=True)
class RawProperty:
    """A <property> as written in the file: its declared Tiled type and its text."""

    name: str
    type: str            # bool, int, float, string, color, file, object or class
    text: str
    propertytype: str    # the custom type (enum or class) it uses, if any

    def value(self) -> Any:
        """The value as pytmx reads it; a malformed number stays text for the schema to report."""
        if self.type == "bool":
            return self.text.strip().lower() == "true"
        try:
            if self.type in ("int", "object"):
                return int(self.text)
            if self.type == "float":
                return float(self.text)
        except ValueError:
            return self.text
        return self.text


def raw_properties(element: Element) -> list[RawProperty]:
    """The element's own custom properties in file order (class-typed ones included, unread)."""
    found = []
    for props in element.findall("properties"):
        for prop in props.findall("property"):
            text = prop.get("value")
            if text is None:
                text = prop.text or ""
            found.append(RawProperty(prop.get("name", ""), prop.get("type", "string"), text,
                                     prop.get("propertytype", "")))
    return found


def properties(element: Element) -> dict[str, Any]:
    """The element's custom properties as values; class-typed properties are left out (pytmx cannot read them)."""
    return {p.name: p.value() for p in raw_properties(element) if p.type != "class"}


def layer_elements(root: Element) -> Iterator[tuple[Element, bool, str]]:
    """Every layer element in document order with whether it is shown (a hidden group hides all inside)
    and its name (group names joined with '/')."""

    def walk(parent: Element, shown: bool, prefix: str) -> Iterator[tuple[Element, bool, str]]:
        for child in parent:
            if child.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            visible = shown and child.get("visible", "1") != "0"
            name = prefix + child.get("name", "")
            yield child, visible, name
            if child.tag == "group":
                yield from walk(child, visible, name + "/")

    return walk(root, True, "")


def tileset_elements(root: Element, path: Path) -> Iterator[tuple[Element, Path, int]]:
    """Each tileset's element (read from its .tsx when external), the file it is in and its first gid."""
    for ts in root.findall("tileset"):
        firstgid = int(ts.get("firstgid", "1"))
        source = ts.get("source")
        if source:
            tsx = (path.parent / source).resolve()
            try:
                yield guard.read_guarded(tsx, "tileset"), tsx, firstgid
            except guard.GuardError:
                continue   # read_tmx reports missing tilesets; read_xml refused hostile ones
        else:
            yield ts, path, firstgid


def template_element(obj: Element, path: Path) -> Element | None:
    """The <object> of the template an object uses, or None; raises GuardError for a missing or broken one
    (read_xml has already refused one outside the map's folder or too big)."""
    source = obj.get("template")
    if not source:
        return None
    return guard.read_guarded((path.parent / source).resolve(), "template").find("object")
