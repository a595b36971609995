"""Sound: every event of each ruleset maps to a sound that exists (or is silent, with a reason), sounds play
in step with the animations, the volumes are settings, and the game runs silent without an audio device."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import os
import wave
from pathlib import Path

import pygame
import pytest

from game.rulesets.dnd4e.actions import events as events_4e
from game.audio import speakers as speakers_module
from game.audio.kinds import BATTLE_MUSIC, EFFECTS, MENU_MUSIC, SOUND_DIR, battle_track, effect_files, music_file
from game.audio.speakers import Speakers
from game.engine.cues import Death, Motion, Sound, Strike
from game.render.animation import FADE_TICKS, TICKS_PER_SQUARE, Animator
from game.rulesets import ruleset
from game.rulesets.dnd5e import commands as commands_5e
from game.settings import Settings, SettingsError, parse_settings, settings_toml
from game.simulate import load_map, play_game
from game.rulesets.dnd4e.presentation import adapter as rules_4e
from game.rulesets.dnd5e.presentation import adapter as rules_5e

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
ASSET_BUDGET = 3 * 1024 * 1024


def event_classes_4e() -> list[type]:
    return list(events_4e.Event.__args__)


def event_classes_5e() -> list[type]:
    """Every dataclass the 5e commands module defines that is not a command: its events."""
    return [c for _, c in inspect.getmembers(commands_5e, inspect.isclass)
            if c.__module__ == commands_5e.__name__ and dataclasses.is_dataclass(c) and c not in commands_5e.COMMANDS]


ADAPTERS = [("4e", rules_4e, event_classes_4e()), ("5e-house", rules_5e, event_classes_5e())]


# The mapping -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, adapter, classes", ADAPTERS, ids=[a[0] for a in ADAPTERS])
def test_every_event_kind_of_each_ruleset_has_a_sound_or_a_reason_for_silence(name, adapter, classes):
    assert len(classes) > 10
    unmapped = [c.__name__ for c in classes if c not in adapter.SOUNDS and c not in adapter.SILENT]
    both = [c.__name__ for c in classes if c in adapter.SOUNDS and c in adapter.SILENT]
    assert unmapped == [] and both == []
    assert all(reason.strip() for reason in adapter.SILENT.values())
    assert set(adapter.SOUNDS) | set(adapter.SILENT) <= set(classes)      # no stale entries


@pytest.mark.parametrize("name, adapter, classes", ADAPTERS, ids=[a[0] for a in ADAPTERS])
def test_every_sound_an_event_maps_to_is_a_known_kind_with_a_file(name, adapter, classes):
    kinds = {kind for made in adapter.SOUNDS.values() for kind in made}
    assert kinds <= set(EFFECTS)
    assert [k for k in kinds if not effect_files(k)] == []


def test_each_kind_of_the_issue_is_heard_in_both_rulesets():
    """Steps, blows, misses, shots, spells, pushes, falls, teleports, conditions, drops, deaths, criticals,
    turns and the victory."""
    wanted = {"step", "hit", "miss", "shot", "spell", "push", "fall", "teleport", "condition_on", "condition_off",
              "drop", "death", "crit", "turn", "victory"}
    for _, adapter, _ in ADAPTERS:
        assert wanted <= {kind for made in adapter.SOUNDS.values() for kind in made}


def test_every_effect_and_music_file_exists_and_the_sounds_stay_small():
    for kind in EFFECTS:
        files = effect_files(kind)
        assert files, kind
        for path in files:
            with wave.open(str(path)) as wav:
                assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth()) == (22050, 1, 2)
                assert 0 < wav.getnframes() <= 3 * 22050
    for track in (MENU_MUSIC, *BATTLE_MUSIC):
        assert music_file(track) is not None, track
    assert sum(p.stat().st_size for p in SOUND_DIR.iterdir()) < ASSET_BUDGET
    assert len(BATTLE_MUSIC) >= 2 and battle_track(7) != battle_track(8)


@functools.lru_cache(maxsize=None)
def whole_game(name: str, seed: int):
    """A computer skirmish on the default map to its end, played once per test run (the tests only read it)."""
    rules = ruleset(name)
    bf = load_map(ROOT / "maps" / "default.tmx")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    if name == "5e-house":
        rosters = rules.rosters_in_play(bf, rosters)
    players = {r.side: rules.make_player("ai", r.side, "normal", seed) for r in rosters}
    return play_game(bf, rosters, creatures, seed, players, 30, ruleset_name=name).match


@pytest.mark.parametrize("name, adapter, classes", ADAPTERS, ids=[a[0] for a in ADAPTERS])
def test_a_whole_skirmish_sounds_only_what_the_table_says(name, adapter, classes):
    match = whole_game(name, 3)
    heard: dict[str, int] = {}
    for event, sounds in zip(match.events, adapter.sound_cues(match.events, match.state)):
        for sound in sounds:
            assert sound.kind in adapter.SOUNDS[type(event)], (type(event).__name__, sound.kind)
            heard[sound.kind] = heard.get(sound.kind, 0) + 1
    assert {"step", "turn", "victory", "death"} <= set(heard) and ({"hit", "crit"} & set(heard))
    assert heard["victory"] == 1


def test_turn_call_sounds_only_when_play_passes_to_another_side():
    match = whole_game("4e", 3)
    state, events = match.state, match.events
    sounds = rules_4e.sound_cues(events, state)
    turns = [(state.side(e.entity), bool(s)) for e, s in zip(events, sounds) if isinstance(e, events_4e.TurnStarted)]
    changes = [(side, called) for (side, called), (before, _) in zip(turns[1:], turns) if side == before]
    assert turns[0][1] and all(not called for _, called in changes)


# In step with the animations --------------------------------------------------------------------------------
def run(animator: Animator, steps: int) -> list[tuple[int, str]]:
    """The sounds let out over ``steps`` fixed steps, with the step each came on."""
    heard = []
    for step in range(steps):
        animator.update()
        heard += [(step, kind) for kind in animator.take_sounds()]
    return heard


def test_a_walk_sounds_a_footfall_on_each_square_as_the_creature_reaches_it():
    animator = Animator("normal")
    path = ((0, 0), (1, 0), (2, 0), (3, 0))
    animator.feed([Motion(((1, path),)), Sound("step", per_square=True)])
    heard = run(animator, 40)
    assert heard == [(i * TICKS_PER_SQUARE, "step") for i in range(3)]


def test_a_blow_waits_for_the_walk_before_it_and_a_delayed_sound_for_its_moment():
    animator = Animator("normal")
    animator.feed([Motion(((1, ((0, 0), (1, 0))),)), Sound("step", per_square=True),
                   Strike(2, True), Sound("shot"), Sound("hit", 8), Death(2), Sound("death", 10),
                   Sound("turn", own_beat=True)])
    heard = run(animator, 80)
    walk = TICKS_PER_SQUARE
    assert heard[:4] == [(0, "step"), (walk, "shot"), (walk + 8, "hit"), (walk + 10, "death")]
    assert heard[4][1] == "turn" and heard[4][0] >= walk + FADE_TICKS     # after the creature has faded


def test_animation_speed_keeps_sounds_in_step():
    slow = Animator("slow")
    slow.feed([Strike(2, False), Sound("miss", 8)])
    assert run(slow, 30) == [(17, "miss")]    # slow: a tick every other step, the first on the second


def test_with_animations_off_each_kind_sounds_once_at_once():
    animator = Animator("off")
    animator.feed([Motion(((1, ((0, 0), (1, 0), (2, 0))),)), Sound("step", per_square=True), Strike(2, True),
                   Sound("hit"), Strike(3, True), Sound("hit")])
    assert animator.take_sounds() == ["step", "hit"]


def test_skipping_plays_what_was_still_to_come_once_and_a_retold_story_plays_nothing():
    animator = Animator("normal")
    animator.feed([Strike(2, True), Sound("hit"), Strike(3, True), Sound("hit"), Sound("death", 5)])
    animator.skip()
    assert animator.take_sounds() == ["hit", "death"]
    animator.feed([Strike(2, True), Sound("hit"), Sound("turn")])
    animator.skip(quiet=True)
    assert animator.take_sounds() == []


# The speakers -------------------------------------------------------------------------------------------------
@pytest.fixture
def opened():
    speakers = Speakers()
    assert speakers.open() == ""
    yield speakers
    pygame.mixer.quit()


def test_the_dummy_driver_opens_every_effect_and_plays_them(opened):
    assert set(opened.effects) == set(EFFECTS)
    opened.set_volumes(80, 80, 50, False, False)
    for kind in EFFECTS:
        opened.play(kind)
    assert pygame.mixer.get_busy()


def test_repeats_take_another_variant(opened):
    opened.set_volumes(100, 100, 100, False, False)
    picks = []
    for _ in range(6):
        opened._last_played.clear()
        opened.play("step")
        picks.append(opened._last_variant["step"])
    assert all(a != b for a, b in zip(picks, picks[1:]))


def test_music_crossfades_between_scenes_and_follows_the_volume_at_once(opened):
    opened.set_volumes(100, 100, 50, False, False)
    opened.music(MENU_MUSIC)
    menu_channel = pygame.mixer.Channel(opened.channel)
    assert opened.track == MENU_MUSIC and menu_channel.get_busy()
    opened.music(BATTLE_MUSIC[0])
    battle_channel = pygame.mixer.Channel(opened.channel)
    assert battle_channel is not menu_channel and battle_channel.get_busy() and menu_channel.get_busy()   # both, fading
    opened.set_volumes(50, 100, 40, False, False)
    assert battle_channel.get_volume() == pytest.approx(0.2, abs=0.01)
    opened.set_volumes(50, 100, 40, False, True)
    assert battle_channel.get_volume() == 0


def test_without_an_audio_device_the_speakers_say_so_in_a_line_and_stay_silent(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    speakers = Speakers()
    note = speakers.open()
    assert note.startswith("No sound: No available audio device") and "\n" not in note
    speakers.play("hit")
    speakers.music(MENU_MUSIC)
    assert not speakers.ready and speakers.track is None


def test_the_game_runs_unchanged_without_an_audio_device(monkeypatch, capsys):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock, run_frames

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(speakers_module, "SPEAKERS", Speakers())
    game = Game(ROOT / "maps" / "default.tmx", 5, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(game, 5)
        game.scene.message = "Can't: a refusal, heard nowhere"
        run_frames(game, 2)
    finally:
        pygame.quit()
    assert capsys.readouterr().err.strip().startswith("No sound:")


# Settings and keys --------------------------------------------------------------------------------------------
def test_volumes_and_mutes_are_settings_range_checked_and_kept():
    settings = parse_settings({"master_volume": 70, "effects_volume": 0, "music_volume": 100, "mute": True,
                               "music_mute": False})
    assert (settings.master_volume, settings.effects_volume, settings.music_volume, settings.mute) == (70, 0, 100, True)
    import tomllib
    assert parse_settings(tomllib.loads(settings_toml(settings))) == settings
    for bad in ({"music_volume": 101}, {"master_volume": -1}, {"effects_volume": True}, {"mute": "yes"},
                {"music_volume": 50.5}):
        with pytest.raises(SettingsError, match="must be"):
            parse_settings(bad)


def test_the_settings_screen_changes_the_volume_and_it_is_heard_at_once(monkeypatch):
    from game.input.intents import Key
    from game.ui.settings_screen import SettingsScene
    from game.ui.widgets import Fonts

    pygame.init()
    applied = []
    monkeypatch.setattr("game.ui.settings_screen.apply_volumes", applied.append)
    scene = SettingsScene((1280, 720), Fonts(100), Settings())
    screen = pygame.Surface((1280, 720))
    scene.draw(screen)
    while scene.focus.item != ("music_volume",):
        scene.handle(Key("down"))
    scene.handle(Key("left"))
    assert scene.draft.music_volume == 40 and applied[-1].music_volume == 40
    scene.switch("mute")
    assert scene.draft.mute and applied[-1].mute
    scene.draw(screen)
    pygame.quit()


def test_f8_mutes_everything_and_f7_the_music_kept_in_the_settings():
    from game.app import FixedStepLoop, Game
    from game.settings import load_settings
    from test_game_loop import SteppedClock, press, run_frames

    game = Game(ROOT / "maps" / "default.tmx", 5, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(game, 2)
        assert speakers_module.SPEAKERS.track == battle_track(5)
        press(pygame.K_F8)
        run_frames(game, 1)
        assert game.settings.mute and load_settings()[0].mute and game.scene.message == "Sound off"
        assert speakers_module.SPEAKERS.effects_volume == 0
        press(pygame.K_F8)
        press(pygame.K_F7)
        run_frames(game, 1)
        assert not game.settings.mute and game.settings.music_mute and speakers_module.SPEAKERS.music_volume == 0
        assert speakers_module.SPEAKERS.effects_volume > 0
    finally:
        pygame.quit()


def test_a_refusal_on_the_battle_screen_is_heard(monkeypatch):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock, run_frames

    played = []
    monkeypatch.setattr("game.ui.battle.play", played.append)
    game = Game(ROOT / "maps" / "default.tmx", 21, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        scene = game.scene
        wall = next(s for s in scene.state.battlefield.squares() if scene.state.battlefield.at(s).wall
                    and scene.view.viewport.collidepoint(scene.view.square_rect(s).center))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.view.square_rect(wall).center, button=1))
        run_frames(game, 2)
    finally:
        pygame.quit()
    assert scene.message.startswith("Can't") and played == ["refuse"]


def test_a_click_on_the_battle_screens_bar_is_heard(monkeypatch):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock, run_frames

    played = []
    monkeypatch.setattr("game.ui.battle_input.play", played.append)
    game = Game(ROOT / "maps" / "default.tmx", 21, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        scene = game.scene
        run_frames(game, 2)
        rect, _ = scene.bar[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        run_frames(game, 2)
    finally:
        pygame.quit()
    assert played[:1] == ["click"]


def test_an_attack_is_heard_once_and_ongoing_damage_on_its_own():
    match = whole_game("4e", 4)
    for event, sounds in zip(match.events, rules_4e.sound_cues(match.events, match.state)):
        if isinstance(event, events_4e.DamageDealt):
            assert [s.kind for s in sounds] == (["hurt"] if event.cause == "ongoing" else [])


@pytest.mark.parametrize("name, adapter, classes", ADAPTERS, ids=[a[0] for a in ADAPTERS])
def test_a_creature_drops_after_the_blow_lands_even_when_it_flew(name, adapter, classes):
    match = whole_game(name, 4)
    landing, checked = 0, 0
    for sounds in adapter.sound_cues(match.events, match.state):
        kinds = [s.kind for s in sounds]
        if {"hit", "crit"} & set(kinds):
            landing = sounds[-1].delay
        for sound in sounds:
            if sound.kind in ("death", "drop") and not sound.own_beat and sound.delay:
                assert sound.delay == landing + adapter.FELL
                checked += 1
    assert checked


def test_music_loops_run_from_their_last_sample_into_their_first_without_a_click():
    """A click is a jump between neighbouring samples far larger than the music's own; the seam's jump must be
    no larger than the steps the loop takes anyway."""
    import numpy as np
    pygame.mixer.init(22050, -16, 1)
    try:
        for track in (MENU_MUSIC, *BATTLE_MUSIC):
            samples = np.frombuffer(pygame.mixer.Sound(str(music_file(track))).get_raw(), dtype="<i2").astype(int)
            steps = np.abs(np.diff(samples))
            assert abs(samples[0] - samples[-1]) <= np.percentile(steps, 99), track
            assert np.abs(samples).max() < 32767 * 0.9          # headroom: never clipped
    finally:
        pygame.mixer.quit()
