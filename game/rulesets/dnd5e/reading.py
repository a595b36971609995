"""Reading the 5e-house world: a creature's sheet, vitals, budget, slots, hands and weapons, the round, what
waits for an answer, and the odds of an attack as the rules see them (pure: nothing here writes)."""

from __future__ import annotations

from typing import Any

from game.core.dice import DiceExpr
from game.ecs.components import Body, OutOfFight
from game.ecs.world import Entity
from game.rulesets.dnd5e import economy, spells
from game.rulesets.dnd5e.components import (
    Dropped, HelpInForce, Helped, PendingStrike, Readied, Round, Sheet, Spell, Weapon, Zone,
)
from game.rulesets.dnd5e.movement import Bystander, FeetRules, Walker
from game.rulesets.dnd5e.situation import Odds, cannot_move, incapacitated, odds
from game.rulesets.dnd5e.vitality import Vitals
from game.state import GameState

Event = Any
HEALING_POTION = DiceExpr(2, 4, 2)      # [5e] a potion of healing
HEROISM_TEMP_HP = 10                    # [5e] a potion of heroism: 10 temporary HP for an hour
POTIONS = ("healing", "heroism")


def sheet(state: GameState, e: Entity) -> Sheet:
    return state.world.get(e, Sheet)


def vitals(state: GameState, e: Entity) -> Vitals:
    return state.world.get(e, Vitals)


def budget(state: GameState, e: Entity) -> economy.Budget:
    return state.world.get(e, economy.Budget)


def slots(state: GameState, e: Entity) -> spells.SpellSlots:
    return state.world.get(e, spells.SpellSlots)


def round_of(state: GameState) -> Round:
    return state.world.resource(Round)


def pending(state: GameState) -> PendingStrike | None:
    return state.world.maybe_resource(PendingStrike)


def decider(state: GameState) -> Entity:
    """The creature whose controller must act now: one offered an opportunity attack, or the creature
    whose turn it is."""
    strike = pending(state)
    return strike.reactors[0] if strike is not None else round_of(state).current


def alive(state: GameState, e: Entity) -> bool:
    return not state.world.has(e, OutOfFight)


def awake(state: GameState, e: Entity) -> bool:
    return alive(state, e) and not vitals(state, e).unconscious


def speed_ft(state: GameState, e: Entity) -> int:
    """R004-SA-03: grappled and restrained creatures have speed 0, as do the incapacitated."""
    return 0 if cannot_move(state, e) else sheet(state, e).speed_ft


def weapon_named(state: GameState, e: Entity, name: str) -> Weapon | None:
    return next((w for w in sheet(state, e).attacks if w.name == name), None)


def spell_named(state: GameState, e: Entity, key: str) -> Spell | None:
    return next((s for s in sheet(state, e).spells if s.key == key), None)


def dropped(state: GameState, e: Entity) -> list[tuple[Entity, Dropped]]:
    """The creature's weapons lying on the ground (knocked away by a disarm, R004-SA-05)."""
    return [(entity, d) for entity, d in state.world.query(Dropped) if d.owner == e]


def readied(state: GameState, e: Entity) -> Readied | None:
    """The action the creature holds with Ready (§2.1), if any."""
    return state.world.maybe(e, Readied)


def feet_rules(state: GameState, e: Entity) -> FeetRules:
    """§2.3: the creature walking (crawling while prone) among every other creature on the battlefield."""
    body = state.world.get(e, Body)
    walker = Walker(state.square(e), body.size, state.side(e), body.flying)
    others = [Bystander(state.square(o), state.world.get(o, Body).size, state.side(o), incapacitated(state, o))
              for o in state.standing() if o != e]
    return FeetRules(state.battlefield, walker, others, burdens=1 if state.has_condition(e, "prone") else 0)


def concentration(state: GameState, e: Entity) -> spells.Concentration:
    return state.world.maybe(e, spells.Concentration) or spells.Concentration()


def _helped(state: GameState) -> tuple[Helped, ...]:
    return (state.world.maybe_resource(HelpInForce) or HelpInForce()).entries


def _zones(state: GameState) -> tuple[Zone, ...]:
    return tuple(z for _, z in state.world.query(Zone))


def attack_edges(state: GameState, attacker: Entity, target: Entity, weapon_kind: str, beyond: bool = False) -> Odds:
    """Every source of advantage and disadvantage on one attack, an ally's Help and the target's Dodge
    included (the battle screen's forecast lists these)."""
    side = state.side(attacker)
    helped = any(h.side == side and h.target == target and h.until != attacker for h in _helped(state))
    target_budget = budget(state, target)
    dodging = economy.dodge_works(target_budget, incapacitated(state, target), speed_ft(state, target))
    return odds(state, attacker, target, weapon_kind, beyond, helped=helped, dodging=dodging)


def attack_odds(state: GameState, attacker: Entity, target: Entity, weapon_kind: str, beyond: bool = False) -> str:
    """Advantage, disadvantage or a straight roll for one attack (the preview and the attack use this)."""
    return attack_edges(state, attacker, target, weapon_kind, beyond).result


def _lost_weapons(state: GameState, e: Entity) -> tuple[str, ...]:
    """Weapons knocked to the ground (picked up again with the object interaction) or broken (for good)."""
    return tuple(d.weapon for _, d in dropped(state, e)) + \
        tuple(c.source for c in state.conditions(e).named("weapon broken"))
