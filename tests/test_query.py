"""`python -m game query` answers as ../shared/contracts/query.md says, and rejects bad input in one line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GRID = ["#######",
        "#..~..#",
        "#.:%*.#",
        "#######"]
UNITS = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [5, 1], "speed": 4}]


def query(scenario, as_text=None):
    text = as_text if as_text is not None else json.dumps(scenario)
    proc = subprocess.run([sys.executable, "-m", "game", "query", "-"], input=text, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    return proc


def answers(*queries, grid=GRID, units=UNITS, **extra):
    proc = query({"grid": grid, "units": units, "queries": list(queries), **extra})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["results"]


def test_sight_and_effect_between_units_and_to_squares_6():
    assert answers(
        {"q": "sight", "from": "A", "to": "B"},
        {"q": "sight", "from": "A", "to": [4, 2]},     # darkness: not seen
        {"q": "effect", "from": "A", "to": [4, 2]},    # darkness never blocks effect
        {"q": "sight", "from": "A", "to": [3, 2]},     # heavy fog, not adjacent
        {"q": "sight", "from": "A", "to": [2, 2]},     # light fog is seen
    ) == [True, False, True, False, True]


def test_walls_block_sight_and_effect_6():
    grid = ["#####", "#.#.#", "#####"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [3, 1]}]
    assert answers({"q": "sight", "from": "A", "to": "B"}, {"q": "effect", "from": "A", "to": "B"},
                   grid=grid, units=units) == [False, False]


def test_path_cost_counts_diagonals_as_one_and_rubble_as_two_17_18():
    assert answers(
        {"q": "path_cost", "unit": "A", "to": [5, 2]},
        {"q": "path_cost", "unit": "A", "to": [3, 1]},
        {"q": "path_cost", "unit": "A", "to": [1, 1]},
        {"q": "path_cost", "unit": "A", "to": [0, 0]},   # a wall: no walk ends there
        {"q": "path_cost", "unit": "A", "to": [5, 1]},   # an enemy's square
    ) == [4, 3, 0, None, None]


def test_reachable_lists_end_squares_sorted_by_x_then_y():
    # [3, 1] is rubble entered after one step: 3 squares, beyond a budget of 2.
    assert answers({"q": "reachable", "unit": "A", "squares": 2}) == [[[1, 1], [1, 2], [2, 1], [2, 2], [3, 2]]]


def test_reachable_defaults_to_the_units_speed():
    [result] = answers({"q": "reachable", "unit": "B"})
    assert [1, 1] not in result and [5, 1] in result and [1, 2] in result


def test_low_wall_edge_costs_movement_in_query():
    grid = ["....", "...."]
    units = [{"id": "A", "side": "blue", "at": [0, 0]}]
    edges = [{"between": [[0, 0], [1, 0]], "kind": "low_wall"}]
    # Straight over the low wall costs 2; so does stepping round its end (1 diagonal + 1 back).
    assert answers({"q": "path_cost", "unit": "A", "to": [1, 0]}, grid=grid, units=units, edges=edges) == [2]
    assert answers({"q": "reachable", "unit": "A", "squares": 1}, grid=grid, units=units, edges=edges) == [[[0, 0], [0, 1], [1, 1]]]


def test_query_reads_a_scenario_file_with_a_tiled_map(tmp_path):
    scenario = {"map": str(ROOT / "maps" / "default.tmx"), "units": [{"id": "A", "at": [1, 1]}],
                "queries": [{"q": "path_cost", "unit": "A", "to": [1, 1]}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    proc = subprocess.run([sys.executable, "-m", "game", "query", str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"results": [0]}


@pytest.mark.parametrize("scenario,needle", [
    ({"grid": GRID, "units": UNITS, "queries": [{"q": "sight", "from": "Z", "to": "B"}]}, "unknown unit id"),
    ({"grid": GRID, "units": UNITS, "queries": [{"q": "path_cost", "unit": "A", "to": [9, 9]}]}, "off the map"),
    ({"grid": GRID, "units": UNITS, "queries": [{"q": "teleport_everyone"}]}, "unknown query"),
    ({"grid": GRID, "units": [{"id": "A", "at": [1, 1], "conditions": ["sleepy"]}], "queries": []}, "unknown condition"),
    ({"grid": ["#?#"], "queries": []}, "unknown square"),
    ({"units": [], "queries": []}, "grid"),
])
def test_bad_input_is_one_error_line_and_exit_2(scenario, needle):
    proc = query(scenario)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and needle in lines[0]


def test_bad_json_is_one_error_line_and_exit_2():
    proc = query(None, as_text="{not json")
    assert proc.returncode == 2 and proc.stderr.startswith("error:") and "Traceback" not in proc.stderr


def test_missing_scenario_file_is_one_error_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "game", "query", str(tmp_path / "none.json")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "none.json" in proc.stderr


def test_battlefield_queries_answer_in_the_contracts_shapes():
    units = UNITS + [{"id": "C", "side": "blue", "at": [5, 2]}]
    assert answers(
        {"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
        {"q": "concealment", "attacker": "A", "target": "C", "attack": "area"},
        {"q": "flanking", "attacker": "A", "target": "B"},
        {"q": "combat_advantage", "attacker": "A", "target": "B", "attack": "melee"},
        {"q": "attack_modifier", "attacker": "A", "target": "B", "attack": "ranged", "range": 2, "long_range": 4},
        {"q": "shift", "unit": "A", "to": [2, 2]},
        {"q": "shift", "unit": "A", "to": [3, 1]},
        {"q": "forced", "by": "A", "target": "B", "kind": "push", "squares": 1},
        {"q": "fall", "height_ft": 70},
        {"q": "fall", "height_ft": 5},
        {"q": "teleport", "unit": "A", "to": [4, 1], "squares": 5},
        {"q": "teleport", "unit": "A", "to": [3, 2], "squares": 5},
        {"q": "provokes", "unit": "C", "path": [[5, 2], [4, 2], [3, 2]], "move": "walk"},
        {"q": "provokes", "unit": "C", "path": [[5, 2], [4, 2]], "move": "shift"},
        units=units,
    ) == ["none", "none", False, False, -2, True, False, [[5, 1]],
          {"dice": "7d10", "flat": 0, "min": 7, "max": 70}, {"dice": "", "flat": 0, "min": 0, "max": 0},
          True, False, ["B"], []]
