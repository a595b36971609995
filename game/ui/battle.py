"""The battle screen: the map, units, overlays, the power bar and the panel; clicks and keys become commands.

What a click or key may do is what the rules say now: the bar's choices carry the door's reasons, the
overlays are the rules' own answers (move_options, power_targets, plan_area, charge paths the door
accepts), and every command still goes through the door. The map layer is drawn by overlays.MapOverlays,
the bar, card, prompt and popups by hud.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pygame

from game.rulesets.dnd4e.actions.attack import AreaPlan, AttackPlan, attack_targets, plan_area, power_targets
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, AreaAttack, Attack, BullRush, Charge, Command, CoupDeGrace, Delay, DrinkPotion, DropProne, EndGrab,
    EndSqueeze, EndTurn, Escape, ForceMove, Grab, Move, MoveGrabbed, React, Ready, Rejected, SecondWind,
    SpendActionPoint, StandUp, Sustain, Teleport, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.common import describe_offer
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.events import Event
from game.rulesets.dnd4e.actions.force_move import forced_next_squares, next_forced
from game.rulesets.dnd4e.actions.move import WALK, mode_speed, move_blocker, move_options
from game.rulesets.dnd4e.actions.teleport import teleport_power, teleport_squares
from game.rulesets.dnd4e.actions.turn_actions import READY_TRIGGERS
from game.rulesets.dnd4e.ai import Controller
from game.engine.rosters import Roster
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.audio.speakers import play, play_all
from game.core.areas import blast_placements
from game.core.forced import forced_destinations
from game.core.grid import Square, chebyshev
from game.core.movement import SearchResult
from game.ecs.components import (
    ActionPoints, Appearance, Arsenal, Body, Conditions, DeathSaves, Health, Name, OutOfFight, Outcome, PendingForced,
    PendingOffers, Position, Power, Readied, SpentPowers, Stats, Surges, Team, TurnState, Zones,
)
from game.ecs.world import Entity
from game.input.intents import Click, Hover, Intent, Key, Release, Scroll, pan_direction
from game.maps.loader import load_battlefield
from game.match import Match
from game.rulesets.dnd4e.setup import new_match
from game.replay.format import Setup
from game.render import palette
from game.render.animation import Animator
from game.render.facts import draw_facts
from game.render.layers import Board, Chrome
from game.render.map_view import PAN_SPEED, MapView, load_sprites
from game.state import GameState
from game.ui import hud, keys
from game.rulesets.dnd4e.presentation.choices import (
    AID_BOONS, ESCAPE_SKILLS, Choice, charge_paths, choices, coup_de_grace_power, drag_paths, readyable,
    wall_next_squares,
)
from game.ui.handover import MENU_WORDS, draw_handover, menu_button_rect
from game.ui.log_panel import LogPanel
from game.ui.session import Session
from game.ui.thinking import Thinker
from game.ui.tracker import PORTRAIT, draw_tracker, tracker_height
from game.rulesets.dnd4e.presentation import adapter as rules_4e
from game.rulesets.dnd4e.presentation.narration import dice_line, narrate, rule_reference
from game.ui.pause_menu import PauseMenu, handle_pause, open_pause
from game.ui.overlays import (
    CoverLines, MapOverlays, Token, UnitShown, WalkPreview, darkness_tile, path_dot, reach_tiles, tint, zone_tile,
)
from game.ui.widgets import Fonts, button, dim, fit, panel, text

UNIT_ART = Path(__file__).resolve().parent.parent.parent / "assets" / "units"
PANEL_WIDTH = 330
BANNER_HEIGHT = 36
HINT_HEIGHT = 22
POWER_ROW = 54
ACTION_ROW = 24
END_TURN_WIDTH = 140
INSTANT = {"stand": StandUp, "prone": DropProne, "unsqueeze": EndSqueeze, "second_wind": SecondWind,
           "total_defense": TotalDefense, "action_point": SpendActionPoint, "delay": Delay, "end_grab": EndGrab}
CURSOR_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
EDGE_PAN = 12               # pixels from the map's edge where a resting mouse pans the camera
BOARD_MARGIN = 160          # map pixels kept around the view, so the camera pans a while before the board is redrawn
COMPUTER_BEAT = 20          # fixed steps (a third of a second) between the computer's commands
TARGET_MODES = {"charge", "bull_rush", "grab", "move_grabbed", "aid", "potion"}
# What the screen reads of the world: a change to any of these (components are replaced, never changed
# in place) is a new state to draw; the layers kept between frames are redrawn then, and only then.
DRAWN_COMPONENTS = (Name, Team, Position, Body, Stats, Health, Surges, ActionPoints, DeathSaves, Arsenal, SpentPowers,
                    Conditions, Appearance, OutOfFight, Readied)
DRAWN_RESOURCES = (TurnState, Outcome, PendingOffers, PendingForced, Zones)


class BattleScene(MapOverlays):
    # What the shared drawing asks the ruleset (whose decision, the round, hit points, badges), and what
    # of the world it draws; a ruleset's scene swaps these (game.ui.battle_5e).
    rules: ModuleType = rules_4e
    drawn_components: tuple[type, ...] = DRAWN_COMPONENTS
    drawn_resources: tuple[type, ...] = DRAWN_RESOURCES
    online: Any = None     # game.net.remote.OnlinePlay when the skirmish is played through a server

    def __init__(self, screen_size: tuple[int, int], map_path: Path, seed: int, fonts: Fonts,
                 rosters: list[Roster] | None = None, surprised: tuple[str, ...] | None = None,
                 computer: dict[str, str] | None = None, match: Match | None = None,
                 animation_speed: str = "normal") -> None:
        """``rosters``: the sides and their creatures; the default rosters when None. ``surprised``: the
        sides caught unaware by a surprise round (4e §2.3); None: those the map names. ``computer``: the
        sides the computer plays, each with its level (easy, normal, hard). ``match``: a loaded skirmish
        to carry on (set up with these same arguments); None starts a new one. ``animation_speed``: slow,
        normal, fast or off (game.settings)."""
        self.fonts = fonts
        self.animation_speed = animation_speed
        self.map_path = map_path
        self.seed = seed
        battlefield = load_battlefield(map_path)
        creatures = load_creatures()
        rosters = rosters if rosters is not None else load_rosters(creatures=creatures)
        self.match: Match = match if match is not None else new_match(battlefield, rosters, creatures, seed,
                                                                      surprised=surprised)
        self.setup = Setup(map_path, tuple(rosters), surprised, tuple(sorted((computer or {}).items())))
        self.session = Session(self.match)
        self.pause: PauseMenu | None = None                # the pause menu, while it is open
        self.side_labels = {r.side: r.label for r in rosters}
        self.controllers = {side: Controller(side, level, seed) for side, level in sorted((computer or {}).items())}
        self.computer_wait = 0
        self.thinker = Thinker()
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
        self.message = ""
        self.selected: Entity | None = None
        self.mode = WALK                                   # the bar's pick: a move mode, a power or an action
        self.knockout = False                              # the next attack knocks out instead of killing (§27)
        self.popup: hud.Popup | None = None
        self.picked: Entity | None = None                  # the first click of a two-click action (bull rush, aid)
        self.wall: tuple[Square, ...] = ()                 # the squares of a wall laid so far (4e §5.6)
        self.wall_next: list[Square] = []                  # the squares that may come next in it
        self.walk: SearchResult | None = None
        self.targets: dict[Entity, AttackPlan | None] = {}  # creatures a click attacks or aims at (red)
        self.friends: list[Entity] = []                    # creatures a click helps (green)
        self.teleports: list[Square] = []
        self.charges: dict[Entity, tuple[Square, ...]] = {}
        self.drags: dict[Square, tuple[Square, ...]] = {}
        self.push_squares: list[Square] = []
        self.forced_path: tuple[Square, ...] = ()
        self.forced_next: list[Square] = []                # squares the forced movement may enter next
        self.forced_drops: list[Square] = []               # those of them over a ledge
        self.bar_choices: list[Choice] = []
        self.bar: list[tuple[pygame.Rect, Choice]] = []
        self.prompt_buttons: dict[str, pygame.Rect] = {}
        self.victory_buttons: dict[str, pygame.Rect] = {}
        self._preview_key: object = None
        self._area_key: tuple[Square, int, str] | None = None
        self._area: AreaPlan | Rejected | None = None
        self._coup_key: tuple[Entity, int, str] | None = None
        self._log_tip_key: object = None
        self._log_tip: tuple[pygame.Surface, pygame.Rect] | None = None
        self.show_cover_lines = False                      # F2: draw the cover lines while aiming (4e §14)
        self._cover_key: object = None
        self._cover_shown: CoverLines | None = None
        self._coup: str | None = None
        self.ticks = 0
        # Kept between frames (see draw): what changes only with the state or the player's pick is drawn
        # once per change, keyed by the state's version and the picks it shows.
        self._seen: tuple[object, ...] = ()
        self._version = 0
        self._chrome: Chrome | None = None
        self._previews: dict[Square, WalkPreview] = {}
        self._provokers: dict[tuple[Square, Square], tuple[Entity, ...]] = {}
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
        self._prompt: hud.PromptWords | None = None
        self._build_cell_art()
        self._show_events(self.match.events)
        if match is None:
            self.session.after(self, self.match.opening)      # the first turn starts: an autosave
        else:                      # a loaded skirmish: its story so far goes to the log, not to the animations
            self.animator.skip(quiet=True)
        self._turn_began()

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
        self.zone_tile, self.darkness_tile = zone_tile(cell), darkness_tile(cell)
        self._board = Board(self._paint_ground, self.view.pixel_size, BOARD_MARGIN)
        self._tokens, self._bodies, self._markers, self._path_pictures = {}, {}, {}, {}
        self._units_key, self._split_key, self._preview_key = -1, None, None

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
        return self.state.turn.current

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
        return (self.selected == self.actor and self.state.outcome is None and self.state.offer is None
                and self._computer() is None
                and self.state.pending_forced is None)

    def _turn_began(self) -> None:
        self.selected = self.actor
        self.mode, self.picked, self.popup = WALK, None, None
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
        self.animator.skip(quiet=True)
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
        who = self.rules.decider(self.state)
        name = self.state.name(who)
        if self.state.offer is not None:
            return f"{name}: {describe_offer(self.state, self.state.offer)}."
        if self.state.pending_forced is not None:
            return f"{name}: place the forced movement (4e §22)."
        return f"{name}'s turn."

    def _handle_handover(self, intent: Intent) -> str | None:
        """Behind the hand-over screen only Enter or a click (ready), Space (finish the animations), quit, and
        saving (F5, or the pause menu from Esc or its Menu button) work: a save reveals nothing of the board."""
        if isinstance(intent, Key) and intent.action == "quit":
            return "quit"
        if isinstance(intent, Key) and intent.action == "save":
            self.session.save(self)
            return None
        if (isinstance(intent, Key) and intent.action == "cancel") or (
                isinstance(intent, Click) and intent.button == 1 and self.handover_menu_rect.collidepoint(intent.pos)):
            open_pause(self)
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

    def _choice(self, key: str | None = None) -> Choice | None:
        key = self.mode if key is None else key
        return next((c for c in self.bar_choices if c.key == key), None)

    def _power(self) -> Power | None:
        if not self.mode.startswith("power:"):
            return None
        profile = self.state.arsenal(self.actor).power(self.mode.split(":", 1)[1])
        return profile if isinstance(profile, Power) else None

    def _refresh_options(self) -> None:
        """Recompute what the acting creature can do: the same rules the commands are checked with.

        Called once per change of the state or of the bar's pick, never per frame: the overlay, the bar
        and the hints read what it leaves behind.
        """
        self.walk, self.targets, self.friends, self.teleports = None, {}, [], []
        self.charges, self.drags, self.push_squares, self.wall_next = {}, {}, [], []
        if self._computer() is not None:          # the bar and the overlays are a person's: none while the computer decides
            self.bar_choices = []
            self._set_forced_path(())
            return
        self.bar_choices = choices(self.state, self.actor) if self.state.outcome is None else []
        forced = next_forced(self.state)
        if forced is None:
            self._set_forced_path(())
        elif not self.forced_path or self.forced_path[0] != self.state.square(forced.target):
            self._set_forced_path((self.state.square(forced.target),))
        if self.state.outcome is not None or self.state.offer is not None or forced is not None:
            return
        choice = self._choice()
        if choice is None or choice.blocked is not None or choice.instant:
            self.mode, self.picked = WALK, None
            choice = self._choice()
        mode, state, actor = self.mode, self.state, self.actor
        power = self._power()
        if power is None or power.area != "wall":
            self.wall = ()
        if power is not None:
            if power.area == "wall":
                self.wall_next = wall_next_squares(state, actor, power, self.wall)
            elif power.attacks and power.kind in ("melee", "ranged"):
                self.targets = dict(power_targets(state, actor, power.name))
            elif not power.attacks and power.kind in ("melee", "ranged"):
                self.friends = list(choice.targets) if choice is not None else []
        elif mode.startswith("teleport:"):
            teleport = teleport_power(state, actor, mode.split(":", 1)[1])
            if teleport is not None:
                self.teleports = teleport_squares(state, actor, teleport)
        elif mode == "charge":
            self.charges = charge_paths(state, actor, [e for e in state.standing() if state.are_enemies(actor, e)])[0]
            self.targets = {e: None for e in self.charges}
        elif mode in ("bull_rush", "grab") and choice is not None:
            if self.picked is None:
                self.targets = {e: None for e in choice.targets}
            else:
                self.targets = {self.picked: None}
                rules = state.move_rules(self.picked)
                self.push_squares = [s for s in forced_destinations(rules, state.space(actor), "push", 1)
                                     if s != state.square(self.picked)
                                     and validate(state, BullRush(actor, self.picked, s)) is None]
        elif mode == "move_grabbed":
            self.drags = drag_paths(state, actor)
        elif mode == "aid" and choice is not None:
            if self.picked is None:
                self.targets = {enemy: None for enemy, _ in choice.targets}
            else:
                self.targets = {self.picked: None}
                self.friends = [ally for enemy, ally in choice.targets if enemy == self.picked]
        elif mode == "potion" and choice is not None:
            self.friends = list(choice.targets)
        else:
            if move_blocker(state, actor, mode) is None:
                self.walk = move_options(state, actor, mode)
            if state.turn.actions.standard:
                self.targets = dict(attack_targets(state, actor))

    def _show_events(self, events: list[Event], before: dict[Entity, Square] | None = None) -> None:
        """The events' log lines and animations; ``before``: where the creatures stood before the command."""
        for event in events:
            line = narrate(event, self.state, self.side_labels)
            if line:
                self.log.add(line, rule_reference(event, line))
            roll = dice_line(event, self.state)
            if roll:
                self.log.add_dice(roll, getattr(event, "rule", ""))
        self.animate(events, before)

    def squares(self) -> dict[Entity, Square]:
        """Where every creature stands now (kept before a command, for the animations of what it did)."""
        return {entity: self.state.square(entity) for entity in self.state.creatures()}

    def animate(self, events: list[Event], before: dict[Entity, Square] | None = None) -> None:
        """Queue the animations of a command's events, as the ruleset's adapter translates them into cues;
        ``before``: where the creatures stood before it (None: where they stand now)."""
        self.animator.feed(self.rules.animation_cues(events, self.state, self.squares() if before is None else before))

    def _turn_mark(self) -> tuple[object, ...]:
        """What changes when a new turn begins (the screen then starts the turn afresh)."""
        return (self.state.turn.round, self.state.turn.index, self.state.turn.order)

    def _after_accepted(self, events: list[Event]) -> None:
        """After a command is accepted: the autosave at a turn's start (game.ui.session)."""
        self.session.after(self, events)

    def submit(self, command: Command) -> bool:
        if self.online is not None and not self.online.applying:     # online: the server plays it, or not
            return self.online.send(self, command)
        turn_before, before = self._turn_mark(), self.squares()
        result = self.match.submit(command)
        if not isinstance(result, list):                   # the ruleset's rejection value, with its reason
            self.message = f"Can't: {result}"
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

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """Act on one intent; returns "quit", "play_again" or "menu" when the scene should end, "settings" or
        "load" (from the pause menu, which takes every intent while it is open) for the app to open that screen."""
        if self.pause is not None:
            return handle_pause(self, intent)
        if self.online is not None and self.online.handle(self, intent):
            return None
        if self.state.outcome is not None and not self.animator.busy:
            return self._handle_victory(intent)
        if self.handover is not None:
            return self._handle_handover(intent)
        if self.session.wants(intent):
            return self.session.handle(self, intent)
        if isinstance(intent, Click) and intent.button == 1 and self.menu_rect.collidepoint(intent.pos):
            open_pause(self)
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
                open_pause(self)
            elif intent.action == "skip":
                self.animator.skip()
            elif intent.action in ("cycle", "centre") or intent.action in CURSOR_STEPS:
                return self._handle_key(intent.action)
        elif isinstance(intent, Key):
            return self._handle_key(intent.action)
        elif isinstance(intent, Click) and self._computer() is None:
            self._handle_click(intent)
        return None

    def _handle_key(self, action: str) -> str | None:
        offer = self.state.offer
        if action in ("quit", "settings"):
            return action
        if self.popup is not None:
            if action == "cancel":
                self.popup = None
            elif action.startswith("choice"):
                self._pick_popup(int(action[len("choice"):] or 0) - 1)
            return None
        if offer is not None and action in ("yes", "no"):
            self.animator.skip()
            self.submit(React(offer.by, action == "yes"))
        elif next_forced(self.state) is not None and action in ("end_turn", "cancel"):
            if action == "end_turn":
                self._place_forced()
            else:
                self._refresh_forced_start()
        elif action == "cancel" and self.wall:
            self.wall, self.message = (), "The wall starts over."
            self._refresh_options()
        elif action == "cancel" and self.selected is None and self.mode == WALK and self.picked is None \
                and self.rules.decider(self.state) == self.actor:
            open_pause(self)                               # nothing left to cancel, no question waiting
        elif action == "cancel":
            self.selected, self.message, self.mode, self.picked = None, "", WALK, None
            self._refresh_options()
        elif action == "end_turn":
            self.animator.skip()
            if self.mode == "bull_rush" and self.picked is not None:
                self.submit(BullRush(self.actor, self.picked))
            else:
                self.submit(EndTurn(self.actor))
        elif action.startswith("choice"):
            digit = action[len("choice"):]
            self._pick_hotkey(digit)
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
        if self.selected != self.actor and self.state.offer is None and next_forced(self.state) is None:
            self.selected = self.actor
        if self.acting:
            self._pick(choice)

    def _pick(self, choice: Choice) -> None:
        """A bar choice: instant ones act now, the others change what a map click does."""
        if choice.key == "knockout":
            self.knockout = not self.knockout
            self.message = ("Knockout: a creature your next attack drops falls unconscious instead of dying (4e §27)."
                            if self.knockout else "Knockout off: attacks kill as usual.")
            return
        if choice.blocked is not None:
            self.message = f"Can't: {choice.blocked}"
            return
        self.selected = self.actor
        again = self.mode == choice.key
        if choice.key.startswith("power:") and choice.instant:
            self.mode = WALK
            self.submit(UsePower(self.actor, choice.power))
        elif choice.key.startswith("sustain:"):
            self.mode = WALK
            self.submit(Sustain(self.actor, choice.power))
        elif choice.key in INSTANT:
            self.mode = WALK
            self.submit(INSTANT[choice.key](self.actor))
        elif choice.key == "escape":
            self._open_escape()
        elif choice.key == "ready":
            self._open_ready()
        elif again and self.actor in self.friends:
            # The same key again: use it on yourself (a heal, a boon, a potion).
            if choice.key == "potion":
                self.submit(DrinkPotion(self.actor))
            else:
                self.submit(UsePower(self.actor, choice.power, self.actor))
        else:
            self.mode = WALK if again and choice.key != WALK else choice.key
            self.picked = None
            self.message = ""
            self._refresh_options()

    def _open_escape(self) -> None:
        options = [(label, skill, _why(validate(self.state, Escape(self.actor, skill))))
                   for skill, label in ESCAPE_SKILLS.items()]
        self.popup = hud.Popup("Escape with which skill? (4e §25.11)", options,
                               lambda skill: self.submit(Escape(self.actor, skill)))

    def _open_ready(self) -> None:
        options = [(name, name, _why(why)) for name, why in readyable(self.state, self.actor)]

        def trigger_for(power: str) -> None:
            triggers = [(f"When {words}", key, _why(validate(self.state, Ready(self.actor, power, key))))
                        for key, words in READY_TRIGGERS.items()]
            self.popup = hud.Popup(f"Ready the {power}: when?", triggers,
                                   lambda key: self.submit(Ready(self.actor, power, key)))

        self.popup = hud.Popup("Ready which attack? (standard action, 4e §25.16)", options, trigger_for)

    def _pick_popup(self, index: int) -> None:
        popup = self.popup
        if popup is None or not 0 <= index < len(popup.options):
            return
        label, value, why = popup.options[index]
        if why:
            self.message = f"Can't: {why}"
            return
        self.popup = None
        popup.on_pick(value)

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
            self.message = "No creature to aim at now: pick a power (1-9) or an action first."
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
        self.message = "" if entity == self.actor else f"It is {self.state.name(self.actor)}'s turn; showing {self.state.name(entity)}."
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
                    self._pick_popup(index)
                    return
            if click.button == 3:
                self.popup = None
            return
        if self.state.offer is not None:
            self._click_prompt(click)
            return
        if click.button == 3:
            if next_forced(self.state) is not None:
                self._refresh_forced_start()
            else:
                self.selected, self.message, self.mode, self.picked = None, "", WALK, None
                self._refresh_options()
            return
        if self.end_turn_rect.collidepoint(click.pos):
            self.animator.skip()
            self.submit(EndTurn(self.actor))
            return
        for rect, choice in self.bar:
            if rect.collidepoint(click.pos):
                if self.selected != self.actor and next_forced(self.state) is None:
                    self.selected = self.actor
                if self.acting:
                    self._pick(choice)
                return
        square = self.view.square_at(click.pos)
        if square is None:
            return
        if self.animator.busy:
            self.animator.skip()
        if next_forced(self.state) is not None:
            self._click_forced(square)
            return
        if self.selected == self.actor and self._click_mode(square):
            return
        self._click_walk(square)

    def _click_mode(self, square: Square) -> bool:
        """A click while a power or an action is picked; False when the mode is walking."""
        occupant = self.state.occupant_at(square)
        actor, mode = self.actor, self.mode
        power = self._power()
        if power is not None and power.area == "wall":
            self._lay_wall(power, square)
            return True
        if power is not None and power.kind in ("close", "area"):
            area = self._area_plan()
            if isinstance(area, AreaPlan):
                self.submit(AreaAttack(actor, area.profile.name, area.origin, self.knockout))
            elif isinstance(area, Rejected):
                self.message = f"Can't: {area}"
            return True
        if power is not None and not power.attacks:
            if occupant in self.friends:
                self.submit(UsePower(actor, power.name, occupant))
            else:
                self.message = f"Can't: pick a creature outlined in green for the {power.name}."
            return True
        if power is not None:
            if occupant in self.targets:
                self._attack(occupant, power.name)
            else:
                self.message = "Can't: pick an enemy marked in red for this power."
            return True
        if mode.startswith("teleport:"):
            if square in self.teleports:
                self.submit(Teleport(actor, mode.split(":", 1)[1], square))
            else:
                self.message = "Can't: a teleport needs a free square in range that you can see (4e §23)."
            return True
        if mode not in TARGET_MODES:
            return False
        if mode == "charge":
            if occupant in self.charges:
                self.submit(Charge(actor, occupant, self.charges[occupant]))
            else:
                self.message = "Can't: pick an enemy marked in red: a charge needs a clear path (4e §25.5)."
        elif mode == "bull_rush":
            self._click_bull_rush(square, occupant)
        elif mode == "grab":
            if occupant in self.targets:
                self.submit(Grab(actor, occupant))
            else:
                self.message = "Can't: pick an enemy marked in red within reach (4e §25.12)."
        elif mode == "move_grabbed":
            if square in self.drags:
                self.submit(MoveGrabbed(actor, self.drags[square]))
            else:
                self.message = "Can't: pick a lit square to drag the creature to (4e §25.12)."
        elif mode == "aid":
            self._click_aid(occupant)
        elif mode == "potion":
            if occupant in self.friends:
                self.submit(DrinkPotion(actor, None if occupant == actor else occupant))
            else:
                self.message = "Can't: click yourself, or an unconscious ally next to you (4e §25.14)."
        return True

    def _click_bull_rush(self, square: Square, occupant: Entity | None) -> None:
        if self.picked is None:
            if occupant in self.targets:
                self.picked = occupant
                self._refresh_options()
                if not self.push_squares:
                    self.submit(BullRush(self.actor, occupant))
            else:
                self.message = "Can't: pick an adjacent enemy marked in red (4e §25.4)."
        elif occupant == self.picked:
            self.submit(BullRush(self.actor, self.picked))
        elif square in self.push_squares:
            self.submit(BullRush(self.actor, self.picked, square))
        else:
            self.message = "Can't: pick a lit square to push it to, or click it again (4e §25.4)."

    def _click_aid(self, occupant: Entity | None) -> None:
        if self.picked is None:
            if occupant in self.targets:
                self.picked = occupant
                self._refresh_options()
            else:
                self.message = "Can't: pick an enemy within reach, marked in red (4e §25.2)."
            return
        if occupant not in self.friends:
            self.message = "Can't: pick the ally to aid, outlined in green (4e §25.2)."
            return
        enemy, ally = self.picked, occupant
        options = [(words, boon, _why(validate(self.state, AidAnother(self.actor, enemy, ally, boon))))
                   for boon, words in AID_BOONS.items()]
        self.popup = hud.Popup(f"Aid {self.state.name(ally)}: which bonus?", options,
                               lambda boon: self.submit(AidAnother(self.actor, enemy, ally, boon)))

    def _attack(self, target: Entity, power: str) -> None:
        """A single-target attack, or a coup de grace when the target is helpless and adjacent (§25.6)."""
        coup = coup_de_grace_power(self.state, self.actor, target, power)
        if coup is not None:
            self.submit(CoupDeGrace(self.actor, target, coup, self.knockout))
        else:
            self.submit(Attack(self.actor, target, power, self.knockout))

    def _click_walk(self, square: Square) -> None:
        occupant = self.state.occupant_at(square)
        if occupant is not None and occupant in self.targets and self.selected == self.actor:
            plan = self.targets[occupant]
            if plan is not None:
                self._attack(occupant, plan.profile.name)
        elif occupant is not None and not (self.selected == self.actor and self.walk is not None
                                           and square in self.walk.endable and occupant == self.actor):
            self.selected = occupant
            if occupant != self.actor:
                self.message = f"It is {self.state.name(self.actor)}'s turn; showing {self.state.name(occupant)}."
            else:
                self.message = ""
        elif self.selected == self.actor and self.walk is not None and square in self.walk.endable:
            path = self.walk.path_to(square)
            if path is not None and len(path) > 1:
                self.submit(Move(self.actor, path, self.mode))
        elif self.selected == self.actor:
            reason = move_blocker(self.state, self.actor, self.mode)
            self.message = f"Can't: {reason}" if reason else "Can't: that square is out of reach this move."
        else:
            self.selected = None

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
        offer = self.state.offer
        assert offer is not None
        for answer, rect in self.prompt_buttons.items():
            if rect.collidepoint(click.pos):
                self.animator.skip()
                self.submit(React(offer.by, answer == "yes"))

    # Forced movement: the attacker picks each square -------------------------------------------
    def _set_forced_path(self, path: tuple[Square, ...]) -> None:
        """The squares picked so far, and the lit ones that may come next (worked out once per pick)."""
        self.forced_path = path
        forced = next_forced(self.state)
        if forced is None or not path:
            self.forced_next, self.forced_drops = [], []
            return
        self.forced_next = forced_next_squares(self.state, forced, path)
        rules = self.state.move_rules(forced.target)
        self.forced_drops = [s for s in self.forced_next if rules.drop_ft(path[-1], s)]

    def _refresh_forced_start(self) -> None:
        forced = next_forced(self.state)
        if forced is not None:
            self._set_forced_path((self.state.square(forced.target),))

    def _click_forced(self, square: Square) -> None:
        if square == self.forced_path[-1]:
            self._place_forced()
        elif square in self.forced_next:
            self._set_forced_path(self.forced_path + (square,))
            if not self.forced_next:
                self._place_forced()
        else:
            self.message = "Can't: pick one of the lit squares, or click the target's square to stop there."

    def _place_forced(self) -> None:
        forced = next_forced(self.state)
        if forced is not None:
            path = self.forced_path
            self._set_forced_path(())
            if not self.submit(ForceMove(forced.by, forced.target, path)):
                self._refresh_forced_start()

    # Areas ----------------------------------------------------------------------------------------
    def _is_area_power(self) -> bool:
        power = self._power()
        return power is not None and power.kind in ("close", "area")

    def _lay_wall(self, power: Power, square: Square) -> None:
        """§5.6: a wall is laid square by square, each beside the last; the last square attacks."""
        if square not in self.wall_next:
            self.message = "Can't: lay the wall on a lit square beside the last one (Esc starts over)."
            return
        self.wall += (square,)
        self.message = ""
        if len(self.wall) < power.size:
            self._refresh_options()
            return
        wall, self.wall = self.wall, ()
        self.submit(AreaAttack(self.actor, power.name, wall[0], self.knockout, wall))

    def _area_plan(self) -> AreaPlan | Rejected | None:
        """The hovered placement of the chosen close or area power; computed once per square and state."""
        square = self._hover_square()
        power = self._power()
        if square is None or power is None or power.kind not in ("close", "area") or power.area == "wall":
            return None
        key = (square, len(self.match.record), self.mode)
        if key != self._area_key:
            origin = self._area_origin(power.kind, power.area, power.size, square)
            self._area_key, self._area = key, plan_area(self.state, self.actor, power.name, origin)
        return self._area

    def _area_origin(self, kind: str, area: str, size: int, square: Square) -> Square:
        """Where the template goes for the hovered square: a burst on its user or the square, a blast
        placed so that it covers the hovered square, nearest it, if it can."""
        space = self.state.space(self.actor)
        if kind == "close" and area == "burst":
            return space[0]
        if kind == "close":
            def fit(top_left: Square) -> tuple[int, int, Square]:
                covers = top_left[0] <= square[0] < top_left[0] + size and top_left[1] <= square[1] < top_left[1] + size
                centre = (top_left[0] + size // 2, top_left[1] + size // 2)
                return (0 if covers else 1, chebyshev(centre, square), top_left)
            return min(blast_placements(space, size), key=fit)
        return square

    def _coup_power(self, target: Entity, power: str) -> str | None:
        """The hovered target's coup de grace power, worked out once per target and state."""
        key = (target, len(self.match.record), power)
        if key != self._coup_key:
            self._coup_key, self._coup = key, coup_de_grace_power(self.state, self.actor, target, power)
        return self._coup

    # Fixed step -----------------------------------------------------------------------------------
    def update(self) -> None:
        self.ticks += 1
        self.animator.update()
        play_all(self.animator.take_sounds())
        if self.pause is None:                             # the computer waits while the menu is open
            self._computer_moves()
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

    def _computer(self) -> Controller | None:
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
            self.message = f"{self.side_labels.get(computer.side, computer.side)} (computer) is thinking…"
            return
        self.computer_wait = 0
        command, label = decided
        if self.submit(command):
            # Its reason stays while it plays on; once a person decides, the hint is theirs again.
            playing_on = self._computer() is computer and label
            self.message = f"{self.side_labels.get(computer.side, computer.side)} (computer): {label}" \
                if playing_on else ""

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
        forced = next_forced(self.state) if ready else None
        # Still creatures go into the board too when nothing is drawn between the lit squares and them.
        baked = (not self.animator.busy and forced is None and not self._zones_shown()
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
        if forced is not None:
            self._draw_forced(screen)
        if self.animator.area:
            self._draw_tinted(screen, self.animator.area, palette.AREA_FILL, palette.AREA_EDGE)
        self._draw_units(screen, baked)
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
        if ready and self.state.offer is not None:
            self._draw_offer_marks(screen)
            key = (version, self.state.offer)
            if key != self._prompt_key:
                self._prompt_key = key
                self._prompt = hud.prompt_words(self.fonts, self.state, self.state.offer, self.side_labels)
            self.prompt_buttons = hud.draw_prompt(screen, self.fonts, self.state, self.state.offer, self.side_labels,
                                                  self.map_rect, self.hover, self._prompt)
        if self.popup is not None:
            hud.draw_popup(screen, self.fonts, self.popup, self.map_rect, self.hover)
        tipped = self._draw_tooltip(screen) | self._draw_log_rule(screen)
        if self.state.outcome is not None and not self.animator.busy:
            self._draw_victory(screen)
        if self.pause is not None:
            self.pause.draw(screen)
        prompted = ready and self.state.offer is not None
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
        chrome.part("banner", self.banner_rect, (version, self.knockout, self.show_cover_lines, self.view.zoom, menu_hot),
                    self._draw_banner)
        hint = self.message or self._cached_hint()
        chrome.part("hint", self.hint_rect, (hint, bool(self.message)), lambda surface: self._draw_hint(surface, hint))
        free = self.state.offer is None and self.state.pending_forced is None
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

    def _draw_offer_marks(self, screen: pygame.Surface) -> None:
        """Who is asked (white) and against whom (red), on the map under the prompt."""
        offer = self.state.offer
        assert offer is not None
        screen.set_clip(self.map_rect)
        marks = ((offer.by, palette.SELECT),) + (((offer.against, palette.TARGET),) if offer.against is not None else ())
        for entity, colour in marks:
            pygame.draw.rect(screen, colour, self.view.square_rect(*self.state.space(entity)), 3)
        screen.set_clip(None)

    def _hover_square(self) -> Square | None:
        return self.view.square_at(self.hover) if self.hover else None

    def _draw_banner(self, screen: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, self.map_rect.width, self.banner_height)
        who = self.rules.decider(self.state)
        side = self.state.side(who)
        colour = palette.side_colour(side)
        pygame.draw.rect(screen, (colour[0] // 3, colour[1] // 3, colour[2] // 3), rect)
        pygame.draw.rect(screen, colour, (0, self.banner_height - 4, rect.width, 4))
        label = self.side_labels.get(side, side)
        round_word = self.rules.round_label(self.state)
        if who != self.actor:
            headline = f"{round_word}  ·  {label} decide: {self.state.name(who)}"
        else:
            headline = f"{round_word}  ·  {label}: {self.state.name(self.actor)}'s turn"
        # The Menu button (the pause menu: save, load, take back, settings, quit), then the chips to its left;
        # a replay has its own controls and no pause menu.
        right = rect.right - 12
        if self.menu_button:
            button(screen, self.fonts.small, self.menu_rect, MENU_WORDS,
                   self.hover is not None and self.menu_rect.collidepoint(self.hover))
            right = self.menu_rect.left - 16
        # The dice seed, so a player can play the same skirmish again (python -m game --seed N, or the menu).
        right = text(screen, self.fonts.small, f"seed {self.seed}", (right, rect.centery), palette.TEXT_DIM,
                     "midright").left - 16
        if self.view.zoom != 100:     # the wheel zooms the map; say how far
            right = text(screen, self.fonts.small, f"zoom {self.view.zoom}%", (right, rect.centery), palette.TEXT_DIM,
                         "midright").left - 16
        if self.knockout:
            words = "KNOCKOUT: the next attack knocks out  [K]"
            chip = pygame.Rect((0, 0), self.fonts.small.size(words))
            chip.midright = (right, rect.centery)
            pygame.draw.rect(screen, palette.KNOCKOUT, chip.inflate(10, 6), border_radius=5)
            text(screen, self.fonts.small, words, chip.topleft, (20, 20, 20))
            right = chip.left - 16
        if self.show_cover_lines:
            words = "Cover lines  [F2]"
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
        text(screen, self.fonts.small, fit(self.fonts.small, hint, self.hint_rect.width - 24), (12, self.hint_rect.centery),
             palette.TEXT if self.message else palette.TEXT_DIM, "midleft")

    def _draw_bottom(self, screen: pygame.Surface) -> None:
        pygame.draw.rect(screen, palette.BAR, self.bar_rect)
        self.bar = []
        if self.state.outcome is None:
            # The bar is always the acting creature's: its keys work whoever is shown in the card.
            free = self.state.offer is None and next_forced(self.state) is None
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
                    self._tooltip = hud.tooltip_image(self.fonts, rect, choice, self.screen_rect)
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

    def _hint(self) -> str:
        forced = next_forced(self.state)
        if forced is not None:
            moved = len(self.forced_path) - 1
            return (f"{self.state.name(forced.by)}: {forced.kind} {self.state.name(forced.target)} up to {forced.squares} "
                    f"square{'s' if forced.squares != 1 else ''} ({moved} so far): click lit squares; Enter or a click on "
                    f"the target stops. 4e §22")
        if self.state.offer is not None:
            return "Take it (Y) or let it pass (N)."
        if self.popup is not None:
            return "Pick with the number keys or a click; Esc cancels."
        square = self._hover_square()
        occupant = self._occupant(square)
        mode, name = self.mode, self.state.name
        ko = " Knockout is ON." if self.knockout else ""
        if mode.startswith("teleport:"):
            power = teleport_power(self.state, self.actor, mode.split(":", 1)[1])
            reach = power.squares if power else 0
            return f"Teleport up to {reach} squares to a free square you can see (violet). No opportunity attacks. 4e §23"
        power = self._power()
        if power is not None and power.area == "wall":
            return (f"{power.name}: lay the wall square by square ({len(self.wall)} of {power.size}); the lit squares "
                    f"may come next, the last one attacks everyone in it. Esc starts over. 4e §5.6{ko}")
        if power is not None and power.kind in ("close", "area"):
            area = self._area_plan()
            if isinstance(area, Rejected):
                return f"Can't place it there: {area}"
            if isinstance(area, AreaPlan):
                if not area.profile.attacks:
                    return f"{area.profile.name}: {len(area.squares)} squares. Click to use it.{ko}"
                caught = ", ".join(f"{name(t)} {(21 - p.needed) * 5}%"
                                   + ("" if self.state.are_enemies(self.actor, t) else " (ally!)") for t, p in area.targets)
                return f"{area.profile.name}: {caught}. Click to attack (one roll each, one damage roll).{ko}"
            return "Move the mouse to aim the area; creatures caught are outlined."
        if power is not None and not power.attacks:
            if occupant in self.friends:
                return f"{power.name} on {name(occupant)}: click to use it."
            self_too = " Press its key again to use it on yourself." if self.actor in self.friends else ""
            return f"{power.name}: click a creature outlined in green.{self_too}"
        if mode in TARGET_MODES:
            return self._mode_hint(occupant, square)
        if occupant in self.targets and self.selected == self.actor:
            plan = self.targets[occupant]
            if plan is not None:
                return self._attack_hint(occupant, plan) + ko
        if power is not None:
            return f"Click an enemy marked in red to use the {power.name}.{ko}"
        preview = self._walk_preview() if self.selected == self.actor else None
        if preview is not None:
            cost, speed = preview.cost, mode_speed(self.state, self.actor, self.mode)
            verb = self.mode.title()
            fall = f" Jumps down {preview.fall_ft} ft: a fall (1d10 per 10 ft, lands prone)." if preview.fall_ft else ""
            if preview.attackers:
                names = ", ".join(name(e) for e in preview.attackers)
                return f"{verb} here: {cost} squares; provokes opportunity attacks from {names} (marked !).{fall}"
            if cost > speed:
                return f"Double move here: {cost} of {speed * 2} squares, using the move and standard actions.{fall}"
            return f"{verb} here: {cost} of {speed} squares.{fall} Click to move."
        return ("Click a lit square to move (hatched: double move), a marked enemy to attack; 1-9 powers, letters "
                f"actions (hover a button for what it does); K knockout; Enter ends the turn.{ko}")

    def _attack_hint(self, target: Entity, plan: AttackPlan) -> str:
        profile = plan.profile
        defense = profile.defense.upper() if profile.defense == "ac" else profile.defense.title()
        coup = self._coup_power(target, profile.name)
        if coup is not None:
            return (f"Coup de grace with the {coup} on helpless {self.state.name(target)}: a hit is a critical hit; "
                    f"{self.state.stats(target).bloodied_value}+ damage kills outright (4e §25.6). Click.")
        chance = (21 - plan.needed) * 5
        mods = "".join(f", {m.value:+d} {m.reason}" for m in plan.modifiers)
        extra = f"; on a hit: {profile.forced} {profile.forced_squares}".replace(" 0", "") if profile.forced else ""
        lines = ""
        if self.show_cover_lines and (shown := self._cover_lines(target)) is not None:
            lines = f" Cover lines: {sum(shown.blocked)} of 4 blocked (dashed)."
        return (f"{profile.name} vs {defense} {plan.defense_value}: hit on {plan.needed}+ ({chance}%){mods}{extra}. "
                f"Click to attack.{lines}")

    def _mode_hint(self, occupant: Entity | None, square: Square | None) -> str:
        name, mode = self.state.name, self.mode
        if mode == "charge":
            if occupant in self.charges:
                return (f"Charge {name(occupant)}: {len(self.charges[occupant]) - 1} squares, then a melee basic attack "
                        "at +1 (4e §25.5). Click.")
            return "Charge: hover an enemy marked in red to see the path; click to charge."
        if mode == "bull_rush":
            if self.picked is not None:
                return (f"Bull rush {name(self.picked)}: click a lit square to push it to, or it again "
                        "(Enter) to let the rules pick (4e §25.4).")
            return "Bull rush: click an adjacent enemy (Str vs Fortitude; push 1 and follow, 4e §25.4)."
        if mode == "grab":
            return "Grab: click an enemy within reach (Str vs Reflex; immobilized until it escapes, 4e §25.12)."
        if mode == "move_grabbed":
            return "Drag: click a lit square (Str vs Fortitude, then half speed with the grabbed creature, 4e §25.12)."
        if mode == "aid":
            if self.picked is not None:
                return f"Aid another against {name(self.picked)}: click the ally to help (green), then pick the bonus."
            return "Aid another: click an enemy within reach (attack vs AC 10, 4e §25.2), then an ally."
        if mode == "potion":
            return "Potion: click yourself (minor) or an unconscious ally next to you (standard); O again drinks it. 4e §25.14"
        return ""

    def _draw_tracker(self, screen: pygame.Surface) -> None:
        self.tracker_entries = draw_tracker(screen, self.fonts, self.state, self.tracker_rect, self.tracker_portraits,
                                            self.side_labels, self.actor, self.selected, self._tracker_entity(self.hover),
                                            self.rules)

    def _panel_entity(self) -> Entity:
        """Who the card shows: the one being asked, else the one hovered in the tracker, else the selected
        creature, else the acting one."""
        if self.state.offer is not None:
            return self.state.offer.by
        tracked = self._tracker_entity(self.hover)
        if tracked is not None:
            return tracked
        return self.selected if self.selected is not None else self.actor

    def _draw_panel(self, screen: pygame.Surface) -> None:
        pygame.draw.rect(screen, palette.PANEL, self.panel_rect)
        pygame.draw.line(screen, palette.PANEL_EDGE, self.panel_rect.topleft, self.panel_rect.bottomleft, 2)
        x = self.panel_rect.x + 12
        entity = self._panel_entity()
        y = hud.draw_card(screen, self.fonts, self.state, entity, self.actor, self.portraits, self.side_labels,
                          x, 10, PANEL_WIDTH - 24)
        log_rect = pygame.Rect(x, y + 6, PANEL_WIDTH - 24, self.panel_rect.bottom - y - 14)
        panel(screen, log_rect, (22, 22, 30))
        self.log.draw(screen, log_rect)

    def _draw_victory(self, screen: pygame.Surface) -> None:
        dim(screen)
        outcome = self.state.outcome
        assert outcome is not None
        labels = {"play_again": "Play again  [R]", "menu": "Maps  [M]", "quit": "Quit  [Q]"}
        # Sized by the fonts, so a larger interface scale grows the box and its buttons.
        button_w = max([152] + [self.fonts.body.size(words)[0] + 24 for words in labels.values()])
        button_h = max(48, self.fonts.body.get_linesize() + 20)
        huge_ls, body_ls = self.fonts.huge.get_linesize(), self.fonts.body.get_linesize()
        box = pygame.Rect(0, 0, max(520, 3 * button_w + 2 * 12 + 40), max(250, 24 + huge_ls + body_ls + 40 + button_h + 32))
        box.center = screen.get_rect().center
        panel(screen, box)
        label = self.side_labels.get(outcome.winner, outcome.winner)
        headline = f"{label} win!" if outcome.winner else "A draw"
        text(screen, self.fonts.huge, headline, (box.centerx, box.y + 24), palette.side_colour(outcome.winner), "midtop")
        text(screen, self.fonts.body, f"after {self.rules.round_number(self.state)} rounds", (box.centerx, box.y + 24 + huge_ls + 6),
             palette.TEXT_DIM, "midtop")
        self.victory_buttons = {action: pygame.Rect(box.x + 20 + i * (button_w + 12), box.bottom - button_h - 32, button_w,
                                                    button_h)
                                for i, action in enumerate(labels)}
        for action, rect in self.victory_buttons.items():
            hot = self.hover is not None and rect.collidepoint(self.hover)
            button(screen, self.fonts.body, rect, labels[action], hot)


def _why(rejection: Rejected | None) -> str:
    return "" if rejection is None else str(rejection)
