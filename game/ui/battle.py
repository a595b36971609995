"""The battle screen: the map, units, overlays, the power bar and the panel, for every ruleset.

The screen draws and reads input; everything rules-specific it asks of the ruleset's presentation adapter
(``ruleset(name).presenter()``, game.engine.protocol.Presenter) and of the controls that adapter gives it
(game.engine.controls.Controls): the bar's choices with their reasons, what a click means now, the hover
forecast, the card, the prompt of an offer, the lit squares and templates, the log lines. Every command still
goes through the ruleset's door. The map layer is drawn by overlays.MapOverlays, the panels by
battle_chrome.BattleChrome, input is read by battle_input.BattleInput; the bar, card and prompt by hud.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, TypeVar

import pygame

from game.audio.kinds import battle_track
from game.audio.speakers import load_music, play, play_all
from game.core.grid import Square
from game.core.lines import prepare as prepare_lines
from game.ecs.components import Appearance
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import Controls, CoverLines
from game.engine.refusal import Refusal
from game.engine.rosters import Roster
from game.i18n import L_
from game.input.intents import pan_direction
from game.maps.loader import load_battlefield
from game.match import Match
from game.render import palette
from game.render.animation import Animator
from game.render.facts import draw_facts
from game.render.layers import Board, Chrome
from game.render.map_view import PAN_SPEED, MapView, load_sprites
from game.replay.format import Setup
from game.rulesets import no_screen
from game.rulesets import ruleset as ruleset_named
from game.state import GameState
from game.ui.battle_chrome import PANEL_WIDTH, BattleChrome
from game.ui import hud
from game.ui.battle_input import BattleInput
from game.ui.handover import draw_handover, menu_button_rect
from game.ui.log_panel import LogPanel
from game.ui.map_art import darkness_tile, glow_tiles, path_dot, reach_tiles, tint, zone_tile
from game.ui.overlays import MapOverlays, Token, UnitShown
from game.ui.pause_menu import PauseMenu
from game.ui.session import Session
from game.ui.thinking import Answers, Thinker
from game.ui.tracker import PORTRAIT, tracker_height
from game.ui.widgets import Fonts

T = TypeVar("T")

UNIT_ART = Path(__file__).resolve().parent.parent.parent / "assets" / "units"
BANNER_HEIGHT = 36
HINT_HEIGHT = 22
POWER_ROW = 54
ACTION_ROW = 24
END_TURN_WIDTH = 140
EDGE_PAN = 12               # pixels from the map's edge where a resting mouse pans the camera
BOARD_MARGIN = 160          # map pixels kept around the view, so the camera pans a while before the board is redrawn
COMPUTER_BEAT = 20          # fixed steps (a third of a second) between the computer's commands
# The player's picks and what the rules light for them live in the ruleset's controls; the screen reads them.
PICKS = ("mode", "picked", "knockout", "popup", "bar_choices", "walk", "walk_costs", "targets", "friends", "teleports",
         "charges", "drags", "push_squares", "wall", "wall_next", "forced_path", "forced_next", "forced_drops")


def _controls_attribute(name: str) -> property:
    return property(lambda scene: getattr(scene.controls, name),
                    lambda scene, value: setattr(scene.controls, name, value),
                    doc=f"The controls' {name} (game.engine.controls.Controls).")


class BattleScene(BattleInput, BattleChrome, MapOverlays):
    """One skirmish on screen, under the ruleset its match plays (``ruleset``; a loaded match's own)."""

    controls: Controls
    online: Any = None     # game.net.remote.OnlinePlay when the skirmish is played through a server

    def __init__(self, screen_size: tuple[int, int], map_path: Path, seed: int, fonts: Fonts,
                 rosters: list[Roster] | None = None, surprised: tuple[str, ...] | None = None,
                 computer: dict[str, str] | None = None, match: Match | None = None,
                 animation_speed: str = "normal", ruleset: str = "4e") -> None:
        """``rosters``: the sides and their creatures; the default rosters when None. ``surprised``: the
        sides caught unaware by a surprise round (4e §2.3); None: those the map names. ``computer``: the
        sides the computer plays, each with its level (easy, normal, hard). ``match``: a loaded skirmish
        to carry on (set up with these same arguments, under its own ruleset); None starts a new one under
        ``ruleset``. ``animation_speed``: slow, normal, fast or off (game.settings)."""
        self.fonts = fonts
        self.animation_speed = animation_speed
        self.map_path = map_path
        self.seed = seed
        self.ruleset = ruleset_named(match.ruleset if match is not None else ruleset)
        presenter = self.ruleset.presenter()
        if presenter is None:           # the app and the load screens ask no_screen first
            raise ValueError(no_screen(self.ruleset.NAME))
        self.rules = presenter
        self.drawn_components, self.drawn_resources = self.rules.drawn_types()
        surprised = surprised if self.ruleset.SURPRISE else None     # a ruleset without a surprise round
        battlefield = load_battlefield(map_path)
        creatures = self.ruleset.load_creatures()
        rosters = rosters if rosters is not None else self.ruleset.load_rosters(creatures=creatures)
        if match is None:
            rosters = self.rules.rosters_in_play(battlefield, rosters)
        self.match: Match = match if match is not None else self.ruleset.new_match(battlefield, rosters, creatures,
                                                                                   seed, surprised=surprised)
        self.setup = Setup(map_path, tuple(rosters), surprised, tuple(sorted((computer or {}).items())))
        self.session = Session(self.match)
        self.pause: PauseMenu | None = None                # the pause menu, while it is open
        self.side_labels = {r.side: r.label for r in rosters}
        self.controllers = {side: self.ruleset.make_player("ai", side, level, seed)
                            for side, level in sorted((computer or {}).items())}
        self.computer_wait = 0
        self.thinker = Thinker()         # the computer thinks in the helper process (game.ui.thinking)
        self.answers = Answers()         # and a person's slow options are worked out there
        self._setting_up = True          # until the first turn has begun (see worked_out)
        # Hot-seat: with two or more human sides, the screen hides the board whenever the machine passes
        # from one of them to another (a new turn, or a question the other side answers mid-turn).
        self.human_sides = [r.side for r in rosters if r.side not in self.controllers]
        self.handover: str | None = None                  # the side the machine passes to, until it says ready
        self.at_machine: str | None = None                 # the human side that last had the machine
        width, height = screen_size
        self.screen_rect = pygame.Rect(0, 0, width, height)
        # Row heights follow the text size (the interface scale), never below the sizes at 100%.
        self.banner_height = max(BANNER_HEIGHT, fonts.title.get_linesize() + 10)
        hint_height = max(HINT_HEIGHT, fonts.small.get_linesize() + 4)
        power_row = max(POWER_ROW, 12 + max(fonts.card.get_linesize(), fonts.tiny.get_linesize() + 4)
                        + 2 * fonts.tiny.get_linesize())
        action_row = max(ACTION_ROW, fonts.tiny.get_linesize() + 10)
        bottom_height = hint_height + 4 + power_row + 4 + action_row + 8
        bottom = height - bottom_height
        self.tracker_rect = pygame.Rect(0, self.banner_height, width - PANEL_WIDTH, tracker_height(fonts))
        self.map_rect = pygame.Rect(0, self.tracker_rect.bottom, width - PANEL_WIDTH, bottom - self.tracker_rect.bottom)
        self.hint_rect = pygame.Rect(0, bottom, width, hint_height)
        row_width = width - 16 - END_TURN_WIDTH - 10
        self.power_row = pygame.Rect(8, self.hint_rect.bottom + 4, row_width, power_row)
        self.action_row = pygame.Rect(8, self.power_row.bottom + 4, row_width, action_row)
        self.bar_rect = pygame.Rect(0, bottom, width, bottom_height)
        self.end_turn_rect = pygame.Rect(width - 8 - END_TURN_WIDTH, self.power_row.y, END_TURN_WIDTH,
                                         self.action_row.bottom - self.power_row.y)
        self.panel_rect = pygame.Rect(width - PANEL_WIDTH, 0, PANEL_WIDTH, bottom)
        self.banner_rect = pygame.Rect(0, 0, self.map_rect.width, self.banner_height)
        # The bottom strip under the hint line: the power cards, the action row and End turn.
        self.strip_rect = pygame.Rect(0, self.hint_rect.bottom, width, self.bar_rect.bottom - self.hint_rect.bottom)
        self.chrome_rects = (self.banner_rect, self.tracker_rect, self.hint_rect, self.strip_rect, self.panel_rect)
        self.menu_rect = menu_button_rect(fonts, self.banner_rect)    # opens the pause menu
        self.menu_button = True                                       # drawn in the banner (not in a replay)
        self.handover_menu_rect = pygame.Rect(0, 0, 0, 0)             # the same, on the hand-over screen
        self.tracker_entries: list[tuple[pygame.Rect, Entity]] = []
        self.view = MapView(map_path, self.map_rect)
        self._map_facts = battlefield
        sprite_names = [self.match.state.world.get(e, Appearance).sprite for e in self.state.creatures()]
        self.portraits = load_sprites(UNIT_ART, sprite_names, 64)
        self.tracker_portraits = load_sprites(UNIT_ART, sprite_names, PORTRAIT)
        self._path_dot = path_dot()
        self.animator = Animator(animation_speed)
        self.log = LogPanel(fonts.small, PANEL_WIDTH - 40)
        self.hover: tuple[int, int] | None = None
        self._drag_from: tuple[int, int] | None = None     # where a middle-button drag of the map last was
        self.cursor: Square | None = None                  # the keyboard's map cursor (arrows); None: the mouse points
        self._message = ""
        self.selected: Entity | None = None
        self.controls = self.rules.controls(self)
        self.bar: list[tuple[pygame.Rect, Choice]] = []
        self.prompt_buttons: dict[str, pygame.Rect] = {}
        self.victory_buttons: dict[str, pygame.Rect] = {}
        self._log_tip_key: object = None
        self._log_tip: tuple[pygame.Surface, pygame.Rect] | None = None
        self.show_cover_lines = False                      # F2: draw the cover lines while aiming (4e §14)
        self._cover_key: object = None
        self._cover_shown: CoverLines | None = None
        self.ticks = 0
        # Kept between frames (see draw): what changes only with the state or the player's pick is drawn
        # once per change, keyed by the state's version and the picks it shows.
        self._seen: tuple[object, ...] = ()
        self._version = 0
        self._chrome: Chrome | None = None
        self._path_pictures: dict[Square, tuple[pygame.Surface, tuple[int, int], list[tuple[int, int]]]] = {}
        self._units_key = -1
        self._units: list[UnitShown] = []
        self._occupants: dict[Square, Entity] = {}
        self._split_key: object = None
        self._split: tuple[list[UnitShown], list[UnitShown]] = ([], [])
        self._tokens: dict[object, Token] = {}
        self._bodies: dict[object, pygame.Surface] = {}
        self._markers: dict[int, pygame.Surface] = {}
        self._marks_key: object = None
        self._marks: tuple[list[tuple[Square, int]], list[tuple[Square, int]]] = ([], [])
        self._hint_key: object = None
        self._hint_text = ""
        self._tooltip_key: object = None
        self._tooltip: tuple[pygame.Surface, pygame.Rect] | None = None
        self._prompt_key: object = None
        self._prompt: Any = None                          # hud.PromptWords of the offer shown
        self._pictures_key: object = None
        self._build_cell_art()
        load_music(battle_track(self.match.seed))          # decoded while the skirmish is set up, not on its first frame
        prepare_lines(self.state.battlefield)              # and the line tables built
        self._show_events(self.match.events)
        if match is None:
            self.session.after(self, self.match.opening)      # the first turn starts: an autosave
        else:                      # a loaded skirmish: its story so far goes to the log, not to the animations
            self.animator.skip()
        self._turn_began()
        self._setting_up = False
        # Paint every panel and the board once now, off screen, while the skirmish is set up: the first frame
        # then copies them (20 ms of drawing from scratch was the last frame over budget in play).
        window = pygame.display.get_surface()
        if window is not None and window.get_size() == screen_size:
            self.draw(pygame.Surface(screen_size, 0, window))

    def _build_cell_art(self) -> None:
        """Everything drawn at the square size: the map's facts, the sprites, the overlay tiles and the kept
        pictures. Built at the start and again after every zoom."""
        cell = self.view.cell
        sprite_names = [self.state.world.get(e, Appearance).sprite for e in self.state.creatures()]
        self.sprites = load_sprites(UNIT_ART, sprite_names, cell)
        # Creatures bigger than one square get their art drawn to fill their whole space.
        self.big_sprites = {
            (sprite, side): load_sprites(UNIT_ART, [sprite], cell * side)[sprite]
            for sprite, side in sorted({(self.state.world.get(e, Appearance).sprite, self.state.space(e)[1])
                                        for e in self.state.creatures()}) if side > 1
        }
        self.reach_tiles = reach_tiles(cell)
        self.tints = {colour: tint(cell, colour) for colour in
                      (palette.AREA_FILL, palette.TELEPORT_FILL, palette.FORCED_FILL, palette.HEAL_FILL)}
        self.zone_tile, self.darkness_tile, self.glow_tiles = zone_tile(cell), darkness_tile(cell), glow_tiles(cell)
        self._board = Board(self._paint_ground, self.view.pixel_size, BOARD_MARGIN)
        self._tokens, self._bodies, self._markers, self._path_pictures = {}, {}, {}, {}
        self._units_key, self._split_key, self._pictures_key = -1, None, None

    def _paint_ground(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        """The bare map of ``region`` (map pixels): its tiles, then the facts tiles may not show."""
        self.view.paint(surface, region)
        draw_facts(surface, self._map_facts, self.view.cell, self.fonts.small, region)

    def _zoom(self, steps: int, anchor: tuple[int, int]) -> None:
        """The wheel over the map: zoom in or out around the mouse, and redraw everything at the new size."""
        if self.view.zoom_by(steps, anchor):
            self._build_cell_art()

    # State helpers --------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def actor(self) -> Entity:
        """The creature acting now: the ruleset's current creature, or the one the player picked where the ruleset
        lets a side choose (Controls.acting)."""
        holder = self.ruleset.current_creature(self.state)
        controls = getattr(self, "controls", None)
        return holder if controls is None else controls.acting(holder)

    @property
    def message(self) -> str:
        """The hint line's words from the last thing done; a refusal ("Can't: ...") is heard as well as read."""
        return self._message

    @message.setter
    def message(self, words: str) -> None:
        if words.startswith("Can't"):
            play("refuse")
        self._message = words

    @property
    def acting(self) -> bool:
        """The acting creature is selected and free to act (no prompt waiting, nothing animating)."""
        return (self.selected == self.actor and self.state.outcome is None and not self.controls.waiting()
                and self._computer() is None)

    @property
    def version(self) -> int:
        """The version of the state as drawn (see _sync)."""
        return self._version

    def hover_square(self) -> Square | None:
        return self._hover_square()

    def occupant(self, square: Square | None) -> Entity | None:
        return self._occupant(square)

    def cover_lines(self, target: Entity) -> CoverLines | None:
        return self._cover_lines(target)

    def skip_animations(self) -> None:
        self.animator.skip()

    def scene(self) -> BattleScene:
        """The scene itself (its mixins hand it to the pause menu and the session)."""
        return self

    def _turn_began(self) -> None:
        self.selected = self.actor
        self.controls.turn_began()
        self.view.centre_on(self.state.square(self.actor))
        self._refresh_options()
        self._check_handover()

    def show_match(self, match: Match) -> None:
        """Carry on from another match of this skirmish (a take-back, a replay's step): its story so far goes
        to the log at once, without animations."""
        self.match = match
        self.log = LogPanel(self.fonts.small, PANEL_WIDTH - 40)
        self.animator = Animator(self.animation_speed)
        self._show_events(match.events)
        self.animator.skip()
        self._turn_began()

    def _check_handover(self) -> None:
        """Hide the board when the one who decides now belongs to another human side than the last."""
        if self.state.outcome is not None or len(self.human_sides) < 2:
            return
        side = self.state.side(self.rules.decider(self.state))
        if side not in self.human_sides:
            return
        if self.at_machine is not None and side != self.at_machine:
            self.handover = side
        self.at_machine = side

    def _handover_reason(self) -> str:
        return self.controls.handover_reason()

    def _hint(self) -> str:
        return self.controls.hint()

    def _refresh_options(self) -> None:
        """Recompute what the acting creature can do: the same rules the commands are checked with.

        Called once per change of the state or of the bar's pick, never per frame: the overlay, the bar
        and the hints read what it leaves behind. The bar and the overlays are a person's: none are worked
        out while the computer decides.
        """
        if self._computer() is not None:
            self.controls.clear()
            self.controls.bar_choices = []
            self.controls.forced_path, self.controls.forced_next, self.controls.forced_drops = (), [], []
            return
        self.controls.refresh()

    def worked_out(self, function: Callable[..., T], *args: Any) -> T | None:
        """``function(state, *args)`` for the state as it stands, worked out in the helper process: None until
        it is in (the options are refreshed on the frame it arrives)."""
        world = self.state.world
        moment = (id(self.state.battlefield), id(world), world.view())
        # While the skirmish is set up no frame waits, and the helper may still be starting (seconds on a busy
        # machine): the first turn's options are worked out here.
        return self.answers.answer(function, self.state, moment, *args, here=self._setting_up)

    def _is_area_power(self) -> bool:
        return self.controls.aiming_area()

    def _show_events(self, events: list[Any], before: dict[Entity, Square] | None = None) -> None:
        """The events' log lines and animations; ``before``: where the creatures stood before the command."""
        for event in events:
            for line in self.controls.log_lines(event):
                if line.dice:
                    self.log.add_dice(line.text, line.rule)
                else:
                    self.log.add(line.text, line.rule)
        self.animate(events, before)

    def squares(self) -> dict[Entity, Square]:
        """Where every creature stands now (kept before a command, for the animations of what it did)."""
        return {entity: self.state.square(entity) for entity in self.state.creatures()}

    def animate(self, events: list[Any], before: dict[Entity, Square] | None = None) -> None:
        """Queue the animations of a command's events, as the ruleset's adapter translates them into cues;
        ``before``: where the creatures stood before it (None: where they stand now)."""
        self.animator.feed(self.rules.animation_cues(events, self.state, self.squares() if before is None else before))

    def _turn_mark(self) -> tuple[object, ...]:
        """What changes when a new turn begins (the screen then starts the turn afresh)."""
        return self.rules.turn_order(self.state), self.rules.round_number(self.state)

    def _after_accepted(self, events: list[Any]) -> None:
        """After a command is accepted: the autosave at a turn's start (game.ui.session)."""
        self.session.after(self, events)

    def submit(self, command: Any) -> bool:
        if self.online is not None and not self.online.applying:     # online: the server plays it, or not
            return self.online.send(self, command)
        turn_before, before = self._turn_mark(), self.squares()
        result = self.match.submit(command)
        if not isinstance(result, list):                   # the ruleset's rejection value, with its reason
            reason = result.shown() if isinstance(result, Refusal) else result if isinstance(result, str) else str(result)
            self.message = L_("Can't: {reason}", reason=reason)
            return False
        self.message = ""
        if getattr(command, "knockout", False):
            self.knockout = False
        self._show_events(result, before)
        self._after_accepted(result)
        if self._turn_mark() != turn_before:
            self._turn_began()
        else:
            self.picked = None
            self._refresh_options()
            self._check_handover()
        return True

    def update(self) -> None:
        self.ticks += 1
        self.animator.update()
        play_all(self.animator.take_sounds())
        if self.pause is None:                             # the computer waits while the menu is open
            self._computer_moves()
        if self.answers.arrived():
            self._refresh_options()
        if self.online is not None:
            self.online.pump(self)
        dx, dy = pan_direction()
        edge_x, edge_y = self._edge_pan()
        dx, dy = dx + edge_x, dy + edge_y
        if dx or dy:
            self.view.pan(dx * PAN_SPEED, dy * PAN_SPEED)
            if self.cursor is not None:      # the keyboard cursor stays on its square as the map moves
                self.hover = self.view.square_rect(self.cursor).center

    def _edge_pan(self) -> tuple[int, int]:
        """The mouse resting within EDGE_PAN pixels of the map's edge pans that way (not while dragging)."""
        if (self.hover is None or self._drag_from is not None or self.handover is not None or self.pause is not None
                or not self.map_rect.collidepoint(self.hover)):
            return 0, 0
        x, y = self.hover
        rect = self.map_rect
        dx = -1 if x < rect.left + EDGE_PAN else (1 if x >= rect.right - EDGE_PAN else 0)
        dy = -1 if y < rect.top + EDGE_PAN else (1 if y >= rect.bottom - EDGE_PAN else 0)
        return dx, dy

    def _computer(self) -> Any:
        """The computer player the skirmish waits for now, if it is one of its sides."""
        if self.online is not None:                        # online, every other machine's side is watched
            return self.online.remote_decider(self)
        if self.state.outcome is not None or not self.controllers:
            return None
        return self.controllers.get(self.state.side(self.rules.decider(self.state)))

    def _computer_moves(self) -> None:
        """When the computer decides, it sends one command a beat after the last animation ended, so a
        player can follow it; its reason goes to the hint line."""
        computer = self._computer()
        if computer is None or self.online is not None:
            self.computer_wait = 0
            return
        # It thinks in the helper process from the moment it is asked, animations or not (game.ui.thinking).
        moment = (id(self.match), len(self.match.record))
        decided = self.thinker.decision(computer, self.state, moment)
        if self.animator.busy:
            self.computer_wait = 0
            return
        self.computer_wait += 1
        if self.computer_wait < COMPUTER_BEAT:
            return
        decided = decided or self.thinker.decision(computer, self.state, moment, due=True)
        if decided is None:
            self.message = L_("{side} (computer) is thinking…", side=self.side_labels.get(computer.side, computer.side))
            return
        self.computer_wait = 0
        command, label = decided
        if self.submit(command):
            # Its reason stays while it plays on; once a person decides, the hint is theirs again.
            playing_on = self._computer() is computer and label
            self.message = L_("{side} (computer): {reason}", side=self.side_labels.get(computer.side, computer.side),
                              reason=label) if playing_on else ""

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        """One frame. What changes only with the state or the player's picks is kept between frames and
        redrawn when that changes: the map with the lit squares of the move (the board), the creatures'
        pictures, the banner, the hint line, the power bar and the side panel. A frame copies those,
        then draws what moves: the hovered path, walking creatures, floating numbers, the tooltip."""
        if self.handover is not None and not self.animator.busy:
            label = self.side_labels.get(self.handover, self.handover)
            self.handover_menu_rect = draw_handover(screen, self.fonts, label, palette.side_colour(self.handover),
                                                    self._handover_reason(), self.hover, self.message)
            if self.pause is not None:
                self.pause.draw(screen)
            self.screen_lost()
            return
        version = self._sync()
        ready = not self.animator.busy and self.state.outcome is None
        acting = ready and self.acting
        forced = bool(self.forced_path) if ready else False
        # Still creatures go into the board too when nothing is drawn between the lit squares and them.
        baked = (not self.animator.busy and not forced and not self._zones_shown()
                 and not (acting and self._is_area_power()))
        self._board.follow(self.view.visible_rect())
        self._update_board(acting, baked)
        chrome = self._chrome_for(screen)
        if screen.get_size() != self.screen_rect.size:
            screen.fill(palette.BACKGROUND)
            chrome.overdrawn()
        elif not self.view.covers_viewport():
            screen.fill(palette.BACKGROUND, self.map_rect)
        self.view.draw(screen, self._board.surface, self._board.origin)
        screen.set_clip(self.map_rect)
        if acting:
            self._draw_area(screen)
        self._draw_zones(screen)
        if forced:
            self._draw_forced(screen)
        if self.animator.area:
            self._draw_tinted(screen, self.animator.area, palette.AREA_FILL, palette.AREA_EDGE)
        self._draw_units(screen, baked)
        self._draw_zone_names(screen)
        if acting and self.popup is None:
            self._draw_area_marks(screen)
        if self.animator.busy:
            self._draw_rings(screen)
        if acting and self.popup is None:
            self._draw_targets(screen)
            self._draw_cover_lines(screen)
            self._draw_path(screen)
            self._draw_charge(screen)
        self._draw_floaters(screen)
        self._draw_cursor(screen)
        screen.set_clip(None)
        self._paint_chrome(chrome, version)
        chrome.show(screen)
        # Whatever is drawn from here on may lie over the panels, so the next frame copies them all again.
        prompted = ready and self.controls.asked() is not None
        if prompted:
            self._draw_prompt(screen, version)
        else:
            self.prompt_buttons = {}
        if self.popup is not None:
            hud.draw_popup(screen, self.fonts, self.popup, self.map_rect, self.hover)
        tipped = self._draw_tooltip(screen) | self._draw_log_rule(screen)
        if self.state.outcome is not None and not self.animator.busy:
            self._draw_victory(screen)
        if self.pause is not None:
            self.pause.draw(screen)
        if tipped or prompted or self.popup is not None or self.pause is not None or self.state.outcome is not None:
            chrome.overdrawn()

    def screen_lost(self) -> None:
        """The screen no longer holds this scene's last frame (another scene drew, or something was drawn
        over it): the next frame copies every panel."""
        if self._chrome is not None:
            self._chrome.overdrawn()

    def _sync(self) -> int:
        """The version of what the screen shows of the state: it goes up whenever a component or resource
        the screen reads is replaced (any accepted command, or a test moving creatures by hand)."""
        world = self.state.world
        seen = (self.state, self.state.battlefield, world.stores_view(*self.drawn_components),
                tuple(world.maybe_resource(kind) for kind in self.drawn_resources))
        if seen != self._seen:
            self._seen = seen
            self._version += 1
        return self._version

    def _update_board(self, acting: bool, baked: bool) -> None:
        """Repaint the board when what it holds changed: the lit squares of the move (teleport, push,
        drag) while the acting creature is free to act, and the still creatures when ``baked``."""
        lit = acting and (self.walk is not None or bool(self.teleports or self.push_squares or self.drags))
        if not lit and not baked:
            self._board.update(None, None)
            return
        overlays = (self.mode, self.walk, self.teleports, self.push_squares, self.drags) if lit else None
        units = (self.actor if self.state.outcome is None else None, self.selected) if baked else None
        self._board.update((self._version, overlays, units),
                           lambda surface: self._paint_board(surface, lit, baked))

    def _chrome_for(self, screen: pygame.Surface) -> Chrome:
        if self._chrome is None or not self._chrome.fits(screen):
            self._chrome = Chrome(screen)
        return self._chrome

    def _paint_chrome(self, chrome: Chrome, version: int) -> None:
        """Repaint the banner, hint line, bar and panel where what they show changed."""
        menu_hot = self.hover is not None and self.menu_rect.collidepoint(self.hover)
        chrome.part("banner", self.banner_rect,
                    (version, self.actor, self.knockout, self.show_cover_lines, self.view.zoom, self.menu_button,
                     menu_hot),
                    self._draw_banner)
        hint = self.message or self._cached_hint()
        chrome.part("hint", self.hint_rect, (hint, bool(self.message)), lambda surface: self._draw_hint(surface, hint))
        free = not self.controls.waiting()
        hover = self.hover
        hot = end_hot = None
        if hover is not None and self.strip_rect.collidepoint(hover):
            hot = next((i for i, (rect, _) in enumerate(self.bar) if rect.collidepoint(hover)), None)
            end_hot = self.end_turn_rect.collidepoint(hover)
        chrome.part("bar", self.strip_rect, (self.bar_choices, self.mode, self.knockout, hot, free, end_hot,
                                             self.state.outcome), self._draw_bottom)
        tracked = self._tracker_entity(hover)
        chrome.part("tracker", self.tracker_rect, (version, self.actor, self.selected, tracked), self._draw_tracker)
        shown = self._panel_entity()
        chrome.part("panel", self.panel_rect, (version, shown, self.actor, self.selected, len(self.log.lines),
                                               len(self.log.entries["dice"]), self.log.tab, self.log.scroll),
                    self._draw_panel)

    def _hover_square(self) -> Square | None:
        return self.view.square_at(self.hover) if self.hover else None


for _name in PICKS:
    setattr(BattleScene, _name, _controls_attribute(_name))
