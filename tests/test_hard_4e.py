"""The 4e computer at hard (game/rulesets/dnd4e/ai/hard.py): it focuses its fire by threat per hit point and
finishes fallen heroes a healer could raise."""

from __future__ import annotations

from game.core.dice import DiceExpr
from game.core.grid import chebyshev
from game.ecs.components import Health, HealSpec, Position, Power
from game.rulesets.dnd4e.actions.commands import Attack, CoupDeGrace, Move
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.ai import Controller
from support import BOW, SWORD, Unit, battle

AXE = Power("greataxe", "melee", 1, 0, 7, "ac", DiceExpr(2, 10, 5))       # a big hitter: about 16 a blow
DAGGER = Power("dagger", "melee", 1, 0, 3, "ac", DiceExpr(1, 4, 0))         # a weak one: 2.5 a blow


def _duel():
    """Blue's archer A between a fresh red brute (X: 30 of 30 hit points, a greataxe) and a bloodied red weakling
    (Y: 16 of 30, a dagger); neither falls to one arrow."""
    rows = ["X.....",
            "......",
            "..A...",
            "......",
            ".....Y"]
    units = {"A": Unit(attacks=(BOW,)), "X": Unit(side="red", hp=30, attacks=(AXE,)),
             "Y": Unit(side="red", hp=30, attacks=(DAGGER,))}
    state, ids = battle(rows, units)
    state.world.add(ids["Y"], Health(16))
    return state, ids


def test_hard_focuses_the_foe_with_most_threat_per_hit_point():
    state, ids = _duel()
    command = Controller("blue", "hard").next_command(state)
    assert isinstance(command, Attack) and command.target == ids["X"]


def test_normal_shoots_the_bloodied_foe_whatever_it_threatens():
    # The same position at normal: a hit point off a bloodied enemy weighs more, its threat is not looked at.
    state, ids = _duel()
    command = Controller("blue", "normal").next_command(state)
    assert isinstance(command, Attack) and command.target == ids["Y"]


HEALING_WORD = Power("Healing Word", "ranged", 5, 0, 0, "", DiceExpr(0, 0, 0), weapon=False, action="minor",
                     targets="ally_or_self", usage="encounter", uses=2, heal=HealSpec(True, DiceExpr(1, 6, 0)))


def _fallen_hero():
    """Blue's fighter A, three squares from a dying red hero D whose healer H (far off) can still raise it, and a
    red archer E to walk towards."""
    rows = ["..........H",
            "...........",
            "A..D.......",
            "...........",
            "..........E"]
    units = {"A": Unit(attacks=(SWORD,)), "D": Unit(side="red", hero=True, surges=2, conditions=("dying", "prone", "unconscious")),
             "H": Unit(side="red", hero=True, attacks=(SWORD, HEALING_WORD)), "E": Unit(side="red", attacks=(BOW,))}
    state, ids = battle(rows, units)
    state.world.add(ids["D"], Health(-2))
    return state, ids


def test_hard_walks_up_to_finish_a_fallen_hero_a_healer_could_raise():
    state, ids = _fallen_hero()
    command = Controller("blue", "hard").next_command(state)
    assert isinstance(command, Move) and chebyshev(command.path[-1], state.square(ids["D"])) == 1
    assert validate(state, command) is None


def test_hard_gives_the_coup_de_grace_once_next_to_the_fallen_hero():
    state, ids = _fallen_hero()
    state.world.add(ids["A"], Position((2, 2)))
    command = Controller("blue", "hard").next_command(state)
    assert isinstance(command, CoupDeGrace) and command.target == ids["D"]


def test_normal_leaves_the_fallen_hero_for_the_archer():
    state, ids = _fallen_hero()
    command = Controller("blue", "normal").next_command(state)
    assert not (isinstance(command, Move) and chebyshev(command.path[-1], state.square(ids["D"])) == 1)


def test_hard_weighs_a_hit_by_the_foes_hit_points_now_not_by_a_worth_kept_from_before():
    # Hard's worth of a hit on X reads every enemy's hit points (X's threat per hit point against the mean): when Y
    # is wounded, X's worth must change, though X itself did not (the battlefield's kept worths are keyed on X alone).
    from game.rulesets.dnd4e.ai.controller import STYLES
    from game.rulesets.dnd4e.ai.hard import HardPlanner

    state, ids = _duel()
    before = HardPlanner(state, ids["A"], STYLES["hard"])._rough(BOW, ids["X"], 0)
    state.world.add(ids["Y"], Health(2))
    after = HardPlanner(state, ids["A"], STYLES["hard"])
    assert after._rough(BOW, ids["X"], 0) == after._rough_worked_out(BOW, ids["X"], 0) != before
