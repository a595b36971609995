"""sotdl-house door: rounds, hand-offs, the paused defense offer, actions, movement, cover and hiding."""

from sotdl_support import build, set_ap, sheet

from game.core.dice import ScriptedDice
from game.rulesets.sotdl import situation
from game.rulesets.sotdl.commands import (
    Attack,
    AttackResolved,
    Charge,
    Defend,
    DefenseOffered,
    DropProne,
    Feint,
    FreeAttack,
    FreeAttackOffered,
    Hide,
    ItemDamaged,
    Move,
    Pass,
    RoundStarted,
    Shove,
    StandUp,
    Withdraw,
)
from game.rulesets.sotdl.components import Gear, Initiative, PendingDefense, SideLabels
from game.rulesets.sotdl.engine import execute, validate
from game.rulesets.sotdl.rounds import decider, round_of
from game.rulesets.sotdl.vitality import Vitals


def duel(**kw):
    return build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1))], **kw)


def test_R2_only_the_side_holding_the_initiative_acts_and_the_refusal_names_it_by_its_label():
    state, (w, o) = duel()
    assert validate(state, Attack(o, w)).reason == "blue hold the initiative now"
    state.world.set_resource(SideLabels((("blue", "Wanderers"), ("red", "Orc raiders"))))
    assert validate(state, Attack(o, w)).reason == "Wanderers hold the initiative now"
    assert validate(state, Attack(w, o)) is None


def test_R3_an_action_spends_its_ap_and_none_left_refuses():
    state, (w, o) = duel()
    set_ap(state, w, 0)
    assert "0 AP" in validate(state, Attack(w, o)).reason


def test_R4_a_hit_offers_the_defense_then_the_attacked_creature_takes_the_initiative():
    state, (w, o) = duel()
    events = execute(state, Attack(w, o), ScriptedDice([15]))      # 15 + 3 = 18: a hit
    assert any(isinstance(e, DefenseOffered) and e.hit == 18 for e in events)
    assert decider(state) == o                                        # the defender's controller answers
    assert isinstance(validate(state, Attack(w, o)), type(validate(state, Attack(o, w))))
    events = execute(state, Defend(o, "none"), ScriptedDice([3, 4]))   # 18 >= hide 9: penetrates, 2d10
    assert any(isinstance(e, AttackResolved) and e.outcome == "penetrates" for e in events)
    assert state.world.get(o, Vitals).damage == 7
    current = round_of(state)
    assert current.holder == o and current.reason == "attacked"     # "Orc was attacked: its move"


def test_R4_a_non_attack_passes_the_initiative_to_the_next_side():
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (8, 4))])
    execute(state, Move(w, ((0, 0), (1, 0))), ScriptedDice([]))
    assert round_of(state).side == "red" and round_of(state).holder is None


def test_hit_below_five_misses_without_asking_for_a_defense():
    state, (w, o) = duel()
    events = execute(state, Attack(w, o), ScriptedDice([1]))       # 1 + 3 = 4
    assert any(isinstance(e, AttackResolved) and e.outcome == "miss" for e in events)
    assert state.world.maybe_resource(PendingDefense) is None


def test_R11_dodge_succeeds_when_defense_meets_the_hit():
    state, (w, o) = duel()
    execute(state, Attack(w, o), ScriptedDice([7]))                # hit 10 = orc's Defense 10
    events = execute(state, Defend(o, "dodge"), ScriptedDice([]))
    assert any(isinstance(e, AttackResolved) and e.outcome == "dodged" for e in events)
    assert state.world.get(o, Vitals).damage == 0


def test_R13_armor_absorbs_and_loses_durability():
    state, (w, o) = duel()
    execute(state, Attack(w, o), ScriptedDice([5]))                # hit 8 < hide armor 9
    events = execute(state, Defend(o, "none"), ScriptedDice([6, 6]))
    assert any(isinstance(e, ItemDamaged) and e.item == "hide" and e.left == 0 and e.broken for e in events)
    assert state.world.get(o, Vitals).damage == 0


def test_R14_a_successful_block_damages_the_shield():
    state, (o, w) = build([("orc", "red", (1, 1)), ("warrior", "blue", (2, 1))], side="red")
    execute(state, Attack(o, w), ScriptedDice([10]))                   # 10 + 1 = 11
    assert validate(state, Defend(w, "block")) is None
    events = execute(state, Defend(w, "block"), ScriptedDice([12, 3, 4]))   # 12 + 3 = 15 >= 11; 1d10... power 2
    assert any(isinstance(e, AttackResolved) and e.outcome == "blocked" for e in events)
    assert any(isinstance(e, ItemDamaged) and e.item == "shield" and e.amount == 7 for e in events)
    assert state.world.get(w, Gear).shield_damage == 7
    assert state.world.get(w, Vitals).damage == 0


def test_R17_untrained_special_defense_takes_two_banes():
    state, (w, o) = duel()
    execute(state, Attack(w, o), ScriptedDice([15]))
    events = execute(state, Defend(o, "parry"), ScriptedDice([15, 6, 2, 3, 3]))     # orc untrained in parry
    rolled = [e for e in events if getattr(e, "what", "") == "parry"][0]
    assert rolled.net == -2 and rolled.total == 15 + 1 + 0 - 6


def test_R5_R1_round_ends_when_no_one_can_act_and_ap_refreshes():
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (8, 4))])
    events = execute(state, Pass(w), ScriptedDice([]))
    events += execute(state, Pass(o), ScriptedDice([]))
    assert any(isinstance(e, RoundStarted) and e.number == 2 for e in events)
    from game.rulesets.sotdl.components import ActionPoints
    assert state.world.get(w, ActionPoints) == ActionPoints(sheet(state, w).ap)


def test_pass_keeps_ap_for_defenses():
    state, (w, o) = duel()
    execute(state, Pass(w), ScriptedDice([]))
    execute(state, Attack(o, w), ScriptedDice([15]))
    assert decider(state) == w and validate(state, Defend(w, "dodge")) is None


def test_M1_M2_move_within_speed_difficult_costs_two():
    grid = ["..~~~~~~~.", "..........", "..........", "..........", ".........."]
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (9, 4))], grid=grid)
    path = tuple((x, 0) for x in range(0, 6))                          # 1 + 2*4 = 9 yards
    assert validate(state, Move(w, path)) is None
    assert "11 yards" in validate(state, Move(w, path + ((6, 0),))).reason


def test_M4_withdraw_goes_half_speed_and_provokes_no_one():
    state, (w, o) = duel()
    far = tuple((x, 1) for x in range(1, -1, -1)) + ((0, 2), (0, 3))
    assert validate(state, Withdraw(w, far)) is None
    events = execute(state, Withdraw(w, far), ScriptedDice([]))
    assert not any(isinstance(e, FreeAttackOffered) for e in events)


def test_free_attack_when_a_walk_leaves_reach_16_5():
    state, (w, o) = duel()
    events = execute(state, Move(w, ((1, 1), (0, 1), (0, 2))), ScriptedDice([]))
    assert any(isinstance(e, FreeAttackOffered) for e in events) and decider(state) == o
    events = execute(state, FreeAttack(o, False), ScriptedDice([]))
    assert state.square(w) == (0, 2)


def test_M5_crawling_doubles_the_cost():
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (9, 4))])
    execute(state, DropProne(w), ScriptedDice([]))
    assert round_of(state).side == "blue"                              # M6: free, the initiative stays
    assert validate(state, Move(w, tuple((x, 0) for x in range(6)))) is None
    assert validate(state, Move(w, tuple((x, 0) for x in range(7)))) is not None


def test_M6_standing_up_costs_one_ap():
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (9, 4))])
    execute(state, DropProne(w), ScriptedDice([]))
    events = execute(state, StandUp(w), ScriptedDice([]))
    assert not state.has_condition(w, "prone") and events[0].ap_spent == 1


def test_M9_M10_no_walk_through_a_standing_creature_but_over_a_prone_one():
    state, (w, a, o) = build([("warrior", "blue", (0, 0)), ("rogue", "blue", (1, 0)), ("orc", "red", (9, 4))],
                             grid=["...", "###"])
    assert validate(state, Move(w, ((0, 0), (1, 0), (2, 0)))) is not None
    state.add_condition(a, situation.afflictions.lasting("prone", "", None, 0, 0))
    assert validate(state, Move(w, ((0, 0), (1, 0), (2, 0)))) is None


def test_F1_F2_walking_off_a_high_ledge_falls():
    grid = ["...", "..."]
    from game.core.battlefield import parse_ascii
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (2, 1))], grid=grid)
    state.battlefield = parse_ascii(grid, elevation_ft=[[30, 0, 0], [30, 0, 0]])
    events = execute(state, Move(w, ((0, 0), (1, 0))), ScriptedDice([3, 3, 3, 3]))
    fell = [e for e in events if type(e).__name__ == "Fell"]
    assert fell[0].yards == 10 and fell[0].dice == (3, 3, 3, 3)         # 30 ft = 10 yards: 4d6
    assert state.world.get(w, Vitals).damage == 12 and state.has_condition(w, "prone")


def test_E2_cover_banes_against_ranged_only():
    grid = ["..........", ".....#....", ".........."]
    state, (a, o) = build([("archer", "blue", (1, 1)), ("orc", "red", (6, 1))], grid=grid)
    level = situation.cover(state, a, o, True)
    assert level in ("half", "three_quarters")
    assert situation.cover(state, a, o, False) == "none"
    edges = dict(situation.hit_edges(state, a, o, ranged=True))
    assert edges[f"{level.replace('_', '-')} cover"] == -situation.COVER_BANES[level]


def test_E3_obscured_target_banes():
    grid = ["..........", ".....:%...", ".........."]
    state, (a, o, g) = build([("archer", "blue", (1, 1)), ("orc", "red", (5, 1)), ("goblin", "red", (6, 1))], grid=grid)
    assert situation.concealment(state, a, o) == "partial" and situation.concealment(state, a, g) == "heavy"
    assert dict(situation.hit_edges(state, a, g, ranged=True))["heavily obscured"] == -2


def test_E4_a_light_lights_its_radius_casts_shadows_to_twice_it_and_darkness_lies_beyond():
    from dataclasses import replace
    from game.rulesets.sotdl import light
    grid = ["...*******", "...*******", "...*******"]
    state, (w, o, g) = build([("warrior", "blue", (2, 1)), ("orc", "red", (3, 1)), ("goblin", "red", (4, 1))],
                             grid=grid)
    state.battlefield = replace(state.battlefield, lights=(((1, 1), 1),))    # the loader lit x 0-2 already
    ring = light.lighting(state.battlefield).rings[0]
    assert set(ring.bright) == {(x, y) for x in range(3) for y in range(3)}
    assert set(ring.shadows) == {(3, 0), (3, 1), (3, 2)}                         # 2 yards: shadows
    assert situation.concealment(state, w, o) == "partial" and situation.can_see(state, w, o)
    assert situation.concealment(state, w, g) == "total" and not situation.can_see(state, w, g)
    assert ("in shadow", -1) in situation.hit_edges(state, w, o, ranged=False)
    assert ("in darkness", -2) in situation.hit_edges(state, w, g, ranged=False)


def test_R10_size_boons_and_banes():
    assert situation.size_edge(4, 8) == 1 and situation.size_edge(4, 2) == -1 and situation.size_edge(4, 12) == 2
    assert situation.size_edge(4, 8, grab=True) == -1 and situation.size_edge(8, 4, grab=True) == 1
    assert situation.size_edge(12, 4, grab=True) == -2


def test_A7_prone_target_boon_within_reach_bane_beyond():
    state, (a, w, o) = build([("archer", "blue", (0, 0)), ("warrior", "blue", (4, 1)), ("orc", "red", (5, 1))])
    state.add_condition(o, situation.afflictions.lasting("prone", "", None, 0, 0))
    assert ("prone, within reach", 1) in situation.hit_edges(state, w, o, ranged=False)
    assert ("prone, beyond reach", -1) in situation.hit_edges(state, a, o, ranged=True)


def test_E6_E8_hide_needs_cover_or_fog_and_a_hidden_attack_cannot_be_defended():
    grid = ["..%.......", "..........", ".........."]
    state, (r, o) = build([("rogue", "blue", (2, 0)), ("orc", "red", (3, 0))], grid=grid)
    assert validate(state, Hide(r)) is None
    execute(state, Hide(r), ScriptedDice([15]))
    assert state.has_condition(r, "hidden")
    state.world.set_resource(Initiative(1, ("blue", "red"), "blue"))
    from game.rulesets.sotdl.components import ActionPoints
    state.world.add(r, ActionPoints(3))
    events = execute(state, Attack(r, o), ScriptedDice([15, 2, 2]))
    assert not any(isinstance(e, DefenseOffered) for e in events) and not state.has_condition(r, "hidden")


def test_E7_a_hidden_creature_cannot_be_targeted():
    state, (w, o) = duel()
    state.add_condition(o, situation.afflictions.lasting("hidden", "hide", None, 0, 0))
    assert "hidden" in validate(state, Attack(w, o)).reason


def test_R18_charge_costs_two_and_its_attack_has_a_bane():
    state, (w, o) = build([("warrior", "blue", (0, 0)), ("orc", "red", (5, 0))])
    events = execute(state, Charge(w, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), o), ScriptedDice([15, 1]))
    assert events[0].ap_spent == 2
    hit = [e for e in events if getattr(e, "what", "") == "hit"][0]
    assert hit.net == -1


def test_R19_feint_costs_the_target_one_ap():
    state, (r, o) = build([("rogue", "blue", (0, 0)), ("orc", "red", (3, 0))])
    execute(state, Feint(r, o), ScriptedDice([15]))                 # 15 + 5 >= perception 8
    from game.rulesets.sotdl.components import ActionPoints
    assert state.world.get(o, ActionPoints).left == sheet(state, o).ap - 1
    assert state.has_condition(o, "feinted")


def test_M21_shove_pushes_one_plus_strength_modifier_yards():
    state, (o, w) = build([("orc", "red", (1, 1)), ("warrior", "blue", (2, 1))], side="red")
    execute(state, Shove(o, w), ScriptedDice([15]))                # 15 + 4 >= 13
    assert state.square(w) == (7, 1)                                 # 1 + 4 = 5 yards away


def test_commands_round_trip_through_json():
    from game.rulesets.sotdl import ruleset
    from game.rulesets.sotdl.commands import Throw
    for command in (Move(3, ((1, 2), (2, 2))), Attack(1, 2, True), Defend(2, "block"), Defend(2, "long_jump", (3, 4)),
                    Charge(1, ((0, 0), (1, 0)), 2), Throw(1, (5, 5))):
        assert ruleset.command_from_json(ruleset.command_to_json(command)) == command
    assert "Move.path is text" in ruleset.validate(None, Move(1, "north")).reason


def test_whole_skirmishes_finish_through_the_door():
    from game.rulesets import ruleset
    from game.simulate import load_map, play_game
    rules = ruleset("sotdl-house")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    bf = load_map("maps/default.tmx")
    players = {r.side: rules.make_player("ai", r.side, "normal", 1) for r in rosters}
    result = play_game(bf, rosters, creatures, 1, players, ruleset_name="sotdl-house")
    assert result.winner in ("blue", "red", "")


def test_A14_a_parry_locks_both_and_leaves_them_defenseless_to_others():
    state, (w, o, g) = build([("warrior", "blue", (1, 1)), ("orc", "red", (2, 1)), ("goblin", "red", (1, 2))],
                             side="red")
    execute(state, Attack(o, w), ScriptedDice([10]))                   # hit 11
    events = execute(state, Defend(w, "parry"), ScriptedDice([12]))    # trained: 12 + 3 = 15 >= 11
    assert any(isinstance(e, AttackResolved) and e.outcome == "parried" for e in events)
    assert state.has_condition(w, "parried") and state.has_condition(o, "parried")
    assert round_of(state).holder == w and "parry" in validate(state, Attack(w, o)).reason
    state.world.set_resource(Initiative(1, ("blue", "red"), "red"))
    set_ap(state, g, 2)
    events = execute(state, Attack(g, w), ScriptedDice([10, 3, 3, 4]))  # size and lock boons; no defense offered
    assert not any(isinstance(e, DefenseOffered) for e in events)


def test_A13_grab_hit_makes_both_defenseless_and_only_escape_is_left():
    state, (m, o) = build([("monk", "blue", (1, 1)), ("orc", "red", (2, 1))])
    from game.rulesets.sotdl.commands import Escape, Grab
    execute(state, Grab(m, o), ScriptedDice([15]))
    execute(state, Defend(o, "none"), ScriptedDice([]))
    assert state.has_condition(o, "grabbed") and state.has_condition(m, "defenseless")
    assert round_of(state).holder == o
    assert "grab" in validate(state, Attack(o, m)).reason
    execute(state, Escape(o), ScriptedDice([20]))                      # 20 + 0 >= the monk's Agility 14
    assert not state.has_condition(o, "grabbed") and not state.has_condition(m, "defenseless")


def test_T7_a_failed_hide_cannot_be_retried_from_the_same_square():
    grid = ["..%%......", "..........", ".........."]
    state, (r, o) = build([("rogue", "blue", (2, 0)), ("orc", "red", (8, 2))], grid=grid)
    execute(state, Hide(r), ScriptedDice([1]))
    state.world.set_resource(Initiative(1, ("blue", "red"), "blue"))
    assert validate(state, Hide(r)).rule == "T7"
    execute(state, Move(r, ((2, 0), (3, 0))), ScriptedDice([]))
    state.world.set_resource(Initiative(1, ("blue", "red"), "blue"))
    assert validate(state, Hide(r)) is None


def test_R20_alchemists_fire_long_jump_out_of_the_area_or_take_it():
    from game.rulesets.sotdl.commands import Throw
    state, (a, o, g) = build([("archer", "blue", (0, 0)), ("orc", "red", (5, 2)), ("goblin", "red", (6, 2))])
    events = execute(state, Throw(a, (5, 2)), ScriptedDice([10, 3, 4]))     # hit 12; 2d6 = 7 for everyone
    assert any(isinstance(e, DefenseOffered) and e.defender == o for e in events) and decider(state) == o
    assert validate(state, Defend(o, "dodge")) is not None                  # R12: no dodging an area
    assert validate(state, Defend(o, "long_jump", (5, 4))) is None          # 2 + 0 yards
    assert validate(state, Defend(o, "long_jump", (2, 2))).rule == "M18"    # 3 yards: too far
    assert "inside the area" in validate(state, Defend(o, "long_jump", (4, 2))).reason
    assert "needs a landing square" in validate(state, Defend(o, "long_jump")).reason
    assert validate(state, Defend(o, "backflip", (3, 2))).reason == "only a long jump names a landing square"
    assert validate(state, Defend(o, "none", (3, 2))) is not None
    execute(state, Defend(o, "long_jump", (3, 2)), ScriptedDice([10]))      # lands outside; Agility 10 + 0
    assert state.square(o) == (3, 2) and state.world.get(o, Vitals).damage == 0
    assert decider(state) == g
    execute(state, Defend(g, "none"), ScriptedDice([]))                     # 12 >= leather 8: the 7 lands
    assert state.world.get(g, Vitals).damage == 7
    assert round_of(state).holder == g                                      # §16.14: a creature caught answers


def test_content_loads_and_every_sprite_exists():
    from pathlib import Path
    from sotdl_support import CREATURES
    units = Path(__file__).resolve().parent.parent / "assets" / "units"
    assert all((units / f"{c.sprite}.png").is_file() for c in CREATURES.values())


def test_content_errors_name_the_file_and_key(tmp_path):
    import shutil
    import pytest
    from game.engine.rosters import ContentError
    from game.rulesets.sotdl.content import DATA_DIR, load_creatures
    for name in ("gear.toml", "creatures.toml", "rosters.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    text = (tmp_path / "creatures.toml").read_text(encoding="utf-8").replace('weapon = "longsword"', 'weapon = "sword"', 1)
    (tmp_path / "creatures.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=r"^creatures.toml:warrior.weapon: unknown weapon 'sword'"):
        load_creatures(tmp_path)
    (tmp_path / "creatures.toml").write_text('[x]\nname = "X"\nsprite = "x"\nstrength = 30\n', encoding="utf-8")
    with pytest.raises(ContentError, match=r"^creatures.toml:x.strength: must be 1 to 20, got 30"):
        load_creatures(tmp_path)


def test_R20_M18_the_long_jump_lands_only_where_the_door_allows_and_a_wrong_shape_is_refused_not_raised():
    from game.rulesets.sotdl import area, ruleset
    from game.rulesets.sotdl.commands import Throw
    from game.rulesets.sotdl.components import PendingArea
    grid = ["..........", "...#......", "...#......", "...#......", ".........."]
    state, (a, o) = build([("archer", "blue", (9, 4)), ("orc", "red", (5, 2), {"agility": 14})], grid=grid)
    execute(state, Throw(a, (5, 2)), ScriptedDice([10, 3, 4]))
    blast = state.world.resource(PendingArea)                                # the jump: 2 + 4 = 6 yards
    assert "not open" in validate(state, Defend(o, "long_jump", (3, 2))).reason     # the wall square itself
    assert "something solid" in validate(state, Defend(o, "long_jump", (2, 2))).reason   # beyond the wall
    spots = area.landings(state, blast)
    assert spots and all(validate(state, Defend(o, "long_jump", s)) is None for s in spots)
    assert not any(s in blast.squares for s in spots) and (3, 2) not in spots
    for shape in ({"type": "Defend", "actor": o, "defense": "long_jump", "to": [1, 2, 3]},
                  {"type": "Defend", "actor": o, "defense": "long_jump", "to": "north"},
                  {"type": "Defend", "actor": o, "defense": "long_jump", "to": [1.5, 2]}):
        try:
            command = ruleset.command_from_json(shape)
        except ValueError:
            continue                                   # the codec refuses it with a one-line reason
        assert ruleset.validate(state, command) is not None
    assert ruleset.validate(state, Defend(o, "long_jump", (1, 2, 3))) is not None     # type: ignore[arg-type]


def test_R20_the_computer_lands_a_long_jump_safely_a_fighter_near_a_foe_a_hurt_one_away():
    from game.rulesets.sotdl import ai, area
    from game.rulesets.sotdl.commands import Throw
    from game.rulesets.sotdl.components import PendingArea
    state, (a, w, o) = build([("archer", "blue", (0, 0)), ("warrior", "blue", (8, 2)), ("orc", "red", (5, 2))])
    execute(state, Throw(a, (5, 2)), ScriptedDice([10, 3, 4]))
    blast = state.world.resource(PendingArea)
    fit = ai.choose_landing(state, blast)
    assert fit in area.landings(state, blast)
    assert max(abs(fit[0] - 8), abs(fit[1] - 2)) <= 1                   # beside the warrior it can strike next
    state.world.add(o, Vitals(9, state.world.get(o, Vitals).health))    # hurt: away from the warrior
    hurt = ai.choose_landing(state, blast)
    assert hurt in area.landings(state, blast) and max(abs(hurt[0] - 8), abs(hurt[1] - 2)) > 1
    choice, to = ai.choose_area_defense(state, blast, ai.LEVELS["normal"])
    assert choice == "long_jump" and validate(state, Defend(o, choice, to)) is None


def test_A6_A17_R7_a_ghouls_claws_immobilize_to_the_end_of_the_next_round_and_a_venom_dagger_poisons_A5():
    from game.rulesets.sotdl.rounds import end_round
    state, (g, w) = build([("ghoul", "red", (1, 1)), ("warrior", "blue", (2, 1))], side="red")
    execute(state, Attack(g, w), ScriptedDice([20]))                     # 20 + 2: past the chain's 11
    events = execute(state, Defend(w, "none"), ScriptedDice([4, 4]))
    assert AfflictionChangedOf(events, w, "immobilized") == 2           # laid in round 1 for 1 round: to round 2's end
    assert situation.afflictions.speed(state.conditions(w), 10) == 0
    end_round(state)
    assert state.has_condition(w, "immobilized")                       # round 1 ended: it lasts through round 2
    end_round(state)
    assert not state.has_condition(w, "immobilized")
    state, (c, w) = build([("cultist", "red", (1, 1)), ("warrior", "blue", (2, 1))], side="red")
    execute(state, Attack(c, w), ScriptedDice([20]))
    execute(state, Defend(w, "none"), ScriptedDice([4, 4]))
    assert ("poisoned", -1) in situation.hit_edges(state, w, c, ranged=False)
    execute(state, Attack(c, w), ScriptedDice([1]))                     # a miss lays nothing
    assert len(state.conditions(w).named("poisoned")) == 1


def AfflictionChangedOf(events, target, name):
    from game.rulesets.sotdl.commands import AfflictionChanged
    return next(e.until_round for e in events if isinstance(e, AfflictionChanged) and e.target == target
                and e.name == name and e.added)
