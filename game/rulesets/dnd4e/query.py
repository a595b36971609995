"""The 4e answers of `python -m game query` (contracts/query.md): the 4e rules asked of a scenario."""

from __future__ import annotations

from typing import Any

from game.core.distance import range_distance
from game.core.movement import search
from game.ecs.components import Defenses, Health, Stats
from game.engine.scenario import (
    GEOMETRY, RANGED, QueryError, QueryRules, Scenario, attack_kind, count, listed, origin, pair,
)
from game.rulesets.dnd4e.actions.move import held_in_place, shift_rejection, walking_speed
from game.rulesets.dnd4e.falling import fall_damage
from game.rulesets.dnd4e.opportunity import SHIFT, TELEPORT, WALK, provokers
from game.rulesets.dnd4e.situation import combat_advantage, concealment, cover, is_flanking, situation

CONDITIONS = (
    "blinded", "dazed", "deafened", "dominated", "dying", "helpless", "immobilized", "marked", "petrified",
    "prone", "restrained", "slowed", "stunned", "surprised", "unconscious", "weakened", "invisible",
)


def unit_parts(name: str, speed: int) -> tuple[object, ...]:
    """A scenario's unit as the 4e rules read it: its speed, plain defenses, one hit point."""
    return Stats(name, 1, 1, Defenses(10, 10, 10, 10), speed, 0), Health(1)


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


def q_cover(s: Scenario, q: dict[str, Any]) -> Any:
    kind = attack_kind(q)
    return cover(s.state, *pair(s, q), kind, origin(s, q, kind))


def q_concealment(s: Scenario, q: dict[str, Any]) -> Any:
    return concealment(s.state, *pair(s, q), attack_kind(q))


def q_flanking(s: Scenario, q: dict[str, Any]) -> Any:
    return is_flanking(s.state, *pair(s, q))


def q_combat_advantage(s: Scenario, q: dict[str, Any]) -> Any:
    return combat_advantage(s.state, *pair(s, q), attack_kind(q))


def q_attack_modifier(s: Scenario, q: dict[str, Any]) -> Any:
    """§12: the sum of the situational modifiers; long range only when ``range`` is given (weapon attacks)."""
    attacker, target = pair(s, q)
    kind = attack_kind(q)
    beyond = False
    if "range" in q and kind == RANGED:
        distance = range_distance(s.battlefield, s.state.space(attacker), s.state.space(target))
        beyond = distance is not None and distance > count(q, "range")
    return sum(m.value for m in situation(s.state, attacker, target, kind, origin(s, q, kind), beyond).modifiers)


def q_shift(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    return shift_rejection(s.state, entity, s.square(q.get("to"), "to")) is None


def q_fall(s: Scenario, q: dict[str, Any]) -> Any:
    return fall_damage(count(q, "height_ft")).as_answer()


def q_provokes(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    move = q.get("move", WALK)
    if move not in (WALK, SHIFT, TELEPORT):
        raise QueryError(f"move: expected walk, shift or teleport, got {move!r}")
    path = tuple(s.square(sq, "path") for sq in listed(q.get("path", []), "path"))
    names = {entity_id: name for name, entity_id in s.units.items()}
    return [names[e] for e in provokers(s.state, entity, path, move)]



ANSWERS = QueryRules({
    **GEOMETRY, "cover": q_cover, "concealment": q_concealment, "flanking": q_flanking,
    "combat_advantage": q_combat_advantage, "attack_modifier": q_attack_modifier, "path_cost": q_path_cost,
    "reachable": q_reachable, "shift": q_shift, "fall": q_fall, "provokes": q_provokes,
}, CONDITIONS, unit_parts)
