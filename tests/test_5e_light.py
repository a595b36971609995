"""5e-house light (R004-LT-01..04): light levels read from the shared battlefield, darkvision, magical darkness
and the Darkness spell, through the door with scripted dice: hide, opportunity attacks, attack odds, and what
the battle screen says and draws of them."""

from __future__ import annotations

from pathlib import Path

from game.core.battlefield import Obscurement, parse_ascii
from game.core.dice import ScriptedDice
from game.ecs.components import Position
from game.ecs.world import World
from game.rulesets.dnd5e import engine
from game.rulesets.dnd5e.commands import (
    Attack, AttackRolled, Cast, ConcentrationEnded, EndTurn, Hide, Move, Search, Searched,
)
from game.rulesets.dnd5e.components import Ground, Round
from game.rulesets.dnd5e.content import load_creatures
from game.rulesets.dnd5e.rolls import ADVANTAGE, DISADVANTAGE, STRAIGHT
from game.rulesets.dnd5e.ruleset import add_creature
from game.rulesets.dnd5e.sight import (
    BRIGHT, CLEAR, DARK, DIM, FAILS, HINDERED, MAGICAL_DARK, Veils, light_level, seen_field, sight_check,
)
from game.rulesets.dnd5e.situation import (
    MELEE, RANGED, can_see, concealment, odds, provokers, unseen_because, veils,
)
from game.rulesets.dnd5e.verdict import Refused
from game.state import GameState
from game.rulesets.dnd5e.presentation import adapter as rules_5e
from tests.test_5e_engine import run

CREATURES = load_creatures()
MARSH = Path(__file__).resolve().parent.parent / "maps" / "marsh.tmx"


def skirmish(rows, cast, order):
    """A 5e state on the ASCII battlefield ``rows`` ("*" darkness, "%" heavy fog, ":" light obscurement);
    ``cast``: letter -> (creature key, side, square); the first of ``order`` has begun its turn."""
    bf = parse_ascii(rows)
    world = World()
    ids = {letter: add_creature(world, CREATURES[key], side, square, letter)
           for letter, (key, side, square) in sorted(cast.items())}
    state = GameState(bf, world)
    world.set_resource(Ground(bf))
    world.set_resource(Round(1, tuple(ids[letter] for letter in order), 0))
    engine.start_turn(state, ScriptedDice([]))
    return state, ids


def reasons(found):
    return [e.reason for e in found.advantages], [e.reason for e in found.disadvantages]


def test_R004_LT_01_each_square_has_a_light_level_read_from_the_shared_obscurement():
    bf = parse_ascii([".:%*."])
    veils = Veils(darkness=frozenset({(4, 0)}))
    levels = [light_level(bf, (x, 0), veils) for x in range(5)]
    # Heavy fog stands in bright light: it hides without being dark (docs/rulings.md).
    assert levels == [BRIGHT, DIM, BRIGHT, DARK, MAGICAL_DARK]


def test_R004_LT_02_dim_light_puts_perception_at_disadvantage_darkvision_reads_darkness_as_dim():
    bf = parse_ascii(["..:" + "*" * 15])
    viewer = ((0, 0), 1)
    assert sight_check(bf, viewer, ((2, 0), 1)) == HINDERED
    assert sight_check(bf, viewer, ((5, 0), 1)) == FAILS                      # dark: no darkvision
    seen = seen_field(bf, viewer, 60)
    assert sight_check(seen, viewer, ((5, 0), 1)) == HINDERED                 # 25 ft: dark looks dim
    assert sight_check(seen, viewer, ((12, 0), 1)) == HINDERED                # 60 ft: still within
    assert sight_check(seen, viewer, ((13, 0), 1)) == FAILS                   # 65 ft: beyond darkvision
    assert sight_check(seen, viewer, ((2, 0), 1)) == HINDERED                 # the map's light obscurement stays
    assert sight_check(parse_ascii(["A.."]), viewer, ((2, 0), 1)) == CLEAR


def test_R004_LT_03_attacks_into_and_out_of_darkness_follow_blinded_logic_and_cancel():
    cast = {"F": ("fighter", "blue", (0, 0)), "R": ("rogue", "red", (1, 0))}
    state, ids = skirmish([".*.", "**."], cast, "FR")
    f, r = ids["F"], ids["R"]
    at_target = odds(state, f, r, MELEE)
    assert at_target.result == DISADVANTAGE
    assert reasons(at_target) == ([], ["target in darkness (you can't see it)"])
    from_dark = odds(state, r, f, MELEE)
    assert from_dark.result == ADVANTAGE
    assert reasons(from_dark) == (["attacker in darkness (the target can't see you)"], [])
    state.world.add(f, Position((0, 1)))                                     # both in the dark: AT-06 cancels
    assert odds(state, f, r, MELEE).result == STRAIGHT
    events = run(state, Attack(f, r, "Longsword"), 3)                         # one d20: 3 + 5 misses
    assert [(e.mode, e.faces) for e in events if isinstance(e, AttackRolled)] == [("none", (3,))]


def test_R004_LT_04_darkvision_sees_the_dark_as_dim_within_60_ft_and_says_so():
    rows = ["." * 10 + "*" * 6]
    cast = {"G": ("goblin_archer", "red", (0, 0)), "F": ("fighter", "blue", (10, 0))}
    state, ids = skirmish(rows, cast, "GF")
    g, f = ids["G"], ids["F"]
    assert can_see(state, g, f) and can_see(state, f, g)                     # the fighter looks out of the dark
    near = odds(state, g, f, RANGED)                                          # 50 ft: seen, as in dim light
    assert near.result == STRAIGHT and near.notes == ("darkvision 60 ft",)
    assert concealment(state, g, f) == "light"
    assert odds(state, f, g, RANGED).notes == ("the target's darkvision 60 ft sees you",)
    state.world.add(f, Position((13, 0)))                                     # 65 ft: beyond darkvision
    far = odds(state, g, f, RANGED)
    assert far.result == STRAIGHT                                             # unseen both ways: cancels
    assert reasons(far) == (["attacker out of sight (the target can't see you)"],
                            ["target in darkness (you can't see it)"])
    assert concealment(state, g, f) == "heavy"


def test_R004_LT_04_darkvision_looks_through_darkness_within_range_where_others_cannot():
    # A dark band between a lit goblin and a lit fighter: the fighter sees nothing past it, the goblin does.
    cast = {"G": ("goblin", "red", (0, 0)), "F": ("fighter", "blue", (6, 0))}
    state, ids = skirmish([".*****."], cast, "GF")
    g, f = ids["G"], ids["F"]
    assert can_see(state, g, f) and not can_see(state, f, g)
    assert unseen_because(state, f, g) == "out of sight"
    assert odds(state, g, f, RANGED).result == ADVANTAGE


def test_R004_LT_04_fog_in_the_dark_stays_heavy_for_darkvision():
    cast = {"W": ("wizard", "blue", (0, 1)), "G": ("goblin", "red", (0, 0)), "F": ("fighter", "blue", (5, 0))}
    state, ids = skirmish(["...*******", ".........."], cast, "WGF")
    g, f = ids["G"], ids["F"]
    assert can_see(state, g, f)
    run(state, Cast(ids["W"], "fog_cloud", at=(7, 0)))                        # 20 ft of fog over the dark
    assert unseen_because(state, g, f) == "in heavy fog"


def test_R004_LT_04_darkvision_never_sees_into_or_through_magical_darkness_until_it_ends():
    rows = ["." * 16, "." * 16, "." * 16]
    cast = {"W": ("wizard", "blue", (0, 1)), "G": ("goblin", "red", (1, 1)), "F": ("fighter", "blue", (8, 1)),
            "H": ("hobgoblin", "red", (14, 1))}
    state, ids = skirmish(rows, cast, "WGFH")
    w, g, f, h = ids["W"], ids["G"], ids["F"], ids["H"]
    assert can_see(state, g, f)
    run(state, Cast(w, "darkness", at=(8, 1)))                                # level 2 slot, concentration
    assert engine.slots(state, w).at(2) == 1 and engine.concentration(state, w).spell == "darkness"
    assert state.battlefield.at((8, 1)).obscured == Obscurement.TOTAL
    assert not can_see(state, g, f)                                           # 35 ft, darkvision 60: no
    assert unseen_because(state, g, f) == "in magical darkness"
    assert not can_see(state, g, h)                                           # behind the sphere: no line
    assert odds(state, g, f, MELEE).result == STRAIGHT                        # neither sees the other
    run(state, EndTurn(w))
    events = run(state, Attack(g, w, "Scimitar"), 15, 4, 3)                  # hit, 6 damage; Con 3 + 1 < 10
    assert [e for e in events if isinstance(e, ConcentrationEnded)] == [ConcentrationEnded(w, "darkness")]
    assert state.battlefield.at((8, 1)).obscured == Obscurement.NONE
    assert can_see(state, g, f) and can_see(state, g, h)


def test_magical_darkness_is_dark_even_where_a_map_light_lifted_the_darkness():
    # The shared map has lit these squares (NONE); the spell's darkness is dark whatever light is there.
    cast = {"W": ("wizard", "blue", (0, 0)), "G": ("goblin", "red", (2, 0))}
    state, ids = skirmish(["......"], cast, "WG")
    run(state, Cast(ids["W"], "darkness", at=(2, 0)))
    assert unseen_because(state, ids["W"], ids["G"]) == "in magical darkness"
    assert [light_level(state.battlefield, (x, 0), veils(state)) for x in (5, 6)] == [MAGICAL_DARK, BRIGHT]


def test_darkness_reaches_60_ft_and_needs_a_level_2_slot():
    cast = {"W": ("wizard", "blue", (0, 0)), "G": ("goblin", "red", (1, 1))}
    state, ids = skirmish(["." * 15, "." * 15], cast, "WG")
    w = ids["W"]
    assert engine.validate(state, Cast(w, "darkness", at=(12, 0))) is None                 # 60 ft
    assert isinstance(engine.validate(state, Cast(w, "darkness", at=(13, 0))), Refused)    # 65 ft
    assert isinstance(engine.validate(state, Cast(w, "darkness", at=(5, 0), slot_level=1)), Refused)
    spell = engine.spell_named(state, w, "darkness")
    assert (spell.level, spell.concentration, spell.radius_ft, spell.range_ft) == (2, True, 15, 60)


def test_R004_SA_10_an_enemy_whose_darkvision_sees_the_hider_stops_the_hide():
    cast = {"R": ("rogue", "blue", (0, 0)), "G": ("goblin", "red", (10, 0))}
    state, ids = skirmish(["**" + "." * 13], cast, "RG")
    r, g = ids["R"], ids["G"]
    refusal = engine.validate(state, Hide(r))                                 # 50 ft: the goblin sees it
    assert isinstance(refusal, Refused)
    state.world.add(g, Position((14, 0)))                                     # 70 ft: beyond darkvision
    run(state, Hide(r), 12)                                                   # 12 + Dex 3 = 15
    assert state.has_condition(r, "hidden")


def test_R004_OA_01_and_03_only_an_enemy_that_sees_the_mover_in_the_dark_makes_an_opportunity_attack():
    cast = {"R": ("rogue", "blue", (1, 1)), "G": ("goblin", "red", (2, 1)), "F": ("fighter", "red", (1, 2))}
    state, ids = skirmish(["****", "****", "****"], cast, "RGF")
    r, g, f = ids["R"], ids["G"], ids["F"]
    # Walking north-west out of both reaches: the goblin sees the rogue in the dark, the fighter does not.
    assert provokers(state, r, ((1, 1), (0, 0))) == [g]
    assert not can_see(state, f, r)


def test_the_battle_screen_forecast_and_card_name_the_light_and_darkvision():
    from game.rulesets.dnd5e.presentation import adapter as rules_5e
    cast = {"F": ("fighter", "blue", (0, 0)), "G": ("goblin", "red", (3, 0)), "W": ("wizard", "blue", (0, 2))}
    state, ids = skirmish(["..**....", "..**....", "........"], cast, "FGW")
    f, g, w = ids["F"], ids["G"], ids["W"]
    line = rules_5e.forecast(state, f, g, "Javelin").line()
    assert "target in darkness (you can't see it): disadvantage" in line
    assert line.endswith("the target's darkvision 60 ft sees you")
    assert "Darkvision 60 ft: darkness looks dim, magical darkness stays dark" in rules_5e.card_lines(state, g)
    assert not any("Darkvision" in card for card in rules_5e.card_lines(state, f))
    state.world.set_resource(Round(1, (w, f, g), 0))
    engine.start_turn(state, ScriptedDice([]))
    run(state, Cast(w, "darkness", at=(6, 1)))
    [(label, squares, dark)] = rules_5e.spell_zones(state)
    assert label == "Darkness (W)" and dark and (6, 1) in squares and (2, 1) not in squares


def test_magical_darkness_is_drawn_nearly_black_over_the_map():
    import pygame
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock, run_frames
    game = Game(MARSH, 5, (1280, 720), loop=FixedStepLoop(SteppedClock()), ruleset="5e-house")
    try:
        scene, state = game.scene, game.scene.state
        wizard = next(e for e in state.creatures() if state.name(e) == "Ilvara")
        state.world.add(wizard, Position((9, 9)))
        here = state.world.resource(Round)
        state.world.set_resource(Round(here.number, here.order, here.order.index(wizard)))
        engine.start_turn(state, ScriptedDice([]))
        scene.handover = None
        spot = (16, 12)                                  # lit by the map's lantern, no creature on it

        def brightness() -> int:
            run_frames(game, 3)
            cell = scene.view.square_rect(spot).inflate(-8, -8)
            pixels = [game.screen.get_at((x, y)) for x in range(cell.left, cell.right, 3)
                      for y in range(cell.top, cell.bottom, 3)]
            return sum(p.r + p.g + p.b for p in pixels) // len(pixels)

        before = brightness()
        scene.submit(Cast(wizard, "darkness", at=(17, 11)))
        run_frames(game, 60)
        after = brightness()
    finally:
        pygame.quit()
    assert state.battlefield.at(spot).obscured == Obscurement.TOTAL
    assert after * 3 < before, (before, after)         # the map's lit marsh, then the spell's darkness


def hidden_rogue(square):
    """A rogue hidden in the dark at Stealth 15 (12 + Dex 3), then standing at ``square``; the fighter's turn."""
    cast = {"R": ("rogue", "blue", (6, 0)), "F": ("fighter", "red", (0, 0))}
    state, ids = skirmish(["F...:.*"], cast, "RF")
    r, f = ids["R"], ids["F"]
    run(state, Hide(r), 12)
    if square != (6, 0):
        path = tuple((x, 0) for x in range(6, square[0] - 1, -1))
        run(state, Move(r, path))
    run(state, EndTurn(r))
    return state, r, f


def test_R004_LT_02_a_search_for_a_hider_in_dim_light_is_at_disadvantage():
    state, r, f = hidden_rogue((4, 0))                                        # the ":" square: dim light
    events = run(state, Search(f), 18, 9)                                     # the lower 9 + Wis 1 = 10
    assert [e for e in events if isinstance(e, Searched)] == [Searched(f, r, (18, 9), 10, 15, False)]
    assert state.has_condition(r, "hidden")
    assert "d20 18/9 with disadvantage, 10 vs Stealth 15: not found" in rules_5e.narrate(events[0], state, {})


def test_search_meeting_the_stealth_total_finds_the_hider_in_bright_light():
    state, r, f = hidden_rogue((3, 0))
    events = run(state, Search(f), 14)                                        # 14 + 1 = 15: meets it
    assert [e for e in events if isinstance(e, Searched)] == [Searched(f, r, (14,), 15, 15, True)]
    assert not state.has_condition(r, "hidden") and can_see(state, f, r)


def test_R004_LT_03_a_search_cannot_find_a_hider_in_the_dark_and_rolls_nothing():
    state, r, f = hidden_rogue((6, 0))
    events = run(state, Search(f))
    assert [e for e in events if isinstance(e, Searched)] == [Searched(f, r, (), 0, 15, False)]
    assert rules_5e.narrate(events[0], state, {}) == "F cannot see where R hides (5e-house §8)."
    assert isinstance(engine.validate(state, Search(f)), Refused)             # one standard action a turn


def test_search_is_refused_when_no_enemy_is_hidden():
    cast = {"R": ("rogue", "blue", (3, 0)), "F": ("fighter", "red", (0, 0))}
    state, ids = skirmish(["F...."], cast, "FR")
    assert engine.validate(state, Search(ids["F"])).reason == "no enemy is hidden"
