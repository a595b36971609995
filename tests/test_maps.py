"""Maps load headless with pytmx; the default map is playable; bad maps give one-line errors."""

from pathlib import Path

import pytest

from game.core.movement import Mover, MoveRules, search
from game.core.grid import Size
from game.maps.loader import MapError, load_battlefield

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.tmx"
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
