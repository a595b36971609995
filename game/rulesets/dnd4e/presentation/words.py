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
from game.rulesets.dnd4e.presentation.describe import (
    condition_text, harmful, power_summary, readied_text, state_word, vitals,
)
from game.rulesets.dnd4e.presentation.narration import dice_line, narrate, rule_reference

TARGET_MODES = {"charge", "bull_rush", "grab", "move_grabbed", "aid", "potion"}
DEFENSE_LABELS = (("ac", "AC"), ("fortitude", "Fort"), ("reflex", "Ref"), ("will", "Will"))
OFFER_TITLES = {"opportunity": "Opportunity attack?", "readied": "Readied action?", "return": "Act now?"}
ACTION_NAMES = {"prone": "Drop prone", "stand": "Stand up", "aid": "Aid another", "second_wind": "Second wind",
                "total_defense": "Total defense", "action_point": "Action point",
                "move_grabbed": "Move a grabbed creature",
                "end_grab": "End the grab", "unsqueeze": "End squeeze", "knockout": "Knockout blow"}
ACTION_HELP = {
    "walk": "Move up to your speed; leaving a square next to an enemy provokes (4e §25.24).",
    "run": "Speed +2, but -5 to attacks and you grant combat advantage until your next turn (4e §25.17).",
    "shift": "Move 1 square without provoking opportunity attacks (4e §25.20).",
    "crawl": "While prone: move half your speed, still prone (4e §25.7).",
    "squeeze": "Fit through a narrow space: half speed, -5 to attacks, grant combat advantage (4e §25.21).",
    "unsqueeze": "Stop squeezing and take up your full space (free, 4e §25.21).",
    "prone": "Drop prone: +2 defenses against ranged attacks from afar, but melee has advantage (minor, 4e §25.8).",
    "stand": "Stand up from prone (move action, 4e §25.19).",
    "charge": "Click an enemy: move at least 2 squares straight to the nearest square to attack it, then a melee "
              "basic attack at +1; no more actions this turn (4e §25.5).",
    "bull_rush": "Click an adjacent enemy, then the square to push it to (or it again): Str vs Fortitude; on a hit "
                 "push 1 and shift into its square (4e §25.4).",
    "grab": "Click an enemy within reach: Str vs Reflex; on a hit it is immobilized until it escapes (4e §25.12).",
    "move_grabbed": "Drag the creature you hold: Str vs Fortitude, then move half speed with it (4e §25.12).",
    "escape": "Athletics vs Fortitude or Acrobatics vs Reflex against what holds you (move, 4e §25.11).",
    "end_grab": "Let go of the creature you hold (free, 4e §25.12).",
    "aid": "Click an enemy within reach, then an ally: attack vs AC 10; on a hit the ally gets +2 to attack it "
           "or +2 defenses against it (4e §25.2).",
    "second_wind": "Spend a healing surge and gain +2 to all defenses until your next turn (once, 4e §25.18).",
    "total_defense": "+2 to all defenses until the start of your next turn (4e §25.22).",
    "potion": "Drink a potion of healing (minor), or click an unconscious ally next to you to pour it (standard, "
              "4e §25.14). Press O again to drink it yourself.",
    "action_point": "One extra action this turn, once per encounter (free, 4e §25.1).",
    "delay": "Put off your whole turn and step in after any later creature (4e §25.9).",
    "ready": "Pick a power and a trigger; it goes off when an enemy sets it off (standard, 4e §25.16).",
    "sustain": "Spend a minor action to keep the power going (4e §11.1).",
    "knockout": "Toggle: a creature your next attack drops is knocked unconscious, not killed (4e §27).",
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

    # The hint line -----------------------------------------------------------------------------------
    def hint(self) -> str:
        forced = next_forced(self.state)
        if forced is not None:
            moved = len(self.forced_path) - 1
            return (f"{self.state.name(forced.by)}: {forced.kind} {self.state.name(forced.target)} up to "
                    f"{forced.squares} square{'s' if forced.squares != 1 else ''} ({moved} so far): click lit squares; "
                    f"Enter or a click on the target stops. 4e §22")
        if self.state.offer is not None:
            return "Take it (Y) or let it pass (N)."
        if self.popup is not None:
            return "Pick with the number keys or a click; Esc cancels."
        square = self.screen.hover_square()
        occupant = self.screen.occupant(square)
        mode, name = self.mode, self.state.name
        ko = " Knockout is ON." if self.knockout else ""
        if mode.startswith("teleport:"):
            teleport = teleport_power(self.state, self.actor, mode.split(":", 1)[1])
            reach = teleport.squares if teleport else 0
            return (f"Teleport up to {reach} squares to a free square you can see (violet). No opportunity attacks. "
                    "4e §23")
        power = self.power()
        if power is not None and power.area == "wall":
            return (f"{power.name}: lay the wall square by square ({len(self.wall)} of {power.size}); the lit squares "
                    f"may come next, the last one attacks everyone in it. Esc starts over. 4e §5.6{ko}")
        if power is not None and power.kind in ("close", "area"):
            area = self.area_plan()
            if isinstance(area, Rejected):
                return f"Can't place it there: {area}"
            if isinstance(area, AreaPlan):
                if not area.profile.attacks:
                    return f"{area.profile.name}: {len(area.squares)} squares. Click to use it.{ko}"
                caught = ", ".join(f"{name(t)} {(21 - p.needed) * 5}%"
                                   + ("" if self.state.are_enemies(self.actor, t) else " (ally!)")
                                   for t, p in area.targets)
                return f"{area.profile.name}: {caught}. Click to attack (one roll each, one damage roll).{ko}"
            return "Move the mouse to aim the area; creatures caught are outlined."
        if power is not None and not power.attacks:
            if occupant in self.friends:
                assert occupant is not None
                return f"{power.name} on {name(occupant)}: click to use it."
            self_too = " Press its key again to use it on yourself." if self.actor in self.friends else ""
            return f"{power.name}: click a creature outlined in green.{self_too}"
        if mode in TARGET_MODES:
            return self._mode_hint(occupant)
        if occupant in self.targets and self.selected == self.actor:
            assert occupant is not None
            plan = self.targets[occupant]
            if plan is not None:
                return self._attack_hint(occupant, plan) + ko
        if power is not None:
            return f"Click an enemy marked in red to use the {power.name}.{ko}"
        preview = self.walk_preview() if self.selected == self.actor else None
        if preview is not None:
            cost, speed = preview.cost, mode_speed(self.state, self.actor, self.mode)
            verb = self.mode.title()
            fall = f" Jumps down {preview.fall_ft} ft: a fall (1d10 per 10 ft, lands prone)." if preview.fall_ft else ""
            if preview.attackers:
                names = ", ".join(name(e) for e in preview.attackers)
                return f"{verb} here: {cost} squares; provokes opportunity attacks from {names} (marked !).{fall}"
            if cost > speed:
                return f"Double move here: {cost} of {speed * 2} squares, using the move and standard actions.{fall}"
            return f"{verb} here: {cost} of {speed} squares.{fall} Click to move."
        return ("Click a lit square to move (hatched: double move), a marked enemy to attack; 1-9 powers, letters "
                f"actions (hover a button for what it does); K knockout; Enter ends the turn.{ko}")

    def _attack_hint(self, target: Entity, plan: AttackPlan) -> str:
        """The hover forecast: the odds, each modifier with its reason, what a hit does."""
        profile = plan.profile
        defense = profile.defense.upper() if profile.defense == "ac" else profile.defense.title()
        coup = self.coup_power(target, profile.name)
        if coup is not None:
            return (f"Coup de grace with the {coup} on helpless {self.state.name(target)}: a hit is a critical hit; "
                    f"{self.state.stats(target).bloodied_value}+ damage kills outright (4e §25.6). Click.")
        chance = (21 - plan.needed) * 5
        mods = "".join(f", {m.value:+d} {m.reason}" for m in plan.modifiers)
        extra = f"; on a hit: {profile.forced} {profile.forced_squares}".replace(" 0", "") if profile.forced else ""
        lines = ""
        if self.screen.show_cover_lines and (shown := self.screen.cover_lines(target)) is not None:
            lines = f" Cover lines: {sum(shown.blocked)} of 4 blocked (dashed)."
        return (f"{profile.name} vs {defense} {plan.defense_value}: hit on {plan.needed}+ ({chance}%){mods}{extra}. "
                f"Click to attack.{lines}")

    def _mode_hint(self, occupant: Entity | None) -> str:
        name, mode = self.state.name, self.mode
        if mode == "charge":
            if occupant is not None and occupant in self.charges:
                return (f"Charge {name(occupant)}: {len(self.charges[occupant]) - 1} squares, then a melee basic "
                        "attack at +1 (4e §25.5). Click.")
            return "Charge: hover an enemy marked in red to see the path; click to charge."
        if mode == "bull_rush":
            if self.picked is not None:
                return (f"Bull rush {name(self.picked)}: click a lit square to push it to, or it again "
                        "(Enter) to let the rules pick (4e §25.4).")
            return "Bull rush: click an adjacent enemy (Str vs Fortitude; push 1 and follow, 4e §25.4)."
        if mode == "grab":
            return "Grab: click an enemy within reach (Str vs Reflex; immobilized until it escapes, 4e §25.12)."
        if mode == "move_grabbed":
            return "Drag: click a lit square (Str vs Fortitude, then half speed with the grabbed creature, 4e §25.12)."
        if mode == "aid":
            if self.picked is not None:
                return f"Aid another against {name(self.picked)}: click the ally to help (green), then pick the bonus."
            return "Aid another: click an enemy within reach (attack vs AC 10, 4e §25.2), then an ally."
        if mode == "potion":
            return ("Potion: click yourself (minor) or an unconscious ally next to you (standard); O again drinks it. "
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
        return [ZoneShown(f"{z.source} ({self.state.name(z.owner)})", z.squares) for z in zones(self.state)]

    # The card, the prompt, the log -------------------------------------------------------------------
    def card(self, entity: Entity) -> Card:
        """Hit points, defenses, staying power, every condition with its duration, and (on its own turn) the
        actions left."""
        state = self.state
        stats = state.stats(entity)
        hp_line, staying = vitals(state, entity)
        defenses = "  ".join(f"{label} {stats.defenses.value(key)}" for key, label in DEFENSE_LABELS)
        lines: list[tuple[str, str]] = []
        for entry in state.conditions(entity).entries:
            lines.append((f"{'-' if harmful(entry) else '+'} {condition_text(state, entry)}",
                          "bad" if harmful(entry) else "good"))
        if (ready := readied_text(state, entity)):
            lines.append((ready, "text"))
        if entity in state.turn.delayed:
            lines.append(("Delaying: may act after any creature's turn (4e §25.9)", "text"))
        if not lines:
            lines.append(("No conditions.", "dim"))
        pips: tuple[tuple[str, bool], ...] = ()
        if entity == self.actor and state.outcome is None:
            budget = state.turn.actions
            pips = tuple((label.title() if available else f"{label.title()} used", bool(available))
                         for label, available in ((STANDARD, budget.standard), (MOVE, budget.move),
                                                  (MINOR, budget.minor)))
        return Card(f"  ·  level {stats.level} {stats.role}" if stats.role else "", hp_line,
                    bool(state_word(state, entity)), f"{defenses}   Speed {stats.speed}", staying, tuple(lines),
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
            title = f"{'Interrupt' if power.action == 'interrupt' else 'Reaction'}: {offer.power}?"
        else:
            title = OFFER_TITLES.get(offer.kind, f"{offer.power}?")
        plan = offer_plan(state, offer)
        if isinstance(plan, AttackPlan):
            chance = (21 - plan.needed) * 5
            mods = "".join(f", {m.value:+d} {m.reason}" for m in plan.modifiers)
            defense = plan.profile.defense.upper() if plan.profile.defense == "ac" else plan.profile.defense.title()
            odds = f"{plan.profile.name} vs {defense} {plan.defense_value}: hit on {plan.needed}+ ({chance}%){mods}."
        elif power is not None and not power.attacks:
            odds = power_summary(power).replace("you: ", f"{state.name(by)}: ") + "."
        elif offer.kind == "return":
            odds = "Take your delayed turn now; this becomes your place in the order (4e §25.9)."
        else:
            odds = str(plan) if plan is not None else ""
        rule = {"opportunity": "One opportunity attack per turn (4e §25.13).", "return": "",
                "readied": "Readied: it goes off before the trigger finishes (4e §25.16)."}.get(
            offer.kind, "One immediate action per round (4e §3.3).")
        refused = validate(state, React(by, True))
        labels = (("yes", "Act now  [Y]" if offer.kind == "return" else "Take it  [Y]"),
                  ("no", "Keep waiting  [N]" if offer.kind == "return" else "Let it pass  [N]"))
        return Prompt(f"{title}  ({self.screen.side_labels.get(side, side)})", side,
                      f"{state.name(by)}: {describe_offer(state, offer)}.",
                      f"{paused_odds(state)}{odds} {rule}".strip(), None if refused is None else str(refused), labels)

    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        offer = self.state.offer
        if offer is None:
            return ()
        return ((offer.by, False),) + (((offer.against, True),) if offer.against is not None else ())

    def handover_reason(self) -> str:
        name = self.state.name(decider(self.state))
        if self.state.offer is not None:
            return f"{name}: {describe_offer(self.state, self.state.offer)}."
        if self.state.pending_forced is not None:
            return f"{name}: place the forced movement (4e §22)."
        return f"{name}'s turn."

    def log_lines(self, event: Any) -> list[LogLine]:
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
            return choice.label, choice.summary
        return ACTION_NAMES.get(base, choice.label), choice.summary or ACTION_HELP.get(base, "")


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
    return f"As it stands the {attack} hits {state.name(target)} on {plan.needed}+ ({(21 - plan.needed) * 5}%). "

