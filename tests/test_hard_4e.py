"""The 4e computer at hard (game/rulesets/dnd4e/ai/hard.py): it focuses its fire by threat per hit point."""

from __future__ import annotations

from game.core.dice import DiceExpr
from game.ecs.components import Health, Power
from game.rulesets.dnd4e.actions.commands import Attack
from game.rulesets.dnd4e.ai import Controller
from support import BOW, Unit, battle

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
