"""The one door into the game state: validate a command (pure), then apply it (dice in, events out)."""

from __future__ import annotations

from typing import Callable
from weakref import WeakKeyDictionary

from game.rulesets.dnd4e.actions import attack, end_turn, force_move, maneuvers, move, react, stance, teleport, turn_actions
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, AreaAttack, Attack, BullRush, Charge, Command, CoupDeGrace, Delay, DrinkPotion, DropProne, EndGrab,
    EndSqueeze, EndTurn, Escape, ForceMove, Grab, Move, MoveGrabbed, React, Ready, Rejected, SecondWind,
    SpendActionPoint, StandUp, Sustain, Teleport, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.events import Event
from game.core.dice import Dice
from game.ecs.world import World
from game.state import GameState
from game.rulesets.dnd4e.systems.pipeline import run_systems
from game.rulesets.dnd4e.i18n import L_

# Each entry pairs one command class with its own validator and applier; the table is keyed by the class, so
# the pairing is checked by the tests rather than by the type checker.
_RULES: dict[type, tuple[Callable[..., Rejected | None], Callable[..., list[Event]]]] = {
    Move: (move.validate_move, move.apply_move),
    Attack: (attack.validate_attack, attack.apply_attack),
    AreaAttack: (attack.validate_area_attack, attack.apply_area_attack),
    CoupDeGrace: (attack.validate_coup_de_grace, attack.apply_coup_de_grace),
    UsePower: (attack.validate_use_power, attack.apply_use_power),
    Charge: (maneuvers.validate_charge, maneuvers.apply_charge),
    BullRush: (maneuvers.validate_bull_rush, maneuvers.apply_bull_rush),
    Grab: (maneuvers.validate_grab, maneuvers.apply_grab),
    MoveGrabbed: (maneuvers.validate_move_grabbed, maneuvers.apply_move_grabbed),
    Escape: (maneuvers.validate_escape, maneuvers.apply_escape),
    EndGrab: (maneuvers.validate_end_grab, maneuvers.apply_end_grab),
    AidAnother: (maneuvers.validate_aid_another, maneuvers.apply_aid_another),
    SecondWind: (turn_actions.validate_second_wind, turn_actions.apply_second_wind),
    TotalDefense: (turn_actions.validate_total_defense, turn_actions.apply_total_defense),
    DrinkPotion: (turn_actions.validate_potion, turn_actions.apply_potion),
    SpendActionPoint: (turn_actions.validate_action_point, turn_actions.apply_action_point),
    Sustain: (turn_actions.validate_sustain, turn_actions.apply_sustain),
    Delay: (turn_actions.validate_delay, turn_actions.apply_delay),
    Ready: (turn_actions.validate_ready, turn_actions.apply_ready),
    Teleport: (teleport.validate_teleport, teleport.apply_teleport),
    ForceMove: (force_move.validate_force_move, force_move.apply_force_move),
    React: (react.validate_react, react.apply_react),
    StandUp: (stance.validate_stand_up, stance.apply_stand_up),
    DropProne: (stance.validate_drop_prone, stance.apply_drop_prone),
    EndSqueeze: (stance.validate_end_squeeze, stance.apply_end_squeeze),
    EndTurn: (end_turn.validate_end_turn, end_turn.apply_end_turn),
}


# The last command each world let through, with the world's version then: the computer checks the command it
# sends, and the door need not check that same command object again while the world has not changed since.
# Any other command (another object, from a screen or another machine) or any change in between is checked anew.
_PASSED: WeakKeyDictionary[World, tuple[int, Command]] = WeakKeyDictionary()


def validate(state: GameState, command: Command) -> Rejected | None:
    """Pure: no dice, no change. None means the command may be applied."""
    rules = _RULES.get(type(command))
    if rules is None:
        return Rejected(L_('unknown command {command}', command=type(command).__name__))
    rejection = rules[0](state, command)
    if rejection is None:
        _PASSED[state.world] = (state.world.version, command)
    return rejection


def _passed(state: GameState, command: Command) -> bool:
    """This very command passed ``validate`` on this world, and the world has not changed since."""
    last = _PASSED.get(state.world)
    return last is not None and last[1] is command and last[0] == state.world.version


def execute(state: GameState, command: Command, dice: Dice) -> Rejected | list[Event]:
    """Validate, then apply and run the systems in their fixed order; a rejection changes nothing."""
    if not _passed(state, command):
        rejection = validate(state, command)
        if rejection is not None:
            return rejection
    events = _RULES[type(command)][1](state, command, dice)
    return events + run_systems(state, events, dice)
