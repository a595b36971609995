"""Colours and sizes shared by everything that draws."""

from __future__ import annotations

SIDE_COLOURS: dict[str, tuple[int, int, int]] = {
    "blue": (80, 140, 235), "red": (220, 75, 60), "green": (80, 190, 100), "gold": (225, 185, 60),
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
TARGET = (255, 90, 70)
SELECT = (255, 255, 255)
HP_GOOD = (90, 200, 90)
HP_BLOODIED = (230, 70, 60)
HP_BACK = (60, 20, 20)
DAMAGE_TEXT = (255, 110, 90)
MISS_TEXT = (220, 220, 220)


def side_colour(side: str) -> tuple[int, int, int]:
    return SIDE_COLOURS.get(side, FALLBACK_SIDE)
