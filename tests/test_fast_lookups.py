"""The lookups written for speed (issue 20) answer exactly what the plain forms they replace answer."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from game.core.dice import DiceExpr
from game.core.grid import chebyshev, footprint, space_distance
from game.ecs.components import Body, Condition, Conditions, Defenses, OutOfFight, Stats
from game.ecs.world import World
from game.rulesets.dnd4e.ai import odds
from game.state import GameState

SQUARES = st.tuples(st.integers(-8, 30), st.integers(-8, 30))
CONDITION_NAMES = ("prone", "dazed", "stunned", "helpless", "unconscious", "dying", "marked", "slowed")


@given(SQUARES, st.integers(1, 4), SQUARES, st.integers(1, 4))
def test_4e_s5_7_space_distance_is_the_nearest_pair_of_squares_of_the_two_spaces(a, a_side, b, b_side):
    nearest = min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in footprint(a, a_side) for q in footprint(b, b_side))
    assert space_distance(a, a_side, b, b_side) == nearest
    assert chebyshev(a, b) == max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@dataclass(frozen=True)
class Tag:
    value: int


@given(st.lists(st.tuples(st.integers(1, 40), st.booleans(), st.booleans()), max_size=30))
def test_holders_are_the_entities_a_query_yields_in_the_same_order(made):
    world = World()
    for entity, tagged, out in made:
        if tagged:
            world.add(entity, Tag(entity))
        if out:
            world.add(entity, OutOfFight())
    assert world.holders(Tag) == [e for e, _ in world.query(Tag)]
    assert list(world.query(Tag)) == sorted((e, world.get(e, Tag)) for e in world.holders(Tag))
    assert world.holders(Tag, lacking=OutOfFight) == [e for e, _ in world.query(Tag) if not world.has(e, OutOfFight)]


@given(st.lists(st.sampled_from(CONDITION_NAMES), max_size=5), st.lists(st.sampled_from(CONDITION_NAMES), max_size=4))
def test_any_condition_of_a_list_is_the_same_as_asking_for_each(laid, asked):
    world = World()
    entity = world.create(Conditions(tuple(Condition(name) for name in laid)))
    bare = world.create(Tag(0))
    state = GameState(None, world)      # type: ignore[arg-type]   # conditions need no battlefield
    assert state.has_any_condition(entity, tuple(asked)) == any(state.has_condition(entity, n) for n in asked)
    assert not state.has_any_condition(bare, tuple(asked))


def test_a_strike_looked_up_by_identity_is_the_strike_worked_out_afresh():
    stats = Stats("goblin", 1, 20, Defenses(15, 13, 14, 12), 6, 2, resist=(("fire", 5),))
    dice = DiceExpr(2, 6, 3)
    first = odds._strike_of(dice, None, "fire", stats, False, False, 12, 9, False)
    odds._strike.cache_clear()
    assert odds._strike_of(dice, None, "fire", stats, False, False, 12, 9, False) is first   # no new work
    equal_copies = (DiceExpr(2, 6, 3), Stats("goblin", 1, 20, Defenses(15, 13, 14, 12), 6, 2, resist=(("fire", 5),)))
    assert odds._strike_of(equal_copies[0], None, "fire", equal_copies[1], False, False, 12, 9, False) == first
    assert odds._strike_of(dice, None, "cold", stats, False, False, 12, 9, False) != first     # resisted fire only


def test_the_creatures_movement_sees_are_made_afresh_when_a_component_changes():
    from pathlib import Path

    from game.core.movement import Occupant
    from game.ecs.components import Position
    from game.maps.loader import load_battlefield
    from game.rulesets import ruleset

    rules = ruleset("4e")
    creatures = rules.load_creatures()
    bf = load_battlefield(Path(__file__).resolve().parent.parent / "maps" / "default.tmx")
    state = rules.new_match(bf, rules.load_rosters(creatures=creatures), creatures, 3).state

    def plain(entity: int) -> Occupant:
        return Occupant(state.square(entity), state.world.get(entity, Body).size, state.side(entity),
                        helpless=state.is_helpless(entity), prone=state.has_condition(entity, "prone"))

    mover, other = state.creatures()[:2]
    assert state.move_rules(mover).others == tuple(plain(e) for e in state.standing() if e != mover)
    state.world.add(other, Position((0, 0)))
    state.add_condition(other, Condition("prone"))
    assert state.move_rules(mover).others == tuple(plain(e) for e in state.standing() if e != mover)
    assert plain(other).prone and plain(other).top_left == (0, 0)
