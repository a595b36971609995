"""render_frame: the real battle screen on the arena while the camera pans, against pyscroll panning the same map."""

from __future__ import annotations

import math
import sys
import time
from typing import Any
from unittest import mock

import pygame

from bench.arena import SEED, TILE_PIXELS, Arena, shared
from bench.report import summary
from game.app import Game
from game.core.grid import Square
from game.input.intents import Hover
from game.render.map_view import PAN_SPEED
from game.rulesets import ruleset

WINDOW = (1280, 720)
WARMUP_FRAMES = 30
ORBIT_FRAMES = 75                                   # one turn of the camera's circle
ORBIT_RADIUS = PAN_SPEED * ORBIT_FRAMES / (2 * math.pi)   # so the camera moves as fast as arrow-key panning


def camera_offsets(frames: int) -> list[tuple[int, int]]:
    """Pixel offsets of the camera from its start, frame by frame: a circle at arrow-key speed."""
    return [
        (round(ORBIT_RADIUS * (math.cos(2 * math.pi * i / ORBIT_FRAMES) - 1)),
         round(ORBIT_RADIUS * math.sin(2 * math.pi * i / ORBIT_FRAMES)))
        for i in range(frames)
    ]


def open_game(arena: Arena) -> Game:
    """The real game window and battle screen on the arena map, with the arena's 40-creature rosters."""
    with mock.patch.object(ruleset("4e"), "load_rosters", lambda creatures=None: list(arena.rosters)):
        return Game(arena.map_path, SEED, WINDOW)


def reference_renderer(arena: Arena, size: tuple[int, int]) -> Any:
    """pyscroll's BufferedRenderer on the same map, at the tileset's own 32-pixel squares."""
    import pyscroll
    from pytmx.util_pygame import load_pygame

    return pyscroll.BufferedRenderer(pyscroll.TiledMapData(load_pygame(str(arena.map_path))), size)


def render_frame(iterations: int) -> dict[str, Any]:
    """Milliseconds to draw one frame: the battle screen vs pyscroll, frames interleaved, the same camera path."""
    arena = shared()
    try:
        game = open_game(arena)
        scene, screen = game.scene, game.screen
        renderer = reference_renderer(arena, scene.map_rect.size)
        actor: Square = scene.state.square(scene.actor)
        centre = (actor[0] * TILE_PIXELS + TILE_PIXELS // 2, actor[1] * TILE_PIXELS + TILE_PIXELS // 2)
        pointer = scene.map_rect.center
        scene.handle(Hover(pointer))     # the mouse rests mid-map; the hovered square changes as the camera pans
        ours: list[float] = []
        theirs: list[float] = []
        previews = 0
        last = (0, 0)
        for frame, (dx, dy) in enumerate(camera_offsets(WARMUP_FRAMES + iterations)):
            scene.update()
            pygame.event.pump()
            start = time.perf_counter()
            scene.view.pan(dx - last[0], dy - last[1])
            scene.draw(screen)
            middle = time.perf_counter()
            renderer.center((centre[0] + dx, centre[1] + dy))
            renderer.draw(screen, scene.map_rect)
            end = time.perf_counter()
            last = (dx, dy)
            if frame >= WARMUP_FRAMES:
                ours.append((middle - start) * 1000)
                theirs.append((end - middle) * 1000)
                hovered = scene.view.square_at(pointer)
                previews += scene.walk is not None and hovered in scene.walk.endable and hovered != scene.walk.start
        print(f"bench: render_frame drew {len(scene.state.creatures())} creatures, {len(scene.walk.endable) if scene.walk else 0} "
              f"reachable squares, a path preview in {previews} of {iterations} frames", file=sys.stderr)
        return summary("render_frame", "ms", ours, "pyscroll", theirs)
    finally:
        pygame.quit()
