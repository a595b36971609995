"""What the d20 Modern rules read from a skirmish: a creature's sheet and state, who threatens what, and the
whole situation of one attack (the modifiers on both sides, cover, concealment) as the forecast and the
door both ask it. Creatures without a sheet (the query command's units) are armed, unhurt and aware."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square, footprint
from game.ecs.components import Body
from game.ecs.world import Entity
from game.rulesets.d20modern import attack, cover, defense, injury, measure, threat
from game.rulesets.d20modern.components import Disarmed, Reaction, Sheet, Weapon
from game.rulesets.d20modern.walking import Bystander, FeetRules, Walker
from game.state import GameState

HELPLESS = ("helpless", "unconscious")
OUT_STATES = ("dead", "dying", "stable", "unconscious")
_CANNOT_ACT = HELPLESS + ("stunned",)


def sheet(state: GameState, e: Entity) -> Sheet | None:
    return state.world.maybe(e, Sheet)


def vitals(state: GameState, e: Entity) -> injury.Vitals | None:
    return state.world.maybe(e, injury.Vitals)


def condition(state: GameState, e: Entity, name: str) -> bool:
    return state.has_condition(e, name)


def alive(state: GameState, e: Entity) -> bool:
    v = vitals(state, e)
    return v is None or injury.state_of(v) != "dead"


def can_act(state: GameState, e: Entity) -> bool:
    """Not dead, dying, stable, knocked out, helpless or stunned (§11, §13)."""
    v = vitals(state, e)
    if v is not None and injury.state_of(v) in OUT_STATES:
        return False
    return not state.has_any_condition(e, _CANNOT_ACT)


def helpless(state: GameState, e: Entity) -> bool:
    """§8: bound, sleeping, unconscious: and the dying and stable, who are unconscious (SRD)."""
    v = vitals(state, e)
    if v is not None and injury.state_of(v) in ("dying", "stable", "unconscious"):
        return True
    return any(condition(state, e, c) for c in HELPLESS)


def grapple_partners(state: GameState, e: Entity) -> tuple[Entity, ...]:
    """The creatures ``e`` grapples (each "grappling" entry names one, GRP-03)."""
    return tuple(dict.fromkeys(c.by for c in state.conditions(e).named("grappling") if c.by is not None))


def _against(state: GameState, e: Entity, name: str, foe: Entity) -> bool:
    return any(c.against == foe for c in state.conditions(e).named(name))


def size_of(state: GameState, e: Entity):
    return state.world.get(e, Body).size


def space(state: GameState, e: Entity) -> tuple[Square, int]:
    return state.space(e)


def armed(state: GameState, e: Entity) -> bool:
    """§4.5.2, §5.1: a melee weapon, natural weapons or Combat Martial Arts."""
    s = sheet(state, e)
    return s is None or s.armed_unarmed or any(w.kind == "melee" for w in in_hand(state, e))


def in_hand(state: GameState, e: Entity) -> tuple[Weapon, ...]:
    """The creature's weapons less those a disarm knocked away (DSR-02)."""
    s = sheet(state, e)
    if s is None:
        return ()
    lost = state.world.maybe(e, Disarmed)
    return tuple(w for w in s.weapons if lost is None or not lost.has_lost(w.name))


def weapon_in_hand(state: GameState, e: Entity, name: str) -> Weapon | None:
    return next((w for w in in_hand(state, e) if w.name == name), None)


def melee_weapon(state: GameState, e: Entity) -> Weapon | None:
    """The weapon its attacks of opportunity use: the best melee weapon, or an armed unarmed strike (§5.1)."""
    s = sheet(state, e)
    if s is None:
        return None
    best = max((w for w in in_hand(state, e) if w.kind == "melee"), key=lambda w: w.damage.maximum(), default=None)
    if best is None and s.armed_unarmed:
        best = next((w for w in s.weapons if w.kind == "unarmed"), None)
    return best


def threatens_at_all(state: GameState, e: Entity) -> bool:
    """AOO-01, AOO-08 and the query contract: no threat while dazed, flat-footed, grappling, helpless, stunned
    or unconscious, or without a melee weapon or an armed unarmed attack."""
    if not alive(state, e) or not can_act(state, e):
        return False
    return armed(state, e) and not any(condition(state, e, c) for c in threat.NO_THREAT)


def threatens(state: GameState, e: Entity, square: Square, side: int = 1) -> bool:
    return threatens_at_all(state, e) and threat.threatens(state.space(e), square, side)


def enemies(state: GameState, e: Entity) -> list[Entity]:
    me = state.side(e)
    return [o for o in state.creatures() if o != e and state.side(o) != me and alive(state, o)]


def allies(state: GameState, e: Entity) -> list[Entity]:
    me = state.side(e)
    return [o for o in state.creatures() if o != e and state.side(o) == me and alive(state, o)]


def watchers(state: GameState, mover: Entity, passed: tuple[Entity, ...] = ()) -> list[threat.Watcher]:
    """The mover's enemies as attacks of opportunity see them: able when they threaten, have their one attack
    of the round left (AOO-07) and were not already provoked by this move."""
    found = []
    for o in enemies(state, mover):
        reaction = state.world.maybe(o, Reaction)
        able = threatens_at_all(state, o) and not (reaction is not None and reaction.used) and o not in passed
        found.append(threat.Watcher(o, state.space(o), able))
    return found


def feet_rules(state: GameState, e: Entity) -> FeetRules:
    side = state.side(e)
    others = [Bystander(state.square(o), size_of(state, o), state.side(o)) for o in state.creatures()
              if o != e and alive(state, o)]
    return FeetRules(state.battlefield, Walker(state.square(e), size_of(state, e), side), others)


def speed_ft(state: GameState, e: Entity) -> int:
    """§2.10; ACT-13: half speed for a creature that cannot see."""
    s = sheet(state, e)
    base = s.speed_ft if s is not None else 30
    return base // 2 if condition(state, e, "blinded") else base


def feet_between(state: GameState, a: Entity, b: Entity) -> int:
    return measure.feet_between(state.space(a), state.space(b))


def adjacent(state: GameState, a: Entity, b: Entity) -> bool:
    return measure.gap_squares(state.space(a), state.space(b)) in ((1, 0), (0, 1), (1, 1))


def flanking(state: GameState, attacker: Entity, target: Entity) -> bool:
    """§6.4, ATK-20 by the query contract: an ally threatening the target stands directly opposite (the shared
    centre-line test), and the attacker threatens the target too."""
    from game.core.flanking import opposite_positions

    tsq, tside = state.space(target)
    if not threatens_at_all(state, attacker) or not any(threat.threatens(state.space(attacker), sq) for sq in footprint(tsq,
            tside)):
        return False
    for ally in allies(state, attacker):
        if threatens_at_all(state, ally) and opposite_positions(state.space(attacker), state.space(ally), state.space(target)):
            return True
    return False


def engaged_with_ally(state: GameState, attacker: Entity, target: Entity) -> bool:
    """ATK-11: the target is adjacent to an ally of the attacker, unless it is helpless or unconscious."""
    if helpless(state, target):
        return False
    return any(adjacent(state, ally, target) for ally in allies(state, attacker))


def higher_ground(state: GameState, attacker: Entity, target: Entity) -> bool:
    bf = state.battlefield
    return bf.elevation(state.square(attacker)) > bf.elevation(state.square(target))


def cover_degree(state: GameState, attacker: Entity, target: Entity) -> str:
    """COV-01, COV-04: the degree from the shared corner lines, other creatures as one-half cover."""
    screens = [(state.space(o), int(size_of(state, o))) for o in state.creatures()
               if o not in (attacker, target) and alive(state, o)]
    return cover.cover_degree(state.battlefield, state.space(attacker), state.space(target), screens,
                              int(size_of(state, target)))


def screen_of(state: GameState, attacker: Entity, target: Entity) -> Entity | None:
    """COV-06: the creature in the way that gives the target its one-half cover, if one does."""
    others = [o for o in state.creatures() if o not in (attacker, target) and alive(state, o)]
    index = cover.screen_index(state.battlefield, state.space(attacker), state.space(target),
                               [(state.space(o), int(size_of(state, o))) for o in others], int(size_of(state, target)))
    return others[index] if index is not None else None


def miss_chance(state: GameState, attacker: Entity, target: Entity) -> int:
    return cover.miss_chance(state.battlefield, state.space(attacker), state.space(target),
                             target_invisible=condition(state, target, "invisible"),
                             attacker_blind=condition(state, attacker, "blinded"))


def guard(state: GameState, e: Entity) -> defense.Guard:
    s = sheet(state, e)
    size_mod = measure.size_modifier(size_of(state, e))
    if s is None:
        return defense.Guard(0, 0, 0, size_mod)
    dodge = (4 if condition(state, e, "total_defense") else 0) + (2 if condition(state, e, "fighting_defensively") else 0)
    return defense.Guard(s.mod("dex"), s.class_bonus, s.equip_bonus, size_mod, s.natural, dodge)


def posture(state: GameState, e: Entity, attacker: Entity) -> defense.Posture:
    pin = next(iter(state.conditions(e).named("pinned")), None)
    return defense.Posture(prone=condition(state, e, "prone"),
                           stunned=condition(state, e, "stunned") or condition(state, e, "cowering"),
                           running=condition(state, e, "running"),
                           pinned=pin is not None, pinned_by_attacker=pin is not None and pin.by == attacker)


@dataclass(frozen=True)
class Odds:
    """One attack's situation: the total bonus and the Defense it meets, each modifier with its reason, the
    cover degree and the concealment miss chance."""

    bonus: int
    defense: int
    attack_mods: tuple[tuple[str, int], ...]
    defense_mods: tuple[tuple[str, int], ...]
    cover: str
    miss_chance: int

    @property
    def needed(self) -> int:
        """The natural roll needed to hit (2..20: a 1 always misses, a 20 always hits)."""
        return min(20, max(2, self.defense - self.bonus))

    @property
    def hit_percent(self) -> int:
        """Chance in percent to hit and get past concealment."""
        return (21 - self.needed) * 5 * (100 - self.miss_chance) // 100


def base_bonus(state: GameState, e: Entity, weapon: Weapon, iterative: int = 0) -> int:
    """ATK-01, ATK-03, ATK-08: BAB (the full attack's lower step) + Str or Dex + size, -4 when not proficient."""
    s = sheet(state, e)
    if s is None:
        return 0
    ability = s.mod("str") if weapon.melee else s.mod("dex")
    value = attack.attack_bonus(s.bab - 5 * iterative, ability, measure.size_modifier(size_of(state, e)))
    if weapon.firearm and not s.has("personal_firearms"):
        value += attack.NONPROFICIENT
    return value


def odds(state: GameState, attacker: Entity, target: Entity, weapon: Weapon, *, iterative: int = 0,
         defensively: bool = False, charging: bool = False, extra: tuple[tuple[str, int], ...] = ()) -> Odds:
    """§7.1-§7.3: every modifier on both sides of one attack, as the attack itself will count them."""
    melee = weapon.melee
    distance = feet_between(state, attacker, target)
    near = adjacent(state, attacker, target)
    stance = attack.Stance(
        melee=melee, flanking=melee and flanking(state, attacker, target),
        higher_ground=melee and higher_ground(state, attacker, target),
        prone=condition(state, attacker, "prone"), invisible=condition(state, attacker, "invisible"),
        into_melee=not melee and engaged_with_ally(state, attacker, target),
        longarm_adjacent=not melee and weapon.longarm and near, defensively=defensively or condition(state, attacker,
                "fighting_defensively"),
        charging=charging, range_penalty=0 if melee else measure.range_penalty(distance, weapon.increment_ft),
        aided=_against(state, attacker, "aided_attack", target),
    )
    attack_mods = tuple(attack.attack_modifiers(stance)) + extra
    degree = cover_degree(state, attacker, target)
    mods = [(cover.SHOWN[degree], cover.DEFENSE_BONUS[degree])] if cover.DEFENSE_BONUS[degree] else []
    p = posture(state, target, attacker)
    mods += defense.posture_modifiers(p, melee, near)
    if condition(state, target, "charging"):
        mods.append(("charged", -2))
    if _against(state, target, "aided_defense", attacker):
        mods.append(("aided", attack.AID))
    flat = condition(state, target, "flat_footed")
    grappling_other = condition(state, target, "grappling") and attacker not in grapple_partners(state, target)
    denied = defense.denies_dex(p, flat_footed=flat, attacker_invisible=condition(state, attacker, "invisible"),
                                grappling_other=grappling_other)
    base = defense.defense(guard(state, target), dex_denied=denied, pinned=p.pinned, helpless=helpless(state, target))
    if flat:
        mods.append(("flat-footed", 0))
    total_defense = base + sum(v for _, v in mods)
    bonus = base_bonus(state, attacker, weapon, iterative) + sum(v for _, v in attack_mods)
    return Odds(bonus, total_defense, attack_mods, tuple(mods), degree, miss_chance(state, attacker, target))
