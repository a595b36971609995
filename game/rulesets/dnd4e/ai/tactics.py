"""One creature's turn, planned whole and scored in expected hit points (4e-combat.md §3, §5-§27).

The planner works on one copy of the state per decision (never one per candidate): to ask what an
attack would be from another square it stands the creature there on the copy, asks the rules
(``plan_attack``, ``plan_area``, ``provokers``, ``cover``, ``forced_step_ok``) and puts it back.

A plan is the rest of the turn (minor actions first; then move-then-attack, attack-then-move, a
charge, teleport-then-attack, second wind, total defense or a plain move) scored as

    damage dealt (capped at what each target has left, weighted toward bloodied targets)
    + the chance of dropping a target times what that target would still do to us
    + the worth of conditions laid, and of pushes over ledges and into hazards
    - harm to allies caught in an area
    - the opportunity attacks the plan provokes
    + the worth of the square it ends on: little danger (enemy melee reach, enemy archers against
      its cover and concealment), and nearness to a target when it cannot attack yet.

Candidates are ranked by a cheap optimistic guess (reach, defenses, flanking) and only the best few
are worked out exactly (branch and bound), so one decision asks the rules a few dozen questions.
Only the first command of the best plan is returned; the next call plans again from the new state.

``Planner`` is the turn (``plans``, ``_best_move``, charges) and the decision's shared state; its sections are
package-private mixins: ``positions.py`` (the enemies' reach, a square's worth, stations and routes),
``attacks.py`` (guesses, exact looks, ``best_attacks``) and ``support.py`` (minor actions, healing, second wind,
the action point), over ``planning.py`` (levels, plans, stations, foes and what the sections read of each other).
"""

from __future__ import annotations

import heapq

from game.rulesets.dnd4e.ai.said import Said
from game.rulesets.dnd4e.i18n import N_
from game.rulesets.dnd4e.actions.attack import AttackPlan, plan_attack
from game.rulesets.dnd4e.actions.commands import (
    Attack, Charge, DrinkPotion, EndTurn, Escape, SecondWind,
    SpendActionPoint, StandUp, Sustain, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.common import uses_left
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.move import WALK, can_double_move, mode_speed, move_blocker
from game.rulesets.dnd4e.ai.ground import Approach
from game.rulesets.dnd4e.ai.odds import power_average, strike
from game.core.bfcache import BoundedCache, built_once
from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.grid import Square, chebyshev, space_distance
from game.core.movement import SearchResult
from game.ecs.components import Arsenal, Body, Conditions, Health, Position, Power, Stats
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MOVE, STANDARD, spend
from game.rulesets.dnd4e.situation import AREA, CLOSE, GRANTS_COMBAT_ADVANTAGE, MELEE, RANGED
from game.state import GameState
from game.rulesets.dnd4e.ai.attacks import MARGIN, Attacks, _Hashed
from game.rulesets.dnd4e.ai.planning import DIFFICULTIES, STYLES, USE_COST, Foe, Plan, Station, Style
from game.rulesets.dnd4e.ai.positions import Positions
from game.rulesets.dnd4e.ai.support import Support

# Imported from here by the rest of the game and the tests.
__all__ = ["DIFFICULTIES", "STYLES", "USE_COST", "Foe", "Plan", "Planner", "Station", "Style"]

FOES_KEPT = 1024                   # enemies as the planner sees them, remembered per battlefield


class Planner(Positions, Attacks, Support):
    """Everything one decision needs, each worked out at most once."""

    def __init__(self, state: GameState, me: Entity, style: Style, nudges: Dice | None = None) -> None:
        self.live = state
        self.state = s = state.clone()
        self.me = me
        self.style = style
        self.nudges = nudges
        self.side = s.side(me)
        self.home, self.size = s.space(me)
        self.bf = s.battlefield
        self.standing = s.standing()
        self.allies = [a for a in self.standing if a != me and not s.are_enemies(me, a)]
        self.stats = s.stats(me)
        self.hp_fraction = max(0.0, s.world.get(me, Health).hp / self.stats.max_hp)
        self.turn = s.turn
        self.foes = [self._foe(e) for e in self.standing if s.are_enemies(me, e) and s.conscious(e)]
        self.foe_of = {f.entity: f for f in self.foes}
        self.powers = self._usable_powers()
        self.dpr, self.prefers_range, reach = self._own_reach()
        # A shooter within range of a foe it has no line to (round a wall of force, a corner) waited there for
        # ever, and so did the foe: from round 11 on it wants to be a square nearer each round (issue 21).
        self.engage = max(1, reach - max(0, self.turn.round - 10))
        fragile = 1.5 if self.stats.role in ("artillery", "controller") or self.prefers_range else 1.0
        # Both sides wary of each other would wait for ever: from round 5 on the danger counts for less and less.
        patience = 1.0 / (1.0 + 0.25 * max(0, self.turn.round - 4))
        self.danger_weight = style.danger * (2.0 - self.hp_fraction) * fragile * patience
        self.approach_weight = 0.6 * max(self.dpr, 2.0) * (1.0 + 0.2 * max(0, self.turn.round - 2))
        self._approach_scale = self.approach_weight / max(1, self.stats.speed)
        self._melee_map: dict[Square, float] | None = None
        self._approach: Approach | None = None
        self._position: dict[Square, float] = {}
        self._closed: frozenset[Square] | None = None
        self._refined: dict[Square, float] = {}
        self._walk: SearchResult | None = None
        self._safe: SearchResult | None | bool = False
        self._threatened: set[Square] | None = None
        self._areas: dict[tuple[Square, str], list[Plan]] = {}
        self._attack_list: list[tuple[Power, int]] | None = None
        self._roughs: dict[tuple[str, Entity, int], float] = {}
        self._teleports: list[Station] | None = None
        self._print: _Hashed | None = None
        self._archer_list: list[Foe] | None = None
        self._archer_rows: list[tuple[int, int, int, int, float]] | None = None
        self._taken_squares: set[Square] | None = None
        self._hazards = _has_hazards(self.bf)
        self._ledges = style.smart_push and _pushable_ground(self.bf)    # where a push leaves its target matters
        self._friends: list[tuple[Square, int]] | None = None
        self._provoker_rows: list[tuple[Square, int, float]] | None = None
        self._farthest_reach: int | None = None
        self._ceiling: float | None = None

    # Who is who ---------------------------------------------------------------------------------------
    def _foe(self, enemy: Entity) -> Foe:
        """The enemy as the planner sees it, kept per battlefield while what it is made of stands: the
        components read below are immutable and replaced when they change, so they are compared by identity
        (and held in the entry, so an identity is never reused while it is kept)."""
        world = self.state.world
        parts = (world.get(enemy, Arsenal), self.stats, world.get(enemy, Stats), world.maybe(enemy, Conditions),
                 world.get(enemy, Position), world.get(enemy, Body))
        known = built_once(self.bf, "foes", BoundedCache, FOES_KEPT)
        key = (enemy, *map(id, parts))
        kept = known.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], parts)):
            return kept[1]
        return known.put(key, (parts, self._foe_made(enemy)))[1]

    def _foe_made(self, enemy: Entity) -> Foe:
        s = self.state
        defenses = self.stats.defenses
        melee, reach, ranged, far = 0.0, 1, 0.0, 0
        for p in s.arsenal(enemy).attacks:
            if not p.attacks or p.usage != "at-will" or p.action in ("interrupt", "reaction"):
                continue
            value = power_average(p, defenses.value(p.defense))
            if p.kind == MELEE and value > melee:
                melee, reach = value, p.reach
            elif p.kind == CLOSE and value > melee:
                melee, reach = value, max(1, p.size)
            elif p.kind in (RANGED, AREA) and value > ranged:
                ranged, far = value, max(p.reach, p.long_range) + (p.size if p.kind == AREA else 0)
        speed = s.stats(enemy).speed
        if s.has_any_condition(enemy, ("immobilized", "restrained", "grabbed")):
            speed = 0
        elif s.has_condition(enemy, "slowed"):
            speed = min(speed, 2)
        if s.has_condition(enemy, "weakened"):
            melee, ranged = melee / 2, ranged / 2
        active = not s.has_any_condition(enemy, ("stunned", "dominated", "petrified"))
        grants = s.has_any_condition(enemy, GRANTS_COMBAT_ADVANTAGE)
        return Foe(enemy, s.space(enemy), melee, reach, ranged, far, speed, active, grants)

    def _usable_powers(self) -> list[Power]:
        s = self.state
        found = []
        for p in s.arsenal(self.me).attacks:
            if p.action in ("interrupt", "reaction"):
                continue
            left = uses_left(s, self.me, p.name, p.usage, p.uses)
            if left is None or left > 0:
                found.append(p)
        return found

    def _own_reach(self) -> tuple[float, bool, int]:
        """Damage per round of its best at-will attack, whether it is a ranged one, and how near it needs to be."""
        melee = max([(power_average(p, 15), p.reach) for p in self.powers if p.kind == MELEE and p.usage == "at-will"]
                    + [(0.0, 1)])
        far = max([(power_average(p, 15), p.reach) for p in self.powers
                   if p.kind in (RANGED, AREA) and p.usage == "at-will" and p.attacks] + [(0.0, 0)])
        if far[0] > melee[0] * 1.1:
            return far[0], True, max(1, far[1] - 1)
        return melee[0], False, max(1, melee[1])

    # The turn -------------------------------------------------------------------------------------------
    def plans(self) -> list[Plan]:
        """Every plan for the rest of the turn, best first (ties in a fixed order)."""
        s = self.state
        me = self.me
        budget = self.turn.actions
        if s.has_condition(me, "prone") and not budget.one_action and validate(self.live, StandUp(me)) is None:
            return [Plan(100.0, StandUp(me), Said(N_("stand up")))]
        found: list[Plan] = []
        if budget.standard < 1 and budget.move < 1 and budget.minor < 1:
            return [Plan(0.0, EndTurn(me), Said(N_("end turn")))]
        minor = self.minor()
        if minor is not None:
            found.append(Plan(minor.score + 50.0, minor.command, minor.label))
        point = self.action_point()
        if point is not None:
            found.append(Plan(point.score + 40.0, point.command, point.label))
        after_standard = spend(budget, STANDARD)
        after_move = spend(budget, MOVE)
        speed = mode_speed(s, me, WALK)
        move_then_attack = after_move is not None and spend(after_move[0], STANDARD) is not None
        attack_then_move = after_standard is not None and spend(after_standard[0], MOVE) is not None
        # The squares one move reaches, worked out when first needed: after a move, with the standard action left,
        # only a plain move uses them, and only when no attack from here is worth anything.
        reached: list[list[Station]] = []

        def walkable() -> list[Station]:
            if not reached:
                reached.append(self.stations(speed) if after_move is not None else [])
            return reached[0]

        home = Station(self.home, None, 0.0)
        if attack_then_move and walkable():
            settle_value = self._best_move(walkable(), speed)[0]
        elif after_move is None:
            # Neither a standard nor a move action is left (nor can a standard action pay for a move): the plans are
            # a minor action (worth over 50), the action point (over 40) and the end of the turn, whose worth (the
            # square's, never above 0) ranks it last whatever it is, nudges included, so it is not worked out.
            settle_value = 0.0
        else:
            settle_value = self.refined(self.home)
        home_attacks: list[tuple[float, Station, Plan]] = []
        if after_standard is not None:
            home_attacks = self.best_attacks([(home, settle_value)], 0)
            for total, _, plan in home_attacks:
                found.append(Plan(total, plan.command, plan.label))
            for plan in self._coups():
                found.append(Plan(plan.score + settle_value, plan.command, plan.label))
            wind = self.second_wind()
            if wind > 0:
                found.append(Plan(wind + settle_value, SecondWind(me), Said(N_("second wind"))))
            if not home_attacks and self.danger_weight and self.hurt(self.home):
                defend = 0.15 * self.danger_weight * self.hurt(self.home)
                found.append(Plan(defend + settle_value - 0.5, TotalDefense(me), Said(N_("total defense"))))
        if move_then_attack and walkable():
            stations = walkable()
            self._fill_positions(stations)
            moving = self.best_attacks([(st, self.position(st.square) - st.extra) for st in stations], speed)
            for total, place, plan in moving:
                if place.command is not None:
                    found.append(Plan(total, place.command, Said(N_("to {square}, then {plan}"), square=place.square, plan=plan.label)))
            # §25.5: where walking up for a melee basic attack is the best, charging it (+1) may be better.
            basic = s.arsenal(me).basic_attack(MELEE)
            if moving and basic is not None and isinstance(moving[0][2].command, Attack) and \
                    moving[0][2].command.attack == basic.name:
                found += self._charges(speed, moving[0][2].command.target)
        # A square's worth is never above 0 (danger and distance only take away), so a plain move cannot
        # beat an attack plan already worth more than that: no need to look.
        attacking = max((p.score for p in found if not isinstance(p.command, (Sustain, UsePower, DrinkPotion,
                                                                               SpendActionPoint))), default=-1.0)
        if after_move is not None and attacking <= 0.0:
            reach = 2 * speed if can_double_move(s) else speed
            more = self.stations(reach) if reach != speed else walkable()
            value, station = self._best_move(more, reach)
            if station is not None and station.command is not None:
                found.append(Plan(value - 0.01, station.command, Said(N_("move to {square}"), square=station.square)))
        if s.has_condition(me, "grabbed") and not home_attacks:
            for skill in ("athletics", "acrobatics"):
                command = Escape(me, skill)
                if validate(self.live, command) is None:
                    found.append(Plan(settle_value + 1.0, command, Said(N_("escape"))))
                    break
        found.append(Plan(settle_value if after_move is None else self.refined(self.home), EndTurn(me), Said(N_("end turn"))))
        if self.nudges is not None and self.style.noise:
            # Easy's nudge: a whole number from -noise to +noise, off the seeded dice.
            spread = self.style.noise
            found = [Plan(p.score + self.nudges.roll(2 * spread + 1) - spread - 1, p.command, p.label) for p in found]
        ranked = sorted(enumerate(found), key=lambda t: (-t[1].score, t[0]))
        return [p for _, p in ranked]

    def _best_move(self, stations: list[Station], budget: int) -> tuple[float, Station | None]:
        """The best square to end the turn on with one move (or staying put), and its worth."""
        best_value, best = self.refined(self.home), Station(self.home, None, 0.0)
        leaving = self._leaving_cost()

        self._fill_positions(stations)
        position = self.position
        guesses = [position(station.square) - station.extra - (leaving if station.provoked < 0 else 0.0)
                   for station in stations]
        looked = 0
        # Best guess first, ties in station order: a heap of (-guess, index) pops exactly the sorted order, and the
        # loop usually stops after a few, so the rest are never sorted.
        ranked = [(-guess, index) for index, guess in enumerate(guesses)]
        heapq.heapify(ranked)
        while ranked:
            index = heapq.heappop(ranked)[1]
            station = stations[index]
            if guesses[index] + MARGIN < best_value or looked >= self.style.exact:
                break
            settled = self.settle(station, budget)
            if settled is None:
                continue
            looked += 1
            value = self.refined(station.square) - settled.provoked - settled.extra
            if value > best_value + 1e-9:
                best_value, best = value, settled
        return best_value, best

    def _charges(self, speed: int, target: Entity) -> list[Plan]:
        """§25.5: a charge at ``target`` ends on the nearest square to attack from and attacks at +1."""
        s = self.state
        basic = s.arsenal(self.me).basic_attack(MELEE)
        if basic is None or move_blocker(s, self.me, WALK) is not None or target not in self.foe_of:
            return []
        walk = self.walk()
        plans: list[Plan] = []
        for foe in (self.foe_of[target],):
            gap = space_distance(self.home, self.size, *foe.space)
            if gap <= basic.reach or gap > speed + basic.reach:
                continue
            ends = sorted((chebyshev(q, walk.start), walk.cost[q], q) for q in walk.endable
                          if q != walk.start and walk.cost.get(q, speed + 1) <= speed
                          and space_distance(q, self.size, *foe.space) <= basic.reach)
            for _, _, end in ends[:2]:
                path = walk.path_to(end)
                if path is None:
                    continue
                command = Charge(self.me, foe.entity, path)
                if validate(self.live, command) is not None:
                    continue
                with self._at(end):
                    plan = plan_attack(s, self.me, foe.entity, basic.name, charge=True)
                if not isinstance(plan, AttackPlan):
                    break
                found = strike(s, self.me, foe.entity, plan, self.me not in self.turn.extra_damage_dealt)
                ledges = self._ledges
                with self._at(end):
                    value = self._value(foe.entity, found, basic, (end, self.size), ledges)
                value += self.refined(end) - self.opportunity_cost(path)
                plans.append(Plan(value, command, Said(N_("charge {foe}"), foe=s.name(foe.entity))))
                break
        return plans


def _has_hazards(bf: Battlefield) -> bool:
    return built_once(bf, _has_hazards, lambda: any(t.hazard for t in bf.terrain))


def _pushable_ground(bf: Battlefield) -> bool:
    """The battlefield has ledges or hazards, so where a push leaves its target matters."""
    return built_once(bf, _pushable_ground, lambda: bool(bf.elevation_ft and any(bf.elevation_ft))
                      or any(t.hazard for t in bf.terrain))

