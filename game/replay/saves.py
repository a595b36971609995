"""Where saves go and how they are written: atomically, manual saves by date, autosaves rotated (the last 5 kept)."""

from __future__ import annotations

import stat
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from game.i18n import L_
from game.match import Match
from game.replay.format import SaveError, Setup, build_document, document_text, events_digest
from game.replay.load import shown_name
from game.replay.sanity import MAX_BYTES, one_line, parse_json_bounded
from game.rulesets import ruleset
from game.storage import atomic_write_text, user_data_dir

KEEP_AUTOSAVES = 5
AUTOSAVE_PREFIX = "autosave-"


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def autosave_dir() -> Path:
    return saves_dir() / "autosave"


@lru_cache(maxsize=4)
def _creatures(ruleset_name: str) -> dict[str, Any]:
    """The ruleset's creature content, read once per run (a save hashes the creatures it fields)."""
    return ruleset(ruleset_name).load_creatures()


def write_save(path: Path, match: Match, setup: Setup, with_events: bool = False,
               digest_events: Callable[[list[Any]], str] = events_digest) -> Path:
    """Write the match to ``path`` atomically: a failed write (full disk, no permission) leaves the previous
    file whole and raises SaveError naming the file. ``digest_events``: as for ``build_document``."""
    text = document_text(build_document(match, setup, _creatures(match.ruleset), with_events, digest_events))
    try:
        atomic_write_text(path, text)
    except OSError as err:
        raise SaveError(f"{shown_name(path)}: could not be written ({err.strerror or err})") from None
    return path


def new_save_path(setup: Setup, now: float | None = None) -> Path:
    """saves/<map>-<date>-<time>.json, numbered when two saves fall in the same second."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(time.time() if now is None else now))
    base = f"{setup.map_path.stem}-{stamp}"
    path = saves_dir() / f"{base}.json"
    number = 2
    while path.exists():
        path = saves_dir() / f"{base}-{number}.json"
        number += 1
    return path


def save(match: Match, setup: Setup) -> Path:
    """A new manual save; returns where it went."""
    return write_save(new_save_path(setup), match, setup)


def _autosave_number(path: Path) -> int:
    digits = path.stem[len(AUTOSAVE_PREFIX):]
    return int(digits) if digits.isdigit() else -1


def autosaves(directory: Path | None = None) -> list[Path]:
    """The autosaves (in ``directory``, by default the player's), oldest first (numbered in the order written)."""
    folder = autosave_dir() if directory is None else directory
    found = [p for p in folder.glob(f"{AUTOSAVE_PREFIX}*.json") if _autosave_number(p) >= 0]
    return sorted(found, key=_autosave_number)


def autosave(match: Match, setup: Setup, digest_events: Callable[[list[Any]], str] = events_digest,
             directory: Path | None = None) -> Path:
    """The next numbered autosave (in ``directory``, by default the player's autosave folder); afterwards only
    the newest KEEP_AUTOSAVES are kept. ``digest_events``: as for ``build_document``."""
    folder = autosave_dir() if directory is None else directory
    existing = autosaves(folder)
    number = _autosave_number(existing[-1]) + 1 if existing else 1
    path = write_save(folder / f"{AUTOSAVE_PREFIX}{number:06d}.json", match, setup, digest_events=digest_events)
    for old in autosaves(folder)[:-KEEP_AUTOSAVES]:
        old.unlink(missing_ok=True)
    return path


@dataclass(frozen=True)
class SaveEntry:
    """One file in the load list: where it is, when it was written, and what it holds (or why it is unreadable)."""

    path: Path
    autosave: bool
    modified: float
    description: str
    problem: str = ""
    ruleset: str = ""         # the rules it was played under, as the file says ("" when unreadable)


def describe(summary: Any) -> str:
    """One line about where a saved skirmish stands, from the document's summary."""
    if not isinstance(summary, dict):
        return L_("a skirmish")
    where = _shown(summary.get("map", "?"))
    winner = summary.get("winner")
    if winner:
        return L_("{map} · finished, {side} won", map=where, side=_shown(winner))
    if winner is not None:
        return L_("{map} · finished, a draw", map=where)
    return L_("{map} · round {round} · {creature}'s turn", map=where, round=_shown(summary.get("round", "?")),
              creature=_shown(summary.get("turn_of", "?")))


def _shown(value: Any) -> str:
    """A value from an unchecked file, safe to draw: printable (no NUL a font refuses) and short."""
    return one_line(str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else "?")[:60]


def list_saves() -> list[SaveEntry]:
    """Every save and autosave, newest first; a file that cannot be read is listed with its problem (it
    is checked in full only when chosen)."""
    paths = sorted(saves_dir().glob("*.json")) + autosaves()
    entries = []
    for path in paths:
        automatic = path.parent == autosave_dir()
        try:
            info = path.stat()
        except OSError:
            continue                                   # gone since the folder was listed (or a broken link)
        modified = info.st_mtime
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:     # never open a pipe or a device
            entries.append(SaveEntry(path, automatic, modified, L_("unreadable"),
                                     L_("not a save file (not a plain file of a sane size)")))
            continue
        try:
            data = parse_json_bounded(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            entries.append(SaveEntry(path, automatic, modified, L_("unreadable"),
                                     L_("not a save file (it will say why when chosen)")))
            continue
        summary = data.get("summary") if isinstance(data, dict) else None
        rules = data.get("ruleset") if isinstance(data, dict) else None
        entries.append(SaveEntry(path, automatic, modified, describe(summary),
                                 ruleset=_shown(rules) if isinstance(rules, str) else ""))
    return sorted(entries, key=lambda e: (-e.modified, e.path.name))


def latest_save() -> Path | None:
    """The newest manual save, for quick-load (a damaged one too: loading it then says what is wrong)."""
    manual = [e for e in list_saves() if not e.autosave]
    return manual[0].path if manual else None
