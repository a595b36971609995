"""`python -m game query` answers for "ruleset": "sotdl-house" (../shared/contracts/query.md, sotdl-house).

``queries(base, error)`` returns the table the shared query command dispatches to: the shared geometric
answers of ``base`` (sight, effect, teleport) with this ruleset's answers over them; ``error`` is the query
command's error type, raised for bad input and for the queries this ruleset does not answer.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.grid import Square
from game.ecs.components import Body
from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions, situation
from game.rulesets.sotdl.movement import Figure, path_cost, reachable
from game.rulesets.sotdl.vitality import fall_dice

CONDITIONS = afflictions.AFFLICTIONS + ("invisible",)
ATTACKS = ("melee", "ranged", "close", "area")
MOVES = ("walk", "withdraw", "teleport")
NOT_ASKED = ("attack_modifier", "flanking", "combat_advantage", "shift", "forced")


def queries(base: dict[str, Callable[..., Any]], error: type[Exception]) -> dict[str, Callable[..., Any]]:
    """The sotdl-house query table."""

    def pair(s: Any, q: dict[str, Any]) -> tuple[Entity, Entity]:
        return s.unit(q.get("attacker"), "attacker"), s.unit(q.get("target"), "target")

    def kind(q: dict[str, Any]) -> str:
        value = q.get("attack", "ranged")
        if value not in ATTACKS:
            raise error(f"attack: expected one of {', '.join(ATTACKS)}, got {value!r}")
        return value

    def whole(q: dict[str, Any], key: str, default: int | None = None) -> int:
        value = q.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise error(f"{key}: expected a whole number, got {value!r}")
        return value

    def figures(s: Any, entity: Entity) -> tuple[Figure, list[Figure]]:
        state = s.state

        def of(e: Entity) -> Figure:
            return Figure(state.square(e), state.world.get(e, Body).size, state.has_condition(e, "prone"))
        return of(entity), [of(e) for e in state.creatures() if e != entity]

    def q_cover(s: Any, q: dict[str, Any]) -> str:
        """§7.5, §16.37: corner lines against ranged attacks; a melee attack only total or none."""
        return situation.cover(s.state, *pair(s, q), kind(q) != "melee")

    def q_concealment(s: Any, q: dict[str, Any]) -> str:
        kind(q)
        return situation.concealment(s.state, *pair(s, q))

    def q_boons(s: Any, q: dict[str, Any]) -> int:
        attacker, target = pair(s, q)
        return situation.net(situation.situation_edges(s.state, attacker, target, kind(q) != "melee"))

    def q_path_cost(s: Any, q: dict[str, Any]) -> int | None:
        entity = s.unit(q.get("unit"), "unit")
        to: Square = s.square(q.get("to"), "to")
        return path_cost(s.state.battlefield, *figures(s, entity)).get(to)

    def q_reachable(s: Any, q: dict[str, Any]) -> list[list[int]]:
        entity = s.unit(q.get("unit"), "unit")
        speed = afflictions.speed(s.state.conditions(entity), s.state.stats(entity).speed)
        yards = whole(q, "yards", speed)
        return [list(sq) for sq in reachable(s.state.battlefield, *figures(s, entity), yards)[1]]

    def q_provokes(s: Any, q: dict[str, Any]) -> list[str]:
        entity = s.unit(q.get("unit"), "unit")
        move = q.get("move", "walk")
        if move not in MOVES:
            raise error(f"move: expected {', '.join(MOVES)} in sotdl-house, got {move!r}")
        raw = q.get("path", [])
        if not isinstance(raw, list):
            raise error("path: expected a list")
        path = tuple(s.square(sq, "path") for sq in raw)
        names = {entity_id: name for name, entity_id in s.units.items()}
        found = situation.provokers(s.state, entity, path, withdraw=move == "withdraw", teleport=move == "teleport",
                                    check_able=False)
        return [names[e] for _, e in found]

    def q_fall(s: Any, q: dict[str, Any]) -> dict[str, Any]:
        count = fall_dice(whole(q, "height_ft") // 3)
        if not count:
            return {"dice": "", "flat": 0, "min": 0, "max": 0}
        return {"dice": f"{count}d6", "flat": 0, "min": count, "max": 6 * count}

    def refuse(name: str) -> Callable[..., Any]:
        def answer(s: Any, q: dict[str, Any]) -> Any:
            raise error(f"not asked in sotdl-house: {name} is a 4e idea; ask \"boons\" for the hit test's boons and banes")
        return answer

    table = {**base, "cover": q_cover, "concealment": q_concealment, "boons": q_boons, "path_cost": q_path_cost,
             "reachable": q_reachable, "provokes": q_provokes, "fall": q_fall}
    table.update({name: refuse(name) for name in NOT_ASKED})
    return table
