"""net_relay and net_latency: the skirmish server (`python -m game serve`, its own process) on loopback.

One recorded computer-against-computer skirmish on the default map is replayed through the server by plain
websocket clients that hold both sides and send each command as soon as the last was accepted (no copy of
the match on their side, so the figures are the server's and the wire's). ``net_relay``: commands a second
the server accepts and relays with four skirmishes under way at once (set-up not counted). ``net_latency``: milliseconds from
sending a command to receiving it accepted, one skirmish alone, against the same command played by the door
in this process (the reference): the difference is what the network path adds.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from typing import Any

from bench.arena import ROOT
from bench.report import significant, summary

DEFAULT_MAP = ROOT / "maps" / "default.tmx"
SEED = 3
SKIRMISHES = 4


def _recorded() -> tuple[list[Any], list[Any], Any]:
    """The rosters, the commands of one whole game, and the ruleset."""
    from game.match import rosters_in_play
    from game.rulesets import ruleset
    from game.simulate import load_map, play_game

    rules = ruleset("4e")
    creatures = rules.load_creatures()
    bf = load_map(DEFAULT_MAP)
    rosters = rosters_in_play(bf, rules.load_rosters(creatures=creatures))
    players = {r.side: rules.make_player("ai", r.side, "normal", SEED) for r in rosters}
    commands = [command for command, _ in play_game(bf, rosters, creatures, SEED, players).match.record]
    return rosters, commands, rules


def _local_ms(rosters: list[Any], commands: list[Any], rules: Any) -> list[float]:
    """Each command's milliseconds at the door and the state hash in this process, on a freshly read map (as the
    server reads the host's map for every skirmish, its caches cold)."""
    from game.net.skirmish import state_hash
    from game.simulate import load_map

    match = rules.new_match(load_map(DEFAULT_MAP), rosters, rules.load_creatures(), SEED)
    local: list[float] = []
    for command in commands:
        start = time.perf_counter()
        match.submit(command)
        state_hash(match)
        local.append((time.perf_counter() - start) * 1000)
    return local


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _start_server() -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port), "--quiet",
                                "--rate", "100000"], cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, f"ws://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def _host(url: str, rosters: list[Any]) -> Any:
    """A connection that has hosted a skirmish with both sides here."""
    from websockets.asyncio.client import connect

    from game.net.client import host_message

    ws = await connect(url, max_size=None)
    await ws.send(json.dumps(host_message(DEFAULT_MAP, "4e", rosters, {r.side: "here" for r in rosters}, SEED)))
    if json.loads(await ws.recv())["type"] != "welcome":
        raise RuntimeError("the server refused the skirmish")
    return ws


async def _replay(ws: Any, commands: list[dict[str, Any]]) -> list[float]:
    """Send every command, each once the last was accepted; milliseconds from each send to its acceptance."""
    waits: list[float] = []
    for seq, command in enumerate(commands):
        start = time.perf_counter()
        await ws.send(json.dumps({"type": "command", "seq": seq, "command": command}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "accepted":
                break
            if message["type"] == "error":
                raise RuntimeError(f"the server refused command {seq}: {message['message']}")
        waits.append((time.perf_counter() - start) * 1000)
    await ws.close()
    return waits


def _with_server(work: Any) -> Any:
    process, url = _start_server()
    try:
        return asyncio.run(work(url))
    finally:
        process.terminate()
        process.wait(10)


def net_relay(iterations: int) -> dict[str, Any]:
    """Commands a second the server accepts and relays, four skirmishes replayed at once, once per iteration."""
    rosters, recorded, rules = _recorded()
    commands = [rules.command_to_json(c) for c in recorded]

    async def rounds(url: str) -> list[float]:
        rates = []
        for _ in range(iterations):
            hosts = [await _host(url, rosters) for _ in range(SKIRMISHES)]
            start = time.perf_counter()
            await asyncio.gather(*(_replay(ws, commands) for ws in hosts))
            rates.append(SKIRMISHES * len(commands) / (time.perf_counter() - start))
        return rates

    return summary("net_relay", "commands/s", _with_server(rounds))


def net_latency(iterations: int) -> dict[str, Any]:
    """Milliseconds from send to acceptance per command, against the local door and hash for the same command."""
    rosters, recorded, rules = _recorded()
    commands = [rules.command_to_json(c) for c in recorded]

    async def rounds(url: str) -> list[float]:
        waits: list[float] = []
        for _ in range(iterations):
            waits += await _replay(await _host(url, rosters), commands)
        return waits

    waits = _with_server(rounds)
    local = [ms for _ in range(iterations) for ms in _local_ms(rosters, recorded, rules)]
    line = summary("net_latency", "ms", waits, "local_door_and_hash", local)
    added = sorted(wait - door for wait, door in zip(waits, local))
    print(f"bench: net_latency: {len(commands)} commands a game; added by the network path, median "
          f"{significant(added[len(added) // 2])} ms", file=sys.stderr)
    return line
