"""What happens where a creature comes to rest: a fall off a ledge (§20), then a map portal (§23); and a
forced movement placed square by square, with the save to catch itself at an edge (§20, §22)."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.events import ConditionGained, Event, SavingThrow, UnitFell, UnitForced, UnitTeleported
from game.rulesets.dnd4e.actions.harm import deal_damage
from game.core.dice import Dice
from game.core.grid import Square, footprint
from game.ecs.components import Condition, ForcedMovement, Position
from game.rulesets.dnd4e.effects import SAVE_DIE, SAVE_TARGET
from game.ecs.world import Entity
from game.rulesets.dnd4e.falling import FALL_DIE, fall_damage
from game.state import GameState
from game.rulesets.dnd4e.i18n import L_

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


def place_forced(state: GameState, forced: ForcedMovement, path: tuple[Square, ...], dice: Dice) -> list[Event]:
    """Move the target along the path; over a ledge it first rolls to catch itself (§20)."""
    target = forced.target
    if len(path) < 2:
        return []
    rules = state.move_rules(target)
    drop = rules.drop_ft(path[-2], path[-1])
    events: list[Event] = []
    if drop:
        natural = dice.roll(SAVE_DIE)
        caught = natural >= SAVE_TARGET
        events.append(SavingThrow(target, natural, caught, L_("to catch itself at the edge"), "4e §20"))
        if caught:
            # §20: it drops prone in the last square before the edge, and the forced movement ends.
            path, drop = path[:-1], 0
            events += _moved(state, forced, path)
            if not state.has_condition(target, PRONE):
                state.add_condition(target, Condition(PRONE))
                events.append(ConditionGained(target, PRONE, rule="4e §20"))
            return events
    events += _moved(state, forced, path)
    return events + arrive(state, target, dice, drop_ft=drop)


def _moved(state: GameState, forced: ForcedMovement, path: tuple[Square, ...]) -> list[Event]:
    if len(path) < 2:
        return []
    state.world.add(forced.target, Position(path[-1]))
    return [UnitForced(forced.by, forced.target, forced.kind, path)]
