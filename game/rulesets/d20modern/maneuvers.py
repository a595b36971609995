"""Aid another, knockout blow, trip, grapple and delay (§8.3, §9.1, §10.1, §10.9, §10.12): their checks
(pure: a Refused or None) and their resolution on the world (dice in, events out), for the door in engine.py."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import Dice, DiceExpr
from game.ecs.components import END_OF_TURN, START_OF_TURN, Condition
from game.core.grid import Square
from game.core.lines import line_of_sight
from game.ecs.world import Entity
from game.rulesets.d20modern import attack, budget as bud, measure, special, strikes, threat
from game.rulesets.d20modern.commands import (
    GRAPPLE_OPTIONS, ActionTaken, Aid, AttackRolled, ConditionChanged, Delay, Delayed, Disarm, Grapple, Knockout, OpposedCheck,
    ActionReadied, Ready, Trip,
)
from game.rulesets.d20modern.components import Ammo, Readied, Round, Sheet, Weapon
from game.rulesets.d20modern.situation import (
    adjacent, alive, armed, base_bonus, can_act, grapple_partners, helpless, odds, sheet, size_of, threatens, watchers,
    weapon_in_hand,
)
from game.rulesets.d20modern.turns import Initiative, release, start_turn
from game.rulesets.d20modern.verdict import Refused
from game.state import GameState
from game.rulesets.d20modern.i18n import L_

UNARMED = Weapon("Unarmed strike", "unarmed", DiceExpr(1, 3), grip="light", nonlethal=True)   # ATK-19


def _budget(state: GameState, e: Entity) -> bud.Budget:
    return state.world.get(e, bud.Budget)


def one_attack_problem(state: GameState, e: Entity) -> Refused | None:
    """§4.2 footnote ****: trip and grapple take the place of one melee attack (an attack action, or one attack of
    a full attack)."""
    b = _budget(state, e)
    return bud.next_attack_problem(b, b.attacks < len(bud.iterative_bonuses(state.world.get(e, Sheet).bab)))


def spend_one_attack(state: GameState, e: Entity) -> int:
    """Spend the attack; returns which attack of the turn it was (0: the first)."""
    b = _budget(state, e)
    state.world.add(e, bud.use_attack(b) if b.attacks == 0 else bud.use_next_attack(b))
    return b.attacks


def unarmed_of(state: GameState, e: Entity) -> Weapon:
    s = sheet(state, e)
    found = next((w for w in s.weapons if w.kind == "unarmed"), None) if s else None
    return found or UNARMED


def _enemy_next_to(state: GameState, actor: Entity, target: Entity) -> Refused | None:
    if target not in state.creatures() or not alive(state, target) or state.side(target) == state.side(actor):
        return Refused(L_("that is no enemy"), "d20-modern §10")
    if not adjacent(state, actor, target):
        return Refused(L_("{name} is not within 5 ft", name=state.name(target)), "d20-modern §4.5.1")
    return None


# What provokes from the target -----------------------------------------------------------------------------

def target_provoked(state: GameState, c: Trip | Grapple | Disarm) -> list[Entity]:
    """AOO-06, TRP-03: an unarmed trip provokes from an armed target unless the tripper counts as armed; GRP-02,
    GRP-07: starting a grapple provokes from the target, but not when joining one; DSR-01, DSR-03: a disarm
    provokes from the target."""
    if isinstance(c, Grapple) and (c.option != "start" or grapple_partners(state, c.target)):
        return []
    tripper = state.world.get(c.actor, Sheet)
    if isinstance(c, Trip) and not threat.unarmed_provokes(tripper.armed_unarmed, armed(state, c.target)):
        return []
    able = [w.key for w in watchers(state, c.actor) if w.able and w.key == c.target]
    return [w for w in able if threat.threatens(state.space(w), state.square(c.actor), state.space(c.actor)[1])]


# Aid another ---------------------------------------------------------------------------------------------

def validate_aid(state: GameState, c: Aid) -> Refused | None:
    """ATK-24, A25: the helper threatens the opponent, and the ally is next to it (engaged)."""
    if c.ally not in state.creatures() or state.side(c.ally) != state.side(c.actor) or c.ally == c.actor:
        return Refused(L_("aid goes to an ally"), "d20-modern §10.1")
    problem = _enemy_next_to(state, c.actor, c.target)
    if problem:
        return problem
    if not threatens(state, c.actor, state.square(c.target)):
        return Refused(L_("{name} must threaten the opponent", name=state.name(c.actor)), "d20-modern A25")
    if not adjacent(state, c.ally, c.target) or not can_act(state, c.ally):
        return Refused(L_("{name} is not engaged with {foe}", name=state.name(c.ally), foe=state.name(c.target)),
                       "d20-modern A25")
    return bud.attack_action_problem(_budget(state, c.actor))


def apply_aid(state: GameState, c: Aid, dice: Dice) -> list[Any]:
    """An attack roll against Defense 10; the bonus lasts until the end of the ally's next turn (A7)."""
    state.world.add(c.actor, bud.use_attack(_budget(state, c.actor)))
    weapon = unarmed_of(state, c.actor)
    bonus = base_bonus(state, c.actor, weapon)
    natural = dice.roll(20)
    ok = attack.hits(natural, natural + bonus, 10)
    name = "aided_defense" if c.defense else "aided_attack"
    events: list[Any] = [ActionTaken(c.actor, "aid", ok, L_("rolled {total} against Defense 10", total=natural + bonus))]
    if ok:
        state.add_condition(c.ally, Condition(name, until=END_OF_TURN, owner=c.ally, by=c.actor, against=c.target))
        events.append(ConditionChanged(c.ally, name, True))
    return events


# Knockout blow -------------------------------------------------------------------------------------------

def validate_knockout(state: GameState, c: Knockout) -> Refused | None:
    """HLP-02: a helpless creature next to the actor, unarmed or a melee weapon, a full-round action."""
    problem = _enemy_next_to(state, c.actor, c.target)
    if problem:
        return problem
    weapon = weapon_in_hand(state, c.actor, c.weapon)
    if weapon is None or not weapon.melee:
        return Refused(L_("a knockout blow is struck unarmed or with a melee weapon"), "d20-modern HLP-02")
    if not helpless(state, c.target):
        return Refused(L_("{name} is not helpless", name=state.name(c.target)), "d20-modern HLP-02")
    return bud.full_round_problem(_budget(state, c.actor), allows_step=True, completes=True)


def apply_knockout(state: GameState, c: Knockout, dice: Dice) -> list[Any]:
    """An attack against 5 + size (-4 with a lethal weapon); a hit is a critical of nonlethal damage."""
    state.world.add(c.actor, bud.use_full_round(_budget(state, c.actor)))
    weapon = state.world.get(c.actor, Sheet).weapon(c.weapon)
    assert weapon is not None
    o = odds(state, c.actor, c.target, weapon)
    penalty = 0 if weapon.nonlethal else -4
    natural = dice.roll(20)
    total = natural + o.bonus + penalty
    hit = attack.hits(natural, total, o.defense)
    mods = o.attack_mods + ((("lethal weapon", -4),) if penalty else ())
    events: list[Any] = [AttackRolled(c.actor, c.target, weapon.name, natural, total, o.defense, hit, hit, 0, hit, mods)]
    if hit:
        s = state.world.get(c.actor, Sheet)
        amount, _ = attack.roll_damage(dice, weapon.damage, attack.strength_to_damage(s.mod("str"), strikes.grip_of(weapon)),
                                       weapon.multiplier)
        events += strikes.damage(state, dice, c.target, amount, True, weapon.name)
    return events


# Trip ----------------------------------------------------------------------------------------------------

def validate_trip(state: GameState, c: Trip) -> Refused | None:
    """TRP-01, BR-01 (A15): a prone-able enemy next to the actor, one size larger to one size smaller."""
    problem = _enemy_next_to(state, c.actor, c.target)
    if problem:
        return problem
    if state.has_condition(c.target, "prone"):
        return Refused(L_("{name} is already prone", name=state.name(c.target)), "d20-modern §10.9")
    problem = special.size_limit_problem(measure.size_index(size_of(state, c.actor)), measure.size_index(size_of(state,
            c.target)), "TRP-01")
    return problem or one_attack_problem(state, c.actor)


def strength_check(state: GameState, dice: Dice, e: Entity, other: Entity, ability: int, steady: bool) -> int:
    bonus = special.size_bonus(measure.size_index(size_of(state, e)), measure.size_index(size_of(state, other)))
    return dice.roll(20) + ability + bonus + (special.STABILITY if steady else 0)


def apply_trip(state: GameState, c: Trip, dice: Dice) -> list[Any]:
    """TRP-01, TRP-02: the touch attack, then Strength against the better of Strength and Dexterity (+4 per size
    larger, +4 for four legs); the loser of the first check may be tripped back."""
    iterative = spend_one_attack(state, c.actor)
    weapon = unarmed_of(state, c.actor)
    o = odds(state, c.actor, c.target, weapon, iterative=iterative)
    s, t = state.world.get(c.actor, Sheet), state.world.get(c.target, Sheet)
    touch = o.defense - t.equip_bonus - t.natural             # DEF-03, A4: a touch attack
    natural = dice.roll(20)
    hit = attack.hits(natural, natural + o.bonus, touch)
    events: list[Any] = [AttackRolled(c.actor, c.target, "trip", natural, natural + o.bonus, touch, hit, modifiers=o.attack_mods)]
    if not hit:
        return events
    mine = strength_check(state, dice, c.actor, c.target, s.mod("str"), False)
    theirs = strength_check(state, dice, c.target, c.actor, special.trip_defender_ability(t.mod("str"), t.mod("dex")),
            t.stable_footing)
    won = special.opposed(mine, theirs)
    events.append(OpposedCheck(c.actor, c.target, "trip", mine, theirs, won))
    if won:
        return events + _fall_prone(state, c.target)
    back = strength_check(state, dice, c.target, c.actor, t.mod("str"), False)
    resist = strength_check(state, dice, c.actor, c.target, special.trip_defender_ability(s.mod("str"), s.mod("dex")),
            s.stable_footing)
    countered = special.opposed(back, resist)
    events.append(OpposedCheck(c.target, c.actor, "trip back", back, resist, countered))
    return events + (_fall_prone(state, c.actor) if countered else [])


def _fall_prone(state: GameState, e: Entity) -> list[Any]:
    state.add_condition(e, Condition("prone"))
    return [ConditionChanged(e, "prone", True)]


# Grapple -------------------------------------------------------------------------------------------------

def grapple_check(state: GameState, dice: Dice, e: Entity) -> int:
    """GRP-01: d20 + BAB + Str + the grapple size modifier."""
    s = state.world.get(e, Sheet)
    return dice.roll(20) + s.bab + s.mod("str") + measure.grapple_modifier(size_of(state, e))


def validate_grapple(state: GameState, c: Grapple) -> Refused | None:
    """GRP-02..08: start on an enemy next to the actor (GRP-08: four units at most; A13: not two sizes larger),
    or damage, pin or escape among the creatures it grapples."""
    if c.option not in GRAPPLE_OPTIONS:
        return Refused(L_("unknown grapple option {option!r}", option=c.option), "d20-modern GRP-04")
    partners = grapple_partners(state, c.actor)
    if c.option == "start":
        problem = _enemy_next_to(state, c.actor, c.target)
        if problem:
            return problem
        if c.target in partners:
            return Refused(L_("already grappling {name}", name=state.name(c.target)), "d20-modern GRP-02")
        index = measure.size_index(size_of(state, c.target))
        holders = [measure.size_index(size_of(state, g)) for g in grapple_partners(state, c.target)]
        if not special.room_to_grapple(holders, measure.size_index(size_of(state, c.actor)), index):
            return Refused(L_("no room: four units already grapple {name}", name=state.name(c.target)), "d20-modern GRP-08")
        return one_attack_problem(state, c.actor)
    if c.target not in partners:
        return Refused(L_("not grappling {name}", name=state.name(c.target)), "d20-modern GRP-04")
    pinning = [p for p in partners if pinned_by(state, p) == c.actor]
    if c.option in ("damage", "pin") and pinning and c.target not in pinning:
        return Refused(L_("while holding a pin, no damaging or pinning another"), "d20-modern GRP-05")
    if c.option == "pin" and state.has_condition(c.target, "pinned"):
        return Refused(L_("{name} is already pinned", name=state.name(c.target)), "d20-modern GRP-05")
    return one_attack_problem(state, c.actor)


def pinned_by(state: GameState, e: Entity) -> Entity | None:
    entry = next(iter(state.conditions(e).named("pinned")), None)
    return entry.by if entry is not None else None


def apply_grapple(state: GameState, c: Grapple, dice: Dice, hurt: bool = False) -> list[Any]:
    spend_one_attack(state, c.actor)
    if c.option == "start":
        return _start(state, c, dice, hurt)
    if c.option == "escape":
        return _escape(state, c.actor, dice)
    mine, theirs = grapple_check(state, dice, c.actor), grapple_check(state, dice, c.target)
    won = special.opposed(mine, theirs)
    events: list[Any] = [OpposedCheck(c.actor, c.target, c.option, mine, theirs, won)]
    if not won:
        return events
    if c.option == "pin":
        state.add_condition(c.target, Condition("pinned", until=START_OF_TURN, owner=c.actor, by=c.actor))
        return events + [ConditionChanged(c.target, "pinned", True)]
    return events + _unarmed_damage(state, dice, c.actor, c.target)


def _unarmed_damage(state: GameState, dice: Dice, e: Entity, target: Entity) -> list[Any]:
    weapon = unarmed_of(state, e)
    s = state.world.get(e, Sheet)
    amount, _ = attack.roll_damage(dice, weapon.damage, attack.strength_to_damage(s.mod("str"), "one"))
    return strikes.damage(state, dice, target, amount, weapon.nonlethal, weapon.name)


def _start(state: GameState, c: Grapple, dice: Dice, hurt: bool) -> list[Any]:
    """GRP-02, GRP-07: the provoked attack hurt: it fails; the grab (a melee touch attack; automatic when joining a
    grapple); the hold (opposed checks; a target two or more sizes larger cannot be held); then both grapple."""
    if hurt:
        return [ActionTaken(c.actor, "grapple", False, L_("the attack of opportunity hurt"))]
    joining = bool(grapple_partners(state, c.target))
    events: list[Any] = []
    if not joining:
        o = odds(state, c.actor, c.target, unarmed_of(state, c.actor))
        t = state.world.get(c.target, Sheet)
        touch = o.defense - t.equip_bonus - t.natural
        natural = dice.roll(20)
        hit = attack.hits(natural, natural + o.bonus, touch)
        events.append(AttackRolled(c.actor, c.target, "grab", natural, natural + o.bonus, touch, hit, modifiers=o.attack_mods))
        if not hit:
            return events
    if special.hold_problem(measure.size_index(size_of(state, c.actor)), measure.size_index(size_of(state, c.target))):
        return events + [ActionTaken(c.actor, "hold", False, L_("the target is two or more sizes larger"))]
    mine, theirs = grapple_check(state, dice, c.actor), grapple_check(state, dice, c.target)
    won = special.opposed(mine, theirs)
    events.append(OpposedCheck(c.actor, c.target, "hold", mine, theirs, won))
    if not won:
        return events
    for a, b in ((c.actor, c.target), (c.target, c.actor)):
        state.add_condition(a, Condition("grappling", by=b))
    events += [ConditionChanged(c.actor, "grappling", True), ConditionChanged(c.target, "grappling", True)]
    return events + _unarmed_damage(state, dice, c.actor, c.target)


def _escape(state: GameState, e: Entity, dice: Dice) -> list[Any]:
    """GRP-06: the escaper's check must beat every grappler's; a pinned creature that wins is no longer pinned."""
    partners = grapple_partners(state, e)
    mine = grapple_check(state, dice, e)
    events: list[Any] = []
    won = True
    for p in partners:
        theirs = grapple_check(state, dice, p)
        beat = special.opposed(mine, theirs)
        events.append(OpposedCheck(e, p, "escape", mine, theirs, beat))
        won = won and beat
    if won:
        events += release(state, e)
    return events


def grapple_restriction(state: GameState, command: Any) -> Refused | None:
    """GRP-03..05: grapplers cannot move and take only the grapple options (or a light weapon's attack, not while
    pinning or pinned); a pinned creature may only try to escape."""
    actor = command.actor
    if not state.has_condition(actor, "grappling"):
        return None
    name = type(command).__name__
    if state.has_condition(actor, "pinned") and not (name == "Grapple" and command.option == "escape") and name != "EndTurn":
        return Refused(L_("pinned: only an escape is possible"), "d20-modern GRP-05")
    if name in ("Grapple", "EndTurn", "DropProne"):
        return None
    if name == "Attack":
        weapon = weapon_in_hand(state, actor, command.weapon)
        pinning = any(pinned_by(state, p) == actor for p in grapple_partners(state, actor))
        if weapon is not None and weapon.grip == "light" and weapon.melee and not pinning:
            return None
    return Refused(L_("grappling: only the grapple options and a light weapon"), "d20-modern GRP-04")


# Delay ---------------------------------------------------------------------------------------------------

def validate_delay(state: GameState, c: Delay) -> Refused | None:
    """INI-01: before acting; not once everyone else has acted this round (then act or end the turn)."""
    if not _budget(state, c.actor).untouched:
        return Refused(L_("only a creature that has not acted may delay"), "d20-modern §9.1")
    r = state.world.resource(Round)
    if r.index + 1 >= len(r.order):
        return Refused(L_("everyone else has acted: act now or end the turn"), "d20-modern INI-01")
    return None


def apply_delay(state: GameState, c: Delay, dice: Dice) -> list[Any]:
    """The next creature acts first; the delayer's count is after it for the rest of the skirmish (INI-01)."""
    r = state.world.resource(Round)
    nxt = r.order[r.index + 1]
    order = list(r.order)
    order[r.index], order[r.index + 1] = nxt, c.actor
    state.world.set_resource(replace(r, order=tuple(order)))
    whole = list(state.world.resource(Initiative).order)
    if c.actor in whole and nxt in whole:
        i, j = whole.index(c.actor), whole.index(nxt)
        whole[i], whole[j] = whole[j], whole[i]
        state.world.set_resource(Initiative(tuple(whole)))
    return [Delayed(c.actor, nxt)] + start_turn(state, dice)



# Ready ---------------------------------------------------------------------------------------------------

READIED = "readied attack"


def validate_ready(state: GameState, c: Ready) -> Refused | None:
    """§9.2: a weapon it has, both actions unspent (the move action now, the attack action when it fires)."""
    weapon = weapon_in_hand(state, c.actor, c.weapon)
    if weapon is None:
        return Refused(L_("{name} has no weapon called {weapon}", name=state.name(c.actor), weapon=c.weapon),
                "d20-modern §9.2")
    if c.target is not None and (c.target not in state.creatures() or state.side(c.target) == state.side(c.actor)):
        return Refused(L_("a readied attack waits for an enemy"), "d20-modern §9.2")
    b = _budget(state, c.actor)
    if not (b.attack and b.move) or b.moved or b.restricted:
        return Refused(L_("readying takes the move action now and keeps the attack action"), "d20-modern §9.2")
    return None


def apply_ready(state: GameState, c: Ready, dice: Dice) -> list[Any]:
    b = _budget(state, c.actor)
    state.world.add(c.actor, replace(b, attack=False, move=False))
    state.world.add(c.actor, Readied(c.weapon, c.target))
    return [ActionReadied(c.actor, c.weapon, c.target)]


def _reaches(state: GameState, readier: Entity, weapon: Weapon, square: Square, side: int) -> bool:
    """Whether the readied weapon could attack a creature standing on ``square`` (reach, or sight and range)."""
    space = (square, side)
    if weapon.melee:
        return measure.gap_squares(state.space(readier), space) in ((1, 0), (0, 1), (1, 1))
    if weapon.magazine and state.world.get(readier, Ammo).rounds(weapon.name) < 1:
        return False
    return (line_of_sight(state.battlefield, state.space(readier), space)
            and measure.within_max_range(measure.feet_between(state.space(readier), space), weapon.increment_ft,
                                         weapon.kind == "thrown"))


def readied_trigger(state: GameState, mover: Entity, path: tuple[Square, ...],
                    passed: tuple[Entity, ...]) -> tuple[int, list[Entity]] | None:
    """§9.2: the first square of the walk whose entering brings the mover where an enemy's readied attack reaches
    it (it was not reached from the square before), and the readiers it sets off."""
    side = state.space(mover)[1]
    readiers = []
    for e in state.creatures():
        held = state.world.maybe(e, Readied)
        if held is None or e in passed or state.side(e) == state.side(mover) or not can_act(state, e):
            continue
        if held.target is not None and held.target != mover:
            continue
        weapon = state.world.get(e, Sheet).weapon(held.weapon)
        if weapon is not None:
            readiers.append((e, weapon))
    for index in range(1, len(path)):
        fired = [e for e, w in readiers if _reaches(state, e, w, path[index], side) and not _reaches(state, e, w,
                path[index - 1], side)]
        if fired:
            return index, fired
    return None


def fire_readied(state: GameState, dice: Dice, readier: Entity, mover: Entity) -> list[Any]:
    """INI-02, INI-03: the held attack, just before the trigger goes on; the readier's count moves to just ahead of
    the creature that set it off, for this round (so its own turn this round is gone) and the rounds after."""
    held = state.world.get(readier, Readied)
    state.world.remove(readier, Readied)
    r = state.world.resource(Round)
    current = r.order[r.index]
    order = [e for e in r.order if e != readier]
    order.insert(order.index(current), readier)
    state.world.set_resource(replace(r, order=tuple(order), index=order.index(current)))
    whole = [e for e in state.world.resource(Initiative).order if e != readier]
    whole.insert(whole.index(current), readier)
    state.world.set_resource(Initiative(tuple(whole)))
    weapon = state.world.get(readier, Sheet).weapon(held.weapon)
    assert weapon is not None
    return strikes.strike(state, dice, readier, mover, weapon)
