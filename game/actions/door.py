"""The one door into the game state: validate a command (pure), then apply it (dice in, events out)."""

from __future__ import annotations

from typing import Callable

from game.actions.attack import apply_area_attack, apply_attack, validate_area_attack, validate_attack
from game.actions.commands import (
    AreaAttack, Attack, Command, DropProne, EndSqueeze, EndTurn, ForceMove, Move, Opportunity, Rejected, StandUp,
    Teleport,
)
from game.actions.end_turn import apply_end_turn, validate_end_turn
from game.actions.events import Event
from game.actions.force_move import apply_force_move, validate_force_move
from game.actions.move import apply_move, validate_move
from game.actions.opportunity_attack import apply_opportunity, validate_opportunity
from game.actions.stance import (
    apply_drop_prone, apply_end_squeeze, apply_stand_up, validate_drop_prone, validate_end_squeeze, validate_stand_up,
)
from game.actions.teleport import apply_teleport, validate_teleport
from game.core.dice import Dice
from game.state import GameState
from game.systems.pipeline import run_systems

_VALIDATORS: dict[type, Callable[[GameState, Command], Rejected | None]] = {  # type: ignore[dict-item]
    Move: validate_move, Attack: validate_attack, AreaAttack: validate_area_attack, Teleport: validate_teleport,
    ForceMove: validate_force_move, Opportunity: validate_opportunity, StandUp: validate_stand_up,
    DropProne: validate_drop_prone, EndSqueeze: validate_end_squeeze, EndTurn: validate_end_turn,
}
_APPLIERS: dict[type, Callable[[GameState, Command, Dice], list[Event]]] = {  # type: ignore[dict-item]
    Move: apply_move, Attack: apply_attack, AreaAttack: apply_area_attack, Teleport: apply_teleport,
    ForceMove: apply_force_move, Opportunity: apply_opportunity, StandUp: apply_stand_up,
    DropProne: apply_drop_prone, EndSqueeze: apply_end_squeeze, EndTurn: apply_end_turn,
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
