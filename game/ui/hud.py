"""The battle screen's heads-up parts: the power bar and action row, their tooltips, the unit card,
the offer prompt and small pick-one popups. Drawing only: the scene passes in
what the rules said (choices with their reasons, plans) and gets back the rectangles it can click."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ecs.components import Appearance
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import Card, Popup, Prompt
from game.i18n import _, name
from game.render import palette
from game.state import GameState
from game.ui.widgets import Fonts, button, clear_place, fit, hp_bar, key_cap, panel, rendered, text, wrap_lines

CARD_GAP = 6
BADGE_ROWS = 2
MAX_CARD_W = 172
TONES = {"text": palette.TEXT, "dim": palette.TEXT_DIM, "bad": palette.HP_BLOODIED, "good": palette.HP_GOOD}


# The bottom strip ---------------------------------------------------------------------------------------
def draw_bar(screen: pygame.Surface, fonts: Fonts, rows: tuple[pygame.Rect, pygame.Rect], choices: list[Choice],
             mode: str, knockout: bool, hover: tuple[int, int] | None,
             active: bool) -> list[tuple[pygame.Rect, Choice]]:
    """Power cards on the first row, actions on the second; returns each drawn button and its choice."""
    power_row, action_row = rows
    drawn: list[tuple[pygame.Rect, Choice]] = []
    powers = [c for c in choices if c.is_power]
    actions = [c for c in choices if not c.is_power]
    if powers:
        width = min(MAX_CARD_W, (power_row.width - CARD_GAP * (len(powers) - 1)) // len(powers))
        x = power_row.x
        for choice in powers:
            rect = pygame.Rect(x, power_row.y, width, power_row.height)
            _power_card(screen, fonts, rect, choice, choice.key == mode, _hot(rect, hover), active)
            drawn.append((rect, choice))
            x = rect.right + CARD_GAP
    x = action_row.x
    labels = [(_("Knockout ON") if knockout else _("Knockout off")) if c.key == "knockout" else name(c.label)
              for c in actions]
    if sum(_action_width(fonts, c, label) + 4 for c, label in zip(actions, labels, strict=True)) > action_row.width:
        # A full row shows the actions unusable now as their key alone; hovering one still says what and why.
        labels = [label if c.blocked is None or c.key == "knockout" or not c.hotkey else ""
                  for c, label in zip(actions, labels, strict=True)]
    for choice, label in zip(actions, labels, strict=True):
        rect = pygame.Rect(x, action_row.y, _action_width(fonts, choice, label), action_row.height)
        if rect.right > action_row.right:
            break
        chosen = choice.key == mode or (choice.key == "knockout" and knockout)
        _action_button(screen, fonts, rect, choice, label, chosen, _hot(rect, hover), active)
        drawn.append((rect, choice))
        x = rect.right + 4
    return drawn


def _action_width(fonts: Fonts, choice: Choice, label: str) -> int:
    cap_width = max(14, fonts.tiny.size(choice.hotkey)[0] + 6) + 4 if choice.hotkey else 0     # as key_cap draws it
    return 4 + cap_width + (fonts.tiny.size(label)[0] + 8 if label else 0)


def _hot(rect: pygame.Rect, hover: tuple[int, int] | None) -> bool:
    return hover is not None and rect.collidepoint(hover)


def _power_card(screen: pygame.Surface, fonts: Fonts, rect: pygame.Rect, choice: Choice, chosen: bool, hot: bool,
                active: bool) -> None:
    usable = choice.blocked is None and active
    fill = palette.CARD_CHOSEN if chosen else (palette.CARD_HOT if hot else palette.CARD)
    pygame.draw.rect(screen, fill if usable or chosen else (34, 35, 44), rect, border_radius=5)
    edge = palette.SELECT if chosen else palette.PANEL_EDGE
    pygame.draw.rect(screen, edge, rect, 2 if chosen else 1, border_radius=5)
    colour = palette.TEXT if usable else palette.TEXT_DIM
    cap = key_cap(screen, fonts.tiny, choice.hotkey, (rect.x + 5, rect.y + 5), dim=not usable)
    room = rect.right - cap.right - (24 if not usable else 10)
    text(screen, fonts.card, fit(fonts.card, name(choice.label), room), (cap.right + 5, rect.y + 6),
         colour)
    # The rows below the name follow the font sizes (the interface scale).
    second = rect.y + 6 + max(fonts.card.get_linesize(), cap.height)
    third = second + fonts.tiny.get_linesize()
    line2 = f"{name(choice.action)} · {name(choice.reach)}"
    text(screen, fonts.tiny, fit(fonts.tiny, line2, rect.width - 12), (rect.x + 6, second), colour)
    uses = _("at-will") if choice.uses == "at-will" else _("{uses} left").format(uses=name(choice.uses))
    aim_room = min(rect.width // 2, rect.width - 16 - fonts.tiny.size(uses)[0])    # never under a long "12/15 left"
    text(screen, fonts.tiny, fit(fonts.tiny, name(choice.aim), aim_room), (rect.x + 6, third), colour)
    text(screen, fonts.tiny, uses, (rect.right - 6, third), colour, "topright")
    if not usable:   # crossed corner: unusable now, readable without colour
        corner = rect.topright
        pygame.draw.line(screen, palette.TEXT_DIM, (corner[0] - 14, corner[1] + 4), (corner[0] - 4, corner[1] + 14), 2)
        pygame.draw.line(screen, palette.TEXT_DIM, (corner[0] - 4, corner[1] + 4), (corner[0] - 14, corner[1] + 14), 2)


def _action_button(screen: pygame.Surface, fonts: Fonts, rect: pygame.Rect, choice: Choice, label: str, chosen: bool,
                   hot: bool, active: bool) -> None:
    usable = (choice.blocked is None and active) or choice.key == "knockout"
    fill = palette.CARD_CHOSEN if chosen else (palette.CARD_HOT if hot else palette.CARD)
    if choice.key == "knockout" and chosen:
        fill = (120, 90, 40)
    pygame.draw.rect(screen, fill if usable or chosen else (34, 35, 44), rect, border_radius=4)
    pygame.draw.rect(screen, palette.SELECT if chosen else palette.PANEL_EDGE, rect, 2 if chosen else 1,
                     border_radius=4)
    colour = palette.TEXT if usable else palette.TEXT_DIM
    # A choice without a key (past the letters) is clicked only: no empty key cap.
    cap = key_cap(screen, fonts.tiny, choice.hotkey, (rect.x + 4, rect.y + 4), dim=not usable) if choice.hotkey \
        else pygame.Rect(rect.x, rect.y + 4, 0, 0)
    words = text(screen, fonts.tiny, label, (cap.right + 4, rect.centery), colour, "midleft") if label else cap
    if not usable:
        pygame.draw.line(screen, palette.TEXT_DIM, (words.x, words.centery), (words.right, words.centery))


def tooltip_image(fonts: Fonts, anchor: pygame.Rect, choice: Choice, words: tuple[str, str],
                  bounds: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
    """Above the hovered button: what it does (``words``: its name and help, from the ruleset's controls)
    and, if it cannot be used now, why; drawn on its own (transparent round corners), with where it goes."""
    title, body = name(words[0]), words[1]
    lines: list[tuple[str, tuple[int, int, int]]] = []
    key = f"  [{choice.hotkey}]" if choice.hotkey else ""     # a choice past the last key is clicked only
    if choice.is_power:
        lines.append((f"{title}{key}  ·  {name(choice.action)}  ·  {name(choice.usage)}", palette.TEXT))
    else:
        lines.append((f"{title}{key}" + (f"  ·  {name(choice.action)}" if choice.action else ""), palette.TEXT))
    width = 380
    wrapped = [(line, palette.TEXT_DIM) for line in wrap_lines(fonts.small, body, width - 20)]
    lines += wrapped
    if choice.blocked is not None and choice.key != "knockout":
        lines += [(line, palette.HP_BLOODIED)
                  for line in wrap_lines(fonts.small, _("Can't now: {reason}").format(reason=name(choice.blocked.shown())),
                                         width - 20)]
    step = fonts.small.get_linesize()
    height = 12 + step * len(lines)
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (anchor.centerx, anchor.top - 6)
    box.clamp_ip(bounds)
    image = pygame.Surface(box.size, pygame.SRCALPHA)
    panel(image, image.get_rect(), (26, 27, 36))
    y = 7
    for line, colour in lines:
        text(image, fonts.small, line, (10, y), colour)
        y += step
    return image, box


def draw_end_turn(screen: pygame.Surface, fonts: Fonts, rect: pygame.Rect, hot: bool) -> None:
    button(screen, fonts.body, rect, _("End turn"), hot)
    text(screen, fonts.tiny, _("[Enter]"), (rect.centerx, rect.bottom - 6), palette.TEXT_DIM, "midbottom")


# The unit card -------------------------------------------------------------------------------------------
def draw_card(screen: pygame.Surface, fonts: Fonts, state: GameState, entity: Entity, card: Card,
              hit_points: tuple[int, int, int], portraits: dict[str, pygame.Surface], side_labels: dict[str, str],
              x: int, y: int, width: int) -> int:
    """The shown creature: portrait, name, side, hit point bar, then what its ruleset's ``card`` says (the
    hit point words, defences, staying power, conditions, the actions left). Returns the card's bottom."""
    wrapped: list[tuple[str, tuple[int, int, int]]] = []
    for line, tone in card.lines:
        wrapped += [(w, TONES[tone]) for w in wrap_lines(fonts.card, line, width - card.margin)]
    if card.max_lines is not None and len(wrapped) > card.max_lines:
        wrapped = wrapped[:card.max_lines - 1] + [(_("... (more)"), palette.TEXT_DIM)]
    # Every row's height comes from its font's line size, so a larger interface scale never overlaps them.
    title_ls, small_ls, card_ls = fonts.title.get_linesize(), fonts.small.get_linesize(), fonts.card.get_linesize()
    name_y = y + 8
    side_y = name_y + title_ls
    bar_y = side_y + small_ls + 2
    hp_y = bar_y + 16
    stat_lines = wrap_lines(fonts.small, card.stats, width - 16) if card.stats else []
    top = max(y + 8 + 64, hp_y + (small_ls if card.hp_line is not None else 0)) + 6
    line_y = top + (small_ls * len(stat_lines) + 2 if stat_lines else 0)
    pip_height = card_ls + 6
    pips = pip_height + 8 if card.pips else 0
    height = line_y - y + (card_ls if card.staying else 0) + card_ls * len(wrapped) + pips + (6 if stat_lines else 8)
    box = pygame.Rect(x, y, width, height)
    panel(screen, box)
    portrait = portraits[state.world.get(entity, Appearance).sprite]
    if not state.conscious(entity):
        portrait = pygame.transform.rotate(portrait, 90)
        portrait.set_alpha(150)
    screen.blit(portrait, (x + 8, y + 8))
    side = state.side(entity)
    text(screen, fonts.title, fit(fonts.title, name(state.name(entity)), width - 92), (x + 80, name_y))
    text(screen, fonts.small, fit(fonts.small, name(side_labels.get(side, side)) + name(card.subtitle), width - 88),
         (x + 80, side_y), palette.side_colour(side))
    hp, max_hp, temp = hit_points
    hp_bar(screen, pygame.Rect(x + 80, bar_y, width - 92, 12), hp, max_hp, temp)
    if card.hp_line is not None:
        text(screen, fonts.small, fit(fonts.small, card.hp_line, width - 88), (x + 80, hp_y),
             palette.HP_BLOODIED if card.hp_alarm else palette.TEXT)
    for index, line in enumerate(stat_lines):
        text(screen, fonts.small, line, (x + 8, top + small_ls * index))
    if card.staying:
        text(screen, fonts.card, fit(fonts.card, card.staying, width - 16), (x + 8, line_y), palette.TEXT_DIM)
        line_y += card_ls
    for line, colour in wrapped:
        text(screen, fonts.card, line, (x + 8, line_y), colour)
        line_y += card_ls
    if card.pips:
        pip_width = (width - 16 - 8) // len(card.pips)
        pip_x = x + 8
        for words, available in card.pips:
            rect = pygame.Rect(pip_x, box.bottom - pip_height - 6, pip_width, pip_height)
            pygame.draw.rect(screen, (60, 120, 70) if available else (45, 45, 52), rect, border_radius=5)
            pygame.draw.rect(screen, palette.TEXT if available else palette.PANEL_EDGE, rect, 1, border_radius=5)
            text(screen, fonts.card, fit(fonts.card, words, pip_width - 6), rect.center,
                 palette.TEXT if available else palette.TEXT_DIM, "center")
            pip_x += pip_width + 4
    return box.bottom


# Offers and popups ---------------------------------------------------------------------------------------
PROMPT_SIZE = (600, 176)


@dataclass(frozen=True)
class PromptWords:
    """What the offer prompt says, worked out from the rules once per state (never per frame)."""

    title: str
    colour: tuple[int, int, int]
    asks: str
    lines: tuple[str, ...]
    refused: str | None          # why the door would refuse "yes" now, if it would
    labels: tuple[tuple[str, str], ...]


def prompt_words(fonts: Fonts, prompt: Prompt) -> PromptWords:
    """The ruleset's prompt fitted to the box: the question cut to one line, the odds and rule to three."""
    width = PROMPT_SIZE[0] - 32
    return PromptWords(prompt.title, palette.side_colour(prompt.side), fit(fonts.small, prompt.asks, width),
                       tuple(wrap_lines(fonts.small, prompt.explain, width)[:3]), prompt.refused, prompt.labels)


def draw_prompt(screen: pygame.Surface, fonts: Fonts, map_rect: pygame.Rect, hover: tuple[int, int] | None,
                words: PromptWords, keep_clear: list[pygame.Rect]) -> dict[str, pygame.Rect]:
    """Ask the controller of the creature the offer waits on: take it or let it pass (``words``: what
    prompt_words said for this state), at the top of the map or, when that would hide a creature in
    ``keep_clear`` (the asked and the one it is asked about), at the bottom."""
    # Sized by the fonts' line heights, so a larger interface scale grows the box rather than overlapping.
    small_ls, button_height = fonts.small.get_linesize(), max(38, fonts.body.get_linesize() + 12)
    height = max(PROMPT_SIZE[1], 10 + fonts.title.get_linesize() + 6 + small_ls * (1 + len(words.lines)) + 12
                 + button_height + 12)
    top = pygame.Rect(0, 0, PROMPT_SIZE[0], height)
    top.midtop = (map_rect.centerx, map_rect.top + 8)
    bottom = top.copy()
    bottom.midbottom = (map_rect.centerx, map_rect.bottom - 8)
    box = clear_place((top, bottom), keep_clear)
    panel(screen, box)
    pygame.draw.rect(screen, words.colour, (box.x, box.y, 6, box.height), border_radius=3)
    text(screen, fonts.title, fit(fonts.title, words.title, box.width - 32), (box.x + 16, box.y + 10), words.colour)
    y = box.y + 10 + fonts.title.get_linesize() + 6
    text(screen, fonts.small, words.asks, (box.x + 16, y))
    y += small_ls
    for line in words.lines:
        text(screen, fonts.small, line, (box.x + 16, y), palette.TEXT_DIM)
        y += small_ls
    take = pygame.Rect(box.x + 16, box.bottom - button_height - 12, 270, button_height)
    let = pygame.Rect(box.right - 286, box.bottom - button_height - 12, 270, button_height)
    buttons = {"yes": take, "no": let}
    for answer, label in words.labels:
        rect = buttons[answer]
        if answer == "yes" and words.refused is not None:   # the door would refuse it now: say why instead
            pygame.draw.rect(screen, (34, 35, 44), rect, border_radius=6)
            pygame.draw.rect(screen, palette.PANEL_EDGE, rect, 1, border_radius=6)
            text(screen, fonts.tiny, fit(fonts.tiny, _("Can't take it: {reason}").format(reason=name(words.refused)),
                                         rect.width - 12), rect.center,
                 palette.TEXT_DIM, "center")
            continue
        button(screen, fonts.body, rect, label, _hot(rect, hover))
    return buttons


def draw_popup(screen: pygame.Surface, fonts: Fonts, popup: Popup, map_rect: pygame.Rect,
               hover: tuple[int, int] | None) -> None:
    """A numbered list in the middle of the map; Esc closes it."""
    row = max(34, fonts.small.get_linesize() + 12)
    top = max(40, fonts.body.get_linesize() + 16)
    height = top + 16 + row * len(popup.options)
    box = pygame.Rect(0, 0, 520, height)
    box.center = map_rect.center
    panel(screen, box)
    text(screen, fonts.body, popup.title, (box.x + 14, box.y + 10))
    text(screen, fonts.tiny, _("Esc: cancel"), (box.right - 12, box.y + 14), palette.TEXT_DIM, "topright")
    popup.rects = []
    for index, (label, _choice, why) in enumerate(popup.options):
        rect = pygame.Rect(box.x + 12, box.y + top + row * index, box.width - 24, row - 4)
        usable = not why
        hot = usable and _hot(rect, hover)
        pygame.draw.rect(screen, palette.CARD_HOT if hot else (palette.CARD if usable else (34, 35, 44)), rect,
                         border_radius=4)
        pygame.draw.rect(screen, palette.PANEL_EDGE, rect, 1, border_radius=4)
        cap = key_cap(screen, fonts.tiny, str(index + 1),
                      (rect.x + 6, rect.centery - fonts.tiny.get_linesize() // 2 - 2), dim=not usable)
        words = name(label) if usable else f"{name(label)}: {name(why)}"
        text(screen, fonts.small, fit(fonts.small, words, rect.width - 40), (cap.right + 8, rect.centery),
             palette.TEXT if usable else palette.TEXT_DIM, "midleft")
        popup.rects.append((rect, index))


# Badges on the map ---------------------------------------------------------------------------------------
def draw_badge_labels(screen: pygame.Surface, font: pygame.font.Font, shown: tuple[tuple[str, bool], ...],
                      rect: pygame.Rect) -> None:
    """Draw badges (letters, harmful ones dark red, helpful ones dark green; more than fit end in "+N") as chips
    flowed into at most BADGE_ROWS rows from the bottom up."""
    if not shown:
        return
    images = [rendered(font, label, palette.BADGE_TEXT) for label, _ in shown]
    height = images[0].get_height() + 1
    room = rect.width + 2          # chips may overhang the space by a pixel each side
    left = rect.x - 1

    def width(i: int) -> int:
        return images[i].get_width() + 3

    # Flow the chips into rows from the bottom up, at most BADGE_ROWS; what does not fit ends in "+N".
    rows: list[list[int]] = [[]]
    for index in range(len(images)):
        if rows[-1] and sum(width(i) + 1 for i in rows[-1]) + width(index) > room:
            if len(rows) == BADGE_ROWS:
                break
            rows.append([])
        rows[-1].append(index)
    placed = sum(len(r) for r in rows)
    if placed < len(shown):
        more_width = font.size(f"+{len(shown) - placed + 1}")[0] + 4
        while rows[-1] and sum(width(i) + 1 for i in rows[-1]) + more_width > room:
            rows[-1].pop()
        placed = sum(len(r) for r in rows)
    for row_index, row in enumerate(rows):
        x, y = left, rect.bottom - (height + 1) * (row_index + 1)
        for index in row:
            chip = pygame.Rect(x, y, width(index), height)
            pygame.draw.rect(screen, palette.BADGE_BAD if shown[index][1] else palette.BADGE_GOOD, chip)
            pygame.draw.rect(screen, (0, 0, 0), chip, 1)
            screen.blit(images[index], (chip.x + 2, chip.y + 1))
            x = chip.right + 1
        if row_index == len(rows) - 1 and placed < len(shown):
            more = rendered(font, f"+{len(shown) - placed}", palette.BADGE_TEXT)
            tail = pygame.Rect(x, y, more.get_width() + 4, height)
            pygame.draw.rect(screen, (40, 40, 50), tail)
            pygame.draw.rect(screen, (0, 0, 0), tail, 1)
            screen.blit(more, (tail.x + 2, tail.y + 1))
