"""The start menu and the roster editor show the sides' encounter budgets and offer to even them."""

import pygame

from game.ui.menu import MenuScene

from test_game_loop import run_frames
from test_menu import focus_on, menu_game  # noqa: F401 (the fixture)


def test_the_menu_says_the_default_4e_sides_are_even(menu_game):  # noqa: F811
    menu = menu_game.scene
    assert isinstance(menu, MenuScene) and menu.entries[menu.index].path.name == "default.tmx"
    # the map starts red on the Troll and goblins (its start area's presets, docs/balance.md)
    assert menu.budget_words() == "Blue: 800 XP, Red: 825 XP, the sides are even"
    assert menu.suggestion is None


def test_an_uneven_menu_says_by_how_much_and_the_even_button_adds_to_the_weaker_side(menu_game):  # noqa: F811
    game = menu_game
    menu = game.scene
    red = menu.setups[1]
    menu._replace(red, creatures=("ogre", "goblin"), edited=True)          # 225 XP against 800
    run_frames(game, 1)
    assert menu.budget_words() == "Blue: 800 XP, Red: 225 XP, Blue is 255% stronger"
    suggestion = menu.suggestion
    assert suggestion is not None and suggestion.side == "red" and suggestion.add is not None
    focus_on(game, ("even",))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    run_frames(game, 1)
    assert menu.setups[1].creatures == ("ogre", "goblin", suggestion.add) and menu.setups[1].edited
    assert "Red: 425 XP" in menu.budget_words()


def test_the_editor_shows_the_budgets_with_this_sides_creatures_and_evens_by_one_creature(menu_game):  # noqa: F811
    menu = menu_game.scene
    menu._open_editor(menu.setups[1])
    editor = menu.editor
    assert editor is not None and editor.budget is not None
    assert editor.budget.words(editor.keys) == "Blue: 800 XP, Red: 825 XP, the sides are even"
    assert editor._button_words("even") == "No creature evens the sides"
    while len(editor.keys) > 2:
        editor.remove(0)
    assert editor.budget.words(editor.keys).endswith("Blue is 300% stronger")     # two archers: 200 XP
    before = editor.keys
    assert editor._button_words("even").startswith("Even the sides: add ")
    editor.even_sides()
    assert len(editor.keys) == len(before) + 1 and editor.keys[:2] == before
    editor.draw(pygame.display.get_surface())                                      # the line and the button draw
