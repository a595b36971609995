"""One online skirmish as the server holds it: the authoritative match, its seats and the log of accepted commands.

No networking here: the server hands it checked messages. A command is played only if the seat sending it
holds the side that must decide now (``decider``) and the creature it names, and only through the ruleset's
door; anything else is a ``Refusal`` and changes nothing. Every accepted command goes into the log with the
hash of its events and of the state after it, which every client checks against its own copy.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import RULES_VERSION
from game.ecs.components import Team
from game.engine.rosters import ContentError, Roster
from game.match import Match, SetupError, rosters_in_play
from game.net.bundle import MapFile
from game.net.protocol import ProtocolError, command_from_json
from game.replay.format import battlefield_digest, content_digest, events_digest
from game.rulesets import RULESETS, ruleset

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"      # no 0/O, 1/I/L: read aloud or typed without doubt
CODE_LENGTH = 6


class Refusal(ValueError):
    """A message the skirmish will not act on; the reason goes back to the client in one line."""


def new_code(taken: set[str] | dict[str, Any]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_token() -> str:
    return secrets.token_urlsafe(24)                      # 192 random bits


_REPRS: dict[int, tuple[Any, str]] = {}     # id -> (a frozen component, its repr): a command changes only a few
_MOST_REPRS = 200_000


def _text(value: Any) -> str:
    """repr(value), remembered for frozen dataclasses (components and resources never change once made)."""
    known = _REPRS.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    text = repr(value)
    if dataclasses.is_dataclass(value) and getattr(type(value), "__dataclass_params__").frozen:
        if len(_REPRS) >= _MOST_REPRS:
            _REPRS.clear()
        _REPRS[id(value)] = (value, text)
    return text


def state_hash(match: Match) -> str:
    """sha256 of the whole world (entities, components, resources, in the snapshot's stable order) and the dice:
    what lockstep must agree on after every command."""
    next_entity, stores, resources = match.state.world.snapshot()
    digest = hashlib.sha256(f"{next_entity}|{match.dice!r}".encode("utf-8"))
    for kind, store in stores:
        digest.update(f"\n{kind}".encode("utf-8"))
        for entity, component in store:
            digest.update(f"|{entity}:{_text(component)}".encode("utf-8"))
    for kind, value in resources:
        digest.update(f"\n{kind}={_text(value)}".encode("utf-8"))
    return digest.hexdigest()


@dataclass
class Seat:
    """The sides one client plays. ``status``: open (nobody has joined), connected, away (dropped; the
    skirmish waits), computer (the server plays it)."""

    sides: tuple[str, ...]
    token: str
    status: str = "open"
    away_since: float | None = None
    level: str = "normal"
    host: bool = False


@dataclass
class Skirmish:
    code: str
    ruleset_name: str
    seed: int
    rosters: tuple[Roster, ...]
    surprised: tuple[str, ...] | None
    map_name: str
    map_files: list[MapFile]
    map_sha256: str
    content_sha256: str
    match: Match
    opening_hash: str
    seats: list[Seat]
    log: list[dict[str, Any]] = field(default_factory=list)

    # Seats ------------------------------------------------------------------------------------------
    def seat_of_token(self, token: str) -> Seat | None:
        found = None
        for seat in self.seats:                            # compare with every seat, in constant time each
            if hmac.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        return found

    def open_seat(self, side: str | None) -> Seat:
        for seat in self.seats:
            if seat.status == "open" and not seat.host and (side is None or side in seat.sides):
                return seat
        raise Refusal(f"side {side} is not open" if side else "no open seat left: watch instead")

    def seat_of_side(self, side: str) -> Seat:
        for seat in self.seats:
            if side in seat.sides:
                return seat
        raise Refusal(f"no side {side!r} in this skirmish")

    def seats_message(self, now: float) -> list[dict[str, Any]]:
        return [{"side": side, "status": seat.status, "level": seat.level if seat.status == "computer" else None,
                 "away_for": None if seat.away_since is None else int(now - seat.away_since)}
                for seat in self.seats for side in seat.sides]

    # Play -------------------------------------------------------------------------------------------
    def deciding_side(self) -> str | None:
        state = self.match.state
        if state.outcome is not None:
            return None
        return state.side(ruleset(self.ruleset_name).decider(state))

    def submit(self, seat: Seat, seq: int, data: dict[str, Any]) -> dict[str, Any]:
        """Play a client's command for ``seat`` and return its log entry; Refusal (nothing changed) otherwise."""
        state = self.match.state
        if state.outcome is not None:
            raise Refusal("the skirmish is over")
        if seq != len(self.log):
            raise Refusal(f"out of step: the next command is number {len(self.log)}, not {seq}")
        try:
            command = command_from_json(self.ruleset_name, data)
        except ProtocolError as err:
            raise Refusal(str(err)) from None
        deciding = self.deciding_side()
        if deciding not in seat.sides:
            raise Refusal(f"not your decision: side {deciding} decides now")
        actor = getattr(command, "actor", None)
        if actor is not None and self._side_of(actor) not in seat.sides:
            raise Refusal(f"creature {actor} is not one of yours")
        return self.play(command)

    def _side_of(self, entity: int) -> str | None:
        team = self.match.state.world.maybe(entity, Team)
        return None if team is None else team.side

    def play(self, command: Any) -> dict[str, Any]:
        """The command through the ruleset's door; its log entry, or Refusal with the door's reason."""
        side = self.deciding_side()
        try:
            result = self.match.submit(command)
        except Exception as err:  # noqa: BLE001 - a command the door did not expect must not break the skirmish
            self._rebuild()
            raise Refusal(f"the rules could not play it ({type(err).__name__})") from None
        if not isinstance(result, list):
            raise Refusal(f"refused by the rules: {result}")
        entry = {"seq": len(self.log), "side": side,
                 "command": ruleset(self.ruleset_name).command_to_json(command),
                 "events_sha256": events_digest(result), "hash": state_hash(self.match)}
        self.log.append(entry)
        return entry

    def _rebuild(self) -> None:
        """Put the match back as the log left it (a door that raised may have changed the state halfway)."""
        match = start_match(self.ruleset_name, self.match.state.battlefield, self.rosters, self.seed, self.surprised)
        for entry in self.log:
            match.submit(command_from_json(self.ruleset_name, entry["command"]))
        self.match = match

    def welcome(self, seat: Seat | None, now: float) -> dict[str, Any]:
        """Everything a client needs to rebuild the skirmish and catch up: setup, map, log, seats."""
        return {
            "type": "welcome", "code": self.code, "token": None if seat is None else seat.token,
            "sides": [] if seat is None else list(seat.sides), "host": bool(seat and seat.host),
            "ruleset": self.ruleset_name, "rules_version": RULES_VERSION, "seed": self.seed,
            "rosters": [{"side": r.side, "label": r.label, "creatures": list(r.creatures)} for r in self.rosters],
            "surprised": None if self.surprised is None else list(self.surprised),
            "map": {"name": self.map_name, "sha256": self.map_sha256,
                    "files": [{"path": f.path, "sha256": f.sha256, "data": _b64(f.data)} for f in self.map_files]},
            "content_sha256": self.content_sha256, "opening_hash": self.opening_hash,
            "log": self.log, "seats": self.seats_message(now),
        }


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def start_match(ruleset_name: str, battlefield: Any, rosters: tuple[Roster, ...], seed: int,
                surprised: tuple[str, ...] | None) -> Match:
    """The match as it begins, by the ruleset's own set-up (``surprised``: the sides chosen to be caught unaware)."""
    rules = ruleset(ruleset_name)
    return rules.new_match(battlefield, list(rosters), rules.load_creatures(), seed, surprised)


def create(code: str, message: dict[str, Any], map_files: list[MapFile], map_path: Path) -> Skirmish:
    """A skirmish from a checked host message and its unpacked map; Refusal naming what cannot be played."""
    from game.maps.tmx import MapError
    from game.simulate import load_map

    if message["rules_version"] != RULES_VERSION:
        raise Refusal(f"your game plays rules version {message['rules_version']}, this server {RULES_VERSION}")
    name = message["ruleset"]
    if name not in RULESETS:
        raise Refusal(f"unknown ruleset {name!r} (this server plays {', '.join(RULESETS)})")
    rules = ruleset(name)
    if not rules.SURPRISE and message["surprised"] is not None:
        raise Refusal(f"{name} skirmishes have no surprise round to choose sides for")
    try:
        battlefield = load_map(map_path)
        creatures = rules.load_creatures()
    except (MapError, ContentError) as err:
        raise Refusal(str(err).replace(str(map_path.parent), "")[:200]) from None
    rosters = tuple(Roster(r["side"], r["label"], tuple(r["creatures"])) for r in message["rosters"])
    sides = [r.side for r in rosters]
    if len(set(sides)) != len(sides):
        raise Refusal("two rosters for one side")
    for roster in rosters:
        unknown = [key for key in roster.creatures if key not in creatures]
        if unknown:
            raise Refusal(f"unknown creature {unknown[0][:40]!r} in the {roster.side} roster")
    if set(message["seats"]) != set(sides):
        raise Refusal("seats must name each roster's side once")
    seed = message["seed"] if message["seed"] is not None else secrets.randbelow(2 ** 31)
    surprised = None if message["surprised"] is None else tuple(message["surprised"])
    try:
        rosters = tuple(rosters_in_play(battlefield, list(rosters)))
        match = start_match(name, battlefield, rosters, seed, surprised)
    except (SetupError, ValueError, KeyError) as err:
        raise Refusal(f"the setup cannot be played: {str(err)[:160]}") from None
    playing = {r.side for r in rosters}
    here = tuple(s for s in sides if message["seats"][s] == "here" and s in playing)
    seats = [Seat(here, new_token(), "connected", host=True)]
    for side in sides:
        choice = message["seats"][side]
        if side in playing and choice == "open":
            seats.append(Seat((side,), new_token()))
        elif side in playing and choice.startswith("computer:"):
            seats.append(Seat((side,), new_token(), "computer", level=choice.split(":", 1)[1]))
    return Skirmish(code, name, seed, rosters, surprised, message["map"]["name"], map_files,
                    battlefield_digest(battlefield), content_digest(rosters, creatures), match,
                    state_hash(match), seats)
