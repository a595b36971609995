"""The application: a fixed-timestep loop that updates rules-free animation at a steady rate and draws as often as it can."""

from __future__ import annotations

import os
import time
import warnings
from pathlib import Path
from typing import Callable

import pygame

from game.content.roster import ContentError
from game.input.intents import Quit, translate
from game.maps.catalog import list_maps, user_maps_dir
from game.maps.loader import MapError
from game.match import SetupError
from game.render.map_view import AssetError
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene
from game.ui.widgets import Fonts

FIXED_STEP = 1 / 60          # seconds of game time per update
MAX_FRAME_TIME = 0.25        # clamp a long frame so updates never spiral (the "spiral of death")
MAX_UPDATES_PER_FRAME = 15
FPS_CEILING = 240            # when the display gives no vsync, do not spin the CPU flat out
TITLE = "Grid Skirmish"


class StartupError(RuntimeError):
    """The game cannot start (bad map, missing art, no display); the message is one line."""


class FixedStepLoop:
    """Accumulates real time from a high-resolution clock and spends it in fixed update steps."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, step: float = FIXED_STEP) -> None:
        self.clock = clock
        self.step = step
        self.accumulator = 0.0
        self.last = clock()

    def tick(self) -> int:
        """How many fixed updates to run for the time since the last frame."""
        now = self.clock()
        elapsed = min(now - self.last, MAX_FRAME_TIME)
        self.last = now
        self.accumulator += elapsed
        steps = 0
        while self.accumulator >= self.step and steps < MAX_UPDATES_PER_FRAME:
            self.accumulator -= self.step
            steps += 1
        if steps == MAX_UPDATES_PER_FRAME:
            self.accumulator = 0.0
        return steps


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """A window synced to the display when the driver can, otherwise a plain one."""
    pygame.display.set_caption(TITLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pygame warns when it falls back from vsync; that is fine
        try:
            return pygame.display.set_mode(size, vsync=1)
        except pygame.error:
            return pygame.display.set_mode(size)


def new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


class Game:
    """The window, the current scene and the fixed-step loop; ``frame`` runs one pass of the loop.

    With a map it goes straight into the skirmish; without one it opens the map menu first.
    """

    def __init__(self, map_path: Path | None, seed: int | None, window: tuple[int, int],
                 loop: FixedStepLoop | None = None, computer: dict[str, str] | None = None) -> None:
        try:
            pygame.display.init()
            pygame.font.init()
            self.screen = open_window(window)
        except pygame.error as err:
            raise StartupError(f"cannot open a window: {err}") from None
        self.window, self.map_path, self.seed = window, map_path, seed
        self.surprised: tuple[str, ...] | None = None   # sides caught unaware, from the menu (None: the map's, 4e §2.3)
        self.computer: dict[str, str] = dict(computer or {})   # side -> level, for the sides the computer plays
        self.fonts = Fonts()
        self.scene: BattleScene | MenuScene = self._new_scene() if map_path is not None else self._menu()
        self.loop = loop or FixedStepLoop()
        self.frames_drawn = 0

    def _new_scene(self) -> BattleScene:
        assert self.map_path is not None
        try:
            return BattleScene(self.window, self.map_path, new_seed() if self.seed is None else self.seed, self.fonts,
                               surprised=self.surprised, computer=self.computer)
        except (MapError, AssetError, ContentError, SetupError) as err:
            raise StartupError(str(err)) from None

    def _menu(self) -> MenuScene:
        return MenuScene(self.window, self.fonts, list_maps(), user_maps_dir())

    def _start_chosen(self, menu: MenuScene) -> None:
        """Open the map chosen in the menu; a map that cannot be played stays a message on the menu."""
        previous = self.map_path
        self.map_path, self.surprised, self.computer = menu.chosen, menu.surprised, menu.computer
        try:
            self.scene = self._new_scene()
        except StartupError as err:
            self.map_path = previous
            menu.message = f"Cannot play that map: {err}"

    def frame(self) -> bool:
        """Handle input, run the fixed updates that are due, draw once. False when the player quits."""
        for event in pygame.event.get():
            intent = translate(event)
            if intent is None:
                continue
            outcome = "quit" if isinstance(intent, Quit) else self.scene.handle(intent)
            if outcome == "quit":
                return False
            if outcome == "play_again":
                # A fixed seed moves on by one, so the rematch is new but still repeatable.
                self.seed = None if self.seed is None else self.seed + 1
                self.scene = self._new_scene()
            elif outcome == "menu":
                self.scene = self._menu()
            elif outcome == "start" and isinstance(self.scene, MenuScene):
                self._start_chosen(self.scene)
        for _ in range(self.loop.tick()):
            self.scene.update()
        self.scene.draw(self.screen)
        pygame.display.flip()
        self.frames_drawn += 1
        return True

    def save_screenshot(self, path: Path) -> None:
        pygame.image.save(self.screen, str(path))


def run_game(map_path: Path | None, seed: int | None, window: tuple[int, int], max_frames: int | None = None,
             screenshot: Path | None = None, computer: dict[str, str] | None = None) -> int:
    """Open the window and play skirmishes until the player quits; returns the exit status.

    ``map_path`` None opens the map menu first; ``computer``: the sides the computer plays, with its level.
    """
    try:
        game = Game(map_path, seed, window, computer=computer)
        pacer = pygame.time.Clock()
        while game.frame():
            if max_frames is not None and game.frames_drawn >= max_frames:
                break
            pacer.tick(FPS_CEILING)
        if screenshot is not None:
            game.save_screenshot(screenshot)
        return 0
    finally:
        pygame.quit()
