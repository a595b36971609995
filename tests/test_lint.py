"""`python -m game lint` checks maps against the schema and the rules, one `file:layer:x,y: message` line a problem."""

import os
import subprocess
import sys

import pytest

from game.maps.lint import lint_map
from test_maps import EXAMPLES, OPEN, ROOT, obj, prop_xml, starts, write_map

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
OBJECT_PROPERTIES = ("wall, difficult, blocks_sight, blocks_effect, cover, obscured, hazard, elevation_ft, side, surprised, presets, "
                     "portal, edge, light_radius")


def lint(*args):
    return subprocess.run([sys.executable, "-m", "game", "lint", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, env=ENV, timeout=120)


def lines(path):
    return [str(problem) for problem in lint_map(path)]


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*.tmx")) + sorted((ROOT / "docs" / "examples").glob("*.tmx")),
                         ids=lambda p: p.name)
def test_every_shipped_map_lints_clean(path):
    assert lines(path) == []


def test_lint_of_clean_maps_prints_nothing_and_exits_0():
    proc = lint(ROOT / "maps", ROOT / "docs" / "examples" / "first-skirmish.tmx")
    assert (proc.returncode, proc.stdout) == (0, "")


def test_lint_prints_the_exact_line_of_each_problem_and_exits_1(tmp_path):
    path = write_map(tmp_path, OPEN, obj(1, 64, 32, {"colour": "red", "difficult": True}, 32, 32) + starts())
    proc = lint(path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stdout.splitlines() == [
        f"{path}:things:2,1: object 1: unknown property 'colour' (the game reads these on objects: {OBJECT_PROPERTIES})"]


def test_lint_suggests_the_property_a_typo_was_meant_to_be(tmp_path):
    path = write_map(tmp_path, OPEN, obj(1, 96, 64, {"Difficulty": True}, 32, 32) + starts())
    assert lines(path) == [f"{path}:things:3,2: object 1: unknown property 'Difficulty': did you mean 'difficult'?"]


def test_lint_reports_a_property_of_the_wrong_type_where_the_tile_is_first_used(tmp_path):
    path = write_map(tmp_path, ["......", "...0..", "......", "......"], starts(),
                     tiles={0: {"elevation_ft": "10"}})
    assert lines(path) == [f"{path}:ground:3,1: tile 0 of tileset 'rules': property 'elevation_ft' is a string "
                           "but must be an int"]


def test_lint_reports_a_value_the_schema_does_not_allow_once(tmp_path):
    path = write_map(tmp_path, ["0....."] + OPEN[1:], starts(), tiles={0: {"obscured": "murky"}})
    assert lines(path) == [f"{path}:ground:0,0: tile 0 of tileset 'rules': property 'obscured' must be one of "
                           "none, light, heavy, total, not 'murky'"]


def test_lint_reports_a_name_pytmx_overwrites_on_tiles(tmp_path):
    path = write_map(tmp_path, ["0....."] + OPEN[1:], starts(), tiles={0: {"height": 10}})
    assert lines(path) == [f"{path}:ground:0,0: tile 0 of tileset 'rules': property 'height' is a name pytmx reserves "
                           "on tiles: pytmx overwrites it with its own value; rename it (for ground height use "
                           "'elevation_ft')"]


def test_lint_reports_a_name_pytmx_refuses_on_objects_and_that_the_game_cannot_open_the_map(tmp_path):
    path = write_map(tmp_path, OPEN, obj(1, 96, 0, {"name": "gate"}, 32, 32) + starts())
    found = lines(path)
    assert found[0] == (f"{path}:things:3,0: object 1: property 'name' is a name pytmx reserves on objects: pytmx "
                        "refuses every map that uses it; rename it")
    assert found[1].startswith(f"{path}: pytmx cannot parse this map (ValueError:") and len(found) == 2


def test_lint_reports_start_squares_off_the_map_and_in_walls(tmp_path):
    things = obj(1, -32, 0, {"side": "blue"}, 64, 64) + obj(2, 160, 0, {"side": "red"}, 32, 64)
    path = write_map(tmp_path, ["#.....", "......"], things)
    assert lines(path) == [
        f"{path}:things:-1,0: the start area of side 'blue' reaches off the map (2 squares)",
        f"{path}:things:0,0: 1 square of the start area of side 'blue' is in a wall or other solid square, "
        "where no creature can stand",
        f"{path}:things:0,1: the start area of side 'blue' has 1 open squares; a side of 4 Medium creatures needs 4",
        f"{path}:things:5,0: the start area of side 'red' has 2 open squares; a side of 4 Medium creatures needs 4",
    ]


def test_lint_reports_an_unpaired_portal(tmp_path):
    path = write_map(tmp_path, OPEN, obj(1, 80, 80, {"portal": "lonely"}, shape="<point/>") + starts())
    assert lines(path) == [f"{path}:things:2,2: portal 'lonely' has 1 end: exactly two objects must share a portal name"]


def test_lint_reports_a_start_area_that_cannot_reach_the_enemy(tmp_path):
    rows = ["..#...", "..#...", "..#...", "..#..."]
    things = obj(1, 0, 0, {"side": "blue"}, 64, 64) + obj(2, 128, 0, {"side": "red"}, 64, 64)
    path = write_map(tmp_path, rows, things)
    assert lines(path) == [
        f"{path}:things:0,0: side 'blue' cannot reach side 'red': no walk leads from this start area to theirs "
        "(through portals, and never up a climb of 10 ft or more)",
        f"{path}:things:4,0: side 'red' cannot reach side 'blue': no walk leads from this start area to theirs "
        "(through portals, and never up a climb of 10 ft or more)",
    ]


def test_lint_lets_a_portal_or_a_drop_connect_the_sides_but_not_a_climb(tmp_path):
    rows = ["..#...", "..#...", "..#...", "..#..."]
    sides = obj(1, 0, 0, {"side": "blue"}, 64, 64) + obj(2, 128, 0, {"side": "red"}, 64, 64)
    portals = obj(3, 16, 112, {"portal": "p"}, shape="<point/>") + obj(4, 176, 112, {"portal": "p"}, shape="<point/>")
    assert lines(write_map(tmp_path, rows, sides + portals, name="portal.tmx")) == []
    cliff = obj(5, 96, 0, {"elevation_ft": 20}, 96, 128)
    found = lines(write_map(tmp_path, ["......"] * 4, sides + cliff, name="cliff.tmx"))
    assert [line.split(": ", 1)[1] for line in found] == [
        "side 'blue' cannot reach side 'red': no walk leads from this start area to theirs (through portals, "
        "and never up a climb of 10 ft or more)"]


def test_lint_refuses_a_non_orthogonal_map_in_one_line():
    path = EXAMPLES / "isometric_grass_and_water.tmx"
    assert lines(path) == [f"{path}: isometric maps are not supported: the rules need a square grid (orthogonal)"]


def test_lint_reports_tiles_whose_size_is_not_the_squares(tmp_path):
    path = write_map(tmp_path, OPEN, starts())
    path.write_text(path.read_text().replace('name="rules" tilewidth="32" tileheight="32"',
                                             'name="rules" tilewidth="16" tileheight="16"'))
    assert lines(path) == [f"{path}:tileset rules: the tileset's tiles are 16x16 pixels but the map's squares are "
                           "32x32: they must match"]


def test_lint_reports_unknown_map_properties_and_a_missing_tileset_image(tmp_path):
    path = write_map(tmp_path, OPEN, starts(), map_props={"title": "Tiny", "author": "me"})
    (tmp_path / "dungeon.png").unlink()
    assert lines(path) == [
        f"{path}: unknown property 'author' (the game reads these on the map: title)",
        f"{path}:tileset dungeon: the image 'dungeon.png' is missing: the game cannot draw this tileset",
        f"{path}:tileset rules: the image 'dungeon.png' is missing: the game cannot draw this tileset",
    ]


def test_lint_reports_a_missing_file_and_walks_folders(tmp_path):
    write_map(tmp_path, OPEN, obj(1, 0, 0, {"portal": "x"}, shape="<point/>") + starts())
    proc = lint(tmp_path, tmp_path / "nowhere.tmx")
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        f"{tmp_path / 'tiny.tmx'}:things:0,0: portal 'x' has 1 end: exactly two objects must share a portal name",
        f"{tmp_path / 'nowhere.tmx'}: no such map file",
    ]


def test_tiny_maps_write_typed_properties():
    assert prop_xml({"wall": True, "elevation_ft": 5}) == (
        '<properties><property name="wall" type="bool" value="true"/>'
        '<property name="elevation_ft" type="int" value="5"/></properties>')


def test_help_lists_the_lint_subcommand():
    proc = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True, text=True, cwd=ROOT, env=ENV)
    assert "lint" in proc.stdout and "MAP.tmx" in lint("--help").stdout


def test_the_map_makers_guide_documents_every_property_and_custom_type():
    from game.maps import schema

    guide = (ROOT / "docs" / "maps.md").read_text()
    names = {spec.name for specs in schema.ALLOWED.values() for spec in specs}
    names |= {t["name"] for t in schema.tiled_property_types()}
    assert [name for name in sorted(names) if f"`{name}`" not in guide] == []


def test_lint_names_a_start_area_preset_that_no_ruleset_has(tmp_path):
    # Issue 21: a map's start areas name each side's roster per ruleset; a typo would silently start the default.
    sides = (obj(90, 0, 0, {"side": "blue", "presets": "4e=ogre_warband; 4th=adventurers"}, 64, 128)
             + obj(91, 128, 0, {"side": "red", "presets": "4e=ogres_warband"}, 64, 128))
    proc = lint(write_map(tmp_path, OPEN, sides))
    found = proc.stdout.splitlines()
    assert proc.returncode == 1 and len(found) == 2
    assert "side 'blue' names preset 'ogre_warband' under 4e, which it does not have (its presets: adventurers" in found[0]
    assert "side 'blue' names a preset under '4th', which is not a ruleset (the rulesets: 4e, 5e-house" in found[1]
