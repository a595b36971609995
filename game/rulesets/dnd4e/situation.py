"""What the battlefield's facts mean for a 4e attack: cover, concealment, flanking, combat advantage.

The geometry (blocked cover lines, lines of sight and effect, obscurement, positions) comes from
game.core; the 4e numbers and conditions come from 4e-combat.md §9, §12-§15 and §21.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.battlefield import Obscurement
from game.core.bfcache import store_of
from game.core.flanking import opposite_positions
from game.core.grid import Square, are_adjacent, footprint
from game.core.lines import best_cover_lines, cover_lines_past_low_walls, line_of_effect, line_of_sight
from game.ecs.components import Body, Conditions, OutOfFight, Position, Stats, Team
from game.ecs.world import Entity
from game.rulesets.dnd4e.attacks import (
    LONG_RANGE_PENALTY, PRONE_ATTACKER_PENALTY, RESTRAINED_ATTACKER_PENALTY, Modifier,
)
from game.state import GameState
from game.rulesets.dnd4e.i18n import L_

MELEE, RANGED, CLOSE, AREA = "melee", "ranged", "close", "area"
ATTACK_KINDS = (MELEE, RANGED, CLOSE, AREA)

NO_COVER, COVER, SUPERIOR_COVER, NO_EFFECT = "none", "cover", "superior", "no_effect"
NO_CONCEALMENT, CONCEALMENT, TOTAL_CONCEALMENT = "none", "partial", "total"

COMBAT_ADVANTAGE_BONUS = 2          # §12, §13
COVER_PENALTY = -2                  # §12, §14
SUPERIOR_COVER_PENALTY = -5         # §12, §14
CONCEALMENT_PENALTY = -2            # §12, §15.2
TOTAL_CONCEALMENT_PENALTY = -5      # §12, §15.2
SUPERIOR_COVER_LINES = 3            # §14: 3-4 blocked lines with line of effect

# §9: conditions that make a creature grant combat advantage (prone: to melee attacks only); running
# (§25.17) and squeezing (§25.21) grant it to every enemy too.
GRANTS_COMBAT_ADVANTAGE = ("blinded", "dazed", "dominated", "helpless", "restrained", "stunned", "surprised",
                           "unconscious", "dying", "petrified", "running", "squeezing")
# §25.17, §25.21: a running or squeezing attacker takes -5 to its attack rolls.
HAMPERED_ATTACKER = (("running", "4e §25.17"), ("squeezing", "4e §25.21"))
HAMPERED_PENALTY = -5
# §21 and §9: a creature that cannot take opportunity actions, or is blinded, cannot flank.
CANNOT_FLANK = ("blinded", "dazed", "dominated", "stunned", "surprised", "unconscious", "dying", "petrified", "helpless")


@dataclass(frozen=True)
class Situation:
    """Everything situational about one attacker-target pair, with the modifiers it implies."""

    cover: str
    concealment: str
    combat_advantage: bool
    modifiers: tuple[Modifier, ...]


def cover(state: GameState, attacker: Entity, target: Entity, kind: str, origin: Square | None = None) -> str:
    """§14: corner-to-corner cover from the attacker (close and area: from the origin square)."""
    source = (origin, 1) if kind in (CLOSE, AREA) and origin is not None else state.space(attacker)
    aim = state.space(target)
    if not line_of_effect(state.battlefield, source, aim):
        return NO_EFFECT
    blocked = best_cover_lines(state.battlefield, source, aim)
    # §14's examples: standing behind a low wall gives cover, superior cover takes a window, a grate or
    # an arrow slit; so 3-4 blocked lines are superior cover only when they stay blocked without the
    # low walls (docs/rulings.md).
    if blocked >= SUPERIOR_COVER_LINES and \
            cover_lines_past_low_walls(state.battlefield, source, aim) >= SUPERIOR_COVER_LINES:
        return SUPERIOR_COVER
    if blocked:
        return COVER
    # §14: the attacker's enemies in the way give cover (never superior cover) against ranged attacks
    # only; the attacker's allies never do.
    if kind == RANGED and _enemies_in_the_way(state, attacker, target, source, aim):
        return COVER
    return NO_COVER


def _enemies_in_the_way(state: GameState, attacker: Entity, target: Entity, source: tuple[Square, int],
                        aim: tuple[Square, int]) -> bool:
    """§14: whether the attacker's enemies other than the target give cover, blocking at least one cover
    line whichever corner and target square are chosen. Worked out once per arrangement of the creatures
    (and the line counts once per battlefield, spaces and relevant enemy squares)."""
    roster = _roster(state)
    key = (attacker, target, source, aim)
    found = roster.enemy_cover.get(key)
    if found is None:
        side = roster.side.get(attacker)
        if side is None:
            side = state.side(attacker)
        blockers = [sq for other, other_side, squares in roster.squares
                    if other_side != side and other != attacker and other != target for sq in squares]
        found = roster.enemy_cover[key] = bool(blockers) and best_cover_lines(state.battlefield, source, aim, blockers) > 0
    return found


class _Roster:
    """Who stands where, on which side, in one arrangement of the world (built once per arrangement)."""

    def __init__(self, state: GameState) -> None:
        standing = state.standing()
        self.side = {e: state.side(e) for e in standing}
        self.squares = [(e, self.side[e], footprint(*state.space(e))) for e in standing]
        self.enemy_cover: dict[Any, bool] = {}


# What the roster reads: which creatures stand (Stats, OutOfFight), their sides (Team) and spaces
# (Position, Body, and Conditions for squeezing).
_ARRANGED_BY = (Position, Team, Body, Conditions)
_ROSTERS_KEPT = 4


def _arrangement(state: GameState) -> tuple[Any, ...]:
    """An exact fingerprint of everything ``_Roster`` reads: components are immutable and replaced on
    every change, so the same components for the same entities mean the same arrangement."""
    return state.world.stores_view(Stats, OutOfFight, *_ARRANGED_BY)


def _roster(state: GameState) -> _Roster:
    """The roster of the state's current arrangement, from the last few seen on its battlefield."""
    fingerprint = _arrangement(state)
    kept: list[tuple[tuple[Any, ...], _Roster]] = store_of(state.battlefield).setdefault(_Roster, [])
    for index, (seen, roster) in enumerate(kept):
        if seen == fingerprint:
            if index:
                kept.insert(0, kept.pop(index))
            return roster
    roster = _Roster(state)
    kept.insert(0, (fingerprint, roster))
    del kept[_ROSTERS_KEPT:]
    return roster


def can_see(state: GameState, viewer: Entity, target: Entity) -> bool:
    """Sight of a creature: line of sight, not blinded, and the target not invisible (§9, §15.3)."""
    if state.has_condition(viewer, "blinded") or state.has_condition(target, "invisible"):
        return False
    return line_of_sight(state.battlefield, state.space(viewer), state.space(target))


def concealment(state: GameState, attacker: Entity, target: Entity, kind: str) -> str:
    """§15.2: only melee and ranged attacks; judged from the least obscured square of the target's space."""
    if kind not in (MELEE, RANGED):
        return NO_CONCEALMENT
    if state.has_condition(target, "invisible") or state.has_condition(attacker, "blinded"):
        return TOTAL_CONCEALMENT
    bf = state.battlefield
    best = TOTAL_CONCEALMENT
    for square in footprint(*state.space(target)):
        level = bf.at(square).obscured
        if level == _NONE:
            return NO_CONCEALMENT
        if level == _LIGHT:
            best = CONCEALMENT
        elif level == _HEAVY and are_adjacent(*state.space(attacker), square, 1):
            best = CONCEALMENT
    return best


_NONE, _LIGHT, _HEAVY = int(Obscurement.NONE), int(Obscurement.LIGHT), int(Obscurement.HEAVY)


def can_flank(state: GameState, flanker: Entity, target: Entity) -> bool:
    if state.has_any_condition(flanker, CANNOT_FLANK):
        return False
    return line_of_effect(state.battlefield, state.space(flanker), state.space(target))


def is_flanking(state: GameState, attacker: Entity, target: Entity) -> bool:
    """§21: the attacker and an ally on opposite sides or corners of the target, both able to flank."""
    if not state.are_enemies(attacker, target) or not can_flank(state, attacker, target):
        return False
    for ally in state.standing():
        if ally in (attacker, target) or state.are_enemies(attacker, ally):
            continue
        if opposite_positions(state.space(attacker), state.space(ally), state.space(target)) and can_flank(state, ally, target):
            return True
    return False


def combat_advantage(state: GameState, attacker: Entity, target: Entity, kind: str) -> bool:
    """§13: the attacker must see the target; then any listed source grants it."""
    if not can_see(state, attacker, target):
        return False
    if state.has_any_condition(target, GRANTS_COMBAT_ADVANTAGE):
        return True
    if kind == MELEE and state.has_condition(target, "prone"):
        return True
    if not can_see(state, target, attacker):
        return True
    return is_flanking(state, attacker, target)


def situation(state: GameState, attacker: Entity, target: Entity, kind: str, origin: Square | None = None,
              long_range: bool = False) -> Situation:
    """Every §12 modifier to one attack roll, each with its reason and rule.

    ``long_range``: a weapon attack against a target beyond its normal range (§5.3).
    """
    modifiers: list[Modifier] = []
    if long_range:
        modifiers.append(Modifier(LONG_RANGE_PENALTY, L_('long range'), "4e §5.3"))
    if state.has_condition(attacker, "prone"):
        modifiers.append(Modifier(PRONE_ATTACKER_PENALTY, L_('attacker prone'), "4e §9"))
    if state.has_condition(attacker, "restrained"):
        modifiers.append(Modifier(RESTRAINED_ATTACKER_PENALTY, L_('attacker restrained'), "4e §9"))
    for condition, rule in HAMPERED_ATTACKER:
        if state.has_condition(attacker, condition):
            modifiers.append(Modifier(HAMPERED_PENALTY, L_('attacker {condition}', condition=condition), rule))
    advantage = combat_advantage(state, attacker, target, kind)
    if advantage:
        reason = L_("combat advantage: flanked") if is_flanking(state, attacker, target) else L_("combat advantage")
        modifiers.append(Modifier(COMBAT_ADVANTAGE_BONUS, reason, "4e §13"))
    cover_level = cover(state, attacker, target, kind, origin)
    if cover_level == COVER:
        modifiers.append(Modifier(COVER_PENALTY, L_('cover'), "4e §14"))
    elif cover_level == SUPERIOR_COVER:
        modifiers.append(Modifier(SUPERIOR_COVER_PENALTY, L_('superior cover'), "4e §14"))
    hidden = concealment(state, attacker, target, kind)
    if hidden == CONCEALMENT:
        modifiers.append(Modifier(CONCEALMENT_PENALTY, L_('concealment'), "4e §15.2"))
    elif hidden == TOTAL_CONCEALMENT:
        modifiers.append(Modifier(TOTAL_CONCEALMENT_PENALTY, L_('total concealment'), "4e §15.2"))
    return Situation(cover_level, hidden, advantage, tuple(modifiers))
