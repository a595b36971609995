"""What befalls a 5e-house creature, shared by the commands and the turn system: damage and its consequences,
death, concentration ending, zones laid over the battlefield, saving throws, falls, weapons dropped."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.battlefield import Obscurement, Terrain
from game.core.dice import Dice
from game.core.grid import Square
from game.core.steps import LEDGE_FT, ground_of
from game.ecs.components import Body, Condition, Conditions, OutOfFight
from game.ecs.world import Entity
from game.rulesets.dnd5e import economy, spells
from game.rulesets.dnd5e.commands import ConcentrationEnded, ConditionChanged, Damaged, Fell, SavingThrow, WeaponHandled
from game.rulesets.dnd5e.components import Dropped, Ground, Hands, Readied, Zone
from game.rulesets.dnd5e.falling import fall_damage
from game.rulesets.dnd5e.reading import (
    alive, budget, concentration, Event, _lost_weapons, readied, sheet, speed_ft, vitals, _zones,
)
from game.rulesets.dnd5e.rolls import ADVANTAGE, STRAIGHT, roll_d20
from game.rulesets.dnd5e.situation import MELEE, hands, incapacitated
from game.rulesets.dnd5e.vitality import DamageType, adjusted_damage, slay, take_damage
from game.state import GameState


def _add(state: GameState, e: Entity, name: str, **fields: Any) -> list[Event]:
    had = state.has_condition(e, name)
    state.add_condition(e, Condition(name, **fields))
    return [] if had else [ConditionChanged(e, name, True)]


def _drop(state: GameState, e: Entity, name: str) -> list[Event]:
    if not state.has_condition(e, name):
        return []
    state.remove_condition(e, name)
    return [ConditionChanged(e, name, False)]


def _set_vitals(state: GameState, e: Entity, value: Any) -> None:
    state.world.add(e, value)


def end_concentration(state: GameState, caster: Entity) -> list[Event]:
    """§5.2: the spell ends and its zone lifts off the battlefield."""
    held = concentration(state, caster)
    if not held.spell:
        return []
    state.world.add(caster, spells.Concentration())
    ready = readied(state, caster)
    if ready is not None and ready.spell == held.spell:
        state.world.remove(caster, Readied)         # [5e] a readied spell is held with concentration
    for entity, zone in list(state.world.query(Zone)):
        if zone.caster == caster:
            state.world.delete(entity)
    _lay_zones(state)
    return [ConcentrationEnded(caster, held.spell)]


def _lay_zones(state: GameState) -> None:
    """The map's battlefield with every zone's squares heavily obscured (Fog Cloud, §8) or dark whatever
    lights the map has (Darkness: magical darkness, R004-LT-04, docs/rulings.md)."""
    ground = state.world.resource(Ground).battlefield
    changes: dict[Square, Terrain] = {}
    for zone in _zones(state):
        veil = Obscurement.TOTAL if zone.darkness else Obscurement.HEAVY
        for sq in zone.squares:
            terrain = changes.get(sq, ground.at(sq))
            changes[sq] = replace(terrain, obscured=max(veil, terrain.obscured))
    state.battlefield = ground.overlaid(changes) if changes else ground


def _fall_out(state: GameState, e: Entity) -> list[Event]:
    """Unconscious (§3.1): prone, incapacitated, what it holds falls into its square (the page's condition
    table, [5e]), concentration and grapples let go."""
    events = _add(state, e, "unconscious") + _add(state, e, "prone") + _drop(state, e, "hidden")
    for weapon in hands(state, e).held:
        state.world.create(Dropped(e, weapon, state.square(e)))
        events.append(WeaponHandled(e, weapon, "dropped"))
    state.world.add(e, Hands(()))
    events += end_concentration(state, e) + _release_grapples(state, e)
    if readied(state, e) is not None:
        state.world.remove(e, Readied)
    return events


def _release_grapples(state: GameState, grappler: Entity) -> list[Event]:
    events: list[Event] = []
    for other in state.creatures():
        for held in state.conditions(other).named("grappled"):
            if held.by == grappler:
                state.world.add(other, state.conditions(other).without(held))
                events.append(ConditionChanged(other, "grappled", False))
    return events


def _die(state: GameState, e: Entity) -> list[Event]:
    events = end_concentration(state, e) + _release_grapples(state, e)
    if readied(state, e) is not None:
        state.world.remove(e, Readied)
    state.world.add(e, Conditions())
    state.world.add(e, OutOfFight())
    return events


def deal_damage(state: GameState, dice: Dice, target: Entity, amount: int, kind: str, critical: bool = False,
                knockout: bool = False, slain: bool = False) -> list[Event]:
    """§4.2 and §3.1 in order: resistances, temporary HP, hit points, then what the damage leads to:
    dropping, a knockout, death saves or death, and the concentration save (§5.2)."""
    before = vitals(state, target)
    if slain:
        _set_vitals(state, target, slay(before))
        return [Damaged(target, before.hp + before.temp, kind, 0, 0, killed=True)] + _die(state, target)
    taken = adjusted_damage(amount, DamageType(kind), sheet(state, target).defences)
    harm = take_damage(before, taken, critical, knockout=knockout and before.hp > 0)
    after = harm.vitals
    killed = harm.killed or (harm.dropped and not sheet(state, target).hero)   # [5e] monsters die at 0 HP
    if killed:
        after = replace(after, dead=True)
    _set_vitals(state, target, after)
    events: list[Event] = [Damaged(target, harm.absorbed + harm.lost, kind, after.hp, after.temp,
                                   harm.dropped and not killed, harm.knocked_out, killed)]
    if killed:
        return events + _die(state, target)
    if harm.dropped or harm.knocked_out:
        return events + _fall_out(state, target)
    if harm.absorbed + harm.lost and concentration(state, target).spell:
        dc = spells.concentration_dc(harm.absorbed + harm.lost)
        total = roll_d20(dice).natural + sheet(state, target).mod("con")
        kept = spells.keeps_concentration(total, harm.absorbed + harm.lost)
        events.append(SavingThrow(target, "con", total, dc, kept))
        if not kept:
            events += end_concentration(state, target)
    if harm.lost:
        events += _drop(state, target, "hidden")
    return events


def _save(state: GameState, dice: Dice, e: Entity, ability: str, dc: int, bonus: int = 0) -> tuple[bool, SavingThrow]:
    """[5e] d20 + ability modifier (+ cover for Dexterity); Dex saves have advantage while Dodging (§2.1)."""
    mode = STRAIGHT
    if ability == "dex" and economy.dodge_works(budget(state, e), incapacitated(state, e), speed_ft(state, e)):
        mode = ADVANTAGE
    if ability in ("str", "dex") and incapacitated(state, e):
        event = SavingThrow(e, ability, 0, dc, False)    # [5e] unconscious: Str and Dex saves fail
        return False, event
    total = roll_d20(dice, mode).natural + sheet(state, e).mod(ability) + bonus
    return total >= dc, SavingThrow(e, ability, total, dc, total >= dc)


def _fall_if_dropped(state: GameState, dice: Dice, e: Entity, frm: Square, to: Square) -> list[Event]:
    side = state.space(e)[1]
    if state.world.get(e, Body).flying:
        return []
    ground = ground_of(state.battlefield)
    lost = ground.ground_ft(frm[0], frm[1], side) - ground.ground_ft(to[0], to[1], side)
    if lost < LEDGE_FT:
        return []
    damage = fall_damage(lost).roll(dice)
    events: list[Event] = [Fell(e, lost, damage)]
    if damage:
        events += deal_damage(state, dice, e, damage, "bludgeoning")
        if alive(state, e):
            events += _add(state, e, "prone")     # [5e] a creature that takes falling damage lands prone
    return events


def _reach_ft(state: GameState, e: Entity) -> int:
    """[5e] The creature's reach: its longest melee weapon still its own, 5 ft without one."""
    lost = _lost_weapons(state, e)
    return max((w.reach_ft for w in sheet(state, e).attacks if w.kind == MELEE and w.name not in lost), default=5)
