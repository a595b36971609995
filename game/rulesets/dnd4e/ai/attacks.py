"""The planner's attacks: guesses, exact looks, their worth in hit points, and the best attacks from a set of squares."""

from __future__ import annotations

import heapq
from typing import Any

from game.rulesets.dnd4e.ai.said import Said
from game.rulesets.dnd4e.i18n import N_
from game.rulesets.dnd4e.actions.attack import AreaPlan, AttackPlan, plan_area, plan_attack
from game.rulesets.dnd4e.actions.commands import AreaAttack, Attack, CoupDeGrace
from game.rulesets.dnd4e.actions.move import WALK
from game.rulesets.dnd4e.ai.ground import forced_ends
from game.rulesets.dnd4e.ai.odds import Strike, average, power_average, rough_strike, strike
from game.core.areas import blast_placements
from game.core.bfcache import BoundedCache, built_once
from game.core.battlefield import Battlefield
from game.core.flanking import opposite_positions
from game.core.grid import Square, are_adjacent, space_distance
from game.core.lines import line_of_effect
from game.ecs.components import Arsenal, Conditions, Health, OutOfFight, Position, Power, Stats
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import LONG_RANGE_PENALTY, Modifier
from game.rulesets.dnd4e.economy import STANDARD
from game.rulesets.dnd4e.opportunity import can_take_opportunity_actions, provokers
from game.rulesets.dnd4e.situation import AREA, CLOSE, MELEE, RANGED
from game.rulesets.dnd4e.ai.planning import HAZARD, USE_COST, Foe, Plan, PlannerParts, Station

FALL_CATCH = 0.55                  # §20: a save (10 or more on a d20) catches the creature at the edge
FALL_DIE_AVERAGE = 5.5             # §20: 1d10 per full 10 feet
CONDITION_WORTH = {                # hit points a condition laid on an enemy is worth: roughly what it saves us
    "stunned": 7.0, "dominated": 7.0, "dazed": 3.5, "blinded": 3.0, "restrained": 3.0, "weakened": 3.0,
    "immobilized": 2.0, "prone": 2.0, "slowed": 1.5, "marked": 1.0, "deafened": 0.2, "unconscious": 8.0,
    "helpless": 4.0, "petrified": 8.0,
}
PUSH_AWAY = 0.6                   # a plain push, pull or slide
LEDGE_HOPE = 8.0                  # the most a push over a ledge might be worth, for ranking before the exact look
MARGIN = 0.5                      # how far below the best found a guess may be and still get an exact look
PLANS_KEPT = 4096                  # attack plans remembered per battlefield between decisions
ROUGHS_KEPT = 4096                 # guessed worths of a power on a target, remembered per battlefield


class Attacks(PlannerParts):
    """What each attack from each square is worth, guessed and then worked out (a section of ``Planner``)."""

    _areas: dict[tuple[Square, str], list[Plan]]
    _attack_list: list[tuple[Power, int]] | None
    _roughs: dict[tuple[str, Entity, int], float]
    _print: _Hashed | None
    _friends: list[tuple[Square, int]] | None
    _provoker_rows: list[tuple[Square, int, float]] | None
    _farthest_reach: int | None
    _ceiling: float | None

    # What a target is worth ----------------------------------------------------------------------------
    def worth(self, target: Entity) -> float:
        """What dropping ``target`` is worth: the damage it would go on doing, a few rounds of it."""
        foe = self.foe_of.get(target)
        if foe is None:
            return 4.0
        return 4.0 + 2.5 * max(foe.melee, foe.ranged)

    def damage_weight(self, target: Entity, hp: int, max_hp: int) -> float:
        """What a hit point taken from ``target`` (``hp`` of ``max_hp`` left) is worth: more when it is bloodied."""
        return 1.5 - 0.5 * hp / max_hp

    # Attacks -------------------------------------------------------------------------------------------
    def _guesses(self, square: Square) -> list[tuple[float, str, Power, Entity | None]]:
        """Optimistic guesses of every attack from ``square``: (worth, kind, power, target); kind
        "single" for melee and ranged, "area" for close and area powers (target None)."""
        found: list[tuple[float, str, Power, Entity | None]] = []
        provoke = -1.0
        size = self.size
        distances = [space_distance(square, size, *foe.space) for foe in self.foes]
        if not distances or min(distances) > self._farthest:
            return found            # no enemy within any power's reach: every guess below would be left out
        gaps = list(zip(self.foes, distances))
        for power, limit in self._attack_powers():
            if power.kind in (MELEE, RANGED):
                for foe, gap in gaps:
                    if gap > limit:
                        continue
                    bonus = 2 if foe.grants or (power.kind == MELEE and gap <= power.reach
                                                and self._would_flank(square, foe)) else 0
                    if power.needs_combat_advantage and not bonus:
                        continue
                    if power.kind == RANGED and power.weapon and gap > power.reach:
                        bonus += LONG_RANGE_PENALTY
                    value = self._rough(power, foe.entity, bonus)
                    if power.kind == RANGED:
                        if provoke < 0:
                            provoke = self._attack_provokes(square)
                        value -= provoke
                    found.append((value, "single", power, foe.entity))
            else:
                value = sum(self._rough(power, foe.entity, 0) for foe, gap in gaps if gap <= limit)
                if value > 0:
                    if power.kind == AREA:
                        if provoke < 0:
                            provoke = self._attack_provokes(square)
                        value -= provoke
                    found.append((value, "area", power, None))
        return found

    def _guess_ceiling(self) -> float:
        """No guess from any square is worth more: a single attack's guess is a kept worth (less what a shot
        provokes), an area's the sum of the positive worths of the foes in reach (each partial sum, rounded, is
        at most the same sum over all of them: float addition is monotonic). Worked out once per decision."""
        if self._ceiling is not None:
            return self._ceiling
        ceiling = float("-inf")
        for power, _ in self._attack_powers():
            if power.kind in (MELEE, RANGED):
                bonuses = (0, 2, LONG_RANGE_PENALTY) if power.kind == RANGED and power.weapon else (0, 2)
                for foe in self.foes:
                    for bonus in bonuses:
                        ceiling = max(ceiling, self._rough(power, foe.entity, bonus))
            else:
                ceiling = max(ceiling, sum(max(0.0, self._rough(power, foe.entity, 0)) for foe in self.foes))
        self._ceiling = ceiling
        return ceiling

    @property
    def _farthest(self) -> int:
        """How far from a target the farthest-reaching attack power can be used."""
        if self._farthest_reach is None:
            self._farthest_reach = max((limit for _, limit in self._attack_powers()), default=-1)
        return self._farthest_reach

    def _attack_powers(self) -> list[tuple[Power, int]]:
        """The standard-action attack powers with how far from a target each can be used."""
        if self._attack_list is None:
            found = []
            for power in self.powers:
                if power.action != STANDARD or not power.attacks:
                    continue
                if power.kind in (MELEE, RANGED):
                    found.append((power, max(power.reach, power.long_range)))
                elif power.kind == CLOSE:
                    found.append((power, power.size))
                elif power.kind == AREA:
                    found.append((power, power.reach + power.size))
            self._attack_list = found
        return self._attack_list

    def _rough(self, power: Power, target: Entity, bonus: int) -> float:
        """The guessed worth of ``power`` on ``target`` with an attack modifier of ``bonus`` (kept per decision)."""
        key = (power.name, target, bonus)
        found = self._roughs.get(key)
        if found is None:
            found = self._roughs[key] = self._rough_kept(power, target, bonus)
        return found

    def _rough_kept(self, power: Power, target: Entity, bonus: int) -> float:
        """``_rough`` worked out, kept per battlefield under what it reads: the power, our conditions (weakened),
        the target's stats, hit points and conditions, the target as the planner sees it (its worth) and the
        level's style (its weights). Those are immutable and replaced on change, so they are compared by identity
        (and held in the entry, so an identity is never reused while it is kept). Whose power it is does not
        matter: creatures of one kind share their powers, and ask the same of the same targets."""
        world = self.state.world
        parts = (power, world.maybe(self.me, Conditions), world.get(target, Stats), world.get(target, Health),
                 world.maybe(target, Conditions), self.foe_of.get(target), self.style)
        known = built_once(self.bf, "roughs", BoundedCache, ROUGHS_KEPT)
        key = (target, bonus, *map(id, parts))
        kept = known.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], parts)):
            return kept[1]
        return known.put(key, (parts, self._rough_worked_out(power, target, bonus)))[1]

    def _rough_worked_out(self, power: Power, target: Entity, bonus: int) -> float:
        """The guessed worth of ``power`` on ``target`` with an attack modifier of ``bonus``, from the rules' odds."""
        ledges = self._ledges
        hit = rough_strike(self.state, self.me, target, power, bonus)
        found = self._value(target, hit, power, None, ledges) - USE_COST.get(power.usage, 0.0)
        if bonus > 0 and power.advantage_damage is not None:
            found += hit.hit * average(power.advantage_damage)
        return found

    def _attack_provokes(self, square: Square) -> float:
        """§25.13: a ranged or area attack made next to an enemy provokes it."""
        if not self.style.mind_opportunity:
            return 0.0
        rows = self._provoker_rows
        if rows is None:
            # Who could strike and how hard, read once per decision (this is asked for every square a decision
            # scores); the sum below adds the same values in the same order as a loop over the foes would.
            s = self.state
            used = self.turn.opportunity_used
            rows = self._provoker_rows = []
            for foe in self.foes:
                if foe.entity in used or not foe.active or not can_take_opportunity_actions(s, foe.entity):
                    continue
                basic = s.arsenal(foe.entity).basic_attack(MELEE)
                if basic is not None:
                    rows.append((foe.space[0], foe.space[1], power_average(basic, self.stats.defenses.value(basic.defense))))
        total = 0.0
        size = self.size
        for top_left, side, value in rows:
            if are_adjacent(square, size, top_left, side):
                total += value
        return total

    def _would_flank(self, square: Square, foe: Foe) -> bool:
        """§21: an ally already stands opposite ``square`` across the enemy."""
        if not are_adjacent(square, self.size, *foe.space):
            return False
        if self._friends is None:
            s = self.state
            self._friends = [s.space(a) for a in self.allies if s.conscious(a)]
        return any(opposite_positions((square, self.size), friend, foe.space) for friend in self._friends
                   if space_distance(*friend, *foe.space) == 1)

    def _base(self, square: Square, target: Entity, kind: str) -> AttackPlan | None:
        """The rules' plan for an attack of ``kind`` on ``target`` from ``square`` with the longest-reaching
        power of that kind (one look per square, target and kind; the other powers are derived from it).

        Kept between decisions too, per battlefield, under everything ``plan_attack`` reads that can
        change: where the other creatures stand, everyone's conditions, who is out of the fight."""
        longest = max((p for p in self.powers if p.kind == kind and p.attacks and p.action == STANDARD),
                      key=lambda p: (max(p.reach, p.long_range), not p.needs_combat_advantage))
        key = (self.me, square, target, longest.name, self._fingerprint())
        cache = _plan_cache(self.bf)
        if key in cache:
            return cache[key]
        if not line_of_effect(self.bf, (square, self.size), self.foe_of[target].space if target in self.foe_of
                              else self.state.space(target)):
            return cache.put(key, None)          # §6: no attack without line of effect (a cheap, cached look)
        with self._at(square):
            plan = plan_attack(self.state, self.me, target, longest.name)
        return cache.put(key, plan if isinstance(plan, AttackPlan) else None)

    def _fingerprint(self) -> "_Hashed":
        if self._print is None:
            world = self.state.world
            others = tuple((e, p) for e, p in world.query(Position) if e != self.me)
            self._print = _Hashed((others, world.stores_view(Conditions, OutOfFight, Arsenal)))
        return self._print

    def _exact_single(self, square: Square, power: Power, target: Entity) -> Plan | None:
        base = self._base(square, target, power.kind)
        if base is None or base.distance > max(power.reach, power.long_range):
            return None
        if power.needs_combat_advantage and not base.advantage:
            return None
        modifiers = tuple(m for m in base.modifiers if m.reason != "long range")
        if power.kind == RANGED and power.weapon and base.distance > power.reach:
            modifiers += (Modifier(LONG_RANGE_PENALTY, "long range", "4e §5.3"),)
        s = self.state
        plan = AttackPlan(power, base.distance, modifiers, s.stats(target).defenses.value(power.defense), base.advantage)
        found = strike(s, self.me, target, plan, self.me not in self.turn.extra_damage_dealt)
        ledges = self._ledges
        with self._at(square):
            value = self._value(target, found, power, (square, self.size), ledges)
        value -= USE_COST.get(power.usage, 0.0)
        if power.kind == RANGED:
            value -= self._attack_provokes(square)
        return Plan(value, Attack(self.me, target, power.name), Said(N_("{power} on {target}"), power=power.name, target=s.name(target)))

    def _exact_area(self, square: Square, power: Power) -> Plan | None:
        key = (square, power.name)
        if key not in self._areas:
            plans: list[Plan] = []
            with self._at(square):
                origins = self._close_origins(power, square) if power.kind == CLOSE else self._burst_origins(power, square)
                for origin in origins:
                    area = plan_area(self.state, self.me, power.name, origin)
                    if isinstance(area, AreaPlan):
                        value = self._area_value(area, (square, self.size)) - USE_COST.get(power.usage, 0.0)
                        if power.kind == AREA:
                            value -= self._attack_provokes(square)
                        said = Said(N_("{power} at {square}"), power=power.name, square=origin)
                        plans.append(Plan(value, AreaAttack(self.me, power.name, origin), said))
            plans.sort(key=lambda p: -p.score)
            self._areas[key] = plans
        found = self._areas[key]
        return found[0] if found else None

    def _value(self, target: Entity, found: Strike, profile: Power, space: tuple[Square, int] | None,
               ledges: bool, friend: bool = False) -> float:
        """What one attack's expected result on ``target`` is worth to us."""
        s = self.state
        stats = s.stats(target)
        hp = max(0, s.world.get(target, Health).hp)
        value = found.damage * self.damage_weight(target, hp, stats.max_hp) + self.style.kill * found.drop * self.worth(target)
        survives = found.hit - found.drop
        if survives > 0:
            for effect in profile.hit_effects:
                worth = CONDITION_WORTH.get(effect.condition, 0.0)
                if effect.condition == "ongoing":
                    worth = effect.amount * (1.5 if effect.duration == "save_ends" else 1.0)
                value += survives * worth
            if profile.forced and profile.forced != "swap":
                if not ledges:
                    value += survives * PUSH_AWAY
                elif space is None:
                    value += survives * LEDGE_HOPE
                else:
                    value += survives * self._push_worth(target, profile, space)
        return -self.style.ally_harm * value if friend else value

    def _push_worth(self, target: Entity, profile: Power, space: tuple[Square, int]) -> float:
        best = PUSH_AWAY
        for path, drop in forced_ends(self.state, space, target, profile.forced, profile.forced_squares):
            if len(path) > 1:
                best = max(best, self.landing_worth(target, path[-1], drop))
        return best

    def landing_worth(self, target: Entity, square: Square, drop: int) -> float:
        """An enemy pushed to ``square``, falling ``drop`` feet on the way (§20: it may catch itself)."""
        worth = PUSH_AWAY
        if drop:
            dice = drop // 10
            worth += (1 - FALL_CATCH) * dice * FALL_DIE_AVERAGE + CONDITION_WORTH["prone"]
            if dice * FALL_DIE_AVERAGE >= max(1, self.state.hp(target)):
                worth += (1 - FALL_CATCH) * self.style.kill * self.worth(target)
        if self.bf.at(square).hazard:
            worth += HAZARD
        return worth

    def _area_value(self, area: AreaPlan, space: tuple[Square, int]) -> float:
        s = self.state
        ledges = self._ledges
        total = 0.0
        for target, plan in area.targets:
            found = strike(s, self.me, target, plan, False)
            if not s.are_enemies(self.me, target):
                total += self._value(target, found, area.profile, space, ledges, friend=True)
            elif s.conscious(target):
                total += self._value(target, found, area.profile, space, ledges)
        return total

    def _crowd(self, top_left: Square, bottom_right: Square) -> tuple[int, int]:
        """(conscious enemies, allies and self) whose spaces touch the box, the planner where it stands on the copy."""
        (x0, y0), (x1, y1) = top_left, bottom_right
        s = self.state
        foes = friends = 0
        for creature in self.standing:
            (cx, cy), side = s.space(creature)
            if cx + side - 1 < x0 or cx > x1 or cy + side - 1 < y0 or cy > y1:
                continue
            if creature in self.foe_of:
                foes += 1
            elif not s.are_enemies(self.me, creature):
                friends += 1
        return foes, friends

    def _close_origins(self, power: Power, square: Square) -> list[Square]:
        if power.area == "burst":
            return [square]
        scored = []
        for origin in blast_placements((square, self.size), power.size):
            foes, friends = self._crowd(origin, (origin[0] + power.size - 1, origin[1] + power.size - 1))
            if foes:
                scored.append((foes - 2 * friends, origin))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [o for _, o in scored[:2]]

    def _burst_origins(self, power: Power, square: Square) -> list[Square]:
        """Where to centre an area burst: on an enemy, or between two enemies close enough to share it,
        with as many enemies and as few friends inside as the box count says."""
        size = power.size
        centres: list[Square] = []
        spaces = [f.space for f in self.foes]
        for index, ((ex, ey), side) in enumerate(spaces):
            centres.append((ex + side // 2, ey + side // 2))
            for (ox, oy), other in spaces[index + 1:]:
                if max(abs(ox - ex), abs(oy - ey)) <= 2 * size + side:
                    centres.append(((ex + ox + side // 2 + other // 2) // 2, (ey + oy + side // 2 + other // 2) // 2))
        scored: dict[Square, int] = {}
        for origin in centres:
            if origin in scored or space_distance(square, self.size, origin, 1) > power.reach:
                continue
            foes, friends = self._crowd((origin[0] - size, origin[1] - size), (origin[0] + size, origin[1] + size))
            scored[origin] = foes - 2 * friends
        ranked = sorted(scored.items(), key=lambda t: (-t[1], t[0]))
        return [o for o, score in ranked[:3] if score > 0]

    def best_attacks(self, stations: list[tuple[Station, float]], budget: int, keep: int = 3) -> list[tuple[float, Station, Plan]]:
        """The best attacks from these stations, each with the worth of its station (``budget``: the
        movement a walking station may use): best guess first, exact looks while a guess could still win.

        A walking station's guess first counts the opportunity attacks that leaving this square provokes
        (every walk from here does); once its path is worked out the guess is lowered by what the path
        really provokes and goes back in line, so provoking walks do not use up the exact looks."""
        leaving = self._leaving_cost()
        # Each station goes in first as one stand-in entry keyed by an upper bound of all its guesses (order -1:
        # before its own entries on a tie); popping the stand-in puts the station's real guesses in. Each real
        # entry still comes out exactly when the heap of every guess would pop it (the stand-in of any station
        # with a better guess comes out first), but most stations' guesses are never worked out.
        # With one station nothing is left out, so no ceiling is worked out; nor for a level that weighs damage its
        # own way (hard's weights read every enemy's hit points, which the kept worths are not keyed on: working
        # out the ceiling's worths earlier than its guesses would keep them at another moment of the game).
        ceiling = self._guess_ceiling() if len(stations) > 1 and _plain_guesses(type(self)) else float("inf")
        heap: list[tuple[float, int, int, Station, float, str, Power | None, Entity | None]] = [
            (-(ceiling + base - (leaving if station.provoked < 0 else 0.0)), index, -1, station, base, "", None, None)
            for index, (station, base) in enumerate(stations)]
        heapq.heapify(heap)
        landing, guesses = (self.landing if self.bf.portals else None), self._guesses   # without portals: the square
        found: list[tuple[float, Station, Plan]] = []
        best = float("-inf")
        settled: dict[Square, Station | None] = {}
        looks = 0
        while heap and looks < self.style.exact:
            negative, index, order, station, base, kind, power, target = heapq.heappop(heap)
            bound = -negative
            if bound + MARGIN < best:
                break
            if power is None:
                risk = leaving if station.provoked < 0 else 0.0
                square = station.square if landing is None else landing(station.square)
                for order, (value, kind, power, target) in enumerate(guesses(square)):
                    heapq.heappush(heap, (-(value + base - risk), index, order, station, base, kind, power, target))
                continue
            if station.square not in settled:
                settled[station.square] = self.settle(station, budget)
                place = settled[station.square]
                if place is None:
                    continue
                extra_risk = max(0.0, place.provoked) - (leaving if station.provoked < 0 else 0.0)
                if extra_risk > 1e-9:
                    heapq.heappush(heap, (-(bound - extra_risk), index, order, station, base, kind, power, target))
                    continue
            place = settled[station.square]
            if place is None:
                continue
            looks += 1
            square = self.landing(station.square)
            plan = self._exact_single(square, power, target) if kind == "single" and target is not None \
                else self._exact_area(square, power)
            if plan is None:
                continue
            worth = self.refined(station.square) - place.extra if place.command is not None else base
            total = plan.score + worth - max(0.0, place.provoked)
            found.append((total, place, plan))
            best = max(best, total)
        found.sort(key=lambda t: -t[0])
        return found[:keep]

    def _leaving_cost(self) -> float:
        """The opportunity attacks any walk from here provokes by leaving this square (§25.13)."""
        if not self.style.mind_opportunity or self.home not in self.threatened():
            return 0.0
        s = self.state
        used = self.turn.opportunity_used
        total = 0.0
        for enemy in provokers(s, self.me, (self.home, self.home), WALK):
            basic = s.arsenal(enemy).basic_attack(MELEE)
            if enemy not in used and basic is not None:
                total += power_average(basic, self.stats.defenses.value(basic.defense))
        return total

    def _coups(self) -> list[Plan]:
        """§25.6: a coup de grace on a helpless enemy next to us; little worth, since it is already down."""
        s = self.state
        basic = s.arsenal(self.me).basic_attack(MELEE)
        if basic is None:
            return []
        return [Plan(1.0, CoupDeGrace(self.me, e, basic.name), Said(N_("coup de grace on {target}"), target=s.name(e)))
                for e in self.standing
                if s.are_enemies(self.me, e) and not s.conscious(e) and s.is_helpless(e)
                and are_adjacent(self.home, self.size, *s.space(e))]


class _Hashed:
    """A value whose hash is worked out once: the fingerprint of a decision, part of every key it looks up.

    The hash is of the entities and the identities of their components (the others' positions, and the
    components of each store in the ``stores_view``), not of the components' contents: hashing every creature's
    arsenal and conditions field by field was a hundredth of a game. Equality still compares the contents, so two
    equal fingerprints made of different objects are only two keys for the same answer (a cache miss), never a
    wrong answer."""

    __slots__ = ("value", "_hash")

    def __init__(self, value: tuple[tuple[tuple[Entity, Position], ...], tuple[Any, ...]]) -> None:
        self.value = value
        others, stores = value
        # stores_view: each store's entities, then its components
        self._hash = hash((tuple(entity for entity, _ in others), tuple(id(position) for _, position in others),
                           stores[0::2], tuple(id(part) for store in stores[1::2] for part in store)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, _Hashed) and self._hash == other._hash and self.value == other.value


def _plain_guesses(kind: type[Attacks]) -> bool:
    """An attack's guessed worth is this module's own (``_rough``, ``_value`` and the weights it reads)."""
    return kind.damage_weight is Attacks.damage_weight and kind.worth is Attacks.worth and \
        kind._value is Attacks._value and kind._rough is Attacks._rough and kind._guesses is Attacks._guesses


def _plan_cache(bf: Battlefield) -> BoundedCache:
    return built_once(bf, _plan_cache, BoundedCache, PLANS_KEPT)
