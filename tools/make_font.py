"""Build assets/fonts/DroidSansFallback-subset.ttf: Droid Sans Fallback cut to the characters the catalogues use.

    .venv/bin/python tools/make_font.py [--source PATH]

Needs fontTools (requirements-bench.txt), only to rebuild the font; the game itself reads the result with
pygame. Run it after adding translations (every domain's .po files, as tools/i18n.py finds them), then commit the
font and its character list.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from babel.messages.pofile import PoFileError, read_po  # noqa: E402

from game.i18n import LANGUAGES, SHIPPED_CJK_FONT  # noqa: E402
from game.i18n.gettext_domains import LOCALES  # noqa: E402
from game.ui.widgets import CJK_CHARACTERS  # noqa: E402
from tools.i18n import domains  # noqa: E402

DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
# Chinese punctuation the screens may use beyond what a catalogue holds today.
EXTRA = "，。：；！？、（）《》「」『』％＋－～"


class CatalogueError(ValueError):
    """A .po file that cannot be read; the message is one line naming the file."""


def catalogue_paths() -> list[Path]:
    """Every language's catalogue of every domain that has one."""
    return [path for domain in domains() for code in LOCALES if (path := domain.catalogue(code)).is_file()]


def catalog_characters() -> str:
    """Every character the CJK face draws (widgets.CJK_CHARACTERS; the rest is pygame's Latin font) in the
    translations of every domain's catalogues, and the languages' own names."""
    found = set(EXTRA) | set("".join(LANGUAGES.values()))
    for path in catalogue_paths():
        try:
            with path.open("rb") as handle:
                catalogue = read_po(handle, abort_invalid=True)
        except (OSError, UnicodeError, PoFileError, ValueError) as err:
            raise CatalogueError(f"{path}: cannot read the catalogue: {err}") from None
        for message in catalogue:
            if message.id:
                found.update("".join([message.string] if isinstance(message.string, str) else message.string))
    cjk = re.compile(f"[{CJK_CHARACTERS}]")
    return "".join(sorted(c for c in found if cjk.match(c)))


def build(source: Path, target: Path) -> str:
    """Write the subset and, beside it, the characters it draws (the game's list of what the subset covers)."""
    font = TTFont(str(source), recalcTimestamp=False)   # the same catalogues give the same file
    cmap = font.getBestCmap()
    wanted = catalog_characters()
    drawn = "".join(c for c in wanted if ord(c) in cmap)
    options = subset.Options()
    options.name_IDs = ["*"]          # keep the copyright and licence names
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in drawn])
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(target))
    target.with_suffix(".chars.txt").write_text(drawn, encoding="utf-8")
    missing = "".join(c for c in wanted if ord(c) not in cmap)
    return missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the full Droid Sans Fallback font")
    args = parser.parse_args()
    if not args.source.is_file():
        print(f"make_font: {args.source} not found (give --source PATH to DroidSansFallbackFull.ttf)", file=sys.stderr)
        return 1
    try:
        missing = build(args.source, SHIPPED_CJK_FONT)
    except CatalogueError as err:
        print(f"make_font: {err}", file=sys.stderr)
        return 1
    size = SHIPPED_CJK_FONT.stat().st_size
    characters = len(SHIPPED_CJK_FONT.with_suffix(".chars.txt").read_text(encoding="utf-8"))
    print(f"wrote {SHIPPED_CJK_FONT.relative_to(ROOT)} ({size // 1024} KiB, {characters} characters)")
    if missing:
        print(f"make_font: the source font has no glyph for {missing!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
