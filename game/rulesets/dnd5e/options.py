"""The standard action's options that need a rule beyond a roll (5e-house §2.1): grapple, trip and
disarm in place of an attack roll, hide, help, and dragging a grappled creature."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Size
from game.rulesets.dnd5e.attacks import THREE_QUARTERS, TOTAL
from game.rulesets.dnd5e.i18n import L_, N_
from game.rulesets.dnd5e.verdict import Refused

GRAPPLE, TRIP, DISARM = "grapple", "trip", "disarm"
REPLACEMENTS = (GRAPPLE, TRIP, DISARM)
AT_MOST_ONE_SIZE_LARGER = {GRAPPLE: N_("a grapple works on a creature at most one size larger"),
                           TRIP: N_("a trip works on a creature at most one size larger"),
                           DISARM: N_("a disarm works on a creature at most one size larger")}
HIDE_DC = 15                  # §2.1: Dexterity (Stealth) DC 15
MANEUVER_DC_BASE = 8          # [5e-2024] 8 + Strength modifier + proficiency bonus (docs/rulings.md)


def maneuver_dc(str_mod: int, proficiency: int) -> int:
    """The DC the target's Strength or Dexterity save must meet against a grapple, trip or disarm."""
    return MANEUVER_DC_BASE + str_mod + proficiency


def maneuver_problem(kind: str, attacker_size: Size, target_size: Size, free_hand: bool) -> Refused | None:
    """§2.1 (R004-SA-01): one attack roll of the Attack action may be a grapple, trip or disarm; [5e] the
    target is at most one size larger, and a grapple needs a free hand."""
    if kind not in REPLACEMENTS:
        return Refused(L_("an attack roll can be replaced by a grapple, trip or disarm, not {option!r}", option=kind),
                       "5e-house §2.1")
    if int(target_size) > int(attacker_size) + 1:
        return Refused(L_(AT_MOST_ONE_SIZE_LARGER[kind]), "5e-house §2.1")
    if kind == GRAPPLE and not free_hand:
        return Refused(L_("grappling needs a free hand"), "5e-house §2.1")
    return None


@dataclass(frozen=True)
class ManeuverOutcome:
    """What a replacement did when the target failed its save (R004-SA-02, -03, -05)."""

    kind: str
    succeeded: bool
    prone: bool = False
    grappled: bool = False
    weapon_dropped: bool = False
    weapon_damaged: bool = False


def resolve_maneuver(kind: str, save_total: int, dc: int, break_weapon: bool = False) -> ManeuverOutcome:
    """The target resists with a save of its choice of Strength or Dexterity; below the DC: a trip lays it
    prone, a grapple holds it, a disarm knocks its weapon into its square or (``break_weapon``) damages it."""
    if save_total >= dc:
        return ManeuverOutcome(kind, False)
    if kind == TRIP:
        return ManeuverOutcome(kind, True, prone=True)
    if kind == GRAPPLE:
        return ManeuverOutcome(kind, True, grappled=True)
    return ManeuverOutcome(kind, True, weapon_dropped=not break_weapon, weapon_damaged=break_weapon)


def drag_is_free(grappler: Size, grappled: Size) -> bool:
    """§2.1 (R004-SA-04): dragging costs double movement unless the grappled creature is Tiny or at least
    two sizes smaller."""
    return grappled == Size.TINY or int(grappler) - int(grappled) >= 2


def hide_problem(heavily_obscured: bool, cover: str, seen_by_enemy: bool) -> Refused | None:
    """§2.1 (R004-SA-10): hiding needs heavy obscurement or three-quarters or total cover, and no enemy
    seeing the hider now."""
    if not (heavily_obscured or cover in (THREE_QUARTERS, TOTAL)):
        return Refused(L_("hiding needs heavy obscurement or three-quarters cover"), "5e-house §2.1")
    if seen_by_enemy:
        return Refused(L_("an enemy sees the creature"), "5e-house §2.1")
    return None


def hides(stealth_total: int) -> bool:
    """§2.1 (R004-SA-10): Dexterity (Stealth) 15 or more."""
    return stealth_total >= HIDE_DC


def finds(perception_total: int, stealth_total: int) -> bool:
    """§2.1 Search ([5e-2024], docs/rulings.md): Wisdom (Perception) meeting the hider's Stealth total finds it."""
    return perception_total >= stealth_total


def help_problem(helper_next_to_enemy: bool) -> Refused | None:
    """§2.1 Help (R004-SA-11): [5e-2024] helping an attack means distracting an enemy within 5 ft of the
    helper; the ally's next attack on it before the helper's next turn has advantage (docs/rulings.md)."""
    if not helper_next_to_enemy:
        return Refused(L_("help with an attack needs the enemy within 5 ft of the helper"), "5e-house §2.1")
    return None
