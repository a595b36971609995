"""The hostile-file fuzz runner: each mutated map, save or settings file goes through what the game does with
it (lint, load, the window's map drawing, the load list and screen, replay --verify, the settings at start)
under a per-case time limit and an audit hook on "open"; the tally counts refusals, tracebacks, hangs, files
opened outside the allowed folders and edited saves accepted."""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import sys
import sysconfig
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .mutators import ROOT, _flag_files, map_seeds, mutate_map, mutate_save, mutate_settings

MEMORY_LIMIT = 6 * 1024 ** 3       # a hole that reads /dev/zero fails here, not on the shared machine
ONE_LINE_LIMIT = 1000              # characters: longer is no one-line error


# The system font folders the game searches for a Chinese face when the language is "zh" (game.i18n): program
# resources, not anything a hostile file names.
SYSTEM_FONTS = ("/usr/share/fonts", "/Library/Fonts", "/System/Library/Fonts", "C:/Windows/Fonts")


class Hang(BaseException):
    """A case ran past its time limit (a BaseException, so no ``except Exception`` in the game swallows it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expired(_signum: int, _frame: Any) -> None:
        raise Hang()

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def memory_limit(limit: int = MEMORY_LIMIT) -> Iterator[None]:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


class OpenAudit:
    """Records every file Python opens, while active, that lies outside the allowed folders (links followed).
    Audit hooks cannot be removed, so one is installed per process and switched on and off."""

    _installed: OpenAudit | None = None

    def __init__(self) -> None:
        self.active = False
        self.allowed: tuple[str, ...] = ()
        self.outside: list[str] = []
        sys.addaudithook(self._hook)

    @classmethod
    def get(cls) -> OpenAudit:
        if cls._installed is None:
            cls._installed = OpenAudit()
        return cls._installed

    def _hook(self, event: str, args: tuple) -> None:
        if not self.active or event != "open" or not args or isinstance(args[0], int) or args[0] is None:
            return
        self.active = False            # realpath itself must not be audited
        try:
            real = os.path.realpath(os.fsdecode(args[0]))
            if not any(real == folder or real.startswith(folder + os.sep) for folder in self.allowed):
                self.outside.append(real)
        finally:
            self.active = True

    @contextmanager
    def watching(self, *folders: Path) -> Iterator[list[str]]:
        base = {sys.prefix, sys.base_prefix, sys.exec_prefix, sysconfig.get_paths()["purelib"],
                sysconfig.get_paths()["stdlib"], str(ROOT / "game"), str(ROOT / "assets"), str(ROOT / "maps"),
                *SYSTEM_FONTS}
        self.allowed = tuple(sorted({os.path.realpath(str(f)) for f in (*base, *folders)}))
        self.outside = []
        self.active = True
        try:
            yield self.outside
        finally:
            self.active = False


@dataclass
class Tally:
    """What one kind of fuzzing found; ``examples`` keeps a few reproducible failures of each kind."""

    kind: str
    tried: int = 0
    refused: int = 0
    accepted: int = 0
    tracebacks: int = 0
    hangs: int = 0
    outside: int = 0
    long_lines: int = 0
    edited_accepted: int = 0
    consistent_forgeries: int = 0     # accepted edits that are exactly what the game writes for another game
    untouched_broken: int = 0
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, what: str, example: str) -> None:
        self.examples.setdefault(what, [])
        if len(self.examples[what]) < 8:
            self.examples[what].append(example)

    @property
    def failures(self) -> int:
        return (self.tracebacks + self.hangs + self.outside + self.long_lines + self.edited_accepted
                + self.untouched_broken)

    def line(self) -> str:
        return (f"{self.kind}: {self.tried} tried, {self.refused} refused in one line, {self.accepted} accepted; "
                f"{self.tracebacks} tracebacks, {self.hangs} hangs, {self.outside} opened files outside, "
                f"{self.long_lines} errors not one short line, {self.edited_accepted} edited files accepted, "
                f"{self.untouched_broken} other files changed; {self.consistent_forgeries} edits that are another "
                "legal game written exactly as the game writes it")


def _one_line(tally: Tally, message: str, label: str) -> None:
    if "\n" in message or "\r" in message or len(message) > ONE_LINE_LIMIT:
        tally.long_lines += 1
        tally.note("not one line", f"{label}: {message[:200]!r}")


def _run_case(tally: Tally, label: str, limit: float, folders: tuple[Path, ...], body: Any) -> None:
    """Run ``body`` under the time limit and the open audit and count what happened."""
    audit = OpenAudit.get()
    tally.tried += 1
    try:
        with audit.watching(*folders) as outside, time_limit(limit):
            body()
        if outside:
            tally.outside += 1
            tally.note("opened outside", f"{label}: {sorted(set(outside))[:3]}")
    except Hang:
        tally.hangs += 1
        tally.note("hang", label)
    except Exception as err:    # noqa: BLE001 - anything escaping is the traceback the player would see
        tally.tracebacks += 1
        where = traceback.extract_tb(err.__traceback__)[-1]
        tally.note("traceback", f"{label}: {type(err).__name__}: {str(err)[:160]} at {where.filename}:{where.lineno}")


# --- maps ---------------------------------------------------------------------------------------------------

def fuzz_maps(count: int, seed: int, workdir: Path, limit: float = 20.0, window: bool = False,
              play: bool = False) -> Tally:
    """``count`` mutated maps through lint, load and query's game state (and the window's map drawing, and one
    round of a computer game as `simulate` plays it, when asked)."""
    from game.maps.lint import lint_map
    from game.maps.loader import MapError, load_battlefield
    from game.query import answer

    tally = Tally("maps")
    seeds = map_seeds()
    view = _map_view() if window else None
    for index in range(count):
        rng = random.Random(f"map-{seed}-{index}")
        folder = workdir / f"map-{index}"
        source = rng.choice(seeds)
        try:
            path, applied = mutate_map(source, folder, rng)
        except OSError:
            continue
        label = f"map seed {seed} case {index} ({source.name}: {', '.join(applied)})"
        outcome: dict[str, Any] = {}

        def body() -> None:
            for problem in lint_map(path):
                _one_line(tally, str(problem), label)
            try:
                battlefield = load_battlefield(path)
            except MapError as err:
                _one_line(tally, str(err), label)
                outcome["refused"] = True
                return
            answer({"map": str(path)}, path.parent)        # `query` builds its game state on the map
            if view is not None:
                view(path)
            if play:
                _play_one_round(battlefield)

        _run_case(tally, label, limit, (folder,), body)
        if outcome.get("refused"):
            tally.refused += 1
        else:
            tally.accepted += 1
        shutil.rmtree(folder, ignore_errors=True)
    return tally


def _map_view() -> Any:
    import pygame

    from game.render.map_view import AssetError, MapView

    pygame.display.init()
    pygame.display.set_mode((800, 600))

    def draw(path: Path) -> None:
        try:
            MapView(path, pygame.Rect(0, 0, 800, 600))
        except AssetError as err:
            if "\n" in str(err):
                raise ValueError(f"a multi-line AssetError: {str(err)[:100]!r}") from None

    return draw


def _play_one_round(battlefield: Any) -> None:
    """What `simulate` does with the map: the default rosters placed and one round of computer play."""
    from game.match import rosters_in_play
    from game.rulesets import ruleset
    from game.simulate import play_game

    rules = ruleset("4e")
    creatures = rules.load_creatures()
    rosters = rosters_in_play(battlefield, rules.load_rosters(creatures=creatures))
    players = {r.side: rules.make_player("ai", r.side, "normal", 1) for r in rosters}
    play_game(battlefield, rosters, creatures, 1, players, max_rounds=1)


# --- saves --------------------------------------------------------------------------------------------------

def save_seeds(workdir: Path) -> list[tuple[str, dict[str, Any]]]:
    """A 4e save with its events, a 5e save and a simulator record, from short computer games."""
    from game.replay.format import Setup, build_document
    from game.replay.saves import _creatures
    from game.rulesets import ruleset
    from game.simulate import load_map, play_game, record_game

    found = []
    map_path = ROOT / "maps" / "default.tmx"
    for name, rounds in (("4e", 2), ("5e-house", 1)):
        rules = ruleset(name)
        creatures = rules.load_creatures()
        rosters = rules.load_rosters(creatures=creatures)
        players = {r.side: rules.make_player("ai", r.side, "normal", 3) for r in rosters}
        result = play_game(load_map(map_path), rosters, creatures, 3, players, max_rounds=rounds, ruleset_name=name)
        setup = Setup(map_path, tuple(rosters), computer=(("red", "normal"),))
        found.append((f"{name} save", build_document(result.match, setup, _creatures(name), with_events=name == "4e")))
        if name == "4e":
            record = record_game(result, map_path, rosters, {r.side: "ai" for r in rosters},
                                 {r.side: "normal" for r in rosters}, rounds)
            found.append(("record", json.loads(json.dumps(record))))
    return found


def _huge_map(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "huge.tmx"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" '
                    'width="10000" height="10000" tilewidth="32" tileheight="32" infinite="0"></map>',
                    encoding="utf-8")
    return path


def fuzz_saves(count: int, seed: int, workdir: Path, limit: float = 20.0, screen: bool = False) -> Tally:
    """``count`` mutated saves and records beside a good save: listed, drawn on the Load screen (when asked),
    loaded and verified. An edit loaded is counted unless it only reformats the file."""
    from game.replay.format import SaveError, document_text
    from game.replay.load import load, verify
    from game.replay.saves import list_saves, saves_dir

    tally = Tally("saves")
    if count <= 0:
        return tally
    seeds = save_seeds(workdir)
    hostile = workdir / "hostile"
    huge = _huge_map(hostile)
    _flag_files(hostile)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    other = folder / "other.json"
    other.write_text(document_text(seeds[0][1]), encoding="utf-8")
    before = (other.read_bytes(), other.stat().st_mtime_ns)
    draw = _load_screen() if screen else None
    for index in range(count):
        rng = random.Random(f"save-{seed}-{index}")
        name, document = rng.choice(seeds)
        case = folder / "case.json"
        special = rng.random() < 0.06
        if special:
            kind = rng.choice(("fifo", "urandom", "folder", "nul summary"))
            applied = [f"special {kind}"]
            if kind == "fifo":
                os.mkfifo(case)
            elif kind == "urandom":
                os.symlink("/dev/urandom", case)
            elif kind == "folder":
                case.mkdir()
            else:
                doc = json.loads(json.dumps(document))
                doc["summary"] = {"map": "a\x00b" * 1000, "round": "\x00", "turn_of": "x" * 50000}
                case.write_text(json.dumps(doc), encoding="utf-8")
        else:
            text, applied = mutate_save(document, rng, huge, hostile)
            case.write_text(text, encoding="utf-8", errors="surrogatepass" if "\udcff" in text else "strict")
        label = f"save seed {seed} case {index} ({name}: {', '.join(applied)})"
        case_before = _fingerprint(case)
        outcome: dict[str, Any] = {}

        def body() -> None:
            entries = list_saves()
            if draw is not None:
                draw(entries)
            try:
                loaded = load(case)
            except SaveError as err:
                _one_line(tally, str(err), label)
                outcome["refused"] = True
            else:
                outcome["loaded"] = loaded
            try:
                for line in verify(case):
                    _one_line(tally, line, label)
            except SaveError as err:
                _one_line(tally, str(err), label)

        _run_case(tally, label, limit, (workdir, folder), body)
        if outcome.get("refused") or "loaded" not in outcome:
            tally.refused += 1
        else:
            tally.accepted += 1
            if not special and _differs(case, document):
                if _self_consistent(case, outcome["loaded"]):
                    tally.consistent_forgeries += 1
                    tally.note("a different game, written exactly as the game writes it", label)
                else:
                    tally.edited_accepted += 1
                    tally.note("edited and accepted", label)
        if _fingerprint(case) != case_before or (other.read_bytes(), other.stat().st_mtime_ns) != before:
            tally.untouched_broken += 1
            tally.note("a file changed", label)
        if case.is_dir() and not case.is_symlink():
            shutil.rmtree(case)
        else:
            case.unlink(missing_ok=True)
    return tally


def _self_consistent(case: Path, loaded: Any) -> bool:
    """Whether an accepted edit is what the game itself writes for the game it replays (two commands swapped
    that are both legal either way, with their hashes recomputed): no check can tell such a file from one
    the game wrote, since the digest is no secret. A save must equal the document the game builds; a record's
    commands and event hashes must be the replay's (its labels and player kinds are free text)."""
    from game.replay.format import build_document, events_digest
    from game.replay.saves import _creatures
    from game.rulesets import ruleset

    data = json.loads(case.read_text(encoding="utf-8"))
    match = loaded.match
    if "format" in data:
        return data == build_document(match, loaded.setup, _creatures(match.ruleset), with_events="opening" in data)
    rules = ruleset(match.ruleset)
    return (data["commands"] == [rules.command_to_json(command) for command, _ in match.record]
            and data["events_sha256"] == [events_digest(events) for _, events in match.record])


def _fingerprint(path: Path) -> tuple:
    info = os.lstat(path)
    if os.path.isfile(path) and not os.path.islink(path):
        return info.st_mtime_ns, path.read_bytes()
    return (info.st_mode,)


def _differs(case: Path, original: dict[str, Any]) -> bool:
    """Whether the file loaded holds anything but the original document (formatting aside)."""
    try:
        return json.loads(case.read_text(encoding="utf-8")) != original
    except (ValueError, OSError):
        return True


def _load_screen() -> Any:
    import pygame

    from game.ui.load_screen import LoadScene
    from game.ui.widgets import Fonts

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 720))
    fonts = Fonts(100)

    def draw(entries: list[Any]) -> None:
        scene = LoadScene((1280, 720), fonts, entries)
        for index in range(len(entries)):
            scene.index = index
            scene.draw(surface)

    return draw


# --- settings -----------------------------------------------------------------------------------------------

def fuzz_settings(count: int, seed: int, workdir: Path, limit: float = 20.0, start: bool = False) -> Tally:
    """``count`` damaged settings files: read as the game reads them at start (and a whole start of the game,
    to its menu, when asked); the defaults must be used, the file set aside and the reason one line."""
    from game.settings import ANIMATION_SPEEDS, UI_SCALES, Settings, load_settings

    tally = Tally("settings")
    for index in range(count):
        rng = random.Random(f"settings-{seed}-{index}")
        folder = workdir / f"settings-{index}"
        path, applied = mutate_settings(folder, rng)
        label = f"settings seed {seed} case {index} ({', '.join(applied)})"
        outcome: dict[str, Any] = {}

        def body() -> None:
            settings, notice = load_settings(path)
            _one_line(tally, notice, label)
            if not isinstance(settings, Settings) or type(settings.ui_scale) is not int \
                    or settings.ui_scale not in UI_SCALES or settings.animation_speed not in ANIMATION_SPEEDS:
                raise ValueError(f"settings out of range were used: {settings!r:.200}")
            outcome["refused"] = bool(notice)
            if start:     # the same damage again, in the settings folder of a whole start of the game
                _start_game(folder / "config", random.Random(f"settings-{seed}-{index}"))

        _run_case(tally, label, limit, (folder,), body)
        if outcome.get("refused"):
            tally.refused += 1
        else:
            tally.accepted += 1
        shutil.rmtree(folder, ignore_errors=True)
    return tally


def _start_game(config: Path, rng: random.Random) -> None:
    """The game started with the damaged file in its settings folder and drawn for a few frames; the file
    must be set aside (the start itself must not fail)."""
    import pygame

    from game.app import Game

    mutate_settings(config / "grid-skirmish", rng)
    was = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = str(config)
    try:
        game = Game(None, 1, None)
        for _ in range(3):
            game.frame()
    finally:
        pygame.display.quit()
        if was is None:
            del os.environ["XDG_CONFIG_HOME"]
        else:
            os.environ["XDG_CONFIG_HOME"] = was
