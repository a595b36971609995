"""Two-weapon fighting in play (§4.7.3; ATK-17, ATK-18): which weapons may pair, the penalties of the turn, and
the off-hand attack as one more attack of a full attack."""

from __future__ import annotations

from dataclasses import replace

from game.ecs.world import Entity
from game.rulesets.d20modern import attack, budget as bud
from game.rulesets.d20modern.components import Sheet, Weapon
from game.rulesets.d20modern.situation import in_hand
from game.rulesets.d20modern.verdict import Refused
from game.state import GameState
from game.rulesets.d20modern.i18n import L_

PRIMARY, OFF = "primary", "off"


def off_hand_weapons(state: GameState, e: Entity, primary: Weapon | None = None) -> list[Weapon]:
    """The weapons in hand that can go in the off hand: any one-handed or light weapon besides the primary one."""
    return [w for w in in_hand(state, e) if w.grip != "two" and w.kind != "unarmed" and w != primary]


def penalty(state: GameState, e: Entity, weapon: Weapon, hand: str) -> tuple[tuple[str, int], ...]:
    """ATK-17: the primary hand's penalty (light when any off-hand weapon in hand is light) or the off hand's."""
    if not hand:
        return ()
    feat = state.world.get(e, Sheet).has("two_weapon_fighting")
    if hand == OFF:
        return (("off hand", attack.two_weapon_penalties(weapon.grip == "light", feat)[1]),)
    light = any(w.grip == "light" for w in off_hand_weapons(state, e, weapon))
    return (("two weapons", attack.two_weapon_penalties(light, feat)[0]),)


def hand_problem(state: GameState, e: Entity, weapon: Weapon, hand: str) -> Refused | None:
    """ATK-07, ATK-17: two weapons are declared on the turn's first attack; the off-hand attack comes once, after
    an attack, as part of a full attack; neither weapon is two-handed."""
    b = state.world.get(e, bud.Budget)
    if hand not in ("", PRIMARY, OFF):
        return Refused(L_("a weapon is held in the primary or the off hand"), "d20-modern ATK-17")
    if not hand:
        return Refused(L_("fighting with two weapons this turn: say which hand"), "d20-modern ATK-17") if b.two_weapon else None
    if weapon.grip == "two" or weapon.kind == "unarmed":
        return Refused(L_("two-weapon fighting needs one-handed weapons"), "d20-modern ATK-17")
    if hand == PRIMARY:
        if b.attacks and not b.two_weapon:
            return Refused(L_("two-weapon fighting is declared with the turn's first attack"), "d20-modern ATK-17")
        if not off_hand_weapons(state, e, weapon):
            return Refused(L_("no second weapon for the off hand"), "d20-modern ATK-17")
        return None
    if not b.two_weapon or b.attacks == 0:
        return Refused(L_("the off-hand attack follows a primary-hand attack"), "d20-modern ATK-17")
    if b.off_hand:
        return Refused(L_("one off-hand attack a round"), "d20-modern ATK-17")
    if not b.full_attack and (not b.move or b.moved):
        return Refused(L_("the off-hand attack is part of a full attack (the whole turn)"), "d20-modern ACT-07")
    return None


def use_off_hand(b: bud.Budget) -> bud.Budget:
    """The off-hand attack: one more attack of the full attack, not one of its iterative ones."""
    return replace(b, attack=False, move=False, full_attack=True, off_hand=True)
