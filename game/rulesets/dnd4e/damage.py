"""How much of a blow lands: halving, resistance, vulnerability and temporary hit points (4e §8.4-§8.5, §9, §26.5)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ecs.components import Health, Stats
from game.rulesets.dnd4e.i18n import L_

PETRIFIED_RESIST = 20      # §9 petrified: resist 20 to all damage
ALL = "all"


@dataclass(frozen=True)
class Adjusted:
    amount: int
    notes: tuple[str, ...]


def _best(pairs: tuple[tuple[str, int], ...], damage_type: str) -> int:
    """The largest entry that applies: one for the damage's type, or for all damage (they do not add)."""
    return max((n for t, n in pairs if t == ALL or (damage_type and t == damage_type)), default=0)


def adjust(amount: int, damage_type: str, stats: Stats, *, weakened_attacker: bool = False,
           insubstantial: bool = False, petrified: bool = False) -> Adjusted:
    """§9 weakened and §8.5 insubstantial halve (rounded down) first, then resistance and vulnerability
    apply ([A50]); damage never drops below 0 (§8.4)."""
    notes: list[str] = []
    if weakened_attacker:
        amount //= 2
        notes.append(L_("halved: attacker weakened"))
    if insubstantial or stats.insubstantial:
        amount //= 2
        notes.append(L_("halved: insubstantial"))
    resist = _best(stats.resist, damage_type)
    if petrified:
        resist = max(resist, PETRIFIED_RESIST)
    if resist and amount:
        notes.append(L_("resist {n}", n=resist))
        amount = max(0, amount - resist)
    vulnerable = _best(stats.vulnerable, damage_type)
    if vulnerable and amount:
        notes.append(L_("vulnerable {n}", n=vulnerable))
        amount += vulnerable
    return Adjusted(amount, tuple(notes))


def absorb(health: Health, amount: int) -> tuple[Health, int]:
    """§26.5: temporary hit points go first; returns the new health and how much they absorbed."""
    soaked = min(health.temp, amount)
    return Health(health.hp - (amount - soaked), health.temp - soaked), soaked


def healed(health: Health, amount: int, max_hp: int) -> Health:
    """§26.1, §27: healing starts from 0 for a creature at 0 or below, and never passes the maximum."""
    return Health(min(max_hp, max(health.hp, 0) + amount), health.temp)


def with_temp(health: Health, amount: int) -> Health:
    """§26.5: temporary hit points do not stack; the higher value stays."""
    return Health(health.hp, max(health.temp, amount))
