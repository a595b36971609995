"""The hot-seat hand-over: a full screen that hides the battlefield while the machine passes to the next player.
Its Menu button (and Esc, F5) still save: a save shows nothing of the board."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, name
from game.render import palette
from game.ui.widgets import Fonts, button, fit, text

MENU_WORDS = N_("Menu  [Esc]")


def menu_button_rect(fonts: Fonts, area: pygame.Rect) -> pygame.Rect:
    """The Menu button at the top right of ``area``, sized from its words (the battle banner has the same one)."""
    width, height = fonts.small.size(_(MENU_WORDS))
    rect = pygame.Rect(0, 0, width + 24, min(area.height - 6, height + 10))
    rect.midright = (area.right - 8, area.y + (area.height - 4) // 2)
    return rect


def draw_handover(screen: pygame.Surface, fonts: Fonts, label: str, side_colour: tuple[int, int, int],
                  reason: str, hover: tuple[int, int] | None = None, notice: str = "") -> pygame.Rect:
    """Cover the whole screen (nothing of the board shows through) with whose turn it is and how to go on, and
    ``notice`` below (what a save did); returns the Menu button's rect (the pause menu: save, load, settings)."""
    screen.fill(palette.BACKGROUND)
    width, height = screen.get_size()
    dark = (side_colour[0] // 4, side_colour[1] // 4, side_colour[2] // 4)
    band = pygame.Rect(0, height // 2 - 130, width, 260)
    pygame.draw.rect(screen, dark, band)
    # Thick stripes above and below in the side's colour, and the side named in words: readable without colour.
    pygame.draw.rect(screen, side_colour, (0, band.top, width, 8))
    pygame.draw.rect(screen, side_colour, (0, band.bottom - 8, width, 8))
    y = band.top + 28
    label = name(label)
    text(screen, fonts.huge, label, (width // 2, y), palette.TEXT, "midtop")
    y += fonts.huge.get_linesize() + 10
    text(screen, fonts.title, _("Pass the machine to the player of the {side}.").format(side=label), (width // 2, y),
         palette.TEXT, "midtop")
    y += fonts.title.get_linesize() + 10
    text(screen, fonts.body, reason, (width // 2, y), palette.TEXT_DIM, "midtop")
    text(screen, fonts.title, _("Click or press Enter when ready"), (width // 2, band.bottom - 28), side_colour,
         "midbottom")
    if notice:
        text(screen, fonts.body, fit(fonts.body, notice, width - 40), (width // 2, band.bottom + 24), palette.TEXT,
             "midtop")
    menu = menu_button_rect(fonts, pygame.Rect(0, 0, width, fonts.small.get_linesize() + 24))
    button(screen, fonts.small, menu, _(MENU_WORDS), hover is not None and menu.collidepoint(hover))
    return menu
