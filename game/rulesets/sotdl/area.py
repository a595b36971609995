"""Area attacks and the defenses against them (§12.1 long jump, §12.2.5 backflip, R20): alchemist's fire."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import Dice
from game.core.grid import Square, chebyshev, footprint
from game.ecs.components import OutOfFight, Position
from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions, attack, defenses
from game.rulesets.sotdl.commands import AttackResolved, DefenseOffered, ItemDamaged, Moved
from game.rulesets.sotdl.components import ActionPoints, PendingArea, Sheet
from game.rulesets.sotdl.i18n import L_
from game.rulesets.sotdl.rolls import HIT_TN, TN, d20_test
from game.rulesets.sotdl.rounds import creatures, may_take_initiative, roll_event
from game.state import GameState

THROW_RANGE = 10           # yards: a medium range throw (E1), the game's ruling
BOMB_DICE = 2              # 2d6 fire, the game's ruling (the page gives no item table)
AREA_DEFENSES = (defenses.LONG_JUMP, defenses.BACKFLIP)


def burst(state: GameState, centre: Square) -> tuple[Square, ...]:
    """The 3x3 squares around ``centre`` on the map."""
    bf = state.battlefield
    return tuple((centre[0] + dx, centre[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if bf.in_bounds((centre[0] + dx, centre[1] + dy)))


def caught(state: GameState, squares: tuple[Square, ...], but: Entity | None = None) -> list[Entity]:
    """The creatures with a square of their space in the area, in creation order."""
    area = set(squares)
    return [e for e in creatures(state) if e != but and any(s in area for s in footprint(*state.space(e)))]


def jump_yards(state: GameState, entity: Entity) -> int:
    """M18 (§12.1): 2 + the Agility modifier, at least 1."""
    return max(1, 2 + state.world.get(entity, Sheet).mod("agility"))


def landing_problem(state: GameState, entity: Entity, to: Square | None) -> str | None:
    """A long jump's landing square: within the jump, on the map, open and unoccupied."""
    if to is None:
        return L_("a long jump needs a landing square")
    bf = state.battlefield
    side = state.space(entity)[1]
    if chebyshev(state.square(entity), to) > jump_yards(state, entity):
        return L_("the landing square is farther than the jump")
    taken = state.squares_taken(but=entity)
    if not all(bf.in_bounds(s) and not bf.at(s).solid and s not in taken for s in footprint(to, side)):
        return L_("the landing square is not open")
    return None


def options(state: GameState, entity: Entity) -> list[str]:
    """R12, R20: only the long jump (2 AP) and the backflip answer an area attack."""
    conditions = state.conditions(entity)
    if not afflictions.can_act(conditions) or afflictions.in_a_grab(conditions):
        return []
    left = (state.world.maybe(entity, ActionPoints) or ActionPoints(0)).left
    return [d for d in AREA_DEFENSES if defenses.ap_cost(d, False) <= left]


def throw(state: GameState, dice: Dice, attacker: Entity, at: Square) -> tuple[list[Any], Entity | None]:
    """The hit test and the damage roll, once for everyone (H4), then each creature caught in turn."""
    own = -len(afflictions.own_banes(state.conditions(attacker)))
    roll = d20_test(dice, state.world.get(attacker, Sheet).hit_bonus, own, HIT_TN)
    events: list[Any] = [roll_event(attacker, "throw", roll)]
    squares = burst(state, at)
    targets = caught(state, squares, but=None)
    if not roll.success:
        return events + [AttackResolved(attacker, t, defenses.MISS, defenses.NONE) for t in targets], None
    damage = tuple(dice.roll(6) for _ in range(BOMB_DICE))
    more, answerer = next_target(state, dice, PendingArea(attacker, squares, roll.total, damage, attacker, tuple(targets)))
    return events + more, answerer


def next_target(state: GameState, dice: Dice, area: PendingArea) -> tuple[list[Any], Entity | None]:
    """Offer the next creature caught its defense, or land on it; returns the events and, once all are
    done, the first enemy still in the area that may take the initiative (§16.14), or None."""
    events: list[Any] = []
    later = list(area.later)
    while later:
        target = later.pop(0)
        if state.world.has(target, OutOfFight):
            continue
        paused = PendingArea(area.attacker, area.squares, area.hit, area.damage, target, tuple(later))
        if options(state, target):
            state.world.set_resource(paused)
            return events + [DefenseOffered(target, area.attacker, area.hit)], None
        events += land(state, paused, defenses.NONE)
    state.world.clear_resource(PendingArea)
    return events, next((t for t in caught(state, area.squares) if state.are_enemies(t, area.attacker)
                         and may_take_initiative(state, t)), None)


def land(state: GameState, area: PendingArea, defense: str) -> list[Any]:
    """R13 for one creature: the hit below its armor value burns the armor; otherwise the damage."""
    target = area.target
    armor = state.world.get(target, Sheet).armor
    step = defenses.armor_step(area.hit, armor.value if armor else 0, attack.armor_broken(state, target))
    amount = sum(area.damage)
    if step.absorbed and armor is not None:
        kit = attack.gear(state, target)
        left = max(0, armor.durability - kit.armor_damage - amount)
        state.world.add(target, replace(kit, armor_damage=min(armor.durability, kit.armor_damage + amount)))
        return [AttackResolved(area.attacker, target, defenses.ABSORBED, defense),
                ItemDamaged(target, armor.name, amount, left, left == 0)]
    return [AttackResolved(area.attacker, target, defenses.PENETRATES, defense)] + \
        attack.apply_damage(state, target, amount, area.damage)


def defend(state: GameState, dice: Dice, area: PendingArea, defense: str, to: Square | None) -> list[Any]:
    """The creature's answer: none; a long jump to ``to`` (2 AP: outside the area it is untouched; an
    Agility roll on landing, prone on a failure); or a backflip (1 AP: Agility strictly over the hit, then
    1 yard straight away from the blast's centre; outside, untouched; a failure, prone and hit)."""
    target = area.target
    if defense == defenses.NONE:
        return land(state, area, defense)
    sheet = state.world.get(target, Sheet)
    attack.spend(state, target, defenses.ap_cost(defense, False))
    prone = -1 if state.has_condition(target, "prone") else 0
    own = -len(afflictions.own_banes(state.conditions(target)))
    events: list[Any] = []
    if defense == defenses.LONG_JUMP and to is not None:           # the door checked the landing square
        start = state.square(target)
        state.world.add(target, Position(to))
        events.append(Moved(target, (start, to), chebyshev(start, to)))
        roll = d20_test(dice, sheet.mod("agility"), own + prone, TN)
        events.append(roll_event(target, "landing", roll))
        if not roll.success:
            events += attack.knock_prone(state, target)
    else:
        untrained = 0 if sheet.is_trained(defense) else -2
        roll = d20_test(dice, sheet.mod("agility"), untrained + own + prone, TN)
        events.append(roll_event(target, defense, roll))
        if not defenses.backflip_succeeds(roll.total, area.hit):
            return events + attack.knock_prone(state, target) + land(state, area, defense)
        centre = area.squares[len(area.squares) // 2]
        (x, y), side = state.space(target)
        step = ((x > centre[0]) - (x < centre[0]), (y > centre[1]) - (y < centre[1]))
        to = (x + step[0], y + step[1])
        if step != (0, 0) and landing_problem(state, target, to) is None:
            state.world.add(target, Position(to))
            events.append(Moved(target, ((x, y), to), 1))
    inside = set(area.squares)
    if any(s in inside for s in footprint(*state.space(target))):
        return events + land(state, area, defense)
    outcome = defenses.FLIPPED if defense == defenses.BACKFLIP else "jumped"
    return events + [AttackResolved(area.attacker, target, outcome, defense)]
