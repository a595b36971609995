"""Bull rush (§10.7; BR-01..05): the check (pure: a Refused or None) and the push on the world."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import Dice
from game.core.grid import Square
from game.ecs.components import Position
from game.rulesets.d20modern import budget as bud
from game.rulesets.d20modern import measure, special
from game.rulesets.d20modern.commands import BullRush, Moved, OpposedCheck, Pushed
from game.rulesets.d20modern.components import Sheet
from game.rulesets.d20modern.situation import adjacent, alive, feet_rules, size_of, speed_ft
from game.rulesets.d20modern.verdict import Refused
from game.state import GameState
from game.rulesets.d20modern.i18n import L_


def validate_bull_rush(state: GameState, c: BullRush) -> Refused | None:
    """BR-01, ACT-04: an enemy next to the actor, one size larger to one size smaller (A15); the attack action
    and the move action it is made with, and no 5-foot step this round."""
    if c.target not in state.creatures() or not alive(state, c.target) or state.side(c.target) == state.side(c.actor):
        return Refused(L_("that is no enemy"), "d20-modern §10.7")
    if not adjacent(state, c.actor, c.target):
        return Refused(L_("{name} is not within 5 ft", name=state.name(c.target)), "d20-modern §10.7")
    problem = special.size_limit_problem(measure.size_index(size_of(state, c.actor)), measure.size_index(size_of(state,
            c.target)), "BR-01")
    if problem:
        return problem
    b = state.world.get(c.actor, bud.Budget)
    if b.stepped:
        return Refused(L_("no bull rush in a round with a 5-foot step"), "d20-modern ACT-04")
    if not (b.attack and b.move) or b.restricted:
        return Refused(L_("a bull rush is an attack action made with a move action"), "d20-modern §10.7")
    return None


def _away(actor: Square, target: Square) -> tuple[int, int]:
    """BR-03: straight back, away from the attacker (one of the eight directions)."""
    dx, dy = target[0] - actor[0], target[1] - actor[1]
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def apply_bull_rush(state: GameState, c: BullRush, dice: Dice) -> list[Any]:
    """BR-02..04: opposed Strength checks (+4 per size larger, +4 for four legs); the winner pushes 5 ft and 5 ft
    more per full 5 points, as far as its speed lets it follow; the loser stays where it was."""
    b = state.world.get(c.actor, bud.Budget)
    state.world.add(c.actor, replace(b, attack=False, move=False, no_step=True, attacks=b.attacks + 1))
    s, t = state.world.get(c.actor, Sheet), state.world.get(c.target, Sheet)
    mine_index, theirs_index = measure.size_index(size_of(state, c.actor)), measure.size_index(size_of(state, c.target))
    mine = dice.roll(20) + s.mod("str") + special.size_bonus(mine_index, theirs_index)
    theirs = dice.roll(20) + t.mod("str") + special.size_bonus(theirs_index, mine_index) + (special.STABILITY
            if t.stable_footing else 0)
    won = special.opposed(mine, theirs)
    events: list[Any] = [OpposedCheck(c.actor, c.target, "bull rush", mine, theirs, won)]
    if not won:
        return events
    feet = special.bull_rush_push_ft(mine - theirs, speed_ft(state, c.actor))
    step = _away(state.square(c.actor), state.square(c.target))
    rules = feet_rules(state, c.target)
    pushed = [state.square(c.target)]
    for _ in range(feet // measure.SQUARE_FT):
        here = pushed[-1]
        nxt = (here[0] + step[0], here[1] + step[1])
        legal = any(to == nxt and not difficult for to, _diagonal, difficult in rules.steps(here))
        if not legal or not rules.may_end_at(nxt):
            break
        pushed.append(nxt)
    if len(pushed) == 1:
        return events
    follow = (state.square(c.actor),) + tuple(pushed[:-1])
    state.world.add(c.target, Position(pushed[-1]))
    state.world.add(c.actor, Position(follow[-1]))
    return events + [Pushed(c.target, tuple(pushed)), Moved(c.actor, follow, "bull rush")]
