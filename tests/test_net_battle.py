"""The battle screen played online, headless: the Online screen connects to a local server, the screen sends this
machine's commands and plays the server's, and the game ends where the server's copy does."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import Game  # noqa: E402
from game.input.intents import Key  # noqa: E402
from game.net.remote import Waiting  # noqa: E402
from game.net.seats_file import kept_token, seats_path  # noqa: E402
from game.net.server import LocalServer  # noqa: E402
from game.net.skirmish import state_hash  # noqa: E402
from game.replay.load import load  # noqa: E402
from game.replay.saves import autosaves  # noqa: E402
from game.rulesets import ruleset  # noqa: E402
from game.ui import helper  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from game.ui.online import OnlineScene  # noqa: E402

FRAMES = 20_000                      # a bound, not a timing: the skirmish ends long before


@pytest.fixture
def server() -> Iterator[LocalServer]:
    running = LocalServer("127.0.0.1", 0)
    yield running
    running.stop()


def connected_battle(server: LocalServer, seats: dict[str, str], seed: int = 7, mode: str = "server",
                     code: str = "", ruleset_name: str = "4e") -> tuple[Game, BattleScene]:
    """The Online screen, filled in as a player would, connected: its battle screen."""
    game = Game(None, seed, (1280, 720))
    menu = game.scene
    menu.ruleset = ruleset_name
    assert menu._press(("online",)) == "online"
    online = OnlineScene(game.window, game.fonts, menu, "off")
    online.mode, online.address, online.seats = mode, server.url, seats
    game.scene = online
    for letter in code:
        online.focus.item = ("code",)
        online.text_input(letter.lower())
    online._press(("connect",))
    for _ in range(FRAMES):
        game.frame()
        if isinstance(game.scene, BattleScene):
            return game, game.scene
        time.sleep(0.002)
    raise AssertionError(f"not connected: {online.message}")


@pytest.mark.parametrize("ruleset_name", ["4e", "5e-house", "sotdl-house"])
def test_the_battle_screen_plays_a_whole_skirmish_through_the_server(server: LocalServer, ruleset_name: str) -> None:
    game, battle = connected_battle(server, {"blue": "here", "red": "computer:normal"}, ruleset_name=ruleset_name)
    online = battle.online
    assert online.sides == ("blue",) and battle.human_sides == ["blue"]
    assert battle.message.startswith(f"Join code {online.code}")
    assert battle.match.ruleset == ruleset_name
    player = ruleset(ruleset_name).make_player("ai", "blue", "normal", 7)
    for _ in range(FRAMES):
        if battle.state.outcome is not None:
            break
        game.frame()
        waiting = battle._computer()
        if battle.state.outcome is None and waiting is None and online.pending is None and not battle.animator.busy:
            command = player.next_command(battle.state)
            assert battle.submit(command), (battle.message, online.notice)       # sent to the server, not played yet
        time.sleep(0.001)
    assert online.stopped is None
    assert battle.state.outcome is not None
    skirmish = server.server.rooms[online.code].skirmish
    assert state_hash(battle.match) == state_hash(skirmish.match)
    assert len(battle.match.record) == len(skirmish.log)
    # The online game autosaved as a local one does: the last autosave loads to the same final state.
    helper.finish(10.0)          # the autosaves are written in the helper process, as on quitting the game
    loaded = load(autosaves()[-1])
    assert state_hash(loaded.match) == state_hash(skirmish.match) and loaded.match.state.outcome is not None


def test_the_screen_waits_for_an_open_seat_and_the_host_hands_it_to_the_computer(server: LocalServer) -> None:
    game, battle = connected_battle(server, {"blue": "here", "red": "open"})     # seed 7: a red creature acts first
    for _ in range(10):
        game.frame()
    assert battle._computer() == Waiting("red")
    assert battle.message.startswith(f"Waiting for a player to join as Troll and goblins: join code {battle.online.code}.")
    assert battle.message.endswith("Y: the computer plays Troll and goblins.")
    battle.handle(Key("yes"))
    for _ in range(FRAMES):
        game.frame()
        if battle.match.record:
            break
        time.sleep(0.002)
    assert battle.match.record and battle.state.side(battle.match.record[0][0].actor) == "red"
    assert any(s["side"] == "red" and s["status"] == "computer" for s in battle.online.seats)


def test_a_player_who_closed_the_game_joins_again_with_the_seat_kept_for_that_code(server: LocalServer) -> None:
    _, host = connected_battle(server, {"blue": "here", "red": "open"})
    code = host.online.code
    seats_path().unlink()                               # the guest's machine holds no seat of the host's
    _, guest = connected_battle(server, {}, mode="join", code=code)
    assert guest.online.sides == ("red",) and kept_token(code) == (server.url, guest.online.token)
    guest.online.connection.close()                     # the game is closed; the seat waits
    for _ in range(FRAMES):
        if any(s["side"] == "red" and s["status"] == "away" for s in server.server.rooms[code].skirmish.seats_message(0)):
            break
        time.sleep(0.002)
    _, back = connected_battle(server, {}, mode="join", code=code)
    assert back.online.sides == ("red",) and back.online.token == guest.online.token


def test_an_online_skirmish_takes_nothing_back(server: LocalServer) -> None:
    _, battle = connected_battle(server, {"blue": "here", "red": "open"})
    battle.session.ask(battle)
    assert "No take-backs in an online skirmish" in battle.message
