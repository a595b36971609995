"""What a power's effects become on a creature, and the bonuses and penalties they give (4e §7.4, §9-§11).

Pure rules: conditions in, modifiers out; the state is only read.
"""

from __future__ import annotations

from game.ecs.components import (
    END_OF_ITS_NEXT_TURN, END_OF_TURN, END_OF_YOUR_NEXT_TURN, ENCOUNTER, SAVE_ENDS, START_OF_TURN,
    START_OF_YOUR_NEXT_TURN, SUSTAIN, Condition, Conditions, EffectSpec,
)
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import Modifier
from game.i18n import listing
from game.rulesets.dnd4e.i18n import L_

DEFENSE_BONUS, ATTACK_BONUS = "defense_bonus", "attack_bonus"
AIDED_ATTACK, AIDED_DEFENSE = "aided_attack", "aided_defense"     # §25.2
MARKED = "marked"
MARKED_PENALTY = -2            # §9 marked
UNCONSCIOUS_DEFENSE_PENALTY = -5   # §9 unconscious: -5 to all defenses
AID_BONUS = 2                  # §25.2
SAVE_DIE, SAVE_TARGET = 20, 10  # §11.3: a plain d20, 10 or higher succeeds


def condition_from(spec: EffectSpec, user: Entity, bearer: Entity, source: str) -> Condition:
    """The live condition a content effect becomes on ``bearer`` when ``user`` lays it (§11.1).

    Durations are written from the user's point of view: "until the end of your next turn" ends on
    the user's turn, "its next turn" on the bearer's; a mark is always held by the user (§9).
    """
    until, owner = {
        END_OF_YOUR_NEXT_TURN: (END_OF_TURN, user),
        START_OF_YOUR_NEXT_TURN: (START_OF_TURN, user),
        END_OF_ITS_NEXT_TURN: (END_OF_TURN, bearer),
        SAVE_ENDS: (SAVE_ENDS, None),
        SUSTAIN: (SUSTAIN, user),
        ENCOUNTER: (ENCOUNTER, None),
    }[spec.duration]
    if spec.condition == MARKED:
        owner = user if until != START_OF_TURN else owner
    after = tuple(condition_from(a, user, bearer, source) for a in spec.after)
    return Condition(spec.condition, until, owner, source, user, spec.amount, spec.damage_type, None, after)


def marker(conditions: Conditions) -> Entity | None:
    """The creature holding this creature's mark, if any (§9: one mark at a time)."""
    for entry in conditions.named(MARKED):
        return entry.by
    return None


def _summed(entries: tuple[Condition, ...]) -> int:
    """§7.4: untyped bonuses stack, penalties stack, but penalties from the same power do not: the worst counts."""
    bonus = sum(c.amount for c in entries if c.amount > 0)
    worst: dict[str, int] = {}
    for c in entries:
        if c.amount < 0:
            worst[c.source] = min(worst.get(c.source, 0), c.amount)
    return bonus + sum(worst.values())


def attack_modifiers(attacker_conditions: Conditions, target: Entity, includes_marker: bool) -> tuple[Modifier, ...]:
    """Modifiers the attacker's own effects give its attack roll: bonuses and penalties from powers,
    a mark held by someone the attack leaves out (§9, [A10]) and an ally's aid (§25.2)."""
    found: list[Modifier] = []
    value = _summed(attacker_conditions.named(ATTACK_BONUS))
    if value:
        sources = listing(list(dict.fromkeys(c.source for c in attacker_conditions.named(ATTACK_BONUS))))
        found.append(Modifier(value, L_('attack bonus ({sources})',
                sources=sources) if value > 0 else L_('attack penalty ({sources})', sources=sources), "4e §7.4"))
    if attacker_conditions.has(MARKED) and not includes_marker:
        found.append(Modifier(MARKED_PENALTY, L_('marked by another creature'), "4e §9"))
    if any(c.against == target for c in attacker_conditions.named(AIDED_ATTACK)):
        found.append(Modifier(AID_BONUS, L_('aided by an ally'), "4e §25.2"))
    return tuple(found)


def defense_modifiers(target_conditions: Conditions, attacker: Entity) -> tuple[Modifier, ...]:
    """The target's defense bonuses and penalties, as modifiers to the roll against it (a bonus to a
    defense is a penalty to the attack): powers, second wind, total defense, unconsciousness, aid."""
    found: list[Modifier] = []
    value = _summed(target_conditions.named(DEFENSE_BONUS))
    if value:
        sources = listing(list(dict.fromkeys(c.source for c in target_conditions.named(DEFENSE_BONUS))))
        found.append(Modifier(-value, L_("target's defenses {value:+d} ({sources})", value=value, sources=sources), "4e §7.4"))
    if target_conditions.has("unconscious"):
        found.append(Modifier(-UNCONSCIOUS_DEFENSE_PENALTY, L_('target unconscious: -5 defenses'), "4e §9"))
    if any(c.against == attacker for c in target_conditions.named(AIDED_DEFENSE)):
        found.append(Modifier(-AID_BONUS, L_('target aided by an ally: +2 defenses'), "4e §25.2"))
    return tuple(found)


def used_up_aid(conditions: Conditions, name: str, against: Entity) -> Conditions:
    """§25.2: aid lasts for the next attack only."""
    for entry in conditions.named(name):
        if entry.against == against:
            return conditions.without(entry)
    return conditions
