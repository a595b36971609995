"""Plain-language lines for the combat log, built from events (no pygame: testable headless).

Every event type of game.rulesets.dnd4e.actions.events has a line (TurnEnded only when the turn passed by itself);
each line ends with the rule it follows, e.g. "(4e §27)".
"""

from __future__ import annotations

import re

from game.rulesets.dnd4e.actions.events import (
    ActionTaken, AreaPlaced, AttackLost, AttackRolled, ConditionEnded, ConditionGained, DamageDealt, DeathSave,
    Event, ForcedMovementEarned, Healed, InitiativeChanged, InitiativeRolled, OfferDeclined, Offered, PowerUsed,
    RoundStarted, SavingThrow, SkirmishWon, TemporaryHitPoints, TurnEnded, TurnStarted, UnitBloodied, UnitDied,
    UnitDying, UnitFell, UnitForced, UnitKnockedOut, UnitMoved, UnitRevived, UnitTeleported, ZoneCreated, ZoneEnded,
)
from game.core.grid import chebyshev
from game.state import GameState
from game.rulesets.dnd4e.presentation.describe import DEFENSE_LONG, condition_text

DEFENSE_NAMES = DEFENSE_LONG
MOVE_VERBS = {"walk": "walks", "run": "runs", "shift": "shifts", "crawl": "crawls", "squeeze": "squeezes"}
FORCED_VERBS = {"push": "pushed", "pull": "pulled", "slide": "slid"}
CONDITION_NOTES = {
    "running": " (-5 to attacks and grants combat advantage, 4e §25.17)",
    "squeezing": " (-5 to attacks and grants combat advantage until it ends the squeeze, 4e §25.21)",
    "surprised": " (no actions, grants combat advantage until the surprise round ends, 4e §2.3)",
}
ACTION_WORDS = {
    "second wind": "catches a second wind: spends a healing surge, +2 to all defenses until its next turn",
    "total defense": "takes total defense: +2 to all defenses until its next turn",
    "delay": "delays its turn",
    "ready": "readies",
    "action point": "spends an action point for",
    "potion": "drinks a potion of healing",
    "sustain": "sustains",
    "aid another": "aids another",
    "escape": "tries to escape",
}
OFFER_WHAT = {"opportunity": "an opportunity attack", "return": "to act now instead of delaying further"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _rule(rule: str) -> str:
    return f" ({rule})" if rule else ""


def narrate(event: Event, state: GameState, side_labels: dict[str, str]) -> str | None:
    """One log line for an event, or None for events the log does not show."""
    name = state.name
    if isinstance(event, InitiativeRolled):
        return f"{name(event.entity)} rolls initiative: {event.natural} + {event.bonus} = {event.natural + event.bonus}."
    if isinstance(event, RoundStarted):
        return "The surprise round begins (4e §2.3)." if event.round == 0 else f"Round {event.round} begins."
    if isinstance(event, TurnStarted):
        side = side_labels.get(state.side(event.entity), state.side(event.entity))
        return f"{name(event.entity)}'s turn ({side})."
    if isinstance(event, TurnEnded):
        if not event.reason:
            return None
        rule = "4e §2.3" if event.reason == "surprised" else ("4e §27" if event.reason in ("dying", "unconscious") else "4e §9")
        return f"{name(event.entity)}'s turn passes: {name(event.entity)} is {event.reason} ({rule})."
    if isinstance(event, UnitMoved):
        slot = {"move": "", "standard": " (standard action used as a move, 4e §3.4)",
                "double move": " (double move, 4e §19)"}.get(event.slot, f" ({event.slot})")
        return f"{name(event.entity)} {MOVE_VERBS.get(event.mode, 'moves')} {_plural(event.cost, 'square')}{slot}."
    if isinstance(event, Offered):
        against = f" against {name(event.against)}" if event.against is not None else ""
        what = OFFER_WHAT.get(event.kind) or (f"the readied {event.power}" if event.kind == "readied" else event.power)
        if event.kind == "return":
            return f"{name(event.by)} may choose {what}{_rule('4e §25.9')}."
        return f"{name(event.by)} may take {what}{against}{_rule(event.rule)}."
    if isinstance(event, OfferDeclined):
        return f"{name(event.by)} lets the moment pass."
    if isinstance(event, AttackLost):
        return f"{name(event.attacker)}'s {event.attack} is lost: {event.reason}{_rule(event.rule)}."
    if isinstance(event, PowerUsed):
        on = [name(t) for t in event.targets if t != event.actor]
        whom = f" on {', '.join(on)}" if on else ""
        return f"{name(event.actor)} uses {event.power}{whom} ({event.action} action, {event.rule})."
    if isinstance(event, ActionTaken):
        words = ACTION_WORDS.get(event.action, event.action)
        detail = f" {event.detail}" if event.detail else ""
        if event.action == "potion" and event.detail:
            words = "gives a potion of healing"
        return f"{name(event.actor)} {words}{detail}{_rule(event.rule)}."
    if isinstance(event, AreaPlaced):
        caught = ", ".join(name(e) for e in event.caught) or "no one"
        return f"{name(event.attacker)} uses {event.attack}: {_plural(len(event.squares), 'square')}, catching {caught}."
    if isinstance(event, ZoneCreated):
        return f"{name(event.owner)}'s {event.source} fills {_plural(len(event.squares), 'square')}{_rule(event.rule)}."
    if isinstance(event, ZoneEnded):
        return f"{name(event.owner)}'s {event.source} ends{_rule(event.rule)}."
    if isinstance(event, ForcedMovementEarned):
        return f"{name(event.by)} may {event.kind} {name(event.target)} up to {_plural(event.squares, 'square')}{_rule(event.rule)}."
    if isinstance(event, UnitForced):
        if event.kind == "swap":
            return f"{name(event.by)} and {name(event.target)} swap places (4e §22)."
        moved = len(event.path) - 1
        return (f"{name(event.target)} is {FORCED_VERBS.get(event.kind, event.kind)} {_plural(moved, 'square')} "
                "(no opportunity attacks, 4e §22).")
    if isinstance(event, SavingThrow):
        outcome = "saved" if event.success else "failed"
        # The reason says what the save is for: "against dazed (Skullthumper)", "to catch itself at the edge".
        return f"{name(event.entity)} rolls a saving throw {event.reason}: {event.natural}, {outcome} (10+ saves, {event.rule})."
    if isinstance(event, DeathSave):
        result = {"failure": f"a failure ({event.failures} of 3; the third kills)",
                  "no change": "no change (10-19)",
                  "surge": "a 20: spends a healing surge and wakes"}.get(event.result, event.result)
        return f"{name(event.entity)} makes a death saving throw: {event.natural}, {result}{_rule(event.rule)}."
    if isinstance(event, UnitFell):
        dice = f" ({event.dice}: {'+'.join(str(f) for f in event.faces)})" if event.dice else " (under 10 ft: no damage)"
        return f"{name(event.entity)} falls {event.height_ft} ft{dice}{_rule(event.rule)}."
    if isinstance(event, UnitTeleported):
        how = "steps through a portal" if event.cause == "portal" else f"teleports with {event.cause}"
        return f"{name(event.entity)} {how}, {_plural(chebyshev(event.frm, event.to), 'square')} away (4e §23)."
    if isinstance(event, ConditionGained):
        return f"{name(event.entity)}: {_gained(event, state)}{CONDITION_NOTES.get(event.condition, '')}."
    if isinstance(event, ConditionEnded):
        if event.condition == "prone":
            return f"{name(event.entity)} stands up."
        return f"{name(event.entity)} is no longer {event.condition.replace('_', ' ')}."
    if isinstance(event, AttackRolled):
        return _attack_line(event, state)
    if isinstance(event, DamageDealt):
        return _damage_line(event, state)
    if isinstance(event, Healed):
        surge = " spends a healing surge and" if event.surge_spent else ""
        source = f" ({event.source})" if event.source else ""
        return (f"{name(event.entity)}{surge} regains {_plural(event.amount, 'hit point')}{source}; "
                f"{event.hp_after} HP{_rule(event.rule)}.")
    if isinstance(event, TemporaryHitPoints):
        return f"{name(event.entity)} gains {event.amount} temporary hit points ({event.source}; they do not stack, {event.rule})."
    if isinstance(event, UnitBloodied):
        return f"{name(event.entity)} is bloodied!"
    if isinstance(event, UnitDying):
        return f"{name(event.entity)} drops: unconscious and dying, making death saves each turn{_rule(event.rule)}."
    if isinstance(event, UnitKnockedOut):
        return f"{name(event.entity)} is knocked out: unconscious, but not dying{_rule(event.rule)}."
    if isinstance(event, UnitRevived):
        return f"{name(event.entity)} is conscious again, still prone{_rule(event.rule)}."
    if isinstance(event, UnitDied):
        return f"{name(event.entity)} dies."
    if isinstance(event, InitiativeChanged):
        order = list(event.order)
        place = order.index(event.entity) if event.entity in order else -1
        after = f" after {name(order[place - 1])}" if place > 0 else " first"
        return f"{name(event.entity)} now acts{after} in the initiative order{_rule(event.rule)}."
    if isinstance(event, SkirmishWon):
        return f"{side_labels.get(event.side, event.side)} win the skirmish!" if event.side else "The skirmish is a draw."
    return None


def _gained(event: ConditionGained, state: GameState) -> str:
    """The condition as the unit card writes it, looked up in the state for its owner; else from the event."""
    for entry in state.conditions(event.entity).named(event.condition):
        if entry.until == event.until and entry.source == event.source:
            return condition_text(state, entry).replace(f" [{event.source}]", "") + \
                (f" from {event.source}" if event.source and event.condition != "marked" else "")
    words = event.condition.replace("_", " ")
    if event.condition == "ongoing":
        words = f"ongoing {event.amount}" + (f" {event.damage_type}" if event.damage_type else "") + " damage"
    return words + {"save_ends": " (save ends)", "encounter": " for the encounter"}.get(event.until, "")


def _attack_line(event: AttackRolled, state: GameState) -> str:
    name = state.name
    mods = "".join(f" {m.value:+d} ({m.reason})" for m in event.modifiers)
    verb = "critically hits" if event.critical else ("hits" if event.hit else "misses")
    kind = " (opportunity attack)" if event.opportunity else ""
    note = " (natural 20)" if event.natural == 20 and not event.critical else ""
    note = " (natural 1 always misses)" if event.natural == 1 else note
    return (f"{name(event.attacker)}{kind} {verb} {name(event.target)} with the {event.attack}: "
            f"{event.natural} + {event.bonus}{mods} = {event.total} vs {DEFENSE_NAMES.get(event.defense, event.defense)} "
            f"{event.defense_value}{note}.")


def _damage_line(event: DamageDealt, state: GameState) -> str:
    name = state.name
    kind = f" {event.damage_type}" if event.damage_type else ""
    if event.cause == "ongoing":
        how = "ongoing damage at the start of its turn, 4e §10"
    elif event.cause == "fall":
        how = "falling, 4e §20"
    elif event.critical:
        how = "maximum damage, critical hit, 4e §8.2"
    elif event.faces:
        how = "+".join(str(f) for f in event.faces) + " on the dice"
    else:
        how = "flat damage"
    extras = list(event.notes)
    if event.temp_absorbed:
        extras.append(f"{event.temp_absorbed} absorbed by temporary hit points")
    if event.knockout:
        extras.append("a knockout blow: unconscious instead of dead, 4e §27")
    if event.deadly:
        extras.append("a coup de grace for at least the bloodied value kills outright, 4e §25.6")
    tail = "; " + "; ".join(extras) if extras else ""
    return f"{name(event.target)} takes {event.amount}{kind} damage ({how}{tail}); {max(event.hp_after, 0)} HP left."



_RULE_REFERENCE = re.compile(r"[\w-]+ §[\d.]+(?:-§[\d.]+)?")


def rule_reference(event: Event, line: str) -> str:
    """The rule an entry follows, for the log's hover: the event's own reference, else the ones its line cites."""
    rule = getattr(event, "rule", "")
    if rule:
        return rule
    return ", ".join(dict.fromkeys(_RULE_REFERENCE.findall(line)))


def dice_line(event: Event, state: GameState) -> str | None:
    """One line of the dice log: every roll with its dice and modifiers, or None for events with no dice."""
    name = state.name
    if isinstance(event, InitiativeRolled):
        return f"Initiative, {name(event.entity)}: d20 {event.natural} + {event.bonus} = {event.natural + event.bonus}"
    if isinstance(event, AttackRolled):
        mods = "".join(f" {m.value:+d} ({m.reason})" for m in event.modifiers)
        result = "critical hit" if event.critical else ("hit" if event.hit else "miss")
        defense = DEFENSE_NAMES.get(event.defense, event.defense)
        return (f"Attack, {name(event.attacker)} at {name(event.target)}: d20 {event.natural} + {event.bonus}{mods} = "
                f"{event.total} vs {defense} {event.defense_value}: {result}")
    if isinstance(event, DamageDealt) and event.faces:
        dice = " + ".join(str(f) for f in event.faces)
        return (f"Damage to {name(event.target)}: dice {dice} = {sum(event.faces)}; {event.amount} damage "
                "with modifiers")
    if isinstance(event, SavingThrow):
        return f"Saving throw, {name(event.entity)}: d20 {event.natural} ({'10+ saves' if event.success else 'under 10 fails'})"
    if isinstance(event, DeathSave):
        return f"Death save, {name(event.entity)}: d20 {event.natural}: {event.result}"
    if isinstance(event, UnitFell) and event.dice:
        faces = " + ".join(str(f) for f in event.faces)
        flat = f" {event.flat:+d}" if event.flat else ""
        return f"Fall, {name(event.entity)}: {event.dice} {faces}{flat} = {sum(event.faces) + event.flat}"
    return None
