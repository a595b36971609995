"""The 5e-house commands applied (dice in, events out): walks with the opportunity attacks and readied actions
they set off, attacks, spells, potions and every other action of §2."""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.core.grid import Square
from game.core.lines import line_of_effect
from game.ecs.components import Position
from game.ecs.world import Entity
from game.rulesets.dnd5e import economy, options, spells
from game.rulesets.dnd5e.attacks import COVER_BONUS, NORMAL_CRIT, SLAYING_CRIT, attack_roll, damage_roll
from game.rulesets.dnd5e.checks import (
    attack_problem, hidden_enemies, off_hand_weapon, spell_problem, _within_reach_of_ground,
)
from game.rulesets.dnd5e.commands import (
    ActionReadied, ActionTaken, Attack, AttackRolled, Cast, Dash, Disengage, Dismiss, Dodge, Draw, DrinkPotion,
    DropProne, EndTurn, Escape, FirstAid, Healed, Help, Hide, Move, Moved, OffHandAttack, OpportunityOffered,
    PickUp, PotionDrunk, Pushed, React, Ready, ReadiedOffered, Search, Searched, SpellCast, StandUp, Stow,
    Teleported, TurnEnded, WeaponHandled,
)
from game.rulesets.dnd5e.components import (
    Dropped, Hands, HelpInForce, Helped, PendingStrike, Potions, Readied, Spell, Weapon, Zone,
)
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.harm import (
    _add, deal_damage, _drop, end_concentration, _fall_if_dropped, _lay_zones, _release_grapples, _save,
    _set_vitals,
)
from game.rulesets.dnd5e.potions import (
    DOUBLED, EXPLOSION, EXPLOSION_DAMAGE, EXPLOSION_RADIUS_FT, HALVED, NORMAL, ONE_FAILS, PERMANENT, mixing_needed,
    roll_mixing, scaled,
)
from game.rulesets.dnd5e.reading import (
    alive, attack_odds, awake, budget, dropped, Event, feet_rules, HEALING_POTION, _helped, HEROISM_TEMP_HP,
    pending, sheet, slots, spell_named, vitals, weapon_named,
)
from game.rulesets.dnd5e.rolls import DISADVANTAGE, STRAIGHT, roll_d20
from game.rulesets.dnd5e.sight import FAILS, HINDERED, sight_check
from game.rulesets.dnd5e.situation import (
    MELEE, RANGED, can_react, can_see, cover, hands, opportunity_weapons, provokers, sight_field,
)
from game.rulesets.dnd5e.turns import _advance
from game.rulesets.dnd5e.verdict import Refused
from game.rulesets.dnd5e.vitality import first_aid, gain_temp, heal
from game.state import GameState


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
