"""Where the game keeps the player's files (maps, saves, settings) and how it writes them: atomically."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

APP_FOLDER = "grid-skirmish"


def user_data_dir(platform: str = sys.platform, env: Mapping[str, str] = os.environ, home: Path | None = None) -> Path:
    """The per-user folder for the game's data in the platform's usual place.

    Linux and other Unix: $XDG_DATA_HOME/grid-skirmish (by default ~/.local/share/grid-skirmish);
    Windows: %APPDATA%\\grid-skirmish; macOS: ~/Library/Application Support/grid-skirmish.
    """
    return _base(platform, env, home, "XDG_DATA_HOME", (".local", "share")) / APP_FOLDER


def user_config_dir(platform: str = sys.platform, env: Mapping[str, str] = os.environ, home: Path | None = None) -> Path:
    """The per-user folder for settings: $XDG_CONFIG_HOME/grid-skirmish (by default ~/.config/grid-skirmish)
    on Linux and other Unix; the same folder as the data on Windows and macOS."""
    return _base(platform, env, home, "XDG_CONFIG_HOME", (".config",)) / APP_FOLDER


def _base(platform: str, env: Mapping[str, str], home: Path | None, xdg_name: str, xdg_default: tuple[str, ...]) -> Path:
    home = home if home is not None else Path.home()
    if platform.startswith("win"):
        return Path(env["APPDATA"]) if env.get("APPDATA") else home / "AppData" / "Roaming"
    if platform == "darwin":
        return home / "Library" / "Application Support"
    xdg = env.get(xdg_name, "")
    # The XDG spec ignores a relative path in its variables.
    return Path(xdg) if xdg and Path(xdg).is_absolute() else home.joinpath(*xdg_default)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash or a full disk leaves either the old file or the new one,
    never a torn one: write a temporary file beside it, flush it to disk, then rename it over the old.

    Raises OSError when the write fails; the old file is then untouched and the temporary file removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
