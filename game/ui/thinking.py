"""The computer thinks off the frame: any ruleset's computer player decides in the helper process
(game.ui.helper), on a copy of the state, and the battle screen picks the command up on a later frame; a
person's slow options (the bar's choices) are worked out there too."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from game.state import GameState
from game.ui.helper import Job, helper


class ComputerPlayer(Protocol):
    """What every ruleset's computer player offers: the next command for the state, and why it chose it.
    Its decisions depend only on the state and its own seed, so a copy decides as the original would."""

    side: str
    last_label: str

    def next_command(self, state: GameState) -> Any: ...


# How long a frame waits, once the computer's beat is over, for a decision still being worked out: none in play
# (the screen says the computer is thinking and draws on). Tests that step the clock faster than real time set
# it, so the computer still answers on the frame its beat ends, as it did when it thought on the frame.
PATIENCE_S = 0.0


class Thinker:
    """Asks the helper for decisions; a decision is asked for a moment of the match (a value that changes with
    every command, such as the record's length) and kept until the moment changes."""

    def __init__(self) -> None:
        self._moment: object = None
        self._job: Job | None = None

    def decision(self, player: ComputerPlayer, state: GameState, moment: object,
                 due: bool = False) -> tuple[Any, str] | None:
        """The player's command and its reason for ``moment``, once ready; None while it is still thinking
        (the first call for a moment sends it off). ``due``: the screen wants it now, so wait up to PATIENCE_S
        for it. An error in the player is raised here."""
        if self._job is None or self._moment != (player.side, moment):
            self._moment = (player.side, moment)
            self._job = helper().decide(player, state.battlefield, state.world.clone())
        if due and PATIENCE_S > 0:
            self._job.wait(PATIENCE_S)
        if not self._job.done():
            return None
        return self._job.result()

    def busy(self) -> bool:
        """Whether a decision is being worked out now (the screen says the computer is thinking)."""
        return self._job is not None and not self._job.finished


class Answers:
    """A person's options worked out off the frame: pure questions about the state (``function(state, *args)``),
    sent to the helper and each kept for the moment of the match it was asked for (a value equal exactly when
    the state is the same)."""

    def __init__(self) -> None:
        self._moment: object = None
        self._known: dict[tuple[Any, ...], Any] = {}
        self._asked: dict[tuple[Any, ...], Job] = {}

    def answer(self, function: Callable[..., Any], state: GameState, moment: object, *args: Any,
               here: bool = False) -> Any | None:
        """The answer for ``moment``, once it is in; None while the helper works it out (the first call for a
        moment sends it off, and ``arrived`` says when it came). Waits up to PATIENCE_S, as decisions do.
        ``here``: no frame is waiting (a skirmish being set up), so work it out in this process at once."""
        if moment != self._moment:
            self._moment, self._known, self._asked = moment, {}, {}
        key = (function, *args)
        if key in self._known:
            return self._known[key]
        if here:
            self._known[key] = function(state, *args)
            return self._known[key]
        job = self._asked.get(key)
        if job is None:
            job = self._asked[key] = helper().compute(function, state.battlefield, state.world.clone(), args)
        if PATIENCE_S > 0:
            job.wait(PATIENCE_S)
        if not job.done():
            return None
        del self._asked[key]
        self._known[key] = job.result()
        return self._known[key]

    def arrived(self) -> bool:
        """Whether an answer still awaited has come in (polled once a frame: the screen then refreshes)."""
        landed = [key for key, job in self._asked.items() if job.done()]
        for key in landed:
            self._known[key] = self._asked.pop(key).result()
        return bool(landed)
