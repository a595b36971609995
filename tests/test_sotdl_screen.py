"""sotdl-house on the one battle screen, driven headless through the real loop: a click walks, an attack asks the
defender's player for a defense (behind the hot-seat hand-over), Dodge resolves it and its AP pip goes out, the
banner names who holds the initiative, refusals say the door's reason, a move is taken back, two computers fight to a
winner, and the Chinese screen shows no English."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.core.dice import ScriptedDice
from game.ecs.components import Position
from game.rulesets.sotdl.commands import Attack, AttackResolved, Defend, Move, Pass
from game.rulesets.sotdl.components import Sheet
from game.rulesets.sotdl.rounds import ap, round_of
from tests import test_i18n

chinese, shown = test_i18n.chinese, test_i18n.shown      # the Chinese-screen fixtures, for the last test

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


def sotdl_game(seed: int = 3, computer: dict[str, str] | None = None):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock
    return Game(DEFAULT_MAP, seed, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer=computer,
                ruleset="sotdl-house")


def settle(game, frames: int = 200) -> None:
    """Run frames until the animations end."""
    from test_game_loop import run_frames
    for _ in range(frames):
        if not game.scene.animator.busy:
            return
        run_frames(game, 1)


def face_off(scene):
    """The acting hero and the first enemy, put side by side (the screen works its options out again)."""
    state = scene.state
    hero = scene.actor
    orc = next(e for e in state.standing() if state.are_enemies(hero, e))
    x, y = state.square(hero)
    spot = next(s for s in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))
                if state.occupant_at(s) is None and not state.battlefield.at(s).solid)
    state.world.add(orc, Position(spot))
    scene._refresh_options()
    return hero, orc


def test_a_click_on_a_lit_square_walks_and_hands_the_initiative_to_the_other_side():
    from test_game_loop import click, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        assert scene.match.ruleset == "sotdl-house" and scene.walk is not None
        keys = [c.key for c in scene.bar_choices]
        for wanted in ("walk", "withdraw", "charge", "shove", "grab", "escape", "hide", "feint", "disarm", "stand",
                       "prone", "potion", "throw", "pick_up", "pass"):
            assert wanted in keys
        assert keys[0].startswith("attack:")
        hero = scene.actor
        start = scene.state.square(hero)
        to = max(scene.walk_costs, key=lambda s: (scene.walk_costs[s], s))
        click(scene.view.square_rect(to).center)
        run_frames(game, 2)
        command, events = scene.match.record[-1]
        assert isinstance(command, Move) and events
        assert command.path[0] == start and command.path[-1] == to and scene.state.square(hero) == to
        assert ap(scene.state, hero).left == scene.state.world.get(hero, Sheet).ap - 1
        assert round_of(scene.state).side == "red" and scene.state.side(scene.actor) == "red"
        assert any(line.startswith(f"{scene.state.name(hero)} moves") for line in scene.log.lines)
    finally:
        pygame.quit()


def test_an_attack_asks_the_defenders_player_who_dodges_and_the_banner_names_the_initiative_holder():
    from test_game_loop import click, press, run_frames
    game = sotdl_game()                                  # hot-seat: both sides are people
    try:
        scene = game.scene
        run_frames(game, 2)
        hero, orc = face_off(scene)
        assert orc in scene.targets
        state = scene.state
        modifier = state.world.get(hero, Sheet).hit_bonus + state.world.get(hero, Sheet).weapon.hit_bonus
        natural = max(1, 5 - modifier)
        assert natural + modifier <= state.world.get(orc, Sheet).defense       # the orc's Defense stops this hit
        scene.match.dice = ScriptedDice([natural] + [1] * 20)
        orc_ap = ap(state, orc).left
        click(scene.view.square_rect(state.square(orc)).center)
        run_frames(game, 2)
        assert scene.match.record[-1][0] == Attack(hero, orc)
        assert scene.handover == "red"                   # the attacker's player does not see the prompt
        settle(game)
        press(pygame.K_RETURN)
        run_frames(game, 2)
        assert scene.handover is None and scene.prompt_buttons and scene.controls.asked() == orc
        prompt = scene.controls.prompt()
        assert prompt is not None and f"a hit test of {natural + modifier}" in prompt.asks and "Dodge" in prompt.explain
        press(pygame.K_y)                                # the list of defenses
        run_frames(game, 2)
        popup = scene.popup
        assert popup is not None and popup.options[0][0].startswith("Dodge · 1 AP · stops it 100%")
        assert all(" AP" in label for label, _, _ in popup.options)
        press(pygame.K_1)
        run_frames(game, 2)
        command, events = scene.match.record[-1]
        assert command == Defend(orc, "dodge") and AttackResolved(hero, orc, "dodged", "dodge") in events
        assert ap(scene.state, orc).left == orc_ap - 1
        pips = scene.controls.card(orc).pips
        assert [lit for _, lit in pips].count(True) == orc_ap - 1 and len(pips) == scene.state.world.get(orc, Sheet).ap
        # R4: the attacked orc holds the initiative now, and the banner says why.
        name = scene.state.name(orc)
        assert scene.rules.round_label(scene.state) == f"Round 1 · {name} was attacked: {name}'s move"
        assert scene.actor == orc
        assert any("dodges" in line for line in scene.log.lines)
    finally:
        pygame.quit()


def test_the_defenses_a_ranged_attack_leaves_out_are_greyed_with_the_reason():
    from game.rulesets.sotdl.components import PendingDefense
    from game.rulesets.sotdl.presentation.choices import defense_list, option_label
    from test_game_loop import run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        hero, orc = face_off(scene)
        scene.state.world.set_resource(PendingDefense(hero, orc, 9, "bow", melee=False))
        options = {o.name: o for o in defense_list(scene.state)}
        assert options["dodge"].why == "" and options["block"].why == ""
        assert options["parry"].why == options["counter"].why == "only against a melee attack, with a weapon in hand (R12)"
        assert options["body_throw"].why == "only against a melee attack (R12)"
        assert option_label(options["dodge"]).startswith("Dodge · 1 AP · stops it ")
    finally:
        pygame.quit()


def test_a_blocked_action_and_a_refused_click_say_the_doors_reason():
    from test_game_loop import click, press, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        stand = next(c for c in scene.bar_choices if c.key == "stand")
        assert str(stand.blocked) == f"{scene.state.name(scene.actor)} is not prone"
        press(pygame.K_u)                                # Stand up: not prone
        run_frames(game, 1)
        assert scene.message == f"Can't: {scene.state.name(scene.actor)} is not prone"
        press(pygame.K_d)                                # Disarm: nobody within reach
        run_frames(game, 1)
        assert scene.message.startswith("Can't: ") and "out of reach" in scene.message
        wall = next((x, y) for y in range(scene.view.height) for x in range(scene.view.width)
                    if scene.state.battlefield.at((x, y)).solid and scene.view.square_rect((x, y)).colliderect(
                        scene.map_rect))
        click(scene.view.square_rect(wall).center)
        run_frames(game, 1)
        assert scene.message == "Can't: that square is out of reach (M1)"
    finally:
        pygame.quit()


def test_another_creature_of_the_side_is_picked_to_act_and_enter_passes_it():
    from test_game_loop import click, press, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        first = scene.actor
        other = next(e for e in scene.state.standing() if scene.state.side(e) == "blue" and e != first)
        click(scene.view.square_rect(scene.state.square(other)).center)
        run_frames(game, 2)
        assert scene.actor == other and scene.selected == other and scene.acting
        press(pygame.K_RETURN)
        run_frames(game, 2)
        assert scene.match.record[-1][0] == Pass(other) and ap(scene.state, other).passed
    finally:
        pygame.quit()


def test_backspace_takes_back_a_walk_once_the_other_hot_seat_side_agrees():
    from test_game_loop import click, press, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        hero = scene.actor
        start = scene.state.square(hero)
        to = min(scene.walk_costs, key=lambda s: (scene.walk_costs[s], s))
        click(scene.view.square_rect(to).center)
        run_frames(game, 2)
        assert scene.state.square(hero) == to and scene.handover == "red"
        settle(game)
        press(pygame.K_RETURN)                           # red's player at the machine
        run_frames(game, 1)
        press(pygame.K_BACKSPACE)
        run_frames(game, 1)
        assert "agree? Y / N" in scene.message
        press(pygame.K_y)
        run_frames(game, 2)
        assert scene.match.record == [] and scene.state.square(hero) == start
        assert ap(scene.state, hero).left == scene.state.world.get(hero, Sheet).ap
    finally:
        pygame.quit()


def test_two_computers_fight_to_a_winner_on_the_battle_screen():
    from test_game_loop import play_to_the_end, run_frames
    game = sotdl_game(5, {"blue": "normal", "red": "hard"})
    try:
        scene = game.scene
        play_to_the_end(game, 30000, settled=True)
        assert scene.state.outcome is not None
        run_frames(game, 2)
        assert scene.victory_buttons
        assert any(isinstance(c, Defend) and c.defense != "none" for c, _ in scene.match.record)
    finally:
        pygame.quit()


def test_a_sotdl_skirmish_drawn_in_chinese_shows_no_english(chinese, shown):
    """A whole computer-against-computer skirmish in Chinese: the presenter's lines, the creatures' names, the
    sides' labels and the computer's reasons drawn by the shared screen are all Chinese."""
    from test_game_loop import play_to_the_end, run_frames
    from test_i18n import english_left, hover_everything
    game = sotdl_game(7, {"blue": "normal", "red": "normal"})
    try:
        scene = game.scene
        play_to_the_end(game, 30000, each=hover_everything, every=150)
        assert scene.state.outcome is not None
        run_frames(game, 3)
    finally:
        pygame.quit()
    assert len(shown) > 100
    assert english_left(shown) == {}


def test_the_bar_its_tooltips_the_hints_and_the_defense_prompt_are_chinese(chinese, shown):
    import re
    from test_game_loop import click, press, run_frames
    from test_i18n import english_left, hover_everything
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        names = {scene.state.name(e) for e in scene.state.creatures()} | set(scene.side_labels.values())
        hover_everything(game)                           # every button's tooltip, with its reason when greyed
        press(pygame.K_u)                                # a refusal on the hint line
        run_frames(game, 1)
        hero, orc = face_off(scene)
        orc_square = scene.view.square_rect(scene.state.square(orc)).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=orc_square, rel=(0, 0), buttons=(0, 0, 0)))
        run_frames(game, 1)                              # the forecast on the hint line
        scene.match.dice = ScriptedDice([4] + [1] * 20)
        click(orc_square)
        run_frames(game, 2)
        settle(game)
        press(pygame.K_RETURN)                           # past the hand-over
        run_frames(game, 2)
        press(pygame.K_y)                                # the list of defenses
        run_frames(game, 2)
        assert scene.popup is not None
        press(pygame.K_1)
        run_frames(game, 3)
        settle(game)
        run_frames(game, 1)
        line = scene.log.line_rects[-1][0]                # a log line's rule, on hover
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=line.center, rel=(0, 0), buttons=(0, 0, 0)))
        run_frames(game, 2)
    finally:
        pygame.quit()
    content = {w.lower() for n in names for w in re.findall(r"[A-Za-z]+", n)}
    left = {line: words for line, words in english_left(shown).items()
            if not all(any(c.startswith(w.lower()) for c in content) for w in words)}
    assert left == {}
    drawn = " ".join(shown.values())
    assert "防御？" in drawn and "闪避 · 1 动作点" in drawn and "不能：" in drawn and "命中" in drawn
    assert "恶魔领主之影房规" in drawn and "第3轮" not in drawn


def test_the_start_menu_plays_it_and_a_save_loads_from_the_load_screen_and_replays():
    from game.app import FixedStepLoop, Game
    from game.replay import saves
    from game.replay.load import verify
    from game.ui.battle import BattleScene
    from game.ui.load_screen import LoadScene
    from game.ui.replay_view import ReplayScene
    from test_game_loop import SteppedClock, click, press, run_frames
    from test_menu import focus_on
    window = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(window, 1)
        focus_on(window, ("ruleset",))
        while window.scene.ruleset != "sotdl-house":
            press(pygame.K_RIGHT)
            run_frames(window, 1)
        press(pygame.K_RETURN)                             # Enter plays
        run_frames(window, 2)
        scene = window.scene
        assert isinstance(scene, BattleScene) and scene.match.ruleset == "sotdl-house"
        to = min(scene.walk_costs, key=lambda s: (scene.walk_costs[s], s))
        click(scene.view.square_rect(to).center)
        run_frames(window, 2)
        path = saves.save(scene.match, scene.setup)
        record = list(scene.match.record)
    finally:
        pygame.quit()
    assert verify(path) == []
    window = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(window, 1)
        load_button = next(c.rect for c in window.scene.focus.controls if c.item == ("load",))
        click(load_button.center)
        run_frames(window, 1)
        assert isinstance(window.scene, LoadScene) and window.scene.entries[0].ruleset == "sotdl-house"
        press(pygame.K_RETURN)
        run_frames(window, 2)
        assert isinstance(window.scene, BattleScene) and window.scene.match.record == record
    finally:
        pygame.quit()
    window = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()), replay=path)
    try:
        run_frames(window, 1)
        assert isinstance(window.scene, ReplayScene) and window.scene.battle.match.ruleset == "sotdl-house"
        press(pygame.K_DOWN)                               # the end
        run_frames(window, 2)
        assert window.scene.battle.match.record == record
    finally:
        pygame.quit()


def test_every_sotdl_event_has_a_sound_or_a_reason_for_silence_and_a_skirmish_sounds_only_those():
    import dataclasses
    import inspect
    from game.audio.kinds import EFFECTS, effect_files
    from game.rulesets.sotdl import commands
    from game.rulesets.sotdl.presentation import adapter
    from test_audio import whole_game
    classes = [c for _, c in inspect.getmembers(commands, inspect.isclass)
               if c.__module__ == commands.__name__ and dataclasses.is_dataclass(c) and c not in commands.COMMANDS]
    assert sorted(c.__name__ for c in classes if (c in adapter.SOUNDS) == (c in adapter.SILENT)) == []
    assert set(adapter.SOUNDS) | set(adapter.SILENT) <= set(classes)
    kinds = {kind for made in adapter.SOUNDS.values() for kind in made}
    assert kinds <= set(EFFECTS) and all(effect_files(k) for k in kinds)
    match = whole_game("sotdl-house", 3)
    heard: set[str] = set()
    for event, sounds in zip(match.events, adapter.sound_cues(match.events, match.state), strict=True):
        for sound in sounds:
            assert sound.kind in adapter.SOUNDS[type(event)], (type(event).__name__, sound.kind)
            heard.add(sound.kind)
    assert {"step", "hit", "turn", "victory", "prompt"} <= heard and heard & {"miss", "equip"}


def test_every_weapon_and_armor_of_the_content_has_a_name_for_the_catalogue():
    from game.rulesets.sotdl.content import load_gear
    from game.rulesets.sotdl.presentation.narration import GEAR
    weapons, armors = load_gear()
    assert sorted(k for k in [*weapons, *armors] if k not in GEAR) == []


def test_walking_out_of_reach_asks_the_enemys_player_for_a_free_attack():
    from game.rulesets.sotdl.commands import FreeAttack, FreeAttackOffered
    from test_game_loop import click, press, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        hero, orc = face_off(scene)
        far = max(scene.walk_costs, key=lambda s: (scene.walk_costs[s], s))
        scene.view.keep_in_view(far)
        click(scene.view.square_rect(far).center)
        run_frames(game, 2)
        assert FreeAttackOffered(orc, hero) in scene.match.record[-1][1] and scene.handover == "red"
        settle(game)
        press(pygame.K_RETURN)
        run_frames(game, 2)
        prompt = scene.controls.prompt()
        assert prompt is not None and prompt.title.startswith("Free attack?") and scene.controls.asked() == orc
        press(pygame.K_n)                                # let the walker go: the walk carries on to its end
        run_frames(game, 2)
        assert scene.match.record[-1][0] == FreeAttack(orc, False) and scene.state.square(hero) == far
    finally:
        pygame.quit()


def test_alchemists_fire_is_aimed_at_a_lit_square_and_its_targets_answer_with_a_long_jump():
    from game.rulesets.sotdl.commands import Throw
    from test_game_loop import click, press, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        state = scene.state
        archer = next(e for e in state.standing() if state.name(e) == "Archer")
        click(scene.view.square_rect(state.square(archer)).center)       # R2: the archer takes the action
        run_frames(game, 1)
        assert scene.actor == archer
        orc = next(e for e in state.standing() if state.are_enemies(archer, e))
        press(pygame.K_t)
        run_frames(game, 1)
        assert scene.mode == "throw" and scene.teleports
        from game.core.grid import chebyshev
        from game.ecs.components import Position
        from game.rulesets.sotdl.area import burst
        others = [state.square(e) for e in state.standing() if e != orc]
        spot = next(s for s in sorted(scene.teleports, key=lambda s: (-chebyshev(s, state.square(archer)), s))
                    if state.occupant_at(s) is None and not state.battlefield.at(s).solid
                    and not any(q in others for q in burst(state, s)))
        state.world.add(orc, Position(spot))             # the orc alone under the flask
        scene._refresh_options()
        scene.view.keep_in_view(spot)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.square_rect(spot).center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        run_frames(game, 1)
        shown = scene.controls.area_shown()
        assert shown is not None and orc in shown.caught and len(shown.squares) == 9
        scene.match.dice = ScriptedDice([15, 3, 3] + [10] * 20)
        click(scene.view.square_rect(spot).center)
        run_frames(game, 2)
        assert isinstance(scene.match.record[-1][0], Throw) and scene.controls.asked() == orc
        settle(game)
        press(pygame.K_RETURN)                           # red's player answers for the orc
        run_frames(game, 2)
        press(pygame.K_y)
        run_frames(game, 2)
        labels = [label for label, _, _ in scene.popup.options]
        assert labels[0].startswith("Long jump · 2 AP") and labels[1].startswith("Backflip · 1 AP")
        assert "pick where to land" in labels[0]
        press(pygame.K_1)                                # R20: the landing is picked on the map
        run_frames(game, 2)
        from game.rulesets.sotdl.area import landings
        from game.rulesets.sotdl.components import PendingArea
        blast = state.world.resource(PendingArea)
        assert scene.popup is None and scene.actor == orc and scene.controls.asked() is None
        assert sorted(scene.teleports) == sorted(landings(state, blast)) and scene.teleports
        assert "Esc goes back to the defenses" in scene.controls.hint()
        press(pygame.K_ESCAPE)                           # back to the defense list
        run_frames(game, 2)
        assert scene.popup is not None and not scene.teleports
        press(pygame.K_1)
        run_frames(game, 2)
        click(scene.view.square_rect(spot).center)       # inside the flames: the door's reason, nothing sent
        run_frames(game, 1)
        assert "inside the area" in scene.message and isinstance(scene.match.record[-1][0], Throw)
        landing = scene.teleports[-1]
        scene._point_at((landing[0], landing[1] - 1))    # the keyboard: the cursor one square off, an arrow, Space
        press(pygame.K_DOWN)
        run_frames(game, 1)
        assert scene.cursor == landing and "to stay on your feet" in scene.controls.hint()
        press(pygame.K_SPACE)
        run_frames(game, 2)
        command = scene.match.record[-1][0]
        assert command.defense == "long_jump" and command.to == landing and scene.state.square(orc) == landing
        assert scene.controls.mode != "landing"
    finally:
        pygame.quit()


def test_a_potion_is_given_to_a_hurt_ally_within_reach_by_a_click_on_it():
    from game.rulesets.sotdl.commands import UseItem
    from game.rulesets.sotdl.vitality import Vitals
    from test_game_loop import click, press, run_frames
    game = sotdl_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        state = scene.state
        hero = scene.actor
        ally = next(e for e in state.standing() if state.side(e) == state.side(hero) and e != hero)
        x, y = state.square(hero)
        spot = next(s for s in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))
                    if state.occupant_at(s) in (None, ally) and not state.battlefield.at(s).solid)
        state.world.add(ally, Position(spot))
        vitals = state.world.get(ally, Vitals)
        state.world.add(ally, Vitals(4, vitals.health))
        scene._refresh_options()
        press(pygame.K_p)
        run_frames(game, 1)
        assert scene.mode == "potion" and ally in scene.friends
        click(scene.view.square_rect(spot).center)        # the ally could act too: in potion mode it is healed
        run_frames(game, 2)
        assert scene.match.record[-1][0] == UseItem(hero, ally)
        assert state.world.get(ally, Vitals).damage < 4
    finally:
        pygame.quit()


def test_E4_the_marsh_lights_rings_are_drawn_and_the_forecast_names_shadows_and_darkness():
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock, run_frames
    from game.rulesets.sotdl.light import lighting
    marsh = DEFAULT_MAP.parent / "marsh.tmx"
    game = Game(marsh, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()), ruleset="sotdl-house")
    try:
        scene = game.scene
        run_frames(game, 2)
        state = scene.state
        zones = scene.controls.zones_shown()
        lit = lighting(state.battlefield)
        assert [z.glow for z in zones] == ["", "dim", "dim", "bright", "bright"]
        assert zones[3].label == "Light, 2 yd" and set(zones[3].squares) == set(lit.rings[0].bright)
        assert zones[1].label == "Shadows: 1 bane" and zones[0].label.startswith("Darkness")
        hero, orc = face_off(scene)
        ring = lit.rings[0]
        shadow, spot = next((s, b) for s in ring.shadows for b in ring.bright if state.occupant_at(s) is None
                            and state.occupant_at(b) is None and max(abs(s[0] - b[0]), abs(s[1] - b[1])) == 1)
        state.world.add(orc, Position(shadow))
        state.world.add(hero, Position(spot))
        scene._refresh_options()
        scene.view.keep_in_view(shadow)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.square_rect(shadow).center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        run_frames(game, 2)
        assert orc in scene.targets and "in a light's shadows (E4) -1" in scene.controls.hint()
        bf = state.battlefield
        dark, spot = next((d, (d[0] + 1, d[1])) for d in lit.dark if state.occupant_at(d) is None
                          and not bf.at(d).wall and bf.in_bounds((d[0] + 1, d[1])) and not bf.at((d[0] + 1, d[1])).wall
                          and state.occupant_at((d[0] + 1, d[1])) is None)
        state.world.add(orc, Position(dark))
        state.world.add(hero, Position(spot))
        scene._refresh_options()
        scene.view.keep_in_view(dark)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.square_rect(dark).center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        run_frames(game, 2)
        assert "in darkness, unseen (E3-E4) -2" in scene.controls.hint()
    finally:
        pygame.quit()
