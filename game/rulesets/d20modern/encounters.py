"""The d20 Modern encounter budget: challenge ratings summed into an encounter level (SRD "Encounter Level":
two creatures of CR n make EL n+2, so a creature's share doubles every two CRs; fractions below CR 1 add up)."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.encounter import Budget
from game.rulesets.d20modern.content import CHALLENGE_RATINGS, CreatureD20
from game.rulesets.d20modern.i18n import L_

# A fractional CR is that fraction of a CR 1 creature (two CR 1/2 make one CR 1, the SRD's pairing).
FRACTION_POINTS = {"1/10": 10, "1/8": 12, "1/6": 17, "1/4": 25, "1/3": 33, "1/2": 50}


def cr_points(cr: str) -> int:
    """A creature's share on a linear scale: CR 1 is 100, and each 2 CRs double it (CR 3: 200, CR 5: 400); an
    even CR sits between, at 140 times the power of two (the square root of 2, rounded as the SRD's table does)."""
    if cr in FRACTION_POINTS:
        return FRACTION_POINTS[cr]
    number = int(cr)
    return 100 << ((number - 1) // 2) if number % 2 else 140 << ((number - 2) // 2)


def encounter_level(points: int) -> str:
    """The encounter level of a group worth ``points``: the highest CR whose points it reaches (at least 1/10)."""
    reached = [cr for cr in CHALLENGE_RATINGS if cr_points(cr) <= points]
    return reached[-1] if reached else CHALLENGE_RATINGS[0]


def encounter_budget(roster: tuple[str, ...], creatures: Mapping[str, CreatureD20]) -> Budget:
    """A side's points (the sum of its creatures' shares) and the encounter level they make."""
    points = sum(cr_points(creatures[key].cr) for key in roster)
    return Budget(points, L_("{points} points (EL {level})", points=points, level=encounter_level(points)))
