"""The start menu in the real loop, headless: maps from both folders, sides, surprise, seed, all by keyboard or mouse."""

import os
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.ecs.components import Outcome
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene

from test_game_loop import SteppedClock, click, press, run_frames

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.fixture
def menu_game(tmp_path, monkeypatch):
    """A game opened without a map or seed, with an empty per-user maps folder under tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    g = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(g, 1)
    yield g
    pygame.quit()


def focus_on(game, item):
    """Press Down until the focus is on ``item``, as a keyboard player would."""
    for _ in range(40):
        if game.scene.focus.item == item:
            return
        press(pygame.K_DOWN)
        run_frames(game, 1)
    raise AssertionError(f"{item} never took the focus")


def test_without_a_map_the_menu_lists_the_shipped_maps_default_first_with_their_sides(menu_game):
    menu = menu_game.scene
    assert isinstance(menu, MenuScene)
    names = [e.path.name for e in menu.entries]
    assert names[0] == "default.tmx" and set(names) == {p.name for p in MAPS.glob("*.tmx")}
    assert menu.thumbnails[menu.entries[0].path] is not None and len(menu.map_rows) == len(names)
    assert menu._tag(menu.entries[names.index("four-banners.tmx")]) == "4 sides"
    assert menu._tag(menu.entries[0]) == "2 sides"


def test_right_and_left_choose_the_map_and_enter_plays_it(menu_game):
    game = menu_game
    menu = game.scene
    assert menu.focus.item == ("map",)
    press(pygame.K_RIGHT)
    run_frames(game, 1)
    chosen = menu.entries[1].path
    assert menu.index == 1
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert isinstance(game.scene, BattleScene) and game.scene.map_path == chosen


def test_the_wheel_over_the_list_steps_through_the_maps(menu_game):
    game = menu_game
    menu = game.scene
    rect, _ = menu.map_rows[0]
    pygame.mouse.set_pos(rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    run_frames(game, 1)
    assert menu.index == 2 and isinstance(game.scene, MenuScene)


def test_a_click_picks_a_map_the_play_button_starts_it_and_the_menu_comes_back_as_left(menu_game):
    game = menu_game
    menu = game.scene
    rect, index = menu.map_rows[2]
    click(rect.center)
    run_frames(game, 1)
    assert isinstance(game.scene, MenuScene) and menu.index == index      # a click only picks the map
    play = next(c.rect for c in menu.focus.controls if c.item == ("start",))
    click(play.center)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and scene.map_path == menu.entries[index].path
    scene.match.state.world.set_resource(Outcome("blue"))
    scene.animator.skip()
    press(pygame.K_m)
    run_frames(game, 1)
    assert game.scene is menu and menu.index == index


def test_maps_in_the_user_folder_are_listed_and_a_broken_one_is_refused_on_the_menu(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    folder = tmp_path / "grid-skirmish" / "maps"
    folder.mkdir(parents=True)
    (folder / "broken.tmx").write_text("<map><not closed")
    game = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        user = [e for e in game.scene.entries if e.user]
        assert [e.path.name for e in user] == ["broken.tmx"]
        game.scene.index = game.scene.entries.index(user[0])
        run_frames(game, 1)
        assert game.scene._tag(user[0]) == "your map · cannot be played"
        press(pygame.K_RETURN)
        run_frames(game, 1)
        assert isinstance(game.scene, MenuScene) and "broken.tmx" in game.scene.message
    finally:
        pygame.quit()


def test_the_surprise_option_starts_the_skirmish_with_that_side_caught_unaware(menu_game):
    game = menu_game
    menu = game.scene
    assert [label for label, _ in menu.surprise_options] == [
        "As the map says", "No surprise", "Adventurers surprised", "Troll and goblins surprised"]
    focus_on(game, ("surprise",))
    assert menu.surprised is None
    press(pygame.K_RIGHT)                           # right steps through the choices
    run_frames(game, 1)
    assert menu.surprised == ()
    rect = next(c.rect for c in menu.focus.controls if c.item == ("surprise",))
    click(rect.center)                              # a click steps on too
    click(rect.center)
    run_frames(game, 1)
    assert menu.surprised == ("red",) and isinstance(game.scene, MenuScene)
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene)
    state = scene.state
    assert state.turn.surprise and state.turn.round == 0
    surprised = [e for e in state.creatures() if state.has_condition(e, "surprised")]
    assert surprised and all(state.side(e) == "red" for e in surprised)
    assert state.side(scene.actor) == "blue"


def test_the_player_of_a_side_can_be_the_computer_at_a_level(menu_game):
    game = menu_game
    menu = game.scene
    assert menu.computer == {}                                  # two players at one machine first
    focus_on(game, ("player", "red"))
    press(pygame.K_RIGHT)                                       # player, computer (easy), computer (normal)
    press(pygame.K_RIGHT)
    run_frames(game, 1)
    assert menu.computer == {"red": "normal"}
    rect = next(c.rect for c in menu.focus.controls if c.item == ("player", "blue"))
    click(rect.center)
    run_frames(game, 1)
    assert menu.computer == {"red": "normal", "blue": "easy"}
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and sorted(scene.controllers) == ["blue", "red"]
    assert scene.controllers["blue"].difficulty == "easy"


def test_a_typed_seed_is_the_skirmish_seed_and_backspace_takes_a_digit_away(menu_game):
    game = menu_game
    menu = game.scene
    focus_on(game, ("seed",))
    for key in (pygame.K_0, pygame.K_4, pygame.K_2, pygame.K_7, pygame.K_BACKSPACE, pygame.K_KP1):
        press(key)
    run_frames(game, 1)
    assert menu.seed_text == "421" and menu.seed == 421     # a leading zero is dropped
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and scene.seed == 421 and scene.match.seed == 421


def test_an_empty_seed_gives_a_new_random_seed_shown_in_the_battle(menu_game):
    game = menu_game
    assert game.scene.seed is None
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and scene.match.seed == scene.seed >= 0


def test_the_menu_works_by_keyboard_alone_tab_reaches_every_control_and_esc_quits(menu_game):
    game = menu_game
    menu = game.scene
    seen = []
    for _ in range(len(menu.focus.controls)):
        seen.append(menu.focus.item)
        press(pygame.K_TAB)
        run_frames(game, 1)
    assert seen[0] == ("map",) and set(seen) == {c.item for c in menu.focus.controls}
    assert {("start",), ("settings",), ("quit",), ("seed",), ("surprise",), ("edit", "red")} <= set(seen)
    press(pygame.K_ESCAPE)
    assert not game.frame()
