"""A match in any ruleset: the state, the seeded dice and the record of every command and its events; placing rosters."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import RULES_VERSION
from game.i18n import L_
from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.grid import Square, chebyshev, footprint
from game.ecs.components import Body
from game.engine.refusal import Refusal
from game.engine.rosters import Preset, Roster, placing_order
from game.rulesets import RULESETS, ruleset
from game.state import GameState


class SetupError(ValueError):
    """The map and rosters do not make a playable skirmish (e.g. a start area is too small)."""


class Placeable(Protocol):
    """What placing a creature needs of its template, in any ruleset: its body and its name."""

    @property
    def body(self) -> Body: ...

    @property
    def display_name(self) -> str: ...


class CountingDice:
    """Dice that count the rolls made through them (a rewind takes back only what rolled nothing)."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.rolls = 0

    def roll(self, sides: int) -> int:
        self.rolls += 1
        return self.dice.roll(sides)


@dataclass
class Match:
    state: GameState
    dice: Dice
    seed: int
    ruleset: str = "4e"
    rules_version: str = RULES_VERSION
    record: list[tuple[Any, list[Any]]] = field(default_factory=list)     # each command and its events
    opening: list[Any] = field(default_factory=list)
    dice_rolls: list[int] = field(default_factory=list)   # dice rolled by each recorded command, in order

    def validate(self, command: Any) -> Refusal | None:
        return ruleset(self.ruleset).validate(self.state, command)

    def submit(self, command: Any) -> Refusal | list[Any]:
        """Pass a command through the one door; accepted commands are recorded with their events and
        the number of dice they rolled."""
        counted = CountingDice(self.dice)
        result = ruleset(self.ruleset).execute(self.state, command, counted)
        if isinstance(result, list):
            self.record.append((command, result))
            self.dice_rolls.append(counted.rolls)
        return result

    @property
    def events(self) -> list[Any]:
        return self.opening + [e for _, events in self.record for e in events]


def _spot(bf: Battlefield, area: list[Square], side: int, taken: set[Square]) -> Square | None:
    """The first space wholly inside the start area; failing that (a big creature, a thin area), the
    open space nearest the area, so any map that fits the side's creatures at all can be played."""
    inside = set(area)
    spot = next((s for s in area if all(sq in inside and sq not in taken for sq in footprint(s, side))), None)
    if spot is not None or not area:
        return spot

    def fits(top_left: Square) -> bool:
        return all(bf.in_bounds(sq) and not bf.at(sq).solid and sq not in taken for sq in footprint(top_left, side))

    def nearness(top_left: Square) -> tuple[int, int, int]:
        return (min(chebyshev(top_left, a) for a in area), top_left[1], top_left[0])

    candidates = [s for s in bf.squares() if fits(s)]
    return min(candidates, key=nearness) if candidates else None


def rosters_in_play(bf: Battlefield, rosters: list[Roster]) -> list[Roster]:
    """The rosters whose side the map has a start area for: a roster file may hold all four sides, and a
    two-side map plays blue and red (docs/rulings.md). Fewer than two is a SetupError."""
    playing = [r for r in rosters if bf.start_squares(r.side)]
    if len(playing) < 2:
        missing = ", ".join(repr(r.side) for r in rosters if r not in playing)
        raise SetupError(L_("the map has no start area for side {side}", side=missing) if missing
                         else L_("a skirmish needs two sides"))
    return playing


MENU_SIDES = ("blue", "red", "green", "yellow")      # the start menu's sides, in its order (game.ui.menu)


def preset_rosters(bf: Battlefield, presets: Sequence[Preset], default_keys: Sequence[str],
                   creatures: Mapping[str, Placeable], ruleset: str) -> list[Roster]:
    """The rosters a new skirmish on this map starts with in the start menu: each of the map's sides (in the
    menu's order) on its preset (``start_preset_index``), biggest creature first as the menu places them
    (game.ui.menu)."""
    on_map = {side for side, _ in bf.start_areas}
    chosen = [(side, presets[start_preset_index(bf, presets, default_keys, ruleset, i)])
              for i, side in enumerate(MENU_SIDES) if side in on_map]
    if len(chosen) < 2:
        raise SetupError(L_("a skirmish needs two sides"))
    return [Roster(side, preset.label, placing_order(preset.creatures, creatures)) for side, preset in chosen]


def start_preset_index(bf: Battlefield | None, presets: Sequence[Preset], default_keys: Sequence[str], ruleset: str,
                       side_index: int) -> int:
    """Which of ``presets`` the menu's side ``side_index`` starts on: the map's own choice for the ruleset (its start
    area's ``presets`` property, issue 21), else the ruleset's default (``default_keys[side_index]``), else the first
    preset. A key the ruleset does not have is passed over: a map may name presets of content it was made for."""
    keys = [preset.key for preset in presets]
    side = MENU_SIDES[side_index]
    for key in ((bf.start_preset(side, ruleset) if bf is not None else None),
                default_keys[side_index] if side_index < len(default_keys) else None):
        if key in keys:
            return keys.index(key)
    return 0


def start_preset_problems(bf: Battlefield) -> list[str]:
    """What the map's start areas name that no ruleset has: a ruleset or a preset that does not exist (the menu passes
    over such a name and starts the side on its ruleset's default; ``python -m game lint`` says so)."""
    problems: list[str] = []
    for side, ruleset_name, key in bf.start_presets:
        if ruleset_name not in RULESETS:
            problems.append(L_("the start area of side {side} names a preset under {ruleset}, which is not a ruleset "
                               "(the rulesets: {names})", side=repr(side), ruleset=repr(ruleset_name),
                               names=", ".join(RULESETS)))
            continue
        rules = ruleset(ruleset_name)
        keys = [preset.key for preset in rules.load_presets(creatures=rules.load_creatures())]
        if key not in keys:
            problems.append(L_("the start area of side {side} names preset {key} under {ruleset}, which it does not "
                               "have (its presets: {keys})", side=repr(side), key=repr(key), ruleset=ruleset_name,
                               keys=", ".join(keys)))
    return problems


def place_roster(bf: Battlefield, roster: Roster, templates: Mapping[str, Placeable], taken: set[Square],
                 create: Callable[[Any, Square, str], object], rosters: Sequence[Roster] = ()) -> None:
    """Put a roster's creatures on the first free squares of its start area, in map order, calling
    ``create(template, square, label)`` for each. A kind that appears twice among all the match's
    ``rosters`` is numbered across them ("Goblin 2" may be on another side), so every name in the log is
    one creature's. Every ruleset places its creatures this way; only what a creature is made of differs."""
    rosters = list(rosters) or [roster]
    earlier = rosters[:rosters.index(roster)]
    area = [s for s in bf.start_squares(roster.side) if not bf.at(s).solid and s not in taken]
    counts: dict[str, int] = {}
    for key in roster.creatures:
        template = templates[key]
        side = template.body.size.side_squares
        spot = _spot(bf, area, side, taken)
        if spot is None:
            raise SetupError(L_("the start area of side {side} has no room for {creature}", side=repr(roster.side),
                                creature=template.display_name))
        taken.update(footprint(spot, side))
        counts[key] = counts.get(key, 0) + 1
        total = sum(r.creatures.count(key) for r in rosters)
        number = sum(r.creatures.count(key) for r in earlier) + counts[key]
        label = template.display_name if total == 1 else f"{template.display_name} {number}"
        create(template, spot, label)
