"""The battle screen in the real loop, headless: the action bar, the opportunity prompt, placing a push,
aiming an area and teleporting, all with posted mouse and key events."""

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.actions.commands import AreaAttack, Attack, ForceMove, Move, React, Teleport
from game.app import FixedStepLoop, Game
from game.core.dice import ScriptedDice
from game.ecs.components import Position

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"

from test_game_loop import SteppedClock, click, press, run_frames  # noqa: E402


@pytest.fixture
def game():
    g = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield g
    pygame.quit()


def stage(game, actor: str, places: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Put creatures on chosen squares and give ``actor`` the turn (a test position, not a rule)."""
    scene = game.scene
    state = scene.state
    ids = {state.name(e): e for e in state.creatures()}
    for name, square in places.items():
        state.world.add(ids[name], Position(square))
    state.world.set_resource(replace(state.turn, index=state.turn.order.index(ids[actor])))
    scene._turn_began()
    return ids


def centre(game, square):
    return game.scene.view.square_rect(square).center


def test_a_number_key_picks_a_power_and_a_click_uses_it_on_the_marked_enemy(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('Tide of Iron') + 1}"))
    run_frames(game, 1)
    assert scene.mode == "power:Tide of Iron" and ids["Hobgoblin soldier"] in scene.targets
    scene.match.dice = ScriptedDice([18, 3])
    click(centre(game, (11, 8)))
    run_frames(game, 2)
    command, _ = scene.match.record[-1]
    assert command == Attack(ids["Brakka"], ids["Hobgoblin soldier"], "Tide of Iron")
    # The hit earned a push: the lit squares are the legal ones; a click on one places it.
    assert scene.state.pending_forced is not None and (12, 8) in scene.forced_next
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    command, _ = scene.match.record[-1]
    assert command == ForceMove(ids["Brakka"], ids["Hobgoblin soldier"], ((11, 8), (12, 8)))
    assert scene.state.square(ids["Hobgoblin soldier"]) == (12, 8)


def test_the_opportunity_prompt_asks_the_enemy_and_y_takes_the_attack(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
    scene = game.scene
    run_frames(game, 1)
    click(centre(game, (8, 8)))
    run_frames(game, 40)
    assert scene.state.offer is not None and scene.prompt_buttons
    scene.match.dice = ScriptedDice([2])
    press(pygame.K_y)
    run_frames(game, 40)
    assert scene.match.record[-1][0] == React(ids["Hobgoblin soldier"], True)
    assert scene.state.square(ids["Brakka"]) == (8, 8) and scene.state.pending_offers is None
    assert isinstance(scene.match.record[0][0], Move)


def test_aiming_a_blast_outlines_who_is_caught_and_a_click_makes_the_attack(game):
    ids = stage(game, "Miriel", {"Miriel": (10, 8), "Hobgoblin soldier": (12, 8), "Goblin sharpshooter": (12, 9)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('Thunderwave') + 1}"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(game, (12, 8)), rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 2)
    area = scene._area_plan()
    assert {t for t, _ in area.targets} == {ids["Hobgoblin soldier"], ids["Goblin sharpshooter"]}
    assert "Thunderwave" in scene._hint()
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    command, _ = scene.match.record[-1]
    assert isinstance(command, AreaAttack) and command.attack == "Thunderwave"


def test_a_teleport_power_lights_the_squares_it_reaches_and_a_click_goes_there(game):
    ids = stage(game, "Miriel", {"Miriel": (8, 8)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('Fey Step') + 1}"))
    run_frames(game, 1)
    assert (12, 8) in scene.teleports and (14, 8) not in scene.teleports
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    assert scene.match.record[-1][0] == Teleport(ids["Miriel"], "Fey Step", (12, 8))
    assert scene.state.square(ids["Miriel"]) == (12, 8)


def test_edges_ledges_and_portals_are_drawn_onto_the_map_where_they_are():
    from game.core.battlefield import EdgeKind, parse_ascii
    from game.render.facts import EDGE_STYLES, LEDGE, PORTAL, draw_facts

    pygame.font.init()
    bf = replace(parse_ascii(["....", "....", "...."], edges=((((0, 0), (1, 0)), EdgeKind.LOW_WALL),),
                             elevation_ft=[[0, 0, 0, 0], [0, 0, 0, 0], [20, 20, 20, 20]]),
                 portals=(((3, 0), (3, 1)),))
    cell = 40
    surface = pygame.Surface((4 * cell, 3 * cell))
    surface.fill((0, 0, 0))
    draw_facts(surface, bf, cell, pygame.font.Font(None, 20))
    assert surface.get_at((cell, cell // 2))[:3] == EDGE_STYLES[EdgeKind.LOW_WALL][0]    # the low wall's band
    assert surface.get_at((cell // 2, 2 * cell))[:3] == LEDGE                            # the 20 ft ledge
    assert surface.get_at((3 * cell + cell // 2, cell - 4))[:3] == PORTAL                # portal 1's ring


def test_the_victory_screen_offers_play_again_maps_and_quit(game):
    from game.ecs.components import Outcome

    scene = game.scene
    scene.state.world.set_resource(Outcome("blue"))
    run_frames(game, 1)
    assert set(scene.victory_buttons) == {"play_again", "menu", "quit"}
    click(scene.victory_buttons["play_again"].center)
    run_frames(game, 1)
    assert game.scene is not scene and game.scene.state.outcome is None and game.seed == 5
