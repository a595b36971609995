"""Overrun (d20-modern §10.8, OVR-01, OVR-02) through the door with scripted dice: the walk in, the defender's choice
(avoid or block), the block's trip, the attacker going on, thrown back or tripped back; and the commands' shapes."""

from game.core.dice import ScriptedDice
from game.core.grid import Size
from game.ecs.components import Body, Condition
from game.rulesets.d20modern import engine, overrun, ruleset
from game.rulesets.d20modern.commands import (
    ActionTaken, AttackRolled, EndTurn, OpportunityOffered, OpposedCheck, Overrun, OverrunAnswer, React, Step,
)
from dataclasses import replace

from game.engine import codec
from game.rulesets.d20modern.components import Sheet
from tests.test_d20modern_engine import skirmish

THROUGH = tuple((x, 0) for x in range(6))      # the soldier from (0, 0) through b at (3, 0) to (5, 0): 25 ft


def overrun_b(dice, rows=("A..b....",), block=True):
    """A's overrun through b; b, provoked by the walk in, lets the attack of opportunity pass, then blocks (or avoids)
    with ``dice``."""
    state, m = skirmish(list(rows), {"A": "soldier", "b": "gangster"})
    events = engine.execute(state, Overrun(m["A"], m["b"], THROUGH), ScriptedDice([]))
    assert isinstance(events[-1], OpportunityOffered) and events[-1].reactor == m["b"]
    events = engine.execute(state, React(m["b"], False), ScriptedDice([]))
    assert isinstance(events[-1], OpportunityOffered) and events[-1].reason == "avoid or block"
    return state, m, engine.execute(state, OverrunAnswer(m["b"], block), ScriptedDice(dice))


def test_OVR_01_at_least_10_ft_straight_into_the_square_and_on_past_it():
    state, m = skirmish(["A..b....", "........"], {"A": "soldier", "b": "gangster"})
    assert engine.validate(state, Overrun(m["A"], m["b"], THROUGH)) is None
    near, _ = skirmish(["Ab......"], {"A": "soldier", "b": "gangster"})
    short = ((0, 0), (1, 0), (2, 0))
    assert engine.validate(near, Overrun(1, 2, short)).rule == "d20-modern OVR-01"
    bent = ((0, 0), (1, 1), (2, 0), (3, 0), (4, 0))                 # only 5 ft straight into b's square
    assert engine.validate(state, Overrun(m["A"], m["b"], bent)).rule == "d20-modern OVR-01"
    stops = THROUGH[:4]                                             # ends in b's square
    assert "past" in engine.validate(state, Overrun(m["A"], m["b"], stops)).reason
    far = tuple((x, 0) for x in range(8))                            # 35 ft: more than the soldier's 25
    assert engine.validate(state, Overrun(m["A"], m["b"], far)).rule == "d20-modern ACT-14"
    assert engine.validate(state, Overrun(m["A"], m["b"], far, charge=True)) is None   # a charge: 2x speed


def test_OVR_01_a_charging_overrun_goes_straight_and_is_the_whole_turn():
    state, m = skirmish(["A..b....", "........"], {"A": "soldier", "b": "gangster"})
    bent = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 1))
    assert engine.validate(state, Overrun(m["A"], m["b"], bent, charge=True)).rule == "d20-modern ATK-16"
    assert engine.validate(state, Overrun(m["A"], m["b"], bent)) is None


def test_OVR_01_the_walk_in_provokes_normally_from_every_foe_it_leaves():
    state, m = skirmish(["A..b....", "..c....."], {"A": "soldier", "b": "gangster", "c": "gangster"})
    events = engine.execute(state, Overrun(m["A"], m["b"], THROUGH), ScriptedDice([]))
    assert isinstance(events[0], OpportunityOffered)
    assert engine.pending(state).reactors == (m["c"], m["b"])      # c threatens (1, 0) before b's (2, 0)
    assert state.square(m["A"]) == (0, 0)


def test_OVR_01_an_enemy_at_most_one_size_larger_A15():
    state, m = skirmish(["A..b....", "........", "........"], {"A": "soldier", "b": "gangster"})
    state.world.add(m["b"], Body(Size.HUGE))
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0))
    assert engine.validate(state, Overrun(m["A"], m["b"], path, charge=True)).rule == "d20-modern OVR-01"
    assert engine.validate(state, Overrun(m["A"], m["A"], THROUGH)).reason == "that is no enemy"


def test_OVR_02_a_won_block_knocks_the_target_prone_and_the_attacker_goes_on():
    # touch attack 18 hits; Str 18 + 1 against the gangster's 2 + 1: b is prone and A walks on to (5, 0)
    state, m, events = overrun_b([18, 18, 2])
    assert any(isinstance(e, AttackRolled) and e.hit for e in events)
    assert any(isinstance(e, OpposedCheck) and e.what == "overrun" and e.won for e in events)
    assert state.has_condition(m["b"], "prone") and not state.has_condition(m["A"], "prone")
    assert state.square(m["A"]) == (5, 0) and state.square(m["b"]) == (3, 0)
    assert engine.validate(state, Step(m["A"], (5, 1))) is not None           # ACT-02, ACT-04: no 5-foot step


def test_OVR_02_a_lost_block_throws_the_attacker_back_5_ft_and_ends_its_movement():
    # the trip is lost (2 + 1 against 18 + 1) and the counter-trip too (2 + 1 against 18 + 1)
    state, m, events = overrun_b([18, 2, 18, 2, 18])
    assert any(isinstance(e, ActionTaken) and e.action == "overrun" and not e.succeeded for e in events)
    assert state.square(m["A"]) == (2, 0) and not state.has_condition(m["A"], "prone")
    assert not state.has_condition(m["b"], "prone")
    assert engine.validate(state, EndTurn(m["A"])) is None
    assert engine.validate(state, Overrun(m["A"], m["b"], ((2, 0), (3, 0), (4, 0)))) is not None   # one per action


def test_OVR_02_a_missed_touch_attack_is_a_lost_block():
    state, m, events = overrun_b([1])
    assert state.square(m["A"]) == (2, 0) and not state.has_condition(m["b"], "prone")


def test_OVR_02_tripped_back_the_attacker_falls_prone_in_the_square_it_came_from():
    # lost trip (2 + 1 against 18 + 1); the counter-trip 18 + 1 against 2 + 1 wins
    state, m, events = overrun_b([18, 2, 18, 18, 2])
    assert any(isinstance(e, OpposedCheck) and e.what == "trip back" and e.won for e in events)
    assert state.square(m["A"]) == (2, 0) and state.has_condition(m["A"], "prone")


def test_OVR_02_a_defender_that_cannot_block_lets_the_attacker_by():
    state, m = skirmish(["A..b...."], {"A": "soldier", "b": "gangster"})
    state.add_condition(m["b"], Condition("prone"))
    events = engine.execute(state, Overrun(m["A"], m["b"], THROUGH), ScriptedDice([]))
    events += engine.execute(state, React(m["b"], False), ScriptedDice([]))
    assert any(isinstance(e, ActionTaken) and e.action == "avoid overrun" for e in events)
    assert not any(isinstance(e, AttackRolled) for e in events)
    assert state.square(m["A"]) == (5, 0)


def test_overrun_command_shape_round_trips_and_absent_names_are_refused():
    command = Overrun(1, 2, THROUGH, True)
    assert ruleset.command_from_json(ruleset.command_to_json(command)) == command
    assert codec.shape_problem(Overrun(1, 2, ((0, "x"),)), ruleset.COMMANDS) is not None
    state, m = skirmish(["A..b...."], {"A": "soldier", "b": "gangster"})
    before = state.world.snapshot()
    for bad in (Overrun(m["A"], 999, THROUGH), Overrun(m["A"], m["b"], ()), Overrun(m["A"], m["b"], ((-5, -5), (10**6, 3))),
                Overrun(m["A"], m["b"], ((0, 0), (1, 0), (2, 0), (3, 0), (10**6, 0))), Overrun(999, m["b"], THROUGH)):
        assert engine.validate(state, bad) is not None
        assert engine.execute(state, bad, ScriptedDice([])) == engine.validate(state, bad)
    assert state.world.snapshot() == before


def test_OVR_01_a_charging_overrun_trips_at_plus_2_and_leaves_the_charger_at_minus_2_Defense():
    state, m = skirmish(["A..b....", "........"], {"A": "soldier", "b": "gangster"})
    engine.execute(state, Overrun(m["A"], m["b"], THROUGH, charge=True), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([]))
    events = engine.execute(state, OverrunAnswer(m["b"], True), ScriptedDice([18, 18, 2]))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert ("charging", 2) in rolled.modifiers
    assert state.has_condition(m["A"], "charging") and state.square(m["A"]) == (5, 0)


def test_the_computer_answers_the_walk_in_and_the_log_narrates_every_overrun_event_in_chinese():
    from game.i18n.gettext_domains import use_language
    from game.rulesets.d20modern.ai import ControllerD20
    from game.rulesets.d20modern.presentation.narration import Narrator
    state, m = skirmish(["A..b....", "........"], {"A": "soldier", "b": "gangster"})
    events = engine.execute(state, Overrun(m["A"], m["b"], THROUGH), ScriptedDice([]))
    answer = ControllerD20("red").next_command(state)
    assert answer == React(m["b"], True)
    events += engine.execute(state, answer, ScriptedDice([1]))                       # the AoO misses
    state.world.add(m["A"], replace(state.world.get(m["A"], Sheet), abilities=(("str", -2), ("dex", 0), ("con", 0),
                                                                               ("wis", 0))))
    answer = ControllerD20("red").next_command(state)
    assert answer == OverrunAnswer(m["b"], True)                                    # a weak attacker: block it
    events += engine.execute(state, answer, ScriptedDice([18, 2, 18, 2, 18]))       # the block holds
    assert state.square(m["A"]) == (2, 0)
    narrator = Narrator()
    use_language("zh_CN")
    try:
        text = " ".join(line.text for e in events for line in narrator.lines(e, state, {}))
    finally:
        use_language("en")
    assert "闯越" in text and "被退回5尺" in text and "阻挡" in text


def test_the_overrun_card_a_click_and_the_defenders_prompt_on_the_hot_seat_screen_play_it():
    import pygame
    from test_d20_screen import d20_game, enemy_of, logged, place
    from test_game_loop import click, press, run_frames
    game = d20_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        actor, enemy, state = scene.actor, enemy_of(scene), scene.state
        x, y = state.square(actor)
        line = [(x + i, y) for i in range(1, 5)]
        assert all(not state.battlefield.at(s).solid and state.occupant_at(s) is None for s in line)
        place(scene, enemy, line[1])
        card = next(c for c in scene.bar_choices if c.key == "power:overrun")
        assert card.blocked is None and enemy in card.targets
        press(getattr(pygame, f"K_{card.hotkey.lower()}"))
        run_frames(game, 1)
        assert scene.charges[enemy] == ((x, y), *line[:3])      # the walk through it is drawn when it is hovered
        click(scene.view.square_rect(line[1]).center)
        run_frames(game, 2)
        assert isinstance(scene.match.record[-1][0], Overrun)
        prompt = scene.controls.prompt()
        assert prompt is not None and prompt.side == state.side(enemy) and "[Y]" in prompt.labels[0][1]
        assert scene.handover == state.side(enemy)  # hot-seat: the board is hidden until the defender's player is ready
        scene.handover = None
        scene.animator.skip()                      # the walk in shown; then the question
        run_frames(game, 2)
        click(scene.prompt_buttons["no"].center)  # the mouse: Avoid (the keys: Y blocks, N avoids, as for an AoO)
        run_frames(game, 2)
        assert scene.match.record[-1][0] == OverrunAnswer(enemy, False)
        assert state.square(actor) == line[2] and not state.has_condition(enemy, "prone")
        assert any("moves 10 ft, overrunning" in text for text in logged(scene))
        assert any(text.endswith("stands aside and lets the overrun by.") for text in logged(scene))
    finally:
        pygame.quit()


def test_OVR_01_a_large_target_is_crossed_in_one_go_and_left_behind():
    state, m = skirmish(["A..b....", "........", "........"], {"A": "soldier", "b": "gangster"})
    state.world.add(m["b"], Body(Size.LARGE))                         # b fills (3, 0) to (4, 1)
    assert engine.validate(state, Overrun(m["A"], m["b"], THROUGH)) is None
    back_in = THROUGH + ((4, 1),)
    assert "past" in engine.validate(state, Overrun(m["A"], m["b"], back_in)).reason


def walked_in(rows=("A..b....", "........"), kinds=None):
    """A's overrun through b, b's attack of opportunity on the walk in let pass: b is asked to avoid or block."""
    state, m = skirmish(list(rows), kinds or {"A": "soldier", "b": "gangster"})
    engine.execute(state, Overrun(m["A"], m["b"], THROUGH), ScriptedDice([]))
    engine.execute(state, React(m["b"], False), ScriptedDice([]))
    return state, m


def test_OVR_02_the_target_chooses_to_avoid_and_the_attacker_goes_on_untouched():
    state, m = walked_in()
    assert engine.pending(state).reactors == (m["b"],) and state.square(m["A"]) == (2, 0)
    events = engine.execute(state, OverrunAnswer(m["b"], False), ScriptedDice([]))
    assert any(isinstance(e, ActionTaken) and e.action == "avoid overrun" for e in events)
    assert not any(isinstance(e, (AttackRolled, OpposedCheck)) for e in events)
    assert state.square(m["A"]) == (5, 0) and not state.has_condition(m["b"], "prone")
    assert engine.pending(state) is None


def test_OVR_02_only_the_target_answers_and_only_with_the_overrun_answer():
    state, m = walked_in()
    before = state.world.snapshot()
    assert engine.validate(state, React(m["b"], True)).rule == "d20-modern §5.4"
    assert engine.validate(state, OverrunAnswer(m["A"], True)).rule == "d20-modern OVR-02"
    refusal = engine.validate(state, EndTurn(m["A"]))
    assert refusal.rule == "d20-modern OVR-02" and "avoid or block" in refusal.reason
    for bad in (OverrunAnswer(m["b"], "yes"), OverrunAnswer(m["b"], None), OverrunAnswer("b", True)):
        assert ruleset.validate(state, bad) is not None                     # a wrong shape: a refusal, no TypeError
        assert ruleset.execute(state, bad, ScriptedDice([])) is not None
    assert state.world.snapshot() == before
    fresh, n = skirmish(["A..b...."], {"A": "soldier", "b": "gangster"})
    assert engine.validate(fresh, OverrunAnswer(n["b"], True)).rule == "d20-modern OVR-02"


def test_OVR_02_the_answer_round_trips_through_the_codec():
    for answer in (OverrunAnswer(2, True), OverrunAnswer(2, False)):
        assert ruleset.command_from_json(ruleset.command_to_json(answer)) == answer
    assert codec.shape_problem(OverrunAnswer(2, "block"), ruleset.COMMANDS) is not None


def test_OVR_02_the_computer_avoids_an_attacker_likely_to_knock_it_prone():
    from game.rulesets.d20modern.ai import ControllerD20
    state, m = walked_in()
    strong(state, m["A"], 10)
    assert overrun.trip_percent(state, m["A"], m["b"], False) >= 50
    assert ControllerD20("red").next_command(state) == OverrunAnswer(m["b"], False)


def strong(state, e, str_mod):
    """A creature made stronger than the content's (a mastiff, a brute): Strength ``str_mod``."""
    sheet = state.world.get(e, Sheet)
    state.world.add(e, replace(sheet, abilities=(("str", str_mod),) + tuple(a for a in sheet.abilities if a[0] != "str")))


def mastiff_and_friend(order="ACb", rows=("A..b....", "...C....")):
    kinds = {"A": "guard_dog", "C": "soldier", "b": "gangster"}
    state, m = skirmish(list(rows), {k: kinds[k] for k in order})
    strong(state, m["A"], 10)                      # 66% to trip the gangster
    return state, m


def test_OVR_02_the_computer_overruns_to_knock_a_foe_prone_before_an_ally_strikes_it():
    from game.rulesets.d20modern.ai import ControllerD20
    state, m = mastiff_and_friend()
    command = ControllerD20("blue", "normal").next_command(state)
    assert command == Overrun(m["A"], m["b"], THROUGH[:5])
    assert ControllerD20("blue", "hard").next_command(state) == command
    engine.execute(state, command, ScriptedDice([]))
    engine.execute(state, React(m["b"], True), ScriptedDice([1]))           # b's attack of opportunity misses
    events = engine.execute(state, OverrunAnswer(m["b"], True), ScriptedDice([15, 15, 2]))
    assert any(isinstance(e, OpposedCheck) and e.won for e in events)
    assert state.has_condition(m["b"], "prone") and state.square(m["A"]) == (4, 0)


def test_OVR_02_the_computer_does_not_overrun_when_nothing_strikes_the_prone_foe_first_or_the_trip_is_unlikely():
    from game.rulesets.d20modern.ai import ControllerD20
    state, m = mastiff_and_friend(order="AbC")              # the soldier's turn comes after the gangster's
    assert not isinstance(ControllerD20("blue", "normal").next_command(state), Overrun)
    state, m = mastiff_and_friend()
    strong(state, m["A"], 1)                                   # the content's guard dog: 16%
    assert not isinstance(ControllerD20("blue", "normal").next_command(state), Overrun)
    state, m = mastiff_and_friend()
    assert not isinstance(ControllerD20("blue", "easy").next_command(state), Overrun)   # easy never overruns


CORRIDOR = ("#########", "A..b.c...", "#########")


def test_OVR_02_the_computer_overruns_a_foe_blocking_a_corridor_to_reach_the_one_behind():
    from game.rulesets.d20modern.ai import ControllerD20
    state, m = skirmish(list(CORRIDOR), {"A": "guard_dog", "b": "gangster", "c": "gangster"})
    strong(state, m["A"], 10)
    command = ControllerD20("blue", "normal").next_command(state)
    assert isinstance(command, Overrun) and command.target == m["b"] and command.path[-1] == (4, 1)
    open_room, n = skirmish(["A..b.c...", ".........", "........."], {"A": "guard_dog", "b": "gangster", "c": "gangster"})
    strong(open_room, n["A"], 10)
    assert not isinstance(ControllerD20("blue", "normal").next_command(open_room), Overrun)   # it can walk round


def test_OVR_02_a_record_of_the_overrun_and_its_answer_replays_to_the_same_events_and_state():
    from game.core.dice import SeededDice

    def play(commands):
        state, m = skirmish(["A..b....", "........"], {"A": "soldier", "b": "gangster"})
        dice = SeededDice(7)
        return state, [engine.execute(state, c, dice) for c in commands]

    _state, m = skirmish(["A..b....", "........"], {"A": "soldier", "b": "gangster"})
    record = [Overrun(m["A"], m["b"], THROUGH), React(m["b"], True), OverrunAnswer(m["b"], True), EndTurn(m["A"])]
    first, events = play(record)
    again, replayed = play([ruleset.command_from_json(ruleset.command_to_json(c)) for c in record])
    assert events == replayed and first.world.snapshot() == again.world.snapshot()
    assert any(isinstance(e, ActionTaken) and e.action == "block overrun" for e in events[2])


def test_OVR_02_a_saved_skirmish_with_an_overrun_and_its_answer_verifies_and_loads_event_for_event(tmp_path):
    """On the Warehouse, the computer's own commands until a soldier can overrun a guard dog; the player overruns, the
    dogs let the walk in pass and the target blocks; the save replays to the same events."""
    from pathlib import Path

    from game.replay import saves
    from game.replay.format import Setup
    from game.replay.load import load, verify
    from game.rulesets.d20modern.ai import ControllerD20
    from game.maps.loader import load_battlefield
    warehouse = Path(__file__).resolve().parent.parent / "maps" / "warehouse.tmx"
    bf = load_battlefield(warehouse)
    rosters = ruleset.rosters_in_play(bf, ruleset.load_rosters())
    match = ruleset.new_match(bf, rosters, ruleset.load_creatures(), seed=5)
    state = match.state
    command = None
    for _ in range(200):
        me = engine.decider(state)
        if engine.pending(state) is None:
            command = next((c for c in (Overrun(me, e, overrun.path_through(state, me, e)) for e in state.creatures())
                            if engine.validate(state, c) is None and overrun.asked(state, c.target)), None)
        if command is not None:
            break
        match.submit(ControllerD20(state.side(me), "normal", 5).next_command(state))
    assert command is not None
    match.submit(command)
    while engine.pending(state) is not None and engine.pending(state).reason != overrun.CHOICE:
        match.submit(React(engine.decider(state), False))
    match.submit(OverrunAnswer(command.target, True))
    assert match.record[-1][0] == OverrunAnswer(command.target, True)
    path = saves.write_save(tmp_path / "overrun.json", match, Setup(warehouse, tuple(rosters)), with_events=True)
    assert verify(path) == []
    loaded = load(path).match
    assert [c for c, _ in loaded.record] == [c for c, _ in match.record]
    assert [e for _, e in loaded.record] == [e for _, e in match.record]
