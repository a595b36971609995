"""What the sotdl-house bar offers and why not, asked of the door itself (no pygame): the actions with their
targets, the walks, the charges, the defenses a defender may pick with their costs, chances and reasons."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable

from game.core.grid import Square, space_distance
from game.core.movement import SearchResult
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import WALK
from game.engine.refusal import Refusal
from game.i18n.gettext_domains import Lazy, translate
from game.rulesets.sotdl import afflictions, area, attack, defenses, situation
from game.rulesets.sotdl.ai import stop_chance
from game.rulesets.sotdl.commands import (
    Attack, Charge, Defend, DropProne, Escape, Feint, FreeAttack, Grab, Hide, Move, Pass, PickUp, Shove, StandUp,
    Throw, UseItem, Withdraw, Disarm,
)
from game.rulesets.sotdl.components import PendingArea, PendingDefense, PendingFreeAttack, Sheet
from game.rulesets.sotdl.engine import figure, others, speed, validate
from game.rulesets.sotdl.i18n import L_, _
from game.rulesets.sotdl.movement import Walk, crawl_factor, reachable, walk_problem
from game.rulesets.sotdl.rolls import HIT_TN, chance_at_least
from game.rulesets.sotdl.presentation.narration import DEFENSE_NAMES, gear_name
from game.rulesets.sotdl.rounds import ap, creatures, may_take_initiative, round_of
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState

WITHDRAW, CHARGE, POTION, THROW = "withdraw", "charge", "potion", "throw"
AIMED: dict[str, Callable[[Entity, Entity], Any]] = {"shove": Shove, "grab": Grab, "disarm": Disarm, "feint": Feint}
INSTANT: dict[str, Callable[[Entity], Any]] = {"escape": Escape, "hide": Hide, "stand": StandUp, "prone": DropProne,
                                               "pick_up": PickUp, "pass": Pass}


def reason_text(refusal: Refusal) -> str:
    """A refusal's reason in the chosen language (a Lazy line, or a fixed one looked up in the catalogue)."""
    return translate(refusal.reason) if isinstance(refusal.reason, Lazy) else _(refusal.reason)


def shown(refusal: Refusal) -> str:
    """A refusal in the chosen language, with its rule: "Vess has 0 AP, 1 needed (R3)"."""
    reason = reason_text(refusal)
    return _("{reason} ({rule})").format(reason=reason, rule=refusal.rule) if refusal.rule else reason


def pending(state: GameState) -> bool:
    """A question waits: a defense, a free attack, a defense against an area."""
    world = state.world
    return any(world.maybe_resource(kind) is not None for kind in (PendingDefense, PendingFreeAttack, PendingArea))


def may_choose(state: GameState, entity: Entity) -> bool:
    """R2: while its side holds the initiative (and no attacked creature holds it), any of its creatures with AP
    left may take the action."""
    current = round_of(state)
    return (state.outcome is None and not pending(state) and current.holder is None and entity in creatures(state)
            and state.side(entity) == current.side and may_take_initiative(state, entity))


def enemies(state: GameState, actor: Entity) -> list[Entity]:
    """The enemies in the fight, nearest first."""
    found = [e for e in creatures(state) if state.are_enemies(actor, e)]
    return sorted(found, key=lambda e: (situation.distance(state, actor, e), e))


def walk_search(state: GameState, actor: Entity, yards: int) -> SearchResult | None:
    """The squares a walk of at most ``yards`` may end in (M1, M5: a crawl costs double), its own left out."""
    if yards <= 0:
        return None
    result, ends = reachable(state.battlefield, figure(state, actor), others(state, actor), yards)
    endable = frozenset(s for s in ends if s != result.start)
    return replace(result, endable=endable) if endable else None


def walk_yards(state: GameState, actor: Entity, search: SearchResult) -> dict[Square, int]:
    """The yards of the walk to each square it may end in."""
    factor = crawl_factor(state.has_condition(actor, "prone"))
    return {s: search.cost[s] * factor for s in search.endable}


def walk_climb(state: GameState, actor: Entity, path: tuple[Square, ...], yards: int) -> int:
    """M3: the yards of a walk of at most ``yards`` spent climbing cliff faces, as the door prices it."""
    found = walk_problem(state.battlefield, figure(state, actor), others(state, actor), tuple(path), yards,
                         at_least_one=state.has_condition(actor, "prone"))
    return found.climb_yards if isinstance(found, Walk) else 0


def walk_refusal(state: GameState, actor: Entity, search: SearchResult | None, kind: type) -> Refusal | None:
    """The door's verdict on a walk of ``kind`` to the nearest square it reaches, or why there is none."""
    if search is None:
        gate = validate(state, Pass(actor))
        return gate or Refusal(L_("{name} cannot move", name=state.name(actor)), "M12-M14")
    nearest = min(search.endable, key=lambda s: (search.cost[s], s))
    return validate(state, kind(actor, search.path_to(nearest)))


def charge_paths(state: GameState, actor: Entity) -> dict[Entity, tuple[Square, ...]]:
    """§11.3.1: for each enemy a charge may reach, the shortest walk ending within reach of it."""
    search = walk_search(state, actor, speed(state, actor))
    if search is None:
        return {}
    reach, side = state.world.get(actor, Sheet).reach, state.space(actor)[1]
    paths: dict[Entity, tuple[Square, ...]] = {}
    for foe in enemies(state, actor):
        there, their = state.space(foe)
        spots = [s for s in search.endable if space_distance(s, side, there, their) <= reach]
        if not spots:
            continue
        path = search.path_to(min(spots, key=lambda s: (search.cost[s], s)))
        if path is not None and validate(state, Charge(actor, path, foe)) is None:
            paths[foe] = path
    return paths


def aimed(state: GameState, make: Callable[[Entity], Any], candidates: list[Entity],
          none_left: str) -> tuple[Refusal | None, tuple[Entity, ...]]:
    """The creatures the door accepts ``make(creature)`` against, and otherwise why not (the nearest's reason)."""
    targets = tuple(e for e in candidates if validate(state, make(e)) is None)
    if targets:
        return None, targets
    if candidates:
        return validate(state, make(candidates[0])), ()
    return Refusal(none_left), ()


def throw_squares(state: GameState, actor: Entity) -> list[Square]:
    """The squares alchemist's fire may be thrown at (E1: within 10 yards, with a line of effect)."""
    (x, y), _side = state.space(actor)
    r = area.THROW_RANGE
    return [(sx, sy) for sy in range(y - r, y + r + 1) for sx in range(x - r, x + r + 1)
            if validate(state, Throw(actor, (sx, sy))) is None]


def _shown(refusal: Refusal | None) -> Refusal | None:
    """The bar's reason with its rule, already in the chosen language (the tooltip prints it as it is)."""
    return None if refusal is None else Refusal(shown(refusal))


def _against(make: Callable[[Entity, Entity], Any], actor: Entity) -> Callable[[Entity], Any]:
    return lambda target: make(actor, target)


def choices(state: GameState, actor: Entity) -> list[Choice]:
    """Every on-turn action (§11) with its targets, greyed with the door's reason when it cannot be used now."""
    sheet = state.world.get(actor, Sheet)
    weapon = attack.weapon_of(state, actor)
    foes = enemies(state, actor)
    found: list[Choice] = []
    blocked, targets = aimed(state, lambda e: Attack(actor, e), foes, _("no enemy in the fight"))
    reach = (_("Range {n}").format(n=weapon.range_yd) if weapon.ranged
             else _("Reach {n}").format(n=sheet.reach))
    power = max(1, sheet.power)
    found.append(Choice(f"attack:{weapon.key}", gear_name(weapon.name), _shown(blocked), hotkey="1", action=_("1 AP"),
                        reach=reach, aim=_("hit 5+, {n}d{die}").format(n=power, die=weapon.die), uses="at-will",
                        usage=_("1 AP"), targets=targets,
                        summary=_("A hit test (d20 + {bonus}) hits on 5 or more; the defender may answer with a "
                                  "defense; a hit under the armor value hurts only the armor; else {n}d{die} "
                                  "damage (R9-R15).").format(bonus=attack.hit_modifier(state, actor, weapon), n=power,
                                                             die=weapon.die)))
    walk = walk_search(state, actor, speed(state, actor))
    found.append(Choice(WALK, _("Walk"), _shown(walk_refusal(state, actor, walk, Move)), hotkey="W",
                        action=_("1 AP"), summary=_("Move up to your Speed in yards; leaving an enemy's reach lets "
                                                    "it make a free attack (M1, §16.5).")))
    retreat = walk_search(state, actor, speed(state, actor) // 2)
    found.append(Choice(WITHDRAW, _("Withdraw"), _shown(walk_refusal(state, actor, retreat, Withdraw)), hotkey="E",
                        action=_("1 AP"), summary=_("Move up to half your Speed; no free attacks (M4).")))
    charges = charge_paths(state, actor)
    charge_gate = None
    if not charges:       # the door's own gates first (initiative, 2 AP); a walk's reason means none is in reach
        charge_gate = validate(state, Charge(actor, (state.square(actor),), foes[0])) if foes else None
        if charge_gate is None or charge_gate.rule == "M1":
            charge_gate = Refusal(_("no enemy within a charge"), "§11.3.1")
    found.append(Choice(CHARGE, _("Charge"), _shown(charge_gate), hotkey="H", action=_("2 AP"),
                        targets=tuple(charges), summary=_("Walk up to your Speed, then attack; 1 bane on every "
                                                          "roll of it (§11.3.1, R18).")))
    words = {"shove": (_("Shove"), "S", _("Strength against Strength: pushed 1 + Strength modifier yards (M21).")),
             "grab": (_("Grab"), "G", _("An unarmed hit test: a hit grabs; both are defenseless (§11.4.2).")),
             "disarm": (_("Disarm"), "D", _("A hit test: a hit knocks the weapon from its hand (§11.4.1).")),
             "feint": (_("Feint"), "F", _("Agility against Perception within 5 yards: it loses 1 AP and makes no "
                                          "free attack on you this round (R19)."))}
    for key, make in AIMED.items():
        label, hotkey, summary = words[key]
        blocked, targets = aimed(state, _against(make, actor), foes, _("no enemy in the fight"))
        found.append(Choice(key, label, _shown(blocked), hotkey=hotkey, action=_("1 AP"), targets=targets,
                            summary=summary))
    friends = [actor] + [e for e in creatures(state) if e != actor and not state.are_enemies(actor, e)]
    blocked, targets = aimed(state, lambda e: UseItem(actor, e), friends, "")
    kit = attack.gear(state, actor)
    found.append(Choice(POTION, _("Potion ({n})").format(n=kit.potions), _shown(blocked), hotkey="P", action=_("1 AP"),
                        targets=targets, summary=_("Drink a healing potion, or give it to an ally within reach: "
                                                   "it heals the healing rate (§11.6).")))
    thrown = validate(state, Throw(actor, state.square(actor)))
    found.append(Choice(THROW, _("Fire ({n})").format(n=kit.bombs), _shown(thrown), hotkey="T", action=_("1 AP"),
                        summary=_("Throw alchemist's fire within 10 yards: every creature in 3x3 squares; one hit "
                                  "test, 2d6 fire; only a long jump or a backflip answers it (R20).")))
    instants = {"escape": (_("Escape"), "X", _("End a grab or free a parried weapon (§11.4.2, §12.2.2).")),
                "hide": (_("Hide"), "I", _("Agility, TN 10, out of sight or in heavy shadow (E6).")),
                "stand": (_("Stand up"), "U", _("Stand up from prone (M6).")),
                "prone": (_("Drop prone"), "O", _("Free, and you keep the initiative (M6).")),
                "pick_up": (_("Pick up"), "K", _("Pick your weapon up from the ground (§11.6).")),
                "pass": (_("Pass"), "A", _("Done for the round: the AP left are kept for defenses (§16.15)."))}
    for key, instant in INSTANT.items():
        label, hotkey, summary = instants[key]
        cost = _("free") if key in ("prone", "pass") else _("1 AP")
        found.append(Choice(key, label, _shown(validate(state, instant(actor))), instant=True, hotkey=hotkey,
                            action=cost, summary=summary))
    return found


def command_for(state: GameState, actor: Entity, key: str, target: Entity | None = None,
                at: Square | None = None, path: tuple[Square, ...] = ()) -> Any:
    """The command a bar choice with its click makes."""
    if key.startswith("attack:"):
        return Attack(actor, target if target is not None else actor)
    if key in AIMED:
        return AIMED[key](actor, target if target is not None else actor)
    if key in INSTANT:
        return INSTANT[key](actor)
    if key == POTION:
        return UseItem(actor, target if target is not None else actor)
    if key == THROW:
        return Throw(actor, at if at is not None else state.square(actor))
    if key == CHARGE:
        return Charge(actor, path, target if target is not None else actor)
    return (Withdraw if key == WITHDRAW else Move)(actor, path)


# The defense prompt (§11.1.3, §12) ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DefenseOption:
    """One defense in the defender's list: its door name, AP cost, chance to stop the attack, why it cannot be
    taken now ("" if it can) and whether it is untrained (R17: 2 banes); a long jump's landing is picked on the map."""

    name: str
    cost: int
    chance: Fraction | None
    why: str
    untrained: bool
    counter: bool = False      # ``chance`` is then that the counter's own blow hits (§16.22)


def defense_list(state: GameState) -> list[DefenseOption]:
    """Every defense the page has against the attack waiting, each with its AP, chance or reason (R11-R17, R20)."""
    offer = state.world.maybe_resource(PendingDefense)
    if offer is not None:
        return _weapon_defenses(state, offer)
    blast = state.world.maybe_resource(PendingArea)
    return _area_defenses(state, blast) if blast is not None else []


def _weapon_defenses(state: GameState, offer: PendingDefense) -> list[DefenseOption]:
    me, sheet = offer.target, state.world.get(offer.target, Sheet)
    usable = attack.defense_options(state, me, offer.attacker, offer.melee, False)
    left = ap(state, me).left
    armed = attack.held_weapon(state, me)
    found = []
    for name in defenses.DEFENSES:
        cost = defenses.ap_cost(name, sheet.block_trained)
        untrained = name in defenses.SPECIAL_DEFENSES and not sheet.is_trained(name)
        if name == defenses.COUNTER and name in usable:     # §16.22: it takes the blow, then strikes back
            weapon = attack.weapon_of(state, me)
            own = -len(afflictions.own_banes(state.conditions(me)))
            back = chance_at_least(attack.hit_modifier(state, me, weapon), own - (2 if untrained else 0), HIT_TN)
            found.append(DefenseOption(name, cost, back, "", untrained, counter=True))
            continue
        if name in usable:
            found.append(DefenseOption(name, cost, stop_chance(state, offer, name), "", untrained))
            continue
        if name == defenses.DODGE and not situation.can_see(state, me, offer.attacker):
            why = _("it does not see the attack (R12)")
        elif name in (defenses.PARRY, defenses.COUNTER) and state.has_condition(me, "parried"):
            why = _("its weapon is locked in a parry (A14)")
        elif name == defenses.BLOCK and not defenses.usable(name, offer.melee, armed, attack.shield_up(state, me)):
            why = _("needs a weapon or a shield in hand (R12)")
        elif name in (defenses.PARRY, defenses.COUNTER) and not defenses.usable(name, offer.melee, armed, False):
            why = _("only against a melee attack, with a weapon in hand (R12)")
        elif name == defenses.BODY_THROW and not offer.melee:
            why = _("only against a melee attack (R12)")
        elif cost > left:
            why = _("{cost} AP needed, {left} left (§10)").format(cost=cost, left=left)
        else:
            why = _("it cannot defend now (A1, A13)")
        found.append(DefenseOption(name, cost, None, why, untrained))
    return found


def _area_defenses(state: GameState, blast: PendingArea) -> list[DefenseOption]:
    me = blast.target
    usable = area.options(state, me)
    left = ap(state, me).left
    found = []
    for name in area.AREA_DEFENSES:
        cost = defenses.ap_cost(name, False)
        untrained = name == defenses.BACKFLIP and not state.world.get(me, Sheet).is_trained(name)
        if name in usable and (name != defenses.LONG_JUMP or area.landings(state, blast)):
            found.append(DefenseOption(name, cost, None, "", untrained))
        elif name in usable:
            found.append(DefenseOption(name, cost, None, _("no open square to land on outside the area (M18)"),
                                       untrained))
        elif cost > left:
            found.append(DefenseOption(name, cost, None, _("{cost} AP needed, {left} left (§10)").format(
                cost=cost, left=left), untrained))
        else:
            found.append(DefenseOption(name, cost, None, _("it cannot defend now (A1, A13)"), untrained))
    return found


def option_label(option: DefenseOption) -> str:
    """"Dodge · 1 AP · stops it 100%" or "Parry · 1 AP · untrained: 2 banes · 35%"."""
    parts = [_(DEFENSE_NAMES[option.name]), _("{n} AP").format(n=option.cost)]
    if option.untrained and option.name == defenses.DISARM:      # §16.24: banes cannot touch a natural roll
        parts.append(_("untrained: a natural 20 only"))
    elif option.untrained:
        parts.append(_("untrained: 2 banes"))
    if option.chance is not None and option.counter:
        parts.append(_("takes the blow, strikes back {p}%").format(p=percent(option.chance)))
    elif option.chance is not None:
        parts.append(_("stops it {p}%").format(p=percent(option.chance)))
    if option.name == defenses.LONG_JUMP and not option.why:
        parts.append(_("then pick where to land"))
    return " · ".join(parts)


def defend_command(state: GameState, option: DefenseOption, to: Square | None = None) -> Defend:
    """The answer a defense from the list makes; a long jump lands on ``to`` (picked on the map)."""
    who = state.world.maybe_resource(PendingDefense)
    defender = who.target if who is not None else state.world.resource(PendingArea).target
    return Defend(defender, option.name, to)


def free_attack_command(state: GameState, take: bool) -> FreeAttack:
    return FreeAttack(state.world.resource(PendingFreeAttack).attacker, take)


def percent(chance: Fraction) -> int:
    """A chance as a whole percentage, rounded half up (exact fractions, T3)."""
    return int(chance * 100 + Fraction(1, 2))


def injured_words(state: GameState, entity: Entity) -> str:
    """The card's words for the creature's state of health (§5)."""
    if state.has_condition(entity, "incapacitated"):
        return _("incapacitated")
    vitals = state.world.get(entity, Vitals)
    return _("injured") if 2 * vitals.damage >= vitals.health else ""


def afflicted(state: GameState, entity: Entity) -> list[tuple[str, int]]:
    """Each affliction once, with the round it ends at (0: until something ends it)."""
    shown_names: dict[str, int] = {}
    for entry in state.conditions(entity).entries:
        until = entry.amount if entry.until == afflictions.ROUND_END else 0
        shown_names[entry.name] = max(shown_names.get(entry.name, 0), until)
    return list(shown_names.items())
