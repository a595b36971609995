"""This ruleset's messages: its own gettext domain, catalogues in its locale folder (game/i18n/gettext_domains.py)."""

from __future__ import annotations

from pathlib import Path

from game.i18n.gettext_domains import N_, Domain

I18N = Domain("sotdl", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = I18N.gettext, I18N.ngettext, I18N.lazy, I18N.lazy_plural
__all__ = ["I18N", "N_", "_", "ngettext", "L_", "Ln_"]
