"""Load the d20-modern weapons, explosives, creatures and rosters (content/*.toml), every key checked on load.

A missing, unknown or malformed value raises ContentError with one line naming the file and key path,
e.g. ``creatures.toml:agent.weapons[1]: unknown weapon 'rifle' (known: ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.content_check import TableChecker, read_toml
from game.engine.rosters import Roster
from game.core.grid import Size
from game.ecs.components import Body
from game.rulesets.d20modern.components import FEATS, GRIPS, WEAPON_KINDS, Ammo, Carried, Explosive, Sheet, Weapon

DATA_DIR = Path(__file__).resolve().parent / "content"
ABILITIES = ("str", "dex", "con", "wis")
WEAPON_KEYS = ("name", "kind", "damage", "threat", "multiplier", "increment_ft", "grip", "longarm", "autofire",
               "magazine", "nonlethal", "firearm")
EXPLOSIVE_KEYS = ("name", "damage", "burst_ft", "reflex_dc", "increment_ft", "splash")
CREATURE_KEYS = ("name", "sprite", "size", "level", "hp", "bab", "abilities", "con_score", "class_bonus",
                 "equip_bonus", "natural", "speed_ft", "saves", "feats", "weapons", "magazines", "explosives",
                 "treat_injury", "stable_footing", "natural_weapons", "cr")
ROSTER_KEYS = ("label", "creatures")
# The SRD's challenge ratings: fractions for the weakest creatures, then whole numbers (heroes: CR = level).
CHALLENGE_RATINGS = ("1/10", "1/8", "1/6", "1/4", "1/3", "1/2") + tuple(str(n) for n in range(1, 31))


@dataclass(frozen=True)
class CreatureD20:
    """A creature template: its name, sprite, body, sheet, hit points and what it carries."""

    key: str
    display_name: str
    sprite: str
    body: Body
    sheet: Sheet
    max_hp: int
    ammo: Ammo
    carried: Carried
    cr: str = "1"             # challenge rating ("1/2", "3"): its share of an encounter level (d20modern/encounters.py)

    @property
    def summary(self) -> str:
        """One line for the roster editor's lists: size, Defense, hit points."""
        defense = 10 + self.sheet.mod("dex") + self.sheet.class_bonus + self.sheet.equip_bonus
        return f"{self.body.size.name.lower()}, Defense {defense}, {self.max_hp} HP"


class _Checker(TableChecker):
    """The d20-modern content's own kinds of value."""

    def one_of(self, value: Any, where: str, allowed: tuple[str, ...]) -> str:
        if value not in allowed:
            raise self.fail(where, f"must be one of {', '.join(allowed)}, got {value!r}")
        return value

    def positive(self, value: int, where: str, minimum: int = 0) -> int:
        if value < minimum:
            raise self.fail(where, f"must be at least {minimum}, got {value}")
        return value


def load_weapons(path: Path | None = None) -> dict[str, Weapon]:
    path = path or DATA_DIR / "weapons.toml"
    c = _Checker(path.name)
    found: dict[str, Weapon] = {}
    for key, raw in read_toml(path).items():
        t = c.table(raw, key, WEAPON_KEYS)
        kind = c.one_of(c.value(t, "kind", str, key), f"{key}.kind", WEAPON_KINDS)
        increment = c.positive(c.value(t, "increment_ft", int, key, 0), f"{key}.increment_ft")
        if kind in ("ranged", "thrown") and increment == 0:
            raise c.fail(f"{key}.increment_ft", "a ranged or thrown weapon needs its range increment")
        threat = c.value(t, "threat", int, key, 20)
        if not 2 <= threat <= 20:
            raise c.fail(f"{key}.threat", f"must be 2 to 20, got {threat}")
        found[key] = Weapon(
            c.value(t, "name", str, key), kind, c.dice(t, "damage", key), threat,
            c.positive(c.value(t, "multiplier", int, key, 2), f"{key}.multiplier", 2), increment,
            c.one_of(c.value(t, "grip", str, key, "one"), f"{key}.grip", GRIPS),
            c.value(t, "longarm", bool, key, False), c.value(t, "autofire", bool, key, False),
            c.positive(c.value(t, "magazine", int, key, 0), f"{key}.magazine"), c.value(t, "nonlethal", bool, key, False),
            c.value(t, "firearm", bool, key, False),
        )
    return found


def load_explosives(path: Path | None = None) -> dict[str, Explosive]:
    path = path or DATA_DIR / "explosives.toml"
    c = _Checker(path.name)
    found: dict[str, Explosive] = {}
    for key, raw in read_toml(path).items():
        t = c.table(raw, key, EXPLOSIVE_KEYS)
        splash = c.dice(t, "splash", key) if "splash" in t else None
        # SPL-01: a splash weapon reaches 5 ft and allows no save, so it needs no burst radius or DC of its own.
        found[key] = Explosive(
            c.value(t, "name", str, key), c.dice(t, "damage", key),
            c.positive(c.value(t, "burst_ft", int, key, 5 if splash else None), f"{key}.burst_ft", 5),
            c.positive(c.value(t, "reflex_dc", int, key, 1 if splash else None), f"{key}.reflex_dc", 1),
            c.positive(c.value(t, "increment_ft", int, key, 10), f"{key}.increment_ft", 5),
            splash,
        )
    return found


def load_creatures(path: Path | None = None, weapons: dict[str, Weapon] | None = None,
                   explosives: dict[str, Explosive] | None = None) -> dict[str, CreatureD20]:
    """Every creature of creatures.toml, its weapons and explosives looked up by key."""
    path = path or DATA_DIR / "creatures.toml"
    weapons = load_weapons() if weapons is None else weapons
    explosives = load_explosives() if explosives is None else explosives
    c = _Checker(path.name)
    found: dict[str, CreatureD20] = {}
    for key, raw in read_toml(path).items():
        found[key] = _creature(c, key, c.table(raw, key, CREATURE_KEYS), weapons, explosives)
    return found


def _creature(c: _Checker, key: str, t: dict[str, Any], weapons: dict[str, Weapon],
              explosives: dict[str, Explosive]) -> CreatureD20:
    abilities = c.table(c.value(t, "abilities", dict, key), f"{key}.abilities", ABILITIES)
    for ability in ABILITIES:
        c.value(abilities, ability, int, f"{key}.abilities")
    saves = c.value(t, "saves", list, key)
    if len(saves) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in saves):
        raise c.fail(f"{key}.saves", "must be three integers: Fortitude, Reflex, Will")
    feats = tuple(c.one_of(f, f"{key}.feats[{i}]", FEATS) for i, f in enumerate(c.value(t, "feats", list, key, [])))
    arms: list[Weapon] = []
    for i, name in enumerate(c.value(t, "weapons", list, key)):
        if name not in weapons:
            raise c.fail(f"{key}.weapons[{i}]", f"unknown weapon {name!r} (known: {', '.join(weapons)})")
        arms.append(weapons[name])
    if not arms:
        raise c.fail(f"{key}.weapons", "a creature needs at least one weapon")
    spare = c.table(c.value(t, "magazines", dict, key, {}), f"{key}.magazines", tuple(w for w in weapons if weapons[w].magazine))
    carried = c.table(c.value(t, "explosives", dict, key, {}), f"{key}.explosives", tuple(explosives))
    for name, count in list(spare.items()) + list(carried.items()):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise c.fail(f"{key}.{name}", f"must be a count (0 or more), got {count!r}")
    try:
        size = Size.parse(c.value(t, "size", str, key, "medium"))
    except ValueError as err:
        raise c.fail(f"{key}.size", str(err)) from None
    sheet = Sheet(
        key, c.positive(c.value(t, "level", int, key), f"{key}.level", 1), c.value(t, "bab", int, key),
        tuple((a, abilities[a]) for a in ABILITIES), c.positive(c.value(t, "con_score", int, key), f"{key}.con_score", 1),
        c.value(t, "class_bonus", int, key), c.value(t, "equip_bonus", int, key),
        c.positive(c.value(t, "speed_ft", int, key), f"{key}.speed_ft", 5), (saves[0], saves[1], saves[2]),
        tuple(arms), tuple(explosives[name] for name in carried), feats, c.value(t, "natural", int, key, 0),
        c.value(t, "treat_injury", int, key, 0), c.value(t, "stable_footing", bool, key, False),
        c.value(t, "natural_weapons", bool, key, False),
    )
    names = [w.name for w in arms]
    loaded = tuple((w.name, w.magazine) for w in arms if w.magazine)
    ammo = Ammo(loaded, tuple((weapons[k].name, n) for k, n in spare.items() if weapons[k].name in names))
    held = Carried(tuple((explosives[k].name, n) for k, n in carried.items()))
    return CreatureD20(key, c.value(t, "name", str, key), c.value(t, "sprite", str, key), Body(size), sheet,
                       c.positive(c.value(t, "hp", int, key), f"{key}.hp", 1), ammo, held,
                       c.one_of(c.value(t, "cr", str, key), f"{key}.cr", CHALLENGE_RATINGS))


def load_rosters(path: Path | None = None, creatures: dict[str, CreatureD20] | None = None) -> list[Roster]:
    """The sides' rosters, in file order, every creature key known."""
    path = path or DATA_DIR / "rosters.toml"
    creatures = load_creatures() if creatures is None else creatures
    c = _Checker(path.name)
    rosters: list[Roster] = []
    for side, raw in read_toml(path).items():
        t = c.table(raw, side, ROSTER_KEYS)
        keys = c.value(t, "creatures", list, side)
        for i, name in enumerate(keys):
            if name not in creatures:
                raise c.fail(f"{side}.creatures[{i}]", f"unknown creature {name!r} (known: {', '.join(creatures)})")
        if not keys:
            raise c.fail(f"{side}.creatures", "a roster needs at least one creature")
        rosters.append(Roster(side, c.value(t, "label", str, side), tuple(keys)))
    return rosters
