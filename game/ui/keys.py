"""The battle screen's letter keys: which letter a key intent stands for on the action row.

game.input.intents maps every key: the ones the whole game shares (Enter, Esc, Y/N, 0-9, arrows, ...)
by meaning, the other letters as Key("letter_x").
"""

from __future__ import annotations

# Letters the shared table already gives a meaning, read back as their letter while in battle.
SHARED = {"play_again": "r", "menu": "m", "centre": "c", "quit": "q", "yes": "y", "no": "n"}


def letter_of(action: str) -> str:
    """The upper-case letter a key intent stands for, or "" (the bar's hotkeys are upper case)."""
    if action.startswith("letter_"):
        return action[len("letter_"):].upper()
    return SHARED.get(action, "").upper()
