"""The battle screen's input: intents become picks, cursor moves and clicks, which the ruleset's controls
turn into commands (game.engine.controls); a mixin of BattleScene."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.audio.speakers import play
from game.core.grid import Square, chebyshev
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import WALK
from game.i18n import L_
from game.input.intents import Click, Hover, Intent, Key, Release, Scroll
from game.ui import keys
from game.ui.pause_menu import handle_pause, open_pause

CURSOR_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}



if TYPE_CHECKING:                    # the scene's members, for the type checker (game.ui.scene_parts)
    from game.ui.scene_parts import ScenePart
else:
    ScenePart = object


class BattleInput(ScenePart):
    """What a key, click, wheel or drag does on the battle screen (see BattleScene for the attributes)."""

    def handle(self, intent: Intent) -> str | None:
        """Act on one intent; returns "quit", "play_again" or "menu" when the scene should end, "settings" or
        "load" (from the pause menu, which takes every intent while it is open) for the app to open that screen."""
        if self.pause is not None:
            return handle_pause(self.scene(), intent)
        if self.online is not None and self.online.handle(self.scene(), intent):
            return None
        if self.state.outcome is not None and not self.animator.busy:
            return self._handle_victory(intent)
        if self.handover is not None:
            return self._handle_handover(intent)
        if self.session.wants(intent):
            return self.session.handle(self.scene(), intent)
        if isinstance(intent, Click) and intent.button == 1 and self.menu_rect.collidepoint(intent.pos):
            open_pause(self.scene())
            return None
        if isinstance(intent, Hover):
            self.cursor = None                             # the mouse moved: it points again, not the keys
            if self._drag_from is not None:
                self.view.pan(self._drag_from[0] - intent.pos[0], self._drag_from[1] - intent.pos[1])
                self._drag_from = intent.pos
            self.hover = intent.pos
        elif isinstance(intent, Click) and intent.button == 2:
            # The middle button drags the map (as virtual tabletops do), whoever is deciding.
            self._drag_from = intent.pos if self.map_rect.collidepoint(intent.pos) else None
        elif isinstance(intent, Release):
            self._drag_from = None
        elif isinstance(intent, Click) and self.tracker_rect.collidepoint(intent.pos):
            self._click_tracker(intent.pos)
        elif isinstance(intent, Click) and self.panel_rect.collidepoint(intent.pos) and self.log.click(intent.pos):
            pass                                           # a log tab: the log shows it
        elif isinstance(intent, Scroll):
            if self.panel_rect.collidepoint(intent.pos):
                self.log.on_scroll(intent.lines)
            elif self.map_rect.collidepoint(intent.pos):
                self._zoom(intent.lines, intent.pos)
        elif isinstance(intent, Key) and self._computer() is not None:
            # The computer is deciding: the player may only watch (skip, look around) or quit.
            if intent.action in ("quit", "settings"):
                return intent.action
            if intent.action == "cancel":
                open_pause(self.scene())
            elif intent.action == "skip":
                self.animator.skip()
            elif intent.action in ("cycle", "centre") or intent.action in CURSOR_STEPS:
                return self._handle_key(intent.action)
        elif isinstance(intent, Key):
            return self._handle_key(intent.action)
        elif isinstance(intent, Click) and self._computer() is None:
            self._handle_click(intent)
        return None

    def _handle_handover(self, intent: Intent) -> str | None:
        """Behind the hand-over screen only Enter or a click (ready), Space (finish the animations), quit, and
        saving (F5, or the pause menu from Esc or its Menu button) work: a save reveals nothing of the board."""
        if isinstance(intent, Key) and intent.action == "quit":
            return "quit"
        if isinstance(intent, Key) and intent.action == "save":
            self.session.save(self.scene())
            return None
        if (isinstance(intent, Key) and intent.action == "cancel") or (
                isinstance(intent, Click) and intent.button == 1 and self.handover_menu_rect.collidepoint(intent.pos)):
            open_pause(self.scene())
            return None
        ready = (isinstance(intent, Key) and intent.action == "end_turn") or (isinstance(intent, Click)
                                                                                and intent.button == 1)
        if isinstance(intent, Key) and intent.action == "skip" or (ready and self.animator.busy):
            self.animator.skip()
        elif ready:
            self.handover = None
        if isinstance(intent, Hover):
            self.hover = intent.pos
        return None

    def _handle_key(self, action: str) -> str | None:
        if action in ("quit", "settings"):
            return action
        if self.popup is not None:
            if action == "cancel":
                self.popup = None
            elif action.startswith("choice"):
                self.controls.pick_popup(int(action[len("choice"):] or 0) - 1)
            return None
        if self.controls.key(action):                      # yes/no, End turn, a pick to undo: the ruleset's
            return None
        if action == "cancel" and self.selected is None and self.mode == WALK and self.picked is None \
                and self.rules.decider(self.state) == self.actor:
            open_pause(self.scene())                               # nothing left to cancel, no question waiting
        elif action == "cancel":
            self.selected, self.message, self.mode, self.picked = None, "", WALK, None
            self._refresh_options()
        elif action.startswith("choice"):
            self._pick_hotkey(action[len("choice"):])
        elif action == "cycle":
            self._cycle_selection()
        elif action == "skip" and self.cursor is not None and not self.animator.busy and self._computer() is None:
            # Space on the keyboard cursor: what a left click there does.
            assert self.hover is not None
            self._handle_click(Click(self.hover, 1))
        elif action == "skip":
            self.animator.skip()
        elif action in CURSOR_STEPS:
            self._move_cursor(*CURSOR_STEPS[action])
        elif action in ("next_target", "previous_target"):
            self._cycle_target(1 if action == "next_target" else -1)
        elif action == "log_tab":
            self.log.switch()
        elif action == "cover_lines":
            self.show_cover_lines = not self.show_cover_lines
        elif action == "centre":
            self.view.centre_on(self.state.square(self.selected or self.actor))
        elif (letter := keys.letter_of(action)):
            self._pick_hotkey(letter)
        return None

    def _pick_hotkey(self, key: str) -> None:
        choice = next((c for c in self.bar_choices if c.hotkey == key), None)
        if choice is None:
            return
        if self.selected != self.actor and not self.controls.waiting():
            self.selected = self.actor
        if self.acting:
            self._pick(choice)

    def _pick(self, choice: Choice) -> None:
        """A bar choice: instant ones act now, the others change what a map click does."""
        self.controls.pick(choice)

    def _move_cursor(self, dx: int, dy: int) -> None:
        """Arrows: the map cursor steps one square (starting where the mouse points, else on the selected or
        acting creature); the camera follows it, and everything the mouse's hover shows, it shows."""
        start = self.cursor or self._hover_square() or self.state.square(self.selected or self.actor)
        square = (max(0, min(self.view.width - 1, start[0] + dx)), max(0, min(self.view.height - 1, start[1] + dy)))
        self._point_at(square)

    def _point_at(self, square: Square) -> None:
        self.cursor = square
        self.view.keep_in_view(square)
        self.hover = self.view.square_rect(square).center

    def _cycle_target(self, step: int) -> None:
        """] and [: the cursor goes to the next (or previous) creature a click would attack or help now."""
        actor_square = self.state.square(self.actor)
        marked = sorted(set(self.targets) | set(self.friends),
                        key=lambda e: (chebyshev(self.state.square(e), actor_square), e))
        if not marked:
            self.message = L_("No creature to aim at now: pick a power (1-9) or an action first.")
            return
        current = self._occupant(self.cursor)
        index = (marked.index(current) + step) % len(marked) if current in marked else (0 if step > 0 else -1)
        self._point_at(self.state.square(marked[index]))

    def _tracker_entity(self, pos: tuple[int, int] | None) -> Entity | None:
        """The creature of the tracker entry at ``pos``, if there is one."""
        if pos is None or not self.tracker_rect.collidepoint(pos):
            return None
        return next((entity for rect, entity in self.tracker_entries if rect.collidepoint(pos)), None)

    def _click_tracker(self, pos: tuple[int, int]) -> None:
        """A tracker entry clicked: show that creature in the card and bring it into view."""
        entity = self._tracker_entity(pos)
        if entity is None:
            return
        self.selected = entity
        self.message = "" if entity == self.actor else \
            L_("It is {actor}'s turn; showing {creature}.", actor=self.state.name(self.actor),
               creature=self.state.name(entity))
        self.view.centre_on(self.state.square(entity))

    def _cycle_selection(self) -> None:
        """Tab: step through the creatures of the side whose turn it is."""
        side = self.state.side(self.actor)
        units = [e for e in self.state.standing() if self.state.side(e) == side]
        if not units:
            return
        index = units.index(self.selected) + 1 if self.selected in units else 0
        self.selected = units[index % len(units)]
        self.view.centre_on(self.state.square(self.selected))

    def _handle_click(self, click: Click) -> None:
        if self.popup is not None:
            for rect, index in self.popup.rects:
                if rect.collidepoint(click.pos):
                    play("click")
                    self.controls.pick_popup(index)
                    return
            if click.button == 3:
                self.popup = None
            return
        if self.controls.asked() is not None:
            self._click_prompt(click)
            return
        if click.button == 3:
            if not self.controls.right_click():
                self.selected, self.message, self.mode, self.picked = None, "", WALK, None
                self._refresh_options()
            return
        if self.end_turn_rect.collidepoint(click.pos):
            play("click")
            self.controls.end_turn()
            return
        for rect, choice in self.bar:
            if rect.collidepoint(click.pos):
                play("click")             # the interface's click; a refusal that follows is heard too
                if self.selected != self.actor and not self.controls.waiting():
                    self.selected = self.actor
                if self.acting:
                    self._pick(choice)
                return
        square = self.view.square_at(click.pos)
        if square is None:
            return
        if self.animator.busy:
            self.animator.skip()
        self.controls.click_square(square)

    def _handle_victory(self, intent: Intent) -> str | None:
        if isinstance(intent, Key) and intent.action in ("play_again", "quit", "menu"):
            return intent.action
        if isinstance(intent, Click):
            for action, rect in self.victory_buttons.items():
                if rect.collidepoint(intent.pos):
                    return action
        if isinstance(intent, Hover):
            self.hover = intent.pos
        return None

    def _click_prompt(self, click: Click) -> None:
        for answer, rect in self.prompt_buttons.items():
            if rect.collidepoint(click.pos):
                self.controls.answer(answer == "yes")
