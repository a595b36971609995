"""`python -m game serve`: the headless skirmish server on websockets and asyncio, any number of skirmishes at once.

Each connection greets once (host, join, rejoin or watch) and is then tied to one skirmish. Every frame is
rate-limited and checked in full (game.net.protocol) before it reaches a skirmish; a refusal is an "error"
message to that client and one log line, never a change to a skirmish. The server plays the sides the host
gave to the computer, and the seats the host hands over to it when their player is away.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from game.net.bundle import BundleError, read_bundle, unpack
from game.net.protocol import GREETINGS, PROTOCOL_VERSION, Limits, ProtocolError, decode, encode
from game.net.skirmish import Refusal, Seat, Skirmish, create, new_code
from game.rulesets import ruleset

log = logging.getLogger("game.net.server")

FLOOD_CLOSE = 200                 # this many more rate-limited frames than frames in budget close the connection (1008)
MAX_SKIRMISHES = 200
MAX_WATCHERS = 500                # connections to one skirmish, players and spectators together
IDLE_SECONDS = 3600               # a skirmish nobody has been connected to for an hour is forgotten


@dataclass(eq=False)
class Client:
    """One connection: its rate budget and, once greeted, its skirmish and seat (None for a spectator)."""

    ws: ServerConnection
    peer: str
    tokens: float
    last: float
    data_tokens: float = 0.0
    flooded: int = 0
    skirmish: Skirmish | None = None
    seat: Seat | None = None

    def allow(self, limits: Limits, size: int) -> bool:
        """Two token buckets: ``rate`` messages a second (``burst`` at once) and ``data_rate`` bytes a second
        (one full frame at once)."""
        now = time.monotonic()
        elapsed, self.last = now - self.last, now
        self.tokens = min(limits.burst, self.tokens + elapsed * limits.rate)
        self.data_tokens = min(limits.frame, self.data_tokens + elapsed * limits.data_rate)
        if self.tokens < 1 or self.data_tokens < size:
            self.flooded += 1
            return False
        self.tokens -= 1
        self.data_tokens -= size
        self.flooded = max(0, self.flooded - 1)        # a frame in budget earns back one refused one
        return True


@dataclass
class Room:
    """A skirmish with the connections attached to it and what the server plays for it."""

    skirmish: Skirmish
    clients: set[Client] = field(default_factory=set)
    seated: dict[str, Client] = field(default_factory=dict)      # seat token -> its connection now
    computers: dict[str, Any] = field(default_factory=dict)      # side -> computer player
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    empty_since: float | None = None


class SkirmishServer:
    def __init__(self, limits: Limits = Limits(), cache: Path | None = None) -> None:
        self.limits = limits
        self.rooms: dict[str, Room] = {}
        self.closing: set[asyncio.Task[None]] = set()
        self.cache = cache or Path(tempfile.mkdtemp(prefix="grid-skirmish-server-"))

    # Connections ----------------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        address = ws.remote_address
        peer = f"{address[0]}:{address[1]}" if isinstance(address, tuple) else str(address)
        client = Client(ws, peer, float(self.limits.burst), time.monotonic(), float(self.limits.frame))
        try:
            async for frame in ws:
                if not client.allow(self.limits, len(frame)):
                    await self.refuse(client, f"too many messages (at most {self.limits.rate:g} a second, "
                                              f"{self.limits.data_rate / 1024:g} KB a second)", "flood")
                    if client.flooded >= FLOOD_CLOSE:
                        log.warning("closed %s: flooding", peer)
                        await ws.close(1008, "too many messages")
                        break
                    continue
                kind = "?"
                try:
                    message = decode(frame, self.limits)
                    kind = message["type"]
                    await self.dispatch(client, message)
                except (ProtocolError, Refusal, BundleError) as err:
                    await self.refuse(client, str(err), kind)
                except ConnectionClosed:
                    raise
                except Exception:  # noqa: BLE001 - one bad message never takes the server down
                    log.exception("internal error on a %s message from %s", kind, peer)
                    await self.refuse(client, "the server could not handle this message", kind)
        except ConnectionClosed:
            pass
        finally:
            self.gone(client)

    async def refuse(self, client: Client, reason: str, kind: str) -> None:
        log.warning("refused %s %s: %s", client.peer, kind, reason)
        try:
            await client.ws.send(encode({"type": "error", "about": kind, "message": reason}))
        except ConnectionClosed:
            pass

    def gone(self, client: Client) -> None:
        room = self.rooms.get(client.skirmish.code) if client.skirmish else None
        if room is None:
            return
        room.clients.discard(client)
        seat = client.seat
        if seat is not None and room.seated.get(seat.token) is client:
            del room.seated[seat.token]
            if seat.status == "connected":
                seat.status, seat.away_since = "away", time.time()
                log.info("skirmish %s: %s dropped", room.skirmish.code, "/".join(seat.sides) or "the host")
                self.announce_seats(room)
        if not room.clients:
            room.empty_since = time.monotonic()

    # Messages -------------------------------------------------------------------------------------
    async def dispatch(self, client: Client, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            await client.ws.send(encode({"type": "pong", "id": message.get("id", 0)}))
            return
        if kind in GREETINGS:
            if client.skirmish is not None:
                raise Refusal("this connection is already in a skirmish")
            if message["protocol"] != PROTOCOL_VERSION:
                raise Refusal(f"protocol {message['protocol']} is not spoken here (this server: {PROTOCOL_VERSION})")
            await getattr(self, f"on_{kind}")(client, message)
            return
        room = self.rooms.get(client.skirmish.code) if client.skirmish else None
        if room is None:
            raise Refusal("host, join, rejoin or watch a skirmish first")
        await getattr(self, f"on_{kind}")(client, room, message)

    async def on_host(self, client: Client, message: dict[str, Any]) -> None:
        self.forget_idle()
        if len(self.rooms) >= MAX_SKIRMISHES:
            raise Refusal("this server holds as many skirmishes as it can; try later")
        files = read_bundle(message["map"])
        code = new_code(self.rooms)
        path = unpack(message["map"]["name"], files, self.cache)
        skirmish = create(code, message, files, path)
        room = self.rooms[code] = Room(skirmish)
        host = skirmish.seats[0]
        log.info("skirmish %s hosted by %s: %s on %s, seed %d", code, client.peer, skirmish.ruleset_name,
                 skirmish.map_name, skirmish.seed)
        await self.attach(client, room, host)
        async with room.lock:
            await self.drive_computers(room)

    async def on_join(self, client: Client, message: dict[str, Any]) -> None:
        room = self.room_of(message["code"])
        self.check_space(room)
        seat = room.skirmish.open_seat(message.get("side"))
        seat.status = "connected"
        log.info("skirmish %s: %s joined as %s", room.skirmish.code, client.peer, "/".join(seat.sides))
        await self.attach(client, room, seat)

    async def on_rejoin(self, client: Client, message: dict[str, Any]) -> None:
        room = self.room_of(message["code"])
        seat = room.skirmish.seat_of_token(message["token"])
        if seat is None:
            raise Refusal("no seat with this token in that skirmish")
        self.check_space(room)
        earlier = room.seated.get(seat.token)
        if earlier is not None:                      # the old connection is half-dead: this one takes over
            room.clients.discard(earlier)
            earlier.seat = None
            closing = asyncio.get_running_loop().create_task(earlier.ws.close(4000, "your seat was taken up"))
            self.closing.add(closing)                # closing may wait for a dead peer; nobody waits for it
            closing.add_done_callback(self.closing.discard)
        for side in seat.sides:
            room.computers.pop(side, None)
        seat.status, seat.away_since = "connected", None
        log.info("skirmish %s: %s rejoined as %s", room.skirmish.code, client.peer, "/".join(seat.sides) or "host")
        await self.attach(client, room, seat)

    async def on_watch(self, client: Client, message: dict[str, Any]) -> None:
        room = self.room_of(message["code"])
        self.check_space(room)
        await self.attach(client, room, None)

    async def on_command(self, client: Client, room: Room, message: dict[str, Any]) -> None:
        if client.seat is None:
            raise Refusal("spectators cannot play")
        async with room.lock:
            entry = room.skirmish.submit(client.seat, message["seq"], message["command"])
            self.send_all(room, {"type": "accepted"} | entry)
            await self.drive_computers(room)

    async def on_hand_over(self, client: Client, room: Room, message: dict[str, Any]) -> None:
        if client.seat is None or not client.seat.host:
            raise Refusal("only the host hands a seat to the computer")
        seat = room.skirmish.seat_of_side(message["side"])
        if seat.host or seat.status not in ("away", "open"):
            raise Refusal(f"side {message['side']} is not waiting for a player")
        seat.status, seat.level, seat.away_since = "computer", message["level"], None
        log.info("skirmish %s: the computer takes %s", room.skirmish.code, "/".join(seat.sides))
        self.announce_seats(room)
        async with room.lock:
            await self.drive_computers(room)

    # Helpers --------------------------------------------------------------------------------------
    def room_of(self, code: str) -> Room:
        room = self.rooms.get(code.strip().upper())
        if room is None:
            raise Refusal(f"no skirmish with the code {code[:16]!r}")
        return room

    def check_space(self, room: Room) -> None:
        if len(room.clients) >= MAX_WATCHERS:
            raise Refusal("this skirmish has as many connections as it takes")

    async def attach(self, client: Client, room: Room, seat: Seat | None) -> None:
        client.skirmish, client.seat = room.skirmish, seat
        room.clients.add(client)
        room.empty_since = None
        if seat is not None:
            room.seated[seat.token] = client
        await client.ws.send(encode(room.skirmish.welcome(seat, time.time())))
        self.announce_seats(room)

    def announce_seats(self, room: Room) -> None:
        self.send_all(room, {"type": "seats", "seats": room.skirmish.seats_message(time.time())})

    def send_all(self, room: Room, message: dict[str, Any]) -> None:
        broadcast([c.ws for c in room.clients], encode(message))

    async def drive_computers(self, room: Room) -> None:
        """Play the computer's sides while one of them decides (the caller holds the room's lock)."""
        skirmish = room.skirmish
        while (side := skirmish.deciding_side()) is not None:
            seat = skirmish.seat_of_side(side)
            if seat.status != "computer":
                return
            player = room.computers.get(side)
            if player is None:
                player = room.computers[side] = ruleset(skirmish.ruleset_name).make_player(
                    "ai", side, seat.level, skirmish.seed)
            command = await asyncio.to_thread(player.next_command, skirmish.match.state)
            try:
                entry = skirmish.play(command)
            except Refusal as err:
                log.error("skirmish %s: the computer's %s command was refused: %s", skirmish.code, side, err)
                return
            self.send_all(room, {"type": "accepted"} | entry)

    def forget_idle(self) -> None:
        now = time.monotonic()
        for code in [c for c, r in self.rooms.items() if r.empty_since is not None and now - r.empty_since > IDLE_SECONDS]:
            log.info("skirmish %s forgotten: nobody connected for an hour", code)
            del self.rooms[code]

    def start(self, host: str, port: int) -> Any:
        """The websockets server (an async context manager): frames up to the frame limit, pings every 20 s."""
        return serve(self.handler, host, port, max_size=self.limits.frame, ping_interval=20, ping_timeout=20,
                     close_timeout=2, max_queue=64)


async def run_forever(host: str, port: int, limits: Limits = Limits()) -> None:
    server = SkirmishServer(limits)
    async with server.start(host, port) as running:
        for sock in running.sockets:
            name = sock.getsockname()
            log.info("serving on ws://%s:%d", name[0], name[1])
        await running.serve_forever()


class LocalServer:
    """A server in a background thread of this process: "host on my own machine" and the tests."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, limits: Limits = Limits()) -> None:
        self.server = SkirmishServer(limits)
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self._running: Server | None = None
        self.thread = threading.Thread(target=self._run, args=(host, port), name="skirmish-server", daemon=True)
        self.thread.start()
        if not self.ready.wait(10) or self._running is None:
            raise OSError(f"the local server could not listen on {host}:{port}")
        self.port: int = self._running.sockets[0].getsockname()[1] if self._running.sockets else port
        self.url = f"ws://{host}:{self.port}"

    def _run(self, host: str, port: int) -> None:
        asyncio.set_event_loop(self.loop)

        async def main() -> None:
            try:
                self._running = await self.server.start(host, port)
            finally:
                self.ready.set()
            await self._running.wait_closed()

        try:
            self.loop.run_until_complete(main())
        except OSError:
            pass

    def stop(self) -> None:
        if self._running is not None:
            self.loop.call_soon_threadsafe(self._running.close)
        self.thread.join(10)
