"""The start menu in the real loop, headless: it lists shipped and per-user maps and starts the chosen one."""

import os
import shutil
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene

from test_game_loop import SteppedClock, click, press, run_frames

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.fixture
def menu_game(tmp_path, monkeypatch):
    """A game opened without a map, with an empty per-user maps folder under tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    g = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield g, tmp_path / "grid-skirmish" / "maps"
    pygame.quit()


def test_without_a_map_the_menu_lists_the_shipped_maps_default_first(menu_game):
    game, _ = menu_game
    assert isinstance(game.scene, MenuScene)
    names = [e.path.name for e in game.scene.entries]
    assert names[0] == "default.tmx" and set(names) == {p.name for p in MAPS.glob("*.tmx")}
    run_frames(game, 1)
    assert game.scene.cards and all(game.scene.thumbnails[e.path] is not None for e in game.scene.entries)


def test_enter_plays_the_highlighted_map_and_a_click_plays_the_clicked_one(menu_game):
    game, _ = menu_game
    run_frames(game, 1)
    rect, index = game.scene.cards[1]
    chosen = game.scene.entries[index].path
    click(rect.center)
    run_frames(game, 1)
    assert isinstance(game.scene, BattleScene) and game.scene.map_path == chosen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    run_frames(game, 1)
    assert isinstance(game.scene, BattleScene)        # M only leaves from the victory screen
    game.scene.match.state.world.set_resource(__import__("game.ecs.components", fromlist=["Outcome"]).Outcome("blue"))
    game.scene.animator.skip()
    press(pygame.K_m)
    run_frames(game, 1)
    assert isinstance(game.scene, MenuScene)
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert isinstance(game.scene, BattleScene) and game.scene.map_path.name == "default.tmx"


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
        press(pygame.K_RETURN)
        run_frames(game, 1)
        assert isinstance(game.scene, MenuScene) and "broken.tmx" in game.scene.message
    finally:
        pygame.quit()


def test_the_surprise_option_starts_the_skirmish_with_that_side_caught_unaware(menu_game):
    game, _ = menu_game
    menu = game.scene
    run_frames(game, 1)
    assert [label for label, _ in menu.surprise_options] == [
        "As the map says", "No surprise", "Adventurers surprised", "Ogre's warband surprised"]
    assert menu.surprised is None and len(menu.surprise_buttons) == 4
    press(pygame.K_TAB)                             # Tab steps through the choices
    run_frames(game, 1)
    assert menu.surprised == ()
    click(menu.surprise_buttons[3][0].center)       # a click picks one
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


def test_the_players_option_lets_the_computer_play_a_side(menu_game):
    game, _ = menu_game
    menu = game.scene
    run_frames(game, 1)
    assert menu.computer == {} and len(menu.opponent_buttons) == 3      # two players at one machine first
    press(pygame.K_o)                                                      # O steps through the choices
    run_frames(game, 1)
    assert menu.computer == {"red": "normal"}
    click(menu.opponent_buttons[2][0].center)
    run_frames(game, 1)
    assert menu.computer == {"blue": "normal"}
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and list(scene.controllers) == ["blue"]
