"""Attack rolls and damage (§2.1-§2.7, §4.5, §4.7; ATK-01..24): bonuses, the natural 1 and 20, threats and
their confirmation, multiplied damage, Strength on damage, two-weapon penalties and the situation's modifiers."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice, DiceExpr

NONPROFICIENT = -4       # ATK-03, §10.2
LETHAL_UNARMED = -4      # ATK-19
INTO_MELEE = -4          # ATK-11
LONGARM_ADJACENT = -4    # ATK-12
FIGHTING_DEFENSIVELY = -4  # ATK-13
CHARGE_BONUS = 2         # ATK-15
FLANKING = 2             # ATK-20
HIGHER_GROUND = 1        # ATK-21
AID = 2                  # ATK-24


def attack_bonus(bab: int, ability_mod: int, size_mod: int) -> int:
    """ATK-01: BAB + Str (melee) or Dex (ranged) + size modifier."""
    return bab + ability_mod + size_mod


@dataclass(frozen=True)
class Roll:
    """One attack roll and, for a threat, its confirmation (ATK-02, ATK-04)."""

    natural: int
    total: int
    hit: bool
    threat: bool = False
    confirm_natural: int = 0
    confirm_total: int = 0
    critical: bool = False


def hits(natural: int, total: int, defense: int) -> bool:
    """ATK-02: a natural 1 always misses, a natural 20 always hits, else the total must reach the Defense."""
    if natural == 1:
        return False
    return natural == 20 or total >= defense


def roll_attack(dice: Dice, bonus: int, defense: int, threat_from: int = 20, crit_immune: bool = False) -> Roll:
    """ATK-02, ATK-04, ATK-06, A6: a hit whose natural roll is in the threat range (or a natural 20) is a threat;
    a confirmation roll with the same bonus that hits makes it a critical. A crit-immune target is never
    confirmed against (its damage is never multiplied), so no confirmation is rolled."""
    natural = dice.roll(20)
    total = natural + bonus
    hit = hits(natural, total, defense)
    threat = hit and natural >= threat_from
    if not threat or crit_immune:
        return Roll(natural, total, hit, threat)
    confirm = dice.roll(20)
    confirmed = hits(confirm, confirm + bonus, defense)
    return Roll(natural, total, hit, True, confirm, confirm + bonus, confirmed)


def strength_to_damage(str_mod: int, grip: str) -> int:
    """ATK-08, A5: "one" (melee or thrown) x1, "off" x1/2, "two" x1 1/2 (rounded down), "light-two" x1, "none"
    (projectile) 0. A Strength penalty applies in full, never halved nor multiplied."""
    if grip == "none":
        return 0
    if str_mod < 0:
        return str_mod
    return {"one": str_mod, "light-two": str_mod, "off": str_mod // 2, "two": str_mod * 3 // 2}[grip]


def roll_damage(dice: Dice, damage: DiceExpr, bonus: int, multiplier: int = 1, extra: DiceExpr | None = None) -> tuple[int,
        tuple[int, ...]]:
    """ATK-05, ATK-07: the base damage with its modifiers rolled ``multiplier`` times and summed, each roll at
    least 1; extra dice are rolled once and never multiplied."""
    total = 0
    faces: list[int] = []
    for _ in range(multiplier):
        rolled, rolled_faces = damage.roll(dice)
        total += max(1, rolled + bonus)
        faces.extend(rolled_faces)
    if extra is not None:
        rolled, rolled_faces = extra.roll(dice)
        total += rolled
        faces.extend(rolled_faces)
    return total, tuple(faces)


def two_weapon_penalties(light_off_hand: bool, feat: bool, double_weapon: bool = False) -> tuple[int, int]:
    """ATK-17, ATK-18: (primary, off-hand) penalties; a double weapon fights as with a light off-hand weapon."""
    light = light_off_hand or double_weapon
    primary, off = -6, -10
    if light:
        primary, off = primary + 2, off + 2
    if feat:
        primary, off = primary + 2, off + 6
    return primary, off


@dataclass(frozen=True)
class Stance:
    """The attacker's side of one attack (§7.1 Attack Roll Modifiers and the rules around it)."""

    melee: bool
    flanking: bool = False
    higher_ground: bool = False
    prone: bool = False
    invisible: bool = False
    into_melee: bool = False
    longarm_adjacent: bool = False
    nonproficient: bool = False
    defensively: bool = False
    charging: bool = False
    range_penalty: int = 0
    aided: bool = False
    lethal_unarmed: bool = False
    helpless_full_round: bool = False


def attack_modifiers(s: Stance) -> list[tuple[str, int]]:
    """ATK-03, ATK-09, ATK-11..15, ATK-19..24, HLP-03: every situational modifier with its reason."""
    found: list[tuple[str, int]] = []
    if s.flanking and s.melee:
        found.append(("flanking", FLANKING))
    if s.higher_ground and s.melee:
        found.append(("higher ground", HIGHER_GROUND))
    if s.prone:
        found.append(("attacker prone", -4 if s.melee else -2))
    if s.invisible:
        found.append(("invisible", 2))
    if s.into_melee and not s.melee:
        found.append(("shooting into melee", INTO_MELEE))
    if s.longarm_adjacent and not s.melee:
        found.append(("longarm against an adjacent target", LONGARM_ADJACENT))
    if s.nonproficient:
        found.append(("not proficient", NONPROFICIENT))
    if s.defensively:
        found.append(("fighting defensively", FIGHTING_DEFENSIVELY))
    if s.charging and s.melee:
        found.append(("charging", CHARGE_BONUS))
    if s.range_penalty:
        found.append(("range", s.range_penalty))
    if s.aided:
        found.append(("aided", AID))
    if s.lethal_unarmed:
        found.append(("lethal unarmed strike", LETHAL_UNARMED))
    if s.helpless_full_round and not s.melee:
        found.append(("careful shot at a helpless target", 5))
    return found
