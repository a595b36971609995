"""The initiative tracker: a strip of portraits in turn order with hit points, condition badges and who acts now.

Readable without colour: the acting creature has a thick frame and a pointer, the selected one a thin frame,
delaying creatures sit lower with a dashed frame, the fallen are crossed out and greyed, each side has its
initial in a corner, and harmful conditions are square chips while helpful ones are round.
"""

from __future__ import annotations


import pygame

from game.ecs.components import Appearance, OutOfFight
from game.ecs.world import Entity
from game.engine.protocol import Presenter
from game.render import palette
from game.state import GameState
from game.ui.widgets import Fonts, hp_bar, rendered, text

PORTRAIT = 40                 # pixels across a tracker portrait
GAP = 4
DELAY_DROP = 6                # delaying creatures sit this much lower (§25.9: out of the order until they return)


def tracker_height(fonts: Fonts) -> int:
    """The strip's height: a portrait, its hit point bar and the pointer under the acting creature."""
    return PORTRAIT + DELAY_DROP + 18 + max(0, fonts.badge.get_linesize() - 15)


def entry_width() -> int:
    return PORTRAIT + 6


def tracker_order(state: GameState, rules: Presenter) -> list[Entity]:
    """The initiative order starting with the creature whose turn it is (who comes next reads left to right)."""
    order, index = rules.turn_order(state)
    return list(order[index:] + order[:index])


def draw_tracker(screen: pygame.Surface, fonts: Fonts, state: GameState, rect: pygame.Rect,
                 portraits: dict[str, pygame.Surface], side_labels: dict[str, str], actor: Entity,
                 selected: Entity | None, hovered: Entity | None,
                 rules: Presenter) -> list[tuple[pygame.Rect, Entity]]:
    """Draw the strip into ``rect``; returns each entry's rectangle and creature (for hover and clicks).
    Entries that do not fit end in "+N". ``rules``: the ruleset's presentation adapter."""
    pygame.draw.rect(screen, palette.BAR, rect)
    pygame.draw.line(screen, palette.PANEL_EDGE, rect.bottomleft, (rect.right, rect.bottom - 1))
    order = tracker_order(state, rules)
    first = rules.turn_order(state)[0][0]
    width = entry_width()
    x = rect.x + 8
    drawn: list[tuple[pygame.Rect, Entity]] = []
    for position, entity in enumerate(order):
        if position and entity == first:
            # Where the order wraps round, the next round begins.
            words = rendered(fonts.tiny, f"R{rules.round_number(state) + 1}", palette.TEXT_DIM)
            pygame.draw.line(screen, palette.PANEL_EDGE, (x + 2, rect.y + 6), (x + 2, rect.bottom - 6))
            screen.blit(words, (x + 6, rect.y + 4))
            x += words.get_width() + 10
        more = len(order) - position
        if x + width > rect.right - (0 if more == 1 else 36):
            text(screen, fonts.small, f"+{more}", (x + 4, rect.centery), palette.TEXT_DIM, "midleft")
            break
        entry = pygame.Rect(x, rect.y + 4, width, PORTRAIT + 10)
        _draw_entry(screen, fonts, state, entry, entity, portraits, side_labels, entity == actor,
                    entity == selected, entity == hovered, rules)
        drawn.append((entry, entity))
        x = entry.right + GAP
    return drawn


def _draw_entry(screen: pygame.Surface, fonts: Fonts, state: GameState, entry: pygame.Rect, entity: Entity,
                portraits: dict[str, pygame.Surface], side_labels: dict[str, str], acting: bool, selected: bool,
                hovered: bool, rules: Presenter) -> None:
    dead = state.world.has(entity, OutOfFight)
    delayed = rules.delayed(state, entity)
    face = pygame.Rect(entry.x + 3, entry.y + (DELAY_DROP if delayed else 0), PORTRAIT, PORTRAIT)
    side = state.side(entity)
    colour = palette.side_colour(side)
    pygame.draw.rect(screen, (34, 35, 46) if not hovered else palette.CARD_HOT, face.inflate(4, 4))
    pygame.draw.rect(screen, colour, (face.x, face.y, face.width, 4))      # the side's colour along the top
    portrait = portraits[state.world.get(entity, Appearance).sprite]
    if dead:
        portrait = pygame.transform.grayscale(portrait)
        portrait.set_alpha(110)
    elif not state.conscious(entity):
        portrait = pygame.transform.rotate(portrait, 90)
    screen.blit(portrait, face)
    # The side's initial in the top-left corner: which side, without colour.
    label = side_labels.get(side, side)
    initial = rendered(fonts.badge, label[:1].upper(), (20, 20, 20))
    chip = pygame.Rect(face.x, face.y, initial.get_width() + 4, initial.get_height())
    pygame.draw.rect(screen, colour, chip)
    screen.blit(initial, (chip.x + 2, chip.y))
    if dead:
        pygame.draw.line(screen, palette.TEXT, face.topleft, face.bottomright, 3)
        pygame.draw.line(screen, palette.TEXT, face.topright, face.bottomleft, 3)
    else:
        _draw_chips(screen, fonts, rules.badges(state, entity), face)
    hp, max_hp, temp = rules.hit_points(state, entity)
    hp_bar(screen, pygame.Rect(face.x, face.bottom + 2, face.width, 5), max(hp, 0), max_hp, temp)
    if delayed:
        _dashed_frame(screen, face.inflate(4, 4))
    if acting:
        pygame.draw.rect(screen, palette.SELECT, face.inflate(6, 6), 3)
        tip = face.centerx, face.bottom + 9
        pygame.draw.polygon(screen, palette.SELECT, [tip, (tip[0] - 6, tip[1] + 7), (tip[0] + 6, tip[1] + 7)])
    elif selected:
        pygame.draw.rect(screen, palette.SELECT, face.inflate(4, 4), 1)


def _draw_chips(screen: pygame.Surface, fonts: Fonts, shown: tuple[tuple[str, bool], ...], face: pygame.Rect) -> None:
    """Condition letters along the bottom of the portrait: harmful ones square, helpful ones round."""
    x = face.x
    for label, harmful in shown:
        image = rendered(fonts.badge, label, palette.BADGE_TEXT)
        chip = pygame.Rect(x, face.bottom - image.get_height() - 1, image.get_width() + 4, image.get_height() + 1)
        if chip.right > face.right + 2:
            break
        fill = palette.BADGE_BAD if harmful else palette.BADGE_GOOD
        radius = 0 if harmful else chip.height // 2
        pygame.draw.rect(screen, fill, chip, border_radius=radius)
        pygame.draw.rect(screen, (0, 0, 0), chip, 1, border_radius=radius)
        screen.blit(image, (chip.x + 2, chip.y + 1))
        x = chip.right + 1


def _dashed_frame(screen: pygame.Surface, rect: pygame.Rect) -> None:
    for x in range(rect.left, rect.right, 6):
        pygame.draw.line(screen, palette.TEXT, (x, rect.top), (min(x + 3, rect.right), rect.top))
        pygame.draw.line(screen, palette.TEXT, (x, rect.bottom - 1), (min(x + 3, rect.right), rect.bottom - 1))
    for y in range(rect.top, rect.bottom, 6):
        pygame.draw.line(screen, palette.TEXT, (rect.left, y), (rect.left, min(y + 3, rect.bottom)))
        pygame.draw.line(screen, palette.TEXT, (rect.right - 1, y), (rect.right - 1, min(y + 3, rect.bottom)))
