"""Issue 17's proof: a tests-only toy ruleset (tests/toy_ruleset: two creatures, a walk and a d20 attack),
registered from the tests, is played through the real battle screen headless, through simulate and through
query, and listed on the start menu, with no change to any file outside its folder."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import query, simulate
from game.engine.protocol import Ruleset
from game.rulesets import RULESETS, register, title
from tests.toy_ruleset import ruleset as toy
from tests.toy_ruleset.rules import Pass, Strike, Struck, Walk, Walked

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


def load_toy() -> Ruleset:
    return toy                 # mypy checks the toy module against the Ruleset protocol here


@pytest.fixture(autouse=True)
def registered():
    register("toy", load_toy)
    yield
    RULESETS.pop("toy", None)


def toy_game(computer: dict[str, str] | None = None):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock
    return Game(DEFAULT_MAP, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer=computer, ruleset="toy")


def test_the_toy_is_walked_and_strikes_through_the_real_battle_screen():
    from game.ui.battle import BattleScene
    from test_game_loop import click, press, run_frames
    game = toy_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        assert isinstance(scene, BattleScene) and scene.match.ruleset == "toy"
        assert [c.label for c in scene.bar_choices] == ["Club", "Walk"]
        actor = scene.actor
        start = scene.state.square(actor)
        # The lit squares are the toy's walk; a click on the farthest one walks there through the door.
        to = max(scene.walk.endable, key=lambda s: (scene.walk.cost[s], s))
        click(scene.view.square_rect(to).center)
        run_frames(game, 2)
        assert scene.match.record[-1] == (Walk(actor, to), [Walked(actor, (start, to))])
        assert scene.state.square(actor) == to and scene.walk is None          # one walk a turn: nothing lit now
        assert any(line.startswith(f"{scene.state.name(actor)} walks to") for line in scene.log.lines)
        # A blocked choice says the toy's own reason.
        press(pygame.K_w)
        run_frames(game, 1)
        assert scene.message == "Can't: already walked this turn (toy §1)"
        press(pygame.K_RETURN)                                   # End turn: the toy's Pass
        run_frames(game, 2)
        assert isinstance(scene.match.record[-1][0], Pass) and scene.actor != actor
    finally:
        pygame.quit()


def test_hovering_an_adjacent_enemy_shows_the_toys_forecast_and_a_click_strikes_it():
    from test_game_loop import click, run_frames
    game = toy_game()
    try:
        scene = game.scene
        run_frames(game, 1)
        actor = scene.actor
        enemy = next(e for e in scene.state.standing() if scene.state.are_enemies(actor, e))
        here = scene.state.square(actor)
        from game.ecs.components import Position
        scene.state.world.add(enemy, Position((here[0] + 1, here[1])))  # the brute steps up beside the knight
        scene._refresh_options()
        run_frames(game, 1)
        assert enemy in scene.targets
        pos = scene.view.square_rect(scene.state.square(enemy)).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        run_frames(game, 1)
        assert scene._hint() == (f"Club at {scene.state.name(enemy)}: hit on 8+ (65%), d20 +4 vs 12 (toy §2). Click.")
        click(pos)
        run_frames(game, 2)
        command, events = scene.match.record[-1]
        assert command == Strike(actor, enemy) and isinstance(events[0], Struck)
        assert scene.log.entries["dice"], "the d20 goes to the dice log"
    finally:
        pygame.quit()


def test_two_computer_toys_fight_to_a_winner_on_the_battle_screen():
    from test_game_loop import play_to_the_end
    game = toy_game(computer={"blue": "easy", "red": "easy"})
    try:
        scene = game.scene
        play_to_the_end(game, 6000, settled=True)
        assert scene.state.outcome is not None and scene.state.outcome.winner in ("blue", "red")
        assert scene.victory_buttons, "the victory box is drawn"
    finally:
        pygame.quit()


def test_the_toy_plays_through_simulate():
    lines: list[str] = []
    results = simulate.run(DEFAULT_MAP, 5, 2, ["ai"], ["easy"], 30, None, out=lines.append, ruleset_name="toy")
    assert len(results) == 2 and all(r.winner in ("blue", "red") for r in results)
    assert lines[-1].startswith("summary: blue ")


def test_the_toy_answers_query_with_its_own_walk_and_the_shared_geometry():
    scenario = {"ruleset": "toy", "grid": ["......", "..#...", "......"],
                "units": [{"id": "a", "at": [0, 0], "side": "blue"}, {"id": "b", "at": [5, 2], "side": "red"}],
                "queries": [{"q": "reach", "unit": "a"}, {"q": "sight", "from": "a", "to": "b"}]}
    reach, sight = query.answer(scenario, Path.cwd())["results"]
    assert [0, 0] not in reach and [2, 1] not in reach and [4, 2] in reach and [5, 2] not in reach
    assert len(reach) == 5 * 3 - 1 - 1                         # within 4: all but its own square and the wall
    assert sight is True


def test_the_start_menu_lists_the_registered_toy():
    from game.ui.menu import MenuScene
    from test_game_loop import press, run_frames
    from test_menu import focus_on
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock
    game = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(game, 1)
        focus_on(game, ("ruleset",))
        for _ in range(len(RULESETS)):
            if game.scene.ruleset == "toy":
                break
            press(pygame.K_RIGHT)
            run_frames(game, 1)
        menu = game.scene
        assert isinstance(menu, MenuScene) and menu.ruleset == "toy" and title("toy") == "Toy duel"
        assert [r.label for r in menu.rosters] == ["A knight", "A brute"]       # the toy's presets fill the sides
    finally:
        pygame.quit()
