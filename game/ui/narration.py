"""Plain-language lines for the combat log, built from events (no pygame: testable headless)."""

from __future__ import annotations

from game.actions.events import (
    AreaPlaced, AttackRolled, ConditionEnded, ConditionGained, DamageDealt, Event, ForcedMovementEarned,
    InitiativeRolled, OfferDeclined, Offered, RoundStarted, SavingThrow, SkirmishWon, TurnEnded,
    TurnStarted, UnitBloodied, UnitDied, UnitFell, UnitForced, UnitMoved, UnitTeleported,
)
from game.core.grid import chebyshev
from game.state import GameState

DEFENSE_NAMES = {"ac": "AC", "fortitude": "Fortitude", "reflex": "Reflex", "will": "Will"}
MOVE_VERBS = {"walk": "walks", "run": "runs", "shift": "shifts", "crawl": "crawls", "squeeze": "squeezes"}
FORCED_VERBS = {"push": "pushed", "pull": "pulled", "slide": "slid"}
CONDITION_NOTES = {
    "running": " (-5 to attacks and grants combat advantage until its next turn, 4e §25.17)",
    "squeezing": " (-5 to attacks and grants combat advantage until it ends the squeeze, 4e §25.21)",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


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
        return f"{name(event.entity)} {MOVE_VERBS.get(event.mode, 'moves')} {_plural(event.cost, 'square')}{slot}."
    if isinstance(event, Offered):
        against = name(event.against) if event.against is not None else ""
        what = {"opportunity": "an opportunity attack", "readied": f"the readied {event.power}",
                "return": "acting now"}.get(event.kind, event.power)
        return f"{name(event.by)} may take {what}" + (f" against {against}." if against else ".")
    if isinstance(event, OfferDeclined):
        return f"{name(event.by)} lets the moment pass."
    if isinstance(event, AreaPlaced):
        caught = ", ".join(name(e) for e in event.caught)
        return f"{name(event.attacker)} uses {event.attack}: {_plural(len(event.squares), 'square')}, catching {caught}."
    if isinstance(event, ForcedMovementEarned):
        return f"{name(event.by)} may {event.kind} {name(event.target)} up to {_plural(event.squares, 'square')}."
    if isinstance(event, UnitForced):
        if event.kind == "swap":
            return f"{name(event.by)} and {name(event.target)} swap places (4e §22)."
        moved = len(event.path) - 1
        return f"{name(event.target)} is {FORCED_VERBS.get(event.kind, event.kind)} {_plural(moved, 'square')} (no opportunity attacks)."
    if isinstance(event, SavingThrow):
        outcome = "saved" if event.success else "failed"
        return f"{name(event.entity)} rolls a saving throw {event.reason}: {event.natural}, {outcome} (10+ saves)."
    if isinstance(event, UnitFell):
        dice = f" ({event.dice}: {'+'.join(str(f) for f in event.faces)})" if event.dice else " (under 10 ft: no damage)"
        return f"{name(event.entity)} falls {event.height_ft} ft{dice}."
    if isinstance(event, UnitTeleported):
        how = "steps through a portal" if event.cause == "portal" else f"teleports with {event.cause}"
        return f"{name(event.entity)} {how}, {_plural(chebyshev(event.frm, event.to), 'square')} away."
    if isinstance(event, ConditionGained):
        return f"{name(event.entity)} is {event.condition}{CONDITION_NOTES.get(event.condition, '')}."
    if isinstance(event, ConditionEnded):
        if event.condition == "prone":
            return f"{name(event.entity)} stands up."
        return f"{name(event.entity)} is no longer {event.condition}."
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
    if isinstance(event, UnitDied):
        return f"{name(event.entity)} dies."
    if isinstance(event, TurnEnded):
        return None
    if isinstance(event, SkirmishWon):
        return f"{side_labels.get(event.side, event.side)} win the skirmish!" if event.side else "The skirmish is a draw."
    return None
