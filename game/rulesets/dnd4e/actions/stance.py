"""Stand up (§25.19), drop prone (§25.8) and end a squeeze (§25.21)."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.arrival import PRONE
from game.rulesets.dnd4e.actions.commands import DropProne, EndSqueeze, Rejected, StandUp
from game.rulesets.dnd4e.actions.common import check_actor, lacks_action, spend_action
from game.rulesets.dnd4e.actions.events import ConditionEnded, ConditionGained, Event, UnitMoved
from game.core.dice import Dice
from game.core.grid import DIRECTIONS, Square, footprint
from game.ecs.components import Body, Condition, Position
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MINOR, MOVE
from game.state import SQUEEZING, GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_


def stand_up_square(state: GameState, actor: Entity, to: Square | None = None) -> Square | None | Rejected:
    """Where the creature stands up (§25.19): where it lies (None) when no one else is in its space;
    otherwise ``to`` or the first adjacent square it could shift into and stay in."""
    if not (set(footprint(*state.space(actor))) & state.squares_taken(but=actor)):
        return None
    rules = state.move_rules(actor)
    start = state.square(actor)
    candidates = [to] if to is not None else [(start[0] + dx, start[1] + dy) for dx, dy in DIRECTIONS]
    for square in candidates:
        if max(abs(square[0] - start[0]), abs(square[1] - start[1])) == 1 and rules.step_cost(start, square) \
                is not None and not rules.drop_ft(start, square) and rules.may_end_at(square):
            return square
    if to is not None:
        return Rejected(L_('standing up, a creature sharing a space shifts 1 square into a free adjacent one'), "4e §25.19")
    return Rejected(L_('{actor} shares its space and every adjacent square is taken: it cannot stand up', actor=named(state.name(actor))),
                    "4e §25.19")


def validate_stand_up(state: GameState, command: StandUp) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if not state.has_condition(command.actor, PRONE):
        return Rejected(L_('{actor} is not prone', actor=named(state.name(command.actor))), "4e §25.19")
    if isinstance(square := stand_up_square(state, command.actor, command.to), Rejected):
        return square
    return lacks_action(state, command.actor, MOVE)


def apply_stand_up(state: GameState, command: StandUp, dice: Dice) -> list[Event]:
    square = stand_up_square(state, command.actor, command.to)
    assert not isinstance(square, Rejected)
    spend_action(state, MOVE)
    state.remove_condition(command.actor, PRONE)
    events: list[Event] = [ConditionEnded(command.actor, PRONE, "4e §25.19")]
    if square is not None:
        start = state.square(command.actor)
        state.world.add(command.actor, Position(square))
        events.append(UnitMoved(command.actor, (start, square), 1, "move", "shift", "4e §25.19"))
    return events


def validate_drop_prone(state: GameState, command: DropProne) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if state.has_condition(command.actor, PRONE):
        return Rejected(L_('{actor} is already prone', actor=named(state.name(command.actor))), "4e §25.8")
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
        return Rejected(L_('{actor} is not squeezing', actor=named(state.name(command.actor))), "4e §25.21")
    if full_space(state, command.actor) is None:
        return Rejected(L_("there is no room here for {actor}'s full space", actor=named(state.name(command.actor))), "4e §25.21")
    return None


def apply_end_squeeze(state: GameState, command: EndSqueeze, dice: Dice) -> list[Event]:
    top_left = full_space(state, command.actor)
    assert top_left is not None
    state.remove_condition(command.actor, SQUEEZING)
    state.world.add(command.actor, Position(top_left))
    return [ConditionEnded(command.actor, SQUEEZING, "4e §25.21")]
