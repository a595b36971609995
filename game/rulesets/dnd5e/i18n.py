"""This ruleset's messages: its own gettext domain, catalogues in its locale folder (game/i18n/gettext_domains.py)."""

import re
from collections.abc import Sequence
from pathlib import Path

from game.i18n.gettext_domains import N_, Domain

I18N = Domain("dnd5e", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = I18N.gettext, I18N.ngettext, I18N.lazy, I18N.lazy_plural
__all__ = ["I18N", "N_", "_", "ngettext", "L_", "Ln_", "listing", "named", "sentences"]

# "Goblin 2": the second goblin of a skirmish (game.match.place_roster numbers a kind that appears twice).
_NUMBERED = re.compile(r"(.+) ([0-9]+)")


def named(name: str) -> str:
    """A creature's name for a message: its kind's name from the content, translated where it is drawn, with
    its number kept ("Goblin 2" reads 地精 2)."""
    numbered = _NUMBERED.fullmatch(name)
    # TRANSLATORS: a creature's kind and its number in the skirmish ("Goblin 2").
    return L_("{creature} {number}", creature=numbered[1], number=int(numbered[2])) if numbered else name


def listing(items: Sequence[str]) -> str:
    """Names or words as one list ("Goblin, Goblin 2"), each translated where it is drawn."""
    if not items:
        return ""
    line = items[-1]
    for item in reversed(items[:-1]):
        # TRANSLATORS: a list of names or words, one item then the rest.
        line = L_("{first}, {rest}", first=item, rest=line)
    return line


def sentences(lines: Sequence[str]) -> str:
    """Sentences one after another, as one message (Chinese sets no space after its full stop)."""
    if not lines:
        return ""
    line = lines[-1]
    for first in reversed(lines[:-1]):
        # TRANSLATORS: one sentence then the next (Chinese sets no space after its full stop).
        line = L_("{sentence} {more}", sentence=first, more=line)
    return line
