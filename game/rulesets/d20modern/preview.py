"""What a battle screen asks of d20-modern before the player commits (§5, §6.5): who a walk or an action would
provoke and from which square (the path preview), and where a 5-foot step may go (its own overlay). The same
rules the door applies."""

from __future__ import annotations

from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.d20modern import threat
from game.rulesets.d20modern.commands import WITHDRAW, Charge, Move, Step
from game.rulesets.d20modern.engine import provoked_by, validate
from game.rulesets.d20modern.situation import watchers
from game.state import GameState

def provokers(state: GameState, command: Any) -> list[tuple[Square, Entity]]:
    """AOO-02, AOO-05: who would get an attack of opportunity from this command, and from which square: for a
    walk every square whose leaving provokes; for a provoking action the actor's own square. The same rules the
    door applies (a creature on total defense provokes nothing by moving)."""
    if isinstance(command, (Move, Charge)):
        mode = command.mode if isinstance(command, Move) else "charge"
        kind = threat.WITHDRAW if mode == WITHDRAW else threat.WALK
        if state.has_condition(command.actor, "total_defense"):
            return []
        path = command.path
        found = threat.provocations(path, state.space(command.actor)[1], watchers(state, command.actor), kind)
        return [(path[index], w.key) for index, w in found]
    return [(state.square(command.actor), e) for e in provoked_by(state, command)]


def five_foot_steps(state: GameState, e: Entity) -> list[Square]:
    """§6.5: the squares a 5-foot step may go to now, for its own overlay (empty when none is legal)."""
    x, y = state.square(e)
    return [sq for sq in ((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
            if validate(state, Step(e, sq)) is None]
