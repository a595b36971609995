"""Attack rolls and critical hits in 5e-house (§4.3 with the house confirmation rule, §7 cover)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core.dice import Dice, DiceExpr
from game.rulesets.dnd5e.rolls import ADVANTAGE, DISADVANTAGE, STRAIGHT, roll_d20
from game.rulesets.dnd5e.i18n import L_
from game.rulesets.dnd5e.verdict import Refused

HALF, THREE_QUARTERS, TOTAL, NO_COVER = "half", "three_quarters", "total", "none"
COVER_BONUS = {NO_COVER: 0, HALF: 2, THREE_QUARTERS: 5}   # §7: to AC and Dexterity saves (R004-AT-03)

STANDARD_CRITS, HOUSE_CRITS = "standard", "house"
NORMAL_CRIT, MAXIMISED_CRIT, SLAYING_CRIT = "critical", "maximised", "slaying"


@dataclass(frozen=True)
class AttackRoll:
    """An attack roll against an AC: the d20s, the total, and for a critical how its confirmation went.

    ``crit``: "" (no critical), "critical" (dice rolled twice), "maximised" (every die at its largest)
    or "slaying" (the target dies), §4.3.
    """

    faces: tuple[int, ...]
    natural: int
    total: int
    hit: bool
    crit: str = ""
    confirmation: int = 0


def attack_roll(dice: Dice, bonus: int, ac: int, mode: str = STRAIGHT, crits: str = HOUSE_CRITS) -> AttackRoll:
    """d20 + bonus against AC (cover already added to the AC).

    [5e] A natural 1 always misses and a natural 20 always hits: a critical (R004-AT-07). House rule
    (R004-AT-08): the attack is rolled again, once and straight: a natural 20 slays, a total that would
    hit maximises the dice, a miss leaves a normal critical (docs/rulings.md).
    """
    first = roll_d20(dice, mode)
    total = first.natural + bonus
    if first.natural == 1:
        return AttackRoll(first.faces, 1, total, False)
    if first.natural != 20:
        return AttackRoll(first.faces, first.natural, total, total >= ac)
    if crits == STANDARD_CRITS:
        return AttackRoll(first.faces, 20, total, True, NORMAL_CRIT)
    again = dice.roll(20)
    if again == 20:
        crit = SLAYING_CRIT
    elif again != 1 and again + bonus >= ac:
        crit = MAXIMISED_CRIT
    else:
        crit = NORMAL_CRIT
    return AttackRoll(first.faces, 20, total, True, crit, again)


def needed_roll(bonus: int, ac: int) -> int:
    """The natural d20 roll that hits: at least 2 (a natural 1 always misses), at most 20 (a natural 20 always
    hits, R004-AT-07)."""
    return min(20, max(2, ac - bonus))


def hit_chance(needed: int, mode: str = STRAIGHT) -> Fraction:
    """The chance an attack needing ``needed`` hits: one d20, or the better or worse of two (§4.3)."""
    hits = 21 - needed                        # faces of twenty that hit
    if mode == ADVANTAGE:
        return Fraction(400 - (20 - hits) ** 2, 400)
    if mode == DISADVANTAGE:
        return Fraction(hits * hits, 400)
    return Fraction(hits, 20)


def damage_roll(expr: DiceExpr, dice: Dice, crit: str = "", crits: str = HOUSE_CRITS) -> int:
    """§4.3: a critical rolls the damage dice twice, modifiers once (standard); under the house rule the
    modifiers double too, and a confirmed critical takes every die of the doubled pool at its largest
    instead of rolling. Never below 0 (§4)."""
    if not crit:
        total, _ = expr.roll(dice)
        return max(0, total)
    flat = expr.flat * (2 if crits == HOUSE_CRITS else 1)
    if crit == MAXIMISED_CRIT:
        return max(0, 2 * expr.count * expr.sides + flat)
    rolled = sum(dice.roll(expr.sides) for _ in range(2 * expr.count))
    return max(0, rolled + flat)


def cover_level(blocked_lines: int, blocked_besides_low_walls: int, line_of_effect: bool) -> str:
    """§7 (R004-AT-03, R004-AT-04) on the shared corner lines (the 5e DMG grid method): no line of effect
    is total cover; 1-2 blocked lines half cover; 3-4 three-quarters, unless only low walls block them
    beyond two (a low wall is the 5e example of half cover, docs/rulings.md)."""
    if not line_of_effect:
        return TOTAL
    if blocked_lines >= 3 and blocked_besides_low_walls >= 3:
        return THREE_QUARTERS
    return HALF if blocked_lines else NO_COVER


def target_problem(cover: str) -> Refused | None:
    """§7 (R004-AT-04): a creature behind total cover cannot be targeted directly (an area that reaches
    it still can)."""
    if cover == TOTAL:
        return Refused(L_("the target has total cover"), "5e-house §7")
    return None
