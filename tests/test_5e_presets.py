"""5e-house's start-menu presets: every side's roster, then the named presets of rosters.toml, which a map's start area
may start a side on (issue 21); the sides' rosters stay the four sides."""

import pytest

from game.engine.rosters import ContentError
from game.rulesets.dnd5e.content import load_creatures, load_presets, load_rosters

CREATURES = load_creatures()
SIDES = '[blue]\nlabel = "Heroes"\ncreatures = ["fighter"]\n\n[red]\ncreatures = ["goblin"]\n\n'


def test_the_presets_are_the_sides_rosters_then_the_named_presets(tmp_path):
    path = tmp_path / "rosters.toml"
    path.write_text(SIDES + '[presets.big_band]\nlabel = "Big band"\ncreatures = ["ogre", "bugbear"]\n\n'
                    '[presets.pair]\ncreatures = ["goblin", "goblin"]\n')
    presets = load_presets(path, CREATURES)
    assert [(p.key, p.label, p.creatures) for p in presets] == [
        ("blue", "Heroes", ("fighter",)), ("red", "red", ("goblin",)),
        ("big_band", "Big band", ("ogre", "bugbear")), ("pair", "pair", ("goblin", "goblin"))]
    assert [r.side for r in load_rosters(path, CREATURES)] == ["blue", "red"]


def test_the_shipped_named_presets_load_after_the_four_sides():
    keys = [p.key for p in load_presets(creatures=CREATURES)]
    assert keys[:4] == ["blue", "red", "green", "yellow"] and len(keys) > 4
    assert [r.side for r in load_rosters(creatures=CREATURES)] == ["blue", "red", "green", "yellow"]


def test_a_named_preset_with_an_unknown_creature_is_a_one_line_error(tmp_path):
    path = tmp_path / "rosters.toml"
    path.write_text(SIDES + '[presets.horde]\ncreatures = ["goblin", "dragon"]\n')
    with pytest.raises(ContentError, match=r"^rosters.toml:presets.horde.creatures\[1\]: unknown creature 'dragon'"):
        load_presets(path, CREATURES)


def test_a_named_preset_may_not_take_a_sides_key(tmp_path):
    path = tmp_path / "rosters.toml"
    path.write_text(SIDES + '[presets.red]\ncreatures = ["ogre"]\n')
    with pytest.raises(ContentError, match=r"^rosters.toml:presets.red: is a side's name"):
        load_presets(path, CREATURES)
