"""Turn order and what happens at the start and end of every turn (4e-combat.md §2, §4, §10-§11, §25.9, §27).

Initiative is rolled once; a surprise round may come first. Each turn starts with ongoing damage,
regeneration and the effects that end then, and ends with saving throws, the death save, the sustain
check and the effects that end then. A creature that can take no actions has its turn pass by itself.
"""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.dnd4e.actions.common import NO_ACTION_CONDITIONS, raise_offers
from game.rulesets.dnd4e.actions.events import (
    ConditionEnded, DeathSave, Event, InitiativeChanged, InitiativeRolled, RoundStarted, SavingThrow, TurnEnded,
    TurnStarted,
)
from game.rulesets.dnd4e.actions.harm import deal_damage, die
from game.rulesets.dnd4e.actions.vitality import DYING, end_entries, heal, lay, spend_surge_value, wake
from game.rulesets.dnd4e.actions.zones import end_zones, keep_zones, zones
from game.core.dice import Dice
from game.ecs.components import (
    END_OF_TURN, SAVE_ENDS, START_OF_TURN, SUSTAIN, Condition, Conditions, DeathSaves, Health, Offer, OutOfFight,
    PausedHandover, PendingOffers, Readied, TurnState,
)
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import budget_for_turn
from game.rulesets.dnd4e.effects import SAVE_DIE, SAVE_TARGET
from game.rulesets.dnd4e.initiative import roll_initiative
from game.state import GameState
from game.rulesets.dnd4e.systems.victory import victory_system
from game.rulesets.dnd4e.i18n import L_

DEATH_SAVE_SURGE = 20                  # §27: 20 or higher spends a surge and wakes
DEATH_SAVE_FAILURES = 3                # §27: the third failure kills
SURPRISED = "surprised"


def begin_skirmish(state: GameState, dice: Dice, surprised_sides: tuple[str, ...] = ()) -> list[Event]:
    """Roll initiative for every creature (§2.1 step 3), then the surprise round if a side is caught
    unaware (§2.3), else round 1."""
    entrants = [(e, state.stats(e).initiative_bonus) for e in state.creatures()]
    rolls = roll_initiative(entrants, dice)
    events: list[Event] = [InitiativeRolled(r.entity, r.natural, r.bonus, r.tiebreak) for r in rolls]
    order = tuple(r.entity for r in rolls)
    surprise = any(state.side(e) in surprised_sides for e in order) and \
        any(state.side(e) not in surprised_sides for e in order)
    if surprise:
        for entity in order:
            if state.side(entity) in surprised_sides:
                events += lay(state, Condition(SURPRISED), entity, "4e §2.3")
    first_round = 0 if surprise else 1
    state.world.set_resource(TurnState(first_round, order, len(order) - 1, surprise=surprise))
    events.append(RoundStarted(first_round))
    return events + advance(state, dice, new_round_ok=False)


def turn_system(state: GameState, events: list[Event], dice: Dice) -> list[Event]:
    """After a command: a turn that ended hands over; a creature that died on its own turn passes it."""
    if state.outcome is not None:
        return []
    # Turns that passed by themselves (a reason given) had their end of turn where they passed.
    ended = [e for e in events if isinstance(e, TurnEnded) and not e.reason]
    if ended:
        out: list[Event] = []
        for event in ended:
            out += end_of_turn(state, event.entity, dice)
        return out + after_turn(state, dice)
    if state.pending_offers is not None or state.pending_forced is not None:
        return []
    current = state.turn.current
    if state.world.has(current, OutOfFight):
        return advance(state, dice)
    blocked = next((c for c in NO_ACTION_CONDITIONS if state.has_condition(current, c)), None)
    if blocked is not None:
        # Dropped, stunned or knocked out on its own turn: the rest of the turn passes by itself.
        return [TurnEnded(current, blocked)] + end_of_turn(state, current, dice) + after_turn(state, dice)
    return []


def after_turn(state: GameState, dice: Dice) -> list[Event]:
    """§25.9: between turns each delaying creature may step in; otherwise the next creature goes."""
    if state.outcome is not None:
        return []
    turn = state.turn
    waiting = [e for e in turn.delayed if e != turn.current and state.conscious(e)]
    if waiting:
        return raise_offers(state, [Offer(e, "return") for e in waiting], PausedHandover())
    return advance(state, dice)


def return_from_delay(state: GameState, entity: Entity) -> list[Event]:
    """§25.9: the delaying creature acts now, and this is its place in the order from now on. Its
    start of turn already happened when it delayed, so it acts at once."""
    state.world.clear_resource(PendingOffers)
    turn = state.turn
    after = turn.current
    order = [e for e in turn.order if e != entity]
    order.insert(order.index(after) + 1, entity)
    dazed = any(state.has_condition(entity, c) for c in ("dazed", "dominated"))
    state.world.set_resource(replace(turn, order=tuple(order), index=order.index(entity), actions=budget_for_turn(dazed),
                                     opportunity_used=(), sustained=(), acted=False,
                                     delayed=tuple(e for e in turn.delayed if e != entity)))
    return [InitiativeChanged(entity, tuple(order)), TurnStarted(entity, turn.round)]


def delay(state: GameState, entity: Entity, dice: Dice) -> list[Event]:
    """§25.9: the creature puts off its turn. Its helpful "until the end of your turn" effects and its
    unsustained effects end now; harmful ones and its saving throws wait until it acts."""
    turn = state.turn
    events = _sustain_check(state, entity)
    for bearer, conditions in state.world.query(Conditions):
        helpful = tuple(c for c in conditions.entries if c.until == END_OF_TURN and c.owner == entity
                        and (c.by is None or not state.are_enemies(c.by, entity)))
        events += end_entries(state, bearer, helpful, "4e §25.9")
    state.world.set_resource(replace(state.turn, delayed=turn.delayed + (entity,)))
    return events + advance(state, dice)


def advance(state: GameState, dice: Dice, new_round_ok: bool = True) -> list[Event]:
    """Give the turn to the next creature, wrapping into a new round. A creature that can take no
    actions has its start and end of turn and passes; one that delayed until its count came round
    again loses the delayed turn and takes this one (§25.9)."""
    events: list[Event] = []
    for _ in range(4 * len(state.turn.order) + 4):
        turn = state.turn
        index, round_number = turn.index + 1, turn.round
        surprise = turn.surprise
        if index >= len(turn.order):
            index = 0
            if new_round_ok:
                round_number += 1
                events.append(RoundStarted(round_number))
                if surprise:
                    surprise = False
                    events += _end_surprise(state)
            new_round_ok = True
        entity = turn.order[index]
        delayed = turn.delayed
        if entity in delayed:
            delayed = tuple(e for e in delayed if e != entity)
        state.world.set_resource(replace(turn, round=round_number, index=index, surprise=surprise, delayed=delayed))
        if state.world.has(entity, OutOfFight):
            continue
        if entity in turn.delayed:
            events += _finish(state, entity, dice)
        events += start_of_turn(state, entity)
        if state.outcome is not None:
            return events
        if state.world.has(entity, OutOfFight):
            continue
        blocked = next((c for c in NO_ACTION_CONDITIONS if state.has_condition(entity, c)), None)
        if blocked is None:
            return events
        events.append(TurnEnded(entity, blocked))
        events += end_of_turn(state, entity, dice)
        if state.outcome is not None:
            return events
        if any(e != entity and state.conscious(e) for e in state.turn.delayed):
            return events + after_turn(state, dice)
    return events


def _end_surprise(state: GameState) -> list[Event]:
    """§2.3: the surprised condition ends when the surprise round ends."""
    events: list[Event] = []
    for entity, conditions in state.world.query(Conditions):
        if conditions.has(SURPRISED):
            state.world.add(entity, conditions.removing(SURPRISED))
            events.append(ConditionEnded(entity, SURPRISED, "4e §2.3"))
    return events


def start_of_turn(state: GameState, entity: Entity) -> list[Event]:
    """§4.1, in the listed order: ongoing damage, regeneration (only above 0), then effects that end now."""
    turn = state.turn
    dazed = any(state.has_condition(entity, c) for c in ("dazed", "dominated"))
    state.world.set_resource(replace(turn, actions=budget_for_turn(dazed or turn.surprise), opportunity_used=(),
                                     sustained=(), acted=False, extra_damage_dealt=()))
    events: list[Event] = [TurnStarted(entity, turn.round)]
    if state.world.has(entity, Readied):
        state.world.remove(entity, Readied)   # §25.16: an unused readied action lapses
    for damage_type, amount in ongoing_damage(state.conditions(entity)):
        if not state.world.has(entity, OutOfFight):
            events += deal_damage(state, entity, amount, damage_type=damage_type, cause="ongoing")
    if state.world.has(entity, OutOfFight):
        return events + victory_system(state, events)
    regeneration = regeneration_of(state, entity)
    if regeneration and state.hp(entity) > 0:
        events += heal(state, entity, regeneration, surge=False, source="regeneration")
    events += _expire(state, START_OF_TURN, entity)
    return events + victory_system(state, events)


def ongoing_damage(conditions: Conditions) -> list[tuple[str, int]]:
    """§10: each damage type deals only its highest ongoing damage; different types each deal theirs."""
    highest: dict[str, int] = {}
    for entry in conditions.named("ongoing"):
        highest[entry.damage_type] = max(highest.get(entry.damage_type, 0), entry.amount)
    return sorted(highest.items())


def regeneration_of(state: GameState, entity: Entity) -> int:
    """§26.4: regeneration does not stack; the highest source counts."""
    granted = [c.amount for c in state.conditions(entity).named("regeneration")]
    return max([state.stats(entity).regeneration, *granted])


def end_of_turn(state: GameState, entity: Entity, dice: Dice) -> list[Event]:
    """§4.3, [A46]: saving throws and the death save, the sustain check, then effects that end now;
    aftereffects of effects saved against begin only after all of that (§11.3)."""
    if state.world.has(entity, OutOfFight):
        return []
    events, after = _saving_throws(state, entity, dice)
    events += _death_save(state, entity, dice)
    if state.world.has(entity, OutOfFight):
        return events + victory_system(state, events)
    events += _sustain_check(state, entity)
    events += _finish_end(state, entity)
    for condition in after:
        events += lay(state, condition, entity, "4e §11.3")
    turn = state.turn
    state.world.set_resource(replace(turn, immediate_used=tuple(e for e in turn.immediate_used if e != entity)))
    return events + victory_system(state, events)


def _finish(state: GameState, entity: Entity, dice: Dice) -> list[Event]:
    """§25.9: a delayed turn never taken still ends: its saving throws and harmful effects come due."""
    events, after = _saving_throws(state, entity, dice)
    events += _finish_end(state, entity)
    for condition in after:
        events += lay(state, condition, entity, "4e §11.3")
    return events


def _finish_end(state: GameState, entity: Entity) -> list[Event]:
    """Effects and zones lasting until the end of ``entity``'s next turn end (those made this turn: next time)."""
    events = _expire(state, END_OF_TURN, entity)
    events += end_zones(state, lambda z: z.until == END_OF_TURN and z.owner == entity and not z.outlasts_this_turn)
    outlasting = [z for z in zones(state) if z.until == END_OF_TURN and z.owner == entity and z.outlasts_this_turn]
    if outlasting:
        keep_zones(state, [replace(z, outlasts_this_turn=False) if z in outlasting else z for z in zones(state)])
    return events


def _saving_throws(state: GameState, entity: Entity, dice: Dice) -> tuple[list[Event], list[Condition]]:
    """§11.3: one d20 per save-ends effect, 10 or higher ends it (and whatever it bundles)."""
    events: list[Event] = []
    after: list[Condition] = []
    for entry in [c for c in state.conditions(entity).entries if c.until == SAVE_ENDS]:
        natural = dice.roll(SAVE_DIE)
        success = natural >= SAVE_TARGET
        label = entry.name
        if entry.name == "ongoing":      # "ongoing 5 fire"
            label = L_("ongoing {n} {type}", n=entry.amount, type=entry.damage_type) if entry.damage_type \
                else L_("ongoing {n}", n=entry.amount)
        reason = L_("against {condition} ({source})", condition=label, source=entry.source) if entry.source \
            else L_("against {condition}", condition=label)
        events.append(SavingThrow(entity, natural, success, reason))
        if success:
            events += end_entries(state, entity, (entry,), "4e §11.3")
            after.extend(entry.after)
    return events, after


def _death_save(state: GameState, entity: Entity, dice: Dice) -> list[Event]:
    """§27: below 10 a failure (the third kills), 20 or more spends a surge and wakes the creature."""
    if not state.has_condition(entity, DYING):
        return []
    natural = dice.roll(SAVE_DIE)
    failures = (state.world.maybe(entity, DeathSaves) or DeathSaves()).failures
    if natural < SAVE_TARGET:
        failures += 1
        state.world.add(entity, DeathSaves(failures))
        events: list[Event] = [DeathSave(entity, natural, "failure", failures)]
        return events + (die(state, entity) if failures >= DEATH_SAVE_FAILURES else [])
    if natural >= DEATH_SAVE_SURGE:
        value = spend_surge_value(state, entity)
        if value:
            state.world.add(entity, Health(value, state.world.get(entity, Health).temp))
            return [DeathSave(entity, natural, "surge", failures)] + wake(state, entity)
    return [DeathSave(entity, natural, "no change", failures)]


def _sustain_check(state: GameState, entity: Entity) -> list[Event]:
    """§4.3 step 2: sustained effects the creature did not sustain this turn end."""
    kept = state.turn.sustained
    events: list[Event] = []
    for bearer, conditions in state.world.query(Conditions):
        lapsed = tuple(c for c in conditions.entries if c.until == SUSTAIN and c.owner == entity and c.source not in kept)
        events += end_entries(state, bearer, lapsed, "4e §11.1")
    return events + end_zones(state, lambda z: z.until == SUSTAIN and z.owner == entity and z.source not in kept)


def _expire(state: GameState, until: str, owner: Entity) -> list[Event]:
    """§11.1: effects lasting until the start or end of ``owner``'s next turn end now, on every creature."""
    events: list[Event] = []
    for entity, conditions in state.world.query(Conditions):
        kept, ended = conditions.expiring(until, owner)
        if kept != conditions:
            state.world.add(entity, kept)
        events += [ConditionEnded(entity, name, "4e §11.1") for name in dict.fromkeys(c.name for c in ended)
                   if not kept.has(name)]
    return events


def sustainable(state: GameState, entity: Entity) -> list[str]:
    """Powers ``entity`` has going that a minor action would sustain (§11.1)."""
    names = [c.source for _, conditions in state.world.query(Conditions) for c in conditions.entries
             if c.until == SUSTAIN and c.owner == entity]
    names += [z.source for z in zones(state) if z.until == SUSTAIN and z.owner == entity]
    return list(dict.fromkeys(names))
