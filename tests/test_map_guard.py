"""Hostile maps (game/maps/guard.py, docs/maps.md "Limits"): files outside the map's folder and the game's
assets, devices, pipes, huge sizes, deep nesting, bombs and numbers that are no numbers are refused in one
line, by the game and the linter alike, before pytmx reads anything."""

import base64
import os
import zlib

import pytest

from game.maps.lint import lint_map
from game.maps.loader import MapError, load_battlefield

from test_maps import OPEN, obj, starts, write_map


def refusal(path) -> str:
    with pytest.raises(MapError) as caught:
        load_battlefield(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 700 and message.startswith(str(path)), message
    assert [str(p) for p in lint_map(path)] == [message]         # the linter says the same one line
    return message


def edited(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


@pytest.mark.parametrize("source, words", [
    ("/etc/passwd", "is an absolute path"),
    ("../../../../../etc/shadow", "lies outside the map's folder and the game's assets"),
    ("to-zero", "lies outside the map's folder"),        # a link that leads out
    ("pipe", "is not a plain file"),
])
def test_a_tileset_outside_the_folder_or_not_a_plain_file_is_refused_unopened(tmp_path, source, words):
    os.symlink("/dev/zero", tmp_path / "to-zero")
    os.mkfifo(tmp_path / "pipe")
    path = edited(write_map(tmp_path, OPEN, starts()), 'source="dungeon.tsx"', f'source="{source}"')
    assert words in refusal(path)


def test_an_image_that_is_a_link_to_a_device_inside_the_folder_is_refused(tmp_path):
    path = write_map(tmp_path, OPEN, starts())
    (tmp_path / "dungeon.png").unlink()
    os.symlink("/dev/urandom", tmp_path / "dungeon.png")
    assert "lies outside the map's folder" in refusal(path)


@pytest.mark.parametrize("old, new, words", [
    ('width="6"', 'width="10000"', "width 10000 is out of range"),
    ('tilewidth="32"', 'tilewidth="0"', "tilewidth 0 is out of range"),
    ('encoding="UTF-8"', 'encoding="bogus-8"', "declares the text encoding 'bogus-8'"),
    ('firstgid="1"', 'firstgid="4294967296"', "firstgid"),
])
def test_sizes_encodings_and_gids_beyond_the_limits_are_refused(tmp_path, old, new, words):
    assert words in refusal(edited(write_map(tmp_path, OPEN, starts()), old, new))


@pytest.mark.parametrize("value", ["nan", "inf", "1e999", "1e308", "abc"])
def test_an_object_coordinate_that_is_no_finite_number_in_range_is_refused(tmp_path, value):
    path = write_map(tmp_path, OPEN, obj(1, value, 0, {"difficult": True}, 32, 32) + starts())
    assert "x" in refusal(path)


@pytest.mark.parametrize("points", ["", "0,0", "a,b c,d", "0,0 nan,1"])
def test_an_empty_or_broken_polyline_is_refused(tmp_path, points):
    line = obj(1, 0, 0, {"edge": "wall"}, shape=f'<polyline points="{points}"/>')
    assert "object 1" in refusal(write_map(tmp_path, OPEN, line + starts()))


def test_groups_nested_deeper_than_the_limit_are_refused_while_parsing(tmp_path):
    path = write_map(tmp_path, OPEN, starts())
    edited(path, '<layer id="1"', '<group name="g">' * 500 + '<layer id="1"')
    edited(path, "</layer>", "</layer>" + "</group>" * 500)
    assert "nested more than 24 deep" in refusal(path)


def test_a_compressed_layer_is_never_inflated_past_its_size(tmp_path):
    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000, 9)).decode()
    path = write_map(tmp_path, OPEN, starts())
    text = path.read_text(encoding="utf-8")
    start, end = text.index('<data encoding="csv">'), text.index("</data>") + len("</data>")
    path.write_text(text[:start] + f'<data encoding="base64" compression="zlib">{bomb}</data>' + text[end:],
                    encoding="utf-8")
    assert "does not hold one tile for each of its 24 squares" in refusal(path)


def test_entities_are_refused(tmp_path):
    path = edited(write_map(tmp_path, OPEN, starts()), "<map ",
                  '<!DOCTYPE map [<!ENTITY e SYSTEM "file:///etc/passwd">]><map ')
    assert "DOCTYPE or entities" in refusal(path)


def test_a_tile_id_that_is_not_a_number_is_refused(tmp_path):
    path = write_map(tmp_path, OPEN, starts(), tiles={3: {"cover": True}})
    assert "id must be a whole number, not 'three'" in refusal(edited(path, '<tile id="3">', '<tile id="three">'))


def test_what_tiled_writes_for_no_tile_in_a_wang_set_passes(tmp_path):
    path = write_map(tmp_path, OPEN, starts(), tiles={3: {"cover": True}})
    edited(path, '<tile id="3">', '<wangsets><wangset name="w" type="corner" tile="-1">'
                                   '<wangcolor name="c" color="#ff0000" tile="-1" probability="1"/></wangset>'
                                   '</wangsets><tile id="3">')
    assert load_battlefield(path).width == 6
