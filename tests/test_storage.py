"""The player's folders per platform, and writes that never leave a torn file behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.storage import atomic_write_text, user_config_dir, user_data_dir

HOME = Path("/home/ann")


@pytest.mark.parametrize(("platform", "env", "expected"), [
    ("linux", {}, "/home/ann/.local/share/grid-skirmish"),
    ("linux", {"XDG_DATA_HOME": "/data"}, "/data/grid-skirmish"),
    ("linux", {"XDG_DATA_HOME": "relative"}, "/home/ann/.local/share/grid-skirmish"),
    ("win32", {"APPDATA": "C:/Users/ann/AppData/Roaming"}, "C:/Users/ann/AppData/Roaming/grid-skirmish"),
    ("darwin", {}, "/home/ann/Library/Application Support/grid-skirmish"),
])
def test_data_folder_follows_the_platform_convention(platform: str, env: dict[str, str], expected: str) -> None:
    assert user_data_dir(platform, env, HOME) == Path(expected)


@pytest.mark.parametrize(("platform", "env", "expected"), [
    ("linux", {}, "/home/ann/.config/grid-skirmish"),
    ("linux", {"XDG_CONFIG_HOME": "/cfg"}, "/cfg/grid-skirmish"),
    ("win32", {"APPDATA": "C:/Roaming"}, "C:/Roaming/grid-skirmish"),
])
def test_settings_folder_follows_the_platform_convention(platform: str, env: dict[str, str], expected: str) -> None:
    assert user_config_dir(platform, env, HOME) == Path(expected)


def test_atomic_write_creates_the_folder_and_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    atomic_write_text(target, "first")
    atomic_write_text(target, "second")
    assert target.read_text(encoding="utf-8") == "second"
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "save.json"
    atomic_write_text(target, "good")

    def disk_full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]
