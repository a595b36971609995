"""The sotdl-house computer: defenses chosen by their exact odds, AP kept for defending, the forecast."""

from fractions import Fraction

from sotdl_support import build, set_ap

from game.core.dice import ScriptedDice, SeededDice
from game.rulesets.sotdl.afflictions import lasting
from game.rulesets.sotdl.ai import (
    LEVELS,
    ControllerSotdl,
    ScriptedSotdl,
    choose_defense,
    stop_chance,
)
from game.core.grid import space_distance
from game.rulesets.sotdl.commands import Attack, Defend, Move, Pass
from game.rulesets.sotdl.components import Initiative, PendingDefense
from game.rulesets.sotdl.engine import execute, validate
from game.rulesets.sotdl.forecast import attack_forecast, banner, dice_text
from game.rulesets.sotdl.rolls import chance_at_least
from game.rulesets.sotdl.situation import provokers
from game.rulesets.sotdl.vitality import Vitals


def offer(state, attacker, target, hit, weapon="greataxe"):
    found = PendingDefense(attacker, target, hit, weapon, True)
    state.world.set_resource(found)
    return found


def test_dodge_is_taken_when_the_defense_meets_the_hit():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))], side="red")
    pending = offer(state, o, w, 11)             # warrior Defense 11, chain 11: the hit is not absorbed
    assert stop_chance(state, pending, "dodge") == 1
    assert choose_defense(state, pending, LEVELS["normal"]) in ("dodge", "block")


def test_no_defense_when_the_armor_absorbs_the_hit_anyway():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))], side="red")
    pending = offer(state, o, w, 9)              # below chain 11
    assert choose_defense(state, pending, LEVELS["hard"]) == "none"


def test_block_odds_are_exact_fractions():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))], side="red")
    pending = offer(state, o, w, 18)
    assert stop_chance(state, pending, "block") == chance_at_least(3, 0, 18) == Fraction(6, 20)
    assert stop_chance(state, pending, "disarm") == Fraction(2, 20)       # trained: 19-20


def test_normal_keeps_its_last_ap_for_defense_when_hurt_and_an_enemy_can_reach_it():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (4, 1))])
    set_ap(state, w, 1)
    state.world.add(w, Vitals(10, 17))
    assert isinstance(ControllerSotdl("blue", "normal").next_command(state), Pass)
    easy = ControllerSotdl("blue", "easy", seed=3)
    easy.level = easy.level.__class__(False, "never", False, False, False, False, False, 0)
    assert not isinstance(easy.next_command(state), Pass)


def test_hard_spends_its_last_ap_where_normal_would_keep_it():
    # Passing keeps the AP for a defense but gives up the answer to the next blow (R4): hard keeps none back.
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (4, 1))])
    set_ap(state, w, 1)
    state.world.add(w, Vitals(10, 17))
    assert isinstance(ControllerSotdl("blue", "hard").next_command(state), Move)


def test_hard_struck_from_beyond_its_reach_keeps_its_ap_rather_than_walk_in_alone():
    # The warrior was shot by the goblin sniper 8 yards off and holds the initiative (R4).
    state, (w, g) = build([("warrior", "blue", (1, 1)), ("goblin_archer", "red", (9, 1))])
    state.world.set_resource(Initiative(1, ("blue", "red"), "blue", w, "attacked", g))
    assert ControllerSotdl("blue", "hard").next_command(state) == Pass(w)
    assert isinstance(ControllerSotdl("blue", "normal").next_command(state), Move)


def test_hard_strikes_an_enemy_with_no_ap_left_whichever_of_its_creatures_can():
    # The warrior (2 AP) acts first at normal and hits the orc next to it, which answers (R4); hard has the rogue
    # stab the orc that has no AP left: it can neither defend nor answer.
    state, (w, r, fresh, spent) = build([("warrior", "blue", (1, 1)), ("rogue", "blue", (1, 3)),
                                         ("orc", "red", (2, 1)), ("orc", "red", (2, 3))])
    set_ap(state, r, 1)
    set_ap(state, spent, 0)
    assert ControllerSotdl("blue", "normal").next_command(state) == Attack(w, fresh)
    assert ControllerSotdl("blue", "hard").next_command(state) == Attack(r, spent)


def test_hard_walks_to_a_fallen_ally_with_a_potion_by_a_way_that_gives_no_free_attack():
    rows = ["..........", "..........", "..........", "..........", ".........."]
    state, (p, w, o) = build([("priest", "blue", (1, 1)), ("warrior", "blue", (5, 1)), ("orc", "red", (9, 4))], rows)
    state.world.add(w, Vitals(17, 17))
    state.add_condition(w, lasting("incapacitated", "damage", None, 0, 0))
    hard = ControllerSotdl("blue", "hard").next_command(state)
    assert isinstance(hard, Move) and hard.actor == p
    assert space_distance(hard.path[-1], 1, (5, 1), 1) <= 1
    assert not provokers(state, p, hard.path)
    normal = ControllerSotdl("blue", "normal").next_command(state)
    assert isinstance(normal, Move) and space_distance(normal.path[-1], 1, (5, 1), 1) > 1


def test_every_computer_command_passes_the_door():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))])
    players = {"blue": ControllerSotdl("blue", "normal"), "red": ScriptedSotdl("red")}
    from game.rulesets.sotdl.rounds import decider
    dice = SeededDice(7)
    for _ in range(40):
        if state.outcome is not None:
            break
        who = decider(state)
        command = players[state.side(who)].next_command(state)
        assert validate(state, command) is None
        execute(state, command, dice)


def test_forecast_shows_dice_and_exact_chances():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))])
    state.add_condition(o, lasting("stunned", "", None, 0, 0))
    found = attack_forecast(state, w, o)
    assert found.edges == (("stunned", 1),) and found.dice == "+1d6" and found.modifier == 3
    assert found.hit == chance_at_least(3, 1, 5)
    assert found.past_armor == chance_at_least(3, 1, 9) and found.past_dodge == chance_at_least(3, 1, 11)
    assert dice_text(-3) == "-3d6 (highest)" and dice_text(0) == ""


def test_banner_says_why_a_creature_holds_the_initiative():
    state, (w, o) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))])
    execute(state, Attack(w, o), ScriptedDice([15]))
    execute(state, Defend(o, "none"), ScriptedDice([1, 1]))
    text, values = banner(state)
    assert text.format(**values) == f"{state.name(o)} was attacked: {state.name(o)}'s move"
    assert state.world.get(o, Vitals).damage == 2
