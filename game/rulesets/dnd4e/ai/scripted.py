"""A plain opponent for tests and for measuring the computer opponent: it takes every opportunity
attack, places no push, attacks the weakest enemy in reach with a basic attack, and otherwise walks
straight toward the nearest enemy (tests/support.py ``scripted_commands`` plays the same way)."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.attack import attack_targets
from game.rulesets.dnd4e.actions.commands import Attack, Command, EndTurn, ForceMove, Move, React
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.move import move_blocker, move_options
from game.core.grid import chebyshev
from game.state import GameState


def scripted_command(state: GameState) -> Command:
    """The scripted player's next command for whichever creature the skirmish waits for."""
    who = decider(state)
    if state.offer is not None:
        take = React(who, True)
        return take if validate(state, take) is None else React(who, False)
    if state.pending_forced is not None:
        forced = state.pending_forced.queue[0]
        return ForceMove(forced.by, forced.target, (state.square(forced.target),))
    actor = state.turn.current
    targets = attack_targets(state, actor) if state.turn.actions.standard else {}
    if targets:
        target = min(targets, key=lambda t: (state.hp(t), t))
        return Attack(actor, target, targets[target].profile.name)
    enemies = [e for e in state.standing() if state.are_enemies(actor, e)]
    if move_blocker(state, actor) is None and enemies:
        options = move_options(state, actor)
        best = min(options.endable, key=lambda s: (min(chebyshev(s, state.square(e)) for e in enemies), options.cost[s], s))
        path = options.path_to(best)
        if path is not None and len(path) > 1:
            return Move(actor, path)
    return EndTurn(actor)


class ScriptedController:
    """``scripted_command`` behind the Controller interface, for one side."""

    difficulty = "scripted"

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.seed = seed
        self.last_label = ""

    def next_command(self, state: GameState) -> Command:
        command = scripted_command(state)
        self.last_label = type(command).__name__
        return command
