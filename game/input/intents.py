"""Turn raw pygame events into intents the battle screen understands (mouse and keys)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Click:
    pos: tuple[int, int]
    button: int


@dataclass(frozen=True)
class Release:
    """A mouse button let go (the end of a middle-button drag)."""

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


Intent = Click | Release | Hover | Scroll | Key | Quit
OFF_SCREEN = (-1, -1)     # where the mouse is once it has left the window

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
    pygame.K_F2: "cover_lines",
    pygame.K_RIGHTBRACKET: "next_target",
    pygame.K_LEFTBRACKET: "previous_target",
    pygame.K_F3: "log_tab",
    pygame.K_F5: "save",
    pygame.K_F9: "quickload",
    pygame.K_F10: "settings",
    pygame.K_F7: "mute_music",
    pygame.K_F8: "mute",
    pygame.K_BACKSPACE: "rewind",
    **{getattr(pygame, f"K_{n}"): f"choice{n}" for n in range(10)},
    # The battle screen's action row: every letter not taken above arrives as Key("letter_x").
    **{getattr(pygame, f"K_{letter}"): f"letter_{letter}" for letter in "abdefghijklopstuvwxz"},
}

# Ctrl with a letter: the usual shortcuts to save and to undo (a take-back), besides F5 and Backspace.
CTRL_ACTIONS: dict[int, str] = {pygame.K_s: "save", pygame.K_z: "rewind"}

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
}

# The shipped bindings; bind() rebuilds KEY_ACTIONS from these and the player's overrides (game.settings).
DEFAULT_KEY_ACTIONS: dict[int, str] = dict(KEY_ACTIONS)
FIXED_ACTIONS = ("left", "right", "up", "down")     # the arrows also pan the camera (PAN_KEYS): not rebound


def rebindable_actions() -> list[str]:
    """The actions a player may move to another key, in the order of the shipped bindings: not the arrows,
    the digits of a popup or the letters of the action row, which are positional."""
    named = [a for a in DEFAULT_KEY_ACTIONS.values()
             if a not in FIXED_ACTIONS and not a.startswith(("choice", "letter_"))]
    return list(dict.fromkeys(named))


def key_map(overrides: dict[str, str]) -> tuple[dict[int, str], list[str]]:
    """The shipped bindings with each overridden action moved to its key (a pygame key name): the action's
    default keys no longer trigger it. Also the overrides ignored (an unknown action or key), as "action = 'key'"."""
    keys = dict(DEFAULT_KEY_ACTIONS)
    ignored = []
    allowed = rebindable_actions()
    for action, name in sorted(overrides.items()):
        try:
            key = pygame.key.key_code(name)
        except (ValueError, pygame.error):
            key = None
        if action not in allowed or key is None:
            ignored.append(f"{action} = {name!r}")
            continue
        for old in [k for k, a in keys.items() if a == action]:
            del keys[old]
        keys[key] = action
    return keys, ignored


def bind(overrides: dict[str, str]) -> str:
    """Rebuild KEY_ACTIONS in place (so every reader sees it) from key_map; returns "" or a one-line reason
    naming the overrides that were ignored."""
    keys, ignored = key_map(overrides)
    KEY_ACTIONS.clear()
    KEY_ACTIONS.update(keys)
    return f"key bindings ignored: {', '.join(ignored)}" if ignored else ""


def translate(event: pygame.event.Event) -> Intent | None:
    if event.type == pygame.QUIT:
        return Quit()
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
        return Click(event.pos, event.button)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
        return Release(event.pos, event.button)
    if event.type == pygame.MOUSEMOTION:
        return Hover(event.pos)
    if event.type == pygame.WINDOWLEAVE:
        return Hover(OFF_SCREEN)
    if event.type == pygame.MOUSEWHEEL:
        return Scroll(pygame.mouse.get_pos(), event.y)
    if event.type == pygame.KEYDOWN and getattr(event, "mod", 0) & pygame.KMOD_CTRL and event.key in CTRL_ACTIONS:
        return Key(CTRL_ACTIONS[event.key])
    if event.type == pygame.KEYDOWN and event.key in PAN_KEYS and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
        return None            # Shift with an arrow pans the camera while held (pan_direction), nothing else
    if event.type == pygame.KEYDOWN and event.key in KEY_ACTIONS:
        return Key(KEY_ACTIONS[event.key])
    return None


def pan_direction() -> tuple[int, int]:
    """The camera pan asked for by the arrow keys held down with Shift right now (arrows alone move the map
    cursor, and the camera follows it)."""
    if not pygame.key.get_mods() & pygame.KMOD_SHIFT:
        return 0, 0
    pressed = pygame.key.get_pressed()
    dx = sum(d[0] for k, d in PAN_KEYS.items() if pressed[k])
    dy = sum(d[1] for k, d in PAN_KEYS.items() if pressed[k])
    return dx, dy
