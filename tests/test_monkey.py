"""Random mouse and keys through the real loop, headless: from the start menu or straight into a 4e or 5e
skirmish, every screen takes whatever a restless player sends without a traceback, and the battles move on."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from test_game_loop import SteppedClock  # noqa: E402

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))
WINDOW = (1280, 720)
FRAMES = 1500
KEYS = ([pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
         pygame.K_DOWN, pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F9, pygame.K_F10, pygame.K_BACKSPACE,
         pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET, pygame.K_y, pygame.K_n, pygame.K_m, pygame.K_r, pygame.K_c]
        + [getattr(pygame, f"K_{n}") for n in range(10)]
        + [getattr(pygame, f"K_{letter}") for letter in "abdefghijklopstuvwxz"])


def post_random_input(rng: random.Random, scene: object) -> None:
    """Up to two things a player might do this frame: click, move the mouse, turn the wheel or press a key."""
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        roll = rng.random()
        pos = (rng.randrange(WINDOW[0]), rng.randrange(WINDOW[1]))
        if roll < 0.55:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if roll < 0.35:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif 0.55 <= roll < 0.6:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
        elif roll >= 0.6:
            key = rng.choice(KEYS)
            if key in (pygame.K_ESCAPE, pygame.K_q) and isinstance(scene, MenuScene):
                continue               # Esc on the start menu quits, which would end the run early
            mod = pygame.KMOD_CTRL if rng.random() < 0.03 else 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def play_randomly(game: Game, rng: random.Random) -> set[int]:
    """FRAMES frames of random input; the sizes of the command records of the battles seen on the way."""
    recorded: set[int] = set()
    for _ in range(FRAMES):
        post_random_input(rng, game.scene)
        assert game.frame(), "only Esc on the start menu quits, and it is never sent there"
        if isinstance(game.scene, BattleScene):
            recorded.add(len(game.scene.match.record))
    pygame.event.clear()
    return recorded


@pytest.mark.parametrize("seed", [1, 2])
def test_random_clicks_and_keys_from_the_start_menu_never_crash(seed):
    game = Game(None, None, WINDOW, loop=FixedStepLoop(SteppedClock()))
    try:
        play_randomly(game, random.Random(seed))
    finally:
        pygame.quit()


@pytest.mark.parametrize("ruleset", ["4e", "5e-house"])
def test_random_clicks_and_keys_in_a_skirmish_never_crash_and_commands_go_through(ruleset):
    rng = random.Random(ruleset)
    game = Game(rng.choice(MAPS), 7, WINDOW, loop=FixedStepLoop(SteppedClock()), computer={"red": "normal"},
                ruleset=ruleset)
    try:
        recorded = play_randomly(game, rng)
    finally:
        pygame.quit()
    assert max(recorded) >= 10      # the random player and the computer got commands through the door
