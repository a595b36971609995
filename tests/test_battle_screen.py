"""The battle screen in the real loop, headless: the action bar, the opportunity prompt, placing a push,
aiming an area and teleporting, all with posted mouse and key events."""

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.rulesets.dnd4e.actions.commands import AreaAttack, Attack, ForceMove, Move, React, Teleport
from game.app import FixedStepLoop, Game
from game.rulesets.dnd4e.actions.move import mode_speed
from game.rulesets.dnd4e.actions.events import AttackRolled
from game.core.dice import ScriptedDice
from game.ecs.components import Health, Position
from game.render import palette

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"

from test_game_loop import SteppedClock, click, press, run_frames  # noqa: E402


@pytest.fixture
def game():
    g = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    yield g
    pygame.quit()


def stage(game, actor: str, places: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Put creatures on chosen squares and give ``actor`` the turn (a test position, not a rule)."""
    scene = game.scene
    state = scene.state
    ids = {state.name(e): e for e in state.creatures()}
    for name, square in places.items():
        state.world.add(ids[name], Position(square))
    state.world.set_resource(replace(state.turn, index=state.turn.order.index(ids[actor])))
    scene._turn_began()
    scene.handover = None            # a staged position: the player of the side staged sits at the machine
    return ids


def say_ready(game):
    """Hot-seat: the hand-over screen is up (the board hidden); the next player presses Enter."""
    assert game.scene.handover is not None
    press(pygame.K_RETURN)
    run_frames(game, 1)
    assert game.scene.handover is None


def centre(game, square):
    return game.scene.view.square_rect(square).center


def test_a_number_key_picks_a_power_and_a_click_uses_it_on_the_marked_enemy(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('Tide of Iron') + 1}"))
    run_frames(game, 1)
    assert scene.mode == "power:Tide of Iron" and ids["Hobgoblin soldier"] in scene.targets
    scene.match.dice = ScriptedDice([18, 3])
    click(centre(game, (11, 8)))
    run_frames(game, 2)
    command, _ = scene.match.record[-1]
    assert command == Attack(ids["Brakka"], ids["Hobgoblin soldier"], "Tide of Iron")
    # The hit earned a push: the lit squares are the legal ones; a click on one places it.
    assert scene.state.pending_forced is not None and (12, 8) in scene.forced_next
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    command, _ = scene.match.record[-1]
    assert command == ForceMove(ids["Brakka"], ids["Hobgoblin soldier"], ((11, 8), (12, 8)))
    assert scene.state.square(ids["Hobgoblin soldier"]) == (12, 8)


def test_the_opportunity_prompt_asks_the_enemy_and_y_takes_the_attack(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
    scene = game.scene
    run_frames(game, 1)
    click(centre(game, (8, 8)))
    run_frames(game, 40)
    assert scene.state.offer is not None and scene.handover == "red"
    say_ready(game)
    assert scene.prompt_buttons
    scene.match.dice = ScriptedDice([2])
    press(pygame.K_y)
    run_frames(game, 40)
    assert scene.match.record[-1][0] == React(ids["Hobgoblin soldier"], True)
    assert scene.state.square(ids["Brakka"]) == (8, 8) and scene.state.pending_offers is None
    assert isinstance(scene.match.record[0][0], Move)


def test_aiming_a_blast_outlines_who_is_caught_and_a_click_makes_the_attack(game):
    ids = stage(game, "Miriel", {"Miriel": (10, 8), "Hobgoblin soldier": (12, 8), "Goblin sharpshooter": (12, 9)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('Thunderwave') + 1}"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(game, (12, 8)), rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 2)
    area = scene.controls.area_plan()
    assert {t for t, _ in area.targets} == {ids["Hobgoblin soldier"], ids["Goblin sharpshooter"]}
    assert "Thunderwave" in scene._hint()
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    command, _ = scene.match.record[-1]
    assert isinstance(command, AreaAttack) and command.attack == "Thunderwave"


def test_a_teleport_power_lights_the_squares_it_reaches_and_a_click_goes_there(game):
    ids = stage(game, "Miriel", {"Miriel": (8, 8)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('Fey Step') + 1}"))
    run_frames(game, 1)
    assert (12, 8) in scene.teleports and (14, 8) not in scene.teleports
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    assert scene.match.record[-1][0] == Teleport(ids["Miriel"], "Fey Step", (12, 8))
    assert scene.state.square(ids["Miriel"]) == (12, 8)


def test_edges_ledges_and_portals_are_drawn_onto_the_map_where_they_are():
    from game.core.battlefield import EdgeKind, parse_ascii
    from game.render.facts import EDGE_STYLES, LEDGE, PORTAL, draw_facts

    pygame.font.init()
    bf = replace(parse_ascii(["....", "....", "...."], edges=((((0, 0), (1, 0)), EdgeKind.LOW_WALL),),
                             elevation_ft=[[0, 0, 0, 0], [0, 0, 0, 0], [20, 20, 20, 20]]),
                 portals=(((3, 0), (3, 1)),))
    cell = 40
    surface = pygame.Surface((4 * cell, 3 * cell))
    surface.fill((0, 0, 0))
    draw_facts(surface, bf, cell, pygame.font.Font(None, 20))
    assert surface.get_at((cell, cell // 2))[:3] == EDGE_STYLES[EdgeKind.LOW_WALL][0]    # the low wall's band
    assert surface.get_at((cell // 2, 2 * cell))[:3] == LEDGE                            # the 20 ft ledge
    assert surface.get_at((3 * cell + cell // 2, cell - 4))[:3] == PORTAL                # portal 1's ring


def test_the_victory_screen_offers_play_again_maps_and_quit(game):
    from game.ecs.components import Outcome

    scene = game.scene
    scene.state.world.set_resource(Outcome("blue"))
    run_frames(game, 1)
    assert set(scene.victory_buttons) == {"play_again", "menu", "quit"}
    click(scene.victory_buttons["play_again"].center)
    run_frames(game, 1)
    assert game.scene is not scene and game.scene.state.outcome is None and game.seed == 5


# The power bar, targeting, conditions and prompts ---------------------------------------------------------
def bar_choice(scene, label):
    return next(c for _, c in scene.bar if c.label == label)


def hotkey(choice):
    """The pygame key of a bar choice's shortcut ("5" -> K_5, "F" -> K_f)."""
    return getattr(pygame, f"K_{choice.hotkey.lower()}")


def hurt(scene, name, hp, temp=0):
    from game.ecs.components import Health
    entity = next(e for e in scene.state.creatures() if scene.state.name(e) == name)
    scene.state.world.add(entity, Health(hp, temp))


def test_a_heal_on_an_ally_uses_the_power_bar_key_then_a_click_and_counts_down_its_uses(game):
    from game.rulesets.dnd4e.actions.commands import UsePower
    from game.rulesets.dnd4e.actions.events import Healed

    ids = stage(game, "Tamsin", {"Tamsin": (10, 8), "Brakka": (12, 8)})
    scene = game.scene
    hurt(scene, "Brakka", 10)
    scene._refresh_options()
    run_frames(game, 1)
    word = bar_choice(scene, "Healing Word")
    assert (word.hotkey, word.action, word.reach, word.aim, word.uses) == ("5", "Minor", "Rng 5", "heal", "2/2")
    press(hotkey(word))
    run_frames(game, 1)
    assert scene.mode == "power:Healing Word" and ids["Brakka"] in scene.friends and ids["Tamsin"] in scene.friends
    scene.match.dice = ScriptedDice([4])
    click(centre(game, (12, 8)))
    run_frames(game, 2)
    command, events = scene.match.record[-1]
    assert command == UsePower(ids["Tamsin"], "Healing Word", ids["Brakka"])
    assert any(isinstance(e, Healed) and e.entity == ids["Brakka"] for e in events)
    assert any("regains" in line for line in scene.log.lines[-6:])
    assert bar_choice(scene, "Healing Word").uses == "1/2"       # one use of two left
    # The same key twice: on yourself.
    scene.state.world.set_resource(replace(scene.state.turn, actions=replace(scene.state.turn.actions, minor=1)))
    scene._refresh_options()
    scene.match.dice = ScriptedDice([4])
    press(pygame.K_5)
    press(pygame.K_5)
    run_frames(game, 2)
    assert scene.match.record[-1][0] == UsePower(ids["Tamsin"], "Healing Word", ids["Tamsin"])
    assert bar_choice(scene, "Healing Word").uses == "0/2" and bar_choice(scene, "Healing Word").blocked is not None


def test_a_personal_power_acts_at_once_from_its_key():
    from game.rulesets.dnd4e.actions.commands import UsePower
    from game.app import FixedStepLoop, Game
    from game.engine.rosters import Roster
    from game.ui.battle import BattleScene

    game = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        rosters = [Roster("blue", "Adventurers", ("fighter",)), Roster("red", "The dead", ("grave_shade",))]
        game.scene = BattleScene((1280, 720), DEFAULT_MAP, 4, game.fonts, rosters=rosters)
        ids = stage(game, "Grave shade", {})
        scene = game.scene
        run_frames(game, 1)
        fade = bar_choice(scene, "Fade Away")
        assert fade.instant and fade.reach == "Personal" and fade.uses == "1/1"
        press(hotkey(fade))
        run_frames(game, 2)
        assert scene.match.record[-1][0] == UsePower(ids["Grave shade"], "Fade Away")
        assert scene.state.has_condition(ids["Grave shade"], "invisible")
        assert bar_choice(scene, "Fade Away").blocked is not None
    finally:
        pygame.quit()


def test_the_bar_shows_every_power_with_its_cost_range_defense_and_uses_and_greys_what_cannot_be_used(game):
    from game.rulesets.dnd4e.presentation.words import ACTION_HELP

    stage(game, "Miriel", {"Miriel": (10, 8)})
    scene = game.scene
    run_frames(game, 1)
    powers = [c for _, c in scene.bar if c.is_power]
    assert [c.label for c in powers] == ["quarterstaff", "magic missile", "Thunderwave", "Scorching Burst",
                                         "Ray of Frost", "Dusk Veil", "Curtain of Flame", "Fey Step"]   # Shield comes as an offer
    assert [c.hotkey for c in powers] == list("12345678")
    burst = bar_choice(scene, "Scorching Burst")
    assert (burst.action, burst.reach, burst.aim, burst.uses) == ("Std", "Burst 1 in 10", "vs Ref", "at-will")
    assert bar_choice(scene, "Dusk Veil").uses == "1/1" and bar_choice(scene, "Thunderwave").reach == "Blast 3"
    staff = bar_choice(scene, "quarterstaff")
    assert staff.blocked is not None and "reach" in str(staff.blocked)    # no enemy next to her
    # Hovering the greyed card shows why, and its key does nothing but say so.
    rect = next(r for r, c in scene.bar if c.label == "quarterstaff")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 1)
    assert scene.hover == rect.center
    press(pygame.K_1)
    run_frames(game, 1)
    assert scene.mode == "walk" and scene.message.startswith("Can't:") and "reach" in scene.message
    # Every shipped creature's powers fit on the bar at 1280x720, and every action fits on its row.
    assert all(r.right <= scene.power_row.right for r, c in scene.bar if c.is_power)
    actions = [c for c in scene.bar_choices if not c.is_power]
    assert len([c for _, c in scene.bar if not c.is_power]) == len(actions)
    assert ACTION_HELP.keys() >= {c.key.split(":")[0] for c in actions}


def test_conditions_show_as_badges_on_the_unit_and_with_their_durations_in_the_card(game):
    from game.ecs.components import END_OF_TURN, SAVE_ENDS, Condition
    from game.rulesets.dnd4e.presentation.describe import badge, condition_text

    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8), "Miriel": (9, 9)})
    scene = game.scene
    state = scene.state
    state.add_condition(ids["Hobgoblin soldier"], Condition("dazed", SAVE_ENDS, source="Skullthumper"))
    state.add_condition(ids["Hobgoblin soldier"], Condition("slowed", END_OF_TURN, ids["Miriel"], "Ray of Frost", ids["Miriel"]))
    state.add_condition(ids["Hobgoblin soldier"], Condition("ongoing", SAVE_ENDS, amount=5, damage_type="fire"))
    state.add_condition(ids["Hobgoblin soldier"], Condition("marked", END_OF_TURN, ids["Brakka"], "longsword", ids["Brakka"]))
    entries = state.conditions(ids["Hobgoblin soldier"]).entries
    assert [badge(e) for e in entries] == ["DZ", "SL", "O5", "MK"]
    texts = [condition_text(state, e) for e in entries]
    assert texts[0].startswith("dazed (save ends)")
    assert texts[1].startswith("slowed until the end of Miriel's next turn")
    assert texts[2].startswith("ongoing 5 fire damage (save ends)")
    assert texts[3] == "marked by Brakka until the end of Brakka's next turn"
    hurt(scene, "Brakka", 20, temp=5)
    from game.rulesets.dnd4e.presentation.describe import vitals
    assert vitals(state, ids["Brakka"])[0].startswith("HP 20/33 +5 temp")
    click(centre(game, (11, 8)))          # an enemy in reach is attacked; select it by Tab instead
    run_frames(game, 40)
    scene.selected = ids["Hobgoblin soldier"]
    run_frames(game, 1)                   # the card and the badges draw without trouble


def test_a_dying_hero_stays_on_the_board_and_its_card_says_so(game):
    from game.ecs.components import Condition, DeathSaves
    from game.rulesets.dnd4e.presentation.describe import state_word, vitals

    ids = stage(game, "Brakka", {"Brakka": (10, 8)})
    scene = game.scene
    hurt(scene, "Vess", -3)
    for name in ("dying", "unconscious", "prone"):
        scene.state.add_condition(ids["Vess"], Condition(name))
    scene.state.world.add(ids["Vess"], DeathSaves(1))
    scene.selected = ids["Vess"]
    run_frames(game, 1)
    assert state_word(scene.state, ids["Vess"]) == "DYING" and "Death saves failed 1/3" in vitals(scene.state, ids["Vess"])[1]
    assert scene.state.occupant_at(scene.state.square(ids["Vess"])) == ids["Vess"]


def test_an_interrupt_prompt_asks_the_defender_and_y_takes_the_power(game):
    from game.rulesets.dnd4e.actions.commands import Attack, React

    ids = stage(game, "Hobgoblin soldier", {"Hobgoblin soldier": (10, 10), "Miriel": (10, 9)})
    scene = game.scene
    run_frames(game, 1)
    scene.match.dice = ScriptedDice([15, 4])
    click(centre(game, (10, 9)))
    run_frames(game, 40)
    assert scene.match.record[-1][0] == Attack(ids["Hobgoblin soldier"], ids["Miriel"], "longsword")
    offer = scene.state.offer
    assert offer is not None and offer.by == ids["Miriel"] and offer.power == "Shield"
    say_ready(game)
    assert scene.prompt_buttons
    press(pygame.K_y)
    run_frames(game, 40)
    assert React(ids["Miriel"], True) in [c for c, _ in scene.match.record]
    assert any(c.source == "Shield" for c in scene.state.conditions(ids["Miriel"]).entries) or \
        any("Shield" in line for line in scene.log.lines)


def test_ready_picks_a_power_then_a_trigger_from_popups(game):
    from game.rulesets.dnd4e.actions.commands import Ready

    ids = stage(game, "Tamsin", {"Tamsin": (10, 8)})
    scene = game.scene
    run_frames(game, 1)
    press(hotkey(bar_choice(scene, "Ready")))
    run_frames(game, 1)
    assert scene.popup is not None and [o[0] for o in scene.popup.options][:2] == ["mace", "Lance of Dawn"]
    press(pygame.K_2)
    run_frames(game, 1)
    assert scene.popup is not None and len(scene.popup.options) == 2
    click(scene.popup.rects[1][0].center)
    run_frames(game, 2)
    assert scene.match.record[-1][0] == Ready(ids["Tamsin"], "Lance of Dawn", "enemy_attacks")
    assert scene.popup is None


def test_delay_puts_the_turn_off_and_the_next_creature_acts(game):
    from game.rulesets.dnd4e.actions.commands import Delay

    ids = stage(game, "Tamsin", {"Tamsin": (10, 8)})
    scene = game.scene
    run_frames(game, 1)
    press(hotkey(bar_choice(scene, "Delay")))
    run_frames(game, 2)
    assert scene.match.record[-1][0] == Delay(ids["Tamsin"])
    assert ids["Tamsin"] in scene.state.turn.delayed and scene.actor != ids["Tamsin"]
    assert any("delays" in line for line in scene.log.lines)


def test_second_wind_spends_a_surge_and_shows_the_healing(game):
    from game.rulesets.dnd4e.actions.commands import SecondWind
    from game.rulesets.dnd4e.actions.events import Healed

    ids = stage(game, "Brakka", {"Brakka": (10, 8)})
    scene = game.scene
    hurt(scene, "Brakka", 12)
    scene._refresh_options()
    run_frames(game, 1)
    wind = bar_choice(scene, "2nd wind")
    assert wind.hotkey == "F" and wind.blocked is None
    press(pygame.K_f)
    run_frames(game, 2)
    command, events = scene.match.record[-1]
    assert command == SecondWind(ids["Brakka"]) and any(isinstance(e, Healed) for e in events)
    assert scene.state.hp(ids["Brakka"]) == 12 + 33 // 4
    assert any(f.text.startswith("+") for b in scene.animator.beats for f in b.floaters) or scene.animator.floaters
    assert bar_choice(scene, "2nd wind").blocked is not None


def test_k_makes_the_next_attack_a_knockout_and_a_helpless_enemy_gets_a_coup_de_grace(game):
    from game.rulesets.dnd4e.actions.commands import Attack, CoupDeGrace
    from game.ecs.components import ActionBudget, Condition

    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8), "Goblin sharpshooter": (10, 9)})
    scene = game.scene
    run_frames(game, 1)
    press(pygame.K_k)
    run_frames(game, 1)
    assert scene.knockout and "Knockout" in scene.message
    scene.match.dice = ScriptedDice([18, 3])
    click(centre(game, (11, 8)))
    run_frames(game, 40)
    assert scene.match.record[-1][0] == Attack(ids["Brakka"], ids["Hobgoblin soldier"], "longsword", knockout=True)
    assert not scene.knockout                      # one attack only
    # A knocked-out enemy next door: the click is a coup de grace.
    scene.state.add_condition(ids["Goblin sharpshooter"], Condition("unconscious"))
    scene.state.world.set_resource(replace(scene.state.turn, actions=ActionBudget()))
    stage(game, "Brakka", {})
    run_frames(game, 1)
    assert "Coup de grace" in (scene.controls._attack_hint(ids["Goblin sharpshooter"], scene.targets[ids["Goblin sharpshooter"]]))
    scene.match.dice = ScriptedDice([10, 8])
    click(centre(game, (10, 9)))
    run_frames(game, 40)
    assert scene.match.record[-1][0] == CoupDeGrace(ids["Brakka"], ids["Goblin sharpshooter"], "longsword")


def test_every_event_kind_has_a_log_line():
    import dataclasses
    import typing

    from game.rulesets.dnd4e.actions import events as ev
    from game.rulesets.dnd4e.content import load_creatures, load_rosters
    from game.maps.loader import load_battlefield
    from game.rulesets.dnd4e.setup import new_match
    from game.rulesets.dnd4e.presentation.narration import narrate

    creatures = load_creatures()
    match = new_match(load_battlefield(DEFAULT_MAP), load_rosters(creatures=creatures), creatures, 1)
    entity = match.state.turn.order[0]
    samples = {int: 1, str: "fire", bool: True}
    for kind in typing.get_args(ev.Event):
        values = {}
        for f in dataclasses.fields(kind):
            hint = str(f.type)
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            if hint.startswith("tuple[Entity"):
                values[f.name] = (entity,)
            elif "Entity" in hint:
                values[f.name] = entity
            elif "Square" in hint:
                values[f.name] = ((1, 1), (2, 2)) if "tuple" in hint else (1, 1)
            elif "tuple" in hint:
                values[f.name] = ()
            else:
                values[f.name] = samples.get({"int": int, "str": str, "bool": bool}.get(hint, str), "x")
        if kind is ev.TurnEnded:
            values["reason"] = "stunned"
        line = narrate(kind(**values), match.state, {"blue": "Adventurers"})
        assert line, kind.__name__


def maneuvers_ready():
    from game.rulesets.dnd4e.actions import maneuvers
    return "TEMPORARY" not in (maneuvers.__doc__ or "")


@pytest.mark.skipif(not maneuvers_ready(), reason="the maneuvers' rules are not in yet")
def test_charge_previews_the_path_to_the_nearest_attack_square_and_a_click_charges(game):
    from game.rulesets.dnd4e.actions.commands import Charge

    ids = stage(game, "Brakka", {"Brakka": (6, 8), "Hobgoblin soldier": (10, 8)})
    scene = game.scene
    run_frames(game, 1)
    press(pygame.K_h)
    run_frames(game, 1)
    assert scene.mode == "charge" and ids["Hobgoblin soldier"] in scene.charges
    path = scene.charges[ids["Hobgoblin soldier"]]
    assert path[0] == (6, 8) and max(abs(path[-1][0] - 10), abs(path[-1][1] - 8)) == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(game, (10, 8)), rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 1)
    assert "Charge Hobgoblin soldier" in scene._hint()
    scene.match.dice = ScriptedDice([15, 4, 4, 4])
    click(centre(game, (10, 8)))
    run_frames(game, 60)
    assert any(c == Charge(ids["Brakka"], ids["Hobgoblin soldier"], path) for c, _ in scene.match.record)


@pytest.mark.skipif(not maneuvers_ready(), reason="the maneuvers' rules are not in yet")
def test_grab_then_drag_then_the_grabbed_creature_escapes_from_a_popup(game):
    from game.rulesets.dnd4e.actions.commands import Escape, Grab, MoveGrabbed

    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
    scene = game.scene
    run_frames(game, 1)
    press(pygame.K_g)
    run_frames(game, 1)
    scene.match.dice = ScriptedDice([19])
    click(centre(game, (11, 8)))
    run_frames(game, 30)
    assert scene.match.record[-1][0] == Grab(ids["Brakka"], ids["Hobgoblin soldier"])
    assert scene.state.has_condition(ids["Hobgoblin soldier"], "grabbed")
    assert {c.label for _, c in scene.bar} >= {"Drag", "Let go"}
    # A fresh standard action to drag with (a test position, not a rule).
    scene.state.world.set_resource(replace(scene.state.turn, actions=replace(scene.state.turn.actions, standard=1)))
    scene._refresh_options()
    press(pygame.K_t)
    run_frames(game, 1)
    assert scene.mode == "move_grabbed" and scene.drags
    square = sorted(scene.drags)[0]
    scene.match.dice = ScriptedDice([19])
    click(centre(game, square))
    run_frames(game, 60)
    assert any(isinstance(c, MoveGrabbed) for c, _ in scene.match.record)
    stage(game, "Hobgoblin soldier", {})
    run_frames(game, 1)
    if not scene.state.has_condition(ids["Hobgoblin soldier"], "grabbed"):
        return                      # the grab ended with the grabber's turn: nothing to escape
    press(pygame.K_e)
    run_frames(game, 1)
    assert scene.popup is not None and [o[1] for o in scene.popup.options] == ["athletics", "acrobatics"]
    scene.match.dice = ScriptedDice([19])
    press(pygame.K_1)
    run_frames(game, 30)
    assert scene.match.record[-1][0] == Escape(ids["Hobgoblin soldier"], "athletics")


# What the screen keeps between frames is drawn again when what it shows changes -------------------------
def hover_away(game):
    """Rest the mouse on the side panel: no square is hovered, so no path preview covers the map."""
    pos = game.scene.panel_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def hover(game, square):
    pos = centre(game, square)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def tinted(game, square):
    """True when the screen at a square (away from its outline) is not the bare map's pixel there."""
    view, board = game.scene.view, game.scene._board
    rect = view.square_rect(square)
    left, top = board.origin
    on_board = (square[0] * view.cell + 6 - left, square[1] * view.cell + view.cell // 2 - top)
    return game.screen.get_at((rect.x + 6, rect.centery)) != board.base.get_at(on_board)


def clear_of_creatures(game, square):
    """No creature on the square or next to it (their hit point bars and badges overhang their space)."""
    state = game.scene.state
    return all(state.occupant_at((square[0] + dx, square[1] + dy)) is None for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def outlined(game, square):
    """True when the square shows the one-move style: a tint with a thin frame (double moves are hatched)."""
    rect = game.scene.view.square_rect(square)
    return tuple(game.screen.get_at((rect.x + 2, rect.centery)))[:3] == palette.REACH_EDGE


def test_after_a_move_the_lit_squares_and_the_creature_are_drawn_where_they_now_are(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8)})
    scene = game.scene
    hover_away(game)
    run_frames(game, 1)
    before = set(scene.walk.endable)
    assert all(tinted(game, s) for s in before if clear_of_creatures(game, s))
    one_move_before = {s for s in before if clear_of_creatures(game, s) and outlined(game, s)}
    destination = (13, 8)
    click(centre(game, destination))
    hover_away(game)
    run_frames(game, 60)
    assert not scene.animator.busy and scene.state.square(ids["Brakka"]) == destination
    after = set(scene.walk.endable)
    gone = [s for s in before - after if clear_of_creatures(game, s)]
    assert gone and not any(tinted(game, s) for s in gone)      # the old overlay is wiped off the map
    # Squares that needed a double move before are one move away now: drawn in the one-move style.
    speed = mode_speed(scene.state, ids["Brakka"], "walk")
    nearer = [s for s in after - one_move_before if clear_of_creatures(game, s) and scene.walk.cost[s] <= speed]
    assert nearer and all(outlined(game, s) for s in nearer)
    assert tinted(game, (10, 8)) and outlined(game, (10, 8))     # the square it left is lit, not drawn over

    def bar_colour(square):     # the creature's hit point bar, above its square
        rect = scene.view.square_rect(square)
        return tuple(game.screen.get_at((rect.x + 5, rect.top - 3)))[:3]
    assert bar_colour(destination) == palette.HP_GOOD and bar_colour((10, 8)) != palette.HP_GOOD


def test_hovering_another_square_moves_the_path_preview_there(game):
    stage(game, "Brakka", {"Brakka": (10, 8)})
    scene = game.scene
    hover(game, (10, 11))
    run_frames(game, 1)
    assert tuple(game.screen.get_at(centre(game, (10, 11))))[:3] == palette.PATH     # the path's last dot
    hover(game, (13, 8))
    run_frames(game, 1)
    assert tuple(game.screen.get_at(centre(game, (13, 8))))[:3] == palette.PATH
    assert tuple(game.screen.get_at(centre(game, (10, 11))))[:3] != palette.PATH
    assert scene._hint_text == scene._hint()           # the hint line kept between frames is the new square's


def test_hit_points_changed_by_hand_show_at_once_on_the_card_and_over_the_creature(game):
    """Even a change no command made (a test position) is drawn: the screen notices any replaced component."""
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (13, 8)})
    scene = game.scene
    hover_away(game)
    run_frames(game, 1)
    card_bar = (scene.panel_rect.x + 12 + 80 + 190, 10 + 52 + 6)       # near the right end of the card's bar
    over_enemy = scene.view.square_rect((13, 8))
    enemy_bar = (over_enemy.right - 4, over_enemy.top - 3)
    assert tuple(game.screen.get_at(card_bar))[:3] == palette.HP_GOOD
    assert tuple(game.screen.get_at(enemy_bar))[:3] == palette.HP_GOOD
    state = scene.state
    for name in ("Brakka", "Hobgoblin soldier"):
        state.world.add(ids[name], replace(state.world.get(ids[name], Health), hp=2))
    run_frames(game, 1)
    assert tuple(game.screen.get_at(card_bar))[:3] == palette.HP_BACK
    assert tuple(game.screen.get_at(enemy_bar))[:3] == palette.HP_BACK


def test_a_zone_laid_on_the_map_is_drawn_over_the_squares_at_once(game):
    from game.rulesets.dnd4e.actions.zones import create_zone
    from game.ecs.components import Zone, ZoneSpec

    ids = stage(game, "Brakka", {"Brakka": (10, 8)})
    scene = game.scene
    hover_away(game)
    run_frames(game, 1)
    square = (12, 10)
    assert clear_of_creatures(game, square)
    lit = game.screen.get_at(centre(game, square))
    create_zone(scene.state, Zone(ids["Brakka"], "Fog", ((12, 10), (13, 10)), ZoneSpec("heavy"), "encounter"))
    run_frames(game, 1)
    assert game.screen.get_at(centre(game, square)) != lit


def test_a_wall_is_laid_square_by_square_on_lit_squares_and_the_last_one_attacks(game):
    ids = stage(game, "Miriel", {"Miriel": (8, 8), "Hobgoblin soldier": (12, 8), "Goblin sharpshooter": (12, 9)})
    scene = game.scene
    run_frames(game, 1)
    press(hotkey(bar_choice(scene, "Curtain of Flame")))
    run_frames(game, 1)
    assert scene.mode == "power:Curtain of Flame" and (12, 7) in scene.wall_next
    for laid, square in enumerate(((12, 7), (12, 8), (12, 9))):
        click(centre(game, square))
        run_frames(game, 1)
        assert scene.wall[-1] == square and f"({laid + 1} of 4)" in scene._hint()
        assert scene.wall_next and all(abs(x - square[0]) + abs(y - square[1]) == 1 for x, y in scene.wall_next)
    click(centre(game, (20, 2)))                                          # not beside the last: refused
    run_frames(game, 1)
    assert len(scene.wall) == 3 and "lit square" in scene.message
    scene.match.dice = ScriptedDice([15, 15, 3])
    click(centre(game, (12, 10)))
    run_frames(game, 2)
    command, events = scene.match.record[-1]
    assert command == AreaAttack(ids["Miriel"], "Curtain of Flame", (12, 7), False, ((12, 7), (12, 8), (12, 9), (12, 10)))
    assert scene.wall == () and sum(isinstance(e, AttackRolled) for e in events) == 2


def test_the_computer_plays_its_side_through_the_door_while_clicks_and_keys_wait():
    g = Game(DEFAULT_MAP, 5, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer={"red": "normal"})
    try:
        scene = g.scene
        state = scene.state
        red = {e for e in state.creatures() if state.side(e) == "red"}
        for _ in range(400):
            if state.outcome is not None or state.turn.round > 2:
                break
            if scene._computer() is not None:
                # The computer decides: the player's clicks and keys send nothing.
                before = len(scene.match.record)
                click(centre(g, (1, 1)))
                press(pygame.K_RETURN)
                run_frames(g, 1)
                assert all(getattr(c, "actor", None) in red for c, _ in scene.match.record[before:])
            elif state.offer is not None:
                press(pygame.K_n)
            elif not scene.animator.busy:
                press(pygame.K_RETURN)                  # the human side ends its turns at once
            run_frames(g, 3)
        acted = [c for c, _ in scene.match.record if getattr(c, "actor", None) in red]
        assert any(type(c).__name__ not in ("EndTurn", "React") for c in acted)   # it moved or attacked
        assert state.turn.round >= 2
    finally:
        pygame.quit()


# Hot-seat hand-over ----------------------------------------------------------------------------------------
def end_turns_until(game, done, limit=30):
    for _ in range(limit):
        if done():
            return
        press(pygame.K_RETURN)
        run_frames(game, 2)
    raise AssertionError("never happened")


def test_the_turn_passing_to_the_other_human_side_hides_the_board_until_the_player_is_ready(game):
    scene = game.scene
    first_side = scene.state.side(scene.actor)
    end_turns_until(game, lambda: scene.handover is not None)
    assert scene.handover != first_side and scene.state.side(scene.actor) == scene.handover
    run_frames(game, 1)
    # Nothing of the board shows: the map area is the plain background and the panels are gone.
    for pos in ((scene.map_rect.x + 5, scene.map_rect.y + 5), (scene.panel_rect.centerx, 20), scene.power_row.center,
                (scene.screen_rect.centerx, 20)):
        assert tuple(game.screen.get_at(pos))[:3] == palette.BACKGROUND
    # Keys other than Enter do nothing behind it; a click only says ready, it commands nothing.
    commands = len(scene.match.record)
    press(pygame.K_1)
    run_frames(game, 1)
    assert scene.handover is not None and scene.mode == "walk"
    click(centre(game, scene.state.square(scene.actor)))
    run_frames(game, 1)
    assert scene.handover is None and len(scene.match.record) == commands
    assert tuple(game.screen.get_at((scene.screen_rect.centerx, 20)))[:3] != palette.BACKGROUND


def test_no_hand_over_when_the_next_creature_is_of_the_same_side(game):
    scene = game.scene
    order = scene.state.turn.order
    side = scene.state.side
    index = next(i for i in range(len(order) - 1) if side(order[i]) == side(order[i + 1]))
    stage(game, scene.state.name(order[index]), {})
    press(pygame.K_RETURN)
    run_frames(game, 2)
    assert scene.actor == order[index + 1] and scene.handover is None


def test_no_hand_over_against_the_computer():
    from game.ui.battle import BattleScene

    g = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        g.scene = BattleScene((1280, 720), DEFAULT_MAP, 4, g.fonts, computer={"red": "easy"})
        scene = g.scene
        for _ in range(800):
            if scene.state.turn.round >= 2 or scene.state.outcome is not None:
                break
            if scene._computer() is None and not scene.animator.busy:
                press(pygame.K_n if scene.state.offer is not None else pygame.K_RETURN)
            press(pygame.K_SPACE)
            run_frames(g, 6)
            assert scene.handover is None
        assert scene.state.turn.round >= 2
    finally:
        pygame.quit()


# The initiative tracker ------------------------------------------------------------------------------------
def test_the_tracker_shows_everyone_in_turn_order_from_the_acting_creature(game):
    scene = game.scene
    run_frames(game, 1)
    shown = [entity for _, entity in scene.tracker_entries]
    order = list(scene.state.turn.order)
    assert shown[0] == scene.actor and sorted(shown) == sorted(order)
    start = order.index(scene.actor)
    assert shown == order[start:] + order[:start]


def test_hovering_a_tracker_entry_shows_its_card_and_a_click_selects_and_centres_it(game):
    scene = game.scene
    run_frames(game, 1)
    rect, other = next((r, e) for r, e in scene.tracker_entries if scene.state.side(e) != scene.state.side(scene.actor))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 1)
    assert scene._panel_entity() == other and scene.selected == scene.actor
    scene.view.pan(-10_000, -10_000)
    click(rect.center)
    run_frames(game, 1)
    assert scene.selected == other and scene.match.record == []
    assert scene.view.viewport.contains(scene.view.square_rect(scene.state.square(other)))


def test_a_fallen_creature_is_crossed_out_in_the_tracker(game):
    from game.ecs.components import OutOfFight

    scene = game.scene
    run_frames(game, 1)
    rect, victim = scene.tracker_entries[1]
    before = game.screen.copy()
    scene.state.world.add(victim, OutOfFight())
    run_frames(game, 1)
    face = pygame.Rect(rect.x + 3, rect.y, 40, 40)
    # The cross runs corner to corner in the text colour.
    assert tuple(game.screen.get_at((face.x + 1, face.y + 1)))[:3] == palette.TEXT
    assert tuple(game.screen.get_at(face.center))[:3] == palette.TEXT
    assert game.screen.get_at(face.center) != before.get_at(face.center)


# Animations -----------------------------------------------------------------------------------------------
def test_animation_speed_sets_how_fast_beats_play_and_off_plays_none():
    from game.render.animation import TICKS_PER_SQUARE, Animator, Motion

    walk = [Motion(((1, ((0, 0), (1, 0), (2, 0))),))]
    steps = {}
    for speed in ("slow", "normal", "fast"):
        animator = Animator(speed)
        animator.feed(walk)
        count = 0
        while animator.busy:
            animator.update()
            count += 1
        steps[speed] = count
    assert steps["normal"] == 2 * TICKS_PER_SQUARE
    assert steps["slow"] == 2 * steps["normal"] and steps["fast"] * 2 == steps["normal"]
    off = Animator("off")
    off.feed(walk)
    assert not off.busy and off.position(1, (2, 0)) == (2.0, 0.0)


def test_a_teleport_flashes_where_it_left_and_where_it_arrived_and_a_fall_shows_its_dice():
    from game.rulesets.dnd4e.actions.events import UnitFell, UnitTeleported
    from game.rulesets.dnd4e.content import load_creatures, load_rosters
    from game.maps.loader import load_battlefield
    from game.rulesets.dnd4e.setup import new_match
    from game.render.animation import Animator
    from game.rulesets.dnd4e.presentation import adapter as rules_4e

    creatures = load_creatures()
    state = new_match(load_battlefield(DEFAULT_MAP), load_rosters(creatures=creatures), creatures, 1).state
    animator = Animator()
    events = [UnitTeleported(3, (1, 1), (4, 2), "Fey Step"), UnitFell(3, 20, "2d10", (4, 7), 0)]
    animator.feed(rules_4e.animation_cues(events, state, {}))
    animator.update()
    assert [(square, tick) for square, _, tick in animator.rings] == [((1, 1), 1), ((4, 2), 1)]
    assert any(f.text == "teleport" for f in animator.floaters)
    while animator.rings:
        animator.update()
    animator.update()
    assert [entity for entity, _ in animator.landings] == [3]
    assert any(f.text == "falls 20 ft: 2d10" for f in animator.floaters)
    animator.skip()
    assert not animator.busy and not animator.landings


def test_with_animations_off_a_move_shows_at_once_in_the_real_loop():
    from game.ui.battle import BattleScene

    g = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        g.scene = BattleScene((1280, 720), DEFAULT_MAP, 4, g.fonts, animation_speed="off")
        scene = g.scene
        far = max(scene.walk.endable, key=lambda s: (scene.walk.cost[s], s))
        click(centre(g, far))
        run_frames(g, 1)
        assert scene.state.square(scene.actor) == far and not scene.animator.busy
    finally:
        pygame.quit()


# Cover lines (F2) ------------------------------------------------------------------------------------------
def test_cover_line_verdicts_are_the_lines_the_cover_count_blocks():
    from game.core.lines import cover_line_verdicts, cover_lines_blocked
    from game.maps.loader import load_battlefield

    bf = load_battlefield(DEFAULT_MAP)
    open_squares = [s for s in bf.squares() if not bf.at(s).wall and not bf.at(s).cover]
    checked = blocked_some = 0
    for attacker in open_squares[::7]:
        for target in open_squares[::11]:
            if attacker == target:
                continue
            for corner in ((attacker[0], attacker[1]), (attacker[0] + 1, attacker[1] + 1)):
                verdicts = cover_line_verdicts(bf, corner, target, (attacker,))
                assert sum(verdicts) == cover_lines_blocked(bf, corner, target, attacker_squares=(attacker,))
                checked += 1
                blocked_some += 0 < sum(verdicts) < 4
    assert checked > 1000 and blocked_some > 20


def line_colours(game, start, end):
    """The screen's colours along a segment, sampled at tenths (away from the ends)."""
    return [tuple(game.screen.get_at((start[0] + (end[0] - start[0]) * t // 20, start[1] + (end[1] - start[1]) * t // 20)))[:3]
            for t in range(3, 18)]


def test_f2_draws_the_cover_lines_clear_ones_solid_and_blocked_ones_dashed(game):
    from game.engine.controls import cover_lines_shown

    ids = stage(game, "Miriel", {"Miriel": (7, 8), "Goblin sharpshooter": (9, 6)})
    scene = game.scene
    run_frames(game, 1)
    labels = [choice.label for _, choice in scene.bar]
    press(getattr(pygame, f"K_{labels.index('magic missile') + 1}"))
    hover(game, (9, 6))
    run_frames(game, 2)
    lines = cover_lines_shown(scene.state, ids["Miriel"], ids["Goblin sharpshooter"])
    assert lines is not None and 0 < sum(lines.blocked) < 4
    ox, oy = scene.view.origin()
    cell = scene.view.cell
    start = (ox + lines.corner[0] * cell, oy + lines.corner[1] * cell)
    sx, sy = lines.square
    ends = [(ox + x * cell, oy + y * cell) for x, y in ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))]
    clear = ends[lines.blocked.index(False)]
    blocked = ends[lines.blocked.index(True)]
    assert palette.COVER_CLEAR not in line_colours(game, start, clear)      # off until F2
    press(pygame.K_F2)
    run_frames(game, 1)
    assert scene.show_cover_lines and "Cover lines:" in scene._hint()
    # Solid: at every tenth of the clear line the green shows (within a pixel of the ideal line).
    for t in range(3, 18):
        x, y = start[0] + (clear[0] - start[0]) * t // 20, start[1] + (clear[1] - start[1]) * t // 20
        assert any(tuple(game.screen.get_at((x + dx, y + dy)))[:3] == palette.COVER_CLEAR
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    dashed = line_colours(game, start, blocked)
    assert palette.COVER_BLOCKED in dashed and any(c != palette.COVER_BLOCKED for c in dashed)


# The log: rule references and the dice log ----------------------------------------------------------------
def test_the_log_keeps_each_entrys_rule_shows_it_on_hover_and_the_dice_log_lists_every_roll(game):
    ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
    scene = game.scene
    run_frames(game, 1)
    scene.match.dice = ScriptedDice([17, 6])
    click(centre(game, (11, 8)))
    run_frames(game, 40)
    assert isinstance(scene.match.record[-1][0], Attack)
    entry = next(e for e in scene.log.entries["combat"] if e.words.startswith("Brakka hits"))
    assert entry.rule == "4e §7-§8, §25.3"
    # Resting the mouse on the entry's line shows its rule beside it.
    rect = next(r for r, e in scene.log.line_rects if e is entry)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 1)
    assert scene._log_tip is not None and scene._log_tip[1].bottom <= rect.top
    # F3 opens the dice log: the d20 with its bonus and every modifier, and the damage dice.
    press(pygame.K_F3)
    run_frames(game, 1)
    assert scene.log.tab == "dice"
    words = [e.words for e in scene.log.entries["dice"]]
    assert any(w.startswith("Attack, Brakka at Hobgoblin soldier: d20 17 + ") for w in words)
    assert any(w.startswith("Damage to Hobgoblin soldier: dice 6 = 6;") for w in words)
    assert any(w.startswith("Initiative, Brakka: d20 ") for w in words)
    # A click on the other tab goes back.
    combat_tab = next(r for r, name in scene.log.tab_rects if name == "combat")
    click(combat_tab.center)
    run_frames(game, 1)
    assert scene.log.tab == "combat"
    assert scene.match.record[-1][0] == Attack(ids["Brakka"], ids["Hobgoblin soldier"], "longsword")


def test_the_lit_square_styles_differ_without_colour():
    from game.ui.map_art import reach_tiles, tint

    pygame.display.init()
    try:
        tiles = [tint(40, palette.AREA_FILL), tint(40, palette.TELEPORT_FILL), tint(40, palette.FORCED_FILL),
                 *reach_tiles(40)]
        # Seen in grey, each pattern is still its own: dots, a ring, stripes, a plain tint, hatching. A tile's
        # shape is where it differs from its own plain tint (its top-left pixel).
        shapes = []
        for tile in tiles:
            grey = pygame.transform.grayscale(tile)
            plain = grey.get_at((0, 0))
            shapes.append(frozenset((x, y) for x in range(40) for y in range(40) if grey.get_at((x, y)) != plain))
        assert len(set(shapes)) == len(shapes)
    finally:
        pygame.quit()


def test_panels_left_on_the_screen_between_frames_match_a_frame_drawn_afresh():
    """The panels are copied only when they change or something covered them: a tooltip, the log's rule, the
    pause menu or a popup leaves no trace once gone, and every frame equals the same frame on a blank screen."""
    from game.input.intents import Hover, Key

    kept, afresh = (Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock())).scene for _ in range(2))
    for scene in (kept, afresh):
        scene.handover = None
    screen = pygame.Surface((1280, 720))
    shown = {"tooltip": 0, "log rule": 0, "pause": 0}

    def step(intent=None):
        for scene in (kept, afresh):
            if intent is not None:
                scene.handle(intent)
            scene.update()
        kept.draw(screen)
        blank = pygame.Surface((1280, 720))
        afresh.draw(blank)
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(blank, "RGB"), intent
        shown["tooltip"] += kept._tooltip is not None and kept.hover is not None and any(
            rect.collidepoint(kept.hover) for rect, _ in kept.bar)
        shown["pause"] += kept.pause is not None

    on_map = kept.map_rect.center
    step(Hover(on_map))
    step(Hover(kept.bar[0][0].center))          # a card's tooltip over the map and the bar
    step(Hover(on_map))
    line = next(rect for rect, entry in kept.log.line_rects if entry.rule)
    step(Hover(line.center))                    # the log entry's rule beside it
    shown["log rule"] += kept._log_tip is not None
    step(Hover(on_map))
    step(Key("choice1"))                        # refused (out of reach): the hint line says why
    assert kept.message
    step(Key("cover_lines"))                    # the banner marks the cover lines shown
    assert kept.show_cover_lines
    step(Key("cancel"))
    step(Key("cancel"))                         # nothing left to cancel: the pause menu
    step(Key("cancel"))
    for _ in range(3):
        step()
    assert shown == {"tooltip": 1, "log rule": 1, "pause": 1}
    pygame.quit()


def test_back_from_the_settings_screen_the_battle_is_drawn_whole_again(game):
    """The settings screen drew over the battle's panels: the first frame back copies every panel."""
    stage(game, "Brakka", {"Brakka": (10, 8)})
    hover(game, (10, 11))
    run_frames(game, 2)
    press(pygame.K_F10)
    run_frames(game, 2)
    assert type(game.scene).__name__ == "SettingsScene"
    press(pygame.K_ESCAPE)
    run_frames(game, 1)
    blank = pygame.Surface(game.screen.get_size())
    game.scene.draw(blank)
    assert pygame.image.tobytes(game.screen, "RGB") == pygame.image.tobytes(blank, "RGB")
