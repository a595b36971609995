"""Afflictions (§6, A1-A17): what each one forbids and what it adds to rolls, read from the shared Conditions.

An affliction is one ``Condition`` entry per source (A15: the same affliction from two sources ends only when
both are removed); ``until == ROUND_END`` entries end at the end of round ``amount`` (R7), others never (A17).
Besides the page's afflictions the engine keeps ``incapacitated`` (§5.8), ``hidden`` (§11.3.3), ``parried``
(招架, §12.2.2), ``grabbing`` (the grabber's side of a grab, §11.4.2) and ``feinted`` (§11.3.4).
"""

from __future__ import annotations

from game.ecs.components import Condition, Conditions
from game.ecs.world import Entity

ROUND_END = "round_end"
AFFLICTIONS = ("asleep", "blinded", "charmed", "compelled", "dazed", "deafened", "defenseless", "diseased",
               "fatigued", "frightened", "grabbed", "immobilized", "impaired", "poisoned", "prone", "slowed",
               "stunned", "unconscious")
ENGINE_STATES = ("incapacitated", "hidden", "parried", "grabbing", "feinted", "invisible")
NO_ACTIONS = ("asleep", "compelled", "dazed", "defenseless", "stunned", "unconscious", "incapacitated")   # A1, §16.43
DEFENSE_FIVE = ("asleep", "defenseless", "unconscious", "incapacitated")                                 # A3
OWN_BANES = ("diseased", "fatigued", "impaired", "poisoned")                                             # A5
BOONS_AGAINST = ("blinded", "immobilized", "stunned")                                                    # A6
GRAB_SOURCE = "grab"


def has(conditions: Conditions, name: str) -> bool:
    return conditions.has(name)


def _only_from(conditions: Conditions, name: str, source: str) -> bool:
    entries = conditions.named(name)
    return bool(entries) and all(c.source == source for c in entries)


def can_act(conditions: Conditions, escaping: bool = False) -> bool:
    """A1: no own actions (nor defenses) while dazed, stunned, defenseless, unconscious, compelled or
    incapacitated. A13: the defenselessness of a grab still lets either side escape (``escaping``)."""
    for name in NO_ACTIONS:
        if conditions.has(name):
            if escaping and name == "defenseless" and _only_from(conditions, name, GRAB_SOURCE):
                continue
            return False
    return True


def in_a_grab(conditions: Conditions) -> bool:
    """A13: a creature grabbing or grabbed by another may use only escape (or let go)."""
    return conditions.has("grabbing") or any(c.source == GRAB_SOURCE for c in conditions.named("grabbed"))


def defense(conditions: Conditions, base: int, against_third_party: bool = False) -> int:
    """A3: Defense 5 while defenseless, unconscious, asleep or incapacitated; A14: 招架 leaves a creature
    defenseless against everyone but its partner."""
    if any(conditions.has(n) for n in DEFENSE_FIVE) or (against_third_party and conditions.has("parried")):
        return 5
    return base


def speed(conditions: Conditions, base: int) -> int:
    """M12-M14: immobilized (and 招架) 0; blinded at most 2; slowed halved, rounded down (§16.29)."""
    if conditions.has("immobilized") or conditions.has("parried"):
        return 0
    if conditions.has("slowed"):
        base //= 2
    if conditions.has("blinded"):
        base = min(base, 2)
    return base


def own_banes(conditions: Conditions) -> list[str]:
    """A5: each of diseased, fatigued, impaired, poisoned puts one bane on the creature's own rolls."""
    return [n for n in OWN_BANES if conditions.has(n)]


def boons_against(conditions: Conditions) -> list[str]:
    """A6: attacks on a blinded, immobilized (or 招架-locked, A14) or stunned creature have a boon each."""
    found = [n for n in BOONS_AGAINST if conditions.has(n)]
    if conditions.has("parried") and "immobilized" not in found:
        found.append("parried")
    return found


def lasting(name: str, source: str, by: Entity | None, now_round: int, rounds: int) -> Condition:
    """R7: an affliction for N rounds laid in round r ends at the end of round r + N (0: permanent)."""
    if rounds <= 0:
        return Condition(name, source=source, by=by)
    return Condition(name, until=ROUND_END, amount=now_round + rounds, source=source, by=by)


def expiring(conditions: Conditions, round_number: int) -> tuple[Conditions, tuple[Condition, ...]]:
    """R7: the entries that end at the end of ``round_number``, and the rest."""
    ended = tuple(c for c in conditions.entries if c.until == ROUND_END and c.amount <= round_number)
    return Conditions(tuple(c for c in conditions.entries if c not in ended)), ended
