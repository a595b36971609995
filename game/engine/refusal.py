"""A refusal as a value: why the rules say no, in one line, with the rule it comes from."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import L_


@dataclass(frozen=True)
class Refusal:
    """Why a command cannot be carried out (nothing changed), with the rule section (e.g. ``4e §25.1``)."""

    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason

    def shown(self) -> str:
        """The refusal as a screen draws it: the same words, translated there (a lazy reason stays lazy)."""
        return L_("{reason} ({rule})", reason=self.reason, rule=self.rule) if self.rule else self.reason
