"""Saves: the versioned JSON document, atomic writes, autosave rotation, and refusing saves that are truncated,
corrupted, hand-edited or incompatible with one line naming the file, while nothing else changes."""

import json
import os
from pathlib import Path

import pytest

from game.rulesets import RULESETS

from game import RULES_VERSION
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.replay import saves
from game.replay.format import FORMAT, VERSION, SaveError, Setup, document_digest
from game.replay.load import fresh_match, load
from game.simulate import load_map, make_player, play_game

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.tmx"


def short_game(map_path=DEFAULT_MAP, seed=7, rounds=2):
    """A match between two computer players, stopped after ``rounds`` rounds, and its setup."""
    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    players = {r.side: make_player("ai", r.side, "normal", seed) for r in rosters}
    result = play_game(load_map(map_path), rosters, creatures, seed, players, max_rounds=rounds)
    return result.match, Setup(Path(map_path), tuple(rosters))


@pytest.fixture(scope="module")
def game():
    return short_game()


@pytest.fixture
def save_file(game, tmp_path):
    match, setup = game
    return saves.write_save(tmp_path / "game.json", match, setup)


def edited(path: Path, change, redigest: bool = True) -> Path:
    """Apply ``change`` to the parsed document and write it back; the digest is recomputed (anyone can: it is
    no secret), so the deeper checks are what refuses the edit, unless ``redigest`` is False."""
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    if redigest and isinstance(document, dict) and "digest" in document:
        document["digest"] = document_digest(document)
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path)), message
    return message


def test_a_save_is_versioned_readable_json_with_setup_commands_snapshot_and_digest(save_file, game):
    match, _ = game
    text = save_file.read_text(encoding="utf-8")
    assert text.startswith("{\n")                                  # indented, for people to read
    document = json.loads(text)
    assert document["format"] == FORMAT and document["version"] == VERSION
    assert document["rules_version"] == RULES_VERSION and document["ruleset"] == "4e"
    assert document["map"]["path"] == "maps/default.tmx" and len(document["map"]["sha256"]) == 64
    assert document["seed"] == 7
    assert [r["side"] for r in document["setup"]["rosters"]] == ["blue", "red"]
    assert len(document["commands"]) == len(match.record)
    assert document["commands"][0]["command"]["type"] == type(match.record[0][0]).__name__
    assert document["snapshot"]["resources"]["TurnState"]["round"] == match.state.turn.round
    assert document["digest"] == document_digest(document)


def test_loading_rebuilds_the_same_match_from_seed_and_commands(save_file, game):
    match, setup = game
    loaded = load(save_file)
    assert loaded.match.state.world.snapshot() == match.state.world.snapshot()
    assert loaded.match.record == match.record
    assert loaded.match.dice_rolls == match.dice_rolls
    assert loaded.setup.rosters == setup.rosters


def test_every_command_counts_the_dice_it_rolled(game):
    match, setup = game
    opening_rolls = fresh_match(setup, match.seed).dice.rolls_made     # initiative (and its tie-breaks)
    assert sum(match.dice_rolls) + opening_rolls == match.dice.rolls_made
    for (_, events), rolls in zip(match.record, match.dice_rolls):
        attacks = sum(1 for e in events if type(e).__name__ == "AttackRolled")
        assert rolls >= attacks
    assert 0 in match.dice_rolls and max(match.dice_rolls) > 0


def _truncate(path):
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")


def _flip_bytes(path):
    raw = bytearray(path.read_bytes())
    for offset in range(len(raw) // 3, len(raw) // 3 + 40, 7):
        raw[offset] ^= 0x5A
    path.write_bytes(bytes(raw))


def _illegal_move(document):
    first_move = next(e for e in document["commands"] if e["command"]["type"] == "Move")
    first_move["command"]["path"] = [first_move["command"]["path"][0], [40, 40]]


def _reorder(document):
    """The first command swapped with the first one of another creature, which then acts out of its turn."""
    commands = document["commands"]
    first = commands[0]["command"]["actor"]
    other = next(i for i, entry in enumerate(commands) if entry["command"].get("actor") != first)
    commands[0], commands[other] = commands[other], commands[0]


def _wrong_ruleset(document):
    document["ruleset"] = "3.5e"


CORRUPTIONS = {
    "truncated": (_truncate, "bad JSON"),
    "bytes flipped": (_flip_bytes, ""),
    "empty file": (lambda p: p.write_bytes(b""), "is empty"),
    "binary garbage": (lambda p: p.write_bytes(bytes(range(256)) * 8), "not a save file"),
    "not an object": (lambda p: p.write_text("[1, 2, 3]"), "not a save file"),
    "another format": (lambda p: edited(p, lambda d: d.update(format="something-else")), "not a save file"),
    "newer version": (lambda p: edited(p, lambda d: d.update(version=VERSION + 1)), "made by a newer game"),
    "older rules": (lambda p: edited(p, lambda d: d.update(rules_version="0.0.9")),
                    f"made by rules version 0.0.9, this game is {RULES_VERSION}"),
    # 0.3.0 rolls a 5e area spell's damage once for all its targets: a 0.2.0 save would replay differently.
    "rules before 0.3.0": (lambda p: edited(p, lambda d: d.update(rules_version="0.2.0")),
                           "made by rules version 0.2.0, this game is 0.3.0"),
    "unknown ruleset": (lambda p: edited(p, _wrong_ruleset), "unknown ruleset '3.5e'"),
    "missing key": (lambda p: edited(p, lambda d: d.pop("seed")), "missing key 'seed'"),
    "wrong type": (lambda p: edited(p, lambda d: d.update(seed="7")), "'seed' should be a whole number, not text"),
    "wrong nested type": (lambda p: edited(p, lambda d: d["commands"][2].update(dice="two")),
                          "'commands[2].dice' should be a whole number"),
    "edited seed": (lambda p: edited(p, lambda d: d.update(seed=8)), ""),
    "illegal command": (lambda p: edited(p, _illegal_move), "(Move) is not legal: "),
    "reordered commands": (lambda p: edited(p, _reorder), "command 1 (Move) is not legal"),
    "unknown command": (lambda p: edited(p, lambda d: d["commands"][0]["command"].update(type="Fly")),
                        "command 1 is not a command (unknown command type 'Fly')"),
    "command of nonsense": (lambda p: edited(p, lambda d: d["commands"][0]["command"].update(actor="x")),
                            "command 1 is not a command (Move.actor is text"),
    "commands cut short": (lambda p: edited(p, lambda d: d["commands"].pop()), "snapshot does not match"),
    "edited snapshot": (lambda p: edited(p, lambda d: d["snapshot"]["components"]["Health"]["1"].update(hp=99)),
                        "snapshot does not match"),
    "edited events": (lambda p: edited(p, lambda d: d["commands"][0].update(events_sha256="0" * 64)),
                      "command 1 (", ),
    "edited label": (lambda p: edited(p, lambda d: d["setup"]["labels"].update(blue="Cheaters"), redigest=False),
                     "digest does not match"),
    "unknown creature": (lambda p: edited(p, lambda d: d["setup"]["rosters"][0]["creatures"].append("dragon")),
                         "unknown creature 'dragon' in the blue roster"),
    "missing map": (lambda p: edited(p, lambda d: d["map"].update(path="maps/nowhere.tmx")), "map maps/nowhere.tmx is missing"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_damaged_or_incompatible_save_is_refused_with_one_line_naming_the_file(name, save_file):
    corrupt, words = CORRUPTIONS[name]
    corrupt(save_file)
    message = refusal(save_file)
    assert words in message


def test_a_save_of_a_map_changed_since_is_refused(tmp_path):
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    (tmp_path / "maps").mkdir()
    map_path = tmp_path / "maps" / "crossroads.tmx"
    map_path.write_text(DEFAULT_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    match, setup = short_game(map_path, seed=3, rounds=1)
    path = saves.write_save(tmp_path / "game.json", match, setup)
    assert load(path).match.state.world.snapshot() == match.state.world.snapshot()
    text = map_path.read_text(encoding="utf-8")
    assert "7,0,0,0,7,11," in text
    map_path.write_text(text.replace("7,0,0,0,7,11,", "7,6,0,0,7,11,", 1), encoding="utf-8")   # a new wall
    assert refusal(path).endswith(f"map {map_path} has changed since this save")


def test_a_failed_write_leaves_the_previous_save_whole(game, tmp_path, monkeypatch):
    match, setup = game
    path = saves.write_save(tmp_path / "game.json", match, setup)
    before = path.read_bytes()

    def disk_full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError, match="could not be written"):
        saves.write_save(path, match, setup)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]     # no temporary file left behind
    monkeypatch.undo()
    assert load(path).match.record == match.record


def test_autosaves_are_numbered_and_only_the_last_five_kept(game):
    match, setup = game
    written = [saves.autosave(match, setup) for _ in range(7)]
    kept = saves.autosaves()
    assert len(kept) == saves.KEEP_AUTOSAVES
    assert kept == written[-5:]
    assert [p.name for p in kept][0] == "autosave-000003.json"
    assert kept[0].parent == saves.autosave_dir()


def test_manual_saves_are_kept_side_by_side_and_listed_newest_first(game):
    match, setup = game
    first = saves.save(match, setup)
    second = saves.save(match, setup)
    assert first != second and first.parent == second.parent == saves.saves_dir()
    os.utime(first, (1_000_000, 1_000_000))
    junk = saves.saves_dir() / "junk.json"
    junk.write_text("{nope", encoding="utf-8")
    os.utime(junk, (2_000_000, 2_000_000))
    entries = saves.list_saves()
    readable = [e for e in entries if not e.problem]
    assert [e.path for e in readable] == [second, first]
    assert readable[0].description.startswith("The Broken Crossroads · round ") and readable[0].ruleset == "4e"
    assert [e.path for e in entries] == [second, junk, first]
    assert entries[1].problem == "not a save file (it will say why when chosen)"
    assert saves.latest_save() == second


# The game window, headless: keys save, F9 and the menu load, every turn start autosaves ----------------
@pytest.fixture
def window_game():
    import pygame

    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock

    game = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield game
    pygame.quit()


def test_f5_and_ctrl_s_save_the_skirmish_and_f9_loads_the_newest_save(window_game):
    import pygame

    from test_game_loop import press, run_frames
    from test_rewind import step_to_free_square

    game = window_game
    scene = game.scene
    _, moved_to = step_to_free_square(game)
    press(pygame.K_F5)
    run_frames(game, 1)
    assert scene.message.startswith("Saved to saves/")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    run_frames(game, 1)
    manual = sorted(saves.saves_dir().glob("*.json"))
    assert len(manual) == 2 and all(load(p).match.record == scene.match.record for p in manual)
    press(pygame.K_RETURN)                              # play on: end the turn
    run_frames(game, 30)
    assert len(scene.match.record) == 2
    scene.handover = None                               # the next side's player, if another side acts next, sits down
    press(pygame.K_F9)
    run_frames(game, 1)
    assert game.scene is not scene and len(game.scene.match.record) == 1
    assert game.scene.state.square(game.scene.actor) == moved_to


def test_f9_with_a_damaged_newest_save_says_why_and_the_skirmish_goes_on(window_game):
    import pygame

    from test_game_loop import press, run_frames

    game = window_game
    scene = game.scene
    press(pygame.K_F5)
    run_frames(game, 1)
    newest = saves.latest_save()
    newest.write_text(newest.read_text(encoding="utf-8")[:200], encoding="utf-8")
    press(pygame.K_F9)
    run_frames(game, 1)
    assert game.scene is scene
    assert scene.message.startswith(f"Can't load: saves/{newest.name}: not a save file (line ")


def test_an_autosave_is_written_at_the_start_of_every_turn(window_game):
    import pygame

    from test_game_loop import press, run_frames

    game = window_game
    game.scene.session.autosaver.wait()                                 # autosaves are written by the helper process
    assert [load(p).match.record for p in saves.autosaves()] == [[]]      # the first turn began
    for turn in range(2, 5):
        if game.scene.handover is not None:           # hot-seat: the next side says it is ready first
            press(pygame.K_RETURN)
            run_frames(game, 1)
        press(pygame.K_RETURN)
        run_frames(game, 30)
        assert game.scene.session.autosaver.wait() == ""
        assert len(saves.autosaves()) == turn
    newest = load(saves.autosaves()[-1]).match
    assert newest.state.world.snapshot() == game.scene.state.world.snapshot()


def test_the_start_menu_loads_a_save_and_a_refused_one_stays_on_the_load_screen(game):
    import pygame

    from game.app import FixedStepLoop, Game
    from game.ui.battle import BattleScene
    from game.ui.load_screen import LoadScene
    from test_game_loop import SteppedClock, click, press, run_frames

    match, setup = game
    good = saves.save(match, setup)
    broken = saves.saves_dir() / "broken.json"
    broken.write_text(good.read_text(encoding="utf-8").replace('"ruleset": "4e"', '"ruleset": "9e"'), encoding="utf-8")
    os.utime(broken, (good.stat().st_mtime + 60,) * 2)                   # the newest, listed first
    window = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(window, 1)
        load_button = next(c.rect for c in window.scene.focus.controls if c.item == ("load",))
        click(load_button.center)
        run_frames(window, 1)
        screen = window.scene
        assert isinstance(screen, LoadScene) and [e.path for e in screen.entries] == [broken, good]
        press(pygame.K_RETURN)
        run_frames(window, 1)
        assert window.scene is screen
        assert screen.message == f"saves/broken.json: unknown ruleset '9e' (this game plays {', '.join(RULESETS)})"
        press(pygame.K_DOWN)
        press(pygame.K_RETURN)
        run_frames(window, 1)
        assert isinstance(window.scene, BattleScene)
        assert window.scene.match.record == match.record
        assert window.scene.state.world.snapshot() == match.state.world.snapshot()
        assert not saves.autosaves()                                     # loading is not a new turn
    finally:
        pygame.quit()


# 5e-house skirmishes on the screen: the same keys, autosaves, the load list and the hand-over screen -------------
def five_e_window(seed=5, map_path=DEFAULT_MAP):
    """A hot-seat 5e-house skirmish in the game window, headless."""
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock

    return Game(map_path, seed, (1280, 720), loop=FixedStepLoop(SteppedClock()), ruleset="5e-house")


def play_on(scene, commands: int):
    """Send ``commands`` commands through the 5e screen as a plain hot-seat player would, with no attacks (so the
    same commands give the same events whatever the dice): let every opportunity attack pass, walk once a turn to
    the nearest square (the first in order), then end the turn. Returns them with their events."""
    from game.rulesets.dnd5e.commands import EndTurn, Move
    from game.rulesets.dnd5e.engine import round_of
    from game.rulesets.dnd5e.presentation import adapter as rules_5e

    sent = []
    for _ in range(commands):
        state = scene.state
        command = rules_5e.answer(state, False)
        if command is None:
            actor = round_of(state).current
            walked = any(isinstance(c, Move) and c.actor == actor for c, _ in scene.match.record[_turn_start(scene):])
            walk = None if walked else rules_5e.reachable(state, actor)
            squares = rules_5e.walk_squares(state, actor, walk) if walk is not None else {}
            nearest = min(squares, key=lambda s: (squares[s], s)) if squares else None
            command = (rules_5e.walk_to(actor, walk, nearest) if nearest is not None else None) or EndTurn(actor)
        assert scene.submit(command), scene.message
        sent.append(scene.match.record[-1])
    return sent


def _turn_start(scene) -> int:
    from game.rulesets import ruleset

    started = ruleset("5e-house").turn_started
    return max((i + 1 for i, (_, events) in enumerate(scene.match.record) if started(events)), default=0)


def test_a_5e_hot_seat_skirmish_saved_with_f5_mid_turn_loads_from_the_start_menu_and_plays_on_identically():
    import pygame

    from game.app import FixedStepLoop, Game
    from game.ui.battle import BattleScene
    from game.ui.load_screen import LoadScene
    from test_game_loop import SteppedClock, click, press, run_frames

    game = five_e_window()
    try:
        scene = game.scene
        run_frames(game, 1)
        assert len(scene.human_sides) == 2
        play_on(scene, 6)
        while type(scene.match.record[-1][0]).__name__ != "Move":       # stop just after a walk: mid-turn
            play_on(scene, 1)
        for _ in range(4):                                              # past the hand-over, if the walk made one
            if scene.handover is None:
                break
            press(pygame.K_SPACE)
            press(pygame.K_RETURN)
            run_frames(game, 1)
        press(pygame.K_F5)
        run_frames(game, 1)
        assert scene.message.startswith("Saved to saves/")
        saved_record, saved_world = list(scene.match.record), scene.state.world.snapshot()
        later = play_on(scene, 10)
    finally:
        pygame.quit()
    (manual,) = saves.saves_dir().glob("*.json")
    assert json.loads(manual.read_text(encoding="utf-8"))["ruleset"] == "5e-house"
    window = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(window, 1)
        click(next(c.rect for c in window.scene.focus.controls if c.item == ("load",)).center)
        run_frames(window, 1)
        listing = window.scene
        assert isinstance(listing, LoadScene)
        for _ in range([e.path for e in listing.entries].index(manual)):
            press(pygame.K_DOWN)
        press(pygame.K_RETURN)                                          # Enter: play it on
        run_frames(window, 1)
        loaded = window.scene
        assert isinstance(loaded, BattleScene) and loaded.match.ruleset == "5e-house" and window.ruleset == "5e-house"
        assert loaded.match.record == saved_record and loaded.state.world.snapshot() == saved_world
        assert play_on(loaded, 10) == later                             # the same commands give the same events
    finally:
        pygame.quit()


def test_an_autosave_is_written_at_the_start_of_every_5e_turn():
    import pygame

    from game.rulesets import ruleset
    from test_game_loop import press, run_frames

    game = five_e_window()
    try:
        scene = game.scene
        run_frames(game, 1)
        scene.session.autosaver.wait()                                          # written by the helper process
        assert [load(p).match.record for p in saves.autosaves()] == [[]]        # the first turn began
        for turn in range(2, 5):
            if scene.handover is not None:             # hot-seat: the next side says it is ready first
                press(pygame.K_RETURN)
                run_frames(game, 1)
            press(pygame.K_RETURN)                     # Enter ends the turn
            run_frames(game, 30)
            assert scene.session.autosaver.wait() == ""
            assert len(saves.autosaves()) == turn
            assert ruleset("5e-house").turn_started(scene.match.record[-1][1])
        newest = load(saves.autosaves()[-1]).match
        assert newest.ruleset == "5e-house" and newest.record == scene.match.record
        assert newest.state.world.snapshot() == scene.state.world.snapshot()
    finally:
        pygame.quit()


@pytest.mark.parametrize("ruleset_name", ["4e", "5e-house"])
def test_saving_behind_the_hand_over_screen_works_and_shows_nothing_of_the_board(ruleset_name):
    import pygame

    from game.app import FixedStepLoop, Game
    from game.ui.pause_menu import BEHIND_HANDOVER
    from test_flow import board_hidden
    from test_game_loop import SteppedClock, click, press, run_frames

    game = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()), ruleset=ruleset_name)
    try:
        scene = game.scene
        run_frames(game, 1)
        for _ in range(8):                             # end turns until the machine passes to the other side
            press(pygame.K_RETURN)
            run_frames(game, 30)
            if scene.handover is not None:
                break
        assert scene.handover is not None
        press(pygame.K_SPACE)                          # the animations done, the hand-over screen is up
        run_frames(game, 1)
        assert board_hidden(game)
        press(pygame.K_F5)
        run_frames(game, 1)
        (first,) = saves.saves_dir().glob("*.json")
        assert load(first).match.record == scene.match.record
        assert scene.handover is not None and board_hidden(game) and scene.message.startswith("Saved to saves/")
        press(pygame.K_ESCAPE)                         # the pause menu, over the hand-over screen
        run_frames(game, 1)
        menu = scene.pause
        assert menu is not None and scene.handover is not None
        assert menu.refusals["takeback"] == BEHIND_HANDOVER
        click(menu.rows["save"].center)
        run_frames(game, 1)
        assert len(list(saves.saves_dir().glob("*.json"))) == 2 and menu.status.startswith("Saved to saves/")
        press(pygame.K_ESCAPE)
        run_frames(game, 1)
        assert scene.pause is None and scene.handover is not None and board_hidden(game)
        press(pygame.K_RETURN)                         # the next player is ready
        run_frames(game, 1)
        assert scene.handover is None
    finally:
        pygame.quit()


def test_f9_loads_the_newest_5e_save_onto_the_5e_battle_screen():
    import pygame

    from game.ui.battle import BattleScene
    from test_game_loop import press, run_frames

    game = five_e_window()
    try:
        scene = game.scene
        run_frames(game, 1)
        play_on(scene, 1)
        press(pygame.K_F5)
        run_frames(game, 1)
        saved = list(scene.match.record)
        assert saves.list_saves()[0].ruleset == "5e-house"          # the load list names the rules
        play_on(scene, 3)
        while scene.handover is not None:             # F9 waits for the next player to say they are ready
            press(pygame.K_SPACE)
            press(pygame.K_RETURN)
            run_frames(game, 1)
        press(pygame.K_F9)
        run_frames(game, 1)
        assert isinstance(game.scene, BattleScene) and game.scene.match.ruleset == "5e-house" and game.scene is not scene
        assert game.scene.match.record == saved and game.scene.match.ruleset == "5e-house"
    finally:
        pygame.quit()
