"""`python -m game balance`: computer-against-computer win rates across maps and rulesets, with 95% intervals.

Every (ruleset, map) cell plays ``games`` games, game ``i`` with seed ``seed + i`` exactly as
`python -m game simulate` would (the same players, the same dice), so a cell's figures are repeatable and
the same however many processes share the work. The games run in a pool of processes, one per core unless
``--jobs`` says otherwise; a progress bar goes to standard error, the table (Markdown) to standard output.
A win rate's interval is Wilson's score interval at 95%, which stays inside 0-100% for small counts.
Each side fields what the start menu gives it on that map (its ruleset's default presets); ``--mirror``
gives every side one side's roster (so only the start areas differ) and ``--levels`` pits each level of
the computer against the one below it on mirrored sides, swapping sides every other game.
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
LEVELS = ("easy", "normal", "hard")     # the computer's levels, weakest first


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (Wilson 1927): ``(low, high)`` in 0..1; ``(0, 1)`` for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


LEVEL_PAIRS = (("hard", "normal"), ("normal", "easy"))     # each level against the one below it (--levels)


@dataclass(frozen=True)
class Job:
    ruleset: str
    map_path: str
    seed: int
    max_rounds: int
    mirror: str = ""              # a side whose roster every side fields (start areas alone decide), "" for the presets
    levels: tuple[str, ...] = ()  # the computer's level per side, in roster order; () is normal on every side


@dataclass(frozen=True)
class Outcome:
    job: Job
    sides: tuple[str, ...]        # the map's sides in roster order
    winner: str                   # a side, "" for a draw
    rounds: int
    error: str = ""               # one line when the cell cannot be played (a map the ruleset cannot set up)

    @property
    def winner_level(self) -> str:
        """The level of the computer that won ("" for a draw or a game played at normal everywhere)."""
        if not self.winner or not self.job.levels:
            return ""
        return self.job.levels[self.sides.index(self.winner)]


@lru_cache(maxsize=None)
def _setup(ruleset_name: str, map_path: str) -> tuple[Any, Any, Any]:
    """The battlefield, creatures and start-menu rosters of a cell, loaded once per process."""
    from game.match import preset_rosters
    from game.rulesets import ruleset
    from game.simulate import load_map

    rules = ruleset(ruleset_name)
    bf = load_map(map_path)
    creatures = rules.load_creatures()
    presets = rules.load_presets(creatures=creatures)
    return bf, creatures, preset_rosters(bf, presets, rules.DEFAULT_PRESETS, creatures, rules.NAME)


def play_job(job: Job) -> Outcome:
    """One game of a cell: the sides the start menu offers on this map (its default presets, or every side
    with one side's roster when mirrored), each played by the computer at normal or at ``job.levels``."""
    from game.rulesets import ruleset
    from game.simulate import mirrored, play_game

    try:
        bf, creatures, rosters = _setup(job.ruleset, job.map_path)
        if job.mirror:
            rosters = mirrored(rosters, job.mirror)
    except Exception as err:      # a cell that cannot be set up is reported in its row, not a crash of the table
        return Outcome(job, (), "", 0, f"{type(err).__name__}: {err}".splitlines()[0])
    if job.levels:
        rosters = rosters[:len(job.levels)]
    levels = job.levels or ("normal",) * len(rosters)
    rules = ruleset(job.ruleset)
    players = {r.side: rules.make_player("ai", r.side, level, job.seed) for r, level in zip(rosters, levels)}
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
    """The Markdown table: one row per (ruleset, map), each side's wins with their 95% interval, the draws;
    with levels, one row per (ruleset, map, pair of levels) and the wins of each level instead."""
    if any(outcome.job.levels for outcome in outcomes):
        return levels_table(outcomes)
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
        lines.append(f"| {ruleset_name} | {name} | {count} | {', '.join(wins)} | {_draws(games)} | {_rounds(games)} |")
    return lines


def levels_table(outcomes: list[Outcome]) -> list[str]:
    """One row per (ruleset, map, stronger level against weaker): each level's wins with its 95% interval."""
    cells: dict[tuple[str, str, tuple[str, ...]], list[Outcome]] = {}
    for outcome in outcomes:
        pair = tuple(sorted(set(outcome.job.levels), key=LEVELS.index, reverse=True))
        cells.setdefault((outcome.job.ruleset, outcome.job.map_path, pair), []).append(outcome)
    lines = ["| ruleset | map | levels | games | stronger wins (95% interval) | weaker wins (95% interval) "
             "| draws (95% interval) | mean rounds |", "|---|---|---|---|---|---|---|---|"]
    for (ruleset_name, map_path, pair), games in cells.items():
        name = Path(map_path).name
        error = next((g.error for g in games if g.error), "")
        if error:
            lines.append(f"| {ruleset_name} | {name} | {' vs '.join(pair)} | 0 | cannot play: {error} | | | |")
            continue
        count = len(games)
        stronger, weaker = (sum(1 for g in games if g.winner_level == level) for level in pair)
        lines.append(f"| {ruleset_name} | {name} | {' vs '.join(pair)} | {count} "
                     f"| {pair[0]} {stronger} ({percent(*wilson(stronger, count))}) "
                     f"| {pair[1]} {weaker} ({percent(*wilson(weaker, count))}) | {_draws(games)} | {_rounds(games)} |")
    return lines


def _draws(games: list[Outcome]) -> str:
    draws = sum(1 for g in games if not g.winner)
    return f"{draws} ({percent(*wilson(draws, len(games)))})"


def _rounds(games: list[Outcome]) -> str:
    return f"{sum(g.rounds for g in games) / len(games):.1f}"


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


def jobs_for(rulesets: list[str], maps: list[Path], games: int, seed: int, max_rounds: int,
             mirror: str = "", levels: bool = False) -> list[Job]:
    """Game ``i`` of a cell has seed ``seed + i``. With ``levels``, a cell per pair of LEVEL_PAIRS on two
    mirrored sides, the stronger level on the first side in even games and on the second in odd ones, so the
    start areas cancel out."""
    if not levels:
        return [Job(name, str(map_path), seed + index, max_rounds, mirror)
                for name in rulesets for map_path in maps for index in range(games)]
    return [Job(name, str(map_path), seed + index, max_rounds, mirror or "blue",
                pair if index % 2 == 0 else pair[::-1])
            for name in rulesets for map_path in maps for pair in LEVEL_PAIRS for index in range(games)]


def run(rulesets: list[str], maps: list[Path], games: int, seed: int, max_rounds: int, processes: int,
        command: str, out: Callable[[str], None] = print, progress: TextIO | None = sys.stderr,
        mirror: str = "", levels: bool = False) -> list[Outcome]:
    """`python -m game balance`: play the table and print it."""
    import time

    started = time.perf_counter()
    outcomes = play_all(jobs_for(rulesets, maps, games, seed, max_rounds, mirror, levels), processes, progress)
    for line in report(outcomes, command, processes, time.perf_counter() - started):
        out(line)
    return outcomes
