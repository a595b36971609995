"""Whole skirmishes played by a seeded random player that only picks what the screen would offer:
every offered choice must pass the door (the preview is the rule) and no game may crash or stall."""

import random
from pathlib import Path

import pytest

from game.rulesets.dnd4e.actions.attack import AreaPlan, plan_area, power_targets
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, AreaAttack, Attack, BullRush, Charge, CoupDeGrace, Delay, DrinkPotion, DropProne, EndGrab, EndSqueeze,
    EndTurn, Escape, ForceMove, Grab, Move, MoveGrabbed, React, Ready, Rejected, SecondWind, SpendActionPoint,
    StandUp, Sustain, Teleport, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.force_move import forced_next_squares, next_forced
from game.rulesets.dnd4e.actions.move import MOVE_MODES, move_blocker, move_options
from game.rulesets.dnd4e.actions.teleport import teleport_power, teleport_squares
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.core.areas import blast_placements
from game.maps.loader import load_battlefield
from game.rulesets.dnd4e.setup import new_match
from game.rulesets.dnd4e.actions.turn_actions import READY_TRIGGERS
from game.rulesets.dnd4e.presentation.choices import (
    AID_BOONS, ESCAPE_SKILLS, charge_path, choices, coup_de_grace_power, drag_paths, readyable, wall_next_squares,
)

MAPS = Path(__file__).resolve().parent.parent / "maps"
MAX_COMMANDS = 4000
MAX_ROUNDS = 12          # random play rarely finishes; twelve rounds reach every kind of action
PLAYED: set[str] = set()   # the kinds of command the seeds have sent, for the last test


INSTANT = {"stand": StandUp, "prone": DropProne, "unsqueeze": EndSqueeze, "second_wind": SecondWind,
           "total_defense": TotalDefense, "action_point": SpendActionPoint, "delay": Delay, "end_grab": EndGrab}


def offered_commands(state, rng: random.Random) -> list:
    """Every kind of command the battle screen could send now, each built from its preview: the bar's
    choices (powers, moves, maneuvers, the §25 actions, knockout blows, coups de grace) and the prompts."""
    who = decider(state)
    if state.offer is not None:
        # The prompt greys "take it" when the door would refuse it (the trigger may no longer be in reach).
        take = rng.random() < 0.7 and validate(state, React(who, True)) is None
        return [React(who, take)]
    forced = next_forced(state)
    if forced is not None:
        path = (state.square(forced.target),)
        while (options := forced_next_squares(state, forced, path)) and rng.random() < 0.8:
            path += (rng.choice(options),)
        return [ForceMove(forced.by, forced.target, path)]
    actor = state.turn.current
    found: list = []
    knockout = rng.random() < 0.3
    for mode in MOVE_MODES:
        if move_blocker(state, actor, mode) is None:
            options = move_options(state, actor, mode)
            ends = sorted(options.endable - {options.start})
            if ends:
                found.append(Move(actor, options.path_to(rng.choice(ends)), mode))
    for choice in choices(state, actor):
        if choice.blocked is not None or choice.key == "knockout":
            continue
        base = choice.key.split(":", 1)[0]
        if base in INSTANT:
            found.append(INSTANT[base](actor))
        elif base == "sustain":
            found.append(Sustain(actor, choice.power))
        elif base == "teleport":
            squares = teleport_squares(state, actor, teleport_power(state, actor, choice.power))
            if squares:
                found.append(Teleport(actor, choice.power, rng.choice(squares)))
        elif base == "power":
            found += _power_commands(state, actor, choice, rng, knockout)
        elif base == "charge":
            target = rng.choice(choice.targets)
            found.append(Charge(actor, target, charge_path(state, actor, target)))
        elif base in ("bull_rush", "grab"):
            target = rng.choice(choice.targets)
            found.append(BullRush(actor, target) if base == "bull_rush" else Grab(actor, target))
        elif base == "move_grabbed":
            drags = drag_paths(state, actor)
            if drags:
                found.append(MoveGrabbed(actor, drags[rng.choice(sorted(drags))]))
        elif base == "escape":
            skills = [s for s in ESCAPE_SKILLS if validate(state, Escape(actor, s)) is None]
            found.append(Escape(actor, rng.choice(skills)))
        elif base == "aid":
            enemy, ally = rng.choice(choice.targets)
            boons = [b for b in AID_BOONS if validate(state, AidAnother(actor, enemy, ally, b)) is None]
            found.append(AidAnother(actor, enemy, ally, rng.choice(boons)))
        elif base == "potion":
            drinker = rng.choice(choice.targets)
            found.append(DrinkPotion(actor, None if drinker == actor else drinker))
        elif base == "ready":
            powers = [p for p, why in readyable(state, actor) if why is None]
            found.append(Ready(actor, rng.choice(powers), rng.choice(sorted(READY_TRIGGERS))))
    if state.turn.actions.standard:
        for target in sorted(state.standing()):
            for attack in state.arsenal(actor).attacks:
                if attack.basic and state.are_enemies(actor, target) and target in power_targets(state, actor, attack.name):
                    found.append(_single_attack(state, actor, target, attack.name, knockout))
    found.append(EndTurn(actor))
    return found


def _single_attack(state, actor, target, power: str, knockout: bool):
    """What a click on a marked enemy sends: a coup de grace on a helpless adjacent one (§25.6)."""
    coup = coup_de_grace_power(state, actor, target, power)
    return CoupDeGrace(actor, target, coup, knockout) if coup else Attack(actor, target, power, knockout)


def _power_commands(state, actor, choice, rng: random.Random, knockout: bool) -> list:
    profile = state.arsenal(actor).power(choice.power)
    if choice.instant:
        return [UsePower(actor, choice.power)]
    if profile.kind in ("melee", "ranged") and not profile.attacks:
        return [UsePower(actor, choice.power, rng.choice(choice.targets))] if choice.targets else []
    if profile.kind in ("melee", "ranged"):
        return [_single_attack(state, actor, rng.choice(choice.targets), choice.power, knockout)] if choice.targets else []
    space = state.space(actor)
    if profile.area == "wall":
        wall: tuple = ()
        while len(wall) < profile.size and (options := wall_next_squares(state, actor, profile, wall)):
            wall += (rng.choice(options),)
        if isinstance(plan_area(state, actor, choice.power, wall[0] if wall else space[0], wall), AreaPlan):
            return [AreaAttack(actor, choice.power, wall[0], knockout, wall)]
        return []
    if profile.kind == "close" and profile.area == "blast":
        origins = blast_placements(space, profile.size)
    elif profile.kind == "close":
        origins = [space[0]]
    else:
        origins = [state.square(e) for e in state.standing() if e != actor]
    for origin in origins:
        if isinstance(plan_area(state, actor, choice.power, origin), AreaPlan):
            return [AreaAttack(actor, choice.power, origin, knockout)]
    return []


@pytest.mark.parametrize("seed", range(12))
def test_random_play_of_offered_choices_never_crashes_and_every_choice_is_accepted(seed):
    rng = random.Random(seed)
    map_path = sorted(MAPS.glob("*.tmx"))[seed % len(list(MAPS.glob("*.tmx")))]
    creatures = load_creatures()
    # Every third game opens with a surprise round (4e §2.3), alternating the side caught unaware.
    surprised = (("blue",), (), ("red",))[seed % 3]
    match = new_match(load_battlefield(map_path), load_rosters(creatures=creatures), creatures, seed, surprised=surprised)
    kinds: set[str] = set()
    for _ in range(MAX_COMMANDS):
        if match.state.outcome is not None or match.state.turn.round > MAX_ROUNDS:
            break
        commands = offered_commands(match.state, rng)
        # Prefer doing something over ending the turn, so games move on.
        command = rng.choice(commands[:-1]) if len(commands) > 1 and rng.random() < 0.85 else commands[-1]
        result = match.submit(command)
        assert not isinstance(result, Rejected), (map_path.name, command, result)
        kinds.add(type(command).__name__)
    assert match.state.outcome is not None or match.state.turn.round > MAX_ROUNDS
    PLAYED.update(kinds)


# Commands whose rules are still being written land here once they pass the door; until then the bar
# shows them greyed with the door's reason, and the random player cannot pick them.
MANEUVERS = {"Charge", "BullRush", "Grab", "MoveGrabbed", "Escape", "EndGrab", "AidAnother"}


def test_the_seeds_together_use_every_kind_of_choice_the_bar_offers():
    """After the twelve games: every command kind but the unfinished maneuvers was sent at least once."""
    if len(PLAYED) < 5:
        pytest.skip("run with the seeded games")
    expected = {"Move", "Attack", "AreaAttack", "UsePower", "EndTurn", "React", "ForceMove", "SecondWind",
                "TotalDefense", "DrinkPotion", "SpendActionPoint", "Delay", "Ready", "DropProne", "StandUp",
                "Teleport"}
    assert expected - PLAYED == set()
