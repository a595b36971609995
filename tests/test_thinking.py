"""The computer thinks in the helper process on a copy of the state, and chooses exactly what it would have
chosen on the frame itself: whole games played through the Thinker replay the inline games command for command."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.match import rosters_in_play
from game.rulesets import ruleset
from game.simulate import load_map, make_player, play_game
from game.ui.thinking import Thinker

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


class ThroughTheThinker:
    """A computer player asked the way the battle screen asks it: through a Thinker, polled until it is ready."""

    def __init__(self, player, thinker: Thinker) -> None:
        self.player, self.thinker, self.side = player, thinker, player.side
        self.asked = 0
        self.last_label = ""

    def next_command(self, state):
        self.asked += 1
        while (decided := self.thinker.decision(self.player, state, self.asked)) is None:
            time.sleep(0.001)
        command, self.last_label = decided
        return command


def whole_game(ruleset_name: str, level: str, seed: int, in_helper: bool):
    rules = ruleset(ruleset_name)
    creatures = rules.load_creatures()
    rosters = rosters_in_play(load_map(DEFAULT_MAP), rules.load_rosters(creatures=creatures))
    players = {r.side: make_player("ai", r.side, level, seed, ruleset_name) for r in rosters}
    if in_helper:
        thinker = Thinker()
        players = {side: ThroughTheThinker(player, thinker) for side, player in players.items()}
    return play_game(load_map(DEFAULT_MAP), rosters, creatures, seed, players, 12, ruleset_name=ruleset_name)


@pytest.mark.parametrize("ruleset_name,level", [("4e", "normal"), ("4e", "easy"), ("5e-house", "normal")])
def test_a_game_decided_in_the_helper_process_is_the_game_decided_inline(ruleset_name, level):
    inline = whole_game(ruleset_name, level, 11, in_helper=False)
    helped = whole_game(ruleset_name, level, 11, in_helper=True)
    assert [command for command, _ in helped.match.record] == [command for command, _ in inline.match.record]
    assert helped.digest == inline.digest and len(inline.match.record) > 20


def test_the_thinker_keeps_a_decision_until_the_moment_changes_and_never_touches_the_real_state():
    rules = ruleset("4e")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    match = rules.new_match(load_map(DEFAULT_MAP), rosters, creatures, 3)
    side = match.state.side(rules.decider(match.state))
    player = make_player("ai", side, "normal", 3)
    thinker = Thinker()
    before = match.state.world.snapshot()
    while (first := thinker.decision(player, match.state, 0)) is None:
        assert thinker.busy()
        time.sleep(0.001)
    assert thinker.decision(player, match.state, 0) is first      # asked again: the same reply, no new search
    assert match.state.world.snapshot() == before
    assert first[0] == make_player("ai", side, "normal", 3).next_command(match.state)


# A person's options, worked out in the helper ----------------------------------------------------------------
def test_the_bar_comes_from_the_helper_a_frame_later_and_equals_the_choices_worked_out_inline(monkeypatch):
    import pygame

    from game.app import FixedStepLoop, Game
    from game.rulesets.dnd4e.actions.attack import attack_targets
    from game.rulesets.dnd4e.actions.commands import EndTurn
    from game.rulesets.dnd4e.actions.move import move_options
    from game.rulesets.dnd4e.presentation.choices import choices
    from game.ui import thinking
    from test_game_loop import SteppedClock

    game = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        scene = game.scene
        assert scene.bar_choices == choices(scene.state, scene.actor)       # the tests wait for the helper
        assert scene.targets == attack_targets(scene.state, scene.actor)
        assert scene.walk == move_options(scene.state, scene.actor, "walk")
        monkeypatch.setattr(thinking, "PATIENCE_S", 0.0)                     # as in play: no frame waits
        before = scene.actor
        assert scene.submit(EndTurn(before))
        if scene.actor != before:
            assert scene.bar_choices == [] and scene.targets == {} and scene.walk is None    # nothing stale shown
        inline = (choices(scene.state, scene.actor), attack_targets(scene.state, scene.actor),
                  move_options(scene.state, scene.actor, "walk"))
        deadline = time.monotonic() + 60
        while (scene.bar_choices, scene.targets, scene.walk) != inline and time.monotonic() < deadline:
            time.sleep(0.01)
            game.frame()                                   # the frame each answer arrives refreshes the options
        assert (scene.bar_choices, scene.targets, scene.walk) == inline
    finally:
        pygame.quit()


def test_answers_are_kept_for_their_moment_and_asked_again_when_it_changes():
    from game.rulesets.dnd4e.presentation.choices import choices
    from game.ui.thinking import Answers

    rules = ruleset("4e")
    creatures = rules.load_creatures()
    match = rules.new_match(load_map(DEFAULT_MAP), rules.load_rosters(creatures=creatures), creatures, 3)
    actor = rules.current_creature(match.state)
    answers = Answers()
    first = answers.answer(choices, match.state, "one", actor)          # PATIENCE_S: the tests wait for it
    assert first == choices(match.state, actor)
    assert answers.answer(choices, match.state, "one", actor) is first   # kept: no second request
    assert answers.answer(choices, match.state, "two", actor) is not first
