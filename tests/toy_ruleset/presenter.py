"""The toy's presentation adapter: what the one battle screen asks (game.engine.protocol.Presenter) and its
controls (game.engine.controls.Controls); no pygame."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.battlefield import Battlefield
from game.core.grid import Square, chebyshev
from game.ecs.components import Appearance, Body, Name, OutOfFight, Outcome, Position, Team
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import (
    WALK, AreaShown, Card, Controls, LogLine, Prompt, Screen, WalkPreview, ZoneShown,
)
from game.engine.cues import Cue, Death, Hurt, Motion, Strike as StrikeCue
from game.engine.refusal import Refusal
from game.engine.rosters import Roster
from game.match import rosters_in_play as in_play
from game.state import GameState
from tests.toy_ruleset import rules
from tests.toy_ruleset.rules import Felled, Pass, Strike, Struck, ToyRound, TurnBegan, Vigour, Walk, Walked, Won

ATTACK = "attack:club"


def decider(state: GameState) -> Entity:
    return rules.round_of(state).current


def round_number(state: GameState) -> int:
    return rules.round_of(state).number


def round_label(state: GameState) -> str:
    return f"Round {round_number(state)}"


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    turn = rules.round_of(state)
    return turn.order, turn.index


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    vigour = state.world.get(entity, Vigour)
    return max(0, vigour.hp), vigour.max_hp, 0


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    return ()


def delayed(state: GameState, entity: Entity) -> bool:
    return False


def animation_cues(events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    cues: list[Cue] = []
    for event in events:
        if isinstance(event, Walked):
            cues.append(Motion(((event.entity, event.path),)))
        elif isinstance(event, Struck):
            cues.append(StrikeCue(event.target, event.hit))
            if event.hit:
                cues.append(Hurt(event.target, event.damage, False))
        elif isinstance(event, Felled):
            cues.append(Death(event.entity))
    return cues


def controls(screen: Screen) -> Controls:
    return ToyControls(screen)


def drawn_types() -> tuple[tuple[type, ...], tuple[type, ...]]:
    return (Name, Team, Position, Body, Appearance, OutOfFight, Vigour), (ToyRound, Outcome)


def rosters_in_play(bf: Battlefield, rosters: list[Roster]) -> list[Roster]:
    return in_play(bf, rosters)


@dataclass
class Reach:
    """The walk's lit squares, as the map layer reads a move's options: each costs its distance (toy §1)."""

    start: Square
    cost: dict[Square, int]
    falls: dict[Square, int] = field(default_factory=dict)

    @property
    def endable(self) -> list[Square]:
        return list(self.cost)

    def path_to(self, square: Square) -> tuple[Square, ...] | None:
        return (self.start, square) if square in self.cost else None


class ToyControls(Controls):
    """Walk (W) lights the squares within 4; the club (1) or a click on an adjacent enemy strikes it."""

    def waiting(self) -> bool:
        return False

    def asked(self) -> Entity | None:
        return None

    def refresh(self) -> None:
        self.clear()
        state, actor = self.state, self.actor
        if state.outcome is not None:
            self.bar_choices = []
            return
        turn = rules.round_of(state)
        enemies = tuple(e for e in state.standing() if state.are_enemies(actor, e)
                        and chebyshev(state.square(e), state.square(actor)) == 1)
        walk_refusal = Refusal("already walked this turn", "toy §1") if turn.walked else None
        strike_refusal = (Refusal("already struck this turn", "toy §2") if turn.struck
                          else None if enemies else Refusal("no enemy is adjacent", "toy §2"))
        self.bar_choices = [
            Choice(ATTACK, "Club", strike_refusal, hotkey="1", action="Std", reach="Melee 1", aim="vs 12",
                   uses="at-will", summary="d20 + 4 against 12; a hit deals 1d6 (toy §2).", usage="At-will",
                   targets=enemies),
            Choice(WALK, "Walk", walk_refusal, hotkey="W", summary="Walk up to 4 squares (toy §1)."),
        ]
        if self.mode == ATTACK and strike_refusal is None:
            self.targets = {e: "club" for e in enemies}
            return
        self.mode = WALK
        if walk_refusal is None:
            start = state.square(actor)
            self.walk = Reach(start, {s: chebyshev(s, start) for s in rules.reachable(state, actor)})
        if strike_refusal is None:
            self.targets = {e: "club" for e in enemies}

    def pick(self, choice: Choice) -> None:
        if choice.blocked is not None:
            self.message = f"Can't: {choice.blocked}"
            return
        self.selected = self.actor
        self.mode = WALK if self.mode == choice.key else choice.key
        self.message = ""
        self.refresh()

    def key(self, action: str) -> bool:
        if action == "end_turn":
            self.end_turn()
            return True
        return False

    def end_turn(self) -> None:
        self.screen.skip_animations()
        self.submit(Pass(self.actor))

    def answer(self, take: bool) -> None:
        """The toy asks no questions."""

    def right_click(self) -> bool:
        return False

    def click_square(self, square: Square) -> None:
        occupant = self.state.occupant_at(square)
        if occupant is not None and occupant in self.targets and self.selected == self.actor:
            self.submit(Strike(self.actor, occupant))
        elif occupant is not None:
            self.selected = occupant
        elif self.selected == self.actor and self.walk is not None and square in self.walk.cost:
            self.submit(Walk(self.actor, square))
        else:
            self.message = "Can't: that square is not a free square within 4 (toy §1)."

    def hint(self) -> str:
        occupant = self.screen.occupant(self.screen.hover_square())
        if occupant is not None and occupant in self.targets:
            needed = rules.DEFENCE - rules.ATTACK_BONUS
            return (f"Club at {self.state.name(occupant)}: hit on {needed}+ ({(21 - needed) * 5}%), "
                    f"d20 +{rules.ATTACK_BONUS} vs {rules.DEFENCE} (toy §2). Click.")
        preview = self.walk_preview()
        if preview is not None:
            return f"Walk here: {preview.cost} of {rules.SPEED} squares. Click to move."
        return "Click a lit square to walk, an adjacent enemy to strike; Enter ends the turn."

    def walk_preview(self) -> WalkPreview | None:
        square = self.screen.hover_square()
        if self.walk is None or square is None or square not in self.walk.cost:
            return None
        return WalkPreview((self.walk.start, square), self.walk.cost[square], (), (), 0)

    def reach_speed(self) -> int:
        return rules.SPEED

    def path_cost(self, preview: WalkPreview) -> str:
        return f"{preview.cost}"

    def aiming_area(self) -> bool:
        return False

    def area_shown(self) -> AreaShown | None:
        return None

    def zones_shown(self) -> list[ZoneShown]:
        return []

    def card(self, entity: Entity) -> Card:
        return Card(lines=((f"Defence {rules.DEFENCE}  Speed {rules.SPEED}", "text"),))

    def prompt(self) -> Prompt | None:
        return None

    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        return ()

    def handover_reason(self) -> str:
        return f"{self.state.name(self.actor)}'s turn."

    def log_lines(self, event: Any) -> list[LogLine]:
        name = self.state.name
        if isinstance(event, Walked):
            return [LogLine(f"{name(event.entity)} walks to {event.path[-1]}.", event.rule)]
        if isinstance(event, Struck):
            words = f"hits for {event.damage}" if event.hit else "misses"
            return [LogLine(f"{name(event.actor)} strikes {name(event.target)}: {words}.", event.rule),
                    LogLine(f"d20 {event.natural} + {rules.ATTACK_BONUS} vs {rules.DEFENCE}", event.rule, dice=True)]
        if isinstance(event, Felled):
            return [LogLine(f"{name(event.entity)} falls.", event.rule)]
        if isinstance(event, TurnBegan):
            return [LogLine(f"{name(event.entity)}'s turn.", event.rule)]
        if isinstance(event, Won):
            return [LogLine(f"{self.screen.side_labels.get(event.side, event.side)} win.", event.rule)]
        return []

    def tooltip(self, choice: Choice) -> tuple[str, str]:
        return choice.label, choice.summary
