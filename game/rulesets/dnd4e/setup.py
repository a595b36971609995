"""A 4e skirmish begins: each side's creatures placed with their surges and action point, initiative rolled."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.battlefield import Battlefield
from game.core.dice import SeededDice
from game.core.grid import Square
from game.ecs.components import ActionPoints, Appearance, Conditions, Health, Name, Position, Stats, Surges, Team
from game.ecs.world import World
from game.engine.rosters import Roster
from game.match import Match, SetupError, place_roster
from game.rulesets.dnd4e.content import CreatureTemplate
from game.rulesets.dnd4e.systems.turns import begin_skirmish
from game.state import GameState


def place_side(bf: Battlefield, world: World, roster: Roster, creatures: dict[str, CreatureTemplate], taken: set[Square],
               rosters: Sequence[Roster] = ()) -> None:
    """Put a 4e roster's creatures in its start area (place_roster; ``rosters``: all the match's)."""
    def create(template: CreatureTemplate, spot: Square, label: str) -> None:
        world.create(
            Name(label), Team(roster.side), Position(spot), template.body, template.stats,
            Health(template.stats.max_hp), template.arsenal, Conditions(), Appearance(template.sprite),
            *staying_power(template.stats),
        )
    place_roster(bf, roster, creatures, taken, create, rosters)


def staying_power(stats: Stats) -> tuple[Surges, ActionPoints]:
    """§26.2: a hero's healing surges, a monster's one (heroic tier, levels 1-10: 1, paragon 2, epic 3);
    §25.1: heroes start each encounter with one action point, monsters with none."""
    surges = stats.surges if stats.hero else 1 + (stats.level > 10) + (stats.level > 20)
    return Surges(surges), ActionPoints(1 if stats.hero else 0)


def new_match(bf: Battlefield, rosters: list[Roster], creatures: dict[str, CreatureTemplate], seed: int,
              surprised: tuple[str, ...] | None = None) -> Match:
    """Set up the battlefield, place both sides, roll initiative and start the surprise round, if the
    ``surprised`` sides (by default those the map names) are caught unaware (§2.3), or round 1."""
    sides = [r.side for r in rosters]
    for side in sides:
        if not bf.start_squares(side):
            raise SetupError(f"the map has no start area for side {side!r}")
    world = World()
    taken: set[Square] = set()
    for roster in rosters:
        place_side(bf, world, roster, creatures, taken, rosters)
    state = GameState(bf, world)
    dice = SeededDice(seed)
    opening = begin_skirmish(state, dice, bf.surprised if surprised is None else surprised)
    return Match(state, dice, seed, opening=opening)
