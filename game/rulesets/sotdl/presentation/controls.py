"""The sotdl-house battle screen's controls: under side initiative the player picks which creature of the side
acts, an action from the bar or a click, and answers attacks with a defense; no pygame."""

from __future__ import annotations

from typing import Any

from game.core.battlefield import Obscurement
from game.core.grid import Square, chebyshev
from game.core.movement import SearchResult
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import WALK, AreaShown, Card, Controls, LogLine, Popup, Prompt, Screen, WalkPreview, ZoneShown
from game.i18n.gettext_domains import name as shown_name
from game.rulesets.sotdl import area, attack, forecast, situation
from game.rulesets.sotdl.defenses import LONG_JUMP
from game.rulesets.sotdl.light import in_shadows, lighting, obscured
from game.rulesets.sotdl.commands import Defend, Move, Pass, Withdraw
from game.rulesets.sotdl.components import PendingArea, PendingDefense, PendingFreeAttack, Sheet
from game.rulesets.sotdl.engine import speed, validate
from game.rulesets.sotdl.i18n import L_, _
from game.rulesets.sotdl.presentation import choices as rules
from game.rulesets.sotdl.presentation.narration import (
    AFFLICTION_EFFECTS, AFFLICTIONS, EDGES, gear_name, narrate, round_label, signed,
)
from game.rulesets.sotdl.rounds import ap, decider
from game.rulesets.sotdl.vitality import Vitals


LANDING = "landing"        # the mode while a long jump's landing is picked on the map


class ControlsSotdl(Controls):
    """sotdl-house's picks: the acting creature (any of the side's with AP left, R2), a bar action (its targets lit
    red, green for a potion, the squares of a throw or a walk), and the answer to an attack (the defense prompt)."""

    def __init__(self, screen: Screen) -> None:
        super().__init__(screen)
        self._refreshed_for: Entity | None = None
        self._preview_key: object = None
        self._previews: dict[Square, WalkPreview] = {}

    # Who acts ----------------------------------------------------------------------------------------------------
    def acting(self, holder: Entity) -> Entity:
        """The selected creature when its side holds the initiative and it may take it (R2), else ``holder``; while
        a long jump's landing is picked, the jumper."""
        blast = self._landing()
        if blast is not None:
            return blast.target
        chosen = self.screen.selected
        if chosen is not None and chosen != holder and rules.may_choose(self.state, chosen):
            return chosen
        return holder

    def _name(self, entity: Entity) -> str:
        """A creature's name in the chosen language ("兽人 2")."""
        return shown_name(self.state.name(entity))

    def waiting(self) -> bool:
        return rules.pending(self.state) and self._landing() is None

    def asked(self) -> Entity | None:
        """The creature a question waits on; none while its player picks the landing on the map (clicks go there)."""
        return decider(self.state) if self.waiting() else None

    def _landing(self) -> PendingArea | None:
        """The area attack whose long jump's landing the player is picking on the map (§12.1, M18), if one is."""
        return self.state.world.maybe_resource(PendingArea) if self.mode == LANDING else None

    def refresh(self) -> None:
        self.clear()
        state, actor = self.state, self.actor
        self._refreshed_for = actor
        if state.outcome is not None:
            self.bar_choices = []
            return
        blast = self._landing()
        if blast is not None:                     # the lit squares are every landing the door accepts
            self.bar_choices = []
            self.teleports = area.landings(state, blast)
            return
        if self.mode == LANDING:
            self.mode = WALK
        self.bar_choices = rules.choices(state, actor)
        if rules.pending(state):
            return
        choice = self.choice()
        if choice is None or choice.blocked is not None or choice.instant or choice.key == WALK:
            self.mode, choice = WALK, None
        if choice is None or choice.key == rules.WITHDRAW:
            yards = speed(state, actor) // (2 if choice is not None else 1)
            self.walk = rules.walk_search(state, actor, yards)
            if self.walk is not None:
                self.walk_costs = rules.walk_yards(state, actor, self.walk)
            attacking = next((c for c in self.bar_choices if c.key.startswith("attack:")), None)
            if choice is None and attacking is not None and attacking.blocked is None:
                self.targets = {e: attacking.key for e in attacking.targets}
        elif choice.key == rules.CHARGE:
            self.charges = rules.charge_paths(state, actor)
            self.targets = {e: choice.key for e in self.charges}
        elif choice.key == rules.POTION:
            self.friends = list(choice.targets)
        elif choice.key == rules.THROW:
            self.teleports = rules.throw_squares(state, actor)
        else:
            self.targets = {e: choice.key for e in choice.targets}

    def _stale(self) -> bool:
        """The acting creature changed since the bar was worked out (a Tab or the tracker picked another)."""
        return self._refreshed_for != self.actor and self.state.outcome is None

    def _send(self, command: Any) -> bool:
        """Through the door; a refusal is said on the hint line in the chosen language, with its rule."""
        refusal = validate(self.state, command)
        if refusal is not None:
            self.message = L_("Can't: {why}", why=rules.shown(refusal))
            return False
        self.screen.skip_animations()
        return self.submit(command)

    # Keys and buttons ----------------------------------------------------------------------------------------------
    def key(self, action: str) -> bool:
        if action == "cancel" and self._landing() is not None:
            self._back_to_defenses()
            return True
        if action in ("yes", "no") and rules.pending(self.state):
            self.mode = WALK
            self.answer(action == "yes")
            return True
        if action == "end_turn":
            self.end_turn()
            return True
        return False

    def end_turn(self) -> None:
        """End turn is Pass (§16.15): the creature is done for the round, its AP kept for defenses."""
        if not rules.pending(self.state):
            self._send(Pass(self.actor))

    def answer(self, take: bool) -> None:
        """The prompt: a free attack taken or let go; a defense picked from the list (Y) or none (N)."""
        state = self.state
        if state.world.maybe_resource(PendingFreeAttack) is not None:
            self._send(rules.free_attack_command(state, take))
            return
        options = rules.defense_list(state)
        if not options:
            return
        if not take:
            self._send(Defend(decider(state), "none"))
            return
        self.popup = Popup(_("Defend against a {hit}: pick a defense").format(hit=self._hit()),
                           [(rules.option_label(o), o, o.why) for o in options], self._defend)

    def _defend(self, option: rules.DefenseOption) -> None:
        """A defense picked from the list: sent, or for a long jump, its landing to pick on the map (§12.1)."""
        if option.name != LONG_JUMP:
            self._send(rules.defend_command(self.state, option))
            return
        self.mode = LANDING
        self.selected = self.state.world.resource(PendingArea).target
        self.message = ""
        self.refresh()

    def _back_to_defenses(self) -> None:
        """Esc or a right click while the landing is picked: the defense list again."""
        self.mode = WALK
        self.refresh()
        self.answer(True)

    def _land(self, square: Square) -> None:
        """A landing square clicked: the long jump through the door, or the door's reason on the hint line."""
        blast = self._landing()
        assert blast is not None
        command = Defend(blast.target, LONG_JUMP, square)
        refusal = validate(self.state, command)
        if refusal is not None:
            self.message = L_("Can't: {why}", why=rules.shown(refusal))
            return
        self.mode = WALK
        self.screen.skip_animations()
        self.submit(command)

    def _hit(self) -> int:
        offer = self.state.world.maybe_resource(PendingDefense)
        if offer is not None:
            return offer.hit
        blast = self.state.world.maybe_resource(PendingArea)
        return blast.hit if blast is not None else 0

    def right_click(self) -> bool:
        if self._landing() is not None:
            self._back_to_defenses()
            return True
        if self.mode != WALK:
            self.mode = WALK
            self.refresh()
            return True
        return False

    def pick(self, choice: Choice) -> None:
        if choice.blocked is not None:
            self.message = L_("Can't: {why}", why=str(choice.blocked))
            return
        self.selected = self.actor
        again = self.mode == choice.key
        if choice.instant:
            self.mode = WALK
            self._send(rules.command_for(self.state, self.actor, choice.key))
        elif again and choice.key == rules.POTION and self.actor in self.friends:
            self._send(rules.command_for(self.state, self.actor, choice.key, target=self.actor))
        else:
            self.mode = WALK if again else choice.key
            self.message = ""
            self.refresh()

    # Clicks on the map ---------------------------------------------------------------------------------------------
    def click_square(self, square: Square) -> None:
        if self._landing() is not None:
            self._land(square)
            return
        state = self.state
        occupant = state.occupant_at(square)
        if self._stale():
            self.refresh()
        if occupant is not None and occupant != self.actor and occupant not in self.friends \
                and rules.may_choose(state, occupant):
            self.selected = occupant                       # R2: another creature of the side takes the action
            self.mode, self.message = WALK, ""
            self.refresh()
            return
        acting = self.selected == self.actor
        if acting and occupant is not None and occupant in self.targets:
            key = self.targets[occupant]
            self._send(rules.command_for(state, self.actor, key, target=occupant,
                                         path=self.charges.get(occupant, ())))
        elif acting and occupant is not None and occupant in self.friends:
            self._send(rules.command_for(state, self.actor, self.mode, target=occupant))
        elif acting and self.mode == rules.THROW:
            self._send(rules.command_for(state, self.actor, self.mode, at=square))
        elif occupant is not None:
            self.selected = occupant
            self.message = "" if occupant == self.actor else _("{actor} acts now; showing {name}.").format(
                actor=self._name(self.actor), name=self._name(occupant))
        elif acting and self.walk is not None and square in self.walk_costs:
            path = self.walk.path_to(square) or ()
            self._send((Withdraw if self.mode == rules.WITHDRAW else Move)(self.actor, path))
        elif acting:
            self.message = L_("Can't: {why}", why=_("that square is out of reach (M1)"))
        else:
            self.selected = None

    # What the screen shows -----------------------------------------------------------------------------------------
    def aiming_area(self) -> bool:
        return self.area_shown() is not None

    def area_shown(self) -> AreaShown | None:
        """Alchemist's fire where the mouse points: its 3x3 squares and who it catches (R20); while a landing is
        picked, the flames the jump escapes."""
        blast = self._landing()
        if blast is not None:
            return AreaShown(blast.squares, tuple(area.caught(self.state, blast.squares)), False)   # seen, not aimed
        square = self.screen.hover_square()
        if self.mode != rules.THROW or square is None or square not in self.teleports:
            return None
        squares = area.burst(self.state, square)
        return AreaShown(squares, tuple(area.caught(self.state, squares)), True)

    def zones_shown(self) -> list[ZoneShown]:
        """The map's lights (E4): each one's bright ring and its shadows out to twice the radius (1 bane), and the
        darkness no light reaches (unseen: 2 banes, E3)."""
        lit = lighting(self.state.battlefield)
        # Drawn in this order, each zone's name tab over the zones before it: the darkness, the shadows, the light.
        shown = [ZoneShown(_("Darkness: unseen, 2 banes"), lit.dark)] if lit.dark else []
        shown += [ZoneShown(_("Shadows: 1 bane"), ring.shadows, glow="dim") for ring in lit.rings if ring.shadows]
        shown += [ZoneShown(_("Light, {n} yd").format(n=ring.radius), ring.bright, glow="bright") for ring in lit.rings]
        return shown

    def reach_speed(self) -> int:
        return speed(self.state, self.actor)

    def path_cost(self, preview: WalkPreview) -> str:
        return _("{n} yd").format(n=preview.cost)

    def walk_preview(self) -> WalkPreview | None:
        """The walk to the hovered square and the enemies whose reach it leaves (§16.5), marked "!"."""
        if self._stale():
            self.refresh()
        square = self.screen.hover_square()
        walk: SearchResult | None = self.walk
        if walk is None or square is None or square not in self.walk_costs:
            return None
        key = (walk, len(self.match.record), self.screen.version)
        if key != self._preview_key:
            self._preview_key, self._previews = key, {}
        preview = self._previews.get(square)
        if preview is None:
            path = walk.path_to(square) or ()
            found = situation.provokers(self.state, self.actor, path, withdraw=self.mode == rules.WITHDRAW)
            preview = self._previews[square] = WalkPreview(
                path, self.walk_costs[square], tuple(path[i - 1] for i, _e in found), tuple(e for _i, e in found),
                walk.falls.get(square, 0))
        return preview

    def card(self, entity: Entity) -> Card:
        """Defense, armor with its durability, weapon, Speed, afflictions with their effects, AP as pips."""
        state = self.state
        sheet = state.world.get(entity, Sheet)
        kit = attack.gear(state, entity)
        vitals = state.world.get(entity, Vitals)
        weapon = sheet.weapon
        held = attack.weapon_of(state, entity)
        if held is attack.UNARMED and weapon is not attack.UNARMED:
            lost = _("broken") if kit.weapon_damage >= weapon.durability else _("on the ground")
            weapon_words = _("{weapon}: {state}, fights unarmed (d4)").format(weapon=gear_name(weapon.name), state=lost)
        else:
            weapon_words = _("{weapon} {power}d{die}, durability {left}/{durability}").format(
                weapon=gear_name(held.name), power=max(1, sheet.power), die=held.die,
                left=max(0, held.durability - kit.weapon_damage), durability=held.durability)
        parts = [_("Defense {n}").format(n=sheet.defense), weapon_words,
                 _("Speed {n}").format(n=speed(state, entity))]
        if sheet.armor is not None:
            left = max(0, sheet.armor.durability - kit.armor_damage)
            parts.insert(1, _("{armor}: armor value {value}, durability {left}/{durability}").format(
                armor=gear_name(sheet.armor.name), value=sheet.armor.value, left=left, durability=sheet.armor.durability)
                if left else _("{armor}: broken").format(armor=gear_name(sheet.armor.name)))
        if sheet.shield:
            left = max(0, sheet.shield - kit.shield_damage)
            parts.append(_("shield {left}/{durability}").format(left=left, durability=sheet.shield)
                         if left else _("shield: broken"))
        lines: list[tuple[str, str]] = []
        for name, until in rules.afflicted(state, entity):
            words = _(AFFLICTIONS.get(name, name))
            effect = AFFLICTION_EFFECTS.get(name)
            line = f"{words}: {_(effect)}" if effect else words
            if until:
                line += " " + _("(to the end of round {n})").format(n=until)
            lines.append((line, "bad"))
        if kit.potions or kit.bombs:
            lines.append((_("Potions {potions}, alchemist's fire {bombs}").format(potions=kit.potions,
                                                                                  bombs=kit.bombs), "dim"))
        left, per_round, passed = forecast.ap_pips(state, entity)
        if passed:
            lines.append((_("Passed this round: AP kept for defenses"), "dim"))
        health_words = _("Damage {damage} of Health {health}").format(damage=vitals.damage, health=vitals.health)
        alarm = rules.injured_words(state, entity)
        return Card(subtitle="  ·  " + (_("hero") if sheet.hero else _("monster")), hp_line=health_words + (f" · {alarm}" if alarm else ""),
                    hp_alarm=bool(alarm), stats=" · ".join(parts), lines=tuple(lines),
                    pips=tuple((_("AP"), i < left) for i in range(max(per_round, left))))

    def prompt(self) -> Prompt | None:
        """The defender's question (the hit total shown, §11.1.3) or a free attack's (§16.5)."""
        state = self.state
        label = self.screen.side_labels
        chance = state.world.maybe_resource(PendingFreeAttack)
        if chance is not None:
            side = state.side(chance.attacker)
            return Prompt(_("Free attack?  ({side})").format(side=_(label.get(side, side))), side,
                          _("{mover} leaves {attacker}'s reach.").format(mover=self._name(chance.walk.mover),
                                                                         attacker=self._name(chance.attacker)),
                          _("One attack for 1 AP ({left} left); the walk goes on after it (§16.5).").format(
                              left=ap(state, chance.attacker).left),
                          None, (("yes", _("Attack (1 AP)  [Y]")), ("no", _("Let it go  [N]"))))
        options = rules.defense_list(state)
        if not options:
            return None
        offer = state.world.maybe_resource(PendingDefense)
        blast = state.world.maybe_resource(PendingArea)
        defender = offer.target if offer is not None else blast.target if blast is not None else decider(state)
        side = state.side(defender)
        if offer is not None:
            asks = _("{attacker} attacks {defender}: a hit test of {hit}.").format(
                attacker=self._name(offer.attacker), defender=self._name(defender), hit=offer.hit)
        else:
            asks = _("Alchemist's fire catches {defender}: a hit test of {hit}.").format(
                defender=self._name(defender), hit=self._hit())
        usable = [o for o in options if not o.why]
        best = max(usable, key=lambda o: (not o.counter, o.chance or 0, -o.cost), default=None)
        armor = state.world.get(defender, Sheet).armor
        armor_words = _("Armor value {value}: a hit under it only wears the armor (R13).").format(value=armor.value) \
            if armor is not None and not attack.armor_broken(state, defender) else _("No armor to absorb it.")
        best_words = _("Best: {option}; Y lists every defense with its cost and chance.").format(
            option=rules.option_label(best)) if best is not None else _("none can be paid for")
        explain = _("AP left {left}. {armor} {best}").format(left=ap(state, defender).left, armor=armor_words,
                                                              best=best_words)
        refused = None if usable else _("no defense can be taken now")
        return Prompt(_("Defend?  ({side})").format(side=_(label.get(side, side))), side, asks, explain, refused,
                      (("yes", _("Pick a defense  [Y]")), ("no", _("No defense  [N]"))))

    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        state = self.state
        offer = state.world.maybe_resource(PendingDefense)
        if offer is not None:
            return ((offer.target, False), (offer.attacker, True))
        chance = state.world.maybe_resource(PendingFreeAttack)
        if chance is not None:
            return ((chance.attacker, False), (chance.walk.mover, True))
        blast = state.world.maybe_resource(PendingArea)
        return ((blast.target, False), (blast.attacker, True)) if blast is not None else ()

    def handover_reason(self) -> str:
        """What the next player is handed the machine for: a defense, a free attack, or the initiative."""
        state = self.state
        offer = state.world.maybe_resource(PendingDefense)
        if offer is not None:
            return _("{attacker} attacks {defender}: choose {defender}'s defense.").format(
                attacker=self._name(offer.attacker), defender=self._name(offer.target))
        chance = state.world.maybe_resource(PendingFreeAttack)
        if chance is not None:
            return _("{mover} leaves {attacker}'s reach: a free attack?").format(
                mover=self._name(chance.walk.mover), attacker=self._name(chance.attacker))
        blast = state.world.maybe_resource(PendingArea)
        if blast is not None:
            return _("Alchemist's fire catches {defender}: long jump, backflip or none?").format(
                defender=self._name(blast.target))
        return round_label(state) + "."

    def log_lines(self, event: Any) -> list[LogLine]:
        return narrate(event, self.state, self.screen.side_labels)

    def tooltip(self, choice: Choice) -> tuple[str, str]:
        return choice.label, choice.summary

    def hint(self) -> str:
        state, name = self.state, self._name
        blast = self._landing()
        if blast is not None:
            return self._landing_hint(blast)
        if rules.pending(state):
            if state.world.maybe_resource(PendingFreeAttack) is not None:
                return _("Take the free attack (Y) or let the mover go (N).")
            return _("Pick a defense (Y: the list) or take the hit (N).")
        square = self.screen.hover_square()
        occupant = self.screen.occupant(square)
        choice = self.choice()
        if self.selected == self.actor and occupant is not None and occupant in self.targets:
            key = self.targets[occupant]
            label = choice.label if choice is not None and self.mode != WALK else _("Attack")
            if key.startswith("attack:") or key == rules.CHARGE:
                seen = forecast.attack_forecast(state, self.actor, occupant, charge=key == rules.CHARGE)
                edges = ", ".join(f"{_(EDGES.get(reason, AFFLICTIONS.get(reason, reason)))} {signed(n)}"
                                  for reason, n in seen.edges)
                dice = seen.dice or _("no boons or banes")
                return _("{label} {target}: d20 {modifier} {dice}{edges}; hits {hit}%, past the armor {armor}%, "
                         "past a dodge {dodge}%. Click.").format(
                    label=label, target=name(occupant), modifier=signed(seen.modifier), dice=dice,
                    edges=f" ({edges})" if edges else "", hit=rules.percent(seen.hit),
                    armor=rules.percent(seen.past_armor), dodge=rules.percent(seen.past_dodge))
            return _("{label} {target}. Click.").format(label=label, target=name(occupant))
        if self.mode == rules.THROW:
            shown = self.area_shown()
            if shown is not None:
                return _("Alchemist's fire here catches {names}. Click to throw.").format(
                    names=", ".join(name(e) for e in shown.caught) or _("no one"))
            return _("Alchemist's fire: point at a lit square within 10 yards (E1).")
        if choice is not None and self.mode not in (WALK, rules.WITHDRAW):
            return _("{label}: click a creature marked in red (green: an ally). {summary}").format(
                label=choice.label, summary=choice.summary)
        preview = self.walk_preview() if self.selected == self.actor else None
        if preview is not None:
            fall = " " + _("Steps down {n} ft: a fall.").format(n=preview.fall_ft) if preview.fall_ft else ""
            if 0 < preview.fall_ft <= area.SAFE_DROP_FT:
                fall = " " + _("Jumps down {n} ft: safe (M17).").format(n=preview.fall_ft)
            yards = speed(self.state, self.actor) // (2 if self.mode == rules.WITHDRAW else 1)
            climbed = rules.walk_climb(self.state, self.actor, preview.path, yards)
            fall += " " + _("Climbing: +{n} yards (M3).").format(n=climbed) if climbed else ""
            if len(preview.path) > 1 and chebyshev(preview.path[-2], preview.path[-1]) > 1:
                fall += " " + _("Long jump over the chasm: then Agility, TN 10: {p}% to stay on your feet (M18).").format(
                    p=rules.percent(area.landing_chance(self.state, self.actor)))
            fall += self._light_words(preview.path[-1]) if preview.path else ""
            verb = _("Withdraw") if self.mode == rules.WITHDRAW else _("Walk")
            if preview.attackers:
                return _("{verb} here: {cost} yards; leaves the reach of {names} (free attack, marked !).").format(
                    verb=verb, cost=preview.cost, names=", ".join(name(e) for e in preview.attackers)) + fall
            return _("{verb} here: {cost} yards. Click to move.").format(verb=verb, cost=preview.cost) + fall
        return _("{name} acts: click a lit square to walk, a marked enemy to attack, another of your creatures "
                 "to act with it; letters for actions; Enter passes.").format(name=name(self.actor))

    def _landing_hint(self, blast: PendingArea) -> str:
        """The hovered landing square: how far, and the exact chance the landing's Agility roll keeps the jumper up."""
        state = self.state
        square = self.screen.hover_square()
        yards = area.jump_yards(state, blast.target)
        if square is None or square not in self.teleports:
            return _("Long jump ({n} yards): click a lit square outside the area to land there (arrows and Space on "
                     "the keyboard); Esc goes back to the defenses.").format(n=yards)
        return _("Land here: {n} yards; then Agility, TN 10: {p}% to stay on your feet (M18). Click.").format(
            n=chebyshev(state.square(blast.target), square),
            p=rules.percent(area.landing_chance(state, blast.target)))

    def _light_words(self, square: Square) -> str:
        """What the light makes of a square (E3-E4), for the walk's hint; "" in plain light."""
        bf = self.state.battlefield
        if in_shadows(bf, square):
            return " " + _("In a light's shadows: attacks on a creature there have 1 bane (E4).")
        if obscured(bf, square) == Obscurement.TOTAL:
            return " " + _("In darkness: a creature there is unseen, 2 banes (E3).")
        return ""

