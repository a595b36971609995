"""Attacks of opportunity (§5; AOO-01..12): threatened squares, the moves and actions that provoke, and who
may answer. Pure geometry over plain values; the engine decides who is able (armed, aware, not grappling)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.grid import Square, footprint, space_distance

Space = tuple[Square, int]

WALK, FIVE_FOOT_STEP, WITHDRAW, TELEPORT = "walk", "five_foot_step", "withdraw", "teleport"
MOVES = (WALK, FIVE_FOOT_STEP, WITHDRAW, TELEPORT)

# AOO-05, Table §4.2: whether the action itself provokes from every enemy threatening the actor's square
# (moving out of a threatened square is counted separately, AOO-02).
PROVOKING_ACTIONS: dict[str, bool] = {
    "melee attack": False, "ranged attack": True, "aid another": False, "bull rush": False, "escape grapple": False,
    "ready": False, "stabilize": True, "attack an object": False, "total defense": False, "move": True,
    "draw weapon": False, "holster weapon": True, "pick up": True, "reload box magazine": True, "stand up": True,
    "charge": False, "coup de grace": True, "full attack": False, "run": True, "withdraw": False,
    "reload internal magazine": True, "drop prone": False, "delay": False, "five-foot step": False,
    "disarm": True, "grapple": True, "throw explosive": True, "autofire": True, "knockout blow": True,
}

# Conditions under which a creature threatens nothing (AOO-08 and the query contract).
NO_THREAT = ("dazed", "flat_footed", "grappling", "helpless", "stunned", "unconscious")


@dataclass(frozen=True)
class Watcher:
    """An enemy of the mover, as attacks of opportunity see it."""

    key: int                 # the entity id
    space: Space
    able: bool               # threatens (AOO-01, AOO-08) and has its attack of opportunity left (AOO-07)


def threatens(watcher_space: Space, square: Square, mover_side: int = 1) -> bool:
    """AOO-01: a creature threatens every square adjacent to its space (a normal weapon reaches 5 ft)."""
    return space_distance(watcher_space[0], watcher_space[1], square, mover_side) == 1


def threatened_squares(space: Space, width: int, height: int) -> list[Square]:
    """AOO-01: the squares around a space, on the map, sorted by x then y (shown on demand)."""
    (x0, y0), side = space
    own = set(footprint(*space))
    return sorted((x, y) for x in range(x0 - 1, x0 + side + 1) for y in range(y0 - 1, y0 + side + 1)
                  if 0 <= x < width and 0 <= y < height and (x, y) not in own)


def provocations(path: Sequence[Square], mover_side: int, watchers: Sequence[Watcher], move: str = WALK) -> list[tuple[int,
        Watcher]]:
    """AOO-02, AOO-03, AOO-07, AOO-10: each (step index, watcher) where leaving ``path[index]`` for the next
    square provokes, in path order, at most once per watcher. Entering threat never provokes; a 5-foot step
    and a teleport never do; a withdraw does not on leaving its first square."""
    if move in (FIVE_FOOT_STEP, TELEPORT):
        return []
    found: list[tuple[int, Watcher]] = []
    provoked: set[int] = set()
    for index, square in enumerate(path[:-1]):
        if move == WITHDRAW and index == 0:
            continue
        for watcher in watchers:
            if watcher.able and watcher.key not in provoked and threatens(watcher.space, square, mover_side):
                provoked.add(watcher.key)
                found.append((index, watcher))
    return found


def provoked_by_action(action: str, actor_space: Space, watchers: Sequence[Watcher]) -> list[Watcher]:
    """AOO-04, AOO-05, AOO-11: the able enemies threatening the actor's square when it takes a provoking action."""
    if not PROVOKING_ACTIONS.get(action, False):
        return []
    square, side = actor_space
    return [w for w in watchers if w.able and threatens(w.space, square, side)]


def unarmed_provokes(attacker_armed: bool, target_armed: bool) -> bool:
    """AOO-06: an unarmed attack provokes from its target alone, only when the target is armed and the
    attacker is not (claws, fangs or Combat Martial Arts count as armed)."""
    return target_armed and not attacker_armed
