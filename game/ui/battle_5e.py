"""The battle screen for 5e-house: BattleScene's drawing and controls, every rules question asked of rules_5e."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.engine.rosters import Roster
from game.core.grid import Square
from game.ecs.components import Appearance, Outcome
from game.ecs.world import Entity
from game.input.intents import Click
from game.maps.loader import load_battlefield
from game.match import Match
from game.render import palette
from game.rulesets import ruleset
from game.rulesets.dnd5e.commands import EndTurn
from game.rulesets.dnd5e.components import (
    Dropped, Hands, HelpInForce, PendingStrike, Potions, Readied, Round, Sheet, Zone,
)
from game.rulesets.dnd5e.economy import Budget
from game.rulesets.dnd5e.engine import budget, readied_along
from game.rulesets.dnd5e.presentation import adapter as rules_5e
from game.rulesets.dnd5e.situation import provokers
from game.rulesets.dnd5e.spells import Concentration, SpellSlots
from game.rulesets.dnd5e.vitality import Vitals
from game.ui import hud
from game.ui.battle import DRAWN_COMPONENTS, PANEL_WIDTH, BattleScene
from game.ui.overlays import AreaShown, WalkPreview, ZoneShown
from game.ui.widgets import Fonts, fit, hp_bar, panel, text, wrap_lines

WALK = "walk"
NAME = "5e-house"


class Battle5eScene(BattleScene):
    """A 5e-house skirmish on the battle screen; what differs from 4e is only what it asks the rules."""

    rules = rules_5e
    drawn_components = DRAWN_COMPONENTS + (Sheet, Vitals, Budget, SpellSlots, Concentration, Potions, Zone, Hands,
                                           Dropped, Readied)
    drawn_resources = (Round, Outcome, PendingStrike, HelpInForce)

    def __init__(self, screen_size: tuple[int, int], map_path: Path, seed: int, fonts: Fonts,
                 rosters: list[Roster] | None = None, computer: dict[str, str] | None = None,
                 animation_speed: str = "normal", match: Match | None = None) -> None:
        """``rosters``: the sides from game/content/5e (the default rosters when None); ``computer``: the
        sides the computer plays, with its level; ``match``: a loaded skirmish to carry on."""
        rules = ruleset(NAME)
        creatures = rules.load_creatures()
        rosters = rosters if rosters is not None else rules.load_rosters(creatures=creatures)
        if match is None:     # the sides the map has start areas for
            rosters = rules.rosters_in_play(load_battlefield(map_path), rosters)
        begun = match if match is not None else rules.new_match(load_battlefield(map_path), rosters, creatures, seed)
        self.walk_costs: dict[Square, int] = {}
        self._readiers: dict[Square, tuple[Entity, ...]] = {}     # per hovered square: whose readied attack it sets off
        self._template_key: object = None
        self._template: rules_5e.AreaTemplate | None = None
        super().__init__(screen_size, map_path, seed, fonts, rosters=rosters, match=begun,
                         animation_speed=animation_speed)
        self.setup = replace(self.setup, computer=tuple(sorted((computer or {}).items())))
        if match is None:
            self.session.after(self, begun.opening)        # the first turn starts: an autosave
        self.controllers = {side: rules.make_player("ai", side, level, seed)
                            for side, level in sorted((computer or {}).items())}
        self.human_sides = [r.side for r in rosters if r.side not in self.controllers]
        self.at_machine = None
        self._check_handover()

    # State helpers --------------------------------------------------------------------------------
    @property
    def actor(self) -> Entity:
        order, index = rules_5e.turn_order(self.state)
        return order[index]

    @property
    def acting(self) -> bool:
        return (self.selected == self.actor and self.state.outcome is None and rules_5e.offer_text(self.state) is None
                and self._computer() is None)

    def _handover_reason(self) -> str:
        return rules_5e.offer_text(self.state) or f"{self.state.name(self.actor)}'s turn."

    def _refresh_options(self) -> None:
        """What the acting creature can do now, from the same rules its commands are checked with."""
        self.walk, self.targets, self.friends, self.teleports, self.walk_costs = None, {}, [], [], {}
        self.charges, self.drags, self.push_squares, self.wall_next = {}, {}, [], []
        state, actor = self.state, self.actor
        if self._computer() is not None:          # the bar and the overlays are a person's: none while the computer decides
            self.bar_choices = []
            return
        # End turn has its own button (Enter), so the bar leaves it out.
        self.bar_choices = [c for c in rules_5e.choices(state, actor) if c.key != "end_turn"] \
            if state.outcome is None else []
        if state.outcome is not None or rules_5e.offer_text(state) is not None:
            return
        choice = self._choice()
        if choice is None or choice.blocked is not None or choice.instant:
            self.mode, self.picked, choice = WALK, None, None
        if choice is None:
            self.walk = rules_5e.reachable(state, actor)
            if self.walk is not None:
                self.walk_costs = rules_5e.walk_squares(state, actor, self.walk)
            # A click on an enemy attacks it with the first weapon the door accepts against it.
            for weapon in (c for c in self.bar_choices if c.key.startswith("attack:") and c.blocked is None):
                for target in weapon.targets:
                    self.targets.setdefault(target, weapon.label)
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

    def _reach_speed(self) -> int:
        return budget(self.state, self.actor).movement_ft

    def _show_events(self, events: list[Any], before: dict[Entity, Square] | None = None) -> None:
        for event in events:
            line = rules_5e.narrate(event, self.state, self.side_labels)
            if line:
                self.log.add(line, rules_5e.rule_reference(line))
        self.animate(events, before)

    def _turn_mark(self) -> tuple[object, ...]:
        return rules_5e.turn_order(self.state), rules_5e.round_number(self.state)

    # Input ----------------------------------------------------------------------------------------
    def _handle_key(self, action: str) -> str | None:
        if action in ("yes", "no") and rules_5e.offer_text(self.state) is not None:
            self.animator.skip()
            self._answer(action == "yes")
            return None
        if action == "end_turn":
            self.animator.skip()
            self.submit(EndTurn(self.actor))
            return None
        return super()._handle_key(action)

    def _answer(self, take: bool) -> None:
        command = rules_5e.answer(self.state, take)
        if command is not None:
            self.submit(command)

    def _pick(self, choice: Any) -> None:
        """A bar choice: instant ones act now, the others change what a map click does."""
        if choice.key == "knockout":
            self.knockout = not self.knockout
            self.message = ("Knockout: a creature your next melee attack drops is left at 1 HP, unconscious "
                            "(5e-house §3.1)." if self.knockout else "Knockout off: attacks kill as usual.")
            return
        if choice.blocked is not None:
            self.message = f"Can't: {choice.blocked}"
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
            self._refresh_options()

    def _handle_click(self, click: Click) -> None:
        if rules_5e.offer_text(self.state) is not None:
            self._click_prompt(click)
            return
        if click.button == 1 and self.end_turn_rect.collidepoint(click.pos):
            self.animator.skip()
            self.submit(EndTurn(self.actor))
            return
        super()._handle_click(click)

    def _click_prompt(self, click: Click) -> None:
        for answer, rect in self.prompt_buttons.items():
            if rect.collidepoint(click.pos):
                self.animator.skip()
                self._answer(answer == "yes")

    def _click_mode(self, square: Square) -> bool:
        """A click while a weapon, spell or action is picked; False when walking."""
        if self.mode == WALK:
            return False
        occupant = self.state.occupant_at(square)
        if occupant is not None and occupant in self.targets:
            self.submit(rules_5e.command_for(self.state, self.actor, self.mode, target=occupant, knockout=self.knockout))
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
                self.message = f"Can't cast it there: {refusal}"
        else:
            self.message = "Can't: pick a creature marked in red (green to help) or a lit square."
        return True

    def _click_walk(self, square: Square) -> None:
        occupant = self.state.occupant_at(square)
        weapon = self.targets.get(occupant) if occupant is not None else None
        if weapon is not None and self.selected == self.actor:
            self.submit(rules_5e.command_for(self.state, self.actor, f"attack:{weapon}", target=occupant,
                                             knockout=self.knockout))
        elif occupant is not None:
            self.selected = occupant
            self.message = "" if occupant == self.actor else \
                f"It is {self.state.name(self.actor)}'s turn; showing {self.state.name(occupant)}."
        elif self.selected == self.actor and self.walk is not None and square in self.walk_costs:
            command = rules_5e.walk_to(self.actor, self.walk, square)
            if command is not None:
                self.submit(command)
        elif self.selected == self.actor:
            self.message = "Can't: that square is out of reach this turn (5e-house §2.3)."
        else:
            self.selected = None

    # Drawing --------------------------------------------------------------------------------------
    def _is_area_power(self) -> bool:
        """An area spell is chosen: its template is drawn between the lit squares and the creatures."""
        return self.mode.startswith("spell:") and self._area_template() is not None

    def _area_template(self) -> rules_5e.AreaTemplate | None:
        """The chosen area spell's template where the mouse points, worked out once per square and state."""
        square = self._hover_square()
        key = (square, len(self.match.record), self.mode, self._version)
        if key != self._template_key:
            self._template_key = key
            self._template = rules_5e.area_template(self.state, self.actor, self.mode, square)
        return self._template

    def _area_shown(self) -> AreaShown | None:
        area = self._area_template()
        return None if area is None else AreaShown(area.squares, area.caught, area.harms)

    def _zones_shown(self) -> list[ZoneShown]:
        """Fog Cloud veiled as a 4e zone is; Darkness nearly black (magical darkness, R004-LT-04)."""
        return [ZoneShown(label, squares, dark) for label, squares, dark in rules_5e.spell_zones(self.state)]

    def _path_cost(self, preview: WalkPreview) -> str:
        """The hovered walk's cost in feet (§2.3)."""
        return f"{preview.cost} ft"

    def _walk_preview(self) -> WalkPreview | None:
        """The walk to the hovered square, the enemies whose reach it leaves (§6) and the square where it
        would set off readied actions (§2.1), each marked "!"; once per square."""
        square = self._hover_square()
        if self.walk is None or square not in self.walk_costs:
            return None
        key = (self.walk, len(self.match.record), self._version)
        if key != self._preview_key:
            self._preview_key, self._previews, self._provokers, self._path_pictures = key, {}, {}, {}
            self._readiers = {}
        preview = self._previews.get(square)
        if preview is None:
            path = self.walk.path_to(square) or ()
            disengaged = budget(self.state, self.actor).disengaged
            attackers = provokers(self.state, self.actor, path, disengaged)
            provoking = [frm for frm, to in zip(path, path[1:])
                         if provokers(self.state, self.actor, (frm, to), disengaged)]
            ready_square, self._readiers[square] = readied_along(self.state, self.actor, path)
            if ready_square is not None and ready_square not in provoking:
                provoking.append(ready_square)
            preview = self._previews[square] = WalkPreview(path, self.walk_costs[square], tuple(provoking),
                                                           tuple(attackers), self.walk.falls.get(square, 0))
        return preview

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        question = rules_5e.offer_text(self.state)
        if question is None or self.animator.busy or self.handover is not None or self.pause is not None:
            self.prompt_buttons = {}
            return
        strike = self.state.world.resource(PendingStrike)
        by = strike.reactors[0]
        side = self.state.side(by)
        if strike.readied:
            title, situation = "Readied action?", question.split(" Take ")[0]
            explain = "The action you readied, with your reaction; let it pass and it stays ready (5e-house §2.1)."
        else:
            title, situation = "Opportunity attack?", question.split(" Make ")[0]
            explain = "One melee attack with the reaction, before the mover leaves reach; one reaction per round (5e-house §6)."
        words = hud.PromptWords(
            f"{title}  ({self.side_labels.get(side, side)})", palette.side_colour(side),
            fit(self.fonts.small, situation, hud.PROMPT_SIZE[0] - 32),
            tuple(wrap_lines(self.fonts.small, explain, hud.PROMPT_SIZE[0] - 32)[:3]),
            None, (("yes", "Take it  [Y]"), ("no", "Let it pass  [N]")))
        self.prompt_buttons = hud.draw_prompt(screen, self.fonts, self.state, None, self.side_labels, self.map_rect,
                                              self.hover, words)
        self.screen_lost()

    def _draw_panel(self, screen: pygame.Surface) -> None:
        pygame.draw.rect(screen, palette.PANEL, self.panel_rect)
        pygame.draw.line(screen, palette.PANEL_EDGE, self.panel_rect.topleft, self.panel_rect.bottomleft, 2)
        x = self.panel_rect.x + 12
        bottom = self._draw_card(screen, self._panel_entity(), x, 10, PANEL_WIDTH - 24)
        log_rect = pygame.Rect(x, bottom + 6, PANEL_WIDTH - 24, self.panel_rect.bottom - bottom - 14)
        panel(screen, log_rect, (22, 22, 30))
        self.log.draw(screen, log_rect)

    def _panel_entity(self) -> Entity:
        strike = self.state.world.maybe_resource(PendingStrike)
        if strike is not None:
            return strike.reactors[0]
        tracked = self._tracker_entity(self.hover)
        return tracked if tracked is not None else (self.selected if self.selected is not None else self.actor)

    def _draw_card(self, screen: pygame.Surface, entity: Entity, x: int, y: int, width: int) -> int:
        """The creature's portrait, name, side and hit points, then rules_5e.card_lines. Returns its bottom."""
        state, fonts = self.state, self.fonts
        lines = [w for line in rules_5e.card_lines(state, entity) for w in wrap_lines(fonts.card, line, width - 16)]
        card_ls, small_ls = fonts.card.get_linesize(), fonts.small.get_linesize()
        top = max(y + 8 + 64, y + 8 + fonts.title.get_linesize() + small_ls + 18) + 6
        card = pygame.Rect(x, y, width, top - y + card_ls * len(lines) + 8)
        panel(screen, card)
        screen.blit(self._portrait(entity), (x + 8, y + 8))
        side = state.side(entity)
        text(screen, fonts.title, fit(fonts.title, state.name(entity), width - 92), (x + 80, y + 8))
        side_y = y + 8 + fonts.title.get_linesize()
        text(screen, fonts.small, fit(fonts.small, self.side_labels.get(side, side), width - 88), (x + 80, side_y),
             palette.side_colour(side))
        hp, max_hp, temp = rules_5e.hit_points(state, entity)
        hp_bar(screen, pygame.Rect(x + 80, side_y + small_ls + 2, width - 92, 12), hp, max_hp, temp)
        line_y = top
        for line in lines:
            text(screen, fonts.card, line, (x + 8, line_y))
            line_y += card_ls
        return card.bottom

    def _portrait(self, entity: Entity) -> pygame.Surface:
        portrait = self.portraits[self.state.world.get(entity, Appearance).sprite]
        if not self.state.conscious(entity):
            portrait = pygame.transform.rotate(portrait, 90)
            portrait.set_alpha(150)
        return portrait

    def _hint(self) -> str:
        state, name = self.state, self.state.name
        if rules_5e.offer_text(state) is not None:
            if state.world.resource(PendingStrike).readied:
                return "Take the readied action (Y) or let it pass (N)."
            return "Take the opportunity attack (Y) or let it pass (N)."
        square = self._hover_square()
        occupant = self._occupant(square)
        ko = " Knockout is ON." if self.knockout else ""
        choice = self._choice()
        if self.selected == self.actor and occupant is not None and occupant in self.targets:
            attack = self.targets[occupant] or (choice.label if choice is not None else "")
            if self.mode.startswith("spell:"):
                attack = self.mode.split(":")[1]
            seen = rules_5e.forecast(state, self.actor, occupant, attack)
            words = f": {seen.line()}" if seen is not None else ""
            label = choice.label if choice is not None else attack
            return f"{label} at {name(occupant)}{words}. Click.{ko}"
        if choice is not None and self.mode.startswith("spell:") and not choice.targets:
            area = self._area_template()
            if area is not None and rules_5e.self_centred(state, self.actor, choice.key):
                return f"{area.words} Click yourself or press {choice.hotkey} again to cast."
            if area is not None:
                return f"{area.words} Click to cast."
            if rules_5e.area_spell(state, self.actor, choice.key):
                refusal = rules_5e.refusal_at(state, self.actor, choice.key, square) if square is not None else None
                if refusal is not None:
                    return f"Can't cast {choice.label} there: {refusal}"
                return (f"{choice.label}: point where it goes ({choice.reach}); its area and who it catches show. "
                        "5e-house §5")
            if square is not None and square in self.teleports:
                return f"{choice.label} here. Click to cast."
            return f"{choice.label}: click a lit square ({choice.reach}). 5e-house §5"
        if choice is not None and self.mode != WALK:
            return f"{choice.label}: click a creature marked in red (green: an ally). {choice.summary}"
        preview = self._walk_preview() if self.selected == self.actor else None
        if preview is not None:
            left = budget(state, self.actor).movement_ft
            fall = f" Jumps down {preview.fall_ft} ft: a fall." if preview.fall_ft else ""
            readiers = self._readiers.get(preview.path[-1], ())
            ready = (f" Sets off the readied attack of {', '.join(name(e) for e in readiers)} "
                     "(marked !, 5e-house §2.1).") if readiers else ""
            if preview.attackers:
                names = ", ".join(name(e) for e in preview.attackers)
                return (f"Walk here: {preview.cost} of {left} ft; leaves the reach of {names} "
                        f"(marked !, 5e-house §6).{ready}{fall}")
            return f"Walk here: {preview.cost} of {left} ft.{ready}{fall} Click to move."
        return ("Click a lit square to walk, a marked enemy to attack; 1-9 weapons and spells, letters actions "
                f"(hover a button for what it does); K knockout; Enter ends the turn.{ko}")

