"""Every testable rule line of the 5e-house digest (../shared/rules/5e-house.md, "Rules a tactical grid game
can enforce automatically"), one or more tests per line, named after it, with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.battlefield import EdgeKind, Obscurement, edge_key, parse_ascii
from game.core.dice import DiceExpr, ScriptedDice
from game.core.grid import Size
from game.rulesets.dnd5e import economy, initiative, options, potions, spells
from game.rulesets.dnd5e.attacks import (
    COVER_BONUS, HALF, HOUSE_CRITS, MAXIMISED_CRIT, NORMAL_CRIT, SLAYING_CRIT, STANDARD_CRITS, THREE_QUARTERS, TOTAL,
    attack_roll, damage_roll, target_problem,
)
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.falling import fall_damage
from game.rulesets.dnd5e.movement import (
    BLOCK, HINDER, PASS, Bystander, FeetRules, Walker, ends_prone_in_shared_space, half_speed_ft, passage, speed_of,
)
from game.rulesets.dnd5e.rolls import ADVANTAGE, DISADVANTAGE, STRAIGHT, ability_modifier, combine, roll_d20
from game.rulesets.dnd5e.sight import CLEAR, FAILS, HINDERED, sight_check
from game.rulesets.dnd5e.situation import MELEE, RANGED, can_see, cannot_move, cover, odds, provokers
from game.rulesets.dnd5e.teleport import teleport_reaches
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import (
    DamageType, Defences, Vitals, adjusted_damage, death_save, first_aid, gain_temp, heal, long_rest, max_hp,
    needs_death_save, slay, take_damage,
)
from tests.support import Unit, battle

# Initiative and rounds ----------------------------------------------------------------------------------


def test_R004_IN_01_initiative_is_d20_plus_dex_for_everyone_at_the_start():
    order = initiative.roll_initiative(ScriptedDice([7, 12, 3]), [(1, 2), (2, -1), (3, 4)])
    assert {e.creature: e.total for e in order} == {1: 9, 2: 11, 3: 7}


def test_R004_IN_02_turn_order_descends_ties_go_to_dex_then_a_roll_off():
    # 1 and 2 both total 12 with Dex +2: a roll-off (1 rolls 4, 2 rolls 15); 3 totals 12 with Dex +3.
    order = initiative.roll_initiative(ScriptedDice([10, 10, 9, 4, 15]), [(1, 2), (2, 2), (3, 3)])
    assert [e.creature for e in order] == [3, 2, 1]


def test_R004_IN_03_late_joiners_get_0_or_0_plus_dex_or_a_roll():
    assert initiative.late_joiner_initiative(ScriptedDice([]), 3, initiative.LATE_ZERO) == 0
    assert initiative.late_joiner_initiative(ScriptedDice([]), 3, initiative.LATE_ZERO_PLUS_DEX) == 3
    assert initiative.late_joiner_initiative(ScriptedDice([11]), 3) == 14     # the game's policy: rolled
    with pytest.raises(ValueError):
        initiative.late_joiner_initiative(ScriptedDice([]), 3, "whenever")


def test_R004_IN_04_a_round_is_six_seconds():
    assert initiative.elapsed_seconds(10) == 60


# Action economy --------------------------------------------------------------------------------------------

FRESH = economy.start_of_turn(economy.Budget(30))


def test_R004_AE_01_one_standard_and_one_bonus_action_a_turn():
    after = economy.spend(economy.spend(FRESH, economy.STANDARD), economy.BONUS)
    assert isinstance(after, economy.Budget)
    assert isinstance(economy.spend(after, economy.STANDARD), Refused)
    assert isinstance(economy.spend(after, economy.BONUS), Refused)


def test_R004_AE_02_one_reaction_between_own_turns_refreshed_at_the_start():
    used = economy.spend(FRESH, economy.REACTION)
    assert isinstance(economy.spend(used, economy.REACTION), Refused)
    assert economy.start_of_turn(used).reaction


def test_R004_AE_03_no_reaction_left_means_no_opportunity_attack_or_reaction_spell():
    used = economy.spend(FRESH, economy.REACTION)
    refusal = economy.spend(used, economy.REACTION)
    assert isinstance(refusal, Refused) and "reaction" in refusal.reason


def test_R004_AE_04_off_hand_attack_only_after_the_attack_action_with_another_light_weapon():
    assert isinstance(economy.off_hand_attack(FRESH, True, True, True), Refused)
    assert isinstance(economy.off_hand_attack(economy.attack_action(FRESH, ""), True, True, True), Refused)
    attacked = economy.attack_action(FRESH, "Shortsword")
    assert isinstance(economy.off_hand_attack(attacked, True, False, True), Refused)
    assert isinstance(economy.off_hand_attack(attacked, True, True, False), Refused)
    done = economy.off_hand_attack(attacked, True, True, True)
    assert isinstance(done, economy.Budget) and not done.bonus


def test_R004_AE_05_drinking_a_potion_costs_the_bonus_action():
    drunk = economy.drink_potion(FRESH)
    assert not drunk.bonus and drunk.standard
    assert isinstance(economy.drink_potion(drunk), Refused)


def test_R004_AE_06_one_free_interaction_a_turn_the_second_takes_the_standard_action():
    once = economy.interact(FRESH)
    assert once.standard and not once.free_interaction
    twice = economy.interact(once)
    assert not twice.standard
    assert isinstance(economy.interact(twice), Refused)


# Standard actions ----------------------------------------------------------------------------------------


def test_R004_SA_01_an_attack_roll_may_become_a_grapple_trip_or_disarm():
    for kind in options.REPLACEMENTS:
        assert options.maneuver_problem(kind, Size.MEDIUM, Size.LARGE, True) is None
    assert isinstance(options.maneuver_problem("shove", Size.MEDIUM, Size.MEDIUM, True), Refused)
    assert isinstance(options.maneuver_problem(options.TRIP, Size.MEDIUM, Size.HUGE, True), Refused)
    assert isinstance(options.maneuver_problem(options.GRAPPLE, Size.MEDIUM, Size.MEDIUM, False), Refused)
    assert options.maneuver_dc(str_mod=3, proficiency=2) == 13


def test_R004_SA_02_a_successful_trip_lays_the_target_prone():
    assert options.resolve_maneuver(options.TRIP, save_total=12, dc=13).prone
    assert not options.resolve_maneuver(options.TRIP, save_total=13, dc=13).prone


def test_R004_SA_03_grappled_creatures_attack_at_disadvantage_and_cannot_move():
    state, ids = battle(["AB"], {"A": Unit("blue", conditions=("grappled",)), "B": Unit("red")})
    assert odds(state, ids["A"], ids["B"], MELEE).result == DISADVANTAGE
    assert cannot_move(state, ids["A"]) and not cannot_move(state, ids["B"])
    assert options.resolve_maneuver(options.GRAPPLE, 5, 13).grappled


def test_R004_SA_04_dragging_costs_double_unless_the_dragged_is_tiny_or_two_sizes_smaller():
    assert not options.drag_is_free(Size.MEDIUM, Size.MEDIUM)
    assert options.drag_is_free(Size.MEDIUM, Size.TINY)
    assert options.drag_is_free(Size.LARGE, Size.SMALL)
    bf = parse_ascii(["....."])
    walker = Walker((0, 0), Size.MEDIUM, "blue")
    assert FeetRules(bf, walker, [], burdens=1).walk_cost([(0, 0), (1, 0), (2, 0)]) == (20, 0)
    assert FeetRules(bf, walker, []).walk_cost([(0, 0), (1, 0), (2, 0)]) == (10, 0)


def test_R004_SA_05_disarm_drops_the_weapon_or_damages_it():
    dropped = options.resolve_maneuver(options.DISARM, 4, 13)
    broken = options.resolve_maneuver(options.DISARM, 4, 13, break_weapon=True)
    assert dropped.weapon_dropped and not dropped.weapon_damaged
    assert broken.weapon_damaged and not broken.weapon_dropped


def test_R004_SA_06_dodge_gives_attackers_disadvantage_until_the_dodgers_next_turn():
    state, ids = battle(["AB"], {"A": Unit("blue"), "B": Unit("red")})
    dodging = economy.dodge(FRESH)
    assert economy.dodge_works(dodging, incapacitated=False, speed_ft=30)
    assert odds(state, ids["A"], ids["B"], MELEE, dodging=True).result == DISADVANTAGE
    assert not economy.start_of_turn(dodging).dodging


def test_R004_SA_07_dodge_lapses_while_incapacitated_or_at_speed_0():
    dodging = economy.dodge(FRESH)
    assert not economy.dodge_works(dodging, incapacitated=True, speed_ft=30)
    assert not economy.dodge_works(dodging, incapacitated=False, speed_ft=0)


def test_R004_SA_08_dash_adds_the_speed_to_this_turns_movement():
    moved = economy.move(FRESH, 20, 0)
    assert economy.dash(moved).movement_ft == 40


def test_R004_SA_09_after_disengage_no_movement_provokes():
    state, ids = battle(["A..", "B..", "..."], {"A": Unit("blue"), "B": Unit("red")})
    away = ((0, 1), (0, 2), (1, 2))
    assert provokers(state, ids["B"], away) == [ids["A"]]
    assert provokers(state, ids["B"], away, disengaged=True) == []


def test_R004_SA_10_hide_needs_heavy_obscurement_or_three_quarters_cover_unseen_and_stealth_15():
    assert isinstance(options.hide_problem(False, HALF, False), Refused)
    assert isinstance(options.hide_problem(True, "none", True), Refused)
    assert options.hide_problem(True, "none", False) is None
    assert options.hide_problem(False, THREE_QUARTERS, False) is None
    assert options.hide_problem(False, TOTAL, False) is None
    assert options.hides(15) and not options.hides(14)


def test_R004_SA_11_help_gives_advantage_on_the_next_attack():
    state, ids = battle(["AB"], {"A": Unit("blue"), "B": Unit("red")})
    assert odds(state, ids["A"], ids["B"], MELEE, helped=True).result == ADVANTAGE
    assert isinstance(options.help_problem(helper_next_to_enemy=False), Refused)


def test_R004_SA_12_first_aid_medicine_10_stabilises_a_creature_at_0_hp():
    dying = Vitals(0, 20, failures=1)
    assert first_aid(dying, 10).stable
    assert not first_aid(dying, 9).stable
    assert isinstance(first_aid(Vitals(5, 20), 20), Refused)


def test_R004_SA_14_study_identifies_a_spell_in_effect_at_dc_15():
    assert spells.identify_dc(3, while_cast=False) == 15


# Movement ---------------------------------------------------------------------------------------------------

OPEN = parse_ascii(["........", "........", "........", "........", "........"])


def walk(bf, others=(), at=(0, 0), size=Size.MEDIUM, burdens=0):
    return FeetRules(bf, Walker(at, size, "blue"), list(others), burdens)


def test_R004_MV_01_movement_is_at_most_speed_split_around_actions():
    first = economy.move(FRESH, 15, 0)
    second = economy.move(economy.spend(first, economy.STANDARD), 15, 0)
    assert second.movement_ft == 0
    assert isinstance(economy.move(second, 5, 0), Refused)


def test_R004_MV_02_speed_is_the_highest_movement_mode():
    assert speed_of((30, 15, 60)) == 60


def test_R004_MV_03_diagonals_alternate_5_and_10_ft_across_the_turn():
    rules = walk(OPEN)
    assert rules.search().cost[(1, 1)] == 5
    assert rules.search().cost[(2, 2)] == 15
    assert rules.search().cost[(4, 4)] == 30
    # The count carries over split movement: after one diagonal, the next costs 10 ft.
    assert rules.walk_cost([(0, 0), (1, 1)], diagonals_before=1) == (10, 1)
    assert rules.search(diagonals_before=1).cost[(2, 2)] == 15


def test_R004_MV_04_difficult_terrain_doubles_and_a_step_short_of_its_full_cost_is_refused():
    bf = parse_ascii(["..~."])
    assert walk(bf).search().cost[(2, 0)] == 15
    assert (2, 0) not in walk(bf).search(10).cost
    assert isinstance(economy.move(replace(FRESH, movement_ft=5), 10, 0), Refused)


def test_low_walls_cost_as_difficult_terrain_when_crossed():
    bf = parse_ascii(["...."], edges=((edge_key((1, 0), (2, 0)), EdgeKind.LOW_WALL),))
    assert walk(bf).search().cost[(2, 0)] == 15


def test_R004_MV_05_a_creature_with_speed_may_drop_prone():
    assert economy.drop_prone_problem(30) is None
    assert isinstance(economy.drop_prone_problem(0), Refused)


def test_R004_MV_06_standing_up_costs_half_speed_and_needs_it_left():
    stood = economy.stand_up(FRESH)
    assert stood.movement_ft == 15
    assert isinstance(economy.stand_up(replace(FRESH, movement_ft=10)), Refused)
    assert half_speed_ft(25) == 12


def test_R004_MV_07_every_step_while_prone_costs_double():
    assert walk(OPEN, burdens=1).search().cost[(3, 0)] == 30
    assert walk(OPEN, burdens=1).search().cost[(2, 2)] == 30


def test_R004_MV_08_allies_and_tiny_creatures_are_passed_at_normal_cost():
    mover = Walker((0, 0), Size.MEDIUM, "blue")
    assert passage(mover, Bystander((1, 0), Size.MEDIUM, "blue")) == PASS
    assert passage(mover, Bystander((1, 0), Size.TINY, "red")) == PASS
    bf = parse_ascii(["...."])
    assert walk(bf, [Bystander((1, 0), Size.MEDIUM, "blue")]).search().cost[(2, 0)] == 10


def test_R004_MV_09_incapacitated_and_two_sizes_apart_are_passed_as_difficult_terrain():
    mover = Walker((0, 0), Size.MEDIUM, "blue")
    assert passage(mover, Bystander((1, 0), Size.MEDIUM, "red", incapacitated=True)) == HINDER
    assert passage(mover, Bystander((1, 0), Size.HUGE, "red")) == HINDER
    bf = parse_ascii(["...."])
    assert walk(bf, [Bystander((1, 0), Size.MEDIUM, "red", True)]).search().cost[(2, 0)] == 15


def test_R004_MV_10_a_hostile_creature_within_one_size_blocks():
    mover = Walker((0, 0), Size.MEDIUM, "blue")
    assert passage(mover, Bystander((1, 0), Size.LARGE, "red")) == BLOCK
    assert passage(mover, Bystander((1, 0), Size.SMALL, "red")) == BLOCK
    bf = parse_ascii(["...."])
    assert (2, 0) not in walk(bf, [Bystander((1, 0), Size.MEDIUM, "red")]).search().cost


def test_R004_MV_11_a_move_may_not_end_in_another_creatures_space():
    bf = parse_ascii(["...."])
    rules = walk(bf, [Bystander((1, 0), Size.MEDIUM, "blue")])
    assert (1, 0) not in rules.search().endable
    assert isinstance(rules.walk_cost([(0, 0), (1, 0)]), Refused)


def test_R004_MV_12_ending_a_turn_in_anothers_space_lays_prone_unless_tiny_or_the_other_is_larger():
    assert ends_prone_in_shared_space(Size.MEDIUM, Size.MEDIUM)
    assert ends_prone_in_shared_space(Size.LARGE, Size.MEDIUM)
    assert not ends_prone_in_shared_space(Size.TINY, Size.MEDIUM)
    assert not ends_prone_in_shared_space(Size.MEDIUM, Size.HUGE)


def test_R004_MV_13_mounting_or_dismounting_costs_half_speed():
    assert half_speed_ft(30) == 15


# Prone, visibility and cover in attack resolution -------------------------------------------------------


def test_R004_AT_01_a_prone_attacker_has_disadvantage():
    state, ids = battle(["AB"], {"A": Unit("blue", conditions=("prone",)), "B": Unit("red")})
    assert odds(state, ids["A"], ids["B"], MELEE).result == DISADVANTAGE


def test_R004_AT_02_prone_targets_give_advantage_within_5_ft_and_disadvantage_beyond():
    state, ids = battle(["AB..C"], {"A": Unit("blue"), "B": Unit("red", conditions=("prone",)),
                                    "C": Unit("red", conditions=("prone",))})
    assert odds(state, ids["A"], ids["B"], MELEE).result == ADVANTAGE
    assert odds(state, ids["A"], ids["C"], RANGED).result == DISADVANTAGE


def test_R004_AT_03_half_cover_is_plus_2_and_three_quarters_plus_5():
    assert COVER_BONUS[HALF] == 2 and COVER_BONUS[THREE_QUARTERS] == 5
    state, ids = battle([".....", "A.o.B", "....."], {"A": Unit("blue"), "B": Unit("red")})
    assert cover(state, ids["A"], ids["B"], RANGED) == HALF


def test_R004_AT_04_total_cover_cannot_be_targeted():
    state, ids = battle(["A#B"], {"A": Unit("blue"), "B": Unit("red")})
    assert cover(state, ids["A"], ids["B"], RANGED) == TOTAL
    assert isinstance(target_problem(TOTAL), Refused) and target_problem(HALF) is None


def test_R004_AT_05_blinded_attackers_have_disadvantage_and_attacks_on_the_blinded_advantage():
    state, ids = battle(["AB"], {"A": Unit("blue", conditions=("blinded",)), "B": Unit("red")})
    assert odds(state, ids["A"], ids["B"], MELEE).result == DISADVANTAGE
    assert odds(state, ids["B"], ids["A"], MELEE).result == ADVANTAGE


def test_heavily_obscured_targets_are_unseen_even_adjacent_8():
    state, ids = battle(["A.", ".B"], {"A": Unit("blue"), "B": Unit("red")})
    bf = state.battlefield.overlaid({(1, 1): replace(state.battlefield.at((1, 1)), obscured=Obscurement.HEAVY)})
    state = replace(state, battlefield=bf)
    assert not can_see(state, ids["A"], ids["B"]) and can_see(state, ids["B"], ids["A"])


def test_R004_AT_06_any_advantage_and_any_disadvantage_cancel():
    assert combine(2, 1) == STRAIGHT
    assert combine(3, 0) == ADVANTAGE
    assert combine(0, 2) == DISADVANTAGE
    assert roll_d20(ScriptedDice([4, 17]), ADVANTAGE).natural == 17
    assert roll_d20(ScriptedDice([4, 17]), DISADVANTAGE).natural == 4


def test_R004_AT_07_a_natural_20_crits_dice_twice_modifiers_once_in_standard_mode():
    roll = attack_roll(ScriptedDice([20]), bonus=0, ac=30, crits=STANDARD_CRITS)
    assert roll.hit and roll.crit == NORMAL_CRIT
    assert damage_roll(DiceExpr(1, 8, 3), ScriptedDice([5, 6]), NORMAL_CRIT, STANDARD_CRITS) == 5 + 6 + 3
    assert not attack_roll(ScriptedDice([1]), bonus=50, ac=10).hit     # [5e] a natural 1 misses


def test_R004_AT_08_house_confirmation_miss_hit_or_natural_20():
    missed = attack_roll(ScriptedDice([20, 3]), bonus=4, ac=15)
    hit = attack_roll(ScriptedDice([20, 11]), bonus=4, ac=15)
    slain = attack_roll(ScriptedDice([20, 20]), bonus=4, ac=15)
    assert (missed.crit, hit.crit, slain.crit) == (NORMAL_CRIT, MAXIMISED_CRIT, SLAYING_CRIT)
    assert damage_roll(DiceExpr(1, 8, 3), ScriptedDice([5, 6]), NORMAL_CRIT, HOUSE_CRITS) == 5 + 6 + 6
    assert damage_roll(DiceExpr(1, 8, 3), ScriptedDice([]), MAXIMISED_CRIT, HOUSE_CRITS) == 16 + 6
    assert slay(Vitals(40, 40)).dead


# Opportunity attacks ------------------------------------------------------------------------------------------


def test_R004_OA_01_leaving_reach_offers_the_enemy_an_attack_if_it_sees_the_mover():
    state, ids = battle(["....", ".AB.", "...."], {"A": Unit("blue"), "B": Unit("red")})
    assert provokers(state, ids["A"], ((1, 1), (0, 1))) == [ids["B"]]


def test_R004_OA_02_each_attack_comes_at_the_step_that_leaves_its_reach_in_walking_order():
    state, ids = battle([".B.....", "..A....", "...C..."], {"A": Unit("blue"), "B": Unit("red"), "C": Unit("red")})
    east = ((2, 1), (3, 1), (4, 1), (5, 1))
    assert provokers(state, ids["A"], east) == [ids["B"], ids["C"]]
    west_then_south = ((2, 1), (1, 1), (0, 1), (0, 2))
    assert provokers(state, ids["A"], west_then_south) == [ids["C"], ids["B"]]


def test_R004_OA_03_no_attack_after_disengage_without_a_reaction_or_sight():
    state, ids = battle(["....", ".AB.", "...."], {"A": Unit("blue"), "B": Unit("red", conditions=("blinded",))})
    assert provokers(state, ids["A"], ((1, 1), (0, 1))) == []
    state, ids = battle(["....", ".AB.", "...."], {"A": Unit("blue"), "B": Unit("red", conditions=("stunned",))})
    assert provokers(state, ids["A"], ((1, 1), (0, 1))) == []


def test_R004_OA_04_forced_movement_and_teleports_do_not_provoke():
    state, ids = battle(["....", ".AB.", "...."], {"A": Unit("blue"), "B": Unit("red")})
    assert provokers(state, ids["A"], ((1, 1), (0, 0)), teleport=True) == []


def test_R004_OA_05_moving_within_reach_never_provokes():
    state, ids = battle(["....", ".AB.", "...."], {"A": Unit("blue"), "B": Unit("red")})
    assert provokers(state, ids["A"], ((1, 1), (1, 0), (2, 0), (3, 0), (3, 1))) == []


# Hit points, damage, dying ----------------------------------------------------------------------------


def test_R004_HP_01_max_hp_is_level_times_con_plus_hit_die_max_times_class_level():
    assert max_hp(3, 2, ((10, 3),)) == 36
    assert max_hp(5, 1, ((6, 5),)) == 35
    assert max_hp(4, 1, ((10, 2), (6, 2))) == 4 + 20 + 12
    assert ability_modifier(14) == 2 and ability_modifier(9) == -1


def test_R004_HP_02_bloodied_at_half_or_less():
    assert Vitals(10, 20).bloodied and Vitals(5, 11).bloodied and not Vitals(6, 11).bloodied


def test_R004_HP_03_temporary_hp_absorb_damage_first():
    harm = take_damage(Vitals(10, 10, temp=4), 6)
    assert (harm.absorbed, harm.lost, harm.vitals.hp, harm.vitals.temp) == (4, 2, 8, 0)


def test_R004_HP_04_temporary_hp_never_add_up():
    assert gain_temp(Vitals(10, 10, temp=5), 3).temp == 5
    assert gain_temp(Vitals(10, 10, temp=5), 8).temp == 8
    assert gain_temp(Vitals(10, 10, temp=5), 3, keep_old=False).temp == 3


def test_R004_HP_05_temporary_hp_vanish_on_a_long_rest():
    assert long_rest(Vitals(10, 10, temp=5)).temp == 0


def test_R004_DM_01_damage_is_never_negative_and_rounds_down():
    assert adjusted_damage(-3, DamageType.FIRE, Defences()) == 0
    assert adjusted_damage(7, DamageType.FIRE, Defences(resist=(DamageType.FIRE,))) == 3


def test_R004_DM_02_resistance_halves_then_vulnerability_doubles_neither_stacks():
    both = Defences(resist=(DamageType.FIRE, DamageType.FIRE), vulnerable=(DamageType.FIRE, DamageType.FIRE))
    assert adjusted_damage(7, DamageType.FIRE, both) == 6
    assert adjusted_damage(7, DamageType.COLD, both) == 7


def test_R004_DM_03_immunity_stops_damage_of_that_type():
    assert adjusted_damage(30, DamageType.POISON, Defences(immune=(DamageType.POISON,))) == 0


def test_R004_DM_04_thirteen_damage_types():
    assert len(DamageType) == 13


def test_R004_DY_01_reaching_0_hp_is_dying_and_unconscious():
    harm = take_damage(Vitals(5, 20), 9)
    assert harm.dropped and harm.vitals.hp == 0 and harm.vitals.dying and harm.vitals.unconscious


def test_R004_DY_02_a_melee_knockout_leaves_1_hp_unconscious_without_death_saves():
    harm = take_damage(Vitals(5, 20), 9, knockout=True)
    assert harm.knocked_out and harm.vitals.hp == 1 and harm.vitals.unconscious
    assert not needs_death_save(harm.vitals)


def test_R004_DY_03_death_save_is_a_bare_d20_20_10_to_19_2_to_9_and_1():
    dying = Vitals(0, 20)
    assert death_save(dying, ScriptedDice([20])).vitals.hp == 1
    assert death_save(dying, ScriptedDice([10])).vitals.successes == 1
    assert death_save(dying, ScriptedDice([9])).vitals.failures == 1
    assert death_save(dying, ScriptedDice([1])).vitals.failures == 2
    assert needs_death_save(dying) and not needs_death_save(replace(dying, stable=True))


def test_R004_DY_04_three_successes_stabilise_three_failures_kill():
    assert death_save(Vitals(0, 20, successes=2), ScriptedDice([15])).outcome == "stable"
    assert death_save(Vitals(0, 20, failures=2), ScriptedDice([5])).vitals.dead
    assert death_save(Vitals(0, 20, failures=1), ScriptedDice([1])).vitals.dead


def test_R004_DY_05_damage_at_0_hp_is_a_failure_two_on_a_crit_and_over_max_hp_kills():
    assert take_damage(Vitals(0, 20), 3).vitals.failures == 1
    assert take_damage(Vitals(0, 20), 3, critical=True).vitals.failures == 2
    assert take_damage(Vitals(0, 20), 21).killed
    assert not take_damage(Vitals(0, 20), 20).killed


def test_R004_DY_06_damage_ends_stability():
    harm = take_damage(Vitals(0, 20, stable=True), 2)
    assert not harm.vitals.stable and harm.vitals.failures == 1


def test_R004_DY_07_regaining_hp_ends_unconsciousness_and_resets_the_tallies():
    healed = heal(Vitals(0, 20, successes=2, failures=2), 4)
    assert healed.hp == 4 and not healed.unconscious and (healed.successes, healed.failures) == (0, 0)
    assert not heal(Vitals(1, 20, knocked_out=True), 1).knocked_out


# Spellcasting --------------------------------------------------------------------------------------------


def test_R004_SP_01_a_levelled_spell_spends_a_slot_of_its_level_or_higher_cantrips_none():
    slots = spells.SpellSlots((2, 1))
    assert spells.spend_slot(slots, 0) == slots
    assert spells.spend_slot(slots, 1).left == (1, 1)
    assert spells.spend_slot(slots, 1, slot_level=2).left == (2, 0)
    assert isinstance(spells.spend_slot(slots, 2, slot_level=1), Refused)
    assert isinstance(spells.spend_slot(spells.SpellSlots((0,)), 1), Refused)


def test_R004_SP_02_one_spell_slot_a_turn():
    spent = spells.spend_slot(spells.SpellSlots((3,)), 1)
    assert isinstance(spells.spend_slot(spent, 1), Refused)
    assert spells.spend_slot(spent, 0) == spent                     # cantrips still
    assert spells.spend_slot(spent.new_turn(), 1).left == (1,)


def test_R004_SP_03_rituals_are_not_cast_in_combat():
    assert isinstance(spells.ritual_in_combat(), Refused)


def test_R004_SP_04_components_need_a_voice_a_free_hand_and_a_focus():
    vsm = spells.Components(True, True, True)
    assert spells.components_problem(vsm, True, 1, True) is None
    assert isinstance(spells.components_problem(vsm, False, 1, True), Refused)
    assert isinstance(spells.components_problem(vsm, True, 0, True), Refused)
    assert isinstance(spells.components_problem(vsm, True, 1, False), Refused)


def test_R004_SP_06_concentration_dc_is_max_10_half_damage_at_most_30():
    assert [spells.concentration_dc(d) for d in (1, 21, 22, 45, 80)] == [10, 10, 11, 22, 30]
    assert spells.keeps_concentration(11, 22) and not spells.keeps_concentration(10, 22)


def test_R004_SP_08_a_caster_dismisses_its_own_spell_unless_incapacitated():
    assert spells.may_dismiss(False, True, True) is None
    assert isinstance(spells.may_dismiss(True, True, True), Refused)
    assert isinstance(spells.may_dismiss(False, True, False), Refused)


def test_R004_SP_09_long_castings_need_the_magic_action_each_turn_and_concentration():
    assert spells.long_casting_continues(True, True)
    assert not spells.long_casting_continues(False, True) and not spells.long_casting_continues(True, False)


def test_R004_SP_10_identifying_a_spell_being_cast_is_15_plus_its_level():
    assert spells.identify_dc(3, while_cast=True) == 18


def test_R004_SP_11_the_same_spell_does_not_stack():
    assert spells.strongest_of_same_spell((2, 5, 3)) == 5


# Light and potions ---------------------------------------------------------------------------------------


def test_R004_LT_02_and_03_light_obscurement_hinders_sight_checks_heavy_makes_them_fail():
    bf = parse_ascii(["A:%*"])
    viewer = ((0, 0), 1)
    assert sight_check(bf, viewer, ((1, 0), 1)) == HINDERED
    assert sight_check(bf, viewer, ((2, 0), 1)) == FAILS
    assert sight_check(parse_ascii(["A.%*"]), viewer, ((1, 0), 1)) == CLEAR


def test_R004_PO_01_drinking_under_a_lasting_potion_rolls_d100_on_the_mixing_table():
    assert potions.mixing_needed(True) and not potions.mixing_needed(False)
    results = [potions.mixing_result(r) for r in (1, 2, 8, 9, 15, 16, 25, 26, 35, 36, 90, 91, 99, 100)]
    assert results == [potions.EXPLOSION, potions.POISON, potions.POISON, potions.BOTH_FAIL, potions.BOTH_FAIL,
                       potions.ONE_FAILS, potions.ONE_FAILS, potions.HALVED, potions.HALVED, potions.NORMAL,
                       potions.NORMAL, potions.DOUBLED, potions.DOUBLED, potions.PERMANENT]
    assert potions.roll_mixing(ScriptedDice([93])) == potions.Mixing(93, potions.DOUBLED)
    assert potions.scaled(7, potions.HALVED) == 3 and potions.scaled(7, potions.DOUBLED) == 14


def test_R004_PO_02_a_01_explodes_for_4d10_force_within_5_ft():
    assert potions.roll_mixing(ScriptedDice([1])).result == potions.EXPLOSION
    assert potions.EXPLOSION_DAMAGE == DiceExpr(4, 10) and potions.EXPLOSION_RADIUS_FT == 5


# Not on the page: falling and teleport by the widely published 5e rules (docs/rulings.md) ---------------


def test_falling_is_1d6_per_full_10_ft_at_most_20d6():
    assert fall_damage(9).dice == 0 and fall_damage(10).dice == 1 and fall_damage(59).dice == 5
    assert fall_damage(400).dice == 20
    assert fall_damage(25).roll(ScriptedDice([3, 6])) == 9


def test_teleport_reaches_a_seen_unoccupied_space_within_range():
    bf = parse_ascii(["......", "..%..."], edges=((edge_key((0, 0), (1, 0)), EdgeKind.WINDOW),))
    here = ((0, 0), 1)
    assert teleport_reaches(bf, here, (2, 0), 10, set())           # through a window: sight, not effect
    assert not teleport_reaches(bf, here, (2, 1), 10, set())       # into fog it cannot see
    assert not teleport_reaches(bf, here, (3, 0), 10, set())       # 15 ft away
    assert not teleport_reaches(bf, here, (2, 0), 10, {(2, 0)})    # occupied
    assert distance_ft(((0, 0), 1), ((2, 2), 1)) == 15
