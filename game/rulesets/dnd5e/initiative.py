"""Initiative in 5e-house (§1): d20 + Dexterity modifier, highest first, fixed for the whole combat."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Dice

LATE_ZERO, LATE_ZERO_PLUS_DEX, LATE_ROLLED = "zero", "zero_plus_dex", "rolled"
LATE_JOINER_POLICIES = (LATE_ZERO, LATE_ZERO_PLUS_DEX, LATE_ROLLED)
LATE_JOINER_POLICY = LATE_ROLLED       # §1 note: the game rolls for late joiners (docs/rulings.md)
SECONDS_PER_ROUND = 6                  # §2 (R004-IN-04)


@dataclass(frozen=True)
class InitiativeEntry:
    creature: int
    total: int
    dex_mod: int
    tiebreak: int = 0


def roll_initiative(dice: Dice, combatants: list[tuple[int, int]]) -> list[InitiativeEntry]:
    """§1 (R004-IN-01, R004-IN-02): each combatant (id, Dex modifier), in the order given, rolls d20 + Dex.

    The order: highest total first; ties go to the higher Dex modifier, then to a d20 roll-off among the
    still-tied (rolled in the order given), then to the lower id (docs/rulings.md).
    """
    rolled = [InitiativeEntry(c, dice.roll(20) + dex, dex) for c, dex in combatants]
    keys = [(e.total, e.dex_mod) for e in rolled]
    tied = [e for e, key in zip(rolled, keys) if keys.count(key) > 1]
    breaks = {e.creature: dice.roll(20) for e in tied}
    entries = [InitiativeEntry(e.creature, e.total, e.dex_mod, breaks.get(e.creature, 0)) for e in rolled]
    return sorted(entries, key=lambda e: (-e.total, -e.dex_mod, -e.tiebreak, e.creature))


def late_joiner_initiative(dice: Dice, dex_mod: int, policy: str = LATE_JOINER_POLICY) -> int:
    """§1 note (R004-IN-03): a creature joining a running combat gets 0, 0 + Dex, or a normal roll."""
    if policy == LATE_ZERO:
        return 0
    if policy == LATE_ZERO_PLUS_DEX:
        return dex_mod
    if policy == LATE_ROLLED:
        return dice.roll(20) + dex_mod
    raise ValueError(f"unknown late-joiner policy {policy!r} (known: {', '.join(LATE_JOINER_POLICIES)})")


def elapsed_seconds(rounds_completed: int) -> int:
    """§2 (R004-IN-04): a round is every combatant's turn once, six seconds."""
    return rounds_completed * SECONDS_PER_ROUND
