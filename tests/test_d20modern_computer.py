"""The d20-modern computer: hard keeps its shooters apart against grenades; the quicker forms of its searches
(issue 20) answer exactly what the plain ones they replace answer."""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import parse_ascii
from game.core.grid import Size, Square
from game.rulesets.d20modern import measure
from game.rulesets.d20modern.ai import ControllerD20, least_cover
from game.rulesets.d20modern.commands import Move
from game.rulesets.d20modern.cover import DEFENSE_BONUS, cover_degree
from game.rulesets.d20modern.walking import Bystander, FeetRules, FeetSearch, Walker, step_ft
from tests.test_d20modern_engine import skirmish

WIDTH, HEIGHT = 10, 8
SQUARES = st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1))
ROWS = st.lists(st.text(alphabet="......#~o", min_size=WIDTH, max_size=WIDTH), min_size=HEIGHT, max_size=HEIGHT)
SIZES = st.sampled_from([Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE])


def test_hard_steps_a_shooter_out_of_one_grenade_burst_with_its_ally_where_normal_stands_and_fires():
    # The red agent carries a fragmentation grenade (20-ft burst): B stands 20 ft from A, within one burst of it.
    rows = ["B...A......c", "............", "............"]
    for level, moves in (("normal", False), ("hard", True)):
        state, m = skirmish(rows, {"A": "agent", "B": "agent", "c": "agent"})
        command = ControllerD20("blue", level).next_command(state)
        assert isinstance(command, Move) == moves, (level, command)
        if moves:
            assert measure.feet_between((command.path[-1], 1), state.space(m["B"])) > 20


def test_hard_keeps_together_when_no_enemy_carries_a_grenade():
    # Gangsters carry Molotov cocktails: a splash, no burst, so standing near an ally costs nothing.
    rows = ["B...A......c", "............", "............"]
    state, m = skirmish(rows, {"A": "agent", "B": "agent", "c": "gangster"})
    command = ControllerD20("blue", "hard").next_command(state)
    assert not isinstance(command, Move)


@settings(max_examples=60, deadline=None)
@given(ROWS, st.lists(SQUARES, max_size=5), SQUARES, st.integers(-1, 10))
def test_cov_01_the_least_cover_with_a_floor_is_exact_above_it_and_at_most_the_floor_otherwise(rows, shooters, square,
                                                                                              floor):
    bf = parse_ascii(rows)
    spaces = [(s, 1) for s in shooters]
    exact = min((DEFENSE_BONUS[cover_degree(bf, s, (square, 1))] for s in spaces), default=0)
    found = least_cover(bf, spaces, (square, 1), floor)
    assert found == exact if exact > floor else found <= floor


def plain_search(rules: FeetRules, budget_ft: int | None) -> FeetSearch:
    """``FeetRules.search`` as first written: each square's steps asked again at every visit."""
    start = rules.walker.top_left
    first = (start, 0)
    best = {first: 0}
    parent: dict = {}
    order = 0
    frontier = [(0, order, first)]
    done: set = set()
    while frontier:
        spent, _, node = heapq.heappop(frontier)
        if node in done:
            continue
        done.add(node)
        square, parity = node
        for to, diagonal, difficult in rules.steps(square):
            total = spent + step_ft(diagonal, parity, difficult)
            if budget_ft is not None and total > budget_ft:
                continue
            nxt = (to, (parity + diagonal) % 2)
            order += 1
            if total < best.get(nxt, total + 1):
                best[nxt] = total
                parent[nxt] = node
                heapq.heappush(frontier, (total, order, nxt))
    cost: dict = {}
    chosen: dict = {}
    for node in sorted(best, key=lambda n: (best[n], n[1], n[0])):
        if node[0] not in cost:
            cost[node[0]], chosen[node[0]] = best[node], node
    endable = frozenset(s for s in cost if s == start or rules.may_end_at(s))
    return FeetSearch(start, cost, endable, chosen, parent)


@settings(max_examples=80, deadline=None)
@given(ROWS, SQUARES, SIZES, st.lists(st.tuples(SQUARES, SIZES, st.booleans()), max_size=6),
       st.sampled_from([None, 15, 30, 60]))
def test_mov_01_02_the_walk_search_with_steps_priced_once_is_the_plain_search(rows, start, size, others, budget):
    bf = parse_ascii(rows)
    walker = Walker(start, size, "blue")
    bystanders = [Bystander(square, their_size, "blue" if ally else "red") for square, their_size, ally in others]
    for _ in range(2):           # the second time, the battlefield already keeps the open ground's prices
        rules = FeetRules(bf, walker, bystanders)
        fast, slow = rules.search(budget), plain_search(FeetRules(bf, walker, bystanders), budget)
        assert fast.cost == slow.cost and fast.endable == slow.endable
        squares: list[Square] = sorted(slow.cost)
        assert [fast.path_to(s) for s in squares] == [slow.path_to(s) for s in squares]
