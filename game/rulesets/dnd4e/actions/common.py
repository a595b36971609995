"""Checks every command shares (whose turn, able to act, nothing waiting) and the bookkeeping of actions."""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.dnd4e.actions.commands import Rejected
from game.rulesets.dnd4e.actions.events import Event, Offered
from game.ecs.components import Offer, OutOfFight, PausedAttack, PausedHandover, PausedMove, PendingOffers, SpentPowers
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import spend
from game.state import GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_

NO_ACTION_CONDITIONS = ("stunned", "petrified", "surprised", "unconscious", "dying")  # 4e §9
# §9: dazed (and dominated, which dazes) creatures and those that cannot act take no immediate or
# opportunity actions.
NO_TRIGGERED_ACTIONS = NO_ACTION_CONDITIONS + ("dazed", "dominated")


def check_actor(state: GameState, actor: Entity) -> Rejected | None:
    """The actor may act now: it is its turn, it can act, and no decision is waiting."""
    if state.outcome is not None:
        return Rejected(L_('the skirmish is over'))
    if actor not in state.creatures():
        return Rejected(L_('there is no creature {actor}', actor=actor))
    if (waiting := waiting_for(state)) is not None:
        return waiting
    if state.turn.current != actor:
        return Rejected(L_("it is {current}'s turn, not {actor}'s",
                current=named(state.name(state.turn.current)), actor=named(state.name(actor))), "4e §2.2")
    if state.world.has(actor, OutOfFight):
        return Rejected(L_('{actor} is dead', actor=named(state.name(actor))), "4e §27")
    for condition in NO_ACTION_CONDITIONS:
        if state.has_condition(actor, condition):
            return Rejected(L_('{actor} is {condition} and can take no actions',
                    actor=named(state.name(actor)), condition=condition), "4e §9")
    if actor in state.turn.delayed:
        return Rejected(L_('{actor} is delaying', actor=named(state.name(actor))), "4e §25.9")
    return None


def can_take_triggered_actions(state: GameState, entity: Entity) -> bool:
    """§3.1, §9: alive, awake and neither dazed, stunned nor surprised."""
    return not state.world.has(entity, OutOfFight) and \
        not state.has_any_condition(entity, NO_TRIGGERED_ACTIONS)


def immediate_ready(state: GameState, entity: Entity) -> bool:
    """§3.1: one immediate action per round, never on the creature's own turn."""
    return entity != state.turn.current and entity not in state.turn.immediate_used and \
        can_take_triggered_actions(state, entity)


def waiting_for(state: GameState) -> Rejected | None:
    """A decision the skirmish waits for before anything else may happen, as a rejection."""
    forced = state.pending_forced
    if forced is not None:
        first = forced.queue[0]
        return Rejected(L_('waiting for {by} to {kind} {target}',
                by=named(state.name(first.by)), kind=first.kind, target=named(state.name(first.target))), "4e §22")
    offers = state.pending_offers
    if offers is not None and offers.offers:
        offer = offers.offers[0]
        return Rejected(L_('waiting for {by} to answer: {offer}',
                by=named(state.name(offer.by)), offer=describe_offer(state, offer)), "4e §3.2-§3.3")
    return None


def describe_offer(state: GameState, offer: Offer) -> str:
    against = named(state.name(offer.against)) if offer.against is not None else ""
    if offer.kind == "opportunity":
        return L_("an opportunity attack on {target}", target=against)
    if offer.kind == "readied":
        return L_("the readied {power} against {target}", power=offer.power, target=against)
    if offer.kind == "return":
        return L_("act now instead of delaying further")
    return L_("{power} against {target}", power=offer.power, target=against) if against else offer.power


def decider(state: GameState) -> Entity:
    """The creature whose controller must act now: an attacker placing a forced movement, one offered
    an opportunity attack, interrupt, reaction or return, or else the creature whose turn it is."""
    forced = state.pending_forced
    if forced is not None:
        return forced.queue[0].by
    offers = state.pending_offers
    if offers is not None and offers.offers:
        return offers.offers[0].by
    return state.turn.current


def raise_offers(state: GameState, offers: list[Offer],
                 then: PausedMove | PausedAttack | PausedHandover | None) -> list[Event]:
    """Wait for these offers; offers raised while others wait join the end of the queue (the first
    pause is the one that carries on)."""
    if not offers:
        return []
    pending = state.pending_offers
    if pending is None:
        state.world.set_resource(PendingOffers(tuple(offers), then))
    else:
        state.world.set_resource(replace(pending, offers=pending.offers + tuple(offers), then=pending.then or then))
    return [Offered(o.by, o.kind, o.against, o.power) for o in offers]


def uses_left(state: GameState, actor: Entity, name: str, usage: str, uses: int) -> int | None:
    """Uses left of an encounter or daily power this skirmish (§25.23); None for an at-will power."""
    if usage == "at-will":
        return None
    spent = state.world.maybe(actor, SpentPowers)
    return uses - (spent.count(name) if spent is not None else 0)


def power_spent(state: GameState, actor: Entity, name: str, usage: str = "encounter", uses: int = 1) -> bool:
    """An encounter or daily power with no use left this skirmish (§25.23)."""
    left = uses_left(state, actor, name, usage, uses)
    return left is not None and left <= 0


def mark_used(state: GameState, actor: Entity, name: str) -> None:
    used = state.world.maybe(actor, SpentPowers) or SpentPowers()
    state.world.add(actor, SpentPowers(used.names + (name,)))


def lacks_action(state: GameState, actor: Entity, action: str) -> Rejected | None:
    """Why the actor cannot spend an action of that type now (§3.1, §3.4; dazed or the surprise round:
    one action in all, §2.3, §9; after a charge, none, §25.5), or None if it can."""
    budget = state.turn.actions
    if spend(budget, action) is not None:
        return None
    name = named(state.name(actor))
    if budget.one_action:
        if state.turn.surprise:
            return Rejected(L_('{name} has taken its one action of the surprise round', name=name), "4e §2.3")
        return Rejected(L_('{name} is dazed and has taken its one action this turn', name=name), "4e §9 dazed")
    return Rejected(L_('{name} has no {action} action left', name=name, action=action), "4e §3.1, §3.4")


def spend_action(state: GameState, action: str) -> str:
    """Spend the current creature's action of that type (§3.4 substitutions); returns the slot used."""
    spent = spend(state.turn.actions, action)
    assert spent is not None  # validated
    state.world.set_resource(replace(state.turn, actions=spent[0], acted=True))
    return spent[1]


def use_power(state: GameState, actor: Entity, name: str, action: str, usage: str) -> None:
    """Spend the power's action (immediate actions: the round's one, §3.1) and, for an encounter or
    daily power, one of its uses."""
    if action in ("interrupt", "reaction"):
        turn = state.turn
        state.world.set_resource(replace(turn, immediate_used=turn.immediate_used + (actor,)))
    elif actor == state.turn.current:
        spend_action(state, action)
    if usage != "at-will":
        mark_used(state, actor, name)
