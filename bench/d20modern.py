"""d20-modern benchmarks: a computer creature's whole turn and whole skirmishes on the Warehouse (four sides)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from bench.report import summary

WAREHOUSE = Path(__file__).resolve().parent.parent / "maps" / "warehouse.tmx"
SEED = 700
ROUNDS = 30


def _setup() -> tuple[Any, Any, Any, Any]:
    from game.match import rosters_in_play
    from game.rulesets import ruleset
    from game.simulate import load_map

    rules = ruleset("d20-modern")
    bf = load_map(WAREHOUSE)
    creatures = rules.load_creatures()
    rosters = rosters_in_play(bf, rules.load_rosters(creatures=creatures))
    return rules, bf, creatures, rosters


def d20_ai_turn(iterations: int) -> dict[str, Any]:
    """Milliseconds for every decision of one creature's whole turn (each command through the door), normal level,
    on the Warehouse with seventeen creatures of four sides, a fresh game per sample."""
    rules, bf, creatures, rosters = _setup()
    samples: list[float] = []
    for i in range(iterations):
        match = rules.new_match(bf, rosters, creatures, SEED + i)
        players = {r.side: rules.make_player("ai", r.side, "normal", SEED + i) for r in rosters}
        state = match.state
        first = rules.current_creature(state)
        start = time.perf_counter()
        while state.outcome is None and rules.current_creature(state) == first:
            who = rules.decider(state)
            match.submit(players[state.side(who)].next_command(state))
        samples.append((time.perf_counter() - start) * 1000)
    return summary("d20_ai_turn", "ms", samples)


def d20_simulate(iterations: int) -> dict[str, Any]:
    """Games per minute of whole normal-level d20-modern skirmishes on the Warehouse (four sides), each timed alone."""
    from game.simulate import play_game

    rules, bf, creatures, rosters = _setup()
    rates: list[float] = []
    seconds = 0.0
    for i in range(iterations):
        players = {r.side: rules.make_player("ai", r.side, "normal", SEED + i) for r in rosters}
        result = play_game(bf, rosters, creatures, SEED + i, players, ROUNDS, ruleset_name="d20-modern")
        rates.append(60.0 / result.seconds)
        seconds += result.seconds
    print(f"bench: d20_simulate: {iterations} games in {seconds:.1f} s", file=sys.stderr)
    return summary("d20_simulate", "games/min", rates)
