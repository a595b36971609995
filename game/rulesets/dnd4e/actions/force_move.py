"""ForceMove: the attacker places the push, pull or slide its hit earned, square by square (§22, §20)."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.arrival import place_forced
from game.rulesets.dnd4e.actions.commands import ForceMove, Rejected
from game.rulesets.dnd4e.actions.events import Event
from game.rulesets.dnd4e.actions.react import settle
from game.core.dice import Dice
from game.core.forced import forced_path_problem, forced_step_ok
from game.core.grid import DIRECTIONS, Square
from game.ecs.components import ForcedMovement, PendingForced
from game.state import GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_

def next_forced(state: GameState) -> ForcedMovement | None:
    pending = state.pending_forced
    return pending.queue[0] if pending is not None else None


def forced_next_squares(state: GameState, forced: ForcedMovement, path: tuple[Square, ...]) -> list[Square]:
    """For the UI: the squares the target may be moved into next, after ``path`` so far."""
    rules = state.move_rules(forced.target)
    if len(path) - 1 >= forced.squares or (len(path) > 1 and rules.drop_ft(path[-2], path[-1])):
        return []
    frm = path[-1]
    mover_space = state.space(forced.by)
    candidates = [(frm[0] + dx, frm[1] + dy) for dx, dy in DIRECTIONS]
    return [c for c in candidates if c not in path and forced_step_ok(rules, mover_space, forced.kind, frm, c)]


def validate_force_move(state: GameState, command: ForceMove) -> Rejected | None:
    if state.outcome is not None:
        return Rejected(L_('the skirmish is over'))
    forced = next_forced(state)
    if forced is None:
        return Rejected(L_('no forced movement is waiting to be placed'), "4e §22")
    if command.actor != forced.by or command.target != forced.target:
        return Rejected(L_('{by} must first {kind} {target}',
                by=named(state.name(forced.by)), kind=forced.kind, target=named(state.name(forced.target))), "4e §22")
    problem = forced_path_problem(state.move_rules(forced.target), state.space(forced.by), forced.kind,
                                  forced.squares, command.path)
    return Rejected(problem, "4e §22") if problem else None


def apply_force_move(state: GameState, command: ForceMove, dice: Dice) -> list[Event]:
    """Move the target along the path; over a ledge it first rolls to catch itself (§20)."""
    forced = next_forced(state)
    pending = state.pending_forced
    assert forced is not None and pending is not None
    rest = pending.queue[1:]
    if rest:
        state.world.set_resource(PendingForced(rest))
    else:
        state.world.clear_resource(PendingForced)
    return place_forced(state, forced, command.path, dice) + settle(state, dice)
