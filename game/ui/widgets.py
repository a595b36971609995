"""Small drawing helpers for panels, text, bars and buttons."""

from __future__ import annotations

import pygame

from game.render import palette


class Fonts:
    def __init__(self) -> None:
        self.badge = pygame.font.Font(None, 15)
        self.tiny = pygame.font.Font(None, 16)
        self.card = pygame.font.Font(None, 18)
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


def hp_bar(screen: pygame.Surface, rect: pygame.Rect, hp: int, max_hp: int, temp: int = 0) -> None:
    """Hit points as a bar; the bloodied half is marked with a notch and the bar turns red there;
    temporary hit points are a pale band laid over the end of it (drawn striped: readable without colour)."""
    pygame.draw.rect(screen, palette.HP_BACK, rect)
    fraction = max(0, min(hp, max_hp)) / max_hp
    bloodied = hp <= max_hp // 2
    fill = rect.copy()
    fill.width = int(rect.width * fraction)
    pygame.draw.rect(screen, palette.HP_BLOODIED if bloodied else palette.HP_GOOD, fill)
    if temp > 0:
        band = rect.copy()
        band.width = max(2, int(rect.width * min(temp, max_hp) / max_hp))
        band.x = min(fill.right, rect.right - band.width)
        pygame.draw.rect(screen, palette.TEMP_HP, band)
        for x in range(band.x, band.right, 4):
            pygame.draw.line(screen, (255, 255, 255), (x, band.bottom - 1), (min(x + 2, band.right - 1), band.top))
    notch = rect.x + rect.width * (max_hp // 2) // max_hp
    pygame.draw.line(screen, (0, 0, 0), (notch, rect.top), (notch, rect.bottom - 1))
    pygame.draw.rect(screen, (0, 0, 0), rect, 1)


def fit(font: pygame.font.Font, words: str, width: int) -> str:
    """The words, cut with an ellipsis to fit ``width`` pixels."""
    if font.size(words)[0] <= width:
        return words
    while words and font.size(words + "...")[0] > width:
        words = words[:-1]
    return words.rstrip() + "..."


def key_cap(screen: pygame.Surface, font: pygame.font.Font, key: str, topleft: tuple[int, int],
            dim: bool = False) -> pygame.Rect:
    """A keyboard key drawn as a small box with its letter: how the bar shows its shortcuts."""
    image = rendered(font, key, palette.TEXT_DIM if dim else (20, 20, 24))
    rect = pygame.Rect(topleft, (max(14, image.get_width() + 6), image.get_height() + 4))
    pygame.draw.rect(screen, (70, 72, 88) if dim else (225, 222, 205), rect, border_radius=3)
    screen.blit(image, image.get_rect(center=rect.center))
    return rect


def wrap_lines(font: pygame.font.Font, words: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words.split():
        trial = f"{current} {word}".strip()
        if font.size(trial)[0] <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def button(screen: pygame.Surface, font: pygame.font.Font, rect: pygame.Rect, label: str, hot: bool) -> None:
    pygame.draw.rect(screen, (70, 90, 130) if hot else (50, 55, 70), rect, border_radius=6)
    pygame.draw.rect(screen, palette.TEXT if hot else palette.PANEL_EDGE, rect, 2, border_radius=6)
    text(screen, font, label, rect.center, anchor="center")
