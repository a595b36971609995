"""startup: wall-clock seconds from starting `python -m game play` on the default map to its first drawn frame,
headless, with the game's compiled bytecode cached and, as a second figure, compiling every module afresh."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from bench.arena import ROOT
from bench.report import significant, summary

COMMAND = (sys.executable, "-m", "game", "play", "--map", str(ROOT / "maps" / "default.tmx"), "--max-frames", "1",
           "--seed", "1")
TIMEOUT_S = 60


def launch_seconds(home: str, compiled: bool) -> float:
    """One headless launch that quits after its first frame; a failed launch raises with the game's error.
    ``home``: a scratch folder for the settings and the autosave; ``compiled`` False: no bytecode to read or write
    (an empty cache folder every time), as on a first launch from a fresh copy."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": home,
           "XDG_CONFIG_HOME": home}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if compiled:        # the bytecode goes to (and is read from) one folder in the scratch space, not the source tree
        env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "bytecode")
    else:
        env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=tempfile.mkdtemp(dir=home))
    # The first frame is saved as a picture the moment it is drawn: its file's time ends the count, not the exit
    # (which also waits for the helper process to write the first autosave).
    shot = os.path.join(home, "first-frame.png")
    start = time.time()
    done = subprocess.run((*COMMAND, "--screenshot", shot), cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise RuntimeError(f"`{' '.join(COMMAND[1:])}` exited with {done.returncode}: {done.stderr.strip()}")
    elapsed = os.stat(shot).st_mtime_ns / 1e9 - start
    os.remove(shot)
    return elapsed


def startup(iterations: int) -> dict[str, Any]:
    """Seconds to the first drawn frame of the default map: the median of ``iterations`` launches after one to
    warm the file cache and the bytecode; ``uncompiled``: the median of as many launches compiling from source."""
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as home:
        launch_seconds(home, compiled=True)
        line = summary("startup", "s", [launch_seconds(home, compiled=True) for _ in range(iterations)])
        fresh = [launch_seconds(home, compiled=False) for _ in range(iterations)]
    line["uncompiled"] = significant(statistics.median(fresh))
    return line
