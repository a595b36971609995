"""Special attacks and objects (§10.5-§10.12; BR, OVR, TRP, DSR, GRP, OBJ): size limits, the opposed
checks' modifiers, the bull rush push, grapple units, and damage to objects through hardness."""

from __future__ import annotations

from game.rulesets.d20modern.verdict import Refused
from game.rulesets.d20modern.i18n import L_

SIZE_STEP = 4              # BR-02, TRP-01, DSR-01: +4 per size category of difference to the larger side
STABILITY = 4              # BR-02, TRP-01: more than two legs or exceptionally stable
CHARGING_BULL_RUSH = 2     # BR-02


def size_limit_problem(attacker_index: int, target_index: int, rule: str) -> Refused | None:
    """BR-01 (and overrun, trip): one size larger, the same size or one size smaller (A15: the original's
    wording, which wins over the MSRD English "or smaller", docs/rulings.md)."""
    if target_index - attacker_index > 1:
        return Refused(L_("the target is more than one size larger"), f"d20-modern {rule}")
    if attacker_index - target_index > 1:
        return Refused(L_("the target is more than one size smaller"), f"d20-modern {rule}")
    return None


def size_bonus(own_index: int, other_index: int) -> int:
    """+4 per size category the checker is larger than its opponent (0 when smaller or equal)."""
    return SIZE_STEP * max(0, own_index - other_index)


def bull_rush_push_ft(margin: int, move_left_ft: int) -> int:
    """BR-03: a winner pushes 5 ft plus 5 ft per full 5 points it won by, no farther than it can still move."""
    return min(5 + 5 * (margin // 5), move_left_ft) if margin >= 0 else 0


def opposed(attacker_total: int, defender_total: int) -> bool:
    """Opposed checks: the attacker wins on a higher total; a tie goes to the defender (the standing d20
    convention, docs/rulings.md)."""
    return attacker_total > defender_total


def trip_defender_ability(str_mod: int, dex_mod: int) -> int:
    """TRP-01: the target resists with Strength or Dexterity, whichever is better."""
    return max(str_mod, dex_mod)


def hold_problem(attacker_index: int, target_index: int) -> Refused | None:
    """GRP-02, A13: a hold fails automatically against a target two or more sizes larger."""
    if target_index - attacker_index >= 2:
        return Refused(L_("no hold on a creature two or more sizes larger"), "d20-modern GRP-02")
    return None


def grapple_units(grappler_index: int, target_index: int) -> float:
    """GRP-08: how many of the four units one grappler counts as against this target."""
    difference = grappler_index - target_index
    if difference <= -1:
        return 0.5
    return {0: 1.0, 1: 2.0}.get(difference, 4.0)


def room_to_grapple(grapplers: list[int], newcomer: int, target_index: int) -> bool:
    """GRP-08: at most 4 units grapple one target in a round."""
    return sum(grapple_units(g, target_index) for g in grapplers) + grapple_units(newcomer, target_index) <= 4


OBJECT_DEFENSE = {0: 13, 1: 9, 2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 1, 8: -3}   # OBJ-01, by size_index


def object_defense(size_index: int, held: bool = False, holder_dex: int = 0, holder_class: int = 0,
                   two_handed: bool = False) -> int:
    """OBJ-01, DSR-03: the size table; a held object +5 + the holder's Dex and class bonus; +2 held in two hands."""
    value = OBJECT_DEFENSE[size_index]
    if held:
        value += 5 + holder_dex + holder_class + (2 if two_handed else 0)
    return value


def object_damage(damage: int, hardness: int, energy: str = "") -> int:
    """OBJ-02: fire and electricity halved, cold quartered (before hardness); then hardness subtracted."""
    if energy in ("fire", "electricity"):
        damage //= 2
    elif energy == "cold":
        damage //= 4
    return max(0, damage - hardness)


def break_dc(base: int, hp: int, max_hp: int) -> int:
    """OBJ-05: the Break DC drops by 2 once the object has lost half its hit points or more."""
    return base - 2 if hp * 2 <= max_hp else base
