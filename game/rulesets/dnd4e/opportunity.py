"""Who may make an opportunity attack against a moving creature (4e-combat.md §25.13, [A47])."""

from __future__ import annotations

from game.core.grid import Square, are_adjacent
from game.ecs.world import Entity
from game.rulesets.dnd4e.situation import can_see
from game.state import GameState

WALK, SHIFT, TELEPORT = "walk", "shift", "teleport"
# §9, §25.13: creatures that cannot take opportunity actions.
NO_OPPORTUNITY_ACTIONS = ("dazed", "dominated", "stunned", "surprised", "unconscious", "dying", "petrified", "helpless")


def can_take_opportunity_actions(state: GameState, entity: Entity) -> bool:
    return not state.has_any_condition(entity, NO_OPPORTUNITY_ACTIONS)


def provokers(state: GameState, mover: Entity, path: tuple[Square, ...], move: str) -> list[Entity]:
    """Enemies that may attack the mover during a move along ``path``, in the order they are provoked.

    §25.13: leaving a square adjacent to an enemy provokes it, once per turn; shifting, teleporting and
    forced movement never provoke; the enemy must be able to act and see the mover. [A47]: every step
    that starts next to the enemy counts, for creatures of any size.
    """
    if move in (SHIFT, TELEPORT):
        return []
    side = state.space(mover)[1]
    provoked: list[Entity] = []
    candidates = [(e, state.space(e)) for e in state.standing() if e != mover and state.are_enemies(mover, e)
                  and can_take_opportunity_actions(state, e)]
    # Sight is the costly test, so it waits until an enemy is next to a square the mover leaves;
    # each enemy is judged once, and the answer is the same whichever square asks first.
    sees: dict[Entity, bool] = {}
    for frm in path[:-1]:
        for enemy, space in candidates:
            if enemy not in provoked and are_adjacent(frm, side, *space):
                if enemy not in sees:
                    sees[enemy] = can_see(state, enemy, mover)
                if sees[enemy]:
                    provoked.append(enemy)
    return provoked
