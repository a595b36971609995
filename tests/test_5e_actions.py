"""The 5e-house actions beyond attacking and moving, through the door with scripted dice: Ready (R004-SA-13),
weapons in hand, drawn, stowed, knocked away and picked up (R004-AE-06, -07, SA-05), two-weapon fighting
(R004-AE-04) and dismissing a spell (R004-SP-08); and how the battle screen's adapter offers them."""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import DiceExpr, ScriptedDice
from game.ecs.components import Position
from game.rulesets import ruleset
from game.rulesets.dnd5e import engine
from game.rulesets.dnd5e.commands import (
    Attack, AttackRolled, Cast, ConcentrationEnded, Damaged, Dismiss, Draw, EndTurn, Move, OffHandAttack,
    OpportunityOffered, PickUp, React, Ready, ReadiedOffered, SpellCast, Stow, WeaponHandled,
)
from game.rulesets.dnd5e.components import Dropped, Ground, Hands, Readied, Zone
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import Vitals
from game.rulesets.dnd5e.presentation import adapter as rules_5e
from tests.test_5e_engine import of, run, skirmish


def refused(state, command) -> Refused:
    before = state.world.snapshot()
    refusal = engine.execute(state, command, ScriptedDice([]))
    assert isinstance(refusal, Refused), refusal
    assert state.world.snapshot() == before                 # a refusal changes nothing
    return refusal


# Ready (R004-SA-13) ---------------------------------------------------------------------------------------


def test_R004_SA_13_ready_spends_the_reaction_when_the_chosen_enemy_comes_within_reach():
    state, ids = skirmish(["F......", "......G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    events = run(state, Ready(f, "Longsword", target=g))
    assert not engine.budget(state, f).standard and engine.readied(state, f) == Readied("Longsword", "", g)
    run(state, EndTurn(f))
    walk = ((6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (0, 1))
    events = run(state, Move(g, walk))
    # The walk stops once the goblin has stepped within reach, and the fighter decides.
    assert of(events, ReadiedOffered) == [ReadiedOffered(f, g)]
    assert state.square(g) == (1, 1) and engine.decider(state) == f
    assert "readied Longsword" in rules_5e.offer_text(state)
    events = run(state, React(f, True), 2)                                    # 2 + 5 misses AC 15
    assert of(events, AttackRolled)[0].weapon == "Longsword"
    assert not engine.budget(state, f).reaction and engine.readied(state, f) is None
    assert state.square(g) == (0, 1)                                          # the walk went on


def test_R004_SA_13_a_readied_action_let_pass_stays_ready_and_fires_for_no_other_enemy():
    rows = ["F.....", ".....G", ".....H"]
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "G": ("goblin", "red"), "H": ("hobgoblin", "red")}, "FGH")
    f, g, h = ids["F"], ids["G"], ids["H"]
    run(state, Ready(f, "Longsword", target=h))
    run(state, EndTurn(f))
    events = run(state, Move(g, ((5, 1), (4, 1), (3, 1), (2, 1), (1, 1))))      # not the one it waits for
    assert not of(events, ReadiedOffered) and state.square(g) == (1, 1)
    run(state, EndTurn(g))
    events = run(state, Move(h, ((5, 2), (4, 1), (3, 0), (2, 0), (1, 0))))
    assert of(events, ReadiedOffered) == [ReadiedOffered(f, h)]
    run(state, React(f, False))
    assert engine.readied(state, f) is not None and engine.budget(state, f).reaction


def test_R004_SA_13_ready_for_any_enemy_fires_on_the_first_to_come_within_reach():
    rows = ["F.....", ".....G", ".....H"]
    state, ids = skirmish(rows, {"F": ("fighter", "blue"), "G": ("goblin", "red"), "H": ("hobgoblin", "red")}, "FGH")
    f, g = ids["F"], ids["G"]
    run(state, Ready(f, "Longsword"))
    run(state, EndTurn(f))
    events = run(state, Move(g, ((5, 1), (4, 1), (3, 1), (2, 1), (1, 1))))
    assert of(events, ReadiedOffered) == [ReadiedOffered(f, g)]
    events = run(state, React(f, True), 15, 4)                                # 20 hits; 1d8+3 = 7 kills it
    assert of(events, Damaged)[0].killed


def test_R004_SA_13_a_readied_action_lapses_at_the_start_of_the_readiers_next_turn():
    state, ids = skirmish(["F....G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    run(state, Ready(f, "Longsword", target=g))
    run(state, EndTurn(f))
    run(state, EndTurn(g))
    assert engine.readied(state, f) is None
    run(state, EndTurn(f))
    events = run(state, Move(g, ((5, 0), (4, 0), (3, 0), (2, 0), (1, 0))))
    assert not of(events, ReadiedOffered)


def test_R004_SA_13_and_AE_03_without_its_reaction_the_readier_is_not_offered_its_action():
    state, ids = skirmish(["F......", "......G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    run(state, Ready(f, "Longsword"))
    run(state, EndTurn(f))
    state.world.add(f, replace(engine.budget(state, f), reaction=False))
    events = run(state, Move(g, ((6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1))))
    assert not of(events, ReadiedOffered) and state.square(g) == (1, 1)


def test_R004_SA_13_a_readied_cantrip_is_held_with_concentration_and_fires_when_the_enemy_comes_into_sight():
    rows = ["W.#..", "..#.G", "..#..", "....."]
    state, ids = skirmish(rows, {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w, g = ids["W"], ids["G"]
    assert isinstance(engine.validate(state, Cast(w, "fire_bolt", g)), Refused)     # behind the wall
    run(state, Ready(w, spell="fire_bolt", target=g))
    assert engine.concentration(state, w).spell == "fire_bolt"
    run(state, EndTurn(w))
    events = run(state, Move(g, ((4, 1), (4, 2), (3, 3), (2, 3), (1, 3))))
    assert of(events, ReadiedOffered) == [ReadiedOffered(w, g)]
    assert engine.validate(state, React(w, True)) is None
    events = run(state, React(w, True), 1)                                     # a natural 1 misses
    assert of(events, SpellCast) == [SpellCast(w, "fire_bolt", 0)] and of(events, AttackRolled)
    assert engine.concentration(state, w).spell == "" and engine.readied(state, w) is None


def test_R004_SA_13_losing_concentration_loses_a_readied_cantrip():
    state, ids = skirmish(["W....G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w = ids["W"]
    run(state, Ready(w, spell="fire_bolt"))
    events = engine.deal_damage(state, ScriptedDice([2]), w, 6, "slashing")  # Con save 2 + 1 < 10
    assert of(events, ConcentrationEnded) and engine.readied(state, w) is None


def test_R004_SA_13_ready_holds_one_weapon_attack_or_one_attack_cantrip():
    state, ids = skirmish(["W....G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w, g = ids["W"], ids["G"]
    assert "either" in refused(state, Ready(w)).reason
    assert "either" in refused(state, Ready(w, "Quarterstaff", "fire_bolt")).reason
    assert "cantrip" in refused(state, Ready(w, spell="shatter")).reason
    assert "not an enemy" in refused(state, Ready(w, "Quarterstaff", target=w)).reason
    run(state, Ready(w, "Quarterstaff", target=g))
    assert "standard action" in refused(state, Ready(w, "Quarterstaff")).reason


def test_the_computer_takes_a_readied_action_it_is_offered():
    state, ids = skirmish(["F......", "......G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    run(state, Ready(f, "Longsword"))
    run(state, EndTurn(f))
    run(state, Move(g, ((6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1))))
    player = ruleset("5e-house").make_player("ai", "blue", "normal", 1)
    assert player.next_command(state) == React(f, True)


# Weapons in hand (R004-AE-06, R004-AE-07, R004-SA-05) ------------------------------------------------------


def test_R004_AE_07_an_attack_draws_its_weapon_for_free_and_stowing_it_after_is_free():
    state, ids = skirmish(["F...G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    assert engine.hands(state, f).held == ("Longsword",)
    events = run(state, Attack(f, g, "Javelin"), 2)                            # drawn, thrown, missed
    assert of(events, WeaponHandled) == [WeaponHandled(f, "Javelin", "drawn", free=True)]
    assert engine.hands(state, f).held == ("Longsword", "Javelin")
    events = run(state, Stow(f, "Javelin"))
    assert of(events, WeaponHandled) == [WeaponHandled(f, "Javelin", "stowed", free=True)]
    assert engine.budget(state, f).free_interaction                            # still unspent
    run(state, Draw(f, "Javelin"))                                             # this one is the interaction
    assert not engine.budget(state, f).free_interaction
    assert "standard action" in refused(state, Stow(f, "Javelin")).reason


def test_R004_AE_06_a_second_object_interaction_takes_the_standard_action():
    state, ids = skirmish(["F...G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    run(state, Stow(f, "Longsword"))
    assert engine.budget(state, f).standard and not engine.budget(state, f).free_interaction
    run(state, Draw(f, "Longsword"))                                           # Utilize: the standard action
    assert not engine.budget(state, f).standard
    assert "standard action" in refused(state, Attack(f, g, "Javelin")).reason


def test_two_hands_hold_two_weapons_and_a_third_needs_one_stowed():
    state, ids = skirmish([".....", "R.o.G", "....."], {"R": ("rogue", "blue"), "G": ("bugbear", "red")}, "RG")
    r, g = ids["R"], ids["G"]
    assert engine.hands(state, r).held == ("Shortsword", "Dagger")
    assert "hands are full" in refused(state, Attack(r, g, "Shortbow")).reason
    assert "hands are full" in refused(state, Draw(r, "Shortbow")).reason
    assert "does not hold" in refused(state, Stow(r, "Shortbow")).reason
    run(state, Stow(r, "Dagger"))
    run(state, Attack(r, g, "Shortbow"), 2)
    assert engine.hands(state, r).held == ("Shortsword", "Shortbow")


def test_R004_SA_01_a_grapple_needs_a_free_hand():
    state, ids = skirmish(["RG"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r, g = ids["R"], ids["G"]
    assert "free hand" in refused(state, Attack(r, g, "Shortsword", "grapple")).reason
    run(state, Stow(r, "Dagger"))
    assert engine.validate(state, Attack(r, g, "Shortsword", "grapple")) is None


def test_R004_SP_04_somatic_spells_need_a_hand_free_of_weapons():
    state, ids = skirmish(["W....G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w, g = ids["W"], ids["G"]
    state.world.add(w, Hands(("Quarterstaff", "Dagger")))
    assert "free hand" in refused(state, Cast(w, "fire_bolt", g)).reason
    state.world.add(w, Hands(("Quarterstaff",)))
    assert engine.validate(state, Cast(w, "fire_bolt", g)) is None


def test_R004_SA_05_a_disarmed_weapon_lies_in_its_square_until_its_owner_picks_it_up_there():
    state, ids = skirmish(["FG", ".."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    events = run(state, Attack(f, g, "Longsword", "disarm"), 5)                # Dex save 5 + 2 < DC 13
    assert of(events, WeaponHandled) == [WeaponHandled(g, "Scimitar", "knocked away")]
    assert engine.hands(state, g).held == ()
    assert [d for _, d in engine.dropped(state, g)] == [Dropped(g, "Scimitar", (1, 0))]
    run(state, EndTurn(f))
    assert "lost its Scimitar" in refused(state, Attack(g, f, "Scimitar")).reason
    run(state, Move(g, ((1, 0), (1, 1))))                                      # still within reach: no attack
    assert "elsewhere" in refused(state, PickUp(g)).reason
    run(state, Move(g, ((1, 1), (1, 0))))
    events = run(state, PickUp(g))
    assert of(events, WeaponHandled) == [WeaponHandled(g, "Scimitar", "picked up")]
    assert engine.hands(state, g).held == ("Scimitar",) and engine.dropped(state, g) == []
    assert not engine.budget(state, g).free_interaction
    assert engine.validate(state, Attack(g, f, "Scimitar")) is None


def test_R004_OA_01_an_opportunity_attack_needs_a_melee_weapon_in_hand():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    state.world.add(g, Hands(()))
    events = run(state, Move(f, ((1, 1), (0, 1), (0, 0))))
    assert not of(events, OpportunityOffered) and state.square(f) == (0, 0)


# Two-weapon fighting (R004-AE-04) -------------------------------------------------------------------------


def test_R004_AE_04_the_off_hand_attack_follows_an_attack_with_a_light_weapon_without_the_modifier():
    state, ids = skirmish(["RG"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r, g = ids["R"], ids["G"]
    assert "follows an Attack" in refused(state, OffHandAttack(r, g, "Dagger")).reason
    run(state, Attack(r, g, "Shortsword"), 2)                                  # a miss
    assert "different Light" in refused(state, OffHandAttack(r, g, "Shortsword")).reason
    events = run(state, OffHandAttack(r, g, "Dagger"), 15, 3)                  # 20 hits; 1d4 = 3, no +3
    assert of(events, AttackRolled)[0].weapon == "Dagger" and of(events, Damaged)[0].amount == 3
    assert rules_5e.narrate(events[0], state, {}) == "R: off-hand attack (5e-house §2.2)."   # the log says so
    assert not engine.budget(state, r).bonus
    assert "bonus action" in refused(state, OffHandAttack(r, g, "Dagger")).reason


def test_R004_AE_04_no_off_hand_attack_after_a_replaced_attack_roll_or_with_the_weapon_stowed():
    state, ids = skirmish(["RG"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r, g = ids["R"], ids["G"]
    run(state, Stow(r, "Dagger"))
    run(state, Attack(r, g, "Shortsword"), 2)
    assert "draw it first" in refused(state, OffHandAttack(r, g, "Dagger")).reason
    state, ids = skirmish(["RG"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r, g = ids["R"], ids["G"]
    run(state, Attack(r, g, "Shortsword", "trip"), 20)                        # the goblin saves
    assert "follows an Attack" in refused(state, OffHandAttack(r, g, "Dagger")).reason


def test_R004_AE_04_a_negative_modifier_stays_on_the_off_hand_damage():
    state, ids = skirmish(["RG"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r = ids["R"]
    assert engine.off_hand_weapon(state, r, "Dagger").damage == DiceExpr(1, 4, 0)      # 1d4+3 loses its +3
    weak = tuple(replace(w, damage=DiceExpr(1, 4, -1)) for w in engine.sheet(state, r).attacks)
    state.world.add(r, replace(engine.sheet(state, r), attacks=weak))
    assert engine.off_hand_weapon(state, r, "Dagger").damage == DiceExpr(1, 4, -1)


# Dismissing a spell (R004-SP-08) ---------------------------------------------------------------------------


def test_R004_SP_08_a_caster_dismisses_its_concentration_spell_at_no_cost():
    state, ids = skirmish(["W....G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w = ids["W"]
    assert "not in effect" in refused(state, Dismiss(w)).reason
    run(state, Cast(w, "fog_cloud", at=(4, 0)))
    spent = engine.budget(state, w)
    events = run(state, Dismiss(w))
    assert of(events, ConcentrationEnded) == [ConcentrationEnded(w, "fog_cloud")]
    assert not list(state.world.query(Zone)) and engine.budget(state, w) == spent
    assert state.battlefield == state.world.resource(Ground).battlefield


# The battle screen's adapter ---------------------------------------------------------------------------------


def choice(state, actor, key):
    return next(c for c in rules_5e.choices(state, actor) if c.key == key)


def test_the_bar_offers_ready_with_its_target_and_the_command_waits_for_it_or_any_enemy():
    state, ids = skirmish(["F....G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    ready = choice(state, f, "ready")
    assert ready.blocked is None and ready.targets == (g,) and ready.hotkey == "A"
    assert rules_5e.command_for(state, f, "ready", target=g) == Ready(f, "Longsword", target=g)
    assert rules_5e.command_for(state, f, "ready") == Ready(f, "Longsword")
    state, ids = skirmish(["W....G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    assert rules_5e.command_for(state, ids["W"], "ready_spell:fire_bolt") == Ready(ids["W"], spell="fire_bolt")
    assert choice(state, ids["W"], "ready_spell:fire_bolt").blocked is None


def test_the_bar_offers_the_off_hand_attack_after_the_attack_with_its_forecast():
    state, ids = skirmish(["RG"], {"R": ("rogue", "blue"), "G": ("goblin", "red")}, "RG")
    r, g = ids["R"], ids["G"]
    assert choice(state, r, "off_hand").blocked is not None
    run(state, Attack(r, g, "Shortsword"), 2)
    off = choice(state, r, "off_hand")
    assert off.label == "Off-hand Dagger" and off.blocked is None and off.targets == (g,)
    assert rules_5e.command_for(state, r, "off_hand", target=g) == OffHandAttack(r, g, "Dagger")
    weapon = rules_5e.aimed_weapon(state, r, "off_hand")
    assert weapon == "Dagger" and rules_5e.forecast(state, r, g, weapon).line().startswith("+5 vs AC 15")


def test_the_bar_stows_with_both_hands_full_and_draws_the_off_hand_weapon():
    state, ids = skirmish(["RF.G"], {"R": ("rogue", "blue"), "F": ("fighter", "blue"), "G": ("goblin", "red")}, "RFG")
    r, f = ids["R"], ids["F"]
    keys = [c.key for c in rules_5e.choices(state, r)]
    assert "stow:Shortsword" in keys and "stow:Dagger" in keys and "draw:Shortbow" not in keys
    assert "Holding: Shortsword, Dagger" in rules_5e.card_lines(state, r)
    assert rules_5e.command_for(state, r, "stow:Dagger") == Stow(r, "Dagger")
    run(state, Stow(r, "Dagger"))
    keys = [c.key for c in rules_5e.choices(state, r)]
    assert "draw:Dagger" in keys and not [k for k in keys if k.startswith("stow:")]
    assert rules_5e.command_for(state, r, "draw:Dagger") == Draw(r, "Dagger")
    # The fighter's attacks draw for it: nothing to draw or stow by hand with a hand free.
    assert not [c for c in rules_5e.choices(state, f) if c.key.startswith(("draw:", "stow:"))]


def test_the_bar_picks_up_a_knocked_away_weapon_and_the_card_shows_it():
    state, ids = skirmish(["FG", ".."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    assert "Holding: Longsword" in rules_5e.card_lines(state, f)
    assert "pick_up" not in [c.key for c in rules_5e.choices(state, f)]
    run(state, Attack(f, g, "Longsword", "disarm"), 5)
    run(state, EndTurn(f))
    assert "Holding no weapon" in rules_5e.card_lines(state, g)
    assert "Its Scimitar lies on the ground" in rules_5e.card_lines(state, g)
    pick = choice(state, g, "pick_up")
    assert pick.blocked is None and pick.instant
    assert "draw:Scimitar" not in [c.key for c in rules_5e.choices(state, g)]


def test_the_bar_offers_dismiss_only_while_concentrating():
    state, ids = skirmish(["W....G"], {"W": ("wizard", "blue"), "G": ("goblin", "red")}, "WG")
    w = ids["W"]
    assert "dismiss" not in [c.key for c in rules_5e.choices(state, w)]
    run(state, Cast(w, "fog_cloud", at=(4, 0)))
    assert choice(state, w, "dismiss").blocked is None
    assert rules_5e.command_for(state, w, "dismiss") == Dismiss(w)


def test_the_log_narrates_weapons_and_readied_actions_with_their_rule():
    state, ids = skirmish(["F......", "......G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    line = rules_5e.narrate(WeaponHandled(f, "Javelin", "drawn", free=True), state, {})
    assert line == "F: Javelin drawn for free (5e-house §2.4)."
    line = rules_5e.narrate(ReadiedOffered(f, g), state, {})
    assert line == "G sets off F's readied action (5e-house §2.1)."
    state.world.add(g, Position((1, 1)))
    events = run(state, Ready(f, "Longsword"))
    assert rules_5e.narrate(events[-1], state, {}) == "F readies the Longsword for any enemy (5e-house §2.1)."
    assert "Readied: Longsword at any enemy" in rules_5e.card_lines(state, f)


def test_a_full_action_row_shows_unusable_actions_as_their_key_so_every_action_is_drawn():
    import pygame
    from game.ui import hud
    from game.ui.widgets import Fonts
    pygame.init()
    try:
        state, ids = skirmish(["F....G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
        choices = [c for c in rules_5e.choices(state, ids["F"]) if c.key != "end_turn"]
        screen = pygame.Surface((1280, 720))
        rows = (pygame.Rect(8, 600, 1100, 60), pygame.Rect(8, 664, 1100, 26))
        drawn = hud.draw_bar(screen, Fonts(100), rows, choices, "", False, None, True)
        actions = [c for c in choices if not c.is_power]
        assert [c.key for _, c in drawn if not c.is_power] == [c.key for c in actions]   # none cut off
        widths = {c.key: rect.width for rect, c in drawn}
        assert widths["grapple"] < widths["dodge"] and choice(state, ids["F"], "grapple").blocked is not None
    finally:
        pygame.quit()


def test_a_creature_falling_unconscious_drops_what_it_holds_into_its_square():
    state, ids = skirmish(["FG"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "GF")
    f, g = ids["F"], ids["G"]
    state.world.add(f, replace(state.world.get(f, Vitals), hp=1))
    events = run(state, Attack(g, f, "Scimitar"), 19, 4)                       # hit AC 18; 4 + 2 drops it
    assert WeaponHandled(f, "Longsword", "dropped") in events
    assert engine.hands(state, f).held == ()
    assert [(d.owner, d.weapon, d.square) for _, d in state.world.query(Dropped)] == [(f, "Longsword", (0, 0))]
    line = rules_5e.narrate(WeaponHandled(f, "Longsword", "dropped"), state, {})
    assert line == "F: Longsword dropped (5e-house §3.1)."


def test_R004_SA_13_the_walk_preview_finds_where_a_walk_sets_off_a_readied_attack_and_changes_nothing():
    state, ids = skirmish(["F......", "......G"], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    walk = ((6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (0, 1))
    assert engine.readied_along(state, g, walk) == (None, ())
    run(state, Ready(f, "Longsword", target=g))
    run(state, EndTurn(f))
    before = state.world.snapshot()
    assert engine.readied_along(state, g, walk) == ((1, 1), (f,))             # where the door stops the walk
    assert engine.readied_along(state, g, walk[:4]) == (None, ())              # short of the fighter's reach
    assert state.world.snapshot() == before and state.square(g) == (6, 1)
    events = run(state, Move(g, walk))
    assert of(events, ReadiedOffered) == [ReadiedOffered(f, g)] and state.square(g) == (1, 1)
