"""The combat log on screen: two tabs, the plain-language log and the dice log, newest at the bottom,
scrollable with the wheel; every entry keeps the rule it follows, shown when the mouse rests on it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _, ngettext, translate
from game.render import palette
from game.ui.widgets import panel, rendered, text, wrap_lines

TABS = (("combat", N_("Combat log")), ("dice", N_("Dice log")))


@dataclass(frozen=True)
class LogEntry:
    words: str
    rule: str          # e.g. "4e §9.2"; "" when the entry follows no one rule


class LogPanel:
    def __init__(self, font: pygame.font.Font, width: int) -> None:
        self.font = font
        self.width = width
        self.tab = "combat"
        self.entries: dict[str, list[LogEntry]] = {name: [] for name, _ in TABS}
        self.wrapped: dict[str, list[tuple[str, int]]] = {name: [] for name, _ in TABS}   # line, its entry's index
        self.scroll = 0                  # lines scrolled up from the newest
        self.tab_rects: list[tuple[pygame.Rect, str]] = []
        self.line_rects: list[tuple[pygame.Rect, LogEntry]] = []   # the lines drawn last, for the hover

    @property
    def lines(self) -> list[str]:
        """The combat log's lines, wrapped to the panel's width."""
        return [line for line, _ in self.wrapped["combat"]]

    def add(self, entry: str, rule: str = "") -> None:
        self._add("combat", entry, rule)

    def add_dice(self, entry: str, rule: str = "") -> None:
        self._add("dice", entry, rule)

    def _add(self, tab: str, words: str, rule: str) -> None:
        index = len(self.entries[tab])
        self.entries[tab].append(LogEntry(words, rule))
        self.wrapped[tab].extend((line, index) for line in wrap_lines(self.font, words, self.width))
        if tab == self.tab:
            self.scroll = 0

    def on_scroll(self, lines: int) -> None:
        self.scroll = max(0, self.scroll + lines)

    def switch(self, tab: str | None = None) -> None:
        """Show ``tab``, or the other tab when None."""
        names = [name for name, _ in TABS]
        self.tab = tab if tab is not None else names[(names.index(self.tab) + 1) % len(names)]
        self.scroll = 0

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a tab switches to it; True when the click was on one."""
        for rect, name in self.tab_rects:
            if rect.collidepoint(pos):
                self.switch(name)
                return True
        return False

    def entry_at(self, pos: tuple[int, int] | None) -> LogEntry | None:
        if pos is None:
            return None
        return next((entry for rect, entry in self.line_rects if rect.collidepoint(pos)), None)

    def draw(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        line_height = self.font.get_linesize()
        tab_height = line_height + 8
        self.tab_rects = []
        x = rect.x + 4
        for name, label in TABS:
            words = _("{tab}  [F3]").format(tab=_(label)) if name != self.tab else _(label)
            tab = pygame.Rect(x, rect.y + 4, self.font.size(words)[0] + 16, tab_height - 4)
            chosen = name == self.tab
            pygame.draw.rect(screen, palette.CARD_CHOSEN if chosen else palette.CARD, tab, border_radius=4)
            # The open tab is outlined and underlined: which one is open reads without colour.
            pygame.draw.rect(screen, palette.SELECT if chosen else palette.PANEL_EDGE, tab, 2 if chosen else 1,
                             border_radius=4)
            text(screen, self.font, words, tab.center, palette.TEXT if chosen else palette.TEXT_DIM, "center")
            self.tab_rects.append((tab, name))
            x = tab.right + 4
        body = pygame.Rect(rect.x, rect.y + tab_height + 2, rect.width, rect.height - tab_height - 2)
        wrapped = self.wrapped[self.tab]
        entries = self.entries[self.tab]
        visible = max(1, (body.height - 12) // line_height)
        self.scroll = min(self.scroll, max(0, len(wrapped) - visible))
        end = len(wrapped) - self.scroll
        shown = wrapped[max(0, end - visible):end]
        y = body.bottom - 6 - line_height * len(shown)
        self.line_rects = []
        newest = len(entries) - 1
        for line, index in shown:
            colour = palette.TEXT if index == newest and self.scroll == 0 else palette.TEXT_DIM
            image = rendered(self.font, line, colour)
            screen.blit(image, (body.x + 8, y))
            self.line_rects.append((pygame.Rect(body.x, y, body.width, line_height), entries[index]))
            y += line_height
        if self.scroll:
            text(screen, self.font, ngettext("(scrolled up {n} line)", "(scrolled up {n} lines)", self.scroll).format(
                n=self.scroll), (body.x + 8, body.y + 2), palette.TEXT_DIM)
        if not shown and self.tab == "dice":
            text(screen, self.font, _("No rolls yet."), (body.x + 8, body.y + 4), palette.TEXT_DIM)

    def tooltip(self, fonts_small: pygame.font.Font, pos: tuple[int, int] | None,
                bounds: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The rule of the entry under the mouse, as a small box beside it (None when there is none)."""
        if pos is None:
            return None
        found = next(((rect, entry) for rect, entry in self.line_rects if rect.collidepoint(pos)), None)
        if found is None or not found[1].rule:
            return None
        line, entry = found
        # Above the entry's first line, so the words it explains stay in view.
        top = min(rect.top for rect, shown in self.line_rects if shown is entry)
        words = _("Rule: {rule}").format(rule=translate(entry.rule))    # a ruleset's Lazy rule, in the chosen language
        size = fonts_small.size(words)
        box = pygame.Rect(0, 0, size[0] + 16, size[1] + 10)
        box.bottomright = (line.right - 4, top - 2)
        box.clamp_ip(bounds)
        image = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(image, image.get_rect(), (26, 27, 36))
        text(image, fonts_small, words, (8, 5))
        return image, box
