"""Stand up (§25.19), drop prone (§25.8) and end a squeeze (§25.21)."""

from __future__ import annotations

from game.actions.arrival import PRONE
from game.actions.commands import DropProne, EndSqueeze, Rejected, StandUp
from game.actions.common import check_actor, lacks_action, spend_action
from game.actions.events import ConditionEnded, ConditionGained, Event
from game.core.dice import Dice
from game.core.grid import Square
from game.ecs.components import Body, Condition, Position
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MINOR, MOVE
from game.state import SQUEEZING, GameState


def validate_stand_up(state: GameState, command: StandUp) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if not state.has_condition(command.actor, PRONE):
        return Rejected(f"{state.name(command.actor)} is not prone", "4e §25.19")
    return lacks_action(state, command.actor, MOVE)


def apply_stand_up(state: GameState, command: StandUp, dice: Dice) -> list[Event]:
    spend_action(state, MOVE)
    state.remove_condition(command.actor, PRONE)
    return [ConditionEnded(command.actor, PRONE, "4e §25.19")]


def validate_drop_prone(state: GameState, command: DropProne) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if state.has_condition(command.actor, PRONE):
        return Rejected(f"{state.name(command.actor)} is already prone", "4e §25.8")
    return lacks_action(state, command.actor, MINOR)


def apply_drop_prone(state: GameState, command: DropProne, dice: Dice) -> list[Event]:
    spend_action(state, MINOR)
    state.add_condition(command.actor, Condition(PRONE))
    return [ConditionGained(command.actor, PRONE, rule="4e §25.8")]


def full_space(state: GameState, entity: Entity) -> Square | None:
    """§25.21 [IMPL]: the first legal full-size space that contains the squeezed one (top-left first)."""
    (x, y), side = state.space(entity)
    grow = state.world.get(entity, Body).size.side_squares - side
    rules = state.move_rules(entity, squeeze=False)
    for dy in range(0, -grow - 1, -1):
        for dx in range(0, -grow - 1, -1):
            if rules.may_end_at((x + dx, y + dy)):
                return (x + dx, y + dy)
    return None


def validate_end_squeeze(state: GameState, command: EndSqueeze) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if not state.has_condition(command.actor, SQUEEZING):
        return Rejected(f"{state.name(command.actor)} is not squeezing", "4e §25.21")
    if full_space(state, command.actor) is None:
        return Rejected(f"there is no room here for {state.name(command.actor)}'s full space", "4e §25.21")
    return None


def apply_end_squeeze(state: GameState, command: EndSqueeze, dice: Dice) -> list[Event]:
    top_left = full_space(state, command.actor)
    assert top_left is not None
    state.remove_condition(command.actor, SQUEEZING)
    state.world.add(command.actor, Position(top_left))
    return [ConditionEnded(command.actor, SQUEEZING, "4e §25.21")]
