"""sotdl-house climbing on map elevation (M3, §11.5.3, §16.45) and jumping down (M17), on a small cliff."""

from sotdl_support import build

from game.core.battlefield import parse_ascii
from game.core.dice import ScriptedDice
from game.core.grid import Size
from game.core.movement import Mover, MoveRules
from game.rulesets.sotdl.ai import ControllerSotdl
from game.rulesets.sotdl.commands import Charge, Move
from game.rulesets.sotdl.components import Initiative
from game.rulesets.sotdl.engine import execute, figure, others, validate
from game.rulesets.sotdl.movement import path_cost, reachable, walk_problem
from game.rulesets.sotdl.presentation import choices

GRID = ["......", "......"]
# Columns 3-5 are a ledge 12 ft up (4 yards of face, rounded up from 4): the face is 10 ft or more.
LEDGE = [[0, 0, 0, 12, 12, 12], [0, 0, 0, 12, 12, 12]]


def on_cliff(units, heights=LEDGE, grid=GRID):
    state, made = build(units, grid=grid)
    state.battlefield = parse_ascii(grid, elevation_ft=heights)
    return state, made


def fell(events):
    return [e for e in events if type(e).__name__ == "Fell"]


def test_m3_a_walk_climbs_a_cliff_face_each_yard_of_height_costing_2_yards_on_top_of_the_step():
    state, (w, o) = on_cliff([("warrior", "blue", (1, 0)), ("orc", "red", (5, 1))])
    path = ((1, 0), (2, 0), (3, 0))                    # 1 yard, then up 12 ft: 1 + 2 x 4 = 9
    found = walk_problem(state.battlefield, figure(state, w), others(state, w), path, 10)
    assert (found.yards, found.fall_ft, found.climb_yards) == (10, 0, 8)
    assert validate(state, Move(w, path)) is None
    events = execute(state, Move(w, path), ScriptedDice([]))
    assert state.space(w)[0] == (3, 0) and not fell(events)


def test_m3_feet_of_face_round_up_to_yards():
    heights = [[0, 0, 0, 10, 10, 10], [0, 0, 0, 10, 10, 10]]   # 10 ft: 3 1/3 yards, climbed as 4
    state, (w, o) = on_cliff([("warrior", "blue", (2, 0)), ("orc", "red", (0, 1))], heights)
    found = walk_problem(state.battlefield, figure(state, w), others(state, w), ((2, 0), (3, 0)), 10)
    assert found.yards == 9


def test_m3_a_creature_that_cannot_pay_the_climb_cannot_climb_that_face_this_move():
    state, (w, o) = on_cliff([("warrior", "blue", (0, 0)), ("orc", "red", (0, 1))])
    path = ((0, 0), (1, 0), (2, 0), (3, 0))             # 2 + 9 = 11 yards: more than Speed 10
    assert "11 yards" in validate(state, Move(w, path)).reason
    _, ends = reachable(state.battlefield, figure(state, w), others(state, w), 10)
    assert (3, 0) not in ends and (2, 0) in ends


def test_m3_the_preview_lights_the_squares_up_the_cliff_at_the_price_the_door_charges():
    state, (w, o) = on_cliff([("warrior", "blue", (2, 0)), ("orc", "red", (0, 1))])
    result, ends = reachable(state.battlefield, figure(state, w), others(state, w), 10)
    assert (3, 0) in ends and (4, 0) in ends and (5, 0) not in ends   # 9, then 10; 11 is too far
    search = choices.walk_search(state, w, 10)
    assert choices.walk_yards(state, w, search)[(4, 0)] == 10
    priced = walk_problem(state.battlefield, figure(state, w), others(state, w), result.path_to((4, 0)), 10)
    assert priced.yards == 10 == path_cost(state.battlefield, figure(state, w), others(state, w))[(4, 0)]
    assert choices.walk_climb(state, w, result.path_to((4, 0)), 10) == 8


def test_m3_climbing_down_a_face_lets_the_walk_go_on_without_a_fall():
    state, (w, o) = on_cliff([("warrior", "blue", (4, 0)), ("orc", "red", (0, 1))])
    path = ((4, 0), (3, 0), (2, 0), (1, 0))             # 1, down 12 ft (1 + 8), 1: 11 > 10
    assert validate(state, Move(w, path)) is not None
    path = ((4, 0), (3, 0), (2, 0))                     # 1 + 9 = 10: climbed down
    events = execute(state, Move(w, path), ScriptedDice([]))
    assert state.space(w)[0] == (2, 0) and not fell(events)


def test_m17_a_walk_that_cannot_pay_to_climb_down_may_end_with_a_jump_down_and_falls_past_5_yards():
    heights = [[30, 0, 0, 0, 0, 0], [30, 0, 0, 0, 0, 0]]
    state, (w, o) = on_cliff([("warrior", "blue", (0, 0)), ("orc", "red", (5, 1))], heights)
    through = ((0, 0), (1, 0), (2, 0))                  # a jump ends the walk: no step after it
    assert validate(state, Move(w, through)) is not None
    result, _ends = reachable(state.battlefield, figure(state, w), others(state, w), 10)
    assert result.falls.get((1, 0)) == 30 and (2, 0) not in result.cost
    events = execute(state, Move(w, ((0, 0), (1, 0))), ScriptedDice([3, 3, 3, 3]))
    assert fell(events)[0].yards == 10                  # 30 ft = 10 yards: a fall (M17, F1)


def test_m17_jumping_down_5_yards_or_less_lands_safely_where_the_climb_is_too_dear():
    heights = [[15, 0, 0, 0, 0, 0], [15, 0, 0, 0, 0, 0]]   # climbing down: 1 + 2 x 5 = 11 > Speed 10
    state, (w, o) = on_cliff([("warrior", "blue", (0, 0)), ("orc", "red", (5, 1))], heights)
    found = walk_problem(state.battlefield, figure(state, w), others(state, w), ((0, 0), (1, 0)), 10)
    assert (found.yards, found.fall_ft, found.climb_yards) == (1, 15, 0)
    events = execute(state, Move(w, ((0, 0), (1, 0))), ScriptedDice([]))
    assert state.space(w)[0] == (1, 0) and not fell(events)


def test_m3_a_charge_climbs_to_a_foe_on_a_ledge():
    state, (w, o) = on_cliff([("warrior", "blue", (2, 0)), ("orc", "red", (4, 0))])
    assert validate(state, Charge(w, ((2, 0), (3, 0)), o)) is None


def test_m3_the_computer_climbs_to_reach_a_foe_on_a_ledge():
    state, (o, w) = on_cliff([("orc", "red", (1, 0)), ("warrior", "blue", (5, 0))])
    state.world.set_resource(Initiative(1, ("red", "blue"), "red"))
    command = ControllerSotdl("red", "normal").next_command(state)
    assert validate(state, command) is None
    execute(state, command, ScriptedDice([10] * 20))
    assert state.space(o)[0][0] >= 3                   # up the face, toward the warrior


def test_m3_the_shared_step_tables_still_refuse_a_cliff_face_to_other_rulesets():
    bf = parse_ascii(GRID, elevation_ft=LEDGE)
    rules = MoveRules(bf, Mover((2, 0), Size.MEDIUM, "a"), [])
    assert rules.step_cost((2, 0), (3, 0)) is None and rules.step_cost((2, 0), (2, 1)) == 1
