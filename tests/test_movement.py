"""Movement rules of 4e-combat.md §17-§18 and 4e-movement.md (M001-*) on tiny ASCII battlefields."""

from game.core.battlefield import EdgeKind, edge_key, parse_ascii
from game.core.grid import Size
from game.core.movement import Mover, MoveRules, Occupant, path_cost, search

from support import Unit, battle


def rules_for(rows, at, others=(), size=Size.MEDIUM, team="blue", flying=False, edges=()):
    bf = parse_ascii(rows, edges=edges)
    return MoveRules(bf, Mover(at, size, team, flying), list(others))


def test_diagonal_step_costs_one_square_M001_MV_01():
    rules = rules_for(["...", "...", "..."], (0, 0))
    assert path_cost(rules, ((0, 0), (1, 1), (2, 2))) == 2


def test_cannot_cut_across_a_wall_corner_17_3():
    rules = rules_for([".#", ".."], (0, 0))
    assert rules.step_cost((0, 0), (1, 1)) is None
    assert search(rules, 6).cost[(1, 1)] == 2  # around the corner instead


def test_cutting_corner_is_illegal_when_only_one_side_is_filled_A20():
    rules = rules_for(["..", "#."], (0, 0))
    assert rules.step_cost((0, 0), (1, 1)) is None


def test_difficult_terrain_costs_one_extra_square_18_1():
    rules = rules_for([".~."], (0, 0))
    assert path_cost(rules, ((0, 0), (1, 0), (2, 0))) == 3


def test_difficult_square_cannot_be_entered_with_one_square_left_M001_DT_02():
    rules = rules_for(["..~"], (0, 0))
    assert (2, 0) not in search(rules, 2).endable
    assert (2, 0) in search(rules, 3).endable


def test_flying_creatures_ignore_difficult_terrain_M001_DT_03():
    rules = rules_for([".~"], (0, 0), flying=True)
    assert search(rules, 1).cost[(1, 0)] == 1


def test_walls_can_never_be_entered_M001_MV_11():
    rules = rules_for([".#."], (0, 0))
    assert (1, 0) not in search(rules, 6).cost
    assert (2, 0) not in search(rules, 6).cost


def test_low_wall_on_an_edge_costs_like_difficult_terrain_M001_DT_07():
    edges = ((edge_key((0, 0), (1, 0)), EdgeKind.LOW_WALL),)
    rules = rules_for(["..", ".."], (0, 0), edges=edges)
    assert rules.step_cost((0, 0), (1, 0)) == 2
    assert rules.step_cost((0, 0), (0, 1)) == 1


def test_low_wall_and_difficult_square_do_not_stack_A44():
    edges = ((edge_key((0, 0), (1, 0)), EdgeKind.LOW_WALL),)
    rules = rules_for([".~"], (0, 0), edges=edges)
    assert rules.step_cost((0, 0), (1, 0)) == 2


def test_wall_on_an_edge_blocks_crossing_and_cutting_round_its_end():
    edges = ((edge_key((0, 0), (1, 0)), EdgeKind.WALL),)
    rules = rules_for(["..", ".."], (0, 0), edges=edges)
    assert rules.step_cost((0, 0), (1, 0)) is None
    assert rules.step_cost((0, 0), (1, 1)) is None


def test_may_pass_through_an_ally_but_not_end_there_M001_MV_04_MV_07():
    ally = Occupant((1, 0), Size.MEDIUM, "blue")
    result = search(rules_for(["..."], (0, 0), [ally]), 6)
    assert (2, 0) in result.endable
    assert (1, 0) in result.cost and (1, 0) not in result.endable


def test_may_end_in_a_prone_allys_square_17_4():
    ally = Occupant((1, 0), Size.MEDIUM, "blue", prone=True)
    assert (1, 0) in search(rules_for([".."], (0, 0), [ally]), 6).endable


def test_enemy_squares_block_movement_M001_MV_05():
    enemy = Occupant((1, 0), Size.MEDIUM, "red")
    result = search(rules_for(["...", "###"], (0, 0), [enemy]), 6)
    assert (1, 0) not in result.cost and (2, 0) not in result.cost


def test_helpless_enemy_may_be_passed_and_ended_on_M001_MV_08():
    enemy = Occupant((1, 0), Size.MEDIUM, "red", helpless=True)
    result = search(rules_for(["..."], (0, 0), [enemy]), 6)
    assert (1, 0) in result.endable and (2, 0) in result.endable


def test_enemy_two_sizes_apart_may_be_passed_but_not_ended_on_17_4():
    enemy = Occupant((1, 0), Size.TINY, "red")
    result = search(rules_for(["..."], (0, 0), [enemy]), 6)
    assert (2, 0) in result.endable and (1, 0) not in result.endable


def test_diagonal_past_a_creature_is_legal_M001_MV_03():
    enemy = Occupant((1, 0), Size.MEDIUM, "red")
    assert rules_for(["..", ".."], (0, 0), [enemy]).step_cost((0, 0), (1, 1)) == 1


def test_large_creature_pays_only_for_newly_entered_difficult_squares_M001_DT_06():
    # A 2x2 creature standing half in rubble pays 1 to step right when no new square is difficult.
    rows = ["~...", "~...", "...."]
    rules = rules_for(rows, (0, 0), size=Size.LARGE)
    assert rules.step_cost((0, 0), (1, 0)) == 1
    rules2 = rules_for(["..~.", "....", "...."], (0, 0), size=Size.LARGE)
    assert rules2.step_cost((0, 0), (1, 0)) == 2


def test_large_creature_needs_room_for_its_whole_space():
    rules = rules_for(["...", "..#"], (0, 0), size=Size.LARGE)
    assert rules.step_cost((0, 0), (1, 0)) is None


def test_reachable_squares_respect_speed_and_terrain():
    state, ids = battle(["A~..", "...."], {"A": Unit(speed=2)})
    result = search(state.move_rules(ids["A"]), 2)
    assert result.reachable() == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]


def test_cheapest_path_goes_around_rubble():
    rules = rules_for(["...", ".~.", "..."], (0, 1))
    result = search(rules, 6)
    assert result.cost[(2, 1)] == 2
    path = result.path_to((2, 1))
    assert path is not None and (1, 1) not in path
