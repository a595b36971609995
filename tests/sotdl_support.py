"""Helpers for the sotdl-house tests: a small battlefield with creatures from the content, round 1 under way."""

from dataclasses import replace

from game.core.battlefield import parse_ascii
from game.ecs.world import World
from game.rulesets.sotdl.components import ActionPoints, Initiative, Sheet
from game.rulesets.sotdl.content import load_creatures
from game.rulesets.sotdl.ruleset import add_creature
from game.state import GameState

CREATURES = load_creatures()
OPEN = ["..........", "..........", "..........", "..........", ".........."]


def build(units, grid=OPEN, side="blue", order=("blue", "red"), **sheet_changes):
    """units: (key, side, (x, y)) or (key, side, (x, y), {sheet field: value}); returns state and entities."""
    state = GameState(parse_ascii(grid), World())
    made = []
    for unit in units:
        key, team, at = unit[:3]
        template = CREATURES[key]
        if len(unit) > 3:
            template = replace(template, sheet=replace(template.sheet, **unit[3]))
        made.append(add_creature(state.world, template, team, at, f"{template.display_name} {len(made) + 1}"))
    state.world.set_resource(Initiative(1, tuple(order), side))
    return state, made


def set_ap(state, entity, left, passed=False):
    state.world.add(entity, ActionPoints(left, passed))


def sheet(state, entity):
    return state.world.get(entity, Sheet)
