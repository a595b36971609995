"""The roster editor, opened from the start menu: add creatures from the bestiary (creatures.toml) to a side and
take them away, as long as the side keeps at least one and they all fit its start area."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame

from game.engine.rosters import overflow
from game.core.grid import Square
from game.ecs.components import Body
from game.input.intents import Click, Hover, Intent, Key
from game.i18n import L_, N_, _, name, ngettext
from game.render import palette
from game.ui.budget_line import SideBudget, no_suggestion_button_words, no_suggestion_words, suggestion_words
from game.ui.form import draw_control
from game.ui.widgets import Fonts, fit, panel, text

COLUMNS = ("roster", "bestiary", "buttons")
BUTTONS = ("reset", "even", "done")
BUTTON_WORDS = {"reset": N_("Back to the preset"), "even": "", "done": N_("Done")}     # "even": game.ui.budget_line
MARGIN = 24
SIDE_WORDS = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green"), "yellow": N_("Yellow")}


class Listed(Protocol):
    """What the editor shows of a creature template, in any ruleset."""

    @property
    def display_name(self) -> str: ...

    @property
    def body(self) -> Body: ...

    @property
    def summary(self) -> str: ...


class RosterEditor:
    """Two lists, the side's creatures and the bestiary; up and down move in a list, left, right and Tab
    change list, Enter adds from the bestiary or takes away from the roster (Delete too), Esc is done."""

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, side: str, label: str, keys: tuple[str, ...],
                 preset: tuple[str, ...], creatures: Mapping[str, Listed], area: tuple[Square, ...] | None,
                 budget: SideBudget | None = None) -> None:
        """``area``: the side's start area on the chosen map, which the roster must fit; None when unknown;
        ``budget``: the side's encounter budget against the other sides (shown, with a button that evens them)."""
        self.size = screen_size
        self.fonts = fonts
        self.side = side
        self.label = label
        self.keys = keys
        self.preset = preset
        self.creatures = creatures
        self.bestiary = list(creatures)
        self.area = area
        self.column = "bestiary"
        self.budget = budget
        self.row = {"roster": 0, "bestiary": 0, "buttons": BUTTONS.index("done")}
        self.first = {"roster": 0, "bestiary": 0}
        self.message = ""
        self.hover: tuple[int, int] | None = None
        self.rows: list[tuple[pygame.Rect, str, int]] = []     # (rect, column, index) as last drawn

    # Changes --------------------------------------------------------------------------------------
    def add(self, key: str) -> bool:
        """Put one more of a creature in the roster, unless the start area has no room for it."""
        creature = self.creatures[key].display_name
        if self.area is not None and overflow(self.area, self.keys + (key,), self.creatures):
            self.message = L_("No room for {creature}: the start area ({n} squares) is full.", creature=creature,
                              n=len(self.area))
            return False
        self.keys = self.keys + (key,)
        self.message = L_("{creature} joins the side.", creature=creature)
        return True

    def remove(self, index: int) -> bool:
        """Take one creature out of the roster; the last one stays (a side needs at least one creature)."""
        if not 0 <= index < len(self.keys):
            return False
        if len(self.keys) == 1:
            self.message = L_("A side needs at least one creature.")
            return False
        creature = self.creatures[self.keys[index]].display_name
        self.keys = self.keys[:index] + self.keys[index + 1:]
        self.row["roster"] = min(self.row["roster"], len(self.keys) - 1)
        self.message = L_("{creature} leaves the side.", creature=creature)
        return True

    def even_sides(self) -> None:
        """Take the budget's suggestion for this side: one creature more, or one fewer."""
        suggestion = self.budget.suggestion(self.keys) if self.budget is not None else None
        if suggestion is None:
            self.message = no_suggestion_words()
        elif suggestion.add is not None:
            self.add(suggestion.add)
        else:
            assert suggestion.remove is not None
            self.remove(suggestion.remove)

    def _button_words(self, key: str) -> str:
        if key != "even":
            return _(BUTTON_WORDS[key])
        suggestion = self.budget.suggestion(self.keys) if self.budget is not None else None
        if suggestion is None:
            return no_suggestion_button_words()
        return suggestion_words(suggestion, self.keys, SIDE_WORDS.get(self.side, self.side),
                                lambda key: self.creatures[key].display_name)

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """Returns "done" when the player is finished."""
        if isinstance(intent, Hover):
            self.hover = intent.pos
        elif isinstance(intent, Click) and intent.button == 1:
            for rect, column, index in self.rows:
                if rect.collidepoint(intent.pos):
                    self.column, self.row[column] = column, index
                    return self._press()
        elif isinstance(intent, Key):
            return self._key(intent.action)
        return None

    def _key(self, action: str) -> str | None:
        if action in ("back", "cancel"):
            return "done"
        if action in ("up", "down"):
            length = self._length(self.column)
            if length:
                self.row[self.column] = (self.row[self.column] + (1 if action == "down" else -1)) % length
        elif action in ("left", "right", "next", "previous"):
            step = 1 if action in ("right", "next") else -1
            self.column = COLUMNS[(COLUMNS.index(self.column) + step) % len(COLUMNS)]
        elif action == "confirm":
            return self._press()
        elif action in ("delete", "backspace") and self.column == "roster":
            self.remove(self.row["roster"])
        return None

    def _press(self) -> str | None:
        index = self.row[self.column]
        if self.column == "roster":
            self.remove(index)
        elif self.column == "bestiary":
            self.add(self.bestiary[index])
        elif BUTTONS[index] == "reset":
            self.keys, self.message = self.preset, L_("The preset's creatures are back.")
        elif BUTTONS[index] == "even":
            self.even_sides()
        else:
            return "done"
        return None

    def _length(self, column: str) -> int:
        return {"roster": len(self.keys), "bestiary": len(self.bestiary), "buttons": len(BUTTONS)}[column]

    def resize(self, screen_size: tuple[int, int], fonts: Fonts) -> None:
        self.size, self.fonts = screen_size, fonts

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        fonts = self.fonts
        width, height = self.size
        screen.fill(palette.BACKGROUND)
        colour = palette.side_colour(self.side)
        side = _(SIDE_WORDS[self.side]) if self.side in SIDE_WORDS else self.side
        text(screen, fonts.title, _("{side} side: {roster}").format(side=side, roster=name(self.label)), (MARGIN, 14),
             colour)
        used = sum(self.creatures[k].body.size.side_squares ** 2 for k in self.keys)
        room = (_("start area: {used} of {n} squares taken").format(used=used, n=len(self.area))
                if self.area is not None else _("start area unknown"))
        creatures = ngettext("{n} creature", "{n} creatures", len(self.keys)).format(n=len(self.keys))
        text(screen, fonts.small, _("{creatures}  ·  {room}").format(creatures=creatures, room=room),
             (MARGIN, 20 + fonts.title.get_linesize()), palette.TEXT_DIM)
        top = 30 + fonts.title.get_linesize() + fonts.small.get_linesize()
        if self.budget is not None:     # the sides' budgets, with this side's creatures as they are now
            text(screen, fonts.small, fit(fonts.small, self.budget.words(self.keys), width - 2 * MARGIN), (MARGIN, top - 4),
                 palette.TEXT)
            top += fonts.small.get_linesize() + 4
        row = fonts.body.get_linesize() + fonts.small.get_linesize() + 10
        button_row = fonts.body.get_linesize() + 20
        footer = fonts.small.get_linesize() + 16
        bottom = height - footer - button_row - 16
        half = (width - 3 * MARGIN) // 2
        self.rows = []
        self._draw_list(screen, pygame.Rect(MARGIN, top, half, bottom - top), "roster", _("In the side (Enter: take away)"),
                        list(self.keys), row)
        self._draw_list(screen, pygame.Rect(2 * MARGIN + half, top, half, bottom - top), "bestiary",
                        _("Bestiary (Enter: add)"), self.bestiary, row)
        button_width = (width - 2 * MARGIN - 12 * (len(BUTTONS) - 1)) // len(BUTTONS)
        for index, key in enumerate(BUTTONS):
            rect = pygame.Rect(MARGIN + index * (button_width + 12), bottom + 12, button_width, button_row)
            focused = self.column == "buttons" and self.row["buttons"] == index
            draw_control(screen, fonts.body, rect, fit(fonts.body, self._button_words(key), rect.width - 16), focused,
                         self._hot(rect), chosen=key == "done")
            self.rows.append((rect, "buttons", index))
        words = self.message or _("Up/Down: choose  ·  Left/Right, Tab: other list  ·  Enter: add or take away  ·  "
                                  "Esc: done")
        text(screen, fonts.small, fit(fonts.small, words, width - 2 * MARGIN), (width // 2, height - footer // 2),
             palette.TEXT if self.message else palette.TEXT_DIM, "center")

    def _draw_list(self, screen: pygame.Surface, area: pygame.Rect, column: str, caption: str, keys: list[str],
                   row: int) -> None:
        fonts = self.fonts
        focused_list = self.column == column
        text(screen, fonts.body, caption, area.topleft, palette.TEXT if focused_list else palette.TEXT_DIM)
        box = pygame.Rect(area.x, area.y + fonts.body.get_linesize() + 6, area.width,
                          area.height - fonts.body.get_linesize() - 6)
        panel(screen, box)
        shown = max(1, (box.height - 8) // row)
        current = self.row[column]
        first = min(self.first[column], current)
        first = max(first, current - shown + 1)
        self.first[column] = first
        for index in range(first, min(len(keys), first + shown)):
            template = self.creatures[keys[index]]
            rect = pygame.Rect(box.x + 4, box.y + 4 + (index - first) * row, box.width - 8, row - 4)
            focused = focused_list and index == current
            if focused or self._hot(rect):
                pygame.draw.rect(screen, palette.CARD_HOT, rect, border_radius=5)
            if focused:
                pygame.draw.rect(screen, palette.SELECT, rect, 2, border_radius=5)
            text(screen, fonts.body, fit(fonts.body, name(template.display_name), rect.width - 20), (rect.x + 10, rect.y + 4))
            if self.budget is not None:      # what the creature alone adds to the side's budget
                text(screen, fonts.small, self.budget.of_one(keys[index]), (rect.right - 10, rect.y + 6), palette.TEXT_DIM,
                     "topright")
            text(screen, fonts.small, fit(fonts.small, name(template.summary), rect.width - 20),
                 (rect.x + 10, rect.y + 6 + fonts.body.get_linesize()), palette.TEXT_DIM)
            self.rows.append((rect, column, index))
        if len(keys) > shown:
            text(screen, fonts.small, _("{first}-{last} of {n}").format(first=first + 1, last=min(len(keys), first + shown),
                                                                           n=len(keys)),
                 (box.right - 8, area.y), palette.TEXT_DIM, "topright")

    def _hot(self, rect: pygame.Rect) -> bool:
        return self.hover is not None and rect.collidepoint(self.hover)
