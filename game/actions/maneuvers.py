"""TEMPORARY: replaced by the maneuvers helper."""
from game.actions.commands import Rejected

def validate_charge(state, command):
    return Rejected('not yet')

def apply_charge(state, command, dice):
    return []

def validate_bull_rush(state, command):
    return Rejected('not yet')

def apply_bull_rush(state, command, dice):
    return []

def validate_grab(state, command):
    return Rejected('not yet')

def apply_grab(state, command, dice):
    return []

def validate_move_grabbed(state, command):
    return Rejected('not yet')

def apply_move_grabbed(state, command, dice):
    return []

def validate_escape(state, command):
    return Rejected('not yet')

def apply_escape(state, command, dice):
    return []

def validate_end_grab(state, command):
    return Rejected('not yet')

def apply_end_grab(state, command, dice):
    return []

def validate_aid_another(state, command):
    return Rejected('not yet')

def apply_aid_another(state, command, dice):
    return []

def resume_maneuver(state, paused, dice):
    return []
