"""Loading a save (or a simulator record) by rebuilding its match from the seed and commands through the door.

Nothing is trusted: the map and the creatures must hash as they did, every command must pass the door,
give the events recorded for it and roll as many dice, and the rebuilt world must equal the stored
snapshot; then the whole document must hash to its digest. The first problem refuses the load with one line;
``verify`` goes on past event mismatches and lists each one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import RULES_VERSION
from game.engine.rosters import ContentError, Roster
from game.match import Match, SetupError
from game.replay.format import (
    SaveError, Setup, battlefield_digest, build_document, check_shape, content_digest, document_digest,
    events_digest, map_location, plain, setup_of, snapshot,
)
from game.rulesets import RULESETS, ruleset
from game.storage import user_data_dir

MAX_BYTES = 64 * 1024 * 1024      # a save of a very long skirmish is a few megabytes; refuse absurd files


@dataclass
class Loaded:
    """A save rebuilt: the match as it stood when saved, how it was set up, and the document itself."""

    match: Match
    setup: Setup
    document: dict[str, Any]
    path: Path


def shown_name(path: Path) -> str:
    """How messages name a file: relative to the game's data folder when it is in it (saves/x.json)."""
    try:
        return path.resolve().relative_to(user_data_dir().resolve()).as_posix()
    except ValueError:
        return str(path)


def read_json(path: Path) -> Any:
    """The parsed file; SaveError (without the file name) when it is not readable JSON text."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError(f"not a save file (larger than {MAX_BYTES // (1024 * 1024)} MB)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except IsADirectoryError:
        raise SaveError("is a folder, not a save file") from None
    except OSError as err:
        raise SaveError(f"cannot be read ({err.strerror or err})") from None
    if not raw.strip():
        raise SaveError("is empty: not a save file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("not a save file (not UTF-8 text)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(f"not a save file (line {err.lineno}: bad JSON, {err.msg.lower()})") from None
    except RecursionError:
        raise SaveError("not a save file (nested too deeply)") from None


def is_record(data: Any) -> bool:
    """A `python -m game simulate --record` file (docs/saves.md: loaded as a replay, checked by its final hash)."""
    return isinstance(data, dict) and "format" not in data and {"commands", "rosters", "result"} <= set(data)


def load(path: Path) -> Loaded:
    """The save rebuilt, or SaveError "<file>: <problem>" (one line); loading changes nothing else."""
    try:
        data = read_json(path)
        if is_record(data):
            return _load_record(data, path)
        loaded, problems = _rebuild(data, path, stop_at_first=True)
    except SaveError as err:
        raise SaveError(f"{shown_name(path)}: {err}") from None
    if problems:
        raise SaveError(f"{shown_name(path)}: {problems[0]}")
    return loaded


def verify(path: Path) -> list[str]:
    """Replay headless and compare every command's events (and the final state) with the file; one line
    per mismatch, [] when everything matches. SaveError when the file cannot be replayed at all."""
    try:
        data = read_json(path)
        if is_record(data):
            _load_record(data, path)
            return []
        return _rebuild(data, path, stop_at_first=False)[1]
    except SaveError as err:
        raise SaveError(f"{shown_name(path)}: {err}") from None


def _compatible(rules_version: Any, ruleset_name: Any) -> None:
    if rules_version != RULES_VERSION:
        raise SaveError(f"made by rules version {rules_version}, this game is {RULES_VERSION}")
    if ruleset_name not in RULESETS:
        raise SaveError(f"unknown ruleset {ruleset_name!r} (this game plays {', '.join(RULESETS)})")


def _start(setup: Setup, ruleset_name: str, seed: int, map_sha256: str | None, content_sha256: str | None,
           stored_map: str) -> tuple[Match, dict[str, Any]]:
    """A fresh match from the setup, after checking that the map and creatures are the ones saved with."""
    from game.maps.tmx import MapError
    from game.simulate import load_map

    if not setup.map_path.is_file():
        raise SaveError(f"map {stored_map} is missing")
    try:
        battlefield = load_map(setup.map_path)
    except MapError as err:
        raise SaveError(f"map {stored_map} cannot be read: {err}") from None
    if map_sha256 is not None and battlefield_digest(battlefield) != map_sha256:
        raise SaveError(f"map {stored_map} has changed since this save")
    rules = ruleset(ruleset_name)
    try:
        creatures = rules.load_creatures()
    except ContentError as err:
        raise SaveError(str(err)) from None
    for roster in setup.rosters:
        unknown = [key for key in roster.creatures if key not in creatures]
        if unknown:
            raise SaveError(f"unknown creature {unknown[0]!r} in the {roster.side} roster")
    if content_sha256 is not None and content_digest(setup.rosters, creatures) != content_sha256:
        raise SaveError("the creatures have changed since this save (the content files under game/content)")
    try:
        match = rules.new_match(battlefield, list(setup.rosters), creatures, seed, setup.surprised)
    except SetupError as err:
        raise SaveError(str(err)) from None
    except (ValueError, KeyError) as err:
        raise SaveError(f"the setup cannot be played ({err})") from None
    return match, creatures


def fresh_match(setup: Setup, seed: int, ruleset_name: str = "4e") -> Match:
    """The skirmish of a loaded save as it began, before any command (for replays and rewinds)."""
    return _start(setup, ruleset_name, seed, None, None, str(setup.map_path))[0]


def _play(match: Match, number: int, data: Any) -> tuple[str, list[Any]]:
    """Command ``number`` (from 1) through the door: its label and events; SaveError if it cannot be."""
    try:
        command = ruleset(match.ruleset).command_from_json(data)
    except ValueError as err:
        raise SaveError(f"command {number} is not a command ({err})") from None
    label = f"command {number} ({type(command).__name__})"
    try:
        result = match.submit(command)
    except Exception as err:   # hand-edited field values (text for a number, ...) can break any rule
        raise SaveError(f"{label} cannot be played: its fields are not valid ({type(err).__name__})") from None
    if not isinstance(result, list):         # the ruleset's rejection, with the door's reason
        raise SaveError(f"{label} is not legal: {result}")
    return label, result


def _rebuild(data: Any, path: Path, stop_at_first: bool) -> tuple[Loaded, list[str]]:
    check_shape(data)
    _compatible(data["rules_version"], data["ruleset"])
    setup = setup_of(data)
    match, _ = _start(setup, data["ruleset"], data["seed"], data["map"]["sha256"], data["content_sha256"],
                      data["map"]["path"])
    problems: list[str] = []
    opening = plain(match.opening)
    if events_digest(match.opening) != data["opening_sha256"] or data.get("opening", opening) != opening:
        problems.append("the opening (initiative) does not give the events this save recorded")
    for number, entry in enumerate(data["commands"], start=1):
        if problems and stop_at_first:
            break
        try:
            label, events = _play(match, number, entry["command"])
        except SaveError as err:
            if stop_at_first:
                raise
            return Loaded(match, setup, data, path), problems + [str(err)]
        if match.dice_rolls[-1] != entry["dice"]:
            problems.append(f"{label} rolled {match.dice_rolls[-1]} dice, the save recorded {entry['dice']}")
        elif events_digest(events) != entry["events_sha256"]:
            problems.append(f"{label} does not give the events this save recorded")
        elif "events" in entry and entry["events"] != plain(events):
            problems.append(_first_difference(label, entry["events"], plain(events)))
    if not problems or not stop_at_first:
        if snapshot(match) != data["snapshot"]:
            problems.append("the snapshot does not match what the commands make (edited by hand?)")
        elif document_digest(data) != data["digest"]:
            problems.append("the file has been edited or damaged (its digest does not match its content)")
    return Loaded(match, setup, data, path), problems


def _first_difference(label: str, recorded: list[Any], replayed: list[Any]) -> str:
    for index, (old, new) in enumerate(zip(recorded, replayed), start=1):
        if old != new:
            kind = old.get("type", "?") if isinstance(old, dict) else "?"
            return f"{label}: event {index} ({kind}) differs from the recorded one"
    return f"{label}: recorded {len(recorded)} events, the replay gives {len(replayed)}"


def _load_record(data: dict[str, Any], path: Path) -> Loaded:
    """A simulator record: rebuilt from its seed and commands, checked against its final hash, and turned
    into a save document (so it can be exported, replayed and loaded like any save)."""
    from game.simulate import state_digest

    _compatible(data.get("rules_version"), data.get("ruleset"))
    try:
        stored_map = str(data["map"])
        map_path = Path(stored_map)
        if not map_path.is_absolute() and not map_path.exists():
            map_path = map_location(stored_map)
        rosters = tuple(Roster(str(r["side"]), str(r["label"]), tuple(str(c) for c in r["creatures"]))
                        for r in data["rosters"])
        players = data.get("players", {})
        computer = tuple(sorted((side, str(player.get("difficulty", "normal"))) for side, player in players.items()))
        seed, commands, expected = data["seed"], data["commands"], data["result"]["hash"]
        if type(seed) is not int or not isinstance(commands, list):
            raise SaveError("not a simulator record (seed or commands of the wrong type)")
    except (KeyError, TypeError, AttributeError) as err:
        raise SaveError(f"not a save file or a simulator record (missing or bad {err})") from None
    setup = Setup(map_path, rosters, None, computer)
    match, creatures = _start(setup, data["ruleset"], seed, None, None, stored_map)
    for number, command in enumerate(commands, start=1):
        _play(match, number, command)
    if state_digest(match.state) != expected:
        raise SaveError("the replay does not end in the state the record hashed (result.hash)")
    return Loaded(match, setup, build_document(match, setup, creatures), path)
