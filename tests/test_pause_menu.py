"""The battle screen's pause menu through the real loop: Esc (once nothing is left to cancel) or the Menu button
opens it; it resumes, saves, loads (Esc on the list comes back), takes back, opens the settings and quits to the
start menu (asking first when the skirmish is unsaved); the battle takes no clicks and the computer waits while it
is open; it fits at 150% text and speaks Chinese."""

import os
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.i18n import _ as gettext, set_language, translate
from game.i18n.kept_terms import english_left
from game.replay import saves
from game.replay.load import load
from game.ui.battle import BattleScene
from game.ui.load_screen import LoadScene
from game.ui.menu import MenuScene
from game.ui.pause_menu import BEHIND_HANDOVER, ENTRIES, PauseMenu
from game.ui.replay_view import ReplayScene
from game.ui.settings_screen import SettingsScene
from game.ui.widgets import Fonts, UiFont

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.tmx"

from test_game_loop import SteppedClock, click, press, run_frames  # noqa: E402
from test_rewind import step_to_free_square  # noqa: E402


@pytest.fixture
def game():
    """A hot-seat 4e skirmish (two human sides) on the default map."""
    game = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(game, 1)
    yield game
    pygame.quit()


def open_with_esc(game):
    scene = game.scene
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    if scene.pause is None:          # the first Esc only put down the selected creature
        press(pygame.K_ESCAPE)
        run_frames(game, 1)
    assert scene.pause is not None
    return scene.pause


def choose(game, action):
    """Click the menu's entry for ``action`` (its rects are those of the last frame drawn)."""
    click(game.scene.pause.rows[action].center)
    run_frames(game, 1)


def test_esc_first_puts_down_the_selection_then_opens_the_menu_and_closes_it_again(game):
    scene = game.scene
    assert scene.selected == scene.actor and scene.pause is None
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    assert scene.selected is None and scene.pause is None          # Esc's cancel meaning comes first
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    assert isinstance(scene.pause, PauseMenu)
    assert set(scene.pause.rows) == {action for action, _, _ in ENTRIES}
    press(pygame.K_ESCAPE)                                          # Esc in the menu resumes
    run_frames(game, 1)
    assert scene.pause is None and isinstance(game.scene, BattleScene)


def test_the_menu_button_opens_it_and_while_open_the_battle_takes_no_clicks(game):
    scene = game.scene
    assert scene.banner_rect.contains(scene.menu_rect)
    click(scene.menu_rect.center)
    run_frames(game, 1)
    menu = scene.pause
    assert menu is not None
    box = menu.layout()
    target = next(s for s in sorted(scene.walk.endable, reverse=True)
                  if scene.state.occupant_at(s) is None and not box.collidepoint(scene.view.square_rect(s).center)
                  and scene.map_rect.collidepoint(scene.view.square_rect(s).center))
    where = scene.view.square_rect(target).center
    click(where)                                                    # on the board under the menu's shade: ignored
    press(pygame.K_F2)                                              # a battle key: ignored too
    run_frames(game, 30)
    assert scene.match.record == [] and scene.pause is menu and not scene.show_cover_lines
    press(pygame.K_RETURN)                                          # Enter chooses the focused entry, Resume
    run_frames(game, 1)
    assert scene.pause is None
    click(where)                                                    # the menu closed: the click walks again
    run_frames(game, 60)
    assert scene.state.square(scene.actor) == target


def test_save_from_the_menu_writes_a_loadable_save_then_quit_goes_to_the_start_menu_without_asking(game):
    scene = game.scene
    step_to_free_square(game)
    menu = open_with_esc(game)
    press(pygame.K_DOWN)                                            # the keyboard: down to Save, Enter
    press(pygame.K_RETURN)
    run_frames(game, 1)
    written = sorted(saves.saves_dir().glob("*.json"))
    assert len(written) == 1 and load(written[0]).match.record == scene.match.record
    assert scene.pause is menu and menu.status.startswith("Saved to saves/") and not menu.unsaved
    choose(game, "quit")
    assert isinstance(game.scene, MenuScene)


def test_quitting_an_unsaved_skirmish_asks_first_no_stays_and_yes_leaves(game):
    scene = game.scene
    step_to_free_square(game)
    menu = open_with_esc(game)
    assert menu.unsaved
    choose(game, "quit")
    assert menu.confirming and game.scene is scene
    press(pygame.K_n)
    run_frames(game, 1)
    assert not menu.confirming and scene.pause is menu and game.scene is scene
    press(pygame.K_m)                                               # M: quit to the menu, from the keys
    run_frames(game, 1)
    assert menu.confirming
    click(menu.confirm_rects["quit"].center)
    run_frames(game, 1)
    assert isinstance(game.scene, MenuScene)


def test_load_opens_the_list_esc_comes_back_to_the_battle_and_enter_plays_the_chosen_save(game):
    scene = game.scene
    step_to_free_square(game)
    press(pygame.K_F5)
    run_frames(game, 1)
    saved = list(scene.match.record)
    press(pygame.K_RETURN)                                          # play on: end the turn
    run_frames(game, 30)
    open_with_esc(game)
    choose(game, "load")
    listing = game.scene
    assert isinstance(listing, LoadScene) and listing.back is scene
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    assert game.scene is scene and scene.pause is None and len(scene.match.record) == 2
    open_with_esc(game)
    choose(game, "load")
    listing = game.scene
    listing.index = next(i for i, e in enumerate(listing.entries) if not e.autosave)
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert isinstance(game.scene, BattleScene) and game.scene is not scene
    assert game.scene.match.record == saved


def test_a_replay_watched_from_the_menus_load_list_closes_back_to_the_list_then_the_battle(game):
    scene = game.scene
    step_to_free_square(game)
    press(pygame.K_F5)
    run_frames(game, 1)
    played = list(scene.match.record)
    open_with_esc(game)
    choose(game, "load")
    listing = game.scene
    listing.index = next(i for i, e in enumerate(listing.entries) if not e.autosave)
    press(pygame.K_r)                                               # watch it
    run_frames(game, 1)
    assert isinstance(game.scene, ReplayScene) and game.scene.back is listing
    press(pygame.K_ESCAPE)                                          # Close: the list it came from
    run_frames(game, 1)
    assert game.scene is listing
    press(pygame.K_ESCAPE)                                          # and the skirmish, untouched
    run_frames(game, 1)
    assert game.scene is scene and scene.match.record == played


def test_take_back_is_dim_with_its_reason_until_the_rules_allow_it_then_asks_the_other_side(game):
    scene = game.scene
    menu = open_with_esc(game)
    assert menu.refusals["takeback"] == "Nothing of this turn to take back."
    choose(game, "takeback")
    assert scene.pause is menu and menu.explanation() == "Nothing of this turn to take back."
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    click(scene.view.square_rect(scene.state.square(scene.actor)).center)     # pick the acting creature up again
    start, _ = step_to_free_square(game)
    menu = open_with_esc(game)
    assert menu.refusals["takeback"] == ""
    choose(game, "takeback")
    assert scene.pause is None and scene.message.endswith("agree? Y / N")       # hot-seat: the other side agrees
    press(pygame.K_y)
    run_frames(game, 1)
    assert scene.match.record == [] and scene.state.square(scene.actor) == start


def test_settings_from_the_menu_open_the_settings_screen_and_come_back_to_the_menu(game):
    scene = game.scene
    menu = open_with_esc(game)
    choose(game, "settings")
    assert isinstance(game.scene, SettingsScene)
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    assert game.scene is scene and scene.pause is menu


def test_the_computer_waits_while_the_menu_is_open():
    game = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()),
                computer={"blue": "normal", "red": "normal"})
    try:
        scene = game.scene
        run_frames(game, 1)
        press(pygame.K_ESCAPE)                   # the computer decides: Esc has nothing to cancel, the menu opens
        run_frames(game, 200)
        assert scene.pause is not None and scene.match.record == []
        press(pygame.K_ESCAPE)
        run_frames(game, 200)
        assert scene.pause is None and len(scene.match.record) > 0
    finally:
        pygame.quit()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_menu_fits_the_screen_at_150_percent_text_in_both_languages(language, monkeypatch):
    pygame.display.init()
    pygame.font.init()
    drawn: list[str] = []
    render = UiFont.render
    monkeypatch.setattr(UiFont, "render", lambda self, words, *a, **k: drawn.append(translate(words)) or render(self, words, *a, **k))
    try:
        assert set_language(language) == ""
        fonts = Fonts(150)
        screen = pygame.Surface((1280, 720))
        menu = PauseMenu(fonts, screen.get_rect(), {"takeback": BEHIND_HANDOVER}, unsaved=True)
        for index in range(len(ENTRIES)):        # every entry focused in turn: each one's explanation is drawn
            menu.focus = index
            menu.draw(screen)
        box = menu.layout()
        assert screen.get_rect().contains(box)
        rows = [menu.rows[action] for action, _, _ in ENTRIES]
        assert all(box.contains(row) for row in rows)
        assert all(a.bottom < b.top for a, b in zip(rows, rows[1:]))             # no two entries overlap
        for (_, label, hint), row in zip(ENTRIES, rows):                          # label and key hint both fit
            assert fonts.body.size(gettext(label))[0] + fonts.small.size(f"[{gettext(hint)}]")[0] + 28 < row.width
        menu.confirming = True
        menu.draw(screen)
        assert all(box.contains(rect) for rect in menu.confirm_rects.values())
        if language == "zh":                     # every line of the menu has its Chinese: no English word is left
            assert len(drawn) > 3 * len(ENTRIES)
            assert {line: english_left(line) for line in drawn if english_left(line)} == {}
    finally:
        pygame.quit()
