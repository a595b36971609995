"""The start menu: the battlefield (shipped maps and the player's own), 2 to 4 sides each played by a person or
the computer with a roster of its own, the surprise round (4e §2.3) and an optional dice seed."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from game.engine.encounter import Suggestion
from game.engine.rosters import ContentError, Preset, Roster, overflow, placing_order
from game.core.battlefield import Battlefield
from game.input.intents import Click, Hover, Intent, Key, Scroll
from game.maps.catalog import MapEntry
from game.maps.loader import MapError, load_battlefield
from game.match import start_preset_index

from game.i18n import L_, N_, _, listing, message_of, name, ngettext, translate
from game.render import palette
from game import rulesets
from game.ui.budget_line import SideBudget, budget_sentence, no_suggestion_words, side_budgets, suggest, suggestion_words
from game.ui.form import Focus, draw_control
from game.ui.roster_editor import SIDE_WORDS, RosterEditor
from game.ui.widgets import Fonts, fit, panel, text

PLAYERS = ("human", "easy", "normal", "hard")       # a person at this machine, or the computer at a level
PLAYER_WORDS = {"human": N_("Player"), "easy": N_("Computer (easy)"), "normal": N_("Computer (normal)"),
                "hard": N_("Computer (hard)")}
SHORT_PLAYER_WORDS = {"human": N_("Player"), "easy": N_("AI easy"), "normal": N_("AI normal"), "hard": N_("AI hard")}
SEED_DIGITS = 9
MARGIN = 24
PREVIEW_ASPECT = (3, 2)           # the shipped thumbnails are 240 x 160


@dataclass(frozen=True)
class SideSetup:
    """One side as the menu has it: who plays it, the preset it started from and its creatures now."""
    side: str
    player: str
    preset: int
    creatures: tuple[str, ...]
    edited: bool = False
    picked: bool = False       # the player chose the preset or the creatures: another map does not change them


class MenuScene:
    """Arrows, Tab and Enter or the mouse: up and down move between the controls, left and right change the
    one with the focus, Enter presses it (or starts the skirmish), Esc quits."""

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, entries: list[MapEntry], user_folder: Path,
                 message: str = "") -> None:
        """``message``: a line to show first (e.g. why the settings file was ignored)."""
        self.size = screen_size
        self.fonts = fonts
        self.entries = entries
        self.user_folder = user_folder
        self._index = 0
        self.first_row = 0
        self.chosen: Path | None = None
        self.message = message
        self.hover: tuple[int, int] | None = None
        self.focus = Focus(("map",))
        self.thumbnails: dict[Path, pygame.Surface | None] = {}
        self.map_rows: list[tuple[pygame.Rect, int]] = []
        self.editor: RosterEditor | None = None
        self.seed_text = ""
        self.surprise = 0
        self.wanted_sides = 4                    # as many as the map has start areas, unless the player says fewer
        self._battlefields: dict[Path, Battlefield | str] = {}
        self.creatures: dict[str, Any] = {}           # the ruleset's creature templates (game.engine.protocol.Template), by key
        self.presets: list[Preset] = []
        self._suggested: tuple[object, Suggestion | None] = (None, None)    # (what it was for, the suggestion)
        # Blue and red are people at this machine (hot-seat), green and yellow the computer, as a start.
        self.setups = [SideSetup(side, "human" if i < 2 else "normal", 0, ()) for i, side in enumerate(SIDE_WORDS)]
        self._ruleset = ""
        self.ruleset = "4e"

    @property
    def ruleset(self) -> str:
        """The rules of the skirmish (game.rulesets): its creatures and presets fill the sides."""
        return self._ruleset

    @ruleset.setter
    def ruleset(self, name: str) -> None:
        """Choose the rules: every side starts again on the ruleset's default preset, keeping who plays it."""
        if name == self._ruleset:
            return
        self._ruleset = name
        rules = rulesets.ruleset(name)
        try:
            self.creatures = rules.load_creatures()
            self.presets = rules.load_presets(creatures=self.creatures)
        except ContentError as err:
            self.creatures, self.presets = {}, []
            self.message = L_("Cannot read the rosters: {error}", error=message_of(err))
        self._follow_map(every=True)

    @property
    def index(self) -> int:
        """The highlighted map's place in ``entries``."""
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        """Highlight another map: the sides the player has not set start on its presets."""
        self._index = value
        self._follow_map()

    def _follow_map(self, every: bool = False) -> None:
        """Put the sides the player has not set (``every``: all of them) on the highlighted map's presets for the
        ruleset: what its start areas name, else the ruleset's defaults (game.match.start_preset_index)."""
        bf = self.battlefield if self.entries else None
        rules = rulesets.ruleset(self._ruleset)
        setups = []
        for i, setup in enumerate(self.setups):
            if (setup.picked or setup.edited) and not every:
                setups.append(setup)
                continue
            preset = start_preset_index(bf if isinstance(bf, Battlefield) else None, self.presets,
                                        rules.DEFAULT_PRESETS, rules.NAME, i) if self.presets else 0
            setups.append(SideSetup(setup.side, setup.player, preset, self._preset_creatures(preset)))
        self.setups = setups

    # What the menu has chosen ---------------------------------------------------------------------
    def _preset_creatures(self, index: int) -> tuple[str, ...]:
        return self.presets[index].creatures if self.presets else ()

    @property
    def battlefield(self) -> Battlefield | str:
        """The highlighted map, loaded (once) to read its start areas; a one-line reason if it cannot be played."""
        if not self.entries:
            return L_("No maps found.")
        return self._load(self.entries[self.index].path)

    def _load(self, path: Path) -> Battlefield | str:
        if path not in self._battlefields:
            try:
                self._battlefields[path] = load_battlefield(path)
            except MapError as err:
                self._battlefields[path] = message_of(err)
        return self._battlefields[path]

    @property
    def map_sides(self) -> list[str]:
        """The sides the highlighted map has start areas for, in map order."""
        bf = self.battlefield
        return [side for side, _ in bf.start_areas] if isinstance(bf, Battlefield) else ["blue", "red"]

    @property
    def active(self) -> list[SideSetup]:
        """The sides that will play: the first ``wanted_sides`` of the map's (at least 2)."""
        sides = self.map_sides[:max(2, self.wanted_sides)]
        return [s for s in self.setups if s.side in sides]

    def label(self, setup: SideSetup) -> str:
        """The side's name in the game: its preset's, with the colour added when two sides share a preset."""
        if not self.presets:
            return SIDE_WORDS[setup.side]
        words = self.presets[setup.preset].label
        if sum(1 for s in self.active if s.preset == setup.preset) > 1:
            return L_("{roster} ({side})", roster=words, side=SIDE_WORDS[setup.side])
        return words

    @property
    def rosters(self) -> list[Roster]:
        """The sides' rosters for new_match, each creature list biggest first so big creatures find room."""
        return [Roster(s.side, self.label(s), placing_order(s.creatures, self.creatures)) for s in self.active]

    @property
    def computer(self) -> dict[str, str]:
        """The sides the computer plays, with its level, for BattleScene(..., computer=...)."""
        return {s.side: s.player for s in self.active if s.player != "human"}

    @property
    def offers_surprise(self) -> bool:
        """Whether the ruleset has a surprise round for the menu to offer (4e §2.3; the 5e page has none)."""
        return bool(rulesets.ruleset(self.ruleset).SURPRISE)

    @property
    def surprise_options(self) -> list[tuple[str, tuple[str, ...] | None]]:
        """The surprise round (4e §2.3): as the map's start areas say, nobody, or one side caught unaware."""
        return [(L_("As the map says"), None), (L_("No surprise"), ())] + [
            (L_("{side} surprised", side=self.label(s)), (s.side,)) for s in self.active]

    @property
    def surprised(self) -> tuple[str, ...] | None:
        """The sides caught unaware, for new_match(..., surprised=...); None: as the map says."""
        return self.surprise_options[min(self.surprise, len(self.surprise_options) - 1)][1]

    @property
    def seed(self) -> int | None:
        """The dice seed typed in, or None for a new one each skirmish."""
        return int(self.seed_text) if self.seed_text else None

    def fit_problem(self, setup: SideSetup) -> str:
        """Why a side's roster does not fit its start area on the highlighted map, or ""."""
        bf = self.battlefield
        if not isinstance(bf, Battlefield):
            return ""
        left_out = overflow(bf.start_squares(setup.side), setup.creatures, self.creatures)
        if not left_out:
            return ""
        names = listing([self.creatures[k].display_name for k in left_out])
        return L_("No room in the start area for: {names}", names=names)

    def budget_words(self) -> str:
        """Each playing side's encounter budget and whether they are even (game.ui.budget_line), or ""."""
        if not self.presets or not all(s.creatures for s in self.active):
            return ""
        sides = [(SIDE_WORDS[s.side], s.creatures) for s in self.active]
        return budget_sentence(side_budgets(self.ruleset, self.creatures, sides))

    @property
    def suggestion(self) -> Suggestion | None:
        """The one creature to add or take away that evens the playing sides best (the player decides)."""
        if not self.presets:
            return None
        sides = tuple((s.side, s.creatures) for s in self.active)
        key = (self.ruleset, self.index, sides)
        if key != self._suggested[0]:
            bf = self.battlefield
            area_of = (lambda side: bf.start_squares(side)) if isinstance(bf, Battlefield) else (lambda side: None)
            self._suggested = (key, suggest(self.ruleset, self.creatures, sides, area_of))
        return self._suggested[1]

    def _even_sides(self) -> None:
        """Take the suggestion: one creature more on the weakest side or one fewer on the strongest."""
        suggestion = self.suggestion
        if suggestion is None:
            self.message = no_suggestion_words()
            return
        setup = self._setup(("even", suggestion.side))
        creatures = suggestion.apply(setup.creatures)
        self._replace(setup, creatures=creatures, edited=creatures != self.presets[setup.preset].creatures, picked=True)

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """Returns "start" when the skirmish should begin (``chosen``), "settings" or "quit"."""
        if self.editor is not None:
            if self.editor.handle(intent) == "done":
                self._close_editor()
            return None
        if isinstance(intent, Hover):
            self.hover = intent.pos
        elif isinstance(intent, Click):
            return self._click(intent)
        elif isinstance(intent, Scroll) and any(rect.collidepoint(intent.pos) for rect, _ in self.map_rows):
            self._pick_map(self.index - intent.lines)       # the wheel over the list steps through the maps
        elif isinstance(intent, Key):
            return self._key(intent.action)
        return None

    def _key(self, action: str) -> str | None:
        item = self.focus.item or ("map",)
        if action in ("back", "quit"):
            return "quit"
        if action in ("up", "previous"):
            self.focus.step(-1)
        elif action in ("down", "next"):
            self.focus.step(1)
        elif action in ("left", "right"):
            self._change(item, -1 if action == "left" else 1)
        elif action == "confirm":
            return self._press(item)
        elif item == ("seed",) and action.startswith("choice"):
            if len(self.seed_text) < SEED_DIGITS:
                self.seed_text = (self.seed_text + action[len("choice"):]).lstrip("0") or "0"
        elif item == ("seed",) and action in ("backspace", "delete"):
            self.seed_text = self.seed_text[:-1] if action == "backspace" else ""
        return None

    def _click(self, click: Click) -> str | None:
        for rect, index in self.map_rows:
            if rect.collidepoint(click.pos):
                self.focus.item = ("map",)
                self._pick_map(index)
                return None
        item = self.focus.at(click.pos)
        if item is None:
            return None
        self.focus.item = item
        if item[0] in ("player", "preset", "sides", "surprise", "ruleset"):
            self._change(item, 1 if click.button == 1 else -1)
            return None
        return self._press(item) if click.button == 1 else None

    def _change(self, item: tuple[object, ...], step: int) -> None:
        """Left and right (or a click) on a value: the next or previous choice."""
        kind = item[0]
        if kind == "map":
            self._pick_map(self.index + step)
        elif kind == "sides":
            most = len(self.map_sides)
            self.wanted_sides = max(2, min(most, len(self.active) + step))
        elif kind == "player":
            setup = self._setup(item)
            now = PLAYERS.index(setup.player)
            self._replace(setup, player=PLAYERS[(now + step) % len(PLAYERS)])
        elif kind == "ruleset":
            names = list(rulesets.RULESETS)
            self.ruleset = names[(names.index(self.ruleset) + step) % len(names)]
            self.message = ""
        elif kind == "preset" and self.presets:
            setup = self._setup(item)
            preset = (setup.preset + step) % len(self.presets)
            self._replace(setup, preset=preset, creatures=self._preset_creatures(preset), edited=False, picked=True)
        elif kind == "surprise":
            self.surprise = (self.surprise + step) % len(self.surprise_options)

    def _press(self, item: tuple[object, ...]) -> str | None:
        """Enter (or a click) on a control: buttons act, anything else starts the skirmish."""
        kind = item[0]
        if kind == "edit" and self.presets:
            self._open_editor(self._setup(item))
            return None
        if kind == "even":
            self._even_sides()
            return None
        if kind == "settings":
            return "settings"
        if kind == "load":       # the saved skirmishes (game.ui.load_screen)
            return "load"
        if kind == "online":     # host, join or watch through a server (game.ui.online), with this setup
            return "online" if self._start() == "start" else None
        if kind == "quit":
            return "quit"
        return self._start()

    def _setup(self, item: tuple[object, ...]) -> SideSetup:
        return next(s for s in self.setups if s.side == item[1])

    def _replace(self, setup: SideSetup, **changes: object) -> None:
        self.setups = [replace(s, **changes) if s.side == setup.side else s for s in self.setups]  # type: ignore[arg-type]

    def _pick_map(self, index: int) -> None:
        if not self.entries:
            return
        self.index = max(0, min(len(self.entries) - 1, index))
        self.message = ""

    def _open_editor(self, setup: SideSetup) -> None:
        bf = self.battlefield
        area = bf.start_squares(setup.side) if isinstance(bf, Battlefield) else None
        sides = [(s.side, s.creatures) for s in self.active]
        budget = SideBudget(self.ruleset, self.creatures, setup.side, sides, SIDE_WORDS,
                            lambda side: bf.start_squares(side) if isinstance(bf, Battlefield) else None)
        self.editor = RosterEditor(self.size, self.fonts, setup.side, self.label(setup), setup.creatures,
                                   self.presets[setup.preset].creatures, self.creatures, area, budget)

    def _close_editor(self) -> None:
        editor = self.editor
        assert editor is not None
        setup = self._setup(("edit", editor.side))
        preset = self.presets[setup.preset].creatures
        self._replace(setup, creatures=editor.keys, edited=editor.keys != preset,
                      picked=setup.picked or editor.keys != setup.creatures)
        self.editor = None

    def _start(self) -> str | None:
        bf = self.battlefield
        if not isinstance(bf, Battlefield):
            self.message = L_("Cannot play that map: {reason}", reason=bf)
            return None
        if not self.presets:
            return None
        for setup in self.active:
            problem = self.fit_problem(setup)
            if problem:
                self.message = L_("{side}: {problem}. Edit the roster or pick another.", side=self.label(setup),
                                  problem=problem)
                return None
        self.chosen = self.entries[self.index].path
        return "start"

    def resize(self, screen_size: tuple[int, int], fonts: Fonts) -> None:
        """A new window size or text scale (from the settings): the layout follows on the next draw."""
        self.size, self.fonts = screen_size, fonts
        self.thumbnails = {}
        if self.editor is not None:
            self.editor.resize(screen_size, fonts)

    def update(self) -> None:
        """Nothing moves on its own in the menu."""

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        if self.editor is not None:
            self.editor.draw(screen)
            return
        screen.fill(palette.BACKGROUND)
        width, height = self.size
        line = self.fonts.body.get_linesize()
        row = line + 14
        self.focus.begin()
        # Large text in a small window: the title steps down a size to leave the room to the controls.
        title_font = self.fonts.huge if self.fonts.huge.get_linesize() * 10 <= height else self.fonts.title
        text(screen, title_font, _("Grid Skirmish"), (width // 2, 10), anchor="midtop")
        top = 10 + title_font.get_linesize() + 8
        footer_height = self.fonts.small.get_linesize() + 16
        left_width = min(560, max(320, width * 36 // 100))
        self._draw_maps(screen, pygame.Rect(MARGIN, top, left_width, height - top - footer_height - 8), row)
        right = pygame.Rect(MARGIN * 2 + left_width, top, width - left_width - MARGIN * 3,
                            height - top - footer_height - 8)
        self._draw_setup(screen, right, row)
        self.focus.settle()
        help_words = _("Up/Down, Tab: move  ·  Left/Right: change  ·  Enter: press or play  ·  Esc: quit")
        footer = self.message or _("{help}  ·  your own maps go in {folder}").format(help=help_words,
                                                                                     folder=self.user_folder)
        text(screen, self.fonts.small, fit(self.fonts.small, footer, width - 2 * MARGIN), (width // 2, height - footer_height // 2),
             palette.HP_BLOODIED if self.message else palette.TEXT_DIM, "center")

    def _draw_maps(self, screen: pygame.Surface, area: pygame.Rect, row: int) -> None:
        """The highlighted map's picture and the list of maps; the list is one control (left and right)."""
        text(screen, self.fonts.title, _("Battlefield"), area.topleft)
        y = area.y + self.fonts.title.get_linesize() + 6
        preview = pygame.Rect(area.x, y, area.width, area.width * PREVIEW_ASPECT[1] // PREVIEW_ASPECT[0])
        preview.height = min(preview.height, area.height // 2)
        focused = self.focus.add(("map",), preview)
        pygame.draw.rect(screen, (24, 24, 30), preview, border_radius=6)
        if self.entries:
            entry = self.entries[self.index]
            image = self._thumbnail(entry, preview.inflate(-12, -12).size)
            if image is not None:
                screen.blit(image, image.get_rect(center=preview.center))
            else:
                text(screen, self.fonts.small, _("no picture"), preview.center, palette.TEXT_DIM, "center")
        pygame.draw.rect(screen, palette.SELECT if focused else palette.PANEL_EDGE, preview, 3 if focused else 1,
                         border_radius=6)
        list_top = preview.bottom + 10
        rows_shown = max(1, (area.bottom - list_top) // row)
        if self.index < self.first_row:
            self.first_row = self.index
        elif self.index >= self.first_row + rows_shown:
            self.first_row = self.index - rows_shown + 1
        self.map_rows = []
        if not self.entries:
            text(screen, self.fonts.body, _("No maps found."), (area.x, list_top))
        for index in range(self.first_row, min(len(self.entries), self.first_row + rows_shown)):
            entry = self.entries[index]
            rect = pygame.Rect(area.x, list_top + (index - self.first_row) * row, area.width, row - 4)
            chosen = index == self.index
            hot = self.hover is not None and rect.collidepoint(self.hover)
            pygame.draw.rect(screen, palette.CARD_CHOSEN if chosen else (palette.CARD_HOT if hot else palette.PANEL), rect,
                             border_radius=5)
            if chosen:   # outlined: the choice shows without colour too
                pygame.draw.rect(screen, palette.SELECT, rect, 2, border_radius=5)
            tag = self._tag(entry)
            tag_width = self.fonts.small.size(tag)[0]
            text(screen, self.fonts.body, fit(self.fonts.body, name(entry.title), rect.width - tag_width - 36),
                 (rect.x + 10, rect.centery), palette.TEXT, "midleft")
            text(screen, self.fonts.small, tag, (rect.right - 10, rect.centery), palette.TEXT_DIM, "midright")
            self.map_rows.append((rect, index))

    def _tag(self, entry: MapEntry) -> str:
        """How many sides the map is for, and whether it is the player's own."""
        bf = self._load(entry.path)
        sides = (ngettext("{n} side", "{n} sides", len(bf.start_areas)).format(n=len(bf.start_areas))
                 if isinstance(bf, Battlefield) else _("cannot be played"))
        return _("your map · {sides}").format(sides=sides) if entry.user else sides

    def _draw_setup(self, screen: pygame.Surface, area: pygame.Rect, row: int) -> None:
        fonts = self.fonts
        text(screen, fonts.title, _("Sides"), area.topleft)
        most = len(self.map_sides)
        y = area.y + fonts.title.get_linesize() + 8
        if most > 2:
            y = self._draw_row(screen, area, y, row, _("Number of sides"), ("sides",),
                               _("{n} (the map has {most} start areas)").format(n=len(self.active), most=most))
        else:
            text(screen, fonts.small, _("two, as the map has two start areas"), (area.right, area.y + fonts.title.get_linesize() // 2),
                 palette.TEXT_DIM, "midright")
        # Each side shows its creatures on a second line, unless the column has no room for it (large text).
        detail = fonts.small.get_linesize() + 6
        below = len(self.active) * (row + detail + 14) + 3 * row + row + 24 + detail + row
        compact = y + below > area.bottom
        for setup in self.active:
            height = row + 8 if compact else row + detail + 8
            y = self._draw_side(screen, setup, pygame.Rect(area.x, y, area.width, height), row, compact) + 6
        y = self._draw_budgets(screen, area, y, row) + 4
        if self.offers_surprise:
            y = self._draw_row(screen, area, y, row, _("Surprise round"), ("surprise",),
                               self.surprise_options[min(self.surprise, len(self.surprise_options) - 1)][0])
        seed_words = self.seed_text or _("random")
        y = self._draw_row(screen, area, y, row, _("Dice seed (digits)"), ("seed",), seed_words, arrows=False,
                           colour=palette.TEXT if self.seed_text else palette.TEXT_DIM)
        y = self._draw_row(screen, area, y, row, _("Rules"), ("ruleset",), name(rulesets.title(self.ruleset)))
        y += 8
        buttons = [(("start",), _("Play")), (("online",), _("Online")), (("load",), _("Load")),
                   (("settings",), _("Settings")), (("quit",), _("Quit"))]
        button_width = (area.width - 12 * (len(buttons) - 1)) // len(buttons)
        for i, (item, label) in enumerate(buttons):
            rect = pygame.Rect(area.x + i * (button_width + 12), y, button_width, row + 6)
            focused = self.focus.add(item, rect)
            draw_control(screen, fonts.body, rect, label, focused, self._hot(rect), chosen=item == ("start",))

    def _draw_budgets(self, screen: pygame.Surface, area: pygame.Rect, y: int, row: int) -> int:
        """The sides' encounter budgets in one line and, when they are uneven, the button that evens them."""
        words = self.budget_words()
        if not words:
            return y
        suggestion = self.suggestion
        text(screen, self.fonts.small, fit(self.fonts.small, words, area.width), (area.x, y),
             palette.TEXT if suggestion else palette.TEXT_DIM)
        y += self.fonts.small.get_linesize() + 4
        if suggestion is None:
            return y
        setup = self._setup(("even", suggestion.side))
        label = suggestion_words(suggestion, setup.creatures, SIDE_WORDS[setup.side],
                                 lambda key: self.creatures[key].display_name)
        rect = pygame.Rect(area.x, y, area.width, row - 4)
        focused = self.focus.add(("even",), rect)
        draw_control(screen, self.fonts.body, rect, fit(self.fonts.body, label, rect.width - 24), focused,
                     self._hot(rect), arrows=False)
        return y + row

    def _draw_row(self, screen: pygame.Surface, area: pygame.Rect, y: int, row: int, caption: str,
                  item: tuple[object, ...], words: str, arrows: bool = True,
                  colour: tuple[int, int, int] = palette.TEXT) -> int:
        """A captioned value chooser across the column; returns the y under it."""
        caption_width = max(200, self.fonts.body.size(caption)[0] + 16)
        text(screen, self.fonts.body, caption, (area.x, y + (row - 4) // 2), palette.TEXT_DIM, "midleft")
        rect = pygame.Rect(area.x + caption_width, y, area.width - caption_width, row - 4)
        focused = self.focus.add(item, rect)
        shown = translate(words) + ("_" if focused and item == ("seed",) else "")
        draw_control(screen, self.fonts.body, rect, shown, focused, self._hot(rect), arrows=arrows, colour=colour)
        return y + row

    def _draw_side(self, screen: pygame.Surface, setup: SideSetup, rect: pygame.Rect, row: int, compact: bool) -> int:
        """One side: its colour and name, who plays it, its roster (a preset, edited or not) and whether it fits;
        ``compact``: no line of creatures, and a roster that does not fit is marked "!" on its button."""
        fonts = self.fonts
        panel(screen, rect)
        colour = palette.side_colour(setup.side)
        swatch = pygame.Rect(rect.x + 8, rect.y + 8, 14, rect.height - 16)
        pygame.draw.rect(screen, colour, swatch, border_radius=3)
        x = swatch.right + 10
        name_width = max(fonts.body.size(_(w))[0] for w in SIDE_WORDS.values()) + 12
        y = rect.y + 4 if compact else rect.y + 8
        text(screen, fonts.body, _(SIDE_WORDS[setup.side]), (x, y + (row - 4) // 2), colour, "midleft")
        x += name_width
        controls_width = rect.right - 8 - x
        player_width = controls_width * 36 // 100
        edit_width = max(90, fonts.body.size(_("Edit"))[0] + 30)
        preset_width = controls_width - player_width - edit_width - 16
        player = _(PLAYER_WORDS[setup.player])
        if fonts.body.size(player)[0] > player_width - 40:
            player = _(SHORT_PLAYER_WORDS[setup.player])
        problem = self.fit_problem(setup)
        label = name(self.presets[setup.preset].label) if self.presets else "-"
        roster = _("{roster} (edited)").format(roster=label) if self.presets and setup.edited else label
        for item, width, words, arrows in (
                (("player", setup.side), player_width, player, True),
                (("preset", setup.side), preset_width, f"! {roster}" if compact and problem else roster, True),
                (("edit", setup.side), edit_width, _("Edit"), False)):
            control = pygame.Rect(x, y, width, row - 4)
            focused = self.focus.add(item, control)
            draw_control(screen, fonts.body, control, words, focused, self._hot(control), arrows=arrows)
            x = control.right + 8
        if compact:
            return rect.bottom
        names = listing(self._creature_counts(setup.creatures))
        detail = problem or ngettext("{n} creature: {names}", "{n} creatures: {names}", len(setup.creatures)).format(
            n=len(setup.creatures), names=translate(names))
        text(screen, fonts.small, fit(fonts.small, detail, rect.right - swatch.right - 26),
             (swatch.right + 10, y + row + 2), palette.HP_BLOODIED if problem else palette.TEXT_DIM)
        if problem:   # a warning mark as well as the colour
            text(screen, fonts.small, "!", (swatch.centerx, y + row + 2), palette.BACKGROUND, "midtop")
        return rect.bottom

    def _creature_counts(self, keys: tuple[str, ...]) -> list[str]:
        counts: dict[str, int] = {}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        return [L_("{n} x {creature}", n=n, creature=self.creatures[k].display_name) if n > 1
                else self.creatures[k].display_name for k, n in counts.items()]

    def _hot(self, rect: pygame.Rect) -> bool:
        return self.hover is not None and rect.collidepoint(self.hover)

    def _thumbnail(self, entry: MapEntry, size: tuple[int, int]) -> pygame.Surface | None:
        if entry.path not in self.thumbnails:
            self.thumbnails[entry.path] = _thumbnail(entry.thumbnail, size)
        return self.thumbnails[entry.path]


def _thumbnail(path: Path | None, size: tuple[int, int]) -> pygame.Surface | None:
    """A thumbnail scaled to fit ``size``; a missing or unreadable one just shows no picture."""
    if path is None:
        return None
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError):
        return None
    scale = min(size[0] / image.get_width(), size[1] / image.get_height())
    return pygame.transform.smoothscale(image.convert(), (int(image.get_width() * scale), int(image.get_height() * scale)))
