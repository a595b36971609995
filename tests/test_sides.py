"""Two to four sides: maps with up to four start areas, roster presets that fit them, the roster editor, and
three- and four-side skirmishes played to a victory."""

import os
from pathlib import Path

import pygame
import pytest

from game.rulesets.dnd4e.actions.commands import EndTurn
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.ai import Controller
from game.app import FixedStepLoop, Game
from game.engine.rosters import ContentError, Roster, overflow, placing_order
from game.rulesets.dnd4e.content import load_creatures, load_presets
from game.maps import schema
from game.maps.lint import lint_paths
from game.maps.loader import MapError, load_battlefield
from game.rulesets import ruleset
from game.rulesets.dnd4e.setup import new_match
from game.render import palette
from game.ui.battle import BANNER_HEIGHT, BattleScene
from game.ui.menu import MenuScene
from game.ui.widgets import Fonts

from test_game_loop import SteppedClock, click, press, run_frames

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
MAPS = Path(__file__).resolve().parent.parent / "maps"
FOUR_BANNERS = MAPS / "four-banners.tmx"


@pytest.fixture(scope="module")
def creatures():
    return load_creatures()


@pytest.fixture
def game():
    g = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(g, 1)
    yield g
    pygame.quit()


def choose_map(game, name):
    menu = game.scene
    rect = next(r for r, i in menu.map_rows if menu.entries[i].path.name == name)
    click(rect.center)
    run_frames(game, 1)


def focus_on(game, item):
    for _ in range(40):
        if game.scene.focus.item == item:
            return
        press(pygame.K_DOWN)
        run_frames(game, 1)
    raise AssertionError(f"{item} never took the focus")


def test_four_banners_has_four_start_areas_that_lint_clean():
    bf = load_battlefield(FOUR_BANNERS)
    assert [side for side, _ in bf.start_areas] == ["blue", "red", "green", "yellow"]
    assert all(len(squares) == 12 for _, squares in bf.start_areas)
    assert lint_paths([FOUR_BANNERS]) == []
    assert (MAPS / "thumbnails" / "four-banners.png").is_file()


def test_start_areas_of_two_sides_that_overlap_are_refused_naming_both(tmp_path):
    green = 'name="green start" type="StartArea" x="608" y="32"'
    assert green in FOUR_BANNERS.read_text()
    text = FOUR_BANNERS.read_text().replace(green, green.replace('x="608"', 'x="64"'))   # onto blue's corner
    path = tmp_path / "overlap.tmx"
    path.write_text(text.replace("../assets", os.path.relpath(MAPS.parent / "assets", tmp_path)))
    with pytest.raises(MapError, match="the start areas of sides 'blue' and 'green' share squares"):
        load_battlefield(path)


def test_every_side_has_a_colour_of_its_own_for_the_banner_and_the_tracker():
    colours = [palette.side_colour(side) for side in schema.SIDES]
    assert palette.side_colour("green") != palette.FALLBACK_SIDE
    assert palette.side_colour("yellow") != palette.FALLBACK_SIDE
    assert len(set(colours)) == len(schema.SIDES) == 4


def test_every_preset_fits_every_start_area_of_every_shipped_map(creatures):
    presets = load_presets(creatures=creatures)
    assert {"adventurers", "ogres_warband", "goblin_raiders", "kobold_lair", "restless_dead"} <= {p.key for p in presets}
    for path in sorted(MAPS.glob("*.tmx")):
        bf = load_battlefield(path)
        for side, area in bf.start_areas:
            for preset in presets:
                assert overflow(area, preset.creatures, creatures) == [], (path.name, side, preset.key)


def test_a_large_creature_needs_a_two_by_two_block_of_its_start_area(creatures):
    strip = tuple((x, 0) for x in range(6))                     # six squares in a row: no room for an ogre
    assert overflow(strip, ("goblin", "ogre"), creatures) == ["ogre"]
    block = ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0))
    assert overflow(block, ("goblin", "ogre"), creatures) == []   # placed biggest first, the ogre takes the block
    assert placing_order(("goblin", "ogre", "stirge"), creatures) == ("ogre", "goblin", "stirge")


def test_a_preset_naming_an_unknown_creature_is_a_one_line_error(tmp_path, creatures):
    path = tmp_path / "rosters.toml"
    path.write_text('[presets.horde]\nlabel = "Horde"\ncreatures = ["goblin", "dragon"]\n')
    with pytest.raises(ContentError, match=r"^rosters.toml:presets.horde.creatures: unknown creature 'dragon'$"):
        load_presets(path, creatures)


def test_the_menu_offers_as_many_sides_as_the_map_has_start_areas(game):
    menu = game.scene
    assert [s.side for s in menu.active] == ["blue", "red"]
    assert ("sides",) not in [c.item for c in menu.focus.controls]       # a two-area map: nothing to choose
    choose_map(game, "four-banners.tmx")
    assert [s.side for s in menu.active] == ["blue", "red", "green", "yellow"]
    focus_on(game, ("sides",))
    for _ in range(3):
        press(pygame.K_LEFT)
    run_frames(game, 1)
    assert [s.side for s in menu.active] == ["blue", "red"]               # never fewer than two
    press(pygame.K_RIGHT)
    run_frames(game, 1)
    assert [s.side for s in menu.active] == ["blue", "red", "green"]


def test_three_sides_one_computer_an_edited_roster_and_a_seed_start_that_skirmish(game, creatures):
    menu = game.scene
    choose_map(game, "four-banners.tmx")
    focus_on(game, ("sides",))
    press(pygame.K_LEFT)                                  # 4 -> 3 sides
    run_frames(game, 1)
    focus_on(game, ("player", "green"))
    press(pygame.K_LEFT)                                  # green: computer (normal) -> computer (easy)
    press(pygame.K_LEFT)                                  # -> player
    focus_on(game, ("player", "red"))
    press(pygame.K_RIGHT)
    press(pygame.K_RIGHT)                                 # red: player -> computer (normal)
    focus_on(game, ("preset", "green"))
    press(pygame.K_LEFT)                                  # marsh beasts -> restless dead
    press(pygame.K_LEFT)                                  # restless dead -> kobold lair
    focus_on(game, ("edit", "green"))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    editor = menu.editor
    assert editor is not None and editor.keys == load_presets(creatures=creatures)[3].creatures
    # Take a wyrmpriest away (the roster list, first row), then add a bugbear from the bestiary.
    priests = editor.keys.count("kobold_wyrmpriest")
    press(pygame.K_LEFT)                                  # bestiary -> roster
    press(pygame.K_DELETE)
    run_frames(game, 1)
    assert editor.keys.count("kobold_wyrmpriest") == priests - 1
    press(pygame.K_RIGHT)                                 # roster -> bestiary
    run_frames(game, 1)
    bugbear = editor.bestiary.index("bugbear")
    rect = next(r for r, column, i in editor.rows if column == "bestiary" and i == bugbear)
    click(rect.center)
    press(pygame.K_ESCAPE)                                # done
    run_frames(game, 1)
    assert menu.editor is None
    green = next(s for s in menu.active if s.side == "green")
    assert green.edited and green.creatures[-1] == "bugbear" and green.creatures.count("kobold_wyrmpriest") == priests - 1
    focus_on(game, ("seed",))
    press(pygame.K_7)
    press(pygame.K_7)
    press(pygame.K_RETURN)
    run_frames(game, 1)
    scene = game.scene
    assert isinstance(scene, BattleScene) and scene.seed == 77 and scene.map_path == FOUR_BANNERS
    state = scene.state
    assert sorted({state.side(e) for e in state.creatures()}) == ["blue", "green", "red"]
    assert list(scene.controllers) == ["red"]
    green_kinds = sorted(state.stats(e).kind for e in state.creatures() if state.side(e) == "green")
    assert green_kinds == sorted(green.creatures)
    assert scene.side_labels == {"blue": "Adventurers", "red": "Goblin raiders", "green": "Kobold lair"}


def test_the_editor_keeps_one_creature_and_refuses_what_the_start_area_cannot_hold(game, creatures):
    menu = game.scene
    focus_on(game, ("edit", "blue"))
    press(pygame.K_RETURN)
    run_frames(game, 1)
    editor = menu.editor
    for _ in range(5):
        editor.remove(0)
    assert editor.keys == ("wizard",) and editor.message == "A side needs at least one creature."
    added = 0
    while editor.add("ogre"):                         # the default map's blue area: 15 squares
        added += 1
    assert added >= 2 and not overflow(editor.area, editor.keys, creatures)
    assert editor.message.startswith("No room for Ogre bludgeoneer")


def test_a_roster_too_big_for_the_chosen_map_is_marked_and_refused_on_start(game, creatures):
    menu = game.scene
    blue = menu.setups[0]
    menu._replace(blue, creatures=("fighter",) * 13, edited=True)    # fits the default map's 15 squares
    run_frames(game, 1)
    assert menu.fit_problem(menu.setups[0]) == ""
    choose_map(game, "tower.tmx")                                      # 12 squares a side
    assert menu.fit_problem(menu.setups[0]) == "No room in the start area for: Brakka"
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert isinstance(game.scene, MenuScene)
    assert menu.message.startswith("Adventurers: No room in the start area for: Brakka")


@pytest.mark.parametrize("count", [3, 4])
def test_computer_sides_play_a_skirmish_on_four_banners_to_a_victory(count, creatures):
    presets = {p.key: p for p in load_presets(creatures=creatures)}
    bf = load_battlefield(FOUR_BANNERS)
    keys = ["adventurers", "ogres_warband", "goblin_raiders", "kobold_lair"][:count]
    sides = list(schema.SIDES[:count])
    rosters = [Roster(side, presets[key].label, placing_order(presets[key].creatures, creatures))
               for side, key in zip(sides, keys)]
    match = new_match(bf, rosters, creatures, 3)
    state = match.state
    computers = {side: Controller(side, "normal", 3) for side in sides}
    while state.outcome is None and state.turn.round <= 40:
        command = computers[state.side(decider(state))].next_command(state)
        assert isinstance(match.submit(command), list), command
    assert state.outcome is not None and state.outcome.winner in sides
    standing = {state.side(e) for e in state.standing() if state.conscious(e)}
    assert standing == {state.outcome.winner}
    fought = {state.side(e) for e in state.creatures() if state.hp(e) < state.stats(e).max_hp}
    assert len(fought) >= count - 1                    # every side but (at most) the winner took hits


def test_the_banner_is_drawn_in_the_colour_of_each_of_four_sides_in_turn(creatures):
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((1280, 720))
        presets = {p.key: p for p in load_presets(creatures=creatures)}
        keys = ["adventurers", "ogres_warband", "goblin_raiders", "kobold_lair"]
        rosters = [Roster(side, presets[key].label, placing_order(presets[key].creatures, creatures))
                   for side, key in zip(schema.SIDES, keys)]
        # The computer plays every side (no hand-over screen); it never moves, as the scene is only drawn.
        scene = BattleScene((1280, 720), FOUR_BANNERS, 9, Fonts(), rosters=rosters,
                            computer={side: "normal" for side in schema.SIDES})
        seen = set()
        for _ in range(40):
            side = scene.state.side(decider(scene.state))
            scene.draw(screen)
            assert screen.get_at((5, BANNER_HEIGHT - 2))[:3] == palette.side_colour(side)
            seen.add(side)
            if seen == set(schema.SIDES):
                break
            scene.match.submit(EndTurn(scene.actor))
        assert seen == set(schema.SIDES)
    finally:
        pygame.quit()


def test_a_kind_on_several_sides_is_numbered_across_the_match_so_every_name_is_one_creature():
    rules = ruleset("5e-house")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    match = rules.new_match(load_battlefield(FOUR_BANNERS), rosters, creatures, 3)
    names = [match.state.name(e) for e in match.state.creatures()]
    assert len(names) == len(set(names))
    bugbears = sum(r.creatures.count("bugbear") for r in rosters)
    assert bugbears > 1 and sorted(n for n in names if n.startswith("Bugbear")) == [f"Bugbear {i}" for i in range(1, bugbears + 1)]
