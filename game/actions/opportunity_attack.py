"""Opportunity: a provoked enemy takes or declines its opportunity attack on a moving creature (§25.13)."""

from __future__ import annotations

from dataclasses import replace

from game.actions.attack import AttackPlan, plan_attack, resolve_attack
from game.actions.commands import Opportunity, Rejected
from game.actions.events import Event, OpportunityDeclined
from game.actions.move import resume
from game.core.dice import Dice
from game.state import GameState


def opportunity_plan(state: GameState, command: Opportunity) -> AttackPlan | Rejected:
    """The melee basic attack the offered enemy would make, checked like any attack."""
    offer = state.pending_opportunity
    assert offer is not None
    melee = state.arsenal(command.actor).basic_attack("melee")
    if melee is None:
        return Rejected(f"{state.name(command.actor)} has no melee basic attack", "4e §25.13")
    return plan_attack(state, command.actor, offer.mover, melee.name)


def validate_opportunity(state: GameState, command: Opportunity) -> Rejected | None:
    offer = state.pending_opportunity
    if state.outcome is not None:
        return Rejected("the skirmish is over")
    if offer is None:
        return Rejected("no opportunity attack is on offer", "4e §25.13")
    if command.actor != offer.offered[0]:
        return Rejected(f"it is {state.name(offer.offered[0])} who may take the next opportunity attack", "4e §25.13")
    if command.take:
        plan = opportunity_plan(state, command)
        if isinstance(plan, Rejected):
            return plan
    return None


def apply_opportunity(state: GameState, command: Opportunity, dice: Dice) -> list[Event]:
    offer = state.pending_opportunity
    assert offer is not None
    events: list[Event]
    if command.take:
        plan = opportunity_plan(state, command)
        assert isinstance(plan, AttackPlan)  # validated
        turn = state.turn
        state.world.set_resource(replace(turn, opportunity_used=turn.opportunity_used + (command.actor,)))
        events = resolve_attack(state, command.actor, offer.mover, plan, dice, opportunity=True)
    else:
        events = [OpportunityDeclined(command.actor, offer.mover)]
    # A mover the attack dropped answers no more offers (§25.13): the move ends where it halted.
    still_offered = offer.offered[1:] if state.hp(offer.mover) > 0 else ()
    state.world.set_resource(replace(offer, offered=still_offered))
    return events + (resume(state, dice) if not still_offered else [])
