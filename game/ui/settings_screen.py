"""The settings screen: window size and fullscreen, interface scale, animation speed, language, sound and key bindings.

It edits a draft; Save hands it back to the app (which applies and stores it), Cancel or Esc drops it. The
sound is heard at the draft's volumes while it is edited (the app puts the kept ones back on Cancel).
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.audio.speakers import apply_volumes
from game.i18n import L_, LANGUAGES, N_, _
from game.input.intents import Click, Hover, Intent, Key, key_map, rebindable_actions
from game.render import palette
from game.settings import ANIMATION_SPEEDS, UI_SCALES, VOLUME_STEP, WINDOW_PRESETS, Settings, switched
from game.ui.form import Focus, draw_control
from game.ui.widgets import Fonts, fit, panel, text, wrap_lines

MARGIN = 24
ACTION_WORDS = {
    "cancel": N_("Cancel, deselect"), "end_turn": N_("End the turn, confirm"), "cycle": N_("Next creature of the side"),
    "skip": N_("Skip the animations"), "centre": N_("Centre on the creature"),
    "play_again": N_("Play again (after a skirmish)"), "quit": N_("Quit"), "yes": N_("Answer yes"),
    "no": N_("Answer no"), "menu": N_("Back to the menu (after a skirmish)"), "mute": N_("Sound on or off"),
    "mute_music": N_("Music on or off"), "cover_lines": N_("Cover lines"), "next_target": N_("Next target"),
    "previous_target": N_("Previous target"), "log_tab": N_("Log tab"), "save": N_("Save"),
    "quickload": N_("Quickload"), "settings": N_("Settings"), "rewind": N_("Rewind"),
}
# Key names as pygame spells them, where a language has its own word for the key.
KEY_WORDS = {"Up": N_("Up"), "Down": N_("Down"), "Left": N_("Left"), "Right": N_("Right"), "Return": N_("Return"),
             "Escape": N_("Escape"), "Backspace": N_("Backspace")}
SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "off": N_("Off (no animation)")}
VOLUME_ROWS = (("master_volume", N_("Master volume")), ("effects_volume", N_("Effects volume")),
               ("music_volume", N_("Music volume")))
SWITCHES = ("mute", "music_mute")          # on/off rows; the rows above step by VOLUME_STEP


def action_words(action: str) -> str:
    """What an action does, in the chosen language."""
    return _(ACTION_WORDS[action]) if action in ACTION_WORDS else action.replace("_", " ").capitalize()


def _action(action: str) -> str:
    """What an action does, kept for a message drawn later (translated where drawn)."""
    return ACTION_WORDS.get(action, action.replace("_", " ").capitalize())


def key_words(code: int) -> str:
    """A key's name, in the chosen language where it has its own word."""
    named = pygame.key.name(code).title()
    if not named:
        return _("key {n}").format(n=code)
    return _(KEY_WORDS[named]) if named in KEY_WORDS else named


def _key_name(code: int) -> str:
    """A key's name kept for a message drawn later: lazy where a language has its own word for the key."""
    named = pygame.key.name(code).title()
    if not named:
        return L_("key {n}", n=code)
    return L_(KEY_WORDS[named]) if named in KEY_WORDS else named


class SettingsScene:
    """Up and down move, left and right change a value, Enter on a key binding waits for the new key (Esc:
    keep the old one), Enter on a button presses it; Esc leaves without saving."""

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, settings: Settings, message: str = "") -> None:
        self.size = screen_size
        self.fonts = fonts
        self.original = settings
        self.draft = settings
        self.saved: Settings | None = None          # the settings to apply, once the player saves
        self.message = message
        self.hover: tuple[int, int] | None = None
        self.focus = Focus(("window",))
        self.capturing: str | None = None           # the action waiting for its new key
        self.actions = rebindable_actions()
        self.first_key = 0
        self.windows = list(WINDOW_PRESETS) if settings.window in WINDOW_PRESETS else sorted(
            set(WINDOW_PRESETS) | {settings.window})

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """Returns "back" when the player leaves (``saved`` holds the settings if they saved)."""
        if isinstance(intent, Hover):
            self.hover = intent.pos
        elif isinstance(intent, Click):
            item = self.focus.at(intent.pos)
            if item is not None:
                self.focus.item = item
                if item[0] in ("window", "fullscreen", "scale", "speed", "language", *SWITCHES):
                    self._change(item, 1 if intent.button == 1 else -1)
                elif item[0] in dict(VOLUME_ROWS):       # the "<" half turns it down, the ">" half up
                    rect = next(c.rect for c in self.focus.controls if c.item == item)
                    self._change(item, -1 if intent.pos[0] < rect.centerx else 1)
                elif intent.button == 1:
                    return self._press(item)
        elif isinstance(intent, Key):
            action = intent.action
            if action in ("back", "cancel"):
                return "back"
            if action in ("up", "previous"):
                self.focus.step(-1)
            elif action in ("down", "next"):
                self.focus.step(1)
            elif action in ("left", "right") and self.focus.item is not None:
                self._change(self.focus.item, -1 if action == "left" else 1)
            elif action == "confirm" and self.focus.item is not None:
                return self._press(self.focus.item)
        return None

    def capture(self, code: int) -> None:
        """The key pressed while a binding waits for one: bound unless another action has it; Esc keeps the old."""
        action = self.capturing
        assert action is not None
        self.capturing = None
        if code == pygame.K_ESCAPE:
            self.message = L_("{action}: unchanged.", action=_action(action))
            return
        keys = key_map(self.draft.keys)[0]
        holder = keys.get(code)
        if holder == action:
            self.message = L_("{action} is already on {key}.", action=_action(action),
                              key=_key_name(code))
            return
        if holder is not None:
            used = L_("a power or action of the bar") if holder.startswith("letter_") else (
                L_("a numbered choice") if holder.startswith("choice") else _action(holder))
            self.message = L_("{key} is taken ({used}); pick another key.", key=_key_name(code), used=used)
            return
        self.draft = replace(self.draft, keys={**self.draft.keys, action: pygame.key.name(code)})
        self.message = L_("{action}: {key}.", action=_action(action), key=_key_name(code))

    def _change(self, item: tuple[object, ...], step: int) -> None:
        draft = self.draft
        kind = item[0]
        if kind == "window":
            index = self.windows.index(draft.window) if draft.window in self.windows else 0
            self.draft = replace(draft, window=self.windows[(index + step) % len(self.windows)])
        elif kind == "fullscreen":
            self.draft = replace(draft, fullscreen=not draft.fullscreen)
        elif kind == "scale":
            index = UI_SCALES.index(draft.ui_scale) if draft.ui_scale in UI_SCALES else 0
            self.draft = replace(draft, ui_scale=UI_SCALES[(index + step) % len(UI_SCALES)])
        elif kind == "speed":
            index = ANIMATION_SPEEDS.index(draft.animation_speed) if draft.animation_speed in ANIMATION_SPEEDS else 1
            self.draft = replace(draft, animation_speed=ANIMATION_SPEEDS[(index + step) % len(ANIMATION_SPEEDS)])
        elif kind == "language":
            codes = list(LANGUAGES)
            index = codes.index(draft.language) if draft.language in codes else 0
            self.draft = replace(draft, language=codes[(index + step) % len(codes)])
        elif kind in dict(VOLUME_ROWS):
            volume = max(0, min(100, getattr(draft, kind) + step * VOLUME_STEP))
            self.draft = replace(draft, **{kind: volume})
        elif kind in SWITCHES:
            self.draft = switched(draft, kind)
        if kind in dict(VOLUME_ROWS) or kind in SWITCHES:
            apply_volumes(self.draft)          # heard at once

    def switch(self, setting: str) -> None:
        """F8 / F7 on this screen: the draft's sound or music off or on."""
        self._change((setting,), 1)

    def _press(self, item: tuple[object, ...]) -> str | None:
        kind = item[0]
        if kind == "key":
            self.capturing = str(item[1])
            self.message = L_("Press the new key for: {action}  (Esc: keep the old one)",
                              action=_action(self.capturing))
        elif kind == "reset_keys":
            self.draft = replace(self.draft, keys={})
            self.message = L_("Every key is back to the default.")
        elif kind == "save":
            self.saved = self.draft
            return "back"
        elif kind == "cancel":
            return "back"
        else:
            self._change(item, 1)
        return None

    def resize(self, screen_size: tuple[int, int], fonts: Fonts) -> None:
        self.size, self.fonts = screen_size, fonts

    def update(self) -> None:
        """Nothing moves on its own here."""

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        fonts = self.fonts
        width, height = self.size
        screen.fill(palette.BACKGROUND)
        self.focus.begin()
        text(screen, fonts.huge, _("Settings"), (width // 2, 10), anchor="midtop")
        top = 10 + fonts.huge.get_linesize() + 8
        row = fonts.body.get_linesize() + 14
        footer = fonts.small.get_linesize() + 16
        buttons_top = height - footer - row - 16
        half = (width - 3 * MARGIN) // 2
        left = pygame.Rect(MARGIN, top, half, buttons_top - top - 8)
        right = pygame.Rect(2 * MARGIN + half, top, half, buttons_top - top - 8)
        draft = self.draft
        y = left.y
        text(screen, fonts.title, _("Display and play"), (left.x, y))
        y += fonts.title.get_linesize() + 8
        for item, caption, words in (
                (("window",), _("Window size"), f"{draft.window[0]} x {draft.window[1]}"),
                (("fullscreen",), _("Fullscreen"), _("On") if draft.fullscreen else _("Off")),
                (("scale",), _("Interface scale"), f"{draft.ui_scale}%"),
                (("speed",), _("Animation speed"),
                 _(SPEED_WORDS[draft.animation_speed]) if draft.animation_speed in SPEED_WORDS else draft.animation_speed),
                (("language",), _("Language"), LANGUAGES.get(draft.language, draft.language))):
            text(screen, fonts.body, caption, (left.x, y + (row - 4) // 2), palette.TEXT_DIM, "midleft")
            caption_width = max(left.width * 45 // 100, fonts.body.size(caption)[0] + 16)
            rect = pygame.Rect(left.x + caption_width, y, left.width - caption_width, row - 4)
            focused = self.focus.add(item, rect)
            draw_control(screen, fonts.body, rect, words, focused, self._hot(rect), arrows=True)
            y += row
        notes = _("Saved from the menu, the window and the scale change at once; saved during a skirmish, "
                  "they and the animation speed wait for the next one. The sound changes as you set it.")
        for index, words in enumerate(wrap_lines(fonts.small, notes, left.width)):
            text(screen, fonts.small, words, (left.x, y + 6 + index * fonts.small.get_linesize()), palette.TEXT_DIM)
        right = self._draw_sound(screen, right, row)
        self._draw_keys(screen, right, row)
        labels = [(("save",), _("Save")), (("cancel",), _("Cancel"))]
        button_width = (width - 2 * MARGIN - 12) // 2
        for index, (item, label) in enumerate(labels):
            rect = pygame.Rect(MARGIN + index * (button_width + 12), buttons_top, button_width, row + 4)
            focused = self.focus.add(item, rect)
            draw_control(screen, fonts.body, rect, label, focused, self._hot(rect), chosen=item == ("save",))
        self.focus.settle()
        help_words = _("Up/Down: move  ·  Left/Right: change  ·  Enter: press, or rebind a key  ·  "
                       "Esc: leave without saving")
        words = self.message or help_words
        text(screen, fonts.small, fit(fonts.small, words, width - 2 * MARGIN), (width // 2, height - footer // 2),
             palette.SELECT if self.capturing else (palette.TEXT if self.message else palette.TEXT_DIM), "center")

    def _draw_sound(self, screen: pygame.Surface, area: pygame.Rect, row: int) -> pygame.Rect:
        """The volumes and the two switches; returns what is left of ``area`` below them."""
        fonts = self.fonts
        text(screen, fonts.title, _("Sound"), area.topleft)
        y = area.y + fonts.title.get_linesize() + 8
        draft = self.draft
        rows = [((key,), _(caption), f"{getattr(draft, key)}%") for key, caption in VOLUME_ROWS]
        keys = key_map(draft.keys)[0]
        bound = {action: next((key_words(code) for code, a in keys.items() if a == action), "")
                 for action in ("mute", "mute_music")}
        rows += [(("mute",), _("Sound ({key})").format(key=bound["mute"]) if bound["mute"] else _("Sound"),
                  _("Muted") if draft.mute else _("On")),
                 (("music_mute",), _("Music ({key})").format(key=bound["mute_music"]) if bound["mute_music"] else _("Music"),
                  _("Off") if draft.music_mute else _("On"))]
        for item, caption, words in rows:
            text(screen, fonts.body, caption, (area.x, y + (row - 4) // 2), palette.TEXT_DIM, "midleft")
            caption_width = max(area.width * 45 // 100, fonts.body.size(caption)[0] + 16)
            rect = pygame.Rect(area.x + caption_width, y, area.width - caption_width, row - 4)
            focused = self.focus.add(item, rect)
            draw_control(screen, fonts.body, rect, words, focused, self._hot(rect), arrows=True)
            y += row
        return pygame.Rect(area.x, y + 8, area.width, area.bottom - y - 8)

    def _draw_keys(self, screen: pygame.Surface, area: pygame.Rect, row: int) -> None:
        """The key bindings, scrolled to keep the focused one in view, then "reset to defaults"."""
        fonts = self.fonts
        text(screen, fonts.title, _("Keys"), area.topleft)
        box_top = area.y + fonts.title.get_linesize() + 8
        keys = key_map(self.draft.keys)[0]
        shown = max(1, (area.bottom - box_top - row) // row)
        item = self.focus.item
        if item is not None and item[0] == "key" and item[1] in self.actions:
            index = self.actions.index(str(item[1]))
            self.first_key = max(min(self.first_key, index), index - shown + 1)
        panel(screen, pygame.Rect(area.x, box_top - 4, area.width, min(shown, len(self.actions)) * row + 4))
        y = box_top
        for index, action in enumerate(self.actions):
            if not self.first_key <= index < self.first_key + shown:
                self.focus.add(("key", action), pygame.Rect(0, 0, 0, 0))   # scrolled away, still on the focus path
                continue
            bound = _(" or ").join(key_words(code) for code, a in keys.items() if a == action) or _("none")
            if self.capturing == action:
                bound = _("press a key...")
            text(screen, fonts.body, fit(fonts.body, action_words(action), area.width * 55 // 100),
                 (area.x + 10, y + (row - 4) // 2), palette.TEXT_DIM, "midleft")
            rect = pygame.Rect(area.x + area.width * 58 // 100, y, area.width * 42 // 100 - 6, row - 4)
            focused = self.focus.add(("key", action), rect)
            draw_control(screen, fonts.body, rect, bound, focused, self._hot(rect),
                         colour=palette.SELECT if self.capturing == action else palette.TEXT)
            y += row
        rect = pygame.Rect(area.x, y + 4, area.width, row - 4)
        focused = self.focus.add(("reset_keys",), rect)
        draw_control(screen, fonts.body, rect, _("Reset keys to defaults"), focused, self._hot(rect))

    def _hot(self, rect: pygame.Rect) -> bool:
        return self.hover is not None and rect.collidepoint(self.hover)
