"""Defense actions and the resolution of a weapon attack (§11.1.3-§11.1.5, §12, R11-R16, R20)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.sotdl.i18n import N_
from game.rulesets.sotdl.rolls import HIT_TN

NONE = "none"
DODGE, BLOCK, PARRY, COUNTER, BODY_THROW, BACKFLIP, DISARM, LONG_JUMP = (
    "dodge", "block", "parry", "counter", "body_throw", "backflip", "disarm", "long_jump")
DEFENSES = (DODGE, BLOCK, PARRY, COUNTER, BODY_THROW, BACKFLIP, DISARM)
SPECIAL_DEFENSES = (PARRY, COUNTER, BODY_THROW, BACKFLIP, DISARM)       # §12.2: 2 banes untrained (R17)
# How a refusal names each defense (translated where it is drawn).
SPOKEN = {DODGE: N_("dodge"), BLOCK: N_("block"), PARRY: N_("parry"), COUNTER: N_("counter"),
          BODY_THROW: N_("body throw"), BACKFLIP: N_("backflip"), DISARM: N_("disarm"), LONG_JUMP: N_("long jump")}
MISS, DODGED, BLOCKED, PARRIED, THROWN, FLIPPED, DISARMED, ABSORBED, PENETRATES = (
    "miss", "dodged", "blocked", "parried", "thrown", "flipped", "disarmed", "absorbed", "penetrates")


def ap_cost(defense: str, block_trained: bool) -> int:
    """§10: every defense costs 1 AP; a trained Block 0 (§12.1); the long jump 2 (R20)."""
    if defense == BLOCK and block_trained:
        return 0
    return 2 if defense == LONG_JUMP else 1


def hits(hit: int) -> bool:
    """R9: a hit test of 5 or more hits (before any defense)."""
    return hit >= HIT_TN


def dodge_succeeds(defense_value: int, hit: int) -> bool:
    """R11: Dodge succeeds when the defender's Defense is at least the hit."""
    return defense_value >= hit


def opposed_succeeds(defender_total: int, hit: int) -> bool:
    """R11: Block, Parry and Body Throw succeed when the defender's own roll is at least the hit."""
    return defender_total >= hit


def backflip_succeeds(agility_total: int, hit: int) -> bool:
    """R11 (§12.2.5, kept as written, §16.25): the Agility roll must be strictly greater than the hit."""
    return agility_total > hit


def disarm_defense_succeeds(natural: int, trained: bool) -> bool:
    """R16: a natural 19-20; untrained only a natural 20 (§16.24: banes cannot touch a natural roll)."""
    return natural >= (19 if trained else 20)


def usable(defense: str, melee: bool, has_weapon: bool, has_shield: bool, area: bool = False) -> bool:
    """R12: Dodge against any visible non-area attack; Block with a weapon or shield in hand against
    weapon attacks; Parry, Counter and Body Throw only against melee; the long jump only against areas."""
    if area:
        return defense in (LONG_JUMP, BACKFLIP)
    if defense == BLOCK:
        return has_weapon or has_shield
    if defense in (PARRY, COUNTER):
        return melee and has_weapon
    if defense == BODY_THROW:
        return melee
    return defense in (DODGE, BACKFLIP, DISARM)


@dataclass(frozen=True)
class ArmorStep:
    """R13: after a failed or absent defense, a hit below the armor value goes to the armor's durability."""

    absorbed: bool


def armor_step(hit: int, armor_value: int, armor_broken: bool) -> ArmorStep:
    """R13: hit < armor value: the armor absorbs; otherwise the hit penetrates. Broken armor absorbs nothing."""
    return ArmorStep(absorbed=not armor_broken and hit < armor_value)


def damage_dice(power: int, die: int) -> tuple[int, int]:
    """R15: power x the weapon's die (e.g. power 2, longsword d6: 2d6)."""
    return max(1, power), die
