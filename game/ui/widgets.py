"""Small drawing helpers for panels, text, bars and buttons."""

from __future__ import annotations

import pygame

from game.render import palette


class Fonts:
    def __init__(self) -> None:
        self.small = pygame.font.Font(None, 20)
        self.body = pygame.font.Font(None, 24)
        self.title = pygame.font.Font(None, 32)
        self.huge = pygame.font.Font(None, 64)


_RENDERED: dict[tuple[pygame.font.Font, str, tuple[int, int, int]], pygame.Surface] = {}
RENDER_CACHE_LIMIT = 1024


def rendered(font: pygame.font.Font, words: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """The image of a line of text, kept between frames: most lines on screen do not change."""
    key = (font, words, colour)
    image = _RENDERED.get(key)
    if image is None:
        if len(_RENDERED) >= RENDER_CACHE_LIMIT:
            _RENDERED.clear()
        image = _RENDERED[key] = font.render(words, True, colour)
    return image


def text(screen: pygame.Surface, font: pygame.font.Font, words: str, pos: tuple[int, int],
         colour: tuple[int, int, int] = palette.TEXT, anchor: str = "topleft") -> pygame.Rect:
    image = rendered(font, words, colour)
    rect = image.get_rect(**{anchor: pos})
    screen.blit(image, rect)
    return rect


def panel(screen: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = palette.PANEL) -> None:
    pygame.draw.rect(screen, fill, rect, border_radius=6)
    pygame.draw.rect(screen, palette.PANEL_EDGE, rect, 1, border_radius=6)


def hp_bar(screen: pygame.Surface, rect: pygame.Rect, hp: int, max_hp: int) -> None:
    """Hit points as a bar; the bloodied half is marked with a notch and the bar turns red there."""
    pygame.draw.rect(screen, palette.HP_BACK, rect)
    fraction = max(0, min(hp, max_hp)) / max_hp
    bloodied = hp <= max_hp // 2
    fill = rect.copy()
    fill.width = int(rect.width * fraction)
    pygame.draw.rect(screen, palette.HP_BLOODIED if bloodied else palette.HP_GOOD, fill)
    notch = rect.x + rect.width * (max_hp // 2) // max_hp
    pygame.draw.line(screen, (0, 0, 0), (notch, rect.top), (notch, rect.bottom - 1))
    pygame.draw.rect(screen, (0, 0, 0), rect, 1)


def button(screen: pygame.Surface, font: pygame.font.Font, rect: pygame.Rect, label: str, hot: bool) -> None:
    pygame.draw.rect(screen, (70, 90, 130) if hot else (50, 55, 70), rect, border_radius=6)
    pygame.draw.rect(screen, palette.TEXT if hot else palette.PANEL_EDGE, rect, 2, border_radius=6)
    text(screen, font, label, rect.center, anchor="center")
