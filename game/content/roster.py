"""Load creature statistics and side rosters from TOML, with errors naming the file and key."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import DiceExpr
from game.core.grid import Size
from game.ecs.components import Arsenal, AttackProfile, Body, Defenses, Stats, TeleportPower

DATA_DIR = Path(__file__).parent
DEFENSES = ("ac", "fortitude", "reflex", "will")
KINDS = ("melee", "ranged", "close", "area")
AREAS = {"close": ("blast", "burst"), "area": ("burst",)}
FORCED = ("push", "pull", "slide", "swap")
USAGES = ("at-will", "encounter")
ACTIONS = ("standard", "move", "minor")


class ContentError(ValueError):
    """A data file is missing, malformed or holds a value the game cannot use."""


@dataclass(frozen=True)
class CreatureTemplate:
    key: str
    display_name: str
    sprite: str
    stats: Stats
    arsenal: Arsenal
    body: Body


@dataclass(frozen=True)
class Roster:
    side: str
    label: str
    creatures: tuple[str, ...]


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as err:
        raise ContentError(f"{path}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"{path}: not valid TOML: {err}") from None


def _field(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise ContentError(f"{where}: missing key {key!r}")
    value = table[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise ContentError(f"{where}.{key}: expected {kind.__name__}, got {value!r}")
    return value


def _attack(raw: Any, where: str) -> AttackProfile:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table")
    kind = _choice(raw, "kind", KINDS, where)
    defense = _choice(raw, "defense", DEFENSES, where)
    try:
        damage = DiceExpr.parse(_field(raw, "damage", str, where))
    except ValueError as err:
        raise ContentError(f"{where}.damage: {err}") from None
    reach = _field(raw, "reach", int, where)
    long_range = raw.get("long_range", 0)
    if not isinstance(long_range, int) or (long_range and long_range < reach):
        raise ContentError(f"{where}.long_range: must be 0 or at least the range")
    area, size = "", 0
    if kind in AREAS:
        area = _choice(raw, "area", AREAS[kind], where)
        size = _field(raw, "size", int, where)
        if size < 1:
            raise ContentError(f"{where}.size: must be at least 1")
    forced = _choice(raw, "forced", FORCED, where) if "forced" in raw else ""
    forced_squares = _field(raw, "forced_squares", int, where) if forced and forced != "swap" else 0
    return AttackProfile(
        name=_field(raw, "name", str, where), kind=kind, reach=reach, long_range=long_range,
        bonus=_field(raw, "bonus", int, where), defense=defense, damage=damage,
        weapon=bool(raw.get("weapon", True)), area=area, size=size, forced=forced, forced_squares=forced_squares,
        usage=_choice(raw, "usage", USAGES, where) if "usage" in raw else "at-will",
        basic=bool(raw.get("basic", True)),
    )


def _choice(table: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> str:
    value = _field(table, key, str, where)
    if value not in allowed:
        raise ContentError(f"{where}.{key}: must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _teleport(raw: Any, where: str) -> TeleportPower:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table")
    squares = _field(raw, "squares", int, where)
    if squares < 1:
        raise ContentError(f"{where}.squares: must be at least 1")
    return TeleportPower(
        _field(raw, "name", str, where), squares,
        _choice(raw, "action", ACTIONS, where) if "action" in raw else "move",
        _choice(raw, "usage", USAGES, where) if "usage" in raw else "encounter",
    )


def load_creatures(path: Path = DATA_DIR / "creatures.toml") -> dict[str, CreatureTemplate]:
    templates: dict[str, CreatureTemplate] = {}
    for key, raw in _read(path).items():
        where = f"{path.name}:{key}"
        if not isinstance(raw, dict):
            raise ContentError(f"{where}: expected a table")
        defenses_raw = _field(raw, "defenses", dict, where)
        defenses = Defenses(*(_field(defenses_raw, d, int, f"{where}.defenses") for d in DEFENSES))
        hp = _field(raw, "hp", int, where)
        if hp < 1:
            raise ContentError(f"{where}.hp: must be at least 1")
        attacks = tuple(_attack(a, f"{where}.attacks[{i}]") for i, a in enumerate(_field(raw, "attacks", list, where)))
        if not attacks:
            raise ContentError(f"{where}.attacks: a creature needs at least one attack")
        stats = Stats(
            kind=key, level=_field(raw, "level", int, where), max_hp=hp, defenses=defenses,
            speed=_field(raw, "speed", int, where), initiative_bonus=_field(raw, "initiative", int, where),
        )
        try:
            size = Size.parse(str(raw.get("size", "medium")))
        except ValueError as err:
            raise ContentError(f"{where}.size: {err}") from None
        teleports = tuple(_teleport(t, f"{where}.teleports[{i}]") for i, t in enumerate(raw.get("teleports", [])))
        templates[key] = CreatureTemplate(
            key, _field(raw, "name", str, where), _field(raw, "sprite", str, where), stats,
            Arsenal(attacks, teleports), Body(size, bool(raw.get("flying", False)), bool(raw.get("phasing", False))),
        )
    return templates


def load_rosters(path: Path = DATA_DIR / "rosters.toml", creatures: dict[str, CreatureTemplate] | None = None) -> list[Roster]:
    known = creatures if creatures is not None else load_creatures()
    rosters: list[Roster] = []
    for side, raw in _read(path).items():
        where = f"{path.name}:{side}"
        names = tuple(_field(raw, "creatures", list, where))
        for name in names:
            if name not in known:
                raise ContentError(f"{where}.creatures: unknown creature {name!r}")
        rosters.append(Roster(side, str(raw.get("label", side)), names))
    return rosters
