"""The tree as it is shipped: no text file keeps the markers of an unfinished merge."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = ("*.md", "*.py", "*.toml", "*.tmx", "*.tsx", "*.po", "*.pot", "*.txt", "*.cfg", "Makefile", "run")
SKIPPED = {".venv", ".git", "node_modules", "__pycache__", "build", "dist"}
# A conflict leaves whole lines of seven <, = or > (with a branch name after < and >).
MARKER = re.compile(r"^(<{7} |={7}$|>{7} )", re.MULTILINE)


def shipped_text_files() -> list[Path]:
    found = {path for pattern in TEXT for path in ROOT.rglob(pattern)
             if path.is_file() and not SKIPPED.intersection(path.relative_to(ROOT).parts)}
    return sorted(found)


def test_no_file_keeps_merge_conflict_markers():
    files = shipped_text_files()
    assert any(path.name == "README.md" for path in files)
    marked = [str(path.relative_to(ROOT)) for path in files
              if MARKER.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert marked == []
