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
from game.ecs.world import Entity
from game.state import GameState
from game.i18n import listing, named
from game.rulesets.dnd4e.i18n import L_, N_, Ln_
from game.rulesets.dnd4e.presentation.describe import DEFENSE_LONG, condition_text, effect_words

DEFENSE_NAMES = DEFENSE_LONG
MOVE_VERBS = {"walk": N_("walks"), "run": N_("runs"), "shift": N_("shifts"), "crawl": N_("crawls"),
              "squeeze": N_("squeezes")}
FORCED_VERBS = {"push": N_("pushed"), "pull": N_("pulled"), "slide": N_("slid")}
CONDITION_NOTES = {
    "running": N_(" (-5 to attacks and grants combat advantage, 4e §25.17)"),
    "squeezing": N_(" (-5 to attacks and grants combat advantage until it ends the squeeze, 4e §25.21)"),
    "surprised": N_(" (no actions, grants combat advantage until the surprise round ends, 4e §2.3)"),
}
ACTION_WORDS = {
    "second wind": N_("catches a second wind: spends a healing surge, +2 to all defenses until its next turn"),
    "total defense": N_("takes total defense: +2 to all defenses until its next turn"),
    "delay": N_("delays its turn"),
    "ready": N_("readies"),
    "action point": N_("spends an action point for"),
    "potion": N_("drinks a potion of healing"),
    "sustain": N_("sustains"),
    "aid another": N_("aids another"),
    "escape": N_("tries to escape"),
}
OFFER_WHAT = {"opportunity": N_("an opportunity attack"), "return": N_("to act now instead of delaying further")}
SLOT_NOTES = {"move": "", "standard": N_(" (standard action used as a move, 4e §3.4)"),
              "double move": N_(" (double move, 4e §19)")}
DEATH_SAVE_RESULTS = {"no change": N_("no change (10-19)"), "surge": N_("a 20: spends a healing surge and wakes")}


def _squares(count: int) -> str:
    return Ln_("{n} square", "{n} squares", count)


def _rule(rule: str) -> str:
    return L_(" ({rule})", rule=rule) if rule else ""


def narrate(event: Event, state: GameState, side_labels: dict[str, str]) -> str | None:
    """One log line for an event, or None for events the log does not show: a Lazy line (English for the
    tests and the record, in the chosen language when drawn)."""
    def name(entity: Entity) -> str:
        return named(state.name(entity))
    if isinstance(event, InitiativeRolled):
        return L_("{who} rolls initiative: {natural} + {bonus} = {total}.", who=name(event.entity), natural=event.natural,
                  bonus=event.bonus, total=event.natural + event.bonus)
    if isinstance(event, RoundStarted):
        return L_("The surprise round begins (4e §2.3).") if event.round == 0 else L_("Round {n} begins.", n=event.round)
    if isinstance(event, TurnStarted):
        side = side_labels.get(state.side(event.entity), state.side(event.entity))
        return L_("{who}'s turn ({side}).", who=name(event.entity), side=side)
    if isinstance(event, TurnEnded):
        if not event.reason:
            return None
        rule = "4e §2.3" if event.reason == "surprised" else ("4e §27" if event.reason in ("dying", "unconscious") else "4e §9")
        return L_("{who}'s turn passes: {who} is {reason} ({rule}).", who=name(event.entity), reason=event.reason, rule=rule)
    if isinstance(event, UnitMoved):
        slot = SLOT_NOTES[event.slot] if event.slot in SLOT_NOTES else L_(" ({slot})", slot=event.slot)
        return L_("{who} {verb} {squares}{slot}.", who=name(event.entity), verb=MOVE_VERBS.get(event.mode, N_("moves")),
                  squares=_squares(event.cost), slot=slot)
    if isinstance(event, Offered):
        against = L_(" against {target}", target=name(event.against)) if event.against is not None else ""
        what = OFFER_WHAT.get(event.kind) or (L_("the readied {power}", power=event.power) if event.kind == "readied"
                                              else event.power)
        if event.kind == "return":
            return L_("{who} may choose {what}{rule}.", who=name(event.by), what=what, rule=_rule("4e §25.9"))
        return L_("{who} may take {what}{against}{rule}.", who=name(event.by), what=what, against=against, rule=_rule(event.rule))
    if isinstance(event, OfferDeclined):
        return L_("{who} lets the moment pass.", who=name(event.by))
    if isinstance(event, AttackLost):
        return L_("{who}'s {attack} is lost: {reason}{rule}.", who=name(event.attacker), attack=event.attack,
                  reason=event.reason, rule=_rule(event.rule))
    if isinstance(event, PowerUsed):
        on = [name(t) for t in event.targets if t != event.actor]
        whom = L_(" on {targets}", targets=listing(on)) if on else ""
        return L_("{who} uses {power}{whom} ({action} action, {rule}).", who=name(event.actor), power=event.power, whom=whom,
                  action=event.action, rule=event.rule)
    if isinstance(event, ActionTaken):
        words = ACTION_WORDS.get(event.action, event.action)
        if event.action == "potion" and event.detail:
            words = N_("gives a potion of healing")
        detail = L_(" {detail}", detail=event.detail) if event.detail else ""
        return L_("{who} {words}{detail}{rule}.", who=name(event.actor), words=words, detail=detail, rule=_rule(event.rule))
    if isinstance(event, AreaPlaced):
        caught = listing([name(e) for e in event.caught]) or L_("no one")
        return L_("{who} uses {attack}: {squares}, catching {caught}.", who=name(event.attacker), attack=event.attack,
                  squares=_squares(len(event.squares)), caught=caught)
    if isinstance(event, ZoneCreated):
        return L_("{who}'s {source} fills {squares}{rule}.", who=name(event.owner), source=event.source,
                  squares=_squares(len(event.squares)), rule=_rule(event.rule))
    if isinstance(event, ZoneEnded):
        return L_("{who}'s {source} ends{rule}.", who=name(event.owner), source=event.source, rule=_rule(event.rule))
    if isinstance(event, ForcedMovementEarned):
        return L_("{who} may {kind} {target} up to {squares}{rule}.", who=name(event.by), kind=event.kind,
                  target=name(event.target), squares=_squares(event.squares), rule=_rule(event.rule))
    if isinstance(event, UnitForced):
        if event.kind == "swap":
            return L_("{who} and {target} swap places (4e §22).", who=name(event.by), target=name(event.target))
        return L_("{target} is {verb} {squares} (no opportunity attacks, 4e §22).", target=name(event.target),
                  verb=FORCED_VERBS.get(event.kind, event.kind), squares=_squares(len(event.path) - 1))
    if isinstance(event, SavingThrow):
        # The reason says what the save is for: "against dazed (Skullthumper)", "to catch itself at the edge".
        if event.success:
            return L_("{who} rolls a saving throw {reason}: {natural}, saved (10+ saves, {rule}).", who=name(event.entity),
                      reason=event.reason, natural=event.natural, rule=event.rule)
        return L_("{who} rolls a saving throw {reason}: {natural}, failed (10+ saves, {rule}).", who=name(event.entity),
                  reason=event.reason, natural=event.natural, rule=event.rule)
    if isinstance(event, DeathSave):
        if event.result == "failure":
            result = L_("a failure ({failures} of 3; the third kills)", failures=event.failures)
        else:
            result = DEATH_SAVE_RESULTS.get(event.result, event.result)
        return L_("{who} makes a death saving throw: {natural}, {result}{rule}.", who=name(event.entity), natural=event.natural,
                  result=result, rule=_rule(event.rule))
    if isinstance(event, UnitFell):
        dice = L_(" ({dice}: {faces})", dice=event.dice, faces="+".join(str(f) for f in event.faces)) if event.dice \
            else L_(" (under 10 ft: no damage)")
        return L_("{who} falls {height} ft{dice}{rule}.", who=name(event.entity), height=event.height_ft, dice=dice,
                  rule=_rule(event.rule))
    if isinstance(event, UnitTeleported):
        how = L_("steps through a portal") if event.cause == "portal" else L_("teleports with {power}", power=event.cause)
        return L_("{who} {how}, {squares} away (4e §23).", who=name(event.entity), how=how,
                  squares=_squares(chebyshev(event.frm, event.to)))
    if isinstance(event, ConditionGained):
        return L_("{who}: {condition}{note}.", who=name(event.entity), condition=_gained(event, state),
                  note=CONDITION_NOTES.get(event.condition, ""))
    if isinstance(event, ConditionEnded):
        if event.condition == "prone":
            return L_("{who} stands up.", who=name(event.entity))
        return L_("{who} is no longer {condition}.", who=name(event.entity), condition=event.condition.replace("_", " "))
    if isinstance(event, AttackRolled):
        return _attack_line(event, state)
    if isinstance(event, DamageDealt):
        return _damage_line(event, state)
    if isinstance(event, Healed):
        gains = Ln_("{n} hit point", "{n} hit points", event.amount)
        source = L_(" ({source})", source=event.source) if event.source else ""
        if event.surge_spent:
            return L_("{who} spends a healing surge and regains {gains}{source}; {hp} HP{rule}.", who=name(event.entity),
                      gains=gains, source=source, hp=event.hp_after, rule=_rule(event.rule))
        return L_("{who} regains {gains}{source}; {hp} HP{rule}.", who=name(event.entity), gains=gains, source=source,
                  hp=event.hp_after, rule=_rule(event.rule))
    if isinstance(event, TemporaryHitPoints):
        return L_("{who} gains {amount} temporary hit points ({source}; they do not stack, {rule}).", who=name(event.entity),
                  amount=event.amount, source=event.source, rule=event.rule)
    if isinstance(event, UnitBloodied):
        return L_("{who} is bloodied!", who=name(event.entity))
    if isinstance(event, UnitDying):
        return L_("{who} drops: unconscious and dying, making death saves each turn{rule}.", who=name(event.entity),
                  rule=_rule(event.rule))
    if isinstance(event, UnitKnockedOut):
        return L_("{who} is knocked out: unconscious, but not dying{rule}.", who=name(event.entity), rule=_rule(event.rule))
    if isinstance(event, UnitRevived):
        return L_("{who} is conscious again, still prone{rule}.", who=name(event.entity), rule=_rule(event.rule))
    if isinstance(event, UnitDied):
        return L_("{who} dies.", who=name(event.entity))
    if isinstance(event, InitiativeChanged):
        order = list(event.order)
        place = order.index(event.entity) if event.entity in order else -1
        after = L_(" after {who}", who=name(order[place - 1])) if place > 0 else L_(" first")
        return L_("{who} now acts{after} in the initiative order{rule}.", who=name(event.entity), after=after,
                  rule=_rule(event.rule))
    if isinstance(event, SkirmishWon):
        if event.side:
            return L_("{side} win the skirmish!", side=side_labels.get(event.side, event.side))
        return L_("The skirmish is a draw.")
    return None


def _gained(event: ConditionGained, state: GameState) -> str:
    """The condition as the unit card writes it, looked up in the state for its owner; else from the event."""
    for entry in state.conditions(event.entity).named(event.condition):
        if entry.until == event.until and entry.source == event.source:
            text = condition_text(state, entry, with_source=False)
            return L_("{condition} from {source}", condition=text, source=event.source) \
                if event.source and event.condition != "marked" else text
    words = effect_words("ongoing", event.amount, event.damage_type) if event.condition == "ongoing" \
        else event.condition.replace("_", " ")
    ending = {"save_ends": N_(" (save ends)"), "encounter": N_(" for the encounter")}.get(event.until, "")
    return L_("{condition}{ending}", condition=words, ending=ending) if ending else words


def _attack_line(event: AttackRolled, state: GameState) -> str:
    kind = L_(" (opportunity attack)") if event.opportunity else ""
    note = L_(" (natural 20)") if event.natural == 20 and not event.critical else ""
    note = L_(" (natural 1 always misses)") if event.natural == 1 else note
    roll = dict(attacker=named(state.name(event.attacker)), kind=kind, target=named(state.name(event.target)),
                attack=event.attack, natural=event.natural, bonus=event.bonus, mods=_modifiers(event), total=event.total,
                defense=DEFENSE_NAMES.get(event.defense, event.defense), value=event.defense_value, note=note)
    if event.critical:
        return L_("{attacker}{kind} critically hits {target} with the {attack}: {natural} + {bonus}{mods} = {total} vs "
                  "{defense} {value}{note}.", **roll)
    if event.hit:
        return L_("{attacker}{kind} hits {target} with the {attack}: {natural} + {bonus}{mods} = {total} vs {defense} "
                  "{value}{note}.", **roll)
    return L_("{attacker}{kind} misses {target} with the {attack}: {natural} + {bonus}{mods} = {total} vs {defense} "
              "{value}{note}.", **roll)


def _modifiers(event: AttackRolled) -> str:
    """" +2 (combat advantage) -5 (cover)": each modifier with its reason, as one message."""
    line = ""
    for modifier in reversed(event.modifiers):
        line = L_(" {value:+d} ({reason}){rest}", value=modifier.value, reason=modifier.reason, rest=line)
    return line


def _damage_line(event: DamageDealt, state: GameState) -> str:
    kind = L_(" {type}", type=event.damage_type) if event.damage_type else ""
    if event.cause == "ongoing":
        how = L_("ongoing damage at the start of its turn, 4e §10")
    elif event.cause == "fall":
        how = L_("falling, 4e §20")
    elif event.critical:
        how = L_("maximum damage, critical hit, 4e §8.2")
    elif event.faces:
        how = L_("{faces} on the dice", faces="+".join(str(f) for f in event.faces))
    else:
        how = L_("flat damage")
    extras = list(event.notes)
    if event.temp_absorbed:
        extras.append(L_("{n} absorbed by temporary hit points", n=event.temp_absorbed))
    if event.knockout:
        extras.append(L_("a knockout blow: unconscious instead of dead, 4e §27"))
    if event.deadly:
        extras.append(L_("a coup de grace for at least the bloodied value kills outright, 4e §25.6"))
    for extra in extras:
        how = L_("{how}; {extra}", how=how, extra=extra)
    return L_("{target} takes {amount}{kind} damage ({how}); {hp} HP left.", target=named(state.name(event.target)),
              amount=event.amount, kind=kind, how=how, hp=max(event.hp_after, 0))


_RULE_REFERENCE = re.compile(r"[\w-]+ §[\d.]+(?:-§[\d.]+)?")


def rule_reference(event: Event, line: str) -> str:
    """The rule an entry follows, for the log's hover: the event's own reference, else the ones its line cites."""
    rule = getattr(event, "rule", "")
    if rule:
        return rule
    return ", ".join(dict.fromkeys(_RULE_REFERENCE.findall(line)))


def dice_line(event: Event, state: GameState) -> str | None:
    """One line of the dice log: every roll with its dice and modifiers, or None for events with no dice."""
    def name(entity: Entity) -> str:
        return named(state.name(entity))
    if isinstance(event, InitiativeRolled):
        return L_("Initiative, {who}: d20 {natural} + {bonus} = {total}", who=name(event.entity), natural=event.natural,
                  bonus=event.bonus, total=event.natural + event.bonus)
    if isinstance(event, AttackRolled):
        result = N_("critical hit") if event.critical else (N_("hit") if event.hit else N_("miss"))
        return L_("Attack, {attacker} at {target}: d20 {natural} + {bonus}{mods} = {total} vs {defense} {value}: {result}",
                  attacker=name(event.attacker), target=name(event.target), natural=event.natural, bonus=event.bonus,
                  mods=_modifiers(event), total=event.total, defense=DEFENSE_NAMES.get(event.defense, event.defense),
                  value=event.defense_value, result=result)
    if isinstance(event, DamageDealt) and event.faces:
        return L_("Damage to {target}: dice {dice} = {sum}; {amount} damage with modifiers", target=name(event.target),
                  dice=" + ".join(str(f) for f in event.faces), sum=sum(event.faces), amount=event.amount)
    if isinstance(event, SavingThrow):
        if event.success:
            return L_("Saving throw, {who}: d20 {natural} (10+ saves)", who=name(event.entity), natural=event.natural)
        return L_("Saving throw, {who}: d20 {natural} (under 10 fails)", who=name(event.entity), natural=event.natural)
    if isinstance(event, DeathSave):
        return L_("Death save, {who}: d20 {natural}: {result}", who=name(event.entity), natural=event.natural,
                  result=event.result)
    if isinstance(event, UnitFell) and event.dice:
        return L_("Fall, {who}: {dice} {faces}{flat} = {total}", who=name(event.entity), dice=event.dice,
                  faces=" + ".join(str(f) for f in event.faces), flat=f" {event.flat:+d}" if event.flat else "",
                  total=sum(event.faces) + event.flat)
    return None
