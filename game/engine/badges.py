"""Condition badges: the two or three letters under a unit, and whether a condition hampers its bearer."""

from __future__ import annotations

from game.ecs.components import Condition

# Two or three letters per condition, so a badge reads without colour.
BADGES = {
    "blinded": "BL", "dazed": "DZ", "deafened": "DF", "dominated": "DM", "helpless": "HL", "immobilized": "IM",
    "marked": "MK", "petrified": "PT", "prone": "PR", "restrained": "RS", "slowed": "SL", "stunned": "ST",
    "unconscious": "UC", "weakened": "WK", "dying": "DY", "ongoing": "O", "defense_bonus": "DEF",
    "attack_bonus": "ATK", "regeneration": "RG", "insubstantial": "IN", "invisible": "IV", "running": "RUN",
    "squeezing": "SQ", "surprised": "SU", "aided_attack": "AID", "aided_defense": "AID", "grabbed": "GR",
}
# Conditions that stop or hamper the bearer draw in a warning colour; bonuses in a friendly one.
HARMFUL = {"blinded", "dazed", "deafened", "dominated", "helpless", "immobilized", "marked", "petrified", "prone",
           "restrained", "slowed", "stunned", "unconscious", "weakened", "dying", "ongoing", "surprised", "grabbed"}


def badge(entry: Condition) -> str:
    """The short label under a unit: "DZ", "OG5", "+2DEF"."""
    code = BADGES.get(entry.name, entry.name[:2].upper())
    if entry.name == "ongoing":
        return f"O{entry.amount}"
    if entry.name in ("defense_bonus", "attack_bonus"):
        return f"{entry.amount:+d}{code[0]}"
    return code


def harmful(entry: Condition) -> bool:
    if entry.name in ("defense_bonus", "attack_bonus"):
        return entry.amount < 0
    return entry.name in HARMFUL
