"""The action economy of a 4e turn: standard, move and minor with substitutions (§3.1, §3.4)."""

from __future__ import annotations

from game.ecs.components import ActionBudget

STANDARD, MOVE, MINOR = "standard", "move", "minor"


def spend(budget: ActionBudget, kind: str) -> tuple[ActionBudget, str] | None:
    """Spend an action of ``kind``; returns the new budget and the slot used, or None.

    §3.4: a move may be paid with the standard action, a minor with the move or the standard.
    The cheapest slot that fits is used first, so substitutions only happen when needed.
    """
    if kind == STANDARD:
        order = (STANDARD,)
    elif kind == MOVE:
        order = (MOVE, STANDARD)
    elif kind == MINOR:
        order = (MINOR, MOVE, STANDARD)
    else:
        raise ValueError(f"unknown action type {kind!r}")
    for slot in order:
        if getattr(budget, slot):
            return ActionBudget(**{**budget.__dict__, slot: False}), slot
    return None


def can_spend(budget: ActionBudget, kind: str) -> bool:
    return spend(budget, kind) is not None
