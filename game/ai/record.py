"""Commands as JSON: {"type": ClassName, field: value, ...}, squares and paths as lists.

The simulator's --record files use it (game/simulate.py ``record_game``), and saved games can build on
it: ``command_from_json(command_to_json(c)) == c`` for every command the door takes.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from game.actions.commands import Command

COMMAND_TYPES: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(Command)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def command_to_json(command: Command) -> dict[str, Any]:
    """{"type": "Move", "actor": 3, "path": [[1, 2], [2, 2]], "mode": "walk"}: every field, in order."""
    name = type(command).__name__
    if name not in COMMAND_TYPES:
        raise TypeError(f"not a command: {command!r}")
    data: dict[str, Any] = {"type": name}
    for f in dataclasses.fields(command):
        data[f.name] = _plain(getattr(command, f.name))
    return data


def command_from_json(data: dict[str, Any]) -> Command:
    """The command ``command_to_json`` wrote; fields left out take their defaults."""
    kind = COMMAND_TYPES.get(data.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown command type {data.get('type')!r}")
    names = {f.name for f in dataclasses.fields(kind)}
    unknown = sorted(set(data) - names - {"type"})
    if unknown:
        raise ValueError(f"{data['type']} has no field {', '.join(unknown)}")
    return kind(**{key: _tupled(value) for key, value in data.items() if key != "type"})
