"""The 4e encounter budget (DMG ch. 4, "Encounter Components"): a side's XP from each creature's level and rank."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.encounter import Budget
from game.rulesets.dnd4e.content import CreatureTemplate
from game.rulesets.dnd4e.i18n import L_

# DMG "Experience Point Rewards": the XP of a standard monster of each level, 1 to 40 (content.MAX_LEVEL).
STANDARD_XP = (100, 125, 150, 175, 200, 250, 300, 350, 400, 500,
               600, 700, 800, 1000, 1200, 1400, 1600, 2000, 2400, 2800,
               3200, 4150, 5100, 6050, 7000, 9000, 11000, 13000, 15000, 19000,
               23000, 27000, 31000, 39000, 47000, 55000, 63000, 79000, 95000, 111000)
# An elite is worth two standard monsters of its level, a solo five (DMG); a minion a quarter, below.
RANK_MULTIPLIER = {"standard": 1, "elite": 2, "solo": 5}
# A hero is worth an elite of its level (docs/rulings.md: the DMG gives heroes no XP; an even fight is one whose
# XP matches the party's, and a hero, with its action point, second wind and healing surges, fights like an elite).
HERO_MULTIPLIER = 2


def creature_xp(template: CreatureTemplate) -> int:
    """The XP a creature is worth: the standard XP of its level times its rank's multiple (a minion: a quarter)."""
    base = STANDARD_XP[template.stats.level - 1]
    if template.stats.minion:
        return base // 4
    if template.stats.hero:
        return base * HERO_MULTIPLIER
    return base * RANK_MULTIPLIER[template.rank]


def encounter_budget(roster: tuple[str, ...], creatures: Mapping[str, CreatureTemplate]) -> Budget:
    """A side's XP: the sum of its creatures' (the DMG sums monster XP to size an encounter)."""
    xp = sum(creature_xp(creatures[key]) for key in roster)
    return Budget(xp, L_("{xp} XP", xp=xp))
