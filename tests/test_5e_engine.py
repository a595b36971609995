"""The playable 5e-house engine through its door: commands validated then applied with scripted dice, the
turn system, opportunity attacks, spells, potions, the computer player and whole headless games."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.rosters import ContentError
from game.core.battlefield import Obscurement, parse_ascii
from game.core.dice import DiceExpr, ScriptedDice
from game.ecs.components import Condition, Position
from game.ecs.world import World
from game.rulesets import ruleset
from game.rulesets.dnd5e import engine
from game.rulesets.dnd5e.commands import (
    Attack, AttackRolled, Cast, ConcentrationEnded, Damaged, Dash, DeathSaveRolled, Disengage, Dodge, DrinkPotion,
    EndTurn, Escape, Fell, FirstAid, Help, Hide, InitiativeRolled, Move, OpportunityOffered, PotionDrunk, Pushed,
    React, SkirmishWon, StandUp, Stow, Teleported,
)
from game.rulesets.dnd5e.components import Ground, Hands, Potions, Round, Weapon, Zone
from game.rulesets.dnd5e.content import load_creatures, load_spells
from game.rulesets.dnd5e.ruleset import add_creature
from game.rulesets.dnd5e.situation import MELEE, provokers
from game.rulesets.dnd5e.spells import SpellSlots
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import DamageType, Defences, Vitals
from game.state import GameState

ROOT = Path(__file__).resolve().parent.parent
CREATURES = load_creatures()


def skirmish(rows, cast, order, elevation_ft=None):
    """A 5e state with a creature at each letter of ``rows`` (cast: letter -> (creature key, side)); the
    turn order is ``order`` and the first creature's turn has begun."""
    bf = parse_ascii(rows, elevation_ft=elevation_ft)
    world = World()
    ids = {}
    for letter in sorted(cast):
        key, side = cast[letter]
        square = next((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == letter)
        ids[letter] = add_creature(world, CREATURES[key], side, square, letter)
    state = GameState(bf, world)
    world.set_resource(Ground(bf))
    world.set_resource(Round(1, tuple(ids[letter] for letter in order), 0))
    engine.start_turn(state, ScriptedDice([]))
    return state, ids


def run(state, command, *rolls):
    dice = ScriptedDice(list(rolls))
    result = engine.execute(state, command, dice)
    assert not isinstance(result, Refused), result
    assert not dice.script, f"rolls left over: {dice.script}"
    return result


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_split_moves_share_the_turns_diagonal_count_and_movement_2_3():
    state, ids = skirmish(["F.....", "......", "......", ".....G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f = ids["F"]
    run(state, Move(f, ((0, 0), (1, 1))))
    run(state, Move(f, ((1, 1), (2, 2))))       # the second diagonal of the turn: 10 ft
    assert engine.budget(state, f).movement_ft == 15
    refusal = engine.execute(state, Move(f, ((2, 2), (3, 2), (4, 2), (5, 2), (5, 1))), ScriptedDice([]))
    assert isinstance(refusal, Refused) and "15 ft are left" in refusal.reason


def test_a_refused_command_changes_nothing_and_rolls_nothing():
    state, ids = skirmish(["F...G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    before = state.world.snapshot()
    refusal = engine.execute(state, Attack(ids["F"], ids["G"], "Longsword"), ScriptedDice([]))
    assert isinstance(refusal, Refused) and "beyond 5 ft reach" in refusal.reason
    assert state.world.snapshot() == before


def test_monsters_die_at_0_hp_and_the_last_side_standing_wins():
    state, ids = skirmish(["FG"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    events = run(state, Attack(ids["F"], ids["G"], "Longsword"), 10, 5)      # 10 + 5 = AC 15; 5 + 3 damage
    assert of(events, AttackRolled)[0].hit
    assert of(events, Damaged)[0].killed and of(events, SkirmishWon) == [SkirmishWon("blue")]


def test_cover_raises_the_ac_and_resistance_halves_7_4_2():
    state, ids = skirmish([".....", "R.o.G", "....."], {"R": ("rogue", "blue"), "G": ("bugbear", "red")}, "RG")
    g = ids["G"]
    state.world.add(g, replace(engine.sheet(state, g), defences=Defences(resist=(DamageType.PIERCING,))))
    run(state, Stow(ids["R"], "Dagger"))                                     # a hand free for the bow
    events = run(state, Attack(ids["R"], g, "Shortbow"), 13, 6)              # 13 + 5 = 18 against 16 + 2
    assert of(events, AttackRolled)[0].ac == 18 and of(events, AttackRolled)[0].hit
    assert of(events, Damaged)[0].amount == (6 + 3) // 2


def test_a_confirmed_natural_20_slays_outright_4_3():
    state, ids = skirmish(["F..", ".O.", "..."], {"F": ("fighter", "blue"), "O": ("ogre", "red")}, "FO")
    events = run(state, Attack(ids["F"], ids["O"], "Longsword"), 20, 20)
    assert of(events, AttackRolled)[0].crit == "slaying" and of(events, Damaged)[0].killed


def test_a_melee_knockout_leaves_the_creature_at_1_hp_unconscious_3_1():
    state, ids = skirmish(["FH...G"], {"F": ("fighter", "blue"), "H": ("hobgoblin", "red"), "G": ("goblin", "red")}, "FHG")
    h = ids["H"]
    run(state, Attack(ids["F"], h, "Longsword", knockout=True), 15, 8)      # 11 damage: exactly to 0
    assert engine.vitals(state, h).hp == 1 and engine.vitals(state, h).knocked_out
    assert state.has_condition(h, "unconscious") and engine.alive(state, h)


def test_leaving_reach_offers_an_opportunity_attack_before_the_step_6():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    events = run(state, Move(f, ((1, 1), (0, 1), (0, 0))))
    assert events == [OpportunityOffered(g, f)]
    assert state.square(f) == (1, 1) and engine.decider(state) == g
    assert isinstance(engine.execute(state, EndTurn(f), ScriptedDice([])), Refused)
    events = run(state, React(g, True), 1)                                    # a natural 1 misses
    assert of(events, AttackRolled)[0].hit is False and state.square(f) == (0, 0)
    assert not engine.budget(state, g).reaction


def test_an_opportunity_attack_declined_lets_the_walk_go_on_unasked_6():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    run(state, Move(f, ((1, 1), (0, 1), (0, 0))))
    events = run(state, React(g, False))
    assert not of(events, OpportunityOffered) and state.square(f) == (0, 0) and engine.budget(state, g).reaction


def _with_glaive(state, e, held=("Glaive",)):
    """A creature holding a Glaive, a 10-ft reach weapon (and whatever else ``held`` names)."""
    me = engine.sheet(state, e)
    glaive = Weapon("Glaive", MELEE, 4, DiceExpr(1, 10, 2), "slashing", reach_ft=10)
    state.world.add(e, replace(me, attacks=me.attacks + (glaive,), wields=held))
    state.world.add(e, Hands(held))


def test_R004_OA_01_leaving_a_10ft_reach_provokes():
    state, ids = skirmish(["...F.H"], {"F": ("fighter", "blue"), "H": ("hobgoblin", "red")}, "FH")
    f, h = ids["F"], ids["H"]
    _with_glaive(state, h)
    away = ((3, 0), (2, 0))                                                   # 10 ft to 15 ft from the glaive
    assert provokers(state, f, away) == [h]                                  # what the walk preview shows
    assert of(run(state, Move(f, away)), OpportunityOffered) == [OpportunityOffered(h, f)]
    assert state.square(f) == (3, 0)                                          # R004-OA-02: still inside reach


def test_R004_OA_05_moving_within_a_10ft_reach_does_not_provoke():
    state, ids = skirmish(["....FH"], {"F": ("fighter", "blue"), "H": ("hobgoblin", "red")}, "FH")
    _with_glaive(state, ids["H"])
    events = run(state, Move(ids["F"], ((4, 0), (3, 0))))                   # 5 ft to 10 ft: still in reach
    assert not of(events, OpportunityOffered) and state.square(ids["F"]) == (3, 0)


def test_R004_OA_01_the_opportunity_attack_is_made_with_a_weapon_that_reaches():
    state, ids = skirmish(["...F.H"], {"F": ("fighter", "blue"), "H": ("hobgoblin", "red")}, "FH")
    f, h = ids["F"], ids["H"]
    _with_glaive(state, h, held=("Longsword", "Glaive"))                     # the longsword reaches 5 ft only
    run(state, Move(f, ((3, 0), (2, 0))))
    events = run(state, React(h, True), 1)
    assert [e.weapon for e in of(events, AttackRolled)] == ["Glaive"]


def test_R004_OA_01_a_creature_with_no_melee_weapon_in_hand_provokes_nowhere():
    state, ids = skirmish(["...FH"], {"F": ("fighter", "blue"), "H": ("hobgoblin", "red")}, "FH")
    f, h = ids["F"], ids["H"]
    state.world.add(h, Hands(()))
    away = ((3, 0), (2, 0))
    assert provokers(state, f, away) == []                                   # the preview agrees with the door
    assert not of(run(state, Move(f, away)), OpportunityOffered)


def test_disengage_walks_away_without_provoking_2_1():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    run(state, Disengage(ids["F"]))
    events = run(state, Move(ids["F"], ((1, 1), (0, 1), (0, 0))))
    assert not of(events, OpportunityOffered) and state.square(ids["F"]) == (0, 0)


def test_a_dying_hero_rolls_its_death_save_when_its_turn_starts_3_1():
    state, ids = skirmish(["F.C...G"], {"F": ("fighter", "blue"), "C": ("cleric", "blue"), "G": ("goblin", "red")}, "FCG")
    c = ids["C"]
    state.world.add(c, Vitals(0, 30))
    state.add_condition(c, Condition("unconscious"))
    events = run(state, EndTurn(ids["F"]), 5)
    assert of(events, DeathSaveRolled) == [DeathSaveRolled(c, 5, "failure")]
    assert engine.round_of(state).current == ids["G"]        # the dying cleric's turn passes
    assert engine.vitals(state, c).failures == 1


def _dying_brakka(failures: int):
    """Brakka the fighter at 0 HP with ``failures`` death-save failures, a goblin beside her to act first."""
    state, ids = skirmish(["FG"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "GF")
    f = ids["F"]
    state.world.add(f, replace(engine.vitals(state, f), hp=0, failures=failures))
    state.add_condition(f, Condition("unconscious"))
    return state, f, ids["G"]


def test_R004_DY_04_a_critical_hit_on_two_failures_kills_at_three_not_four():
    state, f, g = _dying_brakka(failures=2)
    events = run(state, Attack(g, f, "Scimitar"), 15, 15, 1, 1)             # a hit within 5 ft: a critical
    assert of(events, Damaged)[0].killed
    assert (engine.vitals(state, f).failures, engine.vitals(state, f).dead) == (3, True)


def test_R004_DY_04_a_natural_1_death_save_on_two_failures_kills_at_three_not_four():
    state, f, g = _dying_brakka(failures=2)
    events = run(state, EndTurn(g), 1)                                       # Brakka's turn: a natural 1
    assert of(events, DeathSaveRolled) == [DeathSaveRolled(f, 1, "dead")]
    assert (engine.vitals(state, f).failures, engine.vitals(state, f).dead) == (3, True)


def test_first_aid_stabilises_a_dying_ally_3_1():
    state, ids = skirmish(["FC..G"], {"F": ("fighter", "blue"), "C": ("cleric", "blue"), "G": ("goblin", "red")}, "FCG")
    state.world.add(ids["C"], Vitals(0, 30, failures=2))
    run(state, FirstAid(ids["F"], ids["C"]), 9)                              # 9 + Wis 1 = 10
    assert engine.vitals(state, ids["C"]).stable


def test_one_levelled_spell_a_turn_5_2():
    state, ids = skirmish(["CW..G"], {"C": ("cleric", "blue"), "W": ("wizard", "blue"), "G": ("goblin", "red")}, "CWG")
    state.world.add(ids["W"], Vitals(5, 21))
    events = run(state, Cast(ids["C"], "healing_word", ids["W"]), 2, 3)       # 2d4 + 3
    assert engine.vitals(state, ids["W"]).hp == 13 and engine.slots(state, ids["C"]).left == (3, 2)
    refusal = engine.execute(state, Cast(ids["C"], "thunderwave"), ScriptedDice([]))
    assert isinstance(refusal, Refused) and "one levelled spell per turn" in refusal.reason
    assert events


def test_thunderwave_pushes_a_failed_saver_10_ft_and_off_a_ledge_into_a_fall():
    rows = [".....", ".CB..", "....."]
    heights = [[20, 20, 20, 20, 0]] * 3
    state, ids = skirmish(rows, {"C": ("cleric", "blue"), "B": ("bugbear", "red")}, "CB", elevation_ft=heights)
    b = ids["B"]
    events = run(state, Cast(ids["C"], "thunderwave"), 2, 1, 1, 1, 1)        # save 2+1; 2d8; the 20-ft fall 2d6
    assert of(events, Pushed) == [Pushed(b, ((2, 1), (3, 1), (4, 1)))]
    assert of(events, Fell) == [Fell(b, 20, 2)]
    assert engine.vitals(state, b).hp == 27 - 2 - 2 and state.has_condition(b, "prone")


def test_an_area_spell_rolls_its_damage_once_for_every_creature_it_catches():
    """docs/rulings.md (the page is silent; 5e): one 2d8 Thunderwave roll, the whole of it for the ogre that
    fails its save and half of the same roll for the one that makes it."""
    state, ids = skirmish(["O.CP.", ".....", "....."], {"C": ("cleric", "blue"), "O": ("ogre", "red"),
                                                        "P": ("ogre", "red")}, "COP")
    events = run(state, Cast(ids["C"], "thunderwave"), 2, 3, 4, 20)         # O: save 2+3; 2d8 = 7; P: 20+3
    assert [(d.target, d.amount) for d in of(events, Damaged)] == [(ids["O"], 7), (ids["P"], 3)]
    assert (engine.vitals(state, ids["O"]).hp, engine.vitals(state, ids["P"]).hp) == (59 - 7, 59 - 3)


def test_misty_step_teleports_to_a_seen_unoccupied_space_within_30_ft():
    state, ids = skirmish(["WG.........", "..........."], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w = ids["W"]
    assert isinstance(engine.validate(state, Cast(w, "misty_step", at=(7, 0))), Refused)    # 35 ft
    assert isinstance(engine.validate(state, Cast(w, "misty_step", at=(1, 0))), Refused)    # occupied
    events = run(state, Cast(w, "misty_step", at=(6, 1)))
    assert of(events, Teleported) == [Teleported(w, (6, 1))] and not engine.budget(state, w).bonus


def test_fog_cloud_obscures_until_a_failed_concentration_save_5_2_8():
    rows = ["WG............", "..............", "..............", ".............."]
    state, ids = skirmish(rows, {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w, g = ids["W"], ids["G"]
    run(state, Cast(w, "fog_cloud", at=(10, 2)))
    assert state.battlefield.at((10, 2)).obscured == Obscurement.HEAVY
    assert state.battlefield.at((1, 0)).obscured == Obscurement.NONE
    run(state, EndTurn(w))
    events = run(state, Attack(g, w, "Scimitar"), 15, 4, 3)                  # hit; 6 damage; Con save 3 + 1 < 10
    assert of(events, ConcentrationEnded) == [ConcentrationEnded(w, "fog_cloud")]
    assert state.battlefield.at((10, 2)).obscured == Obscurement.NONE


def test_trip_grapple_and_escape_replace_attack_rolls_2_1():
    state, ids = skirmish(["FG", "H."], {"F": ("fighter", "blue"), "G": ("goblin", "red"), "H": ("hobgoblin", "red")}, "FHG")
    f, g, h = ids["F"], ids["G"], ids["H"]
    run(state, Attack(f, g, "Longsword", option="trip"), 5)                  # Dex save 5 + 2 < 13
    assert state.has_condition(g, "prone")
    state.world.add(f, replace(engine.budget(state, f), standard=True))     # a second attack, for the test
    run(state, Attack(f, h, "Longsword", option="grapple"), 4)
    assert state.has_condition(h, "grappled") and engine.speed_ft(state, h) == 0
    run(state, EndTurn(f))
    events = run(state, Attack(h, f, "Longsword"), 19, 2)                    # disadvantage: the 2 counts
    assert of(events, AttackRolled)[0].mode == "disadvantage" and not of(events, AttackRolled)[0].hit
    state.world.add(h, replace(engine.budget(state, h), standard=True))
    run(state, Escape(h), 10)                                                # 10 + Str 1 + 2 = DC 13
    assert not state.has_condition(h, "grappled")


def test_a_potion_over_a_lasting_one_rolls_the_mixing_table_01_explodes_9():
    state, ids = skirmish(["FG"], {"F": ("fighter", "blue"), "G": ("bugbear", "red")}, "FG")
    f = ids["F"]
    run(state, DrinkPotion(f, "heroism"))
    assert engine.vitals(state, f).temp == 10
    state.world.add(f, replace(engine.budget(state, f), bonus=True))        # the next turn's bonus action
    events = run(state, DrinkPotion(f, "healing"), 1, 1, 1, 1, 2)          # 01; one 4d10 = 5 for everyone
    assert of(events, PotionDrunk) == [PotionDrunk(f, "healing", 1, "explosion")]
    assert engine.vitals(state, f).hp == 36 - 5 and engine.vitals(state, f).temp == 0
    assert engine.vitals(state, ids["G"]).hp == 27 - 5
    assert state.world.get(f, Potions) == Potions(0, 0, False)


def test_hide_needs_heavy_obscurement_or_cover_and_stealth_15_2_1():
    state, ids = skirmish(["R%...G"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r = ids["R"]
    assert isinstance(engine.validate(state, Hide(r)), Refused)
    state.world.add(r, Position((1, 0)))
    run(state, Hide(r), 12)
    assert state.has_condition(r, "hidden")


def test_help_gives_the_next_allys_attack_advantage_2_1():
    state, ids = skirmish(["CG", "F."], {"C": ("cleric", "blue"), "F": ("fighter", "blue"), "G": ("bugbear", "red")}, "CFG")
    c, f, g = ids["C"], ids["F"], ids["G"]
    run(state, Help(c, g))
    run(state, EndTurn(c))
    events = run(state, Attack(f, g, "Longsword"), 3, 18, 1)
    assert of(events, AttackRolled)[0].mode == "advantage" and of(events, AttackRolled)[0].faces == (3, 18)
    assert engine.attack_odds(state, f, g, "melee") == "none"          # used up


def test_dodge_gives_attackers_disadvantage_until_the_dodgers_next_turn_2_1():
    state, ids = skirmish(["FG"], {"F": ("fighter", "blue"), "G": ("bugbear", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    run(state, Dodge(f))
    run(state, EndTurn(f))
    events = run(state, Attack(g, f, "Morningstar"), 19, 4)
    assert of(events, AttackRolled)[0].mode == "disadvantage" and not of(events, AttackRolled)[0].hit
    run(state, EndTurn(g))
    assert engine.attack_odds(state, g, f, "melee") == "none"


def test_dash_and_standing_up_2_1_2_3_1():
    state, ids = skirmish(["F...G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f = ids["F"]
    state.add_condition(f, Condition("prone"))
    run(state, StandUp(f))
    assert engine.budget(state, f).movement_ft == 15 and not state.has_condition(f, "prone")
    run(state, Dash(f))
    assert engine.budget(state, f).movement_ft == 45


def test_a_new_match_rolls_initiative_and_starts_the_highest():
    rules = ruleset("5e-house")
    from game.simulate import load_map
    match = rules.new_match(load_map(ROOT / "maps" / "default.tmx"), rules.load_rosters(), CREATURES, 7)
    rolled = of(match.opening, InitiativeRolled)
    assert len(rolled) == sum(len(r.creatures) for r in rules.load_rosters() if r.side in ("blue", "red"))
    totals = [r.natural + r.dex for r in rolled]
    assert totals == sorted(totals, reverse=True)
    assert engine.round_of(match.state).current == rolled[0].entity


def test_whole_computer_games_finish_and_replay_identically():
    from game.simulate import load_map, play_game, replay
    rules = ruleset("5e-house")
    bf = load_map(ROOT / "maps" / "default.tmx")
    rosters = rules.load_rosters(creatures=CREATURES)
    for seed in range(4):
        players = {r.side: rules.make_player("ai", r.side, "normal", seed) for r in rosters}
        result = play_game(bf, rosters, CREATURES, seed, players, 30, ruleset_name="5e-house")
        again = replay(bf, rosters, CREATURES, seed, [c for c, _ in result.match.record], ruleset_name="5e-house")
        assert again.events == result.match.events
        assert result.winner in ("blue", "red") and result.rounds <= 30


def test_content_errors_name_the_file_and_key(tmp_path):
    bad = tmp_path / "creatures.toml"
    bad.write_text('[imp]\nname = "Imp"\nsprite = "imp"\nlevel = 1\ncr = "1"\nhp = 5\nac = 13\nspeed_ft = 20\n'
                   'abilities = { dex = 3 }\nproficiency = 2\n[[imp.attacks]]\nname = "Sting"\nkind = "thrown"\n'
                   'bonus = 5\ndamage = "1d4+3"\ndamage_type = "piercing"\n')
    with pytest.raises(ContentError, match=r"^creatures.toml:imp.attacks\[0\].kind: must be one of melee, ranged"):
        load_creatures(bad, load_spells())
    hero = tmp_path / "hero.toml"
    hero.write_text('[h]\nname = "H"\nsprite = "h"\nhero = true\nlevel = 2\nhp = 30\nac = 10\nspeed_ft = 30\n'
                    'abilities = {}\nproficiency = 2\n')
    with pytest.raises(ContentError, match=r"^hero.toml:h.hp: a hero's hit points follow §3"):
        load_creatures(hero, load_spells())


def test_every_shipped_5e_hero_has_the_pages_hit_points_3():
    assert [CREATURES[k].max_hp for k in ("fighter", "rogue", "cleric", "wizard")] == [36, 27, 30, 21]
    assert SpellSlots(CREATURES["wizard"].slots).left == (4, 2)


def test_simulate_plays_5e_house_from_the_command_line():
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--ruleset", "5e-house", "--games", "2"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\ngame ") + proc.stdout.startswith("game ") == 2 and "summary:" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--ruleset", "3e"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("error: unknown ruleset '3e'") and proc.stderr.count("\n") == 1
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--ruleset", "5e-house", "--sides", "scripted,ai"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "5e-house has only the ai player" in proc.stderr


def test_R004_SP_05_a_new_concentration_spell_ends_the_casters_old_one():
    state, ids = skirmish(["W.........G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w, g = ids["W"], ids["G"]
    run(state, Cast(w, "fog_cloud", at=(5, 0)))
    run(state, EndTurn(w))
    run(state, EndTurn(g))
    events = run(state, Cast(w, "darkness", at=(8, 0)))
    assert of(events, ConcentrationEnded) == [ConcentrationEnded(w, "fog_cloud")]
    assert engine.concentration(state, w).spell == "darkness"
    assert [zone.spell for _, zone in state.world.query(Zone)] == ["darkness"]         # the fog lifted


def test_R004_SP_07_a_caster_dropped_to_0_hp_loses_concentration_at_once():
    state, ids = skirmish(["WG"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w, g = ids["W"], ids["G"]
    run(state, Cast(w, "darkness", at=(1, 0)))
    state.world.add(w, replace(state.world.get(w, Vitals), hp=1))
    run(state, EndTurn(w))
    events = run(state, Attack(g, w, "Scimitar"), 15, 4)                       # hit; 4 + 2 drops the wizard
    assert of(events, ConcentrationEnded) == [ConcentrationEnded(w, "darkness")]
    assert engine.concentration(state, w).spell == ""
    assert state.battlefield.at((1, 0)).obscured != Obscurement.TOTAL
