"""sotdl-house long jump in a walk (M18): over a chasm, its yards from Agility, the landing rolled."""

from sotdl_support import build

from game.core.battlefield import parse_ascii
from game.core.dice import ScriptedDice
from game.rulesets.sotdl import attack
from game.rulesets.sotdl.ai import ControllerSotdl
from game.rulesets.sotdl.commands import Move
from game.rulesets.sotdl.engine import execute, figure, others, validate
from game.rulesets.sotdl.movement import reachable, walk_problem
from game.rulesets.sotdl.presentation import choices

GRID = ["..........", ".........."]
# Columns 3-4 are a chasm 40 ft deep (a walk into it falls, M17); the warrior (Agility 11) jumps 3 yards.
CHASM = [[0, 0, 0, -40, -40, 0, 0, 0, 0, 0]] * 2
WIDE = [[0, 0, 0, -40, -40, -40, 0, 0, 0, 0]] * 2


def by_chasm(units, heights=CHASM, side="blue"):
    state, made = build(units, grid=GRID, side=side, order=(side, "red" if side == "blue" else "blue"))
    state.battlefield = parse_ascii(GRID, elevation_ft=heights)
    return state, made


def landing(events):
    return [e for e in events if type(e).__name__ == "Rolled" and e.what == "landing"]


def test_m18_a_walk_ends_with_a_long_jump_over_a_chasm_and_a_passed_agility_roll_lands_standing():
    state, (w, o) = by_chasm([("warrior", "blue", (1, 0)), ("orc", "red", (9, 1))])
    path = ((1, 0), (2, 0), (5, 0))                         # 1 yard, then a 3-yard jump
    found = walk_problem(state.battlefield, figure(state, w), others(state, w), path, 10)
    assert (found.yards, found.fall_ft, found.long_jump) == (4, 0, True)
    assert validate(state, Move(w, path)) is None
    events = execute(state, Move(w, path), ScriptedDice([15]))
    assert state.space(w)[0] == (5, 0) and landing(events)[0].success
    assert [e.yards for e in events if type(e).__name__ == "Moved"] == [4]   # the jump's 3 yards counted
    assert not state.has_condition(w, "prone")


def test_m18_a_failed_landing_roll_leaves_the_jumper_prone_on_the_far_side():
    state, (w, o) = by_chasm([("warrior", "blue", (2, 0)), ("orc", "red", (9, 1))])
    events = execute(state, Move(w, ((2, 0), (5, 0))), ScriptedDice([3]))   # 3 + 1 < TN 10
    assert state.space(w)[0] == (5, 0) and not landing(events)[0].success
    assert state.has_condition(w, "prone")


def test_m18_two_yards_moved_first_lengthen_the_jump_by_2():
    state, (w, o) = by_chasm([("warrior", "blue", (0, 0)), ("orc", "red", (9, 1))], WIDE)
    standing = ((0, 0), (1, 0), (2, 0), (6, 0))            # 2 yards, then 4 (3 + 2 at most)
    assert validate(state, Move(w, standing)) is None
    state2, (w2, o2) = by_chasm([("warrior", "blue", (2, 0)), ("orc", "red", (9, 1))], WIDE)
    refusal = validate(state2, Move(w2, ((2, 0), (6, 0))))  # no run-up: 4 yards is past its 3
    assert refusal is not None and "long jump" in refusal.reason


def test_m18_a_long_jump_goes_only_over_a_chasm_and_not_when_prone():
    state, (w, o) = by_chasm([("warrior", "blue", (0, 0)), ("orc", "red", (9, 1))], [[0] * 10] * 2)
    assert validate(state, Move(w, ((0, 0), (2, 0)))) is not None      # level ground is walked
    state, (w, o) = by_chasm([("warrior", "blue", (2, 0)), ("orc", "red", (9, 1))])
    attack.knock_prone(state, w)
    assert validate(state, Move(w, ((2, 0), (5, 0)))) is not None      # M5: a prone creature crawls


def test_m18_the_preview_prices_the_jump_as_the_door_does():
    state, (w, o) = by_chasm([("warrior", "blue", (1, 0)), ("orc", "red", (9, 1))])
    result, ends = reachable(state.battlefield, figure(state, w), others(state, w), 10)
    assert (5, 0) in ends and result.path_to((5, 0))[-2:] == ((2, 0), (5, 0))
    assert result.cost[(5, 0)] == 4
    assert choices.walk_yards(state, w, choices.walk_search(state, w, 10))[(5, 0)] == 4
    found = walk_problem(state.battlefield, figure(state, w), others(state, w), result.path_to((5, 0)), 10)
    assert found.yards == 4 and found.long_jump


def test_m18_the_computer_jumps_the_chasm_toward_a_foe():
    state, (w, o) = by_chasm([("warrior", "red", (1, 0)), ("orc", "blue", (9, 0))], side="red")
    command = ControllerSotdl("red", "normal").next_command(state)
    assert validate(state, command) is None
    execute(state, command, ScriptedDice([15] * 20))
    assert state.space(w)[0][0] >= 5                       # over the chasm, toward the orc
