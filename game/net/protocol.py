"""The wire protocol: JSON text messages with a "type", every one checked in full before anything acts on it.

A frame is parsed with hard limits (size, nesting, no floats, no huge numbers) and then checked against
the schema of its message type: each key, its type and its size. Commands are read by their ruleset's codec,
which checks every field against its annotation, so the door only ever sees a command of the right shape.
Any problem is a ``ProtocolError`` whose message is sent to that client.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 1
MAX_DEPTH = 8                     # the deepest message (host: map.files[i].path) is 4 levels down
MAX_INT = 2 ** 63 - 1             # seeds are 63-bit; anything larger is refused as a "huge number"
SIDE = 16                         # the longest side name
LEVELS = ("easy", "normal", "hard")


class ProtocolError(ValueError):
    """A message that is refused; its text goes back to the client that sent it, in one line."""


@dataclass(frozen=True)
class Limits:
    """What one connection may send: ``frame`` bytes at most (larger frames close the connection; only a host
    message with its map may be that large), ``message`` bytes for every other message, ``rate`` messages
    a second on average with bursts of ``burst``, and ``data_rate`` bytes a second on average (bursts of one
    full frame)."""

    frame: int = 8 * 1024 * 1024
    message: int = 64 * 1024
    rate: float = 30.0
    burst: int = 120
    data_rate: float = 1024 * 1024


# Parsing --------------------------------------------------------------------------------------------

def _no_float(text: str) -> float:
    raise ProtocolError("numbers must be whole numbers")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise ProtocolError("number too large")
    return int(text)


def _no_constant(text: str) -> float:
    raise ProtocolError(f"{text} is not allowed")


def _check_depth(value: Any) -> None:
    """Nesting at most MAX_DEPTH and every integer within MAX_INT, walked without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ProtocolError(f"nested deeper than {MAX_DEPTH} levels")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif type(item) is int and abs(item) > MAX_INT:
            raise ProtocolError("number too large")


def decode(frame: str | bytes, limits: Limits = Limits()) -> dict[str, Any]:
    """The message in a text frame, checked against its type's schema; ProtocolError otherwise."""
    if not isinstance(frame, str):
        raise ProtocolError("binary frames are not accepted: send JSON text")
    try:
        data = json.loads(frame, parse_float=_no_float, parse_int=_bounded_int, parse_constant=_no_constant)
    except ProtocolError:
        raise
    except RecursionError:
        raise ProtocolError(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:
        raise ProtocolError(f"malformed JSON ({str(err).split(':')[0].lower()})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    _check_depth(data)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        shown = kind if isinstance(kind, str) and len(kind) <= 30 else "?"
        raise ProtocolError(f"unknown message type {shown!r} (known: {', '.join(SCHEMAS)})")
    if kind != "host" and len(frame) > limits.message:
        raise ProtocolError(f"{kind} message larger than {limits.message} bytes")
    SCHEMAS[kind](data, kind)
    return data


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# Schemas --------------------------------------------------------------------------------------------
Check = Callable[[Any, str], None]


def text(longest: int, choices: tuple[str, ...] = ()) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not str:
            raise ProtocolError(f"{where} should be text")
        if len(value) > longest:
            raise ProtocolError(f"{where} longer than {longest} characters")
        if choices and value not in choices:
            raise ProtocolError(f"{where} should be one of {', '.join(choices)}")
    return check


def whole(low: int, high: int) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not int:
            raise ProtocolError(f"{where} should be a whole number")
        if not low <= value <= high:
            raise ProtocolError(f"{where} out of range ({low} to {high})")
    return check


def nullable(inner: Check) -> Check:
    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)
    return check


def listing(inner: Check, most: int, least: int = 0) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not list:
            raise ProtocolError(f"{where} should be a list")
        if not least <= len(value) <= most:
            raise ProtocolError(f"{where} should have {least} to {most} items")
        for index, item in enumerate(value):
            inner(item, f"{where}[{index}]")
    return check


def mapping(values: Check, most: int) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not dict:
            raise ProtocolError(f"{where} should be an object")
        if len(value) > most:
            raise ProtocolError(f"{where} has more than {most} keys")
        for key, item in value.items():
            text(SIDE)(key, f"{where} key")
            values(item, f"{where}.{key}")
    return check


def shape(fields: dict[str, Check], optional: tuple[str, ...] = ()) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not dict:
            raise ProtocolError(f"{where} should be an object")
        extra = sorted(set(value) - set(fields))
        if extra:
            raise ProtocolError(f"{where} has an unknown key {extra[0][:30]!r}")
        for key, inner in fields.items():
            if key in value:
                inner(value[key], f"{where}.{key}")
            elif key not in optional:
                raise ProtocolError(f"{where} lacks {key!r}")
    return check


def _command_object(value: Any, where: str) -> None:
    if type(value) is not dict or type(value.get("type")) is not str:
        raise ProtocolError(f"{where} should be an object with a \"type\"")
    if len(value) > 16:
        raise ProtocolError(f"{where} has too many fields")


_GREETING = {"type": text(16), "protocol": whole(0, 1000), "rules_version": text(40)}
SEAT_CHOICES = ("here", "open") + tuple(f"computer:{level}" for level in LEVELS)
MAP_FILE = shape({"path": text(200), "data": text(8 * 1024 * 1024)})
ROSTER = shape({"side": text(SIDE), "label": text(60), "creatures": listing(text(60), 64, 1)})

SCHEMAS: dict[str, Check] = {
    "host": shape(_GREETING | {
        "ruleset": text(20), "map": shape({"name": text(200), "files": listing(MAP_FILE, 64, 1)}),
        "rosters": listing(ROSTER, 4, 2), "seed": nullable(whole(0, MAX_INT)),
        "surprised": nullable(listing(text(SIDE), 4)), "seats": mapping(text(20, SEAT_CHOICES), 4),
    }),
    "join": shape(_GREETING | {"code": text(16), "side": nullable(text(SIDE))}, optional=("side",)),
    "rejoin": shape(_GREETING | {"code": text(16), "token": text(64)}),
    "watch": shape(_GREETING | {"code": text(16)}),
    "command": shape({"type": text(16), "seq": whole(0, 10 ** 7), "command": _command_object}),
    "hand_over": shape({"type": text(16), "side": text(SIDE), "level": text(8, LEVELS)}),
    "ping": shape({"type": text(16), "id": whole(0, MAX_INT)}, optional=("id",)),
}
GREETINGS = ("host", "join", "rejoin", "watch")


# Commands -------------------------------------------------------------------------------------------

def command_from_json(ruleset_name: str, data: dict[str, Any]) -> Any:
    """The command ``data`` names, read by its ruleset's codec with every field checked against its annotation
    (game.engine.codec); ProtocolError otherwise."""
    from game.rulesets import ruleset       # here, so that `python -m game --help` imports no ruleset

    try:
        return ruleset(ruleset_name).command_from_json(data)
    except (ValueError, TypeError) as err:
        raise ProtocolError(f"not a command: {str(err)[:160]}") from None
