"""`python -m bench [--quick] [NAME ...]`: run the benchmarks, one JSON object per line on stdout, notes on stderr."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from bench.suite import BENCHMARKS


def main(argv: list[str] | None = None) -> int:
    names = [b.name for b in BENCHMARKS]
    parser = argparse.ArgumentParser(prog="python -m bench", description="The performance suite (shared/contracts/bench.md).")
    parser.add_argument("--quick", action="store_true", help="a tenth of the iterations, for CI")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"run only these benchmarks ({', '.join(names)})")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(names))
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)}")
    out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):   # stray prints from libraries must not reach the JSON lines
        for benchmark in BENCHMARKS:
            if args.names and benchmark.name not in args.names:
                continue
            count = benchmark.count(args.quick)
            print(f"bench: {benchmark.name}, {count} iterations", file=sys.stderr)
            result = benchmark.run(count)
            for line in result if isinstance(result, list) else [result]:   # play_frames: one line per scene
                out.write(json.dumps(line) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
