"""The client side of online play: rebuild a skirmish from the server's welcome and keep it in lockstep.

``Mirror`` is the client's own copy of the match: built from the welcome (the map checked file by file and
against its battlefield hash, the creatures against the content hash, the opening against its state hash)
and advanced only by the commands the server accepted, each checked against the events and state hash the
server computed. Any difference is a ``Desync``: the game stops with its message rather than play on.
``Session`` is one websocket connection speaking the protocol (asyncio); ``game.net.remote`` runs one in a
thread for the battle screen.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.i18n import L_, message_of
from game import RULES_VERSION
from game.engine.rosters import Roster
from game.match import Match
from game.net.bundle import BundleError, pack, read_bundle, unpack
from game.net.protocol import PROTOCOL_VERSION, Limits, ProtocolError, command_from_json, encode
from game.net.skirmish import start_match, state_hash
from game.replay.format import battlefield_digest, content_digest, events_digest
from game.rulesets import RULESETS, ruleset
from game.storage import user_data_dir


RETRY_SECONDS = 0.25


class Desync(RuntimeError):
    """This copy of the skirmish no longer matches the server's (or could not be built): play stops."""


class ServerRefused(RuntimeError):
    """The server answered a greeting with an error; the message is the server's reason."""


def map_cache() -> Path:
    """Where maps received from servers are kept, one folder per bundle hash."""
    try:
        folder = user_data_dir() / "net-maps"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except OSError:
        return Path(tempfile.mkdtemp(prefix="grid-skirmish-maps-"))


@dataclass
class Mirror:
    """A client's copy of an online skirmish and where its map was unpacked."""

    match: Match
    map_path: Path
    rosters: tuple[Roster, ...]
    surprised: tuple[str, ...] | None

    @classmethod
    def from_welcome(cls, welcome: dict[str, Any], cache: Path | None = None) -> Mirror:
        """Rebuild the skirmish and play its log; Desync in one line when anything does not match."""
        from game.maps.tmx import MapError
        from game.simulate import load_map

        try:
            if welcome["rules_version"] != RULES_VERSION:
                raise Desync(L_("the server plays rules version {version}, this game {ours}",
                                version=str(welcome["rules_version"]), ours=RULES_VERSION))
            name = welcome["ruleset"]
            if name not in RULESETS:
                raise Desync(L_("the server plays the ruleset {ruleset}, which this game does not have", ruleset=repr(name)))
            bundle = welcome["map"]
            files = read_bundle(bundle, {f["path"]: f["sha256"] for f in bundle["files"]})
            path = unpack(bundle["name"], files, cache or map_cache())
            battlefield = load_map(path)
            if battlefield_digest(battlefield) != bundle["sha256"]:
                raise Desync(L_("the map reads differently here than on the server"))
            rosters = tuple(Roster(r["side"], r["label"], tuple(r["creatures"])) for r in welcome["rosters"])
            surprised = None if welcome["surprised"] is None else tuple(welcome["surprised"])
            creatures = ruleset(name).load_creatures()
            if content_digest(rosters, creatures) != welcome["content_sha256"]:
                raise Desync(L_("the creatures differ between this game and the server's (another game version?)"))
            match = start_match(name, battlefield, rosters, welcome["seed"], surprised)
            if state_hash(match) != welcome["opening_hash"]:
                raise Desync(L_("the skirmish starts differently here than on the server"))
            mirror = cls(match, path, rosters, surprised)
            for entry in welcome["log"]:
                mirror.apply(entry)
            return mirror
        except (BundleError, MapError) as err:
            raise Desync(L_("the server's map cannot be used: {reason}", reason=message_of(err))) from None
        except (KeyError, TypeError, ValueError) as err:
            raise Desync(L_("the server sent a welcome this game cannot read ({error}: {detail})",
                            error=type(err).__name__, detail=str(err))) from None

    def apply(self, entry: dict[str, Any]) -> list[Any]:
        """Play one accepted command here and check it came out as on the server; its events."""
        command = self.read(entry)
        result = self.match.submit(command)
        if not isinstance(result, list):
            raise Desync(L_("out of sync: command {n} was accepted by the server but refused here ({reason})",
                            n=entry["seq"], reason=str(result)))
        self.check(entry, result)
        return result

    def read(self, entry: dict[str, Any]) -> Any:
        """The command of an accepted entry, if it is the one due next; Desync otherwise."""
        seq = entry["seq"]
        if seq != len(self.match.record):
            raise Desync(L_("command {n} arrived when command {due} was due", n=seq, due=len(self.match.record)))
        try:
            return command_from_json(self.match.ruleset, entry["command"])
        except ProtocolError as err:
            raise Desync(L_("command {n} from the server cannot be read: {reason}", n=seq, reason=message_of(err))) from None

    def check(self, entry: dict[str, Any], events: list[Any]) -> None:
        """Desync unless the command just played gave the server's events and state hash."""
        if events_digest(events) != entry["events_sha256"] or state_hash(self.match) != entry["hash"]:
            name = entry["command"].get("type", "?")
            raise Desync(L_("out of sync after command {n} ({command}): this game's state differs from the server's; "
                            "the game stops here", n=entry["seq"], command=str(name)))


def greeting(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "protocol": PROTOCOL_VERSION, "rules_version": RULES_VERSION} | fields


def host_message(map_path: Path, ruleset_name: str, rosters: list[Roster], seats: dict[str, str],
                 seed: int | None = None, surprised: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The host greeting: the map with its files, the rosters, and each side's seat (here, open, computer:LEVEL)."""
    return greeting("host", ruleset=ruleset_name, map=pack(map_path), seed=seed,
                    rosters=[{"side": r.side, "label": r.label, "creatures": list(r.creatures)} for r in rosters],
                    surprised=None if surprised is None else list(surprised), seats=seats)


@dataclass
class Session:
    """One connection to a server, greeted into one skirmish; ``mirror`` follows every accepted command."""

    ws: ClientConnection
    welcome: dict[str, Any]
    mirror: Mirror
    seats: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def code(self) -> str:
        return self.welcome["code"]

    @property
    def token(self) -> str | None:
        return self.welcome["token"]

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.welcome["sides"])

    @classmethod
    async def open(cls, url: str, message: dict[str, Any], cache: Path | None = None) -> Session:
        """Connect, greet, and build the mirror from the welcome; ServerRefused or Desync otherwise."""
        ws = await connect(url, max_size=Limits().frame, open_timeout=10, ping_interval=20, ping_timeout=20)
        try:
            await ws.send(encode(message))
            reply = await ws.recv()
            welcome = json.loads(reply)
            if welcome.get("type") == "error":
                raise ServerRefused(welcome.get("message", "refused"))
            mirror = await asyncio.to_thread(Mirror.from_welcome, welcome, cache)
        except BaseException:
            await ws.close()
            raise
        return cls(ws, welcome, mirror, welcome["seats"])

    def my_turn(self) -> bool:
        """Whether the side that must decide now is one of this seat's."""
        state = self.mirror.match.state
        if state.outcome is not None:
            return False
        return state.side(ruleset(self.mirror.match.ruleset).decider(state)) in self.sides

    async def send_command(self, command: Any) -> None:
        data = ruleset(self.mirror.match.ruleset).command_to_json(command)
        await self.ws.send(encode({"type": "command", "seq": len(self.mirror.match.record), "command": data}))

    async def receive(self) -> dict[str, Any]:
        """The next message, already acted on: an accepted command is played on the mirror (Desync if it does
        not match), seats are noted, errors kept in ``errors``."""
        message = json.loads(await self.ws.recv())
        kind = message.get("type")
        if kind == "accepted":
            self.mirror.apply(message)
        elif kind == "seats":
            self.seats = message["seats"]
        elif kind == "error":
            self.errors.append(message["message"])
        return message

    async def close(self) -> None:
        await self.ws.close()


async def play_out(session: Session, player: Any, stop_after: int | None = None) -> None:
    """Drive a session with a computer player until the skirmish ends (or ``stop_after`` commands are logged):
    on each decision that is this seat's, send the player's command and wait for the server's answer. A
    command the server's rate limit turned away is sent again a moment later."""
    waiting: Any = None
    while session.mirror.match.state.outcome is None:
        if stop_after is not None and len(session.mirror.match.record) >= stop_after:
            return
        if session.my_turn() and waiting is None:
            waiting = player.next_command(session.mirror.match.state)
            await session.send_command(waiting)
        message = await session.receive()
        if message["type"] == "accepted":
            waiting = None
        elif message["type"] == "error" and message.get("about") == "flood" and waiting is not None:
            await asyncio.sleep(RETRY_SECONDS)
            await session.send_command(waiting)
        elif message["type"] == "error" and message.get("about") == "command":
            raise ServerRefused(message["message"])
