"""A computer player for d20-modern at three levels (easy, normal, hard), sending only commands the door accepts.

Each call looks at the creature the skirmish waits for and takes the first thing that helps: take an offered
attack of opportunity (or, as an overrun's target, block or avoid it); stand up; stabilise a dying ally next to
it; finish a helpless enemy with a coup de grace; a shooter next to an enemy takes a 5-foot step out of its reach
before firing (not provoking); throw a grenade or spray autofire where it catches two or more enemies and no ally;
attack (the full attack's later attacks too); reload an empty gun; move: shooters to a square from which they see
an enemy, preferring cover and squares no enemy threatens, melee creatures next to the nearest enemy (an overrun
when it pays, ai_overrun.py; a charge when the straight line allows) by a walk that provokes nobody when one
exists; end the turn. ``Level`` says what easy leaves out and hard adds. Every choice depends on the state, the
level and the seed alone, so a replay replays it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from game.core.dice import SeededDice
from game.core.grid import Square, footprint
from game.core.lines import line_of_effect, line_of_sight
from game.ecs.world import Entity
from game.engine.routes import route_squares
from game.rulesets.d20modern import ai_overrun, explosives, measure, overrun, threat, twoweapon
from game.rulesets.d20modern.commands import (
    DOUBLE, MOVE, Attack, Autofire, Charge, CoupDeGrace, EndTurn, Move, PickUp, React, Reload, Stabilize, StandUp, Step,
    Throw,
)
from game.rulesets.d20modern.components import Ammo, Carried, Disarmed, Sheet, Weapon
from game.rulesets.d20modern.cover import DEFENSE_BONUS, cover_degree
from game.rulesets.d20modern.engine import budget_of, decider, pending, validate
from game.rulesets.d20modern.situation import (
    adjacent, allies, can_act, enemies, feet_rules, helpless, in_hand, odds, speed_ft, vitals, watchers,
)
from game.rulesets.d20modern import injury
from game.state import GameState


@dataclass(frozen=True)
class Level:
    """What one level of the computer does (docs/ai.md, "d20-modern")."""

    random_target: bool     # easy: a seeded random pick among the enemies it can attack
    area_attacks: bool      # grenades and autofire at two or more enemies and no ally (easy: never)
    seeks_cover: bool       # shooters walk to the square with the best cover from which they still see an enemy
    avoids_provoking: bool  # walks that provoke no attack of opportunity; the 5-foot step out of reach
    best_odds: bool         # hard: the target by expected damage (hit chance x damage, cover and miss chance counted)
    finishes: bool          # coup de grace on helpless enemies, stabilising dying allies
    shoots_and_scoots: bool  # hard: after firing, the move action takes it to cover out of every enemy's reach
    overruns: bool = True   # a fighter overruns a foe when it pays (ai_overrun.py); easy never does
    spreads_out: bool = False  # hard: its shooters' walks keep out of one enemy grenade's burst with their allies


LEVELS: dict[str, Level] = {
    "easy": Level(random_target=True, area_attacks=False, seeks_cover=False, avoids_provoking=False, best_odds=False,
                  finishes=False, shoots_and_scoots=False, overruns=False),
    "normal": Level(random_target=False, area_attacks=True, seeks_cover=True, avoids_provoking=True, best_odds=False,
                    finishes=True, shoots_and_scoots=False),
    "hard": Level(random_target=False, area_attacks=True, seeks_cover=True, avoids_provoking=True, best_odds=True,
                  finishes=True, shoots_and_scoots=True, spreads_out=True),
}
CANDIDATES = 24        # squares weighed for a shooter's walk (the nearest by cost): enough to find cover, quick
WIDE_CANDIDATES = 60   # hard: as many, so that a walk may also take the shooter out of a grenade's burst
FOES_WEIGHED = 4       # the nearest enemies whose fire the cover is weighed against
BURST_WORTH = 8        # a burst (-4) when a plain shot needs at most this: still a fair chance, much more damage
UNREACHED = 10 ** 6    # the route distance of a square with no way to an enemy
SPREAD_WALKS = 8       # hard: walks towards the enemy weighed for how many allies they end near
CROWDED = 8            # hard: a shooter's square is worth this much less per ally within an enemy grenade's burst
MOST_COVER = max(DEFENSE_BONUS.values())   # the most a square's cover can add to its score (nine tenths)


class ControllerD20:
    """The computer player for every creature of ``side``."""

    def __init__(self, side: str, difficulty: str = "normal", seed: int = 0) -> None:
        self.side = side
        self.level = LEVELS[difficulty]
        self.dice = SeededDice(seed)
        self.last_label = ""          # why the last command was chosen: the screen shows it (none given yet)

    def next_command(self, state: GameState) -> Any:
        me = decider(state)
        offer = pending(state)
        if offer is not None and offer.reason == overrun.CHOICE:
            return ai_overrun.answer(state, me)    # OVR-02: block when likely to stop the attacker, else avoid
        if offer is not None:
            return React(me, True)                 # AOO-07: an attack of opportunity is free damage
        for command in self._choices(state, me):
            if command is not None and validate(state, command) is None:
                return command
        return EndTurn(me)

    # What to try, best first -------------------------------------------------------------------------------
    def _choices(self, state: GameState, me: Entity) -> Any:
        s = state.world.get(me, Sheet)
        b = budget_of(state, me)
        if state.has_condition(me, "prone"):
            yield StandUp(me)
        lost = state.world.maybe(me, Disarmed)
        for name, _square in lost.lost if lost is not None else ():
            yield PickUp(me, name)                 # DSR-02: its own weapon at its feet, if it lies within reach
        if self.level.finishes:
            yield from self._mercy(state, me, s)
        gun = self._gun(state, me)
        melee = self._melee(state, me)
        near = [e for e in enemies(state, me) if can_act(state, e) and adjacent(state, me, e)]
        if gun is not None and near and self.level.avoids_provoking and b.attacks == 0:
            yield self._step_clear(state, me)
        if self.level.area_attacks and b.attacks == 0:
            yield self._grenade(state, me, s)
            if gun is not None and gun.autofire:
                yield self._spray(state, me, gun)
        weapon = gun if gun is not None and not near else (melee or gun)
        if weapon is not None:
            target = self._target(state, me, weapon)
            if target is not None:
                fresh = b.attacks == 0 and not b.moved and not b.stepped
                if fresh and gun is weapon and self.level.seeks_cover:
                    yield self._to_cover(state, me, weapon, target)
                if fresh and gun is weapon and odds(state, me, target, weapon).needed >= 20:
                    yield self._closer(state, me, target)    # only a natural 20 would hit: get a better shot first
                yield from self._two_weapons(state, me, target, weapon, b)
                if not self.level.random_target and weapon.autofire and s.has("burst_fire") \
                        and odds(state, me, target, weapon).needed <= BURST_WORTH:
                    yield Attack(me, target, weapon.name, burst=True)   # FIR-02: -4 is worth two more dice
                yield Attack(me, target, weapon.name)
        if gun is None:
            for w in s.weapons:
                if w.magazine and state.world.get(me, Ammo).rounds(w.name) == 0:
                    yield Reload(me, w.name)
        if b.attacks:
            if self.level.shoots_and_scoots and gun is not None and b.move and not b.moved and not b.full_attack:
                yield self._scoot(state, me, gun)
            return
        if self.level.overruns and gun is None and melee is not None:
            yield from ai_overrun.overruns(state, me)
        yield from self._approach(state, me, s, gun, melee)

    def _two_weapons(self, state: GameState, me: Entity, target: Entity, weapon: Weapon, b: Any) -> Any:
        """ATK-17: with the feat and a second weapon, a melee creature fights with both (normal and hard)."""
        if self.level.random_target or not weapon.melee or not state.world.get(me, Sheet).has("two_weapon_fighting"):
            return
        if b.two_weapon and not b.off_hand:
            for off in twoweapon.off_hand_weapons(state, me, weapon):
                yield Attack(me, target, off.name, hand=twoweapon.OFF)
        if b.attacks == 0 or b.two_weapon:
            yield Attack(me, target, weapon.name, hand=twoweapon.PRIMARY)

    def _scoot(self, state: GameState, me: Entity, gun: Weapon) -> Move | None:
        """Hard: a shooter that has fired walks, with the move action left and provoking nobody, to the square
        within its speed where the nearest enemies' shots meet the most cover and no enemy threatens it (a
        square is dropped as soon as it cannot beat the best so far, as in ``_to_cover``)."""
        rules = feet_rules(state, me)
        found = rules.search(speed_ft(state, me))
        here_space = state.space(me)
        foes = sorted((e for e in enemies(state, me) if can_act(state, e)),
                      key=lambda e: (measure.feet_between(here_space, state.space(e)), e))[:FOES_WEIGHED]
        if not foes:
            return None
        shooters = [state.space(f) for f in foes]
        side = here_space[1]
        bf = state.battlefield
        crowding = self._crowding(state, me)

        def shelter(square: Square, beat: tuple[int, int] | None) -> tuple[int, int] | None:
            """The square's score, or None when it cannot beat ``beat``."""
            walked = -found.cost[square]
            rest = -10 * sum(1 for s in shooters if threat.threatens(s, square, side)) - crowding((square, side))
            if beat is not None and not _may_beat(MOST_COVER + rest, walked, beat):
                return None
            worst = least_cover(bf, shooters, (square, side), None if beat is None else _floor(rest, walked, beat))
            return (worst + rest, walked)

        here = state.square(me)
        best, best_score = here, shelter(here, None)
        assert best_score is not None
        for square in sorted(found.reachable(speed_ft(state, me)), key=lambda sq: found.cost[sq])[:self._candidates()]:
            if square == here:
                continue
            value = shelter(square, best_score)
            if value is None or not value > best_score:
                continue
            path = found.path_to(square)
            if path is not None and self._safe(state, me, path):
                best, best_score = square, value
        return None if best == here else Move(me, found.path_to(best), MOVE)  # type: ignore[arg-type]

    def _candidates(self) -> int:
        return WIDE_CANDIDATES if self.level.spreads_out else CANDIDATES

    def _crowding(self, state: GameState, me: Entity) -> Callable[[tuple[Square, int]], int]:
        """Hard: how much worse a space is for the allies within the burst of the largest grenade an enemy still
        carries (one throw would catch them together); 0 everywhere at the other levels or when no enemy has one."""
        radius = 0
        if self.level.spreads_out:
            for foe in enemies(state, me):
                carried, s = state.world.maybe(foe, Carried), state.world.maybe(foe, Sheet)
                if carried is not None and s is not None:
                    radius = max([radius] + [x.burst_ft for x in s.explosives if carried.left(x.name)])
        if not radius:
            return lambda space: 0
        friends = [state.space(a) for a in allies(state, me) if can_act(state, a)]
        return lambda space: CROWDED * sum(1 for f in friends if measure.feet_between(space, f) <= radius)

    def _mercy(self, state: GameState, me: Entity, s: Sheet) -> Any:
        for ally in allies(state, me):
            v = vitals(state, ally)
            if v is not None and injury.state_of(v) == "dying" and adjacent(state, me, ally) and s.treat_injury:
                yield Stabilize(me, ally)
        weapon = self._melee(state, me) or self._gun(state, me)
        if weapon is not None:
            for foe in enemies(state, me):
                if helpless(state, foe) and adjacent(state, me, foe) and not any(can_act(state, e) and adjacent(state, me, e)
                        for e in enemies(state, me)):
                    yield CoupDeGrace(me, foe, weapon.name)

    @staticmethod
    def _gun(state: GameState, me: Entity) -> Weapon | None:
        """The ranged weapon with rounds loaded that hits hardest."""
        ammo = state.world.get(me, Ammo)
        loaded = [w for w in in_hand(state, me) if w.kind == "ranged" and (not w.magazine or ammo.rounds(w.name) > 0)]
        return max(loaded, key=lambda w: w.damage.maximum(), default=None)

    @staticmethod
    def _melee(state: GameState, me: Entity) -> Weapon | None:
        return max((w for w in in_hand(state, me) if w.melee), key=lambda w: (w.kind == "melee", w.damage.maximum()),
                default=None)

    def _target(self, state: GameState, me: Entity, weapon: Weapon) -> Entity | None:
        def attackable(e: Entity) -> bool:
            return validate(state, Attack(me, e, weapon.name)) is None

        if not self.level.random_target and not self.level.best_odds:
            # the weakest the door lets it attack: the first such in order of hit points (one door check each)
            ranked = sorted((e for e in enemies(state, me) if can_act(state, e)),
                            key=lambda e: (state.world.get(e, injury.Vitals).hp, e))
            return next((e for e in ranked if attackable(e)), None)
        able = [e for e in enemies(state, me) if can_act(state, e) and attackable(e)]
        if not able:
            return None
        if self.level.random_target:
            return able[self.dice.roll(len(able)) - 1]
        average = (weapon.damage.count * (weapon.damage.sides + 1)) // 2 + weapon.damage.flat

        def worth(e: Entity) -> tuple[int, int, int]:
            # best odds: hit chance x the damage it can still use, and a drop counted as two more rounds of its fire
            hp = state.world.get(e, injury.Vitals).hp
            dropped = 2 * average if average >= hp else 0
            return (odds(state, me, e, weapon).hit_percent * (min(average, hp) + dropped), -hp, -e)
        return max(able, key=worth)

    def _step_clear(self, state: GameState, me: Entity) -> Step | None:
        """A 5-foot step to a square no able enemy threatens (then the shot provokes nobody)."""
        rules = feet_rules(state, me)
        here = state.square(me)
        side = state.space(me)[1]
        foes = [w for w in watchers(state, me) if w.able]
        for to, diagonal, difficult in rules.steps(here):
            if difficult or not rules.may_end_at(to):
                continue
            if not any(threat.threatens(w.space, to, side) for w in foes):
                return Step(me, to)
        return None

    def _grenade(self, state: GameState, me: Entity, s: Sheet) -> Throw | None:
        carried = state.world.get(me, Carried)
        if all(carried.left(item.name) < 1 for item in s.explosives):
            return None
        able = [e for e in enemies(state, me) if can_act(state, e)]
        able_squares = [footprint(*state.space(e)) for e in able]
        friendly = [state.space(a) for a in allies(state, me) + [me]]
        friendly_squares = [footprint(*space) for space in friendly]
        for item in s.explosives:
            if carried.left(item.name) < 1:
                continue
            best, best_count = None, 1
            for foe in able:
                at = state.square(foe)
                # a miss can scatter two squares: keep friends well clear of the aimed square
                if any(measure.feet_between(space, (at, 1)) <= item.burst_ft + 10 for space in friendly):
                    continue
                point = (at[0], at[1])
                spread = set(explosives.burst_squares(point, item.burst_ft, state.battlefield.width,
                                                      state.battlefield.height))
                if any(sq in spread for squares in friendly_squares for sq in squares):
                    continue
                caught = sum(1 for squares in able_squares if any(sq in spread for sq in squares))
                if caught > best_count:
                    best, best_count = at, caught
            if best is not None:
                return Throw(me, item.name, best)
        return None

    def _spray(self, state: GameState, me: Entity, gun: Weapon) -> Autofire | None:
        best, best_count = None, 1
        foes = enemies(state, me)
        able = [state.square(e) for e in foes if can_act(state, e)]
        friendly = [state.square(a) for a in allies(state, me) + [me]]
        for foe in foes:
            fx, fy = state.square(foe)
            for top in ((fx - 1, fy - 1), (fx, fy - 1), (fx - 1, fy), (fx, fy)):
                area = set(explosives.autofire_area(top))
                caught = sum(1 for square in able if square in area)
                friends = any(square in area for square in friendly)
                if caught > best_count and not friends:
                    best, best_count = top, caught
        return Autofire(me, gun.name, best) if best is not None else None

    def _safe(self, state: GameState, me: Entity, path: tuple[Square, ...]) -> bool:
        return not threat.provocations(path, state.space(me)[1], watchers(state, me))

    def _to_cover(self, state: GameState, me: Entity, weapon: Weapon, target: Entity) -> Move | None:
        """A move action to the square, within speed, that best trades the shot's odds (the target's cover from
        there, the range penalty) against its own cover from the enemies and the enemies threatening it, when
        it beats standing still and the walk provokes nobody.

        A square's score is (its least cover from the nearest enemies - the target's cover from it + the range
        penalty - 10 per enemy threatening it, -feet walked); the looks at cover are the costly part, so a square
        is dropped as soon as its score can no longer beat the best so far, with its own cover counted at the most
        it could be (the cheap parts first, then the target's cover, then the enemies' one by one)."""
        rules = feet_rules(state, me)
        found = rules.search(speed_ft(state, me))
        here_space = state.space(me)
        foes = sorted((e for e in enemies(state, me) if can_act(state, e)),
                      key=lambda e: (measure.feet_between(here_space, state.space(e)), e))[:FOES_WEIGHED]
        shooters = [state.space(f) for f in foes]
        bf = state.battlefield
        side = state.space(me)[1]
        aim = state.space(target)
        crowding = self._crowding(state, me)

        def score(square: Square, beat: tuple[int, int] | None) -> tuple[int, int] | None:
            """The square's score, or None when it cannot beat ``beat``."""
            space = (square, side)
            walked = -found.cost[square]
            rest = measure.range_penalty(measure.feet_between(space, aim), weapon.increment_ft) \
                - 10 * sum(1 for s in shooters if threat.threatens(s, square, side)) - crowding(space)
            if beat is not None and not _may_beat(MOST_COVER + rest, walked, beat):
                return None
            rest -= DEFENSE_BONUS[cover_degree(bf, space, aim)]
            if beat is not None and not _may_beat(MOST_COVER + rest, walked, beat):
                return None
            shelter = least_cover(bf, shooters, space, None if beat is None else _floor(rest, walked, beat))
            return (shelter + rest, walked)

        here = state.square(me)
        squares = sorted(found.reachable(speed_ft(state, me)), key=lambda sq: found.cost[sq])[:self._candidates()]
        best, best_score = here, score(here, None)
        assert best_score is not None
        for square in squares:
            if square == here or not _may_beat(MOST_COVER + measure.range_penalty(
                    measure.feet_between((square, side), aim), weapon.increment_ft), -found.cost[square], best_score):
                continue
            if not line_of_sight(bf, (square, side), aim):
                continue
            value = score(square, best_score)
            if value is None or not value > best_score:
                continue
            path = found.path_to(square)
            if path is not None and self._safe(state, me, path):
                best, best_score = square, value
        if best == here:
            return None
        return Move(me, found.path_to(best), MOVE)  # type: ignore[arg-type]

    def _closer(self, state: GameState, me: Entity, target: Entity) -> Move | None:
        """A move action to the reachable square nearest the target that still sees it."""
        found = feet_rules(state, me).search(speed_ft(state, me))
        side = state.space(me)[1]
        aim = state.space(target)
        seen = [sq for sq in found.reachable(speed_ft(state, me))
                if sq != state.square(me) and line_of_sight(state.battlefield, (sq, side), aim)]
        if not seen:
            return None
        best = min(seen, key=lambda sq: (measure.feet_between((sq, side), aim), found.cost[sq], sq))
        if measure.feet_between((best, side), aim) >= measure.feet_between(state.space(me), aim):
            return None
        return Move(me, found.path_to(best), MOVE)  # type: ignore[arg-type]

    def _approach(self, state: GameState, me: Entity, s: Sheet, gun: Weapon | None, melee: Weapon | None) -> Any:
        """Walk (or charge) towards the nearest enemy: a shooter until it sees one, a fighter until it is next to one."""
        foes = [e for e in enemies(state, me) if can_act(state, e)]
        if not foes:
            return
        rules = feet_rules(state, me)
        found = rules.search(4 * speed_ft(state, me))
        side = state.space(me)[1]
        nearest = min(foes, key=lambda e: (measure.feet_between(state.space(me), state.space(e)), e))
        speed = speed_ft(state, me)
        b = budget_of(state, me)
        if gun is None and melee is not None and b.untouched:
            for square in found.reachable(2 * speed):
                path = found.path_to(square)
                if path is not None and len(path) > 2 and adjacent_square(square, side, state.space(nearest)):
                    yield Charge(me, nearest, path, melee.name)
        spaces = [state.space(f) for f in foes]
        aim = state.space(nearest)

        def good(square: Square) -> bool:
            if gun is not None:
                # the range first: it is arithmetic, the two lines are walks across the map
                return any(measure.feet_between((square, side), f) <= gun.increment_ft * 2
                           and line_of_sight(state.battlefield, (square, side), f)
                           and line_of_effect(state.battlefield, (square, side), f) for f in spaces)
            return adjacent_square(square, side, aim)

        # The places to fight from, nearest walk first, each looked at only when the one before it was not taken.
        goals: Any = _Lazy(square for square in sorted(found.reachable(4 * speed), key=lambda sq: (found.cost[sq], sq))
                           if good(square))
        if goals.empty():
            # No place to fight from within four moves (the way round a wall is long): walk the way round, as
            # far as a move goes, rather than wait for ever where the straight line ends (issue 21).
            route = route_squares(state.battlefield, [q for f in foes for q in footprint(*state.space(f))], side)
            here = route.get(state.square(me), UNREACHED)
            nearer = [sq for sq in found.reachable(speed) if route.get(sq, UNREACHED) < here]
            goals = [min(nearer, key=lambda sq: (route[sq], found.cost[sq], sq))] if nearer else []
        crowding = self._crowding(state, me)
        for preferred in (True, False):
            walks: list[tuple[int, int, Square, tuple[Square, ...], tuple[Square, ...]]] = []
            for goal in goals:
                path = found.path_to(goal)
                if path is None:
                    continue
                cut = cut_to(found, path, speed)
                if len(cut) < 2 or (preferred and self.level.avoids_provoking and not self._safe(state, me, cut)):
                    continue
                walks.append((crowding((cut[-1], side)), len(walks), goal, path, cut))
                if len(walks) == (SPREAD_WALKS if self.level.spreads_out else 1):
                    break
            if walks:
                # hard: of the first few walks towards a place to fight, the one ending with the fewest allies near
                _crowd, _index, goal, path, cut = min(walks)
                yield Move(me, cut, MOVE)
                if b.attack and b.move and found.cost[goal] > speed:
                    longer = cut_to(found, path, 2 * speed)
                    if not (self.level.avoids_provoking and not self._safe(state, me, longer)):
                        yield Move(me, longer, DOUBLE)


class _Lazy:
    """The items of an iterator, worked out as far as asked and kept, so they can be gone through again."""

    def __init__(self, items: Iterator[Square]) -> None:
        self._items = items
        self._kept: list[Square] = []

    def __iter__(self) -> Iterator[Square]:
        index = 0
        while True:
            if index == len(self._kept):
                item = next(self._items, None)
                if item is None:
                    return
                self._kept.append(item)
            yield self._kept[index]
            index += 1

    def empty(self) -> bool:
        return next(iter(self), None) is None


def least_cover(bf: Any, shooters: list[tuple[Square, int]], space: tuple[Square, int], floor: int | None = None) -> int:
    """The smallest Defense bonus ``space`` has from cover against any of the shooters (0 when there are none);
    no cover from one shooter is already the least, so the rest are not asked. With ``floor``, the search also
    stops once the least found is at most ``floor`` (the caller's square has lost already): the answer is then
    some value at most ``floor``."""
    worst: int | None = None
    for shooter in shooters:
        bonus = DEFENSE_BONUS[cover_degree(bf, shooter, space)]
        if worst is None or bonus < worst:
            worst = bonus
            if worst == 0 or floor is not None and worst <= floor:
                break
    return worst or 0


def _may_beat(first: int, walked: int, beat: tuple[int, int]) -> bool:
    """Whether a score of at most (``first``, ``walked``) can be more than ``beat``."""
    return (first, walked) > beat


def _floor(rest: int, walked: int, beat: tuple[int, int]) -> int:
    """The largest cover that still leaves a score of (cover + ``rest``, ``walked``) not above ``beat``."""
    return beat[0] - rest - (0 if walked <= beat[1] else 1)


def adjacent_square(square: Square, side: int, target: tuple[Square, int]) -> bool:
    return measure.gap_squares((square, side), target) in ((1, 0), (0, 1), (1, 1))


def cut_to(found: Any, path: tuple[Square, ...], limit_ft: int) -> tuple[Square, ...]:
    """The longest start of ``path`` within ``limit_ft`` that ends on a square a walk may end on."""
    best = path[:1]
    for index in range(1, len(path)):
        square = path[index]
        if found.cost.get(square, limit_ft + 1) > limit_ft:
            break
        if square in found.endable:
            best = path[:index + 1]
    return best
