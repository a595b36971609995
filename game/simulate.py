"""Headless skirmishes between computer players: `python -m game simulate` and the `simulate` benchmark.

No window and no pygame: the map is read with pytmx's pygame tools kept out (``load_map``). Game ``i``
of a run uses seed ``seed + i`` for the dice and for every controller, so a run is repeatable, and the
final-state hash (sha256 of the world's snapshot) says so across runs and processes.

``--record DIR`` writes each game as JSON (``record_game``): the rules version, the ruleset, the map,
the seed, the rosters, the sides and every command in order, serialised by the ruleset's ``command_to_json``.
"""

from __future__ import annotations

import gc
import hashlib
import json
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from game.core.battlefield import Battlefield
from game.engine.protocol import Player
from game.engine.rosters import Roster
from game.match import Match, rosters_in_play
from game.rulesets import ruleset
from game.state import GameState

MAX_COMMANDS_PER_ROUND = 400      # a safety net: a round of more commands than this is a bug, not a game
GAME_GC_THRESHOLD = 20_000        # allocations between young collections while a game is played (the default is 700)


class SimulationError(RuntimeError):
    """A player sent a command the door refused, or a game stopped making progress."""


@dataclass
class GameResult:
    seed: int
    winner: str                   # a side, or "" for a draw (the round limit, or nobody left)
    rounds: int
    commands: int
    digest: str                   # sha256 of repr(world.snapshot()) at the end
    seconds: float
    match: Match = field(repr=False)

    @property
    def label(self) -> str:
        return self.winner or "draw"


def headless_pytmx() -> None:
    """Import pytmx without pygame: pytmx imports its pygame tools only when pygame can be imported, so
    pygame is kept out while pytmx loads (when nothing has imported either yet)."""
    import logging
    from importlib import import_module

    if "pytmx" not in sys.modules and "pygame" not in sys.modules:
        quiet = logging.getLogger("pytmx.util_pygame")       # it logs an error when pygame is missing
        was, quiet.disabled = quiet.disabled, True
        sys.modules["pygame"] = None  # type: ignore[assignment]
        try:
            import_module("pytmx")
        finally:
            del sys.modules["pygame"]
            quiet.disabled = was


def load_map(path: Path | str) -> Battlefield:
    """The battlefield of a map, read without importing pygame."""
    headless_pytmx()
    from game.maps.loader import load_battlefield

    return load_battlefield(path)


def state_digest(state: GameState) -> str:
    """sha256 of the world's snapshot: entity ids, components and resources, all plain values."""
    return hashlib.sha256(repr(state.world.snapshot()).encode("utf-8")).hexdigest()


def make_player(kind: str, side: str, difficulty: str, seed: int, ruleset_name: str = "4e") -> Player:
    return ruleset(ruleset_name).make_player(kind, side, difficulty, seed)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """While a game is played: what exists before it (the modules, the map, the creatures) is set aside from the
    cyclic collector (``gc.freeze``), and the young generation is collected every GAME_GC_THRESHOLD allocations
    instead of 700. A decision allocates thousands of short-lived objects, nearly all freed by reference counting,
    and the collector's passes over them were 5% of a game; with these settings 2.5%. Both are put back after."""
    was = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(GAME_GC_THRESHOLD, *was[1:])
    try:
        yield
    finally:
        gc.set_threshold(*was)
        gc.unfreeze()


def play_game(bf: Battlefield, rosters: list[Roster], creatures: Any, seed: int,
              players: dict[str, Player], max_rounds: int = 30,
              surprised: tuple[str, ...] | None = None, ruleset_name: str = "4e") -> GameResult:
    """One whole skirmish: each command from the player of the side the skirmish waits for, through the
    door of the ruleset, until a side wins or round ``max_rounds`` is over (a draw). ``surprised``: 4e only."""
    with fewer_collections():
        return _played(bf, rosters, creatures, seed, players, max_rounds, surprised, ruleset_name)


def _played(bf: Battlefield, rosters: list[Roster], creatures: Any, seed: int, players: dict[str, Player],
            max_rounds: int, surprised: tuple[str, ...] | None, ruleset_name: str) -> GameResult:
    start = time.perf_counter()
    rules = ruleset(ruleset_name)
    match = rules.new_match(bf, rosters, creatures, seed, surprised)
    state = match.state
    rounds_now = rules.round_number
    budget = MAX_COMMANDS_PER_ROUND * (max_rounds + 1)
    while state.outcome is None and rounds_now(state) <= max_rounds:
        if len(match.record) >= budget:
            raise SimulationError(f"seed {seed}: {len(match.record)} commands by round {rounds_now(state)}")
        who = rules.decider(state)
        command = players[state.side(who)].next_command(state)
        result = match.submit(command)
        if not isinstance(result, list):
            raise SimulationError(f"seed {seed}: the door refused {command}: {result}")
    winner = state.outcome.winner if state.outcome is not None else ""
    rounds = min(rounds_now(state), max_rounds)
    return GameResult(seed, winner, rounds, len(match.record), state_digest(state), time.perf_counter() - start, match)


def record_game(result: GameResult, map_path: Path | str, rosters: list[Roster], sides: dict[str, str],
                difficulty: dict[str, str], max_rounds: int) -> dict:
    """The game as JSON-ready data; ``commands`` replayed on the same map, rosters and seed give the
    same final state (``replay``), each giving the events hashed in ``events_sha256``."""
    from game.replay.format import document_digest, events_digest

    match = result.match
    data = {
        "rules_version": match.rules_version,
        "ruleset": match.ruleset,
        "map": str(map_path),
        "seed": result.seed,
        "rosters": [{"side": r.side, "label": r.label, "creatures": list(r.creatures)} for r in rosters],
        "players": {side: ({"kind": kind, "difficulty": difficulty[side]} if kind == "ai" else {"kind": kind})
                    for side, kind in sides.items()},
        "max_rounds": max_rounds,
        "commands": [ruleset(match.ruleset).command_to_json(command) for command, _ in match.record],
        "events_sha256": [events_digest(events) for _, events in match.record],
        "result": {"winner": result.winner, "rounds": result.rounds, "hash": result.digest},
    }
    data["digest"] = document_digest(data)     # a record is loaded only as written (game.replay.load)
    return data


def replay(bf: Battlefield, rosters: list[Roster], creatures: Any, seed: int,
           commands: list[Any], ruleset_name: str = "4e") -> Match:
    """The match the commands make from a fresh start with this seed (a refused command raises)."""
    match = ruleset(ruleset_name).new_match(bf, rosters, creatures, seed)
    for command in commands:
        result = match.submit(command)
        if not isinstance(result, list):
            raise SimulationError(f"replay: the door refused {command}: {result}")
    return match


def mirrored(rosters: list[Roster], side: str) -> list[Roster]:
    """Every side fields the creatures of ``side``'s roster (equal strength, docs/ai.md)."""
    model = next((r for r in rosters if r.side == side), None)
    if model is None:
        raise ValueError(f"no roster for side {side!r}")
    return [Roster(r.side, r.label, model.creatures) for r in rosters]


def repeated(entries: list[str], count: int) -> list[str]:
    """A short list repeated over every side: ``ai,scripted`` on a map of four sides is ai, scripted, ai,
    scripted (issue 21), so one command line works on every map."""
    return [entries[index % len(entries)] for index in range(count)]


def run(map_path: Path, seed: int, games: int, sides: list[str], difficulties: list[str], max_rounds: int,
        record: Path | None, mirror: str | None = None, out: Callable[[str], None] = print,
        ruleset_name: str = "4e") -> list[GameResult]:
    """`python -m game simulate`: play ``games`` games, print one line per game and a summary."""
    rules = ruleset(ruleset_name)
    bf = load_map(map_path)
    creatures = rules.load_creatures()
    rosters = rosters_in_play(bf, rules.load_rosters(creatures=creatures))
    if mirror:
        rosters = mirrored(rosters, mirror)
    if len(sides) > len(rosters):
        raise ValueError(f"--sides takes at most one entry per side ({', '.join(r.side for r in rosters)}), "
                         f"got {len(sides)}")
    if len(difficulties) > len(rosters):
        raise ValueError(f"--difficulty takes one level, or at most one per side ({len(rosters)})")
    sides, difficulties = repeated(sides, len(rosters)), repeated(difficulties, len(rosters))
    kinds = {r.side: kind for r, kind in zip(rosters, sides)}
    levels = {r.side: level for r, level in zip(rosters, difficulties)}
    if record is not None:
        record.mkdir(parents=True, exist_ok=True)
    results: list[GameResult] = []
    started = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        players = {side: rules.make_player(kinds[side], side, levels[side], game_seed) for side in kinds}
        result = play_game(bf, rosters, creatures, game_seed, players, max_rounds, ruleset_name=ruleset_name)
        results.append(result)
        out(f"game {index + 1} seed {game_seed}: winner {result.label}, rounds {result.rounds}, "
            f"commands {result.commands}, hash {result.digest[:16]}")
        if record is not None:
            data = record_game(result, map_path, rosters, kinds, levels, max_rounds)
            (record / f"game-{game_seed}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        result.match = None  # type: ignore[assignment]   # keep memory flat over long runs
    elapsed = time.perf_counter() - started
    wins = {r.side: sum(1 for g in results if g.winner == r.side) for r in rosters}
    draws = sum(1 for g in results if not g.winner)
    rate = 60 * games / elapsed if elapsed > 0 else float("inf")
    out("summary: " + ", ".join(f"{side} {count}" for side, count in wins.items())
        + f", draws {draws}; {games} games in {elapsed:.1f} s, {rate:.1f} games per minute")
    return results
