"""Attack: a basic melee or ranged attack (4e-combat.md §25.3) against one enemy."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.actions.commands import Attack, Rejected
from game.actions.common import check_actor
from game.actions.events import AttackRolled, DamageDealt, Event
from game.core.dice import Dice
from game.core.distance import range_distance
from game.core.lines import line_of_effect
from game.ecs.components import AttackProfile, Health, OutOfFight
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import Modifier, roll_attack, roll_damage
from game.rulesets.dnd4e.economy import STANDARD, spend
from game.rulesets.dnd4e.situation import situation
from game.state import GameState


@dataclass(frozen=True)
class AttackPlan:
    """A legal attack before the dice: the forecast and the real attack both use it."""

    profile: AttackProfile
    distance: int
    modifiers: tuple[Modifier, ...]
    defense_value: int

    @property
    def needed(self) -> int:
        """The lowest natural d20 that hits (2..20: a 1 always misses, a 20 always hits)."""
        need = self.defense_value - self.profile.bonus - sum(m.value for m in self.modifiers)
        return min(20, max(2, need))


def _profile(state: GameState, actor: Entity, name: str) -> AttackProfile | None:
    return next((a for a in state.arsenal(actor).attacks if a.name == name), None)


def plan_attack(state: GameState, actor: Entity, target: Entity, attack: str) -> AttackPlan | Rejected:
    """Everything that decides whether and how an attack happens, without rolling or changing anything."""
    profile = _profile(state, actor, attack)
    if profile is None:
        return Rejected(f"{state.name(actor)} has no attack called {attack!r}")
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
        word = "reach" if profile.kind == "melee" else "range"
        return Rejected(f"{state.name(target)} is out of {word} of the {profile.name} ({reach})", "4e §5.2-§5.3, §5.7")
    if not line_of_effect(state.battlefield, source, aim):
        return Rejected(f"no line of effect to {state.name(target)}", "4e §6")
    long_range = profile.kind == "ranged" and profile.weapon and distance > profile.reach
    found = situation(state, actor, target, profile.kind, long_range=long_range)
    defense_value = state.stats(target).defenses.value(profile.defense)
    return AttackPlan(profile, distance, found.modifiers, defense_value)


def validate_attack(state: GameState, command: Attack) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if spend(state.turn.actions, STANDARD) is None:
        return Rejected(f"{state.name(command.actor)} has no standard action left", "4e §3.1")
    plan = plan_attack(state, command.actor, command.target, command.attack)
    return plan if isinstance(plan, Rejected) else None


def apply_attack(state: GameState, command: Attack, dice: Dice) -> list[Event]:
    plan = plan_attack(state, command.actor, command.target, command.attack)
    assert isinstance(plan, AttackPlan)  # validated
    spent = spend(state.turn.actions, STANDARD)
    assert spent is not None
    state.world.set_resource(replace(state.turn, actions=spent[0]))
    return resolve_attack(state, command.actor, command.target, plan, dice)


def resolve_attack(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, dice: Dice,
                   opportunity: bool = False) -> list[Event]:
    """Roll the attack and, on a hit, the damage (§8); the target's hit points change here."""
    roll = roll_attack(plan.profile.bonus, plan.modifiers, plan.profile.defense, plan.defense_value, dice)
    events: list[Event] = [AttackRolled(
        attacker, target, plan.profile.name, roll.natural, roll.bonus, roll.modifiers,
        roll.total, roll.defense, roll.defense_value, roll.hit, roll.critical, opportunity,
    )]
    if roll.hit:
        amount, faces = roll_damage(plan.profile.damage, roll.critical, dice)
        hp = state.hp(target) - amount
        state.world.add(target, Health(hp))
        events.append(DamageDealt(target, amount, faces, roll.critical, hp))
    return events


def attack_targets(state: GameState, actor: Entity) -> dict[Entity, AttackPlan]:
    """For the UI: each enemy the actor could attack now, with the best plan (melee preferred)."""
    found: dict[Entity, AttackPlan] = {}
    for target in state.standing():
        if not state.are_enemies(actor, target):
            continue
        for profile in state.arsenal(actor).attacks:
            plan = plan_attack(state, actor, target, profile.name)
            if isinstance(plan, AttackPlan):
                found[target] = plan
                break
    return found

