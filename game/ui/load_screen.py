"""The load screen: the player's saves and autosaves, newest first; Enter plays one on, R watches it as a replay."""

from __future__ import annotations

import time

import pygame

from game.i18n import L_, N_, _, message_of, name
from game.input.intents import Click, Hover, Intent, Key
from game.render import palette
from game.rulesets import title
from game.replay.format import SaveError
from game.replay.load import Loaded, load
from game.replay.saves import SaveEntry, list_saves, saves_dir
from game.ui.battle import BattleScene
from game.ui.widgets import Fonts, button, fit, panel, text

ROW_HEIGHT = 54
LIST_TOP = 110
BUTTONS = {"resume": N_("Play on  [Enter]"), "replay": N_("Watch replay  [R]"), "menu": N_("Back  [Esc]")}


class LoadScene:
    """A list of saves; choosing one rebuilds it (load checks everything) and leaves it in ``loaded``.

    ``handle`` returns "resume" (play it on) or "replay" (watch it) with ``loaded`` set, "menu" or "quit".
    A save that is refused stays listed, with its one-line reason under the list, and nothing else changes.
    ``back``: the skirmish whose pause menu opened the list; "menu" (Esc, Back) returns to it, not the start menu.
    """

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, entries: list[SaveEntry] | None = None,
                 back: BattleScene | None = None) -> None:
        self.size = screen_size
        self.back = back
        self.fonts = fonts
        self.entries = list_saves() if entries is None else entries
        self.index = 0
        self.first = 0
        self.hover: tuple[int, int] | None = None
        self.message = ""
        self.loaded: Loaded | None = None
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.buttons: dict[str, pygame.Rect] = {}

    @property
    def rows_shown(self) -> int:
        return max(1, (self.size[1] - LIST_TOP - 130) // ROW_HEIGHT)

    def handle(self, intent: Intent) -> str | None:
        if isinstance(intent, Hover):
            self.hover = intent.pos
        elif isinstance(intent, Click) and intent.button == 1:
            for action, rect in self.buttons.items():
                if rect.collidepoint(intent.pos):
                    return self._act(action)
            for rect, index in self.rows:
                if rect.collidepoint(intent.pos):
                    self.index = index
        elif isinstance(intent, Key):
            picked = {"end_turn": "resume", "confirm": "resume", "yes": "resume", "play_again": "replay",
                      "cancel": "menu", "back": "menu", "menu": "menu", "quit": "quit"}.get(intent.action)
            if picked is not None:
                return self._act(picked)
            step = {"up": -1, "down": 1}.get(intent.action, 0)
            if step and self.entries:
                self.index = max(0, min(len(self.entries) - 1, self.index + step))
                self.first = min(max(self.first, self.index - self.rows_shown + 1), self.index)
        return None

    def _act(self, action: str) -> str | None:
        if action in ("menu", "quit"):
            return action
        if not self.entries:
            self.message = L_("No saves yet: F5 or Ctrl+S saves a skirmish, and every turn is autosaved.")
            return None
        try:
            loaded = load(self.entries[self.index].path)
        except SaveError as err:
            self.message = message_of(err)
            return None
        self.message = ""
        self.loaded = loaded
        return action

    def update(self) -> None:
        """Nothing moves on its own here."""

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(palette.BACKGROUND)
        width, height = self.size
        text(screen, self.fonts.huge, _("Load a skirmish"), (width // 2, 16), anchor="midtop")
        text(screen, self.fonts.body, _("Saves in {folder}").format(folder=saves_dir()), (width // 2, 80), palette.TEXT_DIM, "midtop")
        box = pygame.Rect(60, LIST_TOP, width - 120, self.rows_shown * ROW_HEIGHT)
        self.rows = []
        if not self.entries:
            text(screen, self.fonts.body, _("No saves yet."), box.center, palette.TEXT_DIM, "center")
        for slot, index in enumerate(range(self.first, min(len(self.entries), self.first + self.rows_shown))):
            rect = pygame.Rect(box.x, box.y + slot * ROW_HEIGHT, box.width, ROW_HEIGHT - 6)
            self._draw_row(screen, rect, self.entries[index], index == self.index)
            self.rows.append((rect, index))
        y = height - 110
        self.buttons = {}
        x = width // 2 - (len(BUTTONS) * 250 - 20) // 2
        for action, words in BUTTONS.items():
            rect = pygame.Rect(x, y, 230, 46)
            button(screen, self.fonts.body, rect, _(words), self.hover is not None and rect.collidepoint(self.hover))
            self.buttons[action] = rect
            x += 250
        footer = self.message or _("Up and down choose; a refused save says why here, and nothing changes.")
        text(screen, self.fonts.small, fit(self.fonts.small, footer, width - 40), (width // 2, height - 30),
             palette.HP_BLOODIED if self.message else palette.TEXT_DIM, "center")

    def _draw_row(self, screen: pygame.Surface, rect: pygame.Rect, entry: SaveEntry, chosen: bool) -> None:
        panel(screen, rect, (44, 47, 62) if chosen else palette.PANEL)
        if chosen:       # a thick outline, so the choice shows without colour too
            pygame.draw.rect(screen, palette.SELECT, rect, 3, border_radius=6)
        kind = _("autosave") if entry.autosave else _("save")
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified)) if entry.modified else ""
        colour = palette.TEXT_DIM if entry.problem else palette.TEXT
        text(screen, self.fonts.body, entry.problem or entry.description, (rect.x + 14, rect.y + 4), colour)
        if entry.ruleset:      # 4e and 5e saves side by side: say which rules each was played under
            kind = f"{kind} · {name(title(entry.ruleset))}"
        text(screen, self.fonts.small, f"{kind} · {entry.path.name}", (rect.x + 14, rect.bottom - 24),
             palette.TEXT_DIM)
        text(screen, self.fonts.small, when, (rect.right - 14, rect.centery), palette.TEXT_DIM, "midright")
