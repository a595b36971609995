"""d20 Modern pure rules, each test named after the digest line it checks (shared/rules/d20-modern.md §14)."""

from game.core.battlefield import parse_ascii
from game.core.dice import DiceExpr, ScriptedDice
from game.core.grid import Size
from game.rulesets.d20modern import attack, budget, cover, defense, explosives, initiative, injury, measure, special, threat
from game.rulesets.d20modern.walking import Bystander, FeetRules, Walker, straight


# Initiative ----------------------------------------------------------------------------------------------

def test_INIT_01_initiative_is_d20_plus_modifier_highest_first():
    order = initiative.roll_initiative(ScriptedDice([5, 15]), [(1, 2), (2, 0)])
    assert [(e.creature, e.total) for e in order] == [(2, 15), (1, 7)]


def test_INIT_02_ties_go_to_the_higher_modifier_then_a_roll_off():
    order = initiative.roll_initiative(ScriptedDice([10, 8, 12, 12, 3, 17]), [(1, 0), (2, 2), (3, -2), (4, -2)])
    # 1: 10, 2: 10 (mod 2 wins), 3 and 4: 10 with mod -2 -> roll-off 3 rolls 3, 4 rolls 17
    assert [e.creature for e in order] == [2, 1, 4, 3]


def test_SURP_01_surprise_round_only_when_some_but_not_all_are_aware():
    assert initiative.surprise_round([True, False])
    assert not initiative.surprise_round([True, True])
    assert not initiative.surprise_round([False, False])


def test_RND_01_effect_ends_just_before_its_starting_count_n_rounds_later():
    assert not initiative.expires_before((2, 3), 1, (3, 2))
    assert initiative.expires_before((2, 3), 1, (3, 3))


# Action budget -------------------------------------------------------------------------------------------

def test_ACT_01_attack_and_move_or_two_moves_or_one_full_round():
    b = budget.fresh()
    b = budget.use_attack(b)
    assert budget.move_action_problem(b, True) is None
    b = budget.use_move(b, True)
    assert budget.move_action_problem(b, True) is not None
    two = budget.use_move(budget.use_move(budget.fresh(), True), True)
    assert not two.attack and not two.move
    assert budget.full_round_problem(budget.use_attack(budget.fresh()), True) is not None


def test_ACT_01_restricted_turn_allows_one_attack_or_one_move():
    b = budget.fresh(restricted=True)
    moved = budget.use_move(b, True)
    assert budget.attack_action_problem(moved) is not None
    assert budget.move_action_problem(budget.use_attack(b), True) is not None


def test_ACT_02_five_foot_step_only_without_other_movement_and_once():
    b = budget.fresh()
    assert budget.five_foot_step_problem(b) is None
    assert budget.five_foot_step_problem(budget.use_step(b)).rule == "d20-modern ACT-02"
    assert budget.five_foot_step_problem(budget.use_move(b, True)) is not None


def test_ACT_03_a_move_covering_distance_is_barred_after_a_step():
    b = budget.use_step(budget.fresh())
    assert budget.move_action_problem(b, True).rule == "d20-modern ACT-03"
    assert budget.move_action_problem(b, False) is None


def test_ACT_04_no_step_after_charge_run_or_withdraw():
    b = budget.use_full_round(budget.fresh(), no_step=True, moved=True)
    assert budget.five_foot_step_problem(b) is not None
    assert budget.full_round_problem(budget.use_step(budget.fresh()), allows_step=False).rule == "d20-modern ACT-04"


def test_ACT_05_full_attack_keeps_the_step_and_no_other_movement():
    b = budget.use_next_attack(budget.use_attack(budget.fresh()))
    assert budget.five_foot_step_problem(b) is None
    assert budget.move_action_problem(b, True).rule == "d20-modern ACT-05"


def test_ACT_06_after_the_first_attack_a_move_action_is_still_possible():
    b = budget.use_attack(budget.fresh())
    assert budget.move_action_problem(b, True) is None
    stepped = budget.use_step(b)
    assert budget.move_action_problem(stepped, True).rule == "d20-modern ACT-03"


def test_ACT_07_a_second_attack_needs_a_full_attack():
    b = budget.use_move(budget.use_attack(budget.fresh()), True)
    assert budget.next_attack_problem(b, True).rule == "d20-modern ACT-07"
    assert budget.next_attack_problem(budget.use_attack(budget.fresh()), True) is None


def test_ACT_08_iterative_attacks_from_highest_to_lowest():
    assert budget.iterative_bonuses(6) == (6, 1)
    assert budget.iterative_bonuses(11) == (11, 6, 1)
    assert budget.iterative_bonuses(5) == (5,)


def test_ACT_09_started_full_round_action_must_be_completed_first():
    b = budget.fresh(started="coup de grace")
    assert budget.attack_action_problem(b).rule == "d20-modern ACT-09"


# Attacks -------------------------------------------------------------------------------------------------

def test_ATK_01_attack_bonus_is_bab_plus_ability_plus_size():
    assert attack.attack_bonus(3, 2, measure.size_modifier(Size.SMALL)) == 6


def test_ATK_02_natural_1_misses_and_natural_20_hits():
    assert not attack.hits(1, 40, 10)
    assert attack.hits(20, 5, 40)
    assert attack.hits(12, 15, 15)
    assert not attack.hits(12, 14, 15)


def test_ATK_03_nonproficient_is_minus_4():
    assert attack.attack_modifiers(attack.Stance(melee=False, nonproficient=True)) == [("not proficient", -4)]


def test_ATK_04_threat_that_hits_is_confirmed_by_a_second_roll():
    roll = attack.roll_attack(ScriptedDice([19, 9]), 5, 14, threat_from=19)
    assert roll.threat and roll.critical
    unconfirmed = attack.roll_attack(ScriptedDice([19, 2]), 5, 14, threat_from=19)
    assert unconfirmed.hit and unconfirmed.threat and not unconfirmed.critical
    missed = attack.roll_attack(ScriptedDice([19]), -10, 14, threat_from=19)
    assert not missed.hit and not missed.threat        # A6: a threat needs a hit


def test_ATK_05_critical_rolls_damage_times_multiplier_extra_dice_once():
    total, faces = attack.roll_damage(ScriptedDice([3, 4, 6]), DiceExpr(1, 8), 2, multiplier=2, extra=DiceExpr(1, 6))
    assert total == (3 + 2) + (4 + 2) + 6 and faces == (3, 4, 6)


def test_ATK_06_crit_immune_target_is_hit_by_a_20_but_never_confirmed():
    roll = attack.roll_attack(ScriptedDice([20]), 0, 30, crit_immune=True)
    assert roll.hit and not roll.critical


def test_ATK_07_damage_is_at_least_1():
    assert attack.roll_damage(ScriptedDice([1]), DiceExpr(1, 4), -3)[0] == 1


def test_ATK_08_strength_multipliers():
    assert attack.strength_to_damage(3, "two") == 4
    assert attack.strength_to_damage(3, "off") == 1
    assert attack.strength_to_damage(3, "light-two") == 3
    assert attack.strength_to_damage(3, "none") == 0
    assert attack.strength_to_damage(-2, "off") == -2


def test_ATK_09_range_penalty_and_maximum_range():
    assert measure.range_penalty(30, 30) == 0
    assert measure.range_penalty(31, 30) == -2
    assert measure.range_penalty(95, 30) == -6
    assert measure.within_max_range(50, 10, thrown=True) and not measure.within_max_range(51, 10, thrown=True)
    assert measure.within_max_range(100, 10, thrown=False) and not measure.within_max_range(101, 10, thrown=False)


def test_ATK_11_shooting_into_melee_is_minus_4_and_never_for_melee():
    assert attack.attack_modifiers(attack.Stance(melee=False, into_melee=True)) == [("shooting into melee", -4)]
    assert attack.attack_modifiers(attack.Stance(melee=True, into_melee=True)) == []


def test_ATK_12_longarm_against_adjacent_is_minus_4():
    assert ("longarm against an adjacent target", -4) in attack.attack_modifiers(attack.Stance(melee=False,
            longarm_adjacent=True))


def test_ATK_13_fighting_defensively_minus_4():
    assert attack.attack_modifiers(attack.Stance(melee=True, defensively=True)) == [("fighting defensively", -4)]


def test_ATK_15_charge_plus_2_melee():
    assert attack.attack_modifiers(attack.Stance(melee=True, charging=True)) == [("charging", 2)]


def test_ATK_17_two_weapon_penalties():
    assert attack.two_weapon_penalties(False, False) == (-6, -10)
    assert attack.two_weapon_penalties(True, False) == (-4, -8)
    assert attack.two_weapon_penalties(False, True) == (-4, -4)
    assert attack.two_weapon_penalties(True, True) == (-2, -2)


def test_ATK_18_double_weapon_counts_as_light_off_hand():
    assert attack.two_weapon_penalties(False, False, double_weapon=True) == (-4, -8)


def test_ATK_20_flanking_plus_2_melee_only():
    assert attack.attack_modifiers(attack.Stance(melee=True, flanking=True)) == [("flanking", 2)]
    assert attack.attack_modifiers(attack.Stance(melee=False, flanking=True)) == []


def test_ATK_21_higher_ground_plus_1_melee_only():
    assert attack.attack_modifiers(attack.Stance(melee=True, higher_ground=True)) == [("higher ground", 1)]
    assert attack.attack_modifiers(attack.Stance(melee=False, higher_ground=True)) == []


def test_ATK_22_prone_attacker():
    assert attack.attack_modifiers(attack.Stance(melee=True, prone=True)) == [("attacker prone", -4)]
    assert attack.attack_modifiers(attack.Stance(melee=False, prone=True)) == [("attacker prone", -2)]


def test_ATK_23_invisible_attacker_plus_2_and_denies_dex():
    assert attack.attack_modifiers(attack.Stance(melee=False, invisible=True)) == [("invisible", 2)]
    assert defense.denies_dex(defense.Posture(), attacker_invisible=True)


def test_HLP_03_full_round_shot_at_helpless_plus_5():
    assert attack.attack_modifiers(attack.Stance(melee=False, helpless_full_round=True))[0][1] == 5


# Defense -------------------------------------------------------------------------------------------------

GUARD = defense.Guard(dex_mod=3, class_bonus=4, equip_bonus=2, size_mod=0, natural=1, dodge=2)


def test_DEF_01_defense_formula():
    assert defense.defense(GUARD) == 10 + 3 + 4 + 2 + 0 + 1 + 2


def test_DEF_02_class_bonus_stays_when_dex_is_denied():
    assert defense.defense(GUARD, dex_denied=True) == 10 + 4 + 2 + 1


def test_DEF_03_touch_ignores_equipment():
    assert defense.defense(GUARD, touch=True) == 10 + 3 + 4 + 2


def test_DEF_04_dodge_lost_with_dex_and_a_dex_penalty_stays():
    clumsy = defense.Guard(dex_mod=-1, class_bonus=0, equip_bonus=0, size_mod=0, dodge=4)
    assert defense.defense(clumsy, dex_denied=True) == 9


def test_DEF_05_sitting():
    p = defense.Posture(sitting=True)
    assert defense.posture_modifiers(p, True, True) == [("sitting", -2)]
    assert defense.posture_modifiers(p, False, False) == [("sitting", 2)]
    assert defense.posture_modifiers(p, False, True) == []


def test_DEF_06_prone():
    p = defense.Posture(prone=True)
    assert defense.posture_modifiers(p, True, True) == [("prone", -4)]
    assert defense.posture_modifiers(p, False, False) == [("prone", 4)]
    assert defense.posture_modifiers(p, False, True) == []


def test_DEF_07_stunned_minus_2_and_dex_denied():
    p = defense.Posture(stunned=True)
    assert defense.posture_modifiers(p, True, True) == [("stunned", -2)]
    assert defense.denies_dex(p)


def test_DEF_08_running_plus_2_vs_ranged_and_dex_denied():
    p = defense.Posture(running=True)
    assert defense.posture_modifiers(p, False, False) == [("running", 2)]
    assert defense.denies_dex(p)


def test_DEF_09_pinned_dex_counts_as_minus_5():
    assert defense.defense(GUARD, pinned=True) == 10 - 5 + 4 + 2 + 1
    p = defense.Posture(pinned=True, pinned_by_attacker=True)
    assert defense.posture_modifiers(p, True, True) == [("pinned", -4)]


def test_DEF_11_grappler_loses_dex_against_others():
    assert defense.denies_dex(defense.Posture(), grappling_other=True)


def test_DEF_12_helpless_defense_is_5_plus_size():
    assert defense.defense(GUARD, helpless=True) == 5
    small = defense.Guard(3, 4, 2, measure.size_modifier(Size.SMALL))
    assert defense.defense(small, helpless=True) == 6


# Cover and concealment -----------------------------------------------------------------------------------

def test_COV_01_degrees_from_blocked_corner_lines():
    bf = parse_ascii(["A.#.", "....", "...B"])
    assert cover.cover_degree(bf, ((0, 0), 1), ((3, 2), 1)) == cover.NONE
    walled = parse_ascii(["A.......", ".#######", ".#######", ".......B"])
    assert cover.cover_degree(walled, ((0, 0), 1), ((7, 3), 1)) == cover.TOTAL
    assert cover.DEFENSE_BONUS == {cover.NONE: 0, cover.QUARTER: 2, cover.HALF: 4, cover.THREE_QUARTERS: 7,
                                   cover.NINE_TENTHS: 10, cover.TOTAL: 0}


def test_COV_01_a_corner_post_gives_partial_cover():
    bf = parse_ascii(["A....", "...o.", "....B"])
    assert cover.cover_degree(bf, ((0, 0), 1), ((4, 2), 1)) in (cover.QUARTER, cover.HALF)


def test_COV_02_reflex_bonus_by_degree():
    assert [cover.REFLEX_BONUS[d] for d in cover.DEGREES] == [0, 1, 2, 3, 4]


def test_COV_04_same_size_creature_in_the_way_gives_one_half():
    bf = parse_ascii(["A.C.B"])
    assert cover.cover_degree(bf, ((0, 0), 1), ((4, 0), 1), [(((2, 0), 1), 2)], 2) == cover.HALF
    assert cover.cover_degree(bf, ((0, 0), 1), ((4, 0), 1), [(((2, 0), 1), 1)], 2) == cover.NONE   # a smaller one does not
    assert cover.cover_degree(bf, ((0, 0), 1), ((4, 0), 1), []) == cover.NONE


def test_COV_05_melee_cover_is_symmetric_across_a_wall_corner():
    bf = parse_ascii(["A#", ".B"])
    assert cover.cover_degree(bf, ((0, 0), 1), ((1, 1), 1)) == cover.cover_degree(bf, ((1, 1), 1), ((0, 0), 1))


def test_COV_06_striking_the_cover():
    assert cover.struck_cover(15, 14, 18).outcome == "cover"
    assert cover.struck_cover(13, 14, 18).outcome == ""
    assert cover.struck_cover(16, 14, 18, screen_defense=15).outcome == "screen"
    assert cover.struck_cover(16, 14, 18, screen_defense=17, screen_dex_and_dodge=2).outcome == "target"
    assert cover.struck_cover(16, 14, 18, screen_defense=17, screen_dex_and_dodge=2, screen_stays=True).outcome == "screen"


def test_CON_01_miss_chance_rolled_on_d100_after_a_hit():
    assert cover.concealment_misses(20, 14)
    assert not cover.concealment_misses(20, 21)


def test_CON_02_sources_do_not_stack():
    bf = parse_ascii(["A..:"])
    assert cover.miss_chance(bf, ((0, 0), 1), ((3, 0), 1), target_invisible=True) == 50


def test_CON_04_dense_fog_by_distance():
    bf = parse_ascii(["A%..%"])
    assert cover.miss_chance(bf, ((0, 0), 1), ((1, 0), 1)) == 20
    assert cover.miss_chance(bf, ((0, 0), 1), ((4, 0), 1)) == 50


# Attacks of opportunity ----------------------------------------------------------------------------------

def test_AOO_01_threatened_squares_are_the_eight_around():
    assert len(threat.threatened_squares(((5, 5), 1), 20, 20)) == 8


def test_AOO_02_leaving_a_threatened_square_provokes_once_per_enemy():
    w = threat.Watcher(7, ((2, 1), 1), True)
    path = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    assert [(i, x.key) for i, x in threat.provocations(path, 1, [w])] == [(1, 7)]
    assert threat.provocations(path[:2], 1, [w], threat.FIVE_FOOT_STEP) == []


def test_AOO_02_withdraw_start_square_is_safe():
    w = threat.Watcher(7, ((1, 1), 1), True)
    assert threat.provocations([(0, 0), (1, 0), (2, 0), (3, 0)], 1, [w], threat.WITHDRAW)[0][0] == 1
    assert threat.provocations([(1, 0), (2, 2)], 1, [w], threat.WITHDRAW) == []


def test_AOO_03_entering_threat_does_not_provoke():
    w = threat.Watcher(7, ((3, 0), 1), True)
    assert threat.provocations([(0, 0), (1, 0), (2, 0)], 1, [w]) == []


def test_AOO_04_ranged_attack_in_threat_provokes():
    w = threat.Watcher(7, ((1, 0), 1), True)
    assert threat.provoked_by_action("ranged attack", ((0, 0), 1), [w]) == [w]
    assert threat.provoked_by_action("melee attack", ((0, 0), 1), [w]) == []


def test_AOO_05_table_actions_provoke():
    w = threat.Watcher(7, ((1, 0), 1), True)
    for action in ("reload box magazine", "stand up", "pick up", "stabilize"):
        assert threat.provoked_by_action(action, ((0, 0), 1), [w]) == [w]
    assert threat.provoked_by_action("draw weapon", ((0, 0), 1), [w]) == []


def test_AOO_06_unarmed_attack_provokes_only_from_an_armed_target():
    assert threat.unarmed_provokes(attacker_armed=False, target_armed=True)
    assert not threat.unarmed_provokes(attacker_armed=True, target_armed=True)
    assert not threat.unarmed_provokes(attacker_armed=False, target_armed=False)


def test_AOO_07_unable_watchers_do_not_attack():
    spent = threat.Watcher(7, ((1, 1), 1), False)
    assert threat.provocations([(0, 0), (0, 3)], 1, [spent]) == []


def test_AOO_10_delay_ready_and_step_never_provoke():
    w = threat.Watcher(7, ((1, 0), 1), True)
    for action in ("delay", "ready", "five-foot step"):
        assert threat.provoked_by_action(action, ((0, 0), 1), [w]) == []


def test_AOO_11_coup_de_grace_and_knockout_provoke():
    assert threat.PROVOKING_ACTIONS["coup de grace"] and threat.PROVOKING_ACTIONS["knockout blow"]


# Movement ------------------------------------------------------------------------------------------------

def test_MOV_01_allies_passable_and_MOV_02_enemies_not():
    bf = parse_ascii(["...", "...", "..."])
    walker = Walker((0, 1), Size.MEDIUM, "blue")
    ally = FeetRules(bf, walker, [Bystander((1, 1), Size.MEDIUM, "blue")])
    assert ally.walk_cost([(0, 1), (1, 1), (2, 1)]) == 10
    enemy = FeetRules(bf, walker, [Bystander((1, 1), Size.MEDIUM, "red")])
    assert not isinstance(enemy.walk_cost([(0, 1), (1, 1), (2, 1)]), int)


def test_A1_second_diagonal_costs_10_ft():
    bf = parse_ascii(["....", "....", "...."])
    rules = FeetRules(bf, Walker((0, 0), Size.MEDIUM, "blue"), [])
    assert rules.walk_cost([(0, 0), (1, 1), (2, 2)]) == 15
    assert rules.search().cost[(2, 2)] == 15


def test_MOV_04_straight_lines():
    assert straight([(0, 0), (1, 0), (2, 0)])
    assert straight([(0, 0), (1, 1), (2, 1), (3, 2)]) or straight([(0, 0), (1, 0), (2, 1), (3, 1)])
    assert not straight([(0, 0), (1, 1), (2, 0)])


# Special attacks and objects -----------------------------------------------------------------------------

def test_BR_01_target_at_most_one_size_larger():
    assert special.size_limit_problem(4, 5, "BR-01") is None
    assert special.size_limit_problem(4, 6, "BR-01") is not None
    assert special.size_limit_problem(4, 3, "BR-01") is None
    assert special.size_limit_problem(4, 2, "BR-01") is not None      # A15: the original's "one size smaller"


def test_BR_02_size_bonus_per_category():
    assert special.size_bonus(5, 4) == 4 and special.size_bonus(4, 5) == 0


def test_BR_03_push_5_ft_plus_5_per_5_points():
    assert special.bull_rush_push_ft(12, 30) == 15
    assert special.bull_rush_push_ft(12, 10) == 10


def test_TRP_01_target_uses_better_of_str_and_dex():
    assert special.trip_defender_ability(1, 3) == 3


def test_GRP_01_grapple_modifier():
    assert [measure.grapple_modifier(s) for s in Size] == [-8, -4, 0, 4, 8, 12]


def test_GRP_02_hold_fails_two_or_more_sizes_larger():
    assert special.hold_problem(4, 6) is not None and special.hold_problem(4, 5) is None


def test_GRP_08_four_units_per_target():
    assert special.grapple_units(3, 4) == 0.5 and special.grapple_units(6, 4) == 4
    assert special.room_to_grapple([4, 4, 4], 4, 4)
    assert not special.room_to_grapple([4, 4, 4, 4], 4, 4)


def test_OBJ_01_object_defense():
    assert special.object_defense(6) == 3
    assert special.object_defense(4, held=True, holder_dex=2, holder_class=3) == 15


def test_OBJ_02_hardness_and_energy():
    assert special.object_damage(12, 5) == 7
    assert special.object_damage(12, 5, "fire") == 1
    assert special.object_damage(12, 2, "cold") == 1


def test_OBJ_05_break_dc_drops_at_half_hp():
    assert special.break_dc(23, 10, 20) == 21 and special.break_dc(23, 11, 20) == 23


# Explosives and firearms ---------------------------------------------------------------------------------

def test_FIR_01_autofire_fills_a_10_ft_square():
    assert explosives.autofire_area((3, 4)) == ((3, 4), (4, 4), (3, 5), (4, 5))


def test_EXP_01_within_one_increment_lands_on_a_d4_corner():
    square, point = explosives.landing((5, 10), (5, 7), 1, False, 2)     # thrown north; 2 = upper-right
    assert square == (5, 7) and point == (6, 7)


def test_EXP_02_miss_scatters_by_d8_and_d12():
    square, point = explosives.landing((5, 10), (5, 5), 2, False, 1)     # d8 1: upper-right, one beyond
    assert square == (5, 4) and point == (6, 4)
    square, point = explosives.landing((0, 5), (8, 5), 4, False, 3)      # east; d12 3: two to the right
    assert square == (8, 7)
    assert explosives.scatter_die(3, False) == 8 and explosives.scatter_die(5, False) == 12


def test_EXP_03_burst_radius_from_the_landing_corner():
    assert len(explosives.burst_squares((5, 5), 5, 20, 20)) == 4
    assert len(explosives.burst_squares((5, 5), 10, 20, 20)) == 12
    assert explosives.half(7) == 3


def test_SPL_01_splash_reaches_5_ft_around():
    assert explosives.splash_squares((5, 5), 20, 20) == [(4, 4), (4, 5), (5, 4), (5, 5)]


# Injury and death ----------------------------------------------------------------------------------------

def test_HP_01_disabled_dying_dead():
    assert injury.state_of(injury.Vitals(0, 10)) == "disabled"
    assert injury.state_of(injury.Vitals(-1, 10)) == "dying"
    assert injury.state_of(injury.Vitals(-9, 10, stable=True)) == "stable"
    assert injury.state_of(injury.Vitals(-10, 10)) == "dead"


def test_SRD_massive_damage_threshold_is_the_con_score():
    assert injury.massive(15, 15, 3) and not injury.massive(14, 15, 3)
    assert injury.after_massive_failure(injury.Vitals(3, 20)).hp == -1


def test_SRD_dying_loses_1_hp_a_round_or_stabilises_on_1_to_10():
    assert injury.dying_tick(injury.Vitals(-3, 10), 55).hp == -4
    assert injury.dying_tick(injury.Vitals(-3, 10), 10).stable


def test_SRD_nonlethal_beyond_hp_knocks_out():
    assert injury.state_of(injury.take_nonlethal(injury.Vitals(5, 10), 6)) == "unconscious"
    assert injury.state_of(injury.take_nonlethal(injury.Vitals(5, 10), 5)) == "staggered"
