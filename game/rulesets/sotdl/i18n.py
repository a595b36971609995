"""This ruleset's messages: its own gettext domain, catalogues in its locale folder (game/i18n/gettext_domains.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n.gettext_domains import N_, Domain, Lazy

if TYPE_CHECKING:
    from game.ecs.world import Entity
    from game.state import GameState

I18N = Domain("sotdl", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = I18N.gettext, I18N.ngettext, I18N.lazy, I18N.lazy_plural
__all__ = ["I18N", "N_", "_", "ngettext", "L_", "Ln_", "named"]
NUMBERED = re.compile(r"^(.*\S) (\d+)$")      # "Orc 2": a content name numbered by the roster (game.match)


def named(state: GameState, entity: Entity) -> Lazy:
    """A creature's name as a message: its content name looked up in the catalogue, its number kept ("Orc 2")."""
    name = state.name(entity)
    found = NUMBERED.match(name)
    if found is None:
        return L_("{kind}", kind=name)
    return L_("{kind} {number}", kind=found.group(1), number=found.group(2))
