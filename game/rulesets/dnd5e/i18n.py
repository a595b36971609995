"""This ruleset's messages: its own gettext domain, catalogues in its locale folder (game/i18n/gettext_domains.py)."""

from collections.abc import Sequence
from pathlib import Path

from game.i18n.gettext_domains import N_, Domain

I18N = Domain("dnd5e", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = I18N.gettext, I18N.ngettext, I18N.lazy, I18N.lazy_plural
__all__ = ["I18N", "N_", "_", "ngettext", "L_", "Ln_", "sentences"]


def sentences(lines: Sequence[str]) -> str:
    """Sentences one after another, as one message (Chinese sets no space after its full stop)."""
    if not lines:
        return ""
    line = lines[-1]
    for first in reversed(lines[:-1]):
        # TRANSLATORS: one sentence then the next (Chinese sets no space after its full stop).
        line = L_("{sentence} {more}", sentence=first, more=line)
    return line
