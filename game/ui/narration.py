"""Plain-language lines for the combat log, built from events (no pygame: testable headless)."""

from __future__ import annotations

from game.actions.events import (
    AttackRolled, DamageDealt, Event, InitiativeRolled, RoundStarted, SkirmishWon, TurnEnded, TurnStarted,
    UnitBloodied, UnitDowned, UnitMoved,
)
from game.state import GameState

DEFENSE_NAMES = {"ac": "AC", "fortitude": "Fortitude", "reflex": "Reflex", "will": "Will"}


def narrate(event: Event, state: GameState, side_labels: dict[str, str]) -> str | None:
    """One log line for an event, or None for events the log does not show."""
    name = state.name
    if isinstance(event, InitiativeRolled):
        return f"{name(event.entity)} rolls initiative: {event.natural} + {event.bonus} = {event.natural + event.bonus}"
    if isinstance(event, RoundStarted):
        return f"Round {event.round} begins."
    if isinstance(event, TurnStarted):
        side = side_labels.get(state.side(event.entity), state.side(event.entity))
        return f"{name(event.entity)}'s turn ({side})."
    if isinstance(event, UnitMoved):
        slot = {"move": "", "standard": " (standard action used as a move)"}.get(event.slot, f" ({event.slot})")
        return f"{name(event.entity)} walks {event.cost} square{'s' if event.cost != 1 else ''}{slot}."
    if isinstance(event, AttackRolled):
        parts = [str(event.natural), *(f"{m.value:+d} ({m.reason})" for m in event.modifiers)]
        roll = " + ".join([parts[0], str(event.bonus)]) + "".join(f" {p}" for p in parts[1:])
        verb = "critically hits" if event.critical else ("hits" if event.hit else "misses")
        kind = " (opportunity attack)" if event.opportunity else ""
        note = " (natural 20)" if event.natural == 20 and not event.critical else ""
        note = " (natural 1)" if event.natural == 1 else note
        return (f"{name(event.attacker)}{kind} {verb} {name(event.target)} with the {event.attack}: "
                f"{roll} = {event.total} vs {DEFENSE_NAMES[event.defense]} {event.defense_value}{note}")
    if isinstance(event, DamageDealt):
        how = "maximum damage, critical" if event.critical else "+".join(str(f) for f in event.faces) + " on the dice"
        return f"{name(event.target)} takes {event.amount} damage ({how}); {max(event.hp_after, 0)} HP left."
    if isinstance(event, UnitBloodied):
        return f"{name(event.entity)} is bloodied!"
    if isinstance(event, UnitDowned):
        return f"{name(event.entity)} drops and is out of the fight."
    if isinstance(event, TurnEnded):
        return None
    if isinstance(event, SkirmishWon):
        return f"{side_labels.get(event.side, event.side)} win the skirmish!" if event.side else "The skirmish is a draw."
    return None
