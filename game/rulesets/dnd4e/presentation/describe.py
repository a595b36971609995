"""Words for powers and conditions as the screen shows them: short labels for the power bar and badges,
full sentences for the unit card and tooltips (pure: no pygame, read-only on the state)."""

from __future__ import annotations

from game.ecs.components import (
    END_OF_TURN, ENCOUNTER, SAVE_ENDS, START_OF_TURN, SUSTAIN, ActionPoints, Condition, DeathSaves, Health,
    OutOfFight, Power, Readied, Surges, TeleportPower,
)
from game.rulesets.dnd4e.actions.turn_actions import READY_TRIGGERS
from game.ecs.world import Entity
from game.engine.badges import badge, harmful
from game.state import GameState

ACTION_SHORT = {"standard": "Std", "move": "Move", "minor": "Minor", "free": "Free", "interrupt": "Interrupt",
                "reaction": "Reaction"}
DEFENSE_SHORT = {"ac": "AC", "fortitude": "Fort", "reflex": "Ref", "will": "Will"}
DEFENSE_LONG = {"ac": "AC", "fortitude": "Fortitude", "reflex": "Reflex", "will": "Will"}

NAMES = {"defense_bonus": "defenses", "attack_bonus": "attack rolls", "aided_attack": "aided attack",
         "aided_defense": "aided defenses", "temp_hp": "temporary hit points"}


def power_reach(power: Power | TeleportPower) -> str:
    """ "Melee 1", "Ranged 10/20", "Close blast 3", "Area burst 1 within 10", "Personal", "Teleport 5"."""
    if isinstance(power, TeleportPower):
        return f"Teleport {power.squares}"
    if power.kind == "melee":
        return f"Melee {power.reach}"
    if power.kind == "ranged":
        return f"Ranged {power.reach}" + (f"/{power.long_range}" if power.long_range else "")
    if power.kind == "close":
        return f"Close {power.area} {power.size}"
    if power.kind == "area":
        return f"Area {power.area} {power.size} within {power.reach}"
    return "Personal"


def power_reach_short(power: Power | TeleportPower) -> str:
    """The bar's version: "Melee 1", "Rng 10", "Blast 3", "Burst 1 in 10", "Personal"."""
    if isinstance(power, TeleportPower):
        return f"Teleport {power.squares}"
    if power.kind == "ranged":
        return f"Rng {power.reach}" + (f"/{power.long_range}" if power.long_range else "")
    if power.kind == "close":
        return f"{power.area.title()} {power.size}"
    if power.kind == "area":
        return f"{power.area.title()} {power.size} in {power.reach}"
    return power_reach(power)


def power_target_text(power: Power | TeleportPower) -> str:
    """What the card's third line says a power aims at: "vs AC", "heal", "ally", "self"."""
    if isinstance(power, TeleportPower):
        return "self"
    if power.attacks:
        return f"vs {DEFENSE_SHORT.get(power.defense, power.defense)}"
    if power.heal is not None:
        return "heal"
    if power.zone is not None:
        return "zone"
    return {"ally": "ally", "ally_or_self": "ally/self", "self": "self", "creature": "any"}.get(power.targets, "self")


def uses_text(left: int | None, uses: int) -> str:
    """ "at-will", or "1/2" uses left of an encounter or daily power."""
    return "at-will" if left is None else f"{max(left, 0)}/{uses}"


def usage_text(usage: str, left: int | None, uses: int) -> str:
    """ "At-will", "Encounter, 1/2 left", "Daily, used"."""
    if left is None:
        return "At-will"
    return f"{usage.title()}, " + (f"{left}/{uses} left" if left > 0 else "used")


def power_summary(power: Power | TeleportPower) -> str:
    """A line for the tooltip: damage and what a hit or use does."""
    if isinstance(power, TeleportPower):
        return f"Teleport up to {power.squares} squares to a square you can see (4e §23)."
    parts: list[str] = []
    if power.attacks:
        dice = str(power.damage)
        parts.append(f"+{power.bonus} vs {DEFENSE_LONG.get(power.defense, power.defense)}, {dice}"
                     + (f" {power.damage_type}" if power.damage_type else "") + " damage")
        if power.advantage_damage is not None:
            parts.append(f"+{power.advantage_damage} with combat advantage")
        if power.needs_combat_advantage:
            parts.append("needs combat advantage")
        if power.forced:
            parts.append(f"{power.forced} {power.forced_squares}".replace(" 0", ""))
        if power.miss_half:
            parts.append("miss: half damage")
    if power.heal is not None:
        bonus = str(power.heal.bonus)
        parts.append("spend a healing surge: regain surge value" + (f" + {bonus}" if bonus not in ("0", "+0") else ""))
    for effect in power.hit_effects:
        parts.append(_effect_words(effect.condition, effect.amount, effect.damage_type) + _spec_duration(effect.duration))
    for effect in power.self_effects:
        parts.append("you: " + _effect_words(effect.condition, effect.amount, effect.damage_type)
                     + _spec_duration(effect.duration))
    if power.zone is not None:
        what = f"{power.zone.obscurement} obscurement" if power.zone.obscurement else "difficult terrain"
        parts.append(f"zone of {what} ({power.zone.duration.replace('_', ' ')})")
    return "; ".join(parts)


def _spec_duration(duration: str) -> str:
    return {"end_of_your_next_turn": " until the end of your next turn", "save_ends": " (save ends)",
            "start_of_your_next_turn": " until the start of your next turn", "sustain": " (sustain minor)",
            "end_of_its_next_turn": " until the end of its next turn", "encounter": " for the encounter"}.get(duration, "")


def _effect_words(name: str, amount: int, damage_type: str) -> str:
    if name == "ongoing":
        return f"ongoing {amount}" + (f" {damage_type}" if damage_type else "") + " damage"
    if name in ("defense_bonus", "attack_bonus"):
        return f"{amount:+d} to {NAMES[name]}"
    if name == "regeneration":
        return f"regeneration {amount}"
    if name == "temp_hp":
        return f"{amount} temporary hit points"
    return name


def duration_text(state: GameState, entry: Condition) -> str:
    """When it ends: " (save ends)", " until the end of Miriel's next turn", ""."""
    who = state.name(entry.owner) if entry.owner is not None and entry.owner in state.creatures() else "its user"
    owner = f"{who}'s"
    if entry.until == SAVE_ENDS:
        return " (save ends)"
    if entry.until == END_OF_TURN:
        return f" until the end of {owner} next turn"
    if entry.until == START_OF_TURN:
        return f" until the start of {owner} next turn"
    if entry.until == SUSTAIN:
        return f" while {who} sustains {entry.source or 'it'}"
    if entry.until == ENCOUNTER:
        return " for the encounter"
    return ""


def condition_text(state: GameState, entry: Condition) -> str:
    """A full line for the unit card: "ongoing 5 fire (save ends)", "marked by Brakka until ..."."""
    words = _effect_words(entry.name, entry.amount, entry.damage_type)
    if entry.name in ("aided_attack", "aided_defense") and entry.against is not None:
        words = f"{entry.amount:+d} to {'its next attack on' if entry.name == 'aided_attack' else 'defenses against'} " \
                f"{state.name(entry.against)}"
    if entry.name == "marked" and entry.by is not None and entry.by in state.creatures():
        words = f"marked by {state.name(entry.by)}"
    text = words + duration_text(state, entry)
    if entry.after:
        text += "; then " + ", ".join(_effect_words(a.name, a.amount, a.damage_type) for a in entry.after)
    if entry.source and entry.name not in ("marked",) and entry.until != SUSTAIN and entry.source not in text:
        text += f" [{entry.source}]"
    return text


def vitals(state: GameState, entity: Entity) -> tuple[str, str]:
    """The card's hit point line and staying-power line: ("HP 12/26 +5 temp  DYING", "Surges 7 · AP 1 · ...")."""
    stats = state.stats(entity)
    health = state.world.get(entity, Health)
    temp = f" +{health.temp} temp" if health.temp else ""
    hp = f"HP {health.hp}/{stats.max_hp}{temp}"
    status = state_word(state, entity)
    parts: list[str] = []
    surges = state.world.maybe(entity, Surges)
    if stats.hero and surges is not None:
        parts.append(f"Surges {surges.left}")
    points = state.world.maybe(entity, ActionPoints)
    if points is not None and points.left:
        parts.append(f"Action point {points.left}")
    potions = state.arsenal(entity).potions
    if potions:
        parts.append(f"Potion{'s' if potions > 1 else ''} {potions}")
    saves = state.world.maybe(entity, DeathSaves)
    if stats.hero and saves is not None and (saves.failures or state.has_condition(entity, "dying")):
        parts.append(f"Death saves failed {saves.failures}/3")
    return f"{hp}  {status}".rstrip(), " · ".join(parts)


def state_word(state: GameState, entity: Entity) -> str:
    """DEAD, DYING, UNCONSCIOUS, BLOODIED or ""."""
    if state.world.has(entity, OutOfFight):
        return "DEAD"
    if state.has_condition(entity, "dying"):
        return "DYING"
    if state.has_condition(entity, "unconscious"):
        return "UNCONSCIOUS"
    if state.hp(entity) <= state.stats(entity).bloodied_value:
        return "BLOODIED"
    return ""


def readied_text(state: GameState, entity: Entity) -> str:
    readied = state.world.maybe(entity, Readied)
    if readied is None:
        return ""
    return f"Readied: {readied.power} when {READY_TRIGGERS.get(readied.trigger, readied.trigger)}"


def badge_labels(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    """The creature's badges as (label, harmful), in the order they are drawn, each label once."""
    shown: list[tuple[str, bool]] = []
    for entry in state.conditions(entity).entries:
        label = (badge(entry), harmful(entry))
        if label not in shown:
            shown.append(label)
    if state.world.maybe(entity, Readied) is not None:
        shown.append(("RDY", False))
    if entity in state.turn.delayed:
        shown.append(("DLY", False))
    return tuple(shown)
