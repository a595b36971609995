"""Online skirmishes through a real server on this machine's loopback: whole games, forgery, drops, floods, spectators.

Every test starts its own server on 127.0.0.1 (a free port), bounds its work by count and by a timeout, and
stops the server when it ends.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.match import rosters_in_play
from game.net.client import ServerRefused, Session, greeting, host_message, play_out
from game.net.protocol import Limits, encode
from game.net.server import LocalServer
from game.net.skirmish import state_hash
from game.rulesets import ruleset
from game.simulate import load_map, play_game

MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"
SEED = 3
TIMEOUT = 240


@pytest.fixture
def server() -> Iterator[LocalServer]:
    running = LocalServer("127.0.0.1", 0, Limits(frame=512 * 1024))
    yield running
    running.stop()


def run(test: Callable[[], Awaitable[Any]]) -> Any:
    async def bounded() -> Any:
        return await asyncio.wait_for(test(), TIMEOUT)
    return asyncio.run(bounded())


def setup(ruleset_name: str = "4e") -> tuple[Any, list[Any], dict[str, Any]]:
    rules = ruleset(ruleset_name)
    creatures = rules.load_creatures()
    rosters = rosters_in_play(load_map(MAP), rules.load_rosters(creatures=creatures))
    return rules, rosters, creatures


def local_hash(ruleset_name: str = "4e") -> tuple[str, int]:
    """The final state hash and command count of the same skirmish played in one process, no network."""
    rules, rosters, creatures = setup(ruleset_name)
    players = {r.side: rules.make_player("ai", r.side, "normal", SEED) for r in rosters}
    result = play_game(load_map(MAP), rosters, creatures, SEED, players, ruleset_name=ruleset_name)
    return state_hash(result.match), result.commands


async def host_and_join(url: str, ruleset_name: str = "4e") -> tuple[Session, Session]:
    _, rosters, _ = setup(ruleset_name)
    host = await Session.open(url, host_message(MAP, ruleset_name, rosters, {"blue": "here", "red": "open"}, SEED))
    guest = await Session.open(url, greeting("join", code=host.code))
    return host, guest


async def next_error(session: Session) -> str:
    """The next error message the server sends this session (seat updates may come first)."""
    while (message := await session.receive())["type"] != "error":
        pass
    return message["message"]


def server_hash(server: LocalServer, code: str) -> str:
    return state_hash(server.server.rooms[code].skirmish.match)


@pytest.mark.parametrize("ruleset_name", ["4e", "5e-house"])
def test_two_clients_play_a_whole_skirmish_to_victory_through_the_server(server: LocalServer, ruleset_name: str) -> None:
    expected, commands = local_hash(ruleset_name)

    async def game() -> tuple[Session, Session]:
        rules = ruleset(ruleset_name)
        host, guest = await host_and_join(server.url, ruleset_name)
        await asyncio.gather(play_out(host, rules.make_player("ai", "blue", "normal", SEED)),
                             play_out(guest, rules.make_player("ai", "red", "normal", SEED)))
        return host, guest

    host, guest = run(game)
    assert host.sides == ("blue",) and guest.sides == ("red",)
    assert host.mirror.match.state.outcome is not None
    assert host.mirror.match.state.outcome == guest.mirror.match.state.outcome
    assert state_hash(host.mirror.match) == state_hash(guest.mirror.match) == server_hash(server, host.code) == expected
    assert len(host.mirror.match.record) == commands


def test_the_server_plays_the_sides_the_host_gives_the_computer(server: LocalServer) -> None:
    expected, _ = local_hash()

    async def game() -> Session:
        rules, rosters, _ = setup()
        host = await Session.open(server.url, host_message(MAP, "4e", rosters, {"blue": "here", "red": "computer:normal"},
                                                           SEED))
        await play_out(host, rules.make_player("ai", "blue", "normal", SEED))
        return host

    host = run(game)
    assert host.mirror.match.state.outcome is not None and state_hash(host.mirror.match) == expected


def test_a_command_forged_for_the_other_side_is_refused_and_changes_nothing(server: LocalServer) -> None:
    async def game() -> None:
        host, guest = await host_and_join(server.url)
        state = host.mirror.match.state
        actor = ruleset("4e").decider(state)
        waiting = guest if state.side(actor) == "blue" else host
        before = server_hash(server, host.code)
        await waiting.ws.send(encode({"type": "command", "seq": 0, "command": {"type": "EndTurn", "actor": actor}}))
        assert "not your decision" in await next_error(waiting)
        assert server_hash(server, host.code) == before == state_hash(waiting.mirror.match)
        assert server.server.rooms[host.code].skirmish.log == []

    run(game)


def test_a_client_killed_mid_turn_rejoins_and_ends_where_the_local_game_does(server: LocalServer) -> None:
    expected, _ = local_hash()

    async def game() -> tuple[Session, Session, list[dict[str, Any]]]:
        rules = ruleset("4e")
        host, guest = await host_and_join(server.url)
        blue, red = rules.make_player("ai", "blue", "normal", SEED), rules.make_player("ai", "red", "normal", SEED)
        # Play until red has sent a command and still has the turn: then red's connection dies mid-turn.
        stop = asyncio.Event()

        async def red_until_mid_turn() -> None:
            sent_this_turn = False
            while True:
                if guest.my_turn():
                    if sent_this_turn:
                        return
                    await guest.send_command(red.next_command(guest.mirror.match.state))
                    while (await guest.receive())["type"] != "accepted":
                        pass
                    sent_this_turn = True
                else:
                    sent_this_turn = False
                    await guest.receive()

        async def blue_until_stopped() -> None:
            task = asyncio.ensure_future(play_out(host, blue))
            await stop.wait()
            task.cancel()

        blue_task = asyncio.ensure_future(blue_until_stopped())
        await red_until_mid_turn()
        guest.ws.transport.abort()                      # the laptop lid closes: no goodbye
        stop.set()
        await blue_task
        while not any(s["side"] == "red" and s["status"] == "away" for s in host.seats):
            await host.receive()
        seen = list(host.seats)
        logged = len(host.mirror.match.record)
        back = await Session.open(server.url, greeting("rejoin", code=host.code, token=guest.token))
        assert len(back.mirror.match.record) == logged and state_hash(back.mirror.match) == state_hash(host.mirror.match)
        await asyncio.gather(play_out(host, blue), play_out(back, red))
        return host, back, seen

    host, back, seats = run(game)
    away = next(s for s in seats if s["side"] == "red")
    assert away["status"] == "away" and away["away_for"] is not None
    assert state_hash(back.mirror.match) == state_hash(host.mirror.match) == expected


def test_the_host_hands_a_dropped_seat_to_the_computer(server: LocalServer) -> None:
    async def game() -> Session:
        rules = ruleset("4e")
        host, guest = await host_and_join(server.url)
        await guest.close()
        while not any(s["side"] == "red" and s["status"] == "away" for s in host.seats):
            await host.receive()
        await host.ws.send(encode({"type": "hand_over", "side": "red", "level": "easy"}))
        await play_out(host, rules.make_player("ai", "blue", "normal", SEED))
        return host

    host = run(game)
    assert host.mirror.match.state.outcome is not None
    assert any(s["side"] == "red" and s["status"] == "computer" for s in host.seats)


def garbage(index: int) -> str | bytes:
    """A thousand frames of every kind the server must refuse: bad JSON, wrong types, huge numbers, forgeries."""
    kinds: list[str | bytes] = [
        "{", "null", "[]", '"text"', '{"type": "launch"}', '{"type": "command"}',
        '{"type": "command", "seq": -1, "command": {"type": "EndTurn", "actor": 1}}',
        '{"type": "command", "seq": 0, "command": {"type": "EndTurn", "actor": 1e400}}',
        '{"type": "command", "seq": 0, "command": {"type": "EndTurn", "actor": ' + "9" * 5000 + "}}",
        '{"type": "command", "seq": 0, "command": {"type": "Move", "actor": 1, "path": "north"}}',
        '{"type": "hand_over", "side": "red", "level": "easy"}',
        '{"type": "rejoin", "protocol": 1, "rules_version": "0.2.0", "code": "AAAAAA", "token": "guess"}',
        '{"type": "ping", "id": ' + "[" * 2000 + "]" * 2000 + "}",
        b"\x00\xff binary",
        "x" * 70_000,                                 # over the message limit: an error, the connection stays
    ]
    return kinds[index % len(kinds)]


def test_a_thousand_garbage_and_oversized_frames_leave_the_server_up_and_every_skirmish_unchanged(
        server: LocalServer) -> None:
    async def game() -> tuple[int, int]:
        rules = ruleset("4e")
        host, guest = await host_and_join(server.url)
        other, _ = await host_and_join(server.url)
        before = {code: server_hash(server, code) for code in (host.code, other.code)}
        errors = closed = 0
        sent = 0
        while sent < 1000:
            async with connect(server.url, max_size=None) as ws:
                try:
                    for _ in range(50):
                        await ws.send(garbage(sent) if sent % 100 else "y" * 600_000)   # every 100th: too big a frame
                        sent += 1
                        reply = await ws.recv()
                        errors += '"type":"error"' in reply
                except ConnectionClosed:
                    closed += 1
        assert {code: server_hash(server, code) for code in before} == before
        # The server is up, and the skirmish goes on to its end as if nothing had happened.
        await asyncio.gather(play_out(host, rules.make_player("ai", "blue", "normal", SEED)),
                             play_out(guest, rules.make_player("ai", "red", "normal", SEED)))
        assert host.mirror.match.state.outcome is not None
        return errors, closed

    errors, closed = run(game)
    assert errors >= 900 and closed >= 10


def test_a_flood_is_refused_and_then_cut_off(server: LocalServer) -> None:
    async def flood() -> tuple[int, str]:
        refused = 0
        async with connect(server.url) as ws:
            try:
                for _ in range(400):
                    await ws.send('{"type": "ping"}')
                    refused += "too many messages" in await ws.recv()
            except ConnectionClosed as closed:
                return refused, closed.rcvd.reason if closed.rcvd else ""
        return refused, ""

    refused, reason = run(flood)
    assert refused >= 100 and reason == "too many messages"


def test_fifty_spectators_watch_one_skirmish_to_its_end(server: LocalServer) -> None:
    """One spectator keeps a full copy of the match; forty-nine read the relayed commands and their hashes."""
    async def game() -> tuple[Session, Session, list[list[dict[str, Any]]]]:
        rules = ruleset("4e")
        host, guest = await host_and_join(server.url)
        full = await Session.open(server.url, greeting("watch", code=host.code))
        raw = [await connect(server.url, max_size=None) for _ in range(49)]
        for ws in raw:
            await ws.send(encode(greeting("watch", code=host.code)))
            assert json.loads(await ws.recv())["type"] == "welcome"

        async def follow(session: Session) -> None:
            while session.mirror.match.state.outcome is None:
                await session.receive()

        await asyncio.gather(play_out(host, rules.make_player("ai", "blue", "normal", SEED)),
                             play_out(guest, rules.make_player("ai", "red", "normal", SEED)), follow(full))
        total = len(host.mirror.match.record)
        relayed = []
        for ws in raw:
            accepted: list[dict[str, Any]] = []
            while len(accepted) < total:
                message = json.loads(await ws.recv())
                if message["type"] == "accepted":
                    accepted.append(message)
            relayed.append(accepted)
            await ws.close()
        return host, full, relayed

    host, full, relayed = run(game)
    final = state_hash(host.mirror.match)
    assert full.sides == () and state_hash(full.mirror.match) == final
    assert len(relayed) == 49
    assert all([m["seq"] for m in seen] == list(range(len(seen))) and seen[-1]["hash"] == final for seen in relayed)


def test_a_spectator_cannot_play_and_a_wrong_code_is_refused(server: LocalServer) -> None:
    async def game() -> tuple[list[str], str]:
        host, _ = await host_and_join(server.url)
        spectator = await Session.open(server.url, greeting("watch", code=host.code))
        actor = ruleset("4e").decider(host.mirror.match.state)
        await spectator.ws.send(encode({"type": "command", "seq": 0, "command": {"type": "EndTurn", "actor": actor}}))
        while not spectator.errors:
            await spectator.receive()
        try:
            await Session.open(server.url, greeting("join", code="ZZZZZZ"))
        except ServerRefused as err:
            return spectator.errors, str(err)
        return spectator.errors, ""

    errors, refused = run(game)
    assert errors == ["spectators cannot play"] and "no skirmish with the code" in refused


@pytest.mark.parametrize("ruleset_name", ["4e", "5e-house"])
def test_a_server_in_another_process_agrees_on_every_hash(ruleset_name: str) -> None:
    """`python -m game serve` in its own process (its own string hashing): both clients check every command."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="12345")
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port), "--quiet"], cwd=root,
                               env=env, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        expected, _ = local_hash(ruleset_name)

        async def game() -> tuple[Session, Session]:
            rules = ruleset(ruleset_name)
            host, guest = await host_and_join(f"ws://127.0.0.1:{port}", ruleset_name)
            await asyncio.gather(play_out(host, rules.make_player("ai", "blue", "normal", SEED)),
                                 play_out(guest, rules.make_player("ai", "red", "normal", SEED)))
            return host, guest

        host, guest = run(game)
    finally:
        process.terminate()
        process.wait(10)
    assert state_hash(host.mirror.match) == state_hash(guest.mirror.match) == expected


def test_rejoining_a_seat_still_held_by_a_dead_connection_takes_it_over(server: LocalServer) -> None:
    async def game() -> tuple[Session, int | None]:
        host, guest = await host_and_join(server.url)
        back = await Session.open(server.url, greeting("rejoin", code=host.code, token=guest.token))
        try:
            while True:
                await guest.receive()
        except ConnectionClosed as closed:
            return back, closed.rcvd.code if closed.rcvd else None

    back, code = run(game)
    assert back.sides == ("red",) and code == 4000
