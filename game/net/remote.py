"""Online play on the battle screen: a connection in a background thread, and the glue that makes the screen send
its commands to the server and play the commands the server accepted.

``Connection`` runs one websocket in its own asyncio thread; messages cross to the game's thread by a queue,
so the screen never waits on the network. ``OnlinePlay`` is what the battle screen calls through its small
hooks (``BattleScene.online``): ``send`` for a command made on this machine (checked by the local door
first, then sent; played only when the server accepts it), ``pump`` every fixed step to play accepted
commands through the screen (animations, log, autosaves as in a local game) and check each against the
server's hashes, ``remote_decider`` so the screen lets only this machine's sides act, and ``handle`` for
the host's key that hands a waiting seat to the computer.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidURI

from game.engine.refusal import Refusal
from game.i18n import L_, message_of
from game.net.client import Desync, Mirror, greeting
from game.net.protocol import Limits, encode
from game.rulesets import ruleset

RECONNECT_SECONDS = 3.0


class Connection:
    """A websocket to ``url`` in a daemon thread: it sends ``first`` on opening, then queues every message it
    receives in ``inbox``; a lost connection queues {"type": "closed", "reason": ...}."""

    def __init__(self, url: str, first: dict[str, Any]) -> None:
        self.url = url
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self._ws: Any = None
        self._done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(encode(first),), name="skirmish-client", daemon=True)
        self.thread.start()

    def _run(self, first: str) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._talk(first))
        finally:
            self._done.set()

    async def _talk(self, first: str) -> None:
        reason = "the connection closed"
        try:
            async with connect(self.url, max_size=Limits().frame, open_timeout=10, ping_interval=20,
                               ping_timeout=20, close_timeout=2) as ws:
                self._ws = ws
                await ws.send(first)
                async for frame in ws:
                    self.inbox.put(json.loads(frame))
        except ConnectionClosed as err:
            reason = err.rcvd.reason if err.rcvd and err.rcvd.reason else "the connection was lost"
        except (OSError, InvalidURI, TimeoutError, ValueError) as err:
            reason = f"cannot reach {self.url} ({err})"
        self.inbox.put({"type": "closed", "reason": reason})

    def send(self, message: dict[str, Any]) -> None:
        ws = self._ws
        if ws is not None and not self._done.is_set():
            asyncio.run_coroutine_threadsafe(ws.send(encode(message)), self.loop)

    def close(self) -> None:
        ws = self._ws
        if ws is not None and not self._done.is_set():
            asyncio.run_coroutine_threadsafe(ws.close(), self.loop)

    def wait_welcome(self, timeout: float) -> dict[str, Any]:
        """The server's first answer: the welcome, an error, or "closed"."""
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return {"type": "closed", "reason": f"no answer from {self.url}"}


@dataclass
class Waiting:
    """What the screen's ``_computer()`` sees while another machine decides: whose decision, and no reason yet."""

    side: str
    last_label: str = ""


class OnlinePlay:
    """The battle screen's link to the server for one skirmish (see the module docstring)."""

    def __init__(self, url: str, connection: Connection, welcome: dict[str, Any], mirror: Mirror,
                 labels: dict[str, str]) -> None:
        self.url, self.connection, self.mirror, self.labels = url, connection, mirror, labels
        self.code: str = welcome["code"]
        self.token: str | None = welcome["token"]
        self.sides: tuple[str, ...] = tuple(welcome["sides"])
        self.host: bool = welcome["host"]
        self.seats: list[dict[str, Any]] = welcome["seats"]
        self.seats_at = time.monotonic()
        self.applying = False
        self.pending: Any = None
        self.stopped: str | None = None
        self.lost_at: float | None = None
        self.notice = ""

    # The screen's hooks -----------------------------------------------------------------------------
    def send(self, scene: Any, command: Any) -> bool:
        """A command made here: checked by the local door, then sent; the screen plays it once accepted."""
        if self.stopped is not None or self.lost_at is not None:
            scene.message = self.stopped or L_("Not connected to the server: reconnecting...")
            return False
        if self.pending is not None:
            scene.message = L_("Waiting for the server to accept the last command...")
            return False
        refusal = scene.match.validate(command)
        if refusal is not None:
            scene.message = L_("Can't: {reason}", reason=refusal.shown() if isinstance(refusal, Refusal) else str(refusal))
            return False
        data = ruleset(scene.match.ruleset).command_to_json(command)
        self.connection.send({"type": "command", "seq": len(scene.match.record), "command": data})
        self.pending = command
        return True

    def remote_decider(self, scene: Any) -> Waiting | None:
        """Someone else's decision (another machine's, or the server's computer): the screen only watches."""
        if scene.state.outcome is not None:
            return None
        side = scene.state.side(scene.rules.decider(scene.state))
        return None if side in self.sides and self.stopped is None else Waiting(side)

    def handle(self, scene: Any, intent: Any) -> bool:
        """The host's Y while a dropped player's seat decides hands that seat to the computer; True: consumed."""
        if getattr(intent, "action", None) != "yes" or not self.host:
            return False
        side = self.waiting_for(scene)
        if side is None:
            return False
        self.connection.send({"type": "hand_over", "side": side, "level": "normal"})
        return True

    def pump(self, scene: Any) -> None:
        """Play what the server sent since the last step, then show whom the game waits for."""
        while True:
            try:
                message = self.connection.inbox.get_nowait()
            except queue.Empty:
                break
            self._receive(scene, message)
        self._reconnect_when_due()
        if self.stopped is not None:
            scene.message = self.stopped
            return
        if self.lost_at is not None:
            scene.message = L_("Connection to the server lost ({reason}); reconnecting...", reason=self.notice)
            return
        side = self.waiting_for(scene)
        if side is not None:
            seat = next(s for s in self.seats if s["side"] == side)
            hint = L_(" Y: the computer plays {side}.", side=self._label(side)) if self.host else ""
            if seat["status"] == "open":
                scene.message = L_("Waiting for a player to join as {side}: join code {code}.{hint}",
                                   side=self._label(side), code=self.code, hint=hint)
            else:
                seconds = int(seat["away_for"] or 0) + int(time.monotonic() - self.seats_at)
                scene.message = L_("Waiting for {side} to reconnect: {time}.{hint}", side=self._label(side),
                                   time=f"{seconds // 60}:{seconds % 60:02d}", hint=hint)
        elif self.notice:
            scene.message, self.notice = self.notice, ""
        elif self.remote_decider(scene) is not None:
            deciding = self.remote_decider(scene).side  # type: ignore[union-attr]
            seat = next((s for s in self.seats if s["side"] == deciding), {})
            where = L_("the server's computer") if seat.get("status") == "computer" else L_("another machine")
            scene.message = L_("{side} decides ({where}) · join code {code}", side=self._label(deciding), where=where,
                               code=self.code)

    # Inside ---------------------------------------------------------------------------------------
    def waiting_for(self, scene: Any) -> str | None:
        """The side that decides now when its player is away or has not joined yet."""
        if scene.state.outcome is not None:
            return None
        side = scene.state.side(scene.rules.decider(scene.state))
        seat = next((s for s in self.seats if s["side"] == side), None)
        return side if seat is not None and seat["status"] in ("away", "open") else None

    def _label(self, side: str) -> str:
        return self.labels.get(side, side)

    def _receive(self, scene: Any, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "accepted" and self.stopped is None:
            self._play(scene, message)
        elif kind == "seats":
            self.seats, self.seats_at = message["seats"], time.monotonic()
        elif kind == "error":
            if message.get("about") == "command":
                self.pending = None
            self.notice = L_("Server: {message}", message=str(message.get("message", "")))
        elif kind == "welcome":                       # back after a lost connection: catch up from the log
            self.lost_at = None
            self.seats, self.seats_at = message["seats"], time.monotonic()
            self.pending = None
            for entry in message["log"][len(scene.match.record):]:
                self._play(scene, entry)
            self.notice = L_("Reconnected.")
        elif kind == "closed" and self.lost_at is None and self.stopped is None:
            self.lost_at, self.notice = time.monotonic(), message.get("reason", "")

    def _play(self, scene: Any, entry: dict[str, Any]) -> None:
        try:
            command = self.mirror.read(entry)
            self.applying = True
            try:
                played = scene.submit(command)
            finally:
                self.applying = False
            if not played:
                raise Desync(f"out of sync: command {entry['seq']} was accepted by the server but refused here")
            self.mirror.check(entry, scene.match.record[-1][1])
        except Desync as err:
            self.stopped = L_("{reason}. Leave with Esc.", reason=message_of(err))
            self.connection.close()
        self.pending = None

    def _reconnect_when_due(self) -> None:
        if self.lost_at is None or self.stopped is not None:
            return
        if time.monotonic() - self.lost_at < RECONNECT_SECONDS or self.connection.thread.is_alive():
            return
        again = greeting("rejoin", code=self.code, token=self.token) if self.token else greeting("watch", code=self.code)
        self.connection = Connection(self.url, again)
        self.lost_at = time.monotonic()
