"""Reading a ruleset's TOML content with every value checked: errors name ``file:key.path: what is wrong``."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from game.core.dice import DiceExpr
from game.engine.rosters import ContentError
from game.i18n import L_

MAX_NUMBER = 1_000_000       # no hit point total, bonus, range or count in any ruleset's content comes near


def read_toml(path: Path) -> dict[str, Any]:
    """The file's tables; ContentError in one line when it cannot be read or is not TOML."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as err:
        raise ContentError(L_("{file}: cannot read ({reason})", file=path.name, reason=str(err.strerror or err))) from None
    except tomllib.TOMLDecodeError as err:
        raise ContentError(L_("{file}: not valid TOML: {detail}", file=path.name, detail=str(err))) from None


class TableChecker:
    """Reads typed values out of TOML tables, naming ``file:key.path`` in every error; each ruleset's loader
    adds the checks of its own kinds of value."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, what: str) -> ContentError:
        return ContentError(L_("{file}:{where}: {problem}", file=self.file, where=where, problem=what))

    def table(self, raw: Any, where: str, allowed: tuple[str, ...]) -> dict[str, Any]:
        """``raw`` as a table whose keys are all ``allowed``."""
        if not isinstance(raw, dict):
            raise self.fail(where, L_("must be a table"))
        for key in raw:
            if key not in allowed:
                raise self.fail(f"{where}.{key}", L_("unknown key (known: {keys})", keys=", ".join(allowed)))
        return raw

    def value(self, table: dict[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
        """``table[key]`` of type ``kind`` (a bool is no number; numbers within MAX_NUMBER either way), or
        ``default`` when it is left out (None: it must be there)."""
        if key not in table:
            if default is None:
                raise self.fail(f"{where}.{key}", L_("missing"))
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(f"{where}.{key}", L_("must be {kind}, got {value}", kind=kind.__name__,
                                                 value=f"{value!r:.60}"))
        if isinstance(value, int) and abs(value) > MAX_NUMBER:
            raise self.fail(f"{where}.{key}", L_("{value} is out of range (at most {most} either way)",
                                                 value=f"{value:.3g}", most=MAX_NUMBER))
        return value

    def dice(self, table: dict[str, Any], key: str, where: str) -> DiceExpr:
        """A dice expression such as "2d6+3"."""
        try:
            return DiceExpr.parse(self.value(table, key, str, where))
        except ValueError as err:
            raise self.fail(f"{where}.{key}", str(err)) from None
