"""The action economy of a 4e turn: standard, move and minor with substitutions (§3.1, §3.4)."""

from __future__ import annotations

from dataclasses import replace

from game.ecs.components import ActionBudget

STANDARD, MOVE, MINOR, FREE = "standard", "move", "minor", "free"
INTERRUPT, REACTION = "interrupt", "reaction"
IMMEDIATE = (INTERRUPT, REACTION)
SPENT = ActionBudget(0, 0, 0)


def spend(budget: ActionBudget, kind: str) -> tuple[ActionBudget, str] | None:
    """Spend an action of ``kind``; returns the new budget and the slot used, or None.

    §3.4: a move may be paid with the standard action, a minor with the move or the standard.
    The cheapest slot that fits is used first, so substitutions only happen when needed. A free
    action costs nothing (slot "free"). §2.3, §9 dazed: with ``one_action`` any action is the last.
    """
    if kind == FREE:
        return budget, FREE
    if kind == STANDARD:
        order: tuple[str, ...] = (STANDARD,)
    elif kind == MOVE:
        order = (MOVE, STANDARD)
    elif kind == MINOR:
        order = (MINOR, MOVE, STANDARD)
    else:
        raise ValueError(f"unknown action type {kind!r}")
    for slot in order:
        if getattr(budget, slot) > 0:
            if budget.one_action:
                return replace(SPENT, one_action=True), slot
            return replace(budget, **{slot: getattr(budget, slot) - 1}), slot
    return None


def can_spend(budget: ActionBudget, kind: str) -> bool:
    return spend(budget, kind) is not None


def with_extra_action(budget: ActionBudget) -> ActionBudget:
    """§25.1: an action point adds one action; a standard one, which §3.4 lets it take as a move or a minor."""
    return replace(budget, standard=budget.standard + 1)


def budget_for_turn(one_action: bool) -> ActionBudget:
    """A fresh turn's actions (§4.2); dazed or in the surprise round, just one of them (§2.3, §9)."""
    return ActionBudget(one_action=one_action)
