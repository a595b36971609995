"""The wire protocol and map bundles refuse every malformed message before it reaches a skirmish (no network)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from game.net.bundle import BundleError, pack, read_bundle, unpack
from game.net.client import Desync, Mirror, greeting, host_message
from game.net.protocol import Limits, ProtocolError, command_from_json, decode, encode
from game.net.skirmish import Refusal, create, state_hash
from game.rulesets import ruleset
from game.engine.rosters import Roster

MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


@pytest.mark.parametrize("frame, reason", [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"type": "dance"}', "unknown message type"),
    ('{"type": 7}', "unknown message type"),
    ('{"type": "command", "seq": "3", "command": {"type": "EndTurn"}}', "command.seq should be a whole number"),
    ('{"type": "command", "seq": 1.5, "command": {"type": "EndTurn"}}', "whole numbers"),
    ('{"type": "command", "seq": NaN, "command": {"type": "EndTurn"}}', "NaN is not allowed"),
    ('{"type": "command", "seq": 99999999999999999999999, "command": {"type": "EndTurn"}}', "number too large"),
    ('{"type": "command", "seq": 1, "command": {"type": "EndTurn"}, "x": 1}', "unknown key 'x'"),
    ('{"type": "command", "seq": 1}', "lacks 'command'"),
    ('{"type": "ping", "id": ' + "[" * 50 + "]" * 50 + "}", "nested deeper"),
    ('{"type": "join", "protocol": 1, "rules_version": "x", "code": "' + "A" * 40 + '"}', "longer than 16"),
])
def test_a_malformed_frame_is_refused_with_its_reason(frame: str, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        decode(frame)


def test_binary_frames_and_oversized_messages_are_refused() -> None:
    with pytest.raises(ProtocolError, match="binary"):
        decode(b'{"type": "ping"}')
    padded = encode({"type": "ping", "id": 1}).replace("{", "{" + " " * 70_000, 1)
    with pytest.raises(ProtocolError, match="larger than"):
        decode(padded, Limits())


def test_a_well_formed_command_message_passes() -> None:
    message = decode(encode({"type": "command", "seq": 4, "command": {"type": "EndTurn", "actor": 2}}))
    assert message["seq"] == 4


@pytest.mark.parametrize("data, reason", [
    ({"type": "Launch", "actor": 1}, "unknown command type 'Launch'"),
    ({"type": "Teleport", "actor": 1}, "Teleport lacks power, destination"),
    ({"type": "EndTurn", "actor": "one"}, "EndTurn.actor is text, not a whole number"),
    ({"type": "EndTurn", "actor": True}, "EndTurn.actor is true or false, not a whole number"),
    ({"type": "EndTurn", "actor": 2 ** 40}, "EndTurn.actor is out of range"),
    ({"type": "EndTurn", "actor": 1, "extra": 2}, "EndTurn has no field extra"),
    ({"type": "Move", "actor": 1, "path": [[1, 2, 3]]}, r"Move.path\[0\] has 3 items, not 2"),
    ({"type": "Move", "actor": 1, "path": [["a", 2]]}, r"Move.path\[0\]\[0\] is text, not a whole number"),
    ({"type": "Move", "actor": 1, "path": 5}, "Move.path is a number, not a list"),
    ({"type": "Attack", "actor": 1}, "Attack lacks target, attack"),
])
def test_a_command_of_the_wrong_shape_never_reaches_the_door(data: dict, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        command_from_json("4e", data)


def test_commands_read_back_as_the_ruleset_wrote_them() -> None:
    rules = ruleset("4e")
    kinds = {kind.__name__: kind for kind in rules.COMMANDS}
    move = kinds["Move"](3, ((1, 2), (2, 2)))
    assert command_from_json("4e", json.loads(json.dumps(rules.command_to_json(move)))) == move
    assert command_from_json("4e", {"type": "EndTurn", "actor": 7}) == kinds["EndTurn"](7)


def test_a_map_bundle_carries_the_map_its_tilesets_and_images(tmp_path: Path) -> None:
    bundle = pack(MAP)
    paths = [f["path"] for f in bundle["files"]]
    assert paths[0] == bundle["name"] == "maps/default.tmx"
    assert "assets/tiles/dungeon.tsx" in paths and "assets/tiles/dungeon.png" in paths
    map_path = unpack(bundle["name"], read_bundle(bundle), tmp_path)
    assert map_path.read_bytes() == MAP.read_bytes()


@pytest.mark.parametrize("path, data, reason", [
    ("../../etc/passwd.tmx", b"<map/>", "not a plain relative file name"),
    ("/abs/map.tmx", b"<map/>", "not a plain relative file name"),
    ("maps\\x.tmx", b"<map/>", "not a plain relative file name"),
    ("maps/run.py", b"print(1)", "only .tmx"),
    ("maps/x.tmx", b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><map>&a;</map>', "DOCTYPE"),
    ("assets/x.png", b"GIF89a", "not a PNG"),
])
def test_a_bundle_file_that_is_not_plain_map_data_is_refused(path: str, data: bytes, reason: str) -> None:
    bundle = {"name": path, "files": [{"path": path, "data": base64.b64encode(data).decode()}]}
    with pytest.raises(BundleError, match=reason):
        read_bundle(bundle)


def test_a_bundle_file_changed_on_the_way_fails_its_hash() -> None:
    bundle = pack(MAP)
    hashes = {f["path"]: "0" * 64 for f in bundle["files"]}
    with pytest.raises(BundleError, match="sha256 does not match"):
        read_bundle(bundle, hashes)


def _skirmish(tmp_path: Path, seats: dict[str, str]):
    rules = ruleset("4e")
    rosters = [Roster("blue", "Blue", ("fighter", "wizard")), Roster("red", "Red", ("goblin", "goblin"))]
    message = decode(encode(host_message(MAP, "4e", rosters, seats, seed=5)))
    files = read_bundle(message["map"])
    skirmish = create("ABCDEF", message, files, unpack(message["map"]["name"], files, tmp_path))
    return rules, skirmish


def test_a_seat_may_only_command_the_side_that_decides_and_its_own_creatures(tmp_path: Path) -> None:
    rules, skirmish = _skirmish(tmp_path, {"blue": "here", "red": "open"})
    host, guest = skirmish.seats
    state = skirmish.match.state
    deciding = skirmish.deciding_side()
    mine, theirs = (host, guest) if deciding == "blue" else (guest, host)
    actor = rules.decider(state)
    enemy = next(e for e in state.creatures() if state.side(e) != deciding)
    before = state_hash(skirmish.match)
    with pytest.raises(Refusal, match="not your decision"):
        skirmish.submit(theirs, 0, {"type": "EndTurn", "actor": actor})
    with pytest.raises(Refusal, match="not one of yours"):
        skirmish.submit(mine, 0, {"type": "EndTurn", "actor": enemy})
    with pytest.raises(Refusal, match="out of step"):
        skirmish.submit(mine, 3, {"type": "EndTurn", "actor": actor})
    with pytest.raises(Refusal, match="EndTurn.actor is a list"):
        skirmish.submit(mine, 0, {"type": "EndTurn", "actor": [actor]})
    assert state_hash(skirmish.match) == before and skirmish.log == []
    entry = skirmish.submit(mine, 0, {"type": "EndTurn", "actor": actor})
    assert entry["seq"] == 0 and entry["side"] == deciding and entry["hash"] != before


def test_a_client_stops_on_a_state_hash_that_differs_from_the_servers(tmp_path: Path) -> None:
    _, skirmish = _skirmish(tmp_path, {"blue": "here", "red": "here"})
    actor = ruleset("4e").decider(skirmish.match.state)
    entry = skirmish.submit(skirmish.seats[0], 0, {"type": "EndTurn", "actor": actor})
    welcome = skirmish.welcome(skirmish.seats[0], 0.0)
    welcome["log"] = []
    mirror = Mirror.from_welcome(welcome, tmp_path / "client")
    with pytest.raises(Desync, match="out of sync after command 0"):
        mirror.apply(entry | {"hash": "f" * 64})


def test_a_welcome_for_another_rules_version_is_refused_in_one_line(tmp_path: Path) -> None:
    _, skirmish = _skirmish(tmp_path, {"blue": "here", "red": "open"})
    welcome = skirmish.welcome(None, 0.0) | {"rules_version": "0.0.1"}
    with pytest.raises(Desync, match="rules version 0.0.1"):
        Mirror.from_welcome(welcome, tmp_path / "client")
    assert greeting("watch", code="X")["protocol"] == 1


def test_only_the_seat_an_offer_waits_on_may_answer_it(tmp_path: Path) -> None:
    """An opportunity attack, interrupt or readied action is answered by the side it is offered to, no other."""
    rules, skirmish = _skirmish(tmp_path, {"blue": "open", "red": "open"})
    players = {side: rules.make_player("ai", side, "normal", 5) for side in ("blue", "red")}
    state = skirmish.match.state
    for _ in range(400):
        if state.pending_offers is not None and state.pending_offers.offers:
            break
        skirmish.play(players[skirmish.deciding_side()].next_command(state))
    offer = state.pending_offers.offers[0]
    answering = skirmish.seat_of_side(state.side(offer.by))
    other = next(seat for seat in skirmish.seats if seat.sides and seat is not answering)
    before, logged = state_hash(skirmish.match), len(skirmish.log)
    react = {"type": "React", "actor": offer.by, "take": True}
    with pytest.raises(Refusal, match="not your decision"):
        skirmish.submit(other, logged, react)
    assert state_hash(skirmish.match) == before and len(skirmish.log) == logged
    assert skirmish.submit(answering, logged, react)["seq"] == logged
