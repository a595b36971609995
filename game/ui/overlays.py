"""What the battle screen draws on the map: zones, the lit squares of the chosen move or power, paths,
targets, the units with their condition badges, and the floating numbers.

A mixin of BattleScene: it reads what the scene worked out from the rules (the walk options, targets,
charge paths, drag squares, forced-movement squares) and only draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.actions.attack import AreaPlan
from game.actions.move import mode_speed
from game.actions.zones import zones
from game.core.grid import Square
from game.ecs.components import Appearance, Health, OutOfFight
from game.ecs.world import Entity
from game.render import palette
from game.render.animation import FADE_TICKS, FLOAT_TICKS
from game.rulesets.dnd4e.opportunity import provokers
from game.ui import hud
from game.ui.widgets import hp_bar, text


@dataclass(frozen=True)
class WalkPreview:
    """The hovered move: its path and cost, the squares whose leaving provokes, who would attack,
    and the height of the fall at its end (0: none)."""

    path: tuple[Square, ...]
    cost: int
    provoking: tuple[Square, ...]
    attackers: tuple[Entity, ...]
    fall_ft: int


class MapOverlays:
    """The map layer of the battle screen (see BattleScene for the attributes it reads)."""

    def _draw_zones(self, screen: pygame.Surface) -> None:
        """Zones in play: a dark hatched veil over their squares and their name, so the obscured squares show."""
        for zone in zones(self.state):
            for square in zone.squares:
                screen.blit(self.zone_tile, self.view.square_rect(square))
            # Its name on a tab above the top edge, where creatures inside do not hide it.
            xs = [s[0] for s in zone.squares]
            top = min(s[1] for s in zone.squares)
            edge = self.view.square_rect(((min(xs) + max(xs)) // 2, top))
            label = f"{zone.source} ({self.state.name(zone.owner)})"
            words = self.fonts.small.render(label, True, palette.TEXT)
            place = words.get_rect(midbottom=(edge.centerx, edge.top - 2))
            pygame.draw.rect(screen, (20, 20, 28), place.inflate(8, 4), border_radius=4)
            pygame.draw.rect(screen, palette.ZONE_EDGE, place.inflate(8, 4), 1, border_radius=4)
            screen.blit(words, place)

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

    def _draw_drags(self, screen: pygame.Surface) -> None:
        one_move, _ = self.reach_tiles
        for square in self.drags:
            cell = self.view.square_rect(square)
            screen.blit(one_move, cell)
            pygame.draw.rect(screen, palette.REACH_EDGE, cell.inflate(-4, -4), 1)

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
            if not self.state.are_enemies(self.actor, target) and area.profile.attacks:
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
        self._draw_line(screen, path)
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

    def _draw_line(self, screen: pygame.Surface, path: tuple[Square, ...]) -> None:
        points = [self.view.square_rect(s).center for s in path]
        pygame.draw.lines(screen, palette.PATH, False, points, 3)
        for point in points[1:]:
            pygame.draw.circle(screen, palette.PATH, point, 4)

    def _draw_charge(self, screen: pygame.Surface) -> None:
        """The charge at the hovered enemy: the path to the square it attacks from."""
        square = self._hover_square()
        target = self.state.occupant_at(square) if square is not None else None
        path = self.charges.get(target) if target is not None else None
        if path and len(path) > 1:
            self._draw_line(screen, path)
            pygame.draw.rect(screen, palette.PATH, self.view.square_rect(path[-1]), 2)

    def _draw_targets(self, screen: pygame.Surface) -> None:
        for target in self.targets:
            rect = self.view.square_rect(*self.state.space(target))
            pygame.draw.rect(screen, palette.TARGET, rect, 3)
            for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
                pygame.draw.circle(screen, palette.TARGET, corner, 4)
        for friend in self.friends:   # green outline with a "+" in the corner: readable without colour
            rect = self.view.square_rect(*self.state.space(friend))
            pygame.draw.rect(screen, palette.HEAL_EDGE, rect, 3)
            text(screen, self.fonts.title, "+", (rect.right - 2, rect.top - 4), palette.HEAL_EDGE, "topright")

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
            if not self.state.conscious(entity):
                # Dying or knocked out: lying down, greyed, still on the battlefield (4e §27).
                image = pygame.transform.rotate(sprite, 90)
                image.fill((150, 150, 160, 255), special_flags=pygame.BLEND_RGBA_MULT)
            if self.animator.flashing(entity):
                image = image.copy()
                image.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
            screen.blit(image, (x, y))
            if entity == self.actor and self.state.outcome is None:
                pulse = 2 + (self.ticks // 10) % 2
                pygame.draw.rect(screen, palette.SELECT, (x, y, size, size), pulse)
            elif entity == self.selected:
                pygame.draw.rect(screen, palette.SELECT, (x + 1, y + 1, size - 2, size - 2), 1)
            health = self.state.world.get(entity, Health)
            hp_bar(screen, pygame.Rect(x + 2, y - 5, size - 4, 5), health.hp, self.state.stats(entity).max_hp, health.temp)
            hud.draw_badges(screen, self.fonts.badge, self.state, entity, pygame.Rect(x, y, size, size))

    def _draw_floaters(self, screen: pygame.Surface) -> None:
        stacked: dict[Entity, int] = {}
        for floater in self.animator.floaters:
            square, side = self.state.space(floater.entity)
            rect = self.view.square_rect(square, side)
            rise = floater.tick * 30 // FLOAT_TICKS
            line = stacked.get(floater.entity, 0)
            stacked[floater.entity] = line + 1
            image = self.fonts.body.render(floater.text, True, floater.colour)
            outline = self.fonts.body.render(floater.text, True, (0, 0, 0))
            centre = (rect.centerx, rect.top - rise - 18 * line)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                screen.blit(outline, outline.get_rect(center=(centre[0] + dx, centre[1] + dy)))
            screen.blit(image, image.get_rect(center=centre))


def reach_tiles(cell: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The two movement overlay styles: one move (plain tint) and double move (hatched)."""
    one_move = pygame.Surface((cell, cell), pygame.SRCALPHA)
    one_move.fill(palette.REACH_FILL)
    double = pygame.Surface((cell, cell), pygame.SRCALPHA)
    double.fill(palette.DOUBLE_FILL)
    # Diagonal hatching marks double-move squares, so the two styles differ without colour too.
    for offset in range(-cell, cell, 8):
        pygame.draw.line(double, palette.DOUBLE_EDGE, (offset, cell), (offset + cell, 0), 1)
    return one_move, double


def zone_tile(cell: int) -> pygame.Surface:
    """A zone's squares: darkened, with cross-hatching (obscured, readable without colour)."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(palette.ZONE_FILL)
    for offset in range(-cell, cell, 10):
        pygame.draw.line(tile, (*palette.ZONE_EDGE, 90), (offset, cell), (offset + cell, 0), 1)
        pygame.draw.line(tile, (*palette.ZONE_EDGE, 90), (offset, 0), (offset + cell, cell), 1)
    return tile


def tint(cell: int, fill: tuple[int, ...]) -> pygame.Surface:
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill(fill)
    return tile
