"""What the start menu and the roster editor say of the sides' encounter budgets, and the button that evens them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game import rulesets
from game.core.grid import Square
from game.engine.encounter import Budget, Suggestion, compare, even_out
from game.engine.rosters import overflow
from game.i18n import _, name, translate

Sides = Sequence[tuple[str, tuple[str, ...]]]       # (side, its creatures' keys), in the menu's order


def side_budgets(ruleset_name: str, creatures: Mapping[str, Any], sides: Sides) -> list[tuple[str, Budget]]:
    """Each side's budget, as the ruleset sizes fights (Ruleset.encounter_budget)."""
    rules = rulesets.ruleset(ruleset_name)
    return [(side, rules.encounter_budget(keys, creatures)) for side, keys in sides]


def suggest(ruleset_name: str, creatures: Mapping[str, Any], sides: Sides,
            area_of: Callable[[str], tuple[Square, ...] | None], only: str | None = None) -> Suggestion | None:
    """The one creature to add or take away that brings the sides closest to even, fitting the start areas
    (``area_of(side)``: None when the map is unknown); ``only``: changes to that side alone."""
    rules = rulesets.ruleset(ruleset_name)

    def fits(side: str, keys: tuple[str, ...]) -> bool:
        area = area_of(side)
        return area is None or not overflow(area, keys, creatures)

    return even_out(sides, list(creatures), lambda keys: rules.encounter_budget(keys, creatures), fits, only)


def budget_sentence(budgets: Sequence[tuple[str, Budget]]) -> str:
    """Each side's budget and plainly whether they are even: "Red: 500 XP, Blue: 875 XP, Blue is 75% stronger".
    ``budgets``: (the side's name as shown, its budget), two sides or more."""
    listed = _(", ").join(_("{side}: {budget}").format(side=name(side), budget=translate(budget.words))
                          for side, budget in budgets)
    comparison = compare(budgets)
    if comparison.even:
        verdict = _("the sides are even")
    elif len(budgets) == 2:
        verdict = _("{side} is {percent}% stronger").format(side=name(comparison.strongest), percent=comparison.percent)
    else:
        verdict = _("{strong} is {percent}% stronger than {weak}").format(
            strong=name(comparison.strongest), percent=comparison.percent, weak=name(comparison.weakest))
    return _("{budgets}, {verdict}").format(budgets=listed, verdict=verdict)


def suggestion_words(suggestion: Suggestion, keys: tuple[str, ...], side_name: str,
                     creature_name: Callable[[str], str]) -> str:
    """The even-the-sides button's words: "Even the sides: add Goblin to Red" (or take one away)."""
    if suggestion.add is not None:
        return _("Even the sides: add {creature} to {side}").format(creature=name(creature_name(suggestion.add)),
                                                                   side=name(side_name))
    assert suggestion.remove is not None
    return _("Even the sides: take {creature} from {side}").format(creature=name(creature_name(keys[suggestion.remove])),
                                                                  side=name(side_name))


def no_suggestion_words() -> str:
    return _("The sides are as even as one creature can make them.")


def no_suggestion_button_words() -> str:
    return _("No creature evens the sides")


@dataclass
class SideBudget:
    """One side's budget against the other playing sides, for the roster editor: the sentence for the side's
    creatures as they are now, and the one change to this side that evens the sides best."""

    ruleset: str
    creatures: Mapping[str, Any]
    side: str
    sides: Sides                                          # every playing side, this one with its creatures then
    names: Mapping[str, str]                              # each side's name as shown
    area_of: Callable[[str], tuple[Square, ...] | None]
    _cached: tuple[tuple[str, ...], Suggestion | None] | None = None

    def with_keys(self, keys: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        return [(side, keys if side == self.side else others) for side, others in self.sides]

    def words(self, keys: tuple[str, ...]) -> str:
        budgets = side_budgets(self.ruleset, self.creatures, self.with_keys(keys))
        return budget_sentence([(self.names.get(side, side), budget) for side, budget in budgets])

    def of_one(self, key: str) -> str:
        """What one creature alone adds to a budget ("100 XP"), shown beside it in the editor's lists."""
        return translate(rulesets.ruleset(self.ruleset).encounter_budget((key,), self.creatures).words)

    def suggestion(self, keys: tuple[str, ...]) -> Suggestion | None:
        if self._cached is None or self._cached[0] != keys:
            found = suggest(self.ruleset, self.creatures, self.with_keys(keys), self.area_of, only=self.side)
            self._cached = (keys, found)
        return self._cached[1]
