"""The d20-modern door: validate a command (pure: a Refused or None), then apply it (dice in, events out),
then upkeep. Turns follow the initiative order; a move or action that provokes pauses as a
PendingOpportunity until each threatening enemy's controller answers through the same door (React)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from game.core.dice import Dice
from game.core.grid import Square
from game.core.lines import line_of_effect, line_of_sight
from game.ecs.components import START_OF_TURN, Condition, Position
from game.ecs.world import Entity
from game.rulesets.d20modern import budget as bud
from game.rulesets.d20modern import attack, injury, measure, strikes, threat
from game.rulesets.d20modern.commands import (
    DOUBLE, MOVE, MOVE_MODES, RUN, WITHDRAW, ActionTaken, Aid, Attack, AttackObject, Autofire, BullRush, Charge, ConditionChanged,
    CoupDeGrace, Delay, Disarm, DropProne, EndTurn, Grapple, Knockout, Move, Moved, OpportunityDeclined, OpportunityOffered,
    Overrun, OverrunAnswer, React,
    PickUp, Ready, Reload, Reloaded, Stabilize, StandUp, StartFullRound, Step, Stepped, Throw, TotalDefense, Trip,
)
from game.rulesets.d20modern.components import Ammo, Carried, PendingOpportunity, Reaction, Sheet, Weapon
from game.rulesets.d20modern.situation import (
    adjacent, alive, can_act, feet_between, feet_rules, helpless, melee_weapon,
    speed_ft, vitals, watchers, weapon_in_hand,
)
from game.rulesets.d20modern.verdict import Refused
from game.rulesets.d20modern import bullrush, disarm, maneuvers, objects, overrun, twoweapon
from game.rulesets.d20modern.turns import STARTED, end_turn, pending, round_of, upkeep
from game.rulesets.d20modern.walking import straight
from game.state import GameState
from game.rulesets.d20modern.i18n import L_


@dataclass(frozen=True)
class Continue:
    """The rest of a paused walk, and the charge attack waiting at its end (``target``, ``weapon``)."""

    actor: Entity
    path: tuple[Square, ...]
    mode: str
    target: Entity | None = None
    weapon: str = ""


def decider(state: GameState) -> Entity:
    """Whose controller must answer now: an enemy offered an attack of opportunity, else the creature whose turn it is."""
    offer = pending(state)
    return offer.reactors[0] if offer is not None else round_of(state).current


def budget_of(state: GameState, e: Entity) -> bud.Budget:
    return state.world.get(e, bud.Budget)


def sheet_of(state: GameState, e: Entity) -> Sheet:
    return state.world.get(e, Sheet)


# Validation -----------------------------------------------------------------------------------------------

def _turn_problem(state: GameState, actor: Entity) -> Refused | None:
    if state.outcome is not None:
        return Refused(L_("the skirmish is over"), "d20-modern §1")
    if actor not in state.creatures():
        return Refused(L_("no such creature"), "d20-modern §1")
    offer = pending(state)
    if offer is not None and offer.reason == overrun.CHOICE:
        return Refused(L_("{name} must first choose to avoid or block the overrun", name=state.name(offer.reactors[0])),
                       "d20-modern OVR-02")
    if offer is not None:
        return Refused(L_("{name} must first answer the attack of opportunity", name=state.name(offer.reactors[0])),
                       "d20-modern §5.4")
    if round_of(state).current != actor:
        return Refused(L_("it is not {name}'s turn", name=state.name(actor)), "d20-modern INIT-03")
    if not can_act(state, actor):
        return Refused(L_("{name} cannot act", name=state.name(actor)), "d20-modern §11")
    return None


def _enemy_problem(state: GameState, actor: Entity, target: Entity) -> Refused | None:
    if target not in state.creatures() or not alive(state, target):
        return Refused(L_("no such creature to attack"), "d20-modern §4.5")
    if state.side(target) == state.side(actor):
        return Refused(L_("{name} is an ally", name=state.name(target)), "d20-modern §4.5")
    return None


def _weapon(state: GameState, actor: Entity, name: str) -> Weapon | Refused:
    weapon = weapon_in_hand(state, actor, name)
    if weapon is None:
        return Refused(L_("{name} has no weapon called {weapon}", name=state.name(actor), weapon=name), "d20-modern §2")
    return weapon


def reach_problem(state: GameState, actor: Entity, target: Entity, weapon: Weapon) -> Refused | None:
    """§4.5.1, §4.5.3, ATK-09, ATK-10, COV-01: melee needs the target adjacent; a ranged attack needs line of
    sight, the weapon's maximum range and a loaded round; nobody behind total cover can be targeted."""
    if weapon.melee:
        if not adjacent(state, actor, target):
            return Refused(L_("{name} is not within 5 ft", name=state.name(target)), "d20-modern §4.5.1")
        return None
    if not line_of_sight(state.battlefield, state.space(actor), state.space(target)):
        return Refused(L_("no line of sight to {name}", name=state.name(target)), "d20-modern ATK-10")
    if not measure.within_max_range(feet_between(state, actor, target), weapon.increment_ft, weapon.kind == "thrown"):
        return Refused(L_("{name} is beyond the weapon's maximum range", name=state.name(target)), "d20-modern ATK-09")
    # COV-01: total cover is exactly no line of effect (cover.cover_degree), asked without counting the lines.
    if not line_of_effect(state.battlefield, state.space(actor), state.space(target)):
        return Refused(L_("{name} has total cover", name=state.name(target)), "d20-modern COV-01")
    if weapon.magazine and state.world.get(actor, Ammo).rounds(weapon.name) < 1:
        return Refused(L_("the {weapon} is empty: reload", weapon=weapon.name), "d20-modern §10.2")
    return None


def _walk_problem(state: GameState, actor: Entity, path: tuple[Square, ...], limit_ft: int) -> Refused | None:
    if len(path) < 2:
        return Refused(L_("a move needs at least one square to enter"), "d20-modern §6.2")
    if state.has_condition(actor, "prone"):
        return Refused(L_("{name} is prone: stand up first", name=state.name(actor)), "d20-modern ACT-11")
    cost = feet_rules(state, actor).walk_cost(path)
    if isinstance(cost, Refused):
        return cost
    if cost > limit_ft:
        return Refused(L_("the walk is {cost} ft, more than {limit} ft", cost=cost, limit=limit_ft), "d20-modern ACT-14")
    return None


def validate_move(state: GameState, c: Move) -> Refused | None:
    """ACT-14: a move action up to speed, a double move up to 2x, a run up to 4x in a straight line, a
    withdraw up to 2x; run and withdraw are full-round actions without a 5-foot step (ACT-04)."""
    if c.mode not in MOVE_MODES:
        return Refused(L_("unknown kind of move {mode!r}", mode=c.mode), "d20-modern ACT-14")
    b = budget_of(state, c.actor)
    speed = speed_ft(state, c.actor)
    if c.mode == MOVE:
        problem, limit = bud.move_action_problem(b, True), speed
    elif c.mode == DOUBLE:
        problem = None if b.attack and b.move and not b.stepped and not b.restricted else Refused(
            "a double move takes both actions and no 5-foot step", "d20-modern ACT-14")
        limit = 2 * speed
    else:
        problem = bud.full_round_problem(b, allows_step=False)
        limit = (4 if c.mode == RUN else 2) * speed
    if problem is None and c.mode == RUN and not straight(c.path):
        problem = Refused(L_("a run goes in a straight line"), "d20-modern MOV-04")
    return problem or _walk_problem(state, c.actor, c.path, limit)


def validate_step(state: GameState, c: Step) -> Refused | None:
    """§6.5, ACT-02..04: one square to a free neighbour on open ground (A1: a diagonal too)."""
    problem = bud.five_foot_step_problem(budget_of(state, c.actor))
    if problem is not None:
        return problem
    if state.has_condition(c.actor, "prone"):
        return Refused(L_("{name} is prone: stand up first", name=state.name(c.actor)), "d20-modern ACT-11")
    cost = feet_rules(state, c.actor).walk_cost((state.square(c.actor), c.to))
    if isinstance(cost, Refused):
        return cost
    if cost != measure.SQUARE_FT:
        return Refused(L_("a 5-foot step covers 5 ft (difficult ground costs 10)"), "d20-modern §6.5")
    return None


def validate_attack(state: GameState, c: Attack) -> Refused | None:
    """ACT-01, ACT-06..08: the attack action, or the next attack of a full attack; the target within reach or range."""
    problem = _enemy_problem(state, c.actor, c.target)
    if problem:
        return problem
    weapon = _weapon(state, c.actor, c.weapon)
    if isinstance(weapon, Refused):
        return weapon
    b = budget_of(state, c.actor)
    problem = twoweapon.hand_problem(state, c.actor, weapon, c.hand) or _shot_problem(state, c, weapon)
    if problem:
        return problem
    if c.careful:
        return bud.full_round_problem(b, allows_step=True, completes=True) or reach_problem(state, c.actor, c.target, weapon)
    if c.hand != twoweapon.OFF:
        iterations = b.attacks - (1 if b.off_hand else 0)
        problem = bud.next_attack_problem(b, iterations < len(bud.iterative_bonuses(sheet_of(state, c.actor).bab)))
    return problem or reach_problem(state, c.actor, c.target, weapon)


def _shot_problem(state: GameState, c: Attack, weapon: Weapon) -> Refused | None:
    """FIR-02: a burst needs an automatic weapon with 5 rounds loaded; HLP-03: the careful shot is made with a
    ranged weapon at a helpless creature not next to the shooter."""
    if c.burst:
        if not weapon.autofire:
            return Refused(L_("the {weapon} fires no bursts", weapon=weapon.name), "d20-modern FIR-02")
        if state.world.get(c.actor, Ammo).rounds(weapon.name) < BURST_ROUNDS:
            return Refused(L_("a burst needs 5 rounds loaded"), "d20-modern FIR-02")
    if c.careful and (weapon.melee or not helpless(state, c.target) or adjacent(state, c.actor, c.target)):
        return Refused(L_("a careful shot is taken at a helpless creature out of reach"), "d20-modern HLP-03")
    return None


def validate_charge(state: GameState, c: Charge) -> Refused | None:
    """ATK-15, ATK-16, SURP-03: straight, at least 10 ft, at most 2x speed (1x in a restricted turn), ending
    at the first square next to the target, then one melee attack."""
    problem = _enemy_problem(state, c.actor, c.target)
    if problem:
        return problem
    weapon = _weapon(state, c.actor, c.weapon)
    if isinstance(weapon, Refused):
        return weapon
    if not weapon.melee:
        return Refused(L_("a charge ends in a melee attack"), "d20-modern ATK-15")
    b = budget_of(state, c.actor)
    problem = bud.full_round_problem(b, allows_step=False, charge=True)
    if problem:
        return problem
    if not straight(c.path):
        return Refused(L_("a charge goes in a straight line"), "d20-modern ATK-16")
    limit = (1 if b.restricted else 2) * speed_ft(state, c.actor)
    problem = _walk_problem(state, c.actor, c.path, limit)
    if problem:
        return problem
    if feet_rules(state, c.actor).walk_cost(c.path) < 10:  # type: ignore[operator]
        return Refused(L_("a charge covers at least 10 ft"), "d20-modern ATK-16")
    target_space = state.space(c.target)
    touching = [i for i, sq in enumerate(c.path) if measure.gap_squares((sq, 1), target_space) in ((1, 0), (0, 1), (1, 1))]
    if not touching or touching[0] != len(c.path) - 1:
        return Refused(L_("a charge stops at the first square next to the target"), "d20-modern ATK-16")
    return None


def validate_autofire(state: GameState, c: Autofire) -> Refused | None:
    """FIR-01: an automatic weapon with 10 rounds loaded, at a 2x2 area in range and line of effect."""
    weapon = _weapon(state, c.actor, c.weapon)
    if isinstance(weapon, Refused):
        return weapon
    if not weapon.autofire:
        return Refused(L_("the {weapon} has no automatic fire", weapon=weapon.name), "d20-modern FIR-01")
    if state.world.get(c.actor, Ammo).rounds(weapon.name) < 10:
        return Refused(L_("autofire needs 10 rounds loaded"), "d20-modern FIR-01")
    bf = state.battlefield
    if not (bf.in_bounds(c.at) and bf.in_bounds((c.at[0] + 1, c.at[1] + 1))):
        return Refused(L_("the area must lie on the map"), "d20-modern FIR-01")
    if not line_of_effect(bf, state.space(c.actor), (c.at, 2)):
        return Refused(L_("no line of effect to the area"), "d20-modern ATK-10")
    if not measure.within_max_range(measure.feet_between(state.space(c.actor), (c.at, 2)), weapon.increment_ft, False):
        return Refused(L_("the area is beyond the weapon's maximum range"), "d20-modern ATK-09")
    return bud.attack_action_problem(budget_of(state, c.actor))


def validate_throw(state: GameState, c: Throw) -> Refused | None:
    """EXP-01, EXP-02: one carried, at a square within 5 range increments and in line of effect."""
    item = sheet_of(state, c.actor).explosive(c.explosive)
    if item is None or state.world.get(c.actor, Carried).left(c.explosive) < 1:
        return Refused(L_("{name} has no {item} left", name=state.name(c.actor), item=c.explosive), "d20-modern §10.3")
    bf = state.battlefield
    at = c.at
    if not bf.in_bounds(at) or bf.at(at).solid:
        return Refused(L_("a grenade is thrown at an open square"), "d20-modern §10.3")
    if not line_of_effect(bf, state.space(c.actor), (at, 1)):
        return Refused(L_("no line of effect to that square"), "d20-modern ATK-10")
    if not measure.within_max_range(measure.feet_between(state.space(c.actor), (at, 1)), item.increment_ft, True):
        return Refused(L_("beyond 5 range increments"), "d20-modern ATK-09")
    return bud.attack_action_problem(budget_of(state, c.actor))


def validate_reload(state: GameState, c: Reload) -> Refused | None:
    weapon = _weapon(state, c.actor, c.weapon)
    if isinstance(weapon, Refused):
        return weapon
    ammo = state.world.get(c.actor, Ammo)
    if not weapon.magazine or ammo.spares(weapon.name) < 1:
        return Refused(L_("no spare magazine for the {weapon}", weapon=weapon.name), "d20-modern §4.2")
    if ammo.rounds(weapon.name) >= weapon.magazine:
        return Refused(L_("the {weapon} is fully loaded", weapon=weapon.name), "d20-modern §4.2")
    return bud.move_action_problem(budget_of(state, c.actor), False)


def validate_total_defense(state: GameState, c: TotalDefense) -> Refused | None:
    return bud.attack_action_problem(budget_of(state, c.actor))


def validate_stand_up(state: GameState, c: StandUp) -> Refused | None:
    if not state.has_condition(c.actor, "prone"):
        return Refused(L_("{name} is not prone", name=state.name(c.actor)), "d20-modern ACT-11")
    return bud.move_action_problem(budget_of(state, c.actor), False)


def validate_start_full_round(state: GameState, c: StartFullRound) -> Refused | None:
    """ACT-09: an attack action; a full-round action already started must be completed first."""
    return bud.attack_action_problem(budget_of(state, c.actor))


def validate_drop_prone(state: GameState, c: DropProne) -> Refused | None:
    if state.has_condition(c.actor, "prone"):
        return Refused(L_("{name} is already prone", name=state.name(c.actor)), "d20-modern §4.3")
    return None


def validate_coup(state: GameState, c: CoupDeGrace) -> Refused | None:
    """HLP-01: a helpless creature next to the actor, a full-round action."""
    problem = _enemy_problem(state, c.actor, c.target)
    if problem:
        return problem
    weapon = _weapon(state, c.actor, c.weapon)
    if isinstance(weapon, Refused):
        return weapon
    if not helpless(state, c.target):
        return Refused(L_("{name} is not helpless", name=state.name(c.target)), "d20-modern HLP-01")
    if not adjacent(state, c.actor, c.target):
        return Refused(L_("a coup de grace is made from next to the target"), "d20-modern HLP-01")
    if weapon.magazine and state.world.get(c.actor, Ammo).rounds(weapon.name) < 1:
        return Refused(L_("the {weapon} is empty: reload", weapon=weapon.name), "d20-modern §10.2")
    return bud.full_round_problem(budget_of(state, c.actor), allows_step=True, completes=True)


def validate_stabilize(state: GameState, c: Stabilize) -> Refused | None:
    v = vitals(state, c.target)
    if v is None or injury.state_of(v) != "dying" or state.side(c.target) != state.side(c.actor):
        return Refused(L_("only a dying ally can be stabilised"), "d20-modern §11")
    if not adjacent(state, c.actor, c.target):
        return Refused(L_("stabilising is done from next to the dying"), "d20-modern §11")
    return bud.attack_action_problem(budget_of(state, c.actor))


def validate_react(state: GameState, c: React) -> Refused | None:
    offer = pending(state)
    if offer is None or offer.reactors[0] != c.actor or offer.reason == overrun.CHOICE:
        return Refused(L_("no attack of opportunity is offered to this creature"), "d20-modern §5.4")
    return None


VALIDATORS: dict[type, Callable[[GameState, Any], Refused | None]] = {
    Move: validate_move, Step: validate_step, Attack: validate_attack, Charge: validate_charge,
    Autofire: validate_autofire, Throw: validate_throw, Reload: validate_reload, TotalDefense: validate_total_defense,
    StandUp: validate_stand_up, DropProne: validate_drop_prone, CoupDeGrace: validate_coup, Stabilize: validate_stabilize,
    Aid: maneuvers.validate_aid, Knockout: maneuvers.validate_knockout, Trip: maneuvers.validate_trip,
    Grapple: maneuvers.validate_grapple, Delay: maneuvers.validate_delay, Ready: maneuvers.validate_ready,
    BullRush: bullrush.validate_bull_rush, Disarm: disarm.validate_disarm, PickUp: disarm.validate_pick_up,
    AttackObject: objects.validate_attack_object, Overrun: overrun.validate_overrun,
    StartFullRound: validate_start_full_round,
    EndTurn: lambda state, c: None,
}


def validate(state: GameState, command: Any) -> Refused | None:
    """Whether the command may be applied now (no dice, no change)."""
    if isinstance(command, (React, OverrunAnswer)):
        if state.outcome is not None:
            return Refused(L_("the skirmish is over"), "d20-modern §1")
        return validate_react(state, command) if isinstance(command, React) else overrun.validate_answer(state, command)
    check = VALIDATORS.get(type(command))
    if check is None:
        return Refused(L_("not a d20-modern command: {kind}", kind=type(command).__name__), "d20-modern")
    return _turn_problem(state, command.actor) or maneuvers.grapple_restriction(state, command) or check(state, command)

# Applying -------------------------------------------------------------------------------------------------


BURST_ROUNDS = strikes.BURST_ROUNDS
PROVOKING = {Attack: "ranged attack", AttackObject: "ranged attack", Autofire: "autofire", Throw: "throw explosive",
        Reload: "reload box magazine",
             StandUp: "stand up", CoupDeGrace: "coup de grace", Stabilize: "stabilize", Knockout: "knockout blow",
             BullRush: "move", PickUp: "pick up"}     # BR-05: moving into the target's square provokes from every threatening foe


def provoked_by(state: GameState, c: Any) -> list[Entity]:
    """AOO-04, AOO-05, AOO-11: the able enemies threatening the actor when the action itself provokes."""
    if isinstance(c, (Trip, Grapple, Disarm)):
        return maneuvers.target_provoked(state, c)
    if isinstance(c, Overrun):
        return overrun.provoked(state, c)
    action = PROVOKING.get(type(c))
    if action is None:
        return []
    if isinstance(c, (Attack, AttackObject)) and weapon_in_hand(state, c.actor, c.weapon).melee:  # type: ignore[union-attr]
        return []
    return [w.key for w in threat.provoked_by_action(action, state.space(c.actor), watchers(state, c.actor))]


def _pause(state: GameState, provoker: Entity, reactors: list[Entity], resume: object, reason: str,
           passed: tuple[Entity, ...] = ()) -> list[Any]:
    state.world.set_resource(PendingOpportunity(provoker, tuple(reactors), resume, reason, passed))
    return [OpportunityOffered(reactors[0], provoker, reason)]


def _set_budget(state: GameState, e: Entity, b: bud.Budget) -> None:
    state.world.add(e, b)


def _add_condition(state: GameState, e: Entity, name: str, until: str = "") -> list[Any]:
    state.add_condition(e, Condition(name, until=until, owner=e if until else None))
    return [ConditionChanged(e, name, True)]


def _walk(state: GameState, dice: Dice, c: Continue, passed: tuple[Entity, ...] = (), first: bool = True) -> list[Any]:
    """Walk the path; stop where leaving a square provokes (AOO-02) and offer the attacks first (A11). A creature
    on total defense provokes nothing by moving (§4.5.4 as the original words it, docs/rulings.md)."""
    kind = threat.WITHDRAW if c.mode == WITHDRAW and first else threat.WALK
    if state.has_condition(c.actor, "total_defense"):
        kind = threat.TELEPORT
    side = state.space(c.actor)[1]
    found = threat.provocations(c.path, side, watchers(state, c.actor, passed), kind)
    readied = maneuvers.readied_trigger(state, c.actor, c.path, passed)
    if readied is not None and (not found or readied[0] <= found[0][0]):
        index, readiers = readied       # §9.2: the readied attack comes as the mover enters the square
        state.world.add(c.actor, Position(c.path[index]))
        return [Moved(c.actor, c.path[:index + 1], c.mode)] + _pause(
            state, c.actor, readiers, replace(c, path=c.path[index:]), maneuvers.READIED, passed)
    if found:
        index = found[0][0]
        reactors = [w.key for i, w in found if i == index]
        state.world.add(c.actor, Position(c.path[index]))
        moved = [Moved(c.actor, c.path[:index + 1], c.mode)] if index else []
        rest = replace(c, path=c.path[index:])
        return moved + _pause(state, c.actor, reactors, rest, "moving out of a threatened square", passed + tuple(reactors))
    state.world.add(c.actor, Position(c.path[-1]))
    events: list[Any] = [Moved(c.actor, c.path, c.mode)]
    if c.target is not None and alive(state, c.target) and can_act(state, c.actor):
        weapon = weapon_in_hand(state, c.actor, c.weapon)
        if weapon is not None:
            events += strikes.strike(state, dice, c.actor, c.target, weapon, charging=True)
    return events


def apply_move(state: GameState, c: Move, dice: Dice) -> list[Any]:
    b = budget_of(state, c.actor)
    if c.mode == MOVE:
        b = bud.use_move(b, True)
    elif c.mode == DOUBLE:
        b = bud.use_double_move(b)
    else:
        b = bud.use_full_round(b, no_step=True, moved=True)
    _set_budget(state, c.actor, b)
    events: list[Any] = []
    if c.mode == RUN:
        events += _add_condition(state, c.actor, "running", START_OF_TURN)
    return events + _walk(state, dice, Continue(c.actor, c.path, c.mode))


def apply_step(state: GameState, c: Step, dice: Dice) -> list[Any]:
    frm = state.square(c.actor)
    state.world.add(c.actor, Position(c.to))
    _set_budget(state, c.actor, bud.use_step(budget_of(state, c.actor)))
    return [Stepped(c.actor, frm, c.to)]


def _strenuous(state: GameState, e: Entity, dice: Dice) -> list[Any]:
    """SRD: a disabled creature that takes a strenuous action drops to -1 afterwards (docs/rulings.md)."""
    v = vitals(state, e)
    if v is None or injury.state_of(v) != "disabled":
        return []
    return strikes.damage(state, dice, e, 1, False, "strain")


def apply_attack(state: GameState, c: Attack, dice: Dice) -> list[Any]:
    b = budget_of(state, c.actor)
    iterative = 0 if c.hand == twoweapon.OFF else b.attacks - (1 if b.off_hand else 0)
    if c.hand == twoweapon.OFF:
        b = twoweapon.use_off_hand(b)
    elif c.careful:
        b = bud.use_full_round(b)
    else:
        b = bud.use_attack(b) if b.attacks == 0 else bud.use_next_attack(b)
        b = replace(b, two_weapon=b.two_weapon or c.hand == twoweapon.PRIMARY)
    _set_budget(state, c.actor, replace(b, attacks=b.attacks + (1 if c.hand == twoweapon.OFF else 0)))
    events: list[Any] = []
    if c.defensively and not state.has_condition(c.actor, "fighting_defensively"):
        events += _add_condition(state, c.actor, "fighting_defensively", START_OF_TURN)
    weapon = weapon_in_hand(state, c.actor, c.weapon)
    assert weapon is not None
    careful = tuple(attack.attack_modifiers(attack.Stance(melee=False, helpless_full_round=True))) if c.careful else ()
    extra = twoweapon.penalty(state, c.actor, weapon, c.hand) + careful
    burst = strikes.burst(state, c.actor, weapon) if c.burst else None
    events += strikes.strike(state, dice, c.actor, c.target, weapon, iterative=iterative,
                             extra=extra + (burst.modifiers if burst else ()), off_hand=c.hand == twoweapon.OFF,
                             rounds=burst.rounds if burst else 1, extra_dice=burst.extra_dice if burst else None)
    return events + _strenuous(state, c.actor, dice)


def apply_charge(state: GameState, c: Charge, dice: Dice) -> list[Any]:
    _set_budget(state, c.actor, bud.use_full_round(budget_of(state, c.actor), no_step=True, moved=True))
    events = _add_condition(state, c.actor, "charging", START_OF_TURN)
    return events + _walk(state, dice, Continue(c.actor, c.path, "charge", c.target, c.weapon))


def apply_autofire(state: GameState, c: Autofire, dice: Dice) -> list[Any]:
    _set_budget(state, c.actor, bud.use_attack(budget_of(state, c.actor)))
    weapon = sheet_of(state, c.actor).weapon(c.weapon)
    assert weapon is not None          # the door checked it
    return strikes.autofire(state, dice, c.actor, weapon, c.at) + _strenuous(state, c.actor, dice)


def apply_throw(state: GameState, c: Throw, dice: Dice) -> list[Any]:
    _set_budget(state, c.actor, bud.use_attack(budget_of(state, c.actor)))
    item = sheet_of(state, c.actor).explosive(c.explosive)
    assert item is not None          # the door checked it
    return strikes.throw(state, dice, c.actor, item, c.at) + _strenuous(state, c.actor, dice)


def apply_reload(state: GameState, c: Reload, dice: Dice) -> list[Any]:
    _set_budget(state, c.actor, bud.use_move(budget_of(state, c.actor), False))
    weapon = sheet_of(state, c.actor).weapon(c.weapon)
    assert weapon is not None          # the door checked it
    ammo = state.world.get(c.actor, Ammo)
    loaded = tuple((n, weapon.magazine if n == c.weapon else r) for n, r in ammo.loaded)
    spare = tuple((n, s - 1 if n == c.weapon else s) for n, s in ammo.spare)
    state.world.add(c.actor, Ammo(loaded, spare))
    return [Reloaded(c.actor, c.weapon, weapon.magazine)]


def apply_total_defense(state: GameState, c: TotalDefense, dice: Dice) -> list[Any]:
    """ATK-14: +4 dodge from now until the start of its next turn."""
    _set_budget(state, c.actor, bud.use_attack(budget_of(state, c.actor)))
    return _add_condition(state, c.actor, "total_defense", START_OF_TURN)


def apply_stand_up(state: GameState, c: StandUp, dice: Dice) -> list[Any]:
    _set_budget(state, c.actor, bud.use_move(budget_of(state, c.actor), False))
    state.world.add(c.actor, state.conditions(c.actor).removing("prone"))
    return [ConditionChanged(c.actor, "prone", False)]


def apply_start_full_round(state: GameState, c: StartFullRound, dice: Dice) -> list[Any]:
    """ACT-09: the attack action spent; the creature's next turn begins with the completion (turns.start_turn)."""
    _set_budget(state, c.actor, bud.use_attack(budget_of(state, c.actor)))
    return _add_condition(state, c.actor, STARTED)


def apply_drop_prone(state: GameState, c: DropProne, dice: Dice) -> list[Any]:
    return _add_condition(state, c.actor, "prone")


def apply_coup(state: GameState, c: CoupDeGrace, dice: Dice) -> list[Any]:
    _set_budget(state, c.actor, bud.use_full_round(budget_of(state, c.actor)))
    weapon = sheet_of(state, c.actor).weapon(c.weapon)
    assert weapon is not None          # the door checked it
    return strikes.coup_de_grace(state, dice, c.actor, c.target, weapon) + _strenuous(state, c.actor, dice)


def apply_stabilize(state: GameState, c: Stabilize, dice: Dice) -> list[Any]:
    """§11 and the SRD: Treat Injury DC 15 stops a dying creature losing hit points."""
    _set_budget(state, c.actor, bud.use_attack(budget_of(state, c.actor)))
    natural = dice.roll(20)
    ok = natural + sheet_of(state, c.actor).treat_injury >= injury.STABILIZE_DC
    events: list[Any] = [ActionTaken(c.actor, "stabilize", ok, L_("rolled {total} against DC 15",
        total=natural + sheet_of(state, c.actor).treat_injury))]
    if ok:
        state.world.add(c.target, injury.stabilized(state.world.get(c.target, injury.Vitals)))
        events.append(ActionTaken(c.target, "stable"))
    return events


def apply_overrun(state: GameState, c: Overrun, dice: Dice) -> list[Any]:
    """OVR-02: the walk in; the target's controller chooses to avoid or block (asked through the door, as an attack
    of opportunity is), unless it cannot act or is prone and so lets the attacker by."""
    passed = tuple(overrun.provoked(state, c))
    events = overrun.walk_in(state, c)
    if overrun.asked(state, c.target):
        return events + _pause(state, c.actor, [c.target], c, overrun.CHOICE, passed)
    return events + _overrun_settled(state, c, False, passed, dice)


def _overrun_settled(state: GameState, c: Overrun, block: bool, passed: tuple[Entity, ...], dice: Dice) -> list[Any]:
    """The target's answer played, then the rest of the walk past it, provoking as any walk (not again from those
    the walk in already provoked)."""
    outcome = overrun.settle(state, c, block, dice)
    if not outcome.rest:
        return outcome.events
    return outcome.events + _walk(state, dice, Continue(c.actor, outcome.rest, "overrun"), passed)


def apply_overrun_answer(state: GameState, c: OverrunAnswer, dice: Dice) -> list[Any]:
    offer = pending(state)
    assert offer is not None and isinstance(offer.resume, Overrun)      # the door checked it
    state.world.clear_resource(PendingOpportunity)
    return _overrun_settled(state, offer.resume, c.block, offer.passed, dice)


def apply_react(state: GameState, c: React, dice: Dice) -> list[Any]:
    """AOO-07, AOO-09: the one attack of opportunity of the round, a single melee attack at the full bonus."""
    offer = pending(state)
    assert offer is not None
    events: list[Any] = []
    weapon = melee_weapon(state, c.actor)
    if offer.reason == maneuvers.READIED:
        if c.attack:
            events += maneuvers.fire_readied(state, dice, c.actor, offer.provoker)
        else:
            events.append(OpportunityDeclined(c.actor, offer.provoker))
    elif c.attack and weapon is not None:
        state.world.add(c.actor, Reaction(True))
        events += strikes.strike(state, dice, c.actor, offer.provoker, weapon, opportunity=True)
    else:
        events.append(OpportunityDeclined(c.actor, offer.provoker))
    rest = offer.reactors[1:]
    if rest:
        state.world.set_resource(replace(offer, reactors=rest))
        return events + [OpportunityOffered(rest[0], offer.provoker, offer.reason)]
    state.world.clear_resource(PendingOpportunity)
    if not can_act(state, offer.provoker):
        return events                              # A11: dropped by the attack, the move or action is lost
    resume = offer.resume
    if isinstance(resume, Continue):
        return events + _walk(state, dice, resume, offer.passed, first=False)
    if isinstance(resume, Grapple) and validate(state, resume) is None:
        hurt = vitals(state, offer.provoker).hp < offer.hp_before   # type: ignore[union-attr]
        return events + maneuvers.apply_grapple(state, resume, dice, hurt)
    if validate(state, resume) is None:
        return events + APPLIERS[type(resume)](state, resume, dice)
    return events


APPLIERS: dict[type, Callable[[GameState, Any, Dice], list[Any]]] = {
    Move: apply_move, Step: apply_step, Attack: apply_attack, Charge: apply_charge, Autofire: apply_autofire,
    Throw: apply_throw, Reload: apply_reload, TotalDefense: apply_total_defense, StandUp: apply_stand_up,
    DropProne: apply_drop_prone, CoupDeGrace: apply_coup, Stabilize: apply_stabilize, Aid: maneuvers.apply_aid,
    Knockout: maneuvers.apply_knockout, Trip: maneuvers.apply_trip, Grapple: maneuvers.apply_grapple,
    Delay: maneuvers.apply_delay, Ready: maneuvers.apply_ready, BullRush: bullrush.apply_bull_rush,
    Disarm: disarm.apply_disarm, PickUp: disarm.apply_pick_up, AttackObject: objects.apply_attack_object,
    Overrun: apply_overrun, StartFullRound: apply_start_full_round,
}


def execute(state: GameState, command: Any, dice: Dice) -> Refused | list[Any]:
    """The one door: a refusal, or the events of applying the command and the upkeep after it."""
    problem = validate(state, command)
    if problem is not None:
        return problem
    if isinstance(command, React):
        events = apply_react(state, command, dice)
    elif isinstance(command, OverrunAnswer):
        events = apply_overrun_answer(state, command, dice)
    elif isinstance(command, EndTurn):
        events = end_turn(state, dice)
    else:
        reactors = provoked_by(state, command)
        if reactors:
            events = _pause(state, command.actor, reactors, command, PROVOKING.get(type(command), type(command).__name__.lower()))
            offer, now = pending(state), vitals(state, command.actor)
            assert offer is not None and now is not None
            state.world.set_resource(replace(offer, hp_before=now.hp))
        else:
            events = APPLIERS[type(command)](state, command, dice)
    return events + upkeep(state, dice)

