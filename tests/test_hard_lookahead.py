"""The 4e computer at hard looks one turn ahead (game/rulesets/dnd4e/ai/lookahead.py): its best few plans played
on copies of the state, the enemies' replies played by the normal planner, the best resulting position chosen."""

from __future__ import annotations

from game.balance import _setup
from game.core.dice import DiceExpr
from game.ecs.components import Defenses, Power
from game.rulesets import ruleset
from game.rulesets.dnd4e.actions.commands import EndTurn, Move
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.ai import Controller
from game.rulesets.dnd4e.ai.lookahead import rank
from game.rulesets.dnd4e.ai.said import Said
from game.rulesets.dnd4e.ai.tactics import Plan
from game.simulate import mirrored
from support import SWORD, Unit, battle

AXE = Power("greataxe", "melee", 1, 0, 7, "ac", DiceExpr(2, 10, 5))       # about 16 a blow


def _brute_two_squares_off():
    """Blue's fighter A (easy to hit) two squares from a slow red brute X: X can step up and swing next turn
    unless A walks away now; A's sword cannot reach X either way, so only X's reply tells the plans apart."""
    rows = ["......A.X...",
            "............"]
    units = {"A": Unit(attacks=(SWORD,), hp=40, defenses=Defenses(5, 5, 5, 5)),
             "X": Unit(side="red", hp=40, speed=2, attacks=(AXE,))}
    return battle(rows, units)


STAY = "end turn"
AWAY = "walk to the far edge"


def _stay_or_go(ids) -> list[Plan]:
    """The plans as a planner might rank them: staying put first (say it liked the square), walking away second."""
    away = tuple((x, 0) for x in range(6, -1, -1))
    return [Plan(10.0, EndTurn(ids["A"]), Said(STAY)), Plan(9.0, Move(ids["A"], away, "walk"), Said(AWAY))]


def test_hard_prefers_the_plan_whose_enemy_reply_leaves_it_better_off():
    state, ids = _brute_two_squares_off()
    ranked = rank(state, ids["A"], _stay_or_go(ids))
    # Staying, the brute steps up and its greataxe lands; out of its reach, nothing does.
    assert ranked[0].label.template == AWAY
    assert [p.label.template for p in ranked] == [AWAY, STAY]


def test_a_plan_alone_within_reach_of_the_best_is_not_played_out():
    state, ids = _brute_two_squares_off()
    stay, away = _stay_or_go(ids)
    far_below = Plan(stay.score - 100.0, away.command, away.label)
    assert rank(state, ids["A"], [stay, far_below]) == [stay, far_below]


def _match_under_way():
    """A 4e match on the default map, the adventurers mirrored, some commands in: hard on blue, normal on red."""
    rules = ruleset("4e")
    bf, creatures, rosters = _setup("4e", "maps/default.tmx")
    rosters = mirrored(rosters, "blue")[:2]
    match = rules.new_match(bf, rosters, creatures, 300)
    players = {"blue": Controller("blue", "hard", 300), "red": Controller("red", "normal", 300)}
    for _ in range(12):
        who = decider(match.state)
        match.submit(players[match.state.side(who)].next_command(match.state))
    while match.state.side(decider(match.state)) != "blue":
        match.submit(players["red"].next_command(match.state))
    return match


def test_deciding_at_hard_leaves_the_match_dice_and_the_world_as_they_were():
    match = _match_under_way()
    world_before = repr(match.state.world.snapshot())
    dice_before = (match.dice.state, match.dice.rolls_made)
    first = Controller("blue", "hard", 300).next_command(match.state)
    assert repr(match.state.world.snapshot()) == world_before
    assert (match.dice.state, match.dice.rolls_made) == dice_before
    # ... and asking again gives the same answer (the copies' dice come from the state alone).
    assert Controller("blue", "hard", 300).next_command(match.state) == first
