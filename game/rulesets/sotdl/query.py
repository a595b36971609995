"""The sotdl-house answers of `python -m game query` (../shared/contracts/query.md, "sotdl-house answers"):
the shared geometry's sight, effect and teleport, this ruleset's cover, concealment, boons, walks in yards,
free-attack triggers and falls, and the 4e ideas it has no rule for refused in one line."""

from __future__ import annotations

from typing import Any

from game.ecs.components import Body
from game.ecs.world import Entity
from game.engine.scenario import GEOMETRY, MELEE, QueryError, QueryRules, Scenario, attack_kind, count, listed, not_asked, pair
from game.rulesets.sotdl import afflictions, situation
from game.rulesets.sotdl.movement import Figure, path_cost, reachable
from game.rulesets.sotdl.vitality import fall_dice

CONDITIONS = afflictions.AFFLICTIONS + ("invisible",)
MOVES = ("walk", "withdraw", "teleport")
BOONS_INSTEAD = "a 4e idea; ask \"boons\" for the hit test's boons and banes"


def _figures(s: Scenario, entity: Entity) -> tuple[Figure, list[Figure]]:
    state = s.state

    def of(e: Entity) -> Figure:
        return Figure(state.square(e), state.world.get(e, Body).size, state.has_condition(e, "prone"))
    return of(entity), [of(e) for e in state.creatures() if e != entity]


def q_cover(s: Scenario, q: dict[str, Any]) -> str:
    """§7.5, §16.37: corner lines against ranged attacks; a melee attack only total or none."""
    return situation.cover(s.state, *pair(s, q), attack_kind(q) != MELEE)


def q_concealment(s: Scenario, q: dict[str, Any]) -> str:
    attack_kind(q)
    return situation.concealment(s.state, *pair(s, q))


def q_boons(s: Scenario, q: dict[str, Any]) -> int:
    """The net boons the situation puts on the hit test (A5-A7, E2-E3): the game's own situation_edges, counting
    partial and heavy concealment as the contract lists them (the game's 2 banes against an unseen target, a
    ruling of §16.38, are not in the contract's list)."""
    attacker, target = pair(s, q)
    return situation.net(situation.situation_edges(s.state, attacker, target, attack_kind(q) != MELEE, unseen=False))


def q_path_cost(s: Scenario, q: dict[str, Any]) -> int | None:
    entity = s.unit(q.get("unit"), "unit")
    return path_cost(s.battlefield, *_figures(s, entity)).get(s.square(q.get("to"), "to"))


def q_reachable(s: Scenario, q: dict[str, Any]) -> list[list[int]]:
    """``yards`` (default: the unit's speed after its afflictions, M12-M14)."""
    entity = s.unit(q.get("unit"), "unit")
    speed = afflictions.speed(s.state.conditions(entity), s.speeds[entity])
    return [list(sq) for sq in reachable(s.battlefield, *_figures(s, entity), count(q, "yards", speed))[1]]


def q_provokes(s: Scenario, q: dict[str, Any]) -> list[str]:
    """§16.5, M4: a walk out of an enemy's reach provokes it once; withdraw and teleport provoke no one."""
    entity = s.unit(q.get("unit"), "unit")
    move = q.get("move", "walk")
    if move not in MOVES:
        raise QueryError(f"move: expected {', '.join(MOVES)} in sotdl-house, got {move!r}")
    path = tuple(s.square(sq, "path") for sq in listed(q.get("path", []), "path"))
    names = {entity_id: name for name, entity_id in s.units.items()}
    found = situation.provokers(s.state, entity, path, withdraw=move == "withdraw", teleport=move == "teleport",
                                check_able=False)
    return [names[e] for _, e in found]


def q_fall(s: Scenario, q: dict[str, Any]) -> dict[str, Any]:
    """F1 onto solid ground: feet / 3 yards, rounded down."""
    dice = fall_dice(count(q, "height_ft") // 3)
    if not dice:
        return {"dice": "", "flat": 0, "min": 0, "max": 0}
    return {"dice": f"{dice}d6", "flat": 0, "min": dice, "max": 6 * dice}


ANSWERS = QueryRules({
    "sight": GEOMETRY["sight"], "effect": GEOMETRY["effect"], "teleport": GEOMETRY["teleport"],
    "cover": q_cover, "concealment": q_concealment, "boons": q_boons, "path_cost": q_path_cost,
    "reachable": q_reachable, "provokes": q_provokes, "fall": q_fall,
    **{name: not_asked("sotdl-house", f"{name} is {BOONS_INSTEAD}")
       for name in ("attack_modifier", "flanking", "combat_advantage", "shift")},
    "forced": not_asked("sotdl-house", "the page's only forced movement is the Shove (M21)"),
}, CONDITIONS)
