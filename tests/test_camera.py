"""The battle screen's camera in the real loop, headless: wheel zoom around the mouse, edge pan, middle-button
drag, and centring on the creature whose turn starts."""

import os
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"

from test_game_loop import SteppedClock, press, run_frames  # noqa: E402


@pytest.fixture
def game():
    g = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield g
    pygame.quit()


def move_mouse(pos, buttons=(0, 0, 0)):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def wheel(game, pos, lines):
    """A wheel turn with the mouse at ``pos`` (the game reads where the mouse is when the wheel turns)."""
    move_mouse(pos)
    run_frames(game, 1)
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=lines, flipped=False, precise_x=0.0,
                                         precise_y=float(lines)))
    run_frames(game, 1)


def map_point_under(view, pos):
    ox, oy = view.origin()
    return (pos[0] - ox) / view.cell, (pos[1] - oy) / view.cell


def test_the_wheel_over_the_map_zooms_in_around_the_mouse_and_redraws_at_the_new_square_size(game, monkeypatch):
    scene = game.scene
    view = scene.view
    pos = scene.map_rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    before_cell = view.cell
    under = map_point_under(view, pos)
    wheel(game, pos, 1)
    assert view.zoom == 125 and view.cell == before_cell * 125 // 100
    # The point of the map under the mouse stays under it (to within a pixel of rounding).
    after = map_point_under(view, pos)
    assert abs(after[0] - under[0]) * view.cell <= 1 and abs(after[1] - under[1]) * view.cell <= 1
    # The map, the sprites and the overlay tiles are drawn again at the new size.
    assert view.pixel_size == (view.width * view.cell, view.height * view.cell)
    assert all(sprite.get_width() == view.cell for sprite in scene.sprites.values())
    assert scene.reach_tiles[0].get_width() == view.cell
    assert scene._board.bounds.size == view.pixel_size
    # A click on a lit square still walks there at the new size.
    far = max(scene.walk.endable, key=lambda s: (scene.walk.cost[s], s))
    view.centre_on(far)
    move_mouse(view.square_rect(far).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.square_rect(far).center, button=1))
    run_frames(game, 80)
    assert scene.state.square(scene.actor) == far


def test_the_wheel_zooms_out_to_half_size_and_no_further(game, monkeypatch):
    view = game.scene.view
    pos = game.scene.map_rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    for _ in range(8):
        wheel(game, pos, -1)
    assert view.zoom == 50
    assert view.cell == max(12, view.fit_cell // 2)
    for _ in range(10):
        wheel(game, pos, 1)
    assert view.zoom == 200


def test_the_wheel_over_the_log_scrolls_the_log_and_leaves_the_zoom(game, monkeypatch):
    scene = game.scene
    for number in range(60):
        scene.log.add(f"line {number}")
    pos = (scene.panel_rect.centerx, scene.panel_rect.bottom - 40)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    wheel(game, pos, 3)
    assert scene.log.scroll == 3 and scene.view.zoom == 100


def test_resting_the_mouse_at_the_map_edge_pans_the_camera_that_way(game):
    scene = game.scene
    view = scene.view
    assert view.zoom_by(3, scene.map_rect.center)   # zoomed in, the map is larger than the view
    scene._build_cell_art()
    view.centre_on((view.width // 2, view.height // 2))
    before = view.offset[:]
    move_mouse((scene.map_rect.right - 3, scene.map_rect.centery))
    run_frames(game, 5)
    assert view.offset[0] < before[0] and view.offset[1] == before[1]
    move_mouse((scene.map_rect.centerx, scene.map_rect.top + 2))
    run_frames(game, 5)
    assert view.offset[1] > before[1]
    # Away from the edge the camera rests.
    move_mouse(scene.map_rect.center)
    run_frames(game, 1)
    resting = view.offset[:]
    run_frames(game, 5)
    assert view.offset == resting


def test_dragging_with_the_middle_button_moves_the_map_with_the_mouse(game):
    scene = game.scene
    view = scene.view
    # Zoomed in the map is larger than the view, so there is room to drag it either way.
    assert view.zoom_by(3, scene.map_rect.center)
    scene._build_cell_art()
    view.centre_on((view.width // 2, view.height // 2))
    start = view.offset[:]
    grab = scene.map_rect.center
    move_mouse(grab)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=2))
    move_mouse((grab[0] - 40, grab[1] - 30), buttons=(0, 1, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grab[0] - 40, grab[1] - 30), button=2))
    run_frames(game, 1)
    assert view.offset == [start[0] - 40, start[1] - 30]
    # The drag is not a click: nothing was commanded.
    assert scene.match.record == []


def test_a_new_turn_centres_the_camera_on_the_creature_whose_turn_starts(game):
    scene = game.scene
    view = scene.view
    assert view.zoom_by(3, scene.map_rect.center)
    scene._build_cell_art()
    view.pan(-10_000, -10_000)
    press(pygame.K_RETURN)
    run_frames(game, 2)
    rect = view.square_rect(scene.state.square(scene.actor))
    assert view.viewport.contains(rect)
    scene.handover = None       # the next player is ready (the hand-over has its own tests)
    view.pan(10_000, 10_000)
    press(pygame.K_c)
    run_frames(game, 1)
    assert view.viewport.contains(view.square_rect(scene.state.square(scene.actor)))


def test_a_large_window_shows_the_map_with_larger_squares_and_a_wider_view():
    small = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    small_cell, small_view = small.scene.view.cell, small.scene.view.viewport.copy()
    pygame.quit()
    big = Game(DEFAULT_MAP, 4, (1920, 1080), loop=FixedStepLoop(SteppedClock()))
    try:
        view = big.scene.view
        assert view.viewport.width > small_view.width and view.viewport.height > small_view.height
        assert view.cell > small_cell
        run_frames(big, 2)
        # The creature whose turn it is stands inside the view.
        assert view.viewport.contains(view.square_rect(big.scene.state.square(big.scene.actor)))
    finally:
        pygame.quit()


def test_the_mouse_leaving_the_window_at_an_edge_stops_the_edge_pan(game):
    scene = game.scene
    view = scene.view
    assert view.zoom_by(3, scene.map_rect.center)
    scene._build_cell_art()
    view.centre_on((view.width // 2, view.height // 2))
    move_mouse((scene.map_rect.left + 2, scene.map_rect.centery))
    run_frames(game, 2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    run_frames(game, 1)
    resting = view.offset[:]
    run_frames(game, 5)
    assert view.offset == resting and scene._hover_square() is None


def test_the_board_keeps_a_window_of_the_map_not_the_map_and_shows_what_a_whole_map_picture_would(game, monkeypatch):
    from game.ui.battle import BOARD_MARGIN

    scene = game.scene
    view = scene.view
    pos = scene.map_rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    for _ in range(4):
        wheel(game, pos, 1)                  # zoomed in as far as it goes: the map is far bigger than the view
    whole = pygame.Surface(view.pixel_size)
    scene._paint_ground(whole, pygame.Rect((0, 0), view.pixel_size))      # the bare map, painted whole
    # Far jumps paint the window afresh; short pans move it in place and paint the strips that came in.
    for dx, dy in ((0, 0), (-4000, -4000), (4000, 4000), (4000, -4000), (-150, 0), (0, 170), (-90, -130), (130, 60)):
        view.pan(dx, dy)
        run_frames(game, 1)
        board = scene._board
        assert board.base.get_width() <= scene.map_rect.w + 2 * BOARD_MARGIN
        assert board.base.get_height() <= scene.map_rect.h + 2 * BOARD_MARGIN
        # A bare square in view looks as it does in a picture of the whole map.
        visible = view.visible_rect()
        left, top = board.origin
        for point in (visible.topleft, visible.center, (visible.right - 1, visible.bottom - 1),
                      (visible.left + 7, visible.bottom - 9), (visible.right - 11, visible.top + 5)):
            assert board.base.get_at((point[0] - left, point[1] - top)) == whole.get_at(point)
