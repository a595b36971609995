"""EndTurn: the creature whose turn it is hands over to the next in initiative order."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.commands import EndTurn, Rejected
from game.rulesets.dnd4e.actions.common import check_actor
from game.rulesets.dnd4e.actions.events import Event, TurnEnded
from game.core.dice import Dice
from game.state import GameState


def validate_end_turn(state: GameState, command: EndTurn) -> Rejected | None:
    return check_actor(state, command.actor)


def apply_end_turn(state: GameState, command: EndTurn, dice: Dice) -> list[Event]:
    return [TurnEnded(command.actor)]
