"""What the battle screen draws on the map: zones, the lit squares of the chosen move or power, paths,
targets, the units with their condition badges, and the floating numbers.

A mixin of BattleScene: it reads what the scene worked out from the rules (the walk options, targets,
charge paths, drag squares, forced-movement squares) and only draws.

Nothing here is worked out or drawn from scratch every frame unless it moves: the lit squares and the
creatures standing still are painted into the board (a copy of the map, game.render.layers.Board) when
the state or the pick changes; each creature's picture (shadow, sprite, hit points, badges) is drawn once
per look; a hovered path once per square. A frame copies those and draws on top only what must be on
top: the framed (acting or selected) creature, walking ones, the target marks, the path, floating words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass

import pygame

from game.core.grid import Square
from game.ecs.components import Appearance, OutOfFight
from game.ecs.world import Entity
from game.engine.controls import AreaShown, CoverLines, WalkPreview, ZoneShown, cover_lines_shown
from game.engine.cues import FALL_COLOUR
from game.i18n import _, name
from game.render import palette
from game.render.animation import FADE_TICKS, FLASH_TICKS, FLOAT_TICKS
from game.render.layers import Board, union
from game.ui import hud
from game.ui.map_art import PATH_DOT, dashed_line, sparse
from game.ui.widgets import clear_place, hp_bar, rendered, text


@dataclass(frozen=True)
class UnitLook:
    """Everything a standing (or lying) creature's picture shows: one token is drawn per look."""

    sprite: str
    side: int                              # squares on a side
    team: tuple[int, int, int]
    conscious: bool
    hp: int
    max_hp: int
    temp: int
    badges: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Token:
    """A creature's picture: ``under`` (shadow and sprite), ``over`` (hit points and badges) and both
    together, each with the space's top-left at ``origin``."""

    under: pygame.Surface
    over: pygame.Surface
    both: pygame.Surface
    origin: tuple[int, int]


@dataclass(frozen=True)
class UnitShown:
    """A creature as the map layer draws it, worked out once per state."""

    entity: Entity
    square: Square
    side: int
    out: bool                              # out of the fight: drawn lying and fading
    look: UnitLook
    token: Token                           # its picture when not flashing


TOKEN_MARGIN = (3, 7)           # room around a space for the hit point bar above it and badges overhanging it
TOKEN_CACHE_LIMIT = 512
MARKER_MARGIN = 5               # room around a space for the target marker's corner dots
PATH_CACHE_LIMIT = 256          # hovered paths kept as pictures for the move shown
FLOATER_LINE = 18               # pixels between floating words stacked over one creature
TAB_MARGIN = (8, 4)             # a name tab's padding around its words


if TYPE_CHECKING:                    # the scene's members, for the type checker (game.ui.scene_parts)
    from game.ui.scene_parts import ScenePart
else:
    ScenePart = object


class MapOverlays(ScenePart):
    """The map layer of the battle screen (see BattleScene for the attributes it reads)."""

    _board: Board                  # the map picture kept around the view (game.render.layers)

    def _map_rect(self, square: Square) -> pygame.Rect:
        """A square in the board's pixels (map pixels less the board's origin)."""
        cell = self.view.cell
        left, top = self._board.origin
        return pygame.Rect(square[0] * cell - left, square[1] * cell - top, cell, cell)

    # The board: overlays painted once per change into the map picture --------------------------------
    def _paint_board(self, surface: pygame.Surface, lit: bool, units: bool) -> list[pygame.Rect]:
        """In map pixels, in the order the screen stacks them: the lit squares of the move, teleport, push
        or drag (``lit``), then the creatures that stand still (``units``). Returns what it covered."""
        touched: list[pygame.Rect] = []
        if lit:
            touched += self._paint_reach(surface)
            touched += self._paint_tinted(surface, self.teleports, palette.TELEPORT_FILL, palette.TELEPORT_EDGE)
            touched += self._paint_tinted(surface, self.push_squares, palette.FORCED_FILL, palette.FORCED_EDGE)
            touched += self._paint_drags(surface)
        if units:
            touched += self._paint_units(surface)
        return touched

    def _paint_units(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The creatures drawn into the board: all but the framed ones and those stacked over them."""
        baked = self._units_split()[0]
        cell = self.view.cell
        left, top = self._board.origin
        placed = []
        board = surface.get_rect().inflate(4 * cell, 4 * cell)   # a picture may reach beyond its squares
        for unit in baked:
            x, y = unit.square[0] * cell - left, unit.square[1] * cell - top
            if not board.collidepoint(x, y):
                continue
            if unit.out:
                body = self._lying(unit.look.sprite, unit.side, self.animator.fading.get(unit.entity, FADE_TICKS))
                placed.append((body, (x, y)))
            else:
                placed.append((unit.token.both, (x - unit.token.origin[0], y - unit.token.origin[1])))
        surface.fblits(placed)
        return union([image.get_rect(topleft=at) for image, at in placed])

    def _units_split(self) -> tuple[list[UnitShown], list[UnitShown]]:
        """The creatures a still board holds, and those drawn every frame on top of it: the acting
        creature (its frame pulses) and the selected one, with every later creature whose picture
        overlaps one of those, so that each picture still lies over the ones before it."""
        actor = self.actor if self.state.outcome is None else None
        key = (self._version, actor, self.selected)
        if key != self._split_key:
            cell = self.view.cell
            mx, my = TOKEN_MARGIN
            baked: list[UnitShown] = []
            live: list[UnitShown] = []
            covered: list[pygame.Rect] = []
            for unit in self._units_shown():
                size = cell * unit.side
                area = pygame.Rect(unit.square[0] * cell - mx, unit.square[1] * cell - my, size + 2 * mx, size + 2 * my)
                if unit.entity in (actor, self.selected) or area.collidelist(covered) >= 0:
                    live.append(unit)
                    covered.append(area)
                else:
                    baked.append(unit)
            self._split_key, self._split = key, (baked, live)
        return self._split

    def _reach_speed(self) -> int:
        """How far one move goes (squares beyond it are hatched: a double move)."""
        return self.controls.reach_speed()

    def _paint_reach(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if self.walk is None:
            return []
        one_move, double = self.reach_tiles
        speed = self._reach_speed()
        battlefield = self.state.battlefield
        board = surface.get_rect()
        cells = []
        for square in self.walk.endable:
            cell = self._map_rect(square)
            if not board.colliderect(cell):             # the board holds a window of the map
                continue
            if self.walk.cost[square] <= speed:
                surface.blit(one_move, cell)
                pygame.draw.rect(surface, palette.REACH_EDGE, cell.inflate(-4, -4), 1)
            else:
                surface.blit(double, cell)
            if square in self.walk.falls:
                self._draw_drop_mark(surface, cell)
            if battlefield.at(square).difficult:
                self._draw_difficult_mark(surface, cell)
            cells.append(cell)
        return union(cells)

    def _paint_drags(self, surface: pygame.Surface) -> list[pygame.Rect]:
        one_move = self.reach_tiles[0]
        cells = []
        for square in self.drags:
            cell = self._map_rect(square)
            surface.blit(one_move, cell)
            pygame.draw.rect(surface, palette.REACH_EDGE, cell.inflate(-4, -4), 1)
            cells.append(cell)
        return union(cells)

    def _paint_tinted(self, surface: pygame.Surface, squares: list[Square], fill: tuple[int, ...],
                      edge: tuple[int, int, int]) -> list[pygame.Rect]:
        tile = self.tints[fill]
        cells = []
        for square in squares:
            rect = self._map_rect(square)
            surface.blit(tile, rect)
            pygame.draw.rect(surface, edge, rect.inflate(-6, -6), 1)
            cells.append(rect)
        return union(cells)

    # Drawn every frame, on the screen ------------------------------------------------------------------
    def _zones_shown(self) -> list[ZoneShown]:
        """The zones in play, as the ruleset's controls name them."""
        return self.controls.zones_shown()

    def _draw_zones(self, screen: pygame.Surface) -> None:
        """Zones in play: a dark hatched veil over their squares (magical darkness nearly black), drawn under
        the creatures so the obscured squares show; their names come after the creatures (``_draw_zone_names``)."""
        for zone in self._zones_shown():
            tile = self.glow_tiles[zone.glow] if zone.glow else self.darkness_tile if zone.dark else self.zone_tile
            for square in zone.squares:
                screen.blit(tile, self.view.square_rect(square))

    def _draw_zone_names(self, screen: pygame.Surface) -> None:
        """Each zone's name on a tab over the creatures: above the zone's top edge, or below its bottom edge when
        a creature or an earlier tab is in the way above (a grenade aimed one square from where it landed),
        so no name hides a creature and no two names overlap."""
        taken = [self.view.square_rect(*self.state.space(e)) for e in self.state.standing()]
        for zone in self._zones_shown():
            xs = [s[0] for s in zone.squares]
            middle = (min(xs) + max(xs)) // 2
            words = rendered(self.fonts.small, zone.label, palette.TEXT)
            top = self.view.square_rect((middle, min(s[1] for s in zone.squares)))
            bottom = self.view.square_rect((middle, max(s[1] for s in zone.squares)))
            above = words.get_rect(midbottom=(top.centerx, top.top - 2))
            below = words.get_rect(midtop=(bottom.centerx, bottom.bottom + 2))
            place = clear_place((above, below), taken, TAB_MARGIN)
            tab = place.inflate(*TAB_MARGIN)
            pygame.draw.rect(screen, (20, 20, 28), tab, border_radius=4)
            pygame.draw.rect(screen, palette.ZONE_EDGE, tab, 1, border_radius=4)
            screen.blit(words, place)
            taken.append(tab)

    @staticmethod
    def _draw_difficult_mark(screen: pygame.Surface, cell: pygame.Rect) -> None:
        """Difficult terrain in reach (each square costs 2, 4e §18): a small wave in the bottom-left corner."""
        x, y = cell.x + 4, cell.bottom - 6
        points = [(x + i * 3, y - (2 if i % 2 else 0)) for i in range(5)]
        pygame.draw.lines(screen, (0, 0, 0), False, points, 3)
        pygame.draw.lines(screen, palette.REACH_EDGE, False, points, 1)

    @staticmethod
    def _draw_drop_mark(screen: pygame.Surface, cell: pygame.Rect) -> None:
        """A drop to fall down: a downward chevron, readable without colour."""
        x, y = cell.center
        pygame.draw.lines(screen, palette.FALL_MARK, False, [(x - 7, y - 3), (x, y + 4), (x + 7, y - 3)], 3)

    def _draw_tinted(self, screen: pygame.Surface, squares: list[Square] | tuple[Square, ...], fill: tuple[int, ...],
                     edge: tuple[int, int, int]) -> None:
        tile = self.tints[fill]
        for square in squares:
            rect = self.view.square_rect(square)
            screen.blit(tile, rect)
            pygame.draw.rect(screen, edge, rect.inflate(-6, -6), 1)

    def _draw_area(self, screen: pygame.Surface) -> None:
        if self.wall or self.wall_next:
            # A wall being laid (§5.6): its squares so far, and the ones that may come next.
            self._draw_tinted(screen, list(self.wall), palette.AREA_FILL, palette.AREA_EDGE)
            self._draw_tinted(screen, self.wall_next, palette.FORCED_FILL, palette.FORCED_EDGE)
            return
        area = self._area_shown()
        if area is not None:
            self._draw_tinted(screen, area.squares, palette.AREA_FILL, palette.AREA_EDGE)

    def _draw_area_marks(self, screen: pygame.Surface) -> None:
        """Over the creatures: the template's outer edge, and each creature caught outlined (red: an enemy;
        white, with "ally!" when the area harms: an ally)."""
        area = self._area_shown()
        if area is None:
            return
        self._draw_outline(screen, area.squares)
        for target in area.caught:
            rect = self.view.square_rect(*self.state.space(target))
            colour = palette.TARGET if self.state.are_enemies(self.actor, target) else palette.SELECT
            pygame.draw.rect(screen, colour, rect, 3)
            if not self.state.are_enemies(self.actor, target) and area.harms:
                text(screen, self.fonts.body, _("ally!"), (rect.centerx, rect.top - 2), palette.SELECT, "midbottom")

    def _area_shown(self) -> AreaShown | None:
        """The area template under the mouse, as the ruleset's controls place it."""
        return self.controls.area_shown()

    def _draw_outline(self, screen: pygame.Surface, squares: tuple[Square, ...]) -> None:
        """The template's outer edge: a thick line, over a black one, along every side of a square in it whose
        neighbour is not, so its shape reads at a glance and without colour."""
        inside = set(squares)
        cell = self.view.cell
        for square in squares:
            rect = self.view.square_rect(square)
            x, y = square
            for (dx, dy), start, end in (((0, -1), rect.topleft, (rect.right - 1, rect.top)),
                                         ((0, 1), (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1)),
                                         ((-1, 0), rect.topleft, (rect.left, rect.bottom - 1)),
                                         ((1, 0), (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1))):
                if (x + dx, y + dy) not in inside:
                    pygame.draw.line(screen, (0, 0, 0), start, end, max(3, cell // 10))
                    pygame.draw.line(screen, palette.AREA_EDGE, start, end, max(1, cell // 20))

    def _draw_forced(self, screen: pygame.Surface) -> None:
        if not self.forced_path:          # the computer places this one: nothing picked to show
            return
        self._draw_tinted(screen, self.forced_next, palette.FORCED_FILL, palette.FORCED_EDGE)
        for square in self.forced_drops:
            self._draw_drop_mark(screen, self.view.square_rect(square))
        if len(self.forced_path) > 1:
            points = [self.view.square_rect(s).center for s in self.forced_path]
            pygame.draw.lines(screen, palette.FORCED_EDGE, False, points, 3)
        end = self.view.square_rect(self.forced_path[-1])
        pygame.draw.rect(screen, palette.FORCED_EDGE, end, 3)

    def _walk_preview(self) -> WalkPreview | None:
        """The move to the hovered square and what it provokes, as the ruleset's controls work it out (once
        per square); the pictures of the paths drawn are kept as long as the move's options stand."""
        key = (self.walk, self.mode, len(self.match.record), self._version)
        if key != self._pictures_key:
            self._pictures_key, self._path_pictures = key, {}
        return self.controls.walk_preview()

    def _draw_path(self, screen: pygame.Surface) -> None:
        """The hovered move: drawn once per hovered square into a picture, then copied every frame."""
        preview = self._walk_preview()
        if preview is None or len(preview.path) < 2:
            return
        picture = self._path_pictures.get(preview.path[-1])
        if picture is None:
            if len(self._path_pictures) >= PATH_CACHE_LIMIT:
                self._path_pictures.clear()
            picture = self._path_pictures[preview.path[-1]] = self._path_picture(preview)
        image, (x, y), marks = picture
        ox, oy = self.view.origin()
        screen.blit(image, (ox + x, oy + y))
        if marks:
            mark = rendered(self.fonts.body, "!", palette.TARGET)
            screen.fblits([(mark, (ox + mx, oy + my)) for mx, my in marks])

    def _path_picture(self, preview: WalkPreview) -> tuple[pygame.Surface, tuple[int, int], list[tuple[int, int]]]:
        """The path line, the rings on squares whose leaving provokes and the cost badge, on a
        transparent picture; returns it, where its top-left goes and where each ring's "!" goes, in
        map pixels. The "!"s are drawn over it every frame (their soft edges blend with what lies
        under them), unless the badge overlaps one: then they go into the picture, under the badge."""
        cell = self.view.cell
        half = cell // 2
        path, square = preview.path, preview.path[-1]
        centres = {s: (s[0] * cell + half, s[1] * cell + half) for s in path}
        badge_text = name(self._path_cost(preview)) + (_("  fall {feet} ft").format(feet=preview.fall_ft) if preview.fall_ft else "")
        label = rendered(self.fonts.body, badge_text, (20, 20, 20))
        badge = label.get_rect(center=(square[0] * cell + cell - 4, square[1] * cell + 4)).inflate(10, 4)
        ring = cell // 3
        mark = rendered(self.fonts.body, "!", palette.TARGET)
        marks = [mark.get_rect(center=centres[step]) for step in preview.provoking]
        parts = [pygame.Rect(x - PATH_DOT - 2, y - PATH_DOT - 2, 2 * PATH_DOT + 5, 2 * PATH_DOT + 5)
                 for x, y in centres.values()]
        for step in preview.provoking:
            x, y = centres[step]
            parts.append(pygame.Rect(x - ring - 2, y - ring - 2, 2 * ring + 5, 2 * ring + 5))
        parts += marks + [badge]
        bounds = parts[0].unionall(parts[1:])
        bx, by = bounds.topleft
        image = pygame.Surface(bounds.size, pygame.SRCALPHA)
        points = [(x - bx, y - by) for x, y in (centres[s] for s in path)]
        pygame.draw.lines(image, palette.PATH, False, points, 3)
        image.fblits([(self._path_dot, (x - PATH_DOT, y - PATH_DOT)) for x, y in points[1:]])
        # Squares whose leaving provokes an opportunity attack: a red ring and "!" (readable without colour).
        inside = badge.collidelist(marks) >= 0
        for step, place in zip(preview.provoking, marks, strict=True):
            pygame.draw.circle(image, palette.TARGET, (centres[step][0] - bx, centres[step][1] - by), ring, 3)
            if inside:
                image.blit(mark, place.move(-bx, -by))
        badge.move_ip(-bx, -by)
        pygame.draw.rect(image, palette.FALL_MARK if preview.fall_ft else palette.PATH, badge, border_radius=8)
        image.blit(label, label.get_rect(center=badge.center))
        if inside:
            return image, (bx, by), []
        return sparse(image), (bx, by), [place.topleft for place in marks]

    def _path_cost(self, preview: WalkPreview) -> str:
        """The hovered path's cost on its badge, in the ruleset's words."""
        return self.controls.path_cost(preview)

    def _draw_line(self, screen: pygame.Surface, path: tuple[Square, ...]) -> None:
        ox, oy = self.view.origin()
        cell = self.view.cell
        half = cell // 2
        points = [(ox + x * cell + half, oy + y * cell + half) for x, y in path]
        pygame.draw.lines(screen, palette.PATH, False, points, 3)
        dot = self._path_dot
        screen.fblits([(dot, (x - PATH_DOT, y - PATH_DOT)) for x, y in points[1:]])

    def _draw_charge(self, screen: pygame.Surface) -> None:
        """The charge at the hovered enemy: the path to the square it attacks from."""
        if not self.charges:
            return
        target = self._occupant(self._hover_square())
        path = self.charges.get(target) if target is not None else None
        if path and len(path) > 1:
            self._draw_line(screen, path)
            pygame.draw.rect(screen, palette.PATH, self.view.square_rect(path[-1]), 2)

    def _draw_cover_lines(self, screen: pygame.Surface) -> None:
        """With the cover-lines toggle on, aiming at a target: the four lines §14 counted, clear ones solid
        (green), blocked ones dashed (red), so they read without colour."""
        if not self.show_cover_lines:
            return
        target = self._occupant(self._hover_square())
        if target is None or target not in self.targets:
            return
        lines = self._cover_lines(target)
        if lines is None:
            return
        ox, oy = self.view.origin()
        cell = self.view.cell
        start = (ox + lines.corner[0] * cell, oy + lines.corner[1] * cell)
        sx, sy = lines.square
        ends = ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))
        for (ex, ey), blocked in zip(ends, lines.blocked, strict=True):
            end = (ox + ex * cell, oy + ey * cell)
            if blocked:
                dashed_line(screen, palette.COVER_BLOCKED, start, end, 3)
            else:
                pygame.draw.line(screen, (0, 0, 0), start, end, 4)
                pygame.draw.line(screen, palette.COVER_CLEAR, start, end, 2)
        pygame.draw.circle(screen, (0, 0, 0), start, 6)
        pygame.draw.circle(screen, palette.SELECT, start, 4)

    def _cover_lines(self, target: Entity) -> CoverLines | None:
        """cover_lines_shown for the hovered target, worked out once per target and state."""
        key = (self._version, self.actor, target)
        if key != self._cover_key:
            self._cover_key, self._cover_shown = key, cover_lines_shown(self.state, self.actor, target)
        return self._cover_shown

    def _draw_targets(self, screen: pygame.Surface) -> None:
        key = (self._version, self.targets, self.friends)
        if key != self._marks_key:
            space = self.state.space
            self._marks_key = key
            self._marks = ([space(t) for t in self.targets], [space(f) for f in self.friends])
        targets, friends = self._marks
        ox, oy = self.view.origin()
        cell = self.view.cell
        screen.fblits([(self._target_marker(side), (ox + x * cell - MARKER_MARGIN, oy + y * cell - MARKER_MARGIN))
                       for (x, y), side in targets])
        for top_left, side in friends:   # green outline with a "+" in the corner: readable without colour
            rect = self.view.square_rect(top_left, side)
            pygame.draw.rect(screen, palette.HEAL_EDGE, rect, 3)
            text(screen, self.fonts.title, "+", (rect.right - 2, rect.top - 4), palette.HEAL_EDGE, "topright")

    def _target_marker(self, side: int) -> pygame.Surface:
        """A red frame with a dot on each corner, around a space ``side`` squares across."""
        marker = self._markers.get(side)
        if marker is None:
            size = self.view.cell * side
            marker = pygame.Surface((size + 2 * MARKER_MARGIN, size + 2 * MARKER_MARGIN), pygame.SRCALPHA)
            rect = pygame.Rect(MARKER_MARGIN, MARKER_MARGIN, size, size)
            pygame.draw.rect(marker, palette.TARGET, rect, 3)
            for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
                pygame.draw.circle(marker, palette.TARGET, corner, 4)
            self._markers[side] = marker = sparse(marker)
        return marker

    # Creatures -----------------------------------------------------------------------------------------
    def _units_shown(self) -> list[UnitShown]:
        """Every creature as drawn now, with its picture: worked out once per state."""
        if self._units_key != self._version:
            state = self.state
            world = state.world
            shown = []
            occupants: dict[Square, Entity] = {}
            for entity in state.creatures():
                square, side = state.space(entity)
                hp, max_hp, temp = self.rules.hit_points(state, entity)
                out = world.has(entity, OutOfFight)
                look = UnitLook(world.get(entity, Appearance).sprite, side, palette.side_colour(state.side(entity)),
                                state.conscious(entity), hp, max_hp, temp, self.rules.badges(state, entity))
                shown.append(UnitShown(entity, square, side, out, look, self._token(look, False)))
                if not out:
                    for dy in range(side):
                        for dx in range(side):
                            occupants.setdefault((square[0] + dx, square[1] + dy), entity)
            self._units_key, self._units, self._occupants = self._version, shown, occupants
        return self._units

    def _occupant(self, square: Square | None) -> Entity | None:
        """state.occupant_at, answered from a table made once per state."""
        if square is None:
            return None
        self._units_shown()
        return self._occupants.get(square)

    def _sprite(self, name: str, side: int) -> pygame.Surface:
        return self.big_sprites.get((name, side)) or self.sprites[name]

    def _token(self, look: UnitLook, flashing: bool) -> Token:
        """A creature's picture for its look, drawn once and kept."""
        key = (look, flashing)
        token = self._tokens.get(key)
        if token is None:
            if len(self._tokens) >= TOKEN_CACHE_LIMIT:
                self._tokens.clear()
            token = self._tokens[key] = self._new_token(look, flashing)
        return token

    def _new_token(self, look: UnitLook, flashing: bool) -> Token:
        size = self.view.cell * look.side
        mx, my = TOKEN_MARGIN
        x, y = mx, my
        under = pygame.Surface((size + 2 * mx, size + 2 * my), pygame.SRCALPHA)
        base = pygame.Rect(x + 3, y + size - 10, size - 6, 8)
        pygame.draw.ellipse(under, look.team, base)
        pygame.draw.ellipse(under, (0, 0, 0), base, 1)
        sprite = self._sprite(look.sprite, look.side)
        image = sprite
        if not look.conscious:
            # Dying or knocked out: lying down, greyed, still on the battlefield (4e §27).
            image = pygame.transform.rotate(sprite, 90)
            image.fill((150, 150, 160, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if flashing:
            image = image.copy()
            image.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        under.blit(image, (x, y))
        over = pygame.Surface(under.get_size(), pygame.SRCALPHA)
        hp_bar(over, pygame.Rect(x + 2, y - 5, size - 4, 5), look.hp, look.max_hp, look.temp)
        hud.draw_badge_labels(over, self.fonts.badge, look.badges, pygame.Rect(x, y, size, size))
        both = under.copy()
        both.blit(over, (0, 0))
        return Token(under, over, both, (x, y))

    def _lying(self, name: str, side: int, fade: int) -> pygame.Surface:
        """An out-of-the-fight creature: lying down, fading as it goes (kept per fade step)."""
        key = (name, side, fade)
        body = self._bodies.get(key)
        if body is None:
            if len(self._bodies) >= TOKEN_CACHE_LIMIT:
                self._bodies.clear()
            body = pygame.transform.rotate(self._sprite(name, side), 90)
            body.set_alpha(255 - 150 * fade // FADE_TICKS)
            self._bodies[key] = body
        return body

    def _draw_units(self, screen: pygame.Surface, baked: bool) -> None:
        """The creatures: all of them, or with ``baked`` only those the board does not hold."""
        cell = self.view.cell
        animator = self.animator
        busy = animator.busy
        ox, oy = self.view.origin()
        actor = self.actor if self.state.outcome is None else None
        selected = self.selected
        batch: list[tuple[pygame.Surface, tuple[int, int]]] = []     # plain pictures, blitted together in order
        for unit in self._units_split()[1] if baked else self._units_shown():
            entity = unit.entity
            if busy:
                fx, fy = animator.position(entity, unit.square)
                x, y = int(ox + fx * cell), int(oy + fy * cell)
            else:
                x, y = ox + unit.square[0] * cell, oy + unit.square[1] * cell
            if unit.out and not (busy and animator.pending_downed(entity)):
                lying = self._lying(unit.look.sprite, unit.side, animator.fading.get(entity, FADE_TICKS))
                batch.append((lying, (x, y)))
                continue
            token = self._token(unit.look, True) if busy and animator.flashing(entity) else unit.token
            at = (x - token.origin[0], y - token.origin[1])
            if entity != actor and entity != selected:
                batch.append((token.both, at))
                continue
            # The acting or selected creature: its frame goes between its sprite and its hit points.
            if batch:
                screen.fblits(batch)
                batch = []
            size = cell * unit.side
            screen.blit(token.under, at)
            if entity == actor:
                pygame.draw.rect(screen, palette.SELECT, (x, y, size, size), 2 + (self.ticks // 10) % 2)
            else:
                pygame.draw.rect(screen, palette.SELECT, (x + 1, y + 1, size - 2, size - 2), 1)
            screen.blit(token.over, at)
        if batch:
            screen.fblits(batch)

    def _draw_rings(self, screen: pygame.Surface) -> None:
        """Teleports (where the creature vanished and where it appeared) and falls (dust where it landed): rings
        spreading from the square, drawn over a black outline so they show on any ground."""
        cell = self.view.cell
        spreading = [(square, colour, tick) for square, colour, tick in self.animator.rings]
        spreading += [(self.state.square(entity), FALL_COLOUR, tick) for entity, tick in self.animator.landings]
        for square, colour, tick in spreading:
            centre = self.view.square_rect(square).center
            radius = cell // 4 + (cell // 2) * tick // FLASH_TICKS
            pygame.draw.circle(screen, (0, 0, 0), centre, radius, 5)
            pygame.draw.circle(screen, colour, centre, radius, 3)

    def _draw_floaters(self, screen: pygame.Surface) -> None:
        """The floating words, rising; each a line above the one before it over the same creature, so words
        that began together, or one that began while another was still rising (a spell's name, then its
        teleport), never overlap."""
        above: dict[Entity, int] = {}         # the height of the last word drawn over each creature
        for floater in self.animator.floaters:
            square, side = self.state.space(floater.entity)
            rect = self.view.square_rect(square, side)
            rise = floater.tick * 30 // FLOAT_TICKS
            y = rect.top - rise
            if floater.entity in above:
                y = min(y, above[floater.entity] - FLOATER_LINE)
            above[floater.entity] = y
            image = rendered(self.fonts.body, floater.text, floater.colour)
            outline = rendered(self.fonts.body, floater.text, (0, 0, 0))
            centre = (rect.centerx, y)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                screen.blit(outline, outline.get_rect(center=(centre[0] + dx, centre[1] + dy)))
            screen.blit(image, image.get_rect(center=centre))
