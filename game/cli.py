"""Command line: `python -m game [play] [options]` opens the game; `query` answers rules questions; `lint` checks
maps; `simulate` plays computer-against-computer skirmishes headless; `replay` watches, checks or exports a save."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.rulesets import RULESETS

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
    add_simulate_parser(sub)
    add_balance_parser(sub)
    add_replay_parser(sub)
    add_serve_parser(sub)
    add_play_options(parser)
    return parser


def add_serve_parser(sub: argparse._SubParsersAction) -> None:
    from game.net.serve_cli import add_arguments

    add_arguments(sub.add_parser(
        "serve", help="run the online skirmish server, headless (docs/network.md)",
        description="Hold online skirmishes: players host, join by code, rejoin with their seat token or watch. "
                    "Binds to 127.0.0.1 unless --host says otherwise; put it behind a TLS proxy to serve wss:// "
                    "(docs/network.md). Logs one line per refused message to standard error."))


def add_replay_parser(sub: argparse._SubParsersAction) -> None:
    replay = sub.add_parser(
        "replay", help="watch a saved skirmish step by step, check it, or export it as a replay file",
        description="Open a save (or a `simulate --record` file) in the replay viewer: the arrow keys or the "
                    "buttons step through its commands. --verify replays it headless instead and compares every "
                    "event with the record in the file: exit 0 when all match, 1 with one line per mismatch, "
                    "2 when the file cannot be replayed. --export writes a shareable replay file.")
    replay.add_argument("file", metavar="FILE", type=Path, help="a save file (.json)")
    replay.add_argument("--verify", action="store_true", help="replay headless and compare every event; no window")
    replay.add_argument("--export", type=Path, default=None, metavar="OUT",
                        help="write FILE as a replay to OUT: the save format with every event written in full")
    replay.add_argument("--window", type=_window_size, default=None, metavar="WxH",
                        help="window size in pixels, over the one in the settings (default: the settings' size)")
    replay.add_argument("--max-frames", type=int, default=None, metavar="N", help="quit after drawing N frames")
    replay.add_argument("--screenshot", type=Path, default=None, metavar="PNG",
                        help="save the last drawn frame to this PNG file on exit")


def run_replay(args: argparse.Namespace) -> int:
    """`python -m game replay`: a file that cannot be replayed is one `error:` line and exit 2."""
    from game.simulate import headless_pytmx

    headless_pytmx()
    from game.replay.format import SaveError
    from game.replay.load import load, verify
    from game.replay.saves import write_save

    try:
        if args.verify:
            problems = verify(args.file)
            for problem in problems:
                print(problem)
            if not problems:
                print(f"{args.file}: every event matches")
            return 1 if problems else 0
        if args.export is not None:
            loaded = load(args.file)
            write_save(args.export, loaded.match, loaded.setup, with_events=True)
            print(f"wrote {args.export}: {len(loaded.match.record)} commands with their events")
            return 0
    except SaveError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    from game.app import StartupError, run_game

    try:
        return run_game(None, None, args.window, args.max_frames, args.screenshot, replay=args.file)
    except StartupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def add_simulate_parser(sub: argparse._SubParsersAction) -> None:
    simulate = sub.add_parser(
        "simulate", help="play whole skirmishes between computer players, headless (no window)",
        description="Play whole skirmishes between computer players without a window and print, per game, the "
                    "winner, the rounds and a hash of the final state, then the wins per side, the draws and "
                    "the games per minute. Game i uses seed SEED+i, so a run is repeatable.")
    simulate.add_argument("--map", type=Path, default=DEFAULT_MAP, metavar="PATH",
                          help=f"the Tiled .tmx map (default: {DEFAULT_MAP.relative_to(DEFAULT_MAP.parent.parent)})")
    simulate.add_argument("--ruleset", default="4e", metavar="NAME",
                          help='the rules to play by: "4e" (the default) or "5e-house" (its own creatures, in '
                               'game/content/5e)')
    simulate.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the first game (default: 0)")
    simulate.add_argument("--games", type=_positive, default=1, metavar="N", help="how many games (default: 1)")
    simulate.add_argument("--sides", default="ai", metavar="P,P",
                          help="the player of each side the map has a start area for, in roster order: ai or "
                               "scripted (a plain opponent that walks up and makes basic attacks), or one for every "
                               "side; a shorter list repeats over the sides (ai,scripted on four sides is ai,scripted,ai,scripted); "
                               "default: ai for every side")
    simulate.add_argument("--difficulty", default="normal", metavar="LEVEL",
                          help="the computer's level: easy, normal or hard, or one per side separated by commas "
                               "(default: normal)")
    simulate.add_argument("--mirror", default=None, metavar="SIDE",
                          help="every side fields SIDE's roster (equal strength; default: each side its own)")
    simulate.add_argument("--record", type=Path, default=None, metavar="DIR",
                          help="write each game to DIR/game-SEED.json: rules version, ruleset, map, seed, rosters, "
                               "players and every command")
    simulate.add_argument("--max-rounds", type=_positive, default=30, metavar="N",
                          help="a game still going after round N is a draw (default: 30)")


def add_balance_parser(sub: argparse._SubParsersAction) -> None:
    balance = sub.add_parser(
        "balance", help="win rates with 95%% intervals across maps and rulesets, on every core (no window)",
        description="Play GAMES computer-against-computer games on each map under each ruleset, as `simulate` "
                    "would (game i with seed SEED+i), spread over the machine's cores, and print a Markdown table "
                    "of each side's wins and the draws with Wilson 95%% intervals (docs/balance.md).")
    balance.add_argument("--games", type=_positive, default=10, metavar="N", help="games per map and ruleset (default: 10)")
    balance.add_argument("--seed", type=int, default=100, metavar="N", help="seed of each cell's first game (default: 100)")
    balance.add_argument("--rulesets", default=",".join(RULESETS), metavar="NAME,NAME",
                         help=f"the rulesets to play (default: all: {','.join(RULESETS)})")
    balance.add_argument("--maps", type=Path, nargs="+", default=None, metavar="MAP.tmx",
                         help="the maps to play (default: every map in maps/)")
    balance.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1, metavar="N",
                         help="processes playing at once (default: one per core)")
    balance.add_argument("--max-rounds", type=_positive, default=30, metavar="N",
                         help="a game still going after round N is a draw (default: 30)")
    balance.add_argument("--mirror", nargs="?", const="blue", default="", metavar="SIDE",
                         help="every side fields SIDE's start-menu roster (default: blue), so only the start areas differ")
    balance.add_argument("--levels", action="store_true",
                         help="hard against normal and normal against easy on two mirrored sides, the stronger level on "
                              "each side half the games: the wins of each level")


def run_balance(args: argparse.Namespace) -> int:
    """`python -m game balance`; an unknown ruleset or a missing map is a usage error (exit 2)."""
    names = [name.strip() for name in args.rulesets.split(",")]
    unknown = next((name for name in names if name not in RULESETS), None)
    if unknown is not None:
        print(f"error: unknown ruleset {unknown!r}: choose from {', '.join(RULESETS)}", file=sys.stderr)
        return 2
    maps = args.maps or sorted(DEFAULT_MAP.parent.glob("*.tmx"))
    missing = next((path for path in maps if not path.is_file()), None)
    if missing is not None:
        print(f"error: no map file {str(missing)!r}", file=sys.stderr)
        return 2
    from game.balance import run

    command = "python -m game " + " ".join(sys.argv[1:]) if sys.argv[1:2] == ["balance"] else "python -m game balance"
    if args.mirror and args.mirror not in ("blue", "red", "green", "yellow"):
        print(f"error: unknown side {args.mirror!r} for --mirror: choose from blue, red, green, yellow", file=sys.stderr)
        return 2
    run(names, maps, args.games, args.seed, args.max_rounds, args.jobs, command, mirror=args.mirror, levels=args.levels)
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    """`python -m game simulate`; usage errors exit 2, a map or content that cannot be played 1."""
    from game.rulesets import ruleset

    def usage(message: str) -> int:
        print(f"error: {message}", file=sys.stderr)
        return 2

    if args.ruleset not in RULESETS:
        return usage(f"unknown ruleset {args.ruleset!r}: choose {' or '.join(RULESETS)}")
    rules = ruleset(args.ruleset)
    sides = [s.strip() for s in args.sides.split(",")]
    wrong = next((s for s in sides if s not in rules.PLAYERS), None)
    if wrong is not None:
        return usage(f"{rules.NAME} has only the {' or '.join(rules.PLAYERS)} player, not {wrong!r} (--sides)")
    levels = [d.strip() for d in args.difficulty.split(",")]
    if any(d not in rules.LEVELS for d in levels):
        return usage(f"--difficulty takes {', '.join(rules.LEVELS)}, got {args.difficulty!r}")
    from game.simulate import headless_pytmx, run

    headless_pytmx()
    from game.engine.rosters import ContentError
    from game.maps.tmx import MapError
    from game.match import SetupError

    try:
        run(args.map, args.seed, args.games, sides, levels, args.max_rounds, args.record, args.mirror,
            ruleset_name=args.ruleset)
    except (ContentError, MapError, SetupError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except ValueError as err:
        return usage(str(err))
    return 0


def add_play_options(parser: argparse.ArgumentParser, inherit: bool = False) -> None:
    """The play options; on the `play` subcommand they keep values given before the subcommand."""

    def default(value: object) -> object:
        return argparse.SUPPRESS if inherit else value

    parser.add_argument("--map", type=Path, default=default(None), metavar="PATH",
                        help="the Tiled .tmx map to play, skipping the map menu (default: choose in the menu; "
                             f"make play uses {DEFAULT_MAP.relative_to(DEFAULT_MAP.parent.parent)})")
    parser.add_argument("--seed", type=int, default=default(None), metavar="N",
                        help="dice seed, for a repeatable skirmish (default: a new seed each skirmish)")
    parser.add_argument("--window", type=_window_size, default=default(None), metavar="WxH",
                        help="window size in pixels, over the one in the settings (default: the settings' size, "
                             "at first 1280x720)")
    parser.add_argument("--max-frames", type=int, default=default(None), metavar="N",
                        help="quit after drawing N frames (for automated runs)")
    parser.add_argument("--screenshot", type=Path, default=default(None), metavar="PNG",
                        help="save the last drawn frame to this PNG file on exit")
    parser.add_argument("--computer", type=_computer_side, action="append", default=default(None), metavar="SIDE[:LEVEL]",
                        help="the computer plays SIDE (blue, red, green or yellow), at LEVEL easy, normal (the default) or hard; "
                             "give it twice to watch the computer play both; default: two players, hot-seat")
    parser.add_argument("--ruleset", choices=tuple(RULESETS), default=default("4e"), metavar="NAME",
                        help=f"the rules of the skirmish: {' or '.join(RULESETS)} (default: 4e; the menu's Rules row starts on it; "
                             "5e-house plays the rosters of game/content/5e)")


def _computer_side(text: str) -> tuple[str, str]:
    side, _, level = text.partition(":")
    level = level or "normal"
    if side not in ("blue", "red", "green", "yellow") or level not in ("easy", "normal", "hard"):
        raise argparse.ArgumentTypeError(
            f"expected blue, red, green or yellow, optionally :easy, :normal or :hard, got {text!r}")
    return side, level


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
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "balance":
        return run_balance(args)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "serve":
        from game.net.serve_cli import run_serve

        return run_serve(args)
    if args.command == "lint":
        from game.maps.lint import lint_paths

        problems = [str(problem) for problem in lint_paths(args.maps)] + start_preset_lines(args.maps)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    from game.app import StartupError, run_game

    computer = dict(args.computer or ())
    try:
        return run_game(args.map, args.seed, args.window, args.max_frames, args.screenshot, computer,
                        ruleset=args.ruleset)
    except StartupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1


def start_preset_lines(paths: list[Path]) -> list[str]:
    """For lint: the presets each playable map's start areas name that no ruleset has (game.match)."""
    from game.maps.lint import map_files
    from game.maps.loader import MapError, load_battlefield
    from game.match import start_preset_problems

    lines: list[str] = []
    for map_path in map_files(paths):
        try:
            bf = load_battlefield(map_path)
        except MapError:
            continue        # lint_paths has said why
        lines += [f"{map_path}: {problem}" for problem in start_preset_problems(bf)]
    return lines
