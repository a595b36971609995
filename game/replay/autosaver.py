"""Autosaves that never hold up a frame: the match is frozen as it stands (a clone of the world, copies of the
record) and its document is built, hashed and written on a worker thread, each command's events hashed once."""

from __future__ import annotations

import copy
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from game.actions.events import Event
from game.match import Match
from game.replay import saves
from game.replay.format import SaveError, Setup, events_digest


class Autosaver:
    """Writes autosaves one after another on its own thread; a failed write is reported by ``problem``."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._writes: list[Future[Any]] = []
        # Each command's events hash, by the identity of its (never changed) events list; used on the worker only.
        self._digests: dict[int, tuple[list[Event], str]] = {}

    def save(self, match: Match, setup: Setup) -> None:
        """Queue an autosave of ``match`` as it stands now; the frame goes on at once."""
        frozen = replace(match, state=match.state.clone(), dice=copy.copy(match.dice), record=list(match.record),
                         opening=list(match.opening), dice_rolls=list(match.dice_rolls))
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._writes.append(self._pool.submit(saves.autosave, frozen, setup, self._events_digest))

    def _events_digest(self, events: list[Event]) -> str:
        known = self._digests.get(id(events))
        if known is None or known[0] is not events:
            known = self._digests[id(events)] = (events, events_digest(events))
        return known[1]

    def problem(self) -> str:
        """Why the last finished autosave failed ("" when none did); each failure is told once."""
        finished = [w for w in self._writes if w.done()]
        self._writes = [w for w in self._writes if not w.done()]
        errors = [w.exception() for w in finished if w.exception() is not None]
        for error in errors:
            if not isinstance(error, SaveError):
                raise error
        return str(errors[-1]) if errors else ""

    def wait(self) -> str:
        """Wait until every queued autosave is written (before loading the list of saves, or quitting);
        returns ``problem``."""
        for write in list(self._writes):
            write.exception()
        return self.problem()
