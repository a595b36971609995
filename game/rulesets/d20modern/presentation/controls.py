"""The d20-modern battle screen's controls: what a pick, click or key means, the lit squares (the walk, the
5-foot step in violet, threatened squares on T), the path preview with who an attack of opportunity comes from,
the hover forecast, the card and the prompt; no pygame."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.core.grid import Square, footprint
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.refusal import Refusal
from game.i18n.gettext_domains import name as shown_name
from game.engine.controls import (
    WALK, AreaShown, Card, Controls, LogLine, Popup, Prompt, Screen, WalkPreview, ZoneShown,
)
from game.rulesets.d20modern import budget as bud
from game.rulesets.d20modern import explosives, measure, overrun, threat
from game.rulesets.d20modern.commands import (
    DOUBLE, MOVE, RUN, WITHDRAW, Attack, AttackObject, Autofire, Charge, EndTurn, Move, Overrun, OverrunAnswer, React,
    Step, Thrown, Throw, TurnStarted,
)
from game.rulesets.d20modern.components import Readied, Sheet
from game.rulesets.d20modern.cover import DEFENSE_BONUS, SHOWN
from game.rulesets.d20modern.engine import budget_of, validate
from game.rulesets.d20modern.i18n import _
from game.rulesets.d20modern.maneuvers import READIED
from game.rulesets.d20modern.preview import five_foot_steps, provokers
from game.rulesets.d20modern.presentation import bar
from game.rulesets.d20modern.presentation.card import creature_card
from game.rulesets.d20modern.presentation.narration import Narrator, tidy, who, word
from game.rulesets.d20modern.situation import (
    enemies, feet_between, feet_rules, in_hand, melee_weapon, odds, speed_ft, threatens_at_all, weapon_in_hand,
)
from game.rulesets.d20modern.turns import pending
from game.rulesets.d20modern.walking import line_squares
from game.state import GameState

AREA_MODES = (bar.AUTOFIRE,)          # and every "attack:grenade:" card


@dataclass
class Reach:
    """The lit squares of one kind of move, as the map layer reads a move's options: each square's cost in feet
    and the path there."""

    start: Square
    cost: dict[Square, int]
    paths: dict[Square, tuple[Square, ...]]
    mode: str
    falls: dict[Square, int] = field(default_factory=dict)

    @property
    def endable(self) -> list[Square]:
        return sorted(self.cost)

    def path_to(self, square: Square) -> tuple[Square, ...] | None:
        return self.paths.get(square)


def searched(state: GameState, actor: Entity, limit_ft: int, mode: str) -> Reach:
    """Every square a walk of at most ``limit_ft`` may end on (MOV-01, A23), by the door's own step rules."""
    found = feet_rules(state, actor).search(limit_ft)
    lit = [s for s in found.reachable(limit_ft) if s != found.start]
    paths = {s: p for s in lit if (p := found.path_to(s)) is not None}
    return Reach(found.start, {s: found.cost[s] for s in paths}, paths, mode)


def straight_lines(state: GameState, actor: Entity, limit_ft: int) -> Reach:
    """MOV-04: the squares a run reaches in a straight line, each checked as the door checks a run."""
    rules, start = feet_rules(state, actor), state.square(actor)
    reach = limit_ft // measure.SQUARE_FT
    cost: dict[Square, int] = {}
    paths: dict[Square, tuple[Square, ...]] = {}
    for y in range(start[1] - reach, start[1] + reach + 1):
        for x in range(start[0] - reach, start[0] + reach + 1):
            if (x, y) == start or not state.battlefield.in_bounds((x, y)):
                continue
            line = line_squares(start, (x, y))
            feet = rules.walk_cost(line)
            if isinstance(feet, int) and feet <= limit_ft:
                cost[(x, y)], paths[(x, y)] = feet, line
    return Reach(start, cost, paths, RUN)


class ControlsD20(Controls):
    """d20-modern's picks: a weapon card, a kind of move, a maneuver; Defensively and T (threats) as toggles."""

    def __init__(self, screen: Screen) -> None:
        super().__init__(screen)
        self.defensively = False
        self.show_threats = False
        self.narrator = Narrator()
        self.grenade: Thrown | None = None          # the last throw: where it was aimed and where it landed
        self._previews: dict[Square, WalkPreview] = {}
        self._preview_key: object = None

    # The state of the pick -------------------------------------------------------------------------
    def waiting(self) -> bool:
        return pending(self.state) is not None

    def asked(self) -> Entity | None:
        offer = pending(self.state)
        return offer.reactors[0] if offer is not None else None

    def refresh(self) -> None:
        self.clear()
        self.push_squares = []
        state, actor = self.state, self.actor
        if state.outcome is not None or pending(state) is not None:
            self.bar_choices = []
            return
        self.bar_choices = [c if c.blocked is None else replace(c, blocked=Refusal(
            bar.why(Refusal(c.blocked.reason), state), c.blocked.rule)) for c in bar.choices(state, actor, self.defensively)]
        if self.show_threats:
            self.push_squares = threatened(state, actor)
        chosen = self.choice()
        if chosen is None or chosen.blocked is not None or chosen.instant:
            self.mode, self.picked = WALK, None
        mode = self.mode
        if mode in (WALK, DOUBLE, WITHDRAW, RUN):
            self.walk = self._reach(mode)
            if self.walk is not None:
                self.walk_costs = self.walk.cost
        if mode in (WALK, bar.STEP):
            self.teleports = five_foot_steps(state, actor)
        if mode == WALK:
            for card in self.bar_choices:
                if card.key.startswith("attack:") and card.blocked is None:
                    for target in card.targets:
                        self.targets.setdefault(target, card.key)
        elif mode == bar.CHARGE:
            self.charges = charges(state, actor)
            self.targets = {e: mode for e in self.charges}
        elif mode == bar.AID and self.picked is not None:
            self.friends = bar.aid_allies(state, actor, self.picked)
        elif mode == bar.STABILIZE and chosen is not None:
            self.friends = list(chosen.targets)
        elif chosen is not None and chosen.targets:
            self.targets = {e: mode for e in chosen.targets}
            if mode == bar.OVERRUN:          # the walk through each target, drawn as the charge's is
                self.charges = {e: bar.overrun_of(state, actor, e).path for e in chosen.targets}

    def _reach(self, mode: str) -> Reach | None:
        state, actor = self.state, self.actor
        speed = speed_ft(state, actor)
        if mode == WALK:
            b = budget_of(state, actor)
            double = b.attack and b.move and not b.stepped and not b.restricted      # ACT-14
            limit = 2 * speed if double else speed if bud.move_action_problem(b, True) is None else 0
            if state.has_condition(actor, "prone") or limit == 0:
                return None
            return searched(state, actor, limit, MOVE)
        if mode == RUN:
            return straight_lines(state, actor, 4 * speed)
        return searched(state, actor, 2 * speed, mode)

    # Keys and buttons -------------------------------------------------------------------------------
    def key(self, action: str) -> bool:
        if action in ("yes", "no") and pending(self.state) is not None:
            self.answer(action == "yes")
            return True
        if action == "end_turn":
            self.end_turn()
            return True
        if action == bar.THREATS_KEY:
            self.show_threats = not self.show_threats
            self.message = _("Threatened squares shown (tinted): leaving one provokes (AOO-01). T hides them.") \
                if self.show_threats else ""        # hidden again: the hint line is the walk's own again
            self.refresh()
            return True
        return False

    def end_turn(self) -> None:
        self.screen.skip_animations()
        self.submit(EndTurn(self.actor))

    def answer(self, take: bool) -> None:
        """Y / the first button: take the attack (or, asked about an overrun, block); N: let it pass (avoid)."""
        self.screen.skip_animations()
        offer = pending(self.state)
        if offer is not None:
            reactor = offer.reactors[0]
            self.submit(OverrunAnswer(reactor, take) if offer.reason == overrun.CHOICE else React(reactor, take))

    def right_click(self) -> bool:
        if self.picked is not None:
            self.picked = None
            self.refresh()
            return True
        return False

    def pick(self, choice: Choice) -> None:
        if choice.key == bar.DEFENSIVELY:
            self.defensively = not self.defensively
            self.message = _("Fighting defensively: attacks at -4, +2 Defense until your next turn (ATK-13).") \
                if self.defensively else _("Fighting defensively off.")
            self.refresh()
            return
        if choice.blocked is not None:
            self.message = _("Can't: {why}").format(why=bar.why(choice.blocked, self.state))
            return
        self.selected = self.actor
        if choice.instant:
            self.mode = WALK
            self.submit(bar.instant_command(self.state, self.actor, choice.key))
            return
        self.mode = WALK if self.mode == choice.key else choice.key
        self.picked, self.message = None, ""
        self.refresh()

    # Clicks on the map ------------------------------------------------------------------------------
    def click_square(self, square: Square) -> None:
        state, actor = self.state, self.actor
        occupant = state.occupant_at(square)
        if self.selected != actor:
            self.selected = occupant
            return
        mode = self.mode
        if occupant is not None and occupant in self.targets:
            self._click_target(occupant)
        elif occupant is not None and occupant in self.friends:
            self._click_friend(occupant)
        elif mode.startswith("attack:grenade:"):
            self._try(Throw(actor, mode.split(":", 2)[2], square), _("Can't throw it there: {why}"))
        elif mode == bar.AUTOFIRE:
            gun = next(w for w in in_hand(state, actor) if w.autofire)
            self._try(Autofire(actor, gun.name, square), _("Can't fire there: {why}"))
        elif square in self.teleports:
            self.submit(Step(actor, square))
        elif self.walk is not None and square in self.walk.cost:
            self._click_walk(square)
        elif occupant is None and (mode.startswith("attack:") or mode == WALK) and self._object_weapon(square):
            self._try(AttackObject(actor, square, self._object_weapon(square)), _("Can't: {why}"))
        elif occupant is not None:
            self.selected = occupant
            self.message = "" if occupant == actor else _("It is {who}'s turn; showing {other}.").format(
                who=who(state, actor), other=who(state, occupant))
        else:
            self.message = _("Can't: pick a lit square, a creature marked in red (green: an ally) or press Esc.")

    def _object_weapon(self, square: Square) -> str:
        """The weapon a click on a crate or car attacks it with, if the door takes it (§10.5)."""
        names = [self.mode[len("attack:"):]] if self.mode.startswith("attack:") else [w.name for w in in_hand(
            self.state, self.actor)]
        return next((n for n in names if validate(self.state, AttackObject(self.actor, square, n)) is None), "")

    def _try(self, command: Any, template: str) -> None:
        refusal = validate(self.state, command)
        if refusal is None:
            self.submit(command)
        else:
            self.message = template.format(why=bar.why(refusal, self.state))

    def _click_walk(self, square: Square) -> None:
        assert self.walk is not None
        path = self.walk.paths[square]
        mode = self.walk.mode
        if mode == MOVE and self.walk.cost[square] > speed_ft(self.state, self.actor):
            mode = DOUBLE
        elif mode == MOVE and validate(self.state, Move(self.actor, path, MOVE)) is not None:
            mode = DOUBLE
        self._try(Move(self.actor, path, mode), _("Can't: {why}"))

    def _click_target(self, target: Entity) -> None:
        state, actor, mode = self.state, self.actor, self.mode
        key = self.targets[target]
        if key == bar.CHARGE:
            weapon = melee_weapon(state, actor) or bar.melee_of(state, actor)
            self._try(Charge(actor, target, self.charges[target], weapon.name), _("Can't: {why}"))
        elif key.startswith("attack:"):
            self._try(Attack(actor, target, key[len("attack:"):], self.defensively), _("Can't: {why}"))
        elif key == bar.BURST:
            gun = next(w for w in in_hand(state, actor) if w.autofire)
            self._try(Attack(actor, target, gun.name, self.defensively, burst=True), _("Can't: {why}"))
        elif mode == bar.AID:
            self.picked = target
            self.refresh()
            self.message = _("Now click the ally (green) to aid against {foe}.").format(foe=who(state, target))
        else:
            self._offer(bar.options_at(state, actor, mode, target), who(state, target))

    def _click_friend(self, friend: Entity) -> None:
        if self.mode == bar.AID and self.picked is not None:
            self._offer(bar.aid_options(self.state, self.actor, self.picked, friend), who(self.state, friend))
        else:
            self._offer(bar.options_at(self.state, self.actor, self.mode, friend), who(self.state, friend))

    def _offer(self, options: list[tuple[str, Any]], title: str) -> None:
        """One command is sent at once; several make a popup, each greyed with the door's reason."""
        if len(options) == 1:
            self._try(options[0][1], _("Can't: {why}"))
            return
        self.popup = Popup(title, [(label, command, bar.why(validate(self.state, command), self.state))
                                   for label, command in options], self._sent)

    def _sent(self, command: Any) -> None:
        self.submit(command)

    # What the map shows -----------------------------------------------------------------------------
    def walk_preview(self) -> WalkPreview | None:
        """The hovered walk, its squares whose leaving provokes and who would attack (AOO-02); a 5-foot step's
        square provokes nothing (§6.5). Worked out once per square and state."""
        square = self.screen.hover_square()
        if square is None:
            return None
        key = (self.walk, self.mode, len(self.match.record), self.screen.version)
        if key != self._preview_key:
            self._preview_key, self._previews = key, {}
        found = self._previews.get(square)
        if found is not None:
            return found
        start = self.state.square(self.actor)
        if square in self.teleports:
            found = WalkPreview((start, square), measure.SQUARE_FT, (), (), 0)
        elif self.walk is not None and square in self.walk.cost:
            path = self.walk.paths[square]
            provoked = provokers(self.state, Move(self.actor, path, self._mode_for(square)))
            found = WalkPreview(path, self.walk.cost[square], tuple(dict.fromkeys(sq for sq, _e in provoked)),
                                tuple(dict.fromkeys(e for _sq, e in provoked)), 0)
        else:
            return None
        self._previews[square] = found
        return found

    def _mode_for(self, square: Square) -> str:
        assert self.walk is not None
        if self.walk.mode == MOVE and self.walk.cost[square] > speed_ft(self.state, self.actor):
            return DOUBLE
        return self.walk.mode

    def reach_speed(self) -> int:
        return speed_ft(self.state, self.actor) if self.walk is not None and self.walk.mode == MOVE else 10 ** 6

    def path_cost(self, preview: WalkPreview) -> str:
        return _("{n} ft").format(n=preview.cost)

    def aiming_area(self) -> bool:
        return self.mode.startswith("attack:grenade:") or self.mode in AREA_MODES

    def area_shown(self) -> AreaShown | None:
        """The autofire's 2x2 squares, or the burst a grenade landing on the hovered square would fill (from
        any of its corners: where it may land on a hit, EXP-01)."""
        square = self.screen.hover_square()
        if square is None or not self.aiming_area():
            return None
        bf = self.state.battlefield
        if self.mode == bar.AUTOFIRE:
            squares = explosives.autofire_area(square)
        else:
            item = self.state.world.get(self.actor, Sheet).explosive(self.mode.split(":", 2)[2])
            if item is None:
                return None
            x, y = square
            corners = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
            squares = tuple(sorted({s for c in corners for s in explosives.burst_squares(c, item.burst_ft, bf.width,
                                                                                       bf.height)}))
        squares = tuple(s for s in squares if bf.in_bounds(s) and not bf.at(s).solid)
        caught = tuple(e for e in self.state.standing() if any(s in squares for s in footprint(*self.state.space(e))))
        return AreaShown(squares, caught, True)

    def zones_shown(self) -> list[ZoneShown]:
        """Where the last grenade was aimed and where it landed (EXP-02), until its thrower's next turn."""
        thrown = self.grenade
        if thrown is None:
            return []
        if thrown.landed == thrown.aimed:
            return [ZoneShown(_("grenade landed where aimed"), (thrown.landed,))]
        return [ZoneShown(_("grenade aimed here"), (thrown.aimed,)),
                ZoneShown(_("grenade landed here"), (thrown.landed,))]

    # The panels -------------------------------------------------------------------------------------
    def card(self, entity: Entity) -> Card:
        return creature_card(self.state, entity, entity == self.actor and self.state.outcome is None)

    def prompt(self) -> Prompt | None:
        offer = pending(self.state)
        if offer is None:
            return None
        state, reactor = self.state, offer.reactors[0]
        side = state.side(reactor)
        label = shown_name(self.screen.side_labels.get(side, side))     # a roster's name, in the player's language
        weapon = melee_weapon(state, reactor)
        if offer.reason == overrun.CHOICE:
            return self._overrun_prompt(offer.resume, label)       # type: ignore[arg-type]
        if offer.reason == READIED:
            readied = state.world.maybe(reactor, Readied)
            weapon = weapon_in_hand(state, reactor, readied.weapon) if readied is not None else weapon
            title = _("Readied attack?  ({side})").format(side=label)
            asks = _("{mover} comes within {reactor}'s reach: fire the readied attack?").format(
                mover=who(state, offer.provoker), reactor=who(state, reactor))
            explain = _("The attack held with Ready; let it pass and it is spent (§9.2).")
        else:
            title = _("Attack of opportunity?  ({side})").format(side=label)
            asks = _("{mover} provokes ({reason}): {reactor} may attack it.").format(
                mover=who(state, offer.provoker), reason=word(offer.reason), reactor=who(state, reactor))
            explain = _("One melee attack at full bonus, before the action goes on; one a round (AOO-07).")
        if weapon is not None:
            seen = odds(state, reactor, offer.provoker, weapon)
            explain += " " + _("{weapon}: hit on {needed}+ ({percent}%).").format(
                weapon=_(weapon.name), needed=seen.needed, percent=seen.hit_percent)
        return Prompt(title, side, asks, tidy(explain), None, (("yes", _("Take it  [Y]")), ("no", _("Let it pass  [N]"))))

    def _overrun_prompt(self, c: Overrun, label: str) -> Prompt:
        """OVR-02: the target's player chooses, with the trip's chance as it stands."""
        state = self.state
        title = _("Overrun: avoid or block?  ({side})").format(side=label)
        asks = _("{mover} runs at {target} to go through its square.").format(
            mover=who(state, c.actor), target=who(state, c.target))
        explain = _("Avoid: {mover} goes on past. Block: {mover} tries to trip {target} ({percent}% to knock it prone); "
                    "if the trip fails, {target} may trip {mover} back, or {mover} is thrown back 5 ft and stops "
                    "(§10.8).").format(mover=who(state, c.actor), target=who(state, c.target),
                                        percent=overrun.trip_percent(state, c.actor, c.target, c.charge))
        return Prompt(title, state.side(c.target), asks, tidy(explain), None,
                      (("yes", _("Block  [Y]")), ("no", _("Avoid  [N]"))))

    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        offer = pending(self.state)
        return ((offer.provoker, True),) if offer is not None else ()

    def handover_reason(self) -> str:
        offer = pending(self.state)
        if offer is not None and offer.reason == overrun.CHOICE:
            return _("{reactor} must choose: avoid or block {mover}'s overrun.").format(
                reactor=who(self.state, offer.reactors[0]), mover=who(self.state, offer.provoker))
        if offer is not None:
            return _("{reactor} may make an attack of opportunity on {mover}.").format(
                reactor=who(self.state, offer.reactors[0]), mover=who(self.state, offer.provoker))
        return _("{who}'s turn.").format(who=who(self.state, self.actor))

    def log_lines(self, event: Any) -> list[LogLine]:
        if isinstance(event, Thrown):
            self.grenade = event
        elif isinstance(event, TurnStarted) and self.grenade is not None and event.entity == self.grenade.entity:
            self.grenade = None
        return self.narrator.lines(event, self.state, self.screen.side_labels)

    def tooltip(self, choice: Choice) -> tuple[str, str]:
        return choice.label, choice.summary

    def hint(self) -> str:
        return tidy(self._hint_words())

    def _hint_words(self) -> str:
        state, actor = self.state, self.actor
        offer = pending(state)
        if offer is not None and offer.reason == overrun.CHOICE:
            return _("Block the overrun (Y) or avoid it (N).")
        if offer is not None:
            return _("Take the attack (Y) or let it pass (N).")
        square = self.screen.hover_square()
        occupant = self.screen.occupant(square)
        if self.selected == actor and occupant is not None and occupant in self.targets:
            return self._target_hint(occupant)
        if self.selected == actor and occupant is not None and occupant in self.friends:
            return _("{who}: click to choose.").format(who=who(state, occupant))
        if self.selected == actor and self.mode == WALK and occupant is not None and state.are_enemies(actor, occupant):
            weapon = next(iter(in_hand(state, actor)), None)          # why the first weapon cannot reach it
            refusal = validate(state, Attack(actor, occupant, weapon.name)) if weapon is not None else None
            if refusal is not None:
                return _("Can't attack {target}: {why}").format(target=who(state, occupant),
                                                                why=bar.why(refusal, state))
        chosen = self.choice()
        if self.aiming_area() and square is not None:
            return self._area_hint(square)
        preview = self.walk_preview() if self.selected == actor else None
        if preview is not None and square in self.teleports:
            return _("5-foot step here: provokes nothing (§6.5). Click.")
        if preview is not None:
            words = _("{mode}: {cost} ft.").format(mode=self._mode_words(preview.path[-1]), cost=preview.cost)
            if preview.attackers:
                names = ", ".join(who(state, e) for e in preview.attackers)
                return words + " " + _("Leaving the squares marked ! provokes attacks of opportunity from {names} "
                                       "(AOO-02). Click to move.").format(names=names)
            return words + " " + _("Click to move.")
        if chosen is not None and self.mode != WALK:
            return "{label}: {summary}".format(label=chosen.label, summary=chosen.summary)
        defensive = " " + _("Fighting defensively.") if self.defensively else ""
        return _("Click a lit square to move (violet: 5-foot step), a marked enemy to attack; 1-9 weapons, letters "
                 "actions; T threatened squares; Enter ends the turn.") + defensive

    def _mode_words(self, square: Square) -> str:
        return {MOVE: _("Move"), DOUBLE: _("Double move"), RUN: _("Run"), WITHDRAW: _("Withdraw")}[
            self._mode_for(square)]

    def _target_hint(self, target: Entity) -> str:
        """The forecast: Defense, cover and its bonus, the miss chance, the range penalty, and whether the attack
        provokes, by the same odds the attack rolls with (§7)."""
        state, actor = self.state, self.actor
        key = self.targets[target]
        name = who(state, target)
        if key.startswith("attack:") or key in (bar.BURST, bar.CHARGE):
            if key == bar.CHARGE:
                weapon = melee_weapon(state, actor) or bar.melee_of(state, actor)
            elif key == bar.BURST:
                weapon = next(w for w in in_hand(state, actor) if w.autofire)
            else:
                weapon = weapon_in_hand(state, actor, key[len("attack:"):]) or bar.melee_of(state, actor)
            b = budget_of(state, actor)
            iterative = min(b.attacks, len(bud.iterative_bonuses(state.world.get(actor, Sheet).bab)) - 1)
            extra = (("burst fire", -4),) if key == bar.BURST else ()
            seen = odds(state, actor, target, weapon, iterative=iterative, defensively=self.defensively,
                        charging=key == bar.CHARGE, extra=extra)
            parts = [_("hit on {needed}+ ({percent}%)").format(needed=seen.needed, percent=seen.hit_percent),
                     _("{bonus} against Defense {defense}").format(bonus=f"{seen.bonus:+d}", defense=seen.defense)]
            if DEFENSE_BONUS[seen.cover]:
                parts.append(_("{cover} (+{n} Defense)").format(cover=word(SHOWN[seen.cover]),
                                                               n=DEFENSE_BONUS[seen.cover]))
            if seen.miss_chance:
                parts.append(_("{n}% miss chance").format(n=seen.miss_chance))
            penalty = dict(seen.attack_mods).get("range", 0)
            if penalty:
                increment = measure.increments(feet_between(state, actor, target), weapon.increment_ft)
                parts.append(_("range increment {n}: {penalty}").format(n=increment, penalty=penalty))
            if state.has_condition(target, "flat_footed"):
                parts.append(_("flat-footed"))
            others = [m for m in seen.attack_mods + seen.defense_mods if m[0] not in ("range", "flat-footed")
                      and m[0] != SHOWN[seen.cover]]
            if others:
                parts.append(", ".join(word(n) + (f" {v:+d}" if v else "") for n, v in others))
            command: Any = Attack(actor, target, weapon.name, self.defensively, burst=key == bar.BURST)
            provoking = bar.provoke_words(state, command) if key != bar.CHARGE else ""
            return _("{weapon} at {target}: {odds}.").format(weapon=_(weapon.name), target=name,
                                                           odds="; ".join(parts)) + provoking + " " + _("Click.")
        chosen = self.choice()
        label = chosen.label if chosen is not None else key
        options = bar.options_at(state, actor, key, target)
        provoking = bar.provoke_words(state, options[0][1]) if options else ""
        return _("{label} on {target}. Click.").format(label=label, target=name) + provoking

    def _area_hint(self, square: Square) -> str:
        state, actor = self.state, self.actor
        if self.mode == bar.AUTOFIRE:
            gun = next(w for w in in_hand(state, actor) if w.autofire)
            command: Any = Autofire(actor, gun.name, square)
            words = _("Autofire here: one roll against Defense 10; everyone in the 2x2 squares saves (Reflex DC 15).")
        else:
            name = self.mode.split(":", 2)[2]
            command = Throw(actor, name, square)
            distance = measure.feet_between(state.space(actor), (square, 1))
            item = state.world.get(actor, Sheet).explosive(name)
            number = measure.increments(distance, item.increment_ft) if item is not None else 1
            words = _("Throw the {item} here ({n} ft): within one increment it lands here; farther, a roll against "
                      "Defense 10 and a miss scatters (EXP-02).").format(item=_(name), n=distance) if number > 1 else \
                _("Throw the {item} here ({n} ft): within one range increment, no roll (EXP-01).").format(
                    item=_(name), n=distance)
        refusal = validate(state, command)
        if refusal is not None:
            return _("Can't: {why}").format(why=bar.why(refusal, self.state))
        return words + bar.provoke_words(state, command) + " " + _("Click.")


def threatened(state: GameState, actor: Entity) -> list[Square]:
    """AOO-01: every square an able enemy threatens, for the T overlay."""
    bf = state.battlefield
    squares: set[Square] = set()
    for e in enemies(state, actor):
        if threatens_at_all(state, e):
            squares.update(threat.threatened_squares(state.space(e), bf.width, bf.height))
    return sorted(squares)


def charges(state: GameState, actor: Entity) -> dict[Entity, tuple[Square, ...]]:
    """ATK-16: for each enemy, the straight path that ends at the first square next to it, if one is legal."""
    weapon = melee_weapon(state, actor) or bar.melee_of(state, actor)
    start = state.square(actor)
    found: dict[Entity, tuple[Square, ...]] = {}
    for e in enemies(state, actor):
        (x, y), side = state.space(e)
        around = sorted({(x + dx, y + dy) for dx in range(-1, side + 1) for dy in range(-1, side + 1)}
                        - set(footprint((x, y), side)), key=lambda s: (abs(s[0] - start[0]) + abs(s[1] - start[1]), s))
        for end in around:
            path = line_squares(start, end)
            if validate(state, Charge(actor, e, path, weapon.name)) is None:
                found[e] = path
                break
    return found
