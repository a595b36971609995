"""The application: a fixed-timestep loop that updates rules-free animation at a steady rate and draws as often as it can."""

from __future__ import annotations

import os
import sys
import time
import warnings
from dataclasses import replace
from pathlib import Path
from collections.abc import Callable

import pygame

from game.audio.kinds import MENU_MUSIC, battle_track
from game.audio.speakers import SPEAKERS, apply_volumes, play
from game.engine.rosters import ContentError, Roster
from game.i18n import L_, message_of, set_language
from game.input import intents
from game.input.intents import Click, Key, Quit, translate
from game.maps.catalog import list_maps, user_maps_dir
from game.maps.loader import MapError
from game.match import SetupError
from game.render.map_view import AssetError
from game.replay.format import SaveError
from game.replay.load import Loaded, load
from game.replay.saves import latest_save
from game.rulesets import no_screen
from game.settings import Settings, load_settings, save_settings, switched
from game.ui import helper
from game.ui.battle import BattleScene
from game.ui.form import translate_menu
from game.ui.load_screen import LoadScene
from game.ui.menu import MenuScene
from game.ui.online import OnlineScene
from game.ui.replay_view import ReplayScene, battle_for, unshowable
from game.ui.settings_screen import SettingsScene
from game.ui.widgets import Fonts

FIXED_STEP = 1 / 60          # seconds of game time per update
MAX_FRAME_TIME = 0.25        # clamp a long frame so updates never spiral (the "spiral of death")
MAX_UPDATES_PER_FRAME = 15
FPS_CEILING = 240            # when the display gives no vsync, do not spin the CPU flat out
TITLE = "Grid Skirmish"
SOUND_KEYS = {"mute": "mute", "mute_music": "music_mute"}      # key action -> the setting it turns on or off
# What F8 and F7 say, by the setting switched and whether it is now off.
SWITCH_WORDS = {("mute", True): L_("Sound off"), ("mute", False): L_("Sound on"),
                ("music_mute", True): L_("Music off"), ("music_mute", False): L_("Music on")}
MENU_CLICKS = ("confirm", "up", "down", "left", "right", "next", "previous", "back")   # keys a menu answers with a click
QUIT_WAIT_S = 5.0            # at most this long for the helper process to write the last autosave on quitting


class StartupError(RuntimeError):
    """The game cannot start (bad map, missing art, no display); the message is one line."""


class FixedStepLoop:
    """Accumulates real time from a high-resolution clock and spends it in fixed update steps."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, step: float = FIXED_STEP) -> None:
        self.clock = clock
        self.step = step
        self.accumulator = 0.0
        self.last = clock()

    def tick(self) -> int:
        """How many fixed updates to run for the time since the last frame."""
        now = self.clock()
        elapsed = min(now - self.last, MAX_FRAME_TIME)
        self.last = now
        self.accumulator += elapsed
        steps = 0
        while self.accumulator >= self.step and steps < MAX_UPDATES_PER_FRAME:
            self.accumulator -= self.step
            steps += 1
        if steps == MAX_UPDATES_PER_FRAME:
            self.accumulator = 0.0
        return steps


def open_window(size: tuple[int, int], fullscreen: bool = False) -> pygame.Surface:
    """A window (or the whole screen) synced to the display when the driver can, otherwise a plain one."""
    pygame.display.set_caption(TITLE)
    flags = pygame.FULLSCREEN if fullscreen else 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pygame warns when it falls back from vsync; that is fine
        try:
            return pygame.display.set_mode(size, flags, vsync=1)
        except pygame.error:
            return pygame.display.set_mode(size, flags)


def within_screen(size: tuple[int, int]) -> tuple[int, int]:
    """The window size shrunk to fit the screen (a real one: the dummy driver's desktop size is made up)."""
    if pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen"):
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            return min(size[0], desktops[0][0]), min(size[1], desktops[0][1])
    return size


def new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


class Game:
    """The window, the current scene and the fixed-step loop; ``frame`` runs one pass of the loop.

    With a map it goes straight into the skirmish; without one it opens the map menu first. The player's
    settings (game.settings) are read first; ``window`` (the command line's --window) overrides theirs.
    """

    def __init__(self, map_path: Path | None, seed: int | None, window: tuple[int, int] | None,
                 loop: FixedStepLoop | None = None, computer: dict[str, str] | None = None,
                 replay: Path | None = None, ruleset: str = "4e") -> None:
        self.settings, self.notice = load_settings()
        self.window_override = window
        try:
            pygame.display.init()
            pygame.font.init()
            self.screen = open_window(self._wanted_window(), self.settings.fullscreen and window is None)
        except pygame.error as err:
            raise StartupError(f"cannot open a window: {err}") from None
        self.window, self.map_path, self.seed = self.screen.get_size(), map_path, seed
        self.shown = (self.window, self.settings.fullscreen and window is None)   # the display as opened
        self.surprised: tuple[str, ...] | None = None   # sides caught unaware, from the menu (None: the map's, 4e §2.3)
        self.computer: dict[str, str] = dict(computer or {})   # side -> level, for the sides the computer plays
        self.rosters: list[Roster] | None = None        # the sides from the menu; None: the default rosters
        self.ruleset = ruleset                          # the rules of the next skirmish (game.rulesets)
        self.fonts = Fonts(self.settings.ui_scale)
        sound_note = SPEAKERS.open()
        if sound_note:
            print(sound_note, file=sys.stderr)
        self.settings, problem = self._apply_now(self.settings)
        self.notice = "; ".join(n for n in (self.notice, problem) if n)
        self.returning_to: BattleScene | MenuScene | None = None   # the scene the settings screen goes back to
        self.last_menu: MenuScene | None = None                     # kept, so the menu comes back as it was left
        self.scene: BattleScene | MenuScene | LoadScene | ReplayScene | OnlineScene | SettingsScene = (
            self._new_scene() if map_path is not None else self._menu())
        if replay is not None:   # `python -m game replay FILE`: straight into the replay viewer
            try:
                self.scene = ReplayScene(self.window, self.fonts, load(replay))
            except SaveError as err:
                raise StartupError(str(err)) from None
        self.loop = loop or FixedStepLoop()
        self.frames_drawn = 0
        self.drawn_last: object = None            # the scene that drew the last frame

    def _new_scene(self) -> BattleScene:
        assert self.map_path is not None
        self._apply_display()
        seed = new_seed() if self.seed is None else self.seed
        if no_screen(self.ruleset):
            raise StartupError(no_screen(self.ruleset))
        try:
            return BattleScene(self.window, self.map_path, seed, self.fonts,
                               rosters=self.rosters, surprised=self.surprised, computer=self.computer,
                               animation_speed=self.settings.animation_speed, ruleset=self.ruleset)
        except (MapError, AssetError, ContentError, SetupError) as err:
            raise StartupError(str(err)) from None

    def _menu(self) -> MenuScene:
        """The start menu, with the sides, rosters and seed the player left it with (the seed as last played)."""
        self._apply_display()
        if self.last_menu is None:
            self.last_menu = MenuScene(self.window, self.fonts, list_maps(), user_maps_dir())
            self.last_menu.ruleset = self.ruleset          # the Rules row starts on --ruleset
        menu = self.last_menu
        menu.resize(self.window, self.fonts)
        menu.message, self.notice = self.notice, ""
        menu.seed_text = "" if self.seed is None else str(self.seed)
        self.last_menu = menu
        return menu

    def _start_chosen(self, menu: MenuScene) -> None:
        """Open the map chosen in the menu with its sides and seed; a skirmish that cannot be set up stays a
        message on the menu."""
        previous = self.map_path, self.rosters
        self.map_path, self.surprised, self.computer = menu.chosen, menu.surprised, menu.computer
        self.rosters, self.seed, self.ruleset = menu.rosters, menu.seed, menu.ruleset
        try:
            self.scene = self._new_scene()
        except StartupError as err:
            self.map_path, self.rosters = previous
            menu.message = L_("Cannot play that map: {reason}", reason=message_of(err))

    # Settings -------------------------------------------------------------------------------------
    def _wanted_window(self) -> tuple[int, int]:
        return within_screen(self.window_override or self.settings.window)

    def _apply_now(self, settings: Settings) -> tuple[Settings, str]:
        """Apply what takes effect at once, the language and the key bindings; returns the settings as applied
        (English when the language cannot be shown) and "" or why something was not."""
        problems = []
        reason = set_language(settings.language)
        if reason:
            problems.append(reason)
            settings = replace(settings, language="en")
        ignored = intents.bind(settings.keys)
        if ignored:
            problems.append(ignored)
        apply_volumes(settings)
        return settings, "; ".join(problems)

    def _apply_display(self) -> None:
        """Reopen the window and resize the text when the settings ask for another size, fullscreen or scale."""
        fullscreen = self.settings.fullscreen and self.window_override is None
        if (self._wanted_window(), fullscreen) != self.shown:
            try:
                self.screen = open_window(self._wanted_window(), fullscreen)
                self.drawn_last = None
            except pygame.error as err:
                self.notice = L_("Cannot change the window: {reason}", reason=str(err))
            self.window = self.screen.get_size()
            self.shown = (self._wanted_window(), fullscreen)
        if self.fonts.scale_percent != self.settings.ui_scale:
            self.fonts = Fonts(self.settings.ui_scale)

    def _open_settings(self) -> None:
        if isinstance(self.scene, (BattleScene, MenuScene)):
            self.returning_to = self.scene
            self.scene = SettingsScene(self.window, self.fonts, self.settings)

    def _close_settings(self, screen: SettingsScene) -> None:
        """Back from the settings: store and apply what was saved; the window and the text size change at once
        on the menu, and after the skirmish when the settings were opened from one (its layout is fixed)."""
        back = self.returning_to
        assert back is not None
        self.scene, self.returning_to = back, None
        chosen = screen.saved
        if chosen is None:
            apply_volumes(self.settings)     # the volumes tried on the screen go back to the kept ones
            return
        if chosen.window != self.settings.window:
            self.window_override = None      # the player chose a size here: it wins over --window from now on
        chosen, problem = self._apply_now(chosen)
        self.settings = chosen
        try:
            save_settings(chosen)
        except OSError as err:
            unsaved = L_("Settings not saved ({reason}); they last until you quit", reason=str(err.strerror))
            problem = L_("{first}; {second}", first=unsaved, second=problem) if problem else unsaved
        if isinstance(back, MenuScene):
            self._apply_display()
            back.resize(self.window, self.fonts)
            back.message = problem
        else:
            back.message = problem or L_("Settings saved; the window size, text scale and animation speed apply after "
                                         "this skirmish.")

    def frame(self) -> bool:
        """Handle input, run the fixed updates that are due, draw once. False when the player quits."""
        for event in pygame.event.get():
            if isinstance(self.scene, SettingsScene) and self.scene.capturing and event.type == pygame.KEYDOWN:
                self.scene.capture(event.key)     # any key, bound or not: the one being rebound
                continue
            if event.type == pygame.TEXTINPUT and isinstance(self.scene, OnlineScene):
                self.scene.text_input(event.text)       # the server address and the join code are typed
                continue
            menu_like = isinstance(self.scene, (MenuScene, SettingsScene, OnlineScene))
            intent = translate_menu(event) if menu_like else translate(event)
            if intent is None:
                continue
            if isinstance(intent, Key) and intent.action in SOUND_KEYS:
                self._switch_sound(SOUND_KEYS[intent.action])
                continue
            self._click_sound(intent)
            outcome = "quit" if isinstance(intent, Quit) else self.scene.handle(intent)
            if outcome == "quit":
                return False
            if outcome == "play_again":
                # A fixed seed moves on by one, so the rematch is new but still repeatable.
                self.seed = None if self.seed is None else self.seed + 1
                self.scene = self._new_scene()
            elif outcome == "menu" and isinstance(self.scene, (LoadScene, ReplayScene)) and self.scene.back is not None:
                # Back where it was opened from: a replay to its load list, the pause menu's list to the battle.
                self.scene = self.scene.back
            elif outcome == "menu":
                self.scene = self._menu()
            elif outcome == "start" and isinstance(self.scene, MenuScene):
                self._start_chosen(self.scene)
            elif outcome == "online" and isinstance(self.scene, MenuScene):
                self.scene = OnlineScene(self.window, self.fonts, self.scene, self.settings.animation_speed)
            elif outcome == "settings":
                self._open_settings()
            elif outcome == "back" and isinstance(self.scene, SettingsScene):
                self._close_settings(self.scene)
            elif outcome == "load":
                self.scene = LoadScene(self.window, self.fonts,
                                       back=self.scene if isinstance(self.scene, BattleScene) else None)
            elif outcome in ("resume", "replay") and isinstance(self.scene, LoadScene) and self.scene.loaded:
                self._open_loaded(self.scene, self.scene.loaded, outcome == "replay")
            elif outcome == "quickload" and isinstance(self.scene, BattleScene):
                self._quickload(self.scene)
        for _ in range(self.loop.tick()):
            self.scene.update()
        if isinstance(self.scene, OnlineScene) and self.scene.battle is not None:
            self.scene = self.scene.battle           # connected: the skirmish is played through the server
        SPEAKERS.music(self._music())
        if self.scene is not self.drawn_last and isinstance(self.scene, BattleScene):
            self.scene.screen_lost()      # another scene drew over the battle's panels meanwhile
        self.drawn_last = self.scene
        self.scene.draw(self.screen)
        pygame.display.flip()
        self.frames_drawn += 1
        return True

    # Sound ----------------------------------------------------------------------------------------
    def _music(self) -> str | None:
        """The music for the scene on screen: the menu's theme, the skirmish's battle track, silence once it is won
        (the victory fanfare plays alone)."""
        scene = self.returning_to if isinstance(self.scene, SettingsScene) else self.scene
        battle = scene.battle if isinstance(scene, ReplayScene) else scene
        if isinstance(battle, BattleScene):
            return None if battle.state.outcome is not None else battle_track(battle.match.seed)
        return MENU_MUSIC

    def _click_sound(self, intent: object) -> None:
        """The interface's click: a menu's keys and buttons, the battle screen's buttons and panels (a click on the
        map is heard through what it does)."""
        if isinstance(intent, Click) and intent.button == 1:
            on_map = (isinstance(self.scene, BattleScene) and self.scene.pause is None
                      and self.scene.map_rect.collidepoint(intent.pos))
            if not on_map:
                play("click")
        elif isinstance(intent, Key) and intent.action in MENU_CLICKS and isinstance(
                self.scene, (MenuScene, SettingsScene, LoadScene)):
            play("click")

    def _switch_sound(self, setting: str) -> None:
        """F8 / F7: every sound, or the music, off or back on; kept in the settings at once (on the settings
        screen, in its draft)."""
        if isinstance(self.scene, SettingsScene):
            self.scene.switch(setting)
            return
        self.settings = switched(self.settings, setting)
        apply_volumes(self.settings)
        off = getattr(self.settings, setting)
        words = SWITCH_WORDS[setting, off]
        try:
            save_settings(self.settings)
        except OSError as err:
            words = L_("{switched} (not saved: {reason})", switched=words, reason=str(err.strerror))
        if isinstance(self.scene, (BattleScene, MenuScene)):
            self.scene.message = words
        elif isinstance(self.scene, ReplayScene):
            self.scene.battle.message = words

    def _open_loaded(self, scene: LoadScene | BattleScene, loaded: Loaded, replay: bool) -> None:
        """Carry on a loaded save (set up as it was saved) or watch it; art that fails stays a message."""
        setup = loaded.setup
        if unshowable(loaded):
            scene.message = L_("Cannot open that save: {reason}", reason=unshowable(loaded))
            return
        try:
            if replay:
                self.scene = ReplayScene(self.window, self.fonts, loaded,
                                         back=scene if isinstance(scene, LoadScene) else None)
                return
            self.scene = battle_for(self.window, self.fonts, loaded, loaded.match, dict(setup.computer),
                                    self.settings.animation_speed)
        except (MapError, AssetError, ContentError) as err:
            scene.message = L_("Cannot open that save: {reason}", reason=message_of(err))
            return
        self.map_path, self.seed, self.rosters = setup.map_path, loaded.match.seed, list(setup.rosters)
        self.ruleset = loaded.match.ruleset
        self.surprised, self.computer = setup.surprised, dict(setup.computer)

    def _quickload(self, scene: BattleScene) -> None:
        """F9: the newest save, in place of the skirmish on screen; a refusal is a message and play goes on."""
        path = latest_save()
        if path is None:
            scene.message = L_("No save to load yet: F5 or Ctrl+S saves.")
            return
        try:
            self._open_loaded(scene, load(path), replay=False)
        except SaveError as err:
            scene.message = L_("Can't load: {reason}", reason=message_of(err))

    def save_screenshot(self, path: Path) -> None:
        pygame.image.save(self.screen, str(path))


def run_game(map_path: Path | None, seed: int | None, window: tuple[int, int] | None, max_frames: int | None = None,
             screenshot: Path | None = None, computer: dict[str, str] | None = None,
             replay: Path | None = None, ruleset: str = "4e") -> int:
    """Open the window and play skirmishes until the player quits; returns the exit status.

    ``map_path`` None opens the map menu first; ``computer``: the sides the computer plays, with its level;
    ``replay``: a save to watch in the replay viewer instead; ``ruleset``: the rules of a skirmish started
    from the command line (game.rulesets).
    """
    try:
        game = Game(map_path, seed, window, computer=computer, replay=replay, ruleset=ruleset)
        pacer = pygame.time.Clock()
        while game.frame():
            if max_frames is not None and game.frames_drawn >= max_frames:
                break
            pacer.tick(FPS_CEILING)
        if screenshot is not None:
            game.save_screenshot(screenshot)
        return 0
    finally:
        pygame.quit()
        helper.finish(QUIT_WAIT_S)       # the last autosave is written before the helper stops with the game
