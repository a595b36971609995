"""A map bundle: a Tiled map and the tilesets and tile images it names, sent as data and checked on arrival.

The host packs its map (``pack``); the server and every client unpack it (``unpack``) only after checking
each file: a plain relative path with a known extension (.tmx, .tsx, .tx, .png), base64 that decodes, XML
without a DOCTYPE (no entities to expand), PNG that starts like one, and on the clients the sha256 the
server sent. A bundle is files on disk read by the map loader, never code.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

EXTENSIONS = (".tmx", ".tsx", ".tx", ".png")
XML_EXTENSIONS = (".tmx", ".tsx", ".tx")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_FILES = 64
MAX_BYTES = 5 * 1024 * 1024                 # all files together, decoded (base64 of it fits a frame)
SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}$")


class BundleError(ValueError):
    """A bundle that is refused; the message names the file and the problem in one line."""


@dataclass(frozen=True)
class MapFile:
    path: str                               # relative, with forward slashes
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def referenced_files(tmx: Path) -> list[Path]:
    """The map and every tileset, template and image it uses, each once, the map first."""
    found: list[Path] = []
    pending = [tmx.resolve()]
    while pending:
        path = pending.pop(0)
        if path in found:
            continue
        found.append(path)
        if path.suffix not in XML_EXTENSIONS:
            continue
        root = ET.parse(path).getroot()
        for element in root.iter():
            source = element.get("template") if element.tag == "object" else element.get("source")
            if source and element.tag in ("tileset", "image", "template", "object"):
                pending.append((path.parent / source).resolve())
    return found


def pack(tmx: Path) -> dict[str, Any]:
    """The host message's "map": the map's name and its files relative to their common folder, in base64."""
    paths = referenced_files(tmx)
    missing = [p for p in paths if not p.is_file()]
    if missing:
        raise BundleError(f"{missing[0]}: the map {tmx.name} needs this file and it is missing")
    root = Path(*_common_parts([p.parent.parts for p in paths]))
    files = [MapFile(p.relative_to(root).as_posix(), p.read_bytes()) for p in paths]
    return {"name": files[0].path, "files": [{"path": f.path, "data": base64.b64encode(f.data).decode("ascii")}
                                             for f in files]}


def _common_parts(parts: list[tuple[str, ...]]) -> tuple[str, ...]:
    common = parts[0]
    for other in parts[1:]:
        length = 0
        while length < min(len(common), len(other)) and common[length] == other[length]:
            length += 1
        common = common[:length]
    return common


def check_path(path: str) -> None:
    pure = PurePosixPath(path)
    if "\\" in path or pure.is_absolute() or not pure.parts or any(not SEGMENT.match(part) for part in pure.parts):
        raise BundleError(f"{path[:80]!r}: not a plain relative file name")
    if pure.suffix.lower() not in EXTENSIONS:
        raise BundleError(f"{path[:80]!r}: only {', '.join(EXTENSIONS)} files travel with a map")


def check_file(path: str, data: bytes) -> None:
    """Refuse a file that is not what its extension says, and XML that declares a DOCTYPE or entities."""
    if path.lower().endswith(".png"):
        if not data.startswith(PNG_SIGNATURE):
            raise BundleError(f"{path}: not a PNG image")
        return
    head = data[:4096].lower()
    if b"<!doctype" in data.lower() or b"<!entity" in data.lower():
        raise BundleError(f"{path}: XML with a DOCTYPE or entities is not accepted")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise BundleError(f"{path}: not UTF-8 text") from None
    if b"<" not in head:
        raise BundleError(f"{path}: not XML")


def read_bundle(bundle: dict[str, Any], hashes: dict[str, str] | None = None) -> list[MapFile]:
    """The checked files of a bundle (as the protocol schema shaped it); ``hashes``: the sha256 each file must
    have (a client checks what the server sent). BundleError names the first problem."""
    files: list[MapFile] = []
    total = 0
    seen: set[str] = set()
    if len(bundle["files"]) > MAX_FILES:
        raise BundleError(f"more than {MAX_FILES} files")
    for entry in bundle["files"]:
        path = entry["path"]
        check_path(path)
        if path in seen:
            raise BundleError(f"{path}: sent twice")
        seen.add(path)
        try:
            data = base64.b64decode(entry["data"], validate=True)
        except (binascii.Error, ValueError):
            raise BundleError(f"{path}: not base64") from None
        total += len(data)
        if total > MAX_BYTES:
            raise BundleError(f"the map's files are larger than {MAX_BYTES // (1024 * 1024)} MB")
        check_file(path, data)
        file = MapFile(path, data)
        if hashes is not None and hashes.get(path) != file.sha256:
            raise BundleError(f"{path}: its sha256 does not match the one the server sent")
        files.append(file)
    if bundle["name"] not in seen or not bundle["name"].endswith(".tmx"):
        raise BundleError(f"{bundle['name'][:80]!r}: the bundle has no such .tmx map")
    return files


def bundle_digest(files: list[MapFile]) -> str:
    """One hash for the whole bundle: each path with its file's sha256, in path order."""
    listing = "\n".join(f"{f.path} {f.sha256}" for f in sorted(files, key=lambda f: f.path))
    return hashlib.sha256(listing.encode("utf-8")).hexdigest()


def unpack(name: str, files: list[MapFile], cache: Path) -> Path:
    """Write checked files under ``cache``/<bundle digest>/ and return the map's path there."""
    folder = cache / bundle_digest(files)[:32]
    for file in files:
        target = folder / file.path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_bytes() != file.data:
            target.write_bytes(file.data)
    return folder / name
