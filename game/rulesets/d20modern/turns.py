"""Turns of d20-modern (§1, §3, §4.1; INIT-03..05, RND-01, SURP-02): the initiative order kept for every round,
the start of a turn (flat-footedness ends, effects lasting until then end, a fresh budget and attack of
opportunity, the dying roll), its end, and the upkeep after each command (the last side standing wins)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice
from game.ecs.components import END_OF_TURN, START_OF_TURN, Outcome
from game.ecs.world import Entity
from game.rulesets.d20modern import budget as bud
from game.rulesets.d20modern import injury, strikes
from game.rulesets.d20modern.commands import ActionTaken, ConditionChanged, SkirmishWon, StateChanged, TurnEnded, TurnStarted
from game.rulesets.d20modern.components import PendingOpportunity, Reaction, Readied, Round
from game.rulesets.d20modern.situation import alive, can_act, grapple_partners, vitals
from game.state import GameState
from game.rulesets.d20modern.i18n import L_


def round_of(state: GameState) -> Round:
    return state.world.resource(Round)


STARTED = "full_round_started"       # the condition a started full-round action leaves until the next turn (ACT-09)


def pending(state: GameState) -> PendingOpportunity | None:
    return state.world.maybe_resource(PendingOpportunity)


def standing_sides(state: GameState) -> list[str]:
    """The sides with a creature still able to act (the disabled can; the dying cannot)."""
    return sorted({state.side(e) for e in state.creatures() if can_act(state, e)})


def upkeep(state: GameState, dice: Dice) -> list[Any]:
    """The last side standing wins; a creature dropped on its own turn ends it."""
    if state.outcome is not None:
        return []
    sides = standing_sides(state)
    if len(sides) <= 1:
        winner = sides[0] if sides else ""
        state.world.set_resource(Outcome(winner))
        state.world.clear_resource(PendingOpportunity)
        return [SkirmishWon(winner)]
    events: list[Any] = []
    for e in state.creatures():
        if state.has_condition(e, "grappling") and not can_act(state, e):
            events += release(state, e)        # GRP-03: a grappler that drops lets go
    if pending(state) is None and not can_act(state, round_of(state).current):
        return events + end_turn(state, dice)
    return events


def start_turn(state: GameState, dice: Dice) -> list[Any]:
    """INIT-05, RND-01, ATK-13..15: flat-footedness ends, effects lasting until this turn end, a fresh budget
    (restricted in the surprise round and while disabled) and the round's attack of opportunity. A dying
    creature rolls to stabilise instead and its turn passes (SRD)."""
    events: list[Any] = []
    for _ in range(4 * len(round_of(state).order) + 4):
        r = round_of(state)
        e = r.current
        if alive(state, e):
            if state.has_condition(e, "flat_footed"):
                state.world.add(e, state.conditions(e).removing("flat_footed"))
                events.append(ConditionChanged(e, "flat_footed", False))
            events += _expire(state, e, START_OF_TURN)
            state.world.add(e, Reaction(False))
            if state.world.has(e, Readied):     # §9.2: a readied attack not set off by now is lost
                state.world.remove(e, Readied)
            v = vitals(state, e)
            if v is not None and injury.state_of(v) == "dying":
                d100 = dice.roll(100)
                after = injury.dying_tick(v, d100)
                state.world.add(e, after)
                events.append(ActionTaken(e, "dying", after.stable, L_("rolled {roll} on d%", roll=d100)))
                if injury.state_of(after) == "dead":
                    events += strikes.kill(state, e)
                elif after.stable:
                    events.append(StateChanged(e, "stable"))
            if can_act(state, e):
                disabled = v is not None and injury.state_of(v) == "disabled"
                started = state.has_condition(e, STARTED)       # ACT-09: this turn's first action completes it
                if started:
                    state.world.add(e, state.conditions(e).removing(STARTED))
                state.world.add(e, bud.fresh(restricted=r.surprise or disabled, started=STARTED if started else ""))
                return events + [TurnStarted(e, r.number, r.surprise)]
        _advance(state)
    return events


def _advance(state: GameState) -> None:
    r = round_of(state)
    if r.index + 1 < len(r.order):
        state.world.set_resource(replace(r, index=r.index + 1))
        return
    everyone = state.world.resource(Initiative).order
    state.world.set_resource(Round(r.number + 1, everyone, 0, False))


@dataclass(frozen=True)
class Initiative:
    """INIT-03: the whole initiative order, kept for every regular round (the surprise round has only the aware)."""

    order: tuple[Entity, ...]


def release(state: GameState, e: Entity) -> list[Any]:
    """End every grapple ``e`` is in, and any pin on or by it."""
    events: list[Any] = []
    for p in grapple_partners(state, e):
        kept = tuple(x for x in state.conditions(p).entries if not (x.name in ("grappling", "pinned") and x.by == e))
        state.world.add(p, replace(state.conditions(p), entries=kept))
        if not state.has_condition(p, "grappling"):
            events.append(ConditionChanged(p, "grappling", False))
    state.world.add(e, state.conditions(e).removing("grappling").removing("pinned"))
    return events + [ConditionChanged(e, "grappling", False)]



def _expire(state: GameState, owner: Entity, until: str) -> list[Any]:
    """RND-01, A7: the effects lasting until the start or end of ``owner``'s turn end, on whoever bears them
    (its own stances, the pins it holds, the aid it was given)."""
    events: list[Any] = []
    for e in state.creatures():
        kept, ended = state.conditions(e).expiring(until, owner)
        if ended:
            state.world.add(e, kept)
            events += [ConditionChanged(e, x.name, False) for x in ended if not kept.has(x.name)]
    return events


def end_turn(state: GameState, dice: Dice) -> list[Any]:
    e = round_of(state).current
    events: list[Any] = [TurnEnded(e)] + _expire(state, e, END_OF_TURN)
    _advance(state)
    return events + start_turn(state, dice)
