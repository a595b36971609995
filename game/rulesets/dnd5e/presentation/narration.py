"""5e-house's log lines with their rules, and the animations' cues of its events (no pygame)."""

from __future__ import annotations

from typing import Any

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.cues import (
    CONDITION_COLOUR, DOWN_COLOUR, HEAL_COLOUR, NOTE_COLOUR, ONLY_WITH_CAUSE, SAVE_COLOUR, TEMP_COLOUR, WITH_CAUSE,
    AreaFlash, Blink, Cue, Death, Fall, Hurt, Motion, Note, Sound, Strike,
)
from game.rulesets.dnd5e.commands import (
    ActionReadied, ActionTaken, AttackRolled, ConcentrationEnded, ConditionChanged, Damaged, DeathSaveRolled, Fell,
    Healed, InitiativeRolled, Moved, OpportunityOffered, PotionDrunk, Pushed, ReadiedOffered, SavingThrow, Searched,
    SkirmishWon, SpellCast, Teleported, TurnEnded, TurnStarted, WeaponHandled,
)
from game.rulesets.dnd5e.falling import fall_damage
from game.rulesets.dnd5e.engine import spell_named, weapon_named
from game.rulesets.dnd5e.situation import MELEE
from game.state import GameState

ACTION_SECTIONS = {"first aid": "§3.1", "stand up": "§2.3.1", "drop prone": "§2.3.1", "pick up": "§2.4",
                   "dismiss": "§5.2", "off-hand attack": "§2.2"}


# Narration ----------------------------------------------------------------------------------------------
def narrate(event: Any, state: GameState, side_labels: dict[str, str]) -> str | None:
    """One log line for a 5e-house event, with the rule section it follows; None for bookkeeping. Lines are
    short sentences of a few fixed forms, so the Chinese catalog translates each (game/i18n/zh.toml)."""
    name = state.name
    if isinstance(event, InitiativeRolled):
        total = event.natural + event.dex
        return f"{name(event.entity)} rolls initiative: {event.natural} {signed(event.dex)} = {total} (5e-house §1)."
    if isinstance(event, TurnStarted):
        return f"Round {event.round}: {name(event.entity)}'s turn."
    if isinstance(event, TurnEnded):
        return None
    if isinstance(event, Moved):
        return f"{name(event.entity)} moves {event.feet} ft (5e-house §2.3)."
    if isinstance(event, AttackRolled):
        verdict = {"critical": "critical hit", "maximised": "critical hit, maximised",
                   "slaying": "slaying critical"}.get(event.crit, "hit" if event.hit else "miss")
        faces = "/".join(str(f) for f in event.faces)
        mode = f" with {event.mode}" if event.mode != "none" else ""
        return (f"{name(event.attacker)} attacks {name(event.target)} with {event.weapon}: "
                f"d20 {faces}{mode}, {event.total} vs AC {event.ac}: {verdict} (5e-house §4.3).")
    if isinstance(event, Damaged):
        left = f"{event.hp} HP and {event.temp} temporary" if event.temp else f"{event.hp} HP"
        line = f"{name(event.target)} takes {event.amount} {event.damage_type} damage: {left} left (5e-house §3)."
        if event.killed:
            return f"{line} {name(event.target)} dies."
        if event.knocked_out:
            return f"{line} {name(event.target)} is knocked out."
        if event.dropped:
            return f"{line} {name(event.target)} drops, dying."
        return line
    if isinstance(event, Healed):
        if event.amount == 0:
            return f"{name(event.target)} gains temporary hit points (5e-house §3)."
        return f"{name(event.target)} regains {event.amount} HP: {event.hp} HP (5e-house §3)."
    if isinstance(event, Searched):
        if not event.faces:
            return f"{name(event.searcher)} cannot see where {name(event.hider)} hides (5e-house §8)."
        verdict = "found" if event.found else "not found"
        faces = "/".join(str(f) for f in event.faces) + (" with disadvantage" if len(event.faces) > 1 else "")
        return (f"{name(event.searcher)} searches for {name(event.hider)}: d20 {faces}, "
                f"{event.total} vs Stealth {event.stealth}: {verdict} (5e-house §2.1).")
    if isinstance(event, SavingThrow):
        outcome = "success" if event.success else "failure"
        return f"{name(event.entity)} makes a {event.ability.upper()} save: {event.total} vs DC {event.dc}, {outcome}."
    if isinstance(event, ConditionChanged):
        condition = event.condition.replace("_", " ")
        return (f"{name(event.entity)}: {condition}." if event.gained
                else f"{name(event.entity)}: no longer {condition}.")
    if isinstance(event, Pushed):
        return f"{name(event.entity)} is pushed {5 * (len(event.path) - 1)} ft."
    if isinstance(event, Fell):
        return f"{name(event.entity)} falls {event.feet} ft and takes {event.damage} damage (docs/rulings.md)."
    if isinstance(event, Teleported):
        return f"{name(event.entity)} teleports (docs/rulings.md)."
    if isinstance(event, SpellCast):
        spell = spell_label(state, event.caster, event.spell)
        if event.slot_level:
            return f"{name(event.caster)} casts {spell} with a level {event.slot_level} slot (5e-house §5)."
        return f"{name(event.caster)} casts {spell} (5e-house §5)."
    if isinstance(event, ConcentrationEnded):
        spell = spell_label(state, event.caster, event.spell)
        return f"{name(event.caster)} loses concentration on {spell} (5e-house §5.2)."
    if isinstance(event, DeathSaveRolled):
        return f"{name(event.entity)} rolls a death save: {event.natural}, {event.outcome} (5e-house §3.1)."
    if isinstance(event, PotionDrunk):
        line = f"{name(event.entity)} drinks a potion of {event.potion} (5e-house §9)."
        if not event.mixing:
            return line
        return f"{line} Mixing roll {event.mixing_roll:02d}: {event.mixing.replace('_', ' ')}."
    if isinstance(event, ActionTaken):
        rule = f"5e-house {ACTION_SECTIONS.get(event.action, '§2.1')}"
        if event.succeeded:
            return f"{name(event.entity)}: {event.action} ({rule})."
        return f"{name(event.entity)}: {event.action}, without success ({rule})."
    if isinstance(event, OpportunityOffered):
        return (f"{name(event.mover)} leaves {name(event.reactor)}'s reach: an opportunity attack is offered "
                "(5e-house §6).")
    if isinstance(event, ActionReadied):
        what = event.weapon or spell_label(state, event.entity, event.spell)
        whom = name(event.target) if event.target is not None else "any enemy"
        return f"{name(event.entity)} readies the {what} for {whom} (5e-house §2.1)."
    if isinstance(event, ReadiedOffered):
        return f"{name(event.mover)} sets off {name(event.reactor)}'s readied action (5e-house §2.1)."
    if isinstance(event, WeaponHandled):
        cost = " for free" if event.free else ""
        rule = "3.1" if event.how == "dropped" else "2.4"        # falling unconscious lets go (§3.1)
        return f"{name(event.entity)}: {event.weapon} {event.how}{cost} (5e-house §{rule})."
    if isinstance(event, SkirmishWon):
        return f"{side_labels.get(event.winner, event.winner)} wins the skirmish." if event.winner else "Nobody wins."
    return None


def animation_cues(events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    """What the animations show of a command's events: walks and pushes along their paths, hits and misses,
    damage (a critical hit marked "!"), saves, falls with their dice, teleports from where the creature stood
    ``before`` the command, deaths fading, and the spell, potion or action named over its user."""
    cues: list[Cue] = []
    previous: Any = None
    for event, sounds in zip(events, sound_cues(events, state)):
        if isinstance(event, (Moved, Pushed)):
            cues.append(Motion(((event.entity, event.path),)))
        elif isinstance(event, AttackRolled):
            cues.append(Strike(event.target, event.hit))
        elif isinstance(event, Damaged):
            critical = isinstance(previous, AttackRolled) and previous.target == event.target and bool(previous.crit)
            cues.append(Hurt(event.target, event.amount, critical))
            if event.killed:
                cues.append(Death(event.target))
            elif event.knocked_out:
                cues.append(Note(event.target, "knocked out", DOWN_COLOUR, WITH_CAUSE))
            elif event.dropped:
                cues.append(Note(event.target, "dying", DOWN_COLOUR, WITH_CAUSE))
        elif isinstance(event, Healed):
            words = f"+{event.amount}" if event.amount else "temporary HP"       # 0: a potion of heroism (§9)
            cues.append(Note(event.target, words, HEAL_COLOUR if event.amount else TEMP_COLOUR, WITH_CAUSE))
        elif isinstance(event, SavingThrow):
            outcome = "saved" if event.success else "failed"
            cues.append(Note(event.entity, f"{event.ability.upper()} save {event.total}: {outcome}",
                             SAVE_COLOUR if event.success else DOWN_COLOUR))
        elif isinstance(event, ConditionChanged) and event.gained:
            cues.append(Note(event.entity, event.condition.replace("_", " "), CONDITION_COLOUR, ONLY_WITH_CAUSE))
        elif isinstance(event, Fell):
            dice = fall_damage(event.feet).expression       # 1d6 per 10 ft (docs/rulings.md)
            cues.append(Fall(event.entity, f"falls {event.feet} ft" + (f": {dice}" if dice else "")))
        elif isinstance(event, Teleported):
            cues.append(Blink(event.entity, before.get(event.entity), event.to))
        elif isinstance(event, SpellCast):
            spell = spell_label(state, event.caster, event.spell)
            if event.area:      # the squares it fills or shakes, lit with its name while its saves play
                cues += [AreaFlash(event.area), Note(event.caster, spell, NOTE_COLOUR, WITH_CAUSE)]
            else:
                cues.append(Note(event.caster, spell, NOTE_COLOUR))
        elif isinstance(event, PotionDrunk):
            cues.append(Note(event.entity, f"potion of {event.potion}", NOTE_COLOUR))
        elif isinstance(event, ActionTaken):
            words = event.action if event.succeeded else f"{event.action}: failed"
            cues.append(Note(event.entity, words, NOTE_COLOUR))
        elif isinstance(event, DeathSaveRolled):
            colour = DOWN_COLOUR if event.outcome in ("failure", "dead") else HEAL_COLOUR
            cues.append(Note(event.entity, f"death save {event.natural}: {event.outcome}", colour))
            if event.outcome == "dead":
                cues.append(Death(event.entity))
        elif isinstance(event, ConcentrationEnded):
            cues.append(Note(event.caster, "concentration ends", NOTE_COLOUR, ONLY_WITH_CAUSE))
        cues += sounds
        previous = event
    return cues


# What each event sounds like: the kinds of game.audio it may make (sound_cues picks), or why it makes none.
SOUNDS: dict[type, tuple[str, ...]] = {
    Moved: ("step",), Pushed: ("push",), AttackRolled: ("hit", "crit", "miss", "shot"),
    Damaged: ("hurt", "drop", "death"), Healed: ("heal",), SavingThrow: ("roll",), Searched: ("roll",),
    ConditionChanged: ("condition_on", "condition_off"), ConcentrationEnded: ("condition_off",), Fell: ("fall",),
    Teleported: ("teleport",), SpellCast: ("spell", "blast"), DeathSaveRolled: ("roll", "heal", "death"),
    PotionDrunk: ("potion",), ActionTaken: ("action",), ActionReadied: ("action",), WeaponHandled: ("equip",),
    OpportunityOffered: ("prompt",), ReadiedOffered: ("prompt",), TurnStarted: ("turn",), SkirmishWon: ("victory",),
}
SILENT: dict[type, str] = {
    InitiativeRolled: "rolled before the first turn, which sounds",
    TurnEnded: "the next turn sounds when it passes to another side",
}
FLIGHT = 8            # animation ticks from an arrow leaving to its hit or miss
FELL = 10             # ticks from the blow landing to a creature dropping, or to what it lays


def sound_cues(events: list[Any], state: GameState) -> list[tuple[Sound, ...]]:
    """Each event's sounds, to follow its cues: footfalls on every square walked, a ranged weapon's shot before
    its hit, damage heard on its own only when neither an attack roll nor a fall was, the turn's call only when
    play passes to another side."""
    heard: list[tuple[Sound, ...]] = []
    ended = ""                  # the side whose turn these events ended
    landed = 0                  # ticks into its beat the last attack landed (a shot flies first)
    previous: Any = None
    for event in events:
        sounds: tuple[Sound, ...] = ()
        if isinstance(event, (Moved, Pushed)):
            sounds = (Sound("step" if isinstance(event, Moved) else "push", per_square=True),)
        elif isinstance(event, AttackRolled):
            weapon = weapon_named(state, event.attacker, event.weapon)     # None: a spell, heard as it was cast
            launch = (Sound("shot"),) if weapon is not None and weapon.kind != MELEE else ()
            landing = "crit" if event.hit and event.crit else ("hit" if event.hit else "miss")
            landed = FLIGHT if launch else 0
            sounds = launch + (Sound(landing, landed),)
        elif isinstance(event, Damaged):
            if event.killed or event.dropped or event.knocked_out:
                sounds = (Sound("death" if event.killed else "drop", landed + FELL),)
            elif not (isinstance(previous, AttackRolled) and previous.target == event.target
                      or isinstance(previous, Fell) and previous.entity == event.target):    # heard already
                sounds = (Sound("hurt"),)
        elif isinstance(event, ConditionChanged):
            sounds = (Sound("condition_on" if event.gained else "condition_off", landed + FELL),)
        elif isinstance(event, SpellCast):
            sounds = (Sound("blast" if event.area else "spell"),)
        elif isinstance(event, DeathSaveRolled):
            sounds = (Sound({"dead": "death", "revived": "heal"}.get(event.outcome, "roll")),)
        elif isinstance(event, TurnEnded):
            ended = state.side(event.entity)
        elif isinstance(event, TurnStarted):
            sounds = (Sound("turn", own_beat=True),) if state.side(event.entity) != ended else ()
        elif isinstance(event, (OpportunityOffered, ReadiedOffered, SkirmishWon)):
            sounds = (Sound(SOUNDS[type(event)][0], own_beat=True),)
        elif type(event) in SOUNDS and len(SOUNDS[type(event)]) == 1:
            sounds = (Sound(SOUNDS[type(event)][0]),)
        heard.append(sounds)
        previous = event
    return heard



def rule_reference(line: str) -> str:
    """The rule section a narrated line cites ("5e-house §4.3"), for the log's tooltip."""
    start = line.rfind("(5e-house §")
    return line[start + 1:line.index(")", start)] if start >= 0 else ""


def spell_label(state: GameState, caster: Entity, key: str) -> str:
    spell = spell_named(state, caster, key)
    return spell.name if spell is not None else key.replace("_", " ")


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)
