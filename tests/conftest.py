"""Every test runs with its own empty data and settings folders, so no test reads or writes the player's files."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that switches the language (a settings screen, a Chinese flow) never leaves it on for the next."""
    from game.i18n import set_language
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def computer_answers_on_its_beat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests step the loop's clock faster than real time: a frame whose computer beat is over waits for the
    decision from the helper process, so a test sees the computer play on the same frames whatever the machine."""
    from game.ui import thinking
    monkeypatch.setattr(thinking, "PATIENCE_S", 60.0)
