"""The start menu: choose a battlefield from the shipped maps and the player's own maps folder, who plays
(two players, or the computer for one side) and whether the skirmish opens with a surprise round (4e §2.3)."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.content.roster import ContentError, load_rosters
from game.input.intents import Click, Hover, Intent, Key
from game.maps.catalog import MapEntry
from game.render import palette
from game.ui.widgets import Fonts, panel, text

COLUMNS = 3
CARD_W, CARD_H = 300, 236
THUMB_W, THUMB_H = 276, 170
GAP = 24


class MenuScene:
    """Map cards with thumbnails; arrows or the mouse choose, Enter or a click starts the skirmish."""

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, entries: list[MapEntry], user_folder: Path,
                 sides: list[tuple[str, str]] | None = None) -> None:
        """``sides``: (side, label) of the default rosters, for the surprise choice; read from the content
        when None."""
        self.size = screen_size
        self.fonts = fonts
        self.entries = entries
        self.user_folder = user_folder
        self.index = 0
        self.first_row = 0
        self.chosen: Path | None = None
        self.message = ""
        self.hover: tuple[int, int] | None = None
        self.thumbnails = {e.path: _thumbnail(e.thumbnail) for e in entries}
        self.cards: list[tuple[pygame.Rect, int]] = []
        if sides is None:
            try:
                sides = [(r.side, r.label) for r in load_rosters()]
            except ContentError:
                sides = []
        # The surprise round (4e §2.3): as the map's start areas say, nobody, or one side caught unaware.
        self.surprise_options: list[tuple[str, tuple[str, ...] | None]] = [
            ("As the map says", None), ("No surprise", ())] + [
            (f"{label} surprised", (side,)) for side, label in sides]
        self.surprise = 0
        self.surprise_buttons: list[tuple[pygame.Rect, int]] = []
        # Who plays: two players at one machine, or the computer for one side (at normal level).
        self.opponent_options: list[tuple[str, dict[str, str]]] = [("Two players (hot-seat)", {})] + [
            (f"Computer plays the {label}", {side: "normal"}) for side, label in reversed(sides)]
        self.opponent = 0
        self.opponent_buttons: list[tuple[pygame.Rect, int]] = []

    @property
    def surprised(self) -> tuple[str, ...] | None:
        """The sides caught unaware, for new_match(..., surprised=...); None: as the map says."""
        return self.surprise_options[self.surprise][1]

    @property
    def computer(self) -> dict[str, str]:
        """The sides the computer plays, with its level, for BattleScene(..., computer=...)."""
        return dict(self.opponent_options[self.opponent][1])

    @property
    def rows_shown(self) -> int:
        return max(1, (self.size[1] - 190) // (CARD_H + GAP))

    def handle(self, intent: Intent) -> str | None:
        """Returns "start" when a map is chosen (``chosen``), "quit" to leave."""
        if isinstance(intent, Hover):
            self.hover = intent.pos
            for rect, index in self.cards:
                if rect.collidepoint(intent.pos):
                    self.index = index
        elif isinstance(intent, Click) and intent.button == 1:
            for rect, index in self.surprise_buttons:
                if rect.collidepoint(intent.pos):
                    self.surprise = index
                    return None
            for rect, index in self.opponent_buttons:
                if rect.collidepoint(intent.pos):
                    self.opponent = index
                    return None
            for rect, index in self.cards:
                if rect.collidepoint(intent.pos):
                    self.index = index
                    return self._start()
        elif isinstance(intent, Key):
            if intent.action in ("end_turn", "yes"):
                return self._start()
            if intent.action in ("quit", "cancel"):
                return "quit"
            if intent.action == "cycle":
                self.surprise = (self.surprise + 1) % len(self.surprise_options)
                return None
            if intent.action == "letter_o":
                self.opponent = (self.opponent + 1) % len(self.opponent_options)
                return None
            step = {"left": -1, "right": 1, "up": -COLUMNS, "down": COLUMNS}.get(intent.action)
            if step is not None and self.entries:
                self.index = max(0, min(len(self.entries) - 1, self.index + step))
                row = self.index // COLUMNS
                self.first_row = min(max(self.first_row, row - self.rows_shown + 1), row)
        return None

    def _start(self) -> str | None:
        if not self.entries:
            return None
        self.chosen = self.entries[self.index].path
        return "start"

    def update(self) -> None:
        """Nothing moves on its own in the menu."""

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(palette.BACKGROUND)
        width, height = self.size
        text(screen, self.fonts.huge, "Grid Skirmish", (width // 2, 20), anchor="midtop")
        text(screen, self.fonts.body, "Choose a battlefield", (width // 2, 78), palette.TEXT_DIM, "midtop")
        left = (width - (COLUMNS * CARD_W + (COLUMNS - 1) * GAP)) // 2
        self.cards = []
        if not self.entries:
            text(screen, self.fonts.body, "No maps found.", (width // 2, height // 2), anchor="center")
        for index, entry in enumerate(self.entries):
            row, column = divmod(index, COLUMNS)
            if not self.first_row <= row < self.first_row + self.rows_shown:
                continue
            rect = pygame.Rect(left + column * (CARD_W + GAP), 110 + (row - self.first_row) * (CARD_H + GAP), CARD_W, CARD_H)
            self._draw_card(screen, rect, entry, index == self.index)
            self.cards.append((rect, index))
        self.opponent_buttons = self._draw_options(screen, height - 112, "Players (O):",
                                                   [w for w, _ in self.opponent_options], self.opponent)
        self.surprise_buttons = self._draw_options(screen, height - 70, "Surprise round (Tab):",
                                                   [w for w, _ in self.surprise_options], self.surprise)
        footer = self.message or (f"Enter or click: play  ·  arrows: choose  ·  O: players  ·  Tab: surprise  ·  Q: quit  ·  "
                                  f"your own maps go in {self.user_folder}")
        text(screen, self.fonts.small, footer, (width // 2, height - 17),
             palette.HP_BLOODIED if self.message else palette.TEXT_DIM, "center")

    def _draw_options(self, screen: pygame.Surface, y: int, caption: str, labels: list[str],
                      chosen_index: int) -> list[tuple[pygame.Rect, int]]:
        """One row of toggle buttons; the chosen one is outlined thickly (readable without colour)."""
        width = self.size[0]
        caption_width = self.fonts.body.size(caption)[0]
        widths = [self.fonts.body.size(words)[0] + 28 for words in labels]
        total = caption_width + 16 + sum(widths) + 10 * (len(widths) - 1)
        x = (width - total) // 2
        text(screen, self.fonts.body, caption, (x, y + 8), palette.TEXT_DIM)
        x += caption_width + 16
        buttons = []
        for index, (words, w) in enumerate(zip(labels, widths)):
            rect = pygame.Rect(x, y, w, 34)
            chosen = index == chosen_index
            hot = self.hover is not None and rect.collidepoint(self.hover)
            pygame.draw.rect(screen, (70, 100, 150) if chosen else ((62, 68, 86) if hot else (44, 47, 60)), rect,
                             border_radius=6)
            pygame.draw.rect(screen, palette.SELECT if chosen else palette.PANEL_EDGE, rect, 3 if chosen else 1,
                             border_radius=6)
            text(screen, self.fonts.body, words, rect.center, palette.TEXT if chosen else palette.TEXT_DIM, "center")
            buttons.append((rect, index))
            x = rect.right + 10
        return buttons

    def _draw_card(self, screen: pygame.Surface, rect: pygame.Rect, entry: MapEntry, chosen: bool) -> None:
        panel(screen, rect, (44, 47, 62) if chosen else palette.PANEL)
        if chosen:   # a thick outline, so the choice shows without colour too
            pygame.draw.rect(screen, palette.SELECT, rect, 3, border_radius=6)
        thumb_area = pygame.Rect(rect.x + 12, rect.y + 12, THUMB_W, THUMB_H)
        image = self.thumbnails.get(entry.path)
        if image is not None:
            screen.blit(image, image.get_rect(center=thumb_area.center))
        else:
            pygame.draw.rect(screen, (24, 24, 30), thumb_area)
            text(screen, self.fonts.small, "no thumbnail", thumb_area.center, palette.TEXT_DIM, "center")
        text(screen, self.fonts.body, entry.title, (rect.x + 12, rect.bottom - 48))
        where = "your map" if entry.user else entry.path.name
        text(screen, self.fonts.small, where, (rect.x + 12, rect.bottom - 24), palette.TEXT_DIM)


def _thumbnail(path: Path | None) -> pygame.Surface | None:
    """A thumbnail scaled to fit its card; a missing or unreadable one just shows no picture."""
    if path is None:
        return None
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError):
        return None
    scale = min(THUMB_W / image.get_width(), THUMB_H / image.get_height())
    return pygame.transform.smoothscale(image.convert(), (int(image.get_width() * scale), int(image.get_height() * scale)))
