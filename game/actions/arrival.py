"""What happens where a creature comes to rest: a fall off a ledge (§20), then a map portal (§23)."""

from __future__ import annotations

from game.actions.events import ConditionGained, Event, UnitFell, UnitTeleported
from game.actions.harm import deal_damage
from game.core.dice import Dice
from game.core.grid import footprint
from game.ecs.components import Condition, Position
from game.ecs.world import Entity
from game.rulesets.dnd4e.falling import FALL_DIE, fall_damage
from game.state import GameState

PRONE = "prone"


def fall(state: GameState, entity: Entity, height_ft: int, dice: Dice) -> list[Event]:
    """§20: 1d10 per full 10 ft; the creature lands prone unless the fall dealt no damage."""
    damage = fall_damage(height_ft)
    faces = tuple(dice.roll(FALL_DIE) for _ in range(damage.dice))
    amount = sum(faces) + damage.flat
    events: list[Event] = [UnitFell(entity, height_ft, damage.expression, faces, damage.flat)]
    if amount <= 0:
        return events
    events += deal_damage(state, entity, amount, faces, cause="fall")
    if state.conscious(entity) and not state.has_condition(entity, PRONE):
        state.add_condition(entity, Condition(PRONE))
        events.append(ConditionGained(entity, PRONE, rule="4e §20"))
    return events


def through_portal(state: GameState, entity: Entity) -> list[Event]:
    """A creature whose space rests on a portal square comes out on the paired square, the same part
    of its space on the exit, if that space is free and open (docs/rulings.md); otherwise it stays."""
    top_left, side = state.space(entity)
    bf = state.battlefield
    for square in footprint(top_left, side):
        exit_square = bf.portal_exit(square)
        if exit_square is None:
            continue
        landing = (top_left[0] + exit_square[0] - square[0], top_left[1] + exit_square[1] - square[1])
        others = state.squares_taken(but=entity)
        if all(bf.in_bounds(s) and not bf.at(s).solid and s not in others for s in footprint(landing, side)):
            state.world.add(entity, Position(landing))
            return [UnitTeleported(entity, top_left, landing, "portal")]
        return []
    return []


def arrive(state: GameState, entity: Entity, dice: Dice, drop_ft: int = 0) -> list[Event]:
    """The end of a move or of forced movement: fall first, then a portal if the creature still stands."""
    events = fall(state, entity, drop_ft, dice) if drop_ft else []
    if state.conscious(entity) and state.hp(entity) > 0:
        events += through_portal(state, entity)
    return events
