"""The sotdl-house encounter budget: a side's total Difficulty, as Shadow of the Demon Lord sizes a fight by the
Difficulty of its creatures; each creature's value, heroes' too, is this game's ruling (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.encounter import Budget
from game.rulesets.sotdl.content import CreatureSotdl
from game.rulesets.sotdl.i18n import L_


def encounter_budget(roster: tuple[str, ...], creatures: Mapping[str, CreatureSotdl]) -> Budget:
    """The sum of the side's creatures' Difficulty (linear: a Difficulty 4 hero is worth four goblins)."""
    total = sum(creatures[key].difficulty for key in roster)
    return Budget(total, L_("Difficulty {total}", total=total))
