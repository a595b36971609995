"""Colours and sizes shared by everything that draws."""

from __future__ import annotations

SIDE_COLOURS: dict[str, tuple[int, int, int]] = {
    "blue": (80, 140, 235), "red": (220, 75, 60), "green": (80, 190, 100), "gold": (225, 185, 60),
    "yellow": (232, 200, 60),   # the fourth side of a four-side map (game/maps/schema.SIDES)
}
FALLBACK_SIDE = (190, 190, 190)

BACKGROUND = (18, 18, 24)
PANEL = (30, 31, 40)
PANEL_EDGE = (70, 72, 88)
TEXT = (232, 230, 222)
TEXT_DIM = (150, 150, 160)
REACH_FILL = (90, 170, 255, 70)
REACH_EDGE = (140, 200, 255)
DOUBLE_FILL = (255, 200, 90, 45)
DOUBLE_EDGE = (255, 210, 120, 150)
PATH = (255, 240, 140)
AREA_FILL = (255, 140, 40, 80)
AREA_EDGE = (255, 160, 60)
TELEPORT_FILL = (170, 120, 255, 70)
TELEPORT_EDGE = (200, 170, 255)
FORCED_FILL = (120, 230, 140, 80)
FORCED_EDGE = (150, 250, 170)
FALL_MARK = (255, 200, 120)
TARGET = (255, 90, 70)
COVER_CLEAR = (120, 235, 120)   # a cover line that gets through (drawn solid)
COVER_BLOCKED = (255, 90, 70)   # a blocked one (drawn dashed)
SELECT = (255, 255, 255)
CURSOR = (255, 230, 90)         # the keyboard's map cursor
HP_GOOD = (90, 200, 90)
HP_BLOODIED = (230, 70, 60)
HP_BACK = (60, 20, 20)
TEMP_HP = (150, 210, 255)
HEAL_FILL = (90, 230, 140, 70)
HEAL_EDGE = (120, 240, 160)
ZONE_FILL = (20, 20, 30, 140)
ZONE_EDGE = (160, 160, 190)
BADGE_BAD = (150, 50, 45)
BADGE_GOOD = (45, 110, 60)
BADGE_TEXT = (250, 250, 245)
BAR = (24, 25, 33)
CARD = (44, 47, 60)
CARD_HOT = (62, 68, 86)
CARD_CHOSEN = (70, 100, 150)
KNOCKOUT = (255, 190, 90)
DAMAGE_TEXT = (255, 110, 90)
MISS_TEXT = (220, 220, 220)


def side_colour(side: str) -> tuple[int, int, int]:
    return SIDE_COLOURS.get(side, FALLBACK_SIDE)
