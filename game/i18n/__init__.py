"""The game's languages: English as written in the code, Simplified Chinese from a catalog keyed by the English."""

from __future__ import annotations

import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from game.i18n.gettext_domains import N_, Domain, Lazy, message_of, name, translate, use_language

# The game's own messages (everything outside the ruleset folders, which each have their own domain).
GAME = Domain("game", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = GAME.gettext, GAME.ngettext, GAME.lazy, GAME.lazy_plural
__all__ = ["N_", "Lazy", "translate", "_", "ngettext", "L_", "Ln_", "GAME", "name", "message_of", "listing"]
# TRANSLATORS: what separates the items of a list ("Brakka, Vess, Tamsin").
LIST_SEPARATOR = N_(", ")


def listing(items: Sequence[str]) -> Lazy:
    """Items (names, lazy lines) joined by commas, each drawn in the chosen language, and the commas too."""
    template = "{separator}".join(f"{{item{index}}}" for index in range(len(items)))
    return GAME.lazy(template, separator=LIST_SEPARATOR, **{f"item{index}": item for index, item in enumerate(items)})

LANGUAGES = {"en": "English", "zh": "简体中文"}

HERE = Path(__file__).resolve().parent
# The shipped subset of Droid Sans Fallback (tools/make_font.py builds it from the catalogs' characters).
SHIPPED_CJK_FONT = HERE.parent.parent / "assets" / "fonts" / "DroidSansFallback-subset.ttf"
# Full CJK fonts a machine may have, for characters outside the shipped subset (a map maker's own titles).
SYSTEM_CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/google-droid/DroidSansFallbackFull.ttf",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/simhei.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/STHeiti Light.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
)
# Placeholders named n, n1, n2... stand for a signed whole number; {rest} for the most words, any other
# name for the fewest.
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_NUMBER_NAME = re.compile(r"n[0-9]*")
_LATIN = re.compile(r"[A-Za-z]")
# Text whose round brackets pair up, nested up to twice: what a word placeholder may hold.
_BALANCED = r"(?:[^()]|\((?:[^()]|\([^()]*\))*\))"
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Where a line no template covers is cut into sentences, each translated on its own.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9+-])|(?<=\))\s+(?=[A-Z][a-z])")
# A path or a file name is shown as the system writes it, never translated ("autosave-000063.json").
_PATH = re.compile(r"\S*[/\\]\S*|[\w.-]+\.(?:json|tmx|tsx|png|toml|txt|bad)\b")
# Chinese punctuation is full width: no space before it, and none after a full stop.
_TIGHT_PUNCTUATION = "（），。：；！？、"
_SENTENCE_STOPS = "。！？"


class CatalogError(ValueError):
    """A catalog file that cannot be read; the message is one line naming the file."""


@dataclass(frozen=True)
class Template:
    english: str
    pattern: re.Pattern[str]
    names: tuple[str, ...]
    translation: str


@dataclass(frozen=True)
class Catalog:
    """``strings``: whole lines; ``templates``: lines with placeholders, most literal text first; ``words``:
    names and terms, used whole and also inside lines that no string or template covers; ``latin``: words
    the translation keeps in Latin letters on purpose (AC, HP, key names)."""
    strings: dict[str, str]
    templates: tuple[Template, ...]
    words: dict[str, str]
    words_pattern: re.Pattern[str] | None
    latin: frozenset[str]

    def leftovers(self, translated: str) -> list[str]:
        """The English words a translation still holds (beyond ``latin`` and single letters)."""
        return [w for w in _LATIN_WORD.findall(translated) if w not in self.latin]


def placeholders(template: str) -> list[str]:
    return _PLACEHOLDER.findall(template)


def compile_template(english: str, translation: str) -> Template:
    """A template as an anchored pattern: literal text exact, ``{n}`` a number, ``{rest}`` as many words as
    can be (a list read from its end), other placeholders as few words as can be (possibly none: "{a} walks
    {n} squares{how}." covers the line with and without its note). Words never split a bracket: "-4 (target's
    defenses +4 (Shield))" is one modifier."""
    names = placeholders(english)
    if len(set(names)) != len(names):
        raise CatalogError(f"template {english!r} repeats a placeholder")
    if sorted(names) != sorted(placeholders(translation)):
        raise CatalogError(f"template {english!r}: the translation must use the placeholders {{{'}, {'.join(names)}}}")
    parts = _PLACEHOLDER.split(english)
    regex = ""
    for index, part in enumerate(parts):
        if index % 2 == 0:
            regex += re.escape(part)
        else:
            if _NUMBER_NAME.fullmatch(part):
                regex += f"(?P<{part}>[+-]?[0-9]+)"
            else:
                regex += f"(?P<{part}>{_BALANCED}*)" if part == "rest" else f"(?P<{part}>{_BALANCED}*?)"
    return Template(english, re.compile(regex + r"\Z", re.DOTALL), tuple(names), translation)


def _literal_length(template: str) -> int:
    return len(_PLACEHOLDER.sub("", template))


def load_catalog(path: Path) -> Catalog:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise CatalogError(f"{path}: cannot read the catalog: {err}") from None
    tables = {}
    for table in ("strings", "templates", "words"):
        entries = data.get(table, {})
        if not isinstance(entries, dict) or not all(isinstance(v, str) for v in entries.values()):
            raise CatalogError(f"{path}: [{table}] must map English text to translated text")
        tables[table] = entries
    try:
        templates = tuple(compile_template(english, chinese) for english, chinese in
                          sorted(tables["templates"].items(), key=lambda item: (-_literal_length(item[0]), item[0])))
    except CatalogError as err:
        raise CatalogError(f"{path}: {err}") from None
    latin = data.get("latin", [])
    if not isinstance(latin, list) or not all(isinstance(w, str) for w in latin):
        raise CatalogError(f"{path}: latin must be a list of words kept in Latin letters")
    words = tables["words"]
    # Longest first, whole words only: "healing surge" before "healing", never inside "kobolds".
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    pattern = re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?![A-Za-z])") if words else None
    return Catalog(tables["strings"], templates, words, pattern, frozenset(latin))


class Translator:
    """Translates English lines through a catalog; every answer is kept, so a line is worked out once."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.known: dict[str, str] = {}

    def __call__(self, english: str) -> str:
        found = self.known.get(english)
        if found is None:
            found = self.known[english] = self._translate(english)
        return found

    def _translate(self, english: str) -> str:
        catalog = self.catalog
        exact = catalog.strings.get(english) or catalog.words.get(english)
        if exact is not None:
            return exact
        if not _LATIN.search(english) or _PATH.fullmatch(english):
            return english
        stripped = english.strip()
        if stripped != english:   # keep the spaces around a fragment (not before Chinese punctuation)
            start = english.index(stripped)
            words = self(stripped)
            before = "" if words[:1] in _TIGHT_PUNCTUATION else english[:start]
            return before + words + english[start + len(stripped):]
        # Every template that fits is tried (a lazy split can guess wrong where words meet); the first
        # translation with no English left wins, else the one with the least.
        best: str | None = None
        best_left = 0
        for template in catalog.templates:
            match = template.pattern.match(english)
            if match is None:
                continue
            words = template.translation.format(**{name: self(match.group(name)) for name in template.names})
            left = len(catalog.leftovers(words))
            if left == 0:
                return words
            if best is None or left < best_left:
                best, best_left = words, left
        for attempt in self._variants(english):
            left = len(catalog.leftovers(attempt))
            if best is None or left < best_left:
                best, best_left = attempt, left
            if left == 0:
                break
        return best if best is not None else english

    def _variants(self, english: str) -> Iterator[str]:
        """Other ways to read a line no template fits whole: sentence by sentence, without its closing full
        stop, with a lower-case first letter, and at last its names and terms swapped in place."""
        sentences = _SENTENCE_END.split(english)
        if len(sentences) > 1:
            yield "".join(_spaced(self(sentence)) for sentence in sentences).rstrip()
        if english.endswith(".") and not english.endswith(".."):
            inner = self(english[:-1])
            if inner != english[:-1]:
                yield inner + ("" if inner[-1:] in _SENTENCE_STOPS else "。")
        if english[0].isupper() and english[1:2].islower():
            lowered = english[0].lower() + english[1:]
            yield self(lowered)
        pattern = self.catalog.words_pattern
        if pattern is not None:   # paths and file names inside the line stay as they are
            pieces = _PATH.split(english)
            paths = _PATH.findall(english)
            swapped = [pattern.sub(lambda m: self.catalog.words[m.group(0)], piece) for piece in pieces]
            yield "".join(piece + (paths[i] if i < len(paths) else "") for i, piece in enumerate(swapped))


def _spaced(sentence: str) -> str:
    """A sentence ready to be followed by the next: Chinese needs no space after its full stop."""
    return sentence if sentence[-1:] in _SENTENCE_STOPS else sentence + " "


_catalogs: dict[str, Catalog] = {}
_translator: Translator | None = None
_language = "en"


def catalog_path(code: str) -> Path:
    return HERE / f"{code}.toml"


def catalog(code: str) -> Catalog:
    if code not in _catalogs:
        _catalogs[code] = load_catalog(catalog_path(code))
    return _catalogs[code]


def cjk_font_paths() -> list[Path]:
    """The fonts that can draw Chinese, best first: the shipped subset, then any full one the machine has."""
    found = [p for p in [SHIPPED_CJK_FONT, *map(Path, SYSTEM_CJK_FONTS), *_user_fonts()] if _is_font(p)]
    return list(dict.fromkeys(found))


def _user_fonts() -> list[Path]:
    """CJK fonts in the user's own font folders (only names that say Chinese or CJK)."""
    folders = [Path.home() / ".fonts", Path.home() / ".local" / "share" / "fonts"]
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        folders.append(Path(os.environ["LOCALAPPDATA"]) / "Microsoft" / "Windows" / "Fonts")
    names = re.compile(r"(cjk|wqy|droidsansfallback|yahei|simhei|pingfang|sc|zh)", re.IGNORECASE)
    found: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            found += sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".ttf", ".ttc", ".otf")
                            and names.search(p.stem))
    return found


def _is_font(path: Path) -> bool:
    """A readable TrueType/OpenType file or collection (checked by its first four bytes)."""
    try:
        with path.open("rb") as handle:
            return handle.read(4) in (b"\x00\x01\x00\x00", b"OTTO", b"ttcf", b"true")
    except OSError:
        return False


def set_language(code: str) -> str:
    """Switch the language the screens speak: "" when done, else a one-line reason and English stays on."""
    global _translator, _language
    use_language("en")
    if code not in LANGUAGES:
        _translator, _language = None, "en"
        return f"unknown language {code!r} (choose from {', '.join(LANGUAGES)}): the game stays in English"
    if code == "en":
        _translator, _language = None, "en"
        return ""
    if not cjk_font_paths():
        _translator, _language = None, "en"
        return f"no font that can draw {LANGUAGES[code]} was found (the game's own is missing): the game stays in English"
    try:
        _translator = Translator(catalog(code))
    except CatalogError as err:
        _translator, _language = None, "en"
        return f"{err}: the game stays in English"
    _language = code
    problems = use_language(code)
    return problems[0] if problems else ""


def current_language() -> str:
    return _language


def tr(english: str) -> str:
    """The words in the current language (unchanged in English)."""
    english = translate(english)
    return english if _translator is None else _translator(english)
