"""Rules questions about a battlefield (contracts/query.md): the scenario every ruleset answers on, and the
answers that are the shared geometry's (sight, effect, forced movement, teleport) in every ruleset."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.battlefield import Battlefield, EdgeKind, edge_key, parse_ascii
from game.core.forced import PULL, PUSH, SLIDE, forced_destinations
from game.core.grid import Size, Square
from game.core.lines import line_of_effect, line_of_sight
from game.core.teleport import teleport_reaches
from game.ecs.components import Body, Conditions, Name, Position, Team
from game.ecs.world import Entity, World
from game.state import GameState

EDGE_KINDS = {"low_wall": EdgeKind.LOW_WALL, "wall": EdgeKind.WALL, "window": EdgeKind.WINDOW}
MELEE, RANGED, CLOSE, AREA = "melee", "ranged", "close", "area"
ATTACK_KINDS = (MELEE, RANGED, CLOSE, AREA)     # the contract's attack kinds, in every ruleset


class QueryError(ValueError):
    """Bad input: reported as one `error:` line and exit status 2."""


Answer = Callable[["Scenario", dict[str, Any]], Any]


@dataclass(frozen=True)
class QueryRules:
    """What a ruleset answers: each query by name, the conditions a unit may carry, and the components of
    its own a scenario's unit needs (``unit_parts(name, speed_squares)``)."""

    answers: Mapping[str, Answer]
    conditions: tuple[str, ...]
    unit_parts: Callable[[str, int], tuple[object, ...]] = field(default=lambda name, speed: ())


class Scenario:
    """A battlefield with units built into a real game state, so queries use the game's own rules."""

    def __init__(self, data: Any, base_dir: Path, rules: QueryRules) -> None:
        if not isinstance(data, dict):
            raise QueryError("the scenario must be a JSON object")
        self.rules = rules
        self.speeds: dict[Entity, int] = {}          # each unit's speed in squares, as the scenario gives it
        self.battlefield = self._battlefield(data, base_dir)
        self.state = GameState(self.battlefield, World())
        self.units: dict[str, Entity] = {}
        for index, raw in enumerate(listed(data.get("units", []), "units")):
            self._add_unit(raw, index)

    def _battlefield(self, data: dict[str, Any], base_dir: Path) -> Battlefield:
        if "map" in data:
            from game.maps.loader import MapError, load_battlefield   # pytmx only when a map file is asked for
            try:
                return load_battlefield(base_dir / str(data["map"]))
            except MapError as err:
                raise QueryError(str(err)) from None
        rows = data.get("grid")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise QueryError("the scenario needs \"grid\" (a list of strings) or \"map\" (a .tmx path)")
        edges = []
        for i, raw in enumerate(listed(data.get("edges", []), "edges")):
            try:
                a, b = ((int(sq[0]), int(sq[1])) for sq in raw["between"])
                edges.append((edge_key(a, b), EDGE_KINDS[raw.get("kind", "low_wall")]))
            except (KeyError, TypeError, ValueError) as err:
                raise QueryError(f"edges[{i}]: needs \"between\": two side-by-side squares and a kind of "
                                 f"{', '.join(EDGE_KINDS)} ({err})") from None
        try:
            return parse_ascii(rows, edges=tuple(edges), elevation_ft=data.get("elevation_ft"))
        except ValueError as err:
            raise QueryError(str(err)) from None

    def _add_unit(self, raw: Any, index: int) -> None:
        where = f"units[{index}]"
        if not isinstance(raw, dict) or "id" not in raw or "at" not in raw:
            raise QueryError(f"{where}: a unit needs \"id\" and \"at\"")
        unit_id = str(raw["id"])
        if unit_id in self.units:
            raise QueryError(f"{where}: unit id {unit_id!r} is used twice")
        try:
            size = Size.parse(str(raw.get("size", "medium")))
            speed = int(raw.get("speed", 6))
        except ValueError as err:
            raise QueryError(f"{where}: {err}") from None
        at = self.square(raw["at"], where + ".at")
        conditions = tuple(sorted(str(c) for c in listed(raw.get("conditions", []), where + ".conditions")))
        for condition in conditions:
            if condition not in self.rules.conditions:
                raise QueryError(f"{where}: unknown condition {condition!r}")
        entity = self.state.world.create(
            Name(unit_id), Team(str(raw.get("side", ""))), Position(at), Body(size, bool(raw.get("flying", False))),
            Conditions.of(*conditions), *self.rules.unit_parts(unit_id, speed),
        )
        self.units[unit_id] = entity
        self.speeds[entity] = speed

    def square(self, raw: Any, where: str) -> Square:
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
            raise QueryError(f"{where}: a square is [x, y], got {raw!r}")
        square = (raw[0], raw[1])
        if not self.battlefield.in_bounds(square):
            raise QueryError(f"{where}: square {raw} is off the map ({self.battlefield.width}x{self.battlefield.height})")
        return square

    def unit(self, raw: Any, where: str) -> Entity:
        if str(raw) not in self.units:
            raise QueryError(f"{where}: unknown unit id {raw!r}")
        return self.units[str(raw)]

    def space_of(self, raw: Any, where: str) -> tuple[Square, int]:
        """A unit's space, or a single square given as [x, y]."""
        if isinstance(raw, list):
            return self.square(raw, where), 1
        return self.state.space(self.unit(raw, where))


def listed(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise QueryError(f"{where}: expected a list")
    return value


def attack_kind(q: dict[str, Any]) -> str:
    kind = q.get("attack", RANGED)
    if kind not in ATTACK_KINDS:
        raise QueryError(f"attack: expected one of {', '.join(ATTACK_KINDS)}, got {kind!r}")
    return kind


def origin(s: Scenario, q: dict[str, Any], kind: str) -> Square | None:
    if kind in (CLOSE, AREA) and "origin" in q:
        return s.square(q["origin"], "origin")
    return None


def pair(s: Scenario, q: dict[str, Any]) -> tuple[Entity, Entity]:
    return s.unit(q.get("attacker"), "attacker"), s.unit(q.get("target"), "target")


def count(q: dict[str, Any], key: str, default: int | None = None) -> int:
    value = q.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise QueryError(f"{key}: expected a whole number, got {value!r}")
    return value


def q_sight(s: Scenario, q: dict[str, Any]) -> Any:
    return line_of_sight(s.battlefield, s.space_of(q.get("from"), "from"), s.space_of(q.get("to"), "to"))


def q_effect(s: Scenario, q: dict[str, Any]) -> Any:
    return line_of_effect(s.battlefield, s.space_of(q.get("from"), "from"), s.space_of(q.get("to"), "to"))


def q_forced(s: Scenario, q: dict[str, Any]) -> Any:
    mover, target = s.unit(q.get("by"), "by"), s.unit(q.get("target"), "target")
    kind = q.get("kind")
    if kind not in (PUSH, PULL, SLIDE):
        raise QueryError(f"kind: expected push, pull or slide, got {kind!r}")
    squares = count(q, "squares")
    # §22: forced movement needs line of effect to the target; restrained creatures cannot be moved.
    if s.state.has_condition(target, "restrained") or not line_of_effect(s.battlefield, s.state.space(mover), s.state.space(target)):
        return [list(s.state.square(target))]
    return [list(sq) for sq in forced_destinations(s.state.move_rules(target), s.state.space(mover), kind, squares)]


def q_teleport(s: Scenario, q: dict[str, Any]) -> Any:
    entity = s.unit(q.get("unit"), "unit")
    occupied = s.state.squares_taken(but=entity)
    return teleport_reaches(s.battlefield, s.state.space(entity), s.square(q.get("to"), "to"), count(q, "squares"), occupied)



GEOMETRY: dict[str, Answer] = {"sight": q_sight, "effect": q_effect, "forced": q_forced, "teleport": q_teleport}


def not_asked(ruleset_name: str, instead: str) -> Answer:
    """An answer that refuses a query the ruleset has no rule for, naming what to ask instead."""
    def refuse(s: Scenario, q: dict[str, Any]) -> Any:
        raise QueryError(f"not asked in {ruleset_name}: {instead}")
    return refuse
