"""Extract every gettext domain's messages with Babel and check each language's catalogue against them.

    .venv/bin/python tools/i18n.py extract   # write each domain's .pot and merge it into its .po files
    .venv/bin/python tools/i18n.py check     # exit 1 naming each untranslated message or broken placeholder

Domains: ``game`` (everything outside ``game/rulesets``, catalogues in ``game/i18n/locale``, with the titles of the
shipped maps in ``maps/``) and one per ruleset folder (``game/rulesets/<folder>``, catalogues in its own ``locale``),
with the names, titles and descriptions of the folder's TOML content extracted beside its code (docs/i18n.md).
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n.gettext_domains import LOCALES  # noqa: E402

KEYWORDS = {**DEFAULT_KEYWORDS, "L_": None, "Ln_": (1, 2)}
# The TOML keys whose text a player reads (creature and power names, descriptions, roster titles).
CONTENT_KEYS = frozenset({"name", "title", "description", "summary", "label", "text", "effect", "flavor"})
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^}]*)?\}")
PROJECT = "Grid Skirmish"
COPYRIGHT = "the Grid Skirmish authors"


@dataclass(frozen=True)
class DomainSource:
    name: str
    sources: Path
    locale_dir: Path
    skip: tuple[str, ...] = ()
    maps: Path | None = None      # a folder of shipped Tiled maps whose titles are this domain's messages

    @property
    def template(self) -> Path:
        return self.locale_dir / f"{self.name}.pot"

    def catalogue(self, code: str) -> Path:
        return self.locale_dir / LOCALES[code] / "LC_MESSAGES" / f"{self.name}.po"


def domains() -> list[DomainSource]:
    rulesets = sorted(p for p in (ROOT / "game" / "rulesets").iterdir() if (p / "__init__.py").is_file())
    return [DomainSource("game", ROOT / "game", ROOT / "game" / "i18n" / "locale", ("rulesets/*/**",),
                         ROOT / "maps"),
            *(DomainSource(p.name, p, p / "locale") for p in rulesets)]


def extract_toml(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for content files: every string under a player-facing key, at any depth."""
    try:
        data = tomllib.loads(fileobj.read().decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return

    def walk(node: Any, key: str) -> Iterator[str]:
        if isinstance(node, dict):
            for name, value in node.items():
                yield from walk(value, name)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item, key)
        elif isinstance(node, str) and key in CONTENT_KEYS and node.strip():
            yield node
    for message in walk(data, ""):
        yield 0, "_", message, []


def extract_tmx(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for Tiled maps: the map's ``title`` property, which the start menu and the saves show."""
    try:
        root = ElementTree.parse(fileobj).getroot()
    except ElementTree.ParseError:
        return
    for prop in root.findall("./properties/property"):
        if prop.get("name") == "title":
            title = (prop.get("value") if prop.get("value") is not None else prop.text) or ""
            if title.strip():
                yield 0, "_", title.strip(), ["TRANSLATORS: the title of a shipped map"]


def extract(domain: DomainSource) -> Catalog:
    """The domain's messages, freshly extracted from its code and content (no file written)."""
    method_map = [*((pattern, "ignore") for pattern in domain.skip), ("**/locale/**", "ignore"),
                  ("**.py", "python"), ("**.toml", "tools.i18n:extract_toml")]
    template = Catalog(project=PROJECT, domain=domain.name, fuzzy=False, copyright_holder=COPYRIGHT, version="")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(domain.sources), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        location = (str(Path(domain.sources.relative_to(ROOT), filename)), lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    if domain.maps is not None:
        for filename, lineno, message, comments, context in extract_from_dir(
                str(domain.maps), [("*.tmx", "tools.i18n:extract_tmx")], keywords=KEYWORDS,
                comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            location = (str(Path(domain.maps.relative_to(ROOT), filename)), lineno)
            template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def write_catalogues(domain: DomainSource) -> None:
    template = extract(domain)
    if domain.template.exists():   # the same messages keep the same file (no date-only changes)
        with domain.template.open("rb") as handle:
            old = read_po(handle)
        if [(m.id, m.context) for m in old] == [(m.id, m.context) for m in template]:
            template.creation_date = old.creation_date
    domain.template.parent.mkdir(parents=True, exist_ok=True)
    with domain.template.open("wb") as handle:
        write_po(handle, template, omit_header=False, sort_by_file=True, width=120)
    for code, locale in LOCALES.items():
        path = domain.catalogue(code)
        if path.exists():
            with path.open("rb") as handle:
                catalogue = read_po(handle, locale=locale)
            catalogue.update(template, update_header_comment=False)
        else:
            catalogue = Catalog(locale=locale, project=PROJECT, domain=domain.name, fuzzy=False,
                                copyright_holder=COPYRIGHT, version="", language_team="")
            catalogue.update(template)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalogue, sort_by_file=True, width=120, ignore_obsolete=True)


def problems(domain: DomainSource, code: str) -> list[str]:
    """Each message of the domain's code with no translation in ``code``, and each translation whose
    placeholders differ from its message's."""
    path = domain.catalogue(code)
    template = extract(domain)
    if not len(template):
        return []
    if not path.exists():
        return [f"{path}: missing ({len(template)} messages to translate)"]
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=LOCALES[code])
    found = []
    for message in template:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        entry = catalogue.get(key, context=message.context)
        shown = key.replace("\n", "\\n")
        strings = [s for s in ([entry.string] if isinstance(entry.string, str) else list(entry.string))] if entry else []
        if entry is None or entry.fuzzy or not all(strings):
            found.append(f"{path}: no translation for {shown!r}")
            continue
        wanted = set(PLACEHOLDER.findall(key if isinstance(message.id, str) else " ".join(message.id)))
        for string in strings:
            if set(PLACEHOLDER.findall(string)) != wanted:
                found.append(f"{path}: {shown!r} is translated with the placeholders "
                             f"{sorted(PLACEHOLDER.findall(string))}, not {sorted(wanted)}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("extract", "check"))
    parser.add_argument("--domain", action="append", help="only these domains (default: all)")
    args = parser.parse_args(argv)
    chosen = [d for d in domains() if not args.domain or d.name in args.domain]
    if args.action == "extract":
        for domain in chosen:
            write_catalogues(domain)
            print(f"{domain.name}: {len(extract(domain))} messages -> {domain.template.relative_to(ROOT)}")
        return 0
    found = [line for domain in chosen for code in LOCALES for line in problems(domain, code)]
    for line in found:
        print(line)
    print(f"{len(found)} problems in {len(chosen)} domains" if found else f"all {len(chosen)} domains translated")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
