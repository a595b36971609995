"""The 5e-house door's checks, one per command (pure: no dice, no change): a Refused value with the reason and
the section, or None."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.battlefield import Obscurement
from game.core.grid import Square, footprint
from game.core.lines import line_of_effect
from game.ecs.components import Body
from game.ecs.world import Entity
from game.rulesets.dnd5e import economy, options, spells
from game.rulesets.dnd5e.attacks import TOTAL, target_problem
from game.rulesets.dnd5e.commands import (
    Attack, Cast, Dismiss, Draw, DrinkPotion, DropProne, EndTurn, Escape, FirstAid, Help, Hide, Move, OffHandAttack,
    PickUp, React, Ready, Search, StandUp, Stow,
)
from game.rulesets.dnd5e.components import Dropped, PendingStrike, Potions, Sheet, Spell, Weapon
from game.rulesets.dnd5e.distance import distance_ft
from game.i18n import named
from game.rulesets.dnd5e.i18n import L_, N_
from game.rulesets.dnd5e.reading import (
    alive, awake, budget, concentration, dropped, feet_rules, _lost_weapons, pending, POTIONS, round_of, slots,
    speed_ft, spell_named, vitals, weapon_named,
)
from game.rulesets.dnd5e.situation import MELEE, RANGED, can_see, cannot_move, cover, hands, incapacitated, sight_field
from game.rulesets.dnd5e.teleport import teleport_reaches
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import first_aid
from game.state import GameState

R_TURN = "5e-house §2"
# One message for each part of a turn a command may need (economy.STANDARD, economy.BONUS...), so each is translated whole.
ALREADY_USED = {"standard": N_("{creature} has already used its standard action this turn"),
                "bonus": N_("{creature} has already used its bonus action this turn")}


def _turn_problem(state: GameState, actor: Entity) -> Refused | None:
    """Why ``actor`` may not send a command of its turn now: the skirmish is over, an offer waits, another's turn."""
    if state.outcome is not None:
        return Refused(L_("the skirmish is over"), R_TURN)
    if not state.world.has(actor, Sheet):
        return Refused(L_("no 5e-house creature {entity}", entity=actor), R_TURN)
    strike = pending(state)
    if strike is not None:
        return _waiting(state, strike)
    if round_of(state).current != actor:
        return Refused(L_("it is {current}'s turn, not {actor}'s", current=named(state.name(round_of(state).current)),
                          actor=named(state.name(actor))), R_TURN)
    return None


def _actor_problem(state: GameState, actor: Entity) -> Refused | None:
    """_turn_problem, or the actor cannot act at all (unconscious, incapacitated)."""
    problem = _turn_problem(state, actor)
    if problem is None and (not awake(state, actor) or incapacitated(state, actor)):
        return Refused(L_("{creature} cannot act", creature=named(state.name(actor))), "5e incapacitated")
    return problem


def _waiting(state: GameState, strike: PendingStrike) -> Refused:
    if strike.readied:
        return Refused(L_("{creature} must first answer its readied action", creature=named(state.name(strike.reactors[0]))),
                       "5e-house §2.1")
    return Refused(L_("{creature} must first answer the opportunity attack", creature=named(state.name(strike.reactors[0]))),
                   "5e-house §6")


def _needs(state: GameState, actor: Entity, kind: str) -> Refused | None:
    if not getattr(budget(state, actor), kind):
        return Refused(L_(ALREADY_USED[kind], creature=named(state.name(actor))), R_TURN)
    return None


def _target_problem(state: GameState, actor: Entity, target: Entity, enemy: bool = True) -> Refused | None:
    if not state.world.has(target, Sheet) or not alive(state, target):
        return Refused(L_("no such creature on the battlefield"), R_TURN)
    if enemy and not state.are_enemies(actor, target):
        return Refused(L_("{creature} is not an enemy", creature=named(state.name(target))), R_TURN)
    return None


def validate_move(state: GameState, c: Move) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if cannot_move(state, c.actor):
        return Refused(L_("{creature} has speed 0", creature=named(state.name(c.actor))), "5e-house §2.1")
    if len(c.path) < 2:
        return Refused(L_("a move needs at least one step"), "5e-house §2.3")
    cost = feet_rules(state, c.actor).walk_cost(c.path, budget(state, c.actor).diagonals)
    if isinstance(cost, Refused):
        return cost
    if cost[0] > budget(state, c.actor).movement_ft:
        return Refused(L_("that walk costs {cost} ft and only {left} ft are left", cost=cost[0],
                          left=budget(state, c.actor).movement_ft), "5e-house §2.3")
    return None


def attack_problem(state: GameState, actor: Entity, target: Entity, weapon: Weapon | None, option: str = "",
                   knockout: bool = False, as_if_held: bool = False) -> Refused | None:
    """Why this attack cannot be made now, leaving the action economy aside (the preview asks this too);
    ``as_if_held``: leaving aside whether a hand is free to draw the weapon."""
    if weapon is None:
        return Refused(L_("no such weapon"), "5e-house §2.1")
    problem = _target_problem(state, actor, target)
    if problem:
        return problem
    problem = _lost_problem(state, actor, weapon.name) or (
        None if option or as_if_held else _draw_problem(state, actor, weapon.name))
    if problem:
        return problem
    gap = distance_ft(state.space(actor), state.space(target))
    if weapon.kind == MELEE and gap > weapon.reach_ft:
        return Refused(L_("{creature} is {gap} ft away, beyond {reach} ft reach", creature=named(state.name(target)), gap=gap,
                          reach=weapon.reach_ft), "5e reach")
    if weapon.kind == RANGED and gap > weapon.long_range_ft:
        return Refused(L_("{creature} is {gap} ft away, beyond {range} ft", creature=named(state.name(target)), gap=gap,
                          range=weapon.long_range_ft), "5e range")
    blocked = target_problem(cover(state, actor, target, weapon.kind))
    if blocked:
        return blocked
    if option:
        if weapon.kind != MELEE:
            return Refused(L_("grapple, trip and disarm replace a melee attack roll"), "5e-house §2.1")
        body, other = state.world.get(actor, Body), state.world.get(target, Body)
        problem = options.maneuver_problem(option, body.size, other.size, free_hand=hands(state, actor).free > 0)
        if problem:
            return problem
    if knockout and weapon.kind != MELEE:
        return Refused(L_("only a melee attack can knock a creature out"), "5e-house §3.1")
    return None


def _lost_problem(state: GameState, e: Entity, weapon: str) -> Refused | None:
    """§2.1 disarm: a weapon knocked away is lost for the skirmish."""
    if weapon in _lost_weapons(state, e):
        return Refused(L_("{creature} has lost its {weapon} to a disarm", creature=named(state.name(e)), weapon=weapon),
                       "5e-house §2.1")
    return None


def _draw_problem(state: GameState, e: Entity, weapon: str) -> Refused | None:
    """§2.1 tip (R004-AE-07): an attack draws its weapon for free, but only into a free hand."""
    held = hands(state, e)
    if weapon not in held.held and held.free < 1:
        return Refused(L_("{creature}'s hands are full: stow a weapon to draw the {weapon}", creature=named(state.name(e)),
                          weapon=weapon), "5e-house §2.1")
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
        return Refused(L_("the caster does not know that spell"), "5e-house §5.1")
    problem = _components_problem(state, actor, spell)
    if problem:
        return problem
    spent = spells.spend_slot(slots(state, actor), spell.level, slot_level or None)
    if isinstance(spent, Refused):
        return spent
    own = state.space(actor)
    if spell.effect in ("attack", "heal"):
        if target is None:
            return Refused(L_("{spell} needs a creature", spell=spell.name), "5e-house §5")
        problem = _target_problem(state, actor, target, enemy=spell.effect == "attack")
        if problem:
            return problem
        if spell.effect == "heal" and state.are_enemies(actor, target):
            return Refused(L_("{spell} heals allies", spell=spell.name), "5e-house §5")
        if distance_ft(own, state.space(target)) > spell.range_ft:
            return Refused(L_("{creature} is beyond {range} ft", creature=named(state.name(target)), range=spell.range_ft),
                           "5e spell range")
        return target_problem(cover(state, actor, target, RANGED)) if target != actor else None
    if spell.range_ft == 0:
        return None
    if at is None or not state.battlefield.in_bounds(at):
        return Refused(L_("{spell} needs a square on the map", spell=spell.name), "5e-house §5")
    if distance_ft(own, (at, 1)) > spell.range_ft:
        return Refused(L_("that square is beyond {range} ft", range=spell.range_ft), "5e spell range")
    if spell.effect == "teleport":
        if not teleport_reaches(sight_field(state, actor), own, at, spell.range_ft, state.squares_taken(but=actor)):
            return Refused(L_("teleport needs an unoccupied space the caster can see"), "5e teleport")
        return None
    if not line_of_effect(state.battlefield, own, (at, 1)):
        return Refused(L_("no line of effect to that square"), "5e spell range")
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
        return Refused(L_("no enemy is hidden"), "5e-house §2.1")
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
        return Refused(L_("first aid needs the creature within 5 ft"), "5e-house §3.1")
    result = first_aid(vitals(state, c.target), 0)
    return result if isinstance(result, Refused) else None


def validate_potion(state: GameState, c: DrinkPotion) -> Refused | None:
    problem = _actor_problem(state, c.actor) or _needs(state, c.actor, economy.BONUS)
    if problem:
        return problem
    carried = state.world.maybe(c.actor, Potions)
    if c.potion not in POTIONS:
        return Refused(L_("no potion called {potion!r} (healing or heroism)", potion=c.potion), "5e-house §9")
    if carried is None or carried.count(c.potion) < 1:
        return Refused(L_("{creature} has no potion of {potion} left", creature=named(state.name(c.actor)), potion=c.potion),
                       "5e-house §9")
    return None


def validate_stand_up(state: GameState, c: StandUp) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if not state.has_condition(c.actor, "prone"):
        return Refused(L_("{creature} is not prone", creature=named(state.name(c.actor))), "5e-house §2.3.1")
    if cannot_move(state, c.actor):
        return Refused(L_("{creature} has speed 0", creature=named(state.name(c.actor))), "5e-house §2.3.1")
    stood = economy.stand_up(budget(state, c.actor))
    return stood if isinstance(stood, Refused) else None


def validate_drop_prone(state: GameState, c: DropProne) -> Refused | None:
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if state.has_condition(c.actor, "prone"):
        return Refused(L_("{creature} is already prone", creature=named(state.name(c.actor))), "5e-house §2.3.1")
    return economy.drop_prone_problem(speed_ft(state, c.actor))


def validate_escape(state: GameState, c: Escape) -> Refused | None:
    problem = _standard_only(state, c)
    if problem:
        return problem
    if not state.has_condition(c.actor, "grappled"):
        return Refused(L_("{creature} is not grappled", creature=named(state.name(c.actor))), "5e-house §2.1")
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
        who = named(state.name(c.actor))
        if dropped(state, c.actor):
            return Refused(L_("{creature} has no weapon on the ground in its space elsewhere", creature=who), "5e-house §2.4")
        return Refused(L_("{creature} has no weapon on the ground in its space", creature=who), "5e-house §2.4")
    return _hand_problem(state, c.actor) or _refused(economy.interact(budget(state, c.actor)))


def _refused(result: Any) -> Refused | None:
    return result if isinstance(result, Refused) else None


def _hand_problem(state: GameState, e: Entity) -> Refused | None:
    if hands(state, e).free < 1:
        return Refused(L_("{creature}'s hands are full: stow a weapon first", creature=named(state.name(e))), "5e-house §2.4")
    return None


def validate_draw(state: GameState, c: Draw) -> Refused | None:
    """§2.4 (R004-AE-06, -07): a weapon it carries into a free hand, with the object interaction."""
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if weapon_named(state, c.actor, c.weapon) is None:
        return Refused(L_("{creature} carries no {weapon}", creature=named(state.name(c.actor)), weapon=c.weapon), "5e-house §2.4")
    if c.weapon in hands(state, c.actor).held:
        return Refused(L_("{creature} already holds its {weapon}", creature=named(state.name(c.actor)), weapon=c.weapon),
                       "5e-house §2.4")
    return _lost_problem(state, c.actor, c.weapon) or _hand_problem(state, c.actor) or \
        _refused(economy.handle_weapon(budget(state, c.actor), c.weapon))


def validate_stow(state: GameState, c: Stow) -> Refused | None:
    """§2.1 tip, §2.4 (R004-AE-06, -07): free for the weapon of this turn's Attack, else the interaction."""
    problem = _actor_problem(state, c.actor)
    if problem:
        return problem
    if c.weapon not in hands(state, c.actor).held:
        return Refused(L_("{creature} does not hold a {weapon}", creature=named(state.name(c.actor)), weapon=c.weapon),
                       "5e-house §2.4")
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
        return Refused(L_("no such weapon"), "5e-house §2.2")
    mine = budget(state, c.actor)
    main = weapon_named(state, c.actor, mine.attacked_with)
    spent = economy.off_hand_attack(mine, main is not None and main.light, off.light, off.name != mine.attacked_with)
    if isinstance(spent, Refused):
        return spent
    if off.name not in hands(state, c.actor).held:
        return Refused(L_("the {weapon} must be in hand: draw it first", weapon=off.name), "5e-house §2.2")
    return attack_problem(state, c.actor, c.target, off)


def validate_ready(state: GameState, c: Ready) -> Refused | None:
    """§2.1 Ready (R004-SA-13): the standard action; one attack with a weapon, or an attack cantrip, and
    optionally the one enemy whose coming within reach or range triggers it."""
    problem = _standard_only(state, c)
    if problem:
        return problem
    if bool(c.weapon) == bool(c.spell):
        return Refused(L_("ready either a weapon attack or a cantrip"), "5e-house §2.1")
    if c.target is not None:
        problem = _target_problem(state, c.actor, c.target)
        if problem:
            return problem
    if c.weapon:
        weapon = weapon_named(state, c.actor, c.weapon)
        if weapon is None:
            return Refused(L_("no such weapon"), "5e-house §2.1")
        return _lost_problem(state, c.actor, weapon.name) or _draw_problem(state, c.actor, weapon.name)
    spell = spell_named(state, c.actor, c.spell)
    if spell is None or spell.level != 0 or spell.effect != "attack":
        return Refused(L_("only an attack cantrip can be readied in the game"), "5e-house §2.1")
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
        return Refused(L_("no opportunity attack or readied action is offered to that creature now"),
                       "5e-house §6")
    return None
