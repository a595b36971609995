"""Why the computer picked a plan, as a message and its values: cheap to make for every plan it weighs, made a
translatable line (game/i18n) only for the plan it takes."""

from __future__ import annotations

from typing import Any

from game.i18n import named
from game.rulesets.dnd4e.i18n import L_


class Said:
    """A plan's reason: ``template`` marked with ``N_`` where it is written, ``values`` its named placeholders
    (another :class:`Said` inside is made a line too; ``creature`` values are creature names)."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: Any) -> None:
        self.template = template
        self.values = values

    def line(self) -> str:
        return L_(self.template, **{key: value.line() if isinstance(value, Said) else
                                    named(value) if key in ("target", "ally", "foe") else value
                                    for key, value in self.values.items()})

    def __str__(self) -> str:
        return str(self.line())
