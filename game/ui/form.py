"""Keyboard-and-mouse forms for the menus: fixed navigation keys, a focus that moves through the controls,
and controls drawn with a thick outline when focused (readable without colour)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.input.intents import Intent, Key, translate
from game.render import palette
from game.ui.widgets import fit, text

# The menus' own keys, fixed whatever the player rebinds for the battle, so a binding can never lock them out.
MENU_KEYS: dict[int, str] = {
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_ESCAPE: "back",
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_TAB: "next", pygame.K_BACKSPACE: "backspace", pygame.K_DELETE: "delete",
    **{getattr(pygame, f"K_{n}"): f"choice{n}" for n in range(10)},
    **{getattr(pygame, f"K_KP{n}"): f"choice{n}" for n in range(10)},
}


def translate_menu(event: pygame.event.Event) -> Intent | None:
    """A menu's intent: the fixed keys above (Shift+Tab goes back), anything else as the battle reads it."""
    if event.type == pygame.KEYDOWN and event.key in MENU_KEYS:
        action = MENU_KEYS[event.key]
        if action == "next" and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            action = "previous"
        return Key(action)
    return translate(event)


@dataclass(frozen=True)
class Control:
    """One focusable thing on a form: ``item`` names it to its form, ``rect`` is where it was last drawn."""
    item: tuple[object, ...]
    rect: pygame.Rect


class Focus:
    """Which control of a form has the keyboard; the controls are listed anew each frame, in reading order."""

    def __init__(self, item: tuple[object, ...] | None = None) -> None:
        self.item = item
        self.controls: list[Control] = []

    def begin(self) -> None:
        self.controls = []

    def add(self, item: tuple[object, ...], rect: pygame.Rect) -> bool:
        """Register a control as drawn; True when it has the focus (the first one does if none has)."""
        self.controls.append(Control(item, rect))
        if self.item is None:
            self.item = item
        return self.item == item

    def step(self, steps: int) -> None:
        items = [c.item for c in self.controls]
        if not items:
            return
        index = items.index(self.item) if self.item in items else 0
        self.item = items[(index + steps) % len(items)]

    def at(self, pos: tuple[int, int]) -> tuple[object, ...] | None:
        return next((c.item for c in self.controls if c.rect.collidepoint(pos)), None)

    def settle(self) -> None:
        """After a frame, keep the focus on a control that still exists."""
        if self.controls and self.item not in [c.item for c in self.controls]:
            self.item = self.controls[0].item


def draw_control(screen: pygame.Surface, font: pygame.font.Font, rect: pygame.Rect, words: str, focused: bool,
                 hot: bool = False, chosen: bool = False, arrows: bool = False,
                 colour: tuple[int, int, int] = palette.TEXT) -> None:
    """A button or a value chooser (``arrows``: "<" and ">" either side, as the left and right keys change it).
    Focused: a thick light outline; chosen: filled brighter and outlined too."""
    fill = palette.CARD_CHOSEN if chosen else (palette.CARD_HOT if hot or focused else palette.CARD)
    pygame.draw.rect(screen, fill, rect, border_radius=6)
    pygame.draw.rect(screen, palette.SELECT if focused else palette.PANEL_EDGE, rect, 3 if focused else 1,
                     border_radius=6)
    inner = rect.inflate(-16, 0)
    if arrows:
        text(screen, font, "<", (rect.x + 8, rect.centery), palette.TEXT_DIM, "midleft")
        text(screen, font, ">", (rect.right - 8, rect.centery), palette.TEXT_DIM, "midright")
        inner = rect.inflate(-40, 0)
    text(screen, font, fit(font, words, inner.width), rect.center, colour, "center")
