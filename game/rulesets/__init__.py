"""Rulesets: what the battlefield's geometric facts mean mechanically in each game system.

``RULESETS`` names each ruleset's module. Every one offers the same names, so ``Match``, ``simulate`` and
the tests choose a ruleset by name and never special-case one (docs/rulesets.md): ``NAME``, ``PLAYERS``,
``load_creatures()``, ``load_rosters(creatures=...)``, ``load_presets(creatures=...)``,
``DEFAULT_PRESETS``, ``SURPRISE``, ``new_match(bf, rosters, creatures, seed)``,
``validate(state, command)``, ``execute(state, command, dice)``, ``decider(state)``, ``current_creature(state)``,
``turn_started(events)``, ``round_number(state)``,
``command_to_json(command)`` and ``make_player(kind, side, difficulty, seed)``. The modules are imported on first use: the 4e one pulls
in the 4e door, which imports this package.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

RULESETS: dict[str, str] = {
    "4e": "game.rulesets.dnd4e.ruleset",
    "5e-house": "game.rulesets.dnd5e.ruleset",
    "d20-modern": "game.rulesets.d20modern.ruleset",
}


def ruleset(name: str) -> ModuleType:
    """The module of the ruleset called ``name``; ValueError naming the known ones otherwise."""
    if name not in RULESETS:
        raise ValueError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)})")
    return import_module(RULESETS[name])
