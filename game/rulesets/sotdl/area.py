"""Area attacks and the defenses against them (§12.1 long jump, §12.2.5 backflip, R20): alchemist's fire."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from game.core.dice import Dice
from game.core.grid import Square, chebyshev, footprint
from game.core.lines import line_of_effect
from game.ecs.components import OutOfFight, Position
from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions, attack, defenses
from game.rulesets.sotdl.commands import AttackResolved, DefenseOffered, ItemDamaged, Moved
from game.rulesets.sotdl.components import ActionPoints, PendingArea, Sheet
from game.rulesets.sotdl.i18n import L_
from game.rulesets.sotdl.movement import SAFE_DROP_FT
from game.rulesets.sotdl.rolls import HIT_TN, TN, chance_at_least, d20_test
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


def landing_problem(state: GameState, blast: PendingArea, to: Square | None) -> str | None:
    """Why the creature ``blast`` waits on cannot land its long jump (§12.1, M18, R20) on ``to``, or None: the
    square must be within the jump, on the map, open and free, outside the area, with nothing solid between
    (ruling: no jumping through walls), no higher than the take-off and at most 5 yards lower (M17)."""
    if to is None:
        return L_("a long jump needs a landing square")
    entity = blast.target
    bf = state.battlefield
    start, side = state.space(entity)
    if chebyshev(start, to) > jump_yards(state, entity):
        return L_("the landing square is farther than the jump ({yards} yards)", yards=jump_yards(state, entity))
    taken = state.squares_taken(but=entity)
    landed = footprint(to, side)
    if not all(bf.in_bounds(s) and not bf.at(s).solid and s not in taken for s in landed):
        return L_("the landing square is not open")
    inside = set(blast.squares)
    if any(s in inside for s in landed):
        return L_("the landing square is inside the area: the jump would not escape it")
    if not line_of_effect(bf, (start, side), (to, side)):
        return L_("something solid stands between the creature and the landing square")
    rise = bf.elevation(to) - bf.elevation(start)
    if rise > 0:
        return L_("the landing square is higher than the take-off: a long jump does not climb")
    if -rise > SAFE_DROP_FT:
        return L_("the landing square is more than 5 yards down: that is a fall, not a jump (M17)")
    return None


def landings(state: GameState, blast: PendingArea) -> list[Square]:
    """Every square the long jump may land on (the door's own check), nearest the take-off first: what the screen
    lights and what the computer picks from."""
    entity = blast.target
    start = state.square(entity)
    reach = jump_yards(state, entity)
    spots = [(start[0] + dx, start[1] + dy) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)]
    found = [s for s in spots if landing_problem(state, blast, s) is None]
    return sorted(found, key=lambda s: (chebyshev(start, s), s))


def _open(state: GameState, entity: Entity, to: Square) -> bool:
    """The creature's space would fit at ``to``: on the map, not solid, no one else there."""
    bf = state.battlefield
    taken = state.squares_taken(but=entity)
    return all(bf.in_bounds(s) and not bf.at(s).solid and s not in taken for s in footprint(to, state.space(entity)[1]))


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


def agility_test(state: GameState, entity: Entity) -> tuple[int, int]:
    """The landing's (M18) and the backflip's Agility roll: the modifier, and the net boons (A5 banes, A8 prone)."""
    own = -len(afflictions.own_banes(state.conditions(entity)))
    prone = -1 if state.has_condition(entity, "prone") else 0
    return state.world.get(entity, Sheet).mod("agility"), own + prone


def landing_chance(state: GameState, entity: Entity) -> Fraction:
    """M18: the exact chance the Agility roll on landing (TN 10) keeps the jumper on its feet (the forecast)."""
    modifier, edges = agility_test(state, entity)
    return chance_at_least(modifier, edges, TN)


def defend(state: GameState, dice: Dice, area: PendingArea, defense: str, to: Square | None) -> list[Any]:
    """The creature's answer: none; a long jump to ``to`` (2 AP: outside the area it is untouched; an
    Agility roll on landing, prone on a failure); or a backflip (1 AP: Agility strictly over the hit, then
    1 yard straight away from the blast's centre; outside, untouched; a failure, prone and hit)."""
    target = area.target
    if defense == defenses.NONE:
        return land(state, area, defense)
    sheet = state.world.get(target, Sheet)
    attack.spend(state, target, defenses.ap_cost(defense, False))
    modifier, edges = agility_test(state, target)
    events: list[Any] = []
    if defense == defenses.LONG_JUMP and to is not None:           # the door checked the landing square
        start = state.square(target)
        state.world.add(target, Position(to))
        events.append(Moved(target, (start, to), chebyshev(start, to)))
        roll = d20_test(dice, modifier, edges, TN)
        events.append(roll_event(target, "landing", roll))
        if not roll.success:
            events += attack.knock_prone(state, target)
    else:
        untrained = 0 if sheet.is_trained(defense) else -2
        roll = d20_test(dice, modifier, untrained + edges, TN)
        events.append(roll_event(target, defense, roll))
        if not defenses.backflip_succeeds(roll.total, area.hit):
            return events + attack.knock_prone(state, target) + land(state, area, defense)
        centre = area.squares[len(area.squares) // 2]
        (x, y), side = state.space(target)
        step = ((x > centre[0]) - (x < centre[0]), (y > centre[1]) - (y < centre[1]))
        to = (x + step[0], y + step[1])
        if step != (0, 0) and _open(state, target, to):
            state.world.add(target, Position(to))
            events.append(Moved(target, ((x, y), to), 1))
    inside = set(area.squares)
    if any(s in inside for s in footprint(*state.space(target))):
        return events + land(state, area, defense)
    outcome = defenses.FLIPPED if defense == defenses.BACKFLIP else "jumped"
    return events + [AttackResolved(area.attacker, target, outcome, defense)]
