"""Words a Chinese screen keeps in Latin letters on purpose, and the check that finds any other English left."""

from __future__ import annotations

import re

# Defense and hit point abbreviations, difficulty classes, spell components (V, S, M), the ruleset name 5e-house,
# key names, the name of a language in itself, the map editor, file formats and extensions.
KEPT_TERMS = frozenset({
    "AC", "HP", "DC", "VS", "VSM", "VM", "SM", "house", "Esc", "Tab", "Enter", "Space", "Ctrl", "Shift", "English",
    "Tiled", "UTF", "JSON", "XML", "tmx", "png", "toml", "json",
})
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# A path or a file name is shown as the system writes it, never translated ("autosave-000063.json").
_PATH = re.compile(r"\S*[/\\]\S*|[\w.-]+\.(?:json|tmx|tsx|png|toml|txt|bad)\b")


def english_left(shown: str) -> list[str]:
    """The English words a translated line still shows: beyond the kept terms, single letters, paths and file
    names."""
    return [word for word in _LATIN_WORD.findall(_PATH.sub("", shown)) if word not in KEPT_TERMS]
