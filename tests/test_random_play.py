"""Whole skirmishes played by a seeded random player that only picks what the screen would offer:
every offered choice must pass the door (the preview is the rule) and no game may crash or stall."""

import random
from pathlib import Path

import pytest

from game.actions.attack import AreaPlan, plan_area, power_targets
from game.actions.commands import (
    AreaAttack, Attack, DropProne, EndSqueeze, EndTurn, ForceMove, Move, React, Rejected, StandUp, Teleport, UsePower,
)
from game.actions.door import validate
from game.actions.common import decider
from game.actions.force_move import forced_next_squares, next_forced
from game.actions.move import MOVE_MODES, move_blocker, move_options
from game.actions.teleport import teleport_power, teleport_squares
from game.content.roster import load_creatures, load_rosters
from game.core.areas import blast_placements
from game.maps.loader import load_battlefield
from game.match import new_match
from game.ui.choices import choices

MAPS = Path(__file__).resolve().parent.parent / "maps"
MAX_COMMANDS = 4000
MAX_ROUNDS = 12          # random play rarely finishes; twelve rounds reach every kind of action


def offered_commands(state, rng: random.Random) -> list:
    """Every kind of command the battle screen could send now, each built from its preview."""
    who = decider(state)
    if state.offer is not None:
        return [React(who, rng.random() < 0.7)]
    forced = next_forced(state)
    if forced is not None:
        path = (state.square(forced.target),)
        while (options := forced_next_squares(state, forced, path)) and rng.random() < 0.8:
            path += (rng.choice(options),)
        return [ForceMove(forced.by, forced.target, path)]
    actor = state.turn.current
    found: list = []
    for mode in MOVE_MODES:
        if move_blocker(state, actor, mode) is None:
            options = move_options(state, actor, mode)
            ends = sorted(options.endable - {options.start})
            if ends:
                found.append(Move(actor, options.path_to(rng.choice(ends)), mode))
    for choice in choices(state, actor):
        if choice.blocked is not None:
            continue
        if choice.instant:
            found.append({"stand": StandUp, "prone": DropProne, "unsqueeze": EndSqueeze}[choice.key](actor))
        elif choice.key.startswith("teleport:"):
            squares = teleport_squares(state, actor, teleport_power(state, actor, choice.power))
            if squares:
                found.append(Teleport(actor, choice.power, rng.choice(squares)))
        elif choice.key.startswith("power:"):
            profile = state.arsenal(actor).power(choice.power)
            if profile.kind == "personal":
                found.append(UsePower(actor, choice.power))
            elif profile.kind in ("melee", "ranged") and not profile.attacks:
                friends = [e for e in state.standing() if validate(state, UsePower(actor, choice.power, e)) is None]
                if friends:
                    found.append(UsePower(actor, choice.power, rng.choice(friends)))
            elif profile.kind in ("melee", "ranged"):
                targets = sorted(power_targets(state, actor, choice.power))
                if targets:
                    found.append(Attack(actor, rng.choice(targets), choice.power))
            else:
                space = state.space(actor)
                if profile.kind == "close" and profile.area == "blast":
                    origins = blast_placements(space, profile.size)
                elif profile.kind == "close":
                    origins = [space[0]]
                else:
                    origins = [e_sq for e in state.standing() for e_sq in [state.square(e)] if e != actor]
                for origin in origins:
                    if isinstance(plan_area(state, actor, choice.power, origin), AreaPlan):
                        found.append(AreaAttack(actor, choice.power, origin))
                        break
    if state.turn.actions.standard:
        for target in sorted(state.standing()):
            for attack in state.arsenal(actor).attacks:
                if attack.basic and state.are_enemies(actor, target) and target in power_targets(state, actor, attack.name):
                    found.append(Attack(actor, target, attack.name))
    found.append(EndTurn(actor))
    return found


@pytest.mark.parametrize("seed", range(12))
def test_random_play_of_offered_choices_never_crashes_and_every_choice_is_accepted(seed):
    rng = random.Random(seed)
    map_path = sorted(MAPS.glob("*.tmx"))[seed % len(list(MAPS.glob("*.tmx")))]
    creatures = load_creatures()
    match = new_match(load_battlefield(map_path), load_rosters(creatures=creatures), creatures, seed)
    for _ in range(MAX_COMMANDS):
        if match.state.outcome is not None or match.state.turn.round > MAX_ROUNDS:
            break
        commands = offered_commands(match.state, rng)
        # Prefer doing something over ending the turn, so games move on.
        command = rng.choice(commands[:-1]) if len(commands) > 1 and rng.random() < 0.85 else commands[-1]
        result = match.submit(command)
        assert not isinstance(result, Rejected), (map_path.name, command, result)
    assert match.state.outcome is not None or match.state.turn.round > MAX_ROUNDS
