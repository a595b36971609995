"""The battlefield rules happening through the door: move modes, falls, forced movement, teleport,
portals, areas and opportunity attacks offered to the enemy (4e §5, §19-§25, 4e-movement.md)."""

from dataclasses import replace

from game.rulesets.dnd4e.actions.commands import (
    AreaAttack, Attack, DropProne, EndSqueeze, EndTurn, ForceMove, Move, React, Rejected, StandUp, Teleport,
)
from game.rulesets.dnd4e.actions.door import execute
from game.rulesets.dnd4e.actions.events import (
    AreaPlaced, AttackRolled, ConditionEnded, DamageDealt, ForcedMovementEarned, Offered, SavingThrow,
    UnitFell, UnitForced, UnitTeleported,
)
from game.rulesets.dnd4e.actions.move import move_options
from game.core.dice import DiceExpr, ScriptedDice
from game.core.grid import Size
from game.ecs.components import Power, TeleportPower
from game.rulesets.dnd4e.situation import combat_advantage, situation

from support import SWORD, Unit, battle

SHOVE = Power("shove", "melee", 1, 0, 5, "fortitude", DiceExpr(1, 4, 0), basic=False, forced="push", forced_squares=2)
SWITCH = Power("switch", "melee", 1, 0, 5, "reflex", DiceExpr(1, 4, 0), basic=False, forced="swap")
WAVE = Power("wave", "close", 0, 0, 5, "fortitude", DiceExpr(1, 6, 0), weapon=False, basic=False,
                     area="blast", size=3, targets="creature")
STEP = TeleportPower("step", 5)


def ok(result):
    assert not isinstance(result, Rejected), result
    return result


# Move modes -------------------------------------------------------------------------------------

def test_run_adds_2_squares_then_minus_5_and_grants_combat_advantage_until_the_next_turn_25_17():
    state, ids = battle(["A.........", "..........", "B........."], {"A": Unit(speed=5), "B": Unit(side="red")})
    assert move_options(state, ids["A"], "run").cost[(7, 0)] == 7
    ok(execute(state, Move(ids["A"], tuple((x, 0) for x in range(8)), "run"), ScriptedDice([])))
    assert state.square(ids["A"]) == (7, 0) and state.has_condition(ids["A"], "running")
    assert state.turn.actions.standard    # 7 squares fit one run (speed + 2); a walk would need a double move
    penalties = [m.value for m in situation(state, ids["A"], ids["B"], "ranged").modifiers]
    assert -5 in penalties
    assert combat_advantage(state, ids["B"], ids["A"], "ranged")
    events = ok(execute(state, EndTurn(ids["A"]), ScriptedDice([])))
    events += ok(execute(state, EndTurn(ids["B"]), ScriptedDice([])))
    assert ConditionEnded(ids["A"], "running", "4e §11.1") in events and not state.has_condition(ids["A"], "running")


def test_a_shift_never_provokes_and_a_double_shift_can_enter_difficult_terrain_M001_DT_05():
    state, ids = battle([".A~", "B.."], {"A": Unit(), "B": Unit(side="red")}, order="AB")
    assert move_options(state, ids["A"], "shift").cost.get((2, 0)) == 2     # double shift: budget 2
    events = ok(execute(state, Move(ids["A"], ((1, 0), (2, 0)), "shift"), ScriptedDice([])))
    assert not any(isinstance(e, Offered) for e in events) and state.square(ids["A"]) == (2, 0)
    state, ids = battle([".A~", "B.."], {"A": Unit(), "B": Unit(side="red")}, order="AB")
    ok(execute(state, DropProne(ids["A"]), ScriptedDice([])))
    ok(execute(state, StandUp(ids["A"]), ScriptedDice([])))    # the move action is gone: only the standard is left
    assert isinstance(execute(state, Move(ids["A"], ((1, 0), (2, 0)), "shift"), ScriptedDice([])), Rejected)


def test_crawl_needs_prone_moves_half_speed_and_stays_prone_25_7():
    state, ids = battle(["A......", ".......", "......Z"], {"A": Unit(speed=6), "Z": Unit(side="red")})
    assert isinstance(execute(state, Move(ids["A"], ((0, 0), (1, 0)), "crawl"), ScriptedDice([])), Rejected)
    ok(execute(state, DropProne(ids["A"]), ScriptedDice([])))
    assert isinstance(execute(state, Move(ids["A"], ((0, 0), (1, 0)), "walk"), ScriptedDice([])), Rejected)
    assert max(move_options(state, ids["A"], "crawl").cost.values()) == 6    # 3 a crawl, pooled as a double move
    ok(execute(state, Move(ids["A"], ((0, 0), (1, 0), (2, 0), (3, 0)), "crawl"), ScriptedDice([])))
    assert state.square(ids["A"]) == (3, 0) and state.has_condition(ids["A"], "prone")


def test_stand_up_is_a_move_action_and_drop_prone_a_minor_action_25_8_25_19():
    state, ids = battle(["A.Z"], {"A": Unit(), "Z": Unit(side="red")})
    ok(execute(state, DropProne(ids["A"]), ScriptedDice([])))
    assert not state.turn.actions.minor and state.has_condition(ids["A"], "prone")
    ok(execute(state, StandUp(ids["A"]), ScriptedDice([])))
    assert not state.turn.actions.move and not state.has_condition(ids["A"], "prone")


def test_a_large_creature_squeezes_through_a_one_square_gap_at_half_speed_25_21():
    rows = ["O.#...", "..#...", "......", "..#...", "..#..Z"]
    state, ids = battle(rows, {"O": Unit(size=Size.LARGE, speed=6), "Z": Unit(side="red")}, order="OZ")
    ogre = ids["O"]
    walk = move_options(state, ogre, "walk")
    assert (3, 2) not in walk.endable                    # 2x2 cannot pass the 1-square gap at (2, 2)
    squeeze = move_options(state, ogre, "squeeze")
    assert (3, 2) in squeeze.endable and squeeze.cost[(3, 2)] == 4 and max(squeeze.cost.values()) <= 6
    ok(execute(state, Move(ogre, ((0, 0), (1, 1), (1, 2), (2, 2), (3, 2)), "squeeze"), ScriptedDice([])))
    assert state.space(ogre) == ((3, 2), 1) and state.has_condition(ogre, "squeezing")
    assert isinstance(execute(state, Move(ogre, ((3, 2), (4, 2)), "walk"), ScriptedDice([])), Rejected)
    ok(execute(state, EndSqueeze(ogre), ScriptedDice([])))
    assert state.space(ogre)[1] == 2 and (3, 2) in [(x, y) for x in range(state.square(ogre)[0], state.square(ogre)[0] + 2)
                                                     for y in range(state.square(ogre)[1], state.square(ogre)[1] + 2)]


def test_squeezing_gives_minus_5_to_attacks_and_grants_combat_advantage_25_21():
    state, ids = battle(["O..B", "...."], {"O": Unit(size=Size.LARGE), "B": Unit(side="red")}, order="OB")
    ok(execute(state, Move(ids["O"], ((0, 0), (1, 0)), "squeeze"), ScriptedDice([])))
    assert -5 in [m.value for m in situation(state, ids["O"], ids["B"], "melee").modifiers]
    assert combat_advantage(state, ids["B"], ids["O"], "melee")


def test_a_medium_creature_cannot_squeeze_25_21():
    state, ids = battle(["A.."], {"A": Unit()})
    assert isinstance(execute(state, Move(ids["A"], ((0, 0), (1, 0)), "squeeze"), ScriptedDice([])), Rejected)


def test_phasing_passes_walls_and_creatures_but_ends_in_an_unoccupied_space_24():
    state, ids = battle(["P#B.."], {"P": Unit(phasing=True), "B": Unit(side="red")})
    options = move_options(state, ids["P"])
    assert options.cost[(3, 0)] == 3 and (3, 0) in options.endable
    assert (1, 0) not in options.endable and (2, 0) not in options.endable


# Opportunity attacks ----------------------------------------------------------------------------

def test_an_invisible_mover_does_not_provoke_an_enemy_that_cannot_see_it_25_13():
    state, ids = battle([".AB.."], {"A": Unit(), "B": Unit(side="red", conditions=("invisible",))}, order="BA")
    events = ok(execute(state, Move(ids["B"], ((2, 0), (3, 0), (4, 0))), ScriptedDice([])))
    assert not any(isinstance(e, Offered) for e in events) and state.square(ids["B"]) == (4, 0)


def test_the_enemys_controller_chooses_and_its_answer_is_a_command_25_13():
    state, ids = battle([".AB.."], {"A": Unit(), "B": Unit(side="red")}, order="BA")
    ok(execute(state, Move(ids["B"], ((2, 0), (3, 0), (4, 0))), ScriptedDice([])))
    assert state.pending_offers is not None and [o.by for o in state.pending_offers.offers] == [ids["A"]]
    events = ok(execute(state, React(ids["A"], True), ScriptedDice([1])))
    assert isinstance(events[0], AttackRolled) and not events[0].hit and state.square(ids["B"]) == (4, 0)


# Falling ------------------------------------------------------------------------------------------

LEDGE = [[20, 20, 0, 0]]


def test_walking_off_a_ledge_is_a_fall_that_ends_the_move_and_knocks_prone_20():
    state, ids = battle(["A..."], {"A": Unit(hp=30)}, elevation_ft=LEDGE)
    options = move_options(state, ids["A"])
    assert options.falls == {(2, 0): 20} and (3, 0) not in options.cost    # nothing goes on past the landing
    events = ok(execute(state, Move(ids["A"], ((0, 0), (1, 0), (2, 0))), ScriptedDice([3, 4])))
    fell = next(e for e in events if isinstance(e, UnitFell))
    assert (fell.height_ft, fell.dice, fell.faces) == (20, "2d10", (3, 4))
    assert state.hp(ids["A"]) == 23 and state.has_condition(ids["A"], "prone")
    assert isinstance(execute(state, Move(ids["A"], ((2, 0), (1, 0), (0, 0), (1, 0), (2, 0), (3, 0))), ScriptedDice([])), Rejected)


def test_a_cliff_face_10_ft_or_higher_cannot_be_walked_up_20():
    state, ids = battle(["..A."], {"A": Unit()}, elevation_ft=LEDGE)
    assert (1, 0) not in move_options(state, ids["A"]).cost


def test_a_large_creature_only_partly_over_the_edge_does_not_fall_M001_FA_05():
    state, ids = battle(["O...", "...."], {"O": Unit(size=Size.LARGE)}, elevation_ft=[[20, 20, 0, 0], [20, 20, 0, 0]])
    options = move_options(state, ids["O"])
    assert (1, 0) in options.cost and (1, 0) not in options.falls    # half over the drop: still standing
    assert options.falls.get((2, 0)) == 20


def test_a_flying_creature_does_not_fall_off_a_ledge_18_1():
    state, ids = battle(["A..."], {"A": Unit(flying=True)}, elevation_ft=LEDGE)
    options = move_options(state, ids["A"])
    assert not options.falls and (3, 0) in options.endable


# Forced movement ---------------------------------------------------------------------------------

def test_a_hit_earns_a_push_the_attacker_places_square_by_square_22():
    state, ids = battle(["AB..."], {"A": Unit(attacks=(SWORD, SHOVE)), "B": Unit(side="red")})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "shove"), ScriptedDice([15, 2])))
    assert ForcedMovementEarned(ids["A"], ids["B"], "push", 2) in events
    assert isinstance(execute(state, EndTurn(ids["A"]), ScriptedDice([])), Rejected)     # placement comes first
    assert isinstance(execute(state, ForceMove(ids["A"], ids["B"], ((1, 0), (0, 1))), ScriptedDice([])), Rejected)
    events = ok(execute(state, ForceMove(ids["A"], ids["B"], ((1, 0), (2, 0), (3, 0))), ScriptedDice([])))
    assert UnitForced(ids["A"], ids["B"], "push", ((1, 0), (2, 0), (3, 0))) in events and state.square(ids["B"]) == (3, 0)
    assert state.pending_forced is None


def test_forced_movement_may_move_fewer_squares_or_none_and_never_provokes_22():
    state, ids = battle(["AB..", "C..."], {"A": Unit(attacks=(SWORD, SHOVE)), "B": Unit(side="red"),
                                            "C": Unit(side="red")})
    ok(execute(state, Attack(ids["A"], ids["B"], "shove"), ScriptedDice([15, 2])))
    events = ok(execute(state, ForceMove(ids["A"], ids["B"], ((1, 0),)), ScriptedDice([])))
    assert events == [] or not any(isinstance(e, Offered) for e in events)
    assert state.square(ids["B"]) == (1, 0)


def test_a_restrained_creature_cannot_be_pushed_22():
    state, ids = battle(["AB..."], {"A": Unit(attacks=(SWORD, SHOVE)), "B": Unit(side="red", conditions=("restrained",))})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "shove"), ScriptedDice([15, 2])))
    assert not any(isinstance(e, ForcedMovementEarned) for e in events) and state.pending_forced is None


def test_pushed_over_a_ledge_a_save_of_10_catches_it_prone_at_the_edge_20():
    state, ids = battle(["AB.."], {"A": Unit(attacks=(SWORD, SHOVE)), "B": Unit(side="red", hp=30)},
                        elevation_ft=[[20, 20, 0, 0]])
    ok(execute(state, Attack(ids["A"], ids["B"], "shove"), ScriptedDice([15, 2])))
    events = ok(execute(state, ForceMove(ids["A"], ids["B"], ((1, 0), (2, 0))), ScriptedDice([10])))
    assert SavingThrow(ids["B"], 10, True, "to catch itself at the edge", "4e §20") in events
    assert state.square(ids["B"]) == (1, 0) and state.has_condition(ids["B"], "prone") and state.hp(ids["B"]) == 28


def test_pushed_over_a_ledge_a_failed_save_means_a_fall_20():
    state, ids = battle(["AB.."], {"A": Unit(attacks=(SWORD, SHOVE)), "B": Unit(side="red", hp=30)},
                        elevation_ft=[[20, 20, 0, 0]])
    ok(execute(state, Attack(ids["A"], ids["B"], "shove"), ScriptedDice([15, 2])))
    events = ok(execute(state, ForceMove(ids["A"], ids["B"], ((1, 0), (2, 0))), ScriptedDice([9, 5, 5])))
    assert any(isinstance(e, UnitFell) and e.height_ft == 20 for e in events)
    assert state.square(ids["B"]) == (2, 0) and state.hp(ids["B"]) == 18 and state.has_condition(ids["B"], "prone")


def test_swap_places_puts_each_in_the_others_square_22():
    state, ids = battle(["AB."], {"A": Unit(attacks=(SWORD, SWITCH)), "B": Unit(side="red")})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "switch"), ScriptedDice([15, 2])))
    assert any(isinstance(e, UnitForced) and e.kind == "swap" for e in events)
    assert (state.square(ids["A"]), state.square(ids["B"])) == ((1, 0), (0, 0))


# Teleport and portals --------------------------------------------------------------------------------

def test_teleport_reaches_a_seen_free_square_even_while_immobilized_and_is_spent_23():
    state, ids = battle(["A..#..", "......"], {"A": Unit(teleports=(STEP,), conditions=("immobilized",))})
    events = ok(execute(state, Teleport(ids["A"], "step", (4, 1)), ScriptedDice([])))
    assert UnitTeleported(ids["A"], (0, 0), (4, 1), "step") in events and state.square(ids["A"]) == (4, 1)
    state.world.set_resource(replace(state.turn, actions=replace(state.turn.actions, move=True)))
    assert isinstance(execute(state, Teleport(ids["A"], "step", (2, 1)), ScriptedDice([])), Rejected)   # encounter power


def test_teleport_cannot_reach_an_unseen_or_occupied_square_23():
    state, ids = battle(["A#...", ".#...", "B...."], {"A": Unit(teleports=(STEP,)), "B": Unit()})
    assert isinstance(execute(state, Teleport(ids["A"], "step", (0, 2)), ScriptedDice([])), Rejected)


def test_teleporting_away_ends_a_grab_23():
    state, ids = battle(["A...."], {"A": Unit(teleports=(STEP,), conditions=("grabbed",))})
    ok(execute(state, Teleport(ids["A"], "step", (3, 0)), ScriptedDice([])))
    assert not state.has_condition(ids["A"], "grabbed")


def test_a_walk_that_ends_on_a_portal_comes_out_of_its_pair_23():
    state, ids = battle(["A.#...", "..#..."], {"A": Unit()}, portals=(((1, 0), (4, 1)),))
    events = ok(execute(state, Move(ids["A"], ((0, 0), (1, 0))), ScriptedDice([])))
    assert UnitTeleported(ids["A"], (1, 0), (4, 1), "portal") in events and state.square(ids["A"]) == (4, 1)


def test_a_portal_whose_exit_is_taken_leaves_the_creature_where_it_stopped_23():
    state, ids = battle(["A.#...", "..#.B."], {"A": Unit(), "B": Unit()}, portals=(((1, 0), (4, 1)),))
    ok(execute(state, Move(ids["A"], ((0, 0), (1, 0))), ScriptedDice([])))
    assert state.square(ids["A"]) == (1, 0)


# Areas ----------------------------------------------------------------------------------------------

def test_a_close_blast_rolls_against_each_creature_and_damage_once_5_4():
    state, ids = battle(["A.B", ".C.", "..."], {"A": Unit(attacks=(SWORD, WAVE)), "B": Unit(side="red", hp=20),
                                               "C": Unit(hp=20)})
    events = ok(execute(state, AreaAttack(ids["A"], "wave", (1, 0)), ScriptedDice([15, 16, 4])))
    placed = next(e for e in events if isinstance(e, AreaPlaced))
    assert set(placed.caught) == {ids["B"], ids["C"]}                       # an ally is caught too
    assert sum(isinstance(e, AttackRolled) for e in events) == 2
    assert [e.amount for e in events if isinstance(e, DamageDealt)] == [4, 4]  # one damage roll for both


def test_a_blast_must_touch_its_users_space_5_6():
    state, ids = battle(["A....", ".....", "...B."], {"A": Unit(attacks=(SWORD, WAVE)), "B": Unit(side="red")})
    assert isinstance(execute(state, AreaAttack(ids["A"], "wave", (2, 2)), ScriptedDice([])), Rejected)
