"""The 5e-house answers of `python -m game query` (contracts/query.md, "5e-house answers"): the geometric
queries answer as in every ruleset, and the 4e mechanics the page does not have are refused with the query to
ask instead (docs/rulesets.md)."""

from __future__ import annotations

from typing import Any

from game.ecs.components import Body
from game.ecs.world import Entity
from game.engine.scenario import (
    GEOMETRY, RANGED, QueryError, QueryRules, Scenario, attack_kind, count, listed, not_asked, origin, pair,
)
from game.rulesets.dnd5e import situation as situation5e
from game.rulesets.dnd5e.distance import FEET_PER_SQUARE, distance_ft
from game.rulesets.dnd5e.falling import fall_damage as fall_damage5e
from game.rulesets.dnd5e.movement import Bystander, FeetRules, Walker

WALK, DISENGAGE, TELEPORT = "walk", "disengage", "teleport"
# The conditions a scenario's unit may carry: the 4e words the contract lists, and the 5e conditions and
# states the page names (docs/rulesets.md).
CONDITIONS = (
    "blinded", "dazed", "deafened", "dominated", "dying", "helpless", "immobilized", "marked", "petrified",
    "prone", "restrained", "slowed", "stunned", "surprised", "unconscious", "weakened", "invisible",
    "grappled", "incapacitated", "paralyzed", "hidden", "dodging",
)


def q_cover_5e(s: Scenario, q: dict[str, Any]) -> Any:
    kind = attack_kind(q)
    return situation5e.cover(s.state, *pair(s, q), kind, origin(s, q, kind))


def q_concealment_5e(s: Scenario, q: dict[str, Any]) -> Any:
    attack_kind(q)
    return situation5e.concealment(s.state, *pair(s, q))


def q_advantage_5e(s: Scenario, q: dict[str, Any]) -> Any:
    """§2.1, §2.3.1, §8: advantage and disadvantage combined; ``range_ft`` (optional): the weapon's normal
    range, beyond which a ranged attack has disadvantage."""
    attacker, target = pair(s, q)
    kind = attack_kind(q)
    beyond = "range_ft" in q and kind == RANGED and \
        distance_ft(s.state.space(attacker), s.state.space(target)) > count(q, "range_ft")
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
    budget = count(q, "feet", s.speeds[entity] * FEET_PER_SQUARE)
    if situation5e.cannot_move(s.state, entity):
        return [list(s.state.square(entity))]
    return [list(sq) for sq in _feet_rules(s, entity).search(budget).reachable(budget)]


def q_fall_5e(s: Scenario, q: dict[str, Any]) -> Any:
    return fall_damage5e(count(q, "height_ft")).as_answer()


def q_provokes_5e(s: Scenario, q: dict[str, Any]) -> Any:
    """§6: ``move`` walk, disengage (a walk after the Disengage action) or teleport."""
    entity = s.unit(q.get("unit"), "unit")
    move = q.get("move", WALK)
    if move not in (WALK, DISENGAGE, TELEPORT):
        raise QueryError(f"move: expected walk, disengage or teleport in 5e-house, got {move!r}")
    path = tuple(s.square(sq, "path") for sq in listed(q.get("path", []), "path"))
    names = {entity_id: name for name, entity_id in s.units.items()}
    found = situation5e.provokers(s.state, entity, path, disengaged=move == DISENGAGE, teleport=move == TELEPORT)
    return [names[e] for e in found]



ANSWERS = QueryRules({
    **GEOMETRY,
    "cover": q_cover_5e, "concealment": q_concealment_5e, "advantage": q_advantage_5e,
    "path_cost": q_path_cost_5e, "reachable": q_reachable_5e, "fall": q_fall_5e, "provokes": q_provokes_5e,
    "attack_modifier": not_asked("5e-house", "attack rolls take advantage or disadvantage, ask \"advantage\""),
    "combat_advantage": not_asked("5e-house", "there is no combat advantage, ask \"advantage\""),
    "flanking": not_asked("5e-house", "the page has no flanking rule"),
    "shift": not_asked("5e-house", "there is no shift; ask \"provokes\" with \"move\": \"disengage\""),
}, CONDITIONS)
