"""The battle screen: the map, units, overlays, HUD and log; clicks and keys become commands."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.actions.attack import AttackPlan, attack_targets
from game.actions.commands import Attack, Command, EndTurn, Move, Rejected
from game.actions.events import Event, TurnStarted
from game.actions.move import walk_blocker, walk_options, walking_speed
from game.content.roster import load_creatures, load_rosters
from game.core.movement import SearchResult
from game.ecs.components import Appearance, OutOfFight
from game.ecs.world import Entity
from game.input.intents import Click, Hover, Intent, Key, Scroll, pan_direction
from game.maps.loader import load_battlefield
from game.match import Match, new_match
from game.render import palette
from game.render.animation import FADE_TICKS, FLOAT_TICKS, Animator
from game.render.map_view import PAN_SPEED, MapView, load_sprites
from game.rulesets.dnd4e.economy import MINOR, MOVE, STANDARD
from game.rulesets.dnd4e.opportunity import WALK, provokers
from game.state import GameState
from game.ui.log_panel import LogPanel
from game.ui.narration import narrate
from game.ui.widgets import Fonts, button, hp_bar, panel, text

UNIT_ART = Path(__file__).resolve().parent.parent.parent / "assets" / "units"
PANEL_WIDTH = 330
BANNER_HEIGHT = 44
STATUS_HEIGHT = 26
DEFENSE_LABELS = (("ac", "AC"), ("fortitude", "Fort"), ("reflex", "Ref"), ("will", "Will"))


@dataclass(frozen=True)
class WalkPreview:
    """The hovered walk: its path and cost, the squares whose leaving provokes, and who would attack."""

    path: tuple[tuple[int, int], ...]
    cost: int
    provoking: tuple[tuple[int, int], ...]
    attackers: tuple[Entity, ...]


class BattleScene:
    def __init__(self, screen_size: tuple[int, int], map_path: Path, seed: int, fonts: Fonts) -> None:
        self.fonts = fonts
        self.map_path = map_path
        self.seed = seed
        battlefield = load_battlefield(map_path)
        creatures = load_creatures()
        rosters = load_rosters(creatures=creatures)
        self.match: Match = new_match(battlefield, rosters, creatures, seed)
        self.side_labels = {r.side: r.label for r in rosters}
        width, height = screen_size
        self.map_rect = pygame.Rect(0, BANNER_HEIGHT, width - PANEL_WIDTH, height - BANNER_HEIGHT - STATUS_HEIGHT)
        self.panel_rect = pygame.Rect(width - PANEL_WIDTH, 0, PANEL_WIDTH, height)
        self.end_turn_rect = pygame.Rect(self.panel_rect.x + 12, height - 52, PANEL_WIDTH - 24, 40)
        self.view = MapView(map_path, self.map_rect)
        sprite_names = [self.match.state.world.get(e, Appearance).sprite for e in self.state.creatures()]
        self.sprites = load_sprites(UNIT_ART, sprite_names, self.view.cell)
        self.portraits = load_sprites(UNIT_ART, sprite_names, 64)
        self.reach_tiles = _reach_tiles(self.view.cell)
        self.animator = Animator()
        self.log = LogPanel(fonts.small, PANEL_WIDTH - 40)
        self.hover: tuple[int, int] | None = None
        self.message = ""
        self.selected: Entity | None = None
        self.walk: SearchResult | None = None
        self.targets: dict[Entity, AttackPlan] = {}
        self.victory_buttons: dict[str, pygame.Rect] = {}
        self._preview_key: tuple[tuple[int, int], int] | None = None
        self._preview: WalkPreview | None = None
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

    def _turn_began(self) -> None:
        self.selected = self.actor
        self.view.centre_on(self.state.square(self.actor))
        self._refresh_options()

    def _refresh_options(self) -> None:
        """Recompute what the acting creature can do: the same rules the commands are checked with."""
        self.walk, self.targets = None, {}
        if self.state.outcome is not None:
            return
        if walk_blocker(self.state, self.actor) is None:
            self.walk = walk_options(self.state, self.actor)
        if self.state.turn.actions.standard:
            self.targets = attack_targets(self.state, self.actor)

    def _show_events(self, events: list[Event]) -> None:
        for event in events:
            line = narrate(event, self.state, self.side_labels)
            if line:
                self.log.add(line)
        self.animator.feed(events)

    def submit(self, command: Command) -> bool:
        result = self.match.submit(command)
        if isinstance(result, Rejected):
            self.message = f"Can't: {result}"
            return False
        self.message = ""
        self._show_events(result)
        if any(isinstance(e, TurnStarted) for e in result):
            self._turn_began()
        else:
            self._refresh_options()
        return True

    # Input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> str | None:
        """Act on one intent; returns "quit" or "play_again" when the scene should end."""
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
        if action == "cancel":
            self.selected, self.message = None, ""
        elif action == "end_turn":
            self.animator.skip()
            self.submit(EndTurn(self.actor))
        elif action == "cycle":
            self._cycle_selection()
        elif action == "skip":
            self.animator.skip()
        elif action == "centre":
            self.view.centre_on(self.state.square(self.selected or self.actor))
        elif action == "quit":
            return "quit"
        return None

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
        if click.button == 3:
            self.selected, self.message = None, ""
            return
        if self.end_turn_rect.collidepoint(click.pos):
            self.animator.skip()
            self.submit(EndTurn(self.actor))
            return
        square = self.view.square_at(click.pos)
        if square is None:
            return
        if self.animator.busy:
            self.animator.skip()
        occupant = self.state.occupant_at(square)
        if occupant is not None and occupant in self.targets and self.selected == self.actor:
            self.submit(Attack(self.actor, occupant, self.targets[occupant].profile.name))
        elif occupant is not None:
            self.selected = occupant
            if occupant != self.actor:
                self.message = f"It is {self.state.name(self.actor)}'s turn; showing {self.state.name(occupant)}."
            else:
                self.message = ""
        elif self.selected == self.actor and self.walk is not None and square in self.walk.endable:
            path = self.walk.path_to(square)
            if path is not None and len(path) > 1:
                self.submit(Move(self.actor, path))
        elif self.selected == self.actor:
            reason = walk_blocker(self.state, self.actor)
            self.message = f"Can't: {reason}" if reason else "Can't: that square is out of reach this move."
        else:
            self.selected = None

    def _handle_victory(self, intent: Intent) -> str | None:
        if isinstance(intent, Key) and intent.action in ("play_again", "quit"):
            return intent.action
        if isinstance(intent, Click):
            for action, rect in self.victory_buttons.items():
                if rect.collidepoint(intent.pos):
                    return action
        if isinstance(intent, Hover):
            self.hover = intent.pos
        return None

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
        acting = self.selected == self.actor and not self.animator.busy and self.state.outcome is None
        if acting:
            self._draw_reach(screen)
        self._draw_units(screen)
        if acting:
            self._draw_targets(screen)
            self._draw_path(screen)
        self._draw_floaters(screen)
        screen.set_clip(None)
        self._draw_banner(screen)
        self._draw_panel(screen)
        if self.state.outcome is not None and not self.animator.busy:
            self._draw_victory(screen)

    def _hover_square(self) -> tuple[int, int] | None:
        return self.view.square_at(self.hover) if self.hover else None

    def _draw_reach(self, screen: pygame.Surface) -> None:
        if self.walk is None:
            return
        one_move, double = self.reach_tiles
        speed = walking_speed(self.state, self.actor)
        for square in self.walk.endable:
            rect = self.view.square_rect(square)
            if self.walk.cost[square] <= speed:
                screen.blit(one_move, rect)
                pygame.draw.rect(screen, palette.REACH_EDGE, rect.inflate(-4, -4), 1)
            else:
                screen.blit(double, rect)

    def _walk_preview(self) -> WalkPreview | None:
        """The walk to the hovered square and what it provokes; recomputed only when either changes."""
        square = self._hover_square()
        if self.walk is None or square is None or square not in self.walk.endable or square == self.walk.start:
            return None
        key = (square, len(self.match.record))
        if key != self._preview_key:
            path = self.walk.path_to(square) or ()
            used = self.state.turn.opportunity_used
            provoking: list[tuple[int, int]] = []
            attackers: list[Entity] = []
            for a, b in zip(path, path[1:]):
                fresh = [e for e in provokers(self.state, self.actor, (a, b), WALK) if e not in used and e not in attackers]
                if fresh:
                    provoking.append(a)
                    attackers.extend(fresh)
            self._preview_key = key
            self._preview = WalkPreview(path, self.walk.cost[square], tuple(provoking), tuple(attackers))
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
        cost = preview.cost
        rect = self.view.square_rect(square)
        label = self.fonts.body.render(str(cost), True, (20, 20, 20))
        badge = label.get_rect(center=(rect.right - 4, rect.top + 4)).inflate(10, 4)
        pygame.draw.rect(screen, palette.PATH, badge, border_radius=8)
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
            sprite = self.sprites[self.state.world.get(entity, Appearance).sprite]
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
        side = self.state.side(self.actor)
        colour = palette.side_colour(side)
        pygame.draw.rect(screen, (colour[0] // 3, colour[1] // 3, colour[2] // 3), rect)
        pygame.draw.rect(screen, colour, (0, BANNER_HEIGHT - 4, rect.width, 4))
        turn = self.state.turn
        label = self.side_labels.get(side, side)
        headline = f"Round {turn.round}  ·  {label}: {self.state.name(self.actor)}'s turn"
        text(screen, self.fonts.title, headline, (12, 10))
        status = pygame.Rect(0, self.map_rect.bottom, self.map_rect.width, STATUS_HEIGHT)
        pygame.draw.rect(screen, palette.PANEL, status)
        hint = self.message or self._hint()
        text(screen, self.fonts.small, hint, (12, status.centery), palette.TEXT if self.message else palette.TEXT_DIM, "midleft")

    def _hint(self) -> str:
        square = self._hover_square()
        if square is not None:
            occupant = self.state.occupant_at(square)
            if occupant in self.targets and self.selected == self.actor:
                plan = self.targets[occupant]
                chance = (21 - plan.needed) * 5
                mods = "".join(f", {m.value:+d} {m.reason}" for m in plan.modifiers)
                return (f"{plan.profile.name} vs {plan.profile.defense.upper() if plan.profile.defense == 'ac' else plan.profile.defense.title()} "
                        f"{plan.defense_value}: hit on {plan.needed}+ ({chance}%){mods}. Click to attack.")
            preview = self._walk_preview() if self.selected == self.actor else None
            if preview is not None:
                cost, speed = preview.cost, walking_speed(self.state, self.actor)
                if preview.attackers:
                    names = ", ".join(self.state.name(e) for e in preview.attackers)
                    return f"Walk here: {cost} squares; provokes opportunity attacks from {names} (marked !). Click to move."
                if cost > speed:
                    return f"Double move here: {cost} of {speed * 2} squares, using the move and standard actions. Click to move."
                return f"Walk here: {cost} of {speed} squares. Click to move."
        return "Click a lit square to walk (hatched: double move), a marked enemy to attack. Enter ends the turn, Tab cycles, Esc cancels."

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
        text(screen, self.fonts.small, f"HP {max(hp, 0)}/{stats.max_hp}  {status}", (x + 80, y + 74),
             palette.HP_BLOODIED if status else palette.TEXT)
        defenses = "  ".join(f"{label} {stats.defenses.value(key)}" for key, label in DEFENSE_LABELS)
        text(screen, self.fonts.small, f"{defenses}   Speed {stats.speed}", (x + 8, y + 96))
        line_y = y + 116
        for attack in self.state.arsenal(entity).attacks:
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
        again = pygame.Rect(box.x + 40, box.bottom - 80, 200, 48)
        leave = pygame.Rect(box.right - 240, box.bottom - 80, 200, 48)
        self.victory_buttons = {"play_again": again, "quit": leave}
        for action, rect in self.victory_buttons.items():
            hot = self.hover is not None and rect.collidepoint(self.hover)
            button(screen, self.fonts.body, rect, "Play again  [R]" if action == "play_again" else "Quit  [Q]", hot)



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
