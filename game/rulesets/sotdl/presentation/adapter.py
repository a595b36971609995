"""The sotdl-house screen adapter (no pygame): whose decision it is, the round and why this side or creature
holds the initiative, the sides' order, Health, condition badges and the animation cues of its events."""

from __future__ import annotations

from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.badges import badge, harmful
from game.engine.cues import (
    CONDITION_COLOUR, DOWN_COLOUR, HEAL_COLOUR, NOTE_COLOUR, WITH_CAUSE, Cue, Death, Fall, Hurt, Motion, Note, Strike,
)
from game.rulesets.sotdl import forecast
from game.rulesets.sotdl.commands import (
    AfflictionChanged, AttackResolved, Damaged, Fell, Healed, ItemDamaged, Moved, Pushed, Rolled,
)
from game.rulesets.sotdl.components import Sheet
from game.rulesets.sotdl.rounds import creatures, current_creature, decider, round_of
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState

__all__ = ["animation_cues", "badges", "decider", "delayed", "hit_points", "round_label", "round_number", "turn_order"]
MISSED = ("miss", "dodged", "blocked", "parried", "thrown", "flipped", "disarmed", "jumped")


def round_number(state: GameState) -> int:
    return round_of(state).number


def round_label(state: GameState) -> str:
    """"Round 2 · Orc 2 was attacked: Orc 2's move" (R2, R4)."""
    text, values = forecast.banner(state)
    return f"Round {round_of(state).number} · " + text.format(**values)


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """The creatures side by side in initiative order, and the index of the one holding the initiative."""
    now = round_of(state)
    ordered = tuple(e for side in now.order for e in creatures(state) if state.side(e) == side)
    holder = current_creature(state)
    return ordered, ordered.index(holder) if holder in ordered else 0


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    """(Health left, Health, 0): damage counts up (§5), shown as what is left of Health."""
    vitals = state.world.get(entity, Vitals)
    return vitals.health - vitals.damage, vitals.health, 0


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    """Each affliction once, as (badge, harmful), then the AP left as "2AP" (its pips)."""
    shown: list[tuple[str, bool]] = []
    for entry in state.conditions(entity).entries:
        label = (badge(entry), harmful(entry) or entry.name in ("incapacitated", "defenseless", "parried", "frightened"))
        if label not in shown:
            shown.append(label)
    left, _per_round, passed = forecast.ap_pips(state, entity)
    shown.append((f"{left}AP" + ("·" if passed else ""), left == 0))
    return tuple(shown)


def delayed(state: GameState, entity: Entity) -> bool:
    return False


def animation_cues(events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    """Walks and pushes along their paths, hits and misses, damage, deaths, items hurt, falls, afflictions."""
    cues: list[Cue] = []
    for event in events:
        if isinstance(event, (Moved, Pushed)):
            who = event.actor if isinstance(event, Moved) else event.target
            cues.append(Motion(((who, event.path),)))
        elif isinstance(event, AttackResolved):
            cues.append(Strike(event.target, event.outcome not in MISSED))
            if event.outcome in MISSED[1:]:
                cues.append(Note(event.target, event.outcome, NOTE_COLOUR, WITH_CAUSE))
        elif isinstance(event, Damaged):
            cues.append(Hurt(event.target, event.amount, event.instant))
            if event.dead:
                cues.append(Death(event.target))
            elif event.incapacitated:
                cues.append(Note(event.target, "incapacitated", DOWN_COLOUR, WITH_CAUSE))
        elif isinstance(event, ItemDamaged):
            cues.append(Note(event.owner, f"{event.item} -{event.amount}" + (" broken" if event.broken else ""),
                             DOWN_COLOUR if event.broken else NOTE_COLOUR, WITH_CAUSE))
        elif isinstance(event, Healed):
            cues.append(Note(event.target, f"+{event.amount}", HEAL_COLOUR, WITH_CAUSE))
        elif isinstance(event, Fell):
            cues.append(Fall(event.actor, f"falls {event.yards} yd" + (f": {len(event.dice)}d6" if event.dice else "")))
        elif isinstance(event, AfflictionChanged) and event.added:
            cues.append(Note(event.target, event.name, CONDITION_COLOUR, WITH_CAUSE))
        elif isinstance(event, Rolled) and event.what not in ("hit",):
            cues.append(Note(event.actor, f"{event.what.replace('_', ' ')} {event.total}", NOTE_COLOUR))
    return cues


def sheet_line(state: GameState, entity: Entity) -> str:
    """One line for the card: Defense, armor, AP."""
    sheet = state.world.get(entity, Sheet)
    armor = f", {sheet.armor.name} {sheet.armor.value}" if sheet.armor else ""
    left, per_round, _ = forecast.ap_pips(state, entity)
    return f"Defense {sheet.defense}{armor}, AP {left}/{per_round}"
