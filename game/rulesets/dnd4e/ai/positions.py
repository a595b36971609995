"""The planner's squares: standing somewhere for a moment, the enemies' reach, a square's worth, and how we can move."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.commands import Move, Teleport
from game.rulesets.dnd4e.actions.common import lacks_action, uses_left
from game.rulesets.dnd4e.actions.move import WALK, held_in_place, move_blocker, move_options
from game.rulesets.dnd4e.actions.teleport import teleport_destinations
from game.rulesets.dnd4e.ai.ground import Approach, Walker, safe_path, safe_search, terrain_field, threatened_squares
from game.rulesets.dnd4e.ai.odds import power_average
from game.core.bfcache import BoundedCache, built_once
from game.core.battlefield import Battlefield
from game.core.grid import DIRECTIONS, Square, chebyshev, footprint
from game.core.movement import SearchResult
from game.ecs.components import Body, TeleportPower
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MOVE, STANDARD
from game.rulesets.dnd4e.opportunity import SHIFT, provokers
from game.rulesets.dnd4e.situation import COVER, MELEE, NO_EFFECT, RANGED, SUPERIOR_COVER, cover
from game.rulesets.dnd4e.ai.planning import HAZARD, USE_COST, Foe, PlannerParts, Station, _Standing

MELEE_MAPS_KEPT = 64               # enemy melee reach maps remembered per battlefield
TELEPORTS_KEPT = 256               # a teleport power's stations, remembered per battlefield


class Positions(PlannerParts):
    """Where the creature could stand and what standing there is worth (a section of ``Planner``)."""

    _melee_map: dict[Square, float] | None
    _approach: Approach | None
    _position: dict[Square, float]
    _closed: frozenset[Square] | None
    _refined: dict[Square, float]
    _walk: SearchResult | None
    _safe: SearchResult | None | bool
    _threatened: set[Square] | None
    _teleports: list[Station] | None
    _archer_list: list[Foe] | None
    _archer_rows: list[tuple[int, int, int, int, float]] | None
    _taken_squares: set[Square] | None

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


def _plain_worths(kind: type[Positions]) -> bool:
    """A square's worth is this module's own (a level that changes ``position`` or ``hurt`` is asked square by
    square)."""
    return kind.position is Positions.position and kind.hurt is Positions.hurt and kind._archer_fire is Positions._archer_fire
