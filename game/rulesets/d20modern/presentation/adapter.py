"""What the shared drawing asks of d20-modern (game.engine.protocol.Presenter): whose decision it is, the round,
the initiative order, hit points, condition badges, and the animations of its events. The battle screen's
controls for this ruleset are not written yet (docs/rulesets.md); this is what the drawing and replays need."""

from __future__ import annotations

from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.cues import (
    CONDITION_COLOUR, DOWN_COLOUR, NOTE_COLOUR, SAVE_COLOUR, WITH_CAUSE, AreaFlash, Cue, Death, Hurt, Motion, Note,
    Strike,
)
from game.rulesets.d20modern import engine, injury
from game.rulesets.d20modern.commands import (
    ActionTaken, AreaFired, AttackRolled, ConditionChanged, Damaged, Moved, ObjectDamaged, Pushed, SavingThrow,
    StateChanged, Stepped, Thrown,
)
from game.rulesets.d20modern.turns import round_of
from game.state import GameState

# Two letters per condition for the token's badges, and whether it hurts its bearer.
BADGES = {"flat_footed": ("FF", True), "prone": ("PR", True), "grappling": ("GR", True), "pinned": ("PN", True),
          "total_defense": ("TD", False), "fighting_defensively": ("FD", False), "charging": ("CH", True),
          "running": ("RN", False), "aided_attack": ("AI", False), "aided_defense": ("AI", False)}

def decider(state: GameState) -> Entity:
    """Whose controller must answer now (an enemy offered an attack of opportunity), else whose turn it is."""
    return engine.decider(state)


def round_number(state: GameState) -> int:
    return round_of(state).number


def round_label(state: GameState) -> str:
    r = round_of(state)
    return "Surprise round" if r.surprise else f"Round {r.number}"


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """The initiative order of the round (INIT-03; the surprise round's has only the aware) and whose turn it is."""
    r = round_of(state)
    return r.order, r.index


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    """(hit points, maximum, 0): d20 Modern has no temporary hit points."""
    v = state.world.get(entity, injury.Vitals)
    return v.hp, v.max_hp, 0


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    shown: list[tuple[str, bool]] = []
    for entry in state.conditions(entity).entries:
        label = BADGES.get(entry.name, (entry.name[:2].upper(), True))
        if label not in shown:
            shown.append(label)
    v = state.world.maybe(entity, injury.Vitals)
    if v is not None and injury.state_of(v) not in ("fine", "dead"):
        shown.append((injury.state_of(v)[:2].upper(), True))
    return tuple(shown)


def delayed(state: GameState, entity: Entity) -> bool:
    """A delay moves the creature in the order at once (INI-01): it is never shown waiting."""
    return False


def animation_cues(events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    """Walks, steps and pushes along their paths, attack rolls, damage (a critical marked "!"), saves, the
    autofire square and a grenade's burst lit, states reached (disabled, dying, dead), conditions gained."""
    cues: list[Cue] = []
    previous: Any = None
    for event in events:
        if isinstance(event, (Moved, Pushed)):
            cues.append(Motion(((event.entity, event.path),)))
        elif isinstance(event, Stepped):
            cues.append(Motion(((event.entity, (event.frm, event.to)),)))
        elif isinstance(event, AttackRolled):
            cues.append(Strike(event.target, event.hit))
        elif isinstance(event, Damaged):
            critical = isinstance(previous, AttackRolled) and previous.target == event.target and previous.critical
            cues.append(Hurt(event.target, event.amount, critical))
        elif isinstance(event, StateChanged):
            cues.append(Death(event.entity) if event.state == "dead" else Note(event.entity, event.state, DOWN_COLOUR,
                    WITH_CAUSE))
        elif isinstance(event, SavingThrow):
            cues.append(Note(event.entity, "{save} save {total}".format(save=event.save, total=event.total),
                             SAVE_COLOUR if event.success else DOWN_COLOUR))
        elif isinstance(event, (AreaFired, Thrown)):
            cues.append(AreaFlash(tuple(event.squares)))
        elif isinstance(event, ConditionChanged) and event.added:
            cues.append(Note(event.entity, event.condition.replace("_", " "), CONDITION_COLOUR, WITH_CAUSE))
        elif isinstance(event, ActionTaken):
            cues.append(Note(event.entity, event.action if event.succeeded else event.action + ": failed", NOTE_COLOUR))
        elif isinstance(event, ObjectDamaged):
            cues.append(Note(event.entity, "object broken" if event.broken else "object hit" if event.hit else "miss",
                             NOTE_COLOUR))
        previous = event
    return cues
