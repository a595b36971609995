"""The battle log of a d20-modern skirmish: each event's lines in the player's language, with the rule each cites
(the miss chance's d100, a grenade's scatter, autofire's Reflex saves, attacks of opportunity, criticals with
their confirmation roll, massive damage, dying and stable); no pygame."""

from __future__ import annotations

import re
from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.controls import LogLine
from game.rulesets.d20modern import injury
from game.rulesets.d20modern.components import Sheet
from game.rulesets.d20modern.commands import (
    DOUBLE, MOVE, RUN, WITHDRAW, ActionReadied, ActionTaken, AreaFired, AttackRolled, ConditionChanged, CoverStruck,
    Damaged, Delayed, InitiativeRolled, MissChance, Moved, ObjectDamaged, OpportunityDeclined, OpportunityOffered,
    OpposedCheck, Pushed, Reloaded, SavingThrow, SkirmishWon, StateChanged, Stepped, Thrown, TurnStarted, WeaponLost,
)
from game.rulesets.d20modern.i18n import N_, _, ngettext
from game.rulesets.d20modern.objects import kind_of
from game.state import GameState

RULE = "d20-modern"
NUMBERED = re.compile(r"^(.*?)( \d+)$")

# The words the rules put on modifiers, conditions, provoking actions and opposed checks, marked for translation.
WORDS = {
    # attack modifiers (attack.py) and Defense modifiers (defense.py, cover.py, situation.py)
    "flanking": N_("flanking"), "higher ground": N_("higher ground"), "attacker prone": N_("attacker prone"),
    "invisible": N_("invisible"), "shooting into melee": N_("shooting into melee"),
    "longarm against an adjacent target": N_("longarm against an adjacent target"),
    "not proficient": N_("not proficient"), "fighting defensively": N_("fighting defensively"),
    "charging": N_("charging"), "range": N_("range"), "aided": N_("aided"),
    "lethal unarmed strike": N_("lethal unarmed strike"),
    "careful shot at a helpless target": N_("careful shot at a helpless target"), "prone": N_("prone"),
    "sitting": N_("sitting"), "stunned": N_("stunned"), "climbing": N_("climbing"), "running": N_("running"),
    "pinned": N_("pinned"), "pinned (not by you)": N_("pinned (not by you)"), "charged": N_("charged"),
    "flat-footed": N_("flat-footed"), "burst fire": N_("burst fire"), "off hand": N_("off hand"),
    "primary hand": N_("primary hand"), "coup de grace": N_("coup de grace"),
    "no cover": N_("no cover"), "one-quarter cover": N_("one-quarter cover"), "one-half cover": N_("one-half cover"),
    "three-quarters cover": N_("three-quarters cover"), "nine-tenths cover": N_("nine-tenths cover"),
    "total cover": N_("total cover"),
    # conditions (the badges' long names)
    "flat_footed": N_("flat-footed"), "grappling": N_("grappling"), "total_defense": N_("on total defense"),
    "fighting_defensively": N_("fighting defensively"), "aided_attack": N_("aided (+2 attack)"),
    "aided_defense": N_("aided (+2 Defense)"), "disabled": N_("disabled"), "dying": N_("dying"),
    "stable": N_("stable"), "unconscious": N_("unconscious"), "staggered": N_("staggered"), "dead": N_("dead"),
    # what provokes (engine.PROVOKING, maneuvers.READIED) and opposed checks
    "moving out of a threatened square": N_("moving out of a threatened square"),
    "ranged attack": N_("ranged attack"), "autofire": N_("autofire"), "throw explosive": N_("throw explosive"),
    "reload box magazine": N_("reload box magazine"), "stand up": N_("stand up"), "stabilize": N_("stabilize"),
    "knockout blow": N_("knockout blow"), "move": N_("move"), "pick up": N_("pick up"),
    "readied attack": N_("readied attack"), "trip": N_("trip"), "grapple": N_("grapple"), "disarm": N_("disarm"),
    "bull rush": N_("bull rush"), "overrun": N_("overrun"), "avoid overrun": N_("stand aside"),
    "block overrun": N_("block"),
    "trip back": N_("trip back"), "disarm back": N_("disarm back"),
    "start": N_("grab"), "hold": N_("hold"), "damage": N_("damage"), "pin": N_("pin"), "escape": N_("escape"),
    "fortitude": N_("Fortitude"), "reflex": N_("Reflex"), "will": N_("Will"), "aid": N_("aid another"),
    "strain": N_("strain"), "full_round_started": N_("a full-round action started"),
}

MOVE_WORDS = {MOVE: N_("{who} moves {n} ft."), DOUBLE: N_("{who} double-moves {n} ft."),
              RUN: N_("{who} runs {n} ft in a straight line."), WITHDRAW: N_("{who} withdraws {n} ft."),
              "charge": N_("{who} charges {n} ft."), "overrun": N_("{who} moves {n} ft, overrunning.")}


FULL_WIDTH_GAP = re.compile(r"([。！？：；，）])\s+")


def tidy(text: str) -> str:
    """Sentences joined with spaces, without the space after a full-width stop (Chinese sets none)."""
    return FULL_WIDTH_GAP.sub(r"\1", text)


def word(text: str) -> str:
    """A rules word in the player's language (the English itself when it has no entry)."""
    return _(WORDS.get(text, text))


def who(state: GameState, e: Entity | None) -> str:
    """A creature's name in the player's language: "Gangster 2" is the content's "Gangster" and its number."""
    if e is None:
        return "?"
    name = state.name(e)
    numbered = NUMBERED.match(name)
    return _(numbered.group(1)) + numbered.group(2) if numbered else _(name)


def signed(n: int) -> str:
    return f"{n:+d}"


def modifiers(mods: tuple[tuple[str, int], ...]) -> str:
    """The modifiers that counted, as "flanking +2, one-half cover +4" (the zero ones by name only)."""
    return ", ".join(word(name) + (f" {signed(v)}" if v else "") for name, v in mods)


def feet(path: tuple[Square, ...]) -> int:
    """A1: 5 ft a square, every second diagonal 10."""
    total, diagonals = 0, 0
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        diagonal = x0 != x1 and y0 != y1
        total += 10 if diagonal and diagonals % 2 else 5
        diagonals += diagonal
    return total


class Narrator:
    """Turns events into log lines; remembers the last attack and area so a save or a miss chance that follows
    says what it was for."""

    def __init__(self) -> None:
        self.previous: Any = None
        self.attack: AttackRolled | None = None
        self.area: str = ""                  # "autofire" or "explosive" while its saves are being logged

    def lines(self, event: Any, state: GameState, side_labels: dict[str, str]) -> list[LogLine]:
        found = self._lines(event, state, side_labels)
        if isinstance(event, AttackRolled):
            self.attack = event
        if isinstance(event, (AreaFired, Thrown)):
            self.area = "autofire" if isinstance(event, AreaFired) else "explosive"
        elif not isinstance(event, (SavingThrow, Damaged, StateChanged)):
            self.area = ""
        self.previous = event
        return found

    def _lines(self, event: Any, state: GameState, side_labels: dict[str, str]) -> list[LogLine]:
        name = lambda e: who(state, e)   # noqa: E731 - short local alias
        if isinstance(event, InitiativeRolled):
            return [LogLine(_("{who} rolls initiative: d20 {natural} {mod} = {total}").format(
                who=name(event.entity), natural=event.roll, mod=signed(event.modifier),
                total=event.roll + event.modifier), f"{RULE} INIT-01", dice=True)]
        if isinstance(event, TurnStarted):
            if event.surprise:
                text = _("Surprise round: {who} acts (one attack or move action).").format(who=name(event.entity))
                return [LogLine(text, f"{RULE} SURP-02")]
            return [LogLine(_("Round {n}: {who}'s turn.").format(n=event.round, who=name(event.entity)),
                            f"{RULE} INIT-03")]
        if isinstance(event, Moved):
            template = MOVE_WORDS.get(event.mode, MOVE_WORDS[MOVE])
            return [LogLine(_(template).format(who=name(event.entity), n=feet(event.path)), f"{RULE} ACT-14")]
        if isinstance(event, Stepped):
            return [LogLine(_("{who} takes a 5-foot step (provokes nothing).").format(who=name(event.entity)),
                            f"{RULE} §6.5")]
        if isinstance(event, Pushed):
            return [LogLine(_("{who} is pushed back {n} ft.").format(who=name(event.entity), n=feet(event.path)),
                            f"{RULE} §10.7")]
        if isinstance(event, AttackRolled):
            return self._attack(event, state)
        if isinstance(event, MissChance):
            return [self._miss_chance(event, state)]
        if isinstance(event, CoverStruck):
            if event.screen is None:
                text = _("The shot strikes {target}'s cover instead.").format(target=name(event.target))
            else:
                text = _("The shot strikes {screen}, standing in the way.").format(screen=name(event.screen))
            return [LogLine(text, f"{RULE} COV-06")]
        if isinstance(event, Damaged):
            return [self._damage(event, state)]
        if isinstance(event, SavingThrow):
            return [self._save(event, state)]
        if isinstance(event, StateChanged):
            return [self._state(event, state)]
        if isinstance(event, OpportunityOffered):
            if event.reason == "avoid or block":
                return [LogLine(_("{mover} runs into {reactor}'s square: {reactor} avoids or blocks.").format(
                    mover=name(event.provoker), reactor=name(event.reactor)), f"{RULE} OVR-02")]
            if event.reason == "readied attack":
                text = _("{mover} sets off {reactor}'s readied attack.")
                rule = f"{RULE} §9.2"
            else:
                text = _("{mover} provokes an attack of opportunity from {reactor} ({reason}).")
                rule = f"{RULE} AOO-02"
            return [LogLine(text.format(mover=name(event.provoker), reactor=name(event.reactor),
                                        reason=word(event.reason)), rule)]
        if isinstance(event, OpportunityDeclined):
            return [LogLine(_("{reactor} lets {mover} go.").format(reactor=name(event.reactor),
                                                                   mover=name(event.provoker)), f"{RULE} AOO-07")]
        if isinstance(event, Reloaded):
            return [LogLine(_("{who} reloads the {weapon} ({n} rounds).").format(
                who=name(event.entity), weapon=_(event.weapon), n=event.rounds), f"{RULE} §4.2")]
        if isinstance(event, AreaFired):
            return self._autofire(event, state)
        if isinstance(event, Thrown):
            return self._thrown(event, state)
        if isinstance(event, ConditionChanged):
            return self._condition(event, state)
        if isinstance(event, ActionTaken):
            return [self._action(event, state)]
        if isinstance(event, OpposedCheck):
            outcome = _("wins") if event.won else _("loses")
            return [LogLine(_("{what}: {who} {total} against {other} {opposed}: {who} {outcome}.").format(
                what=word(event.what).capitalize(), who=name(event.entity), total=event.total, other=name(event.opponent),
                opposed=event.opposed_by, outcome=outcome), f"{RULE} §10", dice=False)]
        if isinstance(event, Delayed):
            return [LogLine(_("{who} delays, to act after {other}.").format(who=name(event.entity),
                                                                            other=name(event.after)), f"{RULE} §9.1")]
        if isinstance(event, ActionReadied):
            target = name(event.target) if event.target is not None else _("the first enemy to come within reach")
            return [LogLine(_("{who} readies the {weapon} against {target}.").format(
                who=name(event.entity), weapon=_(event.weapon), target=target), f"{RULE} §9.2")]
        if isinstance(event, WeaponLost):
            if event.regained:
                text = _("{who} picks up the {weapon}.")
            elif event.square is None:
                text = _("{who}'s {weapon} is taken away.")
            else:
                text = _("{who} drops the {weapon}.")
            return [LogLine(text.format(who=name(event.entity), weapon=_(event.weapon)), f"{RULE} DSR-02")]
        if isinstance(event, ObjectDamaged):
            return self._object(event, state)
        if isinstance(event, SkirmishWon):
            side = _(side_labels.get(event.winner, event.winner))
            return [LogLine(_("{side} win the skirmish.").format(side=side), f"{RULE} §1")]
        return []

    def _attack(self, e: AttackRolled, state: GameState) -> list[LogLine]:
        attacker, target, weapon = who(state, e.attacker), who(state, e.target), _(e.weapon)
        if e.natural == 0:          # a coup de grace rolls no die (HLP-01)
            text = _("{attacker} delivers a coup de grace to {target} with the {weapon}: an automatic critical hit.")
            return [LogLine(text.format(attacker=attacker, target=target, weapon=weapon), f"{RULE} HLP-01")]
        if e.critical:
            outcome = _("a critical hit!")
        elif e.hit:
            outcome = _("a hit")
        else:
            outcome = _("a miss")
        lead = _("Attack of opportunity: ") if e.opportunity else ""
        text = lead + _("{attacker} attacks {target} with the {weapon}: {outcome}").format(
            attacker=attacker, target=target, weapon=weapon, outcome=outcome)
        rule = f"{RULE} AOO-09" if e.opportunity else f"{RULE} ATK-02"
        dice = _("d20 {natural} {bonus} = {total} against Defense {defense}").format(
            natural=e.natural, bonus=signed(e.total - e.natural), total=e.total, defense=e.defense)
        if e.modifiers:
            dice += " (" + modifiers(e.modifiers) + ")"
        found = [LogLine(text, rule), LogLine(dice, rule, dice=True)]
        if e.threat:
            verdict = _("confirmed, damage multiplied") if e.critical else _("not confirmed, a normal hit")
            found.append(LogLine(_("A threat: the confirmation roll is d20 {confirm}: {verdict}.").format(
                confirm=e.confirm, verdict=verdict), f"{RULE} ATK-04"))
        return found

    def _miss_chance(self, e: MissChance, state: GameState) -> LogLine:
        sheet = state.world.maybe(e.attacker, Sheet)
        weapon = sheet.weapon(self.attack.weapon) if sheet is not None and self.attack is not None else None
        melee = weapon is not None and weapon.melee
        if e.missed:
            outcome = _("the blow goes wide") if melee else _("the shot goes wide")
        else:
            outcome = _("the blow lands") if melee else _("the shot hits")
        return LogLine(_("{chance}% miss chance: rolled {roll}, {outcome}").format(
            chance=e.chance, roll=e.roll, outcome=outcome), f"{RULE} CON-01")

    def _damage(self, e: Damaged, state: GameState) -> LogLine:
        if e.nonlethal:
            text = _("{who} takes {n} nonlethal damage.").format(who=who(state, e.target), n=e.amount)
        else:
            text = _("{who} takes {n} damage ({hp} hit points left).").format(who=who(state, e.target), n=e.amount,
                                                                              hp=e.hp)
        return LogLine(text, f"{RULE} §2.5")

    def _save(self, e: SavingThrow, state: GameState) -> LogLine:
        name, kind = who(state, e.entity), word(e.save)
        roll = _("{save} save DC {dc}: d20 {natural} = {total}").format(save=kind, dc=e.dc, natural=e.natural,
                                                                        total=e.total)
        massive = (e.save == "fortitude" and e.dc == injury.MASSIVE_DC and isinstance(self.previous, Damaged)
                   and self.previous.target == e.entity)
        if massive:
            verdict = _("survives") if e.success else _("drops to -1 hit points, dying")
            text = _("Massive damage: {who} took {n} in one blow; {roll}: {verdict}.").format(
                who=name, n=self.previous.amount, roll=roll, verdict=verdict)
            return LogLine(text, f"{RULE} §11 massive damage")
        if self.area == "autofire":
            verdict = _("dives clear") if e.success else _("is hit")
            return LogLine(_("Autofire: {who} {roll}: {verdict}.").format(who=name, roll=roll, verdict=verdict),
                           f"{RULE} FIR-01")
        if self.area == "explosive":
            verdict = _("half damage") if e.success else _("full damage")
            return LogLine(_("Blast: {who} {roll}: {verdict}.").format(who=name, roll=roll, verdict=verdict),
                           f"{RULE} EXP-03")
        verdict = _("success") if e.success else _("failure")
        return LogLine(_("{who}: {roll}: {verdict}.").format(who=name, roll=roll, verdict=verdict), f"{RULE} §2.11")

    def _state(self, e: StateChanged, state: GameState) -> LogLine:
        name = who(state, e.entity)
        text = {
            "disabled": _("{who} is disabled at 0 hit points: one move or attack action a turn."),
            "dying": _("{who} is dying: unconscious, losing 1 hit point a round until stable."),
            "stable": _("{who} is stable."),
            "unconscious": _("{who} falls unconscious."),
            "staggered": _("{who} is staggered."),
            "dead": _("{who} is dead."),
        }.get(e.state, _("{who} is {state}.")).format(who=name, state=word(e.state))
        return LogLine(text, f"{RULE} §11")

    def _autofire(self, e: AreaFired, state: GameState) -> list[LogLine]:
        outcome = _("it hits: everyone there makes a Reflex save (DC 15) or is hit") if e.hit else _("it misses")
        text = _("{who} sprays autofire with the {weapon} over 2 by 2 squares: {outcome}.").format(
            who=who(state, e.entity), weapon=_(e.weapon), outcome=outcome)
        dice = _("d20 {natural} {bonus} = {total} against Defense 10").format(
            natural=e.natural, bonus=signed(e.total - e.natural), total=e.total)
        return [LogLine(text, f"{RULE} FIR-01"), LogLine(dice, f"{RULE} FIR-01", dice=True)]

    def _thrown(self, e: Thrown, state: GameState) -> list[LogLine]:
        name, item = who(state, e.entity), _(e.explosive)
        aimed, landed = e.aimed, e.landed
        text = _("{who} throws a {item} at ({x}, {y}).").format(who=name, item=item, x=aimed[0], y=aimed[1])
        found = [LogLine(text, f"{RULE} EXP-01")]
        if e.rolled:
            found.append(LogLine(_("d20 {natural} {bonus} = {total} against Defense 10: {outcome}").format(
                natural=e.natural, bonus=signed(e.total - e.natural), total=e.total,
                outcome=_("on target") if e.hit else _("a miss")), f"{RULE} EXP-02", dice=True))
        off = max(abs(landed[0] - aimed[0]), abs(landed[1] - aimed[1]))
        if off:
            scatter = ngettext("It scatters: it lands at ({x}, {y}), {n} square from where it was aimed.",
                               "It scatters: it lands at ({x}, {y}), {n} squares from where it was aimed.", off)
            found.append(LogLine(scatter.format(x=landed[0], y=landed[1], n=off), f"{RULE} EXP-02"))
        else:
            found.append(LogLine(_("It lands on the square aimed at.").format(), f"{RULE} EXP-01"))
        sheet = state.world.maybe(e.entity, Sheet)
        thrown = sheet.explosive(e.explosive) if sheet is not None else None
        if thrown is not None and thrown.splash is not None:
            found.append(LogLine(ngettext("It splashes {n} square (5 ft, no save).",
                                          "It splashes {n} squares (5 ft, no save).", len(e.squares)).format(
                n=len(e.squares)), f"{RULE} SPL-01"))
        else:
            found.append(LogLine(ngettext("It bursts over {n} square.", "It bursts over {n} squares.",
                                          len(e.squares)).format(n=len(e.squares)), f"{RULE} EXP-03"))
        return found

    def _condition(self, e: ConditionChanged, state: GameState) -> list[LogLine]:
        if e.condition == "flat_footed" and not e.added:
            return []                          # every creature's first turn: said by the turn line already
        template = _("{who} is {condition}.") if e.added else _("{who} is no longer {condition}.")
        return [LogLine(template.format(who=who(state, e.entity), condition=word(e.condition)), f"{RULE} §4")]

    def _action(self, e: ActionTaken, state: GameState) -> LogLine:
        name = who(state, e.entity)
        if e.action == "dying":
            text = (_("{who} rolls d% to stabilise ({detail}): stable.") if e.succeeded
                    else _("{who} rolls d% to stabilise ({detail}): loses 1 hit point."))
            return LogLine(text.format(who=name, detail=_(e.detail)), f"{RULE} §11 dying")
        if e.action == "stable":
            return LogLine(_("{who} is stable.").format(who=name), f"{RULE} §11")
        if e.action == "avoid overrun":
            return LogLine(_("{who} stands aside and lets the overrun by.").format(who=name), f"{RULE} OVR-02")
        if e.action == "block overrun":
            return LogLine(_("{who} blocks the overrun.").format(who=name), f"{RULE} OVR-02")
        outcome = _("succeeds") if e.succeeded else _("fails")
        detail = f" ({_(e.detail)})" if e.detail else ""
        return LogLine(_("{who}: {action} {outcome}{detail}.").format(
            who=name, action=word(e.action), outcome=outcome, detail=detail), f"{RULE} §10")

    def _object(self, e: ObjectDamaged, state: GameState) -> list[LogLine]:
        kind = kind_of(state.battlefield.at(e.at))
        thing = _("the object") if kind is None else _("the cover")
        if not e.hit:
            outcome = _("a miss")
        elif e.broken:
            outcome = _("{n} damage past its hardness: it breaks, its cover gone").format(n=e.damage)
        else:
            outcome = _("{n} damage past its hardness ({hp} hit points left)").format(n=e.damage, hp=e.hp)
        text = _("{who} attacks {thing} at ({x}, {y}): {outcome}.").format(who=who(state, e.entity), thing=thing,
                                                                         x=e.at[0], y=e.at[1], outcome=outcome)
        dice = _("d20 {natural} {bonus} = {total} against Defense {defense}").format(
            natural=e.natural, bonus=signed(e.total - e.natural), total=e.total, defense=e.defense)
        return [LogLine(text, f"{RULE} §10.5"), LogLine(dice, f"{RULE} §10.5", dice=True)]
