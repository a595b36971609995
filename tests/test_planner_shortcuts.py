"""The 4e planner's shortcuts (issue 20, simulate) decide exactly what the plain forms they replace decide."""

from __future__ import annotations

import gc
from dataclasses import replace

import pytest

from game.core.dice import DiceExpr
from game.ecs.components import Condition, Conditions, Defenses, Health, Position, Power
from game.rulesets.dnd4e.ai.odds import average, rough_strike
from game.rulesets.dnd4e.ai.hard import HardPlanner
from game.rulesets.dnd4e.ai.tactics import STYLES, USE_COST, Planner
from game.simulate import GAME_GC_THRESHOLD, fewer_collections
from support import BOW, SWORD, Unit, battle

FIREBALL = Power("fireball", "area", 10, 0, 6, "reflex", DiceExpr(2, 6, 2), weapon=False, area="burst", size=1,
                 usage="encounter")
SLING = Power("sling", "ranged", 3, 5, 5, "ac", DiceExpr(1, 6, 2))    # within reach of only part of the field
AXE = Power("axe", "melee", 1, 0, 7, "ac", DiceExpr(1, 12, 3), needs_combat_advantage=True,
            advantage_damage=DiceExpr(1, 6, 0))

# Three fields: enemies near and far, obscured and rubble squares, a creature that could flank with us.
FIELDS = [
    ["..........%...",
     ".D......C.....",
     "....A.....%...",
     ".E.......o....",
     "...........F..",
     "..%..........."],
    ["A.....%.......",
     "..............",
     "...%%....D....",
     "......B.......",
     "..........E...",
     "............F."],
    ["....D.E.......",
     "..........%...",
     ".....B........",
     "..A...........",
     "...........F..",
     "......%......."],
]


def _state(rows: list[str]):
    units = {"A": Unit(attacks=(SWORD, BOW, FIREBALL, AXE))}
    for letter in "DEF":
        attacks = {"D": (SWORD, BOW), "E": (SWORD,), "F": (SWORD, SLING)}[letter]
        units[letter] = Unit(side="red", attacks=attacks, hp=14 + ord(letter) % 9, speed=4 if letter == "F" else 6)
    if any("B" in row for row in rows):
        units["B"] = Unit(attacks=(SWORD,))
    state, ids = battle(rows, units)
    state.world.add(ids["E"], Health(6))                   # bloodied: worth more per hit point
    return state, ids


def _moving(planner: Planner) -> list:
    stations = planner.stations(planner.stats.speed)
    return [(st, planner.position(st.square) - st.extra) for st in stations]


def _plain(planner: Planner) -> Planner:
    planner._ceiling = float("inf")        # every station's guesses worked out, as before the ceiling
    return planner


@pytest.mark.parametrize("rows", FIELDS)
@pytest.mark.parametrize("level", ["normal", "easy"])
def test_4e_the_attacks_found_leaving_out_stations_under_the_ceiling_are_those_found_from_every_guess(rows, level):
    state, ids = _state(rows)
    style = STYLES[level]
    shortcut, plain = Planner(state, ids["A"], style), _plain(Planner(state, ids["A"], style))
    speed = shortcut.stats.speed
    found = shortcut.best_attacks(_moving(shortcut), speed)
    expected = plain.best_attacks(_moving(plain), speed)
    assert found
    assert [(total, place, plan.command) for total, place, plan in found] == \
        [(total, place, plan.command) for total, place, plan in expected]
    # The ceiling is above every guess from every square, walked to or not.
    ceiling = shortcut._guess_ceiling()
    squares = [(x, y) for y in range(len(rows)) for x in range(len(rows[0]))]
    assert all(value <= ceiling for square in squares for value, *_ in shortcut._guesses(square))


def test_4e_a_level_that_weighs_damage_its_own_way_works_out_every_guess():
    # Hard's worth of a hit point reads every enemy's hit points; the worths kept between decisions are not keyed
    # on them, so asking for the ceiling's worths earlier than the guesses would keep them at another moment.
    state, ids = _state(FIELDS[0])
    planner = HardPlanner(state, ids["A"], STYLES["hard"])
    planner.best_attacks(_moving(planner), planner.stats.speed)
    assert planner._ceiling is None


@pytest.mark.parametrize("rows", FIELDS)
@pytest.mark.parametrize("level", ["normal", "easy", "hard"])
def test_4e_every_stations_worth_scored_at_once_is_its_worth_square_by_square(rows, level):
    state, ids = _state(rows)
    kind = HardPlanner if level == "hard" else Planner
    together, alone = kind(state, ids["A"], STYLES[level]), kind(state, ids["A"], STYLES[level])
    stations = together.stations(2 * together.stats.speed)
    together._fill_positions(stations)
    assert len(together._position) == len({st.square for st in stations}) > 20
    # Exactly the same floats: the same sums in the same order.
    assert {q: together._position[q] for q in together._position} == {q: alone.position(q) for q in together._position}
    assert len(set(together._position.values())) > 3


def test_4e_a_plan_kept_under_the_fingerprint_is_not_used_once_another_creature_moves():
    state, ids = _state(FIELDS[0])
    first = Planner(state, ids["A"], STYLES["normal"])._fingerprint()
    again = Planner(state, ids["A"], STYLES["normal"])._fingerprint()
    assert again == first and hash(again) == hash(first)
    # The same square in a new component: the same contents, kept as another key (a miss, never a wrong answer).
    state.world.add(ids["D"], Position(state.square(ids["D"])))
    renewed = Planner(state, ids["A"], STYLES["normal"])._fingerprint()
    assert renewed.value == first.value and renewed != first
    x, y = state.square(ids["D"])
    state.world.add(ids["D"], Position((x + 1, y)))
    moved = Planner(state, ids["A"], STYLES["normal"])._fingerprint()
    assert moved != first
    assert moved.value != first.value
    state.world.add(ids["F"], Health(3))                   # hit points are not part of what an attack plan reads
    assert Planner(state, ids["A"], STYLES["normal"])._fingerprint() == moved


def test_4e_a_decision_after_a_move_asks_for_no_walk_when_an_attack_from_here_is_worth_something():
    state, ids = _state(FIELDS[0])
    me = ids["A"]
    turn = state.turn
    state.world.set_resource(replace(turn, index=turn.order.index(me), actions=replace(turn.actions, move=0)))
    enemy = ids["D"]
    x, y = state.square(enemy)
    state.world.add(me, Position((x + 1, y)))              # next to D, its move spent
    planner = Planner(state, me, STYLES["normal"])
    best = planner.plans()[0]
    assert best.score > 0 and type(best.command).__name__ in ("Attack", "AreaAttack")
    assert planner._walk is None


def test_simulate_a_game_leaves_the_collector_as_it_found_it():
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with fewer_collections():
        assert gc.get_threshold()[0] == GAME_GC_THRESHOLD
        assert gc.get_freeze_count() >= frozen
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def _fresh_worth(planner: Planner, power: Power, target: int, bonus: int) -> float:
    """``_rough`` as first written: worked out from the state, nothing kept."""
    hit = rough_strike(planner.state, planner.me, target, power, bonus)
    found = planner._value(target, hit, power, None, planner._ledges) - USE_COST.get(power.usage, 0.0)
    if bonus > 0 and power.advantage_damage is not None:
        found += hit.hit * average(power.advantage_damage)
    return found


def test_4e_a_kept_guessed_worth_is_the_worth_worked_out_afresh_after_a_move_and_changes_in_hit_points_weakness_or_worth():
    state, ids = _state(FIELDS[0])
    me, target = ids["A"], ids["D"]

    def worths() -> tuple[float, float]:
        planner = Planner(state, me, STYLES["normal"])
        planner.foe_of[target]                              # an enemy as the planner sees it
        return planner._rough(BOW, target, 2), _fresh_worth(planner, BOW, target, 2)

    kept, fresh = worths()
    assert kept == fresh
    x, y = state.square(target)
    state.world.add(target, Position((x, y + 1)))           # a new Foe for it, the same worth
    assert worths() == (kept, kept)
    changes = [
        (target, Health(7)),                                                   # its hit points
        (me, replace(state.stats(me), defenses=Defenses(10, 10, 10, 10))),     # its threat to us, so its worth
        (target, Conditions((Condition("weakened"),))),                        # its threat halved, so its worth
        (me, Conditions((Condition("weakened"),))),                            # our damage halved
    ]
    for entity, component in changes:
        state.world.add(entity, component)
        now, fresh = worths()
        assert now == fresh and now != kept
        kept = now
