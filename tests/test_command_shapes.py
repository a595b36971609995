"""Commands of the wrong shape, or naming what is not there, are refused by every ruleset's door with a reason:
never a TypeError or KeyError, never a change (commands will come from saves, records and other machines)."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any

import pytest

from game.core.dice import SeededDice
from game.engine import codec
from game.engine.refusal import Refusal
from game.rulesets import RULESETS, ruleset
from game.simulate import headless_pytmx, load_map

ROOT = Path(__file__).resolve().parent.parent
# Values of every wrong kind for a field: text, nothing, a float, a bool, a huge number, a list, an object.
WRONG = ("3", None, 1.5, True, 10**40, [1, 2], {"x": 1}, ())
# Right kinds that name nothing on the battlefield: a creature that does not exist, squares far off the map.
ABSENT = {int: (-1, 999_999), str: ("", "no such thing"), "square": ((-5, -5), (10**6, 3))}


def _match(name: str):
    headless_pytmx()
    rules = ruleset(name)
    creatures = rules.load_creatures()
    bf = load_map(ROOT / "maps" / "default.tmx")
    rosters = [r for r in rules.load_rosters(creatures=creatures) if bf.start_squares(r.side)]
    return rules, rules.new_match(bf, rosters, creatures, 5)


def _valid_fields(kind: type, actor: int) -> dict[str, Any]:
    """A plausible value of the declared type for each field (the actor where a creature belongs)."""
    hints = typing.get_type_hints(kind)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):
        hint = hints[f.name]
        if f.default is not dataclasses.MISSING:
            values[f.name] = f.default
        elif hint is int:
            values[f.name] = actor
        elif hint is str:
            values[f.name] = "x"
        elif hint is bool:
            values[f.name] = False
        elif typing.get_origin(hint) is tuple:
            values[f.name] = ((0, 0), (1, 0)) if typing.get_args(hint)[-1] is Ellipsis else (0, 0)
        else:
            values[f.name] = None
    return values


def _build(kind: type, fields: dict[str, Any]) -> Any:
    command = object.__new__(kind)          # a frozen dataclass filled in as JSON or a network message might
    for name, value in fields.items():
        object.__setattr__(command, name, value)
    return command


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_wrongly_typed_field_of_every_command_is_refused_with_a_reason(name: str):
    rules, match = _match(name)
    actor = rules.decider(match.state)
    before = match.state.world.snapshot()
    dice = SeededDice(1)
    refused = 0
    for kind in rules.COMMANDS:
        base = _valid_fields(kind, actor)
        for field_name in base:
            for wrong in WRONG:
                command = _build(kind, {**base, field_name: wrong})
                if codec.shape_problem(command, rules.COMMANDS) is None:
                    continue                  # the wrong value happens to fit (an Optional field given None)
                assert isinstance(rules.validate(match.state, command), Refusal), (kind.__name__, field_name, wrong)
                result = rules.execute(match.state, command, dice)
                assert isinstance(result, Refusal) and "malformed command" in result.reason
                refused += 1
    assert refused > 100
    assert match.state.world.snapshot() == before


@pytest.mark.parametrize("name", list(RULESETS))
def test_commands_naming_absent_creatures_or_squares_are_refused_not_raised(name: str):
    rules, match = _match(name)
    actor = rules.decider(match.state)
    before = match.state.world.snapshot()
    dice = SeededDice(1)
    for kind in rules.COMMANDS:
        hints = typing.get_type_hints(kind)
        base = _valid_fields(kind, actor)
        for field_name in base:
            hint = hints[field_name]
            key = "square" if typing.get_origin(hint) is tuple and typing.get_args(hint)[-1] is not Ellipsis else hint
            for absent in ABSENT.get(key, ()):
                command = _build(kind, {**base, field_name: absent})
                assert isinstance(rules.validate(match.state, command), Refusal | type(None))
                result = rules.execute(match.state, command, dice)
                if not isinstance(result, Refusal):   # accepted: it must have been a legal command after all
                    match = _match(name)[1]
                    before = match.state.world.snapshot()
    assert match.state.world.snapshot() == before


@pytest.mark.parametrize("name", list(RULESETS))
def test_command_json_of_the_wrong_shape_is_one_line_error(name: str):
    rules = ruleset(name)
    bad = [None, 3, "Move", [], {}, {"type": "NoSuch"}, {"type": rules.COMMANDS[0].__name__, "bogus": 1},
           {"type": rules.COMMANDS[0].__name__}, {"type": rules.COMMANDS[0].__name__, "actor": "7"},
           {"type": rules.COMMANDS[0].__name__, "actor": [[[[[[1]]]]]]}]
    for data in bad:
        with pytest.raises(codec.CommandShapeError) as caught:
            rules.command_from_json(data)
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
