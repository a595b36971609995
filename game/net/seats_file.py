"""The seat tokens this player holds, kept in the data folder so that a game closed mid-skirmish can rejoin.

``net-seats.json`` maps a join code to the server address and the seat's token; it is read as plain JSON
(anything unreadable counts as empty) and written atomically. A token is a secret: the file stays in the
player's own data folder.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.storage import atomic_write_text, user_data_dir

MOST_KEPT = 20


def seats_path() -> Path:
    return user_data_dir() / "net-seats.json"


def _read(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {code: entry for code, entry in data.items()
            if isinstance(entry, dict) and isinstance(entry.get("token"), str) and isinstance(entry.get("url"), str)}


def kept_token(code: str, path: Path | None = None) -> tuple[str, str] | None:
    """(server address, token) of the seat this player held in skirmish ``code``, if any."""
    entry = _read(path or seats_path()).get(code.strip().upper())
    return None if entry is None else (entry["url"], entry["token"])


def keep_token(code: str, url: str, token: str, path: Path | None = None) -> None:
    """Remember a seat (the newest MOST_KEPT); a folder that cannot be written only loses the convenience."""
    path = path or seats_path()
    seats = _read(path)
    seats.pop(code, None)
    seats[code] = {"url": url, "token": token}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(dict(list(seats.items())[-MOST_KEPT:]), indent=1) + "\n")
    except OSError:
        pass
