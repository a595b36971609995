"""`python -m game query`: answer rules questions about a battlefield as JSON (contracts/query.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from game.actions.move import held_in_place, shift_rejection, walking_speed
from game.core.battlefield import Battlefield, EdgeKind, edge_key, parse_ascii
from game.core.distance import range_distance
from game.core.forced import PULL, PUSH, SLIDE, forced_destinations
from game.core.grid import Size, Square
from game.core.lines import line_of_effect, line_of_sight
from game.core.teleport import teleport_reaches
from game.core.movement import search
from game.ecs.components import Body, Conditions, Defenses, Health, Name, Position, Stats, Team
from game.ecs.world import Entity, World
from game.maps.loader import MapError, load_battlefield
from game.rulesets.dnd4e.falling import fall_damage
from game.rulesets.dnd4e.opportunity import SHIFT, TELEPORT, WALK, provokers
from game.rulesets.dnd4e.situation import (
    AREA, ATTACK_KINDS, CLOSE, RANGED, combat_advantage, concealment, cover, is_flanking, situation,
)
from game.rulesets.dnd5e import situation as situation5e
from game.rulesets.dnd5e.distance import FEET_PER_SQUARE, distance_ft
from game.rulesets.dnd5e.falling import fall_damage as fall_damage5e
from game.rulesets.dnd5e.movement import Bystander, FeetRules, Walker
from game.rulesets.d20modern import query as query_d20
from game.state import GameState

EDGE_KINDS = {"low_wall": EdgeKind.LOW_WALL, "wall": EdgeKind.WALL, "window": EdgeKind.WINDOW}
CONDITIONS = (
    "blinded", "dazed", "deafened", "dominated", "dying", "helpless", "immobilized", "marked", "petrified",
    "prone", "restrained", "slowed", "stunned", "surprised", "unconscious", "weakened", "invisible",
)
# 5e-house also knows the 5e conditions and states its rules name (docs/rulesets.md).
CONDITIONS_5E = CONDITIONS + ("grappled", "incapacitated", "paralyzed", "hidden", "dodging")
RULESET_4E, RULESET_5E, RULESET_D20 = "4e", "5e-house", "d20-modern"


class QueryError(ValueError):
    """Bad input: reported as one `error:` line and exit status 2."""


class Scenario:
    """A battlefield with units built into a real game state, so queries use the game's own rules."""

    def __init__(self, data: Any, base_dir: Path) -> None:
        if not isinstance(data, dict):
            raise QueryError("the scenario must be a JSON object")
        self.ruleset = data.get("ruleset", RULESET_4E)
        if not isinstance(self.ruleset, str) or self.ruleset not in ANSWERS:
            raise QueryError(f"unknown ruleset {self.ruleset!r} (known: {', '.join(ANSWERS)})")
        self.battlefield = self._battlefield(data, base_dir)
        self.state = GameState(self.battlefield, World())
        self.units: dict[str, Entity] = {}
        for index, raw in enumerate(_list(data.get("units", []), "units")):
            self._add_unit(raw, index)

    def _battlefield(self, data: dict[str, Any], base_dir: Path) -> Battlefield:
        if "map" in data:
            try:
                return load_battlefield(base_dir / str(data["map"]))
            except MapError as err:
                raise QueryError(str(err)) from None
        rows = data.get("grid")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise QueryError("the scenario needs \"grid\" (a list of strings) or \"map\" (a .tmx path)")
        edges = []
        for i, raw in enumerate(_list(data.get("edges", []), "edges")):
            try:
                a, b = (tuple(int(v) for v in sq) for sq in raw["between"])
                edges.append((edge_key(a, b), EDGE_KINDS[raw.get("kind", "low_wall")]))
            except (KeyError, TypeError, ValueError) as err:
                raise QueryError(f"edges[{i}]: needs \"between\": two side-by-side squares and a kind of {', '.join(EDGE_KINDS)} ({err})") from None
        try:
            return parse_ascii(rows, edges=tuple(edges), elevation_ft=data.get("elevation_ft"))
        except ValueError as err:
            raise QueryError(str(err)) from None

    def _add_unit(self, raw: Any, index: int) -> None:
        where = f"units[{index}]"
        if not isinstance(raw, dict) or "id" not in raw or "at" not in raw:
            raise QueryError(f"{where}: a unit needs \"id\" and \"at\"")
        unit_id = str(raw["id"])
        if unit_id in self.units:
            raise QueryError(f"{where}: unit id {unit_id!r} is used twice")
        try:
            size = Size.parse(str(raw.get("size", "medium")))
            speed = int(raw.get("speed", 6))
        except ValueError as err:
            raise QueryError(f"{where}: {err}") from None
        at = self.square(raw["at"], where + ".at")
        conditions = tuple(sorted(str(c) for c in _list(raw.get("conditions", []), where + ".conditions")))
        known = {RULESET_5E: CONDITIONS_5E, RULESET_D20: query_d20.CONDITIONS}.get(self.ruleset, CONDITIONS)
        for condition in conditions:
            if condition not in known:
                raise QueryError(f"{where}: unknown condition {condition!r}")
        stats = Stats(unit_id, 1, 1, Defenses(10, 10, 10, 10), speed, 0)
        self.units[unit_id] = self.state.world.create(
            Name(unit_id), Team(str(raw.get("side", ""))), Position(at), Body(size, bool(raw.get("flying", False))),
            stats, Health(1), Conditions.of(*conditions),
        )

    def square(self, raw: Any, where: str) -> Square:
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
            raise QueryError(f"{where}: a square is [x, y], got {raw!r}")
        square = (raw[0], raw[1])
        if not self.battlefield.in_bounds(square):
            raise QueryError(f"{where}: square {raw} is off the map ({self.battlefield.width}x{self.battlefield.height})")
        return square

    def unit(self, raw: Any, where: str) -> Entity:
        if str(raw) not in self.units:
            raise QueryError(f"{where}: unknown unit id {raw!r}")
        return self.units[str(raw)]

    def space_of(self, raw: Any, where: str) -> tuple[Square, int]:
        """A unit's space, or a single square given as [x, y]."""
        if isinstance(raw, list):
            return self.square(raw, where), 1
        return self.state.space(self.unit(raw, where))


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise QueryError(f"{where}: expected a list")
    return value


def q_sight(s: Scenario, q: dict[str, Any]) -> Any:
    return line_of_sight(s.battlefield, s.space_of(q.get("from"), "from"), s.space_of(q.get("to"), "to"))


def q_effect(s: Scenario, q: dict[str, Any]) -> Any:
    return line_of_effect(s.battlefield, s.space_of(q.get("from"), "from"), s.space_of(q.get("to"), "to"))


def q_path_cost(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    to = s.square(q.get("to"), "to")
    if to == s.state.square(entity):
        return 0
    if held_in_place(s.state, entity) is not None:
        return None
    result = search(s.state.move_rules(entity), None)
    return result.cost[to] if to in result.endable else None


def q_reachable(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    budget = q.get("squares", walking_speed(s.state, entity))
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 0:
        raise QueryError("squares: expected a whole number of squares")
    if held_in_place(s.state, entity) is not None:
        return [list(s.state.square(entity))]
    return [list(sq) for sq in search(s.state.move_rules(entity), budget).reachable()]


def _attack_kind(q: dict[str, Any]) -> str:
    kind = q.get("attack", RANGED)
    if kind not in ATTACK_KINDS:
        raise QueryError(f"attack: expected one of {', '.join(ATTACK_KINDS)}, got {kind!r}")
    return kind


def _origin(s: Scenario, q: dict[str, Any], kind: str) -> Square | None:
    if kind in (CLOSE, AREA) and "origin" in q:
        return s.square(q["origin"], "origin")
    return None


def _pair(s: Scenario, q: dict[str, Any]) -> tuple[Entity, Entity]:
    return s.unit(q.get("attacker"), "attacker"), s.unit(q.get("target"), "target")


def _count(q: dict[str, Any], key: str, default: int | None = None) -> int:
    value = q.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise QueryError(f"{key}: expected a whole number, got {value!r}")
    return value


def q_cover(s: Scenario, q: dict[str, Any]) -> Any:
    kind = _attack_kind(q)
    return cover(s.state, *_pair(s, q), kind, _origin(s, q, kind))


def q_concealment(s: Scenario, q: dict[str, Any]) -> Any:
    return concealment(s.state, *_pair(s, q), _attack_kind(q))


def q_flanking(s: Scenario, q: dict[str, Any]) -> Any:
    return is_flanking(s.state, *_pair(s, q))


def q_combat_advantage(s: Scenario, q: dict[str, Any]) -> Any:
    return combat_advantage(s.state, *_pair(s, q), _attack_kind(q))


def q_attack_modifier(s: Scenario, q: dict[str, Any]) -> Any:
    """§12: the sum of the situational modifiers; long range only when ``range`` is given (weapon attacks)."""
    attacker, target = _pair(s, q)
    kind = _attack_kind(q)
    beyond = False
    if "range" in q and kind == RANGED:
        distance = range_distance(s.battlefield, s.state.space(attacker), s.state.space(target))
        beyond = distance is not None and distance > _count(q, "range")
    return sum(m.value for m in situation(s.state, attacker, target, kind, _origin(s, q, kind), beyond).modifiers)


def q_shift(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    return shift_rejection(s.state, entity, s.square(q.get("to"), "to")) is None


def q_forced(s: Scenario, q: dict[str, Any]) -> Any:
    mover, target = s.unit(q.get("by"), "by"), s.unit(q.get("target"), "target")
    kind = q.get("kind")
    if kind not in (PUSH, PULL, SLIDE):
        raise QueryError(f"kind: expected push, pull or slide, got {kind!r}")
    squares = _count(q, "squares")
    # §22: forced movement needs line of effect to the target; restrained creatures cannot be moved.
    if s.state.has_condition(target, "restrained") or not line_of_effect(s.battlefield, s.state.space(mover), s.state.space(target)):
        return [list(s.state.square(target))]
    return [list(sq) for sq in forced_destinations(s.state.move_rules(target), s.state.space(mover), kind, squares)]


def q_fall(s: Scenario, q: dict[str, Any]) -> Any:
    return fall_damage(_count(q, "height_ft")).as_answer()


def q_teleport(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    occupied = s.state.squares_taken(but=entity)
    return teleport_reaches(s.battlefield, s.state.space(entity), s.square(q.get("to"), "to"), _count(q, "squares"), occupied)


def q_provokes(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    move = q.get("move", WALK)
    if move not in (WALK, SHIFT, TELEPORT):
        raise QueryError(f"move: expected walk, shift or teleport, got {move!r}")
    path = tuple(s.square(sq, "path") for sq in _list(q.get("path", []), "path"))
    names = {entity_id: name for name, entity_id in s.units.items()}
    return [names[e] for e in provokers(s.state, entity, path, move)]


QUERIES: dict[str, Callable[[Scenario, dict[str, Any]], Any]] = {
    "sight": q_sight, "effect": q_effect, "cover": q_cover, "concealment": q_concealment,
    "flanking": q_flanking, "combat_advantage": q_combat_advantage, "attack_modifier": q_attack_modifier,
    "path_cost": q_path_cost, "reachable": q_reachable, "shift": q_shift, "forced": q_forced,
    "fall": q_fall, "teleport": q_teleport, "provokes": q_provokes,
}


# 5e-house: contracts/query.md "5e-house answers"; the geometric queries answer as in 4e, and the 4e
# mechanics the ruleset does not have are refused with the query to ask instead (docs/rulesets.md).


def q_cover_5e(s: Scenario, q: dict[str, Any]) -> Any:
    kind = _attack_kind(q)
    return situation5e.cover(s.state, *_pair(s, q), kind, _origin(s, q, kind))


def q_concealment_5e(s: Scenario, q: dict[str, Any]) -> Any:
    _attack_kind(q)
    return situation5e.concealment(s.state, *_pair(s, q))


def q_advantage_5e(s: Scenario, q: dict[str, Any]) -> Any:
    """§2.1, §2.3.1, §8: advantage and disadvantage combined; ``range_ft`` (optional): the weapon's normal
    range, beyond which a ranged attack has disadvantage."""
    attacker, target = _pair(s, q)
    kind = _attack_kind(q)
    beyond = "range_ft" in q and kind == RANGED and \
        distance_ft(s.state.space(attacker), s.state.space(target)) > _count(q, "range_ft")
    dodging = s.state.has_condition(target, "dodging") and not situation5e.cannot_move(s.state, target)
    return situation5e.odds(s.state, attacker, target, kind, beyond, dodging=dodging).result


def _feet_rules(s: Scenario, entity: Entity) -> FeetRules:
    """§2.3: the unit walking, crawling while prone, among every other unit."""
    state, body = s.state, s.state.world.get(entity, Body)
    walker = Walker(state.square(entity), body.size, state.side(entity), body.flying)
    others = [Bystander(state.square(o), state.world.get(o, Body).size, state.side(o), situation5e.incapacitated(state, o))
              for o in state.standing() if o != entity]
    return FeetRules(s.battlefield, walker, others, burdens=1 if state.has_condition(entity, "prone") else 0)


def q_path_cost_5e(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    to = s.square(q.get("to"), "to")
    if to == s.state.square(entity):
        return 0
    if situation5e.cannot_move(s.state, entity):
        return None
    result = _feet_rules(s, entity).search()
    return result.cost[to] if to in result.endable else None


def q_reachable_5e(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    budget = _count(q, "feet", s.state.stats(entity).speed * FEET_PER_SQUARE)
    if situation5e.cannot_move(s.state, entity):
        return [list(s.state.square(entity))]
    return [list(sq) for sq in _feet_rules(s, entity).search(budget).reachable(budget)]


def q_fall_5e(s: Scenario, q: dict[str, Any]) -> Any:
    return fall_damage5e(_count(q, "height_ft")).as_answer()


def q_provokes_5e(s: Scenario, q: dict[str, Any]) -> Any:
    """§6: ``move`` walk, disengage (a walk after the Disengage action) or teleport."""
    entity = s.unit(q.get("unit"), "unit")
    move = q.get("move", WALK)
    if move not in (WALK, "disengage", TELEPORT):
        raise QueryError(f"move: expected walk, disengage or teleport in 5e-house, got {move!r}")
    path = tuple(s.square(sq, "path") for sq in _list(q.get("path", []), "path"))
    names = {entity_id: name for name, entity_id in s.units.items()}
    found = situation5e.provokers(s.state, entity, path, disengaged=move == "disengage", teleport=move == TELEPORT)
    return [names[e] for e in found]


def _not_in_5e(instead: str) -> Callable[[Scenario, dict[str, Any]], Any]:
    def refuse(s: Scenario, q: dict[str, Any]) -> Any:
        raise QueryError(f"not asked in 5e-house: {instead}")
    return refuse


QUERIES_5E: dict[str, Callable[[Scenario, dict[str, Any]], Any]] = {
    **QUERIES,
    "cover": q_cover_5e, "concealment": q_concealment_5e, "advantage": q_advantage_5e,
    "path_cost": q_path_cost_5e, "reachable": q_reachable_5e, "fall": q_fall_5e, "provokes": q_provokes_5e,
    "attack_modifier": _not_in_5e("attack rolls take advantage or disadvantage, ask \"advantage\""),
    "combat_advantage": _not_in_5e("there is no combat advantage, ask \"advantage\""),
    "flanking": _not_in_5e("the page has no flanking rule"),
    "shift": _not_in_5e("there is no shift; ask \"provokes\" with \"move\": \"disengage\""),
}
ANSWERS = {RULESET_4E: QUERIES, RULESET_5E: QUERIES_5E,
           RULESET_D20: {"sight": q_sight, "effect": q_effect, **query_d20.QUERIES}}


def answer(data: Any, base_dir: Path) -> dict[str, Any]:
    scenario = Scenario(data, base_dir)
    queries = ANSWERS[scenario.ruleset]
    results = []
    for index, query in enumerate(_list(data.get("queries", []), "queries")):
        if not isinstance(query, dict) or query.get("q") not in queries:
            name = query.get("q") if isinstance(query, dict) else query
            raise QueryError(f"queries[{index}]: unknown query {name!r} (known: {', '.join(queries)})")
        try:
            results.append(queries[query["q"]](scenario, query))
        except QueryError as err:
            raise QueryError(f"queries[{index}] ({query['q']}): {err}") from None
    return {"results": results}


def run(source: str, stdin_text: Callable[[], str]) -> str:
    """Read the scenario (a path, or "-" for standard input) and return the JSON answer text."""
    if source == "-":
        text, base_dir = stdin_text(), Path.cwd()
    else:
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise QueryError(f"{source}: cannot read the scenario ({err.strerror or err})") from None
        except UnicodeDecodeError:
            raise QueryError(f"{source}: the scenario is not UTF-8 text") from None
        base_dir = path.parent
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise QueryError(f"{source}: not valid JSON: {err}") from None
    return json.dumps(answer(data, base_dir))
