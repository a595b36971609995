"""The 4e battle screen's controls: what a pick, click or key means under 4e, worked out by the rules (no pygame).

What a click may do is what the rules say now: the bar's choices carry the door's reasons, the lit squares
are the rules' own answers (move_options, power_targets, plan_area, charge paths the door accepts), and every
command still goes through the door. The hint line, card and prompt are in presentation/words.py.
"""

from __future__ import annotations

from game.core.areas import blast_placements
from game.core.forced import forced_destinations
from game.core.grid import Square, chebyshev
from game.ecs.components import Power
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import WALK, Popup, Screen
from game.rulesets.dnd4e.actions.attack import AreaPlan, attack_targets, plan_area, power_targets
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, AreaAttack, Attack, BullRush, Charge, CoupDeGrace, Delay, DrinkPotion, DropProne, EndGrab,
    EndSqueeze, EndTurn, Escape, ForceMove, Grab, Move, MoveGrabbed, React, Ready, Rejected, SecondWind,
    SpendActionPoint, StandUp, Sustain, Teleport, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.force_move import forced_next_squares, next_forced
from game.rulesets.dnd4e.actions.move import move_blocker, move_options
from game.rulesets.dnd4e.actions.teleport import teleport_power, teleport_squares
from game.rulesets.dnd4e.actions.turn_actions import READY_TRIGGERS
from game.rulesets.dnd4e.presentation.choices import (
    AID_BOONS, ESCAPE_SKILLS, charge_paths, choices, coup_de_grace_power, drag_paths, readyable, wall_next_squares,
)
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_, content
from game.rulesets.dnd4e.presentation.describe import refusal_text
from game.rulesets.dnd4e.presentation.words import Words

INSTANT = {"stand": StandUp, "prone": DropProne, "unsqueeze": EndSqueeze, "second_wind": SecondWind,
           "total_defense": TotalDefense, "action_point": SpendActionPoint, "delay": Delay, "end_grab": EndGrab}
TARGET_MODES = {"charge", "bull_rush", "grab", "move_grabbed", "aid", "potion"}


class Controls4e(Words):
    """4e's picks: a move mode, a power (single target, area, wall), a teleport or a §25 action; the second
    click of bull rush and aid another; forced movement placed square by square (§22); the popups of
    escape, ready and aid."""

    def __init__(self, screen: Screen) -> None:
        super().__init__(screen)
        self._area_key: tuple[Square, int, str] | None = None
        self._area: AreaPlan | Rejected | None = None
        self._coup_key: tuple[Entity, int, str] | None = None
        self._coup: str | None = None
        self._bar_of: Entity | None = None        # the creature the bar's choices were worked out for

    def power(self) -> Power | None:
        """The picked power, if the mode is one."""
        if not self.mode.startswith("power:"):
            return None
        profile = self.state.arsenal(self.actor).power(self.mode.split(":", 1)[1])
        return profile if isinstance(profile, Power) else None

    def waiting(self) -> bool:
        return self.state.offer is not None or self.state.pending_forced is not None

    def asked(self) -> Entity | None:
        return self.state.offer.by if self.state.offer is not None else None

    def refresh(self) -> None:
        self.clear()
        self._refresh_bar()
        forced = next_forced(self.state)
        if forced is None:
            self._set_forced_path(())
        elif not self.forced_path or self.forced_path[0] != self.state.square(forced.target):
            self._set_forced_path((self.state.square(forced.target),))
        if self.state.outcome is not None or self.state.offer is not None or forced is not None:
            return
        choice = self.choice()
        if choice is None or choice.blocked is not None or choice.instant:
            self.mode, self.picked = WALK, None
            choice = self.choice()
        mode, state, actor = self.mode, self.state, self.actor
        power = self.power()
        if power is None or power.area != "wall":
            self.wall = ()
        if power is not None:
            if power.area == "wall":
                self.wall_next = wall_next_squares(state, actor, power, self.wall)
            elif power.attacks and power.kind in ("melee", "ranged"):
                self.targets = dict(self.screen.worked_out(power_targets, actor, power.name) or {})
            elif not power.attacks and power.kind in ("melee", "ranged"):
                self.friends = list(choice.targets) if choice is not None else []
        elif mode.startswith("teleport:"):
            teleport = teleport_power(state, actor, mode.split(":", 1)[1])
            if teleport is not None:
                self.teleports = teleport_squares(state, actor, teleport)
        elif mode == "charge":
            enemies = tuple(e for e in state.standing() if state.are_enemies(actor, e))
            charges = self.screen.worked_out(charge_paths, actor, enemies)
            self.charges = charges[0] if charges is not None else {}
            self.targets = {e: None for e in self.charges}
        elif mode in ("bull_rush", "grab") and choice is not None:
            if self.picked is None:
                self.targets = {e: None for e in choice.targets}
            else:
                self.targets = {self.picked: None}
                rules = state.move_rules(self.picked)
                self.push_squares = [s for s in forced_destinations(rules, state.space(actor), "push", 1)
                                     if s != state.square(self.picked)
                                     and validate(state, BullRush(actor, self.picked, s)) is None]
        elif mode == "move_grabbed":
            self.drags = drag_paths(state, actor)
        elif mode == "aid" and choice is not None:
            if self.picked is None:
                self.targets = {enemy: None for enemy, _ in choice.targets}
            else:
                self.targets = {self.picked: None}
                self.friends = [ally for enemy, ally in choice.targets if enemy == self.picked]
        elif mode == "potion" and choice is not None:
            self.friends = list(choice.targets)
        else:
            if move_blocker(state, actor, mode) is None:
                self.walk = self.screen.worked_out(move_options, actor, mode)
            if state.turn.actions.standard:
                self.targets = dict(self.screen.worked_out(attack_targets, actor) or {})

    def _refresh_bar(self) -> None:
        """The bar's choices (every power planned against every creature: tens of milliseconds among forty
        creatures) are worked out off the frame, as are the squares, targets and charge paths lit (a range count
        per creature, step tables built on a creature's first move); until they are in, the bar stays as it was
        for the same creature, and is empty for another, and nothing is lit."""
        if self.state.outcome is not None:
            self.bar_choices, self._bar_of = [], None
            return
        found = self.screen.worked_out(choices, self.actor)
        if found is not None:
            self.bar_choices, self._bar_of = found, self.actor
        elif self._bar_of != self.actor:
            self.bar_choices, self._bar_of = [], None

    # Keys and buttons -------------------------------------------------------------------------------
    def key(self, action: str) -> bool:
        offer = self.state.offer
        if offer is not None and action in ("yes", "no"):
            self.answer(action == "yes")
        elif next_forced(self.state) is not None and action in ("end_turn", "cancel"):
            if action == "end_turn":
                self._place_forced()
            else:
                self._refresh_forced_start()
        elif action == "cancel" and self.wall:
            self.wall, self.message = (), L_("The wall starts over.")
            self.refresh()
        elif action == "end_turn":
            self.screen.skip_animations()
            if self.mode == "bull_rush" and self.picked is not None:
                self.submit(BullRush(self.actor, self.picked))
            else:
                self.submit(EndTurn(self.actor))
        else:
            return False
        return True

    def end_turn(self) -> None:
        self.screen.skip_animations()
        self.submit(EndTurn(self.actor))

    def answer(self, take: bool) -> None:
        offer = self.state.offer
        if offer is not None:
            self.screen.skip_animations()
            self.submit(React(offer.by, take))

    def right_click(self) -> bool:
        if next_forced(self.state) is None:
            return False
        self._refresh_forced_start()
        return True

    def pick(self, choice: Choice) -> None:
        if choice.key == "knockout":
            self.knockout = not self.knockout
            self.message = (L_("Knockout: a creature your next attack drops falls unconscious instead of dying (4e §27).")
                            if self.knockout else L_("Knockout off: attacks kill as usual."))
            return
        if choice.blocked is not None:
            self.message = L_("Can't: {reason}", reason=refusal_text(choice.blocked))
            return
        self.selected = self.actor
        again = self.mode == choice.key
        if choice.key.startswith("power:") and choice.instant:
            self.mode = WALK
            self.submit(UsePower(self.actor, choice.power))
        elif choice.key.startswith("sustain:"):
            self.mode = WALK
            self.submit(Sustain(self.actor, choice.power))
        elif choice.key in INSTANT:
            self.mode = WALK
            self.submit(INSTANT[choice.key](self.actor))
        elif choice.key == "escape":
            self._open_escape()
        elif choice.key == "ready":
            self._open_ready()
        elif again and self.actor in self.friends:
            # The same key again: use it on yourself (a heal, a boon, a potion).
            if choice.key == "potion":
                self.submit(DrinkPotion(self.actor))
            else:
                self.submit(UsePower(self.actor, choice.power, self.actor))
        else:
            self.mode = WALK if again and choice.key != WALK else choice.key
            self.picked = None
            self.message = ""
            self.refresh()

    def _open_escape(self) -> None:
        options = [(content(label), skill, _why(validate(self.state, Escape(self.actor, skill))))
                   for skill, label in ESCAPE_SKILLS.items()]
        self.popup = Popup(L_("Escape with which skill? (4e §25.11)"), options,
                           lambda skill: self.submit(Escape(self.actor, skill)))

    def _open_ready(self) -> None:
        options = [(content(name), name, _why(why)) for name, why in readyable(self.state, self.actor)]

        def trigger_for(power: str) -> None:
            triggers = [(L_("When {trigger}", trigger=words), key, _why(validate(self.state, Ready(self.actor, power, key))))
                        for key, words in READY_TRIGGERS.items()]
            self.popup = Popup(L_("Ready the {power}: when?", power=power), triggers,
                               lambda key: self.submit(Ready(self.actor, power, key)))

        self.popup = Popup(L_("Ready which attack? (standard action, 4e §25.16)"), options, trigger_for)

    # Clicks on the map ------------------------------------------------------------------------------
    def click_square(self, square: Square) -> None:
        if next_forced(self.state) is not None:
            self._click_forced(square)
            return
        if self.selected == self.actor and self._click_mode(square):
            return
        self._click_walk(square)

    def _click_mode(self, square: Square) -> bool:
        """A click while a power or an action is picked; False when the mode is walking."""
        occupant = self.state.occupant_at(square)
        actor, mode = self.actor, self.mode
        power = self.power()
        if power is not None and power.area == "wall":
            self._lay_wall(power, square)
            return True
        if power is not None and power.kind in ("close", "area"):
            area = self.area_plan()
            if isinstance(area, AreaPlan):
                self.submit(AreaAttack(actor, area.profile.name, area.origin, self.knockout))
            elif isinstance(area, Rejected):
                self.message = L_("Can't: {reason}", reason=refusal_text(area))
            return True
        if power is not None and not power.attacks:
            if occupant in self.friends:
                self.submit(UsePower(actor, power.name, occupant))
            else:
                self.message = L_("Can't: pick a creature outlined in green for the {power}.", power=power.name)
            return True
        if power is not None:
            if occupant in self.targets:
                self._attack(occupant, power.name)
            else:
                self.message = L_("Can't: pick an enemy marked in red for this power.")
            return True
        if mode.startswith("teleport:"):
            if square in self.teleports:
                self.submit(Teleport(actor, mode.split(":", 1)[1], square))
            else:
                self.message = L_("Can't: a teleport needs a free square in range that you can see (4e §23).")
            return True
        if mode not in TARGET_MODES:
            return False
        if mode == "charge":
            if occupant in self.charges:
                self.submit(Charge(actor, occupant, self.charges[occupant]))
            else:
                self.message = L_("Can't: pick an enemy marked in red: a charge needs a clear path (4e §25.5).")
        elif mode == "bull_rush":
            self._click_bull_rush(square, occupant)
        elif mode == "grab":
            if occupant in self.targets:
                self.submit(Grab(actor, occupant))
            else:
                self.message = L_("Can't: pick an enemy marked in red within reach (4e §25.12).")
        elif mode == "move_grabbed":
            if square in self.drags:
                self.submit(MoveGrabbed(actor, self.drags[square]))
            else:
                self.message = L_("Can't: pick a lit square to drag the creature to (4e §25.12).")
        elif mode == "aid":
            self._click_aid(occupant)
        elif mode == "potion":
            if occupant in self.friends:
                self.submit(DrinkPotion(actor, None if occupant == actor else occupant))
            else:
                self.message = L_("Can't: click yourself, or an unconscious ally next to you (4e §25.14).")
        return True

    def _click_bull_rush(self, square: Square, occupant: Entity | None) -> None:
        if self.picked is None:
            if occupant in self.targets:
                self.picked = occupant
                self.refresh()
                if not self.push_squares:
                    self.submit(BullRush(self.actor, occupant))
            else:
                self.message = L_("Can't: pick an adjacent enemy marked in red (4e §25.4).")
        elif occupant == self.picked:
            self.submit(BullRush(self.actor, self.picked))
        elif square in self.push_squares:
            self.submit(BullRush(self.actor, self.picked, square))
        else:
            self.message = L_("Can't: pick a lit square to push it to, or click it again (4e §25.4).")

    def _click_aid(self, occupant: Entity | None) -> None:
        if self.picked is None:
            if occupant in self.targets:
                self.picked = occupant
                self.refresh()
            else:
                self.message = L_("Can't: pick an enemy within reach, marked in red (4e §25.2).")
            return
        if occupant not in self.friends:
            self.message = L_("Can't: pick the ally to aid, outlined in green (4e §25.2).")
            return
        enemy, ally = self.picked, occupant
        assert ally is not None
        options = [(content(words), boon, _why(validate(self.state, AidAnother(self.actor, enemy, ally, boon))))
                   for boon, words in AID_BOONS.items()]
        self.popup = Popup(L_("Aid {ally}: which bonus?", ally=named(self.state.name(ally))), options,
                           lambda boon: self.submit(AidAnother(self.actor, enemy, ally, boon)))

    def _attack(self, target: Entity, power: str) -> None:
        """A single-target attack, or a coup de grace when the target is helpless and adjacent (§25.6)."""
        coup = coup_de_grace_power(self.state, self.actor, target, power)
        if coup is not None:
            self.submit(CoupDeGrace(self.actor, target, coup, self.knockout))
        else:
            self.submit(Attack(self.actor, target, power, self.knockout))

    def _click_walk(self, square: Square) -> None:
        occupant = self.state.occupant_at(square)
        if occupant is not None and occupant in self.targets and self.selected == self.actor:
            plan = self.targets[occupant]
            if plan is not None:
                self._attack(occupant, plan.profile.name)
        elif occupant is not None and not (self.selected == self.actor and self.walk is not None
                                           and square in self.walk.endable and occupant == self.actor):
            self.selected = occupant
            if occupant != self.actor:
                self.message = L_("It is {actor}'s turn; showing {who}.", actor=named(self.state.name(self.actor)),
                                  who=named(self.state.name(occupant)))
            else:
                self.message = ""
        elif self.selected == self.actor and self.walk is not None and square in self.walk.endable:
            path = self.walk.path_to(square)
            if path is not None and len(path) > 1:
                self.submit(Move(self.actor, path, self.mode))
        elif self.selected == self.actor:
            reason = move_blocker(self.state, self.actor, self.mode)
            self.message = L_("Can't: {reason}", reason=refusal_text(reason)) if reason \
                else L_("Can't: that square is out of reach this move.")
        else:
            self.selected = None

    # Forced movement: the attacker picks each square (§22) --------------------------------------------
    def _set_forced_path(self, path: tuple[Square, ...]) -> None:
        """The squares picked so far, and the lit ones that may come next (worked out once per pick)."""
        self.forced_path = path
        forced = next_forced(self.state)
        if forced is None or not path:
            self.forced_next, self.forced_drops = [], []
            return
        self.forced_next = forced_next_squares(self.state, forced, path)
        rules = self.state.move_rules(forced.target)
        self.forced_drops = [s for s in self.forced_next if rules.drop_ft(path[-1], s)]

    def _refresh_forced_start(self) -> None:
        forced = next_forced(self.state)
        if forced is not None:
            self._set_forced_path((self.state.square(forced.target),))

    def _click_forced(self, square: Square) -> None:
        if square == self.forced_path[-1]:
            self._place_forced()
        elif square in self.forced_next:
            self._set_forced_path(self.forced_path + (square,))
            if not self.forced_next:
                self._place_forced()
        else:
            self.message = L_("Can't: pick one of the lit squares, or click the target's square to stop there.")

    def _place_forced(self) -> None:
        forced = next_forced(self.state)
        if forced is not None:
            path = self.forced_path
            self._set_forced_path(())
            if not self.submit(ForceMove(forced.by, forced.target, path)):
                self._refresh_forced_start()

    # Areas and walls (§5) ----------------------------------------------------------------------------
    def _lay_wall(self, power: Power, square: Square) -> None:
        """§5.6: a wall is laid square by square, each beside the last; the last square attacks."""
        if square not in self.wall_next:
            self.message = L_("Can't: lay the wall on a lit square beside the last one (Esc starts over).")
            return
        self.wall += (square,)
        self.message = ""
        if len(self.wall) < power.size:
            self.refresh()
            return
        wall, self.wall = self.wall, ()
        self.submit(AreaAttack(self.actor, power.name, wall[0], self.knockout, wall))

    def area_plan(self) -> AreaPlan | Rejected | None:
        """The hovered placement of the chosen close or area power; computed once per square and state."""
        square = self.screen.hover_square()
        power = self.power()
        if square is None or power is None or power.kind not in ("close", "area") or power.area == "wall":
            return None
        key = (square, len(self.match.record), self.mode)
        if key != self._area_key:
            origin = self._area_origin(power.kind, power.area, power.size, square)
            self._area_key, self._area = key, plan_area(self.state, self.actor, power.name, origin)
        return self._area

    def _area_origin(self, kind: str, area: str, size: int, square: Square) -> Square:
        """Where the template goes for the hovered square: a burst on its user or the square, a blast
        placed so that it covers the hovered square, nearest it, if it can."""
        space = self.state.space(self.actor)
        if kind == "close" and area == "burst":
            return space[0]
        if kind == "close":
            def fit(top_left: Square) -> tuple[int, int, Square]:
                covers = top_left[0] <= square[0] < top_left[0] + size and top_left[1] <= square[1] < top_left[1] + size
                centre = (top_left[0] + size // 2, top_left[1] + size // 2)
                return (0 if covers else 1, chebyshev(centre, square), top_left)
            return min(blast_placements(space, size), key=fit)
        return square

    def coup_power(self, target: Entity, power: str) -> str | None:
        """The hovered target's coup de grace power, worked out once per target and state."""
        key = (target, len(self.match.record), power)
        if key != self._coup_key:
            self._coup_key, self._coup = key, coup_de_grace_power(self.state, self.actor, target, power)
        return self._coup


def _why(rejection: Rejected | None) -> str:
    return "" if rejection is None else refusal_text(rejection)
