"""Objects on the battlefield (§10.5; OBJ-01..05): the map's cover features (crates, barrels, cars) as objects
with a Defense, hardness and hit points that can be shot to pieces, their wreckage laid over the map."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.battlefield import Battlefield, Terrain
from game.core.dice import Dice
from game.core.grid import Square
from game.core.lines import line_of_sight
from game.rulesets.d20modern import attack, budget as bud, measure, special
from game.rulesets.d20modern.commands import AttackObject, ObjectDamaged
from game.rulesets.d20modern.components import Ammo, Sheet
from game.rulesets.d20modern.situation import base_bonus, weapon_in_hand
from game.rulesets.d20modern.strikes import grip_of, spend_round
from game.rulesets.d20modern.verdict import Refused
from game.state import GameState
from game.rulesets.d20modern.i18n import L_

HUGE, LARGE = 6, 5        # size_index: a car or dumpster (cover you must climb over), a stack of crates or drums


@dataclass(frozen=True)
class Kind:
    """What an object is: its size (for its Defense, OBJ-01), hardness and hit points (the manufactured-object
    table; a car is given 30 hit points, the table's figures being minimums, docs/rulings.md)."""

    size_index: int
    hardness: int
    hp: int


CAR = Kind(HUGE, 8, 30)
CRATES = Kind(LARGE, 5, 10)


def kind_of(terrain: Terrain) -> Kind | None:
    """A cover feature is an object; one that is also hard going (a car, a dumpster) is a Huge one."""
    if not terrain.cover or terrain.wall:
        return None
    return CAR if terrain.difficult else CRATES


@dataclass(frozen=True)
class Wreckage:
    """The map's own battlefield, the damage its objects have taken, and the squares whose object is broken."""

    ground: Battlefield
    damage: tuple[tuple[Square, int], ...] = ()
    broken: tuple[Square, ...] = ()

    def taken(self, square: Square) -> int:
        return dict(self.damage).get(square, 0)


def wreckage(state: GameState) -> Wreckage:
    found = state.world.maybe_resource(Wreckage)
    return found if found is not None else Wreckage(state.battlefield)


def validate_attack_object(state: GameState, c: AttackObject) -> Refused | None:
    """The object must stand there unbroken; a melee weapon reaches the square next to the attacker, a gun needs
    sight and its maximum range; an empty gun cannot fire."""
    at = c.at
    bf = state.battlefield
    if not bf.in_bounds(at) or kind_of(bf.at(at)) is None:
        return Refused(L_("no object stands there"), "d20-modern §10.5")
    weapon = weapon_in_hand(state, c.actor, c.weapon)
    if weapon is None:
        return Refused(L_("{name} has no weapon called {weapon}", name=state.name(c.actor), weapon=c.weapon),
                "d20-modern §10.5")
    if weapon.nonlethal:
        return Refused(L_("objects take no nonlethal damage"), "d20-modern OBJ-03")
    target = (at, 1)
    if weapon.melee:
        if measure.gap_squares(state.space(c.actor), target) not in ((1, 0), (0, 1), (1, 1)):
            return Refused(L_("the object is not within 5 ft"), "d20-modern §4.5.1")
    else:
        if not line_of_sight(bf, state.space(c.actor), target):
            return Refused(L_("no line of sight to the object"), "d20-modern ATK-10")
        if not measure.within_max_range(measure.feet_between(state.space(c.actor), target), weapon.increment_ft,
                weapon.kind == "thrown"):
            return Refused(L_("the object is beyond the weapon's maximum range"), "d20-modern ATK-09")
        if weapon.magazine and state.world.get(c.actor, Ammo).rounds(weapon.name) < 1:
            return Refused(L_("the {weapon} is empty: reload", weapon=weapon.name), "d20-modern §10.2")
    return bud.attack_action_problem(state.world.get(c.actor, bud.Budget))


def apply_attack_object(state: GameState, c: AttackObject, dice: Dice) -> list[Any]:
    """OBJ-01..03: an attack roll against the object's Defense (never a critical); the damage less its hardness
    comes off its hit points; at 0 it breaks and its square becomes open ground (difficult ground stays so)."""
    state.world.add(c.actor, bud.use_attack(state.world.get(c.actor, bud.Budget)))
    at = c.at
    weapon = weapon_in_hand(state, c.actor, c.weapon)
    assert weapon is not None
    spend_round(state, c.actor, weapon)
    kind = kind_of(state.battlefield.at(at))
    assert kind is not None
    defense = special.object_defense(kind.size_index)
    bonus = base_bonus(state, c.actor, weapon)
    if not weapon.melee:
        bonus += measure.range_penalty(measure.feet_between(state.space(c.actor), (at, 1)), weapon.increment_ft)
    natural = dice.roll(20)
    hit = attack.hits(natural, natural + bonus, defense)
    if not hit:
        return [ObjectDamaged(c.actor, at, natural, natural + bonus, defense, False)]
    s = state.world.get(c.actor, Sheet)
    rolled, _ = attack.roll_damage(dice, weapon.damage, attack.strength_to_damage(s.mod("str"), grip_of(weapon)))
    dealt = special.object_damage(rolled, kind.hardness)
    w = wreckage(state)
    taken = w.taken(at) + dealt
    broken = taken >= kind.hp
    w = replace(w, damage=tuple(sorted({**dict(w.damage), at: taken}.items())),
                broken=tuple(sorted(set(w.broken) | {at})) if broken else w.broken)
    state.world.set_resource(w)
    if broken:
        lay_wreckage(state)
    return [ObjectDamaged(c.actor, at, natural, natural + bonus, defense, True, dealt, max(0, kind.hp - taken), broken)]


def lay_wreckage(state: GameState) -> None:
    """The map's battlefield with every broken object's square open (no cover; difficult stays difficult)."""
    w = wreckage(state)
    changes = {sq: replace(w.ground.at(sq), cover=False) for sq in w.broken}
    state.battlefield = w.ground.overlaid(changes) if changes else w.ground

