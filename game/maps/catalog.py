"""The maps a player can choose: the shipped maps/ folder and the per-user maps folder, with titles and thumbnails."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.maps.guard import GuardError, read_guarded
from game.maps.tmx import title_from_file_name
from game.storage import user_data_dir

SHIPPED_MAPS = Path(__file__).resolve().parent.parent.parent / "maps"
DEFAULT_MAP_NAME = "default.tmx"
THUMBNAILS = "thumbnails"


@dataclass(frozen=True)
class MapEntry:
    """One map on offer: its title, its file, its thumbnail (None when it has none) and whether the player added it."""

    title: str
    path: Path
    thumbnail: Path | None
    user: bool


def user_maps_dir(platform: str = sys.platform, env: Mapping[str, str] = os.environ,
                  home: Path | None = None) -> Path:
    """The per-user maps folder: ``maps`` in the game's data folder (game.storage.user_data_dir), e.g.
    ~/.local/share/grid-skirmish/maps on Linux, %APPDATA%\\grid-skirmish\\maps on Windows and
    ~/Library/Application Support/grid-skirmish/maps on macOS."""
    return user_data_dir(platform, env, home) / "maps"


def map_title(path: Path) -> str:
    """The map's `title` property, read without loading tilesets; else a title made from the file name."""
    fallback = title_from_file_name(path)
    try:
        root = read_guarded(path, "map")    # a plain file of a sane size, never a pipe or a device
    except GuardError:
        return fallback
    for prop in root.findall("properties/property"):
        if prop.get("name") == "title":
            title = (prop.get("value") if prop.get("value") is not None else prop.text) or ""
            return title.strip() or fallback
    return fallback


def thumbnail_of(path: Path) -> Path | None:
    """A map's thumbnail: thumbnails/NAME.png beside it, or NAME.png next to it."""
    for candidate in (path.parent / THUMBNAILS / f"{path.stem}.png", path.with_suffix(".png")):
        if candidate.is_file():
            return candidate
    return None


def _maps_in(folder: Path, user: bool) -> list[MapEntry]:
    if not folder.is_dir():
        return []
    entries = [MapEntry(map_title(p), p, thumbnail_of(p), user) for p in folder.glob("*.tmx") if p.is_file()]
    return sorted(entries, key=lambda e: (e.path.name != DEFAULT_MAP_NAME, e.title.lower(), e.path.name))


def list_maps(shipped: Path = SHIPPED_MAPS, user: Path | None = None) -> list[MapEntry]:
    """The shipped maps (the default first, then by title), then the player's own maps by title."""
    return _maps_in(shipped, False) + _maps_in(user if user is not None else user_maps_dir(), True)
