"""The sotdl-house screen adapter (no pygame), what the one battle screen asks (game.engine.protocol.Presenter):
whose decision it is, the round and why this side or creature holds the initiative, the sides' order, Health,
condition badges, the animation and sound cues of its events, and the controls (presentation/controls.py)."""

from __future__ import annotations

from typing import Any

from game.core.battlefield import Battlefield
from game.core.grid import Square
from game.ecs.components import Appearance, Body, Conditions, Name, OutOfFight, Outcome, Position, Team
from game.ecs.world import Entity
from game.engine.badges import badge, harmful
from game.engine.cues import (
    CONDITION_COLOUR, DOWN_COLOUR, HEAL_COLOUR, NOTE_COLOUR, WITH_CAUSE, Cue, Death, Fall, Hurt, Motion, Note, Strike,
)
from game.engine.controls import Controls, Screen
from game.engine.rosters import Roster
from game.match import rosters_in_play as in_play
from game.rulesets.sotdl import forecast
from game.rulesets.sotdl.commands import (
    AfflictionChanged, AttackResolved, Damaged, Fell, Healed, ItemDamaged, Moved, Pushed, Rolled,
)
from game.rulesets.sotdl.components import (
    ActionPoints, Gear, Initiative, PendingArea, PendingDefense, PendingFreeAttack, Sheet,
)
from game.rulesets.sotdl.i18n import N_, _
from game.rulesets.sotdl.presentation.controls import ControlsSotdl
from game.rulesets.sotdl.presentation.narration import (
    AFFLICTIONS, SILENT, SOUNDS, TESTS, gear_name, round_label, sound_cues,
)
from game.rulesets.sotdl.rounds import creatures, current_creature, decider, round_of
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState

__all__ = ["SILENT", "SOUNDS", "animation_cues", "badges", "controls", "decider", "delayed", "drawn_types",
           "hit_points", "rosters_in_play", "round_label", "round_number", "turn_order"]
MISSED = ("miss", "dodged", "blocked", "parried", "thrown", "flipped", "disarmed", "jumped")
OUTCOMES = {"dodged": N_("dodged"), "blocked": N_("blocked"), "parried": N_("parried"), "thrown": N_("thrown"),
            "flipped": N_("backflip"), "disarmed": N_("disarmed"), "jumped": N_("leapt clear")}


def round_number(state: GameState) -> int:
    return round_of(state).number


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """Who holds the initiative first, then the sides in initiative order from the side whose move it is (R2):
    side initiative has no fixed turn order, so the tracker shows no next-round marker."""
    now = round_of(state)
    start = now.order.index(now.side) if now.side in now.order else 0
    sides = now.order[start:] + now.order[:start]
    holder = current_creature(state)
    ordered = [e for side in sides for e in creatures(state) if state.side(e) == side and e != holder]
    return (holder, *ordered), 0


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
    shown.append((_("{n}AP").format(n=left) + ("·" if passed else ""), left == 0))
    return tuple(shown)


def delayed(state: GameState, entity: Entity) -> bool:
    return False


def animation_cues(events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    """Walks and pushes along their paths, hits and misses, damage, deaths, items hurt or broken, falls,
    afflictions, each followed by its sounds (narration.SOUNDS)."""
    cues: list[Cue] = []
    for event, sounds in zip(events, sound_cues(events, state), strict=True):
        if isinstance(event, (Moved, Pushed)):
            who = event.actor if isinstance(event, Moved) else event.target
            cues.append(Motion(((who, event.path),)))
        elif isinstance(event, AttackResolved):
            cues.append(Strike(event.target, event.outcome not in MISSED))
            if event.outcome in OUTCOMES:
                cues.append(Note(event.target, _(OUTCOMES[event.outcome]), NOTE_COLOUR, WITH_CAUSE))
        elif isinstance(event, Damaged):
            cues.append(Hurt(event.target, event.amount, event.instant))
            if event.dead:                 # incapacitation floats with its affliction
                cues.append(Death(event.target))
        elif isinstance(event, ItemDamaged):
            item = gear_name(event.item)
            words = _("{item} broken").format(item=item) if event.broken else f"{item} -{event.amount}"
            cues.append(Note(event.owner, words, DOWN_COLOUR if event.broken else NOTE_COLOUR, WITH_CAUSE))
        elif isinstance(event, Healed):
            cues.append(Note(event.target, f"+{event.amount}", HEAL_COLOUR, WITH_CAUSE))
        elif isinstance(event, Fell):
            words = _("falls {n} yd").format(n=event.yards) + (f": {len(event.dice)}d6" if event.dice else "")
            cues.append(Fall(event.actor, words))
        elif isinstance(event, AfflictionChanged) and event.added:
            cues.append(Note(event.target, _(AFFLICTIONS.get(event.name, event.name)), CONDITION_COLOUR, WITH_CAUSE))
        elif isinstance(event, Rolled) and event.what != "hit":
            what = TESTS.get(event.what) or event.what.replace("_", " ")
            cues.append(Note(event.actor, f"{_(what)} {event.total}", NOTE_COLOUR))
        cues += sounds
    return cues


def controls(screen: Screen) -> Controls:
    return ControlsSotdl(screen)


def drawn_types() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """What the screen reads of the world: a change to any of these redraws it."""
    return ((Name, Team, Position, Body, Appearance, OutOfFight, Conditions, Vitals, ActionPoints, Gear, Sheet),
            (Initiative, Outcome, PendingDefense, PendingFreeAttack, PendingArea))


def rosters_in_play(bf: Battlefield, rosters: list[Roster]) -> list[Roster]:
    return in_play(bf, rosters)

