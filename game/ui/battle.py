"""The battle screen: the map, units, overlays, HUD and log; clicks and keys become commands."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.actions.attack import AreaPlan, AttackPlan, attack_targets, plan_area, power_targets
from game.actions.commands import (
    AreaAttack, Attack, Command, DropProne, EndSqueeze, EndTurn, ForceMove, Move, React, Rejected, StandUp,
    Teleport,
)
from game.actions.common import decider, describe_offer
from game.actions.events import Event
from game.actions.force_move import forced_next_squares, next_forced
from game.actions.move import WALK, mode_speed, move_blocker, move_options
from game.actions.react import offer_plan
from game.actions.teleport import teleport_power, teleport_squares
from game.content.roster import Roster, load_creatures, load_rosters
from game.core.areas import blast_placements
from game.core.grid import Square, chebyshev
from game.core.movement import SearchResult
from game.ecs.components import Appearance, OutOfFight
from game.ecs.world import Entity
from game.input.intents import Click, Hover, Intent, Key, Scroll, pan_direction
from game.maps.loader import load_battlefield
from game.match import Match, new_match
from game.render import palette
from game.render.animation import FADE_TICKS, FLOAT_TICKS, Animator
from game.render.facts import draw_facts
from game.render.map_view import PAN_SPEED, MapView, load_sprites
from game.rulesets.dnd4e.economy import MINOR, MOVE, STANDARD
from game.rulesets.dnd4e.opportunity import provokers
from game.state import GameState
from game.ui.choices import Choice, choices
from game.ui.log_panel import LogPanel
from game.ui.narration import narrate
from game.ui.widgets import Fonts, button, hp_bar, panel, text

UNIT_ART = Path(__file__).resolve().parent.parent.parent / "assets" / "units"
PANEL_WIDTH = 330
BANNER_HEIGHT = 44
STATUS_HEIGHT = 26
BAR_HEIGHT = 40
DEFENSE_LABELS = (("ac", "AC"), ("fortitude", "Fort"), ("reflex", "Ref"), ("will", "Will"))


@dataclass(frozen=True)
class WalkPreview:
    """The hovered move: its path and cost, the squares whose leaving provokes, who would attack,
    and the height of the fall at its end (0: none)."""

    path: tuple[Square, ...]
    cost: int
    provoking: tuple[Square, ...]
    attackers: tuple[Entity, ...]
    fall_ft: int


class BattleScene:
    def __init__(self, screen_size: tuple[int, int], map_path: Path, seed: int, fonts: Fonts,
                 rosters: list[Roster] | None = None) -> None:
        """``rosters``: the sides and their creatures; the default rosters when None."""
        self.fonts = fonts
        self.map_path = map_path
        self.seed = seed
        battlefield = load_battlefield(map_path)
        creatures = load_creatures()
        rosters = rosters if rosters is not None else load_rosters(creatures=creatures)
        self.match: Match = new_match(battlefield, rosters, creatures, seed)
        self.side_labels = {r.side: r.label for r in rosters}
        width, height = screen_size
        map_bottom = height - STATUS_HEIGHT - BAR_HEIGHT
        self.map_rect = pygame.Rect(0, BANNER_HEIGHT, width - PANEL_WIDTH, map_bottom - BANNER_HEIGHT)
        self.bar_rect = pygame.Rect(0, map_bottom, width - PANEL_WIDTH, BAR_HEIGHT)
        self.panel_rect = pygame.Rect(width - PANEL_WIDTH, 0, PANEL_WIDTH, height)
        self.end_turn_rect = pygame.Rect(self.panel_rect.x + 12, height - 52, PANEL_WIDTH - 24, 40)
        self.view = MapView(map_path, self.map_rect)
        draw_facts(self.view.surface, battlefield, self.view.cell, fonts.small)
        sprite_names = [self.match.state.world.get(e, Appearance).sprite for e in self.state.creatures()]
        self.sprites = load_sprites(UNIT_ART, sprite_names, self.view.cell)
        # Creatures bigger than one square get their art drawn to fill their whole space.
        self.big_sprites = {
            (sprite, side): load_sprites(UNIT_ART, [sprite], self.view.cell * side)[sprite]
            for sprite, side in sorted({(self.match.state.world.get(e, Appearance).sprite, self.state.space(e)[1])
                                        for e in self.state.creatures()}) if side > 1
        }
        self.portraits = load_sprites(UNIT_ART, sprite_names, 64)
        self.reach_tiles = _reach_tiles(self.view.cell)
        self.tints = {colour: _tint(self.view.cell, colour) for colour in
                      (palette.AREA_FILL, palette.TELEPORT_FILL, palette.FORCED_FILL)}
        self.animator = Animator()
        self.log = LogPanel(fonts.small, PANEL_WIDTH - 40)
        self.hover: tuple[int, int] | None = None
        self.message = ""
        self.selected: Entity | None = None
        self.mode = WALK                                   # the action bar's pick: a move mode or a power
        self.walk: SearchResult | None = None
        self.targets: dict[Entity, AttackPlan] = {}
        self.teleports: list[Square] = []
        self.forced_path: tuple[Square, ...] = ()
        self.forced_next: list[Square] = []                # squares the forced movement may enter next
        self.forced_drops: list[Square] = []               # those of them over a ledge
        self.bar_choices: list[Choice] = []
        self.bar: list[tuple[pygame.Rect, Choice]] = []
        self.prompt_buttons: dict[str, pygame.Rect] = {}
        self.victory_buttons: dict[str, pygame.Rect] = {}
        self._preview_key: tuple[Square, int, str] | None = None
        self._preview: WalkPreview | None = None
        self._area_key: tuple[Square, int, str] | None = None
        self._area: AreaPlan | Rejected | None = None
        self.ticks = 0
        self._show_events(self.match.opening)
        self._turn_began()

    # State helpers --------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def actor(self) -> Entity:
        return self.state.turn.current

    @property
    def acting(self) -> bool:
        """The acting creature is selected and free to act (no prompt waiting, nothing animating)."""
        return (self.selected == self.actor and self.state.outcome is None and self.state.offer is None
                and self.state.pending_forced is None)

    def _turn_began(self) -> None:
        self.selected = self.actor
        self.mode = WALK
        self.view.centre_on(self.state.square(self.actor))
        self._refresh_options()

    def _choice(self) -> Choice | None:
        return next((c for c in self.bar_choices if c.key == self.mode), None)

    def _refresh_options(self) -> None:
        """Recompute what the acting creature can do: the same rules the commands are checked with.

        Called once per change of the state, never per frame: the overlay, the bar and the hints read
        what it leaves behind.
        """
        self.walk, self.targets, self.teleports = None, {}, []
        self.bar_choices = choices(self.state, self.actor) if self.state.outcome is None else []
        forced = next_forced(self.state)
        if forced is None:
            self._set_forced_path(())
        elif not self.forced_path or self.forced_path[0] != self.state.square(forced.target):
            self._set_forced_path((self.state.square(forced.target),))
        if self.state.outcome is not None or self.state.offer is not None or forced is not None:
            return
        choice = self._choice()
        if choice is None or choice.blocked is not None and not choice.key.startswith("power:"):
            self.mode = WALK
            choice = self._choice()
        power = choice.power if choice is not None else ""
        if self.mode.startswith("power:"):
            profile = self.state.arsenal(self.actor).power(power)
            if choice is not None and choice.blocked is None and getattr(profile, "kind", "") in ("melee", "ranged"):
                self.targets = power_targets(self.state, self.actor, power)
        elif self.mode.startswith("teleport:"):
            teleport = teleport_power(self.state, self.actor, power)
            if teleport is not None:
                self.teleports = teleport_squares(self.state, self.actor, teleport)
        else:
            if move_blocker(self.state, self.actor, self.mode) is None:
                self.walk = move_options(self.state, self.actor, self.mode)
            if self.state.turn.actions.standard:
                self.targets = attack_targets(self.state, self.actor)

    def _show_events(self, events: list[Event]) -> None:
        for event in events:
            line = narrate(event, self.state, self.side_labels)
            if line:
                self.log.add(line)
        self.animator.feed(events)

    def submit(self, command: Command) -> bool:
        turn_before = (self.state.turn.round, self.state.turn.index)
        result = self.match.submit(command)
        if isinstance(result, Rejected):
            self.message = f"Can't: {result}"
            return False
        self.message = ""
        self._show_events(result)
        if (self.state.turn.round, self.state.turn.index) != turn_before:
            self._turn_began()
        else:
            self._refresh_options()
        return True

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """Act on one intent; returns "quit", "play_again" or "menu" when the scene should end."""
        if self.state.outcome is not None and not self.animator.busy:
            return self._handle_victory(intent)
        if isinstance(intent, Hover):
            self.hover = intent.pos
        elif isinstance(intent, Scroll):
            if self.panel_rect.collidepoint(intent.pos):
                self.log.on_scroll(intent.lines)
        elif isinstance(intent, Key):
            return self._handle_key(intent.action)
        elif isinstance(intent, Click):
            self._handle_click(intent)
        return None

    def _handle_key(self, action: str) -> str | None:
        offer = self.state.offer
        if offer is not None and action in ("yes", "no"):
            self.animator.skip()
            self.submit(React(offer.by, action == "yes"))
        elif next_forced(self.state) is not None and action in ("end_turn", "cancel"):
            if action == "end_turn":
                self._place_forced()
            else:
                self._refresh_forced_start()
        elif action == "cancel":
            self.selected, self.message, self.mode = None, "", WALK
            self._refresh_options()
        elif action == "end_turn":
            self.animator.skip()
            self.submit(EndTurn(self.actor))
        elif action.startswith("choice"):
            index = int(action[len("choice"):]) - 1
            if 0 <= index < len(self.bar_choices) and self.acting:
                self._pick(self.bar_choices[index])
        elif action == "cycle":
            self._cycle_selection()
        elif action == "skip":
            self.animator.skip()
        elif action == "centre":
            self.view.centre_on(self.state.square(self.selected or self.actor))
        elif action == "quit":
            return "quit"
        return None

    def _pick(self, choice: Choice) -> None:
        """An action bar choice: instant ones act now, the others change what a map click does."""
        if choice.blocked is not None:
            self.message = f"Can't: {choice.blocked}"
            return
        self.selected = self.actor
        if choice.instant:
            command = {"stand": StandUp, "prone": DropProne, "unsqueeze": EndSqueeze}[choice.key](self.actor)
            self.mode = WALK
            self.submit(command)
            return
        self.mode = WALK if self.mode == choice.key and choice.key != WALK else choice.key
        self.message = ""
        self._refresh_options()

    def _cycle_selection(self) -> None:
        """Tab: step through the standing creatures of the side whose turn it is."""
        side = self.state.side(self.actor)
        units = [e for e in self.state.standing() if self.state.side(e) == side]
        if not units:
            return
        index = units.index(self.selected) + 1 if self.selected in units else 0
        self.selected = units[index % len(units)]
        self.view.centre_on(self.state.square(self.selected))

    def _handle_click(self, click: Click) -> None:
        if self.state.offer is not None:
            self._click_prompt(click)
            return
        if click.button == 3:
            if next_forced(self.state) is not None:
                self._refresh_forced_start()
            else:
                self.selected, self.message, self.mode = None, "", WALK
                self._refresh_options()
            return
        if self.end_turn_rect.collidepoint(click.pos):
            self.animator.skip()
            self.submit(EndTurn(self.actor))
            return
        for rect, choice in self.bar:
            if rect.collidepoint(click.pos):
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
        occupant = self.state.occupant_at(square)
        if self.selected == self.actor and self.mode.startswith("power:") and self._is_area_power():
            area = self._area_plan()
            if isinstance(area, AreaPlan):
                self.submit(AreaAttack(self.actor, area.profile.name, area.origin))
            elif isinstance(area, Rejected):
                self.message = f"Can't: {area}"
        elif self.selected == self.actor and self.mode.startswith("teleport:"):
            if square in self.teleports:
                self.submit(Teleport(self.actor, self.mode.split(":", 1)[1], square))
            else:
                self.message = "Can't: a teleport needs a free square in range that you can see (4e §23)."
        elif occupant is not None and occupant in self.targets and self.selected == self.actor:
            self.submit(Attack(self.actor, occupant, self.targets[occupant].profile.name))
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
        elif self.selected == self.actor and self.mode.startswith("power:"):
            self.message = "Can't: pick an enemy marked in red for this power."
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
        profile = self.state.arsenal(self.actor).power(self.mode.split(":", 1)[1])
        return getattr(profile, "kind", "") in ("close", "area")

    def _area_plan(self) -> AreaPlan | Rejected | None:
        """The hovered placement of the chosen close or area power; computed once per square and state."""
        square = self._hover_square()
        if square is None or not self.mode.startswith("power:") or not self._is_area_power():
            return None
        key = (square, len(self.match.record), self.mode)
        if key != self._area_key:
            name = self.mode.split(":", 1)[1]
            profile = self.state.arsenal(self.actor).power(name)
            assert profile is not None and hasattr(profile, "area")
            origin = self._area_origin(profile.kind, profile.area, profile.size, square)
            self._area_key, self._area = key, plan_area(self.state, self.actor, name, origin)
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

    # Fixed step -----------------------------------------------------------------------------------
    def update(self) -> None:
        self.ticks += 1
        self.animator.update()
        dx, dy = pan_direction()
        if dx or dy:
            self.view.pan(dx * PAN_SPEED, dy * PAN_SPEED)

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(palette.BACKGROUND)
        self.view.draw(screen)
        screen.set_clip(self.map_rect)
        ready = not self.animator.busy and self.state.outcome is None
        if ready and self.acting:
            self._draw_reach(screen)
            self._draw_tinted(screen, self.teleports, palette.TELEPORT_FILL, palette.TELEPORT_EDGE)
            self._draw_area(screen)
        if ready and next_forced(self.state) is not None:
            self._draw_forced(screen)
        if self.animator.area:
            self._draw_tinted(screen, list(self.animator.area), palette.AREA_FILL, palette.AREA_EDGE)
        self._draw_units(screen)
        if ready and self.acting:
            self._draw_targets(screen)
            self._draw_path(screen)
        self._draw_floaters(screen)
        screen.set_clip(None)
        self._draw_banner(screen)
        self._draw_bar(screen)
        self._draw_panel(screen)
        if ready and self.state.offer is not None:
            self._draw_prompt(screen)
        if self.state.outcome is not None and not self.animator.busy:
            self._draw_victory(screen)

    def _hover_square(self) -> Square | None:
        return self.view.square_at(self.hover) if self.hover else None

    def _draw_reach(self, screen: pygame.Surface) -> None:
        if self.walk is None:
            return
        one_move, double = self.reach_tiles
        speed = mode_speed(self.state, self.actor, self.mode)
        for square in self.walk.endable:
            cell = self.view.square_rect(square)
            if self.walk.cost[square] <= speed:
                screen.blit(one_move, cell)
                pygame.draw.rect(screen, palette.REACH_EDGE, cell.inflate(-4, -4), 1)
            else:
                screen.blit(double, cell)
            if square in self.walk.falls:
                self._draw_drop_mark(screen, cell)

    @staticmethod
    def _draw_drop_mark(screen: pygame.Surface, cell: pygame.Rect) -> None:
        """A drop to fall down: a downward chevron, readable without colour."""
        x, y = cell.center
        pygame.draw.lines(screen, palette.FALL_MARK, False, [(x - 7, y - 3), (x, y + 4), (x + 7, y - 3)], 3)

    def _draw_tinted(self, screen: pygame.Surface, squares: list[Square], fill: tuple[int, ...],
                     edge: tuple[int, int, int]) -> None:
        tile = self.tints[fill]
        for square in squares:
            rect = self.view.square_rect(square)
            screen.blit(tile, rect)
            pygame.draw.rect(screen, edge, rect.inflate(-6, -6), 1)

    def _draw_area(self, screen: pygame.Surface) -> None:
        area = self._area_plan()
        if not isinstance(area, AreaPlan):
            return
        self._draw_tinted(screen, list(area.squares), palette.AREA_FILL, palette.AREA_EDGE)
        for target, _ in area.targets:
            rect = self.view.square_rect(*self.state.space(target))
            colour = palette.TARGET if self.state.are_enemies(self.actor, target) else palette.SELECT
            pygame.draw.rect(screen, colour, rect, 3)
            if not self.state.are_enemies(self.actor, target):
                text(screen, self.fonts.body, "ally!", (rect.centerx, rect.top - 2), palette.SELECT, "midbottom")

    def _draw_forced(self, screen: pygame.Surface) -> None:
        self._draw_tinted(screen, self.forced_next, palette.FORCED_FILL, palette.FORCED_EDGE)
        for square in self.forced_drops:
            self._draw_drop_mark(screen, self.view.square_rect(square))
        if len(self.forced_path) > 1:
            points = [self.view.square_rect(s).center for s in self.forced_path]
            pygame.draw.lines(screen, palette.FORCED_EDGE, False, points, 3)
        end = self.view.square_rect(self.forced_path[-1])
        pygame.draw.rect(screen, palette.FORCED_EDGE, end, 3)

    def _walk_preview(self) -> WalkPreview | None:
        """The move to the hovered square and what it provokes; recomputed only when either changes."""
        square = self._hover_square()
        if self.walk is None or square is None or square not in self.walk.endable or square == self.walk.start:
            return None
        key = (square, len(self.match.record), self.mode)
        if key != self._preview_key:
            path = self.walk.path_to(square) or ()
            used = self.state.turn.opportunity_used
            provoking: list[Square] = []
            attackers: list[Entity] = []
            for a, b in zip(path, path[1:]):
                fresh = [e for e in provokers(self.state, self.actor, (a, b), self.mode) if e not in used and e not in attackers]
                if fresh:
                    provoking.append(a)
                    attackers.extend(fresh)
            self._preview_key = key
            self._preview = WalkPreview(path, self.walk.cost[square], tuple(provoking), tuple(attackers),
                                        self.walk.falls.get(square, 0))
        return self._preview

    def _draw_path(self, screen: pygame.Surface) -> None:
        preview = self._walk_preview()
        if preview is None or len(preview.path) < 2:
            return
        path, square = preview.path, preview.path[-1]
        points = [self.view.square_rect(s).center for s in path]
        pygame.draw.lines(screen, palette.PATH, False, points, 3)
        for point in points[1:]:
            pygame.draw.circle(screen, palette.PATH, point, 4)
        # Squares whose leaving provokes an opportunity attack: a red ring and "!" (readable without colour).
        for step in preview.provoking:
            centre = self.view.square_rect(step).center
            pygame.draw.circle(screen, palette.TARGET, centre, self.view.cell // 3, 3)
            text(screen, self.fonts.body, "!", centre, palette.TARGET, "center")
        rect = self.view.square_rect(square)
        badge_text = f"{preview.cost}" + (f"  fall {preview.fall_ft} ft" if preview.fall_ft else "")
        label = self.fonts.body.render(badge_text, True, (20, 20, 20))
        badge = label.get_rect(center=(rect.right - 4, rect.top + 4)).inflate(10, 4)
        pygame.draw.rect(screen, palette.FALL_MARK if preview.fall_ft else palette.PATH, badge, border_radius=8)
        screen.blit(label, label.get_rect(center=badge.center))

    def _draw_targets(self, screen: pygame.Surface) -> None:
        for target in self.targets:
            rect = self.view.square_rect(*self.state.space(target))
            pygame.draw.rect(screen, palette.TARGET, rect, 3)
            for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
                pygame.draw.circle(screen, palette.TARGET, corner, 4)

    def _draw_units(self, screen: pygame.Surface) -> None:
        cell = self.view.cell
        for entity in self.state.creatures():
            square, side = self.state.space(entity)
            fx, fy = self.animator.position(entity, square)
            x, y = self.view.point_at(fx, fy)
            size = cell * side
            name = self.state.world.get(entity, Appearance).sprite
            sprite = self.big_sprites.get((name, side)) or self.sprites[name]
            team = palette.side_colour(self.state.side(entity))
            out = self.state.world.has(entity, OutOfFight) and not self.animator.pending_downed(entity)
            if out:
                fade = self.animator.fading.get(entity, FADE_TICKS)
                body = pygame.transform.rotate(sprite, 90)
                body.set_alpha(255 - 150 * fade // FADE_TICKS)
                screen.blit(body, (x, y))
                continue
            base = pygame.Rect(x + 3, y + size - 10, size - 6, 8)
            pygame.draw.ellipse(screen, team, base)
            pygame.draw.ellipse(screen, (0, 0, 0), base, 1)
            image = sprite
            if self.animator.flashing(entity):
                image = sprite.copy()
                image.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
            screen.blit(image, (x, y))
            if entity == self.actor and self.state.outcome is None:
                pulse = 2 + (self.ticks // 10) % 2
                pygame.draw.rect(screen, palette.SELECT, (x, y, size, size), pulse)
            elif entity == self.selected:
                pygame.draw.rect(screen, palette.SELECT, (x + 1, y + 1, size - 2, size - 2), 1)
            hp_bar(screen, pygame.Rect(x + 2, y - 5, size - 4, 5), self.state.hp(entity), self.state.stats(entity).max_hp)

    def _draw_floaters(self, screen: pygame.Surface) -> None:
        for floater in self.animator.floaters:
            square, side = self.state.space(floater.entity)
            rect = self.view.square_rect(square, side)
            rise = floater.tick * 30 // FLOAT_TICKS
            image = self.fonts.title.render(floater.text, True, floater.colour)
            outline = self.fonts.title.render(floater.text, True, (0, 0, 0))
            centre = (rect.centerx, rect.top - rise)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                screen.blit(outline, outline.get_rect(center=(centre[0] + dx, centre[1] + dy)))
            screen.blit(image, image.get_rect(center=centre))

    def _draw_banner(self, screen: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, self.map_rect.width, BANNER_HEIGHT)
        who = decider(self.state)
        side = self.state.side(who)
        colour = palette.side_colour(side)
        pygame.draw.rect(screen, (colour[0] // 3, colour[1] // 3, colour[2] // 3), rect)
        pygame.draw.rect(screen, colour, (0, BANNER_HEIGHT - 4, rect.width, 4))
        turn = self.state.turn
        label = self.side_labels.get(side, side)
        if who != self.actor:
            headline = f"Round {turn.round}  ·  {label} decide: {self.state.name(who)}"
        else:
            headline = f"Round {turn.round}  ·  {label}: {self.state.name(self.actor)}'s turn"
        text(screen, self.fonts.title, headline, (12, 10))
        status = pygame.Rect(0, self.bar_rect.bottom, self.map_rect.width, STATUS_HEIGHT)
        pygame.draw.rect(screen, palette.PANEL, status)
        hint = self.message or self._hint()
        text(screen, self.fonts.small, hint, (12, status.centery), palette.TEXT if self.message else palette.TEXT_DIM, "midleft")

    def _draw_bar(self, screen: pygame.Surface) -> None:
        """The action bar: numbered buttons for moves, stances and powers; used or blocked ones dimmed."""
        pygame.draw.rect(screen, (24, 25, 33), self.bar_rect)
        self.bar = []
        if not self.acting:
            return
        x = self.bar_rect.x + 8
        for number, choice in enumerate(self.bar_choices, start=1):
            label = f"{number} {choice.label}"
            width = self.fonts.small.size(label)[0] + 18
            rect = pygame.Rect(x, self.bar_rect.y + 6, width, BAR_HEIGHT - 12)
            if rect.right > self.bar_rect.right - 4:
                break
            chosen = choice.key == self.mode
            hot = self.hover is not None and rect.collidepoint(self.hover)
            fill = (70, 100, 150) if chosen else ((62, 68, 86) if hot else (44, 47, 60))
            pygame.draw.rect(screen, fill, rect, border_radius=5)
            edge = palette.SELECT if chosen else palette.PANEL_EDGE
            pygame.draw.rect(screen, edge, rect, 2 if chosen else 1, border_radius=5)
            colour = palette.TEXT if choice.blocked is None else palette.TEXT_DIM
            text(screen, self.fonts.small, label, rect.center, colour, "center")
            if choice.blocked is not None:   # crossed out: unusable now, readable without colour
                pygame.draw.line(screen, palette.TEXT_DIM, (rect.x + 6, rect.centery), (rect.right - 6, rect.centery))
            self.bar.append((rect, choice))
            x = rect.right + 6

    def _draw_prompt(self, screen: pygame.Surface) -> None:
        """Ask the controller of the creature an offer waits on: take it or let it pass."""
        offer = self.state.offer
        assert offer is not None
        attacker = offer.by
        marked = ((attacker, palette.TARGET),) + (((offer.against, palette.SELECT),) if offer.against is not None else ())
        for entity, colour in marked:
            pygame.draw.rect(screen, colour, self.view.square_rect(*self.state.space(entity)), 3)
        # At the top of the map, so the mover and the attacker stay in sight.
        box = pygame.Rect(0, 0, 560, 150)
        box.midtop = (self.map_rect.centerx, self.map_rect.top + 8)
        panel(screen, box)
        side = self.side_labels.get(self.state.side(attacker), self.state.side(attacker))
        title = {"opportunity": "Opportunity attack?", "readied": "Readied action?", "return": "Stop delaying?"}
        text(screen, self.fonts.title, f"{title.get(offer.kind, offer.power + '?')} ({side})", (box.x + 16, box.y + 12),
             palette.side_colour(self.state.side(attacker)))
        plan = offer_plan(self.state, offer)
        if isinstance(plan, AttackPlan):
            chance = (21 - plan.needed) * 5
            odds = f"{plan.profile.name}: hit on {plan.needed}+ ({chance}%)."
        else:
            odds = str(plan) if plan is not None else ""
        rule = {"opportunity": "One per turn (4e §25.13).", "return": "4e §25.9"}.get(offer.kind, "One immediate action per round (4e §3.3).")
        text(screen, self.fonts.small, f"{self.state.name(attacker)}: {describe_offer(self.state, offer)}.",
             (box.x + 16, box.y + 48))
        text(screen, self.fonts.small, f"{odds} {rule}".strip(), (box.x + 16, box.y + 68), palette.TEXT_DIM)
        take = pygame.Rect(box.x + 16, box.bottom - 52, 250, 40)
        let = pygame.Rect(box.right - 266, box.bottom - 52, 250, 40)
        self.prompt_buttons = {"yes": take, "no": let}
        for answer, rect in self.prompt_buttons.items():
            hot = self.hover is not None and rect.collidepoint(self.hover)
            button(screen, self.fonts.body, rect, "Take it  [Y]" if answer == "yes" else "Let it pass  [N]", hot)

    def _hint(self) -> str:
        forced = next_forced(self.state)
        if forced is not None:
            moved = len(self.forced_path) - 1
            return (f"{self.state.name(forced.by)}: {forced.kind} {self.state.name(forced.target)} up to {forced.squares} "
                    f"square{'s' if forced.squares != 1 else ''} ({moved} so far): click lit squares; Enter or a click on "
                    f"the target stops. 4e §22")
        if self.state.offer is not None:
            return "Take it (Y) or let it pass (N)."
        square = self._hover_square()
        if self.mode.startswith("teleport:"):
            power = teleport_power(self.state, self.actor, self.mode.split(":", 1)[1])
            reach = power.squares if power else 0
            return f"Teleport up to {reach} squares to a free square you can see (violet). No opportunity attacks. 4e §23"
        if self.mode.startswith("power:") and self._is_area_power():
            area = self._area_plan()
            if isinstance(area, Rejected):
                return f"Can't place it there: {area}"
            if isinstance(area, AreaPlan):
                caught = ", ".join(f"{self.state.name(t)} {(21 - p.needed) * 5}%"
                                   + ("" if self.state.are_enemies(self.actor, t) else " (ally!)") for t, p in area.targets)
                return f"{area.profile.name}: {caught}. Click to attack (one roll each, one damage roll)."
            return "Move the mouse to aim the area; creatures caught are outlined."
        if square is not None:
            occupant = self.state.occupant_at(square)
            if occupant in self.targets and self.selected == self.actor:
                plan = self.targets[occupant]
                chance = (21 - plan.needed) * 5
                mods = "".join(f", {m.value:+d} {m.reason}" for m in plan.modifiers)
                extra = f"; on a hit: {plan.profile.forced} {plan.profile.forced_squares}".replace(" 0", "") if plan.profile.forced else ""
                return (f"{plan.profile.name} vs {plan.profile.defense.upper() if plan.profile.defense == 'ac' else plan.profile.defense.title()} "
                        f"{plan.defense_value}: hit on {plan.needed}+ ({chance}%){mods}{extra}. Click to attack.")
            preview = self._walk_preview() if self.selected == self.actor else None
            if preview is not None:
                cost, speed = preview.cost, mode_speed(self.state, self.actor, self.mode)
                verb = self.mode.title()
                fall = f" Jumps down {preview.fall_ft} ft: a fall (1d10 per 10 ft, lands prone)." if preview.fall_ft else ""
                if preview.attackers:
                    names = ", ".join(self.state.name(e) for e in preview.attackers)
                    return f"{verb} here: {cost} squares; provokes opportunity attacks from {names} (marked !).{fall}"
                if cost > speed:
                    return f"Double move here: {cost} of {speed * 2} squares, using the move and standard actions.{fall}"
                return f"{verb} here: {cost} of {speed} squares.{fall} Click to move."
        if self.mode.startswith("power:"):
            return "Click an enemy marked in red to use the power."
        return "Click a lit square to move (hatched: double move), a marked enemy to attack; 1-9 pick actions. Enter ends the turn."

    def _draw_panel(self, screen: pygame.Surface) -> None:
        pygame.draw.rect(screen, palette.PANEL, self.panel_rect)
        pygame.draw.line(screen, palette.PANEL_EDGE, self.panel_rect.topleft, self.panel_rect.bottomleft, 2)
        x = self.panel_rect.x + 12
        y = self._draw_card(screen, x, 10)
        y = self._draw_initiative(screen, x, y + 8)
        log_rect = pygame.Rect(x, y + 8, PANEL_WIDTH - 24, self.end_turn_rect.top - y - 16)
        panel(screen, log_rect, (22, 22, 30))
        self.log.draw(screen, log_rect)
        hot = self.hover is not None and self.end_turn_rect.collidepoint(self.hover)
        button(screen, self.fonts.body, self.end_turn_rect, "End turn  [Enter]", hot)

    def _draw_card(self, screen: pygame.Surface, x: int, y: int) -> int:
        entity = self.selected if self.selected is not None else self.actor
        card = pygame.Rect(x, y, PANEL_WIDTH - 24, 196)
        panel(screen, card)
        stats = self.state.stats(entity)
        sprite = self.state.world.get(entity, Appearance).sprite
        screen.blit(self.portraits[sprite], (x + 8, y + 8))
        side = self.state.side(entity)
        text(screen, self.fonts.title, self.state.name(entity), (x + 80, y + 10))
        text(screen, self.fonts.small, self.side_labels.get(side, side), (x + 80, y + 38), palette.side_colour(side))
        hp = self.state.hp(entity)
        hp_bar(screen, pygame.Rect(x + 80, y + 56, card.width - 92, 14), hp, stats.max_hp)
        status = "OUT" if self.state.world.has(entity, OutOfFight) else ("BLOODIED" if hp <= stats.bloodied_value else "")
        conditions = ", ".join(self.state.conditions(entity).names)
        text(screen, self.fonts.small, f"HP {max(hp, 0)}/{stats.max_hp}  {status}  {conditions}".rstrip(), (x + 80, y + 74),
             palette.HP_BLOODIED if status else palette.TEXT)
        defenses = "  ".join(f"{label} {stats.defenses.value(key)}" for key, label in DEFENSE_LABELS)
        text(screen, self.fonts.small, f"{defenses}   Speed {stats.speed}", (x + 8, y + 96))
        line_y = y + 116
        for attack in [a for a in self.state.arsenal(entity).attacks if a.basic][:2]:
            reach = f"reach {attack.reach}" if attack.kind == "melee" else (
                f"range {attack.reach}/{attack.long_range}" if attack.long_range else f"range {attack.reach}")
            text(screen, self.fonts.small, f"{attack.name}: +{attack.bonus} vs {attack.defense.upper() if attack.defense == 'ac' else attack.defense.title()}, {attack.damage}, {reach}",
                 (x + 8, line_y), palette.TEXT_DIM)
            line_y += 18
        if entity == self.actor:
            budget = self.state.turn.actions
            pip_x = x + 8
            for label, available in ((STANDARD, budget.standard), (MOVE, budget.move), (MINOR, budget.minor)):
                rect = pygame.Rect(pip_x, y + 166, 92, 22)
                pygame.draw.rect(screen, (60, 120, 70) if available else (45, 45, 52), rect, border_radius=5)
                pygame.draw.rect(screen, palette.TEXT if available else palette.PANEL_EDGE, rect, 1, border_radius=5)
                text(screen, self.fonts.small, label.title() if available else f"{label.title()} used", rect.center,
                     palette.TEXT if available else palette.TEXT_DIM, "center")
                pip_x += 98
        return card.bottom

    def _draw_initiative(self, screen: pygame.Surface, x: int, y: int) -> int:
        text(screen, self.fonts.body, "Initiative", (x, y))
        y += 22
        for entity in self.state.turn.order:
            out = self.state.world.has(entity, OutOfFight)
            colour = palette.TEXT_DIM if out else palette.side_colour(self.state.side(entity))
            marker = ">" if entity == self.actor else " "
            hp = f"{max(self.state.hp(entity), 0)}/{self.state.stats(entity).max_hp}"
            text(screen, self.fonts.small, f"{marker} {self.state.name(entity)}", (x + 4, y), colour)
            text(screen, self.fonts.small, "out" if out else hp, (x + PANEL_WIDTH - 32, y), colour, "topright")
            if out:
                width = self.fonts.small.size(f"{marker} {self.state.name(entity)}")[0]
                pygame.draw.line(screen, palette.TEXT_DIM, (x + 14, y + 7), (x + 4 + width, y + 7))
            y += 18
        return y

    def _draw_victory(self, screen: pygame.Surface) -> None:
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        outcome = self.state.outcome
        assert outcome is not None
        box = pygame.Rect(0, 0, 520, 250)
        box.center = screen.get_rect().center
        panel(screen, box)
        label = self.side_labels.get(outcome.winner, outcome.winner)
        headline = f"{label} win!" if outcome.winner else "A draw"
        text(screen, self.fonts.huge, headline, (box.centerx, box.y + 60), palette.side_colour(outcome.winner), "center")
        text(screen, self.fonts.body, f"after {self.state.turn.round} rounds", (box.centerx, box.y + 108), palette.TEXT_DIM, "center")
        labels = {"play_again": "Play again  [R]", "menu": "Maps  [M]", "quit": "Quit  [Q]"}
        self.victory_buttons = {action: pygame.Rect(box.x + 20 + i * 164, box.bottom - 80, 152, 48)
                                for i, action in enumerate(labels)}
        for action, rect in self.victory_buttons.items():
            hot = self.hover is not None and rect.collidepoint(self.hover)
            button(screen, self.fonts.body, rect, labels[action], hot)



def _reach_tiles(cell: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The two movement overlay styles: one move (plain tint) and double move (hatched)."""
    one_move = pygame.Surface((cell, cell), pygame.SRCALPHA)
    one_move.fill(palette.REACH_FILL)
    double = pygame.Surface((cell, cell), pygame.SRCALPHA)
    double.fill(palette.DOUBLE_FILL)
    # Diagonal hatching marks double-move squares, so the two styles differ without colour too.
    for offset in range(-cell, cell, 8):
        pygame.draw.line(double, palette.DOUBLE_EDGE, (offset, cell), (offset + cell, 0), 1)
    return one_move, double


def _tint(cell: int, fill: tuple[int, ...]) -> pygame.Surface:
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(fill)
    return tile
