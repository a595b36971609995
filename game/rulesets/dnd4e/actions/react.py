"""React: the creature an offer waits on takes it or lets it pass, and what was paused carries on.

Offers are opportunity attacks (§25.13), interrupts and reactions (§3.3), readied actions (§25.16)
and a delaying creature's chance to act (§25.9). Once none is left and no forced movement waits,
the paused move, attack or hand-over goes on.
"""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.dnd4e.actions.attack import AttackPlan, find_power, offer_plan, resolve_attack, resume_attack, use_effect_power
from game.rulesets.dnd4e.actions.commands import React, Rejected
from game.rulesets.dnd4e.actions.common import describe_offer, use_power, waiting_for
from game.rulesets.dnd4e.actions.events import Event, InitiativeChanged, OfferDeclined
from game.rulesets.dnd4e.actions import maneuvers
from game.rulesets.dnd4e.actions.move import resume_move
from game.core.dice import Dice
from game.ecs.components import Offer, PausedAttack, PausedHandover, PausedMove, PendingOffers, Readied
from game.ecs.world import Entity
from game.state import GameState
from game.rulesets.dnd4e.systems.turns import advance, return_from_delay
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_


def _offer(state: GameState) -> Offer | None:
    pending = state.pending_offers
    return pending.offers[0] if pending is not None and pending.offers else None


def validate_react(state: GameState, command: React) -> Rejected | None:
    if state.outcome is not None:
        return Rejected(L_('the skirmish is over'))
    if state.pending_forced is not None:
        return waiting_for(state)
    offer = _offer(state)
    if offer is None:
        return Rejected(L_('nothing is waiting for an answer'), "4e §3.2-§3.3")
    if command.actor != offer.by:
        return Rejected(L_('it is {by} who answers next: {offer}',
                by=named(state.name(offer.by)), offer=describe_offer(state, offer)), "4e §3.2-§3.3")
    if command.take:
        plan = offer_plan(state, offer)
        if isinstance(plan, Rejected):
            return plan
    return None


def apply_react(state: GameState, command: React, dice: Dice) -> list[Event]:
    offer = _offer(state)
    pending = state.pending_offers
    assert offer is not None and pending is not None
    state.world.set_resource(replace(pending, offers=pending.offers[1:]))
    events = _take(state, offer, dice) if command.take else [OfferDeclined(offer.by, offer.kind, offer.against)]
    # §25.13: a mover or attacker the answer dropped is offered nothing more.
    if offer.against is not None and not state.conscious(offer.against):
        pending = state.pending_offers
        if pending is not None:
            state.world.set_resource(replace(pending, offers=tuple(o for o in pending.offers if o.against != offer.against)))
    return events + settle(state, dice)


def _take(state: GameState, offer: Offer, dice: Dice) -> list[Event]:
    turn = state.turn
    if offer.kind == "return":
        return return_from_delay(state, offer.by)
    assert offer.against is not None, "an opportunity, interrupt or readied offer answers a creature"
    if offer.kind == "opportunity":
        state.world.set_resource(replace(turn, opportunity_used=turn.opportunity_used + (offer.by,)))
        plan = offer_plan(state, offer)
        assert isinstance(plan, AttackPlan)
        return resolve_attack(state, offer.by, offer.against, plan, dice, opportunity=True)
    power = find_power(state, offer.by, offer.power)
    assert power is not None
    use_power(state, offer.by, power.name, "reaction", power.usage)
    events: list[Event] = []
    if offer.kind == "readied":
        state.world.remove(offer.by, Readied)
        events += _before(state, offer.by, offer.against)
    plan = offer_plan(state, offer)
    if isinstance(plan, AttackPlan):
        return events + resolve_attack(state, offer.by, offer.against, plan, dice)
    return events + use_effect_power(state, offer.by, power, None, dice)


def _before(state: GameState, readier: Entity, trigger_creature: Entity) -> list[Event]:
    """§25.16: after its readied action the readier's place in the order moves to just before the
    creature that set it off."""
    turn = state.turn
    order = [e for e in turn.order if e != readier]
    order.insert(order.index(trigger_creature), readier)
    current = turn.current
    state.world.set_resource(replace(turn, order=tuple(order), index=order.index(current)))
    return [InitiativeChanged(readier, tuple(order))]


def carry_on(state: GameState, paused: PausedAttack, dice: Dice) -> list[Event]:
    """A paused attack goes on: a maneuver's own way (a charge's attack, §25.5), any other as an attack."""
    if isinstance(paused.command, maneuvers.PAUSABLE):
        return maneuvers.resume_maneuver(state, paused, dice)
    return resume_attack(state, paused, dice)


def settle(state: GameState, dice: Dice) -> list[Event]:
    """With no offer and no forced movement waiting, carry on what was paused."""
    pending = state.pending_offers
    if pending is None or pending.offers or state.pending_forced is not None:
        return []
    state.world.clear_resource(PendingOffers)
    then = pending.then
    if isinstance(then, PausedMove):
        events = resume_move(state, then, dice)
        if then.follow_up is not None and state.pending_offers is None:
            events += carry_on(state, then.follow_up, dice)
        return events
    if isinstance(then, PausedAttack):
        return carry_on(state, then, dice)
    if isinstance(then, PausedHandover):
        return advance(state, dice)   # every delaying creature let the moment pass
    return []
