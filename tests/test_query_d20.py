"""`python -m game query` with "ruleset": "d20-modern" answers as the contract's "d20-modern answers" say."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.query import QueryError, answer

ROOT = Path(__file__).resolve().parent.parent


def answers(grid, units, *queries, **extra):
    return answer({"ruleset": "d20-modern", "grid": grid, "units": units, "queries": list(queries), **extra}, ROOT)["results"]


def unit(uid, side, at, *conditions, size="medium"):
    return {"id": uid, "side": side, "at": list(at), "conditions": list(conditions), "size": size}


def test_cover_degrees_from_the_corner_lines_and_a_creature_in_the_way():
    grid = ["#########", "#.......#", "#.......#", "#########"]
    units = [unit("A", "blue", (1, 1)), unit("B", "red", (7, 1)), unit("C", "blue", (4, 1)), unit("S", "red", (4, 2),
            size="small")]
    assert answers(grid, units, {"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
                   {"q": "cover", "attacker": "A", "target": "S", "attack": "ranged"}) == ["one_half", "none"]
    walled = ["#######", "#A.#.B#", "#######"]
    assert answers(walled, [unit("A", "blue", (1, 1)), unit("B", "red", (5, 1))],
                   {"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"}) == ["total"]


def test_miss_chance_from_the_most_obscured_square_and_dense_fog_by_distance():
    grid = [".:%*..", "......"]
    units = [unit("A", "blue", (0, 0)), unit("L", "red", (1, 0)), unit("F", "red", (2, 0)), unit("D", "red", (3, 0)),
             unit("N", "red", (5, 1)), unit("I", "red", (4, 0), "invisible")]
    assert answers(grid, units, *({"q": "miss_chance", "attacker": "A", "target": t} for t in "LFDNI")) == [20, 50, 50, 0, 50]
    near = [unit("A", "blue", (1, 0)), unit("F", "red", (2, 0))]
    assert answers(grid, near, {"q": "miss_chance", "attacker": "A", "target": "F"}) == [20]


def test_flanking_needs_a_threatening_ally_directly_opposite():
    grid = [".....", ".....", "....."]
    units = [unit("A", "blue", (1, 1)), unit("B", "blue", (3, 1)), unit("T", "red", (2, 1)), unit("F", "blue", (3, 2),
            "flat_footed")]
    assert answers(grid, units, {"q": "flanking", "attacker": "A", "target": "T"}) == [True]
    units[1] = unit("B", "blue", (3, 1), "flat_footed")
    assert answers(grid, units, {"q": "flanking", "attacker": "A", "target": "T"}) == [False]


def test_attack_modifier_sums_the_attackers_side():
    grid = ["......", "......"]
    units = [unit("A", "blue", (0, 0), "prone"), unit("T", "red", (5, 0)), unit("C", "blue", (4, 1))]
    # prone -2 ranged, into melee -4, range 25 ft with 10-ft increments: -4
    assert answers(grid, units, {"q": "attack_modifier", "attacker": "A", "target": "T", "attack": "ranged",
                                 "range_increment": 10}) == [-10]
    high = [unit("A", "blue", (0, 0), "invisible"), unit("T", "red", (1, 0))]
    assert answers(["..", ".."], high, {"q": "attack_modifier", "attacker": "A", "target": "T", "attack": "melee"},
                   elevation_ft=[[5, 0], [0, 0]]) == [3]


def test_defense_modifier_cover_and_posture():
    grid = ["......"]
    units = [unit("A", "blue", (0, 0)), unit("P", "red", (4, 0), "prone"), unit("Q", "red", (1, 0), "prone", "pinned")]
    assert answers(grid, units, {"q": "defense_modifier", "attacker": "A", "target": "P", "attack": "ranged"},
                   {"q": "defense_modifier", "attacker": "A", "target": "Q", "attack": "melee"},
                   {"q": "defense_modifier", "attacker": "A", "target": "Q", "attack": "ranged"}) == [8, -8, 0]


def test_path_cost_and_reachable_in_feet():
    grid = ["#######", "#.....#", "#...~~#", "#######"]
    units = [unit("A", "blue", (1, 1)), unit("E", "red", (3, 1))]
    assert answers(grid, units, {"q": "path_cost", "unit": "A", "to": [2, 2]}, {"q": "path_cost", "unit": "A", "to": [5, 2]},
                   {"q": "path_cost", "unit": "A", "to": [3, 1]}, {"q": "reachable", "unit": "A", "feet": 5}) == \
        [5, 30, None, [[1, 1], [1, 2], [2, 1], [2, 2]]]


def test_provokes_walk_step_withdraw_teleport():
    grid = [".......", "......."]
    units = [unit("A", "blue", (1, 0)), unit("E", "red", (2, 1)), unit("F", "red", (5, 0))]
    path = [[1, 0], [2, 0], [3, 0], [4, 0]]
    assert answers(grid, units, {"q": "provokes", "unit": "A", "path": path},
                   {"q": "provokes", "unit": "A", "path": path, "move": "withdraw"},
                   {"q": "provokes", "unit": "A", "path": [[1, 0], [1, 1]], "move": "five_foot_step"},
                   {"q": "provokes", "unit": "A", "path": [[1, 0], [6, 1]], "move": "teleport"}) == [["E"], ["E"], [], []]


def test_fall_is_1d6_per_full_10_ft_at_most_20d6():
    assert answers(["."], [], {"q": "fall", "height_ft": 9}, {"q": "fall", "height_ft": 30}, {"q": "fall", "height_ft": 500}) == [
        {"dice": "", "flat": 0, "min": 0, "max": 0}, {"dice": "3d6", "flat": 0, "min": 3, "max": 18},
        {"dice": "20d6", "flat": 0, "min": 20, "max": 120}]


def test_4e_queries_are_refused_with_the_one_to_ask_and_exit_2():
    with pytest.raises(QueryError, match="miss_chance"):
        answers(["..."], [unit("A", "blue", (0, 0)), unit("B", "red", (2, 0))], {"q": "concealment", "attacker": "A",
                "target": "B"})
    proc = subprocess.run([sys.executable, "-m", "game", "query", "-"], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          input=json.dumps({"ruleset": "d20-modern", "grid": ["."], "units": [unit("A", "b", (0, 0), "shaken")]}))
    assert proc.returncode == 2 and proc.stderr.startswith("error:") and "shaken" in proc.stderr
