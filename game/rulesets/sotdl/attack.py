"""A weapon attack or attacking stunt from hit test to damage (§11.1, §12, R9-R16): the hit, the paused
defense offer, the defense's roll, the armor comparison, item durability and damage to the creature."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import Dice
from game.core.grid import Square, footprint
from game.ecs.components import OutOfFight, Position
from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions, defenses, situation
from game.rulesets.sotdl.commands import (
    AfflictionChanged,
    AttackResolved,
    Damaged,
    DefenseOffered,
    ItemDamaged,
    Moved,
    WeaponDropped,
)
from game.rulesets.sotdl.components import (
    UNARMED,
    ActionPoints,
    Gear,
    PendingDefense,
    Sheet,
    Weapon,
)
from game.rulesets.sotdl.rolls import HIT_TN, d20_test
from game.rulesets.sotdl.rounds import roll_event, round_of
from game.rulesets.sotdl.stats import injured
from game.rulesets.sotdl.vitality import Vitals, take_damage
from game.state import GameState

GRAB, DISARM = "grab", "disarm"


def gear(state: GameState, entity: Entity) -> Gear:
    return state.world.maybe(entity, Gear) or Gear()


def weapon_of(state: GameState, entity: Entity) -> Weapon:
    """The weapon it fights with: a natural weapon always; another none once lost (§12.2.1) or broken (R14):
    then unarmed."""
    sheet, kit = state.world.get(entity, Sheet), gear(state, entity)
    weapon = sheet.weapon
    if weapon.natural:
        return weapon
    if kit.weapon_lost_at is not None or kit.weapon_damage >= weapon.durability:
        return UNARMED
    return weapon


def held_weapon(state: GameState, entity: Entity) -> bool:
    """A weapon in hand to block, parry, counter or be disarmed of: not lost, not broken, not a natural weapon."""
    return not weapon_of(state, entity).natural


def shield_up(state: GameState, entity: Entity) -> bool:
    sheet = state.world.get(entity, Sheet)
    return sheet.shield > 0 and gear(state, entity).shield_damage < sheet.shield


def armor_broken(state: GameState, entity: Entity) -> bool:
    armor = state.world.get(entity, Sheet).armor
    return armor is None or gear(state, entity).armor_damage >= armor.durability


def spend(state: GameState, entity: Entity, amount: int) -> int:
    points = state.world.maybe(entity, ActionPoints) or ActionPoints(0)
    left = max(0, points.left - amount)
    state.world.add(entity, ActionPoints(left, points.passed))
    return left


def hit_modifier(state: GameState, entity: Entity, weapon: Weapon) -> int:
    """R9 (§16.3): the class hit bonus plus the weapon's; no attribute modifier."""
    return state.world.get(entity, Sheet).hit_bonus + weapon.hit_bonus


def defense_options(state: GameState, defender: Entity, attacker: Entity, melee: bool, ambush: bool) -> list[str]:
    """§11.1.3: the defenses the defender may take now, cheapest test first: none when it cannot act,
    is in a grab, or the attacker was hidden (E8); Dodge needs to see the attack (R12)."""
    conditions = state.conditions(defender)
    if ambush or not afflictions.can_act(conditions) or afflictions.in_a_grab(conditions):
        return []
    if any(c.by != attacker for c in conditions.named("parried")):
        return []                                           # A14: defenseless against everyone but the partner
    sheet = state.world.get(defender, Sheet)
    points = state.world.maybe(defender, ActionPoints) or ActionPoints(0)
    armed = held_weapon(state, defender)
    seen = situation.can_see(state, defender, attacker)
    found = []
    for name in defenses.DEFENSES:
        if name == defenses.DODGE and not seen:
            continue
        if name in (defenses.PARRY, defenses.COUNTER) and state.has_condition(defender, "parried"):
            continue
        if not defenses.usable(name, melee, armed, shield_up(state, defender)):
            continue
        if defenses.ap_cost(name, sheet.block_trained) > points.left:
            continue
        found.append(name)
    return found


def begin(state: GameState, dice: Dice, attacker: Entity, target: Entity, *, melee: bool, unarmed: bool = False,
          charge: bool = False, stunt: str = "", free: bool = False, walk: Any = None) -> tuple[list[Any], bool]:
    """The hit test (R9-R10) and, on a hit, the defense offer (paused: returns True) or the resolution."""
    weapon = UNARMED if unarmed or stunt == GRAB else weapon_of(state, attacker)
    edges = situation.hit_edges(state, attacker, target, ranged=not melee, charge=charge,
                                special=stunt, grab=stunt == GRAB)
    if stunt == DISARM and state.world.get(target, Sheet).weapon.two_handed:
        edges.append(("two-handed weapon", -1))            # §11.4.1
    roll = d20_test(dice, hit_modifier(state, attacker, weapon), situation.net(edges), HIT_TN)
    events: list[Any] = [roll_event(attacker, stunt or "hit", roll)]
    ambush = state.has_condition(attacker, "hidden")
    if ambush:                                              # E8: the hidden attacker is revealed
        state.remove_condition(attacker, "hidden")
        events.append(AfflictionChanged(attacker, "hidden", False))
    offer = PendingDefense(attacker, target, roll.total, stunt or weapon.name, melee, free, walk, charge)
    if roll.total < HIT_TN:                                 # §16.21: a miss asks for no defense
        events.append(AttackResolved(attacker, target, defenses.MISS, defenses.NONE))
        return events, False
    if defense_options(state, target, attacker, melee, ambush):
        state.world.set_resource(offer)
        events.append(DefenseOffered(target, attacker, roll.total))
        return events, True
    return events + land(state, dice, offer), False


def defend(state: GameState, dice: Dice, offer: PendingDefense, defense: str) -> list[Any]:
    """The defender's answer (§12): pay, roll, and either stop the attack or let it land (R11-R16)."""
    state.world.clear_resource(PendingDefense)
    if defense == defenses.NONE:
        return land(state, dice, offer)
    defender, attacker, hit = offer.target, offer.attacker, offer.hit
    sheet = state.world.get(defender, Sheet)
    spend(state, defender, defenses.ap_cost(defense, sheet.block_trained))
    untrained = -2 if defense in defenses.SPECIAL_DEFENSES and not sheet.is_trained(defense) else 0   # R17
    own = -len(afflictions.own_banes(state.conditions(defender)))
    events: list[Any] = []
    if defense == defenses.DODGE:
        value = afflictions.defense(state.conditions(defender), sheet.defense)
        if defenses.dodge_succeeds(value, hit):
            return [AttackResolved(attacker, defender, defenses.DODGED, defense)]
        return events + land(state, dice, offer, defense)
    if defense == defenses.DISARM:
        natural = dice.roll(20)
        if defenses.disarm_defense_succeeds(natural, sheet.is_trained(defense)):
            return [AttackResolved(attacker, defender, defenses.DISARMED, defense)] + drop_weapon(state, attacker)
        return land(state, dice, offer, defense)
    if defense == defenses.BACKFLIP:
        prone = -1 if state.has_condition(defender, "prone") else 0                     # A8
        roll = d20_test(dice, sheet.mod("agility"), untrained + own + prone, 10)
        events.append(roll_event(defender, defense, roll))
        if defenses.backflip_succeeds(roll.total, hit):
            return events + [AttackResolved(attacker, defender, defenses.FLIPPED, defense)] + step_back(state, defender, attacker)
        events += knock_prone(state, defender)
        return events + land(state, dice, offer, defense)
    weapon = UNARMED if defense == defenses.BODY_THROW else weapon_of(state, defender)
    roll = d20_test(dice, hit_modifier(state, defender, weapon), untrained + own, hit)
    events.append(roll_event(defender, defense, roll))
    if defense == defenses.COUNTER:                        # §16.22: the attack lands first, then the counter
        events += land(state, dice, offer, defense)
        if not state.world.has(defender, OutOfFight) and afflictions.can_act(state.conditions(defender)) \
                and roll.total >= HIT_TN:
            events += land(state, dice, PendingDefense(defender, attacker, roll.total, weapon.name, True))
        elif roll.total < HIT_TN:
            events.append(AttackResolved(defender, attacker, defenses.MISS, defenses.NONE))
        return events
    if not defenses.opposed_succeeds(roll.total, hit):
        return events + land(state, dice, offer, defense)
    if defense == defenses.BLOCK:
        events.append(AttackResolved(attacker, defender, defenses.BLOCKED, defense))
        if offer.weapon in (GRAB, DISARM):
            return events
        item = "shield" if shield_up(state, defender) else "weapon"
        return events + damage_item(state, dice, attacker, defender, item, offer.weapon)
    if defense == defenses.PARRY:                          # §12.2.2: both locked; the attack misses (§16.23)
        for one, other in ((defender, attacker), (attacker, defender)):
            state.add_condition(one, afflictions.lasting("parried", "parry", other, 0, 0))
            events.append(AfflictionChanged(one, "parried", True))
        return events + [AttackResolved(attacker, defender, defenses.PARRIED, defense)]
    # Body throw (§12.2.4): the attack misses and the attacker takes the thrower's unarmed damage.
    events.append(AttackResolved(attacker, defender, defenses.THROWN, defense))
    amount, rolled = roll_damage(dice, sheet.power, UNARMED.die)
    return events + apply_damage(state, attacker, amount, rolled)


def land(state: GameState, dice: Dice, offer: PendingDefense, defense: str = defenses.NONE) -> list[Any]:
    """After a failed or absent defense (§11.1.4): a stunt takes effect; a weapon hit below the armor
    value is absorbed by the armor's durability (R13), otherwise it penetrates: damage (R15)."""
    attacker, target = offer.attacker, offer.target
    if offer.weapon == GRAB:
        return [AttackResolved(attacker, target, defenses.PENETRATES, defense)] + start_grab(state, attacker, target)
    if offer.weapon == DISARM:
        return [AttackResolved(attacker, target, defenses.PENETRATES, defense)] + drop_weapon(state, target)
    armor = state.world.get(target, Sheet).armor
    step = defenses.armor_step(offer.hit, armor.value if armor else 0, armor_broken(state, target))
    if step.absorbed:
        return [AttackResolved(attacker, target, defenses.ABSORBED, defense)] + \
            damage_item(state, dice, attacker, target, "armor", offer.weapon)
    weapon = next((w for w in (state.world.get(attacker, Sheet).weapon, UNARMED) if w.name == offer.weapon), UNARMED)
    amount, rolled = roll_damage(dice, state.world.get(attacker, Sheet).power, weapon.die)
    events = [AttackResolved(attacker, target, defenses.PENETRATES, defense)] + apply_damage(state, target, amount, rolled)
    return events + afflict(state, attacker, target, weapon)


def afflict(state: GameState, attacker: Entity, target: Entity, weapon: Weapon) -> list[Any]:
    """§6: a blow that gets through lays its weapon's affliction (a ghoul's claws immobilize, a venom dagger
    poisons) for the weapon's rounds (R7: to the end of round r + N); another blow adds another entry (A15)."""
    if not weapon.lays or state.world.has(target, OutOfFight):
        return []
    entry = afflictions.lasting(weapon.lays, weapon.name, attacker, round_of(state).number, weapon.lays_rounds)
    state.add_condition(target, entry)
    return [AfflictionChanged(target, weapon.lays, True, entry.amount)]


def roll_damage(dice: Dice, power: int, die: int) -> tuple[int, tuple[int, ...]]:
    """R15 (§11.1.5, H4): power d(die), rolled once."""
    count, sides = defenses.damage_dice(power, die)
    rolled = tuple(dice.roll(sides) for _ in range(count))
    return sum(rolled), rolled


def damage_item(state: GameState, dice: Dice, attacker: Entity, owner: Entity, item: str, weapon_name: str) -> list[Any]:
    """R13-R14: the blow's damage goes to the armor's, shield's or weapon's durability; 0 left is broken."""
    sheet = state.world.get(attacker, Sheet)
    weapon = next((w for w in (sheet.weapon, UNARMED) if w.name == weapon_name), UNARMED)
    amount, _rolled = roll_damage(dice, sheet.power, weapon.die)
    mine, kit = state.world.get(owner, Sheet), gear(state, owner)
    if item == "armor" and mine.armor is not None:
        total, durability = kit.armor_damage + amount, mine.armor.durability
        state.world.add(owner, replace(kit, armor_damage=min(durability, total)))
        name = mine.armor.name
    elif item == "shield":
        total, durability = kit.shield_damage + amount, mine.shield
        state.world.add(owner, replace(kit, shield_damage=min(durability, total)))
        name = "shield"
    else:
        total, durability = kit.weapon_damage + amount, mine.weapon.durability
        state.world.add(owner, replace(kit, weapon_damage=min(durability, total)))
        name = mine.weapon.name
    left = max(0, durability - total)
    return [ItemDamaged(owner, name, amount, left, left == 0)]


def apply_damage(state: GameState, target: Entity, amount: int, rolled: tuple[int, ...] = ()) -> list[Any]:
    """H1, H6-H8 (§5): the damage total rises; an incapacitated creature is prone; monsters die then
    (§5.8 ruling); any damage ends sleep (A12)."""
    vitals = state.world.get(target, Vitals)
    sheet = state.world.get(target, Sheet)
    outcome = take_damage(vitals, amount, dies_when_incapacitated=not sheet.hero)
    state.world.add(target, outcome.vitals)
    events: list[Any] = [Damaged(target, outcome.taken, rolled, outcome.vitals.damage,
                                 injured(outcome.vitals.damage, sheet.health), outcome.became_incapacitated,
                                 outcome.killed, outcome.instant_death)]
    if state.has_condition(target, "asleep") and outcome.taken:
        state.remove_condition(target, "asleep")
        events.append(AfflictionChanged(target, "asleep", False))
    if outcome.killed:
        events += release_all(state, target)
        state.world.add(target, OutOfFight())
    elif outcome.became_incapacitated:
        events += release_all(state, target)
        state.add_condition(target, afflictions.lasting("incapacitated", "damage", None, 0, 0))
        events.append(AfflictionChanged(target, "incapacitated", True))
        events += knock_prone(state, target)
    return events


def knock_prone(state: GameState, entity: Entity) -> list[Any]:
    if state.has_condition(entity, "prone"):
        return []
    state.add_condition(entity, afflictions.lasting("prone", "", None, 0, 0))
    return [AfflictionChanged(entity, "prone", True)]


def drop_weapon(state: GameState, owner: Entity) -> list[Any]:
    """§11.4.1, §12.2.1: the weapon falls in the owner's square (§16: where it lands); a lock ends."""
    if not held_weapon(state, owner):
        return []
    kit = gear(state, owner)
    at = state.square(owner)
    state.world.add(owner, replace(kit, weapon_lost_at=at))
    return [WeaponDropped(owner, at)] + end_lock(state, owner)


def end_lock(state: GameState, entity: Entity) -> list[Any]:
    """§12.2.2: dropping or freeing a weapon ends the 招架 lock for both."""
    events: list[Any] = []
    for entry in state.conditions(entity).named("parried"):
        for one in (entity, entry.by):
            if one is not None and state.has_condition(one, "parried"):
                state.remove_condition(one, "parried")
                events.append(AfflictionChanged(one, "parried", False))
    return events


def start_grab(state: GameState, grabber: Entity, target: Entity) -> list[Any]:
    """§11.4.2 (A13): both are defenseless; the target is grabbed."""
    state.add_condition(target, afflictions.lasting("grabbed", afflictions.GRAB_SOURCE, grabber, 0, 0))
    state.add_condition(grabber, afflictions.lasting("grabbing", afflictions.GRAB_SOURCE, target, 0, 0))
    for one in (grabber, target):
        state.add_condition(one, afflictions.lasting("defenseless", afflictions.GRAB_SOURCE, grabber, 0, 0))
    return [AfflictionChanged(target, "grabbed", True), AfflictionChanged(grabber, "defenseless", True),
            AfflictionChanged(target, "defenseless", True)]


def end_grab(state: GameState, grabber: Entity) -> list[Any]:
    events: list[Any] = []
    for entry in state.conditions(grabber).named("grabbing"):
        target = entry.by
        for one in (grabber, target):
            if one is None:
                continue
            kept = state.conditions(one)
            for c in kept.entries:
                if c.source == afflictions.GRAB_SOURCE:
                    kept = kept.without(c)
                    events.append(AfflictionChanged(one, c.name, False))
            state.world.add(one, kept)
    return events


def release_all(state: GameState, entity: Entity) -> list[Any]:
    """A creature that drops ends its grabs and locks."""
    events = end_lock(state, entity)
    for entry in state.conditions(entity).named("grabbed"):
        if entry.by is not None:
            events += end_grab(state, entry.by)
    return events + end_grab(state, entity)


def step_back(state: GameState, defender: Entity, attacker: Entity) -> list[Any]:
    """§12.2.5: the backflip moves the defender 1 yard directly away from the attacker, if that square is free."""
    (dx0, dy0), side = state.space(defender)
    (ax, ay), _ = state.space(attacker)
    step = ((dx0 > ax) - (dx0 < ax), (dy0 > ay) - (dy0 < ay))
    to: Square = (dx0 + step[0], dy0 + step[1])
    bf = state.battlefield
    taken = state.squares_taken(but=defender)
    if step == (0, 0) or not all(bf.in_bounds(s) and not bf.at(s).solid and s not in taken for s in footprint(to, side)):
        return []
    state.world.add(defender, Position(to))
    return [Moved(defender, ((dx0, dy0), to), 1)]
