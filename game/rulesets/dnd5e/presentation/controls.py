"""The 5e-house battle screen's controls: what a pick, click or key means under 5e-house, asked of the adapter's
rules answers (presentation/adapter.py); no pygame."""

from __future__ import annotations

from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.refusal import Refusal
from game.engine.controls import WALK, AreaShown, Card, Controls, LogLine, Prompt, Screen, WalkPreview, ZoneShown
from game.rulesets.dnd5e.commands import EndTurn
from game.rulesets.dnd5e.components import PendingStrike
from game.rulesets.dnd5e.engine import budget, readied_along
from game.i18n import listing, named
from game.rulesets.dnd5e.i18n import L_, N_, sentences
from game.rulesets.dnd5e.presentation import adapter as rules_5e
from game.rulesets.dnd5e.situation import provokers

TOOLTIP_NAMES = {"knockout": N_("Knockout blow")}     # the bar says "Knockout on/off"; its tooltip names the blow


class Controls5e(Controls):
    """5e-house's picks: a weapon, a spell (at a creature, a square or an area), an action; the walk in feet."""

    def __init__(self, screen: Screen) -> None:
        super().__init__(screen)
        self._readiers: dict[Square, tuple[Entity, ...]] = {}    # per hovered square: whose readied attack it sets off
        self._template_key: object = None
        self._template: rules_5e.AreaTemplate | None = None
        self._preview_key: object = None
        self._previews: dict[Square, WalkPreview] = {}

    def waiting(self) -> bool:
        return rules_5e.offer_text(self.state) is not None

    def asked(self) -> Entity | None:
        strike = self.state.world.maybe_resource(PendingStrike)
        return strike.reactors[0] if strike is not None else None

    def refresh(self) -> None:
        self.clear()
        state, actor = self.state, self.actor
        # End turn has its own button (Enter), so the bar leaves it out.
        self.bar_choices = [c for c in rules_5e.choices(state, actor) if c.key != "end_turn"] \
            if state.outcome is None else []
        if state.outcome is not None or rules_5e.offer_text(state) is not None:
            return
        choice = self.choice()
        if choice is None or choice.blocked is not None or choice.instant:
            self.mode, self.picked = WALK, None
            choice = None
        if choice is None:
            self.walk = rules_5e.reachable(state, actor)
            if self.walk is not None:
                self.walk_costs = rules_5e.walk_squares(state, actor, self.walk)
            # A click on an enemy attacks it with the first weapon the door accepts against it.
            for armed in (c for c in self.bar_choices if c.key.startswith("attack:") and c.blocked is None):
                for target in armed.targets:
                    self.targets.setdefault(target, armed.label)
        elif choice.key.startswith("spell:") and not choice.targets:
            # An area aimed at a square follows the mouse as its template (as 4e's areas do); the teleport's
            # squares, and the caster's own for an area centred on it, are lit.
            if not rules_5e.area_spell(state, actor, choice.key) or rules_5e.self_centred(state, actor, choice.key):
                self.teleports = rules_5e.spell_squares(state, actor, choice.key)
        elif choice.key.startswith("spell:") and choice.aim == "heal" or choice.key == "first_aid":
            self.friends = list(choice.targets)
        else:
            weapon = rules_5e.aimed_weapon(state, actor, choice.key)     # the off-hand attack's forecast
            self.targets = {e: weapon for e in choice.targets}

    # Keys and buttons -------------------------------------------------------------------------------
    def key(self, action: str) -> bool:
        if action in ("yes", "no") and rules_5e.offer_text(self.state) is not None:
            self.answer(action == "yes")
            return True
        if action == "end_turn":
            self.end_turn()
            return True
        return False

    def end_turn(self) -> None:
        self.screen.skip_animations()
        self.submit(EndTurn(self.actor))

    def answer(self, take: bool) -> None:
        self.screen.skip_animations()
        command = rules_5e.answer(self.state, take)
        if command is not None:
            self.submit(command)

    def right_click(self) -> bool:
        return False

    def pick(self, choice: Choice) -> None:
        if choice.key == "knockout":
            self.knockout = not self.knockout
            self.message = (L_("Knockout: a creature your next melee attack drops is left at 1 HP, unconscious "
                               "(5e-house §3.1).") if self.knockout else L_("Knockout off: attacks kill as usual."))
            return
        if choice.blocked is not None:
            self.message = L_("Can't: {why}", why=refusal_line(choice.blocked))
            return
        self.selected = self.actor
        again = self.mode == choice.key
        # The same key again casts an area centred on the caster (its template shown), or readies the attack
        # for whichever enemy comes first (§2.1).
        again_acts = again and (rules_5e.self_centred(self.state, self.actor, choice.key)
                                or choice.key.startswith("ready"))
        if choice.instant or again_acts:
            self.mode = WALK
            self.submit(rules_5e.command_for(self.state, self.actor, choice.key))
        elif again and self.actor in self.friends:
            # The same key again: on yourself (a healing spell).
            self.submit(rules_5e.command_for(self.state, self.actor, choice.key, target=self.actor))
        else:
            self.mode = WALK if again else choice.key
            self.picked, self.message = None, ""
            self.refresh()

    # Clicks on the map ------------------------------------------------------------------------------
    def click_square(self, square: Square) -> None:
        if self.selected == self.actor and self.mode != WALK:
            self._click_mode(square)
        else:
            self._click_walk(square)

    def _click_mode(self, square: Square) -> None:
        """A click while a weapon, spell or action is picked."""
        occupant = self.state.occupant_at(square)
        if occupant is not None and occupant in self.targets:
            self.submit(rules_5e.command_for(self.state, self.actor, self.mode, target=occupant,
                                             knockout=self.knockout))
        elif occupant is not None and occupant in self.friends:
            self.submit(rules_5e.command_for(self.state, self.actor, self.mode, target=occupant))
        elif square in self.teleports:
            self.submit(rules_5e.command_for(self.state, self.actor, self.mode, at=square))
        elif rules_5e.area_spell(self.state, self.actor, self.mode) and \
                not rules_5e.self_centred(self.state, self.actor, self.mode):
            refusal = rules_5e.refusal_at(self.state, self.actor, self.mode, square)
            if refusal is None:
                self.submit(rules_5e.command_for(self.state, self.actor, self.mode, at=square))
            else:
                self.message = L_("Can't cast it there: {why}", why=refusal_line(refusal))
        else:
            self.message = L_("Can't: pick a creature marked in red (green to help) or a lit square.")

    def _click_walk(self, square: Square) -> None:
        occupant = self.state.occupant_at(square)
        weapon = self.targets.get(occupant) if occupant is not None else None
        if weapon is not None and self.selected == self.actor:
            self.submit(rules_5e.command_for(self.state, self.actor, f"attack:{weapon}", target=occupant,
                                             knockout=self.knockout))
        elif occupant is not None:
            self.selected = occupant
            self.message = "" if occupant == self.actor else \
                L_("It is {creature}'s turn; showing {shown}.", creature=named(self.state.name(self.actor)),
                   shown=named(self.state.name(occupant)))
        elif self.selected == self.actor and self.walk is not None and square in self.walk_costs:
            command = rules_5e.walk_to(self.actor, self.walk, square)
            if command is not None:
                self.submit(command)
        elif self.selected == self.actor:
            self.message = L_("Can't: that square is out of reach this turn (5e-house §2.3).")
        else:
            self.selected = None

    # What the screen shows --------------------------------------------------------------------------
    def area_template(self) -> rules_5e.AreaTemplate | None:
        """The chosen area spell's template where the mouse points, worked out once per square and state."""
        square = self.screen.hover_square()
        key = (square, len(self.match.record), self.mode, self.screen.version)
        if key != self._template_key:
            self._template_key = key
            self._template = rules_5e.area_template(self.state, self.actor, self.mode, square)
        return self._template

    def aiming_area(self) -> bool:
        """An area spell is chosen: its template is drawn between the lit squares and the creatures."""
        return self.mode.startswith("spell:") and self.area_template() is not None

    def area_shown(self) -> AreaShown | None:
        if not self.mode.startswith("spell:"):
            return None
        area = self.area_template()
        return None if area is None else AreaShown(area.squares, area.caught, area.harms)

    def zones_shown(self) -> list[ZoneShown]:
        """Fog Cloud veiled as a 4e zone is; Darkness nearly black (magical darkness, R004-LT-04)."""
        return [ZoneShown(label, squares, dark) for label, squares, dark in rules_5e.spell_zones(self.state)]

    def reach_speed(self) -> int:
        return budget(self.state, self.actor).movement_ft

    def path_cost(self, preview: WalkPreview) -> str:
        """The hovered walk's cost in feet (§2.3)."""
        return L_("{feet} ft", feet=preview.cost)

    def walk_preview(self) -> WalkPreview | None:
        """The walk to the hovered square, the enemies whose reach it leaves (§6) and the square where it
        would set off readied actions (§2.1), each marked "!"; once per square."""
        square = self.screen.hover_square()
        if self.walk is None or square is None or square not in self.walk_costs:
            return None
        key = (self.walk, len(self.match.record), self.screen.version)
        if key != self._preview_key:
            self._preview_key, self._previews, self._readiers = key, {}, {}
        preview = self._previews.get(square)
        if preview is None:
            path = self.walk.path_to(square) or ()
            disengaged = budget(self.state, self.actor).disengaged
            attackers = provokers(self.state, self.actor, path, disengaged)
            provoking = [frm for frm, to in zip(path, path[1:], strict=False)
                         if provokers(self.state, self.actor, (frm, to), disengaged)]
            ready_square, self._readiers[square] = readied_along(self.state, self.actor, path)
            if ready_square is not None and ready_square not in provoking:
                provoking.append(ready_square)
            preview = self._previews[square] = WalkPreview(path, self.walk_costs[square], tuple(provoking),
                                                           tuple(attackers), self.walk.falls.get(square, 0))
        return preview

    def card(self, entity: Entity) -> Card:
        return Card(lines=tuple((line, "text") for line in rules_5e.card_lines(self.state, entity)))

    def prompt(self) -> Prompt | None:
        if rules_5e.offer_text(self.state) is None:
            return None
        strike = self.state.world.resource(PendingStrike)
        side = self.state.side(strike.reactors[0])
        label = self.screen.side_labels.get(side, side)
        if strike.readied:
            title = L_("Readied action?  ({side})", side=label)
            explain = L_("The action you readied, with your reaction; let it pass and it stays ready (5e-house §2.1).")
        else:
            title = L_("Opportunity attack?  ({side})", side=label)
            explain = L_("One melee attack with the reaction, before the mover leaves reach; one reaction per round "
                         "(5e-house §6).")
        return Prompt(title, side, rules_5e.offer_situation(self.state), explain, None,
                      (("yes", L_("Take it  [Y]")), ("no", L_("Let it pass  [N]"))))

    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        return ()

    def handover_reason(self) -> str:
        return rules_5e.offer_text(self.state) or L_("{creature}'s turn.", creature=named(self.state.name(self.actor)))

    def log_lines(self, event: Any) -> list[LogLine]:
        line = rules_5e.narrate(event, self.state, self.screen.side_labels)
        return [LogLine(line, rules_5e.rule_reference(line))] if line else []

    def tooltip(self, choice: Choice) -> tuple[str, str]:
        return L_(TOOLTIP_NAMES[choice.key]) if choice.key in TOOLTIP_NAMES else choice.label, choice.summary

    def hint(self) -> str:
        state = self.state

        def name(entity: Entity) -> str:
            return named(state.name(entity))
        if rules_5e.offer_text(state) is not None:
            if state.world.resource(PendingStrike).readied:
                return L_("Take the readied action (Y) or let it pass (N).")
            return L_("Take the opportunity attack (Y) or let it pass (N).")
        square = self.screen.hover_square()
        occupant = self.screen.occupant(square)
        choice = self.choice()
        if self.selected == self.actor and occupant is not None and occupant in self.targets:
            attack = self.targets[occupant] or (choice.label if choice is not None else "")
            if self.mode.startswith("spell:"):
                attack = self.mode.split(":")[1]
            seen = rules_5e.forecast(state, self.actor, occupant, attack)
            label = choice.label if choice is not None else attack
            if seen is not None:
                line = L_("{attack} at {target}: {odds}. Click.", attack=label, target=name(occupant), odds=seen.line())
            else:
                line = L_("{attack} at {target}. Click.", attack=label, target=name(occupant))
            return self._knockout(line)
        if choice is not None and self.mode.startswith("spell:") and not choice.targets:
            area = self.area_template()
            if area is not None and rules_5e.self_centred(state, self.actor, choice.key):
                return sentences([area.words, L_("Click yourself or press {key} again to cast.", key=choice.hotkey)])
            if area is not None:
                return sentences([area.words, L_("Click to cast.")])
            if rules_5e.area_spell(state, self.actor, choice.key):
                refusal = rules_5e.refusal_at(state, self.actor, choice.key, square) if square is not None else None
                if refusal is not None:
                    return L_("Can't cast {spell} there: {why}", spell=choice.label, why=refusal_line(refusal))
                return L_("{spell}: point where it goes ({reach}); its area and who it catches show. 5e-house §5",
                          spell=choice.label, reach=choice.reach)
            if square is not None and square in self.teleports:
                return L_("{spell} here. Click to cast.", spell=choice.label)
            return L_("{spell}: click a lit square ({reach}). 5e-house §5", spell=choice.label, reach=choice.reach)
        if choice is not None and self.mode != WALK:
            return L_("{choice}: click a creature marked in red (green: an ally). {summary}", choice=choice.label,
                      summary=choice.summary)
        preview = self.walk_preview() if self.selected == self.actor else None
        if preview is not None:
            walk = dict(cost=preview.cost, left=budget(state, self.actor).movement_ft)
            readiers = listing([name(e) for e in self._readiers.get(preview.path[-1], ())])
            if preview.attackers:
                line = L_("Walk here: {cost} of {left} ft; leaves the reach of {names} (marked !, 5e-house §6).",
                          names=listing([name(e) for e in preview.attackers]), **walk)
            else:
                line = L_("Walk here: {cost} of {left} ft.", **walk)
            more = [L_("Sets off the readied attack of {names} (marked !, 5e-house §2.1).", names=readiers)] if readiers else []
            more += [L_("Jumps down {feet} ft: a fall.", feet=preview.fall_ft)] if preview.fall_ft else []
            more += [] if preview.attackers else [L_("Click to move.")]
            return sentences([line, *more])
        return self._knockout(L_("Click a lit square to walk, a marked enemy to attack; 1-9 weapons and spells, letters "
                                 "actions (hover a button for what it does); K knockout; Enter ends the turn."))

    def _knockout(self, line: str) -> str:
        """The hint, and that the next melee attack knocks out when the toggle is on (§3.1)."""
        return sentences([line, L_("Knockout is ON.")]) if self.knockout else line


def refusal_line(refusal: Refusal) -> str:
    """A refusal as the screen shows it: the reason, then its rule in brackets (engine.refusal.Refusal.__str__)."""
    return L_("{reason} ({rule})", reason=refusal.reason, rule=refusal.rule) if refusal.rule else refusal.reason
