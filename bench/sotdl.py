"""ai_turn and simulate under the sotdl-house ruleset: the same measures as bench/ai.py, named
``ai_turn.sotdl-house`` and ``simulate.sotdl-house`` (one line per ruleset, like play_frames.SCENE)."""

from __future__ import annotations

import functools
import sys
import time
from typing import Any

from bench.ai import DEFAULT_MAP, GAME_ROUNDS, TURN_COMMANDS
from bench.arena import SEED, UNITS_PER_SIDE, shared
from bench.report import summary
from game.engine.rosters import Roster
from game.core.grid import chebyshev
from game.maps.loader import load_battlefield
from game.rulesets import ruleset

NAME = "sotdl-house"
KINDS = {"blue": ("warrior", "rogue", "priest", "archer", "monk"), "red": ("orc", "goblin", "goblin_archer", "ghoul")}


@functools.cache
def _arena() -> tuple[Any, int]:
    """A sotdl-house match of 20 against 20 on the bench's 100x100 arena, and the blue creature nearest the centre."""
    rules = ruleset(NAME)
    creatures = rules.load_creatures()
    rosters = [Roster(side, side, tuple(kinds[i % len(kinds)] for i in range(UNITS_PER_SIDE)))
               for side, kinds in KINDS.items()]
    match = rules.new_match(load_battlefield(shared().map_path), rosters, creatures, SEED)
    state = match.state
    bf = state.battlefield
    centre = (bf.width // 2, bf.height // 2)
    mover = min((e for e in state.creatures() if state.side(e) == "blue"),
                key=lambda e: (chebyshev(state.square(e), centre), e))
    return match, mover


def ai_turn_sotdl(iterations: int) -> dict[str, Any]:
    """Milliseconds the computer spends deciding every command of one creature's round (each action until its
    AP is spent or it passes, the defenses it is asked for included) among 40 creatures on the arena."""
    from game.core.dice import SeededDice
    from game.rulesets.sotdl.components import Initiative
    from game.rulesets.sotdl.rounds import ap, decider, round_of

    rules = ruleset(NAME)
    match, mover = _arena()
    samples: list[float] = []
    commands = 0
    for i in range(iterations):
        state = match.state.clone()
        now = round_of(state)
        state.world.set_resource(Initiative(now.number, now.order, "blue", mover, "attacked"))
        players = {side: rules.make_player("ai", side, "normal", SEED + i) for side in KINDS}
        dice = SeededDice(SEED + i)
        spent = 0.0
        for _ in range(TURN_COMMANDS):
            points = ap(state, mover)
            if state.outcome is not None or points.left == 0 or points.passed or round_of(state).number != now.number:
                break
            who = decider(state)
            start = time.perf_counter()
            command = players[state.side(who)].next_command(state)
            if who == mover:
                spent += time.perf_counter() - start
                commands += 1
            result = rules.execute(state, command, dice)
            if not isinstance(result, list):
                raise RuntimeError(f"the door refused the computer's {command}: {result}")
            if round_of(state).holder is None and state.side(decider(state)) == "blue":
                now_state = round_of(state)
                state.world.set_resource(Initiative(now_state.number, now_state.order, "blue", mover, "attacked"))
        samples.append(spent * 1000)
    print(f"bench: ai_turn.{NAME}: {commands / iterations:.1f} commands a round for {match.state.name(mover)}",
          file=sys.stderr)
    return summary(f"ai_turn.{NAME}", "ms", samples)


def simulate_sotdl(iterations: int) -> dict[str, Any]:
    """Games per minute of whole normal-against-normal sotdl-house skirmishes on the default map."""
    from game.simulate import load_map, play_game

    rules = ruleset(NAME)
    bf = load_map(DEFAULT_MAP)
    creatures = rules.load_creatures()
    rosters = [r for r in rules.load_rosters(creatures=creatures) if bf.start_squares(r.side)]
    rates: list[float] = []
    seconds = 0.0
    for i in range(iterations):
        seed = SEED + i
        players = {r.side: rules.make_player("ai", r.side, "normal", seed) for r in rosters}
        result = play_game(bf, rosters, creatures, seed, players, GAME_ROUNDS, ruleset_name=NAME)
        rates.append(60.0 / result.seconds)
        seconds += result.seconds
    print(f"bench: simulate.{NAME}: {iterations} games in {seconds:.1f} s, {60 * iterations / seconds:.0f} games per "
          f"minute overall", file=sys.stderr)
    return summary(f"simulate.{NAME}", "games/min", rates)
