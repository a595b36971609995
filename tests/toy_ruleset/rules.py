"""The toy's rules: a creature walks up to 4 squares in a straight reach, strikes an adjacent enemy once a turn
(d20 + 4 against 12, a hit deals 1d6), then passes; the last side standing wins. Pure: dice are a parameter."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice
from game.core.grid import Square, chebyshev
from game.ecs.components import OutOfFight, Outcome, Position
from game.ecs.world import Entity
from game.engine.refusal import Refusal
from game.state import GameState

SPEED = 4                # squares a walk may end from its start (toy §1)
ATTACK_BONUS = 4         # added to the d20 (toy §2)
DEFENCE = 12             # the total that hits (toy §2)
DAMAGE_DIE = 6


@dataclass(frozen=True)
class Vigour:
    """A toy creature's hit points."""

    hp: int
    max_hp: int


@dataclass(frozen=True)
class ToyRound:
    """The turn order, whose turn it is, the round, and what the creature has done this turn."""

    order: tuple[Entity, ...]
    index: int
    number: int
    walked: bool = False
    struck: bool = False

    @property
    def current(self) -> Entity:
        return self.order[self.index]


@dataclass(frozen=True)
class Walk:
    actor: int
    to: tuple[int, int]


@dataclass(frozen=True)
class Strike:
    actor: int
    target: int


@dataclass(frozen=True)
class Pass:
    actor: int


COMMANDS: tuple[type, ...] = (Walk, Strike, Pass)


@dataclass(frozen=True)
class Walked:
    entity: Entity
    path: tuple[Square, ...]
    rule: str = "toy §1"


@dataclass(frozen=True)
class Struck:
    actor: Entity
    target: Entity
    natural: int
    hit: bool
    damage: int
    rule: str = "toy §2"


@dataclass(frozen=True)
class Felled:
    entity: Entity
    rule: str = "toy §2"


@dataclass(frozen=True)
class TurnBegan:
    entity: Entity
    rule: str = "toy §3"


@dataclass(frozen=True)
class Won:
    side: str
    rule: str = "toy §3"


def round_of(state: GameState) -> ToyRound:
    return state.world.resource(ToyRound)


def reachable(state: GameState, actor: Entity) -> list[Square]:
    """The free, open squares within SPEED of the actor (toy §1: a walk goes straight there)."""
    start = state.square(actor)
    taken = state.squares_taken(but=actor)
    return [s for s in state.battlefield.squares()
            if s != start and chebyshev(s, start) <= SPEED and s not in taken and not state.battlefield.at(s).solid]


def validate(state: GameState, command: Any) -> Refusal | None:
    if state.outcome is not None:
        return Refusal("the skirmish is over", "toy §3")
    turn = round_of(state)
    if command.actor != turn.current:
        return Refusal(f"it is {state.name(turn.current)}'s turn", "toy §3")
    if isinstance(command, Walk):
        if turn.walked:
            return Refusal("already walked this turn", "toy §1")
        if command.to not in reachable(state, command.actor):
            return Refusal(f"that square is not a free square within {SPEED}", "toy §1")
    elif isinstance(command, Strike):
        if turn.struck:
            return Refusal("already struck this turn", "toy §2")
        if command.target not in state.standing() or not state.are_enemies(command.actor, command.target):
            return Refusal("strike a standing enemy", "toy §2")
        if chebyshev(state.square(command.actor), state.square(command.target)) != 1:
            return Refusal("the enemy is not adjacent", "toy §2")
    return None


def execute(state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]:
    refusal = validate(state, command)
    if refusal is not None:
        return refusal
    world, turn = state.world, round_of(state)
    if isinstance(command, Walk):
        path = (state.square(command.actor), command.to)
        world.add(command.actor, replace(world.get(command.actor, Position), square=command.to))
        world.set_resource(replace(turn, walked=True))
        return [Walked(command.actor, path)]
    if isinstance(command, Strike):
        natural = dice.roll(20)
        hit = natural + ATTACK_BONUS >= DEFENCE
        damage = dice.roll(DAMAGE_DIE) if hit else 0
        events: list[Any] = [Struck(command.actor, command.target, natural, hit, damage)]
        world.set_resource(replace(turn, struck=True))
        if hit:
            vigour = world.get(command.target, Vigour)
            world.add(command.target, replace(vigour, hp=vigour.hp - damage))
            if vigour.hp - damage <= 0:
                world.add(command.target, OutOfFight())
                events.append(Felled(command.target))
                sides = {state.side(e) for e in state.standing()}
                if len(sides) == 1:
                    world.set_resource(Outcome(sides.pop()))
                    events.append(Won(state.side(command.actor)))
        return events
    return _next_turn(state)


def _next_turn(state: GameState) -> list[Any]:
    """Pass: the next standing creature in the order; a new round after the last (toy §3)."""
    turn = round_of(state)
    index, number = turn.index, turn.number
    for _ in range(len(turn.order)):
        index += 1
        if index == len(turn.order):
            index, number = 0, number + 1
        if turn.order[index] in state.standing():
            break
    state.world.set_resource(ToyRound(turn.order, index, number))
    return [TurnBegan(turn.order[index])]

