"""Initiative (4e §2.2), attack rolls and critical hits (§8.1-§8.2), damage, bloodied (§26.1)."""

import pytest

from game.core.dice import DiceExpr, DiceExhausted, ScriptedDice, SeededDice
from game.rulesets.dnd4e.attacks import Modifier, is_bloodied, roll_attack, roll_damage
from game.rulesets.dnd4e.economy import MINOR, MOVE, STANDARD, spend
from game.ecs.components import ActionBudget
from game.rulesets.dnd4e.initiative import roll_initiative


def test_initiative_goes_from_highest_total_to_lowest_2_2():
    order = roll_initiative([(1, 0), (2, 0), (3, 0)], ScriptedDice([5, 15, 10]))
    assert [r.entity for r in order] == [2, 3, 1]


def test_initiative_tie_goes_to_the_higher_initiative_bonus_2_2():
    order = roll_initiative([(1, 2), (2, 5)], ScriptedDice([13, 10]))  # both total 15
    assert [r.entity for r in order] == [2, 1]


def test_initiative_tie_on_total_and_bonus_is_broken_by_a_die_2_2():
    order = roll_initiative([(1, 3), (2, 3)], ScriptedDice([10, 10, 4, 17]))
    assert [r.entity for r in order] == [2, 1]
    assert order[0].tiebreak == 17


def test_initiative_tiebreak_rerolls_when_the_die_ties_again():
    order = roll_initiative([(1, 3), (2, 3)], ScriptedDice([10, 10, 6, 6, 2, 9]))
    assert [r.entity for r in order] == [2, 1]


def test_hit_when_total_meets_the_defense_8_1():
    assert roll_attack(5, (), "ac", 15, ScriptedDice([10])).hit
    assert not roll_attack(5, (), "ac", 16, ScriptedDice([10])).hit


def test_natural_1_always_misses_8_1():
    assert not roll_attack(30, (), "ac", 10, ScriptedDice([1])).hit


def test_natural_20_always_hits_but_crits_only_if_the_total_meets_the_defense_8_2():
    high = roll_attack(0, (), "ac", 30, ScriptedDice([20]))
    assert high.hit and not high.critical
    crit = roll_attack(0, (), "ac", 20, ScriptedDice([20]))
    assert crit.hit and crit.critical


def test_situational_modifiers_count_toward_the_total_12():
    roll = roll_attack(5, (Modifier(-2, "long range", "4e §5.3"),), "ac", 15, ScriptedDice([11]))
    assert roll.total == 14 and not roll.hit


def test_critical_hit_deals_maximum_damage_without_rolling_8_2():
    dice = ScriptedDice([])
    assert roll_damage(DiceExpr(2, 6, 3), True, dice) == (15, ())


def test_damage_is_rolled_and_summed_8_3():
    assert roll_damage(DiceExpr(2, 6, 3), False, ScriptedDice([2, 5])) == (10, (2, 5))


def test_bloodied_at_half_maximum_rounded_down_26_1():
    assert is_bloodied(26, 53) and not is_bloodied(27, 53)


def test_standard_action_may_be_spent_as_a_move_3_4():
    budget, slot = spend(ActionBudget(standard=True, move=False, minor=True), MOVE)
    assert slot == STANDARD and not budget.standard


def test_minor_action_may_be_paid_with_the_move_then_the_standard_3_4():
    assert spend(ActionBudget(True, True, False), MINOR)[1] == MOVE
    assert spend(ActionBudget(True, False, False), MINOR)[1] == STANDARD


def test_no_second_standard_action_in_a_turn_29():
    assert spend(ActionBudget(False, True, True), STANDARD) is None


def test_seeded_dice_repeat_for_the_same_seed_and_stay_in_range():
    a, b = SeededDice(42), SeededDice(42)
    rolls = [a.roll(20) for _ in range(200)]
    assert rolls == [b.roll(20) for _ in range(200)]
    assert set(rolls) <= set(range(1, 21)) and len(set(rolls)) > 15


def test_scripted_dice_refuse_to_invent_rolls():
    with pytest.raises(DiceExhausted):
        ScriptedDice([]).roll(20)


def test_dice_expressions_parse_and_print():
    assert DiceExpr.parse("2d6+3") == DiceExpr(2, 6, 3)
    assert str(DiceExpr.parse("1d8-1")) == "1d8-1"
    with pytest.raises(ValueError):
        DiceExpr.parse("two dice")
