"""The player's settings (window, interface scale, animation speed, language, sound, key bindings), kept as TOML between runs."""

from __future__ import annotations

import os
import re
import stat
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomli_w

from game.i18n import L_, message_of
from game.storage import atomic_write_text, user_config_dir

SETTINGS_FILE = "settings.toml"
WINDOW_PRESETS: tuple[tuple[int, int], ...] = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440))
MIN_WINDOW = (640, 480)
MAX_WINDOW = (7680, 4320)               # 8K; the game also keeps the window within the screen (game.app)
MAX_BYTES = 64 * 1024                   # a settings file the game writes is a few hundred bytes
MAX_KEYS = 200                          # key bindings in the file
MAX_NAME = 40                           # characters of an action or a key name
LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?")
UI_SCALES = (100, 125, 150, 175)
ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
VOLUMES = ("master_volume", "effects_volume", "music_volume")     # percent, 0-100
VOLUME_STEP = 10                        # the settings screen's step
KEYS = ("window", "fullscreen", "ui_scale", "animation_speed", "language", *VOLUMES, "mute", "music_mute", "keys")


@dataclass(frozen=True)
class Settings:
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ui_scale: int = 100                     # percent of the normal text size
    animation_speed: str = "normal"
    language: str = "en"
    master_volume: int = 70
    effects_volume: int = 80
    music_volume: int = 50
    mute: bool = False                      # every sound off (F8)
    music_mute: bool = False                # the music off, the effects on (F7)
    keys: dict[str, str] = field(default_factory=dict)   # action -> pygame key name, only the changed ones


def settings_path() -> Path:
    return user_config_dir() / SETTINGS_FILE


class SettingsError(ValueError):
    """A settings file the game cannot use; the message is one line."""


def parse_settings(data: dict[str, Any]) -> Settings:
    """Settings from a TOML table; a missing key keeps its default, a wrong one raises SettingsError."""
    for key in data:
        if key not in KEYS:
            raise SettingsError(L_("unknown setting {key}", key=_short(key)))
    settings = Settings()
    if "window" in data:
        window = data["window"]
        if (not isinstance(window, list) or len(window) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in window)):
            raise SettingsError(L_("window must be [width, height] in pixels, got {value}", value=repr(window)))
        if not (MIN_WINDOW[0] <= window[0] <= MAX_WINDOW[0] and MIN_WINDOW[1] <= window[1] <= MAX_WINDOW[1]):
            raise SettingsError(L_("window must be from {smallest} to {largest}, got {width}x{height}",
                                   smallest=f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}", largest=f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}",
                                   width=_short(window[0]), height=_short(window[1])))
        settings = replace(settings, window=(window[0], window[1]))
    if "fullscreen" in data:
        if not isinstance(data["fullscreen"], bool):
            raise SettingsError(L_("fullscreen must be true or false, got {value}", value=repr(data["fullscreen"])))
        settings = replace(settings, fullscreen=data["fullscreen"])
    if "ui_scale" in data:
        if type(data["ui_scale"]) is not int or data["ui_scale"] not in UI_SCALES:   # 150.0 is no whole number
            raise SettingsError(L_("ui_scale must be one of {choices}, got {value}",
                                   choices=", ".join(map(str, UI_SCALES)), value=_short(data["ui_scale"])))
        settings = replace(settings, ui_scale=data["ui_scale"])
    if "animation_speed" in data:
        if type(data["animation_speed"]) is not str or data["animation_speed"] not in ANIMATION_SPEEDS:
            raise SettingsError(L_("animation_speed must be one of {choices}, got {value}",
                                   choices=", ".join(ANIMATION_SPEEDS), value=_short(data["animation_speed"])))
        settings = replace(settings, animation_speed=data["animation_speed"])
    if "language" in data:
        language = data["language"]
        if not isinstance(language, str) or not LANGUAGE_CODE.fullmatch(language):
            raise SettingsError(L_("language must be a language code such as \"en\", got {value}", value=_short(language)))
        settings = replace(settings, language=data["language"])
    settings = replace(settings, master_volume=_volume(data, "master_volume", settings.master_volume),
                       effects_volume=_volume(data, "effects_volume", settings.effects_volume),
                       music_volume=_volume(data, "music_volume", settings.music_volume),
                       mute=_switch(data, "mute", settings.mute), music_mute=_switch(data, "music_mute", settings.music_mute))
    if "keys" in data:
        keys = data["keys"]
        if (not isinstance(keys, dict) or len(keys) > MAX_KEYS
                or not all(isinstance(k, str) and isinstance(v, str) and _sane_name(k) and _sane_name(v)
                           for k, v in keys.items())):
            raise SettingsError(L_("keys must be a table of action = \"key name\" (short printable names)"))
        settings = replace(settings, keys=dict(sorted(keys.items())))
    return settings


def _volume(data: dict[str, Any], key: str, default: int) -> int:
    """A volume in percent, 0 to 100."""
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise SettingsError(L_("{key} must be a whole number from 0 to 100, got {value}", key=key, value=_short(value)))
    return value


def _switch(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise SettingsError(L_("{key} must be true or false, got {value}", key=key, value=_short(value)))
    return value


def switched(settings: Settings, key: str) -> Settings:
    """The settings with ``mute`` or ``music_mute`` turned the other way."""
    if key == "mute":
        return replace(settings, mute=not settings.mute)
    if key == "music_mute":
        return replace(settings, music_mute=not settings.music_mute)
    raise ValueError(f"not a sound switch: {key!r}")


def _short(value: Any) -> str:
    """A value from the file as a message shows it: its repr, printable and at most 40 characters."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _sane_name(name: str) -> bool:
    return 0 < len(name) <= MAX_NAME and name.isprintable()


def settings_toml(settings: Settings) -> str:
    data: dict[str, Any] = {
        "window": list(settings.window), "fullscreen": settings.fullscreen, "ui_scale": settings.ui_scale,
        "animation_speed": settings.animation_speed, "language": settings.language,
        **{key: getattr(settings, key) for key in VOLUMES}, "mute": settings.mute, "music_mute": settings.music_mute,
        "keys": dict(settings.keys),
    }
    return "# Grid Skirmish settings, written by the game's settings screen.\n" + tomli_w.dumps(data)


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The saved settings and "" when all is well; defaults and a one-line reason when the file cannot be used.

    A broken file is renamed to ``settings.toml.bad`` beside it, so the player's hand edits are kept, not
    overwritten by the next save.
    """
    path = path if path is not None else settings_path()
    try:
        info = os.stat(path)
        # Never open a pipe or a device (reading one would never end): only a plain file of a sane size.
        raw = _read_plain(path) if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_BYTES else None
    except FileNotFoundError:
        return Settings(), ""
    except OSError as err:
        return Settings(), L_("Settings not read ({file}: {reason}); using the defaults.", file=str(path),
                              reason=str(err.strerror))
    reason: str
    try:
        if raw is None:
            raise SettingsError(L_("not a plain file of at most {n} KB", n=MAX_BYTES // 1024))
        return parse_settings(tomllib.loads(raw.decode("utf-8"))), ""
    except UnicodeDecodeError:
        reason = L_("not UTF-8 text")
    except tomllib.TOMLDecodeError as err:
        reason = L_("not valid TOML: {detail}", detail=_short(str(err).splitlines()[0] if str(err) else "")[1:-1])
    except SettingsError as err:
        reason = message_of(err)
    except (RecursionError, ValueError) as err:   # nesting or a number beyond what Python reads
        reason = L_("not readable ({error})", error=type(err).__name__)
    kept = path.with_name(path.name + ".bad")
    try:
        path.replace(kept)
    except OSError:
        return Settings(), L_("Settings file {file} ignored ({reason}); using the defaults.", file=str(path), reason=reason)
    return Settings(), L_("Settings file ignored ({reason}); using the defaults; the file is kept as {file}.", reason=reason,
                          file=kept.name)


def _read_plain(path: Path) -> bytes | None:
    """The bytes of a file checked to be plain, or None when it grew past MAX_BYTES meanwhile."""
    with open(path, "rb") as handle:
        raw = handle.read(MAX_BYTES + 1)
    return raw if len(raw) <= MAX_BYTES else None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; raises OSError when the file cannot be written (the old one is then kept)."""
    atomic_write_text(path if path is not None else settings_path(), settings_toml(settings))
