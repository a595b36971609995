"""The game's languages: English as written in the code, others from gettext catalogues (game.i18n.gettext_domains)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Sequence

from game.i18n.gettext_domains import N_, Domain, Lazy, message_of, name, translate, use_language

# The game's own messages (everything outside the ruleset folders, which each have their own domain).
GAME = Domain("game", Path(__file__).resolve().parent / "locale")
_, ngettext, L_, Ln_ = GAME.gettext, GAME.ngettext, GAME.lazy, GAME.lazy_plural
__all__ = ["N_", "Lazy", "translate", "_", "ngettext", "L_", "Ln_", "GAME", "name", "named", "message_of", "listing"]
# TRANSLATORS: what separates the items of a list ("Brakka, Vess, Tamsin").
LIST_SEPARATOR = N_(", ")


def listing(items: Sequence[str]) -> Lazy:
    """Items (names, lazy lines) joined by commas, each drawn in the chosen language, and the commas too."""
    template = "{separator}".join(f"{{item{index}}}" for index in range(len(items)))
    return GAME.lazy(template, separator=LIST_SEPARATOR, **{f"item{index}": item for index, item in enumerate(items)})


def named(creature: str) -> Lazy:
    """A creature's name as a line or a message value: English as a ``str``, drawn in the chosen language with the
    number a skirmish gives its kind kept ("Goblin 2" reads 地精 2; gettext_domains.name looks in every domain)."""
    return GAME.lazy("{creature}", creature=creature)


LANGUAGES = {"en": "English", "zh": "简体中文"}

HERE = Path(__file__).resolve().parent
# The shipped subset of Droid Sans Fallback (tools/make_font.py builds it from the catalogues' characters).
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
_language = "en"   # the language chosen in the settings (a domain without its catalogue still speaks English)


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
    """Switch the language the screens speak: "" when done, else one line saying why (English stays on, or the
    domain whose catalogue is missing or broken stays in English, naming its file)."""
    global _language
    use_language("en")
    _language = "en"
    if code not in LANGUAGES:
        return f"unknown language {code!r} (choose from {', '.join(LANGUAGES)}): the game stays in English"
    if code == "en":
        return ""
    if not cjk_font_paths():
        return f"no font that can draw {LANGUAGES[code]} was found (the game's own is missing): the game stays in English"
    _language = code
    problems = use_language(code)
    return problems[0] if problems else ""


def current_language() -> str:
    return _language
