"""The 5e-house computer at its three levels (docs/ai.md, "5e-house"): whole games on every shipped map end and
repeat for a seed; hard takes kills, disengages rather than provoke and keeps its archers back; easy picks at
random but only what the door accepts; and three or four sides play 5e-house from the menu to one winner."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.dice import SeededDice
from game.ecs.components import Condition
from game.rulesets import ruleset
from game.rulesets.dnd5e import engine
from game.rulesets.dnd5e.ai import LEVELS, READY_UNTIL_ROUND, Controller5e
from game.rulesets.dnd5e.commands import (
    Attack, AttackRolled, Disengage, EndTurn, FirstAid, Move, OpportunityOffered, React, ReadiedOffered, Ready, Search,
    Searched,
)
from game.rulesets.dnd5e.components import Potions
from game.rulesets.dnd5e.content import load_creatures
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.ruleset import add_creature
from game.rulesets.dnd5e.situation import can_see
from game.rulesets.dnd5e.vitality import Vitals
from game.simulate import load_map, play_game

from test_5e_engine import skirmish
from test_game_loop import SteppedClock, press, run_frames

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
RULES = ruleset("5e-house")
CREATURES = RULES.load_creatures()
MAX_ROUNDS = 30
PAIRINGS = (("easy", "normal"), ("normal", "hard"), ("hard", "easy"))


def whole_game(map_path: Path, seed: int, levels: tuple[str, ...]):
    """One computer skirmish on the map, every side the map has a start area for at the level given in turn."""
    bf = load_map(map_path)
    rosters = RULES.rosters_in_play(bf, RULES.load_rosters(creatures=CREATURES))
    players = {r.side: RULES.make_player("ai", r.side, levels[i % len(levels)], seed) for i, r in enumerate(rosters)}
    return play_game(bf, rosters, CREATURES, seed, players, MAX_ROUNDS, ruleset_name="5e-house"), rosters


def play_turn(state, controller: Controller5e) -> list:
    """The controller's commands through the door until its creature ends its turn; the events of each."""
    me = engine.round_of(state).current
    dice = SeededDice(1)
    sent = []
    while True:
        command = controller.next_command(state)
        result = engine.execute(state, command, dice)
        assert isinstance(result, list), (command, result)
        sent.append((command, result))
        if isinstance(command, EndTurn) or engine.round_of(state).current != me:
            return sent


# Whole games ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_each_level_plays_whole_games_to_an_end_on_every_shipped_map(map_path):
    for seed, levels in enumerate(PAIRINGS):
        result, rosters = whole_game(map_path, seed, levels)      # a refused command raises SimulationError
        sides = [r.side for r in rosters]
        assert result.winner in sides or (result.winner == "" and result.rounds == MAX_ROUNDS), (seed, result)
        if result.winner:
            state = result.match.state
            assert {state.side(e) for e in state.standing() if engine.awake(state, e)} == {result.winner}


def test_the_same_seed_gives_the_same_game_at_every_level():
    default = ROOT / "maps" / "default.tmx"
    for levels in (("easy",), ("normal",), ("hard",), ("easy", "hard")):
        first, _ = whole_game(default, 21, levels)
        again, _ = whole_game(default, 21, levels)
        assert again.digest == first.digest and again.match.record == first.match.record


def test_the_same_seed_gives_the_same_game_across_processes():
    args = [sys.executable, "-m", "game", "simulate", "--ruleset", "5e-house", "--games", "2", "--seed", "3",
            "--difficulty", "easy,hard"]
    outputs = []
    for hash_seed in ("1", "2"):
        proc = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert proc.returncode == 0, proc.stderr
        outputs.append([line for line in proc.stdout.splitlines() if line.startswith("game ")])
    assert len(outputs[0]) == 2 and outputs[0] == outputs[1]


def test_an_unknown_level_is_one_line_naming_the_three():
    with pytest.raises(ValueError, match=r"^the 5e-house computer plays at easy, normal, hard, not 'expert'$"):
        RULES.make_player("ai", "red", "expert", 0)
    assert tuple(LEVELS) == ("easy", "normal", "hard")


# Hard --------------------------------------------------------------------------------------------------------
def test_hard_takes_the_kill_on_a_wounded_enemy():
    state, ids = skirmish([".....", ".HFB.", "....."],
                          {"F": ("fighter", "blue"), "H": ("hobgoblin", "red"), "B": ("bugbear", "red")}, "FHB")
    state.world.add(ids["B"], Vitals(5, 27))                     # any hit of the longsword (1d8+3) drops it
    state.world.add(ids["F"], Potions())                         # no heroism potion to drink first
    command = Controller5e("blue", "hard").next_command(state)
    assert command == Attack(ids["F"], ids["B"], "Longsword")


def test_hard_weighs_a_kill_by_what_the_enemy_would_go_on_doing_where_normal_hits_the_weakest():
    # A goblin at 7 HP (it deals 1d6+2) or a bugbear at 8 HP (2d8+2): hard finishes the bugbear.
    state, ids = skirmish([".....", ".GFB.", "....."],
                          {"F": ("fighter", "blue"), "G": ("goblin", "red"), "B": ("bugbear", "red")}, "FGB")
    state.world.add(ids["B"], Vitals(8, 27))
    state.world.add(ids["F"], Potions())
    assert Controller5e("blue", "hard").next_command(state) == Attack(ids["F"], ids["B"], "Longsword")
    assert Controller5e("blue", "normal").next_command(state) == Attack(ids["F"], ids["G"], "Longsword")


def test_hard_strikes_the_enemy_healer_before_a_weaker_enemy_it_could_heal_back_up():
    # Both drop to any hit. The bugbear hits harder (2d8+2) and is easier to hit (AC 16, the cleric 18), but the
    # cleric heals (Cure Wounds, slots left): its threat counts the heal, and a dropped bugbear would be healed
    # back up by it. Hard hits the cleric; normal the weakest, the bugbear.
    state, ids = skirmish([".....", ".CFB.", "....."],
                          {"F": ("fighter", "blue"), "C": ("cleric", "red"), "B": ("bugbear", "red")}, "FCB")
    state.world.add(ids["C"], Vitals(5, 24))
    state.world.add(ids["B"], Vitals(4, 27))
    state.world.add(ids["F"], Potions())
    assert Controller5e("blue", "hard").next_command(state) == Attack(ids["F"], ids["C"], "Longsword")
    assert Controller5e("blue", "normal").next_command(state) == Attack(ids["F"], ids["B"], "Longsword")


def test_hard_gives_no_first_aid_to_a_dying_ally_and_strikes_instead_where_normal_stabilises_it():
    # A stabilised ally stays unconscious, out of the fight; the action is worth more as a blow.
    state, ids = skirmish([".....", ".RFG.", "....."],
                          {"F": ("fighter", "blue"), "R": ("rogue", "blue"), "G": ("goblin", "red")}, "FRG")
    state.world.add(ids["R"], Vitals(0, 27))
    state.world.add(ids["F"], Potions())
    assert Controller5e("blue", "normal").next_command(state) == FirstAid(ids["F"], ids["R"])
    assert Controller5e("blue", "hard").next_command(state) == Attack(ids["F"], ids["G"], "Longsword")


def test_hard_does_not_walk_out_of_reach_provoking_when_it_can_disengage():
    rows = ["............", "...FA.......", "............", "............"]
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "A": ("goblin_archer", "red")}, "AF")
    archer, fighter = ids["A"], ids["F"]
    turn = play_turn(state, Controller5e("red", "hard"))
    commands = [c for c, _ in turn]
    assert commands[0] == Disengage(archer) and isinstance(commands[1], Move)
    assert not [e for _, events in turn for e in events if isinstance(e, OpportunityOffered)]
    assert engine.budget(state, fighter).reaction
    assert distance_ft(state.space(archer), state.space(fighter)) > 30      # beyond the fighter's walk and reach
    # Normal stays and stabs with its dagger.
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "A": ("goblin_archer", "red")}, "AF")
    assert Controller5e("red", "normal").next_command(state) == Attack(ids["A"], ids["F"], "Dagger")


def test_hard_archer_shoots_then_steps_back_out_of_the_enemys_next_charge():
    rows = ["...............", "...F...A.......", "...............", "..............."]
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "A": ("goblin_archer", "red")}, "AF")
    archer, fighter = ids["A"], ids["F"]
    before = distance_ft(state.space(archer), state.space(fighter))
    commands = [c for c, _ in play_turn(state, Controller5e("red", "hard"))]
    assert commands[0] == Attack(archer, fighter, "Shortbow") and isinstance(commands[1], Move)
    after = distance_ft(state.space(archer), state.space(fighter))
    assert before < after <= 80                                   # farther, still within the bow's normal range


# Ready ------------------------------------------------------------------------------------------------------
LONG_ROW = ["....................", "F.........H.........", "...................."]
READY_CAST = {"F": ("fighter", "blue"), "H": ("hobgoblin", "red")}


def test_hard_readies_its_attack_when_no_enemy_can_be_reached_this_turn():
    # 50 ft apart: the hobgoblin cannot walk up and strike (30 ft and 5 ft of reach), the fighter can come to it.
    state, ids = skirmish(LONG_ROW, READY_CAST, "HF")
    for level in ("normal", "hard"):
        assert Controller5e("red", level).next_command(state) == Ready(ids["H"], weapon="Longsword")
    assert isinstance(Controller5e("red", "easy").next_command(state), Move)      # easy walks on


def test_the_readied_attack_strikes_the_enemy_that_walks_into_reach():
    state, ids = skirmish(LONG_ROW, READY_CAST, "HF")
    hobgoblin, fighter = ids["H"], ids["F"]
    red = Controller5e("red", "hard")
    commands = [c for c, _ in play_turn(state, red)]
    assert commands[0] == Ready(hobgoblin, weapon="Longsword") and commands[-1] == EndTurn(hobgoblin)
    # It walks on with its move, holding the attack, but stops out of reach; the fighter walks up beside it.
    stands = state.square(hobgoblin)
    assert distance_ft(state.space(fighter), state.space(hobgoblin)) > 5
    walk = tuple((x, 1) for x in range(0, stands[0]))
    events = engine.execute(state, Move(fighter, walk), SeededDice(3))
    assert ReadiedOffered(hobgoblin, fighter) in events
    assert red.next_command(state) == React(hobgoblin, True)
    struck = engine.execute(state, React(hobgoblin, True), SeededDice(3))
    assert [(e.attacker, e.target, e.weapon) for e in struck if isinstance(e, AttackRolled)] == \
        [(hobgoblin, fighter, "Longsword")]


def test_no_ready_when_the_enemy_is_too_far_to_come_or_after_the_first_rounds():
    # 80 ft: the fighter cannot reach the hobgoblin next turn even with Dash, so waiting wins nothing.
    far = ["F...............H...", "...................."]
    state, ids = skirmish(far, READY_CAST, "HF")
    assert isinstance(Controller5e("red", "hard").next_command(state), Move)
    # From round READY_UNTIL_ROUND + 1 two waiting sides would stall: it walks.
    state, ids = skirmish(LONG_ROW, READY_CAST, "HF")
    state.world.set_resource(replace(engine.round_of(state), number=READY_UNTIL_ROUND + 1))
    assert isinstance(Controller5e("red", "hard").next_command(state), Move)


def test_an_archer_with_no_enemy_in_sight_readies_its_bow_and_shoots_the_one_that_steps_out():
    rows = ["....#.....", "A...#...F.", "....#.....", ".........."]
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "A": ("goblin_archer", "red")}, "AF")
    archer, fighter = ids["A"], ids["F"]
    assert not can_see(state, archer, fighter)
    red = Controller5e("red", "hard")
    assert [c for c, _ in play_turn(state, red)] == [Ready(archer, weapon="Shortbow"), EndTurn(archer)]
    around = ((8, 1), (8, 2), (7, 3), (6, 3), (5, 3), (4, 3), (3, 3))     # round the end of the wall
    events = engine.execute(state, Move(fighter, around), SeededDice(3))
    assert ReadiedOffered(archer, fighter) in events
    struck = engine.execute(state, red.next_command(state), SeededDice(3))
    assert [(e.attacker, e.weapon) for e in struck if isinstance(e, AttackRolled)] == [(archer, "Shortbow")]


def test_computers_ready_attacks_that_fire_in_a_whole_game():
    result, _ = whole_game(ROOT / "maps" / "default.tmx", 300, ("hard",))
    record = result.match.record
    assert any(isinstance(c, Ready) for c, _ in record)
    fired = [i for i, (_, events) in enumerate(record) if any(isinstance(e, ReadiedOffered) for e in events)]
    assert fired
    answer, events = record[fired[0] + 1]
    assert answer.take and any(isinstance(e, AttackRolled) and e.attacker == answer.actor for e in events)


# Easy --------------------------------------------------------------------------------------------------------
def test_easy_picks_its_target_at_random_from_its_seed_and_the_moment():
    rows = [".....", ".GFH.", "....."]
    cast = {"F": ("fighter", "blue"), "G": ("goblin", "red"), "H": ("hobgoblin", "red")}
    targets = set()
    for seed in range(12):
        state, ids = skirmish(rows, cast, "FGH")
        command = Controller5e("blue", "easy", seed).next_command(state)
        assert Controller5e("blue", "easy", seed).next_command(state) == command      # asked twice: the same
        assert engine.validate(state, command) is None and isinstance(command, Attack)
        targets.add(command.target)
    assert targets == {ids["G"], ids["H"]}


def test_easy_still_only_makes_legal_moves():
    # Easy against easy on every map (four sides on Four Banners), each command checked by the door before it
    # is played again from the start.
    for map_path in MAPS:
        for seed in (40, 41):
            result, rosters = whole_game(map_path, seed, ("easy",))
            match = RULES.new_match(load_map(map_path), rosters, CREATURES, seed)
            for command, _ in result.match.record:
                assert engine.validate(match.state, command) is None, command
                match.submit(command)
            assert match.events == result.match.events and len(result.match.record) > 20


# Three and four sides ------------------------------------------------------------------------------------------
def test_a_four_side_5e_skirmish_of_computers_on_four_banners_ends_with_one_winner():
    result, rosters = whole_game(ROOT / "maps" / "four-banners.tmx", 8, ("hard", "normal", "easy", "normal"))
    assert [r.side for r in rosters] == ["blue", "red", "green", "yellow"]
    state = result.match.state
    assert {state.side(e) for e in state.creatures()} == {"blue", "red", "green", "yellow"}
    assert result.winner in ("blue", "red", "green", "yellow")
    assert {state.side(e) for e in state.standing() if engine.awake(state, e)} == {result.winner}


def test_a_two_side_map_plays_blue_and_red_of_the_four_5e_rosters():
    rosters = RULES.load_rosters(creatures=CREATURES)
    assert [r.side for r in rosters] == ["blue", "red", "green", "yellow"]
    match = RULES.new_match(load_map(ROOT / "maps" / "default.tmx"), rosters, CREATURES, 3)
    assert {match.state.side(e) for e in match.state.creatures()} == {"blue", "red"}


def menu_game():
    from game.app import FixedStepLoop, Game
    game = Game(None, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(game, 1)
    return game


def test_the_menu_starts_a_three_side_5e_skirmish_with_the_computer_at_its_levels():
    from test_sides import choose_map, focus_on
    from game.ui.battle import BattleScene
    game = menu_game()
    try:
        choose_map(game, "four-banners.tmx")
        focus_on(game, ("ruleset",))
        press(pygame.K_RIGHT)                               # 4e -> 5e house rules
        run_frames(game, 1)
        focus_on(game, ("sides",))
        press(pygame.K_LEFT)                                # 4 -> 3 sides
        run_frames(game, 1)
        menu = game.scene
        assert [r.side for r in menu.rosters] == ["blue", "red", "green"]
        focus_on(game, ("player", "red"))
        for _ in range(3):
            press(pygame.K_RIGHT)                           # red: player -> easy -> normal -> hard
        focus_on(game, ("player", "green"))
        press(pygame.K_LEFT)                                # green: computer (normal) -> computer (easy)
        run_frames(game, 1)
        assert menu.computer == {"red": "hard", "green": "easy"}
        press(pygame.K_RETURN)
        run_frames(game, 2)
        scene = game.scene
        assert isinstance(scene, BattleScene) and scene.match.ruleset == "5e-house"
        assert sorted({scene.state.side(e) for e in scene.state.creatures()}) == ["blue", "green", "red"]
        assert {side: c.difficulty for side, c in scene.controllers.items()} == {"red": "hard", "green": "easy"}
        assert scene.human_sides == ["blue"]
    finally:
        pygame.quit()


def test_the_command_lines_computer_side_and_level_play_5e():
    from game.app import FixedStepLoop, Game
    from game.cli import build_parser
    args = build_parser().parse_args(["play", "--ruleset", "5e-house", "--computer", "red:hard", "--computer", "green",
                                      "--map", str(ROOT / "maps" / "four-banners.tmx")])
    assert dict(args.computer) == {"red": "hard", "green": "normal"}
    game = Game(args.map, 5, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer=dict(args.computer),
                ruleset="5e-house")
    try:
        scene = game.scene
        assert {side: c.difficulty for side, c in scene.controllers.items()} == {"green": "normal", "red": "hard"}
        assert scene.human_sides == ["blue", "yellow"]
    finally:
        pygame.quit()


def test_normal_and_hard_search_for_a_hidden_enemy_close_by_that_they_cannot_attack_easy_does_not():
    state, ids = skirmish(["G...:.*"], {"G": ("hobgoblin", "red")}, "G")
    g = ids["G"]
    rogue = add_creature(state.world, load_creatures()["rogue"], "blue", (4, 0), "R")     # in dim light, 20 ft off
    state.add_condition(rogue, Condition("hidden", amount=15))                         # hid with Stealth 15
    assert Controller5e("red", "normal").next_command(state) == Search(g)
    assert Controller5e("red", "hard").next_command(state) == Search(g)
    assert not isinstance(Controller5e("red", "easy").next_command(state), Search)
    searched = [e for e in engine.execute(state, Search(g), SeededDice(4)) if isinstance(e, Searched)]
    assert [(e.searcher, e.hider, len(e.faces)) for e in searched] == [(g, rogue, 2)]    # dim light: disadvantage
