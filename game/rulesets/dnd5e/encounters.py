"""The 5e encounter budget (DMG ch. 3, "Creating a Combat Encounter"): XP by challenge rating, times the
multiplier for the number of monsters; a hero counts as half again its level's Deadly threshold (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.encounter import Budget
from game.rulesets.dnd5e.content import Creature5e
from game.rulesets.dnd5e.i18n import L_

# DMG "Experience Points by Challenge Rating".
CR_XP = {
    "0": 10, "1/8": 25, "1/4": 50, "1/2": 100, "1": 200, "2": 450, "3": 700, "4": 1100, "5": 1800, "6": 2300,
    "7": 2900, "8": 3900, "9": 5000, "10": 5900, "11": 7200, "12": 8400, "13": 10000, "14": 11500, "15": 13000,
    "16": 15000, "17": 18000, "18": 20000, "19": 22000, "20": 25000, "21": 33000, "22": 41000, "23": 50000,
    "24": 62000, "25": 75000, "26": 90000, "27": 105000, "28": 120000, "29": 135000, "30": 155000,
}
# DMG "Encounter Multipliers", in halves so the maths stays in integers: (at least this many monsters, ×half).
MULTIPLIER_HALVES = ((15, 8), (11, 6), (7, 5), (3, 4), (2, 3), (1, 2))
# DMG "XP Thresholds by Character Level", the Deadly column: the adjusted XP one hero of the level can face in
# a fight that may kill it. A Deadly fight is still one the party should usually win, so a hero counts as half
# again its Deadly XP in an even fight (docs/rulings.md: measured, four level-3 heroes win about half their
# fights against 2,400 adjusted XP of monsters, not 1,600).
DEADLY_XP = (100, 200, 400, 500, 1100, 1400, 1700, 2100, 2400, 2800,
             3600, 4500, 5100, 5700, 6400, 7200, 8800, 9500, 10900, 12700)
HERO_DEADLY_HALVES = 3          # a hero is worth 3/2 of its Deadly threshold


def multiplier_halves(monsters: int) -> int:
    """The encounter multiplier for this many monsters, in halves (1 monster: 2, i.e. ×1; 3 to 6: 4, i.e. ×2)."""
    return next((halves for least, halves in MULTIPLIER_HALVES if monsters >= least), 2)


def encounter_budget(roster: tuple[str, ...], creatures: Mapping[str, Creature5e]) -> Budget:
    """A side's adjusted XP: its monsters' XP times the multiplier for their number, plus each hero's Deadly
    threshold and a half (heroes are not multiplied: the thresholds already stand for one character each)."""
    monsters = [creatures[key] for key in roster if not creatures[key].sheet.hero]
    heroes = [creatures[key] for key in roster if creatures[key].sheet.hero]
    monster_xp = sum(CR_XP[m.cr] for m in monsters) * multiplier_halves(len(monsters)) // 2
    hero_xp = sum(DEADLY_XP[min(h.sheet.level, len(DEADLY_XP)) - 1] for h in heroes) * HERO_DEADLY_HALVES // 2
    xp = monster_xp + hero_xp
    return Budget(xp, L_("{xp} XP", xp=xp))
