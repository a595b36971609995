"""The registry of rulesets: each name to the loader of its ``ruleset`` module, which satisfies the Ruleset protocol.

Screens, saves, the simulator and the tools reach a ruleset only through ``ruleset(name)`` and the protocol
(game/engine/protocol.py); mypy checks every loader's module against it. A ruleset is imported on first use.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.protocol import Ruleset
from game.i18n import L_


def _dnd4e() -> Ruleset:
    from game.rulesets.dnd4e import ruleset as module
    return module


def _dnd5e() -> Ruleset:
    from game.rulesets.dnd5e import ruleset as module
    return module


def _sotdl() -> Ruleset:
    from game.rulesets.sotdl import ruleset as module
    return module


def _d20modern() -> Ruleset:
    from game.rulesets.d20modern import ruleset as module
    return module


RULESETS: dict[str, Callable[[], Ruleset]] = {
    "4e": _dnd4e,
    "5e-house": _dnd5e,
    "sotdl-house": _sotdl,
    "d20-modern": _d20modern,
}


def register(name: str, loader: Callable[[], Ruleset]) -> None:
    """Add a ruleset under ``name`` (the tests' toy ruleset registers itself this way)."""
    RULESETS[name] = loader


def title(name: str) -> str:
    """How menus name a ruleset ("D&D 4e"), or the name itself when no ruleset has it (an unknown save)."""
    return RULESETS[name]().TITLE if name in RULESETS else name


def no_screen(name: str) -> str:
    """Why the battle screen cannot show a skirmish of this ruleset ("" when it can): one line."""
    if name not in RULESETS:
        return L_("unknown ruleset {ruleset} (this game plays {known})", ruleset=repr(str(name)[:40]),
                  known=", ".join(RULESETS))
    if RULESETS[name]().presenter() is None:
        return L_("the {ruleset} ruleset has no battle screen yet (try: python -m game simulate --ruleset {ruleset})",
                  ruleset=name)
    return ""


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; ValueError naming the known ones otherwise."""
    loader = RULESETS.get(name) if isinstance(name, str) else None
    if loader is None:
        raise ValueError(f"unknown ruleset {str(name)[:40]!r} (known: {', '.join(RULESETS)})")
    return loader()
