"""The computer opponent: one command at a time for the creatures of one side, through the one door.

    controller = Controller("red", difficulty="normal", seed=match.seed)
    while state.outcome is None:
        who = decider(state)
        if state.side(who) == "red":
            match.submit(controller.next_command(state))

``next_command`` answers whatever the skirmish waits for from the side: a forced movement to place
(``state.pending_forced``), an offer to take or let pass (``state.offer``), or the turn of one of its
creatures. Every command it returns has passed the door's ``validate``; when nothing better passes it
falls back to EndTurn, React(actor, False) or the shortest ForceMove the door accepts.
"""

from __future__ import annotations

import hashlib

from game.rulesets.dnd4e.actions.attack import offer_plan
from game.rulesets.dnd4e.actions.commands import Command, EndTurn, ForceMove, React, Rejected
from game.rulesets.dnd4e.i18n import L_, N_
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.force_move import forced_next_squares, next_forced
from game.rulesets.dnd4e.ai.ground import forced_ends
from game.rulesets.dnd4e.ai.hard import HardPlanner
from game.rulesets.dnd4e.ai.tactics import DIFFICULTIES, STYLES, Planner
from game.core.dice import SeededDice
from game.core.grid import Square, chebyshev
from game.ecs.components import ForcedMovement, Offer
from game.state import GameState


class NotMyTurn(RuntimeError):
    """The creature the skirmish waits for is not on this controller's side."""


class Controller:
    """A computer player for every creature of ``side``.

    ``difficulty``: "easy" (random nudges, blind to opportunity attacks, no action points, careless with
    areas), "normal" or "hard" (presses harder, looks at more squares and at real cover). Decisions depend
    only on the state, the difficulty and ``seed``, so a replayed match replays them.
    """

    def __init__(self, side: str, difficulty: str = "normal", seed: int = 0) -> None:
        if difficulty not in STYLES:
            raise ValueError(f"unknown difficulty {difficulty!r} (choose {', '.join(DIFFICULTIES)})")
        self.side = side
        self.difficulty = difficulty
        self.style = STYLES[difficulty]
        self.planner = HardPlanner if difficulty == "hard" else Planner
        self.seed = seed
        self.decisions = 0
        self.last_label = ""          # why the last command was chosen, for logs and tests

    def next_command(self, state: GameState) -> Command:
        """One command for the creature the skirmish waits for, which must be on this side."""
        who = decider(state)
        if state.side(who) != self.side:
            raise NotMyTurn(f"{state.name(who)} is on side {state.side(who)!r}, not {self.side!r}")
        self.decisions += 1
        nudges = moment_dice(self._moment(state, who)) if self.style.noise else None
        if state.outcome is not None:
            return EndTurn(who)
        forced = next_forced(state)
        if forced is not None:
            return self._place(state, forced)
        offer = state.offer
        if offer is not None:
            take = React(offer.by, True)
            if validate(state, take) is None and self._worth_taking(state):
                self.last_label = L_("take {offer}", offer=offered(offer))
                return take
            self.last_label = L_("let {offer} pass", offer=offered(offer))
            return React(offer.by, False)
        planner = self.planner(state, who, self.style, nudges)
        for plan in planner.plans():
            if validate(state, plan.command) is None:
                self.last_label = plan.label.line()
                return plan.command
        self.last_label = L_("end turn")
        return EndTurn(who)

    def _moment(self, state: GameState, who: int) -> str:
        """The seed of easy's nudges: the match seed and where the skirmish stands (round, turn, actions
        left, the creature's square and hit points), so asking twice gives the same answer and a replay
        gives the same game, however often a screen asked in between."""
        turn = state.turn
        actions = turn.actions
        return (f"{self.seed}:{self.side}:{who}:{turn.round}:{turn.index}:{actions.standard}{actions.move}"
                f"{actions.minor}{int(actions.one_action)}:{state.square(who)}:{state.hp(who)}")

    def _worth_taking(self, state: GameState) -> bool:
        """Opportunity attacks, interrupts, reactions and readied actions are free blows: take them; a
        return from delay is taken too (the controller never delays on purpose)."""
        offer = state.offer
        assert offer is not None
        plan = offer_plan(state, offer)
        return not isinstance(plan, Rejected)

    def _place(self, state: GameState, forced: ForcedMovement) -> ForceMove:
        """Place a push, pull or slide: an enemy over a ledge or into a hazard if possible, else away
        from our wounded and our archers; an ally nowhere dangerous, as little as possible. Easy leaves
        the target where it stands. Whatever it picks passes the door (a target sharing a square with a
        prone ally has to be moved somewhere)."""
        enemy = state.are_enemies(forced.by, forced.target)
        planner = self.planner(state, forced.by, self.style)
        ours = [a for a in state.standing() if not state.are_enemies(forced.by, a) and state.conscious(a)]
        fragile = [a for a in ours if prefers_range(state, a) or state.hp(a) <= state.stats(a).bloodied_value]
        scored: list[tuple[float, int, ForceMove]] = []
        ends = forced_ends(state, state.space(forced.by), forced.target, forced.kind, forced.squares)
        for index, (path, drop) in enumerate(ends):
            end = path[-1]
            if not self.style.smart_push:
                value = -float(len(path))
            elif enemy:
                value = planner.landing_worth(forced.target, end, drop) if len(path) > 1 else 0.0
                value += 0.3 * sum(min(chebyshev(end, state.square(a)), 6) for a in fragile)
            else:
                value = -10.0 * bool(drop) - 3.0 * state.battlefield.at(end).hazard - 0.1 * (len(path) - 1)
            scored.append((value - 0.001 * (len(path) - 1), -index, ForceMove(forced.by, forced.target, path)))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        for _, _, command in scored:
            if validate(state, command) is None:
                self.last_label = L_("place the {movement} at {square}", movement=forced.kind, square=command.path[-1])
                return command
        self.last_label = L_("no forced path passes the door")
        return any_forced_path(state, forced)


# What an offer gives, in the computer's reason for taking it or letting it pass (a power offer names its power).
OFFERED = {"opportunity": N_("the opportunity attack"), "readied": N_("the readied action"),
           "return": N_("the return from delay")}


def offered(offer: Offer) -> str:
    return offer.power if offer.kind == "power" and offer.power else L_(OFFERED.get(offer.kind, offer.kind))


def any_forced_path(state: GameState, forced: ForcedMovement) -> ForceMove:
    """The first forced path the door accepts, shortest first (or the target's own square if none does)."""
    start = (state.square(forced.target),)
    frontier: list[tuple[Square, ...]] = [start]
    while frontier:
        grown: list[tuple[Square, ...]] = []
        for path in frontier:
            command = ForceMove(forced.by, forced.target, path)
            if validate(state, command) is None:
                return command
            grown += [path + (square,) for square in forced_next_squares(state, forced, path)]
        frontier = grown
    return ForceMove(forced.by, forced.target, start)


def prefers_range(state: GameState, entity: int) -> bool:
    role = state.stats(entity).role
    return role in ("artillery", "controller")


def moment_dice(moment: str) -> SeededDice:
    """The game's own seeded dice for easy's nudges, seeded from a digest of the moment (stable across
    processes and platforms, unlike hash())."""
    return SeededDice(int.from_bytes(hashlib.sha256(moment.encode()).digest()[:8], "big"))
