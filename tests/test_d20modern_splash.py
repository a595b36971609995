"""Splash weapons (§10.4, SPL-01) through the d20-modern door with scripted dice: the Molotov cocktail's direct hit
and its splash, a miss that scatters, a throw at a square."""

from game.core.dice import ScriptedDice
from game.rulesets.d20modern import engine, explosives, injury
from game.rulesets.d20modern.commands import AttackRolled, Damaged, Throw, Thrown
from game.rulesets.d20modern.components import Carried
from test_d20modern_engine import skirmish

MOLOTOV = "Molotov cocktail"


def hp(state, e):
    return state.world.get(e, injury.Vitals).hp


def test_SPL_01_a_hit_deals_the_direct_damage_to_the_target_and_the_splash_to_those_within_5_ft():
    state, m = skirmish(["B...ac", "......"], {"B": "gangster", "a": "agent", "c": "gangster"})
    before_a, before_c = hp(state, m["a"]), hp(state, m["c"])
    # d20 20 hits the touch Defense; 1d6 = 4 to the target; 1d3 = 2 to everyone else within 5 ft
    events = engine.execute(state, Throw(m["B"], MOLOTOV, (4, 0)), ScriptedDice([20, 4, 2]))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.hit and rolled.target == m["a"] and rolled.defense == 15     # the agent's touch Defense (DEF-03)
    thrown = next(e for e in events if isinstance(e, Thrown))
    assert thrown.hit and (5, 0) in thrown.squares
    assert hp(state, m["a"]) == before_a - 4 and hp(state, m["c"]) == before_c - 2
    assert state.world.get(m["B"], Carried).left(MOLOTOV) == 0


def test_SPL_01_a_miss_scatters_and_only_splashes_around_where_it_lands():
    state, m = skirmish(["B.......a.....", "..........c...", ".............."], {"B": "gangster", "a": "agent",
                                                                                   "c": "gangster"})
    before = hp(state, m["a"])
    # at the agent, 40 ft away (the 4th increment): a natural 1 misses; the d12 scatter roll 1 puts it two squares
    # beyond, next to c; 1d3 = 3 to everyone within 5 ft of where it lands, the agent it missed not among them
    events = engine.execute(state, Throw(m["B"], MOLOTOV, (8, 0)), ScriptedDice([1, 1, 3]))
    assert not next(e for e in events if isinstance(e, AttackRolled)).hit
    thrown = next(e for e in events if isinstance(e, Thrown))
    square, point = explosives.landing((0, 0), (8, 0), 4, False, 1)
    assert not thrown.hit and thrown.landed == square == (10, 0) and thrown.point == point
    assert [(d.target, d.amount) for d in events if isinstance(d, Damaged)] == [(m["c"], 3)]
    assert hp(state, m["a"]) == before


def test_SPL_01_thrown_at_a_square_within_one_increment_it_lands_there_and_splashes_the_creatures_around_it():
    state, m = skirmish(["B.....", "...ab."], {"B": "gangster", "a": "agent", "b": "gangster"})
    before = hp(state, m["a"])
    # the empty square (2, 0), 10 ft away: no roll (EXP-01); d4 = 2 lands it on the corner (3, 1), where the agent's
    # square meets it; 1d3 = 1 splashes the agent, not the gangster a square farther
    events = engine.execute(state, Throw(m["B"], MOLOTOV, (2, 0)), ScriptedDice([2, 1]))
    thrown = next(e for e in events if isinstance(e, Thrown))
    assert not thrown.rolled and thrown.landed == (2, 0) and thrown.point == (3, 1)
    assert not any(isinstance(e, AttackRolled) for e in events)
    assert [(d.target, d.amount) for d in events if isinstance(d, Damaged)] == [(m["a"], 1)]
    assert hp(state, m["a"]) == before - 1


def test_SPL_01_the_log_says_the_splash_and_who_it_reached():
    from game.rulesets.d20modern.presentation.narration import Narrator
    state, m = skirmish(["B...ac", "......"], {"B": "gangster", "a": "agent", "c": "gangster"})
    events = engine.execute(state, Throw(m["B"], MOLOTOV, (4, 0)), ScriptedDice([20, 4, 2]))
    narrator = Narrator()
    lines = [line.text for event in events for line in narrator.lines(event, state, {}) if not line.dice]
    assert "B attacks a with the Molotov cocktail: a hit" in lines
    assert any(line.startswith("It splashes ") and line.endswith("squares (5 ft, no save).") for line in lines)
    assert "a takes 4 damage (17 hit points left)." in lines and "c takes 2 damage (13 hit points left)." in lines
