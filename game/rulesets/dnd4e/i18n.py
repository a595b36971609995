"""This ruleset's messages: its own gettext domain, catalogues in its locale folder (game/i18n/gettext_domains.py)."""

import re
from pathlib import Path

from game.i18n.gettext_domains import N_, Domain

I18N = Domain("dnd4e", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = I18N.gettext, I18N.ngettext, I18N.lazy, I18N.lazy_plural
__all__ = ["I18N", "N_", "_", "ngettext", "L_", "Ln_", "named", "shown"]

# "Goblin 2": a kind from the content files numbered among its kind (game.match.place_roster).
_NUMBERED = re.compile(r"(?P<kind>.*\S) (?P<number>[0-9]+)")


def named(name: str) -> str:
    """A creature's name as a message value: the content name is translated, a number after it stays."""
    numbered = _NUMBERED.fullmatch(name)
    if numbered is None:
        return name
    return L_("{kind} {number}", kind=numbered["kind"], number=int(numbered["number"]))


def shown(value: str) -> str:
    """A value placed in a screen's message now: a Lazy line or a content name, in the chosen language."""
    translated: str = I18N.translate_value(value)
    return translated
