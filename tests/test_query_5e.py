"""`python -m game query` with "ruleset": "5e-house" answers as the contract's "5e-house answers" say."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRID = ["#######",
        "#..~..#",
        "#.:%*.#",
        "#######"]
UNITS = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [5, 1], "speed": 4}]


def run(scenario):
    return subprocess.run([sys.executable, "-m", "game", "query", "-"], input=json.dumps(scenario),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def answers(*queries, grid=GRID, units=UNITS, **extra):
    proc = run({"ruleset": "5e-house", "grid": grid, "units": units, "queries": list(queries), **extra})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["results"]


def test_path_cost_in_feet_every_second_diagonal_10_and_difficult_doubled_2_3():
    grid = ["#########",
            "#.......#",
            "#.......#",
            "#.......#",
            "#.....~~#",
            "#########"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}]
    assert answers(
        {"q": "path_cost", "unit": "A", "to": [2, 2]},    # one diagonal: 5
        {"q": "path_cost", "unit": "A", "to": [3, 3]},    # two diagonals: 5 + 10
        {"q": "path_cost", "unit": "A", "to": [4, 4]},    # three: 5 + 10 + 5
        {"q": "path_cost", "unit": "A", "to": [7, 1]},    # six straight: 30
        {"q": "path_cost", "unit": "A", "to": [6, 4]},    # into rubble: 3 diagonals (20) + 2 straight (10) ... last doubled
        {"q": "path_cost", "unit": "A", "to": [1, 1]},
        {"q": "path_cost", "unit": "A", "to": [0, 0]},    # a wall
        grid=grid, units=units,
    ) == [5, 15, 20, 30, 35, 0, None]


def test_path_cost_crawling_prone_doubles_every_step_2_3_1():
    units = [{"id": "A", "side": "blue", "at": [1, 1], "conditions": ["prone"]}]
    grid = ["#######", "#.....#", "#.....#", "#######"]
    assert answers({"q": "path_cost", "unit": "A", "to": [3, 1]},
                   {"q": "path_cost", "unit": "A", "to": [4, 2]}, grid=grid, units=units) == [20, 30]


def test_crawling_into_difficult_terrain_is_additive_triple_cost_2_3_2():
    units = [{"id": "A", "side": "blue", "at": [1, 1], "conditions": ["prone"]}]
    assert answers({"q": "path_cost", "unit": "A", "to": [3, 1]}, units=units) == [10 + 15]


def test_reachable_takes_a_budget_in_feet_and_defaults_to_speed_times_5():
    assert answers({"q": "reachable", "unit": "A", "feet": 10},
                   {"q": "reachable", "unit": "B"}) == [
        [[1, 1], [1, 2], [2, 1], [2, 2], [3, 2]],
        # B: 20 ft, walking west along row 1 and row 2 (the dark squares cost like any other).
        [[1, 2], [2, 1], [2, 2], [3, 1], [3, 2], [4, 1], [4, 2], [5, 1], [5, 2]],
    ]


def test_moving_through_creatures_2_3_3():
    grid = ["#######", "#.....#", "#######"]
    ally = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "F", "side": "blue", "at": [2, 1]}]
    foe = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "E", "side": "red", "at": [2, 1]}]
    tiny_foe = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "E", "side": "red", "at": [2, 1], "size": "tiny"}]
    out_cold = [{"id": "A", "side": "blue", "at": [1, 1]},
                {"id": "E", "side": "red", "at": [2, 1], "conditions": ["unconscious"]}]
    q = [{"q": "path_cost", "unit": "A", "to": [3, 1]}, {"q": "path_cost", "unit": "A", "to": [2, 1]}]
    assert answers(*q, grid=grid, units=ally) == [10, None]        # through an ally at normal cost, never ending there
    assert answers(*q, grid=grid, units=foe) == [None, None]       # a hostile creature of like size blocks
    assert answers(*q, grid=grid, units=tiny_foe) == [10, None]    # a Tiny one does not
    assert answers(*q, grid=grid, units=out_cold) == [15, None]    # an incapacitated one is difficult terrain


def test_two_sizes_apart_is_passed_as_difficult_terrain_2_3_3():
    grid = ["########", "#......#", "#......#", "########"]
    units = [{"id": "A", "side": "blue", "at": [1, 2], "size": "small"},
             {"id": "G", "side": "red", "at": [2, 1], "size": "large"}]
    # A Small creature passes through a Large foe's space (2 squares of difficult terrain) to the far side.
    assert answers({"q": "path_cost", "unit": "A", "to": [4, 2]}, grid=grid, units=units) == [5 + 10 + 10]


def test_held_creatures_do_not_walk():
    units = [{"id": "A", "side": "blue", "at": [1, 1], "conditions": ["grappled"]}]
    assert answers({"q": "path_cost", "unit": "A", "to": [2, 1]},
                   {"q": "reachable", "unit": "A"}, units=units) == [None, [[1, 1]]]


def test_cover_half_three_quarters_and_total_from_the_shared_lines_7():
    grid = ["#########",
            "#.......#",
            "#...o...#",
            "#.......#",
            "#########"]
    units = [{"id": "A", "side": "blue", "at": [1, 2]}, {"id": "B", "side": "red", "at": [5, 2]},
             {"id": "C", "side": "red", "at": [7, 1]}]
    assert answers({"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
                   {"q": "cover", "attacker": "A", "target": "C", "attack": "ranged"},
                   grid=grid, units=units) == ["half", "none"]
    slit = ["#######", "#.....#", "###.###", "#.....#", "#######"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [1, 3]},
             {"id": "C", "side": "red", "at": [3, 3]}]
    assert answers({"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
                   {"q": "cover", "attacker": "A", "target": "C", "attack": "ranged"},
                   grid=slit, units=units) == ["total", "three_quarters"]


def test_a_low_wall_gives_half_cover_not_three_quarters_7():
    grid = ["#######", "#.....#", "#######"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [4, 1]}]
    edges = [{"between": [[3, 1], [4, 1]], "kind": "low_wall"}]
    assert answers({"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
                   grid=grid, units=units, edges=edges) == ["half"]


def test_a_creature_in_the_way_gives_half_cover_7():
    grid = ["#######", "#.....#", "#######"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "F", "side": "blue", "at": [3, 1]},
             {"id": "B", "side": "red", "at": [5, 1]}]
    assert answers({"q": "cover", "attacker": "A", "target": "B", "attack": "ranged"},
                   grid=grid, units=units) == ["half"]


def test_concealment_light_and_heavy_from_the_shared_obscurement_8():
    units = UNITS + [{"id": "L", "side": "red", "at": [2, 2]}, {"id": "H", "side": "red", "at": [3, 2]},
                     {"id": "D", "side": "red", "at": [4, 2]}, {"id": "I", "side": "red", "at": [1, 2],
                                                                "conditions": ["invisible"]}]
    assert answers(*[{"q": "concealment", "attacker": "A", "target": t} for t in ("B", "L", "H", "D", "I")],
                   units=units) == ["none", "light", "heavy", "heavy", "heavy"]


def test_advantage_from_prone_sight_and_their_cancelling_2_3_1_8():
    grid = ["########", "#......#", "#.%....#", "########"]
    near_prone = [{"id": "A", "side": "blue", "at": [1, 1]},
                  {"id": "B", "side": "red", "at": [2, 1], "conditions": ["prone"]}]
    far_prone = [{"id": "A", "side": "blue", "at": [1, 1]},
                 {"id": "B", "side": "red", "at": [5, 1], "conditions": ["prone"]}]
    both_prone = [{"id": "A", "side": "blue", "at": [1, 1], "conditions": ["prone"]},
                  {"id": "B", "side": "red", "at": [2, 1], "conditions": ["prone"]}]
    in_fog = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [2, 2]}]
    attacker_in_fog = [{"id": "A", "side": "blue", "at": [2, 2]}, {"id": "B", "side": "red", "at": [2, 1]}]
    blinded_target = [{"id": "A", "side": "blue", "at": [1, 1]},
                      {"id": "B", "side": "red", "at": [2, 1], "conditions": ["blinded"]}]
    melee = {"q": "advantage", "attacker": "A", "target": "B", "attack": "melee"}
    assert answers(melee, grid=grid, units=near_prone) == ["advantage"]
    assert answers({**melee, "attack": "ranged"}, grid=grid, units=far_prone) == ["disadvantage"]
    assert answers(melee, grid=grid, units=both_prone) == ["none"]          # advantage and disadvantage cancel
    assert answers(melee, grid=grid, units=in_fog) == ["disadvantage"]      # heavily obscured even when adjacent
    assert answers(melee, grid=grid, units=attacker_in_fog) == ["advantage"]
    assert answers(melee, grid=grid, units=blinded_target) == ["advantage"]
    assert answers({**melee, "attack": "area"}, grid=grid, units=near_prone) == ["none"]   # saves, no attack roll


def test_ranged_attack_next_to_an_enemy_and_beyond_normal_range_have_disadvantage():
    grid = ["##########", "#........#", "##########"]
    units = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "E", "side": "red", "at": [2, 1]},
             {"id": "B", "side": "red", "at": [8, 1]}]
    far = [{"id": "A", "side": "blue", "at": [1, 1]}, {"id": "B", "side": "red", "at": [8, 1]}]
    shot = {"q": "advantage", "attacker": "A", "target": "B", "attack": "ranged"}
    assert answers(shot, grid=grid, units=units) == ["disadvantage"]
    assert answers(shot, {**shot, "range_ft": 30}, {**shot, "range_ft": 35}, grid=grid, units=far) == [
        "none", "disadvantage", "none"]


def test_fall_is_1d6_per_full_10_ft_at_most_20d6():
    assert answers({"q": "fall", "height_ft": 9}, {"q": "fall", "height_ft": 35},
                   {"q": "fall", "height_ft": 1000}) == [
        {"dice": "", "flat": 0, "min": 0, "max": 0}, {"dice": "3d6", "flat": 0, "min": 3, "max": 18},
        {"dice": "20d6", "flat": 0, "min": 20, "max": 120}]


def test_provokes_on_leaving_reach_never_moving_within_it_6():
    grid = ["########", "#......#", "#......#", "#......#", "########"]
    units = [{"id": "A", "side": "blue", "at": [2, 2]}, {"id": "E", "side": "red", "at": [3, 2]},
             {"id": "F", "side": "red", "at": [1, 1], "conditions": ["unconscious"]}]
    within = [[2, 2], [2, 1], [3, 1]]
    leaving = [[2, 2], [1, 2], [1, 3]]
    assert answers({"q": "provokes", "unit": "A", "path": within},
                   {"q": "provokes", "unit": "A", "path": leaving},
                   {"q": "provokes", "unit": "A", "path": leaving, "move": "disengage"},
                   {"q": "provokes", "unit": "A", "path": [[2, 2], [5, 3]], "move": "teleport"},
                   grid=grid, units=units) == [[], ["E"], [], []]


def test_geometry_queries_answer_as_in_4e():
    assert answers({"q": "sight", "from": "A", "to": [3, 2]}, {"q": "effect", "from": "A", "to": [4, 2]},
                   {"q": "teleport", "unit": "A", "to": [2, 1], "squares": 1}) == [False, True, True]


def test_4e_only_queries_and_unknown_rulesets_fail_with_one_error_line():
    for q in ({"q": "attack_modifier", "attacker": "A", "target": "B"}, {"q": "shift", "unit": "A", "to": [2, 1]}):
        proc = run({"ruleset": "5e-house", "grid": GRID, "units": UNITS, "queries": [q]})
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith("error:") and proc.stderr.count("\n") == 1 and "5e-house" in proc.stderr
    proc = run({"ruleset": "3.5e", "grid": GRID, "units": UNITS, "queries": []})
    assert proc.returncode == 2 and proc.stderr.startswith("error: unknown ruleset '3.5e' (known: 4e, 5e-house")
    proc = run({"ruleset": "4e", "grid": GRID, "units": UNITS, "queries": [{"q": "advantage", "attacker": "A", "target": "B"}]})
    assert proc.returncode == 2 and "unknown query 'advantage'" in proc.stderr
