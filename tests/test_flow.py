"""A whole session through Game.frame() with posted events: the menu, a hot-seat skirmish between two human
sides with its hand-over screens, played to the end, the victory screen, and back to the menu."""

import os

import pygame
import pytest

from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.ai import Controller
from game.app import FixedStepLoop, Game
from game.render import palette
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene

from test_game_loop import SteppedClock, press, run_frames

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
MAX_COMMANDS = 3000


@pytest.fixture
def menu_game(tmp_path, monkeypatch):
    """A game opened on the menu, with private per-user folders (no saved settings, no user maps)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr("sys.platform", "linux")
    g = Game(None, 7, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(g, 1)
    yield g
    pygame.quit()


def board_hidden(game) -> bool:
    """The hand-over screen is up: the top of the screen, where the banner and tracker were, is plain background."""
    scene = game.scene
    return all(tuple(game.screen.get_at(pos))[:3] == palette.BACKGROUND
               for pos in ((10, 10), (scene.map_rect.x + 5, scene.map_rect.y + 5), (scene.panel_rect.centerx, 10)))


def test_menu_to_a_hot_seat_skirmish_with_hand_overs_to_victory_and_back_to_the_menu(menu_game):
    game = menu_game
    menu = game.scene
    assert isinstance(menu, MenuScene) and menu.computer == {}        # two human sides: hot-seat
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and len(scene.human_sides) == 2 and scene.handover is None
    # Both sides are played by scripted players that send their commands as a player would; the screen, the
    # hand-overs and the keys all run through the real loop.
    players = {side: Controller(side, "easy", 7) for side in scene.human_sides}
    hand_overs = []
    for _ in range(MAX_COMMANDS):
        if scene.state.outcome is not None:
            break
        if scene.handover is not None:
            press(pygame.K_SPACE)            # finish the animations: the hand-over screen comes up
            run_frames(game, 1)
            assert board_hidden(game)
            side_before = hand_overs[-1] if hand_overs else None
            hand_overs.append(scene.handover)
            assert scene.handover != side_before
            press(pygame.K_RETURN)           # the next player is ready
            run_frames(game, 1)
            assert scene.handover is None and not board_hidden(game)
            continue
        state = scene.state
        side = state.side(decider(state))
        assert scene.submit(players[side].next_command(state))
        run_frames(game, 1)
    assert scene.state.outcome is not None, "the skirmish did not end"
    assert len(hand_overs) >= 2 and set(hand_overs) == set(scene.human_sides)
    # The victory screen: the winner, and the way back to the menu.
    press(pygame.K_SPACE)
    run_frames(game, 2)
    assert set(scene.victory_buttons) == {"play_again", "menu", "quit"}
    winner = scene.state.outcome.winner
    assert winner in ("", *scene.human_sides)
    press(pygame.K_m)
    run_frames(game, 1)
    assert isinstance(game.scene, MenuScene)
