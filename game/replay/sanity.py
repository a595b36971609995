"""Hostile saves and records: bounded reading (a plain file of a sane size, numbers of sane length, shallow
nesting) and the checks of every name and number a save holds against what the game has, before anything
is rebuilt from it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from game.i18n import L_, N_
from game.replay.format import SaveError

MAX_BYTES = 64 * 1024 * 1024      # a save of a very long skirmish is a few megabytes; refuse absurd files
MAX_DIGITS = 40                   # a number longer than this is no seed, count or id the game writes
MAX_NESTING = 40                  # a save written with every event nests about 10 deep
MAX_TEXT = 400                    # a label, side, creature key or level
MAX_CREATURES = 64                # in one roster
MAX_COMMANDS = 200_000
MAX_SEED = (1 << 63) - 1
MAX_DICE = 10_000                 # dice rolled by one command
SIDES = ("blue", "red", "green", "yellow")
SHOWN_LIMIT = 300                 # characters of a refusal line


def plain_file_size(path: Path) -> int:
    """The size of a plain file; SaveError when it is missing, a folder, a pipe, a device or a socket
    (none of which is ever opened: reading a pipe or /dev/urandom would never end)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SaveError(L_("no such file")) from None
    except OSError as err:
        raise SaveError(L_("cannot be read ({reason})", reason=str(err.strerror or err))) from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(L_("is a folder, not a save file"))
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(L_("not a save file (a pipe, device or socket, not a plain file)"))
    return info.st_size


def _refuse_constant(name: str) -> Any:
    raise SaveError(L_("not a save file (it holds {value}, which the game never writes)", value=name))


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SaveError(L_("not a save file (a number of {n} digits)", n=len(text)))
    return int(text)


def _real(text: str) -> float:
    if len(text) > MAX_DIGITS:
        raise SaveError(L_("not a save file (a number of {n} characters)", n=len(text)))
    return float(text)


def parse_json_bounded(text: str) -> Any:
    """JSON text parsed with numbers of at most MAX_DIGITS digits and no NaN or Infinity, then refused when it
    nests deeper than MAX_NESTING; SaveError otherwise (json's own errors are the caller's)."""
    data = json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_refuse_constant)
    depth_check(data)
    return data


def depth_check(data: Any) -> None:
    """Refuse a document nested deeper than MAX_NESTING, walking it without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_NESTING:
            raise SaveError(L_("not a save file (nested more than {n} deep)", n=MAX_NESTING))
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def one_line(message: str) -> str:
    """A refusal as one short printable line: control characters shown as escapes, cut at SHOWN_LIMIT."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return shown if len(shown) <= SHOWN_LIMIT else shown[:SHOWN_LIMIT - 3] + "..."


def _name(value: str, what: str) -> None:
    if not value or len(value) > MAX_TEXT or not value.isprintable():
        raise SaveError(L_("{what} {value} is not a name the game writes", what=what, value=repr(one_line(value)[:60])))


def check_fields(document: dict[str, Any], difficulty_known: Any) -> None:
    """Every name and number of a shape-checked save against what the game has: sides, levels, surprised
    sides, labels, creature keys, the seed and dice counts. ``difficulty_known(side, level)``: whether the
    save's ruleset has a computer player of that level."""
    if not 0 <= document["seed"] <= MAX_SEED:
        raise SaveError(L_("the seed {seed} is out of range", seed=str(document["seed"])))
    setup = document["setup"]
    sides: list[str] = []
    for roster in setup["rosters"]:
        side = roster["side"]
        if side not in SIDES:
            raise SaveError(L_("unknown side {side} (sides are {sides})", side=repr(one_line(side)[:40]),
                               sides=", ".join(SIDES)))
        if side in sides:
            raise SaveError(L_("side {side} has two rosters", side=repr(side)))
        sides.append(side)
        _name(roster["label"], N_("the label"))
        if not 0 < len(roster["creatures"]) <= MAX_CREATURES:
            raise SaveError(L_("the {side} roster has {n} creatures", side=side, n=len(roster["creatures"])))
        for key in roster["creatures"]:
            _name(key, N_("the creature"))
    if len(sides) < 2:
        raise SaveError(L_("a skirmish needs at least two sides"))
    for side, level in setup["computer"].items():
        if side not in sides:
            raise SaveError(L_("the computer plays side {side}, which has no roster", side=repr(one_line(side)[:40])))
        _name(level, N_("the computer level"))
        if not difficulty_known(side, level):
            raise SaveError(L_("unknown computer level {level} for side {side}", level=repr(level), side=side))
    for side, label in setup["labels"].items():
        if side not in sides:
            raise SaveError(L_("a label for side {side}, which has no roster", side=repr(one_line(side)[:40])))
        _name(label, N_("the label"))
    surprised = setup["surprised"]
    if surprised is not None:
        if document["ruleset"] != "4e":
            raise SaveError(L_("the {ruleset} ruleset has no surprise chosen on the menu", ruleset=str(document["ruleset"])))
        for side in surprised:
            if side not in sides:
                raise SaveError(L_("surprised side {side} has no roster", side=repr(one_line(side)[:40])))
    if len(document["commands"]) > MAX_COMMANDS:
        raise SaveError(L_("more than {n} commands", n=MAX_COMMANDS))
    for index, entry in enumerate(document["commands"]):
        if not 0 <= entry["dice"] <= MAX_DICE:
            raise SaveError(L_("'commands[{n}].dice' is out of range", n=index))
