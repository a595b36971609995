"""The battle screen's 5e-house adapter (game.ui.rules_5e): the bar's choices carry the door's reasons and
only offer what the door accepts, the walk overlay and the forecasts are the rules' own answers, and every
5e event has a log line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ecs.components import Condition
from game.maps.loader import load_battlefield
from game.rulesets import ruleset
from game.rulesets.dnd5e import engine
from game.rulesets.dnd5e.commands import AttackRolled, Moved, React, SkirmishWon, TurnEnded
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import Vitals
from game.ui import rules_5e
from tests.test_5e_engine import CREATURES, of, run, skirmish
from tests import test_i18n

chinese, shown = test_i18n.chinese, test_i18n.shown      # the Chinese-screen fixtures, for the last test
MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))
RULES = ruleset("5e-house")
MAX_ROUNDS = 10
PLAYED: set[str] = set()     # kinds of command the random player sent, for the last test


def offered_commands(state, rng: random.Random) -> list:
    """Every command the bar, the walk overlay and the prompt offer now, each aimed where the adapter says."""
    who = engine.decider(state)
    if engine.pending(state) is not None:
        return [rules_5e.answer(state, rng.random() < 0.7)]
    found = []
    for choice in rules_5e.choices(state, who):
        if choice.blocked is not None or choice.key == "knockout":
            continue
        if choice.targets:
            found.append(rules_5e.command_for(state, who, choice.key, target=rng.choice(choice.targets)))
        elif choice.key.startswith("spell:") and not choice.instant:
            squares = rules_5e.spell_squares(state, who, choice.key)
            if squares:
                found.append(rules_5e.command_for(state, who, choice.key, at=rng.choice(squares)))
        else:
            assert choice.instant, choice.key
            found.append(rules_5e.command_for(state, who, choice.key))
    search = rules_5e.reachable(state, who)
    if search is not None:
        ends = sorted(rules_5e.walk_squares(state, who, search))
        found += [rules_5e.walk_to(who, search, rng.choice(ends)) for _ in range(3)] if ends else []
    return found


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_every_choice_the_5e_bar_offers_passes_the_door_on_every_map(map_path):
    rosters = RULES.load_rosters(creatures=CREATURES)
    match = RULES.new_match(load_battlefield(map_path), rosters, CREATURES, 7)
    state, rng = match.state, random.Random(map_path.stem)
    while state.outcome is None and engine.round_of(state).number <= MAX_ROUNDS:
        offered = offered_commands(state, rng)
        for command in offered:
            assert engine.validate(state, command) is None, (command, engine.validate(state, command))
        command = rng.choice(offered)
        events = match.submit(command)
        assert isinstance(events, list), events
        PLAYED.add(type(command).__name__ + (f":{command.option}" if getattr(command, "option", "") else ""))
        for event in events:
            line = rules_5e.narrate(event, state, {})
            assert line is not None or isinstance(event, TurnEnded), event
        for creature in state.standing():
            assert rules_5e.card_lines(state, creature)


def test_a_blocked_choice_shows_the_doors_reason():
    state, ids = skirmish(["F.......G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    bar = {c.key: c for c in rules_5e.choices(state, ids["F"])}
    assert str(bar["attack:Longsword"].blocked) == "G is 40 ft away, beyond 5 ft reach (5e reach)"
    assert bar["grapple"].blocked is not None and bar["help"].blocked is not None
    assert bar["dodge"].blocked is None and bar["dodge"].instant and bar["dodge"].hotkey == "O"
    run(state, rules_5e.command_for(state, ids["F"], "dodge"))
    bar = {c.key: c for c in rules_5e.choices(state, ids["F"])}
    assert "already used its standard action" in str(bar["dash"].blocked)


def test_spells_are_offered_at_every_slot_level_left_and_cast_from_that_slot_5_1():
    state, ids = skirmish(["W..G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    keys = [c.key for c in rules_5e.choices(state, ids["W"]) if c.key.startswith("spell:thunderwave")]
    assert keys == ["spell:thunderwave:1", "spell:thunderwave:2"]
    command = rules_5e.command_for(state, ids["W"], "spell:fire_bolt:0", target=ids["G"])
    assert command.spell == "fire_bolt" and command.slot_level == 0
    run(state, rules_5e.command_for(state, ids["W"], "spell:thunderwave:2"))   # nobody within 5 ft: no save
    assert engine.slots(state, ids["W"]).left == (4, 1)
    bar = {c.key: c for c in rules_5e.choices(state, ids["W"])}
    assert "already used its standard action" in str(bar["spell:fire_bolt:0"].blocked)


def test_the_teleport_squares_are_the_seen_unoccupied_ones_within_30_ft():
    state, ids = skirmish(["WG.........", "..........."], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    squares = rules_5e.spell_squares(state, ids["W"], "spell:misty_step:2")
    assert (6, 1) in squares and (7, 0) not in squares and (1, 0) not in squares      # 35 ft; occupied
    run(state, rules_5e.command_for(state, ids["W"], "spell:misty_step:2", at=(6, 1)))
    assert state.square(ids["W"]) == (6, 1)


def test_the_walk_overlay_prices_squares_in_feet_as_the_door_does_2_3():
    state, ids = skirmish(["F.....", "......", "......", ".....G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f = ids["F"]
    search = rules_5e.reachable(state, f)
    assert search is not None
    costs = rules_5e.walk_squares(state, f, search)
    assert costs[(1, 1)] == 5 and costs[(2, 2)] == 15 and costs[(3, 0)] == 15      # 5/10 diagonals
    assert max(costs.values()) <= 30 and (5, 3) not in costs                       # the goblin's square
    events = run(state, rules_5e.walk_to(f, search, (2, 2)))
    assert of(events, Moved)[0].feet == 15 and engine.budget(state, f).movement_ft == 15


def test_the_forecast_is_the_attacks_own_advantage_and_cover_4_3_7():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    state.add_condition(g, Condition("prone"))
    seen = rules_5e.forecast(state, f, g, "Longsword")
    assert seen is not None and seen.mode == "advantage" and seen.reasons == ("+ target prone within 5 ft",)
    assert seen.cover == "none" and seen.ac == engine.sheet(state, g).ac
    events = run(state, rules_5e.command_for(state, f, "attack:Longsword", target=g), 1, 1)   # two d20s, both miss
    rolled = of(events, AttackRolled)[0]
    assert (rolled.mode, rolled.ac) == (seen.mode, seen.ac)
    assert "advantage" in seen.line() and rules_5e.forecast(state, f, g, "no such thing") is None


def test_the_forecast_names_an_allys_help_and_the_targets_dodge_2_1():
    rows = ["F.G", "R.."]
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "R": ("rogue", "blue"), "G": ("goblin", "red")}, "GFR")
    f, r, g = ids["F"], ids["R"], ids["G"]
    run(state, rules_5e.command_for(state, g, "dodge"))
    run(state, rules_5e.command_for(state, g, "end_turn"))
    run(state, rules_5e.walk_to(f, rules_5e.reachable(state, f), (1, 0)))
    run(state, rules_5e.command_for(state, f, "help", target=g))
    seen = rules_5e.forecast(state, r, g, "Shortbow")
    assert seen is not None and seen.mode == "none"                 # one of each cancels out (§4.3)
    assert seen.reasons == ("+ helped", "- target dodging")


def test_the_opportunity_attack_prompt_asks_the_reacting_creature_6():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    assert rules_5e.offer_text(state) is None and rules_5e.answer(state, True) is None
    search = rules_5e.reachable(state, f)
    assert search is not None
    run(state, rules_5e.walk_to(f, search, (0, 0)))
    assert rules_5e.offer_text(state) == ("G: F is leaving your reach. Make an opportunity attack with your "
                                          "reaction? (5e-house §6)")
    assert rules_5e.choices(state, f)[0].blocked is not None          # the mover waits for the answer
    assert rules_5e.answer(state, False) == React(g, False)
    run(state, React(g, False))
    assert state.square(f) == (0, 0) and rules_5e.offer_text(state) is None


def test_the_unit_card_shows_ac_hp_speed_slots_concentration_and_death_saves():
    state, ids = skirmish(["W.C.......G"], {"W": ("wizard", "blue"), "C": ("cleric", "blue"), "G": ("goblin", "red")}, "WCG")
    w, c = ids["W"], ids["C"]
    run(state, rules_5e.command_for(state, w, "spell:fog_cloud:1", at=(10, 0)))
    card = rules_5e.card_lines(state, w)
    assert card[0] == "Wizard, level 3"
    assert card[1] == f"AC {engine.sheet(state, w).ac}   HP {engine.vitals(state, w).hp}/{engine.vitals(state, w).max_hp}   Speed 30 ft"
    assert "Spell slots left: 3 (level 1), 2 (level 2)" in card and "Concentrating on Fog Cloud" in card
    assert "Movement left: 30 ft" in card and "Used: action" in card
    state.world.add(c, Vitals(0, 30, successes=1, failures=2))
    assert "Dying: death saves 1 passed, 2 failed" in rules_5e.card_lines(state, c)


def test_every_5e_event_of_a_computer_skirmish_has_a_log_line_with_its_rule():
    rosters = RULES.load_rosters(creatures=CREATURES)
    match = RULES.new_match(load_battlefield(MAPS[0]), rosters, CREATURES, 2)
    players = {r.side: RULES.make_player("ai", r.side, "normal", 2) for r in rosters}
    state = match.state
    while state.outcome is None:
        assert isinstance(match.submit(players[state.side(engine.decider(state))].next_command(state)), list)
    lines = [rules_5e.narrate(e, state, {"blue": "Adventurers", "red": "Ogre's band"}) for e in match.events]
    assert all(line for line, e in zip(lines, match.events) if not isinstance(e, TurnEnded))
    attacks = [line for line, e in zip(lines, match.events) if isinstance(e, AttackRolled)]
    assert attacks and all(rules_5e.rule_reference(line) == "5e-house §4.3" for line in attacks)
    assert lines[-1] in ("Adventurers wins the skirmish.", "Ogre's band wins the skirmish.")
    assert isinstance(match.events[-1], SkirmishWon)


def test_the_random_player_sent_every_kind_of_command_the_bar_offers():
    """Run after the map tests: together they reached the actions a skirmish commonly calls for."""
    if not PLAYED:
        pytest.skip("run with the map tests")
    assert {"Move", "Attack", "Cast", "Dodge", "Dash", "Disengage", "DrinkPotion", "EndTurn", "React"} <= PLAYED


def test_a_refusal_reads_as_one_line_with_its_rule():
    assert str(Refused("no line of effect to that square", "5e spell range")) == \
        "no line of effect to that square (5e spell range)"
    assert str(Refused("no such creature")) == "no such creature"


# The battle screen in the real loop, headless: pygame events in, Game.frame() out --------------------------
def five_e_game(seed: int, computer: dict[str, str] | None = None):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock
    return Game(MAPS_BY_NAME["default"], seed, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer=computer,
                ruleset="5e-house")


MAPS_BY_NAME = {p.stem: p for p in MAPS}


def commands_sent(scene, kind) -> list:
    return [c for c, _ in scene.match.record if isinstance(c, kind)]


def events_seen(scene, kind) -> list:
    return [e for _, events in scene.match.record for e in events if isinstance(e, kind)]


def play_until(game, wanted, frames: int = 3000) -> None:
    """Run frames (ending the human sides' turns with Enter, past hand-overs) until ``wanted(scene)``."""
    import pygame
    from test_game_loop import press, run_frames
    scene = game.scene
    for _ in range(frames):
        if wanted(scene):
            return
        if scene.handover is not None or (scene._computer() is None and not scene.animator.busy):
            press(pygame.K_RETURN)
        run_frames(game, 1)
    raise AssertionError("never reached")


def hotkey(scene, key: str):
    import pygame
    from test_game_loop import press
    choice = next(c for c in scene.bar_choices if c.key == key)
    press(getattr(pygame, f"K_{choice.hotkey.lower()}"))


def test_picking_5e_house_on_the_menu_starts_a_5e_skirmish_on_the_battle_screen(tmp_path, monkeypatch):
    import pygame
    from game.app import FixedStepLoop, Game
    from game.ui.battle_5e import Battle5eScene
    from test_game_loop import SteppedClock, press, run_frames
    from test_menu import focus_on
    game = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(game, 1)
        focus_on(game, ("ruleset",))
        press(pygame.K_RIGHT)
        run_frames(game, 1)
        assert game.scene.ruleset == "5e-house" and [r.label for r in game.scene.rosters] == ["Adventurers", "Ogre's band"]
        focus_on(game, ("player", "red"))
        press(pygame.K_RIGHT)                          # the computer plays red, at its one level
        run_frames(game, 1)
        press(pygame.K_RETURN)
        run_frames(game, 2)
        scene = game.scene
        assert isinstance(scene, Battle5eScene) and scene.match.ruleset == "5e-house"
        assert scene.match.seed == 3 and set(scene.controllers) == {"red"}
        assert any(c.key == "attack:Longsword" for c in scene.bar_choices) or scene.state.side(scene.actor) == "red"
    finally:
        pygame.quit()


def test_a_click_walks_and_a_click_on_an_enemy_attacks_in_the_real_loop():
    import pygame
    from game.ecs.components import Position
    from test_game_loop import click, run_frames
    game = five_e_game(5, {"red": "normal"})
    try:
        scene = game.scene
        play_until(game, lambda s: s.state.side(s.actor) == "blue" and s.acting)
        actor = scene.actor
        far = max(scene.walk_costs, key=lambda s: (scene.walk_costs[s], s))
        click(scene.view.square_rect(far).center)
        run_frames(game, 2)
        moved = events_seen(scene, Moved)
        assert moved and moved[-1].entity == actor and moved[-1].feet == 30 and scene.state.square(actor) == far
        # An enemy set down beside the hero (as a test may): a click on it attacks with the weapon the bar offers.
        goblin = next(e for e in scene.state.standing() if scene.state.name(e) == "Goblin")
        spot = next(s for s in ((far[0] + 1, far[1]), (far[0], far[1] + 1), (far[0] - 1, far[1]), (far[0], far[1] - 1))
                    if scene.state.occupant_at(s) is None and not scene.state.battlefield.at(s).solid)
        scene.state.world.add(goblin, Position(spot))
        scene._refresh_options()
        assert goblin in scene.targets
        click(scene.view.square_rect(spot).center)
        run_frames(game, 2)
        rolled = events_seen(scene, AttackRolled)
        assert rolled and rolled[-1].attacker == actor and rolled[-1].target == goblin
        assert any(entry.rule == "5e-house §4.3" for entry in scene.log.entries["combat"])
    finally:
        pygame.quit()


def test_the_wizard_casts_an_area_spell_at_a_lit_square_5():
    import pygame
    from game.rulesets.dnd5e.commands import SpellCast
    from test_game_loop import click, run_frames
    game = five_e_game(5, {"red": "normal"})
    try:
        scene = game.scene
        play_until(game, lambda s: s.state.name(s.actor) == "Ilvara" and s.acting)
        hotkey(scene, "spell:shatter:2")
        run_frames(game, 1)
        assert scene.mode == "spell:shatter:2" and scene.teleports
        target = scene.teleports[len(scene.teleports) // 2]
        scene.view.keep_in_view(target)
        click(scene.view.square_rect(target).center)
        run_frames(game, 2)
        assert events_seen(scene, SpellCast)[-1] == SpellCast(scene.actor, "shatter", 2)
        assert engine.slots(scene.state, scene.actor).left == (4, 1)
    finally:
        pygame.quit()


def test_the_wizard_teleports_with_misty_step_to_a_lit_square():
    import pygame
    from game.rulesets.dnd5e.commands import Teleported
    from test_game_loop import click, run_frames
    game = five_e_game(5, {"red": "normal"})
    try:
        scene = game.scene
        play_until(game, lambda s: s.state.name(s.actor) == "Ilvara" and s.acting)
        hotkey(scene, "spell:misty_step:2")
        run_frames(game, 1)
        here = scene.state.square(scene.actor)
        spot = next(s for s in scene.teleports if s != here)
        scene.view.keep_in_view(spot)
        click(scene.view.square_rect(spot).center)
        run_frames(game, 2)
        assert events_seen(scene, Teleported)[-1] == Teleported(scene.actor, spot)
        assert scene.state.square(scene.actor) == spot and not engine.budget(scene.state, scene.actor).bonus
    finally:
        pygame.quit()


def test_leaving_an_enemys_reach_hands_over_and_its_side_answers_the_prompt_6():
    import pygame
    from game.ecs.components import Position
    from game.rulesets.dnd5e.commands import OpportunityOffered
    from test_game_loop import click, press, run_frames
    game = five_e_game(5)                                   # hot-seat: both sides are people
    try:
        scene = game.scene
        play_until(game, lambda s: s.state.side(s.actor) == "blue" and s.acting and s.handover is None)
        actor = scene.actor
        x, y = scene.state.square(actor)
        goblin = next(e for e in scene.state.standing() if scene.state.name(e) == "Goblin")
        beside = next(s for s in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))
                      if scene.state.occupant_at(s) is None and not scene.state.battlefield.at(s).solid)
        scene.state.world.add(goblin, Position(beside))
        scene._refresh_options()
        away = max(scene.walk_costs, key=lambda s: (abs(s[0] - beside[0]) + abs(s[1] - beside[1]), s))
        click(scene.view.square_rect(away).center)
        run_frames(game, 2)
        assert events_seen(scene, OpportunityOffered) == [OpportunityOffered(goblin, actor)]
        assert scene.handover == "red"                      # the board hides until red's player is at the machine
        press(pygame.K_RETURN)
        run_frames(game, 2)
        assert scene.handover is None and scene.prompt_buttons and rules_5e.offer_text(scene.state)
        press(pygame.K_n)
        run_frames(game, 2)
        assert commands_sent(scene, React) == [React(goblin, False)] and scene.state.square(actor) == away
    finally:
        pygame.quit()


def test_a_whole_5e_skirmish_against_the_computer_plays_to_victory_through_the_real_loop():
    """Blue is clicked by a simple player: attack the first marked enemy, else walk to the lit square nearest
    an enemy, else end the turn; red is the computer, paced as on the 4e screen."""
    import pygame
    from test_game_loop import click, press, run_frames
    game = five_e_game(11, {"red": "normal"})
    try:
        scene = game.scene
        for _ in range(20000):
            if scene.state.outcome is not None:
                break
            if scene.acting and not scene.animator.busy:
                state = scene.state
                enemies = [e for e in state.standing() if state.are_enemies(scene.actor, e) and engine.awake(state, e)]
                near = min(scene.walk_costs, default=None, key=lambda s: (min(
                    abs(s[0] - state.square(e)[0]) + abs(s[1] - state.square(e)[1]) for e in enemies), s))
                here = min(abs(state.square(scene.actor)[0] - state.square(e)[0])
                           + abs(state.square(scene.actor)[1] - state.square(e)[1]) for e in enemies)
                if scene.targets:
                    square = state.square(sorted(scene.targets)[0])
                elif near is not None and min(abs(near[0] - state.square(e)[0]) + abs(near[1] - state.square(e)[1])
                                              for e in enemies) < here:
                    square = near
                else:
                    square = None
                if square is not None:
                    scene.view.keep_in_view(square)
                    click(scene.view.square_rect(square).center)
                else:
                    press(pygame.K_RETURN)
            run_frames(game, 1)
        assert scene.state.outcome is not None
        run_frames(game, 200)                                 # the victory box, drawn
        assert scene.victory_buttons and isinstance(events_seen(scene, SkirmishWon)[-1], SkirmishWon)
        assert commands_sent(scene, engine.Attack)
    finally:
        pygame.quit()


def test_a_whole_5e_skirmish_drawn_in_chinese_shows_no_english(chinese, shown):
    import pygame
    from test_game_loop import run_frames
    from test_i18n import english_left, hover_everything
    game = five_e_game(7, {"blue": "normal", "red": "normal"})
    try:
        scene = game.scene
        for frame in range(20000):
            if scene.state.outcome is not None:
                break
            if frame % 150 == 0:
                hover_everything(game)
            run_frames(game, 1)
        assert scene.state.outcome is not None
        run_frames(game, 3)                    # the victory box
    finally:
        pygame.quit()
    assert len(shown) > 100
    assert english_left(shown) == {}
