"""The 4e computer's work done once (issue 20): the door's check of the command the computer just checked, teleport
destinations and guessed attack worths kept per battlefield, damage totals adjusted once per target kind, each the
same as worked out afresh."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bfcache import store_of
from game.core.dice import DiceExpr, SeededDice
from game.core.teleport import teleport_reaches
from game.ecs.components import Conditions, Defenses, Health, Position, Stats, TeleportPower
from game.rulesets.dnd4e.actions import door
from game.rulesets.dnd4e.actions.commands import Move, Rejected
from game.rulesets.dnd4e.actions.teleport import teleport_squares
from game.rulesets.dnd4e.ai import odds
from game.rulesets.dnd4e.ai.tactics import STYLES, Planner
from game.rulesets.dnd4e.damage import adjust
from support import BOW, SWORD, Unit, battle

ROWS = ["A.........",
        "..........",
        "......B...",
        ".........."]


def _counting_move_checks(monkeypatch) -> list[Move]:
    """Every Move the door's own move check is asked about, in order."""
    asked: list[Move] = []
    check, apply = door._RULES[Move]

    def counted(state, command):
        asked.append(command)
        return check(state, command)

    monkeypatch.setitem(door._RULES, Move, (counted, apply))
    return asked


def test_the_door_takes_the_very_command_just_checked_on_the_unchanged_world_without_checking_it_again(monkeypatch):
    state, ids = battle(ROWS, {"A": Unit(), "B": Unit(side="red")})
    asked = _counting_move_checks(monkeypatch)
    command = Move(ids["A"], ((0, 0), (1, 0), (2, 0)))
    assert door.validate(state, command) is None
    events = door.execute(state, command, SeededDice(1))
    assert isinstance(events, list) and state.square(ids["A"]) == (2, 0)
    assert asked == [command]


def test_the_door_checks_again_an_equal_command_of_another_origin_and_any_command_after_a_change(monkeypatch):
    state, ids = battle(ROWS, {"A": Unit(), "B": Unit(side="red")})
    asked = _counting_move_checks(monkeypatch)
    command = Move(ids["A"], ((0, 0), (1, 0), (2, 0)))
    assert door.validate(state, command) is None
    twin = Move(ids["A"], ((0, 0), (1, 0), (2, 0)))              # equal, but not the object that was checked
    assert isinstance(door.execute(state, twin, SeededDice(1)), list)
    assert len(asked) == 2

    state, ids = battle(ROWS, {"A": Unit(), "B": Unit(side="red")})
    command = Move(ids["A"], ((0, 0), (1, 0), (2, 0)))
    assert door.validate(state, command) is None
    state.world.add(ids["B"], Position((2, 0)))                  # the enemy steps onto the end of the path
    refused = door.execute(state, command, SeededDice(1))
    assert isinstance(refused, Rejected)
    assert state.square(ids["A"]) == (0, 0) and asked[-1] is command and len(asked) == 4


def _teleports_afresh(state, actor, power):
    occupied = state.squares_taken(but=actor)
    space = state.space(actor)
    reach = power.squares
    x0, y0 = space[0]
    return [(x, y) for y in range(y0 - reach, y0 + reach + 1) for x in range(x0 - reach, x0 + reach + 1)
            if (x, y) != space[0] and teleport_reaches(state.battlefield, space, (x, y), reach, occupied)]


SPOTS = st.tuples(st.integers(0, 9), st.integers(0, 3))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("AB"), SPOTS), max_size=8), st.integers(1, 4))
def test_4e_s23_teleport_destinations_kept_are_those_worked_out_afresh_as_creatures_move(moves, reach):
    power = TeleportPower("fey step", reach)
    state, ids = battle(["A...#.....", "....#..%..", "......B...", ".........."],
                        {"A": Unit(teleports=(power,)), "B": Unit(side="red")})
    for letter, square in [("A", (0, 0))] + moves:
        if square not in state.squares_taken(but=ids[letter]):
            state.world.add(ids[letter], Position(square))
        assert teleport_squares(state, ids["A"], power) == _teleports_afresh(state, ids["A"], power)


def test_a_guessed_attack_worth_kept_across_decisions_is_the_one_worked_out_afresh_as_the_target_changes():
    state, ids = battle(ROWS, {"A": Unit(attacks=(SWORD, BOW)), "B": Unit(side="red")})
    style = STYLES["normal"]
    changes = [lambda: None, lambda: state.world.add(ids["B"], Health(6)),
               lambda: state.world.add(ids["B"], Conditions.of("insubstantial")),
               lambda: state.world.add(ids["A"], Conditions.of("weakened")),
               lambda: state.world.add(ids["B"], replace(state.stats(ids["B"]), max_hp=40))]
    for change in changes:
        change()
        kept = {power.name: Planner(state, ids["A"], style)._rough(power, ids["B"], 2) for power in (SWORD, BOW)}
        store_of(state.battlefield).pop("roughs", None)          # forget everything kept: work it out afresh
        afresh = {power.name: Planner(state, ids["A"], style)._rough(power, ids["B"], 2) for power in (SWORD, BOW)}
        assert kept == afresh
    assert len({round(v, 6) for v in afresh.values()}) == 2


def test_a_guessed_attack_worth_is_kept_apart_for_each_level_s_weights():
    state, ids = battle(ROWS, {"A": Unit(attacks=(SWORD,)), "B": Unit(side="red", hp=5)})
    style = STYLES["normal"]
    keener = replace(style, kill=style.kill * 3)             # the same name, other weights: its own worths
    first = Planner(state, ids["A"], style)._rough(SWORD, ids["B"], 0)
    assert Planner(state, ids["A"], keener)._rough(SWORD, ids["B"], 0) > first
    assert Planner(state, ids["A"], style)._rough(SWORD, ids["B"], 0) == first


def _strike_adjusting_every_total(main, extra, damage_type, stats, weakened, insubstantial, hp, needed, miss_half):
    """``odds._strike`` as first written: every damage total adjusted afresh for every target's hit points."""
    hit = odds.hit_chance(needed)
    normal = hit - odds.CRIT_CHANCE

    def landed(amount):
        value = adjust(amount, damage_type, stats, weakened_attacker=weakened, insubstantial=insubstantial).amount
        return hp if stats.minion and value > 0 else value

    table = odds.distribution(main, extra)
    mean = sum(min(landed(t), hp) * p for t, p in table)
    drops = sum(p for t, p in table if landed(t) >= hp)
    top = landed(odds.maximum(main, extra))
    damage = normal * mean + odds.CRIT_CHANCE * min(top, hp)
    drop = normal * drops + odds.CRIT_CHANCE * (top >= hp)
    if miss_half and not stats.minion:
        half = [(landed(t // 2), p) for t, p in odds.distribution(main, None)]
        damage += (1 - hit) * sum(min(v, hp) * p for v, p in half)
        drop += (1 - hit) * sum(p for v, p in half if v >= hp)
    return odds.Strike(hit, damage, drop)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3), st.sampled_from((4, 6, 8, 10)), st.integers(0, 5), st.booleans(), st.booleans(),
       st.booleans(), st.integers(1, 40), st.integers(1, 22), st.booleans(), st.integers(0, 6), st.integers(0, 6),
       st.booleans())
def test_4e_s8_the_strike_from_totals_adjusted_once_is_the_strike_adjusting_every_total(
        count, sides, flat, with_extra, weakened, insubstantial, hp, needed, miss_half, resist, vulnerable, minion):
    main = DiceExpr(count, sides, flat)
    extra = DiceExpr(1, 6, 0) if with_extra else None
    stats = Stats("T", 1, 40, Defenses(15, 13, 13, 13), 6, 0, resist=(("fire", resist),),
                  vulnerable=(("fire", vulnerable),), minion=minion)
    asked = (main, extra, "fire", stats, weakened, insubstantial, hp, needed, miss_half)
    assert odds._strike_of(*asked) == _strike_adjusting_every_total(*asked)
