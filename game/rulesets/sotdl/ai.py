"""The sotdl-house computer player (easy, normal, hard) and the scripted opponent it is measured against.

Both send the same commands a player sends, through the same door. The computer also answers attacks: it
weighs each defense by its exact chance of stopping the hit (the same fractions the forecast shows), and
keeps an AP back for defending when an enemy can reach it (normal when hurt). Hard plays the side as one:
potions for the fallen and blows on enemies with no AP left first, whoever strikes them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Any, Iterator

from game.core.dice import SeededDice
from game.core.grid import footprint, space_distance
from game.core.lines import line_of_effect
from game.ecs.world import Entity
from game.engine.routes import route_squares
from game.rulesets.sotdl import afflictions, area, attack, defenses, situation
from game.rulesets.sotdl.commands import Attack, Charge, Defend, Escape, FreeAttack, Move, Pass, StandUp, Throw, UseItem
from game.rulesets.sotdl.i18n import L_
from game.rulesets.sotdl.components import PendingArea, PendingDefense, PendingFreeAttack, Sheet
from game.rulesets.sotdl.engine import figure, others, speed, validate
from game.rulesets.sotdl.movement import reachable
from game.rulesets.sotdl.rolls import chance_at_least, chance_exceeds
from game.rulesets.sotdl.rounds import (
    ap,
    creatures,
    decider,
    fighting,
    may_take_initiative,
    round_of,
)
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState


@dataclass(frozen=True)
class Level:
    defends: bool            # weighs defenses (else dodges when it surely works, or takes none)
    keeps_ap: str            # "never", "hurt" or "always": keep 1 AP for defense when an enemy can reach it
    charges: bool            # charges (measured: worse than walking up then attacking, docs/ai.md)
    throws: bool             # alchemist's fire at two enemies or more
    heals: bool
    focus: bool              # attacks the enemy closest to dropping
    weighs: bool             # weighs each blow: the exact chance past armor and a dodge, times damage
    blunder: int             # percent chance of a random legal plan instead of the best
    side_first: bool = False     # the side's best act first, whoever makes it: a potion for a fallen ally, then
    #                              every creature's blows ranked together (an enemy with no AP left first)
    fetches: bool = False        # walks to a fallen ally to give it a potion, by a way that gives no free attack
    stands_off: bool = False     # attacked with nothing in reach: keeps its AP to defend rather than walk in alone


TYPICAL_HIT = 12           # d20 + 2 or 3: what keeping an AP for defense is weighed against
UNREACHED = 10 ** 6        # the route distance of a square with no way to an enemy
BLUNDER_CHOICES = 6         # easy's random pick is among the first few legal plans

LEVELS = {
    "easy": Level(False, "never", False, False, False, False, False, 35),
    "normal": Level(True, "hurt", False, True, True, True, False, 0),
    # Hard keeps no AP back (Pass also gives up the answer to the next attack: issue 21, docs/ai.md).
    "hard": Level(True, "never", False, True, True, True, True, 0, side_first=True, fetches=True, stands_off=True),
}


class NotMyTurn(RuntimeError):
    """The skirmish waits for a creature of another side."""


def stop_chance(state: GameState, offer: PendingDefense, defense: str) -> Fraction:
    """The exact chance that ``defense`` stops the attack (R11, R16)."""
    me = offer.target
    sheet = state.world.get(me, Sheet)
    untrained = -2 if defense in defenses.SPECIAL_DEFENSES and not sheet.is_trained(defense) else 0
    own = -len(afflictions.own_banes(state.conditions(me)))
    if defense == defenses.DODGE:
        value = afflictions.defense(state.conditions(me), sheet.defense)
        return Fraction(1) if defenses.dodge_succeeds(value, offer.hit) else Fraction(0)
    if defense == defenses.DISARM:
        return Fraction(2 if sheet.is_trained(defense) else 1, 20)
    if defense == defenses.BACKFLIP:
        return chance_exceeds(sheet.mod("agility"), untrained + own, offer.hit)
    if defense == defenses.COUNTER:
        return Fraction(0)
    weapon = attack.UNARMED if defense == defenses.BODY_THROW else attack.weapon_of(state, me)
    return chance_at_least(attack.hit_modifier(state, me, weapon), untrained + own, offer.hit)


def expected_damage(state: GameState, attacker: Entity, weapon_die: int) -> Fraction:
    return Fraction(state.world.get(attacker, Sheet).power * (weapon_die + 1), 2)


def counter_value(state: GameState, offer: PendingDefense) -> Fraction:
    """What a counter (§12.2.3) is worth in stopping power: it stops nothing, but it is a blow the attacker
    cannot defend: the chance it gets past the attacker's armor, counted at half (the defender could have
    spent the AP on its own attack, which the attacker could defend)."""
    me, attacker = offer.target, offer.attacker
    sheet = state.world.get(me, Sheet)
    untrained = 0 if sheet.is_trained(defenses.COUNTER) else -2
    armor = state.world.get(attacker, Sheet).armor
    armor_value = 0 if armor is None or attack.armor_broken(state, attacker) else armor.value
    edges = situation.net(situation.hit_edges(state, me, attacker, ranged=False))
    weapon = attack.weapon_of(state, me)
    return chance_at_least(attack.hit_modifier(state, me, weapon), edges + untrained, max(5, armor_value)) / 2


def choose_defense(state: GameState, offer: PendingDefense, level: Level) -> str:
    """Which defense to take against ``offer``: none if the armor will absorb the hit anyway; otherwise the
    best chance of stopping it (or a counter's worth) less what its AP costs, if that is worth anything (a
    hurt creature values its AP less than its skin)."""
    me = offer.target
    options = attack.defense_options(state, me, offer.attacker, offer.melee, False)
    if not level.defends:
        return defenses.DODGE if defenses.DODGE in options and stop_chance(state, offer, defenses.DODGE) == 1 else defenses.NONE
    armor = state.world.get(me, Sheet).armor
    if offer.weapon not in (attack.GRAB, attack.DISARM) and armor and not attack.armor_broken(state, me) \
            and offer.hit < armor.value:
        return defenses.NONE
    vitals = state.world.get(me, Vitals)
    block_free = state.world.get(me, Sheet).block_trained
    best, best_score = defenses.NONE, Fraction(0)
    for name in options:
        cost = defenses.ap_cost(name, block_free)
        if name == defenses.COUNTER:
            chance = counter_value(state, offer)
        else:
            chance = stop_chance(state, offer, name)
        score = chance - Fraction(cost, 4 if 2 * vitals.damage >= vitals.health else 2)
        if offer.weapon == attack.GRAB:
            score += chance / 2
        if score > best_score:
            best, best_score = name, score
    return best


def blow_value(state: GameState, me: Entity, enemy: Entity) -> Fraction:
    """Hard's weighing of an attack: the exact chance the hit gets past the enemy's armor and, when it has an
    AP to dodge with, past its Defense; times the average damage, as a share of the Health it has left."""
    weapon = attack.weapon_of(state, me)
    edges = situation.net(situation.hit_edges(state, me, enemy, ranged=weapon.ranged))
    theirs = state.world.get(enemy, Sheet)
    armor = 0 if theirs.armor is None or attack.armor_broken(state, enemy) else theirs.armor.value
    need = max(5, armor)
    if ap(state, enemy).left > 0 and afflictions.can_act(state.conditions(enemy)):
        need = max(need, afflictions.defense(state.conditions(enemy), theirs.defense) + 1)
    chance = chance_at_least(attack.hit_modifier(state, me, weapon), edges, need)
    vitals = state.world.get(enemy, Vitals)
    left = max(1, vitals.health - vitals.damage)
    average = expected_damage(state, me, weapon.die)
    return chance * min(average, Fraction(left)) / left


def good_defender(state: GameState, me: Entity) -> bool:
    """Whether keeping an AP for defense pays: a typical hit (12) is stopped more often than not by the
    creature's best defense (its Dodge, or a trained or free Block or Parry)."""
    typical = PendingDefense(me, me, TYPICAL_HIT, "", True)
    sheet = state.world.get(me, Sheet)
    names = [defenses.DODGE] + [d for d in (defenses.BLOCK, defenses.PARRY)
                                if sheet.is_trained(d) or (d == defenses.BLOCK and sheet.block_trained)]
    return any(stop_chance(state, typical, d) > Fraction(1, 2) for d in names)


def choose_area_defense(state: GameState, blast: PendingArea, level: Level) -> tuple[str, Any]:
    """Against an area attack (R20): the long jump when 2 AP can be spared and the armor would not absorb the hit,
    to the landing :func:`choose_landing` picks; else none."""
    me = blast.target
    armor = state.world.get(me, Sheet).armor
    if not level.defends or (armor and not attack.armor_broken(state, me) and blast.hit < armor.value):
        return defenses.NONE, None
    if defenses.LONG_JUMP not in area.options(state, me):
        return defenses.NONE, None
    to = choose_landing(state, blast)
    return (defenses.LONG_JUMP, to) if to is not None else (defenses.NONE, None)


def choose_landing(state: GameState, blast: PendingArea) -> Any:
    """Where the long jump lands, among the squares the door accepts (area.landings): a hurt creature or an archer
    where the fewest enemies reach it, as far from them and as near its allies as it can; a fighter fit to fight
    not where two enemies can strike it, and within reach of one if it can, else as near one as it can."""
    me = blast.target
    spots = area.landings(state, blast)
    if not spots:
        return None
    side = state.space(me)[1]
    foes = [e for e in creatures(state) if state.are_enemies(me, e) and fighting(state, e)]
    friends = [e for e in creatures(state) if e != me and not state.are_enemies(me, e) and fighting(state, e)]
    reach = state.world.get(me, Sheet).reach
    vitals = state.world.get(me, Vitals)
    keeps_away = attack.weapon_of(state, me).ranged or 2 * vitals.damage >= vitals.health

    def gap(square: Any, other: Entity) -> int:
        return space_distance(square, side, *state.space(other))

    def threatened(square: Any) -> int:
        return sum(1 for f in foes if gap(square, f) <= state.world.get(f, Sheet).reach)

    def nearest(square: Any, group: list[Entity]) -> int:
        return min((gap(square, e) for e in group), default=0)

    if keeps_away:
        return min(spots, key=lambda s: (threatened(s), -nearest(s, foes), nearest(s, friends), s))
    # A fighter: not where two enemies or more can strike it; then beside an enemy it can strike next.
    return min(spots, key=lambda s: (threatened(s) > 1, not any(gap(s, f) <= reach for f in foes), threatened(s),
                                     nearest(s, foes), s))


class ControllerSotdl:
    """The computer player for ``side`` at ``difficulty``; ``seed`` seeds easy's blunders."""

    def __init__(self, side: str, difficulty: str = "normal", seed: int = 0) -> None:
        if difficulty not in LEVELS:
            raise ValueError(f"unknown difficulty {difficulty!r} (choose {', '.join(LEVELS)})")
        self.side = side
        self.difficulty = difficulty
        self.level = LEVELS[difficulty]
        self.seed = seed
        self.last_label = ""

    def next_command(self, state: GameState) -> Any:
        who = decider(state)
        if state.side(who) != self.side:
            raise NotMyTurn(f"{state.name(who)} is on side {state.side(who)!r}, not {self.side!r}")
        offer = state.world.maybe_resource(PendingDefense)
        if offer is not None:
            choice = choose_defense(state, offer, self.level)
            return self._chose(L_("defend: {defense}", defense=defenses.SPOKEN.get(choice, L_("no defense"))), Defend(who, choice))
        blast = state.world.maybe_resource(PendingArea)
        if blast is not None:
            choice, to = choose_area_defense(state, blast, self.level)
            return self._chose(L_("defend: {defense}", defense=defenses.SPOKEN.get(choice, L_("no defense"))), Defend(who, choice, to))
        chance = state.world.maybe_resource(PendingFreeAttack)
        if chance is not None:
            take = self.level.keeps_ap != "always" or ap(state, who).left >= 2
            return self._chose(L_("free attack") if take else L_("let it go"), FreeAttack(who, take))
        plans = self._plans(state)
        if self.level.blunder:
            dice = self._dice(state)
            if dice.roll(100) <= self.level.blunder:
                some = list(islice(plans, BLUNDER_CHOICES))
                if some:
                    return self._chose(*some[dice.roll(len(some)) - 1])
        first = next(plans, None)
        if first is not None:
            return self._chose(*first)
        return self._chose(L_("pass"), Pass(self._actor(state)))

    def _dice(self, state: GameState) -> SeededDice:
        """Easy's blunders: seeded dice from a digest of the seed and the moment (round, AP left), so a
        loaded save plays on as it would have."""
        current = round_of(state)
        moment = f"{self.seed}:{self.side}:{current.number}:" + ",".join(
            str(ap(state, e).left) for e in creatures(state))
        return SeededDice(int.from_bytes(hashlib.sha256(moment.encode()).digest()[:8], "big"))

    def _chose(self, label: str, command: Any) -> Any:
        """Takes ``command``; ``label`` (a Lazy line) says why, on the screen and in logs."""
        self.last_label = label
        return command

    def _actor(self, state: GameState) -> Entity:
        current = round_of(state)
        if current.holder is not None:
            return current.holder
        mine = [e for e in creatures(state) if state.side(e) == self.side and may_take_initiative(state, e)]
        return mine[0] if mine else decider(state)

    def _plans(self, state: GameState) -> Iterator[tuple[str, Any]]:
        """Legal plans, best first, for the creatures that may act now."""
        current = round_of(state)
        actors = [current.holder] if current.holder is not None else \
            [e for e in creatures(state) if state.side(e) == self.side and may_take_initiative(state, e)]
        engaged = sorted(actors, key=lambda e: (not self._enemies_in_reach(state, e), -ap(state, e).left))
        passing: list[tuple[str, Any]] = []
        if self.level.side_first and current.holder is None:
            yield from self._side_first(state, actors)
        for me in engaged:
            for plan in self._plans_for(state, me):
                if validate(state, plan[1]) is not None:
                    continue
                if isinstance(plan[1], Pass):          # another creature may still have something better
                    passing.append(plan)
                    break
                yield plan
        yield from passing

    def _enemies_in_reach(self, state: GameState, me: Entity) -> list[Entity]:
        weapon = attack.weapon_of(state, me)
        reach = weapon.range_yd if weapon.ranged else state.world.get(me, Sheet).reach
        return [e for e in creatures(state) if state.are_enemies(me, e) and fighting(state, e)
                and not state.has_condition(e, "hidden") and situation.distance(state, me, e) <= reach]

    def _threatened(self, state: GameState, me: Entity) -> bool:
        for enemy in creatures(state):
            if state.are_enemies(me, enemy) and fighting(state, enemy) and ap(state, enemy).left > 0:
                if situation.distance(state, me, enemy) <= state.world.get(enemy, Sheet).reach + speed(state, enemy):
                    return True
        return False

    def _keep_ap(self, state: GameState, me: Entity) -> bool:
        rule = self.level.keeps_ap
        if rule == "never" or ap(state, me).left > 1 or not self._threatened(state, me):
            return False
        if not good_defender(state, me):
            return False
        vitals = state.world.get(me, Vitals)
        return rule == "always" or 2 * vitals.damage >= vitals.health

    def _target_score(self, state: GameState, me: Entity, enemy: Entity) -> tuple:
        """Focus: first the enemies that can neither defend nor answer (no AP: R4 hands them nothing),
        then the one closest to dropping."""
        vitals = state.world.get(enemy, Vitals)
        left = vitals.health - vitals.damage
        if not self.level.focus:
            return (0, 0, situation.distance(state, me, enemy), enemy)
        if self.level.weighs:
            # The best blow only among the enemies as close to dropping: first by the blow alone, hard won
            # 28 of 80 games against normal (issue 21, docs/ai.md).
            return (ap(state, enemy).left > 0, left, -blow_value(state, me, enemy), situation.distance(state, me, enemy),
                    enemy)
        return (ap(state, enemy).left > 0, left, situation.distance(state, me, enemy), enemy)

    def _side_first(self, state: GameState, actors: list[Entity]) -> Iterator[tuple[str, Any]]:
        """Hard, with the side's initiative: a potion for a fallen ally by any creature next to it; then every
        blow any creature can strike, the enemies with no AP left first (they can neither defend nor answer,
        R4), then the nearest to dropping, then the best blow (``blow_value``)."""
        for me in actors:
            for ally in creatures(state):
                if not state.are_enemies(me, ally) and state.has_condition(ally, "incapacitated"):
                    potion = UseItem(me, ally)
                    if validate(state, potion) is None:
                        yield L_("potion"), potion

        def rank(pair: tuple[Entity, Entity]) -> tuple:
            me, enemy = pair
            vitals = state.world.get(enemy, Vitals)
            return (ap(state, enemy).left > 0, vitals.health - vitals.damage, -blow_value(state, me, enemy), me, enemy)

        pairs = [(me, enemy) for me in actors for enemy in self._enemies_in_reach(state, me)]
        for me, enemy in sorted(pairs, key=rank):
            blow = Attack(me, enemy)
            if not self._keep_ap(state, me) and validate(state, blow) is None:
                yield L_("attack {target}", target=state.name(enemy)), blow

    def _plans_for(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        conditions = state.conditions(me)
        if afflictions.in_a_grab(conditions) or conditions.has("parried"):
            yield L_("escape"), Escape(me)
        if conditions.has("prone") and not conditions.has("incapacitated"):
            yield L_("stand up"), StandUp(me)
        if self.level.heals:
            for ally in creatures(state):
                if not state.are_enemies(me, ally) and state.has_condition(ally, "incapacitated"):
                    yield L_("potion"), UseItem(me, ally)
        targets = sorted(self._enemies_in_reach(state, me), key=lambda e: self._target_score(state, me, e))
        if self.level.fetches and attack.gear(state, me).potions > 0 and ap(state, me).left >= 2:
            yield from self._to_the_fallen(state, me)
        keep = self._keep_ap(state, me)
        if keep and not targets:
            yield L_("keep AP for defense"), Pass(me)
        if self.level.throws and attack.gear(state, me).bombs > 0:
            yield from self._throws(state, me)
        for enemy in targets:
            yield L_("attack {target}", target=state.name(enemy)), Attack(me, enemy)
        if keep:
            yield L_("keep AP for defense"), Pass(me)
        if self.level.stands_off and round_of(state).holder == me and not targets:
            # Struck from beyond its reach (an archer): walking up alone spends the AP it needs to defend and
            # meets the enemy's blows first; it keeps them and lets its side move (issue 21, docs/ai.md).
            yield L_("hold back: keep AP for defense"), Pass(me)
        yield from self._approach(state, me)
        # H8: any damage kills an incapacitated creature. With no fighting enemy to strike or walk to, finish
        # one off: a fallen hero in a one-square doorway or gallery otherwise blocks both sides for good (issue 21).
        for enemy in self._fallen_in_reach(state, me):
            yield L_("finish off {target}", target=state.name(enemy)), Attack(me, enemy)
        yield L_("pass"), Pass(me)

    def _to_the_fallen(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        """A walk (its cheapest of the eight cheapest that provoke no free attack) next to a fallen ally, to give
        it a potion with the next AP."""
        fallen = [a for a in creatures(state) if a != me and not state.are_enemies(me, a)
                  and state.has_condition(a, "incapacitated")]
        if not fallen:
            return
        result, ends = reachable(state.battlefield, figure(state, me), others(state, me), speed(state, me))
        side = state.space(me)[1]
        reach = state.world.get(me, Sheet).reach
        spots = [s for s in ends if s != result.start
                 and any(space_distance(s, side, *state.space(a)) <= reach for a in fallen)]
        for spot in sorted(spots, key=lambda s: (result.cost.get(s, 0), s))[:8]:
            path = result.path_to(spot)
            if path and not situation.provokers(state, me, tuple(path)):
                yield L_("to a fallen ally with a potion"), Move(me, path)
                return

    def _fallen_in_reach(self, state: GameState, me: Entity) -> list[Entity]:
        weapon = attack.weapon_of(state, me)
        reach = weapon.range_yd if weapon.ranged else state.world.get(me, Sheet).reach
        return [e for e in creatures(state) if state.are_enemies(me, e) and not fighting(state, e)
                and situation.distance(state, me, e) <= reach]

    def _throws(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        """Alchemist's fire where it catches two enemies or more and no friend."""
        for foe in creatures(state):
            if not state.are_enemies(me, foe) or state.has_condition(foe, "hidden"):
                continue
            centre = state.square(foe)
            hit = area.caught(state, area.burst(state, centre))
            if any(not state.are_enemies(me, e) for e in hit):
                continue
            if sum(1 for e in hit if fighting(state, e)) >= 2:
                yield L_("alchemist's fire on {target}", target=state.name(foe)), Throw(me, centre)

    def _approach(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        """A charge (normal, hard) or a walk to the square nearest an enemy."""
        foes = [e for e in creatures(state) if state.are_enemies(me, e) and fighting(state, e)
                and not state.has_condition(e, "hidden")]
        if not foes:
            return
        yards = speed(state, me)
        if yards <= 0:
            return
        result, ends = reachable(state.battlefield, figure(state, me), others(state, me), yards)
        side = state.space(me)[1]
        reach = state.world.get(me, Sheet).reach
        weapon = attack.weapon_of(state, me)

        def gap(square: tuple[int, int], foe: Entity) -> int:
            there, their = state.space(foe)
            return space_distance(square, side, there, their)

        if self.level.charges and not weapon.ranged and ap(state, me).left >= 2:
            # A charge spends 2 AP: worth it when AP is left to defend after it, or the enemy cannot answer.
            chargeable = [f for f in foes if ap(state, me).left >= 3 or ap(state, f).left == 0]
            for foe in sorted(chargeable, key=lambda f: self._target_score(state, me, f)):
                spots = [s for s in ends if s != result.start and gap(s, foe) <= reach]
                if spots:
                    spot = min(spots, key=lambda s: (result.cost[s], s))
                    path = result.path_to(spot)
                    if path:
                        yield L_("charge {target}", target=state.name(foe)), Charge(me, path, foe)
        # Walking distance round walls (this ruleset has no map portals): the nearest square in a straight line
        # can be the near face of a wall the enemy stands behind, where it would wait for ever (issue 21).
        route = route_squares(state.battlefield, [q for f in foes for q in footprint(*state.space(f))], side)
        if weapon.ranged:
            best = self._shooting_spot(state, ends, result.cost, side, foes, weapon.range_yd, route)
        else:
            def placed(square: tuple[int, int]) -> bool:
                return any(gap(square, f) <= reach for f in foes)

            best = min(ends, key=lambda s: (not placed(s), 0 if placed(s) else route.get(s, UNREACHED),
                                            min(gap(s, f) for f in foes), result.cost.get(s, 0), s))
        if best != result.start:
            path = result.path_to(best)
            if path:
                yield L_("advance"), Move(me, path)

    @staticmethod
    def _shooting_spot(state: GameState, ends: list, cost: dict, side: int, foes: list[Entity], range_yd: int,
                       route: dict[tuple[int, int], int]) -> Any:
        """The cheapest square with an enemy in range and a line of effect; else the nearest by the way round."""
        def short(square: Any) -> int:
            return min(max(0, space_distance(square, side, *state.space(f)) - range_yd) for f in foes)
        ranked = sorted(ends, key=lambda s: (short(s), cost.get(s, 0), s))
        for square in ranked:
            if short(square) > 0:
                break
            if any(space_distance(square, side, *state.space(f)) <= range_yd
                   and line_of_effect(state.battlefield, (square, side), state.space(f)) for f in foes):
                return square
        return min(ends, key=lambda s: (route.get(s, UNREACHED), short(s), cost.get(s, 0), s))


class ScriptedSotdl:
    """The plain opponent (docs/ai.md): attack the nearest enemy in reach, else walk at the nearest;
    dodge only when it surely works; take every free attack; never keep AP back."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.inner = ControllerSotdl(side, "easy", 0)
        self.inner.level = Level(False, "never", False, False, False, False, False, 0)
        self.last_label = ""

    def next_command(self, state: GameState) -> Any:
        command = self.inner.next_command(state)
        self.last_label = self.inner.last_label
        return command
