"""The 4e combat rules of 4e-combat.md §29 that a skirmish enforces, played through the door with
scripted dice: surprise, the action economy, the start and end of a turn, immediate and opportunity
actions, conditions, damage, durations and saves, hit points, dying and death, second wind and total
defense, critical hits, close and area attacks, delay, ready, sustain and zones.

Maneuvers (charge, bull rush, grab, escape, aid another), movement geometry and lines of sight have
their own test files.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rulesets.dnd4e.actions.attack import plan_area, plan_attack
from game.rulesets.dnd4e.actions.commands import (
    AreaAttack, Attack, CoupDeGrace, Delay, DrinkPotion, EndTurn, Move, React, Ready, Rejected,
    SecondWind, SpendActionPoint, StandUp, Sustain, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.door import execute
from game.rulesets.dnd4e.actions.events import (
    ActionTaken, AttackLost, AttackRolled, ConditionEnded, ConditionGained, DamageDealt, DeathSave, Healed,
    InitiativeChanged, InitiativeRolled, Offered, PowerUsed, RoundStarted, SavingThrow, TurnEnded, TurnStarted,
    UnitBloodied, UnitDied, UnitDying, UnitKnockedOut, UnitMoved, UnitRevived, ZoneCreated, ZoneEnded,
)
from game.core.dice import DiceExpr, ScriptedDice
from game.core.grid import Size
from game.ecs.components import (
    END_OF_TURN, SAVE_ENDS, START_OF_TURN, SUSTAIN, ActionPoints, Condition, EffectSpec, Health, HealSpec,
    OutOfFight, Position, Power, Surges, ZoneSpec,
)
from game.rulesets.dnd4e.situation import combat_advantage, situation
from game.rulesets.dnd4e.systems.turns import begin_skirmish

from support import BOW, SWORD, Unit, battle

NOTHING = DiceExpr(0, 0, 0)

# Test powers ------------------------------------------------------------------------------------------
FOCUS = Power("focus", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor", targets="self")
RIPOSTE = Power("riposte", "melee", 1, 0, 5, "ac", DiceExpr(1, 6, 0), basic=False, action="reaction",
                trigger="hit_by_enemy")
PARRY = Power("parry", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="interrupt",
              trigger="attacked_by_enemy", targets="self",
              self_effects=(EffectSpec("defense_bonus", "start_of_your_next_turn", amount=4),))
COUNTER = Power("counter", "melee", 1, 0, 5, "ac", DiceExpr(2, 10, 0), basic=False, action="interrupt",
                trigger="attacked_by_enemy")
WAVE = Power("wave", "close", 0, 0, 5, "reflex", DiceExpr(1, 6, 0), weapon=False, basic=False, area="blast", size=3,
             targets="creature")
SWEEP = Power("sweep", "close", 0, 0, 5, "reflex", DiceExpr(1, 6, 0), weapon=False, basic=False, area="burst", size=1)
FLAMES = Power("flames", "area", 10, 0, 5, "reflex", DiceExpr(1, 6, 0), weapon=False, basic=False, area="burst",
               size=1, targets="creature")
BURN = Power("burn", "melee", 1, 0, 5, "ac", DiceExpr(1, 8, 3), basic=False,
             hit_effects=(EffectSpec("ongoing", "save_ends", amount=5),))
DAZE_STRIKE = Power("daze strike", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), basic=False,
                    hit_effects=(EffectSpec("dazed", "save_ends", after=(EffectSpec("slowed", "save_ends"),)),))
SNEAK = Power("sneak", "melee", 1, 0, 5, "ac", DiceExpr(1, 8, 3), basic=False, advantage_damage=DiceExpr(2, 6, 0))
BACKSTAB = Power("backstab", "melee", 1, 0, 5, "ac", DiceExpr(1, 8, 3), basic=False, needs_combat_advantage=True)
HALF = Power("half", "melee", 1, 0, 5, "ac", DiceExpr(1, 8, 3), basic=False, miss_half=True)
HALF_BURST = Power("half burst", "close", 0, 0, 5, "reflex", DiceExpr(1, 8, 3), weapon=False, basic=False,
                   area="burst", size=1, miss_half=True)
MAUL = Power("maul", "melee", 1, 0, 5, "ac", DiceExpr(2, 10, 5), basic=False)
SLAM = Power("slam", "melee", 1, 0, 5, "ac", DiceExpr(0, 0, 25), basic=False)
HOLD = Power("hold", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), basic=False,
             hit_effects=(EffectSpec("immobilized", "sustain"),))
FOG = Power("fog", "area", 10, 0, 0, "", NOTHING, weapon=False, basic=False, area="burst", size=1,
            targets="creature", zone=ZoneSpec("heavy", duration="sustain"))
HEALING_WORD = Power("healing word", "ranged", 5, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor",
                     targets="ally", heal=HealSpec(surge=True, bonus=DiceExpr(0, 0, 3)))
WARD = Power("ward", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor", targets="self",
             self_effects=(EffectSpec("temp_hp", amount=8),))
SMALL_WARD = Power("small ward", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor",
                   targets="self", self_effects=(EffectSpec("temp_hp", amount=5),))
BIG_WARD = Power("big ward", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor",
                 targets="self", self_effects=(EffectSpec("temp_hp", amount=10),))
INSPIRE = Power("inspire", "ranged", 5, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor",
                targets="ally", hit_effects=(EffectSpec("temp_hp", amount=5),))


def ok(result):
    assert not isinstance(result, Rejected), result
    return result


def no(result):
    assert isinstance(result, Rejected), result
    return result


def dice(*rolls: int) -> ScriptedDice:
    return ScriptedDice(list(rolls))


def of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def first(events, kind):
    found = of(events, kind)
    assert found, f"no {kind.__name__} in {events}"
    return found[0]


def at(events, event) -> int:
    """Where ``event`` (or the first event of that type) comes in the list."""
    if isinstance(event, type):
        return next(i for i, e in enumerate(events) if isinstance(e, event))
    return events.index(event)


def offered(events) -> list[tuple]:
    return [(e.by, e.kind, e.power) for e in of(events, Offered)]


def end_turn(state, *rolls: int) -> list:
    return ok(execute(state, EndTurn(state.turn.current), dice(*rolls)))


def add(state, entity, *conditions: Condition) -> None:
    for condition in conditions:
        state.add_condition(entity, condition)


def hurt(state, entity, hp: int) -> None:
    state.world.add(entity, replace(state.world.get(entity, Health), hp=hp))


def dying_hero(**more) -> Unit:
    """A 20 hit point hero already dying (set its negative hit points with ``hurt``)."""
    return Unit(hero=True, hp=20, conditions=("dying", "prone", "unconscious"), **more)


def mods(event: AttackRolled) -> list[int]:
    return [m.value for m in event.modifiers]


# §2.2 Initiative ------------------------------------------------------------------------------------------

def test_initiative_is_rolled_once_and_the_order_holds_round_after_round_2_2():
    units = {"A": Unit(initiative=2), "B": Unit(side="red"), "C": Unit(side="red", initiative=1)}
    state, ids = battle(["A.B.C"], units)
    events = begin_skirmish(state, dice(5, 18, 11))
    rolled = of(events, InitiativeRolled)
    assert {r.entity: r.natural + r.bonus for r in rolled} == {ids["A"]: 7, ids["B"]: 18, ids["C"]: 12}
    assert state.turn.order == (ids["B"], ids["C"], ids["A"]) and state.turn.round == 1
    seen = [state.turn.current]
    for _ in range(6):
        events = end_turn(state)
        assert not of(events, InitiativeRolled)
        seen.append(state.turn.current)
    assert seen == [ids["B"], ids["C"], ids["A"]] * 2 + [ids["B"]]
    assert state.turn.round == 3


# §2.3 Surprise ----------------------------------------------------------------------------------------------

def _surprise(units, rows, inits):
    state, ids = battle(rows, units)
    events = begin_skirmish(state, dice(*inits), surprised_sides=("red",))
    return state, ids, events


def test_surprised_creatures_take_no_actions_at_all_and_grant_combat_advantage_2_3():
    state, ids, events = _surprise({"A": Unit(), "B": Unit(side="red", hp=30, attacks=(SWORD, BOW, RIPOSTE, PARRY))},
                                   ["AB.."], (10, 20))
    a, b = ids["A"], ids["B"]
    # B is first in the order but surprised: its surprise-round turn passes by itself.
    assert RoundStarted(0) in events and TurnEnded(b, "surprised") in events
    assert state.turn.round == 0 and state.turn.current == a and state.has_condition(b, "surprised")
    assert combat_advantage(state, a, b, "melee") and combat_advantage(state, a, b, "ranged")
    # A ranged attack next to B: no opportunity attack, no interrupt, no reaction from the surprised B.
    events = ok(execute(state, Attack(a, b, "bow"), dice(10, 5)))
    roll = first(events, AttackRolled)
    assert 2 in mods(roll) and roll.total == 17 and roll.hit
    assert not of(events, Offered) and state.offer is None and state.hp(b) == 23


def test_a_creature_acting_in_the_surprise_round_takes_exactly_one_action_and_no_action_point_2_3():
    units = {"A": Unit(hero=True, speed=2, attacks=(SWORD, BOW, FOCUS)), "B": Unit(side="red")}
    state, ids, _ = _surprise(units, ["A.....", "......", ".....B"], (20, 10))
    a, b = ids["A"], ids["B"]
    assert state.turn.current == a and state.turn.round == 0
    no(execute(state, SpendActionPoint(a), dice()))
    no(execute(state, Move(a, ((0, 0), (1, 0), (2, 0), (3, 0))), dice()))     # no double move: one action
    ok(execute(state, Move(a, ((0, 0), (1, 0), (2, 0))), dice()))
    no(execute(state, Move(a, ((2, 0), (3, 0))), dice()))
    no(execute(state, UsePower(a, "focus"), dice()))
    no(execute(state, Attack(a, b, "bow"), dice(10, 5)))
    ok(execute(state, EndTurn(a), dice()))


def test_a_minor_action_is_the_whole_surprise_round_too_2_3():
    units = {"A": Unit(attacks=(SWORD, BOW, FOCUS)), "B": Unit(side="red")}
    state, ids, _ = _surprise(units, ["A.....", "......", ".....B"], (20, 10))
    ok(execute(state, UsePower(ids["A"], "focus"), dice()))
    no(execute(state, Move(ids["A"], ((0, 0), (1, 0))), dice()))
    no(execute(state, Attack(ids["A"], ids["B"], "bow"), dice(10, 5)))


def test_the_surprised_condition_ends_when_the_surprise_round_ends_2_3():
    state, ids, _ = _surprise({"A": Unit(), "B": Unit(side="red", hp=30)}, ["A.B"], (20, 10))
    a, b = ids["A"], ids["B"]
    assert state.has_condition(b, "surprised")
    events = end_turn(state)    # A's surprise-round action was nothing; B's surprised turn passes; round 1
    assert TurnEnded(b, "surprised") in events
    assert at(events, ConditionEnded(b, "surprised", "4e §2.3")) > at(events, TurnEnded(b, "surprised"))
    assert RoundStarted(1) in events and not state.has_condition(b, "surprised")
    assert state.turn.round == 1 and state.turn.current == a
    assert not combat_advantage(state, a, b, "melee")
    end_turn(state)
    assert state.turn.current == b
    ok(execute(state, Move(b, ((2, 0), (1, 0))), dice()))     # B acts normally now
    ok(execute(state, Attack(b, a, "sword"), dice(2)))


# §3.1, §3.4, §25.1 Action economy --------------------------------------------------------------------------

ECONOMY_ROWS = ["A.....", "......", ".....B"]


def _economy(hero: bool = False, **more):
    units = {"A": Unit(hero=hero, attacks=(SWORD, BOW, FOCUS), **more), "B": Unit(side="red", hp=50)}
    return battle(ECONOMY_ROWS, units)


def test_a_turn_offers_a_standard_a_move_and_a_minor_action_4_2():
    state, ids = _economy()
    a, b = ids["A"], ids["B"]
    ok(execute(state, Attack(a, b, "bow"), dice(2)))
    ok(execute(state, Move(a, ((0, 0), (0, 1))), dice()))
    ok(execute(state, UsePower(a, "focus"), dice()))
    no(execute(state, Attack(a, b, "bow"), dice(2)))
    no(execute(state, Move(a, ((0, 1), (0, 0))), dice()))
    no(execute(state, UsePower(a, "focus"), dice()))
    ok(execute(state, EndTurn(a), dice()))


def test_a_standard_may_be_taken_as_a_move_or_a_minor_and_a_move_as_a_minor_3_4():
    state, ids = _economy()                    # E: three minor actions
    a = ids["A"]
    for _ in range(3):
        ok(execute(state, UsePower(a, "focus"), dice()))
    no(execute(state, UsePower(a, "focus"), dice()))
    state, ids = _economy()                    # C: two moves and a minor
    ok(execute(state, Move(a, ((0, 0), (0, 1))), dice()))
    ok(execute(state, Move(a, ((0, 1), (0, 0))), dice()))
    ok(execute(state, UsePower(a, "focus"), dice()))
    no(execute(state, UsePower(a, "focus"), dice()))
    state, ids = _economy()                    # B: a standard and two minors
    ok(execute(state, Attack(a, ids["B"], "bow"), dice(2)))
    ok(execute(state, UsePower(a, "focus"), dice()))
    ok(execute(state, UsePower(a, "focus"), dice()))
    no(execute(state, Move(a, ((0, 0), (0, 1))), dice()))


def test_a_move_or_minor_never_buys_a_standard_action_3_4():
    state, ids = _economy()
    a, b = ids["A"], ids["B"]
    ok(execute(state, Attack(a, b, "bow"), dice(2)))
    no(execute(state, Attack(a, b, "bow"), dice(2)))            # the move and minor are still there
    assert state.turn.actions.move and state.turn.actions.minor


def test_no_second_standard_action_without_an_action_point_and_an_action_point_gives_one_25_1():
    state, ids = _economy(hero=True)
    a, b = ids["A"], ids["B"]
    ok(execute(state, Attack(a, b, "bow"), dice(2)))
    no(execute(state, Attack(a, b, "bow"), dice(2)))
    events = ok(execute(state, SpendActionPoint(a), dice()))
    assert first(events, ActionTaken).action == "action point"
    assert state.world.get(a, ActionPoints).left == 0
    ok(execute(state, Attack(a, b, "bow"), dice(2)))
    no(execute(state, Attack(a, b, "bow"), dice(2)))


def test_an_action_point_is_spent_at_most_once_per_encounter_25_1():
    state, ids = _economy(hero=True)
    a = ids["A"]
    state.world.add(a, ActionPoints(2))
    ok(execute(state, SpendActionPoint(a), dice()))
    end_turn(state)
    no(execute(state, SpendActionPoint(ids["B"]), dice()))       # a monster without an action point
    end_turn(state)
    assert state.turn.current == a and state.world.get(a, ActionPoints).left == 1
    no(execute(state, SpendActionPoint(a), dice()))


def test_an_action_point_is_spent_only_on_your_own_turn_25_1():
    state, ids = _economy(hero=True)
    end_turn(state)
    assert state.turn.current == ids["B"]
    no(execute(state, SpendActionPoint(ids["A"]), dice()))


def test_a_dazed_creature_cannot_spend_an_action_point_A43():
    state, ids = battle(ECONOMY_ROWS, {"A": Unit(hero=True, conditions=("dazed",)), "B": Unit(side="red")}, order="BA")
    end_turn(state)
    assert state.turn.current == ids["A"]
    no(execute(state, SpendActionPoint(ids["A"]), dice()))


# §4.1 Start of the turn --------------------------------------------------------------------------------------

def test_start_of_turn_ongoing_damage_then_regeneration_then_start_of_turn_expiries_4_1():
    state, ids = battle(["B.A"], {"A": Unit(hp=30, regeneration=5), "B": Unit(side="red")}, order="BA")
    a, b = ids["A"], ids["B"]
    hurt(state, a, 15)
    add(state, a, Condition("ongoing", SAVE_ENDS, amount=10, damage_type="fire", by=b),
        Condition("defense_bonus", START_OF_TURN, owner=a, source="total defense", by=a, amount=2))
    events = end_turn(state)
    damage = first(events, DamageDealt)
    healed = first(events, Healed)
    assert (damage.target, damage.amount, damage.cause, damage.damage_type) == (a, 10, "ongoing", "fire")
    assert (healed.entity, healed.amount, healed.source) == (a, 5, "regeneration")
    expired = ConditionEnded(a, "defense_bonus", "4e §11.1")
    assert at(events, TurnStarted(a, 1)) < at(events, damage) < at(events, healed) < at(events, expired)
    assert state.hp(a) == 10


def test_regeneration_comes_after_ongoing_damage_and_not_at_0_hp_or_below_4_1_A45():
    # 8 hp, ongoing 10, regeneration 5: the ongoing damage first drops the hero to -2, so no regeneration
    # (the other order would leave it at 3).
    units = {"A": Unit(hero=True, hp=20, regeneration=5), "B": Unit(side="red"), "C": Unit()}
    state, ids = battle(["B.A...C"], units, order="BAC")
    a = ids["A"]
    hurt(state, a, 8)
    add(state, a, Condition("ongoing", SAVE_ENDS, amount=10))
    events = end_turn(state, 5, 15)       # A's turn passes by itself: its save (5) and death save (15)
    assert not [e for e in of(events, Healed) if e.entity == a]
    assert state.hp(a) == -2 and state.has_condition(a, "dying")
    assert first(events, UnitDying).entity == a


def test_start_of_turn_happens_even_for_an_unconscious_creature_4_1():
    units = {"A": dying_hero(surges=1), "B": Unit(side="red"), "C": Unit()}
    state, ids = battle(["B.A...C"], units, order="BAC")
    a = ids["A"]
    hurt(state, a, -2)
    add(state, a, Condition("ongoing", SAVE_ENDS, amount=3, damage_type="fire"))
    events = end_turn(state, 5, 15)
    assert [(e.target, e.amount, e.cause) for e in of(events, DamageDealt)] == [(a, 3, "ongoing")]
    assert state.hp(a) == -5 and TurnEnded(a, "unconscious") in events and state.turn.current == ids["C"]


# §4.3 End of the turn, §11.3 saving throws ------------------------------------------------------------------

def test_end_of_turn_saves_then_sustain_check_then_end_of_turn_expiries_4_3_A46():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red")}, order="AB")
    a, b = ids["A"], ids["B"]
    add(state, a, Condition("slowed", SAVE_ENDS, by=b))
    add(state, b, Condition("immobilized", SUSTAIN, owner=a, source="hold", by=a),
        Condition("dazed", END_OF_TURN, owner=a, source="stagger", by=a))
    events = end_turn(state, 12)
    save = first(events, SavingThrow)
    assert save.entity == a and save.natural == 12 and save.success
    sustain_lapsed = ConditionEnded(b, "immobilized", "4e §11.1")
    expired = ConditionEnded(b, "dazed", "4e §11.1")
    assert at(events, save) < at(events, sustain_lapsed) < at(events, expired) < at(events, TurnStarted(b, 1))


def test_a_dying_creature_makes_its_saves_then_its_death_save_4_3_A46():
    units = {"A": dying_hero(surges=1), "B": Unit(side="red"), "C": Unit()}
    state, ids = battle(["B.A...C"], units, order="BAC")
    a, b = ids["A"], ids["B"]
    hurt(state, a, -2)
    add(state, a, Condition("weakened", SAVE_ENDS, by=b))
    add(state, b, Condition("immobilized", SUSTAIN, owner=a, source="hold", by=a))
    events = end_turn(state, 14, 12)
    save, death = first(events, SavingThrow), first(events, DeathSave)
    assert (save.natural, death.natural, death.result) == (14, 12, "no change")
    assert at(events, save) < at(events, death) < at(events, ConditionEnded(b, "immobilized", "4e §11.1"))


def test_each_save_ends_effect_gets_its_own_d20_and_10_or_more_ends_it_11_3():
    state, ids = battle(["AB"], {"A": Unit(hp=30), "B": Unit(side="red")}, order="AB")
    a, b = ids["A"], ids["B"]
    add(state, a, Condition("slowed", SAVE_ENDS, by=b),
        Condition("ongoing", SAVE_ENDS, by=b, amount=5, damage_type="fire"))
    events = end_turn(state, 9, 10)
    assert [(s.natural, s.success) for s in of(events, SavingThrow)] == [(9, False), (10, True)]
    assert state.has_condition(a, "slowed") and not state.has_condition(a, "ongoing")
    events = end_turn(state)         # B's turn ends, A's starts: no ongoing damage any more
    assert not of(events, DamageDealt) and state.hp(a) == 30


def test_an_aftereffect_begins_after_the_saves_and_cannot_be_saved_against_that_turn_11_3():
    state, ids = battle(["AB"], {"A": Unit(attacks=(SWORD, DAZE_STRIKE)), "B": Unit(side="red", hp=30)}, order="AB")
    a, b = ids["A"], ids["B"]
    ok(execute(state, Attack(a, b, "daze strike"), dice(15, 2)))
    assert state.has_condition(b, "dazed")
    end_turn(state)
    events = end_turn(state, 12)           # one save only: the dazed ends, then the slow begins
    assert [(s.natural, s.success) for s in of(events, SavingThrow)] == [(12, True)]
    slowed = ConditionGained(b, "slowed", SAVE_ENDS, "4e §11.3", "daze strike")
    assert at(events, first(events, SavingThrow)) < at(events, slowed)
    assert state.has_condition(b, "slowed") and not state.has_condition(b, "dazed")
    end_turn(state)
    events = end_turn(state, 10)           # B's next turn: now it saves against the slow
    assert [(s.natural, s.success) for s in of(events, SavingThrow)] == [(10, True)]
    assert not state.has_condition(b, "slowed")


# §3.3 Immediate actions --------------------------------------------------------------------------------

def test_an_interrupt_resolves_before_its_trigger_and_can_turn_a_hit_into_a_miss_3_3():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, PARRY))}, order="AB")
    a, b = ids["A"], ids["B"]
    events = ok(execute(state, Attack(a, b, "sword"), dice()))
    assert offered(events) == [(b, "power", "parry")] and not of(events, AttackRolled)
    events = ok(execute(state, React(b, True), dice(12)))      # 12 + 5 = 17: a hit against AC 15, not 19
    assert at(events, PowerUsed) < at(events, AttackRolled)
    roll = first(events, AttackRolled)
    assert roll.total == 13 and not roll.hit and -4 in mods(roll)
    assert state.hp(b) == 20

    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, PARRY))}, order="AB")
    ok(execute(state, Attack(a, b, "sword"), dice()))
    events = ok(execute(state, React(b, False), dice(12, 4)))   # let pass: the same roll hits
    assert first(events, AttackRolled).hit and state.hp(b) == 13


def test_an_interrupt_that_drops_the_attacker_makes_its_attack_lost_3_3():
    units = {"A": Unit(side="red", hp=5), "B": Unit(attacks=(SWORD, COUNTER)), "C": Unit(side="red")}
    state, ids = battle(["AB...C"], units, order="ABC")
    a, b = ids["A"], ids["B"]
    ok(execute(state, Attack(a, b, "sword"), dice()))
    events = ok(execute(state, React(b, True), dice(15, 3, 4)))
    assert first(events, UnitDied).entity == a
    lost = first(events, AttackLost)
    assert lost.attacker == a and [e.attacker for e in of(events, AttackRolled)] == [b]
    assert state.hp(b) == 20 and state.turn.current == ids["B"]


def test_a_reaction_resolves_after_its_trigger_hit_by_enemy_3_3():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, RIPOSTE))}, order="AB")
    a, b = ids["A"], ids["B"]
    events = ok(execute(state, Attack(a, b, "sword"), dice(15, 4)))
    assert at(events, DamageDealt) < at(events, Offered) and offered(events) == [(b, "power", "riposte")]
    events = ok(execute(state, React(b, True), dice(15, 3)))
    roll = first(events, AttackRolled)
    assert (roll.attacker, roll.target, roll.hit) == (b, a, True) and state.hp(a) == 17


def test_a_hit_by_enemy_reaction_is_not_offered_on_a_miss_3_3():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, RIPOSTE))}, order="AB")
    events = ok(execute(state, Attack(ids["A"], ids["B"], "sword"), dice(2)))
    assert not of(events, Offered) and state.offer is None


def test_one_immediate_action_per_round_renewed_at_the_end_of_the_users_turn_3_1():
    units = {"A": Unit(side="red"), "C": Unit(side="red"), "B": Unit(hp=60, attacks=(SWORD, RIPOSTE))}
    state, ids = battle(["AB", ".C"], units, order="ACB")
    a, b, c = ids["A"], ids["B"], ids["C"]
    events = ok(execute(state, Attack(a, b, "sword"), dice(15, 4)))
    assert offered(events) == [(b, "power", "riposte")]
    ok(execute(state, React(b, True), dice(2)))
    end_turn(state)
    events = ok(execute(state, Attack(c, b, "sword"), dice(15, 4)))     # same round: B has used it
    assert not of(events, Offered)
    end_turn(state)
    end_turn(state)                                                        # B's turn ends: renewed
    events = ok(execute(state, Attack(a, b, "sword"), dice(15, 4)))
    assert offered(events) == [(b, "power", "riposte")]


def test_no_immediate_action_on_your_own_turn_3_1():
    units = {"A": Unit(side="red"), "B": Unit(hp=40, attacks=(SWORD, RIPOSTE, PARRY))}
    state, ids = battle([".AB..", "....."], units, order="BA")
    a, b = ids["A"], ids["B"]
    events = ok(execute(state, Move(b, ((2, 0), (3, 0), (4, 0))), dice()))
    assert offered(events) == [(a, "opportunity", "")]
    events = ok(execute(state, React(a, True), dice(15, 4)))      # the opportunity attack hits B on B's turn
    assert first(events, AttackRolled).hit and not of(events, Offered)
    assert state.square(b) == (4, 0)


def test_dazed_creatures_take_no_immediate_or_opportunity_actions_9():
    units = {"A": Unit(), "B": Unit(side="red", hp=40, conditions=("dazed",), attacks=(SWORD, RIPOSTE, PARRY))}
    state, ids = battle(["AB...C"], {**units, "C": Unit(side="red")}, order="AB")
    a, b = ids["A"], ids["B"]
    events = ok(execute(state, Attack(a, b, "sword"), dice(15, 4)))
    assert not of(events, Offered)
    state, ids = battle(["AB...C"], {**units, "C": Unit(side="red")}, order="AB")
    events = ok(execute(state, Attack(a, ids["C"], "bow"), dice(15, 4)))      # ranged next to a dazed B
    assert not of(events, Offered)


def test_a_move_stopped_in_an_allys_square_does_not_end_there_17_4():
    grasp = Power("claw", "melee", 1, 0, 5, "ac", DiceExpr(1, 6, 0),
                  hit_effects=(EffectSpec("immobilized", "save_ends"),))
    units = {"M": Unit(), "N": Unit(), "E": Unit(side="red", attacks=(grasp, BOW))}
    state, ids = battle(["..E", "MN.", "..."], units, order="MNE")
    m, n = ids["M"], ids["N"]
    events = ok(execute(state, Move(m, ((0, 1), (1, 1), (2, 1))), dice()))      # leaving N's square provokes E
    assert offered(events) == [(ids["E"], "opportunity", "")] and state.square(m) == (1, 1)
    ok(execute(state, React(ids["E"], True), dice(15, 3)))
    assert state.has_condition(m, "immobilized")
    assert state.square(m) != state.square(n)


# §3.2, §25.13 Opportunity attacks against attacks -----------------------------------------------------

def test_a_ranged_attack_made_next_to_an_enemy_provokes_its_opportunity_attack_25_13():
    state, ids = battle(["AB...C"], {"A": Unit(), "B": Unit(side="red", hp=30), "C": Unit(side="red", hp=30)})
    a, b, c = ids["A"], ids["B"], ids["C"]
    events = ok(execute(state, Attack(a, c, "bow"), dice()))
    assert offered(events) == [(b, "opportunity", "")] and not of(events, AttackRolled)
    events = ok(execute(state, React(b, True), dice(15, 4, 15, 5)))
    rolls = of(events, AttackRolled)
    assert [(r.attacker, r.target, r.attack, r.opportunity) for r in rolls] == \
        [(b, a, "sword", True), (a, c, "bow", False)]
    assert state.hp(a) == 13 and state.hp(c) == 23


def test_an_area_attack_made_next_to_an_enemy_provokes_too_5_5():
    units = {"A": Unit(attacks=(SWORD, FLAMES)), "B": Unit(side="red", hp=30), "C": Unit(side="red", hp=30)}
    state, ids = battle(["AB.....", "......C"], units)
    events = ok(execute(state, AreaAttack(ids["A"], "flames", (6, 1)), dice()))
    assert offered(events) == [(ids["B"], "opportunity", "")]


@pytest.mark.parametrize("power", ["sword", "wave"])
def test_melee_and_close_attacks_do_not_provoke_5_4_A34(power):
    units = {"A": Unit(attacks=(SWORD, WAVE)), "B": Unit(side="red", hp=30)}
    state, ids = battle(["AB.", "...", "..."], units)
    command = Attack(ids["A"], ids["B"], "sword") if power == "sword" else AreaAttack(ids["A"], "wave", (1, 0))
    events = ok(execute(state, command, dice(15, 4)))
    assert not of(events, Offered) and first(events, AttackRolled).attacker == ids["A"]


def test_an_opportunity_attack_that_drops_the_provoker_cancels_its_attack_25_13():
    units = {"A": Unit(side="red", hp=5), "B": Unit(hp=30), "C": Unit(hp=30), "D": Unit(side="red")}
    state, ids = battle(["AB...C", "D....."], units, order="ABCD")
    ok(execute(state, Attack(ids["A"], ids["C"], "bow"), dice()))
    events = ok(execute(state, React(ids["B"], True), dice(15, 8)))
    assert first(events, UnitDied).entity == ids["A"] and first(events, AttackLost).attacker == ids["A"]
    assert [r.attacker for r in of(events, AttackRolled)] == [ids["B"]] and state.hp(ids["C"]) == 30


def test_one_opportunity_attack_per_enemy_per_provoking_creatures_turn_25_13():
    state, ids = battle(["AB...C"], {"A": Unit(hero=True), "B": Unit(side="red", hp=30), "C": Unit(side="red", hp=30)})
    a, b, c = ids["A"], ids["B"], ids["C"]
    ok(execute(state, Attack(a, c, "bow"), dice()))
    ok(execute(state, React(b, True), dice(2, 2)))
    ok(execute(state, SpendActionPoint(a), dice()))
    events = ok(execute(state, Attack(a, c, "bow"), dice(2)))     # B already made its one this turn
    assert not of(events, Offered) and first(events, AttackRolled).attacker == a


@pytest.mark.parametrize("condition", ["stunned", "unconscious", "petrified", "surprised"])
def test_creatures_that_cannot_act_make_no_opportunity_attacks_25_13(condition):
    units = {"A": Unit(), "B": Unit(side="red", hp=30, conditions=(condition,)), "C": Unit(side="red", hp=30)}
    state, ids = battle(["AB...C"], units)
    events = ok(execute(state, Attack(ids["A"], ids["C"], "bow"), dice(15, 4)))
    assert not of(events, Offered) and first(events, AttackRolled).target == ids["C"]


# §9 Conditions --------------------------------------------------------------------------------------------

def test_a_dazed_creature_takes_only_one_action_per_turn_9():
    units = {"A": Unit(conditions=("dazed",), speed=2, attacks=(SWORD, BOW, FOCUS)), "B": Unit(side="red", hp=30)}
    state, ids = battle(ECONOMY_ROWS, units, order="BA")
    a, b = ids["A"], ids["B"]
    end_turn(state)                        # A's turn starts dazed
    no(execute(state, Move(a, ((0, 0), (1, 0), (2, 0), (3, 0))), dice()))    # no double move
    ok(execute(state, Move(a, ((0, 0), (1, 0))), dice()))
    no(execute(state, Attack(a, b, "bow"), dice(2)))
    no(execute(state, UsePower(a, "focus"), dice()))
    state, ids = battle(ECONOMY_ROWS, units, order="BA")
    end_turn(state)
    ok(execute(state, Attack(a, b, "bow"), dice(2)))
    no(execute(state, Move(a, ((0, 0), (1, 0))), dice()))
    no(execute(state, UsePower(a, "focus"), dice()))


def test_a_creature_dazed_after_acting_has_no_action_left_9():
    dazing = Power("dazing sword", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0),
                   hit_effects=(EffectSpec("dazed", "end_of_your_next_turn"),))
    units = {"A": Unit(side="red", hp=40, attacks=(dazing,)), "B": Unit(hp=40, attacks=(SWORD, BOW, FOCUS))}
    state, ids = battle([".AB..", "....Z"], {**units, "Z": Unit(side="red")}, order="BAZ")
    b = ids["B"]
    ok(execute(state, Move(b, ((2, 0), (3, 0))), dice()))
    ok(execute(state, React(ids["A"], True), dice(15, 2)))
    assert state.has_condition(b, "dazed") and state.square(b) == (3, 0)
    no(execute(state, UsePower(b, "focus"), dice()))
    no(execute(state, Attack(b, ids["Z"], "bow"), dice(2)))


@pytest.mark.parametrize("condition", ["stunned", "petrified", "unconscious"])
def test_stunned_petrified_and_unconscious_creatures_take_no_actions_and_their_turn_passes_9(condition):
    units = {"A": Unit(), "B": Unit(side="red", conditions=(condition,)), "C": Unit(side="red")}
    state, ids = battle(["A.B.C"], units, order="BAC")
    b = ids["B"]
    no(execute(state, EndTurn(b), dice()))
    no(execute(state, Move(b, ((2, 0), (3, 0))), dice()))
    state, ids = battle(["A.B.C"], units, order="ABC")
    events = end_turn(state)
    assert TurnStarted(b, 1) in events and TurnEnded(b, condition) in events
    assert state.turn.current == ids["C"]


def test_a_stun_until_the_end_of_its_next_turn_passes_that_turn_and_then_ends_9():
    state, ids = battle(["A.B.C"], {"A": Unit(), "B": Unit(side="red"), "C": Unit(side="red")}, order="ABC")
    b = ids["B"]
    add(state, b, Condition("stunned", END_OF_TURN, owner=b, source="stun", by=ids["A"]))
    events = end_turn(state)
    assert TurnEnded(b, "stunned") in events and ConditionEnded(b, "stunned", "4e §11.1") in events
    assert state.turn.current == ids["C"] and not state.has_condition(b, "stunned")


def test_a_marked_creature_takes_minus_2_unless_its_attack_includes_the_marker_9_A10():
    units = {"B": Unit(side="red", attacks=(SWORD, SWEEP)), "A": Unit(), "C": Unit()}
    state, ids = battle(["A..", ".B.", "..C"], units, order="BAC")
    a, b, c = ids["A"], ids["B"], ids["C"]
    add(state, b, Condition("marked", END_OF_TURN, owner=c, source="challenge", by=c))
    marked = [m.value for m in plan_attack(state, b, a, "sword").modifiers if "marked" in m.reason]
    assert marked == [-2]
    assert not [m for m in plan_attack(state, b, c, "sword").modifiers if "marked" in m.reason]
    area = plan_area(state, b, "sweep", state.square(b))            # a burst that includes the marker
    assert {t for t, _ in area.targets} == {a, c}
    assert all(not [m for m in p.modifiers if "marked" in m.reason] for _, p in area.targets)
    events = ok(execute(state, Attack(b, a, "sword"), dice(12, 3)))
    assert first(events, AttackRolled).total == 15 and -2 in mods(first(events, AttackRolled))


def test_a_marked_creatures_area_attack_that_leaves_out_the_marker_takes_minus_2_A10():
    units = {"B": Unit(side="red", attacks=(SWORD, SWEEP)), "A": Unit(), "C": Unit()}
    state, ids = battle(["A...", ".B..", "...C"], units, order="BAC")
    add(state, ids["B"], Condition("marked", END_OF_TURN, owner=ids["C"], source="challenge", by=ids["C"]))
    area = plan_area(state, ids["B"], "sweep", state.square(ids["B"]))
    assert [t for t, _ in area.targets] == [ids["A"]]
    assert [m.value for m in area.targets[0][1].modifiers if "marked" in m.reason] == [-2]


def test_a_weakened_attacker_deals_half_damage_but_its_ongoing_damage_is_not_halved_9_A11():
    units = {"A": Unit(conditions=("weakened",), attacks=(SWORD, BURN)), "B": Unit(side="red", hp=30)}
    state, ids = battle(["AB"], units, order="AB")
    b = ids["B"]
    events = ok(execute(state, Attack(ids["A"], b, "burn"), dice(15, 5)))      # 5 + 3 = 8, halved: 4
    assert first(events, DamageDealt).amount == 4 and state.hp(b) == 26
    events = end_turn(state)
    assert [(e.amount, e.cause) for e in of(events, DamageDealt)] == [(5, "ongoing")] and state.hp(b) == 21


def test_an_insubstantial_creature_takes_half_damage_including_ongoing_damage_8_5():
    units = {"A": Unit(attacks=(SWORD, BURN)), "B": Unit(side="red", hp=30, conditions=("insubstantial",))}
    state, ids = battle(["AB"], units, order="AB")
    b = ids["B"]
    events = ok(execute(state, Attack(ids["A"], b, "burn"), dice(15, 5)))
    assert first(events, DamageDealt).amount == 4
    events = end_turn(state)
    assert [(e.amount, e.cause) for e in of(events, DamageDealt)] == [(2, "ongoing")] and state.hp(b) == 24


@pytest.mark.parametrize("damage_type, resist, vulnerable, landed", [
    ("fire", (("fire", 5),), (), 3),
    ("fire", (("fire", 10),), (), 0),            # never below 0
    ("", (("fire", 5),), (), 8),                 # untyped damage is not fire
    ("cold", (("fire", 5),), (("cold", 5),), 13),
    ("fire", (("all", 2),), (), 6),
])
def test_resist_subtracts_and_vulnerable_adds_for_their_damage_type_8_4(damage_type, resist, vulnerable, landed):
    power = Power("blast", "melee", 1, 0, 5, "ac", DiceExpr(1, 8, 3), basic=False, damage_type=damage_type)
    units = {"A": Unit(attacks=(power,)), "B": Unit(side="red", hp=30, resist=resist, vulnerable=vulnerable)}
    state, ids = battle(["AB"], units)
    events = ok(execute(state, Attack(ids["A"], ids["B"], "blast"), dice(15, 5)))
    assert first(events, DamageDealt).amount == landed and state.hp(ids["B"]) == 30 - landed


def test_a_petrified_creature_resists_20_damage_of_every_kind_9():
    units = {"A": Unit(attacks=(SLAM,)), "B": Unit(side="red", hp=30, conditions=("petrified",))}
    state, ids = battle(["AB"], units)
    events = ok(execute(state, Attack(ids["A"], ids["B"], "slam"), dice(15)))
    assert first(events, DamageDealt).amount == 5 and state.hp(ids["B"]) == 25


@pytest.mark.parametrize("condition", ["blinded", "dazed", "helpless", "restrained", "stunned", "surprised",
                                       "unconscious", "petrified"])
def test_these_conditions_grant_combat_advantage_to_attackers_29(condition):
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red", conditions=(condition,))})
    assert combat_advantage(state, ids["A"], ids["B"], "ranged")
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red")})
    assert not combat_advantage(state, ids["A"], ids["B"], "ranged")


@pytest.mark.parametrize("condition", ["prone", "restrained"])
def test_a_prone_or_restrained_attacker_takes_minus_2_9_12(condition):
    state, ids = battle(["AB"], {"A": Unit(conditions=(condition,)), "B": Unit(side="red")})
    assert -2 in [m.value for m in situation(state, ids["A"], ids["B"], "melee").modifiers]


def test_unconscious_creatures_are_helpless_have_minus_5_defenses_and_fall_prone_9():
    units = {"A": Unit(), "B": Unit(side="red", hp=20), "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units, order="ACB")
    a, b = ids["A"], ids["B"]
    hurt(state, b, 5)
    events = ok(execute(state, Attack(a, b, "sword", knockout=True), dice(15, 5)))
    assert first(events, UnitKnockedOut).entity == b
    assert state.has_condition(b, "unconscious") and state.has_condition(b, "prone") and state.is_helpless(b)
    plan = plan_attack(state, a, b, "sword")
    assert sorted(m.value for m in plan.modifiers) == [2, 5]        # combat advantage, -5 defenses


def test_standing_up_in_a_shared_square_shifts_to_a_free_adjacent_square_25_19():
    units = {"A": Unit(conditions=("prone",)), "B": Unit(), "X": Unit(side="red")}
    state, ids = battle(["A.B..X"], units, order="BAX")
    a, b = ids["A"], ids["B"]
    ok(execute(state, Move(b, ((2, 0), (1, 0), (0, 0))), dice()))         # B may end over its prone ally
    assert state.square(a) == state.square(b) == (0, 0)
    end_turn(state)
    ok(execute(state, StandUp(a), dice()))
    assert not state.has_condition(a, "prone") and state.square(a) in ((1, 0),)
    assert state.square(b) == (0, 0)


def test_no_standing_up_when_the_space_and_every_adjacent_square_are_taken_25_19():
    units = {"A": Unit(conditions=("prone",)), "B": Unit(), "C": Unit(), "X": Unit(side="red")}
    state, ids = battle(["AC", "##", "B.", "X."], units, order="BAX")
    state.world.add(ids["B"], Position((0, 0)))                              # B stands over its prone ally
    end_turn(state)
    assert state.turn.current == ids["A"]
    no(execute(state, StandUp(ids["A"]), dice()))


# §10 Ongoing damage ----------------------------------------------------------------------------------

def test_ongoing_damage_keeps_the_highest_of_a_type_and_different_types_each_deal_theirs_10():
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red", hp=50)}, order="AB")
    a, b = ids["A"], ids["B"]
    add(state, b, *(Condition("ongoing", SAVE_ENDS, source=s, by=a, amount=n, damage_type=t) for s, n, t in (
        ("ember", 5, "fire"), ("inferno", 10, "fire"), ("cut", 5, ""), ("gash", 10, ""), ("frost", 2, "cold"))))
    events = end_turn(state)
    dealt = sorted((e.damage_type, e.amount) for e in of(events, DamageDealt))
    assert dealt == [("", 10), ("cold", 2), ("fire", 10)] and state.hp(b) == 28


# §11.1 Durations ---------------------------------------------------------------------------------------

def test_the_same_effect_from_two_sources_lasts_as_long_as_the_longest_11_1():
    units = {"A": Unit(), "C": Unit(), "B": Unit(side="red", hp=40)}
    state, ids = battle(["A.B.C"], units, order="ACB")
    a, b, c = ids["A"], ids["B"], ids["C"]
    add(state, b, Condition("dazed", SAVE_ENDS, source="daze strike", by=a),
        Condition("dazed", START_OF_TURN, owner=c, source="stagger", by=c))
    end_turn(state)                       # A's turn ends
    end_turn(state)                       # C's turn ends
    events = end_turn(state, 5)           # B fails its save
    assert not first(events, SavingThrow).success
    assert state.turn.current == a and state.has_condition(b, "dazed")
    end_turn(state)                       # C's turn starts: its shorter daze ends, the other goes on
    assert state.has_condition(b, "dazed")
    end_turn(state)
    end_turn(state, 10)                   # B saves
    assert not state.has_condition(b, "dazed")


def test_until_the_end_of_your_next_turn_laid_on_your_own_turn_lasts_through_your_next_turn_11_1():
    stagger = Power("stagger", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), basic=False,
                    hit_effects=(EffectSpec("dazed", "end_of_your_next_turn"),))
    state, ids = battle(["AB"], {"A": Unit(attacks=(SWORD, stagger)), "B": Unit(side="red", hp=40)}, order="AB")
    b = ids["B"]
    ok(execute(state, Attack(ids["A"], b, "stagger"), dice(15, 1)))
    end_turn(state)                       # the end of A's turn: not A's next turn yet
    assert state.has_condition(b, "dazed")
    end_turn(state)
    assert state.has_condition(b, "dazed")
    events = end_turn(state)              # the end of A's next turn
    assert ConditionEnded(b, "dazed", "4e §11.1") in events and not state.has_condition(b, "dazed")


def test_a_zone_until_the_end_of_your_next_turn_lasts_through_the_users_next_turn_11_1():
    cloud = replace(FOG, name="cloud", zone=ZoneSpec("heavy", duration="end_of_your_next_turn"))
    state, ids = battle(FOG_ROWS, {**FOG_UNITS, "A": Unit(attacks=(SWORD, cloud))}, order="ABC")
    ok(execute(state, AreaAttack(ids["A"], "cloud", (5, 0)), dice()))
    events = end_turn(state) + end_turn(state) + end_turn(state)
    assert not of(events, ZoneEnded)
    events = end_turn(state)
    assert ZoneEnded(ids["A"], "cloud") in events


def test_penalties_from_the_same_power_do_not_stack_but_others_do_7_4():
    expose = Power("expose", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), basic=False,
                   hit_effects=(EffectSpec("defense_bonus", "save_ends", amount=-2),))
    sunder = replace(expose, name="sunder")
    units = {"A": Unit(attacks=(SWORD, expose)), "C": Unit(hero=True, attacks=(SWORD, expose, sunder)),
             "D": Unit(), "B": Unit(side="red", hp=60)}
    state, ids = battle(["A.C", ".B.", ".D."], units, order="ACDB")
    a, b, c, d = ids["A"], ids["B"], ids["C"], ids["D"]
    ok(execute(state, Attack(a, b, "expose"), dice(15, 1)))
    end_turn(state)
    ok(execute(state, Attack(c, b, "expose"), dice(15, 1)))
    assert sum(m.value for m in plan_attack(state, d, b, "sword").modifiers) == 2
    ok(execute(state, SpendActionPoint(c), dice()))
    ok(execute(state, Attack(c, b, "sunder"), dice(15, 1)))
    assert sum(m.value for m in plan_attack(state, d, b, "sword").modifiers) == 4


# §26.5 Temporary hit points, §26.4 regeneration, §26.1 bloodied, healing ------------------------------------

def test_temporary_hit_points_do_not_stack_and_absorb_damage_first_26_5():
    units = {"A": Unit(attacks=(SWORD, WARD, SMALL_WARD, BIG_WARD)), "B": Unit(side="red", attacks=(SLAM,))}
    state, ids = battle(["AB"], units, order="AB")
    a, b = ids["A"], ids["B"]
    ok(execute(state, UsePower(a, "ward"), dice()))
    ok(execute(state, UsePower(a, "small ward"), dice()))
    health = state.world.get(a, Health)
    assert (health.hp, health.temp) == (20, 8)                     # the higher value stays
    ok(execute(state, UsePower(a, "big ward"), dice()))
    assert state.world.get(a, Health).temp == 10
    end_turn(state)
    b_slam = Power("slam", "melee", 1, 0, 5, "ac", DiceExpr(0, 0, 14), basic=False)
    state.world.add(b, replace(state.arsenal(b), attacks=(b_slam,)))
    events = ok(execute(state, Attack(b, a, "slam"), dice(15)))
    dealt = first(events, DamageDealt)
    assert (dealt.amount, dealt.temp_absorbed, dealt.hp_after) == (14, 10, 16)
    assert state.world.get(a, Health) == Health(16, 0)


def test_temporary_hit_points_never_add_to_current_hit_points_of_a_dying_hero_26_5_A31():
    units = {"A": dying_hero(surges=1), "C": Unit(attacks=(SWORD, INSPIRE)), "B": Unit(side="red")}
    state, ids = battle(["AC...B"], units, order="CBA")
    a = ids["A"]
    hurt(state, a, 0)
    ok(execute(state, UsePower(ids["C"], "inspire", a), dice()))
    assert state.world.get(a, Health) == Health(0, 5) and state.has_condition(a, "dying")


def test_bloodied_ignores_temporary_hit_points_26_1():
    units = {"A": Unit(hp=20, attacks=(SWORD, WARD)), "B": Unit(side="red")}
    state, ids = battle(["AB"], units, order="AB")
    a, b = ids["A"], ids["B"]
    hurt(state, a, 14)
    ok(execute(state, UsePower(a, "ward"), dice()))                 # 14 hp + 8 temporary
    end_turn(state)
    events = ok(execute(state, Attack(b, a, "sword"), dice(15, 8)))   # 11: 8 off the temporary, 3 real
    assert state.world.get(a, Health) == Health(11, 0) and not of(events, UnitBloodied)
    end_turn(state)
    ok(execute(state, UsePower(a, "ward"), dice()))
    end_turn(state)
    events = ok(execute(state, Attack(b, a, "sword"), dice(15, 7)))   # 10: 8 temporary, 2 real: 9 of 20
    assert state.hp(a) == 9 and first(events, UnitBloodied).entity == a


def test_regeneration_does_not_stack_and_never_heals_past_maximum_26_4():
    state, ids = battle(["B.A"], {"A": Unit(hp=30, regeneration=3), "B": Unit(side="red")}, order="BA")
    a = ids["A"]
    hurt(state, a, 10)
    add(state, a, Condition("regeneration", SAVE_ENDS, amount=5), Condition("regeneration", SAVE_ENDS, amount=4))
    events = end_turn(state)
    assert [h.amount for h in of(events, Healed)] == [5] and state.hp(a) == 15
    state, ids = battle(["B.A"], {"A": Unit(hp=30, regeneration=3), "B": Unit(side="red")}, order="BA")
    hurt(state, ids["A"], 29)
    events = end_turn(state)
    assert [h.amount for h in of(events, Healed)] == [1] and state.hp(ids["A"]) == 30


def test_healing_never_raises_hit_points_above_maximum_26_1():
    state, ids = battle(["A.B"], {"A": Unit(hero=True, hp=40, surges=2), "B": Unit(side="red")})
    hurt(state, ids["A"], 35)
    events = ok(execute(state, SecondWind(ids["A"]), dice()))
    assert first(events, Healed).amount == 5 and state.hp(ids["A"]) == 40


# §27 Dying and death -------------------------------------------------------------------------------------

def _hit_hero(hero_hp: int, damage: int, **hero):
    blow = Power("blow", "melee", 1, 0, 5, "ac", DiceExpr(0, 0, damage), basic=False)
    units = {"A": Unit(hero=True, hp=20, surges=2, **hero), "B": Unit(side="red", attacks=(blow,)), "C": Unit()}
    state, ids = battle(["AB...C"], units, order="BAC")
    hurt(state, ids["A"], hero_hp)
    events = ok(execute(state, Attack(ids["B"], ids["A"], "blow"), dice(15)))
    return state, ids, events


def test_a_hero_at_0_hit_points_or_fewer_is_unconscious_and_dying_27():
    state, ids, events = _hit_hero(5, 5)
    a = ids["A"]
    assert first(events, UnitDying).entity == a and state.hp(a) == 0
    assert all(state.has_condition(a, c) for c in ("dying", "unconscious", "prone"))
    assert not state.world.has(a, OutOfFight)


@pytest.mark.parametrize("damage, dead", [(11, False), (12, True)])
def test_a_hero_dies_at_minus_its_bloodied_value_27_A6(damage, dead):
    state, ids, events = _hit_hero(2, damage)          # 20 hp: bloodied value 10, dead at -10
    assert state.world.has(ids["A"], OutOfFight) is dead and state.hp(ids["A"]) == 2 - damage
    assert bool(of(events, UnitDied)) is dead and bool(of(events, UnitDying)) is not dead


def test_further_damage_to_a_dying_hero_goes_on_lowering_hit_points_until_death_27():
    state, ids, events = _hit_hero(-5, 4)
    assert state.hp(ids["A"]) == -9 and not state.world.has(ids["A"], OutOfFight)
    state, ids, events = _hit_hero(-5, 5, conditions=("dying", "unconscious", "prone"))
    assert state.world.has(ids["A"], OutOfFight) and first(events, UnitDied).entity == ids["A"]


def test_a_monster_dies_at_0_hit_points_27():
    state, ids = battle(["AB..C"], {"A": Unit(), "B": Unit(side="red", hp=8), "C": Unit(side="red")})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "sword"), dice(15, 5)))
    assert state.hp(ids["B"]) == 0 and first(events, UnitDied).entity == ids["B"]
    assert state.world.has(ids["B"], OutOfFight) and not of(events, UnitDying)


def test_a_knocked_out_creature_is_unconscious_not_dying_at_0_hit_points_27_A32():
    units = {"A": Unit(attacks=(SWORD, HEALING_WORD)), "B": Unit(side="red", hp=20), "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units, order="ACB")
    b = ids["B"]
    hurt(state, b, 5)
    ok(execute(state, Attack(ids["A"], b, "sword", knockout=True), dice(15, 5)))
    assert state.hp(b) == 0 and state.has_condition(b, "unconscious") and not state.has_condition(b, "dying")
    assert not state.world.has(b, OutOfFight)
    end_turn(state)
    events = end_turn(state)              # B's turn passes by itself, with no death save
    assert TurnEnded(b, "unconscious") in events and not of(events, DeathSave)


def test_a_knockout_blow_never_kills_even_far_below_0_27():
    units = {"A": Unit(attacks=(SWORD, MAUL)), "B": Unit(side="red", hp=20), "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units, order="ACB")
    b = ids["B"]
    hurt(state, b, 5)
    events = ok(execute(state, Attack(ids["A"], b, "maul", knockout=True), dice(20)))     # 25 damage: -20
    assert first(events, UnitKnockedOut).entity == b and not of(events, UnitDied)
    assert state.hp(b) == 0 and state.has_condition(b, "unconscious") and not state.world.has(b, OutOfFight)


def test_a_knocked_out_hero_makes_no_death_saves_and_healing_wakes_it_27():
    blow = Power("blow", "melee", 1, 0, 5, "ac", DiceExpr(0, 0, 25), basic=False)
    units = {"A": Unit(hero=True, hp=20, surges=2), "B": Unit(side="red", attacks=(blow,)),
             "C": Unit(attacks=(SWORD, HEALING_WORD))}
    state, ids = battle(["AB...C"], units, order="BAC")
    a = ids["A"]
    events = ok(execute(state, Attack(ids["B"], a, "blow", knockout=True), dice(15)))
    assert first(events, UnitKnockedOut).entity == a and state.hp(a) == 0 and not state.world.has(a, OutOfFight)
    assert not state.has_condition(a, "dying")
    events = end_turn(state)
    assert TurnEnded(a, "unconscious") in events and not of(events, DeathSave)
    events = ok(execute(state, UsePower(ids["C"], "healing word", a), dice()))
    assert state.hp(a) == 8 and not state.has_condition(a, "unconscious") and state.has_condition(a, "prone")


def test_a_knockout_blow_on_a_dying_hero_goes_on_lowering_its_hit_points_27():
    """Knocking out is a choice made when a blow drops a creature to 0 or below; a dying hero is already
    there, and further damage keeps lowering its hit points (§27)."""
    units = {"A": Unit(), "B": dying_hero(surges=1), "C": Unit(), "X": Unit(side="red")}
    state, ids = battle(["XB..A.C"], units, order="XBAC")
    b = ids["B"]
    hurt(state, b, -3)
    events = ok(execute(state, Attack(ids["X"], b, "sword", knockout=True), dice(15, 2)))
    assert first(events, DamageDealt).hp_after == -8 and state.hp(b) == -8
    assert state.has_condition(b, "dying") and not of(events, UnitKnockedOut)


def _dying_turn(*rolls, surges=1, failures=0):
    from game.ecs.components import DeathSaves
    units = {"A": dying_hero(surges=surges), "B": Unit(side="red"), "C": Unit()}
    state, ids = battle(["B.A...C"], units, order="BAC")
    hurt(state, ids["A"], -2)
    if failures:
        state.world.add(ids["A"], DeathSaves(failures))
    return state, ids, end_turn(state, *rolls)


def test_a_creature_whose_turn_passes_during_a_delay_makes_one_death_save_27_25_9():
    units = {"Y": Unit(side="red"), "A": dying_hero(surges=1), "B": Unit(), "X": Unit(side="red")}
    state, ids = battle(["Y..A", "X..B"], units, order="YABX")
    a, y = ids["A"], ids["Y"]
    hurt(state, a, -2)
    events = ok(execute(state, Delay(y), dice(12, 12)))          # A's turn passes by itself right away
    assert [d.entity for d in of(events, DeathSave)] == [a]
    assert offered(events) == [(y, "return", "")] and len(state.pending_offers.offers) == 1
    state, ids = battle(["Y..A", "X..B"], units, order="YBAX")
    hurt(state, a, -2)
    ok(execute(state, Delay(y), dice()))
    end_turn(state)                                              # B's turn ends: Y may return
    events = ok(execute(state, React(y, False), dice(12, 12)))   # Y lets it pass; A's turn passes by itself
    assert [d.entity for d in of(events, DeathSave)] == [a]
    assert offered(events) == [(y, "return", "")] and len(state.pending_offers.offers) == 1


@pytest.mark.parametrize("natural, result", [(1, "failure"), (9, "failure"), (10, "no change"), (19, "no change")])
def test_a_death_save_below_10_is_a_failure_and_10_to_19_changes_nothing_27(natural, result):
    state, ids, events = _dying_turn(natural)
    save = first(events, DeathSave)
    assert (save.entity, save.natural, save.result, save.failures) == (ids["A"], natural, result,
                                                                      1 if result == "failure" else 0)
    assert state.has_condition(ids["A"], "dying") and state.hp(ids["A"]) == -2


def test_the_third_failed_death_save_kills_27():
    state, ids, events = _dying_turn(4, failures=2)
    assert first(events, DeathSave).failures == 3 and first(events, UnitDied).entity == ids["A"]
    assert state.world.has(ids["A"], OutOfFight)


def test_a_death_save_of_20_spends_a_surge_and_wakes_the_hero_still_prone_27():
    state, ids, events = _dying_turn(20, surges=2)
    a = ids["A"]
    assert first(events, DeathSave).result == "surge"
    assert state.hp(a) == 5 and state.world.get(a, Surges).left == 1           # 0 + surge value 20 // 4
    assert not state.has_condition(a, "dying") and not state.has_condition(a, "unconscious")
    assert state.has_condition(a, "prone") and first(events, UnitRevived).entity == a


def test_a_death_save_of_20_with_no_surge_left_does_nothing_27():
    state, ids, events = _dying_turn(20, surges=0)
    assert first(events, DeathSave).result == "no change" and state.has_condition(ids["A"], "dying")
    assert state.hp(ids["A"]) == -2


@pytest.mark.parametrize("surges, hp", [(1, 8), (0, 1)])
def test_healing_a_dying_hero_starts_from_0_and_without_a_surge_gives_1_hp_27(surges, hp):
    units = {"A": dying_hero(surges=surges), "C": Unit(attacks=(SWORD, HEALING_WORD)), "B": Unit(side="red")}
    state, ids = battle(["AC...B"], units, order="CBA")
    a = ids["A"]
    hurt(state, a, -7)
    events = ok(execute(state, UsePower(ids["C"], "healing word", a), dice()))
    assert state.hp(a) == hp and first(events, Healed).hp_after == hp          # 0 + 5 + 3, or 1
    assert not state.has_condition(a, "dying") and not state.has_condition(a, "unconscious")
    assert state.has_condition(a, "prone") and state.conscious(a)


def test_a_potion_given_to_an_unconscious_ally_is_a_standard_action_25_14():
    units = {"A": dying_hero(surges=1), "C": Unit(potions=2, attacks=(SWORD, BOW)), "B": Unit(side="red")}
    state, ids = battle(["AC...B"], units, order="CBA")
    hurt(state, ids["A"], -3)
    ok(execute(state, DrinkPotion(ids["C"], ids["A"]), dice()))
    assert state.hp(ids["A"]) == 10 and not state.turn.actions.standard and state.turn.actions.minor


def test_coup_de_grace_is_a_critical_hit_and_kills_at_the_bloodied_value_25_6():
    units = {"A": Unit(attacks=(SWORD, MAUL)), "B": Unit(side="red", hp=40, conditions=("helpless",)),
             "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units)
    events = ok(execute(state, CoupDeGrace(ids["A"], ids["B"], "sword"), dice(3)))   # 3 + 5 + 2 CA: misses
    assert not first(events, AttackRolled).hit
    state, ids = battle(["AB..C"], units)
    events = ok(execute(state, CoupDeGrace(ids["A"], ids["B"], "sword"), dice(10)))
    assert first(events, AttackRolled).critical and first(events, DamageDealt).amount == 11
    assert state.hp(ids["B"]) == 29 and not state.world.has(ids["B"], OutOfFight)


def test_a_coup_de_grace_dealing_the_bloodied_value_kills_outright_25_6():
    units = {"A": Unit(attacks=(SWORD, MAUL)), "B": Unit(side="red", hp=40, conditions=("helpless",)),
             "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units)
    events = ok(execute(state, CoupDeGrace(ids["A"], ids["B"], "maul"), dice(10)))      # 25 >= 20, 15 hp left
    assert first(events, DamageDealt).amount == 25 and first(events, UnitDied).entity == ids["B"]
    assert state.world.has(ids["B"], OutOfFight)


def test_a_weakened_coup_de_grace_kills_only_if_the_halved_damage_reaches_the_bloodied_value_25_6():
    """§25.6 "damage dealt": 25 rolled, halved to 12 by weakened (§9), against bloodied value 20."""
    units = {"A": Unit(side="red", attacks=(SWORD, MAUL), conditions=("weakened",)),
             "B": replace(dying_hero(), hp=40), "C": Unit()}
    state, ids = battle(["AB..C"], units)
    hurt(state, ids["B"], -3)
    events = ok(execute(state, CoupDeGrace(ids["A"], ids["B"], "maul"), dice(10)))
    assert first(events, DamageDealt).amount == 12 and not first(events, DamageDealt).deadly
    assert state.hp(ids["B"]) == -15 and not of(events, UnitDied)            # death comes at -20
    assert not state.world.has(ids["B"], OutOfFight)


def test_a_coup_de_grace_resisted_below_the_bloodied_value_does_not_kill_outright_25_6():
    units = {"A": Unit(attacks=(SWORD, MAUL)), "B": Unit(side="red", hp=40, conditions=("helpless",),
                                                            resist=(("all", 10),)), "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units)
    events = ok(execute(state, CoupDeGrace(ids["A"], ids["B"], "maul"), dice(10)))      # 25 - 10 = 15 < 20
    assert first(events, DamageDealt).amount == 15 and not of(events, UnitDied)
    assert state.hp(ids["B"]) == 25 and not state.world.has(ids["B"], OutOfFight)


def test_a_coup_de_grace_counts_damage_its_target_takes_on_temporary_hit_points_25_6_26_5():
    """docs/rulings.md: temporary hit points take the damage dealt, they do not lessen it."""
    units = {"A": Unit(attacks=(SWORD, MAUL)), "B": Unit(side="red", hp=40, conditions=("helpless",)),
             "C": Unit(side="red")}
    state, ids = battle(["AB..C"], units)
    state.world.add(ids["B"], Health(40, 10))
    events = ok(execute(state, CoupDeGrace(ids["A"], ids["B"], "maul"), dice(10)))      # 25: 10 temp, 15 hp
    dealt = first(events, DamageDealt)
    assert (dealt.amount, dealt.temp_absorbed, dealt.deadly) == (25, 10, True)
    assert first(events, UnitDied).entity == ids["B"]


def test_coup_de_grace_needs_a_helpless_adjacent_target_25_6():
    state, ids = battle(["AB.D"], {"A": Unit(), "B": Unit(side="red"), "D": Unit(side="red", conditions=("helpless",))})
    no(execute(state, CoupDeGrace(ids["A"], ids["B"], "sword"), dice(10)))
    no(execute(state, CoupDeGrace(ids["A"], ids["D"], "bow"), dice(10)))


# §25.18 Second wind, §25.22 total defense, §7.4 stacking ------------------------------------------------------

def test_second_wind_heals_the_surge_value_once_per_encounter_with_plus_2_defenses_25_18():
    units = {"A": Unit(hero=True, hp=40, surges=2), "B": Unit(side="red", hp=40)}
    state, ids = battle(["AB"], units, order="AB")
    a, b = ids["A"], ids["B"]
    hurt(state, a, 15)
    events = ok(execute(state, SecondWind(a), dice()))
    assert first(events, Healed).amount == 10 and state.hp(a) == 25 and state.world.get(a, Surges).left == 1
    no(execute(state, Attack(a, b, "sword"), dice(2)))                  # it took the standard action
    end_turn(state)
    events = ok(execute(state, Attack(b, a, "sword"), dice(10)))       # 15: a hit on AC 15, not on 17
    roll = first(events, AttackRolled)
    assert -2 in mods(roll) and not roll.hit
    events = end_turn(state)
    assert ConditionEnded(a, "defense_bonus", "4e §11.1") in events
    no(execute(state, SecondWind(a), dice()))


def test_only_heroes_use_second_wind_25_18():
    state, ids = battle(["AB"], {"A": Unit(surges=2), "B": Unit(side="red")})
    no(execute(state, SecondWind(ids["A"]), dice()))


def test_total_defense_gives_plus_2_to_all_defenses_until_the_start_of_the_next_turn_25_22():
    will_attack = Power("scare", "ranged", 5, 0, 5, "will", DiceExpr(1, 4, 0), basic=False, weapon=False)
    units = {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, will_attack))}
    state, ids = battle(["A.B"], units, order="AB")
    a, b = ids["A"], ids["B"]
    ok(execute(state, TotalDefense(a), dice()))
    assert not state.turn.actions.standard
    end_turn(state)
    events = ok(execute(state, Attack(b, a, "scare"), dice(8)))      # 13 vs Will 13 + 2
    assert not first(events, AttackRolled).hit and -2 in mods(first(events, AttackRolled))
    events = end_turn(state)
    assert not state.has_condition(a, "defense_bonus")


def test_second_wind_and_total_defense_stack_to_plus_4_A56():
    state, ids = battle(["AB"], {"A": Unit(hero=True, hp=40, surges=2), "B": Unit(side="red")}, order="AB")
    a, b = ids["A"], ids["B"]
    ok(execute(state, SecondWind(a), dice()))
    ok(execute(state, SpendActionPoint(a), dice()))
    ok(execute(state, TotalDefense(a), dice()))
    assert sum(m.value for m in plan_attack(state, b, a, "sword").modifiers) == -4


# §8.2 Critical hits, §13 combat advantage damage --------------------------------------------------------

def test_a_natural_20_crits_only_when_the_total_meets_the_defense_8_2():
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", hp=40, defenses=replace(Unit().defenses, ac=30))})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "sword"), dice(20, 5)))     # 25 < 30: a hit, no crit
    roll = first(events, AttackRolled)
    assert roll.hit and not roll.critical and first(events, DamageDealt).amount == 8
    state, ids = battle(["AB"], {"A": Unit(), "B": Unit(side="red", hp=40)})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "sword"), dice(20)))        # maximum, no damage roll
    assert first(events, AttackRolled).critical and first(events, DamageDealt).amount == 11


def test_a_critical_hit_maximizes_every_damage_die_extra_dice_included_8_2():
    units = {"A": Unit(attacks=(SNEAK,)), "B": Unit(side="red", hp=40, conditions=("dazed",))}
    state, ids = battle(["AB"], units)
    events = ok(execute(state, Attack(ids["A"], ids["B"], "sneak"), dice(20)))
    assert first(events, DamageDealt).amount == 11 + 12


@pytest.mark.parametrize("condition, amount", [((), 8), (("dazed",), 15)])
def test_extra_damage_with_combat_advantage_only_with_combat_advantage_13(condition, amount):
    state, ids = battle(["AB"], {"A": Unit(attacks=(SNEAK,)), "B": Unit(side="red", hp=40, conditions=condition)})
    events = ok(execute(state, Attack(ids["A"], ids["B"], "sneak"), dice(15, 5, 3, 4)))
    assert first(events, DamageDealt).amount == amount


def test_a_power_that_needs_combat_advantage_is_refused_without_it_13():
    state, ids = battle(["AB"], {"A": Unit(attacks=(BACKSTAB,)), "B": Unit(side="red", hp=40)})
    no(execute(state, Attack(ids["A"], ids["B"], "backstab"), dice(15, 5)))
    state, ids = battle(["AB"], {"A": Unit(attacks=(BACKSTAB,)), "B": Unit(side="red", hp=40, conditions=("stunned",))})
    ok(execute(state, Attack(ids["A"], ids["B"], "backstab"), dice(15, 5)))


# §5.4-§5.5 Close and area attacks, misses, minions ----------------------------------------------------------

def test_close_and_area_attacks_roll_damage_once_and_a_critical_target_takes_the_maximum_5_4_A49():
    units = {"A": Unit(attacks=(SWEEP,)), "B": Unit(side="red", hp=30), "C": Unit(side="red", hp=30)}
    state, ids = battle(["AB", "C."], units)
    events = ok(execute(state, AreaAttack(ids["A"], "sweep", (0, 0)), dice(20, 15, 2)))
    dealt = {e.target: e.amount for e in of(events, DamageDealt)}
    assert dealt == {ids["B"]: 6, ids["C"]: 2}


def test_a_large_creature_is_hit_once_by_an_area_that_covers_several_of_its_squares_5_4():
    units = {"A": Unit(attacks=(WAVE,)), "O": Unit(side="red", hp=40, size=Size.LARGE)}
    state, ids = battle(["AO.", "...", "..."], units)
    events = ok(execute(state, AreaAttack(ids["A"], "wave", (1, 0)), dice(15, 4)))
    assert [e.target for e in of(events, AttackRolled)] == [ids["O"]]
    assert [e.amount for e in of(events, DamageDealt)] == [4] and state.hp(ids["O"]) == 36


def test_an_area_that_targets_enemies_skips_allies_one_that_targets_creatures_does_not_5_4():
    enemies_only = replace(WAVE, name="enemy wave", targets="enemy")
    units = {"A": Unit(attacks=(WAVE, enemies_only)), "B": Unit(side="red"), "C": Unit()}
    state, ids = battle(["A.B", ".C.", "..."], units)
    assert {t for t, _ in plan_area(state, ids["A"], "enemy wave", (1, 0)).targets} == {ids["B"]}
    assert {t for t, _ in plan_area(state, ids["A"], "wave", (1, 0)).targets} == {ids["B"], ids["C"]}


def test_an_area_burst_includes_its_user_when_the_user_is_inside_it_5_5():
    units = {"A": Unit(attacks=(FLAMES,)), "B": Unit(side="red")}
    state, ids = battle(["AB.", "...", "..."], units)
    plan = plan_area(state, ids["A"], "flames", (1, 1))
    assert {t for t, _ in plan.targets} == {ids["A"], ids["B"]}


def test_a_miss_deals_half_damage_with_such_a_power_but_never_to_a_minion_8_1():
    units = {"A": Unit(attacks=(HALF,)), "B": Unit(side="red", hp=30), "M": Unit(side="red", hp=1, minion=True)}
    state, ids = battle(["AB", "M."], units)
    events = ok(execute(state, Attack(ids["A"], ids["B"], "half"), dice(2, 5)))
    assert not first(events, AttackRolled).hit and first(events, DamageDealt).amount == 4
    state, ids = battle(["AB", "M."], units)
    events = ok(execute(state, Attack(ids["A"], ids["M"], "half"), dice(2)))      # no damage roll at all
    assert not of(events, DamageDealt) and state.hp(ids["M"]) == 1


def test_an_area_miss_halves_the_shared_damage_and_spares_minions_8_1():
    units = {"A": Unit(attacks=(HALF_BURST,)), "B": Unit(side="red", hp=30), "M": Unit(side="red", hp=1, minion=True)}
    state, ids = battle(["AB", "M."], units)
    events = ok(execute(state, AreaAttack(ids["A"], "half burst", (0, 0)), dice(2, 2, 5)))
    assert {e.target: e.amount for e in of(events, DamageDealt)} == {ids["B"]: 4}
    assert state.hp(ids["M"]) == 1 and not state.world.has(ids["M"], OutOfFight)


def test_any_damage_kills_a_minion_on_a_hit():
    units = {"A": Unit(attacks=(HALF,)), "M": Unit(side="red", hp=1, minion=True), "Z": Unit(side="red")}
    state, ids = battle(["AM.Z"], units)
    events = ok(execute(state, Attack(ids["A"], ids["M"], "half"), dice(15, 1)))
    assert first(events, UnitDied).entity == ids["M"]


# §25.9 Delay ----------------------------------------------------------------------------------------------

DELAY_UNITS = {"A": Unit(), "B": Unit(side="red"), "C": Unit(side="red")}


def test_delay_only_before_acting_and_not_while_dazed_25_9():
    state, ids = battle(["A...B", "....C"], DELAY_UNITS, order="ABC")
    ok(execute(state, Move(ids["A"], ((0, 0), (0, 1))), dice()))
    no(execute(state, Delay(ids["A"]), dice()))
    state, ids = battle(["A...B", "....C"], {**DELAY_UNITS, "A": Unit(conditions=("dazed",))}, order="ABC")
    no(execute(state, Delay(ids["A"]), dice()))
    state, ids = battle(["A...B", "....C"], DELAY_UNITS, order="ABC")
    ok(execute(state, Delay(ids["A"]), dice()))


def test_returning_from_a_delay_after_another_creatures_turn_takes_that_place_in_the_order_25_9():
    state, ids = battle(["A...B", "....C"], DELAY_UNITS, order="ABC")
    a, b, c = ids["A"], ids["B"], ids["C"]
    events = ok(execute(state, Delay(a), dice()))
    assert state.turn.current == b and TurnStarted(b, 1) in events
    events = end_turn(state)
    assert offered(events) == [(a, "return", "")]
    events = ok(execute(state, React(a, True), dice()))
    assert first(events, InitiativeChanged).order == (b, a, c) and state.turn.current == a
    ok(execute(state, Move(a, ((0, 0), (0, 1))), dice()))              # a whole turn to take
    ok(execute(state, Attack(a, b, "bow"), dice(2)))
    end_turn(state)
    assert state.turn.current == c
    end_turn(state)
    assert state.turn.round == 2 and state.turn.current == b and state.turn.order == (b, a, c)
    events = end_turn(state)
    assert state.turn.current == a and not of(events, Offered)


def test_a_delayed_turn_not_taken_before_the_creatures_count_comes_round_is_lost_25_9():
    state, ids = battle(["A...B", "....C"], DELAY_UNITS, order="ABC")
    a, b, c = ids["A"], ids["B"], ids["C"]
    ok(execute(state, Delay(a), dice()))
    end_turn(state)
    ok(execute(state, React(a, False), dice()))
    assert state.turn.current == c
    events = end_turn(state)
    assert offered(events) == [(a, "return", "")]
    events = ok(execute(state, React(a, False), dice()))
    assert RoundStarted(2) in events and state.turn.current == a and state.turn.round == 2
    assert state.turn.order == (a, b, c) and a not in state.turn.delayed
    assert state.turn.actions.standard and state.turn.actions.move and state.turn.actions.minor


def test_delaying_takes_the_start_of_turn_ends_helpful_and_unsustained_effects_and_holds_harmful_ones_25_9():
    units = {"A": Unit(hp=30), "D": Unit(), "B": Unit(side="red"), "C": Unit(side="red")}
    state, ids = battle(["A...B", "D...C"], units, order="BACD")
    a, b, c, d = ids["A"], ids["B"], ids["C"], ids["D"]
    add(state, a, Condition("ongoing", SAVE_ENDS, by=b, amount=5),
        Condition("slowed", END_OF_TURN, owner=a, source="trip", by=b))
    add(state, d, Condition("defense_bonus", END_OF_TURN, owner=a, source="ward", by=a, amount=2))
    add(state, b, Condition("immobilized", SUSTAIN, owner=a, source="hold", by=a))
    events = end_turn(state)                            # A's turn starts: ongoing damage now
    assert [(e.target, e.amount) for e in of(events, DamageDealt)] == [(a, 5)]
    events = ok(execute(state, Delay(a), dice()))
    assert [e.entity for e in of(events, ConditionEnded) if e.condition == "defense_bonus"] == [d]
    assert not state.has_condition(d, "defense_bonus") and not state.has_condition(b, "immobilized")
    assert not of(events, SavingThrow)
    assert state.has_condition(a, "slowed") and state.has_condition(a, "ongoing")
    assert state.turn.current == c
    events = end_turn(state)
    events = ok(execute(state, React(a, True), dice()))
    assert not of(events, DamageDealt) and state.hp(a) == 25         # no second start of turn
    events = end_turn(state, 15)                        # the delayed turn ends: now the save and the harm
    assert [(s.entity, s.success) for s in of(events, SavingThrow)] == [(a, True)]
    assert not state.has_condition(a, "slowed") and not state.has_condition(a, "ongoing")


# §25.16 Ready an action ----------------------------------------------------------------------------------

def test_a_readied_attack_fires_after_the_triggering_attack_and_moves_the_readier_before_the_trigger_25_16():
    units = {"A": Unit(hp=40, attacks=(SWORD, BOW, PARRY)), "C": Unit(), "B": Unit(side="red", hp=40),
             "E": Unit(side="red", hp=40)}
    state, ids = battle(["AB....C", "E......"], units, order="ACBE")
    a, b, c, e = ids["A"], ids["B"], ids["C"], ids["E"]
    events = ok(execute(state, Ready(a, "sword", "enemy_attacks"), dice()))
    assert first(events, ActionTaken).action == "ready" and not state.turn.actions.standard
    end_turn(state)
    end_turn(state)
    events = ok(execute(state, Attack(b, a, "sword"), dice()))
    assert offered(events) == [(a, "power", "parry")]
    events = ok(execute(state, React(a, False), dice(15, 4)))         # lets the parry pass
    assert at(events, DamageDealt) < at(events, Offered) and offered(events) == [(a, "readied", "sword")]
    events = ok(execute(state, React(a, True), dice(15, 5)))
    roll = first(events, AttackRolled)
    assert (roll.attacker, roll.target, roll.hit) == (a, b, True) and state.hp(b) == 32
    assert first(events, InitiativeChanged).order == (c, a, b, e) and state.turn.current == b
    end_turn(state)
    events = ok(execute(state, Attack(e, a, "sword"), dice(15, 4)))   # A's immediate action is spent
    assert not of(events, Offered)
    end_turn(state)
    assert state.turn.round == 2 and state.turn.current == c
    end_turn(state)
    assert state.turn.current == a


def test_a_readied_attack_against_movement_interrupts_the_move_25_16():
    units = {"A": Unit(), "B": Unit(side="red", hp=5), "C": Unit(side="red")}
    state, ids = battle([".....", "A..B.", ".....", "....C"], units, order="ABC")
    a, b = ids["A"], ids["B"]
    ok(execute(state, Ready(a, "sword", "enemy_enters_reach"), dice()))
    end_turn(state)
    events = ok(execute(state, Move(b, ((3, 1), (2, 1), (1, 1), (1, 2), (2, 3))), dice()))
    assert [m.path for m in of(events, UnitMoved)] == [((3, 1), (2, 1), (1, 1))]
    assert offered(events) == [(a, "readied", "sword")]
    events = ok(execute(state, React(a, True), dice(15, 5)))
    assert first(events, UnitDied).entity == b and state.square(b) == (1, 1) and not of(events, UnitMoved)
    assert first(events, InitiativeChanged).order == (a, b, ids["C"])


def test_an_unused_readied_action_lapses_at_the_readiers_next_turn_25_16():
    from game.ecs.components import Readied
    state, ids = battle(["A...B"], {"A": Unit(), "B": Unit(side="red")}, order="AB")
    ok(execute(state, Ready(ids["A"], "bow", "enemy_attacks"), dice()))
    end_turn(state)
    end_turn(state)
    assert state.turn.current == ids["A"] and not state.world.has(ids["A"], Readied)


# §11.1 Sustain, zones ------------------------------------------------------------------------------------------

FOG_UNITS = {"A": Unit(attacks=(SWORD, BOW, FOG)), "B": Unit(side="red", hp=40), "C": Unit()}
FOG_ROWS = ["A.....B", "......C"]


def test_a_sustained_zone_outlasts_its_creation_turn_and_ends_unless_sustained_11_1_A12():
    state, ids = battle(FOG_ROWS, FOG_UNITS, order="ABC")
    a = ids["A"]
    events = ok(execute(state, AreaAttack(a, "fog", (5, 0)), dice()))
    assert first(events, ZoneCreated).source == "fog"
    events = end_turn(state)
    assert not of(events, ZoneEnded)
    end_turn(state)
    end_turn(state)
    ok(execute(state, Sustain(a, "fog"), dice()))
    no(execute(state, Sustain(a, "fog"), dice()))                    # once a turn
    assert not state.turn.actions.minor
    events = end_turn(state)
    assert not of(events, ZoneEnded)
    end_turn(state)
    end_turn(state)
    events = end_turn(state)                                          # not sustained this time
    assert ZoneEnded(a, "fog") in events


def test_a_sustained_effect_ends_at_the_end_of_its_owners_turn_unless_sustained_11_1():
    units = {"A": Unit(attacks=(SWORD, HOLD)), "B": Unit(side="red", hp=40)}
    state, ids = battle(["AB"], units, order="AB")
    a, b = ids["A"], ids["B"]
    ok(execute(state, Attack(a, b, "hold"), dice(15, 1)))
    assert state.has_condition(b, "immobilized")
    end_turn(state)
    end_turn(state)
    assert state.has_condition(b, "immobilized")
    ok(execute(state, Sustain(a, "hold"), dice()))
    end_turn(state)
    end_turn(state)
    assert state.has_condition(b, "immobilized")
    events = end_turn(state)
    assert ConditionEnded(b, "immobilized", "4e §11.1") in events


def test_a_zone_that_heavily_obscures_squares_gives_concealment_while_it_lasts_15_1():
    state, ids = battle(FOG_ROWS, FOG_UNITS, order="ACB")
    a, b, c = ids["A"], ids["B"], ids["C"]
    assert situation(state, a, b, "ranged").concealment == "none"
    ok(execute(state, AreaAttack(a, "fog", (6, 0)), dice()))
    assert situation(state, a, b, "ranged").concealment == "total"       # heavily obscured, not adjacent
    assert -5 in [m.value for m in plan_attack(state, a, b, "bow").modifiers]
    assert situation(state, c, b, "melee").concealment == "partial"      # heavily obscured, adjacent
    assert situation(state, a, b, "area").concealment == "none"          # never for area attacks
    end_turn(state)
    end_turn(state)
    end_turn(state)
    events = end_turn(state)                                              # A let it lapse
    assert ZoneEnded(a, "fog") in events and situation(state, c, b, "ranged").concealment == "none"


# §5.6 Area walls -------------------------------------------------------------------------------------

CURTAIN = Power("curtain", "area", 10, 0, 5, "reflex", DiceExpr(1, 6, 2), weapon=False, basic=False, area="wall",
                size=4, targets="creature", damage_type="fire", zone=ZoneSpec("light", duration="end_of_your_next_turn"))


def test_an_area_wall_rolls_against_each_creature_in_it_and_deals_one_damage_roll_5_6():
    units = {"A": Unit(attacks=(SWORD, CURTAIN)), "B": Unit(side="red", hp=30), "C": Unit(side="red", hp=30)}
    state, ids = battle(["A.......", "...B.C..", "........"], units)
    wall = ((3, 1), (4, 1), (5, 1), (5, 2))                  # a bent chain, joined side to side
    events = ok(execute(state, AreaAttack(ids["A"], "curtain", wall[0], wall=wall), dice(15, 16, 4)))
    assert [r.target for r in of(events, AttackRolled)] == [ids["B"], ids["C"]]
    assert [(d.target, d.amount, d.damage_type) for d in of(events, DamageDealt)] == \
        [(ids["B"], 6, "fire"), (ids["C"], 6, "fire")]
    assert first(events, ZoneCreated).squares == tuple(sorted(wall))
    assert state.battlefield.at((4, 1)).obscured == 1        # the zone's light obscurement lies over the wall


def test_a_wall_must_be_a_chain_with_no_square_touching_three_others_5_6():
    units = {"A": Unit(attacks=(SWORD, CURTAIN)), "B": Unit(side="red", hp=30)}
    state, ids = battle(["A.......", "...B....", "........"], units)
    branching = ((3, 1), (2, 1), (4, 1), (3, 0))
    assert "more than two" in no(execute(state, AreaAttack(ids["A"], "curtain", branching[0], wall=branching),
                                         dice())).reason
    apart = ((3, 1), (4, 1), (6, 1), (7, 1))
    assert no(execute(state, AreaAttack(ids["A"], "curtain", apart[0], wall=apart), dice())).rule == "4e §5.6"
    short = ((3, 1), (4, 1))
    assert "exactly 4" in no(execute(state, AreaAttack(ids["A"], "curtain", short[0], wall=short), dice())).reason


# §9 Slowed in the middle of a move --------------------------------------------------------------------

FROST = Power("frost", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), hit_effects=(EffectSpec("slowed", "save_ends"),))


def test_slowed_after_two_squares_of_a_move_the_creature_stops_9():
    units = {"M": Unit(hp=30), "E": Unit(side="red", attacks=(FROST, BOW))}
    state, ids = battle(["...E...", "M......"], units, order="ME")
    m = ids["M"]
    path = ((0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1))       # leaving (2, 1) next to E provokes
    events = ok(execute(state, Move(m, path), dice()))
    assert offered(events) == [(ids["E"], "opportunity", "")] and state.square(m) == (2, 1)
    ok(execute(state, React(ids["E"], True), dice(15, 2)))
    assert state.has_condition(m, "slowed") and state.square(m) == (2, 1)   # 2 squares moved: it stops


def test_slowed_after_one_square_the_creature_goes_on_to_two_squares_in_all_9():
    units = {"M": Unit(hp=30), "E": Unit(side="red", attacks=(FROST, BOW))}
    state, ids = battle([".ME....", "......."], units, order="ME")
    m = ids["M"]
    events = ok(execute(state, Move(m, ((1, 0), (2, 1), (3, 1), (4, 1), (5, 1))), dice()))
    assert offered(events) == [(ids["E"], "opportunity", "")] and state.square(m) == (1, 0)
    ok(execute(state, React(ids["E"], True), dice(15, 2)))
    assert state.has_condition(m, "slowed") and state.square(m) == (3, 1)   # 2 squares in all
