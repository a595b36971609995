"""Resolving attacks on the world (§2, §7, §8, §10.2-§10.3): one attack roll with its concealment roll and
damage, damage with the SRD's massive damage and dying, autofire, thrown explosives and coup de grace.
Called by the door once a command is valid; dice in, events out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice, DiceExpr
from game.core.grid import Size, Square, footprint
from game.core.lines import line_of_effect
from game.ecs.components import Body, OutOfFight
from game.ecs.world import Entity
from game.rulesets.d20modern import attack, cover, defense, explosives, injury, measure
from game.rulesets.d20modern.commands import (
    AreaFired, AttackRolled, CoverStruck, Damaged, MissChance, SavingThrow, StateChanged, Thrown,
)
from game.rulesets.d20modern.components import Ammo, Carried, Explosive, Sheet, Weapon
from game.rulesets.d20modern.situation import alive, cover_degree, grapple_partners, guard, odds, screen_of, vitals
from game.state import GameState

SAVES = {"fortitude": (0, "con"), "reflex": (1, "dex"), "will": (2, "wis")}


def save(state: GameState, dice: Dice, e: Entity, kind: str, dc: int, bonus: int = 0) -> tuple[bool, SavingThrow]:
    """§2.11: d20 + base save + ability; a natural 1 fails and a natural 20 succeeds."""
    s = state.world.get(e, Sheet)
    index, ability = SAVES[kind]
    natural = dice.roll(20)
    total = natural + s.saves[index] + s.mod(ability) + bonus
    success = natural == 20 or (natural != 1 and total >= dc)
    return success, SavingThrow(e, kind, dc, natural, total, success)


def damage(state: GameState, dice: Dice, target: Entity, amount: int, nonlethal: bool, source: str) -> list[Any]:
    """§2.5 and the SRD's injury rules (docs/rulings.md): lethal damage off the hit points, with the massive
    damage save when one hit reaches the Con score; nonlethal damage kept apart; the new state reported."""
    v = vitals(state, target)
    if v is None or not alive(state, target):
        return []
    before = injury.state_of(v)
    events: list[Any] = []
    v = injury.take_nonlethal(v, amount) if nonlethal else injury.take_lethal(v, amount)
    events.append(Damaged(target, amount, nonlethal, v.hp, source))
    s = state.world.get(target, Sheet)
    if not nonlethal and injury.massive(amount, s.con_score, v.hp) and v.hp >= 0:
        ok, rolled = save(state, dice, target, "fortitude", injury.MASSIVE_DC)
        events.append(rolled)
        if not ok:
            v = injury.after_massive_failure(v)
    state.world.add(target, v)
    after = injury.state_of(v)
    if after != before:
        events.append(StateChanged(target, after))
        if after == "dead":
            state.world.add(target, OutOfFight())
    return events


def kill(state: GameState, target: Entity) -> list[Any]:
    """A failed coup de grace save: dead at once (§8.2)."""
    v = state.world.get(target, injury.Vitals)
    state.world.add(target, replace(v, hp=min(v.hp, injury.DEAD_AT)))
    state.world.add(target, OutOfFight())
    return [StateChanged(target, "dead")]


def grip_of(weapon: Weapon) -> str:
    """ATK-08: how Strength counts on this weapon's damage."""
    if weapon.kind == "ranged":
        return "none"
    return {"two": "two", "light": "one", "one": "one"}[weapon.grip]


def spend_round(state: GameState, e: Entity, weapon: Weapon, rounds: int = 1) -> None:
    if weapon.magazine:
        ammo = state.world.get(e, Ammo)
        loaded = tuple((name, n - rounds if name == weapon.name else n) for name, n in ammo.loaded)
        state.world.add(e, replace(ammo, loaded=loaded))


BURST_ROUNDS = 5           # MSRD Burst Fire: five rounds at one target
BURST_PENALTY = -4
BURST_DICE = 2


@dataclass(frozen=True)
class Burst:
    rounds: int
    modifiers: tuple[tuple[str, int], ...]
    extra_dice: DiceExpr | None


def burst(state: GameState, shooter: Entity, weapon: Weapon) -> Burst:
    """FIR-02: without the Burst Fire feat a burst is a normal attack and the extra rounds are wasted; with it (the
    MSRD feat the chapter names) -4 to hit and 2 more dice of damage, added once (ATK-05: never multiplied)."""
    if not state.world.get(shooter, Sheet).has("burst_fire"):
        return Burst(BURST_ROUNDS, (), None)
    return Burst(BURST_ROUNDS, (("burst fire", BURST_PENALTY),), DiceExpr(BURST_DICE, weapon.damage.sides))


def strike(state: GameState, dice: Dice, attacker: Entity, target: Entity, weapon: Weapon, *, iterative: int = 0,
           defensively: bool = False, charging: bool = False, opportunity: bool = False,
           extra: tuple[tuple[str, int], ...] = (), off_hand: bool = False, rounds: int = 1,
           extra_dice: DiceExpr | None = None) -> list[Any]:
    """One attack roll (ATK-02, ATK-04): the threat and its confirmation, the miss chance after a hit (CON-01),
    then the damage, multiplied on a critical (ATK-05)."""
    if not weapon.melee and state.has_condition(target, "grappling"):
        # DEF-10: a shot at a grapple strikes one of its combatants at random (who loses its Dex bonus, DEF-11)
        group = sorted((target,) + tuple(p for p in grapple_partners(state, target) if p != attacker))
        target = group[dice.roll(len(group)) - 1] if len(group) > 1 else target
    o = odds(state, attacker, target, weapon, iterative=iterative, defensively=defensively, charging=charging,
             extra=extra)
    spend_round(state, attacker, weapon, rounds)
    roll = attack.roll_attack(dice, o.bonus, o.defense, weapon.threat)
    events: list[Any] = [AttackRolled(attacker, target, weapon.name, roll.natural, roll.total, o.defense, roll.hit,
                                      roll.threat, roll.confirm_natural, roll.critical,
                                      o.attack_mods + o.defense_mods, opportunity)]
    victim: Entity | None = target
    if not roll.hit:
        victim = _struck_cover(state, attacker, target, weapon, roll, o, events)
        if victim is None:
            return events
    assert victim is not None
    if o.miss_chance and victim == target:
        d100 = dice.roll(100)
        missed = cover.concealment_misses(o.miss_chance, d100)
        events.append(MissChance(attacker, target, o.miss_chance, d100, missed))
        if missed:
            return events
    s = state.world.get(attacker, Sheet)
    bonus = attack.strength_to_damage(s.mod("str"), "off" if off_hand and weapon.kind != "ranged" else grip_of(weapon))
    amount, _faces = attack.roll_damage(dice, weapon.damage, bonus, weapon.multiplier if roll.critical else 1, extra_dice)
    return events + damage(state, dice, victim, amount, weapon.nonlethal, weapon.name)


def _struck_cover(state: GameState, attacker: Entity, target: Entity, weapon: Weapon, roll: attack.Roll, o: Any,
                  events: list[Any]) -> Entity | None:
    """COV-06, A12: a ranged shot that missed only because of cover struck it. A creature in the way is hit when
    the roll reaches its Defense; when only its Dex or dodge bonus made the roll miss it, it stepped aside and the
    target is hit after all. Returns who takes the damage (None: nobody)."""
    bonus = cover.DEFENSE_BONUS[o.cover]
    if weapon.melee or not bonus or roll.natural == 1:
        return None
    screen = screen_of(state, attacker, target)
    if screen is None:
        verdict = cover.struck_cover(roll.total, o.defense - bonus, o.defense)
    else:
        g = guard(state, screen)
        verdict = cover.struck_cover(roll.total, o.defense - bonus, o.defense, defense.defense(g), max(g.dex_mod, 0) + g.dodge)
    if not verdict.outcome:
        return None
    events.append(CoverStruck(attacker, target, screen if verdict.outcome == "screen" else None))
    return {"screen": screen, "target": target}.get(verdict.outcome)


def creatures_in(state: GameState, squares: tuple[Square, ...] | list[Square]) -> list[Entity]:
    wanted = set(squares)
    return [e for e in state.creatures() if alive(state, e) and any(sq in wanted for sq in footprint(*state.space(e)))]


def autofire(state: GameState, dice: Dice, shooter: Entity, weapon: Weapon, at: Square) -> list[Any]:
    """FIR-01, A19: one roll against Defense 10 (-4 without Advanced Firearms Proficiency, and the range
    penalty); ten rounds spent either way; on a hit everyone in the 2x2 squares saves (Reflex DC 15, plus its
    cover's Reflex bonus from the shooter, COV-02) or takes the damage."""
    s = state.world.get(shooter, Sheet)
    area = explosives.autofire_area(at)
    distance = measure.feet_between(state.space(shooter), (at, 2))
    bonus = attack.attack_bonus(s.bab, s.mod("dex"), measure.size_modifier(_size(state, shooter)))
    bonus += measure.range_penalty(distance, weapon.increment_ft)
    if not s.has("advanced_firearms"):
        bonus += explosives.NO_AUTOFIRE_FEAT
    spend_round(state, shooter, weapon, explosives.AUTOFIRE_ROUNDS)
    natural = dice.roll(20)
    hit = attack.hits(natural, natural + bonus, explosives.AUTOFIRE_DEFENSE)
    events: list[Any] = [AreaFired(shooter, weapon.name, area, natural, natural + bonus, hit)]
    if not hit:
        return events
    for target in creatures_in(state, area):
        if target == shooter:
            continue
        degree = cover_degree(state, shooter, target)
        ok, rolled = save(state, dice, target, "reflex", explosives.AUTOFIRE_REFLEX_DC, cover.REFLEX_BONUS[degree])
        events.append(rolled)
        if not ok:
            rolled_damage, _ = attack.roll_damage(dice, weapon.damage, 0)
            amount = explosives.autofire_damage(rolled_damage, ok, degree == cover.NINE_TENTHS)
            events += damage(state, dice, target, amount, False, weapon.name) if amount else []
    return events


def _size(state: GameState, e: Entity) -> Size:
    return state.world.get(e, Body).size


def throw(state: GameState, dice: Dice, thrower: Entity, item: Explosive, at: Square) -> list[Any]:
    """EXP-01..03: within one increment no roll, a d4 corner of the square; beyond, a roll against Defense 10
    (no proficiency penalty) and on a miss the d8 or d12 scatter; then everyone in the burst saves for half
    (Reflex, plus cover from the landing point, COV-02; nine-tenths cover: none on a success, half on a
    failure, COV-03)."""
    s = state.world.get(thrower, Sheet)
    carried = state.world.get(thrower, Carried)
    state.world.add(thrower, Carried(tuple((n, c - 1 if n == item.name else c) for n, c in carried.counts)))
    distance = measure.feet_between(state.space(thrower), (at, 1))
    number = measure.increments(distance, item.increment_ft)
    if item.splash is not None:
        return splash(state, dice, thrower, item, at, number)
    natural = total = 0
    hit = True
    if number > 1:
        bonus = attack.attack_bonus(s.bab, s.mod("dex"), measure.size_modifier(_size(state, thrower)))
        bonus += measure.range_penalty(distance, item.increment_ft)
        natural = dice.roll(20)
        total = natural + bonus
        hit = attack.hits(natural, total, explosives.THROW_DEFENSE)
    die = explosives.scatter_die(number, hit)
    square, point = explosives.landing(state.square(thrower), at, number, hit, dice.roll(die))
    bf = state.battlefield
    origin = square if bf.in_bounds(square) and not bf.at(square).solid else at
    burst = [sq for sq in explosives.burst_squares(point, item.burst_ft, bf.width, bf.height)
             if not bf.at(sq).solid and line_of_effect(bf, (origin, 1), (sq, 1))]
    events: list[Any] = [Thrown(thrower, item.name, at, number > 1, natural, total, hit, square, point, tuple(burst))]
    rolled_damage, _ = item.damage.roll(dice)
    for target in creatures_in(state, burst):
        degree = cover.cover_degree(bf, (origin, 1), state.space(target))
        ok, rolled = save(state, dice, target, "reflex", item.reflex_dc, cover.REFLEX_BONUS[degree])
        events.append(rolled)
        amount = explosives.blast_damage(rolled_damage, ok, degree == cover.NINE_TENTHS)
        if amount:
            events += damage(state, dice, target, amount, False, item.name)
    return events


def splash(state: GameState, dice: Dice, thrower: Entity, item: Explosive, at: Square, number: int) -> list[Any]:
    """SPL-01, §10.4: thrown at a creature, a ranged touch attack (no proficiency penalty): a hit deals the direct
    damage to it and the splash to every other creature within 5 ft of it. Thrown at a square, or on a miss, it
    lands as an explosive does (EXP-01, EXP-02) and splashes every creature within 5 ft of where it landed; no
    save either way. The damage is rolled once for all (as a grenade's, docs/rulings.md)."""
    s = state.world.get(thrower, Sheet)
    bf = state.battlefield
    target = next((e for e in creatures_in(state, [at]) if e != thrower), None)
    events: list[Any] = []
    natural = total = 0
    hit, rolled = number <= 1, number > 1
    if target is not None:
        o = odds(state, thrower, target, Weapon(item.name, "thrown", item.damage, increment_ft=item.increment_ft))
        sheet = state.world.get(target, Sheet)
        touch = o.defense - sheet.equip_bonus - sheet.natural          # DEF-03, A4: a touch attack
        natural = dice.roll(20)
        total = natural + o.bonus
        hit, rolled = attack.hits(natural, total, touch), True
        events.append(AttackRolled(thrower, target, item.name, natural, total, touch, hit, modifiers=o.attack_mods))
        if hit:
            (x, y), side = state.space(target)
            around = tuple(sorted((i, j) for i in range(x - 1, x + side + 1) for j in range(y - 1, y + side + 1)
                                  if bf.in_bounds((i, j)) and not bf.at((i, j)).solid))
            events.append(Thrown(thrower, item.name, at, True, natural, total, True, at, (x, y), around))
            events += damage(state, dice, target, item.damage.roll(dice)[0], False, item.name)
            amount = item.splash.roll(dice)[0] if item.splash is not None else 0
            for other in creatures_in(state, around):
                if other != target:
                    events += damage(state, dice, other, amount, False, item.name)
            return events
    elif number > 1:
        natural = dice.roll(20)
        bonus = attack.attack_bonus(s.bab, s.mod("dex"), measure.size_modifier(_size(state, thrower)))
        total = natural + bonus + measure.range_penalty(measure.feet_between(state.space(thrower), (at, 1)),
                                                        item.increment_ft)
        hit = attack.hits(natural, total, explosives.THROW_DEFENSE)
    square, point = explosives.landing(state.square(thrower), at, number, hit, dice.roll(explosives.scatter_die(number,
                                                                                                               hit)))
    reached = tuple(sq for sq in explosives.splash_squares(point, bf.width, bf.height) if not bf.at(sq).solid)
    events.append(Thrown(thrower, item.name, at, rolled, natural, total, hit, square, point, reached))
    amount = item.splash.roll(dice)[0] if item.splash is not None else 0
    for other in creatures_in(state, reached):
        events += damage(state, dice, other, amount, False, item.name)
    return events


def coup_de_grace(state: GameState, dice: Dice, attacker: Entity, target: Entity, weapon: Weapon) -> list[Any]:
    """HLP-01: an automatic critical (the damage rolled ``multiplier`` times), then Fortitude DC 10 + damage or die."""
    s = state.world.get(attacker, Sheet)
    spend_round(state, attacker, weapon)
    amount, _ = attack.roll_damage(dice, weapon.damage, attack.strength_to_damage(s.mod("str"), grip_of(weapon)),
                                   weapon.multiplier)
    events: list[Any] = [AttackRolled(attacker, target, weapon.name, 0, 0, 0, True, True, 0, True, (("coup de grace", 0),))]
    events += damage(state, dice, target, amount, weapon.nonlethal, weapon.name)
    if alive(state, target):
        ok, rolled = save(state, dice, target, "fortitude", 10 + amount)
        events.append(rolled)
        if not ok:
            events += kill(state, target)
    return events
