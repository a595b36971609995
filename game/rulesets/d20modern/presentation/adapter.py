"""What the one battle screen asks of d20-modern (game.engine.protocol.Presenter): whose decision it is, the round,
the initiative order, hit points, condition badges, the animations and sounds of its events, and the controls
(presentation/controls.py)."""

from __future__ import annotations

from typing import Any

from game.core.battlefield import Battlefield
from game.core.grid import Square
from game.ecs.components import Appearance, Body, Conditions, Name, OutOfFight, Outcome, Position, Team
from game.ecs.world import Entity
from game.engine.controls import Controls, Screen
from game.engine.cues import (
    CONDITION_COLOUR, DOWN_COLOUR, NOTE_COLOUR, SAVE_COLOUR, WITH_CAUSE, AreaFlash, Cue, Death, Hurt, Motion, Note,
    Sound, Strike,
)
from game.engine.rosters import Roster
from game.match import rosters_in_play as in_play
from game.rulesets.d20modern import budget, engine, injury
from game.rulesets.d20modern.commands import (
    ActionTaken, AreaFired, AttackRolled, ConditionChanged, Damaged, Moved, ObjectDamaged, OpportunityOffered,
    Pushed, Reloaded, SavingThrow, SkirmishWon, StateChanged, Stepped, Thrown, TurnStarted,
)
from game.rulesets.d20modern.components import (
    Ammo, Carried, Disarmed, PendingOpportunity, Reaction, Readied, Round, Sheet,
)
from game.rulesets.d20modern.i18n import I18N, N_, _
from game.rulesets.d20modern.objects import Wreckage
from game.rulesets.d20modern.presentation.narration import word
from game.rulesets.d20modern.turns import Initiative, round_of
from game.state import GameState

# Two letters per condition for the token's badges, and whether it hurts its bearer.
# TRANSLATORS: condition badges under a token, one or two characters (措 flat-footed, 倒 prone...).
BADGES = {"flat_footed": (N_("FF"), True), "prone": (N_("PR"), True), "grappling": (N_("GR"), True),
          "pinned": (N_("PN"), True), "total_defense": (N_("TD"), False), "fighting_defensively": (N_("FD"), False),
          "charging": (N_("CH"), True), "running": (N_("RN"), False),
          "full_round_started": (N_("FR"), False), "aided_attack": (N_("AI"), False),
          "aided_defense": (N_("AI"), False)}
# TRANSLATORS: injury badges under a token (§11: dying, stable, disabled, unconscious, staggered).
INJURY_BADGES = {"dying": N_("DY"), "stable": N_("SB"), "disabled": N_("DI"), "unconscious": N_("UN"),
                 "staggered": N_("ST")}

SOUND_LAND = 6           # ticks into a shot's beat when the hit or miss is heard
DRAWN_COMPONENTS = (Name, Team, Position, Body, Conditions, Appearance, OutOfFight, Sheet, injury.Vitals,
                    budget.Budget, Ammo, Carried, Reaction, Disarmed, Readied)


def decider(state: GameState) -> Entity:
    """Whose controller must answer now (an enemy offered an attack of opportunity), else whose turn it is."""
    return engine.decider(state)


def round_number(state: GameState) -> int:
    return round_of(state).number


def round_label(state: GameState) -> str:
    r = round_of(state)
    return _("Surprise round") if r.surprise else _("Round {n}").format(n=r.number)


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """The initiative order of the round (INIT-03; the surprise round's has only the aware) and whose turn it is."""
    r = round_of(state)
    return r.order, r.index


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    """(hit points, maximum, 0): d20 Modern has no temporary hit points."""
    v = state.world.get(entity, injury.Vitals)
    return v.hp, v.max_hp, 0


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    shown: list[tuple[str, bool]] = []
    for entry in state.conditions(entity).entries:
        code, hurts = BADGES.get(entry.name, (entry.name[:2].upper(), True))
        label = (I18N.lazy(code), hurts)
        if label not in shown:
            shown.append(label)
    v = state.world.maybe(entity, injury.Vitals)
    if v is not None and injury.state_of(v) in INJURY_BADGES:
        shown.append((I18N.lazy(INJURY_BADGES[injury.state_of(v)]), True))
    return tuple(shown)


def delayed(state: GameState, entity: Entity) -> bool:
    """A delay moves the creature in the order at once (INI-01): it is never shown waiting."""
    return False


def animation_cues(events: list[Any], state: GameState, before: dict[Entity, Square]) -> list[Cue]:
    """Walks, steps and pushes along their paths, attack rolls, damage (a critical marked "!"), saves, the
    autofire square and a grenade's burst lit, states reached (disabled, dying, dead), conditions gained; and
    their sounds: footsteps, shots, blows, blasts, hurts, deaths, reloads, the prompt and the turn."""
    cues: list[Cue] = []
    previous: Any = None
    for event in events:
        if isinstance(event, (Moved, Pushed)):
            cues += [Motion(((event.entity, event.path),)), Sound("step" if isinstance(event, Moved) else "push",
                                                                  per_square=True)]
        elif isinstance(event, Stepped):
            cues += [Motion(((event.entity, (event.frm, event.to)),)), Sound("step", per_square=True)]
        elif isinstance(event, AttackRolled):
            cues.append(Strike(event.target, event.hit))
            sheet = state.world.maybe(event.attacker, Sheet)
            weapon = sheet.weapon(event.weapon) if sheet is not None else None
            if weapon is not None and not weapon.melee:
                cues.append(Sound("shot"))
            cues.append(Sound("crit" if event.critical else "hit" if event.hit else "miss", delay=SOUND_LAND))
        elif isinstance(event, Damaged):
            critical = isinstance(previous, AttackRolled) and previous.target == event.target and previous.critical
            cues += [Hurt(event.target, event.amount, critical), Sound("hurt")]
        elif isinstance(event, StateChanged):
            cues.append(Death(event.entity) if event.state == "dead" else Note(event.entity, word(event.state),
                                                                               DOWN_COLOUR, WITH_CAUSE))
            cues.append(Sound("death" if event.state == "dead" else "drop"))
        elif isinstance(event, SavingThrow):
            cues.append(Note(event.entity, _("{save} save {total}").format(save=word(event.save), total=event.total),
                             SAVE_COLOUR if event.success else DOWN_COLOUR))
        elif isinstance(event, AreaFired):
            cues += [AreaFlash(tuple(event.squares)), Sound("shot")]
        elif isinstance(event, Thrown):
            cues += [AreaFlash(tuple(event.squares)), Sound("blast")]
        elif isinstance(event, ConditionChanged) and event.added:
            cues += [Note(event.entity, word(event.condition), CONDITION_COLOUR, WITH_CAUSE), Sound("condition_on")]
        elif isinstance(event, ActionTaken):
            words = word(event.action) if event.succeeded else _("{action}: failed").format(action=word(event.action))
            cues.append(Note(event.entity, words, NOTE_COLOUR))
        elif isinstance(event, ObjectDamaged):
            words = _("object broken") if event.broken else _("object hit") if event.hit else _("miss")
            cues += [Note(event.entity, words, NOTE_COLOUR), Sound("hit" if event.hit else "miss")]
        elif isinstance(event, Reloaded):
            cues.append(Sound("equip"))
        elif isinstance(event, OpportunityOffered):
            cues.append(Sound("prompt", own_beat=True))
        elif isinstance(event, TurnStarted):
            cues.append(Sound("turn", own_beat=True))
        elif isinstance(event, SkirmishWon):
            cues.append(Sound("victory", own_beat=True))
        previous = event
    return cues


def controls(screen: Screen) -> Controls:
    """The battle screen's d20-modern controls (presentation/controls.py)."""
    from game.rulesets.d20modern.presentation.controls import ControlsD20
    return ControlsD20(screen)


def drawn_types() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """The components and resources the screen draws from: a change to one is a new state to draw."""
    return DRAWN_COMPONENTS, (Round, Outcome, PendingOpportunity, Initiative, Wreckage)


def rosters_in_play(bf: Battlefield, rosters: list[Roster]) -> list[Roster]:
    """The sides the map has start areas for (game.match.rosters_in_play)."""
    return in_play(bf, rosters)
