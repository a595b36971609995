"""The one door: validation is pure, rejections change nothing, accepted commands emit events."""

from game.rulesets.dnd4e.actions.commands import Attack, EndTurn, Move, React, Rejected
from game.rulesets.dnd4e.actions.door import execute, validate
from game.rulesets.dnd4e.actions.events import (
    AttackRolled, DamageDealt, OfferDeclined, Offered, RoundStarted, SkirmishWon, TurnStarted,
    UnitBloodied, UnitDied, UnitMoved,
)
from game.core.dice import ScriptedDice
from game.ecs.components import OutOfFight

from support import SWORD, Unit, battle


def test_rejected_command_changes_nothing_and_rolls_no_dice():
    state, ids = battle(["A.#B"], {"A": Unit(), "B": Unit(side="red")})
    before = state.world.snapshot()
    dice = ScriptedDice([])
    for command in (
        Move(ids["A"], ((0, 0), (1, 0), (2, 0))),       # into a wall
        Attack(ids["A"], ids["B"], "sword"),            # out of reach
        Attack(ids["B"], ids["A"], "sword"),            # not B's turn
        Move(ids["A"], ((0, 0),)),                      # goes nowhere
    ):
        result = execute(state, command, dice)
        assert isinstance(result, Rejected) and result.reason
    assert state.world.snapshot() == before
    assert dice.rolled == []


def test_validate_never_changes_the_state():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")})
    before = state.world.snapshot()
    assert validate(state, Attack(ids["A"], ids["B"], "sword")) is None
    assert state.world.snapshot() == before


def test_walk_spends_the_move_action_then_the_standard_as_a_move_3_4():
    state, ids = battle(["A.......", ".......Z"], {"A": Unit(speed=2), "Z": Unit(side="red")}, order="AZ")
    first = execute(state, Move(ids["A"], ((0, 0), (1, 0), (2, 0))), ScriptedDice([]))
    assert isinstance(first[0], UnitMoved) and first[0].slot == "move"
    second = execute(state, Move(ids["A"], ((2, 0), (3, 0), (4, 0))), ScriptedDice([]))
    assert isinstance(second[0], UnitMoved) and second[0].slot == "standard"
    third = execute(state, Move(ids["A"], ((4, 0), (5, 0))), ScriptedDice([]))
    assert isinstance(third, Rejected)
    assert state.square(ids["A"]) == (4, 0)


def test_walk_longer_than_a_double_move_is_rejected_17_1_19():
    state, ids = battle(["A.....", ".....B"], {"A": Unit(speed=2), "B": Unit(side="red")})
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    result = execute(state, Move(ids["A"], path), ScriptedDice([]))
    assert isinstance(result, Rejected) and "4 are available" in result.reason


def test_double_move_pools_speed_so_speed_5_crosses_5_difficult_squares_M001_DM_03():
    state, ids = battle(["A~~~~~.", "......B"], {"A": Unit(speed=5), "B": Unit(side="red")})
    path = tuple((x, 0) for x in range(6))
    events = execute(state, Move(ids["A"], path), ScriptedDice([]))
    assert isinstance(events[0], UnitMoved) and events[0].slot == "double move" and events[0].cost == 10
    assert not state.turn.actions.move and not state.turn.actions.standard and state.turn.actions.minor


def test_no_double_move_after_the_move_action_is_spent_19():
    state, ids = battle(["A......", "......B"], {"A": Unit(speed=2), "B": Unit(side="red")})
    execute(state, Move(ids["A"], ((0, 0), (1, 0))), ScriptedDice([]))
    result = execute(state, Move(ids["A"], ((1, 0), (2, 0), (3, 0), (4, 0))), ScriptedDice([]))
    assert isinstance(result, Rejected)


def test_rubble_counts_double_in_a_walk_18_1():
    state, ids = battle(["A~~.", "...B"], {"A": Unit(speed=3), "B": Unit(side="red")})
    events = execute(state, Move(ids["A"], ((0, 0), (1, 0), (2, 0))), ScriptedDice([]))
    assert events[0].cost == 4 and events[0].slot == "double move"   # beyond speed 3: a double move


def test_slowed_creature_walks_at_most_2_squares_9():
    state, ids = battle(["A.....", ".....B"], {"A": Unit(speed=6, conditions=("slowed",)), "B": Unit(side="red")})
    execute(state, Attack(ids["A"], ids["B"], "bow"), ScriptedDice([1]))
    assert isinstance(execute(state, Move(ids["A"], ((0, 0), (1, 0), (2, 0), (3, 0))), ScriptedDice([])), Rejected)
    assert not isinstance(execute(state, Move(ids["A"], ((0, 0), (1, 0), (2, 0))), ScriptedDice([])), Rejected)


def test_melee_attack_hits_and_deals_damage():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", hp=30)})
    events = execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([12, 5]))
    roll = events[0]
    assert isinstance(roll, AttackRolled) and roll.total == 17 and roll.hit
    assert isinstance(events[1], DamageDealt) and events[1].amount == 8
    assert state.hp(ids["B"]) == 22


def test_attack_spends_the_standard_action_so_a_second_is_rejected_3_1():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", hp=50)})
    execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([2]))
    assert isinstance(execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([15, 3])), Rejected)


def test_ranged_attack_beyond_normal_range_takes_long_range_penalty_5_3():
    state, ids = battle(["A" + "." * 12 + "B"], {"A": Unit(), "B": Unit(side="red")})
    events = execute(state, Attack(ids["A"], ids["B"], "bow"), ScriptedDice([10]))
    assert [m.value for m in events[0].modifiers] == [-2]


def test_ranged_attack_beyond_long_range_is_rejected():
    state, ids = battle(["A" + "." * 24 + "B"], {"A": Unit(), "B": Unit(side="red")})
    assert isinstance(execute(state, Attack(ids["A"], ids["B"], "bow"), ScriptedDice([10])), Rejected)


def test_melee_attack_needs_the_target_within_reach_5_2():
    state, ids = battle(["A.B"], {"A": Unit(attacks=(SWORD,)), "B": Unit(side="red")})
    result = execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([10]))
    assert isinstance(result, Rejected) and "reach" in result.reason


def test_attack_through_a_wall_needs_line_of_effect_6():
    state, ids = battle(["A#B"], {"A": Unit(), "B": Unit(side="red")})
    assert isinstance(execute(state, Attack(ids["A"], ids["B"], "bow"), ScriptedDice([10])), Rejected)


def test_allies_cannot_be_attacked_with_a_basic_attack():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit()})
    assert isinstance(execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([10])), Rejected)


def test_damage_to_half_hit_points_bloodies_26_1():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", hp=20)})
    events = execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([15, 8]))  # 11 damage
    assert any(isinstance(e, UnitBloodied) for e in events)


def test_zero_hit_points_takes_a_creature_out_and_its_side_loses():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", hp=5)})
    events = execute(state, Attack(ids["A"], ids["B"], "sword"), ScriptedDice([15, 8]))
    assert any(isinstance(e, UnitDied) for e in events)
    assert state.world.has(ids["B"], OutOfFight)
    assert SkirmishWon("blue") in events
    assert isinstance(execute(state, EndTurn(ids["A"]), ScriptedDice([])), Rejected)


def test_end_turn_passes_to_the_next_in_order_and_wraps_into_a_new_round():
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red")}, order="AB")
    events = execute(state, EndTurn(ids["A"]), ScriptedDice([]))
    assert TurnStarted(ids["B"], 1) in events and state.turn.current == ids["B"]
    events = execute(state, EndTurn(ids["B"]), ScriptedDice([]))
    assert RoundStarted(2) in events and state.turn.current == ids["A"]
    assert state.turn.actions.standard and state.turn.actions.move


def test_out_of_fight_creatures_are_skipped_in_the_order():
    state, ids = battle(["A.B.C"], {"A": Unit(), "B": Unit(side="red"), "C": Unit(side="red")}, order="ABC")
    state.world.add(ids["B"], OutOfFight())
    execute(state, EndTurn(ids["A"]), ScriptedDice([]))
    assert state.turn.current == ids["C"]


def test_clone_is_independent_of_the_original():
    state, ids = battle(["A..B"], {"A": Unit(), "B": Unit(side="red")})
    twin = state.clone()
    execute(twin, Move(ids["A"], ((0, 0), (1, 0))), ScriptedDice([]))
    assert state.square(ids["A"]) == (0, 0) and twin.square(ids["A"]) == (1, 0)


def answered(state, move, dice, take=True) -> list:
    """Execute a move, then let every offered enemy take (or decline) its opportunity attack."""
    events = execute(state, move, dice)
    assert not isinstance(events, Rejected), events
    while state.offer is not None:
        more = execute(state, React(state.offer.by, take), dice)
        assert not isinstance(more, Rejected), more
        events += more
    return events


def test_walking_away_from_an_enemy_provokes_one_opportunity_attack_25_13():
    state, ids = battle([".AB..", "....."], {"A": Unit(), "B": Unit(side="red", hp=30)}, order="BA")
    dice = ScriptedDice([15, 4])
    events = execute(state, Move(ids["B"], ((2, 0), (3, 0), (4, 0))), dice)
    assert events == [Offered(ids["A"], "opportunity", ids["B"])]
    assert state.square(ids["B"]) == (2, 0)
    events = execute(state, React(ids["A"], True), dice)
    attack = events[0]
    assert isinstance(attack, AttackRolled) and attack.opportunity and attack.attacker == ids["A"] and attack.hit
    assert isinstance(events[1], DamageDealt) and state.hp(ids["B"]) == 23
    walk = events[2]
    assert isinstance(walk, UnitMoved) and walk.path == ((2, 0), (3, 0), (4, 0)) and walk.cost == 2
    assert state.square(ids["B"]) == (4, 0) and state.pending_offers is None


def test_only_the_offered_enemy_answers_and_nothing_else_happens_meanwhile_25_13():
    state, ids = battle([".AB..", "....."], {"A": Unit(), "B": Unit(side="red", hp=30)}, order="BA")
    execute(state, Move(ids["B"], ((2, 0), (3, 0), (4, 0))), ScriptedDice([]))
    before = state.world.snapshot()
    assert isinstance(execute(state, React(ids["B"], True), ScriptedDice([])), Rejected)
    assert isinstance(execute(state, EndTurn(ids["B"]), ScriptedDice([])), Rejected)
    assert state.world.snapshot() == before


def test_a_declined_opportunity_attack_lets_the_move_go_on_25_13():
    state, ids = battle([".AB..", "....."], {"A": Unit(), "B": Unit(side="red", hp=30)}, order="BA")
    events = answered(state, Move(ids["B"], ((2, 0), (3, 0), (4, 0))), ScriptedDice([]), take=False)
    assert OfferDeclined(ids["A"], "opportunity", ids["B"]) in events and not any(isinstance(e, AttackRolled) for e in events)
    assert state.square(ids["B"]) == (4, 0) and state.hp(ids["B"]) == 30


def test_each_enemy_makes_at_most_one_opportunity_attack_per_turn_25_13():
    state, ids = battle([".AB..", "....."], {"A": Unit(), "B": Unit(side="red", hp=30)}, order="BA")
    events = answered(state, Move(ids["B"], ((2, 0), (2, 1), (3, 1))), ScriptedDice([2]))
    assert sum(isinstance(e, AttackRolled) for e in events) == 1
    assert [e.path for e in events if isinstance(e, UnitMoved)] == [((2, 0), (2, 1), (3, 1))]


def test_opportunity_attack_interrupts_the_walk_partway_25_13():
    state, ids = battle(["A.....", "......", "..B..."], {"A": Unit(), "B": Unit(side="red", hp=30)}, order="BA")
    # B steps next to A, then leaves: the attack comes between the two stretches of the walk.
    events = answered(state, Move(ids["B"], ((2, 2), (1, 1), (2, 1), (3, 1))), ScriptedDice([2]))
    walks = [e.path for e in events if isinstance(e, UnitMoved)]
    assert walks == [((2, 2), (1, 1)), ((1, 1), (2, 1), (3, 1))]
    assert isinstance(events[2], AttackRolled) and events[2].opportunity


def test_a_mover_dropped_by_an_opportunity_attack_stops_where_it_was_25_13():
    state, ids = battle([".AB..", "....."], {"A": Unit(), "B": Unit(side="red", hp=5)}, order="BA")
    events = answered(state, Move(ids["B"], ((2, 0), (3, 0), (4, 0))), ScriptedDice([15, 8]))
    assert state.square(ids["B"]) == (2, 0)
    assert not any(isinstance(e, UnitMoved) for e in events)
    assert any(isinstance(e, UnitDied) for e in events) and SkirmishWon("blue") in events


def test_dazed_enemies_make_no_opportunity_attacks_25_13():
    state, ids = battle([".AB..", "....."], {"A": Unit(conditions=("dazed",)), "B": Unit(side="red")}, order="BA")
    events = execute(state, Move(ids["B"], ((2, 0), (3, 0))), ScriptedDice([]))
    assert not any(isinstance(e, AttackRolled) for e in events)
