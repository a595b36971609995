"""Load the 5e-house creatures, spells and rosters (game/content/5e/*.toml), every key checked on load.

A missing, unknown or malformed value raises ContentError with one line naming the file and key path,
e.g. ``creatures.toml:wizard.attacks[0].kind: must be one of melee, ranged, got 'thrown'``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.content_check import TableChecker, read_toml
from game.engine.rosters import Preset, Roster
from game.core.grid import Size
from game.ecs.components import Body
from game.rulesets.dnd5e.components import HANDS, Sheet, Spell, Weapon
from game.rulesets.dnd5e.i18n import L_
from game.rulesets.dnd5e.vitality import DamageType, Defences, max_hp

DATA_DIR = Path(__file__).resolve().parent / "data"
ABILITIES = ("str", "dex", "con", "wis")
DAMAGE_TYPES = tuple(t.value for t in DamageType)
CREATURE_KEYS = ("name", "sprite", "size", "hero", "level", "hit_die", "hp", "ac", "speed_ft", "abilities",
                 "proficiency", "potions", "spell_mod", "spell_dc", "slots", "spells", "resist", "vulnerable",
                 "immune", "attacks", "wields", "darkvision_ft", "cr")
ATTACK_KEYS = ("name", "kind", "bonus", "damage", "damage_type", "reach_ft", "range_ft", "long_range_ft", "light")
SPELL_KEYS = ("name", "level", "action", "range_ft", "components", "concentration", "effect", "damage",
              "damage_type", "radius_ft", "save", "half_on_save", "push_ft", "heal")
EFFECTS = ("attack", "save", "heal", "teleport", "obscure", "darken")
HIT_DICE = (6, 8, 10, 12)
CHALLENGE_RATINGS = ("0", "1/8", "1/4", "1/2") + tuple(str(n) for n in range(1, 31))   # the DMG's, for budgets
POTION_KINDS = ("healing", "heroism")


@dataclass(frozen=True)
class Creature5e:
    """A creature template: its name, sprite, body, sheet, hit points, slots and potions."""

    key: str
    display_name: str
    sprite: str
    body: Body
    sheet: Sheet
    max_hp: int
    slots: tuple[int, ...]
    potions: tuple[tuple[str, int], ...]      # (kind, how many): healing, heroism
    cr: str = ""                              # a monster's challenge rating ("1/4", "2"); a hero has none

    @property
    def summary(self) -> str:
        """One line for the roster editor's lists: size, armour class, hit points."""
        return L_("{size}, AC {ac}, {hp} HP", size=self.body.size.name.lower(), ac=self.sheet.ac, hp=self.max_hp)


class _Checker(TableChecker):
    """The 5e-house content's own kinds of value."""

    def number(self, table: dict[str, Any], key: str, where: str, least: int, default: int | None = None) -> int:
        value = self.value(table, key, int, where, default)
        if value < least:
            raise self.fail(f"{where}.{key}", f"must be at least {least}, got {value}")
        return value

    def choice(self, table: dict[str, Any], key: str, allowed: tuple[str, ...], where: str, default: str | None = None) -> str:
        value = self.value(table, key, str, where, default)
        if value not in allowed:
            raise self.fail(f"{where}.{key}", f"must be one of {', '.join(allowed)}, got {value!r}")
        return value

    def types(self, table: dict[str, Any], key: str, where: str) -> tuple[DamageType, ...]:
        values = self.value(table, key, list, where, [])
        for index, value in enumerate(values):
            if value not in DAMAGE_TYPES:
                raise self.fail(f"{where}.{key}[{index}]", f"must be one of {', '.join(DAMAGE_TYPES)}, got {value!r}")
        return tuple(DamageType(v) for v in values)


def _weapon(check: _Checker, raw: Any, where: str) -> Weapon:
    table = check.table(raw, where, ATTACK_KEYS)
    kind = check.choice(table, "kind", ("melee", "ranged"), where)
    range_ft = long_ft = 0
    if kind == "ranged":
        range_ft = check.number(table, "range_ft", where, 5)
        long_ft = check.number(table, "long_range_ft", where, range_ft, range_ft)
    elif "range_ft" in table or "long_range_ft" in table:
        raise check.fail(where, "a melee attack has reach_ft, not range_ft")
    return Weapon(check.value(table, "name", str, where), kind, check.value(table, "bonus", int, where),
                  check.dice(table, "damage", where), check.choice(table, "damage_type", DAMAGE_TYPES, where),
                  check.number(table, "reach_ft", where, 5, 5), range_ft, long_ft,
                  check.value(table, "light", bool, where, False))


def _spell(check: _Checker, key: str, raw: Any) -> Spell:
    table = check.table(raw, key, SPELL_KEYS)
    effect = check.choice(table, "effect", EFFECTS, key)
    components = check.value(table, "components", str, key)
    if not components or any(c not in "VSM" for c in components):
        raise check.fail(f"{key}.components", f"must be letters of V, S and M, got {components!r}")
    damage = check.dice(table, "damage", key) if effect in ("attack", "save") else None
    needs = {"attack": ("damage", "damage_type"), "save": ("damage", "damage_type", "radius_ft", "save"),
             "heal": ("heal",), "teleport": (), "obscure": ("radius_ft",),
             "darken": ("radius_ft",)}[effect]
    for needed in needs:
        if needed not in table:
            raise check.fail(f"{key}.{needed}", f"missing (a spell with effect {effect!r} needs it)")
    return Spell(
        key, check.value(table, "name", str, key), check.number(table, "level", key, 0),
        check.choice(table, "action", ("standard", "bonus"), key), check.number(table, "range_ft", key, 0), components,
        effect, damage, check.choice(table, "damage_type", DAMAGE_TYPES, key, "force") if damage else "",
        check.number(table, "radius_ft", key, 0, 0), check.choice(table, "save", ABILITIES, key, "con") if effect == "save" else "",
        check.value(table, "half_on_save", bool, key, False), check.number(table, "push_ft", key, 0, 0),
        check.dice(table, "heal", key) if effect == "heal" else None, check.value(table, "concentration", bool, key, False),
    )


def load_spells(path: Path = DATA_DIR / "spells.toml") -> dict[str, Spell]:
    check = _Checker(path.name)
    return {key: _spell(check, key, raw) for key, raw in read_toml(path).items()}


def _creature(check: _Checker, key: str, raw: Any, spells: dict[str, Spell]) -> Creature5e:
    table = check.table(raw, key, CREATURE_KEYS)
    try:
        size = Size.parse(check.value(table, "size", str, key, "medium"))
    except ValueError as err:
        raise check.fail(f"{key}.size", str(err)) from None
    abilities = check.table(check.value(table, "abilities", dict, key), f"{key}.abilities", ABILITIES)
    mods = tuple((a, check.value(abilities, a, int, f"{key}.abilities", 0)) for a in ABILITIES)
    hero = check.value(table, "hero", bool, key, False)
    level = check.number(table, "level", key, 1)
    if hero:
        if "hp" in table:
            raise check.fail(f"{key}.hp", "a hero's hit points follow §3 from level, hit_die and Con; give hit_die")
        die = check.value(table, "hit_die", int, key)
        if die not in HIT_DICE:
            raise check.fail(f"{key}.hit_die", f"must be one of {', '.join(map(str, HIT_DICE))}, got {die}")
        hp = max_hp(level, dict(mods)["con"], ((die, level),))
        if "cr" in table:
            raise check.fail(f"{key}.cr", "a hero has no challenge rating: its level sizes the fight")
        cr = ""
    else:
        if "hit_die" in table:
            raise check.fail(f"{key}.hit_die", "a monster takes the hp of its stat block")
        hp = check.number(table, "hp", key, 1)
        cr = check.value(table, "cr", str, key)
        if cr not in CHALLENGE_RATINGS:
            raise check.fail(f"{key}.cr", f"must be a challenge rating (0, 1/8, 1/4, 1/2, 1 .. 30), got {cr!r}")
    known = check.value(table, "spells", list, key, [])
    for index, name in enumerate(known):
        if name not in spells:
            raise check.fail(f"{key}.spells[{index}]", f"unknown spell {name!r} (known: {', '.join(spells)})")
    slots = check.value(table, "slots", list, key, [])
    for index, count in enumerate(slots):
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise check.fail(f"{key}.slots[{index}]", f"must be a whole number of slots, got {count!r}")
    if known and "spell_dc" not in table:
        raise check.fail(f"{key}.spell_dc", "missing (the creature knows spells)")
    attacks = check.value(table, "attacks", list, key)
    if not attacks:
        raise check.fail(f"{key}.attacks", "needs at least one attack")
    weapons = tuple(_weapon(check, a, f"{key}.attacks[{i}]") for i, a in enumerate(attacks))
    wields = tuple(_wields(check, table, key, weapons))
    sheet = Sheet(
        key, level, hero, check.number(table, "ac", key, 1), check.number(table, "speed_ft", key, 0), mods,
        check.number(table, "proficiency", key, 0), weapons,
        tuple(spells[name] for name in known), check.value(table, "spell_mod", int, key, 0),
        check.number(table, "spell_dc", key, 0, 0),
        Defences(check.types(table, "resist", key), check.types(table, "vulnerable", key), check.types(table, "immune", key)),
        wields, darkvision_ft=check.number(table, "darkvision_ft", key, 0, 0),
    )
    carried = check.table(check.value(table, "potions", dict, key, {}), f"{key}.potions", POTION_KINDS)
    potions = tuple((kind, check.number(carried, kind, f"{key}.potions", 0, 0)) for kind in POTION_KINDS)
    return Creature5e(key, check.value(table, "name", str, key), check.value(table, "sprite", str, key),
                      Body(size), sheet, hp, tuple(slots), potions, cr)


def _wields(check: _Checker, table: dict[str, Any], key: str, weapons: tuple[Weapon, ...]) -> list[str]:
    """The weapons in hand at the start: ``wields`` (at most two, each one of its attacks), else the first."""
    names = check.value(table, "wields", list, key, [weapons[0].name])
    if len(names) > HANDS:
        raise check.fail(f"{key}.wields", f"a creature has {HANDS} hands, got {len(names)} weapons")
    known = [w.name for w in weapons]
    for index, name in enumerate(names):
        if name not in known or names.index(name) != index:
            raise check.fail(f"{key}.wields[{index}]", f"must be one of its attacks, once ({', '.join(known)}), got {name!r}")
    return names


def load_creatures(path: Path = DATA_DIR / "creatures.toml", spells: dict[str, Spell] | None = None) -> dict[str, Creature5e]:
    spells = load_spells() if spells is None else spells
    check = _Checker(path.name)
    return {key: _creature(check, key, raw, spells) for key, raw in read_toml(path).items()}


PRESETS = "presets"     # rosters.toml's table of named presets: start-menu rosters that are no side's own


def load_rosters(path: Path = DATA_DIR / "rosters.toml", creatures: dict[str, Creature5e] | None = None) -> list[Roster]:
    """The side rosters of rosters.toml (blue, red, green, yellow), checked against the creatures."""
    creatures = load_creatures() if creatures is None else creatures
    check = _Checker(path.name)
    return [Roster(side, *_roster_table(check, raw, side, creatures))
            for side, raw in read_toml(path).items() if side != PRESETS]


def load_presets(path: Path = DATA_DIR / "rosters.toml", creatures: dict[str, Creature5e] | None = None) -> list[Preset]:
    """The start menu's presets: each side's roster, then the named ``[presets.KEY]`` tables (a map's start area
    may start a side on one, docs/maps.md), checked like the sides."""
    creatures = load_creatures() if creatures is None else creatures
    check = _Checker(path.name)
    found = [Preset(r.side, r.label, r.creatures) for r in load_rosters(path, creatures)]
    named = read_toml(path).get(PRESETS, {})
    for key, raw in check.table(named, PRESETS, tuple(named)).items():
        if key in (preset.key for preset in found):
            raise check.fail(f"{PRESETS}.{key}", "is a side's name: a preset needs a key of its own")
        found.append(Preset(key, *_roster_table(check, raw, f"{PRESETS}.{key}", creatures)))
    return found


def _roster_table(check: _Checker, raw: Any, where: str, creatures: dict[str, Creature5e]) -> tuple[str, tuple[str, ...]]:
    """A side's or preset's label (default: its key) and creature keys, each a known creature."""
    table = check.table(raw, where, ("label", "creatures"))
    keys = check.value(table, "creatures", list, where)
    if not keys:
        raise check.fail(f"{where}.creatures", "needs at least one creature")
    for index, key in enumerate(keys):
        if key not in creatures:
            raise check.fail(f"{where}.creatures[{index}]", f"unknown creature {key!r} (known: {', '.join(creatures)})")
    return check.value(table, "label", str, where, where.rsplit(".", 1)[-1]), tuple(keys)
