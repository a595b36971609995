"""Changing a creature's conditions and hit points for the better or worse: healing, temporary hit
points and the effects powers lay (4e §9-§11, §26-§27). Every change returns the events that report it."""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.dnd4e.actions.events import ConditionEnded, ConditionGained, Event, Healed, TemporaryHitPoints, UnitRevived
from game.ecs.components import END_OF_TURN, Condition, EffectSpec, Health, Surges, TurnState
from game.ecs.world import Entity
from game.rulesets.dnd4e.damage import healed, with_temp
from game.rulesets.dnd4e.economy import SPENT
from game.rulesets.dnd4e.effects import condition_from
from game.state import GameState

PRONE, DYING, UNCONSCIOUS = "prone", "dying", "unconscious"
DAZING = ("dazed", "dominated")       # §9: dominated creatures are dazed
TEMP_HP = "temp_hp"


def heal(state: GameState, target: Entity, bonus: int, *, surge: bool, source: str,
         surge_heals: int | None = None) -> list[Event]:
    """Healing (§26): with ``surge`` the creature spends a healing surge and regains its surge value (or
    ``surge_heals``) plus ``bonus``. With no surge left a dying creature still comes back at 1 hit point (§27), any other gains
    nothing. A creature at 0 or below starts from 0 (§27, [A53]); it wakes, still prone."""
    stats = state.stats(target)
    before = state.world.get(target, Health)
    spent = False
    amount = bonus
    if surge:
        left = state.world.maybe(target, Surges)
        if left is not None and left.left > 0:
            state.world.add(target, Surges(left.left - 1))
            spent = True
            amount = (stats.surge_value if surge_heals is None else surge_heals) + bonus
        elif before.hp <= 0:
            amount = 1
        else:
            amount = 0
    after = healed(before, amount, stats.max_hp) if amount > 0 else before
    state.world.add(target, after)
    events: list[Event] = [Healed(target, after.hp - before.hp, after.hp, spent, source)]
    if before.hp <= 0 < after.hp:
        events += wake(state, target)
    return events


def wake(state: GameState, target: Entity) -> list[Event]:
    """§27: healed above 0, a dying or knocked-out creature is conscious again, and still prone (an
    unconsciousness a power laid keeps its own duration)."""
    events: list[Event] = []
    for name in (DYING, UNCONSCIOUS):
        entries = [c for c in state.conditions(target).named(name) if c.until == ""]
        for entry in entries:
            state.world.add(target, state.conditions(target).without(entry))
        if entries and not state.has_condition(target, name):
            events.append(ConditionEnded(target, name, "4e §27"))
    return events + [UnitRevived(target)]


def gain_temp(state: GameState, target: Entity, amount: int, source: str) -> list[Event]:
    state.world.add(target, with_temp(state.world.get(target, Health), amount))
    return [TemporaryHitPoints(target, amount, source)]


def lay(state: GameState, condition: Condition, bearer: Entity, rule: str = "4e §9") -> list[Event]:
    """Put a condition on a creature; unconscious also drops it prone (§9). Dazed in the middle of its
    own turn, a creature has one action left, or none if it has acted (§9)."""
    turn = state.world.maybe_resource(TurnState)
    if turn is not None and condition.until == END_OF_TURN and condition.owner == turn.current:
        condition = replace(condition, outlasts_this_turn=True)   # "your next turn" is not this one (§11.1)
    state.add_condition(bearer, condition)
    if turn is not None and condition.name in DAZING and bearer == turn.current and not turn.actions.one_action:
        state.world.set_resource(replace(turn, actions=replace(SPENT if turn.acted else turn.actions, one_action=True)))
    events: list[Event] = [ConditionGained(bearer, condition.name, condition.until, rule, condition.source,
                                           condition.amount, condition.damage_type)]
    if condition.name == UNCONSCIOUS and not state.has_condition(bearer, PRONE):
        state.add_condition(bearer, Condition(PRONE))
        events.append(ConditionGained(bearer, PRONE, rule="4e §9 unconscious"))
    return events


def lay_effect(state: GameState, spec: EffectSpec, user: Entity, bearer: Entity, source: str) -> list[Event]:
    """A power's effect on ``bearer``: temporary hit points at once, anything else as a condition."""
    if spec.condition == TEMP_HP:
        return gain_temp(state, bearer, spec.amount, source)
    return lay(state, condition_from(spec, user, bearer, source), bearer)


def end_entries(state: GameState, bearer: Entity, entries: tuple[Condition, ...], rule: str) -> list[Event]:
    """Remove these entries; report each condition the creature no longer has at all."""
    if not entries:
        return []
    conditions = state.conditions(bearer)
    for entry in entries:
        conditions = conditions.without(entry)
    state.world.add(bearer, conditions)
    names = dict.fromkeys(e.name for e in entries)
    return [ConditionEnded(bearer, name, rule) for name in names if not conditions.has(name)]


def spend_surge_value(state: GameState, target: Entity) -> int:
    """The surge value a spent surge heals, or 0 with none left (for the death save's 20, §27)."""
    left = state.world.maybe(target, Surges)
    if left is None or left.left <= 0:
        return 0
    state.world.add(target, replace(left, left=left.left - 1))
    return state.stats(target).surge_value
