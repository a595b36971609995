"""`python -m game balance`: computer-against-computer win rates across maps and rulesets, with 95% intervals.

Every (ruleset, map) cell plays ``games`` games, game ``i`` with seed ``seed + i`` exactly as
`python -m game simulate` would (the same players, the same dice), so a cell's figures are repeatable and
the same however many processes share the work. The games run in a pool of processes, one per core unless
``--jobs`` says otherwise; a progress bar goes to standard error, the table (Markdown) to standard output.
A win rate's interval is Wilson's score interval at 95%, which stays inside 0-100% for small counts.
"""

from __future__ import annotations

import datetime
import math
import multiprocessing
import os
import platform
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TextIO

Z_95 = 1.959963984540054          # the normal quantile for a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (Wilson 1927): ``(low, high)`` in 0..1; ``(0, 1)`` for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Job:
    ruleset: str
    map_path: str
    seed: int
    max_rounds: int


@dataclass(frozen=True)
class Outcome:
    job: Job
    sides: tuple[str, ...]        # the map's sides in roster order
    winner: str                   # a side, "" for a draw
    rounds: int
    error: str = ""               # one line when the cell cannot be played (a map the ruleset cannot set up)


@lru_cache(maxsize=None)
def _setup(ruleset_name: str, map_path: str) -> tuple[Any, Any, Any]:
    """The battlefield, creatures and rosters of a cell, loaded once per process."""
    from game.match import rosters_in_play
    from game.rulesets import ruleset
    from game.simulate import load_map

    rules = ruleset(ruleset_name)
    bf = load_map(map_path)
    creatures = rules.load_creatures()
    return bf, creatures, rosters_in_play(bf, rules.load_rosters(creatures=creatures))


def play_job(job: Job) -> Outcome:
    """One game of a cell with every side played by the computer at normal level (what `simulate` does)."""
    from game.rulesets import ruleset
    from game.simulate import play_game

    try:
        bf, creatures, rosters = _setup(job.ruleset, job.map_path)
    except Exception as err:      # a cell that cannot be set up is reported in its row, not a crash of the table
        return Outcome(job, (), "", 0, f"{type(err).__name__}: {err}".splitlines()[0])
    rules = ruleset(job.ruleset)
    players = {r.side: rules.make_player("ai", r.side, "normal", job.seed) for r in rosters}
    result = play_game(bf, rosters, creatures, job.seed, players, job.max_rounds, ruleset_name=job.ruleset)
    return Outcome(job, tuple(r.side for r in rosters), result.winner, result.rounds)


def progress_bar(done: int, total: int, width: int = 30) -> str:
    filled = width * done // total if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"


def play_all(jobs: list[Job], processes: int, progress: TextIO | None = sys.stderr) -> list[Outcome]:
    """Every job's outcome in the jobs' order; ``processes`` > 1 shares them over a pool of processes."""
    outcomes: list[Outcome] = []

    def tick() -> None:
        if progress is not None:
            progress.write("\r" + progress_bar(len(outcomes), len(jobs)))
            progress.flush()

    tick()
    if processes <= 1:
        for job in jobs:
            outcomes.append(play_job(job))
            tick()
    else:
        # spawn, not fork: the workers import the game afresh, as a fresh `simulate` would
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            for outcome in pool.imap_unordered(play_job, jobs, chunksize=1):
                outcomes.append(outcome)
                tick()
    if progress is not None:
        progress.write("\n")
    order = {job: index for index, job in enumerate(jobs)}
    return sorted(outcomes, key=lambda outcome: order[outcome.job])


def percent(low: float, high: float) -> str:
    return f"{round(100 * low)}-{round(100 * high)}%"


def table(outcomes: list[Outcome]) -> list[str]:
    """The Markdown table: one row per (ruleset, map), each side's wins with their 95% interval, the draws."""
    cells: dict[tuple[str, str], list[Outcome]] = {}
    for outcome in outcomes:
        cells.setdefault((outcome.job.ruleset, outcome.job.map_path), []).append(outcome)
    lines = ["| ruleset | map | games | wins (95% interval) | draws (95% interval) | mean rounds |",
             "|---|---|---|---|---|---|"]
    for (ruleset_name, map_path), games in cells.items():
        name = Path(map_path).name
        error = next((g.error for g in games if g.error), "")
        if error:
            lines.append(f"| {ruleset_name} | {name} | 0 | cannot play: {error} | | |")
            continue
        count = len(games)
        wins = []
        for side in games[0].sides:
            won = sum(1 for g in games if g.winner == side)
            wins.append(f"{side} {won} ({percent(*wilson(won, count))})")
        draws = sum(1 for g in games if not g.winner)
        rounds = sum(g.rounds for g in games) / count
        lines.append(f"| {ruleset_name} | {name} | {count} | {', '.join(wins)} | {draws} "
                     f"({percent(*wilson(draws, count))}) | {rounds:.1f} |")
    return lines


def machine() -> str:
    """The machine a table was measured on: processor, cores, system and Python."""
    processor = platform.processor() or platform.machine()
    return f"{processor}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def report(outcomes: list[Outcome], command: str, processes: int, seconds: float) -> list[str]:
    """The table with what made it: the command, the date, the machine and the time it took."""
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return [f"Command: `{command}`", "",
            f"Measured {date} on {machine()}; {len(outcomes)} games in {seconds:.0f} s over {processes} processes.",
            "", *table(outcomes)]


def jobs_for(rulesets: list[str], maps: list[Path], games: int, seed: int, max_rounds: int) -> list[Job]:
    return [Job(name, str(map_path), seed + index, max_rounds)
            for name in rulesets for map_path in maps for index in range(games)]


def run(rulesets: list[str], maps: list[Path], games: int, seed: int, max_rounds: int, processes: int,
        command: str, out: Callable[[str], None] = print, progress: TextIO | None = sys.stderr) -> list[Outcome]:
    """`python -m game balance`: play the table and print it."""
    import time

    started = time.perf_counter()
    outcomes = play_all(jobs_for(rulesets, maps, games, seed, max_rounds), processes, progress)
    for line in report(outcomes, command, processes, time.perf_counter() - started):
        out(line)
    return outcomes
