"""Checks every command shares: whose turn it is and whether the skirmish is still on."""

from __future__ import annotations

from dataclasses import replace

from game.actions.commands import Rejected
from game.ecs.components import OutOfFight, SpentPowers
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import spend
from game.state import GameState

NO_ACTION_CONDITIONS = ("stunned", "petrified", "surprised", "unconscious", "dying")  # 4e §9


def check_actor(state: GameState, actor: Entity) -> Rejected | None:
    """The actor may act now: it is its turn, it can act, and no decision is waiting."""
    if state.outcome is not None:
        return Rejected("the skirmish is over")
    if actor not in state.creatures():
        return Rejected(f"there is no creature {actor}")
    if (waiting := waiting_for(state)) is not None:
        return waiting
    if state.turn.current != actor:
        return Rejected(f"it is {state.name(state.turn.current)}'s turn, not {state.name(actor)}'s", "4e §2.2")
    if state.world.has(actor, OutOfFight):
        return Rejected(f"{state.name(actor)} is out of the fight", "4e §26.1")
    for condition in NO_ACTION_CONDITIONS:
        if state.has_condition(actor, condition):
            return Rejected(f"{state.name(actor)} is {condition} and can take no actions", "4e §9")
    return None


def waiting_for(state: GameState) -> Rejected | None:
    """A decision the skirmish waits for before anything else may happen, as a rejection."""
    offer = state.pending_opportunity
    if offer is not None:
        return Rejected(f"waiting for {state.name(offer.offered[0])} to take or decline an opportunity attack "
                        f"on {state.name(offer.mover)}", "4e §25.13")
    forced = state.pending_forced
    if forced is not None:
        first = forced.queue[0]
        return Rejected(f"waiting for {state.name(first.by)} to {first.kind} {state.name(first.target)}", "4e §22")
    return None


def decider(state: GameState) -> Entity:
    """The creature whose controller must act now: one offered an opportunity attack, an attacker
    placing a forced movement, or else the creature whose turn it is."""
    offer = state.pending_opportunity
    if offer is not None:
        return offer.offered[0]
    forced = state.pending_forced
    if forced is not None:
        return forced.queue[0].by
    return state.turn.current


def power_spent(state: GameState, actor: Entity, name: str) -> bool:
    """An encounter power already used this skirmish (§25.23)."""
    spent = state.world.maybe(actor, SpentPowers)
    return spent is not None and name in spent.names


def use_power(state: GameState, actor: Entity, name: str, action: str, usage: str) -> None:
    """Spend the power's action (with the §3.4 substitutions) and, for an encounter power, its use."""
    spent = spend(state.turn.actions, action)
    assert spent is not None  # validated
    state.world.set_resource(replace(state.turn, actions=spent[0]))
    if usage == "encounter":
        used = state.world.maybe(actor, SpentPowers) or SpentPowers()
        state.world.add(actor, SpentPowers(used.names + (name,)))
