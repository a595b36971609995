"""Commands as JSON and back, for any ruleset's frozen dataclass commands, with every field's shape checked.

Commands arrive from saves, records and (soon) other machines, so nothing here trusts its input: a value of
the wrong type, a missing or unknown field, a bool where a number belongs or a path nested too deep is a
``CommandShapeError`` (one line), never a TypeError further in. The door asks ``shape_refusal`` first.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from typing import Any

from game.engine.refusal import Refusal

MAX_NUMBER = 2**31 - 1          # no square, creature or count of a skirmish comes near it
MAX_ITEMS = 10_000              # a path or a list of targets longer than any map allows
MAX_TEXT = 200                  # a power's or a weapon's name


class CommandShapeError(ValueError):
    """A command (or its JSON) that is not of the shape its ruleset's command class declares."""


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(kind: type) -> dict[str, Any]:
    """The field annotations of a command class, resolved once."""
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    return _HINTS[kind]


def _problem(value: Any, hint: Any, where: str) -> str | None:
    """Why ``value`` does not fit the annotation ``hint``, or None."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return None
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if any(_problem(value, option, where) is None for option in options):
            return None
        return f"{where} is {_kind(value)}, not {' or '.join(_name(o) for o in options)}"
    if hint is type(None):
        return None if value is None else f"{where} is {_kind(value)}, not empty"
    if hint is bool:
        return None if isinstance(value, bool) else f"{where} is {_kind(value)}, not true or false"
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{where} is {_kind(value)}, not a whole number"
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else f"{where} is out of range"
    if hint is str:
        if not isinstance(value, str):
            return f"{where} is {_kind(value)}, not text"
        return None if len(value) <= MAX_TEXT and "\x00" not in value else f"{where} is not a name"
    if origin is tuple:
        if not isinstance(value, tuple):
            return f"{where} is {_kind(value)}, not a list"
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            if len(value) > MAX_ITEMS:
                return f"{where} is too long"
            return next((p for i, v in enumerate(value) if (p := _problem(v, args[0], f"{where}[{i}]"))), None)
        if len(value) != len(args):
            return f"{where} has {len(value)} items, not {len(args)}"
        return next((p for i, (v, a) in enumerate(zip(value, args)) if (p := _problem(v, a, f"{where}[{i}]"))), None)
    if origin is typing.Literal:
        return None if value in typing.get_args(hint) else f"{where} is not one of {typing.get_args(hint)}"
    if isinstance(hint, type):
        return None if isinstance(value, hint) else f"{where} is {_kind(value)}, not {_name(hint)}"
    return f"{where} has a type the game cannot check ({hint!r})"


def _kind(value: Any) -> str:
    return {bool: "true or false", int: "a number", float: "a number", str: "text", list: "a list",
            tuple: "a list", dict: "an object", type(None): "empty"}.get(type(value), type(value).__name__)


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def shape_problem(command: Any, classes: Sequence[type]) -> str | None:
    """Why ``command`` is not one of ``classes`` with every field of its declared type, or None."""
    kind = type(command)
    if kind not in classes or not dataclasses.is_dataclass(command):
        return f"{kind.__name__} is not a command of this ruleset"
    hints = _hints(kind)
    for f in dataclasses.fields(kind):
        problem = _problem(getattr(command, f.name), hints[f.name], f"{kind.__name__}.{f.name}")
        if problem:
            return problem
    return None


def shape_refusal(command: Any, classes: Sequence[type]) -> Refusal | None:
    """The door's first check: a refusal naming what is wrong with the command's shape, or None."""
    problem = shape_problem(command, classes)
    return Refusal(f"malformed command: {problem}") if problem else None


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def command_to_json(command: Any, classes: Sequence[type]) -> dict[str, Any]:
    """{"type": "Move", "actor": 3, "path": [[1, 2], [2, 2]], "mode": "walk"}: every field, in order."""
    if type(command) not in classes:
        raise CommandShapeError(f"not a command of this ruleset: {type(command).__name__}")
    data: dict[str, Any] = {"type": type(command).__name__}
    for f in dataclasses.fields(command):
        data[f.name] = _plain(getattr(command, f.name))
    return data


def _tupled(value: Any, depth: int = 0) -> Any:
    if depth > 4:                     # no command field nests deeper than a path of squares
        raise CommandShapeError("a field is nested too deep")
    return tuple(_tupled(v, depth + 1) for v in value) if isinstance(value, list) else value


def command_from_json(data: Any, classes: Sequence[type]) -> Any:
    """The command ``command_to_json`` wrote (fields left out take their defaults), its shape checked;
    CommandShapeError in one line otherwise."""
    if not isinstance(data, dict):
        raise CommandShapeError("a command is not an object")
    kind = next((c for c in classes if c.__name__ == data.get("type")), None)
    if kind is None:
        raise CommandShapeError(f"unknown command type {str(data.get('type'))[:40]!r}")
    names = {f.name for f in dataclasses.fields(kind)}
    unknown = sorted(str(key)[:40] for key in set(data) - names - {"type"})
    if unknown:
        raise CommandShapeError(f"{kind.__name__} has no field {', '.join(unknown)}")
    missing = [f.name for f in dataclasses.fields(kind) if f.name not in data
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise CommandShapeError(f"{kind.__name__} lacks {', '.join(missing)}")
    command = kind(**{key: _tupled(value) for key, value in data.items() if key != "type"})
    problem = shape_problem(command, classes)
    if problem:
        raise CommandShapeError(problem)
    return command
