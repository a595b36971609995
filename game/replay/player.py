"""Stepping through a saved skirmish: forward one command at a time (with its events), or back to any step."""

from __future__ import annotations

from typing import Any

from game.core.dice import Dice, SeededDice
from game.match import Match
from game.replay.load import Loaded, fresh_match
from game.state import GameState


class ReplayPlayer:
    """The match after ``position`` commands of a loaded save. Every step's state is kept (components are
    immutable, so a world's copy is a copy of its dictionaries), so stepping back costs no re-simulation."""

    def __init__(self, loaded: Loaded) -> None:
        self.commands: list[Any] = [command for command, _ in loaded.match.record]
        start = fresh_match(loaded.setup, loaded.match.seed, loaded.match.ruleset)
        self.opening = start.opening
        self.seed, self.ruleset = start.seed, start.ruleset
        self._steps: list[tuple[GameState, Dice]] = [(start.state.clone(), _copy(start.dice))]
        self._events: list[list[Any]] = []
        self._rolls: list[int] = []
        for command in self.commands:
            result = start.submit(command)
            assert isinstance(result, list), "a loaded save replays"   # load() checked every command
            self._events.append(result)
            self._rolls.append(start.dice_rolls[-1])
            self._steps.append((start.state.clone(), _copy(start.dice)))
        self.position = 0
        self.match = self._match_at(0)

    @property
    def total(self) -> int:
        return len(self.commands)

    def _match_at(self, position: int) -> Match:
        state, dice = self._steps[position]
        return Match(state.clone(), _copy(dice), self.seed, ruleset=self.ruleset, opening=list(self.opening),
                     record=list(zip(self.commands[:position], self._events[:position])),
                     dice_rolls=self._rolls[:position])

    def forward(self) -> list[Any] | None:
        """Play the next command; its events, or None at the end."""
        if self.position >= self.total:
            return None
        self.position += 1
        self.match = self._match_at(self.position)
        return self._events[self.position - 1]

    def go_to(self, position: int) -> Match:
        """The match after ``position`` commands (clamped to the replay)."""
        self.position = max(0, min(self.total, position))
        self.match = self._match_at(self.position)
        return self.match

    def label(self, position: int | None = None) -> str:
        """What command ``position`` (from 1; default the last one played) was, e.g. "Move"."""
        index = (self.position if position is None else position) - 1
        return type(self.commands[index]).__name__ if 0 <= index < self.total else "the start"


def _copy(dice: Dice) -> Dice:
    return dice.copy() if isinstance(dice, SeededDice) else dice
