"""The battle screen's pause menu: resume, save, load, take back, settings and quit to the start menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import L_, N_, _
from game.input.intents import Click, Hover, Intent, Key
from game.render import palette
from game.ui.widgets import Fonts, button, dim, fit, panel, text, wrap_lines

if TYPE_CHECKING:
    from game.ui.battle import BattleScene

# (action, label, key hint); the hints name the keys that do the same from the battle screen.
ENTRIES = (("resume", N_("Resume"), "Esc"), ("save", N_("Save"), "F5"), ("load", N_("Load"), ""),
           ("takeback", N_("Take back"), N_("Backspace")), ("settings", N_("Settings"), "F10"),
           ("quit", N_("Quit to menu"), "M"))
HELP = {
    "resume": N_("Back to the skirmish."),
    "save": N_("Write a new save; the start menu's Load lists every save and autosave."),
    "load": N_("Choose a save or an autosave to play on or to watch; Esc comes back here."),
    "takeback": N_("Take back the last command of this turn, if it revealed nothing new."),
    "settings": N_("Window, text size, animation speed, language and keys."),
    "quit": N_("Leave this skirmish for the start menu."),
}
CONFIRM = (("quit", N_("Quit  [Y]")), ("stay", N_("Stay  [N]")))
QUESTION = N_("Quit without saving? This turn's autosave stays in the load list.")
MIN_WIDTH = 360
MARGIN = 24
BEHIND_HANDOVER = L_("Not behind the hand-over screen: the next player says they are ready first.")


class PauseMenu:
    """The menu's focus, hover and quit question; ``handle`` returns the action chosen, the battle screen does it.

    ``refusals`` maps an action to why it cannot be chosen now (a take-back the rules refuse); such an entry
    is drawn dim and choosing it shows the reason. ``unsaved``: quitting asks first.
    """

    def __init__(self, fonts: Fonts, screen_rect: pygame.Rect, refusals: dict[str, str], unsaved: bool) -> None:
        self.fonts = fonts
        self.screen_rect = screen_rect
        self.refusals = refusals
        self.unsaved = unsaved
        self.focus = 0
        self.confirming = False
        self.status = ""                       # what the last choice did, or why it could not (until the focus moves)
        self.hover: tuple[int, int] | None = None
        self.rows: dict[str, pygame.Rect] = {}
        self.confirm_rects: dict[str, pygame.Rect] = {}

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """The action to carry out ("resume", "save", "load", "takeback", "settings", "quit"), or None."""
        if isinstance(intent, Hover):
            self.hover = intent.pos
            hovered = next((i for i, (action, _, _) in enumerate(ENTRIES)
                            if action in self.rows and self.rows[action].collidepoint(intent.pos)), None)
            if hovered is not None and not self.confirming:
                self._focus_on(hovered)
            return None
        if self.confirming:
            return self._handle_question(intent)
        if isinstance(intent, Click) and intent.button == 1:
            for action, rect in self.rows.items():
                if rect.collidepoint(intent.pos):
                    return self._choose(action)
            return None
        if isinstance(intent, Click) and intent.button == 3:
            return "resume"
        if not isinstance(intent, Key):
            return None
        action = intent.action
        if action in ("up", "down"):
            self._focus_on((self.focus + (1 if action == "down" else -1)) % len(ENTRIES))
        elif action in ("end_turn", "skip"):
            return self._choose(ENTRIES[self.focus][0])
        elif action.startswith("choice") and action[len("choice"):].isdigit():
            index = int(action[len("choice"):]) - 1
            if 0 <= index < len(ENTRIES):
                self._focus_on(index)
                return self._choose(ENTRIES[index][0])
        else:
            shortcut = {"cancel": "resume", "save": "save", "quickload": "load", "rewind": "takeback",
                        "settings": "settings", "menu": "quit"}.get(action)
            if shortcut is not None:
                return self._choose(shortcut)
        return None

    def _focus_on(self, index: int) -> None:
        if index != self.focus:
            self.focus, self.status = index, ""

    def explanation(self) -> str:
        """The line under the entries: what the last choice did, else why the focused entry is refused or what it does."""
        action = ENTRIES[self.focus][0]
        return self.status or self.refusals.get(action) or _(HELP[action])

    def _choose(self, action: str) -> str | None:
        refusal = self.refusals.get(action)
        if refusal:
            self.status = refusal
            return None
        if action == "quit" and self.unsaved:
            self.confirming = True
            return None
        return action

    def _handle_question(self, intent: Intent) -> str | None:
        answer = None
        if isinstance(intent, Key):
            answer = {"yes": "quit", "no": "stay", "cancel": "stay"}.get(intent.action)
        elif isinstance(intent, Click) and intent.button == 1:
            answer = next((a for a, rect in self.confirm_rects.items() if rect.collidepoint(intent.pos)), None)
        if answer == "quit":
            return "quit"
        if answer == "stay":
            self.confirming = False
        return None

    # Layout and drawing ---------------------------------------------------------------------------
    def _row_height(self) -> int:
        return self.fonts.body.get_linesize() + 18

    def layout(self) -> pygame.Rect:
        """The box, sized from the fonts (a larger text scale grows it) and centred on the screen."""
        fonts = self.fonts
        label_w = max(fonts.body.size(_(label))[0] for _action, label, _hint in ENTRIES)
        hint_w = max(fonts.small.size(f"[{_(hint)}]")[0] for _action, _label, hint in ENTRIES if hint)
        question_w = sum(fonts.body.size(_(words))[0] + 40 for _answer, words in CONFIRM) + 16
        width = min(self.screen_rect.width - 2 * MARGIN, max(MIN_WIDTH, label_w + hint_w + 80, question_w + 2 * MARGIN))
        status_lines = 3
        height = (MARGIN + fonts.title.get_linesize() + 12 + len(ENTRIES) * (self._row_height() + 8)
                  + status_lines * fonts.small.get_linesize() + MARGIN)
        box = pygame.Rect(0, 0, width, min(height, self.screen_rect.height - 2 * 8))
        box.center = self.screen_rect.center
        return box

    def draw(self, screen: pygame.Surface) -> None:
        dim(screen)
        fonts = self.fonts
        box = self.layout()
        panel(screen, box)
        pygame.draw.rect(screen, palette.PANEL_EDGE, box, 2, border_radius=6)
        y = box.y + MARGIN
        text(screen, fonts.title, _("Paused"), (box.centerx, y), palette.TEXT, "midtop")
        y += fonts.title.get_linesize() + 12
        row_h = self._row_height()
        self.rows = {}
        for index, (action, label, hint) in enumerate(ENTRIES):
            rect = pygame.Rect(box.x + MARGIN, y, box.width - 2 * MARGIN, row_h)
            self.rows[action] = rect
            self._draw_row(screen, rect, label, hint, index == self.focus and not self.confirming,
                           bool(self.refusals.get(action)))
            y += row_h + 8
        width = box.width - 2 * MARGIN
        lines = [] if self.confirming else wrap_lines(fonts.small, self.explanation(), width)
        colour = palette.TEXT if self.status else palette.TEXT_DIM
        for line in lines[:3]:
            text(screen, fonts.small, fit(fonts.small, line, width), (box.centerx, y + 4), colour, "midtop")
            y += fonts.small.get_linesize()
        self.confirm_rects = {}
        if self.confirming:
            self._draw_question(screen, box)

    def _draw_row(self, screen: pygame.Surface, rect: pygame.Rect, label: str, hint: str, focused: bool,
                  refused: bool) -> None:
        hot = self.hover is not None and rect.collidepoint(self.hover)
        pygame.draw.rect(screen, (70, 90, 130) if hot and not refused else (50, 55, 70), rect, border_radius=6)
        # The keyboard focus is a thick outline, so it shows without colour too.
        pygame.draw.rect(screen, palette.SELECT if focused else palette.PANEL_EDGE, rect, 4 if focused else 2,
                         border_radius=6)
        colour = palette.TEXT_DIM if refused else palette.TEXT
        text(screen, self.fonts.body, _(label), (rect.x + 14, rect.centery), colour, "midleft")
        if hint:
            text(screen, self.fonts.small, f"[{_(hint)}]", (rect.right - 14, rect.centery), palette.TEXT_DIM, "midright")

    def _draw_question(self, screen: pygame.Surface, box: pygame.Rect) -> None:
        """Quit without saving? over the lower part of the menu, with its two answers."""
        fonts = self.fonts
        width = box.width - 2 * MARGIN
        lines = wrap_lines(fonts.body, _(QUESTION), width)
        button_h = fonts.body.get_linesize() + 18
        height = MARGIN + len(lines) * fonts.body.get_linesize() + 16 + button_h + MARGIN
        area = pygame.Rect(box.x + 8, box.bottom - height - 8, box.width - 16, height)
        panel(screen, area, (44, 47, 62))
        pygame.draw.rect(screen, palette.HP_BLOODIED, area, 3, border_radius=6)
        y = area.y + MARGIN
        for line in lines:
            text(screen, fonts.body, line, (area.centerx, y), palette.TEXT, "midtop")
            y += fonts.body.get_linesize()
        y += 16
        button_w = (width - 16) // 2
        for index, (answer, words) in enumerate(CONFIRM):
            rect = pygame.Rect(box.x + MARGIN + index * (button_w + 16), y, button_w, button_h)
            button(screen, fonts.body, rect, _(words), self.hover is not None and rect.collidepoint(self.hover))
            self.confirm_rects[answer] = rect


def open_pause(scene: BattleScene) -> None:
    """Open the menu over the battle screen; a take-back the rules refuse now is drawn dim, with its reason."""
    refusal: str
    if scene.handover is not None:
        refusal = BEHIND_HANDOVER
    else:
        plan = scene.session.plan(scene)
        refusal = plan if isinstance(plan, str) else ""
    scene.pause = PauseMenu(scene.fonts, scene.screen_rect, {"takeback": refusal}, scene.session.unsaved(scene))


def handle_pause(scene: BattleScene, intent: Intent) -> str | None:
    """An intent while the menu is open: nothing reaches the battle. Returns what the app does next: "load"
    (the load list, whose Esc comes back here), "settings", "menu" (the start menu) or "quit"."""
    menu = scene.pause
    assert menu is not None
    if isinstance(intent, Key) and intent.action == "quit":
        return "quit"
    action = menu.handle(intent)
    if action == "save":
        if scene.session.save(scene):
            menu.unsaved = False
        menu.status = scene.message
    elif action == "settings":
        return "settings"                  # the menu stays open behind the settings screen
    elif action is not None:
        scene.pause = None
        if action == "takeback":
            scene.session.ask(scene)
        elif action == "load":
            return "load"
        elif action == "quit":
            return "menu"
    return None
