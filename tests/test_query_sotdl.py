"""`python -m game query` with "ruleset": "sotdl-house" answers as the contract's "sotdl-house answers" say."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRID = ["#######",
        "#..~..#",
        "#.:%*.#",
        "#######"]
UNITS = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [5, 1], "speed": 4},
         {"id": "C", "side": "red", "at": [2, 2], "conditions": ["prone", "blinded"]}]


def run(scenario):
    return subprocess.run([sys.executable, "-m", "game", "query", "-"], input=json.dumps(scenario),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def answers(*queries, grid=GRID, units=UNITS):
    proc = run({"ruleset": "sotdl-house", "grid": grid, "units": units, "queries": list(queries)})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["results"]


def test_M2_path_cost_in_yards_diagonal_one_difficult_two_through_a_prone_creature_M10():
    assert answers({"q": "path_cost", "unit": "A", "to": [5, 2]}, {"q": "path_cost", "unit": "A", "to": [4, 1]},
                   {"q": "path_cost", "unit": "A", "to": [2, 2]}) == [4, 3, None]


def test_M9_no_walk_through_a_standing_ally():
    grid = ["#####", "#...#", "#####"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "blue", "at": [2, 1]}]
    assert answers({"q": "path_cost", "unit": "A", "to": [3, 1]}, grid=grid, units=units) == [None]


def test_reachable_takes_yards():
    assert answers({"q": "reachable", "unit": "B", "yards": 2}) == [[[3, 2], [4, 1], [4, 2], [5, 1], [5, 2]]]


def test_E2_cover_counts_against_ranged_only():
    grid = ["#######", "#.....#", "#...#.#", "#.....#", "#######"]
    units = [{"id": "A", "side": "blue", "at": [1, 2]}, {"id": "B", "side": "red", "at": [5, 2]}]
    ranged, melee = answers({"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
                            {"q": "cover", "attacker": "A", "target": "B", "attack": "melee"}, grid=grid, units=units)
    assert ranged in ("half", "three_quarters") and melee == "none"


def test_E3_concealment_levels_and_invisible():
    units = UNITS + [{"id": "D", "side": "red", "at": [3, 2]}, {"id": "E", "side": "red", "at": [4, 2]},
                     {"id": "F", "side": "red", "at": [5, 2], "conditions": ["invisible"]}]
    assert answers(*({"q": "concealment", "attacker": "A", "target": t} for t in "BCDEF"), units=units) == \
        ["none", "partial", "heavy", "total", "total"]


def test_A5_A6_A7_E3_boons_net_of_the_situation():
    units = UNITS + [{"id": "P", "side": "blue", "at": [1, 2], "conditions": ["poisoned", "fatigued"]}]
    assert answers({"q": "boons", "attacker": "A", "target": "C", "attack": "melee"},
                   {"q": "boons", "attacker": "B", "target": "C", "attack": "ranged"},
                   {"q": "boons", "attacker": "P", "target": "B", "attack": "ranged"}, units=units) == [1, -1, -2]


def test_M4_provokes_a_walk_out_of_reach_withdraw_and_teleport_none():
    path = [[1, 1], [1, 2]]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [2, 1]}]
    grid = ["#####", "#...#", "#...#", "#.#.#", "#####"]
    walk = [[2, 2], [1, 2], [1, 3]]
    units2 = [{"id": "A", "side": "blue", "at": [2, 2]}, {"id": "B", "side": "red", "at": [3, 1]}]
    assert answers({"q": "provokes", "unit": "A", "path": path, "move": "walk"}, grid=grid, units=units) == [[]]
    assert answers({"q": "provokes", "unit": "A", "path": walk, "move": "walk"},
                   {"q": "provokes", "unit": "A", "path": walk, "move": "withdraw"},
                   {"q": "provokes", "unit": "A", "path": [[2, 2], [1, 3]], "move": "teleport"},
                   grid=grid, units=units2) == [["B"], [], []]


def test_F1_fall_from_feet_table_wins():
    assert answers({"q": "fall", "height_ft": 14}, {"q": "fall", "height_ft": 15}, {"q": "fall", "height_ft": 44},
                   {"q": "fall", "height_ft": 600}) == [
        {"dice": "", "flat": 0, "min": 0, "max": 0}, {"dice": "2d6", "flat": 0, "min": 2, "max": 12},
        {"dice": "4d6", "flat": 0, "min": 4, "max": 24}, {"dice": "20d6", "flat": 0, "min": 20, "max": 120}]


def test_4e_ideas_are_refused_in_one_line():
    proc = run({"ruleset": "sotdl-house", "grid": GRID, "units": UNITS,
                "queries": [{"q": "attack_modifier", "attacker": "A", "target": "B", "attack": "melee"}]})
    assert proc.returncode == 2 and proc.stderr.startswith("error:") and proc.stderr.count("\n") == 1


def test_unknown_condition_is_refused():
    proc = run({"ruleset": "sotdl-house", "grid": GRID, "units": [{"id": "A", "at": [1, 1], "conditions": ["dying"]}],
                "queries": []})
    assert proc.returncode == 2 and "dying" in proc.stderr


def test_E3_boons_count_partial_and_heavy_concealment_only_as_the_contract_lists():
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [4, 2]},
             {"id": "D", "side": "red", "at": [3, 2]}, {"id": "E", "side": "red", "at": [5, 1], "conditions": ["invisible"]}]
    assert answers(*({"q": "boons", "attacker": "A", "target": t, "attack": "melee"} for t in "BDE"), units=units) == \
        [0, -2, 0]
