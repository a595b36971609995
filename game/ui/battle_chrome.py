"""The battle screen's chrome: the banner, hint line, bottom bar with its tooltips, tracker, side panel with the
creature card and log, the offer prompt and the victory box; drawing only, from what the ruleset's controls
say (game.engine.controls). A mixin of BattleScene."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ecs.world import Entity
from game.render import palette
from game.ui import hud
from game.i18n import _, name, ngettext
from game.ui.handover import MENU_WORDS
from game.ui.tracker import draw_tracker
from game.ui.widgets import button, dim, fit, panel, text

PANEL_WIDTH = 330



if TYPE_CHECKING:                    # the scene's members, for the type checker (game.ui.scene_parts)
    from game.ui.scene_parts import ScenePart
else:
    ScenePart = object


class BattleChrome(ScenePart):
    """The panels around the map (see BattleScene for the attributes they read)."""

    def _draw_cursor(self, screen: pygame.Surface) -> None:
        """The keyboard's map cursor: thick corner brackets, outlined in black, over whatever is on the square."""
        if self.cursor is None:
            return
        rect = self.view.square_rect(self.cursor).inflate(-2, -2)
        arm = max(5, rect.width // 3)
        for (x, y), (sx, sy) in ((rect.topleft, (1, 1)), (rect.topright, (-1, 1)), (rect.bottomleft, (1, -1)),
                                 (rect.bottomright, (-1, -1))):
            points = [(x, y + sy * arm), (x, y), (x + sx * arm, y)]
            pygame.draw.lines(screen, (0, 0, 0), False, points, 6)
            pygame.draw.lines(screen, palette.CURSOR, False, points, 3)

    def _draw_offer_marks(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """Who is asked (white) and against whom (red), on the map under the prompt; their spaces on screen."""
        screen.set_clip(self.map_rect)
        marked = []
        for entity, against in self.controls.offer_marks():
            colour = palette.TARGET if against else palette.SELECT
            marked.append(self.view.square_rect(*self.state.space(entity)))
            pygame.draw.rect(screen, colour, marked[-1], 3)
        screen.set_clip(None)
        return marked

    def _draw_prompt(self, screen: pygame.Surface, version: int) -> None:
        """The pending offer's question, worded by the ruleset once per state, with its two buttons."""
        marked = self._draw_offer_marks(screen)
        if version != self._prompt_key:
            prompt = self.controls.prompt()
            self._prompt_key = version
            self._prompt = hud.prompt_words(self.fonts, prompt) if prompt is not None else None
        self.prompt_buttons = {} if self._prompt is None else hud.draw_prompt(screen, self.fonts, self.map_rect,
                                                                              self.hover, self._prompt, marked)

    def _draw_banner(self, screen: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, self.map_rect.width, self.banner_height)
        who = self.rules.decider(self.state)
        side = self.state.side(who)
        colour = palette.side_colour(side)
        pygame.draw.rect(screen, (colour[0] // 3, colour[1] // 3, colour[2] // 3), rect)
        pygame.draw.rect(screen, colour, (0, self.banner_height - 4, rect.width, 4))
        label = name(self.side_labels.get(side, side))
        round_word = name(self.rules.round_label(self.state))
        if who != self.actor:
            headline = _("{round}  ·  {side} decide: {creature}").format(round=round_word, side=label,
                                                                      creature=name(self.state.name(who)))
        else:
            headline = _("{round}  ·  {side}: {creature}'s turn").format(round=round_word, side=label,
                                                                      creature=name(self.state.name(self.actor)))
        # The Menu button (the pause menu: save, load, take back, settings, quit), then the chips to its left;
        # a replay has its own controls and no pause menu.
        right = rect.right - 12
        if self.menu_button:
            button(screen, self.fonts.small, self.menu_rect, _(MENU_WORDS),
                   self.hover is not None and self.menu_rect.collidepoint(self.hover))
            right = self.menu_rect.left - 16
        # The dice seed, so a player can play the same skirmish again (python -m game --seed N, or the menu).
        right = text(screen, self.fonts.small, _("seed {seed}").format(seed=self.seed), (right, rect.centery), palette.TEXT_DIM,
                     "midright").left - 16
        if self.view.zoom != 100:     # the wheel zooms the map; say how far
            zoom = _("zoom {percent}%").format(percent=self.view.zoom)
            right = text(screen, self.fonts.small, zoom, (right, rect.centery), palette.TEXT_DIM, "midright").left - 16
        if self.knockout:
            words = _("KNOCKOUT: the next attack knocks out  [K]")
            chip = pygame.Rect((0, 0), self.fonts.small.size(words))
            chip.midright = (right, rect.centery)
            pygame.draw.rect(screen, palette.KNOCKOUT, chip.inflate(10, 6), border_radius=5)
            text(screen, self.fonts.small, words, chip.topleft, (20, 20, 20))
            right = chip.left - 16
        if self.show_cover_lines:
            words = _("Cover lines  [F2]")
            chip = pygame.Rect((0, 0), self.fonts.small.size(words))
            chip.midright = (right, rect.centery)
            pygame.draw.rect(screen, palette.PANEL, chip.inflate(10, 6), border_radius=5)
            pygame.draw.rect(screen, palette.COVER_CLEAR, chip.inflate(10, 6), 1, border_radius=5)
            text(screen, self.fonts.small, words, chip.topleft, palette.TEXT)
            right = chip.left - 16
        # The headline last, cut to the room the chips leave.
        text(screen, self.fonts.title, fit(self.fonts.title, headline, right - 24), (12, (self.banner_height - 4) // 2),
             anchor="midleft")

    def _draw_hint(self, screen: pygame.Surface, hint: str) -> None:
        pygame.draw.rect(screen, palette.PANEL, self.hint_rect)
        pygame.draw.line(screen, palette.PANEL_EDGE, self.hint_rect.topleft, self.hint_rect.topright)
        text(screen, self.fonts.small, fit(self.fonts.small, hint, self.hint_rect.width - 24),
             (12, self.hint_rect.centery), palette.TEXT if self.message else palette.TEXT_DIM, "midleft")

    def _draw_bottom(self, screen: pygame.Surface) -> None:
        pygame.draw.rect(screen, palette.BAR, self.bar_rect)
        self.bar = []
        if self.state.outcome is None:
            # The bar is always the acting creature's: its keys work whoever is shown in the card.
            free = not self.controls.waiting()
            self.bar = hud.draw_bar(screen, self.fonts, (self.power_row, self.action_row), self.bar_choices, self.mode,
                                    self.knockout, self.hover, free)
        hot = self.hover is not None and self.end_turn_rect.collidepoint(self.hover)
        hud.draw_end_turn(screen, self.fonts, self.end_turn_rect, hot)

    def _draw_tooltip(self, screen: pygame.Surface) -> bool:
        """The hovered card's or button's tooltip; True when one was drawn."""
        if self.hover is None or self.popup is not None:
            return False
        for rect, choice in self.bar:
            if rect.collidepoint(self.hover):
                key = (tuple(rect), choice)
                if key != self._tooltip_key:
                    self._tooltip_key = key
                    self._tooltip = hud.tooltip_image(self.fonts, rect, choice, self.controls.tooltip(choice),
                                                      self.screen_rect)
                assert self._tooltip is not None
                image, box = self._tooltip
                screen.blit(image, box)
                return True
        return False

    def _draw_log_rule(self, screen: pygame.Surface) -> bool:
        """The rule of the log entry under the mouse, beside it; True when one was drawn."""
        if self.hover is None or self.popup is not None or not self.panel_rect.collidepoint(self.hover):
            return False
        entry = self.log.entry_at(self.hover)
        key = (entry, self.hover)
        if key != self._log_tip_key:
            self._log_tip_key, self._log_tip = key, self.log.tooltip(self.fonts.small, self.hover, self.screen_rect)
        if self._log_tip is None:
            return False
        screen.blit(*self._log_tip)
        return True

    def _cached_hint(self) -> str:
        """The hint line, worked out again only when something it reads changed (not per frame)."""
        key = (self._version, self._hover_square(), self.mode, self.knockout, self.selected, self.popup, self.picked,
               self.forced_path, self.walk, self.targets, self.friends, self.charges, len(self.match.record),
               self.show_cover_lines)
        if key != self._hint_key:
            self._hint_key, self._hint_text = key, self._hint()
        return self._hint_text

    def _draw_tracker(self, screen: pygame.Surface) -> None:
        self.tracker_entries = draw_tracker(screen, self.fonts, self.state, self.tracker_rect, self.tracker_portraits,
                                            self.side_labels, self.actor, self.selected,
                                            self._tracker_entity(self.hover), self.rules)

    def _panel_entity(self) -> Entity:
        """Who the card shows: the one being asked, else the one hovered in the tracker, else the selected
        creature, else the acting one."""
        asked = self.controls.asked()
        if asked is not None:
            return asked
        tracked = self._tracker_entity(self.hover)
        if tracked is not None:
            return tracked
        return self.selected if self.selected is not None else self.actor

    def _draw_panel(self, screen: pygame.Surface) -> None:
        pygame.draw.rect(screen, palette.PANEL, self.panel_rect)
        pygame.draw.line(screen, palette.PANEL_EDGE, self.panel_rect.topleft, self.panel_rect.bottomleft, 2)
        x = self.panel_rect.x + 12
        entity = self._panel_entity()
        y = hud.draw_card(screen, self.fonts, self.state, entity, self.controls.card(entity),
                          self.rules.hit_points(self.state, entity), self.portraits, self.side_labels, x, 10,
                          PANEL_WIDTH - 24)
        log_rect = pygame.Rect(x, y + 6, PANEL_WIDTH - 24, self.panel_rect.bottom - y - 14)
        panel(screen, log_rect, (22, 22, 30))
        self.log.draw(screen, log_rect)

    def _draw_victory(self, screen: pygame.Surface) -> None:
        dim(screen)
        outcome = self.state.outcome
        assert outcome is not None
        labels = {"play_again": _("Play again  [R]"), "menu": _("Maps  [M]"), "quit": _("Quit  [Q]")}
        # Sized by the fonts, so a larger interface scale grows the box and its buttons.
        button_w = max([152] + [self.fonts.body.size(words)[0] + 24 for words in labels.values()])
        button_h = max(48, self.fonts.body.get_linesize() + 20)
        huge_ls, body_ls = self.fonts.huge.get_linesize(), self.fonts.body.get_linesize()
        box = pygame.Rect(0, 0, max(520, 3 * button_w + 2 * 12 + 40),
                          max(250, 24 + huge_ls + body_ls + 40 + button_h + 32))
        box.center = screen.get_rect().center
        panel(screen, box)
        label = name(self.side_labels.get(outcome.winner, outcome.winner))
        headline = _("{side} win!").format(side=label) if outcome.winner else _("A draw")
        text(screen, self.fonts.huge, headline, (box.centerx, box.y + 24), palette.side_colour(outcome.winner),
             "midtop")
        rounds = self.rules.round_number(self.state)
        text(screen, self.fonts.body, ngettext("after {n} round", "after {n} rounds", rounds).format(n=rounds),
             (box.centerx, box.y + 24 + huge_ls + 6), palette.TEXT_DIM, "midtop")
        self.victory_buttons = {action: pygame.Rect(box.x + 20 + i * (button_w + 12), box.bottom - button_h - 32,
                                                    button_w, button_h)
                                for i, action in enumerate(labels)}
        for action, rect in self.victory_buttons.items():
            hot = self.hover is not None and rect.collidepoint(self.hover)
            button(screen, self.fonts.body, rect, labels[action], hot)


