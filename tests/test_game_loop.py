"""The real game loop, headless: posted mouse and key events walk a unit and resolve an attack."""

import os
from pathlib import Path

import pygame
import pytest

from game.rulesets.dnd4e.actions.commands import Attack, Move
from game.rulesets.dnd4e.actions.events import AttackRolled, UnitMoved
from game.render.animation import TICKS_PER_SQUARE
from game.app import FIXED_STEP, MAX_FRAME_TIME, FixedStepLoop, Game, run_game

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.tmx"
EXAMPLES = ROOT.parent / "shared" / "tiled-examples"


class SteppedClock:
    """A clock that moves on by one fixed step per reading: one update per frame, whatever the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += FIXED_STEP
        return self.now


@pytest.fixture
def game():
    g = Game(DEFAULT_MAP, 21, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield g
    pygame.quit()


def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def press(key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def run_frames(game, count):
    for _ in range(count):
        assert game.frame()


def play_to_the_end(game, most_frames, settled=False, each=None, every=1):
    """Run the real loop until the skirmish is won (``settled``: and its animations have played), at most
    ``most_frames`` frames, calling ``each(game)`` every ``every`` frames first (hovering, for screen checks)."""
    scene = game.scene
    for frame in range(most_frames):
        if scene.state.outcome is not None and not (settled and scene.animator.busy):
            return
        if each is not None and frame % every == 0:
            each(game)
        run_frames(game, 1)


def test_clicks_walk_a_unit_and_attack_an_enemy_in_the_real_loop(game):
    scene = game.scene
    moved = attacked = False
    frames = 0
    for _ in range(40):  # turns
        actor = scene.actor
        if scene.targets:
            target = sorted(scene.targets)[0]
            hp_before = scene.state.hp(target)
            click(scene.view.square_rect(scene.state.square(target)).center)
            run_frames(game, 90)
            frames += 90
            last_command, events = scene.match.record[-1]
            assert isinstance(last_command, Attack) and isinstance(events[0], AttackRolled)
            assert scene.state.hp(target) <= hp_before
            attacked = True
        else:
            start = scene.state.square(actor)
            far = max(scene.walk.endable, key=lambda s: (scene.walk.cost[s], s))
            click(scene.view.square_rect(far).center)
            walk_frames = TICKS_PER_SQUARE * scene.walk.cost[far] + 10
            run_frames(game, walk_frames)
            frames += walk_frames
            last_command, events = scene.match.record[-1]
            assert isinstance(last_command, Move) and isinstance(events[0], UnitMoved)
            assert scene.state.square(actor) == far != start
            assert not scene.animator.busy   # the walk animation finished on the fixed step
            moved = True
        if moved and attacked:
            break
        press(pygame.K_RETURN)
        run_frames(game, 2)
        assert scene.actor != actor or scene.state.outcome is not None
        if scene.handover is not None:   # hot-seat: the next player says ready behind the hand-over screen
            press(pygame.K_RETURN)
            run_frames(game, 1)
    assert moved and attacked and frames >= 120


def test_walk_animation_advances_square_by_square_on_the_fixed_step(game):
    scene = game.scene
    actor = scene.actor
    far = max(scene.walk.endable, key=lambda s: (scene.walk.cost[s], s))
    path = scene.walk.path_to(far)
    click(scene.view.square_rect(far).center)
    run_frames(game, 1)
    shown = [scene.animator.position(actor, far)]
    for _ in range(TICKS_PER_SQUARE * len(path) + 10):
        run_frames(game, 1)
        shown.append(scene.animator.position(actor, far))
    assert shown[0] != (float(far[0]), float(far[1]))
    assert shown[-1] == (float(far[0]), float(far[1]))
    assert any(p == (float(path[1][0]), float(path[1][1])) for p in shown)


def test_escape_cancels_and_tab_cycles_the_selection(game):
    scene = game.scene
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    assert scene.selected is None
    press(pygame.K_TAB)
    run_frames(game, 1)
    assert scene.selected is not None and scene.state.side(scene.selected) == scene.state.side(scene.actor)


def test_clicking_an_unreachable_square_explains_why_and_changes_nothing(game):
    scene = game.scene
    before = scene.state.world.snapshot()
    wall = next(s for s in scene.state.battlefield.squares() if scene.state.battlefield.at(s).wall
                and scene.view.viewport.collidepoint(scene.view.square_rect(s).center))
    click(scene.view.square_rect(wall).center)
    run_frames(game, 2)
    assert scene.state.world.snapshot() == before
    assert scene.message.startswith("Can't")


def test_fixed_step_loop_clamps_long_frames_against_the_spiral_of_death():
    times = iter([0.0, 5.0])
    loop = FixedStepLoop(lambda: next(times))
    assert loop.tick() == int(MAX_FRAME_TIME / FIXED_STEP)


def test_quit_event_ends_the_game(game):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert game.frame() is False


@pytest.mark.parametrize("name", ["desert.tmx", "sewers.tmx", "rpg/island.tmx"])
def test_tiled_example_maps_open_in_the_real_game(name, tmp_path):
    shot = tmp_path / "shot.png"
    assert run_game(EXAMPLES / name, 1, (1280, 720), max_frames=3, screenshot=shot) == 0
    assert shot.stat().st_size > 0
