"""Checks every command shares: whose turn it is and whether the skirmish is still on."""

from __future__ import annotations

from game.actions.commands import Rejected
from game.ecs.components import OutOfFight
from game.ecs.world import Entity
from game.state import GameState

NO_ACTION_CONDITIONS = ("stunned", "petrified", "surprised", "unconscious", "dying")  # 4e §9


def check_actor(state: GameState, actor: Entity) -> Rejected | None:
    if state.outcome is not None:
        return Rejected("the skirmish is over")
    if actor not in state.creatures():
        return Rejected(f"there is no creature {actor}")
    if state.turn.current != actor:
        return Rejected(f"it is {state.name(state.turn.current)}'s turn, not {state.name(actor)}'s", "4e §2.2")
    if state.world.has(actor, OutOfFight):
        return Rejected(f"{state.name(actor)} is out of the fight", "4e §26.1")
    for condition in NO_ACTION_CONDITIONS:
        if state.has_condition(actor, condition):
            return Rejected(f"{state.name(actor)} is {condition} and can take no actions", "4e §9")
    return None
