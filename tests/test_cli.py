"""The command line: --help documents everything; a broken map, tileset or sprite is one line, no traceback."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=cwd, env=ENV, timeout=120)


def test_help_documents_every_option_and_subcommand():
    out = run("--help").stdout
    for word in ("play", "query", "--map", "--seed", "--window", "--max-frames", "--screenshot"):
        assert word in out
    assert "SCENARIO.json" in run("query", "--help").stdout


def copy_map(tmp_path: Path) -> Path:
    """A copy of the default map with its tileset and sprites, to break one piece at a time."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    return tmp_path / "maps" / "default.tmx"


def one_error_line(proc, *needles):
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:")
    for needle in needles:
        assert needle in lines[0]


def test_missing_map_exits_with_one_line_naming_it(tmp_path):
    one_error_line(run("--map", str(tmp_path / "lost.tmx")), "lost.tmx", "no such map file")


def test_missing_tileset_image_exits_with_one_line(tmp_path):
    map_path = copy_map(tmp_path)
    (tmp_path / "assets" / "tiles" / "dungeon.png").unlink()
    one_error_line(run("--map", str(map_path), "--max-frames", "2"), "dungeon.png")


def test_unreadable_tileset_image_exits_with_one_line(tmp_path):
    map_path = copy_map(tmp_path)
    (tmp_path / "assets" / "tiles" / "dungeon.png").write_bytes(b"not a png")
    one_error_line(run("--map", str(map_path), "--max-frames", "2"), "default.tmx")


def test_corrupt_map_exits_with_one_line(tmp_path):
    map_path = copy_map(tmp_path)
    map_path.write_text("<map orientation='orthogonal' width='3'")
    one_error_line(run("--map", str(map_path)), "default.tmx")


@pytest.mark.parametrize("damage", ["missing", "corrupt"])
def test_broken_unit_sprite_exits_with_one_line(tmp_path, damage, monkeypatch):
    from game.app import StartupError
    from game.ui import battle

    art = tmp_path / "units"
    shutil.copytree(ROOT / "assets" / "units", art)
    if damage == "missing":
        (art / "fighter.png").unlink()
    else:
        (art / "fighter.png").write_bytes(b"garbage")
    monkeypatch.setattr(battle, "UNIT_ART", art)
    from game.app import run_game

    with pytest.raises(StartupError) as err:
        run_game(ROOT / "maps" / "default.tmx", 1, (1280, 720), max_frames=1)
    assert "fighter.png" in str(err.value) and "\n" not in str(err.value)


def test_bad_window_size_is_a_usage_error():
    proc = run("--window", "tiny")
    assert proc.returncode == 2 and "WIDTHxHEIGHT" in proc.stderr
