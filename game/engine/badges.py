"""Condition badges: the two or three letters under a unit, and whether a condition hampers its bearer."""

from __future__ import annotations

from game.ecs.components import Condition
from game.i18n import GAME, L_, N_

# Two or three letters per condition, so a badge reads without colour.
# TRANSLATORS: condition badges, one or two characters under a unit (晕 dazed, 倒 prone...).
BADGES = {
    "blinded": N_("BL"), "dazed": N_("DZ"), "deafened": N_("DF"), "dominated": N_("DM"), "helpless": N_("HL"),
    "immobilized": N_("IM"), "marked": N_("MK"), "petrified": N_("PT"), "prone": N_("PR"), "restrained": N_("RS"),
    "slowed": N_("SL"), "stunned": N_("ST"), "unconscious": N_("UC"), "weakened": N_("WK"), "dying": N_("DY"),
    "regeneration": N_("RG"), "insubstantial": N_("IN"), "invisible": N_("IV"), "running": N_("RUN"),
    "squeezing": N_("SQ"), "surprised": N_("SU"), "aided_attack": N_("AID"), "aided_defense": N_("AID"),
    "grabbed": N_("GR"), "grappled": N_("GR"), "hidden": N_("HI"), "incapacitated": N_("INC"), "paralyzed": N_("PZ"),
    "parried": N_("PA"), "defenseless": N_("DE"), "asleep": N_("AS"), "poisoned": N_("PO"), "frightened": N_("FR"),
    "fatigued": N_("FA"), "diseased": N_("DI"), "compelled": N_("CO"), "charmed": N_("CH"), "impaired": N_("IMP"),
    "exhausted": N_("EX"),
}
# Conditions that stop or hamper the bearer draw in a warning colour; bonuses in a friendly one.
HARMFUL = {"blinded", "dazed", "deafened", "dominated", "helpless", "immobilized", "marked", "petrified", "prone",
           "restrained", "slowed", "stunned", "unconscious", "weakened", "dying", "ongoing", "surprised", "grabbed"}


def badge(entry: Condition) -> str:
    """The short label under a unit, drawn in the chosen language: "DZ", "O5", "+2D"."""
    if entry.name == "ongoing":
        # TRANSLATORS: the badge of ongoing damage and its amount ("O5").
        return L_("O{amount}", amount=entry.amount)
    if entry.name == "defense_bonus":
        # TRANSLATORS: the badge of a defense bonus or penalty ("+2D").
        return L_("{amount}D", amount=f"{entry.amount:+d}")
    if entry.name == "attack_bonus":
        # TRANSLATORS: the badge of an attack bonus or penalty ("-2A").
        return L_("{amount}A", amount=f"{entry.amount:+d}")
    code = BADGES.get(entry.name)
    return GAME.lazy(code) if code else entry.name[:2].upper()


def harmful(entry: Condition) -> bool:
    if entry.name in ("defense_bonus", "attack_bonus"):
        return entry.amount < 0
    return entry.name in HARMFUL
