"""Command line: `python -m game [play] [options]` opens the game; `query` answers rules questions; `lint` checks maps."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


def _window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    if width < 640 or height < 480:
        raise argparse.ArgumentTypeError("the window must be at least 640x480")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Grid Skirmish: a hot-seat tactical skirmish under the D&D 4e combat rules on Tiled maps.",
        epilog="With no subcommand, `play` runs with its defaults. `python -m game SUBCOMMAND --help` shows each one's options.",
    )
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
    play = sub.add_parser("play", help="open the game window and play a skirmish (the default)",
                          description="Open the game window and play a hot-seat skirmish: two human sides on one machine.")
    add_play_options(play, inherit=True)
    query = sub.add_parser("query", help="answer rules questions about a battlefield as JSON (no window)",
                           description="Answer the queries of a scenario file as one JSON object; see the query contract.")
    query.add_argument("scenario", metavar="SCENARIO.json", help='the scenario file, or "-" to read it from standard input')
    lint = sub.add_parser("lint", help="check Tiled maps against the map schema and the rules (no window)",
                          description="Check Tiled maps against the property schema of docs/maps.md and the rules. "
                                      "Prints each problem as FILE:LAYER:X,Y: MESSAGE; exits 0 when every map is clean, "
                                      "1 otherwise.")
    lint.add_argument("maps", metavar="MAP.tmx", nargs="+", type=Path,
                      help="a map to check, or a folder: every .tmx map inside it")
    add_play_options(parser)
    return parser


def add_play_options(parser: argparse.ArgumentParser, inherit: bool = False) -> None:
    """The play options; on the `play` subcommand they keep values given before the subcommand."""

    def default(value: object) -> object:
        return argparse.SUPPRESS if inherit else value

    parser.add_argument("--map", type=Path, default=default(None), metavar="PATH",
                        help="the Tiled .tmx map to play, skipping the map menu (default: choose in the menu; "
                             f"make play uses {DEFAULT_MAP.relative_to(DEFAULT_MAP.parent.parent)})")
    parser.add_argument("--seed", type=int, default=default(None), metavar="N",
                        help="dice seed, for a repeatable skirmish (default: a new seed each skirmish)")
    parser.add_argument("--window", type=_window_size, default=default((1280, 720)), metavar="WxH",
                        help="window size in pixels (default: 1280x720)")
    parser.add_argument("--max-frames", type=int, default=default(None), metavar="N",
                        help="quit after drawing N frames (for automated runs)")
    parser.add_argument("--screenshot", type=Path, default=default(None), metavar="PNG",
                        help="save the last drawn frame to this PNG file on exit")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "query":
        from game.query import QueryError, run

        try:
            print(run(args.scenario, sys.stdin.read))
        except QueryError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        return 0
    if args.command == "lint":
        from game.maps.lint import lint_paths

        problems = lint_paths(args.maps)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    from game.app import StartupError, run_game

    try:
        return run_game(args.map, args.seed, args.window, args.max_frames, args.screenshot)
    except StartupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
