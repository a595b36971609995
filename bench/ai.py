"""ai_turn and simulate: the computer opponent deciding one creature's whole turn on the arena, and whole
computer-against-computer skirmishes on the default map (../shared/contracts/bench.md)."""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from typing import Any

from bench.arena import ROOT, SEED, shared
from bench.report import summary
from game.rulesets.dnd4e.actions.commands import Rejected
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.door import execute
from game.rulesets.dnd4e.ai import Controller
from game.core.dice import SeededDice
from game.ecs.components import ActionBudget
from game.state import GameState

DEFAULT_MAP = ROOT / "maps" / "default.tmx"
TURN_COMMANDS = 40           # a turn is a handful of commands; more would be a bug
GAME_ROUNDS = 30


def _turn_start(state: GameState, mover: int) -> GameState:
    """A copy of the arena's state where it is ``mover``'s turn, with all its actions."""
    copy = state.clone()
    turn = copy.turn
    copy.world.set_resource(replace(turn, index=turn.order.index(mover), actions=ActionBudget(), acted=False,
                                    opportunity_used=(), sustained=(), extra_damage_dealt=()))
    return copy


def one_turn(state: GameState, mover: int, seed: int) -> tuple[float, int]:
    """Play ``mover``'s whole turn on ``state`` with the computer on both sides; returns the milliseconds
    its own side spent deciding and how many commands that side sent."""
    side = state.side(mover)
    players = {s: Controller(s, "normal", seed) for s in sorted({state.side(e) for e in state.creatures()})}
    dice = SeededDice(seed)
    spent, sent = 0.0, 0
    for _ in range(TURN_COMMANDS):
        if state.outcome is not None or (state.turn.current != mover and state.pending_offers is None
                                         and state.pending_forced is None):
            break
        who = decider(state)
        start = time.perf_counter()
        command = players[state.side(who)].next_command(state)
        if state.side(who) == side:
            spent += time.perf_counter() - start
            sent += 1
        result = execute(state, command, dice)
        if isinstance(result, Rejected):
            raise RuntimeError(f"the door refused the computer's {command}: {result}")
    return spent * 1000, sent


def ai_turn(iterations: int) -> dict[str, Any]:
    """Milliseconds for the computer to decide every command of one creature's turn (its move, attack and
    the rest, re-planned before each) on the 100x100 arena among 40 creatures, the creature in the middle."""
    arena = shared()
    samples: list[float] = []
    commands = 0
    for i in range(iterations):
        ms, sent = one_turn(_turn_start(arena.match.state, arena.mover), arena.mover, SEED + i)
        samples.append(ms)
        commands += sent
    print(f"bench: ai_turn: {commands / iterations:.1f} commands a turn for {arena.match.state.name(arena.mover)}",
          file=sys.stderr)
    return summary("ai_turn", "ms", samples)


def simulate(iterations: int) -> dict[str, Any]:
    """Games per minute of whole normal-against-normal skirmishes on the default map with its rosters, each
    game timed alone (its rate is 60 s over its duration); no drawing."""
    from game.rulesets.dnd4e.content import load_creatures, load_rosters
    from game.simulate import load_map, make_player, play_game

    bf = load_map(DEFAULT_MAP)
    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    rates: list[float] = []
    seconds = 0.0
    for i in range(iterations):
        seed = SEED + i
        players = {r.side: make_player("ai", r.side, "normal", seed) for r in rosters}
        result = play_game(bf, rosters, creatures, seed, players, GAME_ROUNDS)
        rates.append(60.0 / result.seconds)
        seconds += result.seconds
    print(f"bench: simulate: {iterations} games in {seconds:.1f} s, {60 * iterations / seconds:.0f} games per minute "
          f"overall", file=sys.stderr)
    return summary("simulate", "games/min", rates)
