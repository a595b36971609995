"""Damage and what it leads to at once: bloodied, dying, knocked out or dead (4e-combat.md §8.3-§8.5, §26.1, §27, §25.6).

The consequences come with the damage, not afterwards, so a move or an attack interrupted by an
opportunity attack already knows whether its creature is still up."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.events import DamageDealt, Event, UnitBloodied, UnitDied, UnitDying, UnitKnockedOut
from game.rulesets.dnd4e.actions.vitality import DYING, UNCONSCIOUS, end_entries, lay
from game.rulesets.dnd4e.actions.zones import end_zones
from game.ecs.components import END_OF_TURN, START_OF_TURN, SUSTAIN, Condition, Conditions, Health, OutOfFight
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import is_bloodied
from game.rulesets.dnd4e.damage import absorb, adjust
from game.state import GameState


def deal_damage(state: GameState, target: Entity, amount: int, faces: tuple[int, ...] = (), *,
                critical: bool = False, damage_type: str = "", attacker: Entity | None = None,
                cause: str = "attack", knockout: bool = False, coup_de_grace: bool = False) -> list[Event]:
    """Take damage (§8.3): halved for a weakened attacker's attack (§9; not its ongoing damage, [A11]) and
    for an insubstantial target (§8.5), then resistance and vulnerability (§8.4), temporary hit points first
    (§26.5); then bloodied, dying or dead follow at once. A minion has 1 hit point, so any damage kills it.
    A coup de grace kills outright when the damage dealt, after halving and resistance, reaches the bloodied
    value (§25.6); damage its temporary hit points take counts (docs/rulings.md)."""
    stats = state.stats(target)
    weakened = attacker is not None and cause == "attack" and state.has_condition(attacker, "weakened")
    landed = adjust(amount, damage_type, stats, weakened_attacker=weakened,
                    insubstantial=state.has_condition(target, "insubstantial"),
                    petrified=state.has_condition(target, "petrified"))
    health, soaked = absorb(state.world.get(target, Health), landed.amount)
    state.world.add(target, health)
    deadly = coup_de_grace and landed.amount >= stats.bloodied_value
    event = DamageDealt(target, landed.amount, faces, critical, health.hp, damage_type, soaked, landed.notes,
                        cause, knockout, deadly)
    return [event] + _consequences(state, event)


def _consequences(state: GameState, event: DamageDealt) -> list[Event]:
    target = event.target
    stats = state.stats(target)
    before = event.hp_after + event.amount - event.temp_absorbed
    out: list[Event] = []
    if is_bloodied(event.hp_after, stats.max_hp) and not is_bloodied(before, stats.max_hp) and event.hp_after > 0:
        out.append(UnitBloodied(target))
    if event.deadly or (event.hp_after <= 0 and event.amount - event.temp_absorbed > 0):
        out += _dropped(state, target, event)
    return out


def _dropped(state: GameState, target: Entity, event: DamageDealt) -> list[Event]:
    """§27: at 0 or below a hero is dying and dies at minus its bloodied value; a monster dies at 0.
    The attacker may knock the creature out instead; a deadly coup de grace kills outright (§25.6)."""
    stats = state.stats(target)
    was_up = event.hp_after + event.amount - event.temp_absorbed > 0
    if event.knockout and was_up and not event.deadly:
        # §27: the blow that drops it may knock it out instead of killing, however hard; [A32]: held at 0.
        state.world.add(target, Health(0, state.world.get(target, Health).temp))
        if state.has_condition(target, UNCONSCIOUS):
            return []
        return lay(state, Condition(UNCONSCIOUS), target, "4e §27") + [UnitKnockedOut(target)]
    if event.deadly or event.hp_after <= -stats.bloodied_value:
        return die(state, target)
    if state.has_condition(target, DYING):
        return []
    if not stats.hero:
        return die(state, target)
    return lay(state, Condition(DYING), target, "4e §27") + lay(state, Condition(UNCONSCIOUS), target, "4e §27") + \
        [UnitDying(target)]


def die(state: GameState, target: Entity) -> list[Event]:
    """Dead: off the battlefield. Effects that were to end on its own turns, and zones it sustained,
    end with it, since it takes no more turns (docs/rulings.md)."""
    state.world.add(target, OutOfFight())
    events: list[Event] = [UnitDied(target)]
    for bearer, conditions in state.world.query(Conditions):
        held = tuple(c for c in conditions.entries
                     if c.owner == target and c.until in (START_OF_TURN, END_OF_TURN, SUSTAIN))
        events += end_entries(state, bearer, held, "4e §27")
    return events + end_zones(state, lambda zone: zone.owner == target)

