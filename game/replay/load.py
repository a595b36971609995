"""Loading a save (or a simulator record) by rebuilding its match from the seed and commands through the door.

Nothing is trusted: the file is read bounded (game.replay.sanity), its names and numbers are checked against
what exists and the whole document must hash to its digest before the map or the setup is loaded; then the
map and the creatures must hash as they did, every command must pass the door, give the events recorded for it
and roll as many dice, the rebuilt world must equal the stored snapshot and the file must be exactly what the
game writes for the rebuilt match. The first problem refuses the load with one line; ``verify`` goes on past
event mismatches and lists each one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import L_, message_of
from game import RULES_VERSION
from game.engine.refusal import Refusal
from game.engine.rosters import ContentError, Roster
from game.match import Match, SetupError
from game.replay.format import (
    SaveError, Setup, battlefield_digest, build_document, check_shape, content_digest, document_digest,
    events_digest, map_location, plain, setup_of, snapshot,
)
from game.replay.sanity import MAX_BYTES, check_fields, one_line, parse_json_bounded, plain_file_size
from game.rulesets import RULESETS, ruleset
from game.storage import user_data_dir

RECORD_PLAYERS = {"ai", "scripted"}     # the kinds of player `simulate --sides` takes


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
    """The parsed file; SaveError (without the file name) when it is not readable JSON text of a sane size,
    with sane numbers and nesting (game.replay.sanity): a pipe or a device is never opened."""
    if plain_file_size(path) > MAX_BYTES:
        raise SaveError(L_("not a save file (larger than {n} MB)", n=MAX_BYTES // (1024 * 1024)))
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise SaveError(L_("cannot be read ({reason})", reason=str(err.strerror or err))) from None
    if len(raw) > MAX_BYTES:
        raise SaveError(L_("not a save file (larger than {n} MB)", n=MAX_BYTES // (1024 * 1024)))
    if not raw.strip():
        raise SaveError(L_("is empty: not a save file"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(L_("not a save file (not UTF-8 text)")) from None
    try:
        return parse_json_bounded(text)
    except json.JSONDecodeError as err:
        raise SaveError(L_("not a save file (line {line}: bad JSON, {detail})", line=err.lineno,
                           detail=err.msg.lower())) from None
    except RecursionError:
        raise SaveError(L_("not a save file (nested too deeply)")) from None


def is_record(data: Any) -> bool:
    """A `python -m game simulate --record` file (docs/saves.md: loaded as a replay, checked by its final hash)."""
    return isinstance(data, dict) and "format" not in data and {"commands", "rosters", "result"} <= set(data)


def load(path: Path) -> Loaded:
    """The save rebuilt, or SaveError "<file>: <problem>" (one line); loading changes nothing else."""
    try:
        data = read_json(path)
        if is_record(data):
            loaded, problems = _replay_record(data, path, stop_at_first=True)
        else:
            loaded, problems = _rebuild(data, path, stop_at_first=True)
    except SaveError as err:
        raise SaveError(_located(path, message_of(err))) from None
    if problems:
        raise SaveError(_located(path, problems[0]))
    return loaded


def _located(path: Path, problem: str) -> str:
    """"<file>: <problem>" in one line; a lazy problem stays lazy when the line needs no cutting or escaping."""
    line = L_("{file}: {problem}", file=shown_name(path), problem=problem)
    shown = one_line(line)
    return line if shown == line else shown


def verify(path: Path) -> list[str]:
    """Replay headless and compare every command's events (and the final state) with the file; one line
    per mismatch, [] when everything matches. SaveError when the file cannot be replayed at all."""
    try:
        data = read_json(path)
        if is_record(data):
            return [one_line(problem) for problem in _replay_record(data, path, stop_at_first=False)[1]]
        return [one_line(problem) for problem in _rebuild(data, path, stop_at_first=False)[1]]
    except SaveError as err:
        raise SaveError(one_line(f"{shown_name(path)}: {err}")) from None


def _compatible(rules_version: Any, ruleset_name: Any) -> None:
    if rules_version != RULES_VERSION:
        raise SaveError(L_("made by rules version {version}, this game is {ours}", version=str(rules_version),
                           ours=RULES_VERSION))
    if ruleset_name not in RULESETS:
        raise SaveError(L_("unknown ruleset {ruleset} (this game plays {known})", ruleset=repr(ruleset_name),
                           known=", ".join(RULESETS)))


def _start(setup: Setup, ruleset_name: str, seed: int, map_sha256: str | None, content_sha256: str | None,
           stored_map: str) -> tuple[Match, dict[str, Any]]:
    """A fresh match from the setup, after checking that the map and creatures are the ones saved with."""
    from game.maps.tmx import MapError
    from game.simulate import load_map

    if setup.map_path.suffix.lower() != ".tmx":      # never open /etc/passwd or a device as a "map"
        raise SaveError(L_("map {map} is not a Tiled map (.tmx) file", map=one_line(stored_map)[:120]))
    if not setup.map_path.is_file():
        raise SaveError(L_("map {map} is missing", map=one_line(stored_map)[:120]))
    try:
        battlefield = load_map(setup.map_path)
    except MapError as err:
        raise SaveError(L_("map {map} cannot be read: {reason}", map=stored_map, reason=message_of(err))) from None
    if map_sha256 is not None and battlefield_digest(battlefield) != map_sha256:
        raise SaveError(L_("map {map} has changed since this save", map=stored_map))
    rules = ruleset(ruleset_name)
    try:
        creatures = rules.load_creatures()
    except ContentError as err:
        raise SaveError(message_of(err)) from None
    for roster in setup.rosters:
        unknown = [key for key in roster.creatures if key not in creatures]
        if unknown:
            raise SaveError(L_("unknown creature {creature} in the {side} roster", creature=repr(unknown[0]),
                               side=roster.side))
    if content_sha256 is not None and content_digest(setup.rosters, creatures) != content_sha256:
        raise SaveError(L_("the creatures have changed since this save (the content files under game/content)"))
    try:
        match = rules.new_match(battlefield, list(setup.rosters), creatures, seed, setup.surprised)
    except SetupError as err:
        raise SaveError(message_of(err)) from None
    except (ValueError, KeyError) as err:
        raise SaveError(L_("the setup cannot be played ({reason})", reason=str(err))) from None
    return match, creatures


def fresh_match(setup: Setup, seed: int, ruleset_name: str = "4e") -> Match:
    """The skirmish of a loaded save as it began, before any command (for replays and rewinds)."""
    return _start(setup, ruleset_name, seed, None, None, str(setup.map_path))[0]


def _play(match: Match, number: int, data: Any) -> tuple[str, list[Any]]:
    """Command ``number`` (from 1) through the door: its label and events; SaveError if it cannot be."""
    try:
        command = ruleset(match.ruleset).command_from_json(data)
    except ValueError as err:
        raise SaveError(L_("command {n} is not a command ({reason})", n=number, reason=message_of(err))) from None
    label = L_("command {n} ({command})", n=number, command=type(command).__name__)
    try:
        result = match.submit(command)
    except Exception as err:   # hand-edited field values (text for a number, ...) can break any rule
        raise SaveError(L_("{command} cannot be played: its fields are not valid ({error})", command=label,
                           error=type(err).__name__)) from None
    if not isinstance(result, list):         # the ruleset's rejection, with the door's reason
        raise SaveError(L_("{command} is not legal: {reason}", command=label,
                           reason=result.shown() if isinstance(result, Refusal) else str(result)))
    return label, result


def difficulty_checker(ruleset_name: str) -> Any:
    """Whether the ruleset has a computer player of a level: asked of the ruleset itself."""
    rules = ruleset(ruleset_name)

    def known(side: str, level: str) -> bool:
        try:
            rules.make_player("ai", side, level, 0)
        except (ValueError, KeyError):
            return False
        return True

    return known


def _rebuild(data: Any, path: Path, stop_at_first: bool) -> tuple[Loaded, list[str]]:
    """Only a document that is exactly what the game wrote is rebuilt: shape, names and numbers, then the
    digest, are checked before the map or the setup is loaded."""
    check_shape(data)
    _compatible(data["rules_version"], data["ruleset"])
    check_fields(data, difficulty_checker(data["ruleset"]))
    if document_digest(data) != data["digest"]:
        raise SaveError(L_("the file has been edited or damaged (its digest does not match its content)"))
    setup = setup_of(data)
    match, creatures = _start(setup, data["ruleset"], data["seed"], data["map"]["sha256"], data["content_sha256"],
                              data["map"]["path"])
    problems: list[str] = []
    opening = plain(match.opening)
    if events_digest(match.opening) != data["opening_sha256"] or data.get("opening", opening) != opening:
        problems.append(L_("the opening (initiative) does not give the events this save recorded"))
    for number, entry in enumerate(data["commands"], start=1):
        if problems and stop_at_first:
            break
        try:
            label, events = _play(match, number, entry["command"])
        except SaveError as err:
            if stop_at_first:
                raise
            return Loaded(match, setup, data, path), problems + [message_of(err)]
        if match.dice_rolls[-1] != entry["dice"]:
            problems.append(L_("{command} rolled {n} dice, the save recorded {recorded}", command=label,
                               n=match.dice_rolls[-1], recorded=str(entry["dice"])))
        elif events_digest(events) != entry["events_sha256"]:
            problems.append(L_("{command} does not give the events this save recorded", command=label))
        elif "events" in entry and entry["events"] != plain(events):
            problems.append(_first_difference(label, entry["events"], plain(events)))
    if (not problems or not stop_at_first) and snapshot(match) != data["snapshot"]:
        problems.append(L_("the snapshot does not match what the commands make (edited by hand?)"))
    if not problems:   # the whole file, summary and all, must be what the game writes for this match
        written = build_document(match, setup, creatures, with_events="opening" in data)
        changed = next((key for key in sorted(set(written) | set(data)) if written.get(key) != data.get(key)), None)
        if changed is not None:
            problems.append(L_("the file holds what the game never wrote (its {key} is not the replay's)",
                               key=repr(changed)))
    return Loaded(match, setup, data, path), problems


def _first_difference(label: str, recorded: list[Any], replayed: list[Any]) -> str:
    for index, (old, new) in enumerate(zip(recorded, replayed), start=1):
        if old != new:
            kind = old.get("type", "?") if isinstance(old, dict) else "?"
            return L_("{command}: event {n} ({kind}) differs from the recorded one", command=label, n=index,
                      kind=str(kind))
    return L_("{command}: recorded {n} events, the replay gives {replayed}", command=label, n=len(recorded),
              replayed=len(replayed))


def _replay_record(data: dict[str, Any], path: Path, stop_at_first: bool) -> tuple[Loaded, list[str]]:
    """A simulator record: its digest checked first, then rebuilt from its seed and commands, each command
    giving the events the record hashed for it and the whole ending in its final hash; turned into a save
    document (so it can be exported, replayed and loaded like any save)."""
    from game.simulate import state_digest

    _compatible(data.get("rules_version"), data.get("ruleset"))
    try:
        stored_map = data["map"]
        rosters = tuple(Roster(r["side"], r["label"], tuple(r["creatures"])) for r in data["rosters"])
        players = data["players"]
        computer = tuple(sorted((side, player.get("difficulty", "normal")) for side, player in players.items()))
        seed, commands, expected = data["seed"], data["commands"], data["result"]["hash"]
        hashes, digest = data["events_sha256"], data["digest"]
        texts = [stored_map, expected, digest, *(side for side, _ in computer), *(level for _, level in computer),
                 *(r.side for r in rosters), *(r.label for r in rosters), *(c for r in rosters for c in r.creatures)]
        if (type(seed) is not int or not isinstance(commands, list) or not isinstance(hashes, list)
                or len(hashes) != len(commands) or not all(type(t) is str for t in texts + hashes)):
            raise SaveError("not a simulator record (a field of the wrong type)")
        kinds = sorted({str(player["kind"]) for player in players.values()})
        if sorted(players) != sorted(r.side for r in rosters) or not set(kinds) <= RECORD_PLAYERS:
            raise SaveError(f"not a simulator record (players {one_line(', '.join(kinds))[:60]} for sides "
                            f"{one_line(', '.join(map(str, players)))[:60]})")
    except (KeyError, TypeError, AttributeError) as err:
        raise SaveError(f"not a save file or a simulator record (missing or bad {one_line(str(err))[:60]})") from None
    # The record's names and numbers in a save's shape, so they meet the same checks as a save's.
    as_save = {"seed": seed, "ruleset": data["ruleset"], "commands": [{"dice": 0}] * len(commands),
               "setup": {"rosters": [{"side": r.side, "label": r.label, "creatures": list(r.creatures)}
                                     for r in rosters],
                         "computer": dict(computer), "labels": {}, "surprised": None}}
    check_fields(as_save, difficulty_checker(data["ruleset"]))
    if document_digest(data) != digest:
        raise SaveError("the record has been edited or damaged (its digest does not match its content)")
    map_path = Path(stored_map)
    if not map_path.is_absolute() and not map_path.exists():
        map_path = map_location(stored_map)
    setup = Setup(map_path, rosters, None, computer)
    match, creatures = _start(setup, data["ruleset"], seed, None, None, stored_map)
    problems: list[str] = []
    rules = ruleset(data["ruleset"])
    for number, (command, recorded) in enumerate(zip(commands, hashes), start=1):
        label, events = _play(match, number, command)
        if rules.command_to_json(match.record[-1][0]) != command:
            problems.append(f"{label} is not written as the simulator writes it")
        elif events_digest(events) != recorded:
            problems.append(f"{label} does not give the events this record hashed")
        if problems and stop_at_first:
            break
    if (not problems or not stop_at_first) and state_digest(match.state) != expected:
        problems.append("the replay does not end in the state the record hashed (result.hash)")
    outcome = match.state.outcome
    max_rounds = data.get("max_rounds")
    if not problems and data["result"].get("winner") != (outcome.winner if outcome is not None else ""):
        problems.append("the record names a winner the replay does not give")
    elif not problems and (type(max_rounds) is not int
                           or data["result"].get("rounds") != min(rules.round_number(match.state), max_rounds)):
        problems.append("the record's rounds are not the replay's")
    return Loaded(match, setup, build_document(match, setup, creatures), path), problems
