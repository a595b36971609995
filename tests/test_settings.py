"""Settings: stored as TOML between runs, a broken file set aside with a one-line message, and the settings
screen driven headless through the real loop (window, scale, animation speed, language, key bindings)."""

import os
from dataclasses import replace

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.i18n import current_language, set_language, translate
from game.input import intents
from game.settings import Settings, load_settings, parse_settings, save_settings, settings_path, SettingsError
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene
from game.ui.settings_screen import SettingsScene
from game.ui import widgets
from game.ui.widgets import UiFont

from test_game_loop import SteppedClock, click, press, run_frames

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
DEFAULT_MAP = os.path.join(os.path.dirname(__file__), "..", "maps", "default.tmx")


@pytest.fixture(autouse=True)
def shipped_keys_and_english():
    """Bindings and the language are process-wide: every test here leaves the shipped ones behind."""
    yield
    pygame.display.init()
    intents.bind({})
    set_language("en")
    pygame.quit()


def new_game(window=(1280, 720)):
    game = Game(None, None, window, loop=FixedStepLoop(SteppedClock()))
    run_frames(game, 1)
    return game


def focus_on(game, item):
    for _ in range(60):
        if game.scene.focus.item == item:
            return
        press(pygame.K_DOWN)
        run_frames(game, 1)
    raise AssertionError(f"{item} never took the focus")


def open_settings(game):
    focus_on(game, ("settings",))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert isinstance(game.scene, SettingsScene)
    return game.scene


def test_settings_written_are_read_back_the_same():
    settings = Settings(window=(1600, 900), fullscreen=True, ui_scale=150, animation_speed="fast", language="zh",
                        keys={"skip": "f4", "centre": "home"})
    save_settings(settings)
    assert settings_path().read_text().startswith("# Grid Skirmish settings")
    assert load_settings() == (settings, "")


def test_no_settings_file_means_the_defaults_and_no_message():
    assert load_settings() == (Settings(), "")


@pytest.mark.parametrize("text, reason", [
    ("window = [1280, 720\n", "not valid TOML: Unclosed array"),
    (b"\xff\xfe", "not UTF-8 text"),
    ('ui_scale = 130\n', "ui_scale must be one of 100, 125, 150, 175, got 130"),
    ('window = [320, 200]\n', "window must be from 640x480 to 7680x4320, got 320x200"),
    ('animation_speed = "ludicrous"\n', "animation_speed must be one of slow, normal, fast, off"),
    ('volume = 11\n', "unknown setting 'volume'"),
    ('[keys]\nskip = 3\n', 'keys must be a table of action = "key name"'),
])
def test_a_broken_settings_file_is_set_aside_as_bad_and_the_defaults_used(text, reason):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    settings, message = load_settings()
    assert settings == Settings()
    assert reason in message and "\n" not in message and message.endswith("the file is kept as settings.toml.bad.")
    assert not path.exists() and path.with_name("settings.toml.bad").read_bytes() == (
        text if isinstance(text, bytes) else text.encode())


def test_parse_keeps_defaults_for_missing_keys_and_refuses_wrong_types():
    assert parse_settings({"fullscreen": True}) == Settings(fullscreen=True)
    with pytest.raises(SettingsError, match="fullscreen must be true or false"):
        parse_settings({"fullscreen": "yes"})


def test_a_corrupt_settings_file_is_one_line_on_the_menu_and_the_game_starts_with_defaults():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe garbage \x00")
    game = new_game()
    assert isinstance(game.scene, MenuScene)
    assert game.scene.message.startswith("Settings file ignored") and "settings.toml.bad" in game.scene.message
    assert game.settings == Settings() and path.with_name("settings.toml.bad").exists()


def test_changed_settings_are_saved_and_a_new_game_starts_with_them():
    game = new_game()
    screen = open_settings(game)
    assert screen.focus.item == ("window",)
    press(pygame.K_RIGHT)                              # 1280x720 -> 1366x768
    focus_on(game, ("scale",))
    press(pygame.K_RIGHT)                              # 100% -> 125%
    focus_on(game, ("speed",))
    press(pygame.K_RIGHT)                              # normal -> fast
    focus_on(game, ("key", "centre"))
    press(pygame.K_RETURN)                             # rebind: waits for a key
    run_frames(game, 1)
    assert screen.capturing == "centre"
    press(pygame.K_F4)
    run_frames(game, 1)
    assert screen.capturing is None and screen.draft.keys == {"centre": "f4"}
    focus_on(game, ("save",))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    menu = game.scene
    assert isinstance(menu, MenuScene) and menu.message == ""
    assert game.window == (1366, 768) and game.fonts.scale_percent == 125 and menu.size == (1366, 768)
    assert intents.KEY_ACTIONS[pygame.K_F4] == "centre" and pygame.K_c not in intents.KEY_ACTIONS
    pygame.quit()

    intents.bind({})
    again = Game(None, None, None, loop=FixedStepLoop(SteppedClock()))   # no --window: the saved size
    assert again.settings == Settings(window=(1366, 768), ui_scale=125, animation_speed="fast", keys={"centre": "f4"})
    assert again.window == (1366, 768) and again.fonts.scale_percent == 125
    assert intents.KEY_ACTIONS[pygame.K_F4] == "centre"
    press(pygame.K_RETURN)
    run_frames(again, 1)
    assert isinstance(again.scene, BattleScene) and again.scene.animation_speed == "fast"


def test_the_command_line_window_wins_over_the_saved_one():
    save_settings(Settings(window=(1600, 900)))
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    assert game.window == (1280, 720)


def test_a_key_already_in_use_is_refused_with_a_message():
    game = new_game()
    screen = open_settings(game)
    focus_on(game, ("key", "skip"))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    press(pygame.K_a)                                  # a letter of the action bar
    run_frames(game, 1)
    assert screen.draft.keys == {} and screen.message == "A is taken (a power or action of the bar); pick another key."
    press(pygame.K_RETURN)
    run_frames(game, 1)
    press(pygame.K_c)                                  # centre's key
    run_frames(game, 1)
    assert screen.draft.keys == {} and "taken (Centre on the creature)" in screen.message
    press(pygame.K_RETURN)
    run_frames(game, 1)
    press(pygame.K_ESCAPE)                             # Esc while waiting keeps the old key
    run_frames(game, 1)
    assert screen.draft.keys == {} and isinstance(game.scene, SettingsScene)


def test_reset_keys_and_cancel_leave_the_saved_settings_alone():
    save_settings(Settings(keys={"skip": "f4"}))
    game = new_game()
    assert intents.KEY_ACTIONS[pygame.K_F4] == "skip"
    screen = open_settings(game)
    focus_on(game, ("reset_keys",))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert screen.draft.keys == {}
    press(pygame.K_ESCAPE)                             # leave without saving
    run_frames(game, 1)
    assert isinstance(game.scene, MenuScene) and load_settings()[0].keys == {"skip": "f4"}
    assert intents.KEY_ACTIONS[pygame.K_F4] == "skip"


def test_the_menus_keep_their_own_keys_whatever_the_battle_bindings():
    save_settings(Settings(keys={"end_turn": "f6", "cancel": "f7"}))
    game = new_game()
    assert pygame.K_RETURN not in intents.KEY_ACTIONS
    press(pygame.K_RETURN)                             # still plays from the menu
    run_frames(game, 1)
    assert isinstance(game.scene, BattleScene)


def test_language_chosen_in_the_settings_is_applied_at_once_and_kept(monkeypatch):
    game = new_game()
    screen = open_settings(game)
    focus_on(game, ("language",))
    rect = next(c.rect for c in screen.focus.controls if c.item == ("language",))
    click(rect.center)
    run_frames(game, 1)
    assert screen.draft.language == "zh"
    focus_on(game, ("save",))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert current_language() == "zh" and load_settings()[0].language == "zh"
    drawn: list[str] = []
    render = UiFont.render
    monkeypatch.setattr(UiFont, "render", lambda self, words, *a, **k: drawn.append(translate(words))
                        or render(self, words, *a, **k))
    widgets._RENDERED.clear()                          # every line drawn anew, not from the images kept
    try:
        run_frames(game, 1)                            # the menu at once, in Chinese
    finally:
        set_language("en")
    assert "开始" in drawn and "Play" not in drawn


def test_settings_opened_from_a_skirmish_go_back_to_it_and_keep_the_layout_until_it_ends():
    game = Game(None, 5, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    battle = game.scene
    assert isinstance(battle, BattleScene)
    press(pygame.K_F10)                                # the battle screen's settings key
    run_frames(game, 1)
    screen = game.scene
    assert isinstance(screen, SettingsScene)
    screen.draft = replace(screen.draft, ui_scale=150)
    screen.saved = screen.draft
    game._close_settings(screen)
    assert game.scene is battle and game.fonts.scale_percent == 100 and "after this skirmish" in battle.message
    game._menu()
    assert game.fonts.scale_percent == 150


def test_fullscreen_fills_the_screen_and_the_layout_follows_its_size_unless_a_window_is_given():
    save_settings(Settings(fullscreen=True))
    game = Game(None, None, None, loop=FixedStepLoop(SteppedClock()))
    assert pygame.display.is_fullscreen() and game.window == game.screen.get_size() == game.scene.size
    run_frames(game, 1)
    pygame.quit()
    windowed = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    assert not pygame.display.is_fullscreen() and windowed.window == (1280, 720)
