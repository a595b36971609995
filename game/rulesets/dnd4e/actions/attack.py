"""Attacks: melee and ranged against one target, close and area powers against everyone in an area,
coup de grace, and powers with no attack roll (4e-combat.md §5, §7-§10, §22, §25.6, §25.23).

An attack is declared (its action and use spent), then waits while the enemies it provokes and the
targets' interrupts answer (§3.2-§3.3), then is carried out if it is still legal: the rolls, the damage,
the effects and the push, pull or slide each hit earns; last, the reactions it sets off are offered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rulesets.dnd4e.actions.commands import AreaAttack, Attack, CoupDeGrace, Rejected, UsePower
from game.rulesets.dnd4e.actions.common import (
    can_take_triggered_actions, check_actor, immediate_ready, lacks_action, power_spent, raise_offers, use_power,
)
from game.rulesets.dnd4e.actions.events import (
    AreaPlaced, AttackLost, AttackRolled, Event, ForcedMovementEarned, PowerUsed, UnitForced,
)
from game.rulesets.dnd4e.actions.harm import deal_damage
from game.rulesets.dnd4e.actions.vitality import heal, lay_effect
from game.rulesets.dnd4e.actions.zones import create_zone
from game.core.areas import area_burst, area_origin_ok, blast_placements, close_blast, close_burst, wall_problem
from game.core.dice import Dice
from game.core.distance import range_distance
from game.core.forced import SWAP, forced_destinations
from game.core.grid import Square, are_adjacent, footprint
from game.core.lines import line_of_effect
from game.ecs.components import (
    END_OF_TURN, ENCOUNTER, SUSTAIN, ForcedMovement, Offer, OutOfFight, PausedAttack, PendingForced, Position,
    Power, Readied, Zone,
)
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import Modifier, roll_attack, roll_damage
from game.rulesets.dnd4e.effects import (
    AIDED_ATTACK, AIDED_DEFENSE, attack_modifiers, defense_modifiers, marker, used_up_aid,
)
from game.rulesets.dnd4e.situation import AREA, CLOSE, MELEE, RANGED, can_see, situation
from game.state import GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_

PRONE_DEFENSE_BONUS = 2     # §9 prone: +2 to all defenses against ranged attacks from non-adjacent enemies
CHARGE_BONUS = 1            # §12, §25.5
BLAST, BURST, WALL = "blast", "burst", "wall"
PERSONAL = "personal"
ZONE_UNTIL = {"sustain": SUSTAIN, "end_of_your_next_turn": END_OF_TURN, "encounter": ENCOUNTER}


@dataclass(frozen=True)
class AttackPlan:
    """A legal attack on one target before the dice: the forecast and the real attack both use it."""

    profile: Power
    distance: int
    modifiers: tuple[Modifier, ...]
    defense_value: int
    advantage: bool = False

    @property
    def needed(self) -> int:
        """The lowest natural d20 that hits (2..20: a 1 always misses, a 20 always hits)."""
        need = self.defense_value - self.profile.bonus - sum(m.value for m in self.modifiers)
        return min(20, max(2, need))


@dataclass(frozen=True)
class AreaPlan:
    """A legal close or area power: the squares it reaches and a plan for each creature caught."""

    profile: Power
    origin: Square
    squares: tuple[Square, ...]
    targets: tuple[tuple[Entity, AttackPlan], ...]


def find_power(state: GameState, actor: Entity, name: str) -> Power | None:
    return next((a for a in state.arsenal(actor).attacks if a.name == name), None)


def _prone_bonus(state: GameState, attacker: Entity, target: Entity, kind: str) -> tuple[Modifier, ...]:
    """§9 prone: the target's defenses are 2 higher against ranged attacks from non-adjacent enemies."""
    if kind != RANGED or not state.has_condition(target, "prone"):
        return ()
    if are_adjacent(*state.space(attacker), *state.space(target)):
        return ()
    return (Modifier(-PRONE_DEFENSE_BONUS, L_('target prone: +2 defenses vs ranged'), "4e §9"),)


def _effect_modifiers(state: GameState, attacker: Entity, target: Entity, targets: tuple[Entity, ...]) -> tuple[Modifier, ...]:
    """Bonuses and penalties that effects on either creature give this roll (§7.4, §9, §25.2)."""
    held_by = marker(state.conditions(attacker))
    return attack_modifiers(state.conditions(attacker), target, held_by is None or held_by in targets) + \
        defense_modifiers(state.conditions(target), attacker)


def _target_kind_problem(state: GameState, actor: Entity, target: Entity, profile: Power) -> Rejected | None:
    if target not in state.creatures() or state.world.has(target, OutOfFight):
        return Rejected(L_('there is no living creature {target}', target=target))
    if profile.targets == "enemy" and (target == actor or not state.are_enemies(actor, target)):
        return Rejected(L_('{target} is not an enemy', target=named(state.name(target))), "4e §5.1")
    if profile.targets == "ally" and (target == actor or state.are_enemies(actor, target)):
        return Rejected(L_('the {power} targets an ally', power=profile.name), "4e §5.1")
    if profile.targets == "ally_or_self" and state.are_enemies(actor, target):
        return Rejected(L_('the {power} targets you or an ally', power=profile.name), "4e §5.1")
    if profile.targets == "self" and target != actor:
        return Rejected(L_('the {power} affects only its user', power=profile.name), "4e §5.6")
    return None


def _in_range(state: GameState, actor: Entity, target: Entity, profile: Power) -> int | Rejected:
    source, aim = state.space(actor), state.space(target)
    if target == actor:
        return 0
    reach = max(profile.reach, profile.long_range)
    distance = range_distance(state.battlefield, source, aim, limit=reach)
    if distance is None:
        word = "reach" if profile.kind == MELEE else "range"
        return Rejected(L_('{target} is out of {word} of the {power} ({reach})',
                target=named(state.name(target)), word=word, power=profile.name, reach=reach), "4e §5.2-§5.3, §5.7")
    if not line_of_effect(state.battlefield, source, aim):
        return Rejected(L_('no line of effect to {target}', target=named(state.name(target))), "4e §6")
    return distance


def plan_attack(state: GameState, actor: Entity, target: Entity, attack: str, *, charge: bool = False) -> AttackPlan | Rejected:
    """Everything that decides whether and how a melee or ranged attack happens, without rolling or changing anything."""
    profile = find_power(state, actor, attack)
    if profile is None:
        return Rejected(L_('{actor} has no power called {attack!r}', actor=named(state.name(actor)), attack=attack))
    if profile.kind not in (MELEE, RANGED):
        return Rejected(L_('the {power} is a {kind} power: aim its area instead', power=profile.name, kind=profile.kind), "4e §5.4-§5.5")
    if not profile.attacks:
        return Rejected(L_('the {power} makes no attack: use it on its target instead', power=profile.name), "4e §25.23")
    if (problem := _target_kind_problem(state, actor, target, profile)) is not None:
        return problem
    distance = _in_range(state, actor, target, profile)
    if isinstance(distance, Rejected):
        return distance
    long_range = profile.kind == RANGED and profile.weapon and distance > profile.reach
    found = situation(state, actor, target, profile.kind, long_range=long_range)
    if profile.needs_combat_advantage and not found.combat_advantage:
        return Rejected(L_('the {power} needs combat advantage against {target}',
                power=profile.name, target=named(state.name(target))), "4e §13")
    modifiers = found.modifiers + _prone_bonus(state, actor, target, profile.kind) + \
        _effect_modifiers(state, actor, target, (target,))
    if charge:
        modifiers += (Modifier(CHARGE_BONUS, L_('charging'), "4e §25.5"),)
    defense_value = state.stats(target).defenses.value(profile.defense)
    return AttackPlan(profile, distance, modifiers, defense_value, found.combat_advantage)


def area_squares(state: GameState, actor: Entity, profile: Power, origin: Square,
                 wall: tuple[Square, ...] = ()) -> list[Square] | Rejected:
    """The squares a close or area power placed at ``origin`` reaches (§5.6), or why it cannot go there."""
    space = state.space(actor)
    bf = state.battlefield
    if profile.kind == AREA and profile.area == WALL:
        squares = list(wall) or [origin]
        if squares[0] != origin:
            return Rejected(L_('a wall starts at its origin square'), "4e §5.6")
        problem = wall_problem(bf, space, squares, profile.size, profile.reach)
        return Rejected(problem, "4e §5.6") if problem else sorted(squares)
    if profile.kind == CLOSE and profile.area == BURST:
        if origin != space[0]:
            return Rejected(L_('a close burst is centred on its user'), "4e §5.4")
        return close_burst(bf, space, profile.size)
    if profile.kind == CLOSE and profile.area == BLAST:
        if origin not in blast_placements(space, profile.size):
            return Rejected(L_("a blast {size} must touch its user's space without overlapping it", size=profile.size), "4e §5.6")
        return close_blast(bf, space, origin, profile.size)
    if profile.kind == AREA and profile.area == BURST:
        if not area_origin_ok(bf, space, origin, profile.reach):
            return Rejected(L_("the burst's centre must be within {reach} squares, with line of effect", reach=profile.reach), "4e §5.5")
        return area_burst(bf, origin, profile.size)
    return Rejected(L_('the {power} is not a close or area power', power=profile.name))


def plan_area(state: GameState, actor: Entity, attack: str, origin: Square,
              wall: tuple[Square, ...] = ()) -> AreaPlan | Rejected:
    """Every creature a close or area power would catch, each with its own situation (§5.4-§5.6)."""
    profile = find_power(state, actor, attack)
    if profile is None:
        return Rejected(L_('{actor} has no power called {attack!r}', actor=named(state.name(actor)), attack=attack))
    squares = area_squares(state, actor, profile, origin, wall)
    if isinstance(squares, Rejected):
        return squares
    reached = set(squares)
    # §14: cover against a close attack is judged from the user, against an area attack from its origin
    # square (a wall's first square).
    cover_origin = origin if profile.kind == AREA else None
    # §5.4: a close burst leaves out its user; §5.5: an area burst includes the user inside it.
    caught = [c for c in state.standing() if (c != actor or profile.kind == AREA)
              and reached.intersection(footprint(*state.space(c)))]
    # §5.4-§5.5: "each creature" catches friend and foe alike; "each enemy" or "each ally" picks.
    if profile.targets == "enemy":
        caught = [c for c in caught if state.are_enemies(actor, c)]
    elif profile.targets == "ally":
        caught = [c for c in caught if c != actor and not state.are_enemies(actor, c)]
    elif profile.targets == "ally_or_self":
        caught = [c for c in caught if not state.are_enemies(actor, c)]
    targets: list[tuple[Entity, AttackPlan]] = []
    for creature in caught:
        if not profile.attacks:
            targets.append((creature, AttackPlan(profile, 0, (), 0)))
            continue
        found = situation(state, actor, creature, profile.kind, origin=cover_origin)
        defense_value = state.stats(creature).defenses.value(profile.defense)
        modifiers = found.modifiers + _effect_modifiers(state, actor, creature, tuple(caught))
        targets.append((creature, AttackPlan(profile, 0, modifiers, defense_value, found.combat_advantage)))
    if not targets and profile.zone is None:
        return Rejected(L_("no creature is in the {power}'s area", power=profile.name))
    return AreaPlan(profile, origin, tuple(sorted(squares)), tuple(targets))


def _usable(state: GameState, actor: Entity, name: str) -> Rejected | None:
    """The power exists, has a use left, and its action is available now."""
    if (rejection := check_actor(state, actor)) is not None:
        return rejection
    profile = find_power(state, actor, name)
    if profile is None:
        return Rejected(L_('{actor} has no power called {name!r}', actor=named(state.name(actor)), name=name))
    if profile.action in ("interrupt", "reaction"):
        return Rejected(L_('the {name} is an immediate {action}: it is used when its trigger happens',
                name=name, action=profile.action), "4e §3.3")
    if power_spent(state, actor, name, profile.usage, profile.uses):
        return Rejected(L_('the {name} is an {usage} power and has no use left', name=name, usage=profile.usage), "4e §25.23")
    return lacks_action(state, actor, profile.action)


def validate_attack(state: GameState, command: Attack) -> Rejected | None:
    if (rejection := _usable(state, command.actor, command.attack)) is not None:
        return rejection
    plan = plan_attack(state, command.actor, command.target, command.attack)
    return plan if isinstance(plan, Rejected) else None


def validate_area_attack(state: GameState, command: AreaAttack) -> Rejected | None:
    if (rejection := _usable(state, command.actor, command.attack)) is not None:
        return rejection
    plan = plan_area(state, command.actor, command.attack, command.origin, command.wall)
    return plan if isinstance(plan, Rejected) else None


def validate_coup_de_grace(state: GameState, command: CoupDeGrace) -> Rejected | None:
    """§25.6: a helpless enemy adjacent to the attacker, with a power it could use against it."""
    if (rejection := _usable(state, command.actor, command.attack)) is not None:
        return rejection
    if command.target in state.creatures() and not state.is_helpless(command.target):
        return Rejected(L_('{target} is not helpless', target=named(state.name(command.target))), "4e §25.6")
    if command.target in state.creatures() and not are_adjacent(*state.space(command.actor), *state.space(command.target)):
        return Rejected(L_('{target} is not adjacent', target=named(state.name(command.target))), "4e §25.6")
    plan = plan_attack(state, command.actor, command.target, command.attack)
    return plan if isinstance(plan, Rejected) else None


def validate_use_power(state: GameState, command: UsePower) -> Rejected | None:
    if (rejection := _usable(state, command.actor, command.power)) is not None:
        return rejection
    profile = find_power(state, command.actor, command.power)
    assert profile is not None
    if profile.attacks or profile.kind in (CLOSE, AREA):
        return Rejected(L_('the {power} is aimed as an attack or an area', power=profile.name), "4e §5")
    if profile.kind == PERSONAL:
        return None
    if command.target is None:
        return Rejected(L_('the {power} needs a target', power=profile.name))
    if (problem := _target_kind_problem(state, command.actor, command.target, profile)) is not None:
        return problem
    distance = _in_range(state, command.actor, command.target, profile)
    return distance if isinstance(distance, Rejected) else None


# Declaring: the action is spent, then provoked enemies and interrupts answer first (§3.2-§3.3) -----------
def apply_attack(state: GameState, command: Attack, dice: Dice) -> list[Event]:
    profile = find_power(state, command.actor, command.attack)
    assert profile is not None
    use_power(state, command.actor, profile.name, profile.action, profile.usage)
    return _declared(state, command, profile, (command.target,), dice)


def apply_coup_de_grace(state: GameState, command: CoupDeGrace, dice: Dice) -> list[Event]:
    profile = find_power(state, command.actor, command.attack)
    assert profile is not None
    use_power(state, command.actor, profile.name, profile.action, profile.usage)
    return _declared(state, command, profile, (command.target,), dice)


def apply_area_attack(state: GameState, command: AreaAttack, dice: Dice) -> list[Event]:
    plan = plan_area(state, command.actor, command.attack, command.origin, command.wall)
    assert isinstance(plan, AreaPlan)  # validated
    use_power(state, command.actor, plan.profile.name, plan.profile.action, plan.profile.usage)
    return _declared(state, command, plan.profile, tuple(t for t, _ in plan.targets), dice)


def _declared(state: GameState, command: Attack | AreaAttack | CoupDeGrace, profile: Power,
              targets: tuple[Entity, ...], dice: Dice) -> list[Event]:
    offers = provoked_by_attack(state, command.actor, profile) + interrupts_against(state, command.actor, targets)
    if offers:
        return raise_offers(state, offers, PausedAttack(command))
    return carry_out(state, command, dice)


def provoked_by_attack(state: GameState, attacker: Entity, profile: Power) -> list[Offer]:
    """§3.2, §25.13: a ranged or area attack made next to an enemy provokes it (close and melee do not)."""
    if profile.kind not in (RANGED, AREA):
        return []
    used = state.turn.opportunity_used
    return [Offer(e, "opportunity", attacker) for e in state.standing()
            if state.are_enemies(attacker, e) and e not in used and e != state.turn.current
            and are_adjacent(*state.space(attacker), *state.space(e))
            and can_take_triggered_actions(state, e) and (basic := state.arsenal(e).basic_attack(MELEE)) is not None
            and can_see(state, e, attacker)
            and not isinstance(plan_attack(state, e, attacker, basic.name), Rejected)]


def interrupts_against(state: GameState, attacker: Entity, targets: tuple[Entity, ...]) -> list[Offer]:
    """§3.3: targets with an interrupt set off by being attacked, able to use it now."""
    offers: list[Offer] = []
    for target in targets:
        if not state.are_enemies(attacker, target) or not immediate_ready(state, target):
            continue
        for power in state.arsenal(target).attacks:
            if power.action == "interrupt" and power.trigger == "attacked_by_enemy" and \
                    _triggered_power_ok(state, target, power, attacker):
                offers.append(Offer(target, "power", attacker, power.name))
                break
    return offers


def _triggered_power_ok(state: GameState, user: Entity, power: Power, against: Entity) -> bool:
    if power_spent(state, user, power.name, power.usage, power.uses):
        return False
    if power.kind == PERSONAL:
        return True
    return not isinstance(plan_attack(state, user, against, power.name), Rejected)


def resume_attack(state: GameState, paused: PausedAttack, dice: Dice) -> list[Event]:
    """After the offers: an attacker that dropped loses its attack (§25.13); otherwise it goes on."""
    command = paused.command
    if not state.conscious(command.actor) or state.has_condition(command.actor, "stunned"):
        return [AttackLost(command.actor, command.attack, L_("the attacker dropped first"))]
    return carry_out(state, command, dice)


# Carrying out ------------------------------------------------------------------------------------------
def carry_out(state: GameState, command: Attack | AreaAttack | CoupDeGrace, dice: Dice) -> list[Event]:
    """The rolls and what follows, if the attack is still legal after any interrupt (§3.3)."""
    if isinstance(command, AreaAttack):
        area = plan_area(state, command.actor, command.attack, command.origin, command.wall)
        if isinstance(area, Rejected):
            return [AttackLost(command.actor, command.attack, area.reason)]
        events = resolve_area(state, command.actor, area, dice, command.knockout)
        targets = tuple(t for t, _ in area.targets)
    else:
        plan = plan_attack(state, command.actor, command.target, command.attack)
        if isinstance(plan, Rejected):
            return [AttackLost(command.actor, command.attack, plan.reason)]
        events = resolve_attack(state, command.actor, command.target, plan, dice,
                                knockout=command.knockout, coup=isinstance(command, CoupDeGrace))
        targets = (command.target,)
    return events + reactions_to_attack(state, command.actor, targets, events)


def resolve_attack(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, dice: Dice,
                   opportunity: bool = False, knockout: bool = False, coup: bool = False) -> list[Event]:
    """Roll the attack and, on a hit, the damage and effects (§8); a coup de grace that hits is a
    critical hit, deadly at the target's bloodied value (§25.6)."""
    rolled = _roll(state, attacker, target, plan, dice, opportunity)
    if coup and rolled.hit and not rolled.critical:
        rolled = _as_critical(rolled)
    events: list[Event] = [rolled]
    profile = plan.profile
    events += _self_effects(state, attacker, profile)
    if rolled.hit:
        damage = _hit_damage(state, attacker, target, plan, rolled.critical, dice, knockout, coup)
        events += damage + _hit_effects(state, attacker, target, profile)
    elif profile.miss_half:
        events += _miss_damage(state, attacker, target, plan, dice, knockout)
    return events + _after_hits(state, attacker, profile, events)


def resolve_area(state: GameState, attacker: Entity, plan: AreaPlan, dice: Dice, knockout: bool = False) -> list[Event]:
    """§5.4-§5.5: one attack roll per target, then one damage roll shared by all hit (a critical hit: maximum)."""
    profile = plan.profile
    events: list[Event] = [AreaPlaced(attacker, profile.name, plan.squares, tuple(t for t, _ in plan.targets))]
    events += _self_effects(state, attacker, profile)
    if profile.zone is not None:
        until = ZONE_UNTIL[profile.zone.duration]
        lasting = until == END_OF_TURN and attacker == state.turn.current
        events += create_zone(state, Zone(attacker, profile.name, plan.squares, profile.zone, until, lasting))
        if until == SUSTAIN:
            _note_sustained(state, profile.name)
    if not profile.attacks:
        for target, _ in plan.targets:
            events += _boons(state, attacker, target, profile, dice)
        return events
    rolls = [_roll(state, attacker, target, target_plan, dice) for target, target_plan in plan.targets]
    events += rolls
    shared: tuple[int, tuple[int, ...]] | None = None
    if any(r.hit and not r.critical for r in rolls) or (profile.miss_half and any(not r.hit for r in rolls)):
        shared = roll_damage(profile.damage, False, dice)
    for roll, (target, target_plan) in zip(rolls, plan.targets):
        if roll.hit:
            amount, faces = roll_damage(profile.damage, True, dice) if roll.critical or shared is None else shared
            events += deal_damage(state, target, amount, faces, critical=roll.critical,
                                  damage_type=profile.damage_type, attacker=attacker, knockout=knockout)
            events += _hit_effects(state, attacker, target, profile)
        elif profile.miss_half and shared is not None and not state.stats(target).minion:
            events += deal_damage(state, target, shared[0] // 2, shared[1], damage_type=profile.damage_type,
                                  attacker=attacker, knockout=knockout)
    return events + _after_hits(state, attacker, profile, events)


def _roll(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, dice: Dice,
          opportunity: bool = False) -> AttackRolled:
    roll = roll_attack(plan.profile.bonus, plan.modifiers, plan.profile.defense, plan.defense_value, dice)
    # §25.2: an ally's aid counts for this one attack, and a defense aid for the enemy's next attack.
    if any(m.rule == "4e §25.2" and m.value > 0 for m in plan.modifiers):
        state.world.add(attacker, used_up_aid(state.conditions(attacker), AIDED_ATTACK, target))
    if any(m.rule == "4e §25.2" and m.value < 0 for m in plan.modifiers):
        state.world.add(target, used_up_aid(state.conditions(target), AIDED_DEFENSE, attacker))
    return AttackRolled(
        attacker, target, plan.profile.name, roll.natural, roll.bonus, roll.modifiers,
        roll.total, roll.defense, roll.defense_value, roll.hit, roll.critical, opportunity,
    )


def _as_critical(rolled: AttackRolled) -> AttackRolled:
    return replace(rolled, critical=True, rule="4e §25.6")


def _hit_damage(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, critical: bool, dice: Dice,
                knockout: bool, coup: bool) -> list[Event]:
    """§8.2-§8.3: the power's damage, plus its extra dice with combat advantage (once per turn, like a
    rogue's sneak attack, docs/rulings.md); a critical hit maximizes all."""
    profile = plan.profile
    if profile.damage.count == 0 and profile.damage.flat == 0:
        return []
    amount, faces = roll_damage(profile.damage, critical, dice)
    turn = state.turn
    if plan.advantage and profile.advantage_damage is not None and attacker not in turn.extra_damage_dealt:
        extra, extra_faces = roll_damage(profile.advantage_damage, critical, dice)
        amount, faces = amount + extra, faces + extra_faces
        state.world.set_resource(replace(turn, extra_damage_dealt=turn.extra_damage_dealt + (attacker,)))
    return deal_damage(state, target, amount, faces, critical=critical, damage_type=profile.damage_type,
                       attacker=attacker, knockout=knockout, coup_de_grace=coup)


def _miss_damage(state: GameState, attacker: Entity, target: Entity, plan: AttackPlan, dice: Dice,
                 knockout: bool) -> list[Event]:
    """"Miss: half damage"; a missed attack never damages a minion (docs/rulings.md)."""
    if state.stats(target).minion:
        return []
    amount, faces = roll_damage(plan.profile.damage, False, dice)
    return deal_damage(state, target, amount // 2, faces, damage_type=plan.profile.damage_type,
                       attacker=attacker, knockout=knockout)


def _hit_effects(state: GameState, attacker: Entity, target: Entity, profile: Power) -> list[Event]:
    """The conditions a hit lays (§9-§11), on a target still alive."""
    if state.world.has(target, OutOfFight) or not profile.hit_effects:
        return []
    events: list[Event] = []
    for spec in profile.hit_effects:
        events += lay_effect(state, spec, attacker, target, profile.name)
        if spec.duration == "sustain":
            _note_sustained(state, profile.name)
    return events


def _self_effects(state: GameState, user: Entity, profile: Power) -> list[Event]:
    events: list[Event] = []
    for spec in profile.self_effects:
        events += lay_effect(state, spec, user, user, profile.name)
    return events


def _boons(state: GameState, user: Entity, target: Entity, profile: Power, dice: Dice) -> list[Event]:
    """A power with no attack roll: its healing and effects on one creature."""
    events: list[Event] = []
    if profile.heal is not None:
        bonus, _ = profile.heal.bonus.roll(dice) if profile.heal.bonus.count or profile.heal.bonus.flat else (0, ())
        events += heal(state, target, bonus, surge=profile.heal.surge, source=profile.name)
    for spec in profile.hit_effects:
        events += lay_effect(state, spec, user, target, profile.name)
    return events


def _note_sustained(state: GameState, name: str) -> None:
    """[A12]: the turn that creates a sustained effect counts as sustaining it."""
    turn = state.turn
    if name not in turn.sustained:
        state.world.set_resource(replace(turn, sustained=turn.sustained + (name,)))


def apply_use_power(state: GameState, command: UsePower, dice: Dice) -> list[Event]:
    profile = find_power(state, command.actor, command.power)
    assert profile is not None
    use_power(state, command.actor, profile.name, profile.action, profile.usage)
    return use_effect_power(state, command.actor, profile, command.target, dice)


def use_effect_power(state: GameState, user: Entity, profile: Power, target: Entity | None, dice: Dice) -> list[Event]:
    """A power with no attack roll takes effect: on its user (personal) or on its one target."""
    bearer = user if target is None else target
    events: list[Event] = [PowerUsed(user, profile.name, profile.action, (bearer,))]
    events += _self_effects(state, user, profile)
    if profile.kind != PERSONAL or profile.heal is not None:
        events += _boons(state, user, bearer, profile, dice)
    return events


def _after_hits(state: GameState, attacker: Entity, profile: Power, events: list[Event]) -> list[Event]:
    """§22: each creature hit (and still up) is swapped at once, or queued for its push, pull or slide."""
    if not profile.forced:
        return []
    out: list[Event] = []
    queue: list[ForcedMovement] = []
    for event in events:
        if not isinstance(event, AttackRolled) or not event.hit or not state.conscious(event.target):
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
        pending = state.pending_forced
        state.world.set_resource(PendingForced((pending.queue if pending else ()) + tuple(queue)))
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


# Reactions the attack sets off (§3.3, §25.16) ------------------------------------------------------------
def reactions_to_attack(state: GameState, attacker: Entity, targets: tuple[Entity, ...], events: list[Event]) -> list[Event]:
    """After the attack: targets it hit may use a "hit by an enemy" reaction, and creatures that readied
    an action against an enemy's attack may use it, each against the attacker."""
    if not state.conscious(attacker):
        return []
    hit = {e.target for e in events if isinstance(e, AttackRolled) and e.hit}
    offers: list[Offer] = []
    for target in targets:
        if target in hit and state.are_enemies(attacker, target) and immediate_ready(state, target):
            for power in state.arsenal(target).attacks:
                if power.action == "reaction" and power.trigger == "hit_by_enemy" and \
                        _triggered_power_ok(state, target, power, attacker):
                    offers.append(Offer(target, "power", attacker, power.name))
                    break
    offers += readied_offers(state, attacker, "enemy_attacks", exclude=tuple(o.by for o in offers))
    return raise_offers(state, offers, None)


def readied_offers(state: GameState, trigger_creature: Entity, trigger: str, exclude: tuple[Entity, ...] = ()) -> list[Offer]:
    """§25.16: every creature whose readied action ``trigger`` the enemy just set off, if the readied
    power can reach it."""
    offers: list[Offer] = []
    for entity, readied in state.world.query(Readied):
        if readied.trigger != trigger or entity in exclude or not state.are_enemies(entity, trigger_creature):
            continue
        if not immediate_ready(state, entity):
            continue
        if isinstance(plan_attack(state, entity, trigger_creature, readied.power), Rejected):
            continue
        offers.append(Offer(entity, "readied", trigger_creature, readied.power))
    return offers


def offer_plan(state: GameState, offer: Offer) -> AttackPlan | Rejected | None:
    """The attack taking the offer makes, checked like any attack (None: the offer makes no attack)."""
    if offer.against is None:
        return None
    if offer.kind == "opportunity":
        melee = state.arsenal(offer.by).basic_attack(MELEE)
        if melee is None:
            return Rejected(L_('{by} has no melee basic attack', by=named(state.name(offer.by))), "4e §25.13")
        return plan_attack(state, offer.by, offer.against, melee.name)
    if offer.kind in ("power", "readied"):
        power = find_power(state, offer.by, offer.power)
        if power is None:
            return Rejected(L_('{by} has no power called {power!r}', by=named(state.name(offer.by)), power=offer.power))
        if power.attacks and offer.against is not None:
            return plan_attack(state, offer.by, offer.against, power.name)
    return None


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
    """For the UI: each creature the named melee or ranged power can hit now."""
    found: dict[Entity, AttackPlan] = {}
    for target in state.standing():
        plan = plan_attack(state, actor, target, attack)
        if isinstance(plan, AttackPlan):
            found[target] = plan
    return found
