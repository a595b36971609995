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
from game.i18n import L_, N_

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
        return L_("{field} is {kind}, not {wanted}", field=where, kind=_kind(value),
                  wanted=" or ".join(_name(o) for o in options))
    if hint is type(None):
        return None if value is None else L_("{field} is {kind}, not empty", field=where, kind=_kind(value))
    if hint is bool:
        return None if isinstance(value, bool) else L_("{field} is {kind}, not true or false", field=where,
                                                         kind=_kind(value))
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return L_("{field} is {kind}, not a whole number", field=where, kind=_kind(value))
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else L_("{field} is out of range", field=where)
    if hint is str:
        if not isinstance(value, str):
            return L_("{field} is {kind}, not text", field=where, kind=_kind(value))
        return None if len(value) <= MAX_TEXT and "\x00" not in value else L_("{field} is not a name", field=where)
    if origin is tuple:
        if not isinstance(value, tuple):
            return L_("{field} is {kind}, not a list", field=where, kind=_kind(value))
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            if len(value) > MAX_ITEMS:
                return L_("{field} is too long", field=where)
            return next((p for i, v in enumerate(value) if (p := _problem(v, args[0], f"{where}[{i}]"))), None)
        if len(value) != len(args):
            return L_("{field} has {items} items, not {n}", field=where, items=len(value), n=len(args))
        return next((p for i, (v, a) in enumerate(zip(value, args)) if (p := _problem(v, a, f"{where}[{i}]"))), None)
    if origin is typing.Literal:
        return None if value in typing.get_args(hint) else L_("{field} is not one of {choices}", field=where,
                                                              choices=str(typing.get_args(hint)))
    if isinstance(hint, type):
        return None if isinstance(value, hint) else L_("{field} is {kind}, not {wanted}", field=where, kind=_kind(value),
                                                       wanted=_name(hint))
    return L_("{field} has a type the game cannot check ({type})", field=where, type=repr(hint))


def _kind(value: Any) -> str:
    return {bool: N_("true or false"), int: N_("a number"), float: N_("a number"), str: N_("text"), list: N_("a list"),
            tuple: N_("a list"), dict: N_("an object"), type(None): N_("empty")}.get(type(value), type(value).__name__)


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def shape_problem(command: Any, classes: Sequence[type]) -> str | None:
    """Why ``command`` is not one of ``classes`` with every field of its declared type, or None."""
    kind = type(command)
    if kind not in classes or not dataclasses.is_dataclass(command):
        return L_("{command} is not a command of this ruleset", command=kind.__name__)
    hints = _hints(kind)
    for f in dataclasses.fields(kind):
        problem = _problem(getattr(command, f.name), hints[f.name], f"{kind.__name__}.{f.name}")
        if problem:
            return problem
    return None


def shape_refusal(command: Any, classes: Sequence[type]) -> Refusal | None:
    """The door's first check: a refusal naming what is wrong with the command's shape, or None."""
    problem = shape_problem(command, classes)
    return Refusal(L_("malformed command: {problem}", problem=problem)) if problem else None


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def command_to_json(command: Any, classes: Sequence[type]) -> dict[str, Any]:
    """{"type": "Move", "actor": 3, "path": [[1, 2], [2, 2]], "mode": "walk"}: every field, in order."""
    if type(command) not in classes:
        raise CommandShapeError(L_("not a command of this ruleset: {command}", command=type(command).__name__))
    data: dict[str, Any] = {"type": type(command).__name__}
    for f in dataclasses.fields(command):
        data[f.name] = _plain(getattr(command, f.name))
    return data


def _tupled(value: Any, depth: int = 0) -> Any:
    if depth > 4:                     # no command field nests deeper than a path of squares
        raise CommandShapeError(L_("a field is nested too deep"))
    return tuple(_tupled(v, depth + 1) for v in value) if isinstance(value, list) else value


def command_from_json(data: Any, classes: Sequence[type]) -> Any:
    """The command ``command_to_json`` wrote (fields left out take their defaults), its shape checked;
    CommandShapeError in one line otherwise."""
    if not isinstance(data, dict):
        raise CommandShapeError(L_("a command is not an object"))
    kind = next((c for c in classes if c.__name__ == data.get("type")), None)
    if kind is None:
        raise CommandShapeError(L_("unknown command type {type}", type=repr(str(data.get("type"))[:40])))
    names = {f.name for f in dataclasses.fields(kind)}
    unknown = sorted(str(key)[:40] for key in set(data) - names - {"type"})
    if unknown:
        raise CommandShapeError(L_("{command} has no field {fields}", command=kind.__name__, fields=", ".join(unknown)))
    missing = [f.name for f in dataclasses.fields(kind) if f.name not in data
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise CommandShapeError(L_("{command} lacks {fields}", command=kind.__name__, fields=", ".join(missing)))
    command = kind(**{key: _tupled(value) for key, value in data.items() if key != "type"})
    problem = shape_problem(command, classes)
    if problem:
        raise CommandShapeError(problem)
    return command
