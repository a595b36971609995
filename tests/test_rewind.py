"""Rewind: the last command of the current turn is taken back only when it revealed nothing new (no dice rolled,
no choice given to the other side, the acting side's own); hot-seat asks the other side first, the computer never."""

import os
from pathlib import Path

import pygame
import pytest

from game.rulesets.dnd4e.actions.commands import EndTurn, Move, React
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.move import move_options
from game.rulesets.dnd4e.actions.events import TurnStarted
from game.app import FixedStepLoop, Game
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.core.dice import ScriptedDice
from game.rulesets.dnd4e.setup import new_match
from game.replay.format import Setup
from game.replay.rewind import RewindRefused, plan_rewind
from game.simulate import load_map, make_player

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.tmx"

from test_game_loop import SteppedClock, click, press, run_frames  # noqa: E402


def test_every_step_of_an_ai_game_is_taken_back_exactly_when_it_revealed_nothing_new():
    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    setup = Setup(DEFAULT_MAP, tuple(rosters))
    match = new_match(load_map(DEFAULT_MAP), rosters, creatures, 12)
    players = {r.side: make_player("ai", r.side, "normal", 12) for r in rosters}
    seen: dict[str, int] = {}
    before = match.state.world.snapshot()
    while match.state.outcome is None and len(match.record) < 160:
        state = match.state
        side = state.side(decider(state))
        acting_side = state.side(state.turn.current)
        offer = state.offer
        # The other side lets every offer pass: an answer that rolls nothing is still not the acting side's to take back.
        declined = offer is not None and side != acting_side
        match.submit(React(offer.by, False) if declined else players[side].next_command(state))
        command, events = match.record[-1]
        try:
            rewind = plan_rewind(match, setup)
        except RewindRefused as refused:
            reason = str(refused)
            assert "\n" not in reason
            if any(isinstance(e, TurnStarted) for e in events):
                assert reason == "Nothing of this turn to take back."
                seen["new turn"] = seen.get("new turn", 0) + 1
            elif match.dice_rolls[-1]:
                assert reason.endswith("it rolled dice, and what the dice said stands.")
                seen["dice"] = seen.get("dice", 0) + 1
            elif side != acting_side:
                assert reason.endswith("it answered for the other side.")
                seen["answer"] = seen.get("answer", 0) + 1
            else:
                assert reason.endswith("it gave the other side a choice.")
                raised = match.state.offer
                assert raised is not None and match.state.side(raised.by) != side
                seen["choice"] = seen.get("choice", 0) + 1
        else:
            assert match.dice_rolls[-1] == 0 and side == acting_side and rewind.side == side
            assert rewind.command == command
            assert rewind.match.record == match.record[:-1]
            assert rewind.match.state.world.snapshot() == before      # exactly as it stood before the command
            seen["taken back"] = seen.get("taken back", 0) + 1
        before = match.state.world.snapshot()
    assert {"new turn", "dice", "taken back", "choice", "answer"} <= set(seen), seen


def test_a_match_whose_dice_were_not_its_seeds_cannot_be_rebuilt_so_nothing_is_taken_back():
    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    match = new_match(load_map(DEFAULT_MAP), rosters, creatures, 12)
    match.dice = ScriptedDice([])
    actor = match.state.turn.current
    options = move_options(match.state, actor, "walk")
    square = next(s for s in sorted(options.endable) if s != match.state.square(actor))
    match.submit(Move(actor, options.path_to(square), "walk"))
    rewind = plan_rewind(match, Setup(DEFAULT_MAP, tuple(rosters)))     # nothing was rolled: it rebuilds
    assert rewind.match.record == []
    match.submit(EndTurn(actor))
    with pytest.raises(RewindRefused, match="Nothing of this turn"):
        plan_rewind(match, Setup(DEFAULT_MAP, tuple(rosters)))


def step_to_free_square(game):
    """Click a square next to the acting creature that it can walk to without provoking."""
    scene = game.scene
    run_frames(game, 1)
    start = scene.state.square(scene.actor)
    target = next(s for s in sorted(scene.walk.endable)
                  if max(abs(s[0] - start[0]), abs(s[1] - start[1])) == 1 and scene.state.occupant_at(s) is None)
    click(scene.view.square_rect(target).center)
    run_frames(game, 30)
    assert scene.state.square(scene.actor) == target and len(scene.match.record) == 1
    return start, target


@pytest.fixture
def hot_seat():
    game = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield game
    pygame.quit()


def test_in_hot_seat_the_other_side_must_agree_before_a_move_is_taken_back(hot_seat):
    game = hot_seat
    scene = game.scene
    actor = scene.actor
    start, target = step_to_free_square(game)
    press(pygame.K_BACKSPACE)
    run_frames(game, 1)
    other = next(r.label for r in scene.setup.rosters if r.side != scene.state.side(actor))
    assert scene.message.endswith(f"{other}: agree? Y / N")
    press(pygame.K_RETURN)                      # nothing else is taken while the question is open
    run_frames(game, 1)
    assert len(scene.match.record) == 1
    press(pygame.K_n)
    run_frames(game, 1)
    assert scene.message.startswith(f"{other} said no") and scene.state.square(actor) == target
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    pygame.event.post(ctrl_z)
    press(pygame.K_y)
    run_frames(game, 2)
    assert scene.match.record == [] and scene.state.square(actor) == start
    assert scene.message.startswith("Took back") and scene.actor == actor


def test_against_the_computer_the_player_takes_back_without_asking():
    first = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    acting_side = first.scene.state.side(first.scene.actor)
    other = next(r.side for r in first.scene.setup.rosters if r.side != acting_side)
    pygame.quit()
    game = Game(DEFAULT_MAP, 12, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer={other: "normal"})
    try:
        scene = game.scene
        start, _ = step_to_free_square(game)
        press(pygame.K_BACKSPACE)
        run_frames(game, 1)
        assert scene.match.record == [] and scene.state.square(scene.actor) == start
        assert scene.message.startswith("Took back")
    finally:
        pygame.quit()


def test_a_refused_take_back_says_why_in_one_line_and_changes_nothing(hot_seat):
    game = hot_seat
    scene = game.scene
    run_frames(game, 1)
    press(pygame.K_BACKSPACE)
    run_frames(game, 1)
    assert scene.message == "Nothing of this turn to take back."
    step_to_free_square(game)
    press(pygame.K_RETURN)                       # end the turn: the next turn has nothing to take back
    run_frames(game, 30)
    record = list(scene.match.record)
    scene.handover = None                        # the next side's player, if another side acts next, sits down
    press(pygame.K_BACKSPACE)
    run_frames(game, 1)
    assert scene.message == "Nothing of this turn to take back." and scene.match.record == record


# 5e-house: the same take-backs, asked of its ruleset ---------------------------------------------------------------
def test_a_5e_walk_is_taken_back_once_the_other_hot_seat_side_agrees():
    from game.ui.battle import BattleScene

    game = Game(DEFAULT_MAP, 5, (1280, 720), loop=FixedStepLoop(SteppedClock()), ruleset="5e-house")
    try:
        scene = game.scene
        run_frames(game, 1)
        assert isinstance(scene, BattleScene) and scene.match.ruleset == "5e-house"
        actor, start = scene.actor, scene.state.square(scene.actor)
        target = min(s for s in scene.walk_costs if scene.walk_costs[s] == 5 and scene.state.occupant_at(s) is None)
        click(scene.view.square_rect(target).center)
        run_frames(game, 30)
        assert scene.state.square(actor) == target and len(scene.match.record) == 1
        press(pygame.K_BACKSPACE)
        run_frames(game, 1)
        other = next(r.label for r in scene.setup.rosters if r.side != scene.state.side(actor))
        assert scene.message.endswith(f"{other}: agree? Y / N")
        press(pygame.K_y)
        run_frames(game, 1)
        assert scene.match.record == [] and scene.state.square(actor) == start and scene.actor == actor
        assert scene.message == f"Took back {scene.state.name(actor)}'s move."
        assert scene.walk_costs                                    # its whole walk is back
    finally:
        pygame.quit()


def test_a_5e_walk_that_offered_an_opportunity_attack_or_rolled_dice_is_not_taken_back():
    from game.ecs.components import Position
    from game.rulesets import ruleset
    from game.rulesets.dnd5e.commands import Dodge, React as React5e
    from game.rulesets.dnd5e.presentation import adapter as rules_5e

    rules = ruleset("5e-house")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    setup = Setup(DEFAULT_MAP, tuple(rosters))
    match = rules.new_match(load_map(DEFAULT_MAP), rosters, creatures, 5)
    state = match.state
    actor = rules.current_creature(state)
    enemy = next(e for e in state.standing() if state.side(e) != state.side(actor))
    assert isinstance(match.submit(Dodge(actor)), list) and not match.dice_rolls[-1]
    assert plan_rewind(match, setup).command == Dodge(actor)              # nothing rolled, nothing asked
    # The enemy steps beside the actor (before the skirmish's first command, so the match still rebuilds).
    match = rules.new_match(load_map(DEFAULT_MAP), rosters, creatures, 5)
    state = match.state
    x, y = state.square(actor)
    beside = next(s for s in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))
                  if state.occupant_at(s) is None and not state.battlefield.at(s).solid)
    state.world.add(enemy, Position(beside))
    walk = rules_5e.reachable(state, actor)
    squares = rules_5e.walk_squares(state, actor, walk)
    away = max(squares, key=lambda s: (abs(s[0] - beside[0]) + abs(s[1] - beside[1]), s))
    assert isinstance(match.submit(rules_5e.walk_to(actor, walk, away)), list)
    assert rules_5e.offer_text(state) is not None and match.dice_rolls[-1] == 0
    with pytest.raises(RewindRefused, match="gave the other side a choice"):
        plan_rewind(match, setup)
    assert isinstance(match.submit(React5e(enemy, True)), list) and match.dice_rolls[-1] > 0
    with pytest.raises(RewindRefused, match="it rolled dice, and what the dice said stands"):
        plan_rewind(match, setup)
