"""sotdl-house squeezing (M11): a size-2 creature passes a 1-square corridor but stops only where it fits."""

from sotdl_support import build

from game.core.battlefield import parse_ascii
from game.core.dice import ScriptedDice
from game.core.grid import Size
from game.core.movement import Mover, MoveRules
from game.rulesets.sotdl.ai import ControllerSotdl
from game.rulesets.sotdl.commands import Move
from game.rulesets.sotdl.components import Initiative
from game.rulesets.sotdl.engine import execute, figure, others, validate
from game.rulesets.sotdl.movement import path_cost, reachable, walk_problem
from game.rulesets.sotdl.presentation import choices

# A wall across rows 2-3 with a 1-square corridor in column 5.
CORRIDOR = ["..........", "..........", "#####.####", "#####.####", "..........", ".........."]
THROUGH = ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4))     # the troll's 2x2 space keeps a square in the corridor


def in_corridor(units):
    return build(units, grid=CORRIDOR, side="red", order=("red", "blue"))


def test_m11_a_size_2_creature_walks_through_a_1_square_corridor_at_a_yard_a_step():
    state, (t, w) = in_corridor([("troll", "red", (4, 0)), ("warrior", "blue", (0, 5))])
    found = walk_problem(state.battlefield, figure(state, t), others(state, t), THROUGH, 10)
    assert (found.yards, found.fall_ft, found.climb_yards) == (4, 0, 0)
    assert validate(state, Move(t, THROUGH)) is None
    execute(state, Move(t, THROUGH), ScriptedDice([]))
    assert state.space(t)[0] == (4, 4)


def test_m11_a_squeezing_creature_may_not_end_its_walk_where_its_whole_space_does_not_fit():
    state, (t, w) = in_corridor([("troll", "red", (4, 0)), ("warrior", "blue", (0, 5))])
    refusal = validate(state, Move(t, THROUGH[:3]))
    assert refusal is not None and "may not end" in refusal.reason
    assert state.space(t)[0] == (4, 0)


def test_m11_the_preview_and_path_cost_price_the_corridor_as_the_door_does():
    state, (t, w) = in_corridor([("troll", "red", (4, 0)), ("warrior", "blue", (0, 5))])
    result, ends = reachable(state.battlefield, figure(state, t), others(state, t), 10)
    assert (4, 4) in ends and (4, 2) not in ends and (4, 3) not in ends
    assert path_cost(state.battlefield, figure(state, t), others(state, t))[(4, 4)] == 4
    assert choices.walk_yards(state, t, choices.walk_search(state, t, 10))[(4, 4)] == 4
    path = result.path_to((4, 4))
    assert walk_problem(state.battlefield, figure(state, t), others(state, t), path, 10).yards == 4


def test_m11_a_creature_standing_in_the_corridor_still_blocks_a_squeeze():
    state, (t, w) = in_corridor([("troll", "red", (4, 0)), ("warrior", "blue", (5, 3))])
    assert validate(state, Move(t, THROUGH)) is not None
    _result, ends = reachable(state.battlefield, figure(state, t), others(state, t), 10)
    assert (4, 4) not in ends


def test_m11_the_computer_squeezes_through_the_corridor_toward_a_foe():
    state, (t, w) = in_corridor([("troll", "red", (4, 0)), ("warrior", "blue", (4, 5))])
    state.world.set_resource(Initiative(1, ("red", "blue"), "red"))
    command = ControllerSotdl("red", "normal").next_command(state)
    assert validate(state, command) is None
    execute(state, command, ScriptedDice([10] * 20))
    assert state.space(t)[0][1] >= 4                   # through the wall's gap, toward the warrior


def test_m11_the_shared_step_tables_still_need_a_2_wide_path_for_a_large_creature_in_other_rulesets():
    rules = MoveRules(parse_ascii(CORRIDOR), Mover((4, 0), Size.LARGE, "a"), [])
    assert rules.step_cost((4, 0), (4, 1)) is None and rules.step_cost((4, 0), (3, 0)) == 1
