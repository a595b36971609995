"""The sotdl-house door: ``validate`` (pure: a refusal value or None) and ``execute`` (dice in, events out)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from game.core.dice import Dice
from game.core.grid import Square, chebyshev, space_distance
from game.core.lines import line_of_effect
from game.ecs.components import Body, OutOfFight, Position
from game.ecs.world import Entity
from game.engine.refusal import Refusal
from game.rulesets.sotdl import afflictions, area, attack, defenses, situation
from game.rulesets.sotdl.commands import (
    ActionTaken, AfflictionChanged, ApLost, Attack, Charge, Defend, Disarm, DropProne, Escape, Feint, Fell,
    FreeAttack, FreeAttackOffered, Grab, Healed, Hide, Move, Moved, Pass, PickUp, Pushed, Shove, StandUp, Throw,
    UseItem, WeaponRecovered, Withdraw,
)
from game.rulesets.sotdl.i18n import L_
from game.rulesets.sotdl.components import (
    ActionPoints, FailedTry, PausedWalk, PendingArea, PendingDefense, PendingFreeAttack, Sheet,
)
from game.rulesets.sotdl.movement import Figure, Walk, fall_yards, move_rules, walk_problem
from game.rulesets.sotdl.rolls import TN, d20_test
from game.rulesets.sotdl.rounds import (
    ap, check_victory, creatures, decider, hand_off, may_take_initiative, next_side, roll_event, round_of, side_label,
)
from game.rulesets.sotdl.stats import size_points
from game.rulesets.sotdl.vitality import Vitals, fall_dice, heal
from game.state import GameState

COST: dict[type, int] = {Move: 1, Withdraw: 1, Attack: 1, Charge: 2, Shove: 1, Grab: 1, Escape: 1, Hide: 1,
                         Feint: 1, Disarm: 1, StandUp: 1, DropProne: 0, UseItem: 1, PickUp: 1, Throw: 1, Pass: 0}
FEINT_RANGE = 5        # §11.3.4: short range


def figure(state: GameState, entity: Entity) -> Figure:
    return Figure(state.square(entity), state.world.get(entity, Body).size, state.has_condition(entity, "prone"),
                  area.jump_yards(state, entity))


def others(state: GameState, entity: Entity) -> list[Figure]:
    return [figure(state, e) for e in creatures(state) if e != entity]


def speed(state: GameState, entity: Entity) -> int:
    return afflictions.speed(state.conditions(entity), state.world.get(entity, Sheet).speed)


def walk_check(state: GameState, entity: Entity, path: tuple, yards: int) -> Refusal | Walk:
    """M1, M4, M5: a walk within ``yards`` (a crawl always goes 1 yard)."""
    if yards <= 0:
        return Refusal(L_("{name} cannot move", name=state.name(entity)), "M12-M14")
    found = walk_problem(state.battlefield, figure(state, entity), others(state, entity), tuple(path), yards,
                         at_least_one=state.has_condition(entity, "prone"))
    return Refusal(found, "M1") if isinstance(found, str) else found


def _enemy_in_reach(state: GameState, actor: Entity, target: Entity, reach: int | None = None) -> Refusal | None:
    if target not in creatures(state):
        return Refusal(L_("that is not a creature in the fight"))
    if target == actor or not state.are_enemies(actor, target):
        return Refusal(L_("{name} is not an enemy", name=state.name(target)))
    if state.has_condition(target, "hidden"):
        return Refusal(L_("{name} is hidden: you cannot pick it as a target", name=state.name(target)), "E7")
    if any(c.by == target for c in state.conditions(actor).named("charmed")):
        return Refusal(L_("{name} charmed you", name=state.name(target)), "A10")
    if reach is not None and situation.distance(state, actor, target) > reach:
        return Refusal(L_("{name} is out of reach", name=state.name(target)), "§3.9.2")
    return None


def _attack_problem(state: GameState, actor: Entity, target: Entity) -> Refusal | None:
    if state.has_condition(actor, "parried"):
        return Refusal(L_("{name} is locked in a parry", name=state.name(actor)), "A14")
    weapon = attack.weapon_of(state, actor)
    reach = weapon.range_yd if weapon.ranged else state.world.get(actor, Sheet).reach
    problem = _enemy_in_reach(state, actor, target, reach)
    if problem:
        return problem
    if situation.cover(state, actor, target, weapon.ranged) == situation.TOTAL:
        return Refusal(L_("{name} has total cover", name=state.name(target)), "E2")
    return None


def _check(state: GameState, command: Any) -> Refusal | None:
    actor = command.actor
    name = state.name(actor)
    if isinstance(command, (Move, Withdraw)):
        budget = speed(state, actor) // (2 if isinstance(command, Withdraw) else 1)
        found = walk_check(state, actor, command.path, budget)
        return found if isinstance(found, Refusal) else None
    if isinstance(command, Attack):
        return _attack_problem(state, actor, command.target)
    if isinstance(command, Charge):
        if attack.weapon_of(state, actor).ranged:
            return Refusal(L_("a charge ends in a melee attack"), "§11.3.1")
        found = walk_check(state, actor, command.path, speed(state, actor))
        if isinstance(found, Refusal):
            return found
        problem = _enemy_in_reach(state, actor, command.target)
        if problem:
            return problem
        end, side = command.path[-1], state.space(actor)[1]
        there, their = state.space(command.target)
        if space_distance(end, side, there, their) > state.world.get(actor, Sheet).reach:
            return Refusal(L_("the charge does not end within reach of {name}", name=state.name(command.target)))
        return None
    if isinstance(command, (Shove, Disarm)):
        problem = _enemy_in_reach(state, actor, command.target, state.world.get(actor, Sheet).reach)
        if problem or not isinstance(command, Disarm):
            return problem
        if not attack.held_weapon(state, command.target):
            return Refusal(L_("{name} holds no weapon", name=state.name(command.target)))
        return None
    if isinstance(command, Grab):
        problem = _enemy_in_reach(state, actor, command.target, state.world.get(actor, Sheet).reach)
        if problem:
            return problem
        if afflictions.in_a_grab(state.conditions(command.target)):
            return Refusal(L_("{name} is already in a grab", name=state.name(command.target)), "§11.4.2")
        return None
    if isinstance(command, Escape):
        conditions = state.conditions(actor)
        if not (afflictions.in_a_grab(conditions) or conditions.has("parried")):
            return Refusal(L_("{name} is neither grabbed nor locked", name=name))
        return None
    if isinstance(command, Hide):
        if state.has_condition(actor, "hidden"):
            return Refusal(L_("{name} is already hidden", name=name))
        failed = state.world.maybe(actor, FailedTry)
        if failed is not None and failed.task == "hide" and failed.square == state.square(actor):
            return Refusal(L_("{name} failed to hide here: only a change of place lets it try again", name=name), "T7")
        why = situation.hide_problem(state, actor)
        return Refusal(why, "E6") if why else None
    if isinstance(command, Feint):
        problem = _enemy_in_reach(state, actor, command.target, FEINT_RANGE)
        if problem:
            return problem
        if not situation.can_see(state, command.target, actor):
            return Refusal(L_("{name} must see you to be feinted", name=state.name(command.target)), "§11.3.4")
        return None
    if isinstance(command, StandUp):
        return None if state.has_condition(actor, "prone") else Refusal(L_("{name} is not prone", name=name))
    if isinstance(command, DropProne):
        return Refusal(L_("{name} is already prone", name=name)) if state.has_condition(actor, "prone") else None
    if isinstance(command, UseItem):
        if attack.gear(state, actor).potions < 1:
            return Refusal(L_("{name} has no potion left", name=name), "§11.6")
        if command.target not in creatures(state) or state.are_enemies(actor, command.target):
            return Refusal(L_("a potion goes to yourself or an ally"))
        if situation.distance(state, actor, command.target) > state.world.get(actor, Sheet).reach:
            return Refusal(L_("{name} is out of reach", name=state.name(command.target)))
        if state.world.get(command.target, Vitals).damage == 0:
            return Refusal(L_("{name} is not hurt", name=state.name(command.target)))
        return None
    if isinstance(command, Throw):
        if attack.gear(state, actor).bombs < 1:
            return Refusal(L_("{name} has no flask left", name=name), "§11.6")
        at: Square = (command.at[0], command.at[1])
        if not state.battlefield.in_bounds(at):
            return Refusal(L_("that square is off the map"))
        if space_distance(state.square(actor), state.space(actor)[1], at, 1) > area.THROW_RANGE:
            return Refusal(L_("that square is beyond {yards} yards", yards=area.THROW_RANGE), "E1")
        if not line_of_effect(state.battlefield, state.space(actor), (at, 1)):
            return Refusal(L_("nothing can be thrown there: no line of effect"), "E2")
        return None
    if isinstance(command, PickUp):
        lying = attack.gear(state, actor).weapon_lost_at
        if lying is None or space_distance(state.square(actor), state.space(actor)[1], lying, 1) > 1:
            return Refusal(L_("{name} has no weapon lying within reach", name=name))
        return None
    return None


def _no_landing(command: Defend) -> Refusal | None:
    """Only a long jump names a landing square (§12.1)."""
    return None if command.to is None else Refusal(L_("only a long jump names a landing square"), "§12")


def validate(state: GameState, command: Any) -> Refusal | None:
    """Whether the command may be played now; pure: no dice, no change."""
    if state.outcome is not None:
        return Refusal(L_("the skirmish is over"))
    offer = state.world.maybe_resource(PendingDefense)
    chance = state.world.maybe_resource(PendingFreeAttack)
    blast = state.world.maybe_resource(PendingArea)
    if isinstance(command, Defend) and blast is not None and command.actor == blast.target:
        if command.defense == defenses.NONE:
            return _no_landing(command)
        if command.defense not in area.options(state, command.actor):
            return Refusal(L_("{name} cannot {defense} now", name=state.name(command.actor),
                              defense=defenses.SPOKEN.get(command.defense, command.defense)), "R20")
        if command.defense == defenses.LONG_JUMP:
            why = area.landing_problem(state, blast, command.to)
            return Refusal(why, "M18") if why else None
        return _no_landing(command)
    if isinstance(command, Defend):
        if offer is None or command.actor != offer.target:
            return Refusal(L_("no attack waits for this creature's defense"))
        if command.defense == defenses.NONE:
            return _no_landing(command)
        options = attack.defense_options(state, offer.target, offer.attacker, offer.melee, False)
        if command.defense not in options:
            return Refusal(L_("{name} cannot {defense} now", name=state.name(command.actor),
                              defense=defenses.SPOKEN.get(command.defense, command.defense)), "§12")
        return _no_landing(command)
    if isinstance(command, FreeAttack):
        if chance is None or command.actor != chance.attacker:
            return Refusal(L_("no free attack is offered to this creature"))
        return None
    if offer is not None or chance is not None or blast is not None:
        return Refusal(L_("{name} must answer first", name=state.name(decider(state))))
    if type(command) not in COST:
        return Refusal(L_("not a sotdl-house command"))
    actor = command.actor
    if actor not in creatures(state):
        return Refusal(L_("that is not a creature in the fight"))
    current = round_of(state)
    if current.holder is not None and actor != current.holder:
        return Refusal(L_("{name} holds the initiative", name=state.name(current.holder)), "R4")
    if current.holder is None and state.side(actor) != current.side:
        return Refusal(L_("{side} hold the initiative now", side=side_label(state, current.side)), "R2")
    points = ap(state, actor)
    if points.passed:
        return Refusal(L_("{name} has passed this round", name=state.name(actor)), "§16.15")
    cost = COST[type(command)]
    if cost > points.left:
        return Refusal(L_("{name} has {left} AP, {cost} needed", name=state.name(actor), left=points.left, cost=cost), "R3")
    conditions = state.conditions(actor)
    if not isinstance(command, (Pass, DropProne)):
        if afflictions.in_a_grab(conditions) and not isinstance(command, Escape):
            return Refusal(L_("{name} is in a grab: only escaping is possible", name=state.name(actor)), "A13")
        if not afflictions.can_act(conditions, escaping=isinstance(command, Escape)):
            return Refusal(L_("{name} cannot act", name=state.name(actor)), "A1")
    return _check(state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refusal | list[Any]:
    """Validate, then apply with ``dice``: the events, then upkeep (hiding, victory, a stuck initiative)."""
    problem = validate(state, command)
    if problem is not None:
        return problem
    events: list[Any] = []
    cost = COST.get(type(command), 0)
    if cost:
        left = attack.spend(state, command.actor, cost)
        events.append(ActionTaken(command.actor, type(command).__name__.lower(), cost, left))
    events += APPLY[type(command)](state, command, dice)
    return events + upkeep(state)


def upkeep(state: GameState) -> list[Any]:
    """E9: hiding ends when its reason goes; R8: victory; and an initiative nobody can use moves on."""
    events: list[Any] = []
    for entity in creatures(state):
        if state.has_condition(entity, "hidden") and not situation.stays_hidden(state, entity):
            state.remove_condition(entity, "hidden")
            events.append(AfflictionChanged(entity, "hidden", False))
    events += check_victory(state)
    if state.outcome is not None or any(state.world.maybe_resource(kind) is not None
                                        for kind in (PendingDefense, PendingFreeAttack, PendingArea)):
        return events
    current = round_of(state)
    if current.holder is not None:
        if not may_take_initiative(state, current.holder) or state.world.has(current.holder, OutOfFight):
            events += next_side(state, current.side)
    elif not any(may_take_initiative(state, e) for e in creatures(state) if state.side(e) == current.side):
        events += next_side(state, current.side)
    return events


# Walking, with free attacks (§16.5) --------------------------------------------------------------------


def _move_to(state: GameState, entity: Entity, path: tuple) -> list[Any]:
    if len(path) < 2:
        return []
    state.world.add(entity, Position(tuple(path[-1])))
    # The yards covered: a step is one, a long jump its length (M18).
    yards = sum(chebyshev(a, b) for a, b in zip(path, path[1:]))
    return [Moved(entity, tuple(tuple(s) for s in path), yards)]


def proceed(state: GameState, dice: Dice, walk: PausedWalk) -> list[Any]:
    """Walk on until the next enemy whose reach the walk leaves may answer (a paused walk), or the end."""
    mover = walk.mover
    if len(walk.rest) < 2 or not _can_go_on(state, mover):
        return finish_walk(state, dice, walk, fell_ft=0)
    asked = [(i, e) for i, e in situation.provokers(state, mover, walk.rest) if e in walk.provokers]
    if asked:
        index, enemy = asked[0]
        events = _move_to(state, mover, walk.rest[:index])
        left = tuple(e for _, e in asked[1:])
        state.world.set_resource(PendingFreeAttack(enemy, replace(walk, rest=walk.rest[index - 1:], provokers=left)))
        return events + [FreeAttackOffered(enemy, mover)]
    events = _move_to(state, mover, walk.rest)
    return events + finish_walk(state, dice, walk, fell_ft=walk.fall_ft, leapt=walk.long_jump)


def _can_go_on(state: GameState, mover: Entity) -> bool:
    return (not state.world.has(mover, OutOfFight) and afflictions.can_act(state.conditions(mover))
            and speed(state, mover) > 0 and not state.has_condition(mover, "incapacitated"))


def finish_walk(state: GameState, dice: Dice, walk: PausedWalk, fell_ft: int, leapt: bool = False) -> list[Any]:
    """The walk is over: a jump down a ledge more than 5 yards is a fall (F1-F4, M17; less lands safely);
    a long jump lands with an Agility roll, prone on a failure (M18); a charge attacks (R18); then the
    initiative moves on."""
    mover = walk.mover
    events: list[Any] = []
    if fell_ft > area.SAFE_DROP_FT:
        events += fall(state, dice, mover, fall_yards(fell_ft))
    if leapt:
        modifier, edges = area.agility_test(state, mover)
        roll = d20_test(dice, modifier, edges, TN)
        events.append(roll_event(mover, "landing", roll))
        if not roll.success:
            events += attack.knock_prone(state, mover)
    target = walk.charge_target
    if target is not None and _can_go_on(state, mover) and target in creatures(state) \
            and situation.within_reach(state, mover, target):
        more, paused = attack.begin(state, dice, mover, target, melee=True, charge=True)
        return events + more + ([] if paused else hand_off(state, mover, target))
    return events + hand_off(state, mover, None)


def fall(state: GameState, dice: Dice, entity: Entity, yards: int) -> list[Any]:
    """F1-F4: the dice for the height; prone only when hurt; a fall is one source (instant death)."""
    count = fall_dice(yards)
    rolled = tuple(dice.roll(6) for _ in range(count))
    events: list[Any] = [Fell(entity, yards, rolled)]
    if sum(rolled) > 0:
        events += attack.apply_damage(state, entity, sum(rolled), rolled)
        if not state.world.has(entity, OutOfFight):
            events += attack.knock_prone(state, entity)
    return events


def _walk(state: GameState, command: Any, dice: Dice) -> list[Any]:
    withdraw = isinstance(command, Withdraw)
    found = [e for _, e in situation.provokers(state, command.actor, command.path, withdraw=withdraw)]
    target = command.target if isinstance(command, Charge) else None
    # The door priced the walk already; asked again for the jump down that may end it (M3, M17).
    priced = walk_check(state, command.actor, command.path, speed(state, command.actor) // (2 if withdraw else 1))
    fall_ft = priced.fall_ft if isinstance(priced, Walk) else 0
    leap = priced.long_jump if isinstance(priced, Walk) else False
    path = tuple(tuple(s) for s in command.path)
    return proceed(state, dice, PausedWalk(command.actor, path, tuple(found), target, fall_ft, leap))


def _free_attack(state: GameState, command: FreeAttack, dice: Dice) -> list[Any]:
    chance = state.world.resource(PendingFreeAttack)
    state.world.clear_resource(PendingFreeAttack)
    if not command.take:
        return proceed(state, dice, chance.walk)
    attack.spend(state, command.actor, 1)
    events: list[Any] = [ActionTaken(command.actor, "free attack", 1, ap(state, command.actor).left)]
    more, paused = attack.begin(state, dice, command.actor, chance.walk.mover, melee=True, free=True, walk=chance.walk)
    return events + more + ([] if paused else proceed(state, dice, chance.walk))


def _defend(state: GameState, command: Defend, dice: Dice) -> list[Any]:
    blast = state.world.maybe_resource(PendingArea)
    if blast is not None:
        events = area.defend(state, dice, blast, command.defense, command.to)
        more, answerer = area.next_target(state, dice, blast)
        if state.world.maybe_resource(PendingArea) is not None:
            return events + more
        return events + more + hand_off(state, blast.attacker, answerer)
    offer = state.world.resource(PendingDefense)
    events = attack.defend(state, dice, offer, command.defense)
    if offer.walk is not None:
        return events + proceed(state, dice, offer.walk)
    return events + hand_off(state, offer.attacker, offer.target)


# The other actions ------------------------------------------------------------------------------------


def _attack(state: GameState, command: Any, dice: Dice) -> list[Any]:
    weapon = attack.weapon_of(state, command.actor)
    stunt = {Grab: attack.GRAB, Disarm: attack.DISARM}.get(type(command), "")
    unarmed = getattr(command, "unarmed", False)
    events, paused = attack.begin(state, dice, command.actor, command.target, melee=not weapon.ranged or bool(stunt),
                                  unarmed=unarmed, stunt=stunt)
    return events + ([] if paused else hand_off(state, command.actor, command.target))


def attribute_attack(state: GameState, dice: Dice, actor: Entity, attribute: str, target_score: int,
                     edges: list[tuple[str, int]], what: str) -> tuple[list[Any], bool]:
    """T6: d20 + the attacker's modifier +/- boons against the target's attribute score."""
    roll = d20_test(dice, state.world.get(actor, Sheet).mod(attribute), situation.net(edges), target_score)
    return [roll_event(actor, what, roll)], roll.success


def _own_edges(state: GameState, entity: Entity, physical: bool) -> list[tuple[str, int]]:
    """A5 and, for Strength or Agility rolls, A8 (prone)."""
    edges = [(n, -1) for n in afflictions.own_banes(state.conditions(entity))]
    if physical and state.has_condition(entity, "prone"):
        edges.append(("prone", -1))
    return edges


def _shove(state: GameState, command: Shove, dice: Dice) -> list[Any]:
    """§11.3.2 (M21): Strength against Strength; a bane per size point bigger, a boon if smaller."""
    me, it = state.world.get(command.actor, Sheet), state.world.get(command.target, Sheet)
    edges = _own_edges(state, command.actor, True)
    if it.size_quarters > me.size_quarters:
        edges.append(("size", -size_points(it.size_quarters - me.size_quarters)))
    elif it.size_quarters < me.size_quarters:
        edges.append(("size", 1))
    events, success = attribute_attack(state, dice, command.actor, "strength", it.strength, edges, "shove")
    if success:
        events += push(state, dice, command.actor, command.target, max(1, 1 + me.mod("strength")))
    return events + hand_off(state, command.actor, command.target)


def push(state: GameState, dice: Dice, pusher: Entity, target: Entity, yards: int) -> list[Any]:
    """M7-M8, M21: straight away from the pusher; difficult ground uses 2 of the distance; a step over a
    ledge lets the target try Agility (TN 10) to drop prone at the edge, else it goes over and falls."""
    (px, py), ps = state.space(pusher)
    (tx, ty), ts = state.space(target)
    dx = (2 * tx + ts > 2 * px + ps) - (2 * tx + ts < 2 * px + ps)
    dy = (2 * ty + ts > 2 * py + ps) - (2 * ty + ts < 2 * py + ps)
    rules = move_rules(state.battlefield, figure(state, target), others(state, target))
    path = [(tx, ty)]
    events: list[Any] = []
    left, fell_ft = yards, 0
    while left > 0:
        here = path[-1]
        nxt = (here[0] + dx, here[1] + dy)
        cost = rules.step_cost(here, nxt)
        if cost is None or cost > left:
            break
        drop = rules.drop_ft(here, nxt)
        if drop:
            roll = d20_test(dice, state.world.get(target, Sheet).mod("agility"),
                            situation.net(_own_edges(state, target, True)), TN)
            events.append(roll_event(target, "peril", roll))
            if roll.success:
                events += attack.knock_prone(state, target)
                break
            path.append(nxt)
            fell_ft = drop
            break
        path.append(nxt)
        left -= cost
    taken = state.squares_taken(but=target)
    while len(path) > 1 and path[-1] in taken:      # never stop on a creature passed over (M10)
        path.pop()
        fell_ft = 0
    if len(path) > 1:
        state.world.add(target, Position(path[-1]))
        events.insert(0, Pushed(target, tuple(path)))
    if fell_ft:
        events += fall(state, dice, target, fall_yards(fell_ft))
    return events


def _escape(state: GameState, command: Escape, dice: Dice) -> list[Any]:
    """§11.4.2 (§16.27): the grabber lets go; the grabbed makes an Agility attack against the grabber's
    Agility. §12.2.2: a parry lock ends on a Strength attack against the partner's Strength."""
    actor = command.actor
    conditions = state.conditions(actor)
    events: list[Any] = []
    if conditions.has("grabbing"):
        events += attack.end_grab(state, actor)
    elif conditions.has("grabbed"):
        grabber = conditions.named("grabbed")[0].by
        assert grabber is not None                      # a grab always names its grabber (attack.start_grab)
        more, success = attribute_attack(state, dice, actor, "agility", state.world.get(grabber, Sheet).agility,
                                         _own_edges(state, actor, True), "escape")
        events += more + (attack.end_grab(state, grabber) if success else [])
    else:
        partner = conditions.named("parried")[0].by
        assert partner is not None                      # a lock always names its partner (attack.defend)
        more, success = attribute_attack(state, dice, actor, "strength", state.world.get(partner, Sheet).strength,
                                         _own_edges(state, actor, True), "free weapon")
        events += more + (attack.end_lock(state, actor) if success else [])
    return events + hand_off(state, actor, None)


def _hide(state: GameState, command: Hide, dice: Dice) -> list[Any]:
    """E6: Agility, TN 10."""
    roll = d20_test(dice, state.world.get(command.actor, Sheet).mod("agility"),
                    situation.net(_own_edges(state, command.actor, True)), TN)
    events: list[Any] = [roll_event(command.actor, "hide", roll)]
    if roll.success:
        state.add_condition(command.actor, afflictions.lasting("hidden", "hide", None, 0, 0))
        events.append(AfflictionChanged(command.actor, "hidden", True))
    else:
        state.world.add(command.actor, FailedTry("hide", state.square(command.actor)))
    return events + hand_off(state, command.actor, None)


def _feint(state: GameState, command: Feint, dice: Dice) -> list[Any]:
    """§11.3.4 (R19, §16.20): Agility against Perception; the target loses 1 AP and, for 1 round, makes
    no free attack on the feinter's moves."""
    target = command.target
    events, success = attribute_attack(state, dice, command.actor, "agility",
                                       state.world.get(target, Sheet).perceives,
                                       _own_edges(state, command.actor, True), "feint")
    if success:
        left = attack.spend(state, target, 1)
        events.append(ApLost(target, 1, left))
        entry = afflictions.lasting("feinted", "feint", command.actor, round_of(state).number, 1)
        state.add_condition(target, entry)
        events.append(AfflictionChanged(target, "feinted", True, entry.amount))
    return events + hand_off(state, command.actor, target)


def _stand(state: GameState, command: StandUp, dice: Dice) -> list[Any]:
    state.remove_condition(command.actor, "prone")
    return [AfflictionChanged(command.actor, "prone", False)] + hand_off(state, command.actor, None)


def _drop(state: GameState, command: DropProne, dice: Dice) -> list[Any]:
    """M6: free, so the initiative stays where it is."""
    return attack.knock_prone(state, command.actor)


def _use_item(state: GameState, command: UseItem, dice: Dice) -> list[Any]:
    """§11.6 (ruling): a healing potion heals the drinker's healing rate (D3); incapacitation ends (H9)."""
    kit = attack.gear(state, command.actor)
    state.world.add(command.actor, replace(kit, potions=kit.potions - 1))
    target = command.target
    amount = state.world.get(target, Sheet).healing_rate
    before = state.world.get(target, Vitals)
    after = heal(before, amount)
    state.world.add(target, after)
    events: list[Any] = [Healed(target, before.damage - after.damage, after.damage)]
    if state.has_condition(target, "incapacitated") and not after.incapacitated:
        state.remove_condition(target, "incapacitated")
        events.append(AfflictionChanged(target, "incapacitated", False))
    return events + hand_off(state, command.actor, None)


def _pick_up(state: GameState, command: PickUp, dice: Dice) -> list[Any]:
    kit = attack.gear(state, command.actor)
    state.world.add(command.actor, replace(kit, weapon_lost_at=None))
    return [WeaponRecovered(command.actor)] + hand_off(state, command.actor, None)


def _throw(state: GameState, command: Throw, dice: Dice) -> list[Any]:
    """§11.6 use an item: alchemist's fire, an area attack (area.py)."""
    kit = attack.gear(state, command.actor)
    state.world.add(command.actor, replace(kit, bombs=kit.bombs - 1))
    events, answerer = area.throw(state, dice, command.actor, (command.at[0], command.at[1]))
    if state.world.maybe_resource(PendingArea) is not None:
        return events
    return events + hand_off(state, command.actor, answerer)


def _pass(state: GameState, command: Pass, dice: Dice) -> list[Any]:
    """§16.15: the creature keeps its AP for defenses only; the next side moves."""
    state.world.add(command.actor, ActionPoints(ap(state, command.actor).left, True))
    return next_side(state, state.side(command.actor))


APPLY: dict[type, Callable[[GameState, Any, Dice], list[Any]]] = {
    Move: _walk, Withdraw: _walk, Charge: _walk, Attack: _attack, Grab: _attack, Disarm: _attack, Shove: _shove,
    Escape: _escape, Hide: _hide, Feint: _feint, StandUp: _stand, DropProne: _drop, UseItem: _use_item,
    PickUp: _pick_up, Throw: _throw, Pass: _pass, Defend: _defend, FreeAttack: _free_attack,
}
