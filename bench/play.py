"""play_frames: the real loop (game.app's Game, headless) timed frame by frame for a minute of game time, on Four
Banners and on the 100x100 arena, computer against computer and a scripted player hovering, clicking and zooming."""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import pygame

from bench.arena import ROOT, SEED, shared
from bench.report import percentile, significant
from game.app import Game
from game.core.grid import Square, chebyshev
from game.rulesets import ruleset
from game.ui.battle import BattleScene
from game.ui.helper import finish

WINDOW = (1280, 720)
FRAME_BUDGET_MS = 1000 / 60          # one frame at 60 Hz
HZ = 60                              # the loop is paced like a 60 Hz display with vsync
HOVER_EVERY = 4                      # frames between two mouse moves of the scripted player
THINK_FRAMES = 30                    # the scripted player hovers this long before it acts
ZOOM_EVERY = 600                     # frames between two wheel turns over the map (one every 10 s)
STUCK_FRAMES = 240                   # no command for this long on the player's turn: it presses Enter
FOUR_BANNERS = ROOT / "maps" / "four-banners.tmx"


@dataclass
class Tally:
    """What one scene measured: every frame's milliseconds, those with a wheel zoom, and the restarts."""

    frames: list[float]
    cpu: list[float]                 # the frame's own processor time (its thread), which other programs cannot inflate
    zooms: list[float]
    commands: int = 0
    games: int = 0


class ScriptedPlayer:
    """A player at the mouse: hovers around its creature, then clicks an enemy in reach, else a square towards
    the nearest enemy, else presses Enter; answers prompts with Y, places forced moves with Enter."""

    def __init__(self, side: str, seed: int) -> None:
        self.side = side
        self.rng = random.Random(seed)
        self.waited = 0              # frames since its turn (or its last command) began
        self.seen = -1               # the record's length when it last acted
        self.moved_turn: object = None

    def post(self, scene: BattleScene, frame: int) -> None:
        """The input events of this frame, posted to pygame's queue before the frame runs."""
        state = scene.state
        if frame % HOVER_EVERY == 0:
            self._hover(scene)
        if state.outcome is not None or scene._computer() is not None or scene.animator.busy:
            self.waited = 0
            return
        if len(scene.match.record) != self.seen:
            self.seen, self.waited = len(scene.match.record), 0
        self.waited += 1
        if self.waited < THINK_FRAMES or self.waited % THINK_FRAMES:
            return
        if self.waited >= STUCK_FRAMES:
            _key(pygame.K_RETURN)
        elif state.offer is not None:
            _key(pygame.K_y)
        elif scene.popup is not None:
            _key(pygame.K_1)
        elif scene.handover is not None or state.pending_forced is not None:
            _key(pygame.K_RETURN)
        elif scene.targets and state.turn.actions.standard and self.waited == THINK_FRAMES:
            enemy = min(scene.targets, key=lambda e: (chebyshev(state.square(e), state.square(scene.actor)), e))
            self._click(scene, state.square(enemy))
        elif scene.walk is not None and self.moved_turn != scene._turn_mark() and self.waited <= 2 * THINK_FRAMES:
            self.moved_turn = scene._turn_mark()
            self._click(scene, self._towards_enemy(scene))
        else:
            _key(pygame.K_RETURN)

    def _hover(self, scene: BattleScene) -> None:
        x, y = scene.state.square(scene.actor)
        square = (x + self.rng.randint(-6, 6), y + self.rng.randint(-6, 6))
        rect = scene.view.square_rect(square)
        if scene.map_rect.collidepoint(rect.center):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))

    def _towards_enemy(self, scene: BattleScene) -> Square:
        state = scene.state
        enemies = [state.square(e) for e in state.standing() if state.are_enemies(scene.actor, e)]
        assert scene.walk is not None
        return min(scene.walk.endable, key=lambda s: (min((chebyshev(s, e) for e in enemies), default=0), s))

    def _click(self, scene: BattleScene, square: Square) -> None:
        if not scene.map_rect.collidepoint(scene.view.square_rect(square).center):
            scene.view.keep_in_view(square)       # the player scrolls there first
        pos = scene.view.square_rect(square).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _wheel(scene: BattleScene, up: bool) -> None:
    pos = scene.map_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if up else -1, flipped=False))
    _MOUSE[:] = pos          # the dummy video driver has no mouse: the wheel is read where the bench put it


_MOUSE = [0, 0]


def _mouse_position() -> tuple[int, int]:
    return _MOUSE[0], _MOUSE[1]


def open_scene(map_path: Path, player: str | None, arena: bool) -> Game:
    """The real Game straight into a skirmish on ``map_path`` where the computer plays every side but ``player``."""
    rosters = list(shared().rosters) if arena else ruleset("4e").load_rosters()
    computer = {r.side: "normal" for r in rosters if r.side != player}
    if arena:
        with mock.patch.object(ruleset("4e"), "load_rosters", lambda creatures=None: list(rosters)):
            return Game(map_path, SEED, WINDOW, computer=computer)
    return Game(map_path, SEED, WINDOW, computer=computer)


def play(map_path: Path, scripted: bool, arena: bool, seconds: float) -> Tally:
    """Run the loop for ``seconds`` of game time paced at 60 Hz, timing each ``Game.frame``."""
    side = "blue" if scripted else None
    game = open_scene(map_path, side, arena)
    player = ScriptedPlayer(side, SEED) if side else None
    tally = Tally([], [], [])
    restarting = False
    deadline = time.perf_counter()
    mouse = mock.patch.object(pygame.mouse, "get_pos", _mouse_position)
    mouse.start()
    try:
        for frame in range(int(seconds * HZ)):
            scene = game.scene
            assert isinstance(scene, BattleScene), f"the loop left the battle for {type(scene).__name__}"
            zoomed = False
            if scene.state.outcome is not None and not scene.animator.busy:
                if not restarting:
                    _key(pygame.K_r)            # play again: a new skirmish, the seed one on
                    restarting, tally.games = True, tally.games + 1
            elif player is not None:
                player.post(scene, frame)
                if frame % ZOOM_EVERY == ZOOM_EVERY // 2:
                    _wheel(scene, up=(frame // ZOOM_EVERY) % 2 == 0)
                    zoomed = True
            before = len(scene.match.record)
            start, start_cpu = time.perf_counter(), time.thread_time()
            assert game.frame()
            spent = (time.perf_counter() - start) * 1000
            spent_cpu = (time.thread_time() - start_cpu) * 1000
            if game.scene is not scene:        # the frame that builds the next skirmish is a loading screen, not play
                restarting = False
                continue
            tally.commands += len(scene.match.record) - before
            tally.frames.append(spent)
            tally.cpu.append(spent_cpu)
            if zoomed:
                tally.zooms.append(spent)
            deadline += 1 / HZ
            pause = deadline - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            else:
                deadline = time.perf_counter()      # a late frame: the display waits for its next refresh
    finally:
        mouse.stop()
        pygame.quit()
    return tally


def line(name: str, tally: Tally) -> dict[str, Any]:
    frames = tally.frames
    result: dict[str, Any] = {
        "name": name, "unit": "ms", "median": significant(statistics.median(frames)),
        "p99": significant(percentile(frames, 0.99)), "max": significant(max(frames)), "n": len(frames),
        "over_16ms": sum(f > FRAME_BUDGET_MS for f in frames),
    }
    if tally.zooms:
        result["zoom_max"] = significant(max(tally.zooms))
    # On a shared machine the wall clock also counts time the system gave to other programs: the frame's own
    # processor time says what the game asked of it.
    result["cpu_p99"] = significant(percentile(tally.cpu, 0.99))
    result["cpu_max"] = significant(max(tally.cpu))
    result["cpu_over_16ms"] = sum(c > FRAME_BUDGET_MS for c in tally.cpu)
    return result


SCENES = (
    ("four_banners.computer", False, False),
    ("four_banners.player", True, False),
    ("arena.computer", False, True),
    ("arena.player", True, True),
)


def play_frames(iterations: int) -> list[dict[str, Any]]:
    """One line per scene; ``iterations`` is seconds of game time per scene (60 for a full run). The autosaves
    and settings go to a scratch folder, never the player's."""
    lines = []
    for name, scripted, arena in SCENES:
        with tempfile.TemporaryDirectory(prefix="bench-play-") as home, \
                mock.patch.dict(os.environ, {"XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}):
            tally = play(shared().map_path if arena else FOUR_BANNERS, scripted, arena, iterations)
            finish(timeout=60)      # the last autosave is written into the scratch folder before it is removed
        print(f"bench: play_frames.{name}: {len(tally.frames)} frames, {tally.commands} commands, "
              f"{tally.games} games ended, {len(tally.zooms)} zoom steps", file=sys.stderr)
        lines.append(line(f"play_frames.{name}", tally))
    return lines
