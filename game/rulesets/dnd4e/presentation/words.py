"""What the 4e battle screen shows of the rules: the hint line's forecast, the walk's provokers, the area template,
the zones, the creature card, the offer's prompt, the log lines and the bar's tooltips (no pygame)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from game.core.grid import Square
from game.ecs.components import PausedAttack, Power
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import AreaShown, Card, Controls, LogLine, Prompt, WalkPreview, ZoneShown
from game.rulesets.dnd4e.actions.attack import AreaPlan, AttackPlan, offer_plan, plan_attack
from game.rulesets.dnd4e.actions.commands import React, Rejected
from game.rulesets.dnd4e.actions.common import decider, describe_offer
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.force_move import next_forced
from game.rulesets.dnd4e.actions.move import mode_speed
from game.rulesets.dnd4e.actions.teleport import teleport_power
from game.rulesets.dnd4e.actions.zones import zones
from game.rulesets.dnd4e.economy import MINOR, MOVE, STANDARD
from game.rulesets.dnd4e.opportunity import provokers
from game.i18n.gettext_domains import translate
from game.i18n import listing, named
from game.rulesets.dnd4e.i18n import L_, N_, Ln_, _, content
from game.rulesets.dnd4e.presentation.choices import MOVE_LABELS
from game.rulesets.dnd4e.presentation.describe import (
    DEFENSE_LONG, condition_text, forced_words, harmful, power_summary, readied_text, refusal_text, sentences,
    state_word, vitals,
)
from game.rulesets.dnd4e.presentation.narration import dice_line, narrate, rule_reference

TARGET_MODES = {"charge", "bull_rush", "grab", "move_grabbed", "aid", "potion"}
ACTION_TITLES = {STANDARD: N_("Standard"), MOVE: N_("Move"), MINOR: N_("Minor")}
USED_TITLES = {STANDARD: N_("Standard used"), MOVE: N_("Move used"), MINOR: N_("Minor used")}
DEFENSE_LABELS = (("ac", "AC"), ("fortitude", N_("Fort")), ("reflex", N_("Ref")), ("will", N_("Will")))
OFFER_TITLES = {"opportunity": N_("Opportunity attack?"), "readied": N_("Readied action?"), "return": N_("Act now?")}
ACTION_NAMES = {"prone": N_("Drop prone"), "stand": N_("Stand up"), "aid": N_("Aid another"), "second_wind": N_("Second wind"),
                "total_defense": N_("Total defense"), "action_point": N_("Action point"),
                "move_grabbed": N_("Move a grabbed creature"),
                "end_grab": N_("End the grab"), "unsqueeze": N_("End squeeze"), "knockout": N_("Knockout blow")}
OFFER_RULES = {"opportunity": N_("One opportunity attack per turn (4e §25.13)."), "return": "",
               "readied": N_("Readied: it goes off before the trigger finishes (4e §25.16).")}
ACTION_HELP = {
    "walk": N_("Move up to your speed; leaving a square next to an enemy provokes (4e §25.24)."),
    "run": N_("Speed +2, but -5 to attacks and you grant combat advantage until your next turn (4e §25.17)."),
    "shift": N_("Move 1 square without provoking opportunity attacks (4e §25.20)."),
    "crawl": N_("While prone: move half your speed, still prone (4e §25.7)."),
    "squeeze": N_("Fit through a narrow space: half speed, -5 to attacks, grant combat advantage (4e §25.21)."),
    "unsqueeze": N_("Stop squeezing and take up your full space (free, 4e §25.21)."),
    "prone": N_("Drop prone: +2 defenses against ranged attacks from afar, but melee has advantage (minor, 4e §25.8)."),
    "stand": N_("Stand up from prone (move action, 4e §25.19)."),
    "charge": N_("Click an enemy: move at least 2 squares straight to the nearest square to attack it, then a melee "
                 "basic attack at +1; no more actions this turn (4e §25.5)."),
    "bull_rush": N_("Click an adjacent enemy, then the square to push it to (or it again): Str vs Fortitude; on a hit "
                    "push 1 and shift into its square (4e §25.4)."),
    "grab": N_("Click an enemy within reach: Str vs Reflex; on a hit it is immobilized until it escapes (4e §25.12)."),
    "move_grabbed": N_("Drag the creature you hold: Str vs Fortitude, then move half speed with it (4e §25.12)."),
    "escape": N_("Athletics vs Fortitude or Acrobatics vs Reflex against what holds you (move, 4e §25.11)."),
    "end_grab": N_("Let go of the creature you hold (free, 4e §25.12)."),
    "aid": N_("Click an enemy within reach, then an ally: attack vs AC 10; on a hit the ally gets +2 to attack it "
              "or +2 defenses against it (4e §25.2)."),
    "second_wind": N_("Spend a healing surge and gain +2 to all defenses until your next turn (once, 4e §25.18)."),
    "total_defense": N_("+2 to all defenses until the start of your next turn (4e §25.22)."),
    "potion": N_("Drink a potion of healing (minor), or click an unconscious ally next to you to pour it (standard, "
                 "4e §25.14). Press O again to drink it yourself."),
    "action_point": N_("One extra action this turn, once per encounter (free, 4e §25.1)."),
    "delay": N_("Put off your whole turn and step in after any later creature (4e §25.9)."),
    "ready": N_("Pick a power and a trigger; it goes off when an enemy sets it off (standard, 4e §25.16)."),
    "sustain": N_("Spend a minor action to keep the power going (4e §11.1)."),
    "knockout": N_("Toggle: a creature your next attack drops is knocked unconscious, not killed (4e §27)."),
}


class Words(Controls):
    """The words and shapes of 4e's picks (the picks themselves: presentation/controls.py)."""

    _preview_key: object = None
    _previews: dict[Square, WalkPreview]
    _provokers: dict[tuple[Square, Square], tuple[Entity, ...]]

    @abstractmethod
    def power(self) -> Power | None: ...

    @abstractmethod
    def area_plan(self) -> AreaPlan | Rejected | None: ...

    @abstractmethod
    def coup_power(self, target: Entity, power: str) -> str | None: ...

    # The hint line: in the language chosen now (the screen asks for it as it draws) -----------------------
    def hint(self) -> str:
        return translate(self._hint())

    def _hint(self) -> str:
        forced = next_forced(self.state)
        if forced is not None:
            moved = len(self.forced_path) - 1
            return L_("{who}: {kind} {target} up to {squares} ({moved} so far): click lit squares; Enter or a click on the "
                      "target stops. 4e §22", who=self._name(forced.by), kind=forced.kind, target=self._name(forced.target),
                      squares=Ln_("{n} square", "{n} squares", forced.squares), moved=moved)
        if self.state.offer is not None:
            return L_("Take it (Y) or let it pass (N).")
        if self.popup is not None:
            return L_("Pick with the number keys or a click; Esc cancels.")
        square = self.screen.hover_square()
        occupant = self.screen.occupant(square)
        mode, name = self.mode, self._name
        ko = L_(" Knockout is ON.") if self.knockout else ""
        if mode.startswith("teleport:"):
            teleport = teleport_power(self.state, self.actor, mode.split(":", 1)[1])
            reach = teleport.squares if teleport else 0
            return L_("Teleport up to {n} squares to a free square you can see (violet). No opportunity attacks. 4e §23",
                      n=reach)
        power = self.power()
        if power is not None and power.area == "wall":
            return L_("{power}: lay the wall square by square ({laid} of {size}); the lit squares may come next, the last one "
                      "attacks everyone in it. Esc starts over. 4e §5.6{ko}", power=power.name, laid=len(self.wall),
                      size=power.size, ko=ko)
        if power is not None and power.kind in ("close", "area"):
            area = self.area_plan()
            if isinstance(area, Rejected):
                return L_("Can't place it there: {reason}", reason=refusal_text(area))
            if isinstance(area, AreaPlan):
                if not area.profile.attacks:
                    return L_("{power}: {squares}. Click to use it.{ko}", power=area.profile.name,
                              squares=Ln_("{n} square", "{n} squares", len(area.squares)), ko=ko)
                caught = [L_("{who} {chance}%", who=name(t), chance=(21 - p.needed) * 5)
                          if self.state.are_enemies(self.actor, t) else
                          L_("{who} {chance}% (ally!)", who=name(t), chance=(21 - p.needed) * 5) for t, p in area.targets]
                return L_("{power}: {caught}. Click to attack (one roll each, one damage roll).{ko}", power=area.profile.name,
                          caught=listing(caught), ko=ko)
            return L_("Move the mouse to aim the area; creatures caught are outlined.")
        if power is not None and not power.attacks:
            if occupant in self.friends:
                assert occupant is not None
                return L_("{power} on {who}: click to use it.", power=power.name, who=name(occupant))
            if self.actor in self.friends:
                return L_("{power}: click a creature outlined in green. Press its key again to use it on yourself.",
                          power=power.name)
            return L_("{power}: click a creature outlined in green.", power=power.name)
        if mode in TARGET_MODES:
            return self._mode_hint(occupant)
        if occupant in self.targets and self.selected == self.actor:
            assert occupant is not None
            plan = self.targets[occupant]
            if plan is not None:
                return L_("{hint}{ko}", hint=self._attack_hint(occupant, plan), ko=ko) if ko else self._attack_hint(occupant, plan)
        if power is not None:
            return L_("Click an enemy marked in red to use the {power}.{ko}", power=power.name, ko=ko)
        preview = self.walk_preview() if self.selected == self.actor else None
        if preview is not None:
            return self._walk_hint(preview)
        return L_("Click a lit square to move (hatched: double move), a marked enemy to attack; 1-9 powers, letters actions "
                  "(hover a button for what it does); K knockout; Enter ends the turn.{ko}", ko=ko)

    def _name(self, entity: Entity) -> str:
        return named(self.state.name(entity))

    def _walk_hint(self, preview: WalkPreview) -> str:
        cost, speed = preview.cost, mode_speed(self.state, self.actor, self.mode)
        verb = MOVE_LABELS.get(self.mode, self.mode.title())
        fall = L_(" Jumps down {feet} ft: a fall (1d10 per 10 ft, lands prone).", feet=preview.fall_ft) if preview.fall_ft else ""
        if preview.attackers:
            return L_("{verb} here: {cost} squares; provokes opportunity attacks from {names} (marked !).{fall}", verb=verb,
                      cost=cost, names=listing([self._name(e) for e in preview.attackers]), fall=fall)
        if cost > speed:
            return L_("Double move here: {cost} of {double} squares, using the move and standard actions.{fall}", cost=cost,
                      double=speed * 2, fall=fall)
        return L_("{verb} here: {cost} of {speed} squares.{fall} Click to move.", verb=verb, cost=cost, speed=speed, fall=fall)

    def _attack_hint(self, target: Entity, plan: AttackPlan) -> str:
        """The hover forecast: the odds, each modifier with its reason, what a hit does."""
        profile = plan.profile
        coup = self.coup_power(target, profile.name)
        if coup is not None:
            return L_("Coup de grace with the {power} on helpless {target}: a hit is a critical hit; {n}+ damage kills "
                      "outright (4e §25.6). Click.", power=coup, target=self._name(target),
                      n=self.state.stats(target).bloodied_value)
        lines = ""
        if self.screen.show_cover_lines and (shown := self.screen.cover_lines(target)) is not None:
            lines = L_(" Cover lines: {n} of 4 blocked (dashed).", n=sum(shown.blocked))
        return L_("{odds}. Click to attack.{lines}", odds=attack_odds(plan), lines=lines)

    def _mode_hint(self, occupant: Entity | None) -> str:
        name, mode = self._name, self.mode
        if mode == "charge":
            if occupant is not None and occupant in self.charges:
                return L_("Charge {target}: {n} squares, then a melee basic attack at +1 (4e §25.5). Click.",
                          target=name(occupant), n=len(self.charges[occupant]) - 1)
            return L_("Charge: hover an enemy marked in red to see the path; click to charge.")
        if mode == "bull_rush":
            if self.picked is not None:
                return L_("Bull rush {target}: click a lit square to push it to, or it again (Enter) to let the rules pick "
                          "(4e §25.4).", target=name(self.picked))
            return L_("Bull rush: click an adjacent enemy (Str vs Fortitude; push 1 and follow, 4e §25.4).")
        if mode == "grab":
            return L_("Grab: click an enemy within reach (Str vs Reflex; immobilized until it escapes, 4e §25.12).")
        if mode == "move_grabbed":
            return L_("Drag: click a lit square (Str vs Fortitude, then half speed with the grabbed creature, 4e §25.12).")
        if mode == "aid":
            if self.picked is not None:
                return L_("Aid another against {target}: click the ally to help (green), then pick the bonus.",
                          target=name(self.picked))
            return L_("Aid another: click an enemy within reach (attack vs AC 10, 4e §25.2), then an ally.")
        if mode == "potion":
            return L_("Potion: click yourself (minor) or an unconscious ally next to you (standard); O again drinks it. "
                      "4e §25.14")
        return ""

    # The map's shapes --------------------------------------------------------------------------------
    def walk_preview(self) -> WalkPreview | None:
        """The move to the hovered square and what it provokes: worked out once per square for each move's
        options (and once per step of the path tree), not per frame."""
        square = self.screen.hover_square()
        if self.walk is None or square is None or square not in self.walk.endable or square == self.walk.start:
            return None
        key = (self.walk, self.mode, len(self.match.record), self.screen.version)
        if key != self._preview_key:
            self._preview_key, self._previews, self._provokers = key, {}, {}
        preview = self._previews.get(square)
        if preview is None:
            path = self.walk.path_to(square) or ()
            used = self.state.turn.opportunity_used
            provoking: list[Square] = []
            attackers: list[Entity] = []
            for step in zip(path, path[1:], strict=False):
                found = self._provokers.get(step)
                if found is None:
                    found = self._provokers[step] = tuple(provokers(self.state, self.actor, step, self.mode))
                fresh = [e for e in found if e not in used and e not in attackers]
                if fresh:
                    provoking.append(step[0])
                    attackers.extend(fresh)
            preview = self._previews[square] = WalkPreview(path, self.walk.cost[square], tuple(provoking),
                                                           tuple(attackers), self.walk.falls.get(square, 0))
        return preview

    def reach_speed(self) -> int:
        """How far one move goes (squares beyond it are hatched: a double move, 4e §25.13)."""
        return mode_speed(self.state, self.actor, self.mode)

    def path_cost(self, preview: WalkPreview) -> str:
        """Squares in 4e (§25.24), written bare."""
        return f"{preview.cost}"

    def aiming_area(self) -> bool:
        power = self.power()
        return power is not None and power.kind in ("close", "area")

    def area_shown(self) -> AreaShown | None:
        """The chosen close or area power placed by plan_area (its targets are the creatures caught)."""
        area = self.area_plan()
        if not isinstance(area, AreaPlan):
            return None
        return AreaShown(area.squares, tuple(target for target, _ in area.targets), area.profile.attacks)

    def zones_shown(self) -> list[ZoneShown]:
        return [ZoneShown(translate(L_("{zone} ({who})", zone=z.source, who=self._name(z.owner))), z.squares)
                for z in zones(self.state)]

    # The card, the prompt, the log -------------------------------------------------------------------
    def card(self, entity: Entity) -> Card:
        """Hit points, defenses, staying power, every condition with its duration, and (on its own turn) the
        actions left."""
        state = self.state
        stats = state.stats(entity)
        hp_line, staying = vitals(state, entity)
        defenses = "  ".join(f"{_(label)} {stats.defenses.value(key)}" for key, label in DEFENSE_LABELS)
        lines: list[tuple[str, str]] = []
        for entry in state.conditions(entity).entries:
            lines.append((f"{'-' if harmful(entry) else '+'} {translate(condition_text(state, entry))}",
                          "bad" if harmful(entry) else "good"))
        if (ready := readied_text(state, entity)):
            lines.append((translate(ready), "text"))
        if entity in state.turn.delayed:
            lines.append((_("Delaying: may act after any creature's turn (4e §25.9)"), "text"))
        if not lines:
            lines.append((_("No conditions."), "dim"))
        pips: tuple[tuple[str, bool], ...] = ()
        if entity == self.actor and state.outcome is None:
            budget = state.turn.actions
            pips = tuple((_(ACTION_TITLES[label]) if available else _(USED_TITLES[label]), bool(available))
                         for label, available in ((STANDARD, budget.standard), (MOVE, budget.move),
                                                  (MINOR, budget.minor)))
        subtitle = _("  ·  level {level} {role}").format(level=stats.level, role=_(stats.role)) if stats.role else ""
        return Card(subtitle, hp_line, bool(state_word(state, entity)),
                    _("{defenses}   Speed {speed}").format(defenses=defenses, speed=stats.speed), staying, tuple(lines),
                    20, 9, pips)

    def prompt(self) -> Prompt | None:
        """The offer's title, question, odds and rule, and whether taking it is allowed now."""
        state, offer = self.state, self.state.offer
        if offer is None:
            return None
        by = offer.by
        side = state.side(by)
        power = next((p for p in state.arsenal(by).attacks if p.name == offer.power), None)
        if offer.kind == "power" and power is not None:
            title = L_("Interrupt: {power}?", power=offer.power) if power.action == "interrupt" \
                else L_("Reaction: {power}?", power=offer.power)
        else:
            title = content(OFFER_TITLES[offer.kind]) if offer.kind in OFFER_TITLES else L_("{power}?", power=offer.power)
        plan = offer_plan(state, offer)
        if isinstance(plan, AttackPlan):
            odds = L_("{odds}.", odds=attack_odds(plan, with_hit=False))
        elif power is not None and not power.attacks:
            odds = L_("{summary}.", summary=power_summary(power, user=self._name(by)))
        elif offer.kind == "return":
            odds = L_("Take your delayed turn now; this becomes your place in the order (4e §25.9).")
        else:
            odds = refusal_text(plan) if plan is not None else ""
        rule = OFFER_RULES.get(offer.kind, N_("One immediate action per round (4e §3.3)."))
        refused = validate(state, React(by, True))
        labels = (("yes", _("Act now  [Y]") if offer.kind == "return" else _("Take it  [Y]")),
                  ("no", _("Keep waiting  [N]") if offer.kind == "return" else _("Let it pass  [N]")))
        explain = translate(sentences([part for part in (paused_odds(state), odds, content(rule)) if part]))
        title = translate(L_("{title}  ({side})", title=title, side=self.screen.side_labels.get(side, side)))
        asks = translate(L_("{who}: {offer}.", who=self._name(by), offer=describe_offer(state, offer)))
        return Prompt(title, side, asks, explain, None if refused is None else translate(refusal_text(refused)), labels)

    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        offer = self.state.offer
        if offer is None:
            return ()
        return ((offer.by, False),) + (((offer.against, True),) if offer.against is not None else ())

    def handover_reason(self) -> str:
        who = self._name(decider(self.state))
        if self.state.offer is not None:
            return translate(L_("{who}: {offer}.", who=who, offer=describe_offer(self.state, self.state.offer)))
        if self.state.pending_forced is not None:
            return translate(L_("{who}: place the forced movement (4e §22).", who=who))
        return translate(L_("{who}'s turn.", who=who))

    def log_lines(self, event: Any) -> list[LogLine]:
        """The event's lines as Lazy lines: drawn in the language chosen when they are drawn."""
        lines = []
        line = narrate(event, self.state, self.screen.side_labels)
        if line:
            lines.append(LogLine(line, rule_reference(event, line)))
        roll = dice_line(event, self.state)
        if roll:
            lines.append(LogLine(roll, getattr(event, "rule", ""), dice=True))
        return lines

    def tooltip(self, choice: Choice) -> tuple[str, str]:
        base = choice.key.split(":", 1)[0]
        if choice.is_power:
            return translate(choice.label), translate(choice.summary)
        return (_(ACTION_NAMES[base]) if base in ACTION_NAMES else translate(choice.label),
                translate(choice.summary) if choice.summary else _(ACTION_HELP[base]) if base in ACTION_HELP else "")


def attack_odds(plan: AttackPlan, with_hit: bool = True) -> str:
    """ "Longsword vs AC 16: hit on 11+ (50%), +2 combat advantage; on a hit: push 1" (the forecast and the prompt)."""
    profile = plan.profile
    mods = ""
    for modifier in reversed(plan.modifiers):
        mods = L_(", {value:+d} {reason}{rest}", value=modifier.value, reason=modifier.reason, rest=mods)
    extra = L_("; on a hit: {forced}", forced=forced_words(profile.forced, profile.forced_squares)) \
        if profile.forced and with_hit else ""
    return L_("{power} vs {defense} {value}: hit on {needed}+ ({chance}%){mods}{extra}", power=profile.name,
              defense=DEFENSE_LONG.get(profile.defense, profile.defense.title()), value=plan.defense_value, needed=plan.needed,
              chance=(21 - plan.needed) * 5, mods=mods, extra=extra)


def paused_odds(state: Any) -> str:
    """The attack an interrupt would answer, as it stands: "... the longsword hits Miriel on 6+ (75%). ".
    Only a paused Attack names its power; a paused charge or maneuver (no ``attack``) says nothing here."""
    pending = state.pending_offers
    paused = pending.then if pending is not None else None
    command = getattr(paused, "command", None) if isinstance(paused, PausedAttack) else None
    target = getattr(command, "target", None)
    attack = getattr(command, "attack", None)
    if command is None or target is None or not isinstance(attack, str):
        return ""
    plan = plan_attack(state, command.actor, target, attack)
    if not isinstance(plan, AttackPlan):
        return ""
    return L_("As it stands the {power} hits {target} on {needed}+ ({chance}%).", power=attack,
              target=named(state.name(target)), needed=plan.needed, chance=(21 - plan.needed) * 5)
