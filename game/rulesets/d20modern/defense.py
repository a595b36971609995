"""Defense (§2.8, §7.1, §8; DEF-01..12): the formula, what losing the Dex bonus takes away, touch attacks,
the defender's situation, and the helpless defender's 5 + size."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Guard:
    """The parts of one creature's Defense (DEF-01)."""

    dex_mod: int
    class_bonus: int
    equip_bonus: int
    size_mod: int
    natural: int = 0
    dodge: int = 0             # the sum of its dodge bonuses (DEF-04: they stack)


def defense(g: Guard, *, dex_denied: bool = False, touch: bool = False, pinned: bool = False,
            helpless: bool = False) -> int:
    """DEF-01..04, DEF-09, DEF-12.

    Losing the Dex bonus removes a positive Dex modifier only (A3: a penalty stays) and every dodge bonus
    (DEF-04); a pinned defender's Dex counts as 0, a -5 modifier (DEF-09); the class bonus always counts
    (DEF-02); a touch attack ignores the equipment bonus and natural armour (DEF-03, A4: the d20 reading);
    a helpless defender has 5 + its size modifier and nothing else (DEF-12)."""
    if helpless:
        return 5 + g.size_mod
    dex, dodge = g.dex_mod, g.dodge
    if pinned:
        dex, dodge = -5, 0
    elif dex_denied:
        dex, dodge = min(dex, 0), 0
    armour = 0 if touch else g.equip_bonus + g.natural
    return 10 + dex + g.class_bonus + armour + g.size_mod + dodge


@dataclass(frozen=True)
class Posture:
    """The defender's situation against one attack (§7.1 Defense table)."""

    prone: bool = False
    sitting: bool = False
    stunned: bool = False       # stunned, cowering (DEF-07)
    climbing: bool = False
    running: bool = False
    pinned: bool = False
    pinned_by_attacker: bool = False


def posture_modifiers(p: Posture, melee: bool, adjacent: bool) -> list[tuple[str, int]]:
    """DEF-05..09: the changes to Defense from the defender's posture, each with its reason.

    The ranged bonuses of sitting and prone do not count against an adjacent attacker (footnote *)."""
    found: list[tuple[str, int]] = []
    if p.prone:
        found.append(("prone", -4 if melee else (0 if adjacent else 4)))
    elif p.sitting:
        found.append(("sitting", -2 if melee else (0 if adjacent else 2)))
    if p.stunned:
        found.append(("stunned", -2))
    if p.climbing:
        found.append(("climbing", -2))
    if p.running and not melee:
        found.append(("running", 2))
    if p.pinned and melee:
        found.append(("pinned", -4))
    if p.pinned and not p.pinned_by_attacker:
        found.append(("pinned (not by you)", -4))
    return [(why, value) for why, value in found if value]


def denies_dex(p: Posture, flat_footed: bool = False, attacker_invisible: bool = False,
               grappling_other: bool = False) -> bool:
    """§7.1 footnote **: flat-footed, stunned, climbing, running, an invisible attacker (ATK-23), grappling
    someone other than the attacker (DEF-11)."""
    return flat_footed or p.stunned or p.climbing or p.running or attacker_invisible or grappling_other
