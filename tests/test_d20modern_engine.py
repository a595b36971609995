"""The d20-modern door on tiny battlefields with scripted dice: turns, the budget, attacks of opportunity as
a paused move or action answered through the door, firearms, grenades, coup de grace, injury, saves."""

import json

from game.core.battlefield import Obscurement, Terrain, parse_ascii
from game.core.dice import ScriptedDice
from game.ecs.components import Condition
from game.ecs.world import World
from game.match import rosters_in_play
from game.rulesets.d20modern import engine, injury, preview, ruleset
from game.rulesets.d20modern.commands import (
    DOUBLE, RUN, WITHDRAW, Attack, AttackRolled, Autofire, Charge, CoupDeGrace, EndTurn, Move, MissChance,
    OpportunityOffered, React, Reload, StandUp, Step, Throw, TotalDefense,
)
from game.rulesets.d20modern.budget import fresh
from game.rulesets.d20modern.components import Ammo, Round
from game.rulesets.d20modern.turns import Initiative, start_turn
from game.state import GameState

CREATURES = ruleset.load_creatures()


def skirmish(rows, kinds, flat_footed=False, extra=None):
    """Letters in ``rows`` are creatures: upper case blue, lower case red, ``kinds`` maps letter -> creature key.
    The order of the letters in ``kinds`` is the initiative order; the first one's turn has begun."""
    bf = parse_ascii(rows, extra=extra)
    world = World()
    made = {}
    for letter, key in kinds.items():
        spot = next((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == letter)
        side = "blue" if letter.isupper() else "red"
        made[letter] = ruleset.add_creature(world, CREATURES[key], side, spot, letter)
    state = GameState(bf, world)
    order = tuple(made.values())
    world.set_resource(Initiative(order))
    world.set_resource(Round(1, order, 0))
    if not flat_footed:
        for e in order:
            world.add(e, state.conditions(e).removing("flat_footed"))
    start_turn(state, ScriptedDice([]))
    return state, made


def test_ACT_14_a_move_action_goes_at_most_speed():
    state, m = skirmish(["A.........", "..........", ".........b"], {"A": "agent", "b": "gangster"})
    path = tuple((x, 0) for x in range(8))
    assert engine.validate(state, Move(m["A"], path)).rule == "d20-modern ACT-14"
    assert engine.validate(state, Move(m["A"], path, DOUBLE)) is None
    assert engine.validate(state, Move(m["A"], tuple((x, 0) for x in range(7)))) is None


def test_ACT_14_run_is_straight_and_withdraw_is_full_round():
    state, m = skirmish(["A.........", "..........", ".........b"], {"A": "agent", "b": "gangster"})
    bent = ((0, 0), (1, 0), (2, 1), (3, 0))
    assert engine.validate(state, Move(m["A"], bent, RUN)).rule == "d20-modern MOV-04"
    assert engine.validate(state, Move(m["A"], tuple((x, 0) for x in range(10)), RUN)) is None
    engine.execute(state, Step(m["A"], (1, 1)), ScriptedDice([]))
    assert engine.validate(state, Move(m["A"], ((1, 1), (2, 1)), WITHDRAW)).rule == "d20-modern ACT-04"


def test_AOO_02_walking_out_of_threat_pauses_until_the_enemy_answers():
    state, m = skirmish(["Ab....", "......"], {"A": "agent", "b": "gangster"})
    path = ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1))    # leaving (0, 0), a square b threatens, provokes at once
    events = engine.execute(state, Move(m["A"], path), ScriptedDice([]))
    assert isinstance(events[-1], OpportunityOffered) and events[-1].reactor == m["b"]
    assert engine.decider(state) == m["b"]
    assert state.square(m["A"]) == (0, 0)
    assert engine.validate(state, EndTurn(m["A"])) is not None
    # the gangster's machete: a miss (natural 2), then the walk goes on to its end
    events = engine.execute(state, React(m["b"], True), ScriptedDice([2]))
    assert any(isinstance(e, AttackRolled) and e.opportunity for e in events)
    assert state.square(m["A"]) == (3, 1) and engine.pending(state) is None


def test_AOO_07_one_attack_of_opportunity_a_round():
    state, m = skirmish(["Ab....", "......"], {"A": "agent", "b": "gangster"})
    engine.execute(state, Move(m["A"], ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1))), ScriptedDice([]))
    engine.execute(state, React(m["b"], True), ScriptedDice([2]))
    assert engine.pending(state) is None
    from game.rulesets.d20modern.situation import watchers
    assert [w.able for w in watchers(state, m["A"])] == [False]


def test_ACT_02_the_five_foot_step_provokes_nothing():
    state, m = skirmish(["Ab....", "......"], {"A": "agent", "b": "gangster"})
    events = engine.execute(state, Step(m["A"], (0, 1)), ScriptedDice([]))
    assert engine.pending(state) is None and state.square(m["A"]) == (0, 1)
    assert engine.validate(state, Step(m["A"], (0, 0))).rule == "d20-modern ACT-02"
    assert engine.validate(state, Move(m["A"], ((0, 1), (0, 0)))).rule == "d20-modern ACT-03"
    assert events


def test_AOO_04_a_shot_from_a_threatened_square_provokes_first():
    state, m = skirmish(["Ab....", ".....c"], {"A": "agent", "b": "gangster", "c": "gangster"})
    events = engine.execute(state, Attack(m["A"], m["c"], "Beretta 92F"), ScriptedDice([]))
    assert [type(e).__name__ for e in events] == ["OpportunityOffered"]
    # b declines; the shot is then fired: natural 15 hits, damage 2d6 = 3 + 4
    events = engine.execute(state, React(m["b"], False), ScriptedDice([15, 3, 4]))
    assert any(isinstance(e, AttackRolled) and e.attacker == m["A"] for e in events)


def test_AOO_08_flat_footed_creatures_make_no_attack_of_opportunity():
    state, m = skirmish(["Ab....", "......"], {"A": "agent", "b": "gangster"}, flat_footed=True)
    assert state.has_condition(m["b"], "flat_footed") and not state.has_condition(m["A"], "flat_footed")
    engine.execute(state, Move(m["A"], ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1))), ScriptedDice([]))
    assert engine.pending(state) is None and state.square(m["A"]) == (3, 1)


def test_INIT_05_flat_footed_until_its_first_turn():
    state, m = skirmish(["A.b"], {"A": "agent", "b": "gangster"}, flat_footed=True)
    assert state.has_condition(m["b"], "flat_footed")
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    assert not state.has_condition(m["b"], "flat_footed")


def test_ATK_02_a_hit_deals_damage_and_a_miss_does_not():
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    events = engine.execute(state, Attack(m["A"], m["b"], "Knife"), ScriptedDice([18, 3]))
    hp = state.world.get(m["b"], injury.Vitals).hp
    assert hp == 15 - (3 + 1)
    assert any(isinstance(e, AttackRolled) and e.hit for e in events)


def test_ACT_07_a_second_attack_is_the_full_attack():
    state, m = skirmish(["Ab"], {"A": "soldier", "b": "gangster"})
    engine.execute(state, Attack(m["A"], m["b"], "Knife"), ScriptedDice([2]))
    assert engine.validate(state, Attack(m["A"], m["b"], "Knife")).rule == "d20-modern ACT-08"


def test_CON_01_the_miss_chance_is_rolled_after_a_hit():
    state, m = skirmish(["A....b"], {"A": "agent", "b": "gangster"}, extra={"b": Terrain(obscured=Obscurement.LIGHT)})
    events = engine.execute(state, Attack(m["A"], m["b"], "Beretta 92F"), ScriptedDice([19, 14]))
    chance = next(e for e in events if isinstance(e, MissChance))
    assert (chance.chance, chance.roll, chance.missed) == (20, 14, True)


def test_FIR_01_autofire_spends_ten_rounds_and_rolls_against_defense_10():
    state, m = skirmish(["A.....", "....bb", "....bb"], {"A": "field_agent", "b": "gangster"})
    events = engine.execute(state, Autofire(m["A"], "HK MP5", (4, 1)), ScriptedDice([1]))
    assert state.world.get(m["A"], Ammo).rounds("HK MP5") == 20
    assert type(events[0]).__name__ == "AreaFired" and not events[0].hit


def test_EXP_01_a_grenade_within_one_increment_lands_without_a_roll():
    state, m = skirmish(["A.b...."], {"A": "agent", "b": "gangster"})
    # d4 = 1: the upper-left corner (thrown east: the far-left one, (3, 0)); 4d6 = 6; both are in the 20-ft
    # burst: the thrower saves (natural 20: half), b fails (natural 1: all)
    events = engine.execute(state, Throw(m["A"], "Fragmentation grenade", (2, 0)), ScriptedDice([1, 1, 1, 2, 2, 20, 1]))
    thrown = events[0]
    assert not thrown.rolled and thrown.landed == (2, 0) and thrown.point == (3, 0)
    assert state.world.get(m["b"], injury.Vitals).hp == 15 - 6
    assert state.world.get(m["A"], injury.Vitals).hp == 21 - 3


def test_ACT_11_standing_up_is_a_move_action_that_provokes():
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    state.add_condition(m["A"], Condition("prone"))
    events = engine.execute(state, StandUp(m["A"]), ScriptedDice([]))
    assert isinstance(events[0], OpportunityOffered)
    engine.execute(state, React(m["b"], False), ScriptedDice([]))
    assert not state.has_condition(m["A"], "prone")


def test_reload_refills_the_magazine_from_a_spare():
    state, m = skirmish(["A...b"], {"A": "agent", "b": "gangster"})
    ammo = state.world.get(m["A"], Ammo)
    state.world.add(m["A"], Ammo((("Beretta 92F", 0),), ammo.spare))
    assert engine.validate(state, Attack(m["A"], m["b"], "Beretta 92F")).rule == "d20-modern §10.2"
    engine.execute(state, Reload(m["A"], "Beretta 92F"), ScriptedDice([]))
    assert state.world.get(m["A"], Ammo).rounds("Beretta 92F") == 15


def test_ATK_14_total_defense_adds_4_dodge():
    from game.rulesets.d20modern.situation import odds
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    before = odds(state, m["b"], m["A"], CREATURES["gangster"].sheet.weapon("Machete")).defense
    engine.execute(state, TotalDefense(m["A"]), ScriptedDice([]))
    assert odds(state, m["b"], m["A"], CREATURES["gangster"].sheet.weapon("Machete")).defense == before + 4


def test_ATK_14_moving_after_total_defense_provokes_nothing_as_the_original_says():
    state, m = skirmish(["Ab....", "......"], {"A": "agent", "b": "gangster"})
    engine.execute(state, TotalDefense(m["A"]), ScriptedDice([]))
    engine.execute(state, Move(m["A"], ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1))), ScriptedDice([]))
    assert engine.pending(state) is None and state.square(m["A"]) == (3, 1)


def test_ATK_16_a_charge_is_straight_and_stops_next_to_the_target():
    state, m = skirmish(["D.....b"], {"D": "guard_dog", "b": "gangster"})
    assert engine.validate(state, Charge(m["D"], m["b"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
            "Bite")).rule == "d20-modern ATK-16"
    path = tuple((x, 0) for x in range(6))
    assert engine.validate(state, Charge(m["D"], m["b"], path, "Bite")) is None
    events = engine.execute(state, Charge(m["D"], m["b"], path, "Bite"), ScriptedDice([10, 3]))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert ("charging", 2) in rolled.modifiers and state.has_condition(m["D"], "charging")


def test_HLP_01_coup_de_grace_on_the_helpless():
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    state.world.add(m["b"], injury.Vitals(-2, 15))
    assert engine.validate(state, CoupDeGrace(m["A"], m["b"], "Knife")) is None
    engine.execute(state, CoupDeGrace(m["A"], m["b"], "Knife"), ScriptedDice([4, 4]))
    assert injury.state_of(state.world.get(m["b"], injury.Vitals)) == "dead"


def test_HP_01_dropping_to_minus_1_is_dying_and_the_side_with_no_one_able_loses():
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    state.world.add(m["b"], injury.Vitals(2, 15))
    events = engine.execute(state, Attack(m["A"], m["b"], "Knife"), ScriptedDice([18, 4]))
    names = [type(e).__name__ for e in events]
    assert "StateChanged" in names and names[-1] == "SkirmishWon" and state.outcome.winner == "blue"


def test_commands_round_trip_through_json():
    for command in (Move(1, ((0, 0), (1, 0)), DOUBLE), Attack(1, 2, "Knife", True), Throw(1, "Fragmentation grenade", (3, 4)),
                    Charge(1, 2, ((0, 0), (1, 1)), "Bite"), React(2, False)):
        assert ruleset.command_from_json(json.loads(json.dumps(ruleset.command_to_json(command)))) == command


def test_whole_games_play_to_the_end_at_every_level():
    from game.simulate import load_map, play_game
    bf = load_map("maps/default.tmx")
    rosters = rosters_in_play(bf, ruleset.load_rosters(creatures=CREATURES))
    for level in ("easy", "normal", "hard"):
        players = {r.side: ruleset.make_player("ai", r.side, level, 3) for r in rosters}
        result = play_game(bf, rosters, CREATURES, 3, players, ruleset_name="d20-modern")
        assert result.commands > 0 and result.match.state.outcome is not None


def test_TRP_01_a_trip_that_wins_the_strength_check_knocks_prone():
    from game.rulesets.d20modern.commands import Trip
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    # Combat Martial Arts: the agent's unarmed trip provokes nothing (AOO-06); touch 15 + 3 hits 13; Str 16 beats 6
    events = engine.execute(state, Trip(m["A"], m["b"]), ScriptedDice([15, 15, 5]))
    assert state.has_condition(m["b"], "prone") and not any(isinstance(e, OpportunityOffered) for e in events)


def test_TRP_02_a_failed_trip_may_be_turned_back():
    from game.rulesets.d20modern.commands import Trip
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    engine.execute(state, Trip(m["A"], m["b"]), ScriptedDice([15, 2, 18, 19, 2]))
    assert state.has_condition(m["A"], "prone") and not state.has_condition(m["b"], "prone")


def test_GRP_02_starting_a_grapple_provokes_grabs_holds_and_hurts():
    from game.rulesets.d20modern.commands import Grapple
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    events = engine.execute(state, Grapple(m["A"], m["b"]), ScriptedDice([]))
    assert isinstance(events[0], OpportunityOffered) and events[0].reactor == m["b"]
    engine.execute(state, React(m["b"], False), ScriptedDice([15, 15, 3, 2]))
    assert state.has_condition(m["A"], "grappling") and state.has_condition(m["b"], "grappling")
    assert state.world.get(m["b"], injury.Vitals).nonlethal == 3


def test_GRP_02_a_grapple_fails_when_the_attack_it_provoked_hurts():
    from game.rulesets.d20modern.commands import Grapple
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    engine.execute(state, Grapple(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], True), ScriptedDice([18, 4]))     # the machete hits for 4 + 1
    assert not state.has_condition(m["A"], "grappling")


def test_GRP_03_grapplers_cannot_move_and_GRP_06_escape_beats_the_grappler():
    from game.rulesets.d20modern.commands import Grapple
    state, m = skirmish(["Ab.."], {"A": "agent", "b": "gangster"})
    engine.execute(state, Grapple(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([15, 15, 3, 2]))
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    assert engine.validate(state, Move(m["b"], ((1, 0), (2, 0)))).rule == "d20-modern GRP-04"
    engine.execute(state, Grapple(m["b"], m["A"], "escape"), ScriptedDice([20, 1]))
    assert not state.has_condition(m["b"], "grappling") and not state.has_condition(m["A"], "grappling")


def test_GRP_05_a_pinned_creature_may_only_try_to_escape():
    from game.rulesets.d20modern.commands import Grapple
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    engine.execute(state, Grapple(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([15, 15, 3, 2]))
    assert engine.validate(state, Grapple(m["A"], m["b"], "pin")).rule == "d20-modern ACT-08"   # its one attack is spent
    state.world.add(m["A"], fresh())
    engine.execute(state, Grapple(m["A"], m["b"], "pin"), ScriptedDice([15, 3]))
    assert state.has_condition(m["b"], "pinned")
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    assert engine.validate(state, Grapple(m["b"], m["A"], "damage")).rule == "d20-modern GRP-05"


def test_ATK_24_aid_another_gives_an_ally_plus_2_against_that_foe():
    from game.rulesets.d20modern.commands import Aid
    from game.rulesets.d20modern.situation import odds
    state, m = skirmish(["A.", "bC"], {"A": "agent", "b": "gangster", "C": "agent"})
    knife = CREATURES["agent"].sheet.weapon("Knife")
    before = odds(state, m["C"], m["b"], knife).bonus
    engine.execute(state, Aid(m["A"], m["C"], m["b"]), ScriptedDice([10]))
    assert odds(state, m["C"], m["b"], knife).bonus == before + 2


def test_HLP_02_knockout_blow_is_a_nonlethal_critical():
    from game.rulesets.d20modern.commands import Knockout
    state, m = skirmish(["Ab"], {"A": "agent", "b": "gangster"})
    state.world.add(m["b"], injury.Vitals(-1, 15, stable=True))
    events = engine.execute(state, Knockout(m["A"], m["b"], "Knife"), ScriptedDice([10, 2, 3]))
    assert any(isinstance(e, AttackRolled) and e.critical for e in events)
    assert state.world.get(m["b"], injury.Vitals).nonlethal == (2 + 1) + (3 + 1)


def test_INI_01_delay_lets_the_next_creature_act_first_for_good():
    from game.rulesets.d20modern.commands import Delay
    state, m = skirmish(["A.b"], {"A": "agent", "b": "gangster"})
    engine.execute(state, Delay(m["A"]), ScriptedDice([]))
    assert engine.decider(state) == m["b"]
    assert state.world.resource(Initiative).order == (m["b"], m["A"])
    assert engine.validate(state, Delay(m["b"])) is None
    engine.execute(state, EndTurn(m["b"]), ScriptedDice([]))
    assert engine.decider(state) == m["A"]
    assert engine.validate(state, Delay(m["A"])).rule == "d20-modern INI-01"


def test_INI_02_a_readied_shot_goes_off_as_the_enemy_comes_into_view_and_moves_the_readier_ahead():
    from game.rulesets.d20modern.commands import Ready
    state, m = skirmish(["A.....", "######", "b....."], {"A": "agent", "b": "gangster"})
    engine.execute(state, Ready(m["A"], "Knife"), ScriptedDice([]))
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    # b walks along its corridor: no square of it is next to A, so the knife never fires
    engine.execute(state, Move(m["b"], ((0, 2), (1, 2), (2, 2))), ScriptedDice([]))
    assert engine.pending(state) is None


def test_INI_02_readied_attack_interrupts_the_walk_and_INI_03_takes_the_turn():
    from game.rulesets.d20modern.commands import Ready
    state, m = skirmish(["A.....", "......", "b....."], {"A": "agent", "b": "gangster"})
    engine.execute(state, Ready(m["A"], "Knife", m["b"]), ScriptedDice([]))
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    events = engine.execute(state, Move(m["b"], ((0, 2), (1, 1), (2, 1), (3, 1))), ScriptedDice([]))
    assert isinstance(events[-1], OpportunityOffered) and events[-1].reactor == m["A"]
    assert state.square(m["b"]) == (1, 1)
    engine.execute(state, React(m["A"], True), ScriptedDice([2]))      # a miss; the walk goes on ...
    assert engine.decider(state) == m["A"]                               # ... and leaving A's reach provokes too
    engine.execute(state, React(m["A"], False), ScriptedDice([]))
    assert state.square(m["b"]) == (3, 1)
    assert state.world.resource(Initiative).order == (m["A"], m["b"])


def test_COV_06_a_shot_that_only_the_cover_stopped_hits_the_creature_in_the_way():
    from game.rulesets.d20modern.commands import CoverStruck
    state, m = skirmish(["A.c.b"], {"A": "agent", "b": "gangster", "c": "gangster"})
    # 11 + 4 = 15: at least b's 13 without cover, below 17 with one-half cover; it reaches c's Defense 13
    events = engine.execute(state, Attack(m["A"], m["b"], "Beretta 92F"), ScriptedDice([11, 3, 4]))
    assert any(isinstance(e, CoverStruck) and e.screen == m["c"] for e in events)
    assert state.world.get(m["c"], injury.Vitals).hp == 15 - 7


def test_COV_06_when_only_its_dex_saved_the_creature_in_the_way_the_target_is_hit():
    state, m = skirmish(["A.c.b"], {"A": "agent", "b": "gangster", "c": "agent"})
    # 12 + 4 = 16: below c's Defense 17, but at least 17 less its Dex 2: c stepped aside and b is hit
    engine.execute(state, Attack(m["A"], m["b"], "Beretta 92F"), ScriptedDice([12, 3, 4]))
    assert state.world.get(m["b"], injury.Vitals).hp == 15 - 7
    assert state.world.get(m["c"], injury.Vitals).hp == 21


def test_BR_03_a_bull_rush_pushes_5_ft_plus_5_per_5_points_and_the_attacker_follows():
    from game.rulesets.d20modern.commands import BullRush
    state, m = skirmish(["Ab......"], {"A": "soldier", "b": "gangster"})
    # entering b's square provokes b (BR-05), who lets it pass; Str 18 + 1 = 19 against 2 + 1 = 3: won by 16,
    # pushed 5 + 15 = 20 ft (the soldier's speed is 25)
    engine.execute(state, BullRush(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([18, 2]))
    assert state.square(m["b"]) == (5, 0) and state.square(m["A"]) == (4, 0)


def test_BR_04_a_lost_bull_rush_leaves_both_where_they_were_and_ACT_04_no_step():
    from game.rulesets.d20modern.commands import BullRush
    state, m = skirmish(["Ab......"], {"A": "soldier", "b": "gangster"})
    engine.execute(state, BullRush(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([2, 18]))
    assert state.square(m["b"]) == (1, 0) and state.square(m["A"]) == (0, 0)
    assert engine.validate(state, Step(m["A"], (0, 1))).rule == "d20-modern ACT-04"


def test_BR_05_a_bull_rush_provokes_from_every_threatening_foe():
    from game.rulesets.d20modern.commands import BullRush
    state, m = skirmish(["Ab.", ".c."], {"A": "soldier", "b": "gangster", "c": "gangster"})
    events = engine.execute(state, BullRush(m["A"], m["b"]), ScriptedDice([]))
    assert isinstance(events[0], OpportunityOffered) and engine.pending(state).reactors == (m["b"], m["c"])


def test_DSR_01_a_disarm_provokes_then_opposed_rolls_and_DSR_02_the_weapon_falls():
    from game.rulesets.d20modern.commands import Disarm, PickUp
    state, m = skirmish(["Ab"], {"A": "soldier", "b": "gangster"})
    events = engine.execute(state, Disarm(m["A"], m["b"], "Machete", "Knife"), ScriptedDice([]))
    assert isinstance(events[0], OpportunityOffered) and events[0].reactor == m["b"]
    engine.execute(state, React(m["b"], False), ScriptedDice([15, 5]))          # 15 + 4 against 5 + 2
    assert engine.validate(state, Attack(m["b"], m["A"], "Machete")) is not None
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    engine.execute(state, PickUp(m["b"], "Machete"), ScriptedDice([]))      # picking up provokes A
    engine.execute(state, React(m["A"], False), ScriptedDice([]))
    assert engine.validate(state, Attack(m["b"], m["A"], "Machete")) is None


def test_DSR_02_a_losing_disarm_is_turned_back_on_the_disarmer():
    from game.rulesets.d20modern.commands import Disarm
    state, m = skirmish(["Ab"], {"A": "soldier", "b": "gangster"})
    engine.execute(state, Disarm(m["A"], m["b"], "Machete", "Knife"), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([2, 18, 19, 3]))
    assert engine.validate(state, Attack(m["A"], m["b"], "Knife")) is not None


def test_DSR_03_disarming_a_gun_is_an_attack_on_the_held_object():
    from game.rulesets.d20modern.commands import Disarm
    state, m = skirmish(["Ab"], {"A": "soldier", "b": "gangster"})
    engine.execute(state, Disarm(m["A"], m["b"], "Glock 17", "Knife"), ScriptedDice([]))
    events = engine.execute(state, React(m["b"], False), ScriptedDice([12]))    # 12 + 4 against 7 + 5 + 1 + 2
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.defense == 15 and rolled.hit
    assert engine.validate(state, Attack(m["b"], m["A"], "Glock 17")) is not None


def test_DEF_10_a_shot_at_a_grapple_strikes_a_random_grappler():
    from game.rulesets.d20modern.commands import Grapple
    state, m = skirmish(["Ab...C"], {"A": "agent", "b": "gangster", "C": "agent"})
    engine.execute(state, Grapple(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([15, 15, 3, 2]))
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    engine.execute(state, EndTurn(m["b"]), ScriptedDice([]))
    # C shoots at b: the d2 picks the first of (A, b) by id, its ally A, whose Dex is denied against C
    events = engine.execute(state, Attack(m["C"], m["b"], "Beretta 92F"), ScriptedDice([1, 2]))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.target == m["A"]


def test_OBJ_02_cover_can_be_shot_to_pieces_through_its_hardness():
    from game.rulesets.d20modern.commands import AttackObject, ObjectDamaged
    state, m = skirmish(["A...o.b"], {"A": "agent", "b": "gangster"})
    assert state.battlefield.at((4, 0)).cover
    # stacked crates: Defense 4, hardness 5, 10 hit points; 2d6 = 12 leaves 7 each time
    events = engine.execute(state, AttackObject(m["A"], (4, 0), "Beretta 92F"), ScriptedDice([10, 6, 6]))
    hit = next(e for e in events if isinstance(e, ObjectDamaged))
    assert (hit.defense, hit.damage, hit.hp, hit.broken) == (4, 7, 3, False)
    state.world.add(m["A"], fresh())
    events = engine.execute(state, AttackObject(m["A"], (4, 0), "Beretta 92F"), ScriptedDice([10, 6, 6]))
    assert next(e for e in events if isinstance(e, ObjectDamaged)).broken
    assert not state.battlefield.at((4, 0)).cover
    assert engine.validate(state, AttackObject(m["A"], (4, 0), "Beretta 92F")).rule == "d20-modern §10.5"


def test_OBJ_03_objects_take_no_nonlethal_damage():
    from game.rulesets.d20modern.commands import AttackObject
    state, m = skirmish(["Ao.b"], {"A": "agent", "b": "gangster"})
    assert engine.validate(state, AttackObject(m["A"], (1, 0), "Unarmed strike")).rule == "d20-modern OBJ-03"


def test_ATK_17_two_weapons_declared_on_the_first_attack_with_the_off_hand_attack_after():
    state, m = skirmish(["Ab", ".."], {"A": "enforcer", "b": "gangster"})
    # baton in the primary hand, the light knife in the off hand, with the feat: -2 and -2
    events = engine.execute(state, Attack(m["A"], m["b"], "Baton", hand="primary"), ScriptedDice([2]))
    assert ("two weapons", -2) in next(e for e in events if isinstance(e, AttackRolled)).modifiers
    assert engine.validate(state, Attack(m["A"], m["b"], "Baton")).rule == "d20-modern ATK-17"
    events = engine.execute(state, Attack(m["A"], m["b"], "Knife", hand="off"), ScriptedDice([2]))
    assert ("off hand", -2) in next(e for e in events if isinstance(e, AttackRolled)).modifiers
    assert engine.validate(state, Attack(m["A"], m["b"], "Knife", hand="off")).rule == "d20-modern ATK-17"
    assert engine.validate(state, Step(m["A"], (0, 1))) is None         # ACT-05: the full attack keeps its step


def test_ATK_17_two_weapons_are_declared_with_the_first_attack():
    state, m = skirmish(["Ab"], {"A": "enforcer", "b": "gangster"})
    engine.execute(state, Attack(m["A"], m["b"], "Baton"), ScriptedDice([2]))
    assert engine.validate(state, Attack(m["A"], m["b"], "Knife", hand="off")).rule == "d20-modern ATK-17"


def test_AOO_02_the_path_preview_names_each_square_that_provokes_and_who():
    state, m = skirmish(["Ab....", "......"], {"A": "agent", "b": "gangster"})
    assert preview.provokers(state, Move(m["A"], ((0, 0), (0, 1), (1, 1), (2, 1)))) == [((0, 0), m["b"])]
    assert preview.provokers(state, Attack(m["A"], m["b"], "Beretta 92F")) == [((0, 0), m["b"])]
    assert preview.provokers(state, Attack(m["A"], m["b"], "Knife")) == []


def test_ACT_02_the_five_foot_step_overlay_lists_the_legal_squares():
    state, m = skirmish(["Ab.", "...", "..."], {"A": "agent", "b": "gangster"})
    assert preview.five_foot_steps(state, m["A"]) == [(0, 1), (1, 1)]
    engine.execute(state, Step(m["A"], (0, 1)), ScriptedDice([]))
    assert preview.five_foot_steps(state, m["A"]) == []


def test_FIR_02_a_burst_with_the_feat_is_minus_4_and_two_more_dice_without_it_a_plain_shot():
    state, m = skirmish(["A....b"], {"A": "soldier", "b": "gangster"})
    events = engine.execute(state, Attack(m["A"], m["b"], "M16A2", burst=True), ScriptedDice([18, 1, 1, 1, 1]))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert ("burst fire", -4) in rolled.modifiers
    assert state.world.get(m["A"], Ammo).rounds("M16A2") == 25
    assert state.world.get(m["b"], injury.Vitals).hp == 15 - 4        # 2d8 + 2d8 more, all ones
    plain, n = skirmish(["A....b"], {"A": "field_agent", "b": "gangster"})
    events = engine.execute(plain, Attack(n["A"], n["b"], "HK MP5", burst=True), ScriptedDice([18, 1, 1]))
    assert ("burst fire", -4) not in next(e for e in events if isinstance(e, AttackRolled)).modifiers
    assert plain.world.get(n["A"], Ammo).rounds("HK MP5") == 25 and plain.world.get(n["b"], injury.Vitals).hp == 13


def test_HLP_03_a_careful_full_round_shot_at_the_helpless_is_plus_5():
    state, m = skirmish(["A....b", "......", "#####c"], {"A": "agent", "b": "gangster", "c": "gangster"})
    state.world.add(m["b"], injury.Vitals(-3, 15, stable=True))
    events = engine.execute(state, Attack(m["A"], m["b"], "Beretta 92F", careful=True), ScriptedDice([1]))
    assert ("careful shot at a helpless target", 5) in next(e for e in events if isinstance(e, AttackRolled)).modifiers
    assert engine.validate(state, Step(m["A"], (1, 0))) is None and not engine.budget_of(state, m["A"]).move


def test_SURP_02_in_the_surprise_round_only_the_aware_act_with_one_action_and_SURP_04_the_unaware_stay_flat_footed():
    from dataclasses import replace as with_fields

    from game.engine.rosters import Roster
    bf = with_fields(parse_ascii(["..........", ".........."]), surprised=("red",),
                     start_areas=(("blue", ((0, 0), (0, 1))), ("red", ((9, 0), (9, 1)))))
    rosters = [Roster("blue", "Agents", ("agent", "agent")), Roster("red", "Gangsters", ("gangster", "gangster"))]
    match = ruleset.new_match(bf, rosters, CREATURES, seed=4)
    state = match.state
    assert ruleset.round_number(state) == 0
    me = engine.decider(state)
    assert state.side(me) == "blue" and engine.budget_of(state, me).restricted
    assert all(state.has_condition(e, "flat_footed") for e in state.creatures() if state.side(e) == "red")
    match.submit(Move(me, (state.square(me), (1, state.square(me)[1]))))
    assert engine.validate(state, Attack(me, next(e for e in state.creatures() if state.side(e) == "red"), "Beretta 92F")).rule \
        == "d20-modern SURP-02"
    for _ in range(2):
        match.submit(EndTurn(engine.decider(state)))
    assert ruleset.round_number(state) == 1 and not engine.budget_of(state, engine.decider(state)).restricted
