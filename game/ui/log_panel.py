"""The combat log on screen: plain-language lines, newest at the bottom, scrollable with the wheel."""

from __future__ import annotations

import pygame

from game.render import palette
from game.ui.widgets import wrap_lines


class LogPanel:
    def __init__(self, font: pygame.font.Font, width: int) -> None:
        self.font = font
        self.width = width
        self.lines: list[str] = []   # every entry, already wrapped to the panel's width
        self.scroll = 0              # lines scrolled up from the newest

    def add(self, entry: str) -> None:
        self.lines.extend(wrap_lines(self.font, entry, self.width))
        self.scroll = 0

    def on_scroll(self, lines: int) -> None:
        self.scroll = max(0, self.scroll + lines)

    def draw(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        line_height = self.font.get_linesize()
        wrapped = self.lines
        visible = max(1, (rect.height - 12) // line_height)
        self.scroll = min(self.scroll, max(0, len(wrapped) - visible))
        end = len(wrapped) - self.scroll
        shown = wrapped[max(0, end - visible):end]
        y = rect.bottom - 6 - line_height * len(shown)
        for index, line in enumerate(shown):
            colour = palette.TEXT if index == len(shown) - 1 and self.scroll == 0 else palette.TEXT_DIM
            screen.blit(self.font.render(line, True, colour), (rect.x + 8, y))
            y += line_height
        if self.scroll:
            screen.blit(self.font.render(f"(scrolled up {self.scroll} lines)", True, palette.TEXT_DIM), (rect.x + 8, rect.y + 4))
