"""Expected values the computer opponent scores with: hit chances, damage distributions, kill chances.

Everything here is arithmetic on the numbers the rules already give (``AttackPlan.needed``, a power's
``DiceExpr``, the §8.4-§8.5 damage adjustments); nothing rolls and nothing changes the state.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from game.rulesets.dnd4e.actions.attack import AttackPlan
from game.core.dice import DiceExpr
from game.ecs.components import Health, Power, Stats
from game.ecs.world import Entity
from game.rulesets.dnd4e.damage import adjust
from game.state import GameState

CRIT_CHANCE = 0.05          # a natural 20 (§7.2)


def hit_chance(needed: int) -> float:
    """The chance a d20 shows ``needed`` or more (a 1 always misses, a 20 always hits)."""
    return (21 - min(20, max(2, needed))) / 20


def base_needed(bonus: int, defense: int, modifiers: int = 0) -> int:
    return min(20, max(2, defense - bonus - modifiers))


@functools.lru_cache(maxsize=512)
def _faces(count: int, sides: int) -> tuple[tuple[int, float], ...]:
    """The distribution of the sum of ``count`` dice of ``sides`` sides: (total, chance) pairs."""
    table = {0: 1.0}
    for _ in range(count):
        step: dict[int, float] = {}
        for total, chance in table.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0.0) + chance / sides
        table = step
    return tuple(sorted(table.items()))


@functools.lru_cache(maxsize=1024)
def distribution(main: DiceExpr, extra: DiceExpr | None) -> tuple[tuple[int, float], ...]:
    """The damage roll of ``main`` plus ``extra`` (combat-advantage dice), before adjustments."""
    rolled = [(t + main.flat, p) for t, p in _faces(main.count, main.sides)]
    if extra is None:
        return tuple(rolled)
    merged: dict[int, float] = {}
    for total, chance in rolled:
        for more, p in _faces(extra.count, extra.sides):
            merged[total + more + extra.flat] = merged.get(total + more + extra.flat, 0.0) + chance * p
    return tuple(sorted(merged.items()))


def average(expr: DiceExpr | None) -> float:
    if expr is None:
        return 0.0
    return expr.count * (expr.sides + 1) / 2 + expr.flat


def maximum(main: DiceExpr, extra: DiceExpr | None) -> int:
    return main.maximum() + (extra.maximum() if extra is not None else 0)


@dataclass(frozen=True)
class Strike:
    """One attack on one creature, in expectation: hit points it takes away (capped at what the creature
    has) and the chance it drops the creature (0 hit points or fewer: out of the fight, §27)."""

    hit: float
    damage: float
    drop: float


def effective_hp(state: GameState, target: Entity) -> int:
    health = state.world.get(target, Health)
    return max(1, health.hp + health.temp)


@functools.lru_cache(maxsize=4096)
def _strike(main: DiceExpr, extra: DiceExpr | None, damage_type: str, stats: Stats, weakened: bool,
            insubstantial: bool, hp: int, needed: int, miss_half: bool) -> Strike:
    hit = hit_chance(needed)
    normal = hit - CRIT_CHANCE
    minion = stats.minion

    def landed(value: int) -> int:
        return hp if minion and value > 0 else value

    table, top_amount, halves = _adjusted(main, extra, damage_type, stats, weakened, insubstantial)
    mean = sum(min(landed(v), hp) * p for v, p in table)
    drops = sum(p for v, p in table if landed(v) >= hp)
    top = landed(top_amount)
    damage = normal * mean + CRIT_CHANCE * min(top, hp)
    drop = normal * drops + CRIT_CHANCE * (top >= hp)
    if miss_half and not minion:
        half = [(landed(v), p) for v, p in halves]
        damage += (1 - hit) * sum(min(v, hp) * p for v, p in half)
        drop += (1 - hit) * sum(p for v, p in half if v >= hp)
    return Strike(hit, damage, drop)


ADJUSTED_KEPT = 1024
_adjusted_seen: dict[tuple[object, ...], tuple[tuple[object, ...], tuple]] = {}


def _adjusted(main: DiceExpr, extra: DiceExpr | None, damage_type: str, stats: Stats, weakened: bool,
              insubstantial: bool) -> tuple[tuple[tuple[int, float], ...], int, tuple[tuple[int, float], ...]]:
    """Every damage total of the roll after the §8.4-§8.5 adjustments, with its chance, in the roll's order; the
    largest total adjusted; and the same for half of ``main`` alone (a miss that deals half). None of it depends
    on the target's hit points or the roll needed, which change far more often (so ``_strike`` is asked afresh far
    more often than this): kept by the identity of the dice and stats, as ``_strike_of`` keeps its answers."""
    key = (id(main), id(extra), id(stats), damage_type, weakened, insubstantial)
    kept = _adjusted_seen.get(key)
    if kept is not None and kept[0][0] is main and kept[0][1] is extra and kept[0][2] is stats:
        return kept[1]

    def adjusted(amount: int) -> int:
        return adjust(amount, damage_type, stats, weakened_attacker=weakened, insubstantial=insubstantial).amount

    found = (tuple((adjusted(t), p) for t, p in distribution(main, extra)), adjusted(maximum(main, extra)),
             tuple((adjusted(t // 2), p) for t, p in distribution(main, None)))
    if len(_adjusted_seen) >= ADJUSTED_KEPT:
        _adjusted_seen.clear()
    _adjusted_seen[key] = ((main, extra, stats), found)
    return found


STRIKES_KEPT = 4096
_strikes_seen: dict[tuple[object, ...], tuple[tuple[object, ...], Strike]] = {}


def _strike_of(main: DiceExpr, extra: DiceExpr | None, damage_type: str, stats: Stats, weakened: bool,
               insubstantial: bool, hp: int, needed: int, miss_half: bool) -> Strike:
    """``_strike``, looked up first by the identity of its dice and stats: hashing those dataclasses for the
    lru_cache was a tenth of the computer's time, and the same (immutable) objects give the same answer.
    The objects are held with the answer, so an identity is never reused while it is kept."""
    key = (id(main), id(extra), id(stats), damage_type, weakened, insubstantial, hp, needed, miss_half)
    kept = _strikes_seen.get(key)
    if kept is not None and kept[0][0] is main and kept[0][1] is extra and kept[0][2] is stats:
        return kept[1]
    found = _strike(main, extra, damage_type, stats, weakened, insubstantial, hp, needed, miss_half)
    if len(_strikes_seen) >= STRIKES_KEPT:
        _strikes_seen.clear()
    _strikes_seen[key] = ((main, extra, stats), found)
    return found


def strike(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, extra_ok: bool = True) -> Strike:
    """The expected result of the attack ``plan`` describes (its modifiers, its combat advantage)."""
    profile = plan.profile
    extra = profile.advantage_damage if plan.advantage and extra_ok else None
    return _strike_of(profile.damage, extra, profile.damage_type, state.stats(target),
                   state.has_condition(attacker, "weakened"), state.has_condition(target, "insubstantial"),
                   effective_hp(state, target), plan.needed, profile.miss_half)


def rough_strike(state: GameState, attacker: Entity, target: Entity, power: Power, modifiers: int = 0) -> Strike:
    """The same without a plan: the power's bonus against the target's defense plus ``modifiers``."""
    needed = base_needed(power.bonus, state.stats(target).defenses.value(power.defense), modifiers)
    return _strike_of(power.damage, None, power.damage_type, state.stats(target),
                   state.has_condition(attacker, "weakened"), state.has_condition(target, "insubstantial"),
                   effective_hp(state, target), needed, power.miss_half)


def power_average(power: Power, defense: int) -> float:
    """Damage an at-will attack does per use against a defense value, in expectation (no modifiers)."""
    chance = hit_chance(base_needed(power.bonus, defense))
    return chance * average(power.damage) + (1 - chance) * (average(power.damage) / 2 if power.miss_half else 0)
