"""Autosaves that never hold up a frame: the match as it stands goes to the helper process (game.ui.helper),
which builds, hashes and writes the document there, each command's events hashed once."""

from __future__ import annotations

from typing import Any

from game.match import Match
from game.replay import saves
from game.replay.format import SaveError, Setup, events_digest


class EventDigests:
    """``events_digest`` that remembers each command's events hash by the identity of its (never changed) list."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[list[Any], str]] = {}

    def __call__(self, events: list[Any]) -> str:
        known = self._known.get(id(events))
        if known is None or known[0] is not events:
            known = self._known[id(events)] = (events, events_digest(events))
        return known[1]


class Autosaver:
    """Queues autosaves with the helper process; a failed write is reported by ``problem``."""

    def __init__(self) -> None:
        self._writes: list[Any] = []

    def save(self, match: Match, setup: Setup) -> None:
        """Queue an autosave of ``match`` as it stands now; the frame goes on at once."""
        from game.ui.helper import helper

        self._writes.append(helper().autosave(match, setup, saves.autosave_dir()))

    def problem(self) -> str:
        """Why the last finished autosave failed ("" when none did); each failure is told once."""
        finished = [w for w in self._writes if w.done()]
        self._writes = [w for w in self._writes if not w.finished]
        errors = [w.error for w in finished if w.error is not None]
        for error in errors:
            if not isinstance(error, SaveError):
                raise error
        return str(errors[-1]) if errors else ""

    def wait(self) -> str:
        """Wait until every queued autosave is written (tests; before reading the saves); returns ``problem``."""
        for write in list(self._writes):
            write.wait()
        return self.problem()
