"""Battlefield rules of 4e (§14 cover, §15 concealment, §20 falling, §21 flanking, §22 forced movement,
§23 teleport, §25.13 opportunity attacks, §25.20 shift) on tiny ASCII battlefields."""

from game.rulesets.dnd4e.actions.attack import AttackPlan, plan_attack
from game.rulesets.dnd4e.actions.move import shift_rejection
from game.core.battlefield import EdgeKind, Terrain
from game.core.forced import forced_destinations
from game.core.lines import best_cover_lines
from game.core.teleport import teleport_reaches
from game.rulesets.dnd4e.falling import fall_damage
from game.rulesets.dnd4e.opportunity import provokers
from game.rulesets.dnd4e.situation import combat_advantage, concealment, cover, is_flanking

from game.ecs.components import Position
from game.state import GameState

from support import Unit, battle

RED = Unit(side="red")


def test_open_ground_gives_no_cover_14():
    state, ids = battle(["A...B"], {"A": Unit(), "B": RED})
    assert cover(state, ids["A"], ids["B"], "ranged") == "none"


def test_pillar_beside_the_line_gives_cover_14():
    state, ids = battle(["A....",
                         "...oB"], {"A": Unit(), "B": RED})
    assert cover(state, ids["A"], ids["B"], "ranged") == "cover"


def test_cover_feature_in_the_targets_square_gives_cover_14():
    state, ids = battle(["A...B"], {"A": Unit(), "B": RED})
    state = GameState(_with(state.battlefield, (4, 0), Terrain(cover=True)), state.world)
    assert cover(state, ids["A"], ids["B"], "ranged") == "cover"


def test_three_or_four_blocked_lines_with_line_of_effect_is_superior_cover_14():
    # From A's best corner (1, 0) one line touches only the wall's corner; three cross the wall.
    state, ids = battle(["A.....",
                         "..#...",
                         "....B."], {"A": Unit(), "B": RED})
    assert cover(state, ids["A"], ids["B"], "ranged") == "superior"


def test_enemies_in_the_way_give_cover_but_never_superior_cover_14():
    # A column of the attacker's enemies blocks every corner line, yet creatures give only cover.
    state, ids = battle([".C..",
                         "AC.B",
                         ".C.."], {"A": Unit(), "B": RED, "C": RED})
    for x, y in ((1, 1), (1, 2)):  # C itself stands on the first C, (1, 0)
        extra = state.world.create(*[state.world.get(ids["C"], kind) for kind in _unit_kinds()])
        state.world.add(extra, Position((x, y)))
    assert cover(state, ids["A"], ids["B"], "ranged") == "cover"


def test_no_line_of_effect_means_no_effect_6():
    state, ids = battle(["A.#.B"], {"A": Unit(), "B": RED})
    assert cover(state, ids["A"], ids["B"], "ranged") == "no_effect"


def test_enemies_in_the_way_give_cover_against_ranged_attacks_only_14():
    state, ids = battle(["A.CB"], {"A": Unit(), "B": RED, "C": RED})
    assert cover(state, ids["A"], ids["B"], "ranged") != "none"
    assert cover(state, ids["A"], ids["B"], "melee") == "none"


def test_the_attackers_allies_never_give_cover_14():
    state, ids = battle(["A.CB"], {"A": Unit(), "B": RED, "C": Unit()})
    assert cover(state, ids["A"], ids["B"], "ranged") == "none"


def test_light_obscurement_gives_concealment_15_2():
    state, ids = battle(["A..B"], {"A": Unit(), "B": RED})
    state = GameState(_with(state.battlefield, (3, 0), Terrain(obscured=1)), state.world)
    assert concealment(state, ids["A"], ids["B"], "ranged") == "partial"
    assert concealment(state, ids["A"], ids["B"], "area") == "none"


def test_heavy_obscurement_is_concealment_adjacent_and_total_beyond_15_2():
    state, ids = battle(["A.BC"], {"A": Unit(), "B": RED, "C": RED})
    bf = _with(_with(state.battlefield, (2, 0), Terrain(obscured=2)), (3, 0), Terrain(obscured=2))
    state = GameState(bf, state.world)
    assert concealment(state, ids["A"], ids["C"], "ranged") == "total"
    state.world.add(ids["A"], Position((1, 0)))
    assert concealment(state, ids["A"], ids["B"], "melee") == "partial"


def test_invisible_target_has_total_concealment_15_3():
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red", conditions=("invisible",))})
    assert concealment(state, ids["A"], ids["B"], "melee") == "total"


def test_opposite_sides_flank_21():
    state, ids = battle(["ABC"], {"A": Unit(), "B": RED, "C": Unit()})
    assert is_flanking(state, ids["A"], ids["B"]) and is_flanking(state, ids["C"], ids["B"])


def test_opposite_corners_flank_and_adjacent_corners_do_not_21():
    state, ids = battle(["A..", ".B.", "..C"], {"A": Unit(), "B": RED, "C": Unit()})
    assert is_flanking(state, ids["A"], ids["B"])
    state2, ids2 = battle(["A.C", ".B.", "..."], {"A": Unit(), "B": RED, "C": Unit()})
    assert not is_flanking(state2, ids2["A"], ids2["B"])


def test_a_dazed_ally_cannot_flank_21():
    state, ids = battle(["ABC"], {"A": Unit(), "B": RED, "C": Unit(conditions=("dazed",))})
    assert not is_flanking(state, ids["A"], ids["B"])


def test_flanking_grants_combat_advantage_and_shows_in_the_attack_13():
    state, ids = battle(["ABC"], {"A": Unit(), "B": RED, "C": Unit()})
    assert combat_advantage(state, ids["A"], ids["B"], "melee")
    plan = plan_attack(state, ids["A"], ids["B"], "sword")
    assert isinstance(plan, AttackPlan) and [(m.value, m.reason) for m in plan.modifiers] == [(2, "combat advantage: flanked")]


def test_prone_grants_combat_advantage_to_melee_attacks_only_9():
    state, ids = battle(["AB...."], {"A": Unit(), "B": Unit(side="red", conditions=("prone",))})
    assert combat_advantage(state, ids["A"], ids["B"], "melee")
    assert not combat_advantage(state, ids["A"], ids["B"], "ranged")


def test_no_combat_advantage_against_a_target_you_cannot_see_13():
    state, ids = battle(["AB"], {"A": Unit(conditions=("blinded",)), "B": Unit(side="red", conditions=("stunned",))})
    assert not combat_advantage(state, ids["A"], ids["B"], "melee")


def test_falls_deal_1d10_per_full_10_feet_without_the_quick_rule_20():
    assert (fall_damage(9).dice, fall_damage(9).flat) == (0, 0)
    assert (fall_damage(10).dice, fall_damage(19).dice, fall_damage(50).dice) == (1, 1, 5)
    # No quick rule (docs/rulings.md): 70 ft is 7d10, and the dice stop at 50d10.
    assert (fall_damage(70).flat, fall_damage(70).dice) == (0, 7)
    assert (fall_damage(500).dice, fall_damage(900).dice) == (50, 50)


def test_push_moves_away_pull_toward_slide_anywhere_22():
    state, ids = battle([".....", ".AB..", "....."], {"A": Unit(), "B": RED})
    rules, pusher = state.move_rules(ids["B"]), state.space(ids["A"])
    assert forced_destinations(rules, pusher, "push", 1) == [(2, 1), (3, 0), (3, 1), (3, 2)]
    assert forced_destinations(rules, pusher, "pull", 1) == [(2, 1)]   # already as near as it can be
    assert len(forced_destinations(rules, pusher, "slide", 1)) == 8   # every neighbour but the pusher's square


def test_forced_movement_ignores_difficult_terrain_but_not_walls_22():
    state, ids = battle(["AB~~#"], {"A": Unit(), "B": RED})
    assert forced_destinations(state.move_rules(ids["B"]), state.space(ids["A"]), "push", 3) == [(1, 0), (2, 0), (3, 0)]


def test_teleport_needs_sight_not_line_of_effect_23():
    state, ids = battle(["A.F.."], {"A": Unit()})
    state = GameState(_with(state.battlefield, (2, 0), Terrain(blocks_effect=True)), state.world)
    assert teleport_reaches(state.battlefield, state.space(ids["A"]), (4, 0), 5, set())
    assert not teleport_reaches(state.battlefield, state.space(ids["A"]), (4, 0), 3, set())
    assert not teleport_reaches(state.battlefield, state.space(ids["A"]), (4, 0), 5, {(4, 0)})


def test_a_one_square_shift_cannot_enter_difficult_terrain_M001_DT_05():
    state, ids = battle(["A~.", "..."], {"A": Unit()})
    assert shift_rejection(state, ids["A"], (1, 0)) is not None
    assert shift_rejection(state, ids["A"], (1, 1)) is None
    assert shift_rejection(state, ids["A"], (2, 1)) is not None


def test_walking_out_of_an_enemys_reach_provokes_but_a_shift_does_not_25_13():
    state, ids = battle(["AB..", "C..."], {"A": Unit(), "B": RED, "C": RED})
    assert provokers(state, ids["B"], ((1, 0), (2, 0), (3, 0)), "walk") == [ids["A"]]
    assert provokers(state, ids["B"], ((1, 0), (2, 0)), "shift") == []
    assert provokers(state, ids["A"], ((0, 0), (1, 1)), "walk") == [ids["B"], ids["C"]]


def test_dazed_or_blind_enemies_do_not_get_opportunity_attacks_25_13():
    state, ids = battle(["AB.."], {"A": Unit(conditions=("dazed",)), "B": RED})
    assert provokers(state, ids["B"], ((1, 0), (2, 0)), "walk") == []


def _with(bf, square, terrain):
    """A copy of ``bf`` with one square's terrain replaced."""
    from dataclasses import replace

    cells = list(bf.terrain)
    cells[square[1] * bf.width + square[0]] = terrain
    return replace(bf, terrain=tuple(cells))


def _unit_kinds():
    from game.ecs.components import Appearance, Arsenal, Body, Conditions, Health, Name, Stats, Team

    return (Name, Team, Body, Stats, Health, Arsenal, Conditions, Appearance)


def test_a_long_low_wall_gives_cover_not_superior_cover_but_an_arrow_slit_gives_superior_14():
    edges = tuple((((x, 1), (x, 2)), EdgeKind.LOW_WALL) for x in range(5))
    state, ids = battle(["..A..", ".....", "..B..", "....."], {"A": Unit(), "B": Unit(side="red")}, edges=edges)
    assert best_cover_lines(state.battlefield, state.space(ids["A"]), state.space(ids["B"])) == 4
    assert cover(state, ids["A"], ids["B"], "ranged") == "cover"           # §14: "behind a low wall"
    state, ids = battle(["..B..", "##o##", ".....", "..A.."], {"A": Unit(), "B": Unit(side="red")})
    assert cover(state, ids["A"], ids["B"], "ranged") == "superior"        # §14: "an arrow slit"
