"""startup: wall-clock seconds from starting `python -m game play` to its first drawn frame, headless."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

from bench.arena import ROOT
from bench.report import summary

COMMAND = (sys.executable, "-m", "game", "play", "--max-frames", "1", "--seed", "1")
TIMEOUT_S = 60


def launch_seconds() -> float:
    """One headless launch that quits after its first frame; a failed launch raises with the game's error."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    start = time.perf_counter()
    done = subprocess.run(COMMAND, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"`{' '.join(COMMAND[1:])}` exited with {done.returncode}: {done.stderr.strip()}")
    return elapsed


def startup(iterations: int) -> dict[str, Any]:
    """Seconds to the first drawn frame: the median of ``iterations`` launches after one to warm the file cache."""
    launch_seconds()
    return summary("startup", "s", [launch_seconds() for _ in range(iterations)])
