"""Injury and death (§2.9, §11; HP-01, and the d20 Modern SRD standard the chapter points to, docs/rulings.md):
disabled at 0, dying from -1 to -9, dead at -10; massive damage; nonlethal damage; stabilising."""

from __future__ import annotations

from dataclasses import dataclass, replace

DEAD_AT = -10                 # HP-01
MASSIVE_DC = 15               # SRD: Fortitude DC 15 against a hit at or above the massive damage threshold
NONLETHAL_DC = 15             # SRD: nonlethal damage at or over the threshold
STABILIZE_DC = 15             # SRD: Treat Injury DC 15 stabilises a dying character
STABLE_CHANCE = 10            # SRD: a dying character stabilises on its own on 1-10 on d%


@dataclass(frozen=True)
class Vitals:
    """Hit points and their state: ``nonlethal`` damage taken; ``stable``: dying but no longer losing hit points."""

    hp: int
    max_hp: int
    nonlethal: int = 0
    stable: bool = False


def state_of(v: Vitals) -> str:
    """HP-01 and the SRD: "dead" at -10 or less, "dying" -1..-9 (unless stable: "stable"), "disabled" at 0,
    "unconscious" when nonlethal damage exceeds the hit points, "staggered" when it equals them, else "fine"."""
    if v.hp <= DEAD_AT:
        return "dead"
    if v.hp < 0:
        return "stable" if v.stable else "dying"
    if v.hp == 0:
        return "disabled"
    if v.nonlethal > v.hp:
        return "unconscious"
    if v.nonlethal == v.hp:
        return "staggered"
    return "fine"


def out_of_fight(v: Vitals) -> bool:
    """Whether the creature can take no actions: dead, dying, stable or knocked out by nonlethal damage."""
    return state_of(v) in ("dead", "dying", "stable", "unconscious")


def take_lethal(v: Vitals, amount: int) -> Vitals:
    """§2.5: damage comes off the current hit points; a dying creature hurt again is no longer stable."""
    return replace(v, hp=v.hp - amount, stable=v.stable and amount <= 0)


def take_nonlethal(v: Vitals, amount: int) -> Vitals:
    return replace(v, nonlethal=v.nonlethal + amount)


def massive(amount: int, threshold: int, hp_after: int) -> bool:
    """SRD massive damage: one hit at or above the threshold (the Con score) that leaves the target above
    -10 calls for a Fortitude save DC 15; a failure drops it to -1."""
    return amount >= threshold and hp_after > DEAD_AT


def after_massive_failure(v: Vitals) -> Vitals:
    """SRD: a failed massive damage save leaves the creature at -1 hit points, dying (unless already lower)."""
    return replace(v, hp=min(v.hp, -1), stable=False)


def dying_tick(v: Vitals, d100: int) -> Vitals:
    """SRD: at the end of each of its turns a dying creature rolls d%: 1-10 it stabilises, else it loses 1 hit point."""
    if d100 <= STABLE_CHANCE:
        return replace(v, stable=True)
    return replace(v, hp=v.hp - 1)


def stabilized(v: Vitals) -> Vitals:
    return replace(v, stable=True)


def disabled_hurts_itself(v: Vitals) -> Vitals:
    """SRD: a disabled character taking a strenuous action (an attack, a full-round action) then drops to -1."""
    return replace(v, hp=-1) if v.hp == 0 else v
