"""Attacks: melee and ranged against one target, close and area attacks against everyone in an area
(4e-combat.md §5, §7-§8), with the push, pull, slide or swap a hit earns (§22)."""

from __future__ import annotations

from dataclasses import dataclass

from game.actions.commands import AreaAttack, Attack, Rejected
from game.actions.common import check_actor, power_spent, use_power
from game.actions.events import AreaPlaced, AttackRolled, DamageDealt, Event, ForcedMovementEarned, UnitForced
from game.core.areas import area_burst, area_origin_ok, blast_placements, close_blast, close_burst
from game.core.dice import Dice
from game.core.distance import range_distance
from game.core.forced import SWAP, forced_destinations
from game.core.grid import Square, are_adjacent, footprint
from game.core.lines import line_of_effect
from game.ecs.components import AttackProfile, ForcedMovement, Health, OutOfFight, PendingForced, Position
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import Modifier, roll_attack, roll_damage
from game.rulesets.dnd4e.economy import STANDARD, spend
from game.rulesets.dnd4e.situation import AREA, CLOSE, MELEE, RANGED, situation
from game.state import GameState

PRONE_DEFENSE_BONUS = 2     # §9 prone: +2 to all defenses against ranged attacks from non-adjacent enemies
BLAST, BURST = "blast", "burst"


@dataclass(frozen=True)
class AttackPlan:
    """A legal attack on one target before the dice: the forecast and the real attack both use it."""

    profile: AttackProfile
    distance: int
    modifiers: tuple[Modifier, ...]
    defense_value: int

    @property
    def needed(self) -> int:
        """The lowest natural d20 that hits (2..20: a 1 always misses, a 20 always hits)."""
        need = self.defense_value - self.profile.bonus - sum(m.value for m in self.modifiers)
        return min(20, max(2, need))


@dataclass(frozen=True)
class AreaPlan:
    """A legal close or area attack: the squares it reaches and a plan for each creature caught."""

    profile: AttackProfile
    origin: Square
    squares: tuple[Square, ...]
    targets: tuple[tuple[Entity, AttackPlan], ...]


def _profile(state: GameState, actor: Entity, name: str) -> AttackProfile | None:
    return next((a for a in state.arsenal(actor).attacks if a.name == name), None)


def _prone_bonus(state: GameState, attacker: Entity, target: Entity, kind: str) -> tuple[Modifier, ...]:
    """§9 prone: the target's defenses are 2 higher against ranged attacks from non-adjacent enemies."""
    if kind != RANGED or not state.has_condition(target, "prone"):
        return ()
    if are_adjacent(*state.space(attacker), *state.space(target)):
        return ()
    return (Modifier(-PRONE_DEFENSE_BONUS, "target prone: +2 defenses vs ranged", "4e §9"),)


def plan_attack(state: GameState, actor: Entity, target: Entity, attack: str) -> AttackPlan | Rejected:
    """Everything that decides whether and how a melee or ranged attack happens, without rolling or changing anything."""
    profile = _profile(state, actor, attack)
    if profile is None:
        return Rejected(f"{state.name(actor)} has no attack called {attack!r}")
    if profile.kind not in (MELEE, RANGED):
        return Rejected(f"the {profile.name} is a {profile.kind} attack: aim its area instead", "4e §5.4-§5.5")
    if target not in state.creatures():
        return Rejected(f"there is no creature {target}")
    if target == actor or not state.are_enemies(actor, target):
        return Rejected(f"{state.name(target)} is not an enemy")
    if state.world.has(target, OutOfFight):
        return Rejected(f"{state.name(target)} is already out of the fight")
    source, aim = state.space(actor), state.space(target)
    reach = max(profile.reach, profile.long_range)
    distance = range_distance(state.battlefield, source, aim, limit=reach)
    if distance is None:
        word = "reach" if profile.kind == MELEE else "range"
        return Rejected(f"{state.name(target)} is out of {word} of the {profile.name} ({reach})", "4e §5.2-§5.3, §5.7")
    if not line_of_effect(state.battlefield, source, aim):
        return Rejected(f"no line of effect to {state.name(target)}", "4e §6")
    long_range = profile.kind == RANGED and profile.weapon and distance > profile.reach
    found = situation(state, actor, target, profile.kind, long_range=long_range)
    defense_value = state.stats(target).defenses.value(profile.defense)
    modifiers = found.modifiers + _prone_bonus(state, actor, target, profile.kind)
    return AttackPlan(profile, distance, modifiers, defense_value)


def area_squares(state: GameState, actor: Entity, profile: AttackProfile, origin: Square) -> list[Square] | Rejected:
    """The squares a close or area attack placed at ``origin`` reaches (§5.6), or why it cannot go there."""
    space = state.space(actor)
    bf = state.battlefield
    if profile.kind == CLOSE and profile.area == BURST:
        if origin != space[0]:
            return Rejected("a close burst is centred on its user", "4e §5.4")
        return close_burst(bf, space, profile.size)
    if profile.kind == CLOSE and profile.area == BLAST:
        if origin not in blast_placements(space, profile.size):
            return Rejected(f"a blast {profile.size} must touch its user's space without overlapping it", "4e §5.6")
        return close_blast(bf, space, origin, profile.size)
    if profile.kind == AREA and profile.area == BURST:
        if not area_origin_ok(bf, space, origin, profile.reach):
            return Rejected(f"the burst's centre must be within {profile.reach} squares, with line of effect", "4e §5.5")
        return area_burst(bf, origin, profile.size)
    return Rejected(f"the {profile.name} is not a close or area attack")


def plan_area(state: GameState, actor: Entity, attack: str, origin: Square) -> AreaPlan | Rejected:
    """Every creature a close or area attack would catch, each with its own situation (§5.4-§5.5)."""
    profile = _profile(state, actor, attack)
    if profile is None:
        return Rejected(f"{state.name(actor)} has no attack called {attack!r}")
    squares = area_squares(state, actor, profile, origin)
    if isinstance(squares, Rejected):
        return squares
    reached = set(squares)
    # §14: cover against a close attack is judged from the user, against an area attack from its centre.
    cover_origin = origin if profile.kind == AREA else None
    targets: list[tuple[Entity, AttackPlan]] = []
    for creature in state.standing():
        if creature == actor or not reached.intersection(footprint(*state.space(creature))):
            continue
        found = situation(state, actor, creature, profile.kind, origin=cover_origin)
        defense_value = state.stats(creature).defenses.value(profile.defense)
        targets.append((creature, AttackPlan(profile, 0, found.modifiers, defense_value)))
    if not targets:
        return Rejected(f"no creature is in the {profile.name}'s area")
    return AreaPlan(profile, origin, tuple(sorted(squares)), tuple(targets))


def _usable(state: GameState, actor: Entity, attack: str) -> Rejected | None:
    if (rejection := check_actor(state, actor)) is not None:
        return rejection
    if spend(state.turn.actions, STANDARD) is None:
        return Rejected(f"{state.name(actor)} has no standard action left", "4e §3.1")
    if power_spent(state, actor, attack):
        return Rejected(f"the {attack} is an encounter power and has been used", "4e §25.23")
    return None


def validate_attack(state: GameState, command: Attack) -> Rejected | None:
    if (rejection := _usable(state, command.actor, command.attack)) is not None:
        return rejection
    plan = plan_attack(state, command.actor, command.target, command.attack)
    return plan if isinstance(plan, Rejected) else None


def validate_area_attack(state: GameState, command: AreaAttack) -> Rejected | None:
    if (rejection := _usable(state, command.actor, command.attack)) is not None:
        return rejection
    plan = plan_area(state, command.actor, command.attack, command.origin)
    return plan if isinstance(plan, Rejected) else None


def apply_attack(state: GameState, command: Attack, dice: Dice) -> list[Event]:
    plan = plan_attack(state, command.actor, command.target, command.attack)
    assert isinstance(plan, AttackPlan)  # validated
    use_power(state, command.actor, plan.profile.name, STANDARD, plan.profile.usage)
    events = resolve_attack(state, command.actor, command.target, plan, dice)
    return events + _after_hits(state, command.actor, plan.profile, events)


def apply_area_attack(state: GameState, command: AreaAttack, dice: Dice) -> list[Event]:
    """§5.4-§5.5: one attack roll per target, one damage roll for them all (a critical hit: maximum)."""
    plan = plan_area(state, command.actor, command.attack, command.origin)
    assert isinstance(plan, AreaPlan)  # validated
    use_power(state, command.actor, plan.profile.name, STANDARD, plan.profile.usage)
    events: list[Event] = [AreaPlaced(command.actor, plan.profile.name, plan.squares, tuple(t for t, _ in plan.targets))]
    rolls = [_roll(command.actor, target, target_plan, dice) for target, target_plan in plan.targets]
    events += rolls
    rolled: tuple[int, tuple[int, ...]] | None = None
    if any(r.hit and not r.critical for r in rolls):
        rolled = roll_damage(plan.profile.damage, False, dice)
    for roll in rolls:
        if roll.hit:
            amount, faces = roll_damage(plan.profile.damage, True, dice) if roll.critical or rolled is None else rolled
            events.append(_damage(state, roll.target, amount, faces, roll.critical))
    return events + _after_hits(state, command.actor, plan.profile, events)


def _roll(attacker: Entity, target: Entity, plan: AttackPlan, dice: Dice, opportunity: bool = False) -> AttackRolled:
    roll = roll_attack(plan.profile.bonus, plan.modifiers, plan.profile.defense, plan.defense_value, dice)
    return AttackRolled(
        attacker, target, plan.profile.name, roll.natural, roll.bonus, roll.modifiers,
        roll.total, roll.defense, roll.defense_value, roll.hit, roll.critical, opportunity,
    )


def _damage(state: GameState, target: Entity, amount: int, faces: tuple[int, ...], critical: bool) -> DamageDealt:
    hp = state.hp(target) - amount
    state.world.add(target, Health(hp))
    return DamageDealt(target, amount, faces, critical, hp)


def resolve_attack(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, dice: Dice,
                   opportunity: bool = False) -> list[Event]:
    """Roll the attack and, on a hit, the damage (§8); the target's hit points change here."""
    rolled = _roll(attacker, target, plan, dice, opportunity)
    events: list[Event] = [rolled]
    if rolled.hit:
        amount, faces = roll_damage(plan.profile.damage, rolled.critical, dice)
        events.append(_damage(state, target, amount, faces, rolled.critical))
    return events


def _after_hits(state: GameState, attacker: Entity, profile: AttackProfile, events: list[Event]) -> list[Event]:
    """§22: each creature hit (and still up) is swapped at once, or queued for its push, pull or slide."""
    if not profile.forced:
        return []
    out: list[Event] = []
    queue: list[ForcedMovement] = []
    for event in events:
        if not isinstance(event, AttackRolled) or not event.hit or state.hp(event.target) <= 0:
            continue
        target = event.target
        if state.has_condition(target, "restrained"):
            continue   # §22: a restrained creature cannot be pulled, pushed or slid
        if profile.forced == SWAP:
            out += swap_places(state, attacker, target)
            continue
        rules = state.move_rules(target)
        if forced_destinations(rules, state.space(attacker), profile.forced, profile.forced_squares) == [state.square(target)]:
            continue   # nowhere to move it: the forced movement has no effect
        queue.append(ForcedMovement(attacker, target, profile.forced, profile.forced_squares))
        out.append(ForcedMovementEarned(attacker, target, profile.forced, profile.forced_squares))
    if queue:
        state.world.set_resource(PendingForced(tuple(queue)))
    return out


def swap_places(state: GameState, attacker: Entity, target: Entity) -> list[Event]:
    """§22 swap: the target slides into the attacker's space and the attacker shifts into the one the
    target left; only when both spaces are the same size and each may stand in the other's place."""
    mine, theirs = state.space(attacker), state.space(target)
    if mine[1] != theirs[1]:
        return []
    target_ok = state.move_rules(target, ignoring=attacker).may_end_at(mine[0])
    attacker_ok = state.move_rules(attacker, ignoring=target).may_end_at(theirs[0])
    if not (target_ok and attacker_ok):
        return []
    state.world.add(target, Position(mine[0]))
    state.world.add(attacker, Position(theirs[0]))
    return [UnitForced(attacker, target, SWAP, (theirs[0], mine[0]))]


def attack_targets(state: GameState, actor: Entity) -> dict[Entity, AttackPlan]:
    """For the UI: each enemy the actor could attack now with a basic attack (melee preferred)."""
    found: dict[Entity, AttackPlan] = {}
    for target in state.standing():
        if not state.are_enemies(actor, target):
            continue
        for profile in state.arsenal(actor).attacks:
            if not profile.basic:
                continue
            plan = plan_attack(state, actor, target, profile.name)
            if isinstance(plan, AttackPlan):
                found[target] = plan
                break
    return found


def power_targets(state: GameState, actor: Entity, attack: str) -> dict[Entity, AttackPlan]:
    """For the UI: each enemy the named melee or ranged power can hit now."""
    found: dict[Entity, AttackPlan] = {}
    for target in state.standing():
        if state.are_enemies(actor, target):
            plan = plan_attack(state, actor, target, attack)
            if isinstance(plan, AttackPlan):
                found[target] = plan
    return found
