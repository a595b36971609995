"""`python -m game serve`: its options and the run, stopped cleanly by Ctrl+C."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from game.net.protocol import Limits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                        help="the address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 for every "
                             "interface, or keep 127.0.0.1 behind a TLS proxy)")
    parser.add_argument("--port", type=int, default=8765, metavar="N", help="the port (default: 8765)")
    parser.add_argument("--rate", type=float, default=Limits.rate, metavar="N",
                        help=f"messages a second one connection may send on average (default: {Limits.rate:g})")
    parser.add_argument("--quiet", action="store_true", help="log refusals and errors only, not joins and drops")


def run_serve(args: argparse.Namespace) -> int:
    from game.simulate import headless_pytmx

    headless_pytmx()
    from game.net.server import run_forever

    if not 0 <= args.port <= 65535 or args.rate <= 0:
        print("error: --port takes 0 to 65535 and --rate a positive number", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(run_forever(args.host, args.port, Limits(rate=args.rate)))
    except OSError as err:
        print(f"error: cannot listen on {args.host}:{args.port} ({err.strerror or err})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0
