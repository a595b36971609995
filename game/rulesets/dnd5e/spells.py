"""Spellcasting in 5e-house (§5): slots, one slot a turn, components, concentration, identifying spells."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rulesets.dnd5e.i18n import L_
from game.rulesets.dnd5e.verdict import Refused

CONCENTRATION_DC_FLOOR = 10    # §5.2: DC = max(10, half the damage), at most 30
CONCENTRATION_DC_CAP = 30
IDENTIFY_WHILE_CAST_DC = 15    # §5.2: + the spell's level, with the reaction
IDENTIFY_IN_EFFECT_DC = 15     # §5.2: the Study action


def concentration_dc(damage: int) -> int:
    """§5.2 (R004-SP-06): max(10, damage / 2 rounded down), capped at 30."""
    return min(CONCENTRATION_DC_CAP, max(CONCENTRATION_DC_FLOOR, damage // 2))


@dataclass(frozen=True)
class SpellSlots:
    """Slots left per spell level (index 0 is level 1) and whether one was spent this turn (§5.1, §5.2)."""

    left: tuple[int, ...]
    spent_this_turn: bool = False

    def at(self, level: int) -> int:
        return self.left[level - 1] if 1 <= level <= len(self.left) else 0

    def new_turn(self) -> "SpellSlots":
        """§5.2: the one-slot limit counts per turn, whoever's turn it is (docs/rulings.md)."""
        return replace(self, spent_this_turn=False)


def spend_slot(slots: SpellSlots, spell_level: int, slot_level: int | None = None) -> SpellSlots | Refused:
    """§5.1-§5.2 (R004-SP-01, R004-SP-02): a cantrip spends nothing; a levelled spell spends one slot of
    its level or higher (upcasting), and at most one slot may be spent in a turn."""
    if spell_level == 0:
        return slots
    level = spell_level if slot_level is None else slot_level
    if level < spell_level:
        return Refused(L_("a level {level} spell needs a slot of level {level} or higher", level=spell_level), "5e-house §5.2")
    if slots.spent_this_turn:
        return Refused(L_("a spell slot was already spent this turn: one levelled spell per turn"), "5e-house §5.2")
    if slots.at(level) < 1:
        return Refused(L_("no level {level} spell slot left", level=level), "5e-house §5.1")
    left = list(slots.left)
    left[level - 1] -= 1
    return SpellSlots(tuple(left), True)


@dataclass(frozen=True)
class Components:
    verbal: bool = False
    somatic: bool = False
    material: bool = False


def components_problem(components: Components, can_speak: bool, free_hands: int, has_focus: bool) -> Refused | None:
    """§5.1 (R004-SP-04): V needs a voice; S needs a free hand; M a free hand (the same one as S will
    do) and a focus or pouch for materials without a price."""
    if components.verbal and not can_speak:
        return Refused(L_("the spell has a verbal component and the caster cannot speak"), "5e-house §5.1")
    if (components.somatic or components.material) and free_hands < 1:
        return Refused(L_("the spell's gestures or materials need a free hand"), "5e-house §5.1")
    if components.material and not has_focus:
        return Refused(L_("the spell's materials need a component pouch or focus"), "5e-house §5.1")
    return None


def ritual_in_combat() -> Refused:
    """§5.2 (R004-SP-03): a ritual spends no slot but takes 10 minutes longer: never within a fight."""
    return Refused(L_("a ritual takes ten minutes more than the spell: not in combat"), "5e-house §5.2")


def identify_dc(spell_level: int, while_cast: bool) -> int:
    """§5.2 (R004-SP-10, R004-SP-14): Intelligence (Arcana) 15 + level while it is cast, 15 once in effect."""
    return IDENTIFY_WHILE_CAST_DC + spell_level if while_cast else IDENTIFY_IN_EFFECT_DC


@dataclass(frozen=True)
class Concentration:
    """The one spell a caster concentrates on (§5.2), by name; "" when none."""

    spell: str = ""


def keeps_concentration(save_total: int, damage: int) -> bool:
    """§5.2 (R004-SP-06): a Constitution save against ``concentration_dc(damage)``."""
    return save_total >= concentration_dc(damage)


def may_dismiss(caster_incapacitated: bool, in_effect: bool, own_spell: bool) -> Refused | None:
    """§5.2 (R004-SP-08): no action, but the caster must not be incapacitated, and the spell must be its
    own and in effect."""
    if caster_incapacitated:
        return Refused(L_("an incapacitated caster cannot dismiss a spell"), "5e-house §5.2")
    if not in_effect:
        return Refused(L_("the spell is not in effect"), "5e-house §5.2")
    if not own_spell:
        return Refused(L_("only the caster can dismiss a spell"), "5e-house §5.2")
    return None


def long_casting_continues(took_magic_action: bool, concentrating: bool) -> bool:
    """§5.2 (R004-SP-09): a casting longer than a turn needs the Magic action every turn and unbroken
    concentration; otherwise it fails and the slot is not spent."""
    return took_magic_action and concentrating


def strongest_of_same_spell(values: tuple[int, ...]) -> int:
    """§5.2 (R004-SP-11): effects of the same spell do not stack; the strongest applies."""
    return max(values)
