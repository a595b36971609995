"""After damage: bloodied and out of the fight (4e-combat.md §26.1; dying arrives with §27)."""

from __future__ import annotations

from game.actions.events import DamageDealt, Event, UnitBloodied, UnitDowned
from game.ecs.components import OutOfFight
from game.rulesets.dnd4e.attacks import is_bloodied
from game.state import GameState


def health_system(state: GameState, events: list[Event]) -> list[Event]:
    out: list[Event] = []
    for event in events:
        if not isinstance(event, DamageDealt) or state.world.has(event.target, OutOfFight):
            continue
        max_hp = state.stats(event.target).max_hp
        before = event.hp_after + event.amount
        if is_bloodied(event.hp_after, max_hp) and not is_bloodied(before, max_hp) and event.hp_after > 0:
            out.append(UnitBloodied(event.target))
        if event.hp_after <= 0:
            state.world.add(event.target, OutOfFight())
            out.append(UnitDowned(event.target))
    return out
