"""Maps load headless with pytmx and follow docs/maps.md; the shipped maps show their rules; bad maps give one line."""

import json
import os
import shutil
import struct
from pathlib import Path

import pytest

from game.core.battlefield import EdgeKind, Obscurement
from game.core.grid import Size
from game.core.lines import best_cover_lines, line_of_effect, line_of_sight
from game.core.movement import Mover, MoveRules, search
from game.maps import schema
from game.maps.catalog import list_maps, user_maps_dir
from game.maps.loader import MapError, load_battlefield
from game.engine.rosters import Roster
from game.rulesets.dnd4e.content import load_creatures
from game.rulesets.dnd4e.setup import new_match

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
DEFAULT_MAP = MAPS / "default.tmx"
SHIPPED = ["default", "keep", "marsh", "cliffside", "tower"]
EXAMPLES = ROOT.parent / "shared" / "tiled-examples"
PLAYABLE_EXAMPLES = ["desert.tmx", "orthogonal-outside.tmx", "rpg/island.tmx", "sewers.tmx", "forest/forest.tmx"]
REFUSED_EXAMPLES = {
    "isometric_grass_and_water.tmx": "isometric",
    "hexagonal-mini.tmx": "hexagonal",
    "perspective_walls.tmx": "cannot parse",
}


def test_default_map_loads_headless_and_is_at_least_20_by_15():
    bf = load_battlefield(DEFAULT_MAP)
    assert bf.width >= 20 and bf.height >= 15
    assert bf.name == "The Broken Crossroads"


def test_default_map_has_walls_rubble_and_two_start_areas():
    bf = load_battlefield(DEFAULT_MAP)
    squares = bf.squares()
    assert sum(bf.at(s).wall for s in squares) > 20
    assert sum(bf.at(s).difficult for s in squares) > 5
    for side in ("blue", "red"):
        area = bf.start_squares(side)
        assert len(area) >= 4
        assert all(not bf.at(s).solid and not bf.at(s).difficult for s in area)


def test_default_map_start_areas_reach_each_other():
    bf = load_battlefield(DEFAULT_MAP)
    start = bf.start_squares("blue")[0]
    reachable = search(MoveRules(bf, Mover(start, Size.MEDIUM, "blue"), []), None).endable
    assert all(s in reachable for s in bf.start_squares("red"))


def test_missing_map_is_one_line_naming_the_file(tmp_path):
    with pytest.raises(MapError) as err:
        load_battlefield(tmp_path / "nowhere.tmx")
    assert "nowhere.tmx" in str(err.value) and "\n" not in str(err.value)


def test_malformed_map_is_refused_with_one_line(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map version='1.10' orientation='orthogonal'")
    with pytest.raises(MapError) as err:
        load_battlefield(broken)
    assert "broken.tmx" in str(err.value) and "\n" not in str(err.value)


def test_missing_tileset_is_refused_naming_the_map(tmp_path):
    text = DEFAULT_MAP.read_text().replace("../assets/tiles/dungeon.tsx", "missing.tsx")
    copy = tmp_path / "copy.tmx"
    copy.write_text(text)
    with pytest.raises(MapError) as err:
        load_battlefield(copy)
    assert "copy.tmx" in str(err.value) and "missing" in str(err.value)


TINY_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <image source="t.png" width="64" height="32"/>
  <tile id="1"><properties><property name="obscured" value="{value}"/></properties></tile>
 </tileset>
 <layer id="1" name="fog" width="3" height="2">
  <data encoding="csv">
1,1,1,
1,1,2
</data>
 </layer>
</map>
"""


def test_bad_property_value_names_file_layer_and_square(tmp_path):
    path = tmp_path / "fog.tmx"
    path.write_text(TINY_MAP.format(value="murky"))
    with pytest.raises(MapError) as err:
        load_battlefield(path)
    assert "fog.tmx:fog:2,1:" in str(err.value) and "murky" in str(err.value)


def test_tile_properties_become_terrain_and_fallback_start_areas_are_found(tmp_path):
    path = tmp_path / "fog.tmx"
    path.write_text(TINY_MAP.format(value="heavy"))
    bf = load_battlefield(path)
    assert bf.at((2, 1)).obscured == 2 and bf.at((0, 0)).obscured == 0
    assert bf.start_squares("blue") and bf.start_squares("red")


@pytest.mark.parametrize("name", PLAYABLE_EXAMPLES)
def test_orthogonal_tiled_examples_load_as_open_ground_with_start_squares(name):
    bf = load_battlefield(EXAMPLES / name)
    assert bf.start_squares("blue") and bf.start_squares("red")
    assert not set(bf.start_squares("blue")) & set(bf.start_squares("red"))


@pytest.mark.parametrize("name,reason", sorted(REFUSED_EXAMPLES.items()))
def test_non_square_or_unparsable_tiled_examples_are_refused_in_one_line(name, reason):
    with pytest.raises(MapError) as err:
        load_battlefield(EXAMPLES / name)
    assert reason in str(err.value) and name in str(err.value) and "\n" not in str(err.value)


def test_every_tiled_example_is_either_played_or_refused_by_a_test():
    found = {str(p.relative_to(EXAMPLES)) for p in EXAMPLES.rglob("*.tmx")}
    assert found == set(PLAYABLE_EXAMPLES) | set(REFUSED_EXAMPLES)


# --- the shipped maps -------------------------------------------------------------------------------


def walks_to(bf, side, other):
    """A Medium creature of ``side`` can walk (the game's own search) from its start area to the other's."""
    start = bf.start_squares(side)[0]
    reachable = search(MoveRules(bf, Mover(start, Size.MEDIUM, side), []), None).endable
    return any(s in reachable for s in bf.start_squares(other))


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_has_room_for_four_a_side_and_the_sides_can_walk_to_each_other(name):
    bf = load_battlefield(MAPS / f"{name}.tmx")
    for side, other in (("blue", "red"), ("red", "blue")):
        area = bf.start_squares(side)
        assert len(area) >= 4 and all(not bf.at(s).solid for s in area)
        assert walks_to(bf, side, other)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_opens_in_the_game_window(name, tmp_path):
    from game.app import run_game

    shot = tmp_path / "shot.png"
    assert run_game(MAPS / f"{name}.tmx", 1, (1280, 720), max_frames=2, screenshot=shot) == 0
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_has_a_240_pixel_wide_thumbnail(name):
    header = (MAPS / "thumbnails" / f"{name}.png").read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", header[16:20])[0] == 240


def test_ruined_keep_gives_superior_cover_behind_its_arrow_slits_and_cover_behind_low_walls():
    bf = load_battlefield(MAPS / "keep.tmx")
    slits = [s for s in bf.squares() if bf.at(s).cover and bf.at((s[0] - 1, s[1])).wall and bf.at((s[0] + 1, s[1])).wall]
    assert len(slits) >= 4
    superior = [(slit, distance) for slit in slits for distance in range(3, 7)
                if best_cover_lines(bf, ((slit[0], slit[1] + distance), 1), ((slit[0], slit[1] - 1), 1)) >= 3
                and line_of_effect(bf, ((slit[0], slit[1] + distance), 1), ((slit[0], slit[1] - 1), 1))]
    assert superior
    assert sum(kind == EdgeKind.LOW_WALL for _, kind in bf.edges) >= 10
    assert bf.edge((4, 8), (4, 9)) == EdgeKind.LOW_WALL
    assert best_cover_lines(bf, ((4, 12), 1), ((4, 8), 1)) >= 1   # behind the west yard's low wall
    assert best_cover_lines(bf, ((4, 12), 1), ((3, 10), 1)) == 0  # the same attacker, a target in the open


@pytest.mark.parametrize("name", ["keep", "cliffside", "tower"])
def test_fair_maps_are_mirror_images_east_to_west_start_areas_included(name):
    # Issue 21: a side's start area and everything round it (cover, heights, walls, difficult ground, low walls)
    # is the mirror image of the other side's, so neither start is the better one.
    bf = load_battlefield(MAPS / f"{name}.tmx")

    def mirror(square):
        return bf.width - 1 - square[0], square[1]

    assert all(bf.at(s) == bf.at(mirror(s)) and bf.elevation(s) == bf.elevation(mirror(s)) for s in bf.squares())
    assert all(bf.edge(mirror(a), mirror(b)) == kind for (a, b), kind in bf.edges)
    blue, red = dict(bf.start_areas)["blue"], dict(bf.start_areas)["red"]
    assert sorted(mirror(s) for s in blue) == sorted(red)


def test_creatures_start_front_first_so_mirror_image_start_areas_place_them_in_mirror_image_squares():
    bf = load_battlefield(MAPS / "cliffside.tmx")
    blue, red = bf.start_squares("blue"), bf.start_squares("red")
    assert [(bf.width - 1 - x, y) for x, y in blue] == list(red)
    assert blue[0][0] == 2 and red[0][0] == 21        # the column facing the enemy fills first


def test_foggy_marsh_has_difficult_ground_light_and_heavy_fog_and_darkness_lit_by_lanterns():
    bf = load_battlefield(MAPS / "marsh.tmx")
    squares = bf.squares()
    assert sum(bf.at(s).difficult for s in squares) >= 40
    levels = {level: sum(bf.at(s).obscured == level for s in squares) for level in Obscurement}
    assert levels[Obscurement.LIGHT] >= 10 and levels[Obscurement.HEAVY] >= 10 and levels[Obscurement.TOTAL] >= 10
    lantern = (21, 11)   # the ferryman's lantern stands inside the drowned hollow
    assert bf.at(lantern).obscured == Obscurement.NONE and bf.at((21, 13)).obscured == Obscurement.NONE
    assert bf.at((16, 9)).obscured == Obscurement.TOTAL


def test_cliffside_has_a_cliff_a_ledge_five_foot_stairs_and_a_chasm_under_a_bridge():
    bf = load_battlefield(MAPS / "cliffside.tmx")
    drops = [(a, b) for a in bf.squares() for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
             if bf.in_bounds(b) and abs(bf.elevation(a) - bf.elevation(b)) >= 10]
    assert drops
    assert bf.elevation((5, 5)) == 20 and [bf.elevation((5, y)) for y in (6, 7, 8, 9)] == [15, 10, 5, 0]
    assert bf.elevation((12, 6)) == 10 and bf.elevation((12, 5)) == 20 and bf.elevation((12, 7)) == 0
    assert bf.elevation((3, 11)) == -40 and bf.elevation((11, 11)) == 0 and bf.elevation((11, 12)) == 0


def test_wizards_tower_has_two_portal_pairs_and_a_wall_of_force_that_blocks_effect_not_sight():
    bf = load_battlefield(MAPS / "tower.tmx")
    assert len(bf.portals) == 2
    assert bf.portal_exit((4, 4)) == (20, 12) and bf.portal_exit((20, 4)) == (4, 12)
    force = [s for s in bf.squares() if bf.at(s).blocks_effect and not bf.at(s).wall]
    assert len(force) >= 10 and all(not bf.at(s).opaque for s in force)
    blue, red = ((3, 8), 1), ((21, 8), 1)
    assert line_of_sight(bf, blue, red) and not line_of_effect(bf, blue, red)
    assert any(bf.at(s).blocks_sight and not bf.at(s).solid for s in bf.squares())


def test_shipped_property_types_and_project_file_match_the_schema():
    types = schema.tiled_property_types()
    assert json.loads((MAPS / "propertytypes.json").read_text()) == types
    project = json.loads((MAPS / "grid-skirmish.tiled-project").read_text())
    assert project["propertyTypes"] == types
    enums = {t["name"]: t["values"] for t in types if t["type"] == "enum"}
    assert enums["Obscured"] == ["none", "light", "heavy", "total"] and enums["EdgeKind"] == ["low_wall", "wall", "window"]
    terrain = next(t for t in types if t["name"] == "Terrain")
    assert {m["name"]: m["type"] for m in terrain["members"]}["elevation_ft"] == "int"


@pytest.mark.parametrize("kind", sorted(schema.ALLOWED))
def test_no_schema_property_is_a_name_pytmx_reserves(kind):
    assert not {spec.name for spec in schema.ALLOWED[kind]} & schema.pytmx_reserved(kind)


# --- the map list -------------------------------------------------------------------------------------


def test_map_list_offers_the_shipped_maps_default_first_then_the_players_own(tmp_path):
    user = tmp_path / "mine"
    user.mkdir()
    shutil.copy(DEFAULT_MAP, user / "crossroads_copy.tmx")
    (user / "thumbnails").mkdir()
    (user / "thumbnails" / "crossroads_copy.png").write_bytes(b"png")
    entries = list_maps(MAPS, user)
    assert [e.path.name for e in entries[:5]][0] == "default.tmx"
    assert {e.title for e in entries if not e.user} >= {"The Broken Crossroads", "The Ruined Keep", "The Foggy Marsh",
                                                      "The Cliffside", "The Wizard's Tower"}
    assert all(e.thumbnail is not None and e.thumbnail.is_file() for e in entries)
    mine = [e for e in entries if e.user]
    assert [(e.title, e.path.name) for e in mine] == [("The Broken Crossroads", "crossroads_copy.tmx")]


def test_map_list_titles_a_map_without_title_by_its_file_name_and_skips_a_missing_folder(tmp_path):
    (tmp_path / "bog_of_eternal_stench.tmx").write_text("<map")
    entries = list_maps(tmp_path, tmp_path / "absent")
    assert [(e.title, e.thumbnail, e.user) for e in entries] == [("Bog Of Eternal Stench", None, False)]


@pytest.mark.parametrize("platform,env,expected", [
    ("linux", {"XDG_DATA_HOME": "/data"}, "/data/grid-skirmish/maps"),
    ("linux", {}, "/home/ann/.local/share/grid-skirmish/maps"),
    ("linux", {"XDG_DATA_HOME": "relative/path"}, "/home/ann/.local/share/grid-skirmish/maps"),
    ("darwin", {}, "/home/ann/Library/Application Support/grid-skirmish/maps"),
    ("win32", {"APPDATA": "/appdata"}, "/appdata/grid-skirmish/maps"),
])
def test_per_user_maps_folder_is_the_platforms_usual_place(platform, env, expected):
    assert user_maps_dir(platform, env, Path("/home/ann")) == Path(expected)


# --- the schema, on tiny maps ---------------------------------------------------------------------------

# gids of the copied dungeon tileset: 1 floor, 6 wall, 8 rubble (difficult), 10 pillar (cover), 16 heavy fog;
# the embedded "rules" tileset (firstgid 17) carries whatever tile properties a test gives it.
TINY = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="{orientation}" renderorder="right-down" width="{width}" height="{height}" tilewidth="32"
 tileheight="32" infinite="0">
{map_props}
 <tileset firstgid="1" source="dungeon.tsx"/>
 <tileset firstgid="17" name="rules" tilewidth="32" tileheight="32" tilecount="16" columns="8">
  <image source="dungeon.png" width="256" height="64"/>
{tiles}
 </tileset>
{layers}
{objects}
</map>
"""


def prop_xml(props):
    lines = []
    for name, value in props.items():
        if isinstance(value, bool):
            lines.append(f'<property name="{name}" type="bool" value="{str(value).lower()}"/>')
        elif isinstance(value, int):
            lines.append(f'<property name="{name}" type="int" value="{value}"/>')
        else:
            lines.append(f'<property name="{name}" value="{value}"/>')
    return "<properties>" + "".join(lines) + "</properties>" if lines else ""


def write_map(tmp_path, rows, objects="", tiles=None, layer_props=None, extra_layers="", name="tiny.tmx",
              orientation="orthogonal", map_props=None):
    """A map in tmp_path (beside a copy of the dungeon tileset): '.' floor, '#' wall, '~' rubble, 'o' pillar,
    '%' heavy fog, digits are tiles of the rules tileset; ``objects`` is the XML of one object layer."""
    for part in ("dungeon.tsx", "dungeon.png"):
        shutil.copy(ROOT / "assets" / "tiles" / part, tmp_path / part)
    legend = {".": 1, "#": 6, "~": 8, "o": 10, "%": 16}
    data = ",\n".join(",".join(str(legend[c] if c in legend else 17 + int(c)) for c in row) for row in rows)
    tile_xml = "".join(f'<tile id="{i}">{prop_xml(p)}</tile>' for i, p in (tiles or {}).items())
    layer = (f'<layer id="1" name="ground" width="{len(rows[0])}" height="{len(rows)}">{prop_xml(layer_props or {})}'
             f'<data encoding="csv">{data}</data></layer>')
    group = f'<objectgroup id="2" name="things">{objects}</objectgroup>' if objects else ""
    path = tmp_path / name
    path.write_text(TINY.format(orientation=orientation, width=len(rows[0]), height=len(rows), tiles=tile_xml,
                                layers=layer + extra_layers, objects=group,
                                map_props=prop_xml(map_props or {"title": "Tiny"})))
    return path


def obj(oid, x, y, props, w=None, h=None, shape="", cls=""):
    size = f' width="{w}" height="{h}"' if w is not None else ""
    kind = f' type="{cls}"' if cls else ""
    return f'<object id="{oid}"{kind} x="{x}" y="{y}"{size}>{prop_xml(props)}{shape}</object>'


def starts(rows=4):
    """Start areas for both sides: the two west and two east columns of a six-square-wide map."""
    return obj(90, 0, 0, {"side": "blue"}, 64, 32 * rows) + obj(91, 32 * 4, 0, {"side": "red"}, 64, 32 * rows)


OPEN = ["......"] * 4


def test_zones_give_terrain_to_the_squares_whose_centre_they_cover(tmp_path):
    zones = (obj(1, 32, 32, {"difficult": True}, 64, 48) +                                 # rectangle: 2x1 squares
             obj(2, 96, 0, {"obscured": "light"}, 64, 64, "<ellipse/>") +                  # ellipse over 4 squares
             obj(3, 0, 96, {"cover": True}, shape='<polygon points="0,0 96,0 0,32"/>'))     # triangle: 1 centre
    bf = load_battlefield(write_map(tmp_path, OPEN, zones + starts()))
    assert [s for s in bf.squares() if bf.at(s).difficult] == [(1, 1), (2, 1)]
    assert sorted(s for s in bf.squares() if bf.at(s).obscured == Obscurement.LIGHT) == [(3, 0), (3, 1), (4, 0), (4, 1)]
    assert [s for s in bf.squares() if bf.at(s).cover] == [(0, 3)]


def test_polylines_on_grid_lines_become_edge_obstacles_and_a_rectangle_outline_too(tmp_path):
    things = (obj(1, 32, 64, {"edge": "low_wall"}, shape='<polyline points="0,0 64,0 64,-64"/>') +
              obj(2, 128, 32, {"edge": "window"}, 32, 32))
    bf = load_battlefield(write_map(tmp_path, OPEN, things + starts()))
    assert bf.edge((1, 1), (1, 2)) == EdgeKind.LOW_WALL and bf.edge((2, 1), (2, 2)) == EdgeKind.LOW_WALL
    assert bf.edge((2, 0), (3, 0)) == EdgeKind.LOW_WALL and bf.edge((2, 1), (3, 1)) == EdgeKind.LOW_WALL
    assert bf.edge((4, 1), (4, 0)) == EdgeKind.WINDOW and bf.edge((4, 1), (5, 1)) == EdgeKind.WINDOW
    assert len(bf.edges) == 4 + 4


def test_an_edge_polyline_off_the_grid_lines_is_refused_naming_layer_and_square(tmp_path):
    things = obj(7, 40, 64, {"edge": "wall"}, shape='<polyline points="0,0 64,0"/>')
    with pytest.raises(MapError) as err:
        load_battlefield(write_map(tmp_path, OPEN, things + starts()))
    assert str(err.value).startswith(f"{tmp_path / 'tiny.tmx'}:things:1,2: object 7: x 40 is not on a grid line")


def test_elevation_is_the_highest_set_by_tile_layer_or_zone_and_zero_where_none_is(tmp_path):
    zones = obj(1, 0, 0, {"elevation_ft": -30}, 64, 32) + obj(2, 128, 0, {"elevation_ft": 5}, 32, 32)
    path = write_map(tmp_path, ["0.....", "......", "......"], zones + starts(), tiles={0: {"elevation_ft": 10}},
                     extra_layers='<layer id="3" name="plateau" width="6" height="3"><properties>'
                                  '<property name="elevation_ft" type="int" value="20"/></properties>'
                                  '<data encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1</data></layer>')
    bf = load_battlefield(path)
    assert [bf.elevation((x, 0)) for x in range(6)] == [10, -30, 0, 0, 5, 0]
    assert [bf.elevation((x, 2)) for x in range(6)] == [0, 0, 0, 20, 20, 20]


def test_portals_pair_by_name_on_the_square_under_the_objects_centre(tmp_path):
    tile_object = '<object id="3" gid="1" x="96" y="64" width="32" height="32">' + prop_xml({"portal": "b"}) + "</object>"
    things = (obj(1, 48, 16, {"portal": "a"}, shape="<point/>") + obj(2, 128, 96, {"portal": "a"}, 32, 32) +
              tile_object + obj(4, 160, 64, {"portal": "b"}, 32, 32))
    bf = load_battlefield(write_map(tmp_path, OPEN, things + starts()))
    assert bf.portal_exit((1, 0)) == (4, 3) and bf.portal_exit((4, 3)) == (1, 0)
    assert bf.portal_exit((3, 1)) == (5, 2)   # a tile object stands on its bottom-left corner in Tiled


def test_a_portal_with_one_end_is_refused_in_one_line(tmp_path):
    with pytest.raises(MapError) as err:
        load_battlefield(write_map(tmp_path, OPEN, obj(1, 80, 80, {"portal": "lonely"}, shape="<point/>") + starts()))
    assert str(err.value) == (f"{tmp_path / 'tiny.tmx'}:things:2,2: portal 'lonely' has 1 end: exactly two objects "
                              "must share a portal name")


def test_light_lifts_darkness_within_its_radius_where_it_can_see_but_not_fog(tmp_path):
    rows = ["000000", "000000", "0#0000", "000000", "%%%%%%"]
    path = write_map(tmp_path, rows, obj(1, 80, 16, {"light_radius": 2}, shape="<point/>") + starts(5),
                     tiles={0: {"obscured": "total"}})
    bf = load_battlefield(path)
    lit = sorted(s for s in bf.squares() if bf.at(s).obscured == Obscurement.NONE)
    assert (2, 0) in lit and (4, 2) in lit and (0, 2) in lit and (5, 0) not in lit
    assert (1, 3) not in lit   # behind the wall from the light
    assert all(bf.at((x, 4)).obscured == Obscurement.HEAVY for x in range(6))


def test_start_areas_take_the_start_area_class_default_side_and_drop_solid_squares(tmp_path):
    things = obj(1, 0, 0, {}, 64, 64, cls="StartArea") + obj(2, 160, 0, {"side": "red"}, 32, 64)
    bf = load_battlefield(write_map(tmp_path, ["#.....", "......"], things))
    assert sorted(bf.start_squares("blue")) == [(0, 1), (1, 0), (1, 1)] and bf.start_squares("red") == ((5, 0), (5, 1))
    # placing order: the squares nearest the other side's area first (issue 21)
    assert bf.start_squares("blue")[0] == (1, 0)


def test_a_map_with_start_areas_for_one_side_only_is_refused(tmp_path):
    with pytest.raises(MapError) as err:
        load_battlefield(write_map(tmp_path, OPEN, obj(1, 0, 0, {"side": "blue"}, 32, 32)))
    assert "none for side 'red'" in str(err.value)


def test_unknown_properties_are_left_alone_by_the_loader(tmp_path):
    things = obj(1, 0, 64, {"spawncount": 5, "difficult": True}, 32, 32)
    bf = load_battlefield(write_map(tmp_path, OPEN, things + starts(), map_props={"enemyTint": "#ff0000"}))
    assert bf.at((0, 2)).difficult and bf.name == "Tiny"


def test_an_object_template_gives_its_shape_and_properties(tmp_path):
    (tmp_path / "fog.tx").write_text('<?xml version="1.0"?><template><object width="64" height="32">'
                                     + prop_xml({"obscured": "heavy"}) + "</object></template>")
    bf = load_battlefield(write_map(tmp_path, OPEN, '<object id="1" template="fog.tx" x="32" y="32"/>' + starts()))
    assert [s for s in bf.squares() if bf.at(s).obscured] == [(1, 1), (2, 1)]


def test_a_property_name_pytmx_reserves_refuses_the_map_in_one_line(tmp_path):
    with pytest.raises(MapError) as err:
        load_battlefield(write_map(tmp_path, OPEN, obj(1, 0, 0, {"width": 3}, 32, 32) + starts()))
    assert "pytmx cannot parse" in str(err.value) and "\n" not in str(err.value)


def test_hidden_layers_and_hidden_objects_give_nothing(tmp_path):
    hidden_obj = '<object id="1" x="0" y="32" width="32" height="32" visible="0">' + prop_xml({"difficult": True}) + "</object>"
    hidden_group = ('<group id="5" name="old" visible="0"><objectgroup id="6" name="inner">'
                    + obj(2, 32, 32, {"wall": True}, 32, 32) + "</objectgroup></group>")
    bf = load_battlefield(write_map(tmp_path, OPEN, hidden_obj + starts(), extra_layers=hidden_group))
    assert not any(bf.at(s).difficult or bf.at(s).wall for s in bf.squares())


@pytest.mark.parametrize("props,shape,message", [
    ({"difficult": True}, '<text>mud</text>', "object 1 is a text object, which cannot be a zone"),
    ({"edge": "wall"}, "<ellipse/>", "object 1 is an ellipse, which cannot be an edge obstacle"),
    ({"side": "blue", "portal": "x"}, "", "object 1 is both a start area and a portal: give each its own object"),
])
def test_an_object_the_rules_cannot_use_is_refused_naming_it(tmp_path, props, shape, message):
    with pytest.raises(MapError) as err:
        load_battlefield(write_map(tmp_path, OPEN, obj(1, 64, 32, props, 32, 32, shape) + starts()))
    assert str(err.value).startswith(f"{tmp_path / 'tiny.tmx'}:things:2,1: {message}")


def test_a_template_with_a_malformed_number_is_refused_in_one_line(tmp_path):
    (tmp_path / "bad.tx").write_text('<?xml version="1.0"?><template><object width="wide" height="32">'
                                     + prop_xml({"cover": True}) + "</object></template>")
    with pytest.raises(MapError) as err:
        load_battlefield(write_map(tmp_path, OPEN, '<object id="4" template="bad.tx" x="32" y="32"/>' + starts()))
    assert str(err.value) == f"{tmp_path / 'tiny.tmx'}:things: template 'bad.tx': object: width must be a number, not 'wide'"


def test_a_start_area_marked_surprised_gives_the_other_side_a_surprise_round_2_3(tmp_path):
    """4e §2.3: the map's start option names the side caught unaware; the game opens with the surprise round."""
    areas = obj(90, 0, 0, {"side": "blue"}, 64, 128) + obj(91, 128, 0, {"side": "red", "surprised": True}, 64, 128)
    bf = load_battlefield(write_map(tmp_path, OPEN, areas))
    assert bf.surprised == ("red",)
    creatures = load_creatures()
    rosters = [Roster("blue", "Blue", ("fighter",)), Roster("red", "Red", ("goblin",))]
    match = new_match(bf, rosters, creatures, seed=1)
    goblin = next(e for e in match.state.creatures() if match.state.side(e) == "red")
    assert match.state.turn.surprise and match.state.turn.round == 0
    assert match.state.has_condition(goblin, "surprised")
    assert new_match(bf, rosters, creatures, seed=1, surprised=()).state.turn.round == 1   # the menu can say no
