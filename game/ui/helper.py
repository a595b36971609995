"""A helper process for the battle screen's slow pure work (the computer's decisions, the autosaves, a person's
options), so a frame never waits for them nor shares Python's interpreter lock with them (a worker thread would
take half of every frame's time while it ran).

The screen sends requests and polls for replies once a frame; nothing here blocks a frame. A battlefield is
sent once (pickled on the screen's thread while the skirmish is set up), a match's record only as it grows.
The helper imports no pygame: it runs the rules and writes files, nothing else. As with any program using
multiprocessing's spawn, a script that embeds the game must guard its entry point (``if __name__ == "__main__"``);
``python -m game`` needs nothing.
"""

from __future__ import annotations

import copy
import gc
import multiprocessing
import pickle
import queue
import time
import weakref
from pathlib import Path
from typing import Any, Callable

from game.core.battlefield import Battlefield
from game.match import Match

_CONTEXT = multiprocessing.get_context("spawn")      # a fresh interpreter: no copy of the window or the sound


class Job:
    """A request in flight; ``done`` once its reply has come (it polls for replies)."""

    def __init__(self, helper: Helper) -> None:
        self._helper = helper
        self.finished = False
        self.value: Any = None
        self.error: BaseException | None = None

    def done(self) -> bool:
        if not self.finished:
            self._helper.poll()
        return self.finished

    def result(self) -> Any:
        """The reply's value; an error raised in the helper is raised here, on the screen's thread."""
        assert self.finished
        if self.error is not None:
            raise self.error
        return self.value

    def wait(self, timeout: float | None = None) -> None:
        """Block until the reply comes, or ``timeout`` seconds have passed (None: however long it takes)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.finished:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return
            self._helper.poll(left)


class Helper:
    """The one helper process of this program, started on first use."""

    def __init__(self) -> None:
        self.requests: Any = _CONTEXT.Queue()
        self.replies: Any = _CONTEXT.Queue()
        self.process = _CONTEXT.Process(target=serve, args=(self.requests, self.replies), daemon=True,
                                        name="grid-skirmish helper")
        self.process.start()
        self.jobs: dict[int, Job] = {}
        self.next_job = 0
        self.fields: dict[int, weakref.ref[Battlefield]] = {}       # battlefields the helper holds, by id
        self.records: dict[int, tuple[weakref.ref[Match], int]] = {}  # matches it holds, with their length then
        self.rulesets: set[str] = set()                                 # registered rulesets it was told of

    def poll(self, timeout: float | None = 0.0) -> None:
        """Take every reply that has come (waiting up to ``timeout`` seconds for one, None: for ever)."""
        block = timeout is None or timeout > 0
        while True:
            try:
                number, error, value = self.replies.get(block, timeout) if block else self.replies.get_nowait()
            except queue.Empty:
                if not self.process.is_alive():
                    raise RuntimeError(f"the helper process stopped (exit code {self.process.exitcode})") from None
                return
            block = False
            job = self.jobs.pop(number, None)
            if job is not None:
                job.value, job.error, job.finished = value, error, True

    def _job(self) -> tuple[int, Job]:
        """A new job number, after telling the helper of any ruleset registered since it last heard (the tests
        register a toy ruleset; its loader travels by name, as pickle sends functions)."""
        from game.rulesets import RULESETS
        new = {name: loader for name, loader in RULESETS.items() if name not in self.rulesets}
        if new:
            self.requests.put(("rulesets", new))
            self.rulesets.update(new)
        self.next_job += 1
        job = self.jobs[self.next_job] = Job(self)
        return self.next_job, job

    def field(self, bf: Battlefield) -> int:
        """The key the helper knows ``bf`` by, sending it first if it does not hold it yet."""
        key = id(bf)
        known = self.fields.get(key)
        if known is None or known() is not bf:
            gone = [k for k, ref in self.fields.items() if ref() is None or k == key]
            for k in gone:
                del self.fields[k]
            self.requests.put(("field", key, pickle.dumps(bf, pickle.HIGHEST_PROTOCOL), gone))
            self.fields[key] = weakref.ref(bf)
        return key

    def decide(self, player: Any, bf: Battlefield, world: Any) -> Job:
        """``player.next_command`` on the state made of ``bf`` and ``world``; the reply is (command, reason)."""
        key = self.field(bf)
        number, job = self._job()
        self.requests.put(("decide", number, key, player, world))
        return job

    def compute(self, function: Callable[..., Any], bf: Battlefield, world: Any, args: tuple[Any, ...]) -> Job:
        """``function(state, *args)`` on the state made of ``bf`` and ``world``: a pure question about the state
        (a module-level function, as pickle sends functions by name); the reply is its answer."""
        key = self.field(bf)
        number, job = self._job()
        self.requests.put(("compute", number, key, function, world, args))
        return job

    def autosave(self, match: Match, setup: Any, directory: Path) -> Job:
        """The next autosave of ``match`` as it stands now, in ``directory``; the reply is the file written."""
        field = self.field(match.state.battlefield)
        key = id(match)
        known = self.records.get(key)
        sent = known[1] if known is not None and known[0]() is match and known[1] <= len(match.record) else None
        if sent is None:
            self.records = {k: v for k, v in self.records.items() if v[0]() is not None and k != key}
        start = 0 if sent is None else sent
        entries = list(zip(match.record[start:], match.dice_rolls[start:]))
        head = None if sent is not None else (match.opening, match.seed, match.ruleset, match.rules_version,
                                             [k for k in self.records])
        number, job = self._job()
        self.requests.put(("autosave", number, field, key, head, entries, match.state.world.clone(),
                           copy.copy(match.dice), setup, directory))
        self.records[key] = (weakref.ref(match), len(match.record))
        return job


_HELPER: Helper | None = None


def finish(timeout: float) -> None:
    """Before the program ends: wait up to ``timeout`` seconds for what the helper still has to do (the last
    autosave), since the helper stops with the program."""
    if _HELPER is None or not _HELPER.process.is_alive():
        return
    deadline = time.monotonic() + timeout
    while _HELPER.jobs and time.monotonic() < deadline:
        _HELPER.poll(deadline - time.monotonic())


def helper() -> Helper:
    """This program's helper process, started the first time it is wanted (or again if it stopped)."""
    global _HELPER
    if _HELPER is None or not _HELPER.process.is_alive():
        _HELPER = Helper()
    return _HELPER


# The helper process's side ---------------------------------------------------------------------------------
def serve(requests: Any, replies: Any) -> None:
    """Answer requests one after another until the program ends (the process is a daemon)."""
    from game.replay.autosaver import EventDigests
    from game.replay.saves import autosave
    from game.simulate import GAME_GC_THRESHOLD
    from game.state import GameState

    # As `simulate` plays a game (game.simulate.fewer_collections): the modules loaded so far are set aside from the
    # cyclic collector, and a decision's thousands of short-lived objects do not set off a collection every 700.
    gc.freeze()
    gc.set_threshold(GAME_GC_THRESHOLD, *gc.get_threshold()[1:])
    fields: dict[int, Battlefield] = {}
    matches: dict[int, Match] = {}
    digests = EventDigests()
    while True:
        message = requests.get()
        kind = message[0]
        if kind == "rulesets":
            from game.rulesets import register
            for name, loader in message[1].items():
                register(name, loader)
            continue
        if kind == "field":
            _, key, data, gone = message
            for k in gone:
                fields.pop(k, None)
            fields[key] = pickle.loads(data)
            continue
        number = message[1]
        try:
            if kind == "decide":
                _, _, field, player, world = message
                command = player.next_command(GameState(fields[field], world))
                value: Any = (command, player.last_label)
            elif kind == "compute":
                _, _, field, function, world, args = message
                value = function(GameState(fields[field], world), *args)
            else:
                _, _, field, key, head, entries, world, dice, setup, directory = message
                if head is not None:
                    opening, seed, ruleset, rules_version, live = head
                    for k in [k for k in matches if k not in live]:
                        del matches[k]
                    matches[key] = Match(GameState(fields[field], world), dice, seed, ruleset, rules_version,
                                         opening=opening)
                match = matches[key]
                match.state, match.dice = GameState(fields[field], world), dice
                for entry, rolls in entries:
                    match.record.append(entry)
                    match.dice_rolls.append(rolls)
                value = autosave(match, setup, digests, directory)
            replies.put((number, None, value))
        except Exception as error:  # noqa: BLE001 - any error is raised again on the screen's thread, as if there
            try:
                pickle.dumps(error)
            except Exception:  # noqa: BLE001 - whatever makes it unpicklable, its words still travel
                error = RuntimeError(f"{type(error).__name__}: {error}")
            replies.put((number, error, None))
