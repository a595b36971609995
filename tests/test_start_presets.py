"""A map's start areas name the preset each side starts on per ruleset (issue 21): loaded, used by the start menu
and by the balance table alike, and a malformed entry is a note that changes nothing else."""

import os

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.maps.loader import build_battlefield, load_battlefield
from game.maps.tmx import Report, read_tmx, read_xml
from game.match import preset_rosters, start_preset_index
from game.rulesets import ruleset

from test_game_loop import SteppedClock, run_frames
from test_maps import OPEN, obj, write_map

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def areas(blue_presets="", red_presets=""):
    blue = {"side": "blue", **({"presets": blue_presets} if blue_presets else {})}
    red = {"side": "red", **({"presets": red_presets} if red_presets else {})}
    return obj(90, 0, 0, blue, 64, 128) + obj(91, 32 * 4, 0, red, 64, 128)


def test_a_start_area_names_its_sides_preset_per_ruleset(tmp_path):
    bf = load_battlefield(write_map(tmp_path, OPEN, areas(red_presets="4e=ogres_warband; 5e-house=red")))
    assert bf.start_preset("red", "4e") == "ogres_warband"
    assert bf.start_preset("red", "5e-house") == "red"
    assert bf.start_preset("red", "sotdl-house") is None and bf.start_preset("blue", "4e") is None


def test_a_malformed_presets_entry_is_a_note_and_is_left_out(tmp_path):
    path = write_map(tmp_path, OPEN, areas(red_presets="4e ogres; 5e-house=red, 4e=Bad Key, 5e-house=blue"))
    report = Report(path, collect=True)
    bf = build_battlefield(path, read_xml(path), read_tmx(path), report)
    assert bf is not None and bf.start_presets == (("red", "5e-house", "red"),)
    notes = [p.shown() for p in report.problems]
    assert len(notes) == 3
    assert "'4e ogres'" in notes[0] and "'4e=Bad Key'" in notes[1] and "already has a preset under 5e-house" in notes[2]


def test_the_map_hash_ignores_the_presets(tmp_path):
    # A saved match keeps its own rosters: naming presets on a map must not make its saves look like another map's.
    plain = load_battlefield(write_map(tmp_path, OPEN, areas(), name="plain.tmx"))
    named = load_battlefield(write_map(tmp_path, OPEN, areas(red_presets="4e=ogres_warband"), name="named.tmx"))
    assert repr(plain) == repr(named)


def test_the_maps_preset_wins_over_the_rulesets_default_and_an_unknown_key_falls_back(tmp_path):
    rules = ruleset("4e")
    creatures = rules.load_creatures()
    presets = rules.load_presets(creatures=creatures)
    keys = [p.key for p in presets]
    bf = load_battlefield(write_map(tmp_path, OPEN, areas(blue_presets="4e=no_such_preset", red_presets="4e=ogres_warband")))
    assert keys[start_preset_index(bf, presets, rules.DEFAULT_PRESETS, "4e", 1)] == "ogres_warband"
    assert keys[start_preset_index(bf, presets, rules.DEFAULT_PRESETS, "4e", 0)] == rules.DEFAULT_PRESETS[0]
    rosters = preset_rosters(bf, presets, rules.DEFAULT_PRESETS, creatures, "4e")
    ogres = next(p for p in presets if p.key == "ogres_warband")
    assert sorted(rosters[1].creatures) == sorted(ogres.creatures) and rosters[1].label == ogres.label


@pytest.fixture
def menu_on_two_maps(tmp_path, monkeypatch):
    """The start menu with two maps of the player's own: one naming red's 4e preset, one naming none."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    folder = tmp_path / "grid-skirmish" / "maps"
    folder.mkdir(parents=True)
    write_map(folder, OPEN, areas(red_presets="4e=ogres_warband"), name="ogres.tmx")
    write_map(folder, OPEN, areas(), name="plain.tmx")
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(game, 1)
    yield game.scene
    pygame.quit()


def test_the_menu_starts_each_side_on_the_highlighted_maps_preset(menu_on_two_maps):
    menu = menu_on_two_maps
    keys = [p.key for p in menu.presets]
    entries = [e.path.name for e in menu.entries]
    menu.index = entries.index("ogres.tmx")
    assert keys[menu._setup(("preset", "red")).preset] == "ogres_warband"
    menu.index = entries.index("plain.tmx")
    assert keys[menu._setup(("preset", "red")).preset] == ruleset("4e").DEFAULT_PRESETS[1]


def test_a_preset_the_player_picked_stays_when_another_map_is_highlighted(menu_on_two_maps):
    menu = menu_on_two_maps
    entries = [e.path.name for e in menu.entries]
    menu.index = entries.index("plain.tmx")
    menu._change(("preset", "red"), 1)
    picked = menu._setup(("preset", "red"))
    menu.index = entries.index("ogres.tmx")
    assert menu._setup(("preset", "red")) == picked
    assert menu._setup(("preset", "blue")).picked is False
