"""Turn raw pygame events into intents the battle screen understands (mouse and keys)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Click:
    pos: tuple[int, int]
    button: int


@dataclass(frozen=True)
class Hover:
    pos: tuple[int, int]


@dataclass(frozen=True)
class Scroll:
    pos: tuple[int, int]
    lines: int


@dataclass(frozen=True)
class Key:
    action: str


@dataclass(frozen=True)
class Quit:
    pass


Intent = Click | Hover | Scroll | Key | Quit

KEY_ACTIONS: dict[int, str] = {
    pygame.K_ESCAPE: "cancel",
    pygame.K_RETURN: "end_turn",
    pygame.K_KP_ENTER: "end_turn",
    pygame.K_TAB: "cycle",
    pygame.K_SPACE: "skip",
    pygame.K_c: "centre",
    pygame.K_r: "play_again",
    pygame.K_q: "quit",
    pygame.K_y: "yes",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_m: "menu",
    pygame.K_n: "no",
    **{getattr(pygame, f"K_{n}"): f"choice{n}" for n in range(10)},
    # The battle screen's action row: every letter not taken above arrives as Key("letter_x").
    **{getattr(pygame, f"K_{letter}"): f"letter_{letter}" for letter in "abdefghijklopstuvwxz"},
}

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
}


def translate(event: pygame.event.Event) -> Intent | None:
    if event.type == pygame.QUIT:
        return Quit()
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return Click(event.pos, event.button)
    if event.type == pygame.MOUSEMOTION:
        return Hover(event.pos)
    if event.type == pygame.MOUSEWHEEL:
        return Scroll(pygame.mouse.get_pos(), event.y)
    if event.type == pygame.KEYDOWN and event.key in KEY_ACTIONS:
        return Key(KEY_ACTIONS[event.key])
    return None


def pan_direction() -> tuple[int, int]:
    """The camera pan asked for by the arrow keys held down right now."""
    pressed = pygame.key.get_pressed()
    dx = sum(d[0] for k, d in PAN_KEYS.items() if pressed[k])
    dy = sum(d[1] for k, d in PAN_KEYS.items() if pressed[k])
    return dx, dy
