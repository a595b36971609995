"""Teleport: a power moves its user instantly to a square it can see (4e-combat.md §23)."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.commands import Rejected, Teleport
from game.rulesets.dnd4e.actions.common import check_actor, lacks_action, power_spent, use_power
from game.rulesets.dnd4e.actions.events import ConditionEnded, Event, UnitTeleported
from game.core.bfcache import BoundedCache, built_once
from game.core.dice import Dice
from game.core.grid import Square
from game.core.teleport import teleport_reaches
from game.ecs.components import Position, TeleportPower
from game.ecs.world import Entity
from game.state import GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_

TELEPORTS_KEPT = 1024    # teleport destinations remembered per battlefield (teleport_squares)
GRABBED = "grabbed"     # §23: teleporting away ends a grab (a physical, location-bound hold)


def teleport_power(state: GameState, actor: Entity, name: str) -> TeleportPower | None:
    return next((p for p in state.arsenal(actor).teleports if p.name == name), None)


def teleport_squares(state: GameState, actor: Entity, power: TeleportPower) -> list[Square]:
    """Every top-left square the power can take its user to now, for the overlay and the check alike."""
    return list(teleport_destinations(state, actor, power))


def teleport_destinations(state: GameState, actor: Entity, power: TeleportPower) -> tuple[Square, ...]:
    """``teleport_squares`` as the tuple kept for them: the answer depends on the battlefield, the user's space,
    the reach and the taken squares a destination could cover, so it is kept per battlefield under those (the
    computer asks again at each decision, and keeps what it makes of them while the same tuple comes back)."""
    occupied = state.squares_taken(but=actor)
    space = state.space(actor)
    reach = power.squares
    (x0, y0), side = space
    x1, y1 = x0 + reach + side - 1, y0 + reach + side - 1
    near = tuple(sorted(q for q in occupied if x0 - reach <= q[0] <= x1 and y0 - reach <= q[1] <= y1))
    kept = built_once(state.battlefield, teleport_squares, BoundedCache, TELEPORTS_KEPT)
    key = (space, reach, near)
    found = kept.get(key)
    if found is None:
        found = kept.put(key, tuple((x, y) for y in range(y0 - reach, y0 + reach + 1) for x in range(x0 - reach, x0 + reach + 1)
                                    if (x, y) != space[0] and teleport_reaches(state.battlefield, space, (x, y), reach, occupied)))
    return found


def validate_teleport(state: GameState, command: Teleport) -> Rejected | None:
    """§23: the destination must be seen, free and standable; immobilized and restrained do not stop it."""
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    power = teleport_power(state, command.actor, command.power)
    if power is None:
        return Rejected(L_('{actor} has no teleport power called {power!r}', actor=named(state.name(command.actor)), power=command.power))
    if power_spent(state, command.actor, power.name):
        return Rejected(L_('the {power} is an encounter power and has been used', power=power.name), "4e §25.23")
    if (lacking := lacks_action(state, command.actor, power.action)) is not None:
        return lacking
    occupied = state.squares_taken(but=command.actor)
    if not teleport_reaches(state.battlefield, state.space(command.actor), command.destination, power.squares, occupied):
        return Rejected(L_('the {power} reaches only free squares within {squares} that {actor} can see',
                power=power.name, squares=power.squares, actor=named(state.name(command.actor))), "4e §23")
    return None


def apply_teleport(state: GameState, command: Teleport, dice: Dice) -> list[Event]:
    power = teleport_power(state, command.actor, command.power)
    assert power is not None
    use_power(state, command.actor, power.name, power.action, power.usage)
    start = state.square(command.actor)
    state.world.add(command.actor, Position(command.destination))
    events: list[Event] = [UnitTeleported(command.actor, start, command.destination, power.name)]
    if state.has_condition(command.actor, GRABBED):
        state.remove_condition(command.actor, GRABBED)
        events.append(ConditionEnded(command.actor, GRABBED, "4e §23"))
    return events
