"""The one door into the game state: validate a command (pure), then apply it (dice in, events out)."""

from __future__ import annotations

from typing import Callable

from game.actions.attack import apply_attack, validate_attack
from game.actions.commands import Attack, Command, EndTurn, Move, Rejected
from game.actions.end_turn import apply_end_turn, validate_end_turn
from game.actions.events import Event
from game.actions.move import apply_move, validate_move
from game.core.dice import Dice
from game.state import GameState
from game.systems.pipeline import run_systems

_VALIDATORS: dict[type, Callable[[GameState, Command], Rejected | None]] = {
    Move: validate_move, Attack: validate_attack, EndTurn: validate_end_turn,  # type: ignore[dict-item]
}
_APPLIERS: dict[type, Callable[[GameState, Command, Dice], list[Event]]] = {
    Move: apply_move, Attack: apply_attack, EndTurn: apply_end_turn,  # type: ignore[dict-item]
}


def validate(state: GameState, command: Command) -> Rejected | None:
    """Pure: no dice, no change. None means the command may be applied."""
    validator = _VALIDATORS.get(type(command))
    if validator is None:
        return Rejected(f"unknown command {type(command).__name__}")
    return validator(state, command)


def execute(state: GameState, command: Command, dice: Dice) -> Rejected | list[Event]:
    """Validate, then apply and run the systems in their fixed order; a rejection changes nothing."""
    rejection = validate(state, command)
    if rejection is not None:
        return rejection
    events = _APPLIERS[type(command)](state, command, dice)
    return events + run_systems(state, events)
