"""The action bar's choices for the acting creature, each with why it cannot be used now (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass

from game.actions.commands import DropProne, EndSqueeze, Rejected, StandUp
from game.actions.common import check_actor, power_spent
from game.actions.door import validate
from game.actions.move import CRAWL, RUN, SQUEEZE, WALK, move_blocker
from game.ecs.components import Body
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import STANDARD, spend
from game.rulesets.dnd4e.opportunity import SHIFT
from game.state import SQUEEZING, GameState

MOVE_LABELS = {WALK: "Walk", RUN: "Run", SHIFT: "Shift", CRAWL: "Crawl", SQUEEZE: "Squeeze"}


@dataclass(frozen=True)
class Choice:
    """One button: ``key`` is a move mode, "stand", "prone", "unsqueeze", "power:NAME" or "teleport:NAME"."""

    key: str
    label: str
    blocked: Rejected | None
    instant: bool = False      # acts at once when picked instead of choosing a square or target

    @property
    def power(self) -> str:
        return self.key.split(":", 1)[1] if ":" in self.key else ""


def choices(state: GameState, actor: Entity) -> list[Choice]:
    """Moves first, then stances, then powers, in a fixed order so number keys stay put."""
    prone = state.has_condition(actor, "prone")
    squeezing = state.has_condition(actor, SQUEEZING)
    large = state.world.get(actor, Body).size.side_squares > 1
    modes = [CRAWL] if prone else ([SQUEEZE] if squeezing else [WALK, RUN, SHIFT] + ([SQUEEZE] if large else []))
    found = [Choice(mode, MOVE_LABELS[mode], move_blocker(state, actor, mode)) for mode in modes]
    if prone:
        found.append(Choice("stand", "Stand up", validate(state, StandUp(actor)), instant=True))
    else:
        found.append(Choice("prone", "Drop prone", validate(state, DropProne(actor)), instant=True))
    if squeezing:
        found.append(Choice("unsqueeze", "End squeeze", validate(state, EndSqueeze(actor)), instant=True))
    arsenal = state.arsenal(actor)
    for attack in arsenal.attacks:
        if not attack.basic and attack.action not in ("interrupt", "reaction"):
            found.append(Choice(f"power:{attack.name}", attack.name,
                                _power_blocker(state, actor, attack.name, attack.action, attack.usage, attack.uses)))
    for teleport in arsenal.teleports:
        found.append(Choice(f"teleport:{teleport.name}", teleport.name,
                            _power_blocker(state, actor, teleport.name, teleport.action, teleport.usage, teleport.uses)))
    return found


def _power_blocker(state: GameState, actor: Entity, name: str, action: str, usage: str, uses: int) -> Rejected | None:
    if (rejection := check_actor(state, actor)) is not None:
        return rejection
    if power_spent(state, actor, name, usage, uses):
        return Rejected(f"the {name} is an encounter power and has been used", "4e §25.23")
    if spend(state.turn.actions, action) is None:
        return Rejected(f"{state.name(actor)} has no {action} action left", "4e §3")
    return None
