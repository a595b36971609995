"""d20-modern lines the issue's audit found played but untested, each through the door or the rule it names."""

from game.core.dice import ScriptedDice
from game.core.grid import Size
from game.ecs.components import Body, Condition
from game.rulesets.d20modern import engine, explosives
from game.rulesets.d20modern.budget import fresh
from game.rulesets.d20modern.commands import Attack, Charge, EndTurn, Grapple, OpportunityOffered, React, Trip
from game.rulesets.d20modern.situation import odds, speed_ft, watchers
from game.rulesets.d20modern.turns import round_of
from tests.test_d20modern_engine import CREATURES, skirmish


def test_INIT_03_the_order_is_the_same_every_round():
    state, m = skirmish(["A.b.c"], {"A": "agent", "b": "gangster", "c": "gangster"})
    first = round_of(state).order
    for _ in range(3):
        engine.execute(state, EndTurn(engine.decider(state)), ScriptedDice([]))
    assert round_of(state).number == 2 and round_of(state).order == first
    assert engine.decider(state) == m["A"]


def test_INIT_06_a_flat_footed_defense_loses_its_dex_and_dodge_bonuses():
    state, m = skirmish(["A...b"], {"A": "agent", "b": "agent"}, flat_footed=True)
    gun = CREATURES["agent"].sheet.weapon("Beretta 92F")
    alert, caught = odds(state, m["b"], m["A"], gun).defense, odds(state, m["A"], m["b"], gun).defense
    assert alert - caught == 2                                  # the agent's Dex +2, gone while flat-footed
    state.add_condition(m["b"], Condition("total_defense"))
    assert odds(state, m["A"], m["b"], gun).defense == caught   # its dodge bonus counts no more than its Dex


def test_INIT_07_a_flat_footed_creature_never_makes_an_attack_of_opportunity():
    state, m = skirmish(["Ab.."], {"A": "agent", "b": "gangster"}, flat_footed=True)
    assert not next(w for w in watchers(state, m["A"]) if w.key == m["b"]).able
    events = engine.execute(state, Attack(m["A"], m["b"], "Beretta 92F"), ScriptedDice([1]))   # a shot next to it
    assert not any(isinstance(e, OpportunityOffered) for e in events)


def test_SURP_03_a_charge_in_the_surprise_round_goes_at_most_1x_speed():
    state, m = skirmish(["A.........b"], {"A": "agent", "b": "gangster"})
    state.world.add(m["A"], fresh(restricted=True))                 # the surprise round's one action
    far = tuple((x, 0) for x in range(10))                          # 45 ft: more than the agent's 30
    near = tuple((x, 0) for x in range(7))
    assert engine.validate(state, Charge(m["A"], m["b"], far, "Knife")).rule == "d20-modern ACT-14"
    state.world.add(m["A"], fresh())
    assert engine.validate(state, Charge(m["A"], m["b"], far, "Knife")) is None    # 2x speed in a full round
    moved, _ = skirmish(["A......b"], {"A": "agent", "b": "gangster"})
    moved.world.add(1, fresh(restricted=True))
    assert engine.validate(moved, Charge(1, 2, near, "Knife")) is None        # 30 ft: 1x speed


def test_ATK_10_a_ranged_attack_needs_line_of_sight():
    state, m = skirmish(["A.#.b", "..#..", "..#.."], {"A": "agent", "b": "gangster"})
    refusal = engine.validate(state, Attack(m["A"], m["b"], "Beretta 92F"))
    assert refusal is not None and refusal.rule == "d20-modern ATK-10"
    seen, n = skirmish(["A...b", "..#..", "..#.."], {"A": "agent", "b": "gangster"})
    assert engine.validate(seen, Attack(n["A"], n["b"], "Beretta 92F")) is None


def test_COV_03_nine_tenths_cover_takes_none_on_a_saved_blast_and_half_on_a_failed_one():
    assert explosives.blast_damage(17, saved=True, nine_tenths=True) == 0
    assert explosives.blast_damage(17, saved=False, nine_tenths=True) == 8
    assert explosives.blast_damage(17, saved=True, nine_tenths=False) == 8
    assert explosives.blast_damage(17, saved=False, nine_tenths=False) == 17
    assert explosives.autofire_damage(9, saved=False, nine_tenths=True) == 4      # autofire is an area effect too
    assert explosives.autofire_damage(9, saved=True, nine_tenths=True) == 0


def test_GRP_07_joining_a_grapple_provokes_nothing_and_the_grab_needs_no_roll():
    state, m = skirmish([".C", "Ab"], {"A": "agent", "C": "agent", "b": "gangster"})
    engine.execute(state, Grapple(m["A"], m["b"]), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([15, 15, 3, 2]))       # A grabs and holds b
    assert state.has_condition(m["b"], "grappling")
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))
    events = engine.execute(state, Grapple(m["C"], m["b"]), ScriptedDice([15, 2, 2]))   # the hold, then 1d3
    assert not any(isinstance(e, OpportunityOffered) for e in events)
    assert not any(type(e).__name__ == "AttackRolled" for e in events)
    assert state.has_condition(m["C"], "grappling")


def test_TRP_03_an_unarmed_trip_provokes_from_an_armed_target():
    state, m = skirmish(["Ab"], {"A": "soldier", "b": "gangster"})     # the soldier has no Combat Martial Arts
    events = engine.execute(state, Trip(m["A"], m["b"]), ScriptedDice([]))
    assert isinstance(events[0], OpportunityOffered) and events[0].reactor == m["b"]


def test_ACT_13_a_creature_that_cannot_see_moves_at_half_speed():
    state, m = skirmish(["A...b"], {"A": "agent", "b": "gangster"})
    assert speed_ft(state, m["A"]) == 30
    state.add_condition(m["A"], Condition("blinded"))
    assert speed_ft(state, m["A"]) == 15


def test_MOV_03_a_medium_creature_fills_exactly_one_square():
    state, m = skirmish(["A...b", "....."], {"A": "agent", "b": "gangster"})
    assert state.space(m["A"]) == ((0, 0), 1)
    state.world.add(m["b"], Body(Size.LARGE))
    assert state.space(m["b"]) == ((4, 0), 2)


def test_ACT_09_a_started_full_round_action_is_completed_by_the_next_turns_first_action():
    from game.rulesets.d20modern import injury
    from game.rulesets.d20modern.commands import CoupDeGrace, Move, StartFullRound
    from game.rulesets.d20modern.turns import STARTED
    state, m = skirmish(["Ab...", "....c"], {"A": "agent", "b": "gangster", "c": "gangster"})
    state.world.add(m["b"], injury.Vitals(-3, 15, stable=True))                  # helpless
    state.world.add(m["A"], fresh(restricted=True))                             # a surprise-round or disabled turn
    assert engine.validate(state, CoupDeGrace(m["A"], m["b"], "Knife")).rule == "d20-modern SURP-02"
    from game.rulesets.d20modern.presentation import bar
    card = next(c for c in bar.choices(state, m["A"], False) if c.key == "start_full_round")
    assert card.blocked is None and bar.instant_command(state, m["A"], card.key) == StartFullRound(m["A"])
    engine.execute(state, StartFullRound(m["A"]), ScriptedDice([]))
    assert state.has_condition(m["A"], STARTED)
    assert engine.validate(state, StartFullRound(m["A"])) is not None           # the attack action is spent
    engine.execute(state, EndTurn(m["A"]), ScriptedDice([]))                    # b, stable, does not act
    engine.execute(state, EndTurn(m["c"]), ScriptedDice([]))
    assert engine.decider(state) == m["A"] and engine.budget_of(state, m["A"]).started == STARTED
    assert engine.validate(state, Move(m["A"], ((0, 0), (0, 1)))).rule == "d20-modern ACT-09"    # it comes first
    assert engine.validate(state, Attack(m["A"], m["b"], "Knife")).rule == "d20-modern ACT-09"
    engine.execute(state, CoupDeGrace(m["A"], m["b"], "Knife"), ScriptedDice([3, 1, 20]))    # damage, then Fortitude
    left = engine.budget_of(state, m["A"])
    assert not left.started and not left.attack and left.move                 # completed with the attack action


def test_ACT_09_no_run_charge_or_full_attack_completes_it():
    from game.rulesets.d20modern.commands import Move, StartFullRound
    from game.rulesets.d20modern.turns import STARTED
    state, m = skirmish(["A....b"], {"A": "agent", "b": "gangster"})
    engine.execute(state, StartFullRound(m["A"]), ScriptedDice([]))
    state.world.add(m["A"], fresh(started=STARTED))
    run = tuple((x, 0) for x in range(4))
    assert engine.validate(state, Move(m["A"], run, "run")).rule == "d20-modern ACT-09"
    assert engine.validate(state, Charge(m["A"], m["b"], run + ((4, 0),), "Knife")).rule == "d20-modern ACT-09"
