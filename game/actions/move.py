"""Move: walk along a path with a move action, or with the standard action spent as a move (§3.4)."""

from __future__ import annotations

from dataclasses import replace

from game.actions.commands import Move, Rejected
from game.actions.common import check_actor
from game.actions.attack import AttackPlan, plan_attack, resolve_attack
from game.actions.events import Event, UnitMoved
from game.core.dice import Dice
from game.core.grid import Square
from game.core.movement import SearchResult, path_cost, search, step_costs
from game.ecs.components import Position
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MOVE, spend
from game.rulesets.dnd4e.opportunity import WALK, provokers
from game.state import GameState

SLOWED_SPEED = 2                               # 4e §9 slowed
SHIFT_SQUARES = 1                              # 4e §25.20
DOUBLE_MOVE = "double move"                    # the slot name of a pooled walk (4e §19)
CANNOT_WALK = ("immobilized", "restrained", "prone")   # 4e §9


def walking_speed(state: GameState, entity: Entity) -> int:
    """§17.1 speed, capped at 2 while slowed (§9)."""
    speed = state.stats(entity).speed
    return min(speed, SLOWED_SPEED) if state.has_condition(entity, "slowed") else speed


def held_in_place(state: GameState, entity: Entity, verb: str = "walk") -> Rejected | None:
    """§9: prone, immobilized and restrained creatures cannot walk or shift out of their space."""
    for condition in CANNOT_WALK:
        if state.has_condition(entity, condition):
            rule = "4e §9" if condition != "prone" else "4e §9 prone: crawl or stand up first"
            return Rejected(f"{state.name(entity)} is {condition} and cannot {verb}", rule)
    return None


def walk_blocker(state: GameState, entity: Entity) -> Rejected | None:
    """Why the creature cannot walk at all right now, if it cannot."""
    if (rejection := held_in_place(state, entity)) is not None:
        return rejection
    if spend(state.turn.actions, MOVE) is None:
        return Rejected(f"{state.name(entity)} has no move action left", "4e §3.4")
    return None


def shift_rejection(state: GameState, entity: Entity, to: Square) -> Rejected | None:
    """§25.20: a shift moves 1 square without entering difficult terrain (§18.1, M001-DT-05)."""
    if (rejection := held_in_place(state, entity, "shift")) is not None:
        return rejection
    rules = state.move_rules(entity)
    start = state.square(entity)
    if max(abs(to[0] - start[0]), abs(to[1] - start[1])) != SHIFT_SQUARES:
        return Rejected("a shift moves exactly 1 square", "4e §25.20")
    cost = rules.step_cost(start, to)
    if cost is None:
        return Rejected("that square cannot be entered", "4e §17-§18")
    if cost > SHIFT_SQUARES:
        return Rejected("a 1-square shift cannot enter difficult terrain or cross a low wall", "4e §18.1, M001-DT-05")
    if not rules.may_end_at(to):
        return Rejected("a shift cannot end in another creature's square", "4e §17.4")
    return None


def can_double_move(state: GameState) -> bool:
    """§19: with the move and the standard action both unspent, two walks pool into one movement."""
    actions = state.turn.actions
    return actions.move and actions.standard


def walk_budget(state: GameState, entity: Entity) -> int:
    """Squares of movement one walk may use now: speed, or twice it as a double move (§19)."""
    speed = walking_speed(state, entity)
    return speed * 2 if can_double_move(state) else speed


def walk_options(state: GameState, entity: Entity) -> SearchResult:
    """Every square one walk can reach and the cheapest path there: the overlay and the check agree."""
    return search(state.move_rules(entity), walk_budget(state, entity))


def validate_move(state: GameState, command: Move) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if (rejection := walk_blocker(state, command.actor)) is not None:
        return rejection
    if len(command.path) < 2:
        return Rejected("a walk must enter at least one square")
    rules = state.move_rules(command.actor)
    cost = path_cost(rules, command.path)
    if cost is None:
        return Rejected("that path is not a legal walk: it enters a wall, an enemy or cuts a wall's corner", "4e §17.3-§17.4, §18.2")
    budget = walk_budget(state, command.actor)
    if cost > budget:
        double = " (a double move: the move and standard actions together)" if can_double_move(state) else ""
        return Rejected(f"that walk costs {cost} squares but {budget} are available{double}", "4e §17.1, §18.1, §19")
    if not rules.may_end_at(command.path[-1]):
        return Rejected("a walk cannot end in another creature's square", "4e §17.4")
    return None


def apply_move(state: GameState, command: Move, dice: Dice) -> list[Event]:
    cost = path_cost(state.move_rules(command.actor), command.path)
    assert cost is not None  # validated
    turn = state.turn
    if cost > walking_speed(state, command.actor):
        # §19: a double move spends the move action and the standard action taken as a move.
        budget, slot = replace(turn.actions, move=False, standard=False), DOUBLE_MOVE
    else:
        spent = spend(turn.actions, MOVE)
        assert spent is not None
        budget, slot = spent
    state.world.set_resource(replace(turn, actions=budget))
    return walk_with_opportunity_attacks(state, command.actor, command.path, slot, dice)


def walk_with_opportunity_attacks(state: GameState, actor: Entity, path: tuple[Square, ...], slot: str,
                                  dice: Dice) -> list[Event]:
    """Walk the path square by square; each enemy it provokes attacks once, before the mover leaves.

    §25.13: leaving a square next to an enemy provokes a melee basic attack, one per enemy per turn;
    the attack interrupts the move, and a mover dropped to 0 hit points stops where it was. The walk is
    reported as one UnitMoved per uninterrupted stretch, each with its own cost.
    """
    costs = step_costs(state.move_rules(actor), path)
    assert costs is not None  # validated
    events: list[Event] = []
    stretch_start = 0

    def walked(to_index: int) -> None:
        if to_index > stretch_start:
            stretch = path[stretch_start:to_index + 1]
            events.append(UnitMoved(actor, stretch, sum(costs[stretch_start:to_index]), slot))

    for index, square in enumerate(path[:-1]):
        for enemy in provokers(state, actor, (square, path[index + 1]), WALK):
            melee = state.arsenal(enemy).of_kind("melee")
            if enemy in state.turn.opportunity_used or melee is None:
                continue
            state.world.add(actor, Position(square))
            plan = plan_attack(state, enemy, actor, melee.name)
            if not isinstance(plan, AttackPlan):
                continue
            walked(index)
            stretch_start = index
            state.world.set_resource(replace(state.turn, opportunity_used=state.turn.opportunity_used + (enemy,)))
            events.extend(resolve_attack(state, enemy, actor, plan, dice, opportunity=True))
            if state.hp(actor) <= 0:
                return events
    state.world.add(actor, Position(path[-1]))
    walked(len(path) - 1)
    return events
