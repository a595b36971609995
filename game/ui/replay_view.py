"""The replay viewer: a saved skirmish on the battle screen, stepped through command by command.

The board, the creatures, the log and the animations are the battle screen's own (BattleScene, shown a
match and never given a command); this scene adds the controls over its action bar and keeps every input
that would act away from it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.audio.speakers import play_all
from game.input.intents import Click, Hover, Intent, Key, Release, Scroll
from game.i18n import N_, _, name, ngettext
from game.render import palette
from game.replay.load import Loaded
from game.replay.player import ReplayPlayer
from game.match import Match
from game.rulesets import no_screen
from game.ui.battle import BattleScene
from game.ui.widgets import Fonts, button, text

AUTOPLAY_BEAT = 30        # fixed steps (half a second) between commands when playing on its own
CONTROLS = (("start", N_("|<  Start  [Up]")), ("back", N_("<  Back  [Left]")), ("play", N_("Play  [Space]")),
            ("forward", N_("Forward  >  [Right]")), ("end", N_("End  >|  [Down]")), ("menu", N_("Close  [Esc]")))


def unshowable(loaded: Loaded) -> str:
    """Why the battle screen cannot show a loaded save ("" when it can): its ruleset has no screen yet."""
    return no_screen(loaded.match.ruleset)


def battle_for(screen_size: tuple[int, int], fonts: Fonts, loaded: Loaded, match: Match,
               computer: dict[str, str] | None = None, animation_speed: str = "normal") -> BattleScene:
    """The battle screen of a loaded save's ruleset, carrying on ``match`` as the save was set up."""
    setup = loaded.setup
    return BattleScene(screen_size, setup.map_path, match.seed, fonts, rosters=list(setup.rosters),
                       surprised=setup.surprised, computer=computer, match=match, animation_speed=animation_speed)


class ReplayScene:
    """Arrows or buttons step back and forth; Space plays the commands one after another."""

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, loaded: Loaded, back: Any = None) -> None:
        """``back``: the load list the replay was opened from, which Close returns to (None: the start menu).
        Every ruleset the loader knows has the one battle screen, so every loaded save shows."""
        self.back = back
        self.fonts = fonts
        self.player = ReplayPlayer(loaded)
        self.battle = battle_for(screen_size, fonts, loaded, self.player.match)
        self.battle.human_sides = []          # no hand-over screen: a replay hides nothing from anyone
        self.battle.selected = None           # and shows no one's options
        self.battle.menu_button = False       # Close [Esc] below leaves a replay; there is no pause menu
        self.playing = False
        self.wait = 0
        self.hover: tuple[int, int] | None = None
        self.buttons: dict[str, pygame.Rect] = {}
        width, height = screen_size
        top = self.battle.hint_rect.top
        self.controls_rect = pygame.Rect(0, top, width, height - top)

    def handle(self, intent: Intent) -> str | None:
        if isinstance(intent, Hover):
            self.hover = intent.pos
            self.battle.handle(intent)
        elif isinstance(intent, (Scroll, Release)) or (isinstance(intent, Click) and intent.button == 2):
            self.battle.handle(intent)           # scroll the log, zoom and drag the map
        elif isinstance(intent, Click) and intent.button == 1:
            for action, rect in self.buttons.items():
                if rect.collidepoint(intent.pos):
                    return self._act(action)
        elif isinstance(intent, Key):
            picked = {"left": "back", "right": "forward", "up": "start", "down": "end", "skip": "play",
                      "cancel": "menu", "back": "menu", "menu": "menu", "quit": "quit"}.get(intent.action)
            if picked is not None:
                return self._act(picked)
        return None

    def _act(self, action: str) -> str | None:
        if action in ("menu", "quit"):
            return action
        if action == "play":
            self.playing = not self.playing
            self.wait = 0
        elif action == "forward":
            self.playing = False
            self.forward()
        else:
            self.playing = False
            target = {"back": self.player.position - 1, "start": 0, "end": self.player.total}[action]
            self.battle.show_match(self.player.go_to(target))
            self.battle.selected = None
        return None

    def forward(self) -> bool:
        """The next command, animated as it was played; False at the end."""
        before = self.battle.squares()
        events = self.player.forward()
        if events is None:
            return False
        self.battle.show_match(self.player.match)
        self.battle.animate(events, before)
        self.battle.selected = None
        return True

    def update(self) -> None:
        self.battle.ticks += 1
        self.battle.animator.update()
        play_all(self.battle.animator.take_sounds())
        if not self.playing or self.battle.animator.busy:
            self.wait = 0
            return
        self.wait += 1
        if self.wait >= AUTOPLAY_BEAT:
            self.wait = 0
            self.playing = self.forward()

    def draw(self, screen: pygame.Surface) -> None:
        self.battle.draw(screen)
        rect = self.controls_rect
        pygame.draw.rect(screen, palette.BAR, rect)
        pygame.draw.line(screen, palette.PANEL_EDGE, rect.topleft, rect.topright)
        player = self.player
        where = (_("Replay  ·  command {n} of {total}: {command}").format(n=player.position, total=player.total,
                                                                         command=name(player.label()))
                 if player.position else
                 ngettext("Replay  ·  the start (initiative rolled), {n} command to go",
                          "Replay  ·  the start (initiative rolled), {n} commands to go", player.total).format(
                              n=player.total))
        text(screen, self.fonts.small, where, (12, rect.y + 4), palette.TEXT)
        self.buttons = {}
        x, y = 8, rect.y + 30
        width = (rect.width - 16 - 8 * (len(CONTROLS) - 1)) // len(CONTROLS)
        for action, words in CONTROLS:
            if action == "play" and self.playing:
                words = N_("Pause  [Space]")
            box = pygame.Rect(x, y, width, rect.bottom - y - 8)
            button(screen, self.fonts.small, box, _(words), self.hover is not None and box.collidepoint(self.hover))
            self.buttons[action] = box
            x += width + 8
        self.battle.screen_lost()     # the controls lie over the battle's power bar
