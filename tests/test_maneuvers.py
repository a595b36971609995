"""The §25 maneuvers through the door: charge, bull rush, grab, move a grabbed target, escape, end a
grab and aid another (4e-combat.md §25.2, §25.4-§25.5, §25.11-§25.12, §29; docs/rulings-maneuvers.md).

The melee basic attack's bonus stands in for Strength and for the escape check (SWORD: +5). Default
defenses: AC 15, Fortitude 13, Reflex 13, Will 13.
"""

import pytest

from game.rulesets.dnd4e.actions import maneuvers
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, Attack, BullRush, Charge, EndGrab, EndTurn, Escape, Grab, Move, MoveGrabbed, React, Rejected,
    SpendActionPoint, Sustain,
)
from game.rulesets.dnd4e.actions.door import execute, validate
from game.rulesets.dnd4e.actions.events import (
    ActionTaken, AttackLost, AttackRolled, ConditionEnded, ConditionGained, DamageDealt, Offered, SavingThrow,
    UnitFell, UnitForced, UnitMoved,
)
from game.core.dice import DiceExpr, ScriptedDice
from game.core.grid import Size
from game.ecs.components import END_OF_TURN, END_OF_YOUR_NEXT_TURN, SUSTAIN, Condition, EffectSpec, Power
from game.rulesets.dnd4e.effects import AIDED_ATTACK, AIDED_DEFENSE

from support import BOW, SWORD, Unit, battle

SPEAR = Power("spear", "melee", 2, 0, 5, "ac", DiceExpr(1, 10, 3))
SHIELD = Power("Shield", "personal", 0, 0, 0, "", DiceExpr(0, 0, 0), weapon=False, action="interrupt",
               trigger="attacked_by_enemy", usage="encounter", targets="self",
               self_effects=(EffectSpec("defense_bonus", END_OF_YOUR_NEXT_TURN, 4),))


def run(state, command, rolls=()):
    """The door (whose systems end grabs that can no longer hold after every command)."""
    result = execute(state, command, ScriptedDice(list(rolls)))
    assert not isinstance(result, Rejected), result
    return result


def rejected(state, command):
    """The door refuses, names a 4e rule, changes nothing and rolls nothing."""
    before = state.world.snapshot()
    dice = ScriptedDice([])
    result = execute(state, command, dice)
    assert isinstance(result, Rejected), result
    assert result.rule.startswith("4e §"), result
    assert state.world.snapshot() == before and dice.rolled == []
    return result


def grabbed_by(state, bearer, holder):
    return [c for c in state.conditions(bearer).named("grabbed") if c.by == holder]


# Charge (§25.5) -------------------------------------------------------------------------------------------

def test_charge_moves_to_the_nearest_square_and_attacks_at_plus_1_25_5():
    state, ids = battle(["A....B"], {"A": Unit(), "B": Unit(side="red")})
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    events = run(state, Charge(ids["A"], ids["B"], path), [9, 4])      # 9 + 5 + 1 = 15 vs AC 15
    assert state.square(ids["A"]) == (4, 0)
    moved = next(e for e in events if isinstance(e, UnitMoved))
    assert moved.path == path and moved.slot == "standard" and moved.mode == "walk"
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.attack == "sword" and rolled.hit and rolled.total == 15
    assert any(m.value == 1 and m.rule == "4e §25.5" for m in rolled.modifiers)
    assert state.hp(ids["B"]) == 20 - 7


def test_after_a_charge_no_further_actions_without_an_action_point_25_5_25_1():
    state, ids = battle(["A....B.."], {"A": Unit(hero=True), "B": Unit(side="red", hp=40)})
    run(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))), [2])   # a miss
    actions = state.turn.actions
    assert (actions.standard, actions.move, actions.minor) == (0, 0, 0)
    assert "4e §3" in rejected(state, Move(ids["A"], ((4, 0), (3, 0)))).rule
    run(state, SpendActionPoint(ids["A"]))
    run(state, Attack(ids["A"], ids["B"], "sword"), [2])                # the one extra action
    rejected(state, Attack(ids["A"], ids["B"], "sword"))


def test_a_charge_moves_at_least_2_squares_A15():
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red")})
    result = rejected(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0))))
    assert "at least 2" in result.reason and "[A15]" in result.rule
    state, ids = battle(["A..B"], {"A": Unit(), "B": Unit(side="red")})
    assert validate(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0)))) is None


def test_a_charge_must_end_on_the_nearest_square_to_attack_from_25_5():
    state, ids = battle(["A.....", ".....B"], {"A": Unit(), "B": Unit(side="red")})
    farther = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))       # (5, 0) touches B but is 5 away, not 4
    assert "nearest" in rejected(state, Charge(ids["A"], ids["B"], farther)).reason
    for end in ((4, 0), (4, 1)):                                       # a tie: either nearest square will do
        path = tuple((x, 0) for x in range(4)) + (end,)
        assert validate(state, Charge(ids["A"], ids["B"], path)) is None


def test_a_charge_whose_nearest_square_is_occupied_fails_25_5():
    state, ids = battle(["A...CB"], {"A": Unit(), "B": Unit(side="red"), "C": Unit()})
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    assert "occupied" in rejected(state, Charge(ids["A"], ids["B"], path)).reason


def test_every_step_of_a_charge_brings_the_charger_nearer_A15():
    state, ids = battle(["......", "A....B", "......"], {"A": Unit(), "B": Unit(side="red")})
    detour = ((0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (4, 1))
    assert "nearer" in rejected(state, Charge(ids["A"], ids["B"], detour)).reason
    diagonal = ((0, 1), (1, 0), (2, 0), (3, 0), (4, 1))               # each step still closes in
    assert validate(state, Charge(ids["A"], ids["B"], diagonal)) is None


def test_a_charge_moves_at_most_speed_and_difficult_terrain_costs_extra_25_5_18_1():
    state, ids = battle(["A.~..B"], {"A": Unit(speed=4), "B": Unit(side="red")})
    result = rejected(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))))
    assert "costs 5" in result.reason and "speed is 4" in result.reason


def test_a_grabbed_or_prone_creature_cannot_charge_25_5_25_12():
    state, ids = battle(["A...B"], {"A": Unit(conditions=("grabbed",)), "B": Unit(side="red")})
    rejected(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0))))
    state, ids = battle(["A...B"], {"A": Unit(conditions=("prone",)), "B": Unit(side="red")})
    rejected(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0))))


def test_charging_out_of_a_square_next_to_an_enemy_provokes_then_the_attack_follows_25_5_25_13():
    state, ids = battle(["A.....B", "Z......"], {"A": Unit(hp=30), "B": Unit(side="red"), "Z": Unit(side="red")})
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    events = run(state, Charge(ids["A"], ids["B"], path))
    assert Offered(ids["Z"], "opportunity", ids["A"]) in events and state.square(ids["A"]) == (0, 0)
    events = run(state, React(ids["Z"], True), [10, 4, 9, 4])           # the OA hits for 7, then the charge
    assert state.hp(ids["A"]) == 23 and state.square(ids["A"]) == (5, 0)
    charge = [e for e in events if isinstance(e, AttackRolled) and e.attacker == ids["A"]]
    assert len(charge) == 1 and charge[0].hit and state.hp(ids["B"]) == 13


def test_a_charger_dropped_by_an_opportunity_attack_loses_its_attack_25_5_25_13():
    state, ids = battle(["A.....B", "Z......"], {"A": Unit(hp=5), "B": Unit(side="red"), "Z": Unit(side="red")},
                        order="ABZ")
    run(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))))
    events = run(state, React(ids["Z"], True), [10, 4])
    assert any(isinstance(e, AttackLost) and e.attacker == ids["A"] for e in events)
    assert state.hp(ids["B"]) == 20 and state.square(ids["A"]) == (0, 0)


def test_a_charge_can_end_in_a_bull_rush_at_plus_1_25_5_25_4():
    state, ids = battle(["A....B.."], {"A": Unit(), "B": Unit(side="red")})
    events = run(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), bull_rush=True), [7])
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.attack == "bull rush" and rolled.defense == "fortitude" and rolled.total == 13 and rolled.hit
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((5, 0), (6, 0))


def test_an_interrupt_against_a_charge_answers_after_the_move_before_the_roll_3_3_25_5():
    state, ids = battle(["A....B"], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, SHIELD))})
    events = run(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))))
    assert state.square(ids["A"]) == (4, 0) and Offered(ids["B"], "power", ids["A"], "Shield") in events
    assert not any(isinstance(e, AttackRolled) for e in events)
    events = run(state, React(ids["B"], True), [11])                    # 11 + 5 + 1 - 4 = 13 vs AC 15: a miss
    rolled = [e for e in events if isinstance(e, AttackRolled)]
    assert len(rolled) == 1 and rolled[0].total == 13 and not rolled[0].hit
    assert {m.value for m in rolled[0].modifiers} == {1, -4}               # charging, the Shield


def test_a_charge_cannot_go_over_a_ledge_25_5_20():
    state, ids = battle(["A....B"], {"A": Unit(), "B": Unit(side="red")}, elevation_ft=[[20, 20, 20, 20, 0, 0]])
    assert "ledge" in rejected(state, Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))).reason


# Bull rush (§25.4) ----------------------------------------------------------------------------------------

def test_bull_rush_hit_pushes_1_and_the_attacker_shifts_into_the_vacated_square_25_4():
    state, ids = battle(["AB.."], {"A": Unit(), "B": Unit(side="red")})
    events = run(state, BullRush(ids["A"], ids["B"]), [8])             # 8 + 5 = 13 vs Fortitude 13
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.defense == "fortitude" and rolled.defense_value == 13 and rolled.bonus == 5 and rolled.hit
    assert UnitForced(ids["A"], ids["B"], "push", ((1, 0), (2, 0))) in events
    assert UnitMoved(ids["A"], ((0, 0), (1, 0)), 1, "standard", "shift", "4e §25.4") in events
    assert state.hp(ids["B"]) == 20 and not state.turn.actions.standard


def test_bull_rush_miss_moves_no_one_25_4():
    state, ids = battle(["AB.."], {"A": Unit(), "B": Unit(side="red")})
    run(state, BullRush(ids["A"], ids["B"]), [7])
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((0, 0), (1, 0))


def test_bull_rush_pushes_into_the_chosen_legal_square_25_4_22():
    state, ids = battle([".....", "AB...", "....."], {"A": Unit(), "B": Unit(side="red")})
    run(state, BullRush(ids["A"], ids["B"], push_to=(2, 2)), [15])
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((1, 1), (2, 2))
    state, ids = battle([".....", "AB...", "....."], {"A": Unit(), "B": Unit(side="red")})
    assert "pushed" in rejected(state, BullRush(ids["A"], ids["B"], push_to=(1, 0))).reason   # not farther away


def test_bull_rush_with_no_square_to_push_into_has_no_effect_25_4():
    state, ids = battle(["AB#"], {"A": Unit(), "B": Unit(side="red")})
    events = run(state, BullRush(ids["A"], ids["B"]), [15])
    assert next(e for e in events if isinstance(e, AttackRolled)).hit
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((0, 0), (1, 0))
    state, ids = battle(["AB.."], {"A": Unit(), "B": Unit(side="red", conditions=("restrained",))})
    run(state, BullRush(ids["A"], ids["B"]), [15])
    assert state.square(ids["B"]) == (1, 0)                             # §22: a restrained creature stays


def test_bull_rush_targets_an_adjacent_creature_at_most_one_size_larger_25_4():
    state, ids = battle(["A.B"], {"A": Unit(attacks=(SPEAR,)), "B": Unit(side="red")})
    assert "adjacent" in rejected(state, BullRush(ids["A"], ids["B"])).reason     # reach 2 is not enough
    state, ids = battle(["AB..", "....", "...."], {"A": Unit(), "B": Unit(side="red", size=Size.HUGE)})
    assert "larger" in rejected(state, BullRush(ids["A"], ids["B"])).reason
    state, ids = battle(["AB..", "....", "...."], {"A": Unit(), "B": Unit(side="red", size=Size.LARGE)})
    assert validate(state, BullRush(ids["A"], ids["B"])) is None


def test_the_bull_rush_shift_provokes_no_opportunity_attack_25_4_25_20():
    state, ids = battle(["AB.", "Z.."], {"A": Unit(), "B": Unit(side="red"), "Z": Unit(side="red")})
    events = run(state, BullRush(ids["A"], ids["B"]), [15])
    assert state.square(ids["A"]) == (1, 0) and state.pending_offers is None
    assert not any(isinstance(e, Offered) for e in events)


def test_bull_rush_over_a_ledge_a_save_of_10_catches_the_target_prone_at_the_edge_20_25_4():
    state, ids = battle(["AB.."], {"A": Unit(), "B": Unit(side="red", hp=30)}, elevation_ft=[[20, 20, 0, 0]])
    events = run(state, BullRush(ids["A"], ids["B"]), [15, 10])
    assert SavingThrow(ids["B"], 10, True, "to catch itself at the edge", "4e §20") in events
    assert state.square(ids["B"]) == (1, 0) and state.has_condition(ids["B"], "prone")
    assert state.square(ids["A"]) == (0, 0)                              # nothing vacated, no shift


def test_bull_rush_over_a_ledge_a_failed_save_is_a_fall_20_25_4():
    state, ids = battle(["AB.."], {"A": Unit(), "B": Unit(side="red", hp=30)}, elevation_ft=[[20, 20, 0, 0]])
    events = run(state, BullRush(ids["A"], ids["B"]), [15, 9, 5, 5])
    assert any(isinstance(e, UnitFell) and e.height_ft == 20 for e in events)
    assert state.square(ids["B"]) == (2, 0) and state.hp(ids["B"]) == 20 and state.has_condition(ids["B"], "prone")
    assert state.square(ids["A"]) == (1, 0)


def test_an_interrupt_against_a_bull_rush_answers_before_the_roll_3_3_25_4():
    state, ids = battle(["AB.."], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, SHIELD))})
    events = run(state, BullRush(ids["A"], ids["B"]))
    assert Offered(ids["B"], "power", ids["A"], "Shield") in events
    events = run(state, React(ids["B"], True), [10])                    # 15 vs Fortitude 13 + 4: a miss
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.attack == "bull rush" and not rolled.hit and state.square(ids["B"]) == (1, 0)


# Grab (§25.12) --------------------------------------------------------------------------------------------

def test_grab_is_an_attack_vs_reflex_and_a_hit_immobilizes_25_12_A5():
    state, ids = battle(["AB...."], {"A": Unit(), "B": Unit(side="red")})
    events = run(state, Grab(ids["A"], ids["B"]), [8])
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.attack == "grab" and rolled.defense == "reflex" and rolled.hit
    assert ConditionGained(ids["B"], "grabbed", SUSTAIN, "4e §25.12", "grab") in events
    assert state.hp(ids["B"]) == 20
    run(state, EndTurn(ids["A"]))
    assert state.turn.current == ids["B"] and grabbed_by(state, ids["B"], ids["A"])
    assert "grabbed" in rejected(state, Move(ids["B"], ((1, 0), (2, 0), (3, 0)))).reason
    rejected(state, Move(ids["B"], ((1, 0), (2, 0)), "shift"))


def test_an_interrupt_against_a_grab_answers_before_the_roll_3_3_25_12():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, SHIELD))})
    assert Offered(ids["B"], "power", ids["A"], "Shield") in run(state, Grab(ids["A"], ids["B"]))
    events = run(state, React(ids["B"], True), [10])                    # 15 vs Reflex 13 + 4: a miss
    assert not next(e for e in events if isinstance(e, AttackRolled)).hit
    assert not state.has_condition(ids["B"], "grabbed")


def test_grab_miss_holds_nothing_25_12():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [7])
    assert not state.has_condition(ids["B"], "grabbed")


def test_grab_reaches_adjacent_creatures_only_weapon_reach_does_not_count_25_12():
    state, ids = battle(["A.B"], {"A": Unit(attacks=(SPEAR,)), "B": Unit(side="red")})
    assert "reach" in rejected(state, Grab(ids["A"], ids["B"])).reason


def test_grab_target_is_at_most_one_size_larger_25_12():
    state, ids = battle(["AB..", "....", "...."], {"A": Unit(), "B": Unit(side="red", size=Size.HUGE)})
    assert "larger" in rejected(state, Grab(ids["A"], ids["B"])).reason


def test_a_grab_is_sustained_by_a_minor_action_or_it_ends_25_12_11_1():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    run(state, EndTurn(ids["A"]))                                       # [A12]: the grab's own turn sustains it
    run(state, EndTurn(ids["B"]))
    assert state.has_condition(ids["B"], "grabbed")
    run(state, Sustain(ids["A"], "grab"))
    assert not state.turn.actions.minor
    run(state, EndTurn(ids["A"]))
    run(state, EndTurn(ids["B"]))
    events = run(state, EndTurn(ids["A"]))                              # not sustained this time
    assert ConditionEnded(ids["B"], "grabbed", "4e §11.1") in events and not state.has_condition(ids["B"], "grabbed")


def test_ending_a_grab_is_a_free_action_25_12():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    minor_and_move = (state.turn.actions.move, state.turn.actions.minor)
    events = run(state, EndGrab(ids["A"]))
    assert ConditionEnded(ids["B"], "grabbed", "4e §25.12") in events
    assert (state.turn.actions.move, state.turn.actions.minor) == minor_and_move
    assert "no grab" in rejected(state, EndGrab(ids["A"])).reason


@pytest.mark.parametrize("condition", ["dazed", "stunned", "surprised", "unconscious"])
def test_a_grab_ends_when_the_grabber_cannot_take_opportunity_actions_25_12(condition):
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.add_condition(ids["A"], Condition(condition))
    events = maneuvers.grab_upkeep(state)
    assert ConditionEnded(ids["B"], "grabbed", "4e §25.12") in events and not state.has_condition(ids["B"], "grabbed")


def test_a_grab_ends_when_a_push_takes_the_grabbed_creature_out_of_reach_25_12_A55():
    state, ids = battle([".C..", "AB..", "...."], {"A": Unit(), "B": Unit(side="red"), "C": Unit()}, order="ACB")
    run(state, Grab(ids["A"], ids["B"]), [10])
    run(state, EndTurn(ids["A"]))
    events = run(state, BullRush(ids["C"], ids["B"], push_to=(2, 2)), [15])
    assert state.square(ids["B"]) == (2, 2) and ConditionEnded(ids["B"], "grabbed", "4e §25.12") in events


def test_a_grab_ends_when_the_grabber_moves_away_or_dies_25_12_A55():
    state, ids = battle([".AB.", "...."], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    run(state, Move(ids["A"], ((1, 0), (1, 1)), "shift"))                # still adjacent (diagonally)
    assert state.has_condition(ids["B"], "grabbed")
    state, ids = battle([".AB.", "...."], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    events = run(state, Move(ids["A"], ((1, 0), (0, 1)), "shift"))       # 2 squares from B now
    assert ConditionEnded(ids["B"], "grabbed", "4e §25.12") in events
    state, ids = battle(["AB", ".Z"], {"A": Unit(hp=1), "B": Unit(side="red"), "Z": Unit(side="red")}, order="AZB")
    run(state, Grab(ids["A"], ids["B"]), [10])
    run(state, EndTurn(ids["A"]))
    run(state, Attack(ids["Z"], ids["A"], "sword"), [15, 1])            # A, a monster, dies at 0
    assert not state.has_condition(ids["B"], "grabbed")


def test_teleporting_out_of_a_grab_ends_it_and_the_grab_holder_is_free_again_23_25_12():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.remove_condition(ids["B"], "grabbed")                         # what teleport.py does
    assert maneuvers.grabs_held(state, ids["A"]) == [] and maneuvers.grab_upkeep(state) == []


# Escape (§25.11) ------------------------------------------------------------------------------------------

def grabbed_state(holder_defenses=None):
    units = {"A": Unit(), "B": Unit(side="red")}
    if holder_defenses is not None:
        units["A"] = Unit(defenses=holder_defenses)
    state, ids = battle(["AB..", "...."], units)
    run(state, Grab(ids["A"], ids["B"]), [10])
    run(state, EndTurn(ids["A"]))
    return state, ids


def test_escape_is_a_move_action_athletics_vs_fortitude_and_may_shift_1_25_11():
    from game.ecs.components import Defenses
    state, ids = grabbed_state(Defenses(15, 13, 20, 13))
    events = run(state, Escape(ids["B"], "athletics", shift_to=(2, 1)), [8])       # 8 + 5 = 13 vs Fortitude 13
    taken = next(e for e in events if isinstance(e, ActionTaken))
    assert taken.action == "escape" and "fortitude 13" in taken.detail and taken.rule == "4e §25.11"
    assert ConditionEnded(ids["B"], "grabbed", "4e §25.11") in events
    assert UnitMoved(ids["B"], ((1, 0), (2, 1)), 1, "move", "shift") in events and state.square(ids["B"]) == (2, 1)
    assert not state.turn.actions.move and state.turn.actions.standard


def test_escape_with_acrobatics_is_against_reflex_and_a_failure_stays_grabbed_25_11():
    from game.ecs.components import Defenses
    state, ids = grabbed_state(Defenses(15, 10, 14, 13))
    events = run(state, Escape(ids["B"], "acrobatics", shift_to=(2, 0)), [8])      # 13 vs Reflex 14
    assert "still grabbed" in next(e for e in events if isinstance(e, ActionTaken)).detail
    assert state.has_condition(ids["B"], "grabbed") and state.square(ids["B"]) == (1, 0)
    assert not state.turn.actions.move


def test_escape_shift_is_checked_like_a_shift_25_11_25_20():
    state, ids = battle(["AB~.", "...."], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    run(state, EndTurn(ids["A"]))
    assert "difficult" in rejected(state, Escape(ids["B"], "athletics", shift_to=(2, 0))).reason
    rejected(state, Escape(ids["B"], "athletics", shift_to=(3, 0)))      # 2 squares is no shift
    rejected(state, Escape(ids["B"], "swimming"))
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")}, order="BA")
    assert "not grabbed" in rejected(state, Escape(ids["B"])).reason


# Move a grabbed target (§25.12) ---------------------------------------------------------------------------

def test_move_grabbed_hit_drags_the_target_half_speed_provoking_nothing_from_it_25_12():
    # C, A's ally, stands next to B: B is dragged away from it, and provokes no one.
    state, ids = battle(["...AB..", "....C.."], {"A": Unit(), "B": Unit(side="red"), "C": Unit()})
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.world.set_resource(maneuvers.replace(state.turn, actions=maneuvers.ActionBudget()))   # a fresh turn's actions
    path = ((3, 0), (2, 0), (1, 0), (0, 0))
    events = run(state, MoveGrabbed(ids["A"], path), [8])               # 13 vs Fortitude 13
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.attack == "move grabbed" and rolled.defense == "fortitude" and rolled.hit
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((0, 0), (1, 0))
    assert UnitForced(ids["A"], ids["B"], "dragged", ((4, 0), (3, 0), (2, 0), (1, 0)), "4e §25.12") in events
    assert not any(isinstance(e, Offered) for e in events) and state.pending_offers is None
    assert state.has_condition(ids["B"], "grabbed")


def test_move_grabbed_miss_moves_no_one_25_12():
    state, ids = battle(["...AB.."], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.world.set_resource(maneuvers.replace(state.turn, actions=maneuvers.ActionBudget()))
    run(state, MoveGrabbed(ids["A"], ((3, 0), (2, 0))), [7])
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((3, 0), (4, 0))


def test_move_grabbed_goes_half_speed_rounded_down_25_12_A25():
    state, ids = battle(["....AB"], {"A": Unit(speed=7), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.world.set_resource(maneuvers.replace(state.turn, actions=maneuvers.ActionBudget()))
    assert "half speed is 3" in rejected(state, MoveGrabbed(ids["A"], ((4, 0), (3, 0), (2, 0), (1, 0), (0, 0)))).reason
    assert validate(state, MoveGrabbed(ids["A"], ((4, 0), (3, 0), (2, 0), (1, 0)))) is None


def test_the_dragged_creature_must_fit_along_the_way_25_12_17_4():
    state, ids = battle(["...AB", "....#"], {"A": Unit(), "B": Unit(side="red")})
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.world.set_resource(maneuvers.replace(state.turn, actions=maneuvers.ActionBudget()))
    assert "dragged" in rejected(state, MoveGrabbed(ids["A"], ((3, 0), (3, 1)))).reason
    state, ids = battle(["...AB"], {"A": Unit(), "B": Unit(side="red")})
    assert "holding no grab" in rejected(state, MoveGrabbed(ids["A"], ((3, 0), (2, 0)))).reason


def test_the_grabber_still_provokes_other_enemies_while_dragging_25_12():
    state, ids = battle(["...AB..", "...Z..."], {"A": Unit(hp=30), "B": Unit(side="red"), "Z": Unit(side="red")},
                        order="ABZ")
    run(state, Grab(ids["A"], ids["B"]), [10])
    state.world.set_resource(maneuvers.replace(state.turn, actions=maneuvers.ActionBudget()))
    events = run(state, MoveGrabbed(ids["A"], ((3, 0), (2, 0), (1, 0))), [8])
    offers = [e for e in events if isinstance(e, Offered)]
    assert offers == [Offered(ids["Z"], "opportunity", ids["A"])]           # Z, never B
    events = run(state, React(ids["Z"], True), [10, 4])
    assert state.hp(ids["A"]) == 23
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((1, 0), (2, 0))


# Aid another (§25.2) --------------------------------------------------------------------------------------

def aid_state():
    return battle(["AB", "C."], {"A": Unit(), "B": Unit(side="red"), "C": Unit()}, order="ACB")


def test_aid_another_is_a_melee_attack_vs_ac_10_that_gives_an_ally_plus_2_to_attack_25_2_A14():
    state, ids = aid_state()
    events = run(state, AidAnother(ids["A"], ids["B"], ids["C"], "attack"), [5])      # 10: would miss AC 15
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.attack == "aid another" and rolled.defense_value == 10 and rolled.hit
    assert not any(isinstance(e, DamageDealt) for e in events)
    aid = state.conditions(ids["C"]).named(AIDED_ATTACK)
    assert len(aid) == 1 and aid[0].against == ids["B"] and aid[0].until == END_OF_TURN and aid[0].owner == ids["A"]
    run(state, EndTurn(ids["A"]))
    events = run(state, Attack(ids["C"], ids["B"], "sword"), [8, 1])    # 8 + 5 + 2 = 15 vs AC 15
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.hit and any(m.rule == "4e §25.2" and m.value == 2 for m in rolled.modifiers)
    assert not state.has_condition(ids["C"], AIDED_ATTACK)              # used up by that attack


def test_aid_another_defense_boon_gives_plus_2_against_the_enemys_next_attack_25_2():
    state, ids = aid_state()
    run(state, AidAnother(ids["A"], ids["B"], ids["C"], "defense"), [10])
    run(state, EndTurn(ids["A"]))
    run(state, EndTurn(ids["C"]))
    events = run(state, Attack(ids["B"], ids["C"], "sword"), [12, 1])   # 12 + 5 - 2 = 15: still a hit vs 15
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert any(m.rule == "4e §25.2" and m.value == -2 for m in rolled.modifiers) and rolled.total == 15


def test_aid_lasts_until_the_end_of_the_aiders_next_turn_even_unused_25_2():
    state, ids = aid_state()
    run(state, AidAnother(ids["A"], ids["B"], ids["C"], "attack"), [10])
    for actor in ("A", "C", "B"):
        run(state, EndTurn(ids[actor]))
    assert state.has_condition(ids["C"], AIDED_ATTACK)                  # the aider's next turn has begun
    events = run(state, EndTurn(ids["A"]))
    assert ConditionEnded(ids["C"], AIDED_ATTACK, "4e §11.1") in events


def test_aid_another_miss_gives_nothing_25_2():
    state, ids = aid_state()
    run(state, AidAnother(ids["A"], ids["B"], ids["C"], "defense"), [4])
    assert not state.has_condition(ids["C"], AIDED_DEFENSE) and not state.turn.actions.standard


def test_aid_another_needs_an_enemy_in_reach_and_another_ally_25_2():
    state, ids = aid_state()
    rejected(state, AidAnother(ids["A"], ids["B"], ids["A"]))
    rejected(state, AidAnother(ids["A"], ids["C"], ids["C"]))
    rejected(state, AidAnother(ids["A"], ids["B"], ids["C"], "luck"))
    state, ids = battle(["A.B", "C.."], {"A": Unit(), "B": Unit(side="red"), "C": Unit()})
    assert "reach" in rejected(state, AidAnother(ids["A"], ids["B"], ids["C"])).reason


# Rejections name the rule and change nothing (§3.1) -------------------------------------------------------

def test_maneuvers_need_their_action_3_1():
    state, ids = battle(["AB...", "C...."], {"A": Unit(), "B": Unit(side="red"), "C": Unit()}, order="ACB")
    run(state, Attack(ids["A"], ids["B"], "sword"), [2])                  # the standard action is spent
    for command in (BullRush(ids["A"], ids["B"]), Grab(ids["A"], ids["B"]), AidAnother(ids["A"], ids["B"], ids["C"]),
                    MoveGrabbed(ids["A"], ((0, 0), (0, 1)))):
        assert "standard" in rejected(state, command).reason
    assert "4e §2.2" in rejected(state, Grab(ids["C"], ids["B"])).rule   # not C's turn


def test_the_maneuvers_target_enemies_25_4_25_12():
    state, ids = battle(["AC"], {"A": Unit(), "C": Unit()})
    assert "not an enemy" in rejected(state, BullRush(ids["A"], ids["C"])).reason
    assert "not an enemy" in rejected(state, Grab(ids["A"], ids["C"])).reason


def test_no_bow_attack_stands_in_for_a_maneuver_25_3():
    state, ids = battle(["AB"], {"A": Unit(attacks=(BOW,)), "B": Unit(side="red")})
    assert "melee basic attack" in rejected(state, Grab(ids["A"], ids["B"])).reason
