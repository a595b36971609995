"""What the battlefield means to one attack or one creature (§6, §7.3-§7.5, §11.1.2, §11.3.3): reach,
cover, obscurement, sight, the boons and banes of a hit test, free-attack triggers and hiding."""

from __future__ import annotations

from game.core.battlefield import Obscurement
from game.core.grid import Size, Square, footprint, space_distance
from game.core.lines import best_cover_lines, line_of_effect, line_of_sight
from game.ecs.components import Body, Conditions
from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions, light
from game.rulesets.sotdl.components import ActionPoints, Sheet
from game.rulesets.sotdl.i18n import L_
from game.rulesets.sotdl.stats import reach_yards, size_points
from game.state import GameState

NO_COVER, HALF, THREE_QUARTERS, TOTAL = "none", "half", "three_quarters", "total"
CONCEALMENT = {Obscurement.NONE: "none", Obscurement.LIGHT: "partial", Obscurement.HEAVY: "heavy",
               Obscurement.TOTAL: "total"}
COVER_BANES = {NO_COVER: 0, HALF: 1, THREE_QUARTERS: 2}            # E2
CONCEALMENT_BANES = {"none": 0, "partial": 1, "heavy": 2, "total": 2}  # E3; total: unseen, §16.38
OBSCURED_NAMES = {"partial": "partially obscured", "heavy": "heavily obscured", "total": "unseen"}


def sheet(state: GameState, entity: Entity) -> Sheet:
    return state.world.get(entity, Sheet)


def conditions(state: GameState, entity: Entity) -> Conditions:
    return state.conditions(entity)


def ap_left(state: GameState, entity: Entity) -> int:
    points = state.world.maybe(entity, ActionPoints)
    return points.left if points else 0


def distance(state: GameState, a: Entity, b: Entity) -> int:
    """Yards between two spaces, nearest squares, diagonals 1 (§16.35)."""
    (pa, sa), (pb, sb) = state.space(a), state.space(b)
    return space_distance(pa, sa, pb, sb)


_GRID_QUARTERS = {Size.TINY: 1, Size.SMALL: 2, Size.MEDIUM: 4, Size.LARGE: 8, Size.HUGE: 12, Size.GARGANTUAN: 16}


def size_quarters(state: GameState, entity: Entity) -> int:
    """The page's size (in quarters): the sheet's, or read off the grid size (a query's units)."""
    found = state.world.maybe(entity, Sheet)
    return found.size_quarters if found else _GRID_QUARTERS[state.world.get(entity, Body).size]


def reach_of(state: GameState, entity: Entity) -> int:
    """D9: reach is the size rounded up, 1 yard for size 1 or less."""
    return reach_yards(size_quarters(state, entity))


def within_reach(state: GameState, attacker: Entity, target: Entity, reach: int | None = None) -> bool:
    """§3.9.2 (D9): reach counted like steps; reach 1 covers the 8 neighbouring squares."""
    return distance(state, attacker, target) <= (reach_of(state, attacker) if reach is None else reach)


def cover(state: GameState, attacker: Entity, target: Entity, ranged: bool) -> str:
    """§7.5 (E2) on the shared corner lines: no line of effect total; 1-2 blocked half; 3-4 three quarters.
    Cover counts against ranged attacks only (§16.37); creatures never give cover."""
    bf = state.battlefield
    source, aim = state.space(attacker), state.space(target)
    if not line_of_effect(bf, source, aim):
        return TOTAL
    if not ranged:
        return NO_COVER
    blocked = best_cover_lines(bf, source, aim)
    return THREE_QUARTERS if blocked >= 3 else HALF if blocked else NO_COVER


def concealment(state: GameState, attacker: Entity, target: Entity) -> str:
    """§7.3: the most obscured of the target's squares; an invisible target is totally obscured (§7.4)."""
    if state.has_condition(target, "invisible"):
        return "total"
    bf = state.battlefield
    worst = max(light.obscured(bf, sq) for sq in footprint(*state.space(target)))
    return CONCEALMENT[Obscurement(worst)]


def concealment_reason(state: GameState, target: Entity, seen: str) -> str:
    """The forecast's name for the target's obscurement ``seen``: a light's shadows or darkness (E4) said as such."""
    if seen == "total" and not state.has_condition(target, "invisible"):
        return "in darkness"
    if seen == "partial":
        bf = state.battlefield
        squares = [sq for sq in footprint(*state.space(target)) if light.obscured(bf, sq) == Obscurement.LIGHT]
        if all(light.in_shadows(bf, sq) for sq in squares):
            return "in shadow"
    return OBSCURED_NAMES[seen]


def can_see(state: GameState, viewer: Entity, target: Entity, ignore_hidden: bool = False) -> bool:
    """Whether ``viewer`` sees ``target``: a sight line, not blind, the target neither hidden (E7) nor
    totally obscured or invisible (E3, §7.4). ``ignore_hidden``: whether it could (E9)."""
    if state.has_condition(viewer, "blinded") or (state.has_condition(target, "hidden") and not ignore_hidden):
        return False
    if concealment(state, viewer, target) == "total":
        return False
    return line_of_sight(light.seen_battlefield(state.battlefield), state.space(viewer), state.space(target))


def size_edge(attacker_size: int, target_size: int, grab: bool = False) -> int:
    """R10 (§11.1.2): a boon per size point the target is bigger, a bane per point smaller (§16.33: ceil).
    A grab (§11.4.2) turns the bigger target's boons into banes and a target one point smaller into a boon."""
    points = size_points(target_size - attacker_size)
    if target_size > attacker_size:
        return -points if grab else points
    if target_size < attacker_size:
        return 1 if grab and points == 1 else -points
    return 0


def situation_edges(state: GameState, attacker: Entity, target: Entity, ranged: bool,
                    unseen: bool = True) -> list[tuple[str, int]]:
    """The boons (+) and banes (-) the situation puts on a hit test: the target's afflictions (A6-A7),
    the attacker's (A5), cover against ranged attacks (E2), obscurement (E3; shadows E4; unseen as heavy, §16.38,
    unless ``unseen`` is False: the query contract's boons count partial and heavy obscurement only)."""
    theirs = conditions(state, target)
    edges: list[tuple[str, int]] = [(name, 1) for name in afflictions.boons_against(theirs)]
    if theirs.has("prone"):
        edges.append(("prone, within reach", 1) if within_reach(state, attacker, target) else ("prone, beyond reach", -1))
    edges += [(name, -1) for name in afflictions.own_banes(conditions(state, attacker))]
    level = cover(state, attacker, target, ranged)
    if COVER_BANES.get(level):
        edges.append((f"{level.replace('_', '-')} cover", -COVER_BANES[level]))
    seen = concealment(state, attacker, target)
    if CONCEALMENT_BANES[seen] and (unseen or seen != "total"):
        edges.append((concealment_reason(state, target, seen), -CONCEALMENT_BANES[seen]))
    return edges


def hit_edges(state: GameState, attacker: Entity, target: Entity, ranged: bool, charge: bool = False,
              special: str = "", grab: bool = False) -> list[tuple[str, int]]:
    """Every boon (+) and bane (-) on a hit test, with its reason, in the page's order (§11.1.2):
    size (R10), the situation (above), invisibility (E5), a charge (R18), an untrained special stunt (R17)."""
    size = size_edge(size_quarters(state, attacker), size_quarters(state, target), grab)
    edges: list[tuple[str, int]] = [("size", size)] if size else []
    edges += situation_edges(state, attacker, target, ranged)
    if state.has_condition(attacker, "invisible") and not can_see(state, target, attacker):
        edges.append(("invisible", 1))                 # E5
    if charge:
        edges.append(("charge", -1))
    if special and not sheet(state, attacker).is_trained(special):
        edges.append(("untrained", -2))
    return edges


def net(edges: list[tuple[str, int]]) -> int:
    return sum(n for _, n in edges)


def reach_squares(state: GameState, entity: Entity) -> set[Square]:
    """The squares within ``entity``'s reach."""
    top_left, side = state.space(entity)
    r = reach_of(state, entity)
    return {(x, y) for x in range(top_left[0] - r, top_left[0] + side + r)
            for y in range(top_left[1] - r, top_left[1] + side + r)}


def threatens(state: GameState, enemy: Entity, mover: Entity) -> bool:
    """Whether ``enemy`` could make a free attack (§16.5): alive, able to act, with AP left, not
    feinted by the mover (R19), seeing it."""
    if not afflictions.can_act(conditions(state, enemy)) or afflictions.in_a_grab(conditions(state, enemy)):
        return False
    if ap_left(state, enemy) < 1:
        return False
    if any(c.by == mover for c in conditions(state, enemy).named("feinted")):
        return False
    return can_see(state, enemy, mover)


def provokers(state: GameState, mover: Entity, path: tuple[Square, ...], withdraw: bool = False,
              teleport: bool = False, check_able: bool = True) -> list[tuple[int, Entity]]:
    """§16.5: (step index, enemy) for each enemy whose reach the walk leaves, once each, in order;
    Withdraw (M4) and teleport (M15) provoke no one."""
    if withdraw or teleport:
        return []
    side = state.space(mover)[1]
    found: list[tuple[int, Entity]] = []
    enemies = [e for e in state.standing() if state.are_enemies(e, mover)
               and (not check_able or threatens(state, e, mover))]
    for enemy in enemies:
        reach = reach_squares(state, enemy)
        for index in range(1, len(path)):
            before = any(sq in reach for sq in footprint(path[index - 1], side))
            after = any(sq in reach for sq in footprint(path[index], side))
            if before and not after:
                found.append((index, enemy))
                break
    found.sort(key=lambda pair: pair[0])
    return found


def hide_problem(state: GameState, entity: Entity) -> str | None:
    """E6 (§11.3.3, §16.44): hiding needs no enemy seeing the creature, or a heavily (or totally) obscured
    square, or three-quarters cover against every enemy that sees it."""
    bf = state.battlefield
    if max(light.obscured(bf, sq) for sq in footprint(*state.space(entity))) >= Obscurement.HEAVY:
        return None
    watchers = [e for e in state.standing() if state.are_enemies(e, entity)
                and can_see(state, e, entity, ignore_hidden=True)]
    if all(cover(state, e, entity, True) in (THREE_QUARTERS, TOTAL) for e in watchers):
        return None
    return L_("{name} is in plain sight of {enemy}", name=state.name(entity), enemy=state.name(watchers[0]))


def stays_hidden(state: GameState, entity: Entity) -> bool:
    """E9: hidden ends when what allowed it goes away."""
    return hide_problem(state, entity) is None
