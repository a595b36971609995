"""The d20-modern answers of `python -m game query` (shared/contracts/query.md, "d20-modern answers"): the
geometric queries answer as in every ruleset; ``ANSWERS`` is this ruleset's QueryRules."""

from __future__ import annotations

from typing import Any, Callable

from game.core.grid import Square
from game.ecs.components import Body
from game.ecs.world import Entity
from game.engine.scenario import GEOMETRY, QueryError, QueryRules, not_asked
from game.rulesets.d20modern import attack, cover, defense, measure, threat
from game.rulesets.d20modern.situation import (
    adjacent, cover_degree, engaged_with_ally, flanking, higher_ground, miss_chance, threatens_at_all,
)
from game.rulesets.d20modern.walking import Bystander, FeetRules, Walker

CONDITIONS = ("blinded", "cowering", "dazed", "flat_footed", "grappling", "helpless", "invisible", "pinned", "prone",
              "stunned", "unconscious")
NAME = "d20-modern"
ATTACKS = ("melee", "ranged", "close", "area")
FALL_DIE, FALL_STEP_FT, FALL_MAX_DICE = 6, 10, 20


def _fail(text: str) -> QueryError:
    return QueryError(text)


def _pair(s: Any, q: dict[str, Any]) -> tuple[Entity, Entity]:
    return s.unit(q.get("attacker"), "attacker"), s.unit(q.get("target"), "target")


def _melee(q: dict[str, Any]) -> bool:
    kind = q.get("attack", "ranged")
    if kind not in ATTACKS:
        raise _fail(f"attack: expected one of {', '.join(ATTACKS)}, got {kind!r}")
    return kind == "melee"


def _whole(q: dict[str, Any], key: str, default: int | None = None) -> int:
    value = q.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(f"{key}: expected a whole number, got {value!r}")
    return value


def q_cover(s: Any, q: dict[str, Any]) -> str:
    """COV-01, COV-04: the degree from the corner lines; a close or area attack's ``origin`` square stands in for the attacker."""
    attacker, target = _pair(s, q)
    _melee(q)
    state = s.state
    if q.get("attack") in ("close", "area") and "origin" in q:
        screens = [(state.space(o), int(state.world.get(o, Body).size)) for o in state.creatures() if o != target]
        return cover.cover_degree(s.battlefield, (s.square(q["origin"], "origin"), 1), state.space(target), screens,
                                  int(state.world.get(target, Body).size))
    return cover_degree(state, attacker, target)


def q_miss_chance(s: Any, q: dict[str, Any]) -> int:
    """CON-01, CON-02, CON-04."""
    attacker, target = _pair(s, q)
    _melee(q)
    return miss_chance(s.state, attacker, target)


def q_flanking(s: Any, q: dict[str, Any]) -> bool:
    """§6.4, ATK-20."""
    return flanking(s.state, *_pair(s, q))


def q_attack_modifier(s: Any, q: dict[str, Any]) -> int:
    """§7.1 and ATK-09, ATK-11: the attacker's side of the roll."""
    attacker, target = _pair(s, q)
    melee = _melee(q)
    state = s.state
    penalty = 0
    if "range_increment" in q:
        increment = _whole(q, "range_increment")
        if increment < 1:
            raise _fail("range_increment: expected feet, at least 1")
        penalty = measure.range_penalty(measure.feet_between(state.space(attacker), state.space(target)), increment)
    stance = attack.Stance(
        melee=melee, flanking=melee and flanking(state, attacker, target),
        higher_ground=melee and higher_ground(state, attacker, target), prone=state.has_condition(attacker, "prone"),
        invisible=state.has_condition(attacker, "invisible"),
        into_melee=not melee and engaged_with_ally(state, attacker, target), range_penalty=penalty,
    )
    return sum(value for _, value in attack.attack_modifiers(stance))


def q_defense_modifier(s: Any, q: dict[str, Any]) -> int:
    """§7.1, §7.2: the cover bonus and the target's posture (prone, stunned or cowering, pinned against melee)."""
    attacker, target = _pair(s, q)
    melee = _melee(q)
    state = s.state
    posture = defense.Posture(prone=state.has_condition(target, "prone"),
                              stunned=state.has_condition(target, "stunned") or state.has_condition(target, "cowering"),
                              pinned=state.has_condition(target, "pinned"), pinned_by_attacker=True)
    bonus = cover.DEFENSE_BONUS[q_cover(s, q)]
    return bonus + sum(v for _, v in defense.posture_modifiers(posture, melee, adjacent(state, attacker, target)))


def _feet_rules(s: Any, entity: Entity) -> FeetRules:
    state = s.state
    others = [Bystander(state.square(o), state.world.get(o, Body).size, state.side(o)) for o in state.creatures() if o != entity]
    return FeetRules(s.battlefield, Walker(state.square(entity), state.world.get(entity, Body).size, state.side(entity)), others)


def q_path_cost(s: Any, q: dict[str, Any]) -> int | None:
    entity = s.unit(q.get("unit"), "unit")
    to = s.square(q.get("to"), "to")
    if to == s.state.square(entity):
        return 0
    found = _feet_rules(s, entity).search()
    return found.cost[to] if to in found.endable else None


def q_reachable(s: Any, q: dict[str, Any]) -> list[list[int]]:
    entity = s.unit(q.get("unit"), "unit")
    budget = _whole(q, "feet", s.speeds[entity] * measure.SQUARE_FT)
    return [list(sq) for sq in _feet_rules(s, entity).search(budget).reachable(budget)]


def q_provokes(s: Any, q: dict[str, Any]) -> list[str]:
    """AOO-02, AOO-07, AOO-08: who gets an attack of opportunity along the path, in order."""
    entity = s.unit(q.get("unit"), "unit")
    move = q.get("move", threat.WALK)
    if move not in threat.MOVES:
        raise _fail(f"move: expected {', '.join(threat.MOVES)}, got {move!r}")
    raw = q.get("path", [])
    if not isinstance(raw, list):
        raise _fail("path: expected a list")
    path: list[Square] = [s.square(sq, "path") for sq in raw]
    state = s.state
    watchers = [threat.Watcher(o, state.space(o), threatens_at_all(state, o)) for o in state.creatures()
                if o != entity and state.side(o) != state.side(entity)]
    names = {e: name for name, e in s.units.items()}
    return [names[w.key] for _, w in threat.provocations(path, state.space(entity)[1], watchers, move)]


def q_fall(s: Any, q: dict[str, Any]) -> dict[str, Any]:
    """1d6 per full 10 ft fallen, at most 20d6 (the d20 standard the chapter leaves to another one)."""
    dice = min(_whole(q, "height_ft") // FALL_STEP_FT, FALL_MAX_DICE)
    if dice == 0:
        return {"dice": "", "flat": 0, "min": 0, "max": 0}
    return {"dice": f"{dice}d{FALL_DIE}", "flat": 0, "min": dice, "max": dice * FALL_DIE}


QUERIES: dict[str, Callable[[Any, dict[str, Any]], Any]] = {
    **GEOMETRY,
    "cover": q_cover, "miss_chance": q_miss_chance, "flanking": q_flanking, "attack_modifier": q_attack_modifier,
    "defense_modifier": q_defense_modifier, "path_cost": q_path_cost, "reachable": q_reachable,
    "provokes": q_provokes, "fall": q_fall,
    "concealment": not_asked(NAME, "concealment is a miss chance, ask \"miss_chance\""),
    "combat_advantage": not_asked(NAME, "there is no combat advantage, ask \"attack_modifier\""),
    "shift": not_asked(NAME, "there is no shift; ask \"provokes\" with \"move\": \"five_foot_step\""),
    "forced": not_asked(NAME, "the chapter has no push, pull or slide"),
}
ANSWERS = QueryRules(QUERIES, CONDITIONS)
