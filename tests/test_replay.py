"""Replays: recorded AI games on every shipped map replay from the save format event for event; `python -m game
replay FILE --verify` and `--export`; simulator records load as replays; the viewer steps with real key presses."""

import json
import os
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.rulesets.dnd4e.content import load_creatures
from game.replay import saves
from game.replay.format import Setup, document_digest, plain
from game.replay.load import load, verify
from game.replay.player import ReplayPlayer
from game.rulesets import RULESETS, ruleset
from game.simulate import load_map, make_player, play_game, record_game, replay
from game.ui.battle import BattleScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
SHIPPED_MAPS = sorted((ROOT / "maps").glob("*.tmx"))

from test_game_loop import SteppedClock, click, press, run_frames  # noqa: E402


def ai_game(map_path: Path, seed: int, rounds: int = 8, ruleset_name: str = "4e"):
    rules = ruleset(ruleset_name)
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    players = {r.side: make_player("ai", r.side, "normal", seed, ruleset_name) for r in rosters}
    result = play_game(load_map(map_path), rosters, creatures, seed, players, max_rounds=rounds, ruleset_name=ruleset_name)
    return result, Setup(map_path, tuple(rosters)), rosters


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("map_path", SHIPPED_MAPS, ids=lambda p: p.stem)
def test_recorded_ai_games_on_every_shipped_map_replay_event_for_event(map_path, ruleset, tmp_path):
    result, setup, _ = ai_game(map_path, seed=11, ruleset_name=ruleset)
    original = result.match
    assert original.ruleset == ruleset
    path = saves.write_save(tmp_path / "game.json", original, setup, with_events=True)
    assert verify(path) == []
    loaded = load(path).match
    assert loaded.opening == original.opening
    assert len(loaded.record) == len(original.record) > 0
    for (command, events), (again, replayed) in zip(original.record, loaded.record):
        assert again == command and replayed == events
    stored = json.loads(path.read_text(encoding="utf-8"))["commands"]
    assert [entry["events"] for entry in stored] == [plain(events) for _, events in original.record]


def test_verify_exits_0_when_every_event_matches_and_export_writes_a_replay_with_every_event(tmp_path, capsys):
    result, setup, _ = ai_game(SHIPPED_MAPS[0], seed=5, rounds=3)
    path = saves.write_save(tmp_path / "game.json", result.match, setup)
    assert main(["replay", str(path), "--verify"]) == 0
    assert "every event matches" in capsys.readouterr().out
    shared = tmp_path / "shared.json"
    assert main(["replay", str(path), "--export", str(shared)]) == 0
    entries = json.loads(shared.read_text(encoding="utf-8"))["commands"]
    assert all(isinstance(entry["events"], list) for entry in entries)
    assert main(["replay", str(shared), "--verify"]) == 0


def test_verify_prints_one_line_per_mismatched_command_and_exits_1(tmp_path, capsys):
    result, setup, _ = ai_game(SHIPPED_MAPS[0], seed=5, rounds=3)
    path = saves.write_save(tmp_path / "game.json", result.match, setup, with_events=True)
    document = json.loads(path.read_text(encoding="utf-8"))
    rolled = [index for index, entry in enumerate(document["commands"])
              if any(e["type"] == "AttackRolled" for e in entry["events"])][:2]
    assert len(rolled) == 2
    for index in rolled:
        attack = next(e for e in document["commands"][index]["events"] if e["type"] == "AttackRolled")
        attack["natural"] = 21 - attack["natural"] if attack["natural"] != 10 else 9
    document["digest"] = document_digest(document)    # as if the rules had changed since, not the file
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == [
        f"command {index + 1} ({document['commands'][index]['command']['type']})" for index in rolled]
    assert all("differs from the recorded one" in line for line in lines[:2])


def test_verify_of_a_file_that_cannot_be_replayed_is_one_error_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "grid-skirmish-save",\n "version": ', encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: {path}: not a save file (line 2: bad JSON, expecting value)"]


def test_a_simulator_record_loads_as_a_replay_and_exports_to_the_save_format(tmp_path):
    result, _, rosters = ai_game(SHIPPED_MAPS[0], seed=9, rounds=3)
    sides = {r.side: "ai" for r in rosters}
    record = record_game(result, SHIPPED_MAPS[0], rosters, sides, {r.side: "normal" for r in rosters}, 3)
    path = tmp_path / "game-9.json"
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    loaded = load(path)
    assert loaded.match.record == result.match.record
    assert verify(path) == []
    exported = saves.write_save(tmp_path / "exported.json", loaded.match, loaded.setup, with_events=True)
    assert verify(exported) == []
    record["result"]["hash"] = "0" * 64
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(ValueError, match="the record has been edited or damaged"):
        load(path)
    record["digest"] = document_digest(record)
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(ValueError, match="does not end in the state the record hashed"):
        load(path)


def test_the_replay_player_steps_forward_and_back_to_the_state_of_each_step(tmp_path):
    result, setup, rosters = ai_game(SHIPPED_MAPS[0], seed=4, rounds=2)
    path = saves.write_save(tmp_path / "game.json", result.match, setup)
    player = ReplayPlayer(load(path))
    commands = [command for command, _ in result.match.record]
    assert player.position == 0 and player.total == len(commands)
    for _ in range(5):
        player.forward()
    bf, creatures = load_map(setup.map_path), load_creatures()
    assert player.match.state.world.snapshot() == replay(bf, rosters, creatures, 4, commands[:5]).state.world.snapshot()
    assert player.go_to(2).state.world.snapshot() == replay(bf, rosters, creatures, 4, commands[:2]).state.world.snapshot()
    assert player.forward() == result.match.record[2][1]
    player.go_to(player.total)
    assert player.forward() is None
    assert player.match.state.world.snapshot() == result.match.state.world.snapshot()


@pytest.fixture
def replay_game(tmp_path):
    from game.app import FixedStepLoop, Game

    result, setup, _ = ai_game(SHIPPED_MAPS[0], seed=4, rounds=2)
    path = saves.write_save(tmp_path / "game.json", result.match, setup)
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()), replay=path)
    yield game, result.match
    pygame.quit()


def test_the_replay_viewer_steps_with_the_arrow_keys_and_its_buttons(replay_game):
    from game.ui.replay_view import ReplayScene

    game, match = replay_game
    scene = game.scene
    assert isinstance(scene, ReplayScene)
    run_frames(game, 2)
    press(pygame.K_RIGHT)
    press(pygame.K_RIGHT)
    run_frames(game, 2)
    assert scene.player.position == 2
    assert scene.battle.match.record == match.record[:2]
    first_walk = next(i for i, (_, events) in enumerate(match.record) if any(type(e).__name__ == "UnitMoved" for e in events))
    click(scene.buttons["start"].center)
    for _ in range(first_walk + 1):
        press(pygame.K_RIGHT)
    run_frames(game, 1)
    assert scene.player.position == first_walk + 1 and scene.battle.animator.busy      # the walk plays
    press(pygame.K_LEFT)
    run_frames(game, 2)
    assert scene.player.position == first_walk and not scene.battle.animator.busy
    click(scene.buttons["end"].center)
    run_frames(game, 2)
    assert scene.player.position == len(match.record)
    assert scene.battle.state.world.snapshot() == match.state.world.snapshot()
    click(scene.buttons["start"].center)
    run_frames(game, 2)
    assert scene.player.position == 0 and scene.battle.match.record == []


def test_the_replay_viewer_draws_no_pause_menu_button_only_its_own_close(replay_game):
    game, _ = replay_game
    scene = game.scene
    run_frames(game, 2)
    banner = scene.battle.banner_rect
    corner = (scene.battle.menu_rect.centerx, banner.centery)          # where a battle's Menu [Esc] would be
    assert tuple(game.screen.get_at(corner))[:3] == tuple(game.screen.get_at((banner.right - 4, banner.centery)))[:3]
    assert "menu" in scene.buttons                                      # Close [Esc]


def test_the_replay_viewer_plays_on_its_own_and_never_sends_a_command(replay_game):
    game, match = replay_game
    scene = game.scene
    run_frames(game, 1)
    press(pygame.K_SPACE)
    for _ in range(1200):
        run_frames(game, 1)
        if scene.player.position >= 3:
            break
    assert scene.player.position >= 3 and scene.playing
    click(scene.battle.view.square_rect(scene.battle.state.square(scene.battle.actor)).center)
    press(pygame.K_RETURN)                     # Enter would end a turn on the battle screen; here it does nothing
    run_frames(game, 2)
    assert scene.battle.match.record == match.record[:scene.player.position]
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    from game.ui.menu import MenuScene
    assert isinstance(game.scene, MenuScene)


def test_the_replay_viewer_steps_through_a_5e_save_on_the_5e_battle_screen(tmp_path):
    from game.app import FixedStepLoop, Game
    from game.ui.replay_view import ReplayScene
    from test_saves import five_e_window, play_on

    game = five_e_window()
    try:
        play_on(game.scene, 12)
        match = game.scene.match
        path = saves.write_save(tmp_path / "5e.json", match, game.scene.setup)
    finally:
        pygame.quit()
    assert verify(path) == []
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()), replay=path)
    try:
        scene = game.scene
        assert isinstance(scene, ReplayScene) and isinstance(scene.battle, BattleScene)
        assert scene.battle.match.ruleset == "5e-house"
        assert scene.battle.human_sides == [] and scene.player.total == len(match.record)
        first_walk = next(i for i, (c, _) in enumerate(match.record) if type(c).__name__ == "Move")
        for _ in range(first_walk + 1):
            press(pygame.K_RIGHT)
        run_frames(game, 1)
        assert scene.player.position == first_walk + 1 and scene.battle.animator.busy      # the walk plays
        assert scene.battle.match.record == match.record[:first_walk + 1]
        press(pygame.K_LEFT)
        run_frames(game, 2)
        assert scene.player.position == first_walk and not scene.battle.animator.busy
        press(pygame.K_DOWN)                                    # the end
        run_frames(game, 2)
        assert scene.battle.state.world.snapshot() == match.state.world.snapshot()
        press(pygame.K_UP)                                      # the start
        run_frames(game, 2)
        assert scene.player.position == 0 and scene.battle.match.record == []
    finally:
        pygame.quit()


def test_a_save_of_a_ruleset_this_game_does_not_have_is_refused_by_the_viewer_in_one_line(tmp_path, monkeypatch):
    from game import rulesets
    from game.app import FixedStepLoop, Game, StartupError
    from test_saves import five_e_window, play_on

    game = five_e_window()
    try:
        play_on(game.scene, 3)
        path = saves.write_save(tmp_path / "other.json", game.scene.match, game.scene.setup)
    finally:
        pygame.quit()
    monkeypatch.delitem(rulesets.RULESETS, "5e-house")          # as if this game had no 5e: every ruleset it has
    try:                                                         # knows the rest
        with pytest.raises(StartupError, match="unknown ruleset '5e-house' \\(this game plays 4e, sotdl-house, d20-modern\\)"):
            Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()), replay=path)
    finally:
        pygame.quit()
