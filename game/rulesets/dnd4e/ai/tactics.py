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

Why one long file: the module is one ``Planner`` whose plan kinds share the decision's caches (the walk, the
stations, the foes, the standing-in-place copy) and its bound; split across modules it would be a class in
mixins whose halves read each other's fields, which is harder to follow than one file in plan-kind order.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.rulesets.dnd4e.ai.said import Said
from game.rulesets.dnd4e.i18n import N_
from game.rulesets.dnd4e.actions.attack import AreaPlan, AttackPlan, plan_area, plan_attack
from game.rulesets.dnd4e.actions.commands import (
    AreaAttack, Attack, Charge, Command, CoupDeGrace, DrinkPotion, EndTurn, Escape, Move, SecondWind,
    SpendActionPoint, StandUp, Sustain, Teleport, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.common import lacks_action, uses_left
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.move import WALK, can_double_move, held_in_place, mode_speed, move_blocker, move_options
from game.rulesets.dnd4e.actions.teleport import teleport_destinations
from game.rulesets.dnd4e.ai.ground import (
    Approach, Walker, forced_ends, safe_path, safe_search, terrain_field, threatened_squares,
)
from game.rulesets.dnd4e.ai.odds import Strike, average, power_average, rough_strike, strike
from game.core.areas import blast_placements
from game.core.bfcache import BoundedCache, built_once
from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.flanking import opposite_positions
from game.core.grid import DIRECTIONS, Square, are_adjacent, chebyshev, footprint, space_distance
from game.core.lines import line_of_effect
from game.core.movement import SearchResult
from game.ecs.components import (
    ActionPoints, Arsenal, Body, Conditions, Health, OutOfFight, Position, Power, Stats, Surges, TeleportPower,
)
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import LONG_RANGE_PENALTY, Modifier
from game.rulesets.dnd4e.economy import MOVE, STANDARD, spend
from game.rulesets.dnd4e.opportunity import SHIFT, can_take_opportunity_actions, provokers
from game.rulesets.dnd4e.situation import (
    AREA, CLOSE, COVER, GRANTS_COMBAT_ADVANTAGE, MELEE, NO_EFFECT, RANGED, SUPERIOR_COVER, cover,
)
from game.state import GameState
from game.rulesets.dnd4e.systems.turns import sustainable

FALL_CATCH = 0.55                  # §20: a save (10 or more on a d20) catches the creature at the edge
FALL_DIE_AVERAGE = 5.5             # §20: 1d10 per full 10 feet
CONDITION_WORTH = {                # hit points a condition laid on an enemy is worth: roughly what it saves us
    "stunned": 7.0, "dominated": 7.0, "dazed": 3.5, "blinded": 3.0, "restrained": 3.0, "weakened": 3.0,
    "immobilized": 2.0, "prone": 2.0, "slowed": 1.5, "marked": 1.0, "deafened": 0.2, "unconscious": 8.0,
    "helpless": 4.0, "petrified": 8.0,
}
USE_COST = {"at-will": 0.0, "encounter": 1.5, "daily": 3.0}    # a limited power is worth keeping for later
PUSH_AWAY = 0.6                   # a plain push, pull or slide
LEDGE_HOPE = 8.0                  # the most a push over a ledge might be worth, for ranking before the exact look
HAZARD = 2.0                      # standing on a hazard square (the map marks it dangerous)
MARGIN = 0.5                      # how far below the best found a guess may be and still get an exact look
PLANS_KEPT = 4096                  # attack plans remembered per battlefield between decisions
MELEE_MAPS_KEPT = 64               # enemy melee reach maps remembered per battlefield
FOES_KEPT = 1024                   # enemies as the planner sees them, remembered per battlefield
TELEPORTS_KEPT = 256               # a teleport power's stations, remembered per battlefield
ROUGHS_KEPT = 4096                 # guessed worths of a power on a target, remembered per battlefield
ACTION_POINT_WORTH = 4.0          # an extra attack must be worth this much to spend the action point


@dataclass(frozen=True)
class Style:
    """What a difficulty level changes."""

    name: str
    noise: int              # largest nudge either way on each plan's score (0: none)
    mind_opportunity: bool  # count opportunity attacks and look for paths that provoke none
    danger: float           # weight of the damage the square it ends on invites
    cover_checks: int       # squares whose real cover against the most dangerous enemy archers is worked out
    archers: int            # ... against how many of them
    exact: int              # attacks worked out exactly per decision, at most
    ally_harm: float        # weight of harm to allies caught in an area
    kill: float             # weight of dropping a target
    action_points: bool
    smart_push: bool        # place pushes over ledges and into hazards
    heals: bool             # healing powers, potions and second wind when bloodied


STYLES = {
    "easy": Style("easy", 3, False, 0.0, 0, 0, 4, 0.3, 0.4, False, False, False),
    "normal": Style("normal", 0, True, 0.35, 4, 1, 4, 1.5, 1.0, True, True, True),
    "hard": Style("hard", 0, True, 0.25, 10, 2, 16, 2.0, 2.0, True, True, True),
}
DIFFICULTIES = tuple(STYLES)


@dataclass(frozen=True)
class Plan:
    score: float
    command: Command
    label: Said


class Station(NamedTuple):
    """A square the creature could stand on for its standard action, and how it gets there (a named tuple:
    a decision makes one for every square it can reach, and a tuple is the cheapest object to make)."""

    square: Square
    command: Command | None       # None: stay put, or a walk whose path is not worked out yet
    provoked: float               # expected damage of opportunity attacks on the way; -1: not worked out
    extra: float = 0.0            # other costs (a limited teleport power)


@dataclass(frozen=True)
class Foe:
    """An enemy as the planner sees it."""

    entity: Entity
    space: tuple[Square, int]
    melee: float                  # its damage per round against us, melee (close powers count here)
    reach: int
    ranged: float                 # ... at range
    far: int                      # its range (long range included)
    speed: int
    active: bool                  # can act on its next turn
    grants: bool                  # grants combat advantage to everyone (§9 conditions)


class Planner:
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

    def worth(self, target: Entity) -> float:
        """What dropping ``target`` is worth: the damage it would go on doing, a few rounds of it."""
        foe = self.foe_of.get(target)
        if foe is None:
            return 4.0
        return 4.0 + 2.5 * max(foe.melee, foe.ranged)

    def damage_weight(self, target: Entity, hp: int, max_hp: int) -> float:
        """What a hit point taken from ``target`` (``hp`` of ``max_hp`` left) is worth: more when it is bloodied."""
        return 1.5 - 0.5 * hp / max_hp

    # Standing somewhere else for a moment ------------------------------------------------------------
    def _at(self, square: Square) -> "_Standing":
        return _Standing(self, square)

    # What the enemies can do to us next round -------------------------------------------------------
    def melee_map(self) -> dict[Square, float]:
        """Squares enemy melee can reach by next round (walking, terrain only), with its damage summed."""
        if self._melee_map is None:
            s = self.state
            strikers = [(foe, s.world.get(foe.entity, Body)) for foe in self.foes if foe.active and foe.melee]
            # The map depends on nothing else, so one is kept per battlefield: a creature's every decision in
            # a turn (and the next creature's, while no enemy moved) reuses it.
            key = (self.size, tuple((f.space, f.melee, f.reach, f.speed, b.size, b.flying, b.phasing) for f, b in strikers))
            maps = built_once(self.bf, "melee_maps", BoundedCache, MELEE_MAPS_KEPT)
            self._melee_map = maps.get(key)
            if self._melee_map is None:
                self._melee_map = maps.put(key, self._reach_of(strikers))
        return self._melee_map

    def _reach_of(self, strikers: list[tuple[Foe, Body]]) -> dict[Square, float]:
        """``melee_map`` worked out: each striker's walking reach by next round, its damage summed."""
        found: dict[Square, float] = {}
        for foe, body in strikers:
            limit = foe.speed + foe.reach
            field = terrain_field(self.bf, foe.space[0], body.size, body.flying, body.phasing, limit)
            for square, cost in field.items():
                if cost <= limit:
                    found[square] = found.get(square, 0.0) + foe.melee
            # Big creatures and long reach: what touches its space is in reach whatever the walk says.
            (ex, ey), side = foe.space
            for y in range(ey - foe.reach - self.size + 1, ey + side + foe.reach):
                for x in range(ex - foe.reach - self.size + 1, ex + side + foe.reach):
                    if (x, y) not in field or field[(x, y)] > limit:
                        found[(x, y)] = found.get((x, y), 0.0) + foe.melee
        return found

    def hurt(self, square: Square, exact: bool = False) -> float:
        """Damage the enemies can be expected to deal us next round if we end the turn on ``square``."""
        melee = self._melee_map if self._melee_map is not None else self.melee_map()
        total = melee.get(square, 0.0)
        x, y = square
        if not exact:
            return self._obscured(x, y, self._archer_fire(x, y, total))
        size = self.size
        checks = self.style.archers
        for foe in self._archers():
            (fx, fy), side = foe.space
            # space_distance written out (asked for every archer on every square scored)
            gap = fx - (x + size - 1)
            if gap < 0:
                gap = x - (fx + side - 1)
            gap_y = fy - (y + size - 1)
            if gap_y < 0:
                gap_y = y - (fy + side - 1)
            if gap < gap_y:
                gap = gap_y
            if gap > foe.far + foe.speed:
                continue
            value = foe.ranged * (0.5 if gap <= 1 else 1.0)     # next to us it provokes if it shoots (§25.13)
            if checks > 0:
                checks -= 1
                value *= self._cover_factor(foe.entity, square)
            total += value
        return self._obscured(x, y, total)

    def _archer_fire(self, x: int, y: int, total: float) -> float:
        """``total`` plus the archers' fire on the square (x, y), no cover looked at: ``hurt``'s loop with each
        archer's numbers read once per decision (this is asked for every square a decision scores)."""
        rows = self._archer_rows
        if rows is None:
            rows = self._archer_rows = [(f.space[0][0], f.space[0][1], f.space[1], f.far + f.speed, f.ranged)
                                        for f in self._archers()]
        right, bottom = x + self.size - 1, y + self.size - 1
        for fx, fy, side, limit, ranged in rows:
            gap = fx - right
            if gap < 0:
                gap = x - (fx + side - 1)
            gap_y = fy - bottom
            if gap_y < 0:
                gap_y = y - (fy + side - 1)
            if gap < gap_y:
                gap = gap_y
            if gap <= limit:
                total += ranged * (0.5 if gap <= 1 else 1.0)     # next to us it provokes if it shoots (§25.13)
        return total

    def _obscured(self, x: int, y: int, total: float) -> float:
        if total and 0 <= x < self.bf.width and 0 <= y < self.bf.height:
            obscured = self.bf.terrain[y * self.bf.width + x].obscured
            if obscured:
                total *= 0.8 if obscured == 1 else 0.6          # §15.2: concealment, or total from afar
        return total

    def _archers(self) -> list[Foe]:
        """Enemies that can hurt us from afar, the most dangerous first."""
        if self._archer_list is None:
            self._archer_list = sorted((f for f in self.foes if f.ranged and f.active), key=lambda f: (-f.ranged, f.entity))
        return self._archer_list

    def _cover_factor(self, enemy: Entity, square: Square) -> float:
        with self._at(square):
            found = cover(self.state, enemy, self.me, RANGED)
        return {NO_EFFECT: 0.6, SUPERIOR_COVER: 0.5, COVER: 0.8}.get(found, 1.0)

    # Where we want to be -----------------------------------------------------------------------------
    def approach(self) -> Approach:
        """Walking distance to the nearest of the three enemies most worth closing on: near, wounded and
        not too hard to hit (an enemy we could not hurt is no goal)."""
        if self._approach is None:
            home = self.home

            def nearness(foe: Foe) -> tuple[int, Entity]:
                bloodied = self.state.hp(foe.entity) <= self.state.stats(foe.entity).bloodied_value
                return (chebyshev(foe.space[0], home) - 2 * bloodied, foe.entity)

            def interest(foe: Foe, near: tuple[int, Entity]) -> tuple[int, Entity]:
                hurtable = max((self._rough(p, foe.entity, 0) for p, _ in self._attack_powers()), default=1.0)
                return (near[0] + (20 if hurtable < 0.5 else 0), near[1])

            # The three least by interest. Interest is nearness or 20 more, so once three are known the enemies
            # farther than the third cannot be among them: their attacks are not weighed (the arena's forty
            # creatures made this a tenth of a decision).
            chosen: list[tuple[tuple[int, Entity], Foe]] = []
            for near, foe in sorted(((nearness(f), f) for f in self.foes), key=lambda t: t[0]):
                if len(chosen) == 3 and near > chosen[2][0]:
                    break
                chosen = sorted(chosen + [(interest(foe, near), foe)], key=lambda t: t[0])[:3]
            goals = [foe.space[0] for _, foe in chosen]
            self._approach = Approach.towards(self.bf, Walker.of(self.state, self.me), goals, home)
        return self._approach

    def position(self, square: Square) -> float:
        """The worth of ending the turn on ``square`` (a portal square counts as where it leads, §23)."""
        found = self._position.get(square)
        if found is None:
            landing = self.landing(square) if self.bf.portals else square
            found = -self.danger_weight * self.hurt(landing) if self.danger_weight else 0.0
            if self.foes:
                approach = self._approach if self._approach is not None else self.approach()
                # Home on a portal: staying leads nowhere, so only the walk from here counts (issue 21).
                parked = landing == self.home and self.bf.portal_exit(landing) is not None
                if parked:
                    way = approach._direct(landing)
                elif self.bf.portals:
                    # A portal whose far end someone stands on leads nowhere: counting it left both sides
                    # waiting beside a corked portal until round 30 (issue 21).
                    way = approach.distance_past(landing, self._closed_portals())
                else:
                    way = approach.distance(landing)
                gap = way - self.engage
                if gap > 0:
                    found -= self._approach_scale * gap
            if self._hazards and self.bf.at(landing).hazard:
                found -= HAZARD
            self._position[square] = found
        return found

    def _fill_positions(self, stations: list[Station]) -> None:
        """``position`` of every station's square at once, into the same memo: the same sums in the same order
        as ``position``, ``hurt``, ``_archer_fire`` and ``_obscured`` make, written out in one loop with each
        number read once (every first decision of a turn scores about a hundred squares). Maps with portals go
        square by square (a square's worth is where it leads)."""
        known = self._position
        squares = [station.square for station in stations if station.square not in known]
        if not squares:
            return
        if self.bf.portals or not _plain_worths(type(self)):
            for square in squares:
                self.position(square)
            return
        danger = self.danger_weight
        melee: dict[Square, float] = {}
        rows: list[tuple[int, int, int, int, float]] = []
        if danger:
            melee = self.melee_map()
            if self._archer_rows is None:
                self._archer_rows = [(f.space[0][0], f.space[0][1], f.space[1], f.far + f.speed, f.ranged)
                                     for f in self._archers()]
            rows = self._archer_rows
        distance = (self._approach if self._approach is not None else self.approach()).distance if self.foes else None
        engage, scale, hazards = self.engage, self._approach_scale, self._hazards
        terrain, width, height = self.bf.terrain, self.bf.width, self.bf.height
        reach = self.size - 1
        for square in squares:
            if square in known:
                continue
            x, y = square
            if danger:
                total = melee.get(square, 0.0)
                right, bottom = x + reach, y + reach
                for fx, fy, side, limit, ranged in rows:
                    gap = fx - right
                    if gap < 0:
                        gap = x - (fx + side - 1)
                    gap_y = fy - bottom
                    if gap_y < 0:
                        gap_y = y - (fy + side - 1)
                    if gap < gap_y:
                        gap = gap_y
                    if gap <= limit:
                        total += ranged * (0.5 if gap <= 1 else 1.0)
                if total and 0 <= x < width and 0 <= y < height:
                    obscured = terrain[y * width + x].obscured
                    if obscured:
                        total *= 0.8 if obscured == 1 else 0.6
                found = -danger * total
            else:
                found = 0.0
            if distance is not None:
                farther = distance(square) - engage
                if farther > 0:
                    found -= scale * farther
            if hazards and self.bf.at(square).hazard:
                found -= HAZARD
            known[square] = found

    def landing(self, square: Square) -> Square:
        """Where a move ending on ``square`` leaves us: a portal's paired square when its space is free (§23)."""
        # Standing still on a portal goes nowhere: valuing home as the far end left a creature parked on
        # one end for ever, blocking the enemy's way through it (issue 21).
        if square == self.home:
            return square
        return self.landing_from(square)

    def landing_from(self, square: Square) -> Square:
        """Where a move ending on ``square`` comes out, wherever it starts: the paired square if free (§23)."""
        exit_square = self.bf.portal_exit(square)
        if exit_square is None:
            return square
        taken = self._taken()
        if all(self.bf.in_bounds(q) and not self.bf.at(q).solid and q not in taken for q in footprint(exit_square, self.size)):
            return exit_square
        return square

    def _closed_portals(self) -> frozenset[Square]:
        """The portal squares whose paired square has no room for us now (a move ending there goes nowhere)."""
        if self._closed is None:
            self._closed = frozenset(enter for pair in self.bf.portals for enter in pair
                                     if self.landing_from(enter) == enter)
        return self._closed

    def _taken(self) -> set[Square]:
        if self._taken_squares is None:
            self._taken_squares = self.live.squares_taken(but=self.me)
        return self._taken_squares

    def refined(self, square: Square) -> float:
        """``position`` with real cover against the enemy archers (for the squares worth the look)."""
        found = self._refined.get(square)
        if found is None:
            found = self.position(square)
            if self.style.cover_checks and self.danger_weight and self._archers() and \
                    len(self._refined) < self.style.cover_checks:
                landing = self.landing(square)
                found += self.danger_weight * (self.hurt(landing) - self.hurt(landing, exact=True))
            self._refined[square] = found
        return found

    # How we can move ---------------------------------------------------------------------------------
    def walk(self) -> SearchResult:
        if self._walk is None:
            self._walk = move_options(self.state, self.me, WALK)
        return self._walk

    def threatened(self) -> set[Square]:
        if self._threatened is None:
            self._threatened = threatened_squares(self.state, self.me, self.turn.opportunity_used)
        return self._threatened

    def safe(self) -> SearchResult | None:
        """The walk that provokes nothing (None: not looked for, or no such walk from here)."""
        if self._safe is False:
            self._safe = None
            if self.style.mind_opportunity:
                walk = self.walk()
                budget = max(walk.cost.values(), default=1)
                self._safe = safe_search(self.state.move_rules(self.me), max(budget, 1), self.threatened())
        return self._safe  # type: ignore[return-value]

    def opportunity_cost(self, path: tuple[Square, ...], mode: str = WALK) -> float:
        """Damage the opportunity attacks this path provokes can be expected to deal (§25.13)."""
        if not self.style.mind_opportunity or len(path) < 2:
            return 0.0
        threatened = self.threatened()
        if not any(square in threatened for square in path[:-1]):
            return 0.0               # leaves no square next to an enemy that could strike (§25.13)
        s = self.state
        used = self.turn.opportunity_used
        total = 0.0
        for enemy in provokers(s, self.me, path, mode):
            if enemy in used:
                continue
            basic = s.arsenal(enemy).basic_attack(MELEE)
            if basic is not None:
                total += power_average(basic, self.stats.defenses.value(basic.defense))
        return total

    def route(self, square: Square, budget: int) -> tuple[tuple[Square, ...], float] | None:
        """The path to ``square`` within ``budget`` and what it provokes: one that provokes nothing if
        there is one, else the cheapest."""
        walk = self.walk()
        if square not in walk.endable:
            return None
        cost = walk.cost.get(square)
        path = walk.path_to(square) if cost is not None and cost <= budget else None
        risk = self.opportunity_cost(path) if path is not None else 0.0
        if path is None or risk:
            safe = self.safe()
            if safe is not None:
                better = safe_path(self.state.move_rules(self.me), safe, self.threatened(), square, budget)
                if better is not None:
                    return better, 0.0
        return (path, risk) if path is not None else None

    def stations(self, budget: int) -> list[Station]:
        """Squares one move this turn can reach (walk, shift or teleport), staying put left out."""
        s = self.state
        found: list[Station] = []
        if move_blocker(s, self.me, WALK) is None:
            found = _walking_stations(self.walk(), budget)
            if self.style.mind_opportunity and self.home in self.threatened() and \
                    held_in_place(s, self.me, SHIFT) is None and lacks_action(s, self.me, MOVE) is None:
                # §25.20: one square, no difficult terrain, no drop, somewhere it may stop (the door checks again).
                rules = s.move_rules(self.me)
                for dx, dy in DIRECTIONS:
                    square = (self.home[0] + dx, self.home[1] + dy)
                    if rules.step_cost(self.home, square) == 1 and not rules.drop_ft(self.home, square) and \
                            rules.may_end_at(square):
                        found.append(Station(square, Move(self.me, (self.home, square), SHIFT), 0.0))
        return found + self._teleport_stations()

    def _teleport_stations(self) -> list[Station]:
        if self._teleports is None:
            s = self.state
            self._teleports = []
            for power in s.arsenal(self.me).teleports:
                if power.action == STANDARD or lacks_action(s, self.me, power.action) is not None:
                    continue
                left = uses_left(s, self.me, power.name, power.usage, power.uses)
                if left is not None and left <= 0:
                    continue
                self._teleports += _teleport_power_stations(self.bf, self.me, power, teleport_destinations(s, self.me, power))
        return self._teleports

    def settle(self, station: Station, budget: int) -> Station | None:
        """A walking station with its path and risk worked out (None: no path within budget)."""
        if station.provoked >= 0:
            return station
        routed = self.route(station.square, budget)
        if routed is None:
            return None
        path, risk = routed
        return Station(station.square, Move(self.me, path, WALK), risk)

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

    # Minor actions and healing ----------------------------------------------------------------------
    def minor(self) -> Plan | None:
        """The best minor action worth taking first: sustain, heal a bloodied or dying ally, a potion, a boon."""
        s = self.state
        me = self.me
        budget = self.turn.actions
        if budget.minor < 1 or budget.one_action:
            return None
        options: list[Plan] = [Plan(3.0, Sustain(me, power), Said(N_("sustain {power}"), power=power)) for power in sustainable(s, me)]
        if self.style.heals:
            for power in self.powers:
                if power.action != "minor" or power.attacks:
                    continue
                if power.heal is not None:
                    for ally in [me] + self.allies:
                        value = self._heal_worth(ally, s.stats(ally).surge_value + average(power.heal.bonus))
                        if value > 0:
                            options.append(Plan(value - USE_COST.get(power.usage, 0.0), UsePower(me, power.name, ally),
                                                Said(N_("{power} on {ally}"), power=power.name, ally=s.name(ally))))
                elif power.kind == "personal":
                    if self._enemy_near():
                        options.append(Plan(2.0, UsePower(me, power.name), Said("{power}", power=power.name)))
                elif power.hit_effects:
                    for ally in self.allies:
                        if s.conscious(ally) and any(are_adjacent(*s.space(ally), *f.space) for f in self.foes):
                            said = Said(N_("{power} on {ally}"), power=power.name, ally=s.name(ally))
                            options.append(Plan(1.5, UsePower(me, power.name, ally), said))
            if s.arsenal(me).potions > 0:
                value = self._heal_worth(me, 10)
                if value > 0:
                    options.append(Plan(value, DrinkPotion(me), Said(N_("potion"))))
        options.sort(key=lambda p: -p.score)
        return next((p for p in options if p.score >= 1.0 and validate(self.live, p.command) is None), None)

    def _heal_worth(self, ally: Entity, amount: float) -> float:
        s = self.state
        stats = s.stats(ally)
        surges = s.world.maybe(ally, Surges)
        hp = s.hp(ally)
        if hp <= 0:
            return 12.0 + min(amount, stats.max_hp)          # a dying ally back in the fight (§27)
        if surges is None or surges.left <= 0 or hp > stats.bloodied_value:
            return 0.0
        return 0.8 * min(amount, stats.max_hp - hp)

    def _enemy_near(self) -> bool:
        return any(space_distance(self.home, self.size, *f.space) <= 2 * self.stats.speed + 1 for f in self.foes)

    def second_wind(self) -> float:
        """§25.18: a surge's worth of hit points when bloodied, and +2 to defenses."""
        s = self.state
        if not self.style.heals or not self.stats.hero:
            return -1.0
        surges = s.world.maybe(self.me, Surges)
        hp = s.hp(self.me)
        if surges is None or surges.left <= 0 or hp > self.stats.bloodied_value or \
                validate(self.live, SecondWind(self.me)) is not None:
            return -1.0
        return 0.8 * min(self.stats.surge_value, self.stats.max_hp - hp) + 0.1 * self.hurt(self.home)

    def action_point(self) -> Plan | None:
        """§25.1: spend the action point once the standard action is gone and another attack is worth it."""
        s = self.state
        if not self.style.action_points or self.turn.actions.standard > 0 or self.turn.actions.one_action:
            return None
        points = s.world.maybe(self.me, ActionPoints)
        if points is None or points.left < 1 or validate(self.live, SpendActionPoint(self.me)) is not None:
            return None
        found = self.best_attacks([(Station(self.home, None, 0.0), 0.0)], 0, keep=1)
        if found and found[0][0] >= ACTION_POINT_WORTH:
            return Plan(found[0][0], SpendActionPoint(self.me), Said(N_("action point")))
        return None

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


class _Standing:
    """Stand the planning creature on ``square`` of the planner's copy for the ``with`` block."""

    def __init__(self, planner: Planner, square: Square) -> None:
        self.planner = planner
        self.square = square
        self.was: Position | None = None

    def __enter__(self) -> None:
        world = self.planner.state.world
        self.was = world.get(self.planner.me, Position)
        if self.square != self.was.square:
            world.add(self.planner.me, Position(self.square))

    def __exit__(self, *exc: object) -> None:
        assert self.was is not None
        self.planner.state.world.add(self.planner.me, self.was)


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


def _walking_stations(walk: SearchResult, budget: int) -> list[Station]:
    """The squares the walk can end on within ``budget``, staying put left out, cheapest first in the search's
    fixed order."""
    endable, start = walk.endable, walk.start
    # tuple.__new__ with every field given: the named tuple's own constructor (a Python function, defaults
    # filled in) cost as much as the rest of this loop, for the hundred squares of every first decision.
    make = tuple.__new__
    return [make(Station, (square, None, -1.0, 0.0)) for square, cost in walk.cost.items()
            if cost <= budget and square in endable and square != start]


def _teleport_power_stations(bf: Battlefield, me: Entity, power: TeleportPower, squares: tuple[Square, ...]) -> list[Station]:
    """A teleport power's stations, one per destination, kept per battlefield while ``teleport_destinations`` hands
    out the same kept tuple (held in the entry, so its identity is not reused while it is kept)."""
    kept = built_once(bf, _teleport_power_stations, BoundedCache, TELEPORTS_KEPT)
    key = (me, power, id(squares))
    found = kept.get(key)
    if found is not None and found[0] is squares:
        return found[1]
    cost = USE_COST.get(power.usage, 1.5)
    stations = [Station(square, Teleport(me, power.name, square), 0.0, cost) for square in squares]
    return kept.put(key, (squares, stations))[1]


def _plain_worths(kind: type[Planner]) -> bool:
    """A square's worth is this module's own (a level that changes ``position`` or ``hurt`` is asked square by
    square)."""
    return kind.position is Planner.position and kind.hurt is Planner.hurt and kind._archer_fire is Planner._archer_fire


def _plain_guesses(kind: type[Planner]) -> bool:
    """An attack's guessed worth is this module's own (``_rough``, ``_value`` and the weights it reads)."""
    return kind.damage_weight is Planner.damage_weight and kind.worth is Planner.worth and \
        kind._value is Planner._value and kind._rough is Planner._rough and kind._guesses is Planner._guesses


def _plan_cache(bf: Battlefield) -> BoundedCache:
    return built_once(bf, _plan_cache, BoundedCache, PLANS_KEPT)


def _has_hazards(bf: Battlefield) -> bool:
    return built_once(bf, _has_hazards, lambda: any(t.hazard for t in bf.terrain))


def _pushable_ground(bf: Battlefield) -> bool:
    """The battlefield has ledges or hazards, so where a push leaves its target matters."""
    return built_once(bf, _pushable_ground, lambda: bool(bf.elevation_ft and any(bf.elevation_ft))
                      or any(t.hazard for t in bf.terrain))
