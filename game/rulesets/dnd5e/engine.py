"""The 5e-house door: every command is validated (pure: no dice, no change, a Refused value with the
reason) and then applied (dice in, events out), followed by the turn system, in one fixed order.

The state is the shared ECS world on the shared battlefield: Name, Team, Position, Body, Conditions and
Appearance as in 4e, with the 5e Sheet, Vitals, Budget, SpellSlots, Concentration and Potions. The rules
themselves are the pure functions of the sibling modules; this module only reads and writes the world.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from game.core.battlefield import Obscurement, Terrain
from game.core.dice import Dice, DiceExpr
from game.core.grid import Square, footprint
from game.core.lines import line_of_effect
from game.core.steps import LEDGE_FT, ground_of
from game.ecs.components import Body, Condition, Conditions, OutOfFight, Outcome, Position
from game.ecs.world import Entity
from game.rulesets.dnd5e import economy, options, spells
from game.rulesets.dnd5e.attacks import (
    COVER_BONUS, NORMAL_CRIT, SLAYING_CRIT, TOTAL, attack_roll, damage_roll, target_problem,
)
from game.rulesets.dnd5e.commands import (
    ActionReadied, ActionTaken, Attack, AttackRolled, Cast, ConcentrationEnded, ConditionChanged, Damaged, Dash,
    DeathSaveRolled, Disengage, Dismiss, Dodge, Draw, DrinkPotion, DropProne, EndTurn, Escape, Fell, FirstAid, Healed,
    Help, Hide, Move, Moved, OffHandAttack, OpportunityOffered, PickUp, PotionDrunk, Pushed, React, Ready,
    ReadiedOffered, SavingThrow, Search, Searched, SkirmishWon, SpellCast, StandUp, Stow, Teleported, TurnEnded,
    TurnStarted, WeaponHandled,
)
from game.rulesets.dnd5e.components import (
    Dropped, Ground, Hands, HelpInForce, Helped, PendingStrike, Potions, Readied, Round, Sheet, Spell, Weapon, Zone,
)
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.falling import fall_damage
from game.rulesets.dnd5e.movement import Bystander, FeetRules, Walker
from game.rulesets.dnd5e.potions import (
    DOUBLED, EXPLOSION, EXPLOSION_DAMAGE, EXPLOSION_RADIUS_FT, HALVED, NORMAL, ONE_FAILS, PERMANENT, mixing_needed,
    roll_mixing, scaled,
)
from game.rulesets.dnd5e.rolls import ADVANTAGE, DISADVANTAGE, STRAIGHT, roll_d20
from game.rulesets.dnd5e.sight import FAILS, HINDERED, sight_check
from game.rulesets.dnd5e.situation import (
    MELEE, RANGED, Odds, can_react, can_see, cannot_move, cover, hands, incapacitated, odds, opportunity_weapons,
    provokers, sight_field,
)
from game.rulesets.dnd5e.teleport import teleport_reaches
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import (
    DamageType, Vitals, adjusted_damage, death_save, first_aid, gain_temp, heal, needs_death_save, slay, take_damage,
)
from game.state import GameState

Event = Any
HEALING_POTION = DiceExpr(2, 4, 2)      # [5e] a potion of healing
HEROISM_TEMP_HP = 10                    # [5e] a potion of heroism: 10 temporary HP for an hour
POTIONS = ("healing", "heroism")

# Reading the world ----------------------------------------------------------------------------------------


def sheet(state: GameState, e: Entity) -> Sheet:
    return state.world.get(e, Sheet)


def vitals(state: GameState, e: Entity) -> Vitals:
    return state.world.get(e, Vitals)


def budget(state: GameState, e: Entity) -> economy.Budget:
    return state.world.get(e, economy.Budget)


def slots(state: GameState, e: Entity) -> spells.SpellSlots:
    return state.world.get(e, spells.SpellSlots)


def round_of(state: GameState) -> Round:
    return state.world.resource(Round)


def pending(state: GameState) -> PendingStrike | None:
    return state.world.maybe_resource(PendingStrike)


def decider(state: GameState) -> Entity:
    """The creature whose controller must act now: one offered an opportunity attack, or the creature
    whose turn it is."""
    strike = pending(state)
    return strike.reactors[0] if strike is not None else round_of(state).current


def alive(state: GameState, e: Entity) -> bool:
    return not state.world.has(e, OutOfFight)


def awake(state: GameState, e: Entity) -> bool:
    return alive(state, e) and not vitals(state, e).unconscious


def speed_ft(state: GameState, e: Entity) -> int:
    """R004-SA-03: grappled and restrained creatures have speed 0, as do the incapacitated."""
    return 0 if cannot_move(state, e) else sheet(state, e).speed_ft


def weapon_named(state: GameState, e: Entity, name: str) -> Weapon | None:
    return next((w for w in sheet(state, e).attacks if w.name == name), None)


def spell_named(state: GameState, e: Entity, key: str) -> Spell | None:
    return next((s for s in sheet(state, e).spells if s.key == key), None)


def dropped(state: GameState, e: Entity) -> list[tuple[Entity, Dropped]]:
    """The creature's weapons lying on the ground (knocked away by a disarm, R004-SA-05)."""
    return [(entity, d) for entity, d in state.world.query(Dropped) if d.owner == e]


def readied(state: GameState, e: Entity) -> Readied | None:
    """The action the creature holds with Ready (§2.1), if any."""
    return state.world.maybe(e, Readied)


def feet_rules(state: GameState, e: Entity) -> FeetRules:
    """§2.3: the creature walking (crawling while prone) among every other creature on the battlefield."""
    body = state.world.get(e, Body)
    walker = Walker(state.square(e), body.size, state.side(e), body.flying)
    others = [Bystander(state.square(o), state.world.get(o, Body).size, state.side(o), incapacitated(state, o))
              for o in state.standing() if o != e]
    return FeetRules(state.battlefield, walker, others, burdens=1 if state.has_condition(e, "prone") else 0)


def concentration(state: GameState, e: Entity) -> spells.Concentration:
    return state.world.maybe(e, spells.Concentration) or spells.Concentration()


def _helped(state: GameState) -> tuple[Helped, ...]:
    return (state.world.maybe_resource(HelpInForce) or HelpInForce()).entries


def _zones(state: GameState) -> tuple[Zone, ...]:
    return tuple(z for _, z in state.world.query(Zone))


def attack_edges(state: GameState, attacker: Entity, target: Entity, weapon_kind: str, beyond: bool = False) -> Odds:
    """Every source of advantage and disadvantage on one attack, an ally's Help and the target's Dodge
    included (the battle screen's forecast lists these)."""
    side = state.side(attacker)
    helped = any(h.side == side and h.target == target and h.until != attacker for h in _helped(state))
    target_budget = budget(state, target)
    dodging = economy.dodge_works(target_budget, incapacitated(state, target), speed_ft(state, target))
    return odds(state, attacker, target, weapon_kind, beyond, helped=helped, dodging=dodging)


def attack_odds(state: GameState, attacker: Entity, target: Entity, weapon_kind: str, beyond: bool = False) -> str:
    """Advantage, disadvantage or a straight roll for one attack (the preview and the attack use this)."""
    return attack_edges(state, attacker, target, weapon_kind, beyond).result


# Validation (pure) ---------------------------------------------------------------------------------------

R_TURN = "5e-house §2"


def _turn_problem(state: GameState, actor: Entity) -> Refused | None:
    """Why ``actor`` may not send a command of its turn now: the skirmish is over, an offer waits, another's turn."""
    if state.outcome is not None:
        return Refused("the skirmish is over", R_TURN)
    if not state.world.has(actor, Sheet):
        return Refused(f"no 5e-house creature {actor}", R_TURN)
    strike = pending(state)
    if strike is not None:
        return _waiting(state, strike)
    if round_of(state).current != actor:
        return Refused(f"it is {state.name(round_of(state).current)}'s turn, not {state.name(actor)}'s", R_TURN)
    return None


def _actor_problem(state: GameState, actor: Entity) -> Refused | None:
    """_turn_problem, or the actor cannot act at all (unconscious, incapacitated)."""
    problem = _turn_problem(state, actor)
    if problem is None and (not awake(state, actor) or incapacitated(state, actor)):
        return Refused(f"{state.name(actor)} cannot act", "5e incapacitated")
    return problem


def _waiting(state: GameState, strike: PendingStrike) -> Refused:
    if strike.readied:
        return Refused(f"{state.name(strike.reactors[0])} must first answer its readied action", "5e-house §2.1")
    return Refused(f"{state.name(strike.reactors[0])} must first answer the opportunity attack", "5e-house §6")


def _needs(state: GameState, actor: Entity, kind: str) -> Refused | None:
    if not getattr(budget(state, actor), kind):
        return Refused(f"{state.name(actor)} has already used its {kind} action this turn", R_TURN)
    return None


def _target_problem(state: GameState, actor: Entity, target: Entity, enemy: bool = True) -> Refused | None:
    if not state.world.has(target, Sheet) or not alive(state, target):
        return Refused("no such creature on the battlefield", R_TURN)
    if enemy and not state.are_enemies(actor, target):
        return Refused(f"{state.name(target)} is not an enemy", R_TURN)
    return None


def validate_move(state: GameState, c: Move) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if cannot_move(state, c.actor):
        return Refused(f"{state.name(c.actor)} has speed 0", "5e-house §2.1")
    if len(c.path) < 2:
        return Refused("a move needs at least one step", "5e-house §2.3")
    cost = feet_rules(state, c.actor).walk_cost(c.path, budget(state, c.actor).diagonals)
    if isinstance(cost, Refused):
        return cost
    if cost[0] > budget(state, c.actor).movement_ft:
        return Refused(f"that walk costs {cost[0]} ft and only {budget(state, c.actor).movement_ft} ft are left",
                       "5e-house §2.3")
    return None


def attack_problem(state: GameState, actor: Entity, target: Entity, weapon: Weapon | None, option: str = "",
                   knockout: bool = False, as_if_held: bool = False) -> Refused | None:
    """Why this attack cannot be made now, leaving the action economy aside (the preview asks this too);
    ``as_if_held``: leaving aside whether a hand is free to draw the weapon."""
    if weapon is None:
        return Refused("no such weapon", "5e-house §2.1")
    problem = _target_problem(state, actor, target)
    if problem:
        return problem
    problem = _lost_problem(state, actor, weapon.name) or (
        None if option or as_if_held else _draw_problem(state, actor, weapon.name))
    if problem:
        return problem
    gap = distance_ft(state.space(actor), state.space(target))
    if weapon.kind == MELEE and gap > weapon.reach_ft:
        return Refused(f"{state.name(target)} is {gap} ft away, beyond {weapon.reach_ft} ft reach", "5e reach")
    if weapon.kind == RANGED and gap > weapon.long_range_ft:
        return Refused(f"{state.name(target)} is {gap} ft away, beyond {weapon.long_range_ft} ft", "5e range")
    blocked = target_problem(cover(state, actor, target, weapon.kind))
    if blocked:
        return blocked
    if option:
        if weapon.kind != MELEE:
            return Refused("grapple, trip and disarm replace a melee attack roll", "5e-house §2.1")
        body, other = state.world.get(actor, Body), state.world.get(target, Body)
        problem = options.maneuver_problem(option, body.size, other.size, free_hand=hands(state, actor).free > 0)
        if problem:
            return problem
    if knockout and weapon.kind != MELEE:
        return Refused("only a melee attack can knock a creature out", "5e-house §3.1")
    return None


def _lost_problem(state: GameState, e: Entity, weapon: str) -> Refused | None:
    """§2.1 disarm: a weapon knocked away is lost for the skirmish."""
    if weapon in _lost_weapons(state, e):
        return Refused(f"{state.name(e)} has lost its {weapon} to a disarm", "5e-house §2.1")
    return None


def _draw_problem(state: GameState, e: Entity, weapon: str) -> Refused | None:
    """§2.1 tip (R004-AE-07): an attack draws its weapon for free, but only into a free hand."""
    held = hands(state, e)
    if weapon not in held.held and held.free < 1:
        return Refused(f"{state.name(e)}'s hands are full: stow a weapon to draw the {weapon}", "5e-house §2.1")
    return None


def _components_problem(state: GameState, e: Entity, spell: Spell) -> Refused | None:
    """§5.1: casters carry a focus (it needs a hand free of weapons); only a silenced creature cannot speak."""
    needs = spells.Components("V" in spell.components, "S" in spell.components, "M" in spell.components)
    return spells.components_problem(needs, not state.has_condition(e, "silenced"), hands(state, e).free, True)


def validate_attack(state: GameState, c: Attack) -> Refused | None:
    return _actor_problem(state, c.actor) or _needs(state, c.actor, economy.STANDARD) or \
        attack_problem(state, c.actor, c.target, weapon_named(state, c.actor, c.weapon), c.option, c.knockout)


def spell_problem(state: GameState, actor: Entity, spell: Spell | None, target: Entity | None, at: Square | None,
                  slot_level: int = 0) -> Refused | None:
    """Why this spell cannot be cast now (§5), leaving the action economy aside."""
    if spell is None:
        return Refused("the caster does not know that spell", "5e-house §5.1")
    problem = _components_problem(state, actor, spell)
    if problem:
        return problem
    spent = spells.spend_slot(slots(state, actor), spell.level, slot_level or None)
    if isinstance(spent, Refused):
        return spent
    own = state.space(actor)
    if spell.effect in ("attack", "heal"):
        if target is None:
            return Refused(f"{spell.name} needs a creature", "5e-house §5")
        problem = _target_problem(state, actor, target, enemy=spell.effect == "attack")
        if problem:
            return problem
        if spell.effect == "heal" and state.are_enemies(actor, target):
            return Refused(f"{spell.name} heals allies", "5e-house §5")
        if distance_ft(own, state.space(target)) > spell.range_ft:
            return Refused(f"{state.name(target)} is beyond {spell.range_ft} ft", "5e spell range")
        return target_problem(cover(state, actor, target, RANGED)) if target != actor else None
    if spell.range_ft == 0:
        return None
    if at is None or not state.battlefield.in_bounds(at):
        return Refused(f"{spell.name} needs a square on the map", "5e-house §5")
    if distance_ft(own, (at, 1)) > spell.range_ft:
        return Refused(f"that square is beyond {spell.range_ft} ft", "5e spell range")
    if spell.effect == "teleport":
        if not teleport_reaches(sight_field(state, actor), own, at, spell.range_ft, state.squares_taken(but=actor)):
            return Refused("teleport needs an unoccupied space the caster can see", "5e teleport")
        return None
    if not line_of_effect(state.battlefield, own, (at, 1)):
        return Refused("no line of effect to that square", "5e spell range")
    return None


def validate_cast(state: GameState, c: Cast) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    spell = spell_named(state, c.actor, c.spell)
    if spell is not None:
        problem = _needs(state, c.actor, spell.action)
        if problem:
            return problem
    return spell_problem(state, c.actor, spell, c.target, c.at, c.slot_level)


def _standard_only(state: GameState, c: Any) -> Refused | None:
    return _actor_problem(state, c.actor) or _needs(state, c.actor, economy.STANDARD)


def validate_hide(state: GameState, c: Hide) -> Refused | None:
    problem = _standard_only(state, c)
    if problem:
        return problem
    enemies = [e for e in state.standing() if state.are_enemies(c.actor, e) and awake(state, e)]
    heavy = min(state.battlefield.at(sq).obscured for sq in footprint(*state.space(c.actor))) >= Obscurement.HEAVY
    worst = min((cover(state, e, c.actor, RANGED) for e in enemies), key=_COVER_ORDER.index, default=TOTAL)
    return options.hide_problem(heavy, worst, any(can_see(state, e, c.actor) for e in enemies))


_COVER_ORDER = ("none", "half", "three_quarters", "total")


def hidden_enemies(state: GameState, e: Entity) -> list[Entity]:
    """The awake enemies of ``e`` that are hidden (§2.1 Hide), in the world's order."""
    return [o for o in state.standing() if state.are_enemies(e, o) and awake(state, o) and state.has_condition(o, "hidden")]


def validate_search(state: GameState, c: Search) -> Refused | None:
    problem = _standard_only(state, c)
    if problem:
        return problem
    if not hidden_enemies(state, c.actor):
        return Refused("no enemy is hidden", "5e-house §2.1")
    return None


def validate_help(state: GameState, c: Help) -> Refused | None:
    problem = _standard_only(state, c) or _target_problem(state, c.actor, c.target)
    if problem:
        return problem
    return options.help_problem(distance_ft(state.space(c.actor), state.space(c.target)) <= 5)


def validate_first_aid(state: GameState, c: FirstAid) -> Refused | None:
    problem = _standard_only(state, c) or _target_problem(state, c.actor, c.target, enemy=False)
    if problem:
        return problem
    if distance_ft(state.space(c.actor), state.space(c.target)) > 5:
        return Refused("first aid needs the creature within 5 ft", "5e-house §3.1")
    result = first_aid(vitals(state, c.target), 0)
    return result if isinstance(result, Refused) else None


def validate_potion(state: GameState, c: DrinkPotion) -> Refused | None:
    problem = _actor_problem(state, c.actor) or _needs(state, c.actor, economy.BONUS)
    if problem:
        return problem
    carried = state.world.maybe(c.actor, Potions)
    if c.potion not in POTIONS:
        return Refused(f"no potion called {c.potion!r} (healing or heroism)", "5e-house §9")
    if carried is None or carried.count(c.potion) < 1:
        return Refused(f"{state.name(c.actor)} has no potion of {c.potion} left", "5e-house §9")
    return None


def validate_stand_up(state: GameState, c: StandUp) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if not state.has_condition(c.actor, "prone"):
        return Refused(f"{state.name(c.actor)} is not prone", "5e-house §2.3.1")
    if cannot_move(state, c.actor):
        return Refused(f"{state.name(c.actor)} has speed 0", "5e-house §2.3.1")
    stood = economy.stand_up(budget(state, c.actor))
    return stood if isinstance(stood, Refused) else None


def validate_drop_prone(state: GameState, c: DropProne) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if state.has_condition(c.actor, "prone"):
        return Refused(f"{state.name(c.actor)} is already prone", "5e-house §2.3.1")
    return economy.drop_prone_problem(speed_ft(state, c.actor))


def validate_escape(state: GameState, c: Escape) -> Refused | None:
    problem = _standard_only(state, c)
    if problem:
        return problem
    if not state.has_condition(c.actor, "grappled"):
        return Refused(f"{state.name(c.actor)} is not grappled", "5e-house §2.1")
    return None


def _within_reach_of_ground(state: GameState, e: Entity) -> Dropped | None:
    """The creature's own weapon lying in its space, the first dropped."""
    space = footprint(*state.space(e))
    return next((d for _, d in dropped(state, e) if d.square in space), None)


def validate_pick_up(state: GameState, c: PickUp) -> Refused | None:
    """§2.4 (R004-AE-06): picking up the weapon in its own space is the object interaction."""
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if _within_reach_of_ground(state, c.actor) is None:
        where = " elsewhere" if dropped(state, c.actor) else ""
        return Refused(f"{state.name(c.actor)} has no weapon on the ground in its space{where}", "5e-house §2.4")
    return _hand_problem(state, c.actor) or _refused(economy.interact(budget(state, c.actor)))


def _refused(result: Any) -> Refused | None:
    return result if isinstance(result, Refused) else None


def _hand_problem(state: GameState, e: Entity) -> Refused | None:
    if hands(state, e).free < 1:
        return Refused(f"{state.name(e)}'s hands are full: stow a weapon first", "5e-house §2.4")
    return None


def validate_draw(state: GameState, c: Draw) -> Refused | None:
    """§2.4 (R004-AE-06, -07): a weapon it carries into a free hand, with the object interaction."""
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if weapon_named(state, c.actor, c.weapon) is None:
        return Refused(f"{state.name(c.actor)} carries no {c.weapon}", "5e-house §2.4")
    if c.weapon in hands(state, c.actor).held:
        return Refused(f"{state.name(c.actor)} already holds its {c.weapon}", "5e-house §2.4")
    return _lost_problem(state, c.actor, c.weapon) or _hand_problem(state, c.actor) or _refused(economy.handle_weapon(budget(state, c.actor), c.weapon))


def validate_stow(state: GameState, c: Stow) -> Refused | None:
    """§2.1 tip, §2.4 (R004-AE-06, -07): free for the weapon of this turn's Attack, else the interaction."""
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if c.weapon not in hands(state, c.actor).held:
        return Refused(f"{state.name(c.actor)} does not hold a {c.weapon}", "5e-house §2.4")
    return _refused(economy.handle_weapon(budget(state, c.actor), c.weapon))


def off_hand_weapon(state: GameState, e: Entity, name: str) -> Weapon | None:
    """The weapon as the off-hand attack uses it (§2.2): [5e] no ability modifier to the damage unless it
    is negative; the flat part of a weapon's damage in the content is that modifier (docs/rulings.md)."""
    weapon = weapon_named(state, e, name)
    if weapon is None:
        return None
    return replace(weapon, damage=replace(weapon.damage, flat=min(0, weapon.damage.flat)))


def validate_off_hand(state: GameState, c: OffHandAttack) -> Refused | None:
    """§2.2 (R004-AE-04): after the Attack action with a Light weapon, the bonus action attack with a
    different Light weapon already in hand."""
    problem = _actor_problem(state, c.actor) or _needs(state, c.actor, economy.BONUS)
    if problem:
        return problem
    off = weapon_named(state, c.actor, c.weapon)
    if off is None:
        return Refused("no such weapon", "5e-house §2.2")
    mine = budget(state, c.actor)
    main = weapon_named(state, c.actor, mine.attacked_with)
    spent = economy.off_hand_attack(mine, main is not None and main.light, off.light, off.name != mine.attacked_with)
    if isinstance(spent, Refused):
        return spent
    if off.name not in hands(state, c.actor).held:
        return Refused(f"the {off.name} must be in hand: draw it first", "5e-house §2.2")
    return attack_problem(state, c.actor, c.target, off)


def validate_ready(state: GameState, c: Ready) -> Refused | None:
    """§2.1 Ready (R004-SA-13): the standard action; one attack with a weapon, or an attack cantrip, and
    optionally the one enemy whose coming within reach or range triggers it."""
    problem = _standard_only(state, c)
    if problem:
        return problem
    if bool(c.weapon) == bool(c.spell):
        return Refused("ready either a weapon attack or a cantrip", "5e-house §2.1")
    if c.target is not None:
        problem = _target_problem(state, c.actor, c.target)
        if problem:
            return problem
    if c.weapon:
        weapon = weapon_named(state, c.actor, c.weapon)
        if weapon is None:
            return Refused("no such weapon", "5e-house §2.1")
        return _lost_problem(state, c.actor, weapon.name) or _draw_problem(state, c.actor, weapon.name)
    spell = spell_named(state, c.actor, c.spell)
    if spell is None or spell.level != 0 or spell.effect != "attack":
        return Refused("only an attack cantrip can be readied in the game", "5e-house §2.1")
    return _components_problem(state, c.actor, spell)


def validate_dismiss(state: GameState, c: Dismiss) -> Refused | None:
    """§5.2 (R004-SP-08): no action, by the caster itself, not incapacitated, while its spell is in effect."""
    problem = _turn_problem(state, c.actor)
    if problem is not None:
        return problem
    return spells.may_dismiss(not awake(state, c.actor) or incapacitated(state, c.actor),
                              bool(concentration(state, c.actor).spell), own_spell=True)


def validate_end_turn(state: GameState, c: EndTurn) -> Refused | None:
    return _turn_problem(state, c.actor)


def validate_react(state: GameState, c: React) -> Refused | None:
    strike = pending(state)
    if strike is None or strike.reactors[0] != c.actor:
        return Refused("no opportunity attack or readied action is offered to that creature now", "5e-house §6")
    return None


# Applying (dice in, events out) -------------------------------------------------------------------------


def _add(state: GameState, e: Entity, name: str, **fields: Any) -> list[Event]:
    had = state.has_condition(e, name)
    state.add_condition(e, Condition(name, **fields))
    return [] if had else [ConditionChanged(e, name, True)]


def _drop(state: GameState, e: Entity, name: str) -> list[Event]:
    if not state.has_condition(e, name):
        return []
    state.remove_condition(e, name)
    return [ConditionChanged(e, name, False)]


def _set_vitals(state: GameState, e: Entity, value: Any) -> None:
    state.world.add(e, value)


def end_concentration(state: GameState, caster: Entity) -> list[Event]:
    """§5.2: the spell ends and its zone lifts off the battlefield."""
    held = concentration(state, caster)
    if not held.spell:
        return []
    state.world.add(caster, spells.Concentration())
    ready = readied(state, caster)
    if ready is not None and ready.spell == held.spell:
        state.world.remove(caster, Readied)         # [5e] a readied spell is held with concentration
    for entity, zone in list(state.world.query(Zone)):
        if zone.caster == caster:
            state.world.delete(entity)
    _lay_zones(state)
    return [ConcentrationEnded(caster, held.spell)]


def _lay_zones(state: GameState) -> None:
    """The map's battlefield with every zone's squares heavily obscured (Fog Cloud, §8) or dark whatever
    lights the map has (Darkness: magical darkness, R004-LT-04, docs/rulings.md)."""
    ground = state.world.resource(Ground).battlefield
    changes: dict[Square, Terrain] = {}
    for zone in _zones(state):
        veil = Obscurement.TOTAL if zone.darkness else Obscurement.HEAVY
        for sq in zone.squares:
            terrain = changes.get(sq, ground.at(sq))
            changes[sq] = replace(terrain, obscured=max(veil, terrain.obscured))
    state.battlefield = ground.overlaid(changes) if changes else ground


def _fall_out(state: GameState, e: Entity) -> list[Event]:
    """Unconscious (§3.1): prone, incapacitated, what it holds falls into its square (the page's condition
    table, [5e]), concentration and grapples let go."""
    events = _add(state, e, "unconscious") + _add(state, e, "prone") + _drop(state, e, "hidden")
    for weapon in hands(state, e).held:
        state.world.create(Dropped(e, weapon, state.square(e)))
        events.append(WeaponHandled(e, weapon, "dropped"))
    state.world.add(e, Hands(()))
    events += end_concentration(state, e) + _release_grapples(state, e)
    if readied(state, e) is not None:
        state.world.remove(e, Readied)
    return events


def _release_grapples(state: GameState, grappler: Entity) -> list[Event]:
    events: list[Event] = []
    for other in state.creatures():
        for held in state.conditions(other).named("grappled"):
            if held.by == grappler:
                state.world.add(other, state.conditions(other).without(held))
                events.append(ConditionChanged(other, "grappled", False))
    return events


def _die(state: GameState, e: Entity) -> list[Event]:
    events = end_concentration(state, e) + _release_grapples(state, e)
    if readied(state, e) is not None:
        state.world.remove(e, Readied)
    state.world.add(e, Conditions())
    state.world.add(e, OutOfFight())
    return events


def deal_damage(state: GameState, dice: Dice, target: Entity, amount: int, kind: str, critical: bool = False,
                knockout: bool = False, slain: bool = False) -> list[Event]:
    """§4.2 and §3.1 in order: resistances, temporary HP, hit points, then what the damage leads to:
    dropping, a knockout, death saves or death, and the concentration save (§5.2)."""
    before = vitals(state, target)
    if slain:
        _set_vitals(state, target, slay(before))
        return [Damaged(target, before.hp + before.temp, kind, 0, 0, killed=True)] + _die(state, target)
    taken = adjusted_damage(amount, DamageType(kind), sheet(state, target).defences)
    harm = take_damage(before, taken, critical, knockout=knockout and before.hp > 0)
    after = harm.vitals
    killed = harm.killed or (harm.dropped and not sheet(state, target).hero)   # [5e] monsters die at 0 HP
    if killed:
        after = replace(after, dead=True)
    _set_vitals(state, target, after)
    events: list[Event] = [Damaged(target, harm.absorbed + harm.lost, kind, after.hp, after.temp,
                                   harm.dropped and not killed, harm.knocked_out, killed)]
    if killed:
        return events + _die(state, target)
    if harm.dropped or harm.knocked_out:
        return events + _fall_out(state, target)
    if harm.absorbed + harm.lost and concentration(state, target).spell:
        dc = spells.concentration_dc(harm.absorbed + harm.lost)
        total = roll_d20(dice).natural + sheet(state, target).mod("con")
        kept = spells.keeps_concentration(total, harm.absorbed + harm.lost)
        events.append(SavingThrow(target, "con", total, dc, kept))
        if not kept:
            events += end_concentration(state, target)
    if harm.lost:
        events += _drop(state, target, "hidden")
    return events


def _save(state: GameState, dice: Dice, e: Entity, ability: str, dc: int, bonus: int = 0) -> tuple[bool, SavingThrow]:
    """[5e] d20 + ability modifier (+ cover for Dexterity); Dex saves have advantage while Dodging (§2.1)."""
    mode = STRAIGHT
    if ability == "dex" and economy.dodge_works(budget(state, e), incapacitated(state, e), speed_ft(state, e)):
        mode = ADVANTAGE
    if ability in ("str", "dex") and incapacitated(state, e):
        event = SavingThrow(e, ability, 0, dc, False)    # [5e] unconscious: Str and Dex saves fail
        return False, event
    total = roll_d20(dice, mode).natural + sheet(state, e).mod(ability) + bonus
    return total >= dc, SavingThrow(e, ability, total, dc, total >= dc)


def apply_move(state: GameState, c: Move, dice: Dice) -> list[Event]:
    feet, diagonals = feet_rules(state, c.actor).walk_cost(c.path, budget(state, c.actor).diagonals)  # type: ignore[misc]
    state.world.add(c.actor, economy.move(budget(state, c.actor), feet, diagonals))
    events = _release_grapples(state, c.actor)      # the game does not drag (docs/rulings.md)
    return events + _walk(state, dice, c.actor, c.path, feet)


def _walk(state: GameState, dice: Dice, mover: Entity, path: tuple[Square, ...], feet: int,
          answered: tuple[Entity, ...] = ()) -> list[Event]:
    """Step along ``path``; before a step that leaves an enemy's reach, pause for its opportunity attack
    (§6); after a step into the reach or range of an enemy's readied action, pause for it (§2.1 Ready).
    ``answered``: the creatures already asked about the first step."""
    disengaged = budget(state, mover).disengaged
    for index in range(len(path) - 1):
        step = (path[index], path[index + 1])
        reactors = tuple(e for e in provokers(state, mover, step, disengaged)
                         if budget(state, e).reaction and not (index == 0 and e in answered))
        if reactors:
            events: list[Event] = []
            if index:
                events += _arrive(state, dice, mover, path[:index + 1], feet)
            state.world.set_resource(PendingStrike(mover, reactors, path[index:], feet, reactors))
            return events + [OpportunityOffered(r, mover) for r in reactors]
        readiers = _readied_triggered(state, mover, step)
        if readiers:
            events = _arrive(state, dice, mover, path[:index + 2], feet)
            if not awake(state, mover):
                return events
            state.world.set_resource(PendingStrike(mover, readiers, path[index + 1:], feet, readied=True))
            return events + [ReadiedOffered(r, mover) for r in readiers]
    return _arrive(state, dice, mover, path, feet)


def _readied_triggered(state: GameState, mover: Entity, step: tuple[Square, Square]) -> tuple[Entity, ...]:
    """R004-SA-13: the enemies whose readied action this step sets off: the mover (their chosen target, if
    they named one) was out of its reach or range, or unseen, before the step and is a target after it.
    The readier must still have its reaction and be able to take it."""
    candidates = [e for e, ready in state.world.query(Readied) if state.are_enemies(e, mover)
                  and (ready.target is None or ready.target == mover) and budget(state, e).reaction
                  and awake(state, e) and can_react(state, e)]
    if not candidates:
        return ()
    home = state.world.get(mover, Position)
    state.world.add(mover, Position(step[0]))
    before = [_release_problem(state, e, mover) is None and can_see(state, e, mover) for e in candidates]
    state.world.add(mover, Position(step[1]))
    after = [_release_problem(state, e, mover) is None and can_see(state, e, mover) for e in candidates]
    state.world.add(mover, home)
    return tuple(e for e, was, now in zip(candidates, before, after) if now and not was)


def readied_along(state: GameState, mover: Entity, path: tuple[Square, ...]) -> tuple[Square | None, tuple[Entity, ...]]:
    """R004-SA-13 for the walk preview: the first square of ``path`` whose arrival sets off enemies' readied
    actions (where the walk would stop for them), and whose; (None, ()) when none would. Asked of a copy, so
    the state is untouched."""
    if not any(True for _ in state.world.query(Readied)):
        return None, ()
    probe = state.clone()
    for step in zip(path, path[1:]):
        readiers = _readied_triggered(probe, mover, step)
        if readiers:
            return step[1], readiers
    return None, ()


def _release_problem(state: GameState, readier: Entity, target: Entity) -> Refused | None:
    """Why the readied action could not be taken against ``target`` where it stands now."""
    ready = state.world.get(readier, Readied)
    if ready.weapon:
        return attack_problem(state, readier, target, weapon_named(state, readier, ready.weapon))
    return spell_problem(state, readier, spell_named(state, readier, ready.spell), target, None)


def _arrive(state: GameState, dice: Dice, mover: Entity, path: tuple[Square, ...], feet: int) -> list[Event]:
    """Put the mover at the end of ``path``; a last step down a ledge is a fall (5e falling)."""
    state.world.add(mover, Position(path[-1]))
    events: list[Event] = [Moved(mover, path, feet)]
    if len(path) > 1:
        events += _fall_if_dropped(state, dice, mover, path[-2], path[-1])
    return events


def _fall_if_dropped(state: GameState, dice: Dice, e: Entity, frm: Square, to: Square) -> list[Event]:
    side = state.space(e)[1]
    if state.world.get(e, Body).flying:
        return []
    ground = ground_of(state.battlefield)
    lost = ground.ground_ft(frm[0], frm[1], side) - ground.ground_ft(to[0], to[1], side)
    if lost < LEDGE_FT:
        return []
    damage = fall_damage(lost).roll(dice)
    events: list[Event] = [Fell(e, lost, damage)]
    if damage:
        events += deal_damage(state, dice, e, damage, "bludgeoning")
        if alive(state, e):
            events += _add(state, e, "prone")     # [5e] a creature that takes falling damage lands prone
    return events


def _lost_weapons(state: GameState, e: Entity) -> tuple[str, ...]:
    """Weapons knocked to the ground (picked up again with the object interaction) or broken (for good)."""
    return tuple(d.weapon for _, d in dropped(state, e)) + \
        tuple(c.source for c in state.conditions(e).named("weapon broken"))


def _reach_ft(state: GameState, e: Entity) -> int:
    """[5e] The creature's reach: its longest melee weapon still its own, 5 ft without one."""
    lost = _lost_weapons(state, e)
    return max((w.reach_ft for w in sheet(state, e).attacks if w.kind == MELEE and w.name not in lost), default=5)


def apply_react(state: GameState, c: React, dice: Dice) -> list[Event]:
    """§6: the opportunity attack, one melee attack roll with the reaction, made while the mover is still
    in the square inside reach; §2.1 Ready: the readied attack or cantrip, made once the mover has stepped
    within reach or range (a readied action let pass stays ready). Then the walk goes on unless the mover
    fell."""
    strike = pending(state)
    assert strike is not None
    events: list[Event] = []
    rest = strike.reactors[1:]
    if c.take:
        state.world.add(c.actor, replace(budget(state, c.actor), reaction=False))
        events += _release(state, dice, c.actor, strike.mover) if strike.readied else \
            _opportunity_attack(state, dice, c.actor, strike.mover)
    if rest and awake(state, strike.mover):
        state.world.set_resource(replace(strike, reactors=rest))
        return events
    state.world.clear_resource(PendingStrike)
    if awake(state, strike.mover) and len(strike.path) > 1:
        events += _walk(state, dice, strike.mover, strike.path, strike.feet, strike.asked)
    return events


def _opportunity_attack(state: GameState, dice: Dice, reactor: Entity, mover: Entity) -> list[Event]:
    """§6: made with a melee weapon in hand that reaches the mover, still in the last square inside reach."""
    gap = distance_ft(state.space(reactor), state.space(mover))
    weapon = next((w for w in opportunity_weapons(state, reactor) if gap <= w.reach_ft), None)
    return [] if weapon is None else _strike(state, dice, reactor, mover, weapon)


def _release(state: GameState, dice: Dice, readier: Entity, target: Entity) -> list[Event]:
    """R004-SA-13: the readied action, spent: the attack with its weapon, or the cantrip it held (its
    concentration ends with it)."""
    ready = state.world.get(readier, Readied)
    state.world.remove(readier, Readied)
    if ready.weapon:
        weapon = weapon_named(state, readier, ready.weapon)
        assert weapon is not None
        return _strike(state, dice, readier, target, weapon)
    spell = spell_named(state, readier, ready.spell)
    assert spell is not None
    state.world.add(readier, spells.Concentration())
    return [SpellCast(readier, spell.key, 0)] + _spell_attack(state, dice, readier, target, spell)


def _strike(state: GameState, dice: Dice, attacker: Entity, target: Entity, weapon: Weapon,
            knockout: bool = False) -> list[Event]:
    """One weapon attack roll with its damage (§4.3, §7)."""
    gap = distance_ft(state.space(attacker), state.space(target))
    beyond = weapon.kind == RANGED and gap > weapon.range_ft
    mode = attack_odds(state, attacker, target, weapon.kind, beyond)
    _use_help(state, attacker, target)
    ac = sheet(state, target).ac + COVER_BONUS.get(cover(state, attacker, target, weapon.kind), 0)
    roll = attack_roll(dice, weapon.bonus, ac, mode)
    events: list[Event] = _drop(state, attacker, "hidden")
    crit = roll.crit
    # [5e] a hit on an unconscious creature from within 5 ft is a critical hit.
    if roll.hit and not crit and gap <= 5 and state.has_condition(target, "unconscious"):
        crit = NORMAL_CRIT
    events.append(AttackRolled(attacker, target, weapon.name, roll.faces, roll.total, ac, roll.hit, crit, mode))
    if not roll.hit:
        return events
    if crit == SLAYING_CRIT:
        return events + deal_damage(state, dice, target, 0, weapon.damage_type, slain=True)
    amount = damage_roll(weapon.damage, dice, crit)
    return events + deal_damage(state, dice, target, amount, weapon.damage_type, bool(crit),
                                knockout and weapon.kind == MELEE)


def _use_help(state: GameState, attacker: Entity, target: Entity) -> None:
    side = state.side(attacker)
    entries = _helped(state)
    used = next((h for h in entries if h.side == side and h.target == target and h.until != attacker), None)
    if used is not None:
        state.world.set_resource(HelpInForce(tuple(h for h in entries if h != used)))


def apply_attack(state: GameState, c: Attack, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.attack_action(budget(state, c.actor), "" if c.option else c.weapon))
    weapon = weapon_named(state, c.actor, c.weapon)
    assert weapon is not None
    if not c.option:
        return _draw_for_free(state, c.actor, weapon.name) + _strike(state, dice, c.actor, c.target, weapon, c.knockout)
    # §2.1: the target resists with its better of a Strength or Dexterity save (docs/rulings.md).
    dc = options.maneuver_dc(sheet(state, c.actor).mod("str"), sheet(state, c.actor).proficiency)
    ability = "str" if sheet(state, c.target).mod("str") >= sheet(state, c.target).mod("dex") else "dex"
    saved, event = _save(state, dice, c.target, ability, dc)
    outcome = options.resolve_maneuver(c.option, dc if saved else 0, dc, c.break_weapon)
    events: list[Event] = _drop(state, c.actor, "hidden") + [event, ActionTaken(c.actor, c.option, outcome.succeeded)]
    if outcome.prone:
        events += _add(state, c.target, "prone")
    if outcome.grappled:
        events += _add(state, c.target, "grappled", by=c.actor, amount=dc)
    held = hands(state, c.target).held
    if (outcome.weapon_dropped or outcome.weapon_damaged) and held:
        # The first weapon in its hands falls into its square, or breaks for good (the game has no weapon
        # hit points, docs/rulings.md).
        state.world.add(c.target, Hands(held[1:]))
        if outcome.weapon_dropped:
            state.world.create(Dropped(c.target, held[0], state.square(c.target)))
            events.append(WeaponHandled(c.target, held[0], "knocked away"))
        else:
            events += _add(state, c.target, "weapon broken", source=held[0])
    return events


def _draw_for_free(state: GameState, e: Entity, weapon: str) -> list[Event]:
    """§2.1 tip (R004-AE-07): the standard action draws the weapon it uses at no cost."""
    held = hands(state, e).held
    if weapon in held:
        return []
    state.world.add(e, Hands(held + (weapon,)))
    return [WeaponHandled(e, weapon, "drawn", free=True)]


def spell_area(state: GameState, caster: Entity, spell: Spell, point: Square) -> tuple[tuple[Square, ...], tuple[Entity, ...]]:
    """An area spell cast at ``point`` (§5, spells.toml): the open squares within its radius of the centre
    (the caster's space for a range-0 spell, else the point), which a fog or darkness fills, and the creatures
    other than the caster within the radius with line of effect from the centre, who save. The cast and the
    screen's area template both ask it."""
    centre = state.space(caster) if spell.range_ft == 0 else (point, 1)
    squares = tuple(sq for sq in state.battlefield.squares()
                    if distance_ft(centre, (sq, 1)) <= spell.radius_ft and not state.battlefield.at(sq).wall)
    caught = tuple(e for e in state.standing() if e != caster and distance_ft(centre, state.space(e)) <= spell.radius_ft
                   and line_of_effect(state.battlefield, centre, state.space(e)))
    return squares, caught


def apply_cast(state: GameState, c: Cast, dice: Dice) -> list[Event]:
    spell = spell_named(state, c.actor, c.spell)
    assert spell is not None
    spent = spells.spend_slot(slots(state, c.actor), spell.level, c.slot_level or None)
    assert isinstance(spent, spells.SpellSlots)
    state.world.add(c.actor, spent)
    state.world.add(c.actor, economy.spend(budget(state, c.actor), spell.action))
    area = spell_area(state, c.actor, spell, c.at or state.square(c.actor))[0] if spell.radius_ft else ()
    events: list[Event] = [SpellCast(c.actor, spell.key, c.slot_level or spell.level, area)]
    if "V" in spell.components:
        events += _drop(state, c.actor, "hidden")       # [5e] a spoken spell gives the hider away
    sheet_ = sheet(state, c.actor)
    if spell.effect == "attack":
        assert c.target is not None
        return events + _spell_attack(state, dice, c.actor, c.target, spell)
    if spell.effect == "heal":
        assert c.target is not None and spell.heal is not None
        amount = max(0, spell.heal.roll(dice)[0] + sheet_.spell_mod)
        return events + _heal(state, c.target, amount)
    if spell.effect == "teleport":
        assert c.at is not None
        state.world.add(c.actor, Position(c.at))
        return events + [Teleported(c.actor, c.at)]
    point = c.at if c.at is not None else state.square(c.actor)
    if spell.concentration:
        events += end_concentration(state, c.actor)
        state.world.add(c.actor, spells.Concentration(spell.key))
    if spell.effect in ("obscure", "darken"):
        squares, _ = spell_area(state, c.actor, spell, point)
        state.world.create(Zone(c.actor, spell.key, squares, darkness=spell.effect == "darken"))
        _lay_zones(state)
        return events
    return events + _area_save(state, dice, c.actor, spell, point)


def _area_save(state: GameState, dice: Dice, caster: Entity, spell: Spell, point: Square) -> list[Event]:
    """Every creature within the radius of the point with line of effect from it saves (the caster itself
    is spared by a spell centred on it); a failure takes the damage and the push, a success half or none.
    The damage is rolled once for all of them (5e; docs/rulings.md), when the first creature it hurts has
    saved."""
    events: list[Event] = []
    centre = state.space(caster) if spell.range_ft == 0 else (point, 1)
    rolled: int | None = None
    for target in spell_area(state, caster, spell, point)[1]:
        if not alive(state, target):
            continue
        bonus = COVER_BONUS.get(cover(state, caster, target, "area", point), 0) if spell.save == "dex" else 0
        saved, event = _save(state, dice, target, spell.save, sheet(state, caster).spell_dc, bonus)
        events.append(event)
        assert spell.damage is not None
        amount = 0
        if not saved or spell.half_on_save:
            rolled = spell.damage.roll(dice)[0] if rolled is None else rolled
            amount = rolled // 2 if saved else rolled
        if amount:
            events += deal_damage(state, dice, target, amount, spell.damage_type)
        if not saved and spell.push_ft and alive(state, target):
            events += _push(state, dice, target, centre, spell.push_ft)
    return events


def _push(state: GameState, dice: Dice, target: Entity, away_from: tuple[Square, int], feet: int) -> list[Event]:
    """Forced movement straight away from the centre, square by square, until blocked; never provokes
    (R004-OA-04). A push over a ledge is a fall."""
    (cx, cy), side = away_from
    centre_x2, centre_y2 = 2 * cx + side - 1, 2 * cy + side - 1
    rules = feet_rules(state, target)
    path = [state.square(target)]
    for _ in range(feet // 5):
        x, y = path[-1]
        t_side = state.space(target)[1]
        dx = (2 * x + t_side - 1 > centre_x2) - (2 * x + t_side - 1 < centre_x2)
        dy = (2 * y + t_side - 1 > centre_y2) - (2 * y + t_side - 1 < centre_y2)
        nxt = (x + dx, y + dy)
        step = next((s for s in rules.steps(path[-1]) if s[0] == nxt), None)
        if (dx, dy) == (0, 0) or step is None or not rules.may_end_at(nxt):
            break
        path.append(nxt)
        if step[3]:
            break
    if len(path) == 1:
        return []
    state.world.add(target, Position(path[-1]))
    events: list[Event] = [Pushed(target, tuple(path))]
    return events + _fall_if_dropped(state, dice, target, path[-2], path[-1])


def _spell_attack(state: GameState, dice: Dice, caster: Entity, target: Entity, spell: Spell) -> list[Event]:
    """A spell attack roll against the target's AC with cover, then its damage (§4.3, §7)."""
    assert spell.damage is not None
    mode = attack_odds(state, caster, target, RANGED)
    _use_help(state, caster, target)
    ac = sheet(state, target).ac + COVER_BONUS.get(cover(state, caster, target, RANGED), 0)
    roll = attack_roll(dice, sheet(state, caster).spell_attack, ac, mode)
    events: list[Event] = [AttackRolled(caster, target, spell.name, roll.faces, roll.total, ac, roll.hit, roll.crit, mode)]
    if roll.hit and roll.crit == SLAYING_CRIT:
        events += deal_damage(state, dice, target, 0, spell.damage_type, slain=True)
    elif roll.hit:
        amount = damage_roll(spell.damage, dice, roll.crit)
        events += deal_damage(state, dice, target, amount, spell.damage_type, bool(roll.crit))
    return events


def _heal(state: GameState, target: Entity, amount: int) -> list[Event]:
    was_down = vitals(state, target).unconscious
    after = heal(vitals(state, target), amount)
    _set_vitals(state, target, after)
    events: list[Event] = [Healed(target, amount, after.hp)]
    if was_down and not after.unconscious:
        events += _drop(state, target, "unconscious")
    return events


def apply_dodge(state: GameState, c: Dodge, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.dodge(budget(state, c.actor)))
    return [ActionTaken(c.actor, "dodge")]


def apply_dash(state: GameState, c: Dash, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.dash(budget(state, c.actor)))
    return [ActionTaken(c.actor, "dash")]


def apply_disengage(state: GameState, c: Disengage, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.disengage(budget(state, c.actor)))
    return [ActionTaken(c.actor, "disengage")]


def apply_hide(state: GameState, c: Hide, dice: Dice) -> list[Event]:
    """§2.1: Dexterity (Stealth) against DC 15."""
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.STANDARD))
    total = roll_d20(dice).natural + sheet(state, c.actor).mod("dex")
    hidden = options.hides(total)
    # The Stealth total is kept with the condition: a Search must meet it to find the hider.
    return [ActionTaken(c.actor, "hide", hidden)] + (_add(state, c.actor, "hidden", amount=total) if hidden else [])


def apply_search(state: GameState, c: Search, dice: Dice) -> list[Event]:
    """§2.1 Search: one Wisdom (Perception) check against each hidden enemy's Stealth total. Sight decides it
    (§8): a hider the searcher cannot make out at all (dark, heavy fog, out of sight) is not found, and one in
    dim light or light fog is looked for at disadvantage (R004-LT-02, LT-03)."""
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.STANDARD))
    field, eye = sight_field(state, c.actor), state.space(c.actor)
    events: list[Event] = []
    for hider in hidden_enemies(state, c.actor):
        stealth = next(cond.amount for cond in state.conditions(hider).named("hidden"))
        seeing = sight_check(field, eye, state.space(hider))
        if seeing == FAILS:
            events.append(Searched(c.actor, hider, (), 0, stealth, False))
            continue
        roll = roll_d20(dice, DISADVANTAGE if seeing == HINDERED else STRAIGHT)
        total = roll.natural + sheet(state, c.actor).mod("wis")
        found = options.finds(total, stealth)
        events.append(Searched(c.actor, hider, roll.faces, total, stealth, found))
        if found:
            events += _drop(state, hider, "hidden")
    return events


def apply_help(state: GameState, c: Help, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.STANDARD))
    entries = tuple(h for h in _helped(state) if h.until != c.actor)
    state.world.set_resource(HelpInForce(entries + (Helped(state.side(c.actor), c.target, c.actor),)))
    return [ActionTaken(c.actor, "help")]


def apply_first_aid(state: GameState, c: FirstAid, dice: Dice) -> list[Event]:
    """§3.1: Wisdom (Medicine) DC 10."""
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.STANDARD))
    total = roll_d20(dice).natural + sheet(state, c.actor).mod("wis")
    before = vitals(state, c.target)
    after = first_aid(before, total)
    assert not isinstance(after, Refused)
    _set_vitals(state, c.target, after)
    events: list[Event] = [ActionTaken(c.actor, "first aid", after != before)]
    if before.knocked_out and not after.knocked_out:
        events += _drop(state, c.target, "unconscious")
    return events


def apply_potion(state: GameState, c: DrinkPotion, dice: Dice) -> list[Event]:
    """§2.2, §9: the bonus action. A potion drunk while a lasting potion effect is active rolls on the mixing
    table first; where one potion fails or lasts, it is the one drunk earlier (docs/rulings.md)."""
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.BONUS))
    bag = state.world.get(c.actor, Potions)
    state.world.add(c.actor, bag.taking(c.potion))
    if not mixing_needed(bag.lasting_effect):
        return [PotionDrunk(c.actor, c.potion)] + _potion_works(state, dice, c.actor, c.potion, NORMAL)
    mixing = roll_mixing(dice)
    events: list[Event] = [PotionDrunk(c.actor, c.potion, mixing.roll, mixing.result)]
    if mixing.result in (HALVED, DOUBLED):
        # Both work, every number halved or doubled: the earlier potion's temporary HP too.
        _set_vitals(state, c.actor, replace(vitals(state, c.actor), temp=scaled(vitals(state, c.actor).temp, mixing.result)))
        return events + _potion_works(state, dice, c.actor, c.potion, mixing.result)
    if mixing.result == NORMAL:
        return events + _potion_works(state, dice, c.actor, c.potion, NORMAL)
    _end_lasting_potion(state, c.actor)
    if mixing.result in (ONE_FAILS, PERMANENT):
        return events + _potion_works(state, dice, c.actor, c.potion, mixing.result)
    # 01-15: both lose their effect; 01 also explodes (02-08's poison: no poisons exist, docs/rulings.md).
    return events + (_explode(state, dice, c.actor) if mixing.result == EXPLOSION else [])


def _potion_works(state: GameState, dice: Dice, e: Entity, potion: str, result: str) -> list[Event]:
    """A potion of healing heals 2d4+2 (00: maximum HP up by 2d4+2 instead, the page's example); a potion
    of heroism gives 10 temporary HP, a lasting effect (00: they stay, and no effect is left to mix with)."""
    if potion == "healing":
        amount = HEALING_POTION.roll(dice)[0]
        if result == PERMANENT:
            return _raise_max_hp(state, e, amount)
        return _heal(state, e, scaled(amount, result))
    _set_vitals(state, e, gain_temp(vitals(state, e), scaled(HEROISM_TEMP_HP, result)))
    state.world.add(e, replace(state.world.get(e, Potions), lasting_effect=result != PERMANENT))
    return [Healed(e, 0, vitals(state, e).hp)]


def _end_lasting_potion(state: GameState, e: Entity) -> None:
    """The earlier potion (heroism) loses its effect: its temporary HP go."""
    state.world.add(e, replace(state.world.get(e, Potions), lasting_effect=False))
    _set_vitals(state, e, replace(vitals(state, e), temp=0))


def _explode(state: GameState, dice: Dice, e: Entity) -> list[Event]:
    """§9 result 01: 4d10 force to every creature within 5 ft of the mixture, the drinker included, rolled
    once for all of them as an area spell's damage is (docs/rulings.md)."""
    events: list[Event] = []
    here = state.space(e)
    amount = EXPLOSION_DAMAGE.roll(dice)[0]
    for other in state.standing():
        if distance_ft(here, state.space(other)) <= EXPLOSION_RADIUS_FT or other == e:
            events += deal_damage(state, dice, other, amount, "force")
    return events


def _raise_max_hp(state: GameState, e: Entity, amount: int) -> list[Event]:
    """§9 result 00 with a potion of healing: the page's example, maximum HP up by 2d4+2."""
    before = vitals(state, e)
    _set_vitals(state, e, replace(before, max_hp=before.max_hp + amount))
    return _heal(state, e, amount)


def apply_stand_up(state: GameState, c: StandUp, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.stand_up(budget(state, c.actor)))
    return [ActionTaken(c.actor, "stand up")] + _drop(state, c.actor, "prone")


def apply_drop_prone(state: GameState, c: DropProne, dice: Dice) -> list[Event]:
    return [ActionTaken(c.actor, "drop prone")] + _add(state, c.actor, "prone")


def apply_escape(state: GameState, c: Escape, dice: Dice) -> list[Event]:
    """[5e] Strength (Athletics) or Dexterity (Acrobatics), the better, against the grapple's DC."""
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.STANDARD))
    hold = state.conditions(c.actor).named("grappled")[0]
    me = sheet(state, c.actor)
    total = roll_d20(dice).natural + max(me.mod("str") + me.proficiency, me.mod("dex"))
    freed = total >= hold.amount
    events: list[Event] = [ActionTaken(c.actor, "escape", freed)]
    if freed:
        events += _drop(state, c.actor, "grappled")
    return events


def apply_pick_up(state: GameState, c: PickUp, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.interact(budget(state, c.actor)))
    lying = _within_reach_of_ground(state, c.actor)
    assert lying is not None
    state.world.delete(next(e for e, d in dropped(state, c.actor) if d == lying))
    state.world.add(c.actor, Hands(hands(state, c.actor).held + (lying.weapon,)))
    return [WeaponHandled(c.actor, lying.weapon, "picked up")]


def apply_draw(state: GameState, c: Draw, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.handle_weapon(budget(state, c.actor), c.weapon))
    state.world.add(c.actor, Hands(hands(state, c.actor).held + (c.weapon,)))
    return [WeaponHandled(c.actor, c.weapon, "drawn")]


def apply_stow(state: GameState, c: Stow, dice: Dice) -> list[Event]:
    before = budget(state, c.actor)
    after = economy.handle_weapon(before, c.weapon)
    assert isinstance(after, economy.Budget)
    state.world.add(c.actor, after)
    state.world.add(c.actor, Hands(tuple(w for w in hands(state, c.actor).held if w != c.weapon)))
    free = after.free_interaction == before.free_interaction and after.standard == before.standard
    return [WeaponHandled(c.actor, c.weapon, "stowed", free)]


def apply_off_hand(state: GameState, c: OffHandAttack, dice: Dice) -> list[Event]:
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.BONUS))
    weapon = off_hand_weapon(state, c.actor, c.weapon)
    assert weapon is not None
    return [ActionTaken(c.actor, "off-hand attack")] + _strike(state, dice, c.actor, c.target, weapon)


def apply_ready(state: GameState, c: Ready, dice: Dice) -> list[Event]:
    """§2.1 Ready: the standard action (its weapon drawn for free); a cantrip is held with concentration,
    which ends any other concentration spell ([5e], docs/rulings.md)."""
    state.world.add(c.actor, economy.spend(budget(state, c.actor), economy.STANDARD))
    events: list[Event] = _draw_for_free(state, c.actor, c.weapon) if c.weapon else []
    if c.spell:
        events += end_concentration(state, c.actor)
        state.world.add(c.actor, spells.Concentration(c.spell))
    state.world.add(c.actor, Readied(c.weapon, c.spell, c.target))
    return events + [ActionReadied(c.actor, c.weapon, c.spell, c.target)]


def apply_dismiss(state: GameState, c: Dismiss, dice: Dice) -> list[Event]:
    return [ActionTaken(c.actor, "dismiss")] + end_concentration(state, c.actor)


def apply_end_turn(state: GameState, c: EndTurn, dice: Dice) -> list[Event]:
    return [TurnEnded(c.actor)] + _advance(state, dice)


# The turn system ------------------------------------------------------------------------------------------


def _advance(state: GameState, dice: Dice) -> list[Event]:
    """The next creature's turn; the dead are passed over, and creatures that cannot act (unconscious after
    their death save) pass at once."""
    events: list[Event] = []
    for _ in range(2 * len(round_of(state).order) + 1):
        now = round_of(state)
        index = now.index + 1
        number = now.number + (index >= len(now.order))
        state.world.set_resource(Round(number, now.order, index % len(now.order)))
        if not alive(state, round_of(state).current):
            continue
        events += start_turn(state, dice)
        if state.outcome is not None or awake(state, round_of(state).current):
            return events
        events.append(TurnEnded(round_of(state).current))
    return events


def start_turn(state: GameState, dice: Dice) -> list[Event]:
    """§2, §3.1: a fresh budget and reaction; Dodge and Help end; a creature at 0 HP rolls its death save."""
    e = round_of(state).current
    events: list[Event] = [TurnStarted(e, round_of(state).number)]
    for other, spent in list(state.world.query(spells.SpellSlots)):
        state.world.add(other, spent.new_turn())
    state.world.set_resource(HelpInForce(tuple(h for h in _helped(state) if h.until != e)))
    state.world.add(e, economy.start_of_turn(budget(state, e)))
    ready = readied(state, e)
    if ready is not None:
        # §2.1 Ready: a readied action not taken lapses when the readier's turn comes round again.
        state.world.remove(e, Readied)
        if ready.spell and concentration(state, e).spell == ready.spell:
            state.world.add(e, spells.Concentration())
    now = vitals(state, e)
    if sheet(state, e).hero and needs_death_save(now):
        save = death_save(now, dice)
        _set_vitals(state, e, save.vitals)
        events.append(DeathSaveRolled(e, save.natural, save.outcome))
        if save.vitals.dead:
            events += _die(state, e)
        elif not save.vitals.unconscious:
            events += _drop(state, e, "unconscious")
    return events


def _upkeep(state: GameState) -> list[Event]:
    """After every command: grapples end when the grappler is down or the grappled creature is out of its
    reach ([5e]); the skirmish ends when only one side has creatures standing and awake."""
    events: list[Event] = []
    for other in state.creatures():
        for hold in state.conditions(other).named("grappled"):
            g = hold.by
            if g is None or not alive(state, g) or not awake(state, g) or \
                    distance_ft(state.space(g), state.space(other)) > _reach_ft(state, g):
                state.world.add(other, state.conditions(other).without(hold))
                events.append(ConditionChanged(other, "grappled", False))
    if state.outcome is None:
        sides = [state.side(e) for e in state.standing() if awake(state, e)]
        remaining = list(dict.fromkeys(sides))
        if len(remaining) <= 1:
            winner = remaining[0] if remaining else ""
            state.world.set_resource(Outcome(winner))
            events.append(SkirmishWon(winner))
    return events


# The door ---------------------------------------------------------------------------------------------------

Validator = Callable[[GameState, Any], "Refused | None"]
Applier = Callable[[GameState, Any, Dice], list[Event]]

RULES: dict[type, tuple[Validator, Applier]] = {
    Move: (validate_move, apply_move),
    Attack: (validate_attack, apply_attack),
    Cast: (validate_cast, apply_cast),
    Dodge: (_standard_only, apply_dodge),
    Dash: (_standard_only, apply_dash),
    Disengage: (_standard_only, apply_disengage),
    Hide: (validate_hide, apply_hide),
    Search: (validate_search, apply_search),
    Help: (validate_help, apply_help),
    FirstAid: (validate_first_aid, apply_first_aid),
    DrinkPotion: (validate_potion, apply_potion),
    StandUp: (validate_stand_up, apply_stand_up),
    DropProne: (validate_drop_prone, apply_drop_prone),
    Escape: (validate_escape, apply_escape),
    PickUp: (validate_pick_up, apply_pick_up),
    EndTurn: (validate_end_turn, apply_end_turn),
    React: (validate_react, apply_react),
    OffHandAttack: (validate_off_hand, apply_off_hand),
    Ready: (validate_ready, apply_ready),
    Draw: (validate_draw, apply_draw),
    Stow: (validate_stow, apply_stow),
    Dismiss: (validate_dismiss, apply_dismiss),
}


def validate(state: GameState, command: Any) -> Refused | None:
    """Pure: no dice, no change. None means the command may be applied."""
    rules = RULES.get(type(command))
    if rules is None:
        return Refused(f"{type(command).__name__} is not a 5e-house command")
    return rules[0](state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refused | list[Event]:
    """Validate, then apply and keep the skirmish's upkeep; a refusal changes nothing."""
    refusal = validate(state, command)
    if refusal is not None:
        return refusal
    events = RULES[type(command)][1](state, command, dice)
    events += _upkeep(state)
    if state.outcome is None and pending(state) is None and not awake(state, round_of(state).current):
        events += [TurnEnded(round_of(state).current)] + _advance(state, dice) + _upkeep(state)
    return events

