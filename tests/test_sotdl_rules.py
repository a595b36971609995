"""sotdl-house pure rules, one test per digest line (../shared/rules/sotdl-house.md §13)."""

from fractions import Fraction

from game.core.dice import ScriptedDice
from game.ecs.components import Condition, Conditions
from game.rulesets.sotdl import afflictions, defenses, stats, vitality
from game.rulesets.sotdl.rolls import (
    boon_distribution,
    chance_at_least,
    chance_exceeds,
    d20_test,
    highest_d6,
    net_boons,
    roll_boons,
)


def test_T1_challenge_roll_succeeds_on_ten_or_more_equal_succeeds():
    assert d20_test(ScriptedDice([9]), 1, 0).success            # 9 + 1 = 10: equal succeeds
    assert not d20_test(ScriptedDice([8]), 1, 0).success


def test_T2_boons_and_banes_cancel_one_for_one():
    assert net_boons(2, 1) == 1 and net_boons(2, 4) == -2 and net_boons(3, 3) == 0


def test_T3_highest_of_net_d6_added_or_subtracted_none_at_zero():
    assert roll_boons(ScriptedDice([1, 4, 6]), 3) == (6, (1, 4, 6))
    assert roll_boons(ScriptedDice([1, 3, 5, 5]), -4) == (-5, (1, 3, 5, 5))
    assert roll_boons(ScriptedDice([]), 0) == (0, ())


def test_T4_boon_contribution_bounded_and_distribution_exact():
    for net in range(-6, 7):
        dist = boon_distribution(net)
        assert sum(p for _, p in dist) == 1
        assert all(-6 <= v <= 6 for v, _ in dist)
    # the digest's expected values of the highest of n d6
    assert float(sum(k * p for k, p in highest_d6(2))) == 161 / 36
    assert round(float(sum(k * p for k, p in highest_d6(3))), 2) == 4.96


def test_T5_flat_modifiers_all_stack():
    roll = d20_test(ScriptedDice([7]), 2 + 1 - 1, 0)
    assert roll.total == 9


def test_T6_attribute_attack_against_the_target_score():
    roll = d20_test(ScriptedDice([10]), 3, 0, target=13)
    assert roll.success and roll.total == 13
    assert not d20_test(ScriptedDice([9]), 3, 0, target=13).success


def test_exact_hit_chance_highest_of_n_d6_not_sampled():
    # d20 + 0 vs 11: 10/20 with no boons
    assert chance_at_least(0, 0, 11) == Fraction(1, 2)
    # one boon: average over the d6
    assert chance_at_least(0, 1, 11) == sum(Fraction(min(20, 10 + k), 20) * Fraction(1, 6) for k in range(1, 7))
    # a natural 1 can still hit a low target; target far above: 0
    assert chance_at_least(10, 0, 5) == 1 and chance_at_least(0, -2, 30) == 0
    assert chance_exceeds(0, 0, 10) == Fraction(10, 20)


def test_D1_D3_D6_D8_D9_derived_stats():
    assert stats.modifier(13) == 3 and stats.modifier(8) == -2
    assert [stats.ap_per_round(a) for a in (4, 10, 14, 15, 19, 20)] == [1, 2, 2, 3, 3, 4]
    assert stats.healing_rate(3) == 1 and stats.healing_rate(17) == 4
    assert stats.injured(5, 10) and not stats.injured(4, 10) and stats.injured(6, 11)
    assert stats.reach_yards(2) == 1 and stats.reach_yards(4) == 1 and stats.reach_yards(8) == 2 and stats.reach_yards(12) == 3


def test_D4_defense_capped_at_25():
    assert stats.capped_defense(27) == 25 and stats.capped_defense(12) == 12


def test_A1_A3_no_actions_and_defense_five():
    for name in ("dazed", "stunned", "defenseless", "unconscious", "compelled"):
        assert not afflictions.can_act(Conditions.of(name))
    assert afflictions.can_act(Conditions.of("prone", "poisoned"))
    assert afflictions.defense(Conditions.of("defenseless"), 14) == 5
    assert afflictions.defense(Conditions.of("prone"), 14) == 14


def test_A5_each_distinct_affliction_adds_a_bane_A15_duplicates_add_nothing():
    two = Conditions((Condition("poisoned", source="snake"), Condition("poisoned", source="spider"), Condition("fatigued")))
    assert afflictions.own_banes(two) == ["fatigued", "poisoned"]


def test_A6_boons_against_blinded_immobilized_stunned():
    assert afflictions.boons_against(Conditions.of("blinded", "immobilized", "stunned")) == ["blinded", "immobilized", "stunned"]


def test_A13_grab_leaves_only_escape():
    grab = Conditions((Condition("defenseless", source="grab"), Condition("grabbed", source="grab")))
    assert not afflictions.can_act(grab) and afflictions.can_act(grab, escaping=True) and afflictions.in_a_grab(grab)


def test_A14_parry_lock_immobilizes_and_is_defenseless_to_others():
    lock = Conditions.of("parried")
    assert afflictions.speed(lock, 10) == 0
    assert afflictions.defense(lock, 13, against_third_party=True) == 5
    assert afflictions.defense(lock, 13) == 13


def test_A17_R7_durations_end_at_the_end_of_round_r_plus_n():
    entry = afflictions.lasting("frightened", "x", None, 3, 1)
    kept, ended = afflictions.expiring(Conditions((entry,)), 3)
    assert not ended
    kept, ended = afflictions.expiring(Conditions((entry,)), 4)
    assert ended == (entry,) and not kept.entries
    forever = afflictions.lasting("poisoned", "x", None, 3, 0)
    assert afflictions.expiring(Conditions((forever,)), 99)[1] == ()


def test_M12_M13_M14_speed_by_affliction():
    assert afflictions.speed(Conditions.of("blinded"), 10) == 2
    assert afflictions.speed(Conditions.of("immobilized"), 10) == 0
    assert afflictions.speed(Conditions.of("slowed"), 11) == 5


def test_H1_H6_H7_H8_damage_incapacitation_and_death():
    v = vitality.Vitals(0, 12)
    hit = vitality.take_damage(v, 7)
    assert hit.vitals.damage == 7 and not hit.vitals.incapacitated
    down = vitality.take_damage(hit.vitals, 9)
    assert down.vitals.damage == 12 and down.became_incapacitated and not down.killed     # H1 capped, H7
    assert vitality.take_damage(down.vitals, 1).killed                                     # H8
    assert vitality.take_damage(v, 12).instant_death                                       # H6
    assert vitality.take_damage(v, 12 - 1, dies_when_incapacitated=True).vitals.damage == 11


def test_H2_H3_halve_once_immune_vulnerable():
    assert vitality.adjusted(9, resistant=True, halved=True) == 4
    assert vitality.adjusted(9, immune=True) == 0
    assert vitality.adjusted(9, vulnerable=True, halved=True) == 8


def test_H9_H11_healing_lowers_damage_never_revives():
    assert vitality.heal(vitality.Vitals(12, 12), 3) == vitality.Vitals(9, 12)
    assert not vitality.heal(vitality.Vitals(12, 12), 3).incapacitated
    dead = vitality.Vitals(12, 12, dead=True)
    assert vitality.heal(dead, 5) == dead


def test_H13_object_health():
    assert vitality.object_health(4) == 10 and vitality.object_health(2, hard=True) == 10
    assert vitality.object_health(4, fragile=True) == 5


def test_F1_fall_dice_table():
    assert [vitality.fall_dice(y) for y in (4, 5, 9, 10, 49, 50, 80)] == [0, 2, 2, 4, 18, 20, 20]
    assert vitality.fall_dice(12, liquid=True) == 2


def test_F3_landing_on_a_creature_halves_for_both():
    assert vitality.fall_on_creature(9) == (4, 4)


def test_R9_R11_R16_hit_and_defense_comparisons():
    assert defenses.hits(5) and not defenses.hits(4)
    assert defenses.dodge_succeeds(12, 12) and not defenses.dodge_succeeds(11, 12)
    assert defenses.opposed_succeeds(12, 12)
    assert not defenses.backflip_succeeds(12, 12) and defenses.backflip_succeeds(13, 12)
    assert defenses.disarm_defense_succeeds(19, True) and not defenses.disarm_defense_succeeds(19, False)


def test_R12_which_defense_answers_which_attack():
    assert defenses.usable("block", melee=False, has_weapon=False, has_shield=True)
    assert not defenses.usable("block", melee=True, has_weapon=False, has_shield=False)
    assert not defenses.usable("parry", melee=False, has_weapon=True, has_shield=False)
    assert defenses.usable("dodge", melee=False, has_weapon=False, has_shield=False)
    assert not defenses.usable("dodge", melee=True, has_weapon=True, has_shield=True, area=True)


def test_R13_armor_absorbs_a_hit_below_its_value():
    assert defenses.armor_step(10, 11, False).absorbed
    assert not defenses.armor_step(11, 11, False).absorbed
    assert not defenses.armor_step(10, 11, True).absorbed          # broken armor absorbs nothing


def test_R15_damage_dice_power_times_die():
    assert defenses.damage_dice(2, 6) == (2, 6) and defenses.damage_dice(3, 4) == (3, 4)


def test_R20_long_jump_costs_two_block_trained_zero():
    assert defenses.ap_cost("long_jump", False) == 2
    assert defenses.ap_cost("block", True) == 0 and defenses.ap_cost("block", False) == 1
    assert defenses.ap_cost("dodge", True) == 1
