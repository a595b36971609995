"""Disarm and picking a weapon back up (§10.10, §4.2; DSR-01..03): the checks (pure: a Refused or None) and
their resolution on the world."""

from __future__ import annotations

from typing import Any

from game.core.dice import Dice
from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.d20modern import attack, budget as bud, measure, special
from game.rulesets.d20modern.commands import AttackRolled, Disarm, OpposedCheck, PickUp, WeaponLost
from game.rulesets.d20modern.components import Disarmed, Sheet, Weapon
from game.rulesets.d20modern.maneuvers import one_attack_problem, spend_one_attack
from game.rulesets.d20modern.situation import adjacent, alive, base_bonus, size_of, weapon_in_hand
from game.rulesets.d20modern.verdict import Refused
from game.state import GameState
from game.rulesets.d20modern.i18n import L_

TWO_HANDED = 4            # DSR-01: a target wielding its weapon in two hands
HELD_TWO_HANDED = 2       # DSR-03: a ranged weapon held in two hands is harder to hit


def _using(state: GameState, e: Entity, name: str) -> Weapon | None:
    found = weapon_in_hand(state, e, name)
    return found if found is not None and found.melee else None


def validate_disarm(state: GameState, c: Disarm) -> Refused | None:
    if c.target not in state.creatures() or not alive(state, c.target) or state.side(c.target) == state.side(c.actor):
        return Refused(L_("that is no enemy"), "d20-modern §10.10")
    if not adjacent(state, c.actor, c.target):
        return Refused(L_("{name} is not within 5 ft", name=state.name(c.target)), "d20-modern §10.10")
    held = weapon_in_hand(state, c.target, c.weapon)
    if held is None or held.kind == "unarmed":
        return Refused(L_("{name} holds no {weapon}", name=state.name(c.target), weapon=c.weapon), "d20-modern §10.10")
    if _using(state, c.actor, c.using) is None:
        return Refused(L_("a disarm is made with a melee weapon or unarmed"), "d20-modern §10.10")
    return one_attack_problem(state, c.actor)


def _lose(state: GameState, e: Entity, weapon: str, square: Square | None) -> list[Any]:
    lost = state.world.maybe(e, Disarmed) or Disarmed()
    state.world.add(e, Disarmed(lost.lost + ((weapon, square),)))
    return [WeaponLost(e, weapon, square)]


def _opposed_roll(state: GameState, dice: Dice, e: Entity, other: Entity, weapon: Weapon) -> int:
    """DSR-01: an attack roll with its own weapon, +4 for a larger combatant per size, +4 held in two hands."""
    sizes = special.size_bonus(measure.size_index(size_of(state, e)), measure.size_index(size_of(state, other)))
    return dice.roll(20) + base_bonus(state, e, weapon) + sizes + (TWO_HANDED if weapon.grip == "two" else 0)


def apply_disarm(state: GameState, c: Disarm, dice: Dice) -> list[Any]:
    """DSR-01..03: against a melee weapon, opposed attack rolls (the loser's weapon falls; an unarmed winner takes
    it away) and, when the disarmer loses, the target's counter-disarm; against a ranged weapon, an attack on the
    weapon as a held object (no counter)."""
    spend_one_attack(state, c.actor)
    using = _using(state, c.actor, c.using)
    theirs = weapon_in_hand(state, c.target, c.weapon)
    assert using is not None and theirs is not None
    keeps = None if using.kind == "unarmed" else state.square(c.target)
    if not theirs.melee:
        t = state.world.get(c.target, Sheet)
        size = 3 if theirs.grip == "two" else 2          # a longarm is a Small object, a handgun Tiny
        target_defense = special.object_defense(size, held=True, holder_dex=t.mod("dex"), holder_class=t.class_bonus,
                                                two_handed=theirs.grip == "two")
        bonus = base_bonus(state, c.actor, using)
        natural = dice.roll(20)
        hit = attack.hits(natural, natural + bonus, target_defense)
        events: list[Any] = [AttackRolled(c.actor, c.target, "disarm", natural, natural + bonus, target_defense, hit)]
        return events + (_lose(state, c.target, theirs.name, keeps) if hit else [])
    mine, opposed = _opposed_roll(state, dice, c.actor, c.target, using), _opposed_roll(state, dice, c.target, c.actor, theirs)
    won = special.opposed(mine, opposed)
    events = [OpposedCheck(c.actor, c.target, "disarm", mine, opposed, won)]
    if won:
        return events + _lose(state, c.target, theirs.name, keeps)
    if using.kind == "unarmed":
        return events
    back, resist = _opposed_roll(state, dice, c.target, c.actor, theirs), _opposed_roll(state, dice, c.actor, c.target, using)
    countered = special.opposed(back, resist)
    events.append(OpposedCheck(c.target, c.actor, "disarm back", back, resist, countered))
    return events + (_lose(state, c.actor, using.name, state.square(c.actor)) if countered else [])


def validate_pick_up(state: GameState, c: PickUp) -> Refused | None:
    """§4.2: one's own weapon lying in one's square or next to it; a move action."""
    lost = state.world.maybe(c.actor, Disarmed)
    spot = next((sq for name, sq in (lost.lost if lost else ()) if name == c.weapon), None)
    if spot is None:
        return Refused(L_("no {weapon} of {name}'s lies here", weapon=c.weapon, name=state.name(c.actor)), "d20-modern §4.2")
    if measure.gap_squares(state.space(c.actor), (spot, 1)) not in ((0, 0), (1, 0), (0, 1), (1, 1)):
        return Refused(L_("the {weapon} lies out of reach", weapon=c.weapon), "d20-modern §4.2")
    return bud.move_action_problem(state.world.get(c.actor, bud.Budget), False)


def apply_pick_up(state: GameState, c: PickUp, dice: Dice) -> list[Any]:
    state.world.add(c.actor, bud.use_move(state.world.get(c.actor, bud.Budget), False))
    lost = state.world.get(c.actor, Disarmed)
    kept = tuple(x for x in lost.lost if x[0] != c.weapon)
    state.world.add(c.actor, Disarmed(kept))
    return [WeaponLost(c.actor, c.weapon, state.square(c.actor), regained=True)]

