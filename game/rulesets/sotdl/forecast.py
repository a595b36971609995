"""What the screen shows before and during an attack, worked out by the rules the attack itself uses: the
boons and banes as the dice they add, the exact chances (T3, R9, R11, R13), the banner's reason and AP pips."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.ecs.world import Entity
from game.rulesets.sotdl import afflictions, attack, situation
from game.rulesets.sotdl.components import Sheet
from game.rulesets.sotdl.i18n import N_
from game.rulesets.sotdl.rolls import HIT_TN, chance_at_least
from game.rulesets.sotdl.rounds import ap, round_of, side_label
from game.state import GameState


@dataclass(frozen=True)
class Forecast:
    """An attack's odds: each boon and bane with its reason, the net as dice ("+2d6 take the highest"),
    the hit test's flat modifier and the exact chances that the hit test hits (5 or more), gets past the
    target's armor, and gets past its Defense too (should it dodge)."""

    edges: tuple[tuple[str, int], ...]
    net: int
    dice: str
    modifier: int
    hit: Fraction
    past_armor: Fraction
    past_dodge: Fraction


def dice_text(net: int) -> str:
    """T3: "+1d6", "-2d6 (highest)", or "" with no boons or banes."""
    if net == 0:
        return ""
    sign = "+" if net > 0 else "-"
    return f"{sign}{abs(net)}d6" + (" (highest)" if abs(net) > 1 else "")


def attack_forecast(state: GameState, attacker: Entity, target: Entity, charge: bool = False) -> Forecast:
    """The forecast of an Attack (or a Charge's attack) by ``attacker`` on ``target``."""
    weapon = attack.weapon_of(state, attacker)
    edges = tuple(situation.hit_edges(state, attacker, target, ranged=weapon.ranged, charge=charge))
    net = situation.net(list(edges))
    modifier = attack.hit_modifier(state, attacker, weapon)
    armor = state.world.get(target, Sheet).armor
    armor_value = 0 if armor is None or attack.armor_broken(state, target) else armor.value
    defense = afflictions.defense(state.conditions(target), state.world.get(target, Sheet).defense)
    past_armor = chance_at_least(modifier, net, max(HIT_TN, armor_value))
    past_dodge = chance_at_least(modifier, net, max(HIT_TN, armor_value, defense + 1))
    return Forecast(edges, net, dice_text(net), modifier, chance_at_least(modifier, net, HIT_TN), past_armor, past_dodge)


def banner(state: GameState) -> tuple[str, dict[str, str]]:
    """Who holds the initiative and why (R2, R4), as text with named placeholders and their values: the side by its
    roster label ("Wanderers move first"), an attacked creature by its name."""
    current = round_of(state)
    if current.holder is not None and current.reason == "attacked":
        name = state.name(current.holder)
        return N_("{name} was attacked: {name}'s move"), {"name": name}
    label = side_label(state, current.side)
    if current.reason == "round":
        return N_("{side} move first"), {"side": label}
    return N_("{side} to move"), {"side": label}


def ap_pips(state: GameState, entity: Entity) -> tuple[int, int, bool]:
    """(AP left, AP per round, passed) for the card and the tracker."""
    points = ap(state, entity)
    return points.left, state.world.get(entity, Sheet).ap, points.passed
