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
from game.i18n import named
from game.rulesets.dnd5e.i18n import L_, N_
from game.rulesets.dnd5e.engine import spell_named, weapon_named
from game.rulesets.dnd5e.situation import MELEE
from game.state import GameState

ACTION_SECTIONS = {"first aid": "§3.1", "stand up": "§2.3.1", "drop prone": "§2.3.1", "pick up": "§2.4",
                   "dismiss": "§5.2", "off-hand attack": "§2.2"}
VERDICTS = {"critical": N_("critical hit"), "maximised": N_("critical hit, maximised"),
            "slaying": N_("slaying critical")}
# A weapon handled (§2.4, §3.1): each way in its own words, taken for free or not.
HANDLED = {"drawn": (N_("{creature}: {weapon} drawn ({rule})."), N_("{creature}: {weapon} drawn for free ({rule}).")),
           "stowed": (N_("{creature}: {weapon} stowed ({rule})."), N_("{creature}: {weapon} stowed for free ({rule}).")),
           "picked up": (N_("{creature}: {weapon} picked up ({rule})."),
                         N_("{creature}: {weapon} picked up for free ({rule}).")),
           "knocked away": (N_("{creature}: {weapon} knocked away ({rule})."),
                            N_("{creature}: {weapon} knocked away for free ({rule}).")),
           "dropped": (N_("{creature}: {weapon} dropped ({rule})."), N_("{creature}: {weapon} dropped for free ({rule})."))}


# Narration ----------------------------------------------------------------------------------------------
def narrate(event: Any, state: GameState, side_labels: dict[str, str]) -> str | None:
    """One log line for a 5e-house event, with the rule section it follows; None for bookkeeping. Each line is a
    message of this ruleset's domain that reads as English and is translated when drawn (game/rulesets/dnd5e/i18n.py)."""
    def name(entity: Entity) -> str:
        return named(state.name(entity))
    if isinstance(event, InitiativeRolled):
        return L_("{creature} rolls initiative: {natural} {dex} = {total} (5e-house §1).", creature=name(event.entity),
                  natural=event.natural, dex=signed(event.dex), total=event.natural + event.dex)
    if isinstance(event, TurnStarted):
        return L_("Round {round}: {creature}'s turn.", round=event.round, creature=name(event.entity))
    if isinstance(event, TurnEnded):
        return None
    if isinstance(event, Moved):
        return L_("{creature} moves {feet} ft (5e-house §2.3).", creature=name(event.entity), feet=event.feet)
    if isinstance(event, AttackRolled):
        verdict = VERDICTS.get(event.crit, N_("hit") if event.hit else N_("miss"))
        roll = dict(attacker=name(event.attacker), target=name(event.target), weapon=event.weapon,
                    faces="/".join(str(f) for f in event.faces), total=event.total, ac=event.ac, verdict=verdict)
        if event.mode != "none":
            return L_("{attacker} attacks {target} with {weapon}: d20 {faces} with {mode}, {total} vs AC {ac}: "
                      "{verdict} (5e-house §4.3).", mode=event.mode, **roll)
        return L_("{attacker} attacks {target} with {weapon}: d20 {faces}, {total} vs AC {ac}: {verdict} (5e-house §4.3).",
                  **roll)
    if isinstance(event, Damaged):
        who = name(event.target)
        if event.temp:
            line = L_("{creature} takes {amount} {kind} damage: {hp} HP and {temp} temporary left (5e-house §3).",
                      creature=who, amount=event.amount, kind=event.damage_type, hp=event.hp, temp=event.temp)
        else:
            line = L_("{creature} takes {amount} {kind} damage: {hp} HP left (5e-house §3).", creature=who,
                      amount=event.amount, kind=event.damage_type, hp=event.hp)
        if event.killed:
            return L_("{damage} {creature} dies.", damage=line, creature=who)
        if event.knocked_out:
            return L_("{damage} {creature} is knocked out.", damage=line, creature=who)
        if event.dropped:
            return L_("{damage} {creature} drops, dying.", damage=line, creature=who)
        return line
    if isinstance(event, Healed):
        if event.amount == 0:
            return L_("{creature} gains temporary hit points (5e-house §3).", creature=name(event.target))
        return L_("{creature} regains {amount} HP: {hp} HP (5e-house §3).", creature=name(event.target),
                  amount=event.amount, hp=event.hp)
    if isinstance(event, Searched):
        if not event.faces:
            return L_("{searcher} cannot see where {hider} hides (5e-house §8).", searcher=name(event.searcher),
                      hider=name(event.hider))
        search = dict(searcher=name(event.searcher), hider=name(event.hider), faces="/".join(str(f) for f in event.faces),
                      total=event.total, stealth=event.stealth, verdict=N_("found") if event.found else N_("not found"))
        if len(event.faces) > 1:
            return L_("{searcher} searches for {hider}: d20 {faces} with disadvantage, {total} vs Stealth {stealth}: "
                      "{verdict} (5e-house §2.1).", **search)
        return L_("{searcher} searches for {hider}: d20 {faces}, {total} vs Stealth {stealth}: {verdict} (5e-house §2.1).",
                  **search)
    if isinstance(event, SavingThrow):
        return L_("{creature} makes a {ability} save: {total} vs DC {dc}, {outcome}.", creature=name(event.entity),
                  ability=event.ability.upper(), total=event.total, dc=event.dc,
                  outcome=N_("success") if event.success else N_("failure"))
    if isinstance(event, ConditionChanged):
        condition = event.condition.replace("_", " ")
        if event.gained:
            return L_("{creature}: {condition}.", creature=name(event.entity), condition=condition)
        return L_("{creature}: no longer {condition}.", creature=name(event.entity), condition=condition)
    if isinstance(event, Pushed):
        return L_("{creature} is pushed {feet} ft.", creature=name(event.entity), feet=5 * (len(event.path) - 1))
    if isinstance(event, Fell):
        return L_("{creature} falls {feet} ft and takes {damage} damage (docs/rulings.md).", creature=name(event.entity),
                  feet=event.feet, damage=event.damage)
    if isinstance(event, Teleported):
        return L_("{creature} teleports (docs/rulings.md).", creature=name(event.entity))
    if isinstance(event, SpellCast):
        spell = spell_label(state, event.caster, event.spell)
        if event.slot_level:
            return L_("{caster} casts {spell} with a level {level} slot (5e-house §5).", caster=name(event.caster),
                      spell=spell, level=event.slot_level)
        return L_("{caster} casts {spell} (5e-house §5).", caster=name(event.caster), spell=spell)
    if isinstance(event, ConcentrationEnded):
        return L_("{caster} loses concentration on {spell} (5e-house §5.2).", caster=name(event.caster),
                  spell=spell_label(state, event.caster, event.spell))
    if isinstance(event, DeathSaveRolled):
        return L_("{creature} rolls a death save: {natural}, {outcome} (5e-house §3.1).", creature=name(event.entity),
                  natural=event.natural, outcome=event.outcome)
    if isinstance(event, PotionDrunk):
        line = L_("{creature} drinks a potion of {potion} (5e-house §9).", creature=name(event.entity),
                  potion=event.potion)
        if not event.mixing:
            return line
        return L_("{potion} Mixing roll {roll}: {result}.", potion=line, roll=f"{event.mixing_roll:02d}",
                  result=event.mixing.replace("_", " "))
    if isinstance(event, ActionTaken):
        rule = f"5e-house {ACTION_SECTIONS.get(event.action, '§2.1')}"
        if event.succeeded:
            return L_("{creature}: {action} ({rule}).", creature=name(event.entity), action=event.action, rule=rule)
        return L_("{creature}: {action}, without success ({rule}).", creature=name(event.entity), action=event.action,
                  rule=rule)
    if isinstance(event, OpportunityOffered):
        return L_("{mover} leaves {reactor}'s reach: an opportunity attack is offered (5e-house §6).",
                  mover=name(event.mover), reactor=name(event.reactor))
    if isinstance(event, ActionReadied):
        what = event.weapon or spell_label(state, event.entity, event.spell)
        whom = name(event.target) if event.target is not None else L_("any enemy")
        return L_("{creature} readies the {weapon} for {target} (5e-house §2.1).", creature=name(event.entity),
                  weapon=what, target=whom)
    if isinstance(event, ReadiedOffered):
        return L_("{mover} sets off {reactor}'s readied action (5e-house §2.1).", mover=name(event.mover),
                  reactor=name(event.reactor))
    if isinstance(event, WeaponHandled):
        rule = "5e-house §3.1" if event.how == "dropped" else "5e-house §2.4"   # falling unconscious lets go (§3.1)
        template = HANDLED[event.how][event.free]
        return L_(template, creature=name(event.entity), weapon=event.weapon, rule=rule)
    if isinstance(event, SkirmishWon):
        if event.winner:
            return L_("{side} wins the skirmish.", side=side_labels.get(event.winner, event.winner))
        return L_("Nobody wins.")
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
                cues.append(Note(event.target, L_("knocked out"), DOWN_COLOUR, WITH_CAUSE))
            elif event.dropped:
                cues.append(Note(event.target, L_("dying"), DOWN_COLOUR, WITH_CAUSE))
        elif isinstance(event, Healed):
            words = f"+{event.amount}" if event.amount else L_("temporary HP")       # 0: a potion of heroism (§9)
            cues.append(Note(event.target, words, HEAL_COLOUR if event.amount else TEMP_COLOUR, WITH_CAUSE))
        elif isinstance(event, SavingThrow):
            save = (L_("{ability} save {total}: saved", ability=event.ability.upper(), total=event.total) if event.success
                    else L_("{ability} save {total}: failed", ability=event.ability.upper(), total=event.total))
            cues.append(Note(event.entity, save, SAVE_COLOUR if event.success else DOWN_COLOUR))
        elif isinstance(event, ConditionChanged) and event.gained:
            cues.append(Note(event.entity, L_(event.condition.replace("_", " ")), CONDITION_COLOUR, ONLY_WITH_CAUSE))
        elif isinstance(event, Fell):
            dice = fall_damage(event.feet).expression       # 1d6 per 10 ft (docs/rulings.md)
            cues.append(Fall(event.entity, L_("falls {feet} ft: {dice}", feet=event.feet, dice=dice) if dice
                             else L_("falls {feet} ft", feet=event.feet)))
        elif isinstance(event, Teleported):
            cues.append(Blink(event.entity, before.get(event.entity), event.to))
        elif isinstance(event, SpellCast):
            spell = spell_label(state, event.caster, event.spell)
            if event.area:      # the squares it fills or shakes, lit with its name while its saves play
                cues += [AreaFlash(event.area), Note(event.caster, L_(spell), NOTE_COLOUR, WITH_CAUSE)]
            else:
                cues.append(Note(event.caster, L_(spell), NOTE_COLOUR))
        elif isinstance(event, PotionDrunk):
            cues.append(Note(event.entity, L_("potion of {potion}", potion=event.potion), NOTE_COLOUR))
        elif isinstance(event, ActionTaken):
            words = L_(event.action) if event.succeeded else L_("{action}: failed", action=event.action)
            cues.append(Note(event.entity, words, NOTE_COLOUR))
        elif isinstance(event, DeathSaveRolled):
            colour = DOWN_COLOUR if event.outcome in ("failure", "dead") else HEAL_COLOUR
            cues.append(Note(event.entity, L_("death save {natural}: {outcome}", natural=event.natural, outcome=event.outcome),
                             colour))
            if event.outcome == "dead":
                cues.append(Death(event.entity))
        elif isinstance(event, ConcentrationEnded):
            cues.append(Note(event.caster, L_("concentration ends"), NOTE_COLOUR, ONLY_WITH_CAUSE))
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
