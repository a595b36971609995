"""The save document: versioned, human-readable JSON of a skirmish's setup, seed and commands, and its checks.

A document is plain JSON: reading one never runs code. ``build_document`` writes one from a match; ``check_shape`` checks
that a parsed one has every key with the right type before anything is rebuilt from it. Dataclasses
(commands, events, components) become ``{"type": ClassName, field: value, ...}`` through ``plain``.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.i18n import L_, N_
from game.engine.rosters import Roster
from game.core.battlefield import Battlefield
from game.core.bfcache import built_once
from game.match import Match
from game.rulesets import ruleset

FORMAT = "grid-skirmish-save"
VERSION = 1
ROOT = Path(__file__).resolve().parent.parent.parent     # shipped maps are stored relative to it


class SaveError(ValueError):
    """A save that cannot be loaded or written; the message is one line naming the file and the problem."""


@dataclass(frozen=True)
class Setup:
    """What a skirmish was started with, besides the seed: enough to rebuild it from its commands."""

    map_path: Path
    rosters: tuple[Roster, ...]
    surprised: tuple[str, ...] | None = None             # None: the sides the map names (4e §2.3)
    computer: tuple[tuple[str, str], ...] = ()           # (side, level) for the sides the computer plays
    labels: tuple[tuple[str, str], ...] = field(default=())

    @property
    def side_labels(self) -> dict[str, str]:
        return dict(self.labels) or {r.side: r.label for r in self.rosters}


def plain(value: Any) -> Any:
    """A JSON-ready copy: dataclasses as {"type": name, field: value}, enums by name, tuples as lists.
    A battlefield (zones keep the map's one) is written as its digest: the map itself is in the save."""
    if isinstance(value, Battlefield):
        return {"type": "Battlefield", "sha256": battlefield_digest(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.repr:                                   # leave out derived caches (repr=False)
                data[f.name] = plain(getattr(value, f.name))
        return data
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def battlefield_digest(bf: Battlefield) -> str:
    """The content hash of a map as the rules read it (terrain, edges, elevation, start areas, portals),
    worked out once per battlefield (it is immutable; every autosave asks)."""
    return built_once(bf, "sha256", lambda: sha256(repr(bf)))


def content_digest(rosters: tuple[Roster, ...], creatures: dict[str, Any]) -> str:
    """The hash of every creature the rosters field, as the content files describe it."""
    keys = sorted({key for r in rosters for key in r.creatures if key in creatures})
    return sha256(repr([(key, creatures[key]) for key in keys]))


def events_digest(events: list[Any]) -> str:
    return sha256(canonical(plain(events)))


def snapshot(match: Match) -> dict[str, Any]:
    """The world and the dice after the last command, readable: components by type, then by entity."""
    next_entity, stores, resources = match.state.world.snapshot()
    return {
        "next_entity": next_entity,
        "components": {kind: {str(entity): plain(component) for entity, component in store} for kind, store in stores},
        "resources": {kind: plain(value) for kind, value in resources},
        "dice": plain(match.dice),
    }


def stored_map_path(path: Path) -> str:
    """A shipped map relative to the game's folder (so a save travels between machines), others absolute."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(ROOT).as_posix()
    except ValueError:
        return str(resolved)


def map_location(stored: str) -> Path:
    path = Path(stored)
    return path if path.is_absolute() else ROOT / path


def build_document(match: Match, setup: Setup, creatures: dict[str, Any], with_events: bool = False,
                   digest_events: Callable[[list[Any]], str] = events_digest) -> dict[str, Any]:
    """The save document of a match; ``with_events`` also writes every event in full (a shared replay).
    ``creatures``: the ruleset's creature content, hashed so a save notices when it changes;
    ``digest_events``: the hash of one command's events (an autosave passes one that remembers them)."""
    rules = ruleset(match.ruleset)
    commands = []
    for (command, events), rolls in zip(match.record, match.dice_rolls):
        entry: dict[str, Any] = {"command": rules.command_to_json(command), "dice": rolls,
                                 "events_sha256": digest_events(events)}
        if with_events:
            entry["events"] = plain(events)
        commands.append(entry)
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules_version": match.rules_version,
        "ruleset": match.ruleset,
        "map": {"path": stored_map_path(setup.map_path), "sha256": battlefield_digest(match.state.battlefield)},
        "content_sha256": content_digest(setup.rosters, creatures),
        "seed": match.seed,
        "setup": {
            "rosters": [{"side": r.side, "label": r.label, "creatures": list(r.creatures)} for r in setup.rosters],
            "surprised": None if setup.surprised is None else list(setup.surprised),
            "computer": dict(setup.computer),
            "labels": setup.side_labels,
        },
        "summary": summary(match, setup),
        "opening_sha256": events_digest(match.opening),
        "commands": commands,
        "snapshot": snapshot(match),
    }
    if with_events:
        document["opening"] = plain(match.opening)
    document["digest"] = document_digest(document)
    return document


def summary(match: Match, setup: Setup) -> dict[str, Any]:
    """What the load list shows without rebuilding the match: where the skirmish stands."""
    state = match.state
    rules = ruleset(match.ruleset)
    outcome = state.outcome
    labels = setup.side_labels
    return {
        "map": state.battlefield.name or setup.map_path.stem,
        "round": rules.round_number(state),
        "turn_of": state.name(rules.decider(state)),
        "winner": None if outcome is None else labels.get(outcome.winner, outcome.winner),
    }


def document_digest(document: dict[str, Any]) -> str:
    """sha256 of everything but the digest itself, canonically written: any edit changes it."""
    return sha256(canonical({k: v for k, v in document.items() if k != "digest"}))


def document_text(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


# Checking the shape of a parsed document ------------------------------------------------------------
_TYPE_WORDS = {str: N_("text"), int: N_("a whole number"), bool: N_("true or false"), list: N_("a list"),
               dict: N_("an object")}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    for kind, words in _TYPE_WORDS.items():
        if type(value) is kind:
            return words
    return type(value).__name__


def _need(data: dict[str, Any], key: str, kind: type, where: str = "", nullable: bool = False) -> Any:
    name = f"{where}{key}"
    if key not in data:
        raise SaveError(L_("missing key {key}", key=repr(name)))
    value = data[key]
    if value is None and nullable:
        return value
    if type(value) is not kind:                          # bool is not accepted as a number, nor a number as text
        raise SaveError(L_("{key} should be {wanted}, not {kind}", key=repr(name), wanted=_TYPE_WORDS[kind],
                           kind=_kind(value)))
    return value


def _strings(values: list[Any], where: str) -> None:
    for index, value in enumerate(values):
        if type(value) is not str:
            raise SaveError(L_("{key} should be text, not {kind}", key=f"{where}[{index}]", kind=_kind(value)))


def check_shape(document: Any) -> None:
    """Every key a save needs, each with its type; raises SaveError naming the first key that is wrong.
    Versions are checked before the rest, so a document from another version gets that message."""
    if not isinstance(document, dict):
        raise SaveError(L_("not a save file (the top level is {kind}, not an object)", kind=_kind(document)))
    if document.get("format") != FORMAT:
        raise SaveError(L_("not a save file (no \"format\": \"grid-skirmish-save\")"))
    version = _need(document, "version", int)
    if version > VERSION:
        raise SaveError(L_("made by a newer game (save format {version}); this game reads format {ours}", version=version,
                           ours=VERSION))
    if version != VERSION:
        raise SaveError(L_("unknown save format {version}; this game reads format {ours}", version=version, ours=VERSION))
    _need(document, "rules_version", str)
    _need(document, "ruleset", str)
    stored_map = _need(document, "map", dict)
    _need(stored_map, "path", str, "map.")
    _need(stored_map, "sha256", str, "map.")
    _need(document, "content_sha256", str)
    _need(document, "seed", int)
    setup = _need(document, "setup", dict)
    rosters = _need(setup, "rosters", list, "setup.")
    if not rosters:
        raise SaveError(L_("'setup.rosters' is empty"))
    for index, roster in enumerate(rosters):
        where = f"setup.rosters[{index}]."
        if type(roster) is not dict:
            raise SaveError(L_("{key} should be an object, not {kind}", key=repr(where[:-1]), kind=_kind(roster)))
        _need(roster, "side", str, where)
        _need(roster, "label", str, where)
        _strings(_need(roster, "creatures", list, where), f"{where}creatures")
    surprised = _need(setup, "surprised", list, "setup.", nullable=True)
    if surprised is not None:
        _strings(surprised, "setup.surprised")
    computer = _need(setup, "computer", dict, "setup.")
    _strings(list(computer.values()), "setup.computer")
    labels = _need(setup, "labels", dict, "setup.")
    _strings(list(labels.values()), "setup.labels")
    _need(document, "summary", dict)
    _need(document, "opening_sha256", str)
    commands = _need(document, "commands", list)
    for index, entry in enumerate(commands, start=1):
        where = f"commands[{index - 1}]."
        if type(entry) is not dict:
            raise SaveError(L_("command {n} should be an object, not {kind}", n=index, kind=_kind(entry)))
        _need(_need(entry, "command", dict, where), "type", str, f"{where}command.")
        _need(entry, "dice", int, where)
        _need(entry, "events_sha256", str, where)
        if "events" in entry:
            _need(entry, "events", list, where)
    if "opening" in document:
        _need(document, "opening", list)
    _need(document, "snapshot", dict)
    _need(document, "digest", str)


def setup_of(document: dict[str, Any]) -> Setup:
    """The setup a checked document describes."""
    setup = document["setup"]
    rosters = tuple(Roster(r["side"], r["label"], tuple(r["creatures"])) for r in setup["rosters"])
    surprised = None if setup["surprised"] is None else tuple(setup["surprised"])
    return Setup(map_location(document["map"]["path"]), rosters, surprised,
                 tuple(sorted(setup["computer"].items())), tuple(setup["labels"].items()))
