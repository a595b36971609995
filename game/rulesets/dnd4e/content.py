"""Load creature statistics and side rosters from TOML, with errors naming the file and key.

Everything is checked on load. A missing, unknown or malformed value raises ContentError with one line,
``file:key.path: what is wrong``, e.g. ``creatures.toml:wizard.attacks[2].hit_effects[0].duration: must be
one of end_of_your_next_turn, ..., got 'forever'``.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import DiceExpr
from game.core.grid import Size
from game.ecs.components import (
    ACTION_TYPES, DURATIONS, END_OF_YOUR_NEXT_TURN, ENCOUNTER, SAVE_ENDS, SUSTAIN, TRIGGERS,
    Arsenal, Body, Defenses, EffectSpec, HealSpec, Power, Stats, TeleportPower, ZoneSpec,
)
from game.engine.rosters import ContentError, Preset, Roster
from game.rulesets.dnd4e.i18n import L_

DATA_DIR = Path(__file__).resolve().parent / "data"
DEFENSES = ("ac", "fortitude", "reflex", "will")
KINDS = ("melee", "ranged", "close", "area", "personal")
AREAS = {"close": ("blast", "burst"), "area": ("burst", "wall")}
FORCED = ("push", "pull", "slide", "swap")
USAGES = ("at-will", "encounter", "daily")
ACTIONS = ("standard", "move", "minor")          # the actions a teleport power may cost
IMMEDIATE = ("interrupt", "reaction")             # the action types that need a trigger
DAMAGE_TYPES = ("acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder")
RESIST_TYPES = DAMAGE_TYPES + ("all",)
MAX_LEVEL = 40                                 # the DMG XP table's last level (dnd4e/encounters.py)
RANKS = ("standard", "elite", "solo")          # the DMG's monster ranks (a minion is minion = true)
ROLES = ("defender", "striker", "leader", "controller", "brute", "soldier", "artillery", "skirmisher", "lurker", "minion")
TARGETS = ("enemy", "creature", "ally", "ally_or_self", "self")
CONDITIONS = (
    "blinded", "dazed", "deafened", "dominated", "helpless", "immobilized", "marked", "petrified", "prone",
    "restrained", "slowed", "stunned", "unconscious", "weakened",
    "ongoing", "defense_bonus", "attack_bonus", "regeneration", "temp_hp", "insubstantial", "invisible",
)
POSITIVE_AMOUNT = ("ongoing", "regeneration", "temp_hp")      # amount at least 1
SIGNED_AMOUNT = ("defense_bonus", "attack_bonus")              # amount not 0 (negative: a penalty)
OBSCUREMENTS = ("light", "heavy", "total")
ZONE_DURATIONS = (SUSTAIN, END_OF_YOUR_NEXT_TURN, ENCOUNTER)
NO_DAMAGE = DiceExpr(0, 0, 0)

CREATURE_KEYS = (
    "name", "sprite", "level", "hp", "defenses", "speed", "initiative", "attacks", "teleports", "size", "flying",
    "phasing", "hero", "surges", "potions", "role", "rank", "resist", "vulnerable", "regeneration", "insubstantial", "minion",
)
POWER_KEYS = (
    "name", "kind", "action", "trigger", "usage", "uses", "reach", "long_range", "area", "size", "targets", "bonus",
    "defense", "damage", "damage_type", "weapon", "basic", "miss", "needs_combat_advantage", "advantage_damage",
    "forced", "forced_squares", "hit_effects", "self_effects", "heal", "zone",
)
EFFECT_KEYS = ("condition", "duration", "amount", "damage_type", "after")
HEAL_KEYS = ("surge", "bonus")
ZONE_KEYS = ("obscurement", "difficult", "duration")
TELEPORT_KEYS = ("name", "squares", "action", "usage", "uses")
ROSTER_KEYS = ("label", "creatures")
PRESETS = "presets"                               # the table of the menu's preset rosters

_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false", dict: "a table", list: "an array"}


@dataclass(frozen=True)
class CreatureTemplate:
    key: str
    display_name: str
    sprite: str
    stats: Stats
    arsenal: Arsenal
    body: Body
    rank: str = "standard"        # standard|elite|solo: the DMG's monster ranks, for the encounter budget

    @property
    def summary(self) -> str:
        """One line for the roster editor's lists: level and role, size, hit points."""
        size = self.body.size.name.lower()
        if self.stats.role:
            return L_("level {level} {role}, {size}, {hp} HP", level=self.stats.level, role=self.stats.role, size=size,
                      hp=self.stats.max_hp)
        return L_("level {level}, {size}, {hp} HP", level=self.stats.level, size=size, hp=self.stats.max_hp)


# --------------------------------------------------------------------------------------------
# Reading values
# --------------------------------------------------------------------------------------------


MAX_NUMBER = 1_000_000


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as err:
        raise ContentError(f"{path}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"{path}: not valid TOML: {err}") from None


def _table(raw: Any, where: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """``raw`` as a table holding only ``allowed`` keys."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table, got {raw!r}")
    for key in raw:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.7)
            hint = f"did you mean {close[0]!r}?" if close else f"expected one of {', '.join(allowed)}"
            raise ContentError(f"{where}.{key}: unknown key ({hint})")
    return raw


def _check_type(value: Any, kind: type, where: str) -> Any:
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise ContentError(f"{where}: expected {_TYPE_NAMES[kind]}, got {value!r:.60}")
    if isinstance(value, int) and abs(value) > MAX_NUMBER:     # no hit point total, bonus or range comes near
        raise ContentError(f"{where}: {value:.3g} is out of range (at most {MAX_NUMBER} either way)")
    return value


def _field(table: dict[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    """``table[key]`` checked to be a ``kind``; required unless a default is given."""
    if key not in table:
        if default is None:
            raise ContentError(f"{where}: missing key {key!r}")
        return default
    return _check_type(table[key], kind, f"{where}.{key}")


def _choice(table: dict[str, Any], key: str, allowed: tuple[str, ...], where: str, default: str | None = None) -> str:
    value = _field(table, key, str, where, default)
    if value not in allowed:
        shown = ", ".join(a if a else '"" (none)' for a in allowed)
        raise ContentError(f"{where}.{key}: must be one of {shown}, got {value!r}")
    return value


def _at_least(table: dict[str, Any], key: str, least: int, where: str, default: int | None = None) -> int:
    value = _field(table, key, int, where, default)
    if value < least:
        raise ContentError(f"{where}.{key}: must be at least {least}, got {value}")
    return value


def _dice(table: dict[str, Any], key: str, where: str) -> DiceExpr:
    text = _field(table, key, str, where)
    try:
        expr = DiceExpr.parse(text)
    except ValueError as err:
        raise ContentError(f"{where}.{key}: {err}") from None
    if expr.count == 0 and expr.flat < 0:
        raise ContentError(f"{where}.{key}: must not be negative, got {text!r}")
    return expr


def _forbid(table: dict[str, Any], key: str, where: str, why: str) -> None:
    if key in table:
        raise ContentError(f"{where}.{key}: {why}")


# --------------------------------------------------------------------------------------------
# Powers
# --------------------------------------------------------------------------------------------


def _effect(raw: Any, where: str) -> EffectSpec:
    table = _table(raw, where, EFFECT_KEYS)
    condition = _choice(table, "condition", CONDITIONS, where)
    duration = _choice(table, "duration", DURATIONS, where, END_OF_YOUR_NEXT_TURN)
    amount = _field(table, "amount", int, where, 0)
    if condition in POSITIVE_AMOUNT and amount < 1:
        raise ContentError(f"{where}.amount: {condition} needs an amount of at least 1, got {amount}")
    if condition in SIGNED_AMOUNT and amount == 0:
        raise ContentError(f"{where}.amount: {condition} needs an amount other than 0 (negative for a penalty)")
    if condition not in POSITIVE_AMOUNT + SIGNED_AMOUNT:
        _forbid(table, "amount", where, f"{condition} takes no amount (only {', '.join(POSITIVE_AMOUNT + SIGNED_AMOUNT)} do)")
    damage_type = ""
    if condition == "ongoing":
        damage_type = _choice(table, "damage_type", DAMAGE_TYPES, where) if "damage_type" in table else ""
    else:
        _forbid(table, "damage_type", where, "only ongoing damage has a damage type")
    after: tuple[EffectSpec, ...] = ()
    if "after" in table:
        if duration != SAVE_ENDS:
            raise ContentError(f"{where}.after: aftereffects begin when a save ends the effect, so it needs duration save_ends")
        after = tuple(_effect(a, f"{where}.after[{i}]") for i, a in enumerate(_field(table, "after", list, where)))
    return EffectSpec(condition, duration, amount, damage_type, after)


def _effects(table: dict[str, Any], key: str, where: str) -> tuple[EffectSpec, ...]:
    return tuple(_effect(e, f"{where}.{key}[{i}]") for i, e in enumerate(_field(table, key, list, where, [])))


def _heal(raw: Any, where: str) -> HealSpec:
    table = _table(raw, where, HEAL_KEYS)
    bonus = _dice(table, "bonus", where) if "bonus" in table else NO_DAMAGE
    return HealSpec(surge=_field(table, "surge", bool, where, True), bonus=bonus)


def _zone(raw: Any, where: str) -> ZoneSpec:
    table = _table(raw, where, ZONE_KEYS)
    obscurement = _choice(table, "obscurement", OBSCUREMENTS, where) if "obscurement" in table else ""
    difficult = _field(table, "difficult", bool, where, False)
    if not obscurement and not difficult:
        raise ContentError(f"{where}: a zone needs obscurement or difficult = true")
    return ZoneSpec(obscurement, difficult, _choice(table, "duration", ZONE_DURATIONS, where, SUSTAIN))


def _power(raw: Any, where: str) -> Power:
    table = _table(raw, where, POWER_KEYS)
    name = _field(table, "name", str, where)
    if not name.strip():
        raise ContentError(f"{where}.name: must not be empty")
    kind = _choice(table, "kind", KINDS, where)
    personal = kind == "personal"
    defense = _choice(table, "defense", DEFENSES + ("",), where, "")
    attacks = bool(defense)
    if personal and attacks:
        raise ContentError(f"{where}.defense: a personal power makes no attack roll")

    action = _choice(table, "action", ACTION_TYPES, where, "standard")
    if action in IMMEDIATE:
        if "trigger" not in table:
            article = "an" if action == "interrupt" else "a"
            raise ContentError(f"{where}: missing key 'trigger' ({article} {action} needs one of {', '.join(TRIGGERS)})")
        trigger = _choice(table, "trigger", TRIGGERS, where)
    else:
        _forbid(table, "trigger", where, f"only an interrupt or a reaction has a trigger (action is {action!r})")
        trigger = ""
    usage = _choice(table, "usage", USAGES, where, "at-will")
    if usage == "at-will":
        _forbid(table, "uses", where, "only an encounter or daily power has a number of uses")
    uses = _at_least(table, "uses", 1, where, 1)

    if kind in ("melee", "ranged", "area"):
        reach = _at_least(table, "reach", 1, where)
    else:
        reach = _field(table, "reach", int, where, 0)
        if reach != 0:
            raise ContentError(f"{where}.reach: must be 0 for a {kind} power (it starts from the user), got {reach}")
    if kind == "ranged":
        long_range = _field(table, "long_range", int, where, 0)
        if long_range and long_range < reach or long_range < 0:
            raise ContentError(f"{where}.long_range: must be 0 or at least the range")
    else:
        _forbid(table, "long_range", where, "only a ranged power has a long range")
        long_range = 0
    area, size = "", 0
    if kind in AREAS:
        area = _choice(table, "area", AREAS[kind], where)
        size = _at_least(table, "size", 1, where)
    else:
        _forbid(table, "area", where, "only close and area powers have an area")
        _forbid(table, "size", where, "only close and area powers have an area size")

    targets = _choice(table, "targets", TARGETS, where, "self" if personal else "enemy")
    if personal and targets != "self":
        raise ContentError(f"{where}.targets: a personal power affects only its user (self), got {targets!r}")
    if not personal and targets == "self":
        raise ContentError(f"{where}.targets: only a personal power targets self (ally_or_self reaches the user too)")
    if attacks and targets not in ("enemy", "creature"):
        raise ContentError(f"{where}.targets: a power with an attack roll targets enemies (or every creature in its area), got {targets!r}")
    if targets == "creature" and kind not in ("close", "area"):
        raise ContentError(f"{where}.targets: only a close or area power catches every creature in its area")

    no_roll = "only a power with an attack roll (a defense) has"
    if attacks:
        bonus = _field(table, "bonus", int, where)
        damage = _dice(table, "damage", where)
        damage_type = _choice(table, "damage_type", DAMAGE_TYPES, where) if "damage_type" in table else ""
        miss_half = _choice(table, "miss", ("half",), where) == "half" if "miss" in table else False
        advantage = _dice(table, "advantage_damage", where) if "advantage_damage" in table else None
        forced = _choice(table, "forced", FORCED, where) if "forced" in table else ""
    else:
        for key, what in (("bonus", "an attack bonus"), ("damage", "damage"), ("damage_type", "a damage type"),
                          ("miss", "a miss effect"), ("advantage_damage", "extra damage"),
                          ("needs_combat_advantage", "a combat advantage requirement"),
                          ("forced", "forced movement on a hit")):
            _forbid(table, key, where, f"{no_roll} {what}")
        bonus, damage, damage_type, miss_half, advantage, forced = 0, NO_DAMAGE, "", False, None, ""
    needs_advantage = _field(table, "needs_combat_advantage", bool, where, False)
    if forced in ("push", "pull", "slide"):
        forced_squares = _at_least(table, "forced_squares", 1, where)
    else:
        _forbid(table, "forced_squares", where, "needs forced = push, pull or slide")
        forced_squares = 0

    hit_effects = _effects(table, "hit_effects", where)
    if personal and hit_effects:
        raise ContentError(f"{where}.hit_effects: a personal power has no target; use self_effects")
    self_effects = _effects(table, "self_effects", where)
    heal = _heal(table["heal"], f"{where}.heal") if "heal" in table else None
    if heal is not None and (attacks or targets == "enemy"):
        raise ContentError(f"{where}.heal: only a power with no attack roll that targets ally, ally_or_self or self heals")
    zone = None
    if "zone" in table:
        if kind not in AREAS:
            raise ContentError(f"{where}.zone: only close and area powers make a zone")
        zone = _zone(table["zone"], f"{where}.zone")
    if not attacks and not (hit_effects or self_effects or heal or zone):
        raise ContentError(f"{where}: a power with no attack roll must heal, make a zone or lay effects")

    eligible = attacks and usage == "at-will" and action == "standard" and not needs_advantage
    basic = _field(table, "basic", bool, where, eligible)
    if basic and not eligible:
        raise ContentError(f"{where}.basic: a basic attack is an at-will standard-action attack with no requirement")
    return Power(
        name=name, kind=kind, reach=reach, long_range=long_range, bonus=bonus, defense=defense, damage=damage,
        weapon=_field(table, "weapon", bool, where, attacks), area=area, size=size, forced=forced,
        forced_squares=forced_squares, usage=usage, basic=basic, action=action, trigger=trigger, uses=uses,
        damage_type=damage_type, hit_effects=hit_effects, miss_half=miss_half, needs_combat_advantage=needs_advantage,
        advantage_damage=advantage, self_effects=self_effects, targets=targets, heal=heal, zone=zone,
    )


def _teleport(raw: Any, where: str) -> TeleportPower:
    table = _table(raw, where, TELEPORT_KEYS)
    usage = _choice(table, "usage", USAGES, where, "encounter")
    if usage == "at-will":
        _forbid(table, "uses", where, "only an encounter or daily power has a number of uses")
    return TeleportPower(
        _field(table, "name", str, where), _at_least(table, "squares", 1, where),
        _choice(table, "action", ACTIONS, where, "move"), usage, _at_least(table, "uses", 1, where, 1),
    )


# --------------------------------------------------------------------------------------------
# Creatures and rosters
# --------------------------------------------------------------------------------------------


def _resistances(table: dict[str, Any], key: str, where: str) -> tuple[tuple[str, int], ...]:
    raw = _field(table, key, dict, where, {})
    for damage_type, amount in raw.items():
        if damage_type not in RESIST_TYPES:
            raise ContentError(f"{where}.{key}: damage type must be one of {', '.join(RESIST_TYPES)}, got {damage_type!r}")
        _check_type(amount, int, f"{where}.{key}.{damage_type}")
        if amount < 1:
            raise ContentError(f"{where}.{key}.{damage_type}: must be at least 1, got {amount}")
    return tuple(sorted(raw.items()))


def _creature(key: str, raw: Any, where: str) -> CreatureTemplate:
    table = _table(raw, where, CREATURE_KEYS)
    name = _field(table, "name", str, where)
    sprite = _field(table, "sprite", str, where)
    defenses_raw = _table(_field(table, "defenses", dict, where), f"{where}.defenses", DEFENSES)
    defenses = Defenses(*(_at_least(defenses_raw, d, 1, f"{where}.defenses") for d in DEFENSES))
    hero = _field(table, "hero", bool, where, False)
    minion = _field(table, "minion", bool, where, False)
    if hero and minion:
        raise ContentError(f"{where}.minion: a hero cannot be a minion")
    hp = _at_least(table, "hp", 1, where)
    if minion and hp != 1:
        raise ContentError(f"{where}.hp: a minion has exactly 1 hit point, got {hp}")
    surges = _at_least(table, "surges", 0, where, 0)
    if hero and surges < 1:
        raise ContentError(f"{where}.surges: a hero needs at least 1 healing surge, got {surges}")
    role = _choice(table, "role", ROLES, where)       # every creature has one: it names the creature's part
    rank = _choice(table, "rank", RANKS, where, "standard")
    level = _at_least(table, "level", 1, where)
    if level > MAX_LEVEL:
        raise ContentError(f"{where}.level: the DMG's levels go to {MAX_LEVEL}, got {level}")
    if rank != "standard" and (hero or minion):
        raise ContentError(f"{where}.rank: a {'hero' if hero else 'minion'} has no rank (it counts as itself in a budget)")
    if role == "minion" and not minion:
        raise ContentError(f"{where}.role: role minion needs minion = true")

    attack_list = _field(table, "attacks", list, where)
    attacks = tuple(_power(a, f"{where}.attacks[{i}]") for i, a in enumerate(attack_list))
    if not attacks:
        raise ContentError(f"{where}.attacks: a creature needs at least one attack")
    teleport_list = _field(table, "teleports", list, where, [])
    teleports = tuple(_teleport(t, f"{where}.teleports[{i}]") for i, t in enumerate(teleport_list))
    seen: set[str] = set()
    named: tuple[tuple[str, tuple[Power | TeleportPower, ...]], ...] = (("attacks", attacks), ("teleports", teleports))
    for group, powers in named:
        for i, power in enumerate(powers):
            if power.name in seen:
                raise ContentError(f"{where}.{group}[{i}].name: another power of {key!r} is already called {power.name!r}")
            seen.add(power.name)

    try:
        size = Size.parse(_field(table, "size", str, where, "medium"))
    except ValueError as err:
        raise ContentError(f"{where}.size: {err}") from None
    stats = Stats(
        kind=key, level=level, max_hp=hp, defenses=defenses,
        speed=_at_least(table, "speed", 0, where), initiative_bonus=_field(table, "initiative", int, where),
        hero=hero, surges=surges, resist=_resistances(table, "resist", where),
        vulnerable=_resistances(table, "vulnerable", where),
        regeneration=_at_least(table, "regeneration", 0, where, 0),
        insubstantial=_field(table, "insubstantial", bool, where, False), minion=minion, role=role,
    )
    body = Body(size, _field(table, "flying", bool, where, False), _field(table, "phasing", bool, where, False))
    arsenal = Arsenal(attacks, teleports, _at_least(table, "potions", 0, where, 0))
    return CreatureTemplate(key, name, sprite, stats, arsenal, body, rank)


def load_creatures(path: Path = DATA_DIR / "creatures.toml") -> dict[str, CreatureTemplate]:
    return {key: _creature(key, raw, f"{path.name}:{key}") for key, raw in _read(path).items()}


def _creature_keys(table: dict[str, Any], where: str, known: dict[str, CreatureTemplate]) -> tuple[str, ...]:
    names = tuple(_field(table, "creatures", list, where))
    if not names:
        raise ContentError(f"{where}.creatures: a side needs at least one creature")
    for i, name in enumerate(names):
        _check_type(name, str, f"{where}.creatures[{i}]")
        if name not in known:
            raise ContentError(f"{where}.creatures: unknown creature {name!r}")
    return names


def load_rosters(path: Path = DATA_DIR / "rosters.toml", creatures: dict[str, CreatureTemplate] | None = None) -> list[Roster]:
    """Each side's creatures; a key listed several times puts several of that creature in play. The
    ``presets`` table holds the menu's presets (load_presets), not a side."""
    known = creatures if creatures is not None else load_creatures()
    rosters: list[Roster] = []
    for side, raw in _read(path).items():
        if side == PRESETS:
            continue
        where = f"{path.name}:{side}"
        table = _table(raw, where, ROSTER_KEYS)
        rosters.append(Roster(side, _field(table, "label", str, where, side), _creature_keys(table, where, known)))
    return rosters


def load_presets(path: Path = DATA_DIR / "rosters.toml", creatures: dict[str, CreatureTemplate] | None = None) -> list[Preset]:
    """The rosters the start menu offers for any side, in file order."""
    known = creatures if creatures is not None else load_creatures()
    raw = _read(path).get(PRESETS, {})
    if not isinstance(raw, dict):
        raise ContentError(f"{path.name}:{PRESETS}: expected a table of presets, got {raw!r}")
    presets = []
    for key, entry in raw.items():
        where = f"{path.name}:{PRESETS}.{key}"
        table = _table(entry, where, ROSTER_KEYS)
        presets.append(Preset(key, _field(table, "label", str, where, key), _creature_keys(table, where, known)))
    return presets
