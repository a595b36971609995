"""The computer thinks off the frame: any ruleset's computer player decides on a worker thread, against a clone of
the state, and the battle screen picks the command up on a later frame (the frames keep coming meanwhile)."""

from __future__ import annotations

import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from game.state import GameState

# The worker holds the interpreter lock while it searches; the frame's thread gets it back within this
# many seconds (Python's default, 5 ms, would cost a frame up to a third of its 16.7 ms at every switch).
SWITCH_INTERVAL_S = 0.001


class ComputerPlayer(Protocol):
    """What every ruleset's computer player offers: the next command for the state, and why it chose it."""

    side: str
    last_label: str

    def next_command(self, state: GameState) -> Any: ...


class Thinker:
    """One worker thread that runs computer players' decisions; a decision is asked for a moment of the match
    (a value that changes with every command, such as the record's length) and kept until the moment changes.

    The player sees a clone of the state, so the screen may draw, hover and animate the real one meanwhile;
    the player's decision depends only on the state it is given (and its own seeded dice), so the command is
    the one it would have chosen on the frame itself."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._moment: object = None
        self._job: Future[tuple[Any, str]] | None = None

    def decision(self, player: ComputerPlayer, state: GameState, moment: object) -> tuple[Any, str] | None:
        """The player's command and its reason for ``moment``, once ready; None while it is still thinking
        (the first call for a moment starts it). An error in the player is raised here, on the frame's thread."""
        if self._job is None or self._moment != (player.side, moment):
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
                sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
            self._moment = (player.side, moment)
            self._job = self._pool.submit(_decide, player, state.clone())
        if not self._job.done():
            return None
        return self._job.result()

    def busy(self) -> bool:
        """Whether a decision is being worked out now (the screen says the computer is thinking)."""
        return self._job is not None and not self._job.done()

    def close(self) -> None:
        """Let the worker finish what it is doing and stop; nothing waits for it."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._job = None


def _decide(player: ComputerPlayer, state: GameState) -> tuple[Any, str]:
    command = player.next_command(state)
    return command, player.last_label
