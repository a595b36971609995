"""sotdl-house digest lines (§13) that the other test files do not name: derived stats, afflictions in the door,
forced movement, falls, the end of the round, victory and one damage roll for an area."""

from sotdl_support import CREATURES, build, set_ap

from game.core.battlefield import parse_ascii
from game.core.dice import ScriptedDice
from game.rulesets.sotdl import afflictions, situation
from game.rulesets.sotdl.commands import (
    AfflictionChanged, Attack, Damaged, Defend, Fell, Hide, Move, Rolled, RoundEnded, Shove, SkirmishWon, Throw,
)
from game.rulesets.sotdl.components import ActionPoints
from game.rulesets.sotdl.engine import execute, fall, validate
from game.rulesets.sotdl.rounds import end_round, refresh
from game.rulesets.sotdl.vitality import Vitals


def test_D2_health_is_strength_plus_the_level_bonus_D5_perception_is_intellect_capped_at_25():
    warrior = CREATURES["warrior"].sheet
    assert warrior.health == warrior.strength + 4                      # level_health 4 in creatures.toml
    assert warrior.perceives == warrior.intellect
    from dataclasses import replace
    assert replace(warrior, perception=30).perceives == 25


def test_D10_a_size_2_creature_fills_two_by_two_squares():
    state, (troll, w) = build([("troll", "red", (1, 1)), ("warrior", "blue", (5, 1))])
    assert state.space(troll) == ((1, 1), 2)


def test_A2_a_stunned_creature_cannot_move():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (8, 1))])
    state.add_condition(w, afflictions.lasting("stunned", "", None, 0, 0))
    assert validate(state, Move(w, ((1, 1), (2, 1)))).rule == "A1"


def test_A8_prone_puts_a_bane_on_strength_and_agility_rolls():
    grid = ["..%.......", "..........", ".........."]
    state, (r, o) = build([("rogue", "blue", (2, 0)), ("orc", "red", (8, 2))], grid=grid)
    state.add_condition(r, afflictions.lasting("prone", "", None, 0, 0))
    events = execute(state, Hide(r), ScriptedDice([10, 3]))             # Agility: d20 10 + 5, a bane's d6
    roll = next(e for e in events if isinstance(e, Rolled))
    assert roll.net == -1 and roll.total == 10 + 5 - 3


def test_A10_a_charmed_creature_cannot_attack_its_charmer():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))])
    state.add_condition(w, afflictions.lasting("charmed", "", o, 0, 0))
    assert validate(state, Attack(w, o)).rule == "A10"


def test_A11_frightened_takes_an_ap_from_each_refresh():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (8, 1))])
    state.add_condition(w, afflictions.lasting("frightened", "", None, 0, 0))
    refresh(state)
    assert state.world.get(w, ActionPoints).left == CREATURES["warrior"].sheet.ap - 1


def test_E9_hiding_ends_when_an_enemy_comes_round_the_wall():
    grid = ["...#......", "...#......", ".........."]
    state, (r, o) = build([("rogue", "blue", (2, 0)), ("orc", "red", (6, 0))], grid=grid)
    execute(state, Hide(r), ScriptedDice([15]))                         # no enemy sees it: hidden
    assert state.has_condition(r, "hidden")
    from game.rulesets.sotdl.components import Initiative
    state.world.set_resource(Initiative(1, ("blue", "red"), "red"))
    events = execute(state, Move(o, ((6, 0), (5, 1), (4, 2), (3, 2))), ScriptedDice([]))
    assert AfflictionChanged(r, "hidden", False) in events and not state.has_condition(r, "hidden")


def test_M7_difficult_ground_uses_two_yards_of_a_push():
    grid = ["..........", "....~~....", ".........."]
    state, (o, w) = build([("orc", "red", (1, 1)), ("warrior", "blue", (2, 1))], grid=grid, side="red")
    execute(state, Shove(o, w), ScriptedDice([15]))                     # pushed 1 + 4 = 5 yards: 1 + 2 + 2
    assert state.square(w) == (5, 1)


def test_M8_F2_a_push_over_a_ledge_drops_the_target_prone_at_the_edge_on_an_agility_success_else_it_falls():
    grid = ["..........", "..........", ".........."]
    heights = [[30] * 4 + [0] * 6 for _ in range(3)]
    state, (o, w) = build([("orc", "red", (1, 1)), ("warrior", "blue", (2, 1))], side="red")
    state.battlefield = parse_ascii(grid, elevation_ft=heights)
    execute(state, Shove(o, w), ScriptedDice([15, 12]))                 # the Agility roll at the edge: 12 + 1
    assert state.square(w) == (3, 1) and state.has_condition(w, "prone")
    state, (o, w) = build([("orc", "red", (1, 1)), ("warrior", "blue", (2, 1))], side="red")
    state.battlefield = parse_ascii(grid, elevation_ft=heights)
    events = execute(state, Shove(o, w), ScriptedDice([15, 2, 1, 2, 1, 2]))   # fails: 30 ft is 10 yards, 4d6
    fell = next(e for e in events if isinstance(e, Fell))
    assert fell.yards == 10 and fell.dice == (1, 2, 1, 2) and state.has_condition(w, "prone")


def test_M17_F2_stepping_down_less_than_five_yards_is_unhurt_and_leaves_no_prone():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (8, 1))])
    events = fall(state, ScriptedDice([]), w, 4)
    assert Fell(w, 4, ()) in events and not state.has_condition(w, "prone")


def test_F4_a_fall_that_deals_at_least_the_health_kills_outright():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (8, 1))])
    events = fall(state, ScriptedDice([6, 6, 6, 6]), w, 10)             # 24 >= Health 17
    damaged = next(e for e in events if isinstance(e, Damaged))
    assert damaged.dead and damaged.instant


def test_R6_at_the_end_of_the_round_the_heroes_afflictions_end_first():
    state, (o, w) = build([("orc", "red", (1, 1)), ("warrior", "blue", (5, 1))], order=("red", "blue"))
    for one in (o, w):
        state.add_condition(one, afflictions.lasting("fatigued", "", None, 0, 1))      # to the end of round 1
    events = end_round(state)
    ended = [e.target for e in events if isinstance(e, AfflictionChanged) and not e.added]
    assert ended == [w, o] and isinstance(events[0], RoundEnded)


def test_R8_the_skirmish_ends_when_one_side_is_left_fighting():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))])
    state.world.add(o, Vitals(13, 14))
    execute(state, Attack(w, o), ScriptedDice([20]))
    events = execute(state, Defend(o, "none"), ScriptedDice([3, 3]))
    assert SkirmishWon("blue") in events and state.outcome is not None


def test_H4_one_damage_roll_for_everyone_an_area_catches():
    state, (a, o, g) = build([("archer", "blue", (0, 0)), ("orc", "red", (5, 2)), ("goblin", "red", (6, 2))])
    set_ap(state, o, 0)
    set_ap(state, g, 0)                                                 # no AP: neither may answer
    events = execute(state, Throw(a, (5, 2)), ScriptedDice([18, 5, 6]))
    rolled = {e.target: e.dice for e in events if isinstance(e, Damaged)}
    assert rolled == {o: (5, 6), g: (5, 6)}
    assert situation.concealment(state, a, o) == "none"
