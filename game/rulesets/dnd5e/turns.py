"""The 5e-house turn system (§1, §2): the next creature in initiative order, the start of its turn (a fresh
budget, death saves), and the upkeep after every command (lapsed effects, the last side standing)."""

from __future__ import annotations



from game.core.dice import Dice
from game.ecs.components import Outcome
from game.rulesets.dnd5e import economy, spells
from game.rulesets.dnd5e.commands import ConditionChanged, DeathSaveRolled, SkirmishWon, TurnEnded, TurnStarted
from game.rulesets.dnd5e.components import HelpInForce, Readied, Round
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.harm import _die, _drop, _reach_ft, _set_vitals
from game.rulesets.dnd5e.reading import (
    alive, awake, budget, concentration, Event, _helped, readied, round_of, sheet, vitals,
)
from game.rulesets.dnd5e.vitality import death_save, needs_death_save
from game.state import GameState


def _advance(state: GameState, dice: Dice) -> list[Event]:
    """The next creature's turn; the dead are passed over, and creatures that cannot act (unconscious after
    their death save) pass at once."""
    events: list[Event] = []
    for _ in range(2 * len(round_of(state).order) + 1):
        now = round_of(state)
        index = now.index + 1
        number = now.number + (index >= len(now.order))
        state.world.set_resource(Round(number, now.order, index % len(now.order)))
        if not alive(state, round_of(state).current):
            continue
        events += start_turn(state, dice)
        if state.outcome is not None or awake(state, round_of(state).current):
            return events
        events.append(TurnEnded(round_of(state).current))
    return events


def start_turn(state: GameState, dice: Dice) -> list[Event]:
    """§2, §3.1: a fresh budget and reaction; Dodge and Help end; a creature at 0 HP rolls its death save."""
    e = round_of(state).current
    events: list[Event] = [TurnStarted(e, round_of(state).number)]
    for other, spent in list(state.world.query(spells.SpellSlots)):
        state.world.add(other, spent.new_turn())
    state.world.set_resource(HelpInForce(tuple(h for h in _helped(state) if h.until != e)))
    state.world.add(e, economy.start_of_turn(budget(state, e)))
    ready = readied(state, e)
    if ready is not None:
        # §2.1 Ready: a readied action not taken lapses when the readier's turn comes round again.
        state.world.remove(e, Readied)
        if ready.spell and concentration(state, e).spell == ready.spell:
            state.world.add(e, spells.Concentration())
    now = vitals(state, e)
    if sheet(state, e).hero and needs_death_save(now):
        save = death_save(now, dice)
        _set_vitals(state, e, save.vitals)
        events.append(DeathSaveRolled(e, save.natural, save.outcome))
        if save.vitals.dead:
            events += _die(state, e)
        elif not save.vitals.unconscious:
            events += _drop(state, e, "unconscious")
    return events


def _upkeep(state: GameState) -> list[Event]:
    """After every command: grapples end when the grappler is down or the grappled creature is out of its
    reach ([5e]); the skirmish ends when only one side has creatures standing and awake."""
    events: list[Event] = []
    for other in state.creatures():
        for hold in state.conditions(other).named("grappled"):
            g = hold.by
            if g is None or not alive(state, g) or not awake(state, g) or \
                    distance_ft(state.space(g), state.space(other)) > _reach_ft(state, g):
                state.world.add(other, state.conditions(other).without(hold))
                events.append(ConditionChanged(other, "grappled", False))
    if state.outcome is None:
        sides = [state.side(e) for e in state.standing() if awake(state, e)]
        remaining = list(dict.fromkeys(sides))
        if len(remaining) <= 1:
            winner = remaining[0] if remaining else ""
            state.world.set_resource(Outcome(winner))
            events.append(SkirmishWon(winner))
    return events
