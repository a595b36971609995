"""The turn economy of 5e-house (§2): one standard action, one bonus action, movement in feet, free
actions on the turn, and one reaction between the starts of the creature's own turns."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rulesets.dnd5e.movement import half_speed_ft
from game.rulesets.dnd5e.i18n import L_, N_
from game.rulesets.dnd5e.verdict import Refused

STANDARD, BONUS, REACTION = "standard", "bonus", "reaction"
ALREADY_SPENT = {STANDARD: N_("the creature has already used its standard action"),
                 BONUS: N_("the creature has already used its bonus action"),
                 REACTION: N_("the creature has already used its reaction")}


@dataclass(frozen=True)
class Budget:
    """What one creature has left.

    ``diagonals``: diagonal steps so far this turn, one count across split movement and Dash (§2.3);
    ``attacked_with``: the weapon of this turn's Attack action, "" before one (for the off-hand attack,
    §2.2, and the free stow after it, §2.1 tip); ``dodging`` lasts until the start of its next turn (§2.1).
    """

    speed_ft: int
    standard: bool = True
    bonus: bool = True
    movement_ft: int = 0
    reaction: bool = True
    free_interaction: bool = True
    diagonals: int = 0
    attacked_with: str = ""
    attack_weapon_handled: bool = False
    disengaged: bool = False
    dodging: bool = False


def start_of_turn(budget: Budget) -> Budget:
    """§2, §2.1: a fresh standard and bonus action, movement equal to speed, the reaction back
    (R004-AE-02), one free interaction; Dodge and Disengage from last turn end."""
    return Budget(budget.speed_ft, movement_ft=budget.speed_ft)


def spend(budget: Budget, kind: str) -> Budget | Refused:
    """§2 (R004-AE-01, R004-AE-03): each of the standard action, the bonus action and the reaction once;
    not using one gives nothing else."""
    if not getattr(budget, kind):
        return Refused(L_(ALREADY_SPENT[kind]), "5e-house §2")
    return replace(budget, **{kind: False})  # type: ignore[arg-type]   # kind names a bool field


def move(budget: Budget, feet: int, diagonals: int) -> Budget | Refused:
    """§2.3 (R004-MV-01, R004-MV-04): movement may be split, but a step the remaining feet cannot pay
    for in full is not taken."""
    if feet > budget.movement_ft:
        return Refused(L_("that move costs {cost} ft and only {left} ft are left", cost=feet, left=budget.movement_ft),
                       "5e-house §2.3")
    return replace(budget, movement_ft=budget.movement_ft - feet, diagonals=budget.diagonals + diagonals)


def dash(budget: Budget) -> Budget | Refused:
    """§2.1 (R004-SA-08): the standard action adds the creature's speed to its movement this turn."""
    spent = spend(budget, STANDARD)
    return spent if isinstance(spent, Refused) else replace(spent, movement_ft=spent.movement_ft + spent.speed_ft)


def disengage(budget: Budget) -> Budget | Refused:
    """§2.1 (R004-SA-09): the standard action; no movement this turn provokes opportunity attacks."""
    spent = spend(budget, STANDARD)
    return spent if isinstance(spent, Refused) else replace(spent, disengaged=True)


def dodge(budget: Budget) -> Budget | Refused:
    """§2.1 (R004-SA-06): the standard action; lasts until the start of the creature's next turn."""
    spent = spend(budget, STANDARD)
    return spent if isinstance(spent, Refused) else replace(spent, dodging=True)


def dodge_works(budget: Budget, incapacitated: bool, speed_ft: int) -> bool:
    """§2.1 (R004-SA-07): the Dodge benefits lapse while incapacitated or at speed 0."""
    return budget.dodging and not incapacitated and speed_ft > 0


def stand_up(budget: Budget) -> Budget | Refused:
    """§2.3.1 (R004-MV-06): standing costs half the speed; refused with less movement left."""
    cost = half_speed_ft(budget.speed_ft)
    if budget.movement_ft < cost:
        return Refused(L_("standing up costs {cost} ft and only {left} ft are left", cost=cost, left=budget.movement_ft),
                       "5e-house §2.3.1")
    return replace(budget, movement_ft=budget.movement_ft - cost)


def drop_prone_problem(speed_ft: int) -> Refused | None:
    """§2.3.1 (R004-MV-05): only a creature whose speed is not 0 may drop prone; it costs nothing."""
    if speed_ft <= 0:
        return Refused(L_("a creature with speed 0 cannot drop prone"), "5e-house §2.3.1")
    return None


def attack_action(budget: Budget, weapon: str) -> Budget | Refused:
    """§2.1: the Attack action spends the standard action; made with ``weapon`` ("" when a grapple, trip
    or disarm replaced the roll), it opens the off-hand attack (§2.2)."""
    spent = spend(budget, STANDARD)
    return spent if isinstance(spent, Refused) else replace(spent, attacked_with=weapon)


def off_hand_attack(budget: Budget, main_light: bool, off_hand_light: bool, different_weapon: bool) -> Budget | Refused:
    """§2.2 (R004-AE-04): a bonus action after the Attack action, with another Light weapon; both weapons
    Light, as in 5e (docs/rulings.md)."""
    if not budget.attacked_with:
        return Refused(L_("the off-hand attack follows an Attack action made with a weapon"), "5e-house §2.2")
    if not (main_light and off_hand_light and different_weapon):
        return Refused(L_("the off-hand attack needs a second, different Light weapon"), "5e-house §2.2")
    return spend(budget, BONUS)


def drink_potion(budget: Budget) -> Budget | Refused:
    """§2.2 (R004-AE-05): drinking a potion is the bonus action."""
    return spend(budget, BONUS)


def interact(budget: Budget) -> Budget | Refused:
    """§2.4 (R004-AE-06): one free interaction with a non-magical object a turn; a second one is the
    Utilize action, the standard action. Drawing or stowing the weapon of an Attack is free besides (§2.1)."""
    if budget.free_interaction:
        return replace(budget, free_interaction=False)
    return spend(budget, STANDARD)


def handle_weapon(budget: Budget, weapon: str) -> Budget | Refused:
    """§2.1 tip (R004-AE-07): stowing the weapon this turn's Attack action was made with is free; drawing or
    stowing any other is an object interaction (R004-AE-06). (Drawing the weapon of an attack is part of
    the Attack itself.) The free one happens once."""
    if weapon and weapon == budget.attacked_with and not budget.attack_weapon_handled:
        return replace(budget, attack_weapon_handled=True)
    return interact(budget)
