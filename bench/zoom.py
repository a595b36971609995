"""zoom_200: the battle screen on a 200x200 map, zoomed in and out through every step and panned at each:
milliseconds per zoom step (the frame that zooms) and the process's peak memory, measured in a fresh process."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

from bench.arena import ROOT, SEED, SIDES, UNITS_PER_SIDE
from bench.report import significant, summary

BIG = 200
WINDOW = (1280, 720)
PAN_FRAMES = 20               # frames of panning after each zoom step, to the far side of the map and back


def measure(rounds: int) -> dict[str, Any]:
    """In this process: the zoom steps' milliseconds and the peak resident memory in MB."""
    import pygame

    from bench.arena import write_map
    from game.app import FixedStepLoop, Game
    from game.engine.rosters import Roster
    from game.render.map_view import ZOOM_STEPS
    from game.rulesets import ruleset

    rosters = [Roster(side, label, tuple(kinds[i % len(kinds)] for i in range(UNITS_PER_SIDE)))
               for side, (label, kinds) in SIDES.items()]
    with tempfile.TemporaryDirectory(prefix="bench-zoom-") as directory:
        map_path = write_map(Path(directory), size=BIG)
        with mock.patch.object(ruleset("4e"), "load_rosters", lambda creatures=None: list(rosters)):
            game = Game(map_path, SEED, WINDOW, loop=FixedStepLoop(lambda: 0.0))
    scene = game.scene
    pointer = scene.map_rect.center
    steps: list[float] = []
    cpu: list[float] = []                          # the same steps in the process's own processor time
    try:
        game.frame()
        for _ in range(rounds):
            for direction in [1] * len(ZOOM_STEPS) + [-1] * len(ZOOM_STEPS):
                start, start_cpu = time.perf_counter(), time.thread_time()
                scene._zoom(direction, pointer)          # what the wheel over the map does
                game.frame()
                steps.append((time.perf_counter() - start) * 1000)
                cpu.append((time.thread_time() - start_cpu) * 1000)
                for frame in range(PAN_FRAMES):
                    scene.view.pan(*((400, 300) if frame < PAN_FRAMES // 2 else (-400, -300)))
                    game.frame()
    finally:
        pygame.quit()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"steps": steps, "cpu": cpu, "peak_mb": peak_mb}


def zoom_200(iterations: int) -> dict[str, Any]:
    """Zoom steps on the 200x200 map (``iterations`` rounds in and out through every step, so ``n`` is 14 steps
    a round) in a fresh process: their milliseconds, and ``peak_mb``, the most memory that process ever held."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run((sys.executable, "-m", "bench.zoom", str(iterations)), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"bench.zoom exited with {done.returncode}: {done.stderr.strip()}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    line = summary("zoom_200", "ms", result["steps"])
    line["max"] = significant(max(result["steps"]))
    line["cpu_median"] = significant(statistics.median(result["cpu"]))
    line["cpu_max"] = significant(max(result["cpu"]))
    line["peak_mb"] = significant(result["peak_mb"])
    return line


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]))))
