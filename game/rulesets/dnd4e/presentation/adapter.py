"""The 4e screen adapter: whose decision, the round, the turn order, hit points, badges and the animations'
cues, for the shared drawing."""

from __future__ import annotations

from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.events import (
    ActionTaken, AreaPlaced, AttackLost, AttackRolled, ConditionEnded, ConditionGained, DamageDealt, DeathSave, Event,
    ForcedMovementEarned, Healed, InitiativeChanged, InitiativeRolled, OfferDeclined, Offered, PowerUsed, RoundStarted,
    SavingThrow, SkirmishWon, TemporaryHitPoints, TurnEnded, TurnStarted, UnitBloodied, UnitDied, UnitDying, UnitFell,
    UnitForced, UnitKnockedOut, UnitMoved, UnitRevived, UnitTeleported, ZoneCreated, ZoneEnded,
)
from game.core.battlefield import Battlefield
from game.core.grid import Square
from game.ecs.components import (
    ActionPoints, Appearance, Arsenal, Body, Conditions, DeathSaves, Health, Name, OutOfFight, Outcome, PendingForced,
    PendingOffers, Position, Readied, SpentPowers, Stats, Surges, Team, TurnState, Zones,
)
from game.ecs.world import Entity
from game.engine.cues import (
    CONDITION_COLOUR, DOWN_COLOUR, HEAL_COLOUR, NOTE_COLOUR, ONLY_WITH_CAUSE, SAVE_COLOUR, TEMP_COLOUR, WITH_CAUSE,
    AreaFlash, Blink, Cue, Death, Fall, Hurt, Motion, Note, Sound, Strike,
)
from game.engine.controls import Controls, Screen
from game.engine.rosters import Roster
from game.rulesets.dnd4e.i18n import L_, content
from game.rulesets.dnd4e.presentation.controls import Controls4e
from game.rulesets.dnd4e.presentation.describe import badge_labels
from game.state import GameState

__all__ = ["SILENT", "SOUNDS", "animation_cues", "badges", "controls", "decider", "delayed", "drawn_types", "hit_points",
           "round_label", "round_number", "rosters_in_play", "sound_cues", "turn_order"]

# What the screen reads of the world: a change to any of these (components are replaced, never changed in
# place) is a new state to draw; the layers kept between frames are redrawn then, and only then.
DRAWN_COMPONENTS = (Name, Team, Position, Body, Stats, Health, Surges, ActionPoints, DeathSaves, Arsenal, SpentPowers,
                    Conditions, Appearance, OutOfFight, Readied)
DRAWN_RESOURCES = (TurnState, Outcome, PendingOffers, PendingForced, Zones)


def controls(screen: Screen) -> Controls:
    """The battle screen's 4e controls (presentation/controls.py)."""
    return Controls4e(screen)


def drawn_types() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """The components and resources the screen draws from."""
    return DRAWN_COMPONENTS, DRAWN_RESOURCES


def rosters_in_play(bf: Battlefield, rosters: list[Roster]) -> list[Roster]:
    """Every roster plays: a side the map has no start area for is new_match's SetupError."""
    return rosters


def round_number(state: GameState) -> int:
    return state.turn.round


def round_label(state: GameState) -> str:
    """The banner's words: "Surprise round" or "Round N" (4e §2.3)."""
    return L_("Surprise round") if state.turn.surprise else L_("Round {n}", n=state.turn.round)


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """The initiative order and the index of the creature whose turn it is."""
    return tuple(state.turn.order), state.turn.index


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    """(hit points, maximum, temporary)."""
    health = state.world.get(entity, Health)
    return health.hp, state.stats(entity).max_hp, health.temp


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    return badge_labels(state, entity)


def delayed(state: GameState, entity: Entity) -> bool:
    """Delaying (4e §25.9): the tracker drops its entry a little."""
    return entity in state.turn.delayed


def animation_cues(events: list[Event], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    """What the animations show of a command's events. 4e events carry every square they need, so neither
    the state nor where the creatures stood ``before`` the command is read."""
    cues: list[Cue] = []
    for event, sounds in zip(events, sound_cues(events, state)):
        if isinstance(event, UnitMoved):
            cues.append(Motion(((event.entity, event.path),)))
        elif isinstance(event, AttackRolled):
            cues.append(Strike(event.target, event.hit))
        elif isinstance(event, DamageDealt):
            cues.append(Hurt(event.target, event.amount, event.critical))
        elif isinstance(event, UnitDied):
            cues.append(Death(event.entity))
        elif isinstance(event, UnitForced):
            swap = ((event.by, tuple(reversed(event.path))),) if event.kind == "swap" else ()
            cues.append(Motion(((event.target, event.path),) + swap))
        elif isinstance(event, UnitTeleported):
            cues.append(Blink(event.entity, event.frm, event.to))      # a flash at each end (4e §23)
        elif isinstance(event, UnitFell):
            fall = L_("falls {feet} ft: {dice}", feet=event.height_ft, dice=event.dice) if event.dice \
                else L_("falls {feet} ft", feet=event.height_ft)
            cues.append(Fall(event.entity, fall))
        elif isinstance(event, AreaPlaced):
            cues.append(AreaFlash(event.squares))
        elif isinstance(event, SavingThrow):
            words = L_("save {n}: caught!", n=event.natural) if event.success else L_("save {n}: failed", n=event.natural)
            cues.append(Note(event.entity, words, SAVE_COLOUR))
        elif isinstance(event, ConditionGained):
            cues.append(Note(event.entity, content(event.condition.replace("_", " ")), CONDITION_COLOUR, ONLY_WITH_CAUSE))
        elif isinstance(event, Healed):
            cues.append(Note(event.entity, f"+{event.amount}", HEAL_COLOUR, WITH_CAUSE))
        elif isinstance(event, TemporaryHitPoints):
            cues.append(Note(event.entity, L_("+{n} temp", n=event.amount), TEMP_COLOUR, WITH_CAUSE))
        elif isinstance(event, DeathSave):
            if event.result == "failure":
                words = L_("death save {n}: fail {failures}/3", n=event.natural, failures=event.failures)
            else:
                words = L_("death save 20: up!") if event.result == "surge" else L_("death save {n}", n=event.natural)
            cues.append(Note(event.entity, words, DOWN_COLOUR if event.result == "failure" else HEAL_COLOUR))
        elif isinstance(event, UnitDying):
            cues.append(Note(event.entity, L_("dying"), DOWN_COLOUR, WITH_CAUSE))
        elif isinstance(event, UnitKnockedOut):
            cues.append(Note(event.entity, L_("knocked out"), DOWN_COLOUR, WITH_CAUSE))
        elif isinstance(event, UnitRevived):
            cues.append(Note(event.entity, L_("back up"), HEAL_COLOUR, WITH_CAUSE))
        elif isinstance(event, PowerUsed):
            cues.append(Note(event.actor, content(event.power), NOTE_COLOUR))
        elif isinstance(event, ActionTaken):
            cues.append(Note(event.actor, content(event.action), NOTE_COLOUR))
        cues += sounds
    return cues


# What each event sounds like: the kinds of game.audio it may make (sound_cues picks), or why it makes none.
SOUNDS: dict[type, tuple[str, ...]] = {
    UnitMoved: ("step",), UnitForced: ("push",), AttackRolled: ("hit", "crit", "miss", "shot", "spell"),
    DamageDealt: ("hurt",), Healed: ("heal",), TemporaryHitPoints: ("heal",), UnitRevived: ("heal",),
    UnitDying: ("drop",), UnitKnockedOut: ("drop",), UnitDied: ("death",), DeathSave: ("roll", "heal"),
    SavingThrow: ("roll",), ConditionGained: ("condition_on",), ConditionEnded: ("condition_off",),
    PowerUsed: ("spell",), ActionTaken: ("action",), AreaPlaced: ("blast",), UnitFell: ("fall",),
    UnitTeleported: ("teleport",), Offered: ("prompt",), TurnStarted: ("turn",), SkirmishWon: ("victory",),
}
SILENT: dict[type, str] = {
    InitiativeRolled: "rolled before the first turn, which sounds", RoundStarted: "its first turn sounds",
    TurnEnded: "the next turn sounds when it passes to another side", UnitBloodied: "the blow that bloodies sounds",
    OfferDeclined: "nothing happens", AttackLost: "no attack is made", ZoneCreated: "the power that lays it sounds",
    ZoneEnded: "the board shows it go", InitiativeChanged: "the delay or ready that moves it sounds",
    ForcedMovementEarned: "the push sounds as it is placed",
}
FLIGHT = 8            # animation ticks from a shot or a bolt leaving to its hit or miss
FELL = 10             # ticks from the blow landing to a creature dropping, or to what it lays


def sound_cues(events: list[Event], state: GameState) -> list[tuple[Sound, ...]]:
    """Each event's sounds, to follow its cues: footfalls on every square walked, a ranged attack's shot before
    its hit, the turn's call only when play passes to another side."""
    heard: list[tuple[Sound, ...]] = []
    ended = ""                  # the side whose turn these events ended
    landed = 0                  # ticks into its beat the last attack landed (a shot flies first)
    for event in events:
        sounds: tuple[Sound, ...] = ()
        if isinstance(event, (UnitMoved, UnitForced)):
            sounds = (Sound("step" if isinstance(event, UnitMoved) else "push", per_square=True),)
        elif isinstance(event, AttackRolled):
            power = next((p for p in state.arsenal(event.attacker).attacks if p.name == event.attack), None)
            launch = () if power is None or power.kind != "ranged" else (Sound("shot" if power.weapon else "spell"),)
            landing = "crit" if event.critical else ("hit" if event.hit else "miss")
            landed = FLIGHT if launch else 0
            sounds = launch + (Sound(landing, landed),)
        elif isinstance(event, DamageDealt):       # an attack's or a fall's is heard already; ongoing, on its turn
            sounds = (Sound("hurt", own_beat=True),) if event.cause == "ongoing" else ()
        elif isinstance(event, (UnitDying, UnitKnockedOut, UnitDied)):
            sounds = (Sound("death" if isinstance(event, UnitDied) else "drop", landed + FELL),)
        elif isinstance(event, DeathSave):
            sounds = (Sound("heal" if event.result == "surge" else "roll"),)
        elif isinstance(event, (ConditionGained, ConditionEnded)):
            sounds = (Sound(SOUNDS[type(event)][0], landed + FELL),)
        elif isinstance(event, TurnEnded):
            ended = state.side(event.entity)
        elif isinstance(event, TurnStarted):
            sounds = (Sound("turn", own_beat=True),) if state.side(event.entity) != ended else ()
            ended = state.side(event.entity)     # a turn cut short by its creature's death has no TurnEnded
            landed = 0                           # a death save's death is not the last turn's arrow landing
        elif isinstance(event, (Offered, SkirmishWon)):
            sounds = (Sound(SOUNDS[type(event)][0], own_beat=True),)
        elif type(event) in SOUNDS and len(SOUNDS[type(event)]) == 1:
            sounds = (Sound(SOUNDS[type(event)][0]),)
        heard.append(sounds)
    return heard
