"""`python -m tests.fuzz` (`make fuzz`): thousands of hostile maps, saves and settings files, seeded and
reproducible; prints the tally of each kind and a few examples of every failure; exit 1 on any failure."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--maps", type=int, default=5000)
    parser.add_argument("--saves", type=int, default=2000)
    parser.add_argument("--settings", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=20.0, help="seconds a case may take before it is a hang")
    parser.add_argument("--no-window", action="store_true", help="skip the window's map drawing and Load screen")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="grid-skirmish-fuzz-") as temporary:
        root = Path(temporary)
        os.environ["XDG_DATA_HOME"] = str(root / "data")
        os.environ["XDG_CONFIG_HOME"] = str(root / "config")
        from .harness import fuzz_maps, fuzz_saves, fuzz_settings, memory_limit

        failures = 0
        with memory_limit():
            for run in (lambda: fuzz_maps(args.maps, args.seed, root / "maps", args.limit, window=not args.no_window,
                                          play=True),
                        lambda: fuzz_saves(args.saves, args.seed, root / "saves", args.limit, screen=not args.no_window),
                        lambda: fuzz_settings(args.settings, args.seed, root / "settings", args.limit, start=True)):
                started = time.perf_counter()
                tally = run()
                print(f"{tally.line()} ({time.perf_counter() - started:.0f} s)", flush=True)
                for what, examples in tally.examples.items():
                    for example in examples:
                        print(f"  {what}: {example}", flush=True)
                failures += tally.failures
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
