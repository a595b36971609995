"""This ruleset's messages: its own gettext domain, catalogues in its locale folder (game/i18n/gettext_domains.py)."""

from pathlib import Path
from typing import Any

from game.i18n.gettext_domains import N_, Domain, Lazy

__all__ = ["I18N", "N_", "_", "ngettext", "L_", "Ln_", "capitalized", "content"]

I18N = Domain("dnd4e", Path(__file__).resolve().parent / "locale")
_, ngettext = I18N.gettext, I18N.ngettext


def L_(template: str, /, **params: Any) -> str:
    """A Lazy line of this domain: English as a ``str``, translated where it is drawn."""
    return I18N.lazy(template, **params)


def Ln_(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """A Lazy line with plural forms; ``{n}`` is the count."""
    return I18N.lazy_plural(singular, plural, count, **params)

def content(text: str) -> str:
    """A word or name marked elsewhere (``N_``, the content files) as a line translated when drawn."""
    if isinstance(text, Lazy) or not text or "{" in text:
        return text
    return I18N.lazy(text)


class _Capitalized(Lazy):
    """A line that begins a sentence: capitalised in English, as it is in the chosen language."""

    def __new__(cls, line: str) -> "_Capitalized":
        made = str.__new__(cls, line[:1].upper() + line[1:])
        made.domain, made.template, made.plural, made.number, made.params = I18N, "{line}", None, None, {"line": line}
        return made


def capitalized(line: str) -> str:
    """The line with a capital first letter in English ("You: dazed"), the same line translated."""
    return _Capitalized(line)


# Words the rules place inside messages as values ("{actor} is {condition}"), looked up when the line is drawn:
# marked here so that the catalogue has them (4e-combat.md §0 glossary).
TERMS = (
    # conditions (4e §9) and states
    N_("blinded"), N_("dazed"), N_("deafened"), N_("dominated"), N_("dying"), N_("grabbed"), N_("helpless"),
    N_("immobilized"), N_("insubstantial"), N_("invisible"), N_("marked"), N_("petrified"), N_("prone"),
    N_("restrained"), N_("running"), N_("slowed"), N_("squeezing"), N_("stunned"), N_("surprised"),
    N_("unconscious"), N_("weakened"), N_("ongoing"), N_("regeneration"),
    # damage types
    N_("acid"), N_("cold"), N_("fire"), N_("force"), N_("lightning"), N_("necrotic"), N_("poison"), N_("psychic"),
    N_("radiant"), N_("thunder"),
    # moves, forced movement, actions, power kinds and usages
    N_("walk"), N_("run"), N_("shift"), N_("crawl"), N_("squeeze"), N_("push"), N_("pull"), N_("slide"),
    N_("standard"), N_("move"), N_("minor"), N_("free"), N_("interrupt"), N_("reaction"), N_("encounter"),
    N_("daily"), N_("melee"), N_("ranged"), N_("close"), N_("area"), N_("personal"), N_("reach"), N_("range"),
    N_("blast"), N_("burst"), N_("wall"), N_("potion"), N_("double move"), N_("failure"), N_("no change"), N_("surge"),
    N_("charge"), N_("bull rush"), N_("grab"), N_("move grabbed"), N_("end grab"), N_("aid another"), N_("dragged"),
    N_("swap"), N_("delay"), N_("ready"), N_("action point"), N_("sustain"), N_("second wind"), N_("total defense"),
    N_("escape"), N_("athletics"), N_("acrobatics"), N_("defense bonus"), N_("attack bonus"), N_("temp hp"),
    N_("aided attack"), N_("aided defense"), N_("fortitude"), N_("reflex"), N_("will"),
    # sizes (the roster editor's lines)
    N_("tiny"), N_("small"), N_("medium"), N_("large"), N_("huge"), N_("gargantuan"),
    # creature roles (the unit card)
    N_("artillery"), N_("brute"), N_("controller"), N_("defender"), N_("leader"), N_("lurker"), N_("minion"),
    N_("skirmisher"), N_("soldier"), N_("striker"),
)
