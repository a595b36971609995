"""Load the sotdl-house gear, creatures and rosters (data/*.toml in this folder), every key checked.

A missing, unknown or malformed value raises ContentError with one line naming the file and key path,
e.g. ``creatures.toml:warrior.weapon: unknown weapon 'sword' (known: longsword, ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.content_check import TableChecker, read_toml
from game.engine.rosters import Preset, Roster
from game.ecs.components import Body
from game.rulesets.sotdl import afflictions
from game.rulesets.sotdl.components import SPECIALS, Armor, Sheet, Weapon
from game.rulesets.sotdl.stats import grid_size, size_text

DATA_DIR = Path(__file__).resolve().parent / "data"
SIZES = {"1/4": 1, "1/2": 2, "1": 4, "2": 8, "3": 12, "4": 16}
WEAPON_KEYS = ("die", "hit_bonus", "ranged", "range_yd", "two_handed", "durability", "lays", "lays_rounds")
ARMOR_KEYS = ("value", "durability")
CREATURE_KEYS = ("name", "sprite", "hero", "size", "strength", "agility", "intellect", "will", "perception",
                 "health", "level_health", "speed", "power", "hit_bonus", "weapon", "armor", "shield", "trained",
                 "block_trained", "potions", "bombs", "defense_bonus", "difficulty")
ROSTER_KEYS = ("label", "creatures")
DICE = (4, 6, 8, 10, 12)


@dataclass(frozen=True)
class CreatureSotdl:
    """A creature template: its key, name, sprite, grid body and sheet."""

    key: str
    display_name: str
    sprite: str
    body: Body
    sheet: Sheet
    difficulty: int = 1          # what the creature adds to its side's encounter budget (sotdl/encounters.py)

    @property
    def summary(self) -> str:
        """One line for the roster editor: size, Health, Defense, AP."""
        s = self.sheet
        armor = f", {s.armor.name} {s.armor.value}" if s.armor else ""
        return f"size {size_text(s.size_quarters)}, Health {s.health}, Defense {s.defense}, {s.ap} AP{armor}"


class _Checker(TableChecker):
    """The sotdl-house content's own kinds of value."""

    def number(self, table: dict[str, Any], key: str, where: str, low: int, high: int, default: int | None = None) -> int:
        value = self.value(table, key, int, where, default)
        if not low <= value <= high:
            raise self.fail(f"{where}.{key}", f"must be {low} to {high}, got {value}")
        return value

    def choice(self, table: dict[str, Any], key: str, where: str, choices: Any, default: str | None = None) -> str:
        value = self.value(table, key, str, where, default)
        if value not in choices:
            raise self.fail(f"{where}.{key}", f"unknown {key} {value!r} (known: {', '.join(choices)})")
        return value


def load_gear(data_dir: Path = DATA_DIR) -> tuple[dict[str, Weapon], dict[str, Armor]]:
    check = _Checker("gear.toml")
    raw = check.table(read_toml(data_dir / "gear.toml"), "gear", ("weapons", "armor"))
    weapons: dict[str, Weapon] = {}
    for key, table in check.table(raw.get("weapons", {}), "weapons", tuple(raw.get("weapons", {}))).items():
        where = f"weapons.{key}"
        check.table(table, where, WEAPON_KEYS)
        die = check.number(table, "die", where, 2, 12)
        if die not in DICE:
            raise check.fail(f"{where}.die", f"must be one of {', '.join(map(str, DICE))}, got {die}")
        ranged = check.value(table, "ranged", bool, where, False)
        weapons[key] = Weapon(key, die, check.number(table, "hit_bonus", where, -5, 5, 0), ranged,
                              check.number(table, "range_yd", where, 1 if ranged else 0, 500, 20 if ranged else 0),
                              check.value(table, "two_handed", bool, where, False),
                              check.number(table, "durability", where, 0, 200, 10),
                              check.choice(table, "lays", where, ("",) + afflictions.AFFLICTIONS, ""),
                              check.number(table, "lays_rounds", where, 1, 10, 1))
    armors: dict[str, Armor] = {}
    for key, table in check.table(raw.get("armor", {}), "armor", tuple(raw.get("armor", {}))).items():
        where = f"armor.{key}"
        check.table(table, where, ARMOR_KEYS)
        armors[key] = Armor(key, check.number(table, "value", where, 0, 25), check.number(table, "durability", where, 1, 200))
    return weapons, armors


def load_creatures(data_dir: Path = DATA_DIR) -> dict[str, CreatureSotdl]:
    """Every creature of creatures.toml, checked."""
    weapons, armors = load_gear(data_dir)
    check = _Checker("creatures.toml")
    raw = read_toml(data_dir / "creatures.toml")
    found: dict[str, CreatureSotdl] = {}
    for key, table in raw.items():
        where = key
        check.table(table, where, CREATURE_KEYS)
        size = SIZES[check.choice(table, "size", where, tuple(SIZES), "1")]
        strength = check.number(table, "strength", where, 1, 20)
        agility = check.number(table, "agility", where, 1, 20)
        health = check.number(table, "health", where, 1, 500, strength + check.number(table, "level_health", where, 0, 200, 0))
        trained = check.value(table, "trained", list, where, [])
        for index, name in enumerate(trained):
            if name not in SPECIALS:
                raise check.fail(f"{where}.trained[{index}]", f"unknown special {name!r} (known: {', '.join(SPECIALS)})")
        armor_key = check.value(table, "armor", str, where, "")
        if armor_key and armor_key not in armors:
            raise check.fail(f"{where}.armor", f"unknown armor {armor_key!r} (known: {', '.join(armors)})")
        sheet = Sheet(
            kind=key, strength=strength, agility=agility,
            intellect=check.number(table, "intellect", where, 1, 20), will=check.number(table, "will", where, 1, 20),
            health=health, size_quarters=size, speed=check.number(table, "speed", where, 0, 40),
            power=check.number(table, "power", where, 1, 10), hit_bonus=check.number(table, "hit_bonus", where, -5, 10),
            weapon=weapons[check.choice(table, "weapon", where, tuple(weapons))],
            armor=armors[armor_key] if armor_key else None,
            shield=check.number(table, "shield", where, 0, 200, 0), trained=tuple(trained),
            block_trained=check.value(table, "block_trained", bool, where, False),
            perception=check.number(table, "perception", where, 0, 25, 0),
            defense_bonus=check.number(table, "defense_bonus", where, 0, 10, 0),
            hero=check.value(table, "hero", bool, where, False), potions=check.number(table, "potions", where, 0, 9, 0),
            bombs=check.number(table, "bombs", where, 0, 9, 0),
        )
        found[key] = CreatureSotdl(key, check.value(table, "name", str, where), check.value(table, "sprite", str, where),
                                   Body(grid_size(size)), sheet, check.number(table, "difficulty", where, 1, 500))
    return found


def _roster_table(check: _Checker, table: Any, where: str, creatures: dict[str, CreatureSotdl]) -> tuple[str, tuple[str, ...]]:
    check.table(table, where, ROSTER_KEYS)
    label = check.value(table, "label", str, where)
    keys = check.value(table, "creatures", list, where)
    if not keys:
        raise check.fail(f"{where}.creatures", "a roster needs at least one creature")
    for index, name in enumerate(keys):
        if name not in creatures:
            raise check.fail(f"{where}.creatures[{index}]", f"unknown creature {name!r}")
    return label, tuple(keys)


def load_rosters(data_dir: Path = DATA_DIR, creatures: dict[str, CreatureSotdl] | None = None) -> list[Roster]:
    """The side rosters of rosters.toml (blue, red, green, yellow), checked against the creatures."""
    creatures = creatures if creatures is not None else load_creatures(data_dir)
    check = _Checker("rosters.toml")
    raw = read_toml(data_dir / "rosters.toml")
    rosters = []
    for side, table in raw.items():
        if side == "presets":
            continue
        label, keys = _roster_table(check, table, side, creatures)
        rosters.append(Roster(side, label, keys))
    return rosters


def load_presets(data_dir: Path = DATA_DIR, creatures: dict[str, CreatureSotdl] | None = None) -> list[Preset]:
    """The start menu's presets: each side's roster and the [presets] tables."""
    creatures = creatures if creatures is not None else load_creatures(data_dir)
    found = [Preset(r.side, r.label, r.creatures) for r in load_rosters(data_dir, creatures)]
    check = _Checker("rosters.toml")
    extra = read_toml(data_dir / "rosters.toml").get("presets", {})
    for key, table in check.table(extra, "presets", tuple(extra)).items():
        label, keys = _roster_table(check, table, f"presets.{key}", creatures)
        found.append(Preset(key, label, keys))
    return found
