"""The computer at hard looks one turn ahead: its best few plans played on copies, the enemies' replies by normal.

The planner scores a plan by what it expects the plan to do and by how dangerous the square it ends on looks;
it never sees what the enemy then does. Here each of the best few plans for the turn (its first command, then
the rest of the turn as hard would play it) is played on a copy of the state through the door, with dice seeded
from the position (never the match's dice: those are not the state's, and the copy is thrown away), and the
enemies' turns until one of our creatures acts again are played by the normal planner. The plan whose resulting
position is best (hit points weighted by what each creature does, creatures down) is chosen; every candidate is
played with the same dice, so they differ by the plan, not by luck alone.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Callable

from game.core.dice import SeededDice
from game.ecs.components import Health
from game.ecs.world import Entity
from game.rulesets.dnd4e.actions.commands import (
    AreaAttack, Attack, Charge, Command, CoupDeGrace, EndTurn, Move, Rejected, SecondWind, Teleport, TotalDefense,
)
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.door import execute, validate
from game.rulesets.dnd4e.ai.odds import power_average
from game.state import GameState

if TYPE_CHECKING:
    from game.rulesets.dnd4e.ai.tactics import Plan

CANDIDATES = 4            # plans played out per decision, best first
WITHIN = 6.0              # ... of those the planner scores at most this far below its best
SAMPLES = 2               # dice seeded per decision, the same for every candidate
ANSWER = True             # play our side's next turn too, so stepping into reach is answered
REPLY_WEIGHT = 1.0        # how much what the replies cost us counts beside the planner's own score
COMMANDS_AHEAD = 60       # commands played on a copy at most (a turn is a handful)
MIDDLING_DEFENSE = 15     # the defense a creature's threat is reckoned against (as hard.py's focus)
# The kinds of first command a turn plan begins with; minor actions, the action point and standing up come first
# whatever follows, so a decision ranked first by one of those is not looked ahead.
TURN_COMMANDS = (Move, Attack, AreaAttack, Charge, Teleport, EndTurn, TotalDefense, SecondWind, CoupDeGrace)

# Plays one command for whoever the copy waits for: (copy, who, level) -> command.
Reply = Callable[[GameState, Entity, str], Command]


def reply(copy: GameState, who: Entity, level: str) -> Command:
    """The computer's command on a copy: at normal for the enemies, at hard without looking ahead for us."""
    from game.rulesets.dnd4e.ai.controller import Controller     # the controller imports the planners
    from game.rulesets.dnd4e.ai.hard import ShortSightedPlanner

    controller = Controller(copy.side(who), level)
    if level == "hard":
        controller.planner = ShortSightedPlanner
    return controller.next_command(copy)


def threat(state: GameState, creature: Entity) -> float:
    """A creature's best at-will damage a round against a middling defense."""
    return max((power_average(p, MIDDLING_DEFENSE) for p in state.arsenal(creature).attacks
                if p.attacks and p.usage == "at-will" and p.action not in ("interrupt", "reaction")), default=0.0)


def standing_worth(state: GameState, side: str) -> float:
    """The position for ``side``: each creature's hit points and, while it fights, what it would go on doing
    (4 + 2.5 rounds of its threat, as the planner's worth of a drop), ours counted up and the enemies' down."""
    total = 0.0
    for creature in sorted(state.creatures()):
        health = state.world.get(creature, Health)
        value = 0.0
        if creature in state.standing():
            value = max(0, health.hp) + health.temp
            if state.conscious(creature):
                value += 4.0 + 2.5 * threat(state, creature)
        total += value if state.side(creature) == side else -value
    return total


def moment_seed(state: GameState, me: Entity, sample: int) -> int:
    """Dice for the copies, from where the skirmish stands: the turn, and where every creature is and how it is
    (never the match's dice, which the state does not hold)."""
    turn = state.turn
    parts = [f"{me}:{sample}:{turn.round}:{turn.index}:{turn.actions}"]
    parts += [f"{c}:{state.square(c)}:{state.world.get(c, Health)}" for c in sorted(state.creatures())]
    return int.from_bytes(hashlib.sha256(";".join(parts).encode()).digest()[:8], "big")


def play_out(state: GameState, command: Command, me: Entity, dice: SeededDice, reply: Reply) -> float | None:
    """What the enemies' replies to ``command`` cost us: on a copy, ``command`` and the rest of our creature's
    turn (hard, no look ahead), then everyone else by ``reply`` until a creature of our side begins a turn after
    an enemy's turn (or the skirmish ends); the position's worth then less its worth when our turn ended. None
    when the door refuses the command."""
    copy = state.clone()
    side = state.side(me)
    start = (copy.turn.round, copy.turn.index)
    if isinstance(execute(copy, command, dice), Rejected):
        return None
    ours_done: float | None = None
    enemy_acted = False
    answer: tuple[int, int] | None = None       # the turn of ours that answers the enemies' replies
    for _ in range(COMMANDS_AHEAD):
        if copy.outcome is not None:
            break
        who = decider(copy)
        turn = (copy.turn.round, copy.turn.index)
        current = copy.turn.current
        if turn != start and ours_done is None:
            ours_done = standing_worth(copy, side)
        if turn != start and who == current:
            if answer is not None and turn != answer:
                break
            if copy.side(current) == side and enemy_acted and answer is None:
                if not ANSWER:
                    break
                answer = turn
            if copy.side(current) != side:
                enemy_acted = True
        level = "normal" if copy.side(who) != side else "hard"
        if isinstance(execute(copy, reply(copy, who, level), dice), Rejected):
            break
    after = standing_worth(copy, side)
    return after - (after if ours_done is None else ours_done)


def attacks(plan: "Plan") -> bool:
    """The plan attacks this turn: an attack now, or a move whose reason names the attack after it."""
    if isinstance(plan.command, (Attack, AreaAttack, Charge, CoupDeGrace)):
        return True
    return isinstance(plan.command, (Move, Teleport)) and "plan" in plan.label.values


def rank(state: GameState, me: Entity, plans: list["Plan"], reply: Reply = reply) -> list["Plan"]:
    """``plans`` (best first) with the best of the first few moved to the front by how the turn plays out."""
    if not plans or not isinstance(plans[0].command, TURN_COMMANDS) or state.turn.acted:
        return plans
    top = plans[0].score
    attacking = attacks(plans[0])
    chosen: list[int] = []
    for index, plan in enumerate(plans):
        if len(chosen) == CANDIDATES or plan.score < top - WITHIN:
            break
        if isinstance(plan.command, TURN_COMMANDS) and attacks(plan) == attacking and \
                all(plans[i].command != plan.command for i in chosen) and validate(state, plan.command) is None:
            chosen.append(index)
    if len(chosen) < 2:
        return plans
    scores: list[tuple[float, int]] = []
    for order, index in enumerate(chosen):
        total = 0.0
        for sample in range(SAMPLES):
            dice = SeededDice(moment_seed(state, me, sample))
            cost = play_out(state, plans[index].command, me, dice, reply)
            total += cost if cost is not None else float("-inf")
        scores.append((plans[index].score + REPLY_WEIGHT * total / SAMPLES, -order))
    best = chosen[max(range(len(chosen)), key=lambda i: scores[i])]
    return [plans[best]] + [p for i, p in enumerate(plans) if i != best]
