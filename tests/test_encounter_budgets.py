"""Encounter budgets: each ruleset's table as its rulebook sizes fights, the uneven-sides sentence, the suggestion
that evens the sides, and the checks that every creature carries the value its budget needs."""

from pathlib import Path

import pytest

from game.engine.encounter import Budget, Suggestion, compare, even_out, stronger_by
from game.engine.rosters import ContentError
from game.rulesets import ruleset
from game.rulesets.d20modern import content as d20_content
from game.rulesets.d20modern.encounters import cr_points, encounter_level
from game.rulesets.dnd4e.encounters import STANDARD_XP
from game.rulesets.dnd5e import content as dnd5e_content
from game.rulesets.dnd5e.encounters import CR_XP, multiplier_halves
from game.rulesets.sotdl import content as sotdl_content
from game.ui.budget_line import budget_sentence, suggestion_words

RULESETS = ("4e", "5e-house", "sotdl-house", "d20-modern")


def budget_of(name: str, *keys: str) -> Budget:
    rules = ruleset(name)
    return rules.encounter_budget(keys, rules.load_creatures())


# 4e: DMG "Experience Point Rewards" and the monster ranks ------------------------------------------------------

def test_4e_standard_monster_xp_follows_the_dmg_table_by_level():
    assert STANDARD_XP[:10] == (100, 125, 150, 175, 200, 250, 300, 350, 400, 500)
    assert STANDARD_XP[29] == 19000 and STANDARD_XP[39] == 111000 and len(STANDARD_XP) == 40


def test_4e_a_monster_is_worth_its_level_standard_xp_and_a_minion_a_quarter():
    assert budget_of("4e", "goblin").points == 100                    # level 1 skirmisher
    assert budget_of("4e", "ogre").points == 125                      # level 2 brute
    assert budget_of("4e", "kobold_minion").points == 25              # level 1 minion: 100 / 4
    assert str(budget_of("4e", "goblin", "ogre", "kobold_minion").words) == "250 XP"


def test_4e_elites_count_twice_solos_five_times_and_heroes_as_elites(tmp_path):
    from game.rulesets.dnd4e.content import load_creatures
    from game.rulesets.dnd4e.encounters import creature_xp
    club = '{ name = "club", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8+3" }'
    base = ('sprite = "ogre"\nrole = "brute"\nlevel = 3\nhp = 30\nspeed = 6\ninitiative = 0\n'
            f'defenses = {{ ac = 15, fortitude = 14, reflex = 12, will = 12 }}\nattacks = [{club}]\n')
    path = tmp_path / "creatures.toml"
    path.write_text(f'[elite]\nname = "E"\nrank = "elite"\n{base}[solo]\nname = "S"\nrank = "solo"\n{base}'
                    f'[hero]\nname = "H"\nhero = true\nsurges = 6\n{base}', encoding="utf-8")
    creatures = load_creatures(path)
    assert [creature_xp(creatures[k]) for k in ("elite", "solo", "hero")] == [300, 750, 300]   # level 3: 150


# 5e: DMG "Experience Points by Challenge Rating", "Encounter Multipliers", the Deadly threshold ------------------

def test_5e_xp_by_challenge_rating_follows_the_dmg_table():
    assert [CR_XP[cr] for cr in ("0", "1/8", "1/4", "1/2", "1", "2", "3", "5", "10", "20", "30")] == [
        10, 25, 50, 100, 200, 450, 700, 1800, 5900, 25000, 155000]


def test_5e_encounter_multiplier_grows_with_the_number_of_monsters():
    assert [multiplier_halves(n) for n in (1, 2, 3, 6, 7, 10, 11, 14, 15, 30)] == [2, 3, 4, 4, 5, 5, 6, 6, 8, 8]


def test_5e_a_side_is_its_monsters_xp_times_the_multiplier_plus_its_heroes():
    assert budget_of("5e-house", "goblin").points == 50
    assert budget_of("5e-house", "goblin", "goblin").points == 150            # 100 x 1.5
    assert budget_of("5e-house", "ogre", "goblin", "goblin").points == 1100   # 550 x 2
    assert budget_of("5e-house", "fighter").points == 600                     # level 3: Deadly 400, and half again
    assert budget_of("5e-house", "fighter", "goblin").points == 650           # a hero is not multiplied


# sotdl: total Difficulty ----------------------------------------------------------------------------------------

def test_sotdl_a_side_is_the_sum_of_its_creatures_difficulty():
    creatures = ruleset("sotdl-house").load_creatures()
    assert budget_of("sotdl-house", "orc", "goblin", "goblin").points == creatures["orc"].difficulty + 2
    assert str(budget_of("sotdl-house", "goblin").words) == "Difficulty 1"


# d20 Modern: challenge ratings and encounter levels (SRD) --------------------------------------------------------

def test_d20_two_creatures_of_one_cr_make_an_encounter_level_two_higher():
    for cr in range(1, 19):
        assert encounter_level(2 * cr_points(str(cr))) == str(cr + 2)
    assert encounter_level(4 * cr_points("3")) == "7"                     # four CR 3: EL 7


def test_d20_two_creatures_of_half_a_cr_make_one_of_cr_1():
    assert 2 * cr_points("1/2") == cr_points("1") and encounter_level(cr_points("1/2")) == "1/2"


def test_d20_a_side_shows_its_points_and_encounter_level():
    assert str(budget_of("d20-modern", "agent", "agent", "agent", "agent").words) == "800 points (EL 7)"


# Every creature of every ruleset has its value; a missing one is a one-line error naming file and key -------------

@pytest.mark.parametrize("name", RULESETS)
def test_every_creature_of_the_content_has_a_budget(name):
    rules = ruleset(name)
    creatures = rules.load_creatures()
    for key in creatures:
        assert rules.encounter_budget((key,), creatures).points > 0, key


def _copy_without(source: Path, target: Path, creature: str, line: str) -> None:
    text = source.read_text(encoding="utf-8")
    start = text.index(f"[{creature}]\n")
    cut = text.index(line, start)
    target.write_text(text[:cut] + text[cut + len(line):], encoding="utf-8")


def test_a_5e_monster_without_a_challenge_rating_is_refused_naming_file_and_key(tmp_path):
    _copy_without(dnd5e_content.DATA_DIR / "creatures.toml", tmp_path / "creatures.toml", "ogre", 'cr = "2"\n')
    with pytest.raises(ContentError, match=r"^creatures.toml:ogre.cr: missing$"):
        dnd5e_content.load_creatures(tmp_path / "creatures.toml")


def test_a_d20_creature_with_an_unknown_challenge_rating_is_refused(tmp_path):
    text = (d20_content.DATA_DIR / "creatures.toml").read_text(encoding="utf-8")
    (tmp_path / "creatures.toml").write_text(text.replace('cr = "1/2"', 'cr = "half"'), encoding="utf-8")
    with pytest.raises(ContentError, match=r"guard_dog.cr: must be one of 1/10, .*got 'half'"):
        d20_content.load_creatures(tmp_path / "creatures.toml")


def test_a_sotdl_creature_without_a_difficulty_is_refused_naming_file_and_key(tmp_path):
    for name in ("gear.toml", "rosters.toml"):
        (tmp_path / name).write_text((sotdl_content.DATA_DIR / name).read_text(encoding="utf-8"), encoding="utf-8")
    _copy_without(sotdl_content.DATA_DIR / "creatures.toml", tmp_path / "creatures.toml", "orc", "difficulty = 3\n")
    with pytest.raises(ContentError, match=r"^creatures.toml:orc.difficulty: missing$"):
        sotdl_content.load_creatures(tmp_path)


# Comparing sides and evening them --------------------------------------------------------------------------------

def test_the_uneven_sides_sentence_names_each_budget_and_how_much_stronger():
    line = budget_sentence([("Red", Budget(500, "500 XP")), ("Blue", Budget(875, "875 XP"))])
    assert line == "Red: 500 XP, Blue: 875 XP, Blue is 75% stronger"


def test_with_more_sides_the_sentence_names_the_strongest_and_the_weakest():
    line = budget_sentence([("Blue", Budget(800, "800 XP")), ("Red", Budget(600, "600 XP")),
                            ("Green", Budget(700, "700 XP"))])
    assert line.endswith("Blue is 33% stronger than Red")


def test_sides_within_ten_percent_are_called_even():
    assert budget_sentence([("Blue", Budget(800, "800 XP")), ("Red", Budget(750, "750 XP"))]).endswith(
        "the sides are even")
    assert stronger_by(880, 800) == 10 and compare([("a", Budget(880, "")), ("b", Budget(800, ""))]).even
    assert not compare([("a", Budget(889, "")), ("b", Budget(800, ""))]).even     # 11%


def test_the_suggestion_adds_the_creature_that_best_evens_the_weaker_side():
    rules = ruleset("4e")
    creatures = rules.load_creatures()
    sides = [("blue", ("fighter", "rogue", "cleric", "wizard")), ("red", ("ogre", "troll_whelp", "bugbear"))]
    found = even_out(sides, list(creatures), lambda keys: rules.encounter_budget(keys, creatures), lambda s, k: True)
    assert found is not None and found.side == "red" and found.add is not None           # 800 XP against 350
    assert rules.encounter_budget(found.apply(sides[1][1]), creatures).points == 550     # the biggest add: 200 XP
    words = suggestion_words(found, sides[1][1], "Red", lambda key: creatures[key].display_name)
    assert words == f"Even the sides: add {creatures[found.add].display_name} to Red"


def test_the_suggestion_takes_from_the_stronger_side_when_that_evens_best_and_respects_the_start_area():
    budget = {"big": 10, "small": 1}
    sides = [("blue", ("big", "big", "small")), ("red", ("big", "small"))]
    found = even_out(sides, ["big", "small"], lambda keys: Budget(sum(budget[k] for k in keys), ""),
                     lambda side, keys: len(keys) <= 2)                  # red's area is full: nothing can join it
    assert found == Suggestion("blue", remove=0)
    assert even_out([("blue", ("big",)), ("red", ("big",))], ["big"], lambda keys: Budget(10 * len(keys), ""),
                    lambda s, k: True) is None                            # even sides: nothing to suggest


def test_with_two_sides_tied_for_weakest_the_suggestion_still_brings_one_of_them_up():
    budget = {"hero": 200, "goblin": 100}
    sides = [("blue", ("hero",) * 4), ("red", ("goblin",) * 7), ("green", ("hero",) * 4), ("yellow", ("goblin",) * 7)]
    found = even_out(sides, ["hero", "goblin"], lambda keys: Budget(sum(budget[k] for k in keys), ""),
                     lambda s, k: True)
    assert found == Suggestion("red", add="goblin")                      # 800 against 700 and 700
    only_yellow = even_out(sides, ["hero", "goblin"], lambda keys: Budget(sum(budget[k] for k in keys), ""),
                           lambda s, k: True, only="yellow")
    assert only_yellow == Suggestion("yellow", add="goblin")             # the editor of the other weak side
