"""The shipped creatures and rosters, and the one-line errors the content loader gives for each kind of mistake."""

from pathlib import Path

import pytest

from game.engine.rosters import ContentError
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.core.dice import DiceExpr
from game.core.grid import Size
from game.ecs.components import EffectSpec, HealSpec, ZoneSpec

UNIT_ART = Path(__file__).resolve().parent.parent / "assets" / "units"
OLD_ATTACKS = {
    "fighter": {"longsword", "Tide of Iron"},
    "rogue": {"short sword", "dagger", "Positioning Strike", "Trading Places"},
    "ranger": {"short sword", "longbow"},
    "wizard": {"quarterstaff", "magic missile", "Thunderwave", "Scorching Burst"},
    "goblin": {"short sword"},
    "goblin_archer": {"dagger", "hand crossbow"},
    "hobgoblin": {"longsword", "Shield Shove"},
    "bugbear": {"morningstar"},
    "ogre": {"greatclub", "Sweeping Club"},
    "phase_spider": {"bite", "Web Line"},
}


@pytest.fixture(scope="module")
def creatures():
    return load_creatures()


def powers(creatures):
    return [(key, p) for key, t in creatures.items() for p in t.arsenal.attacks]


def effects(power):
    """Every effect a power lays, aftereffects included."""
    found, todo = [], list(power.hit_effects + power.self_effects)
    while todo:
        effect = todo.pop()
        found.append(effect)
        todo.extend(effect.after)
    return found


# --------------------------------------------------------------------------------------------
# The shipped content
# --------------------------------------------------------------------------------------------


def test_the_shipped_creatures_load_and_keep_every_existing_key_and_attack_name(creatures):
    for key, names in OLD_ATTACKS.items():
        assert names <= {p.name for p in creatures[key].arsenal.attacks}, key
    assert {"cleric", "kobold_minion"} <= set(creatures)
    assert creatures["wizard"].arsenal.power("Fey Step") is not None
    assert creatures["phase_spider"].arsenal.power("Phase Shift") is not None


def test_every_shipped_creature_has_its_sprite_png(creatures):
    missing = sorted(t.sprite for t in creatures.values() if not (UNIT_ART / f"{t.sprite}.png").is_file())
    assert missing == []


def test_every_hero_has_healing_surges_and_a_potion(creatures):
    heroes = [t for t in creatures.values() if t.stats.hero]
    assert {t.key for t in heroes} == {"fighter", "rogue", "cleric", "wizard", "ranger"}
    for t in heroes:
        assert 6 <= t.stats.surges <= 9 and t.arsenal.potions == 1, t.key


def test_the_party_has_a_defender_a_striker_a_leader_and_a_controller(creatures):
    assert [creatures[k].stats.role for k in ("fighter", "rogue", "cleric", "wizard")] == [
        "defender", "striker", "leader", "controller"]
    assert [creatures[k].display_name for k in ("fighter", "rogue", "wizard")] == ["Brakka", "Vess", "Miriel"]


def test_the_fighter_marks_what_it_hits_and_strikes_back_at_an_enemy_that_hits_it(creatures):
    attacks = creatures["fighter"].arsenal.attacks
    marking = [p for p in attacks if EffectSpec("marked", "end_of_your_next_turn") in p.hit_effects]
    assert {"longsword", "Tide of Iron"} <= {p.name for p in marking}
    reaction = [p for p in attacks if p.action == "reaction"]
    assert len(reaction) == 1
    assert (reaction[0].trigger, reaction[0].kind, reaction[0].reach, reaction[0].attacks) == ("hit_by_enemy", "melee", 1, True)


def test_the_wizard_has_a_shield_interrupt_a_slowing_ray_a_heavily_obscuring_zone_and_a_wall(creatures):
    attacks = creatures["wizard"].arsenal.attacks
    shield = [p for p in attacks if p.action == "interrupt"]
    assert len(shield) == 1 and (shield[0].kind, shield[0].trigger, shield[0].usage, shield[0].attacks) == (
        "personal", "attacked_by_enemy", "encounter", False)
    assert shield[0].self_effects == (EffectSpec("defense_bonus", "end_of_your_next_turn", 4),)
    assert any(p.kind == "ranged" and EffectSpec("slowed", "end_of_your_next_turn") in p.hit_effects for p in attacks)
    zone = [p for p in attacks if p.zone is not None and p.zone.obscurement == "heavy"]
    assert len(zone) == 1 and zone[0].kind == "area" and zone[0].area == "burst" and zone[0].size in (1, 2)
    assert zone[0].reach == 10 and zone[0].zone == ZoneSpec("heavy", False, "sustain")
    wall = [p for p in attacks if p.area == "wall"]
    assert len(wall) == 1 and wall[0].kind == "area" and wall[0].attacks and wall[0].size >= 3


def test_the_rogue_has_sneak_attack_a_combat_advantage_power_and_ongoing_poison(creatures):
    attacks = creatures["rogue"].arsenal.attacks
    assert all(p.advantage_damage == DiceExpr(2, 6) for p in attacks if p.usage == "at-will")
    assert any(p.needs_combat_advantage for p in attacks)
    assert any(e.condition == "ongoing" and e.amount == 5 and e.damage_type == "poison" and e.duration == "save_ends"
               for p in attacks for e in p.hit_effects)


def test_the_cleric_heals_twice_and_has_a_dazing_and_a_weakening_attack(creatures):
    attacks = creatures["cleric"].arsenal.attacks
    heal = [p for p in attacks if p.heal is not None]
    assert len(heal) == 1
    assert (heal[0].action, heal[0].kind, heal[0].reach, heal[0].targets, heal[0].attacks, heal[0].usage, heal[0].uses) == (
        "minor", "ranged", 5, "ally_or_self", False, "encounter", 2)
    assert heal[0].heal == HealSpec(True, DiceExpr(1, 6))
    conditions = {e.condition for p in attacks if p.attacks for e in p.hit_effects}
    assert {"dazed", "weakened"} <= conditions


def test_the_content_covers_every_required_effect(creatures):
    found: set[str] = set()
    for _, p in powers(creatures):
        if p.forced:
            found.add(p.forced)
        if p.kind == "close" and p.area == "blast":
            found.add("close blast")
        if p.kind == "area" and p.area == "burst":
            found.add("area burst")
        if p.zone is not None and p.zone.obscurement == "heavy":
            found.add("heavily obscuring zone")
        if p.needs_combat_advantage:
            found.add("combat advantage only")
        found.update(e.condition for e in effects(p))
    if any(t.arsenal.teleports for t in creatures.values()):
        found.add("teleport")
    required = {"push", "pull", "slide", "teleport", "close blast", "area burst", "heavily obscuring zone", "ongoing",
                "dazed", "immobilized", "slowed", "weakened", "combat advantage only"}
    assert sorted(required - found) == []


def test_the_monsters_include_every_required_kind(creatures):
    monsters = {k: t for k, t in creatures.items() if not t.stats.hero}
    assert len(monsters) >= 8
    ogre = monsters["ogre"]
    assert ogre.body.size == Size.LARGE and ogre.stats.role == "brute" and ogre.arsenal.basic_attack("melee").reach == 2
    assert any(t.body.flying for t in monsters.values())
    assert monsters["goblin_archer"].stats.role == "artillery"
    assert any(t.stats.role == "skirmisher" for t in monsters.values())
    minion = monsters["kobold_minion"]
    assert (minion.stats.minion, minion.stats.max_hp, minion.stats.role) == (True, 1, "minion")
    assert any(t.stats.resist for t in monsters.values()) and any(t.stats.vulnerable for t in monsters.values())
    assert any(t.stats.regeneration > 0 for t in monsters.values())
    assert any(p.action in ("interrupt", "reaction") for k, p in powers(monsters))
    assert any(p.damage_type for k, p in powers(monsters))
    controllers = [t for t in monsters.values() if t.stats.role == "controller"]
    assert controllers and any(e == EffectSpec("immobilized", "save_ends", after=e.after) for t in controllers
                               for p in t.arsenal.attacks for e in p.hit_effects)


def test_the_blue_and_red_rosters_load(creatures):
    rosters = {r.side: r for r in load_rosters(creatures=creatures)}
    assert set(rosters) == {"blue", "red"}
    assert (rosters["blue"].label, rosters["blue"].creatures) == ("Adventurers", ("fighter", "rogue", "cleric", "wizard"))
    red = rosters["red"].creatures
    assert len(red) <= 7 and not any(creatures[k].stats.hero for k in red)       # 10 squares: the ogre and six
    assert "ogre" in red and "goblin_archer" in red


# --------------------------------------------------------------------------------------------
# Loading a file of one's own
# --------------------------------------------------------------------------------------------

CLUB = '{ name = "club", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8+3" }'
BASE = {
    "name": '"Brute"', "sprite": '"ogre"', "role": '"brute"', "level": "1", "hp": "30",
    "defenses": "{ ac = 15, fortitude = 14, reflex = 12, will = 12 }", "speed": "6", "initiative": "2",
}


def creature_toml(power: str | None = None, **fields: str | None) -> str:
    """A one-creature file [brute]: BASE with ``fields`` changed (None drops one) and the club plus ``power``."""
    table = {**BASE, "attacks": f"[{CLUB}{', ' + power if power else ''}]", **fields}
    return "[brute]\n" + "".join(f"{key} = {value}\n" for key, value in table.items() if value is not None)


def load_text(tmp_path: Path, text: str, name: str = "creatures.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_creatures(path)


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(ContentError) as caught:
        load_text(tmp_path, text)
    return str(caught.value)


def test_the_base_creature_of_the_error_tests_loads(tmp_path):
    brute = load_text(tmp_path, creature_toml())["brute"]
    assert (brute.stats.max_hp, brute.arsenal.attacks[0].name, brute.arsenal.attacks[0].basic) == (30, "club", True)


def test_every_new_key_is_read_into_the_components(tmp_path):
    text = creature_toml(
        '{ name = "Mend", kind = "ranged", reach = 5, action = "minor", targets = "ally_or_self", usage = "encounter",'
        ' uses = 2, heal = { bonus = "1d6" } }, '
        '{ name = "Gloom", kind = "area", area = "burst", size = 2, reach = 10, usage = "daily",'
        ' zone = { obscurement = "heavy", difficult = true } }, '
        '{ name = "Ward", kind = "personal", action = "interrupt", trigger = "attacked_by_enemy", usage = "encounter",'
        ' self_effects = [{ condition = "defense_bonus", amount = 4 }] }, '
        '{ name = "Venom", kind = "melee", reach = 1, bonus = 6, defense = "fortitude", damage = "1d6+2",'
        ' damage_type = "poison", miss = "half", needs_combat_advantage = true, advantage_damage = "2d6",'
        ' hit_effects = [{ condition = "ongoing", amount = 5, damage_type = "poison", duration = "save_ends",'
        ' after = [{ condition = "slowed", duration = "save_ends" }] }] }',
        hero="true", surges="7", potions="2", role='"leader"', resist="{ fire = 5, all = 2 }",
        vulnerable="{ radiant = 5 }", regeneration="3", insubstantial="true", size='"large"', flying="true",
        phasing="true", teleports='[{ name = "Blink", squares = 3, usage = "daily", uses = 2 }]',
    )
    brute = load_text(tmp_path, text)["brute"]
    stats, arsenal = brute.stats, brute.arsenal
    assert (stats.hero, stats.surges, stats.role, stats.regeneration, stats.insubstantial, stats.minion) == (
        True, 7, "leader", 3, True, False)
    assert stats.resist == (("all", 2), ("fire", 5)) and stats.vulnerable == (("radiant", 5),)
    assert (brute.body.size, brute.body.flying, brute.body.phasing, arsenal.potions) == (Size.LARGE, True, True, 2)
    assert (arsenal.teleports[0].usage, arsenal.teleports[0].uses) == ("daily", 2)
    mend, gloom, ward, venom = arsenal.attacks[1:]
    assert (mend.defense, mend.bonus, mend.damage, mend.basic, mend.weapon) == ("", 0, DiceExpr(0, 0, 0), False, False)
    assert (mend.heal, mend.uses, mend.action, mend.targets) == (HealSpec(True, DiceExpr(1, 6)), 2, "minor", "ally_or_self")
    assert gloom.zone == ZoneSpec("heavy", True, "sustain") and gloom.usage == "daily"
    assert (ward.kind, ward.reach, ward.targets, ward.trigger) == ("personal", 0, "self", "attacked_by_enemy")
    assert ward.self_effects == (EffectSpec("defense_bonus", "end_of_your_next_turn", 4),)
    assert (venom.damage_type, venom.miss_half, venom.needs_combat_advantage, venom.advantage_damage, venom.basic) == (
        "poison", True, True, DiceExpr(2, 6), False)
    assert venom.hit_effects == (EffectSpec("ongoing", "save_ends", 5, "poison", (EffectSpec("slowed", "save_ends"),)),)


def test_a_minion_with_flat_damage_loads(tmp_path):
    minion = load_text(tmp_path, creature_toml(
        attacks='[{ name = "spear", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "4" }]',
        hp="1", minion="true", role='"minion"'))["brute"]
    assert (minion.stats.minion, minion.stats.max_hp, minion.arsenal.attacks[0].damage) == (True, 1, DiceExpr(0, 0, 4))


POWER_AT = "creatures.toml:brute.attacks[1]"
MISTAKES = {
    "unknown key in a power": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damgae = "1d8" }'),
        f"{POWER_AT}.damgae: unknown key (did you mean 'damage'?)"),
    "unknown key in a creature": (
        creature_toml(speeed="6"),
        "creatures.toml:brute.speeed: unknown key (did you mean 'speed'?)"),
    "unknown key in an effect": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8",'
                      ' hit_effects = [{ condition = "dazed", length = "save_ends" }] }'),
        f"{POWER_AT}.hit_effects[0].length: unknown key (expected one of condition, duration, amount, damage_type, after)"),
    "no role (the encounter budget needs level and role)": (
        creature_toml(role=None),
        "creatures.toml:brute: missing key 'role'"),
    "bad rank": (
        creature_toml(rank='"boss"'),
        "creatures.toml:brute.rank: must be one of standard, elite, solo, got 'boss'"),
    "a level past the DMG's XP table": (
        creature_toml(level="41"),
        "creatures.toml:brute.level: the DMG's levels go to 40, got 41"),
    "a hero with a rank": (
        creature_toml(hero="true", surges="7", rank='"elite"'),
        "creatures.toml:brute.rank: a hero has no rank (it counts as itself in a budget)"),
    "wrong type": (
        creature_toml(hp='"30"'),
        "creatures.toml:brute.hp: expected an integer, got '30'"),
    "wrong type for a flag": (
        creature_toml(flying="1"),
        "creatures.toml:brute.flying: expected true or false, got 1"),
    "bad duration": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8",'
                      ' hit_effects = [{ condition = "dazed", duration = "forever" }] }'),
        f"{POWER_AT}.hit_effects[0].duration: must be one of end_of_your_next_turn, start_of_your_next_turn, "
        "end_of_its_next_turn, save_ends, sustain, encounter, got 'forever'"),
    "bad condition": (
        creature_toml('{ name = "Howl", kind = "personal", self_effects = [{ condition = "enraged" }] }'),
        f"{POWER_AT}.self_effects[0].condition: must be one of blinded, dazed, deafened, dominated, helpless, "
        "immobilized, marked, petrified, prone, restrained, slowed, stunned, unconscious, weakened, ongoing, "
        "defense_bonus, attack_bonus, regeneration, temp_hp, insubstantial, invisible, got 'enraged'"),
    "ongoing damage without an amount": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8",'
                      ' hit_effects = [{ condition = "ongoing", duration = "save_ends" }] }'),
        f"{POWER_AT}.hit_effects[0].amount: ongoing needs an amount of at least 1, got 0"),
    "an aftereffect of an effect that no save ends": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8",'
                      ' hit_effects = [{ condition = "dazed", after = [{ condition = "slowed" }] }] }'),
        f"{POWER_AT}.hit_effects[0].after: aftereffects begin when a save ends the effect, so it needs duration save_ends"),
    "trigger missing on a reaction": (
        creature_toml('{ name = "Riposte", kind = "melee", reach = 1, action = "reaction", bonus = 6, defense = "ac",'
                      ' damage = "1d8" }'),
        f"{POWER_AT}: missing key 'trigger' (a reaction needs one of enemy_enters_reach, attacked_by_enemy, hit_by_enemy)"),
    "trigger on a standard action": (
        creature_toml('{ name = "Riposte", kind = "melee", reach = 1, trigger = "hit_by_enemy", bonus = 6,'
                      ' defense = "ac", damage = "1d8" }'),
        f"{POWER_AT}.trigger: only an interrupt or a reaction has a trigger (action is 'standard')"),
    "minion with hp 2": (
        creature_toml(hp="2", minion="true"),
        "creatures.toml:brute.hp: a minion has exactly 1 hit point, got 2"),
    "hero without surges": (
        creature_toml(hero="true"),
        "creatures.toml:brute.surges: a hero needs at least 1 healing surge, got 0"),
    "bad damage type": (
        creature_toml('{ name = "Boom", kind = "close", area = "blast", size = 3, bonus = 4, defense = "reflex",'
                      ' damage = "1d6", damage_type = "sonic" }'),
        f"{POWER_AT}.damage_type: must be one of acid, cold, fire, force, lightning, necrotic, poison, psychic, "
        "radiant, thunder, got 'sonic'"),
    "bad resistance type": (
        creature_toml(resist="{ sonic = 5 }"),
        "creatures.toml:brute.resist: damage type must be one of acid, cold, fire, force, lightning, necrotic, "
        "poison, psychic, radiant, thunder, all, got 'sonic'"),
    "bad dice": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "2x6" }'),
        f"{POWER_AT}.damage: not a dice expression: '2x6' (expected e.g. 1d8+3)"),
    "bad heal dice": (
        creature_toml('{ name = "Mend", kind = "ranged", reach = 5, targets = "ally", heal = { bonus = "d" } }'),
        f"{POWER_AT}.heal.bonus: not a dice expression: 'd' (expected e.g. 1d8+3)"),
    "damage on a power with no attack roll": (
        creature_toml('{ name = "Mend", kind = "ranged", reach = 5, targets = "ally", damage = "1d6",'
                      ' heal = { surge = true } }'),
        f"{POWER_AT}.damage: only a power with an attack roll (a defense) has damage"),
    "a zone on a melee power": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8",'
                      ' zone = { obscurement = "heavy" } }'),
        f"{POWER_AT}.zone: only close and area powers make a zone"),
    "uses on an at-will power": (
        creature_toml('{ name = "bash", kind = "melee", reach = 1, bonus = 6, defense = "ac", damage = "1d8", uses = 2 }'),
        f"{POWER_AT}.uses: only an encounter or daily power has a number of uses"),
    "two powers of one name": (
        creature_toml(CLUB),
        "creatures.toml:brute.attacks[1].name: another power of 'brute' is already called 'club'"),
    "bad size": (
        creature_toml(size='"colossal"'),
        "creatures.toml:brute.size: unknown size 'colossal' (expected one of tiny, small, medium, large, huge, gargantuan)"),
}


@pytest.mark.parametrize("text, message", MISTAKES.values(), ids=MISTAKES.keys())
def test_each_kind_of_mistake_gives_its_exact_one_line_error(tmp_path, text, message):
    assert error_of(tmp_path, text) == message


def test_a_toml_syntax_error_is_one_line_naming_the_file(tmp_path):
    message = error_of(tmp_path, creature_toml().replace("speed = 6", "speed 6"))
    assert message.startswith(f"{tmp_path / 'creatures.toml'}: not valid TOML: ") and "\n" not in message
    assert message.endswith("(at line 8, column 7)")


def test_a_roster_may_list_one_creature_several_times(tmp_path):
    known = load_text(tmp_path, creature_toml())
    path = tmp_path / "rosters.toml"
    path.write_text('[red]\nlabel = "Brutes"\ncreatures = ["brute", "brute", "brute"]\n', encoding="utf-8")
    assert [(r.side, r.label, r.creatures) for r in load_rosters(path, known)] == [
        ("red", "Brutes", ("brute", "brute", "brute"))]


@pytest.mark.parametrize("text, message", [
    ('[red]\ncreatures = ["brute", "troll"]\n', "rosters.toml:red.creatures: unknown creature 'troll'"),
    ('[red]\ncreatures = ["brute"]\nlable = "Brutes"\n', "rosters.toml:red.lable: unknown key (did you mean 'label'?)"),
    ('[red]\ncreatures = []\n', "rosters.toml:red.creatures: a side needs at least one creature"),
], ids=["unknown creature", "unknown key", "empty side"])
def test_roster_mistakes_give_one_line_errors(tmp_path, text, message):
    known = load_text(tmp_path, creature_toml())
    path = tmp_path / "rosters.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_rosters(path, known)
    assert str(caught.value) == message
