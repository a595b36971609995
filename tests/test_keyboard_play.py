"""The whole turn by keyboard alone, headless in the real loop: the arrows move a map cursor, Space acts on it
(as a click would), ] cycles the targets, number keys pick powers, Enter ends the turn. No mouse event is posted."""

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.rulesets.dnd4e.actions.commands import Attack, EndTurn, Move
from game.app import FixedStepLoop, Game
from game.core.dice import ScriptedDice
from game.ecs.components import Position

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"

from test_game_loop import SteppedClock, press, run_frames  # noqa: E402


@pytest.fixture
def game():
    g = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield g
    pygame.quit()


def stage(game, actor, places):
    scene = game.scene
    state = scene.state
    ids = {state.name(e): e for e in state.creatures()}
    for name, square in places.items():
        state.world.add(ids[name], Position(square))
    state.world.set_resource(replace(state.turn, index=state.turn.order.index(ids[actor])))
    scene._turn_began()
    scene.handover = None            # a staged position: the player of the side staged sits at the machine
    return ids


def keys(game, *names, frames=1):
    for name in names:
        press(getattr(pygame, f"K_{name}"))
        run_frames(game, frames)


def test_a_turn_played_with_keys_only_walks_attacks_and_ends(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (13, 8)})
    scene = game.scene
    run_frames(game, 1)
    # The cursor starts on the acting creature and steps with the arrows; the path preview follows it.
    keys(game, "RIGHT", "RIGHT")
    assert scene.cursor == (12, 8)
    assert scene._walk_preview() is not None and scene._walk_preview().path[-1] == (12, 8)
    keys(game, "SPACE", frames=40)
    move = scene.match.record[-1][0]
    assert isinstance(move, Move) and move.actor == ids["Brakka"] and move.path[0] == (10, 8) and move.path[-1] == (12, 8)
    assert scene.state.square(ids["Brakka"]) == (12, 8)
    # ] puts the cursor on the first target; Space attacks it with the basic attack.
    keys(game, "RIGHTBRACKET")
    assert scene.cursor == (13, 8)
    scene.match.dice = ScriptedDice([17, 5])
    keys(game, "SPACE", frames=40)
    command = scene.match.record[-1][0]
    assert isinstance(command, Attack) and command.target == ids["Hobgoblin soldier"]
    keys(game, "RETURN", frames=2)
    assert isinstance(scene.match.record[-1][0], EndTurn) and scene.actor != ids["Brakka"]


def test_a_power_picked_by_its_number_is_aimed_with_the_target_keys(game):
    ids = stage(game, "Miriel", {"Miriel": (7, 8), "Goblin sharpshooter": (10, 8), "Bugbear brute": (9, 10)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    keys(game, str(labels.index("magic missile") + 1))
    assert scene.mode == "power:magic missile"
    # Nearest first, then round again; [ goes back.
    keys(game, "RIGHTBRACKET")
    first = scene._occupant(scene.cursor)
    keys(game, "RIGHTBRACKET")
    second = scene._occupant(scene.cursor)
    assert {first, second} <= set(scene.targets) and first != second
    keys(game, "LEFTBRACKET")
    assert scene._occupant(scene.cursor) == first
    # The hint shows the forecast for the creature under the cursor, as it would for the mouse.
    assert "hit on" in scene._hint()
    scene.match.dice = ScriptedDice([15, 2, 2])
    keys(game, "SPACE", frames=40)
    assert scene.match.record[-1][0] == Attack(ids["Miriel"], first, "magic missile")


def test_the_camera_follows_the_cursor_and_shift_arrows_pan_without_moving_it(game):
    scene = game.scene
    view = scene.view
    assert view.zoom_by(3, scene.map_rect.center)     # zoomed in, the map is larger than the view
    scene._build_cell_art()
    start = scene.state.square(scene.actor)
    keys(game, *["RIGHT"] * 20)
    assert scene.cursor == (min(view.width - 1, start[0] + 20), start[1])
    assert view.viewport.contains(view.square_rect(scene.cursor))
    cursor = scene.cursor
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=pygame.KMOD_SHIFT, unicode="",
                                         scancode=0))
    run_frames(game, 1)
    assert scene.cursor == cursor


def test_space_still_skips_an_animation_while_one_plays(game):
    stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (15, 8)})
    scene = game.scene
    keys(game, "RIGHT", "RIGHT", "RIGHT")
    keys(game, "SPACE")
    assert scene.animator.busy
    commands = len(scene.match.record)
    keys(game, "SPACE")
    assert not scene.animator.busy and len(scene.match.record) == commands
