"""Messages marked where they are written: one gettext domain per part of the game, read from its .po catalogue.

The core of the game is the domain ``game`` (``game/i18n/locale``); each ruleset folder is its own domain with its
own ``locale`` folder, so a ruleset carries its translations with it. A module marks its messages::

    from game.i18n.gettext_domains import Domain
    I18N = Domain("sotdl", Path(__file__).parent / "locale")
    _, ngettext, L_, Ln_ = I18N.gettext, I18N.ngettext, I18N.lazy, I18N.lazy_plural

- ``_("End turn")`` translates now, into the language chosen at this moment (screens built every frame);
- ``ngettext("{n} square", "{n} squares", n)`` picks the plural form of the language;
- ``L_("{attacker} hits {target}", attacker=..., target=...)`` is a :class:`Lazy`: a ``str`` that reads as the
  English line (rules, saves, events and tests see only English), carrying its template and values so that
  ``translate`` turns it into the chosen language when it is drawn. Rules code uses this, never ``_``;
- ``N_("Fighter")`` only marks a constant for extraction.

Placeholders are named (``{target}``), never positional. Values that are themselves messages (a creature's name
from the content files, another ``Lazy``) are translated too. ``tools/i18n.py`` extracts every domain with Babel
into its ``.pot`` template and checks each catalogue (docs/i18n.md).
"""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path
from typing import Any

# The language codes the settings store, and the catalogue (locale) folder each reads.
LOCALES = {"zh": "zh_CN"}
LANGUAGE_FALLBACK = "its messages stay in English"


class CatalogueError(ValueError):
    """A catalogue that cannot be read; the message is one line naming the file."""


def N_(message: str) -> str:
    """Marks a constant message for extraction; it is translated where it is shown."""
    return message


class Lazy(str):
    """An English line that remembers how it was made, so it can be drawn in another language later."""

    domain: Domain
    template: str
    plural: str | None
    number: int | None
    params: dict[str, Any]

    def __new__(cls, domain: Domain, template: str, plural: str | None, count: int | None,
                params: dict[str, Any]) -> Lazy:
        chosen = template if plural is None or count == 1 else plural
        line = super().__new__(cls, _format(chosen, params, template))
        line.domain, line.template, line.plural, line.number, line.params = domain, template, plural, count, params
        return line

    def translated(self) -> str:
        if self.plural is not None and self.number is not None:
            chosen = self.domain.ngettext(self.template, self.plural, self.number)
        else:
            chosen = self.domain.gettext(self.template)
        values = {name: self.domain.translate_value(value) for name, value in self.params.items()}
        return _format(chosen, values, str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled to and from the helper process (the computer's reasons, the bar's refusals): by its domain's
        # name, so it is still translated where it is drawn.
        return (_relazy, (self.domain.name, self.template, self.plural, self.number, self.params, str(self)))


def _relazy(domain: str, template: str, plural: str | None, count: int | None, params: dict[str, Any],
            english: str) -> str:
    """A pickled Lazy again, in its domain of this process; its English line where that domain is not loaded."""
    found = next((d for d in _domains if d.name == domain), None)
    return english if found is None else Lazy(found, template, plural, count, params)


def _format(template: str, values: dict[str, Any], fallback: str) -> str:
    """The template with its values; a translation that names a value it was not given shows the fallback."""
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return fallback


_language = "en"
_domains: list[Domain] = []


class Domain:
    """One gettext domain: its messages in the chosen language, English when it has no catalogue for it."""

    def __init__(self, name: str, locale_dir: Path) -> None:
        self.name = name
        self.locale_dir = locale_dir
        self._loaded: dict[str, gettext.NullTranslations] = {}
        self.errors: dict[str, str] = {}
        _domains.append(self)

    def unregister(self) -> None:
        """Stop speaking for this domain (a test's own domain, when the test ends)."""
        if self in _domains:
            _domains.remove(self)

    def catalogue_path(self, code: str) -> Path:
        return self.locale_dir / LOCALES.get(code, code) / "LC_MESSAGES" / f"{self.name}.po"

    def translations(self, code: str) -> gettext.NullTranslations:
        found = self._loaded.get(code)
        if found is None:
            try:
                found = read_catalogue(self.catalogue_path(code)) if code != "en" else gettext.NullTranslations()
            except CatalogueError as err:
                self.errors[code] = f"{err}: {LANGUAGE_FALLBACK}"
                print(self.errors[code], file=sys.stderr)
                found = gettext.NullTranslations()
            self._loaded[code] = found
        return found

    def gettext(self, message: str) -> str:
        return message if _language == "en" else self.translations(_language).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        if _language == "en":
            return singular if count == 1 else plural
        return self.translations(_language).ngettext(singular, plural, count)

    def lazy(self, template: str, /, **params: Any) -> Lazy:
        return Lazy(self, template, None, None, params)

    def lazy_plural(self, singular: str, plural: str, count: int, /, **params: Any) -> Lazy:
        return Lazy(self, singular, plural, count, {"n": count, **params})

    def translate_value(self, value: Any) -> Any:
        """A value placed in a message: messages and names from the content files in the chosen language."""
        if isinstance(value, Lazy):
            return value.translated()
        if isinstance(value, str):
            return self.gettext(value) if value else value
        return value


def read_catalogue(path: Path) -> gettext.GNUTranslations:
    """A .po file read with Babel and compiled in memory (no build output in the tree)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po
    try:
        with path.open("rb") as handle:
            catalogue = read_po(handle, abort_invalid=True)
        compiled = io.BytesIO()
        write_mo(compiled, catalogue)
        compiled.seek(0)
        return gettext.GNUTranslations(compiled)
    except FileNotFoundError:
        raise CatalogueError(f"{path}: the catalogue is missing") from None
    except (OSError, UnicodeError, PoFileError, ValueError, IndexError, KeyError) as err:
        first_line = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise CatalogueError(f"{path}: cannot read the catalogue: {first_line}") from None


def translate(line: str) -> str:
    """What a screen draws: a :class:`Lazy` line in the chosen language; any other text as it is."""
    return line.translated() if isinstance(line, Lazy) and _language != "en" else line


def use_language(code: str) -> list[str]:
    """Speak ``code`` from now on; one line for each domain whose catalogue is missing or broken (it stays in
    English)."""
    global _language
    _language = code
    if code == "en":
        return []
    problems = []
    for domain in _domains:
        domain.translations(code)
        if code in domain.errors:
            problems.append(domain.errors[code])
    return problems


def forget_catalogues() -> None:
    """Read every catalogue again when next used (after a catalogue file changed)."""
    for domain in _domains:
        domain._loaded.clear()
        domain.errors.clear()


def registered_domains() -> list[Domain]:
    return list(_domains)
