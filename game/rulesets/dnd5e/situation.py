"""What the battlefield's facts mean for a 5e-house attack: cover, obscurement, light, sight, advantage and
disadvantage, and who may make an opportunity attack (§2.3.1, §6-§8).

The geometry (corner lines, lines of sight and effect, obscurement, spaces) is the shared one in
game.core, exactly as 4e reads it; only the meaning differs. Every "can X see Y" question is ``can_see``,
which reads the battlefield through X's eyes (darkvision, magical darkness: sight.seen_field).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.battlefield import Battlefield, Obscurement
from game.core.grid import Square, footprint
from game.core.lines import best_cover_lines, cover_lines_past_low_walls, line_of_effect
from game.ecs.world import Entity
from game.rulesets.dnd5e.attacks import HALF, NO_COVER, cover_level
from game.rulesets.dnd5e.components import Hands, Sheet, Weapon, Zone
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.i18n import L_, N_
from game.rulesets.dnd5e.rolls import combine
from game.rulesets.dnd5e.sight import MAGICAL_DARK, Veils, least_obscured, light_level, sees_space, seen_field
from game.state import GameState

MELEE, RANGED, CLOSE, AREA = "melee", "ranged", "close", "area"
ATTACK_KINDS = (MELEE, RANGED, CLOSE, AREA)
NO_CONCEALMENT, LIGHT, HEAVY = "none", "light", "heavy"
REACH_FT = 5                   # [5e] a creature's reach unless its weapon says otherwise
CLOSE_QUARTERS_FT = 5          # §2.3.1: "within 5 ft" of a prone creature

# [5e] Conditions that make a creature incapacitated; "dying" and "helpless" are the game's names for
# unconscious at 0 HP and for a creature that cannot act.
INCAPACITATING = ("incapacitated", "paralyzed", "petrified", "stunned", "unconscious", "dying", "helpless")
# [5e] Attacks against a creature in one of these have advantage.
EXPOSED = ("paralyzed", "petrified", "restrained", "stunned", "unconscious", "dying", "helpless")
# R004-SA-03 and [5e]: speed 0.
HELD = ("grappled", "restrained", "immobilized")
UNSEEN = ("invisible", "hidden")


def incapacitated(state: GameState, entity: Entity) -> bool:
    return any(state.has_condition(entity, c) for c in INCAPACITATING)


def cannot_move(state: GameState, entity: Entity) -> bool:
    return incapacitated(state, entity) or any(state.has_condition(entity, c) for c in HELD)


def _source(state: GameState, attacker: Entity, kind: str, origin: Square | None) -> tuple[Square, int]:
    return (origin, 1) if kind in (CLOSE, AREA) and origin is not None else state.space(attacker)


def cover(state: GameState, attacker: Entity, target: Entity, kind: str, origin: Square | None = None) -> str:
    """§7 from the shared corner lines (close and area attacks: from the origin square). [5e] Another
    creature in the way gives half cover when the terrain gives less (docs/rulings.md)."""
    bf = state.battlefield
    source, aim = _source(state, attacker, kind, origin), state.space(target)
    effect = line_of_effect(bf, source, aim)
    blocked = best_cover_lines(bf, source, aim) if effect else 4
    level = cover_level(blocked, cover_lines_past_low_walls(bf, source, aim) if blocked >= 3 else 0, effect)
    if level != NO_COVER:
        return level
    others = [sq for e in state.standing() if e not in (attacker, target) for sq in footprint(*state.space(e))]
    if others and best_cover_lines(bf, source, aim, others) > 0:
        return HALF
    return NO_COVER


def concealment(state: GameState, attacker: Entity, target: Entity) -> str:
    """§8: light obscurement or dim light only hinders sight checks; heavy obscurement or darkness (or a
    blinded attacker, or an invisible or hidden target) leaves the target unseen. As the attacker's eyes
    read the squares: darkness within its darkvision is only dim (R004-LT-04)."""
    if state.has_condition(attacker, "blinded") or any(state.has_condition(target, c) for c in UNSEEN):
        return HEAVY
    level = least_obscured(sight_field(state, attacker), state.space(target))
    if level >= Obscurement.HEAVY:
        return HEAVY
    return LIGHT if level == Obscurement.LIGHT else NO_CONCEALMENT


def veils(state: GameState) -> Veils:
    """The squares the spells in effect cover: magical darkness (Darkness) and fog (Fog Cloud)."""
    darkness: list[Square] = []
    fog: list[Square] = []
    for _, zone in state.world.query(Zone):
        (darkness if zone.darkness else fog).extend(zone.squares)
    return Veils(frozenset(darkness), frozenset(fog))


def darkvision_ft(state: GameState, entity: Entity) -> int:
    """[5e] How far the creature's darkvision reaches (0: none; a unit with no 5e sheet has none)."""
    sheet = state.world.maybe(entity, Sheet)
    return sheet.darkvision_ft if sheet is not None else 0


def sight_field(state: GameState, viewer: Entity, darkvision: int | None = None) -> Battlefield:
    """The battlefield as the viewer's eyes read it (LT-01..04): darkness within its darkvision is dim, a
    spell's magical darkness dark to all. ``darkvision``: the range to use instead of the viewer's own."""
    reach = darkvision_ft(state, viewer) if darkvision is None else darkvision
    return seen_field(state.battlefield, state.space(viewer), reach, veils(state))


def can_see(state: GameState, viewer: Entity, target: Entity) -> bool:
    """§8: not blinded, the target neither invisible nor hidden, and some square of it seen through the
    viewer's eyes (darkvision counts, R004-LT-04). Every sight question in 5e-house asks this."""
    return unseen_because(state, viewer, target) == ""


# Why a creature is unseen, where it stands (R004-LT-03, LT-04), or that no sight line reaches it.
IN_MAGICAL_DARKNESS, IN_DARKNESS, IN_FOG = N_("in magical darkness"), N_("in darkness"), N_("in heavy fog")
OUT_OF_SIGHT = N_("out of sight")


def unseen_because(state: GameState, viewer: Entity, target: Entity) -> str:
    """Why the viewer cannot see the target, "" when it can (§8, R004-LT-03, LT-04): "blinded", the target
    "invisible" or "hidden", its clearest square as the viewer reads it in magical darkness, darkness or
    heavy fog, or no sight line reaching it ("out of sight")."""
    if state.has_condition(viewer, "blinded"):
        return "blinded"
    hiding = next((c for c in UNSEEN if state.has_condition(target, c)), None)
    if hiding is not None:
        return hiding
    field = sight_field(state, viewer)
    space = state.space(target)
    if sees_space(field, state.space(viewer), space):
        return ""
    clearest = min(footprint(*space), key=lambda sq: field.at(sq).obscured)
    seen = field.at(clearest).obscured
    if seen < Obscurement.HEAVY:
        return OUT_OF_SIGHT
    if light_level(state.battlefield, clearest, veils(state)) == MAGICAL_DARK:
        return IN_MAGICAL_DARKNESS
    return IN_DARKNESS if seen == Obscurement.TOTAL else IN_FOG


def darkvision_note(state: GameState, viewer: Entity, target: Entity) -> str:
    """"darkvision 60 ft" when the viewer sees the target only thanks to its darkvision (R004-LT-04), else
    "" (the battle screen's forecast names it)."""
    reach = darkvision_ft(state, viewer)
    if not reach or not can_see(state, viewer, target):
        return ""
    sees_anyway = sees_space(sight_field(state, viewer, darkvision=0), state.space(viewer), state.space(target))
    return "" if sees_anyway else L_("darkvision {range} ft", range=reach)


@dataclass(frozen=True)
class Edge:
    """One source of advantage or disadvantage, with its reason and rule."""

    reason: str
    rule: str


@dataclass(frozen=True)
class Odds:
    """The sources on both sides; ``notes``: what changed no side but is worth saying (a darkvision that
    sees through the dark)."""

    advantages: tuple[Edge, ...]
    disadvantages: tuple[Edge, ...]
    notes: tuple[str, ...] = ()

    @property
    def result(self) -> str:
        return combine(len(self.advantages), len(self.disadvantages))


def odds(state: GameState, attacker: Entity, target: Entity, kind: str, beyond_normal_range: bool = False,
         helped: bool = False, dodging: bool = False) -> Odds:
    """Every source of advantage and disadvantage on one attack roll (R004-AT-01, -02, -05, -06, SA-03,
    SA-06, SA-11). Close and area attacks make no attack roll in 5e (saves instead): no sources.

    ``dodging``: the target's Dodge is in force (``economy.dodge_works``); ``helped``: an ally's Help.
    """
    if kind not in (MELEE, RANGED):
        return Odds((), ())
    up: list[Edge] = []
    down: list[Edge] = []
    close = distance_ft(state.space(attacker), state.space(target)) <= CLOSE_QUARTERS_FT
    if state.has_condition(attacker, "prone"):
        down.append(Edge(L_("attacker prone"), "5e-house §2.3.1"))
    if state.has_condition(target, "prone"):
        if close:
            up.append(Edge(L_("target prone within 5 ft"), "5e-house §2.3.1"))
        else:
            down.append(Edge(L_("target prone beyond 5 ft"), "5e-house §2.3.1"))
    # R004-AT-05, LT-03: an unseen target (darkness, fog, out of sight) as if the attacker were blinded;
    # an attacker the target cannot see as if the target were.
    unseen = unseen_because(state, attacker, target)
    if unseen:
        down.append(Edge(L_("attacker blinded") if unseen == "blinded" else
                         L_("target {why} (you can't see it)", why=unseen), "5e-house §8"))
    unseeing = unseen_because(state, target, attacker)
    if unseeing:
        up.append(Edge(L_("target blinded") if unseeing == "blinded" else
                       L_("attacker {why} (the target can't see you)", why=unseeing), "5e-house §8"))
    notes = tuple(n for n in (darkvision_note(state, attacker, target),
                              _theirs(darkvision_note(state, target, attacker))) if n)
    if state.has_condition(attacker, "grappled"):
        down.append(Edge(L_("attacker grappled"), "5e-house §2.1"))
    if state.has_condition(attacker, "restrained"):
        down.append(Edge(L_("attacker restrained"), "5e restrained"))
    for condition in EXPOSED:
        if state.has_condition(target, condition):
            up.append(Edge(L_("target {condition}", condition=condition), "5e conditions"))
            break
    if dodging:
        down.append(Edge(L_("target dodging"), "5e-house §2.1"))
    if helped:
        up.append(Edge(L_("helped"), "5e-house §2.1"))
    if kind == RANGED:
        if beyond_normal_range:
            down.append(Edge(L_("long range"), "5e ranged attacks"))
        if _hostile_within_reach(state, attacker):
            down.append(Edge(L_("ranged attack with an enemy within 5 ft"), "5e ranged attacks"))
    return Odds(tuple(up), tuple(down), notes)


def _theirs(note: str) -> str:
    return L_("the target's {note} sees you", note=note) if note else ""


def _hostile_within_reach(state: GameState, attacker: Entity) -> bool:
    """[5e] A ranged attack has disadvantage with a hostile creature that can see the attacker and is not
    incapacitated within 5 ft (docs/rulings.md)."""
    space = state.space(attacker)
    return any(state.are_enemies(attacker, e) and not incapacitated(state, e) and can_see(state, e, attacker)
               and distance_ft(space, state.space(e)) <= REACH_FT for e in state.standing() if e != attacker)


def can_react(state: GameState, entity: Entity) -> bool:
    """[5e] An incapacitated creature takes no reactions."""
    return not incapacitated(state, entity)


def hands(state: GameState, e: Entity) -> Hands:
    """The weapons in the creature's hands (its sheet's ``wields`` until it draws, stows or loses one)."""
    held = state.world.maybe(e, Hands)
    if held is not None:
        return held
    me = state.world.get(e, Sheet)
    return Hands(me.wields or tuple(w.name for w in me.attacks[:1]))


def opportunity_weapons(state: GameState, e: Entity) -> list[Weapon]:
    """§6: the melee weapons in hand an opportunity attack can be made with, in the sheet's order (the game
    has no unarmed strikes, so a creature holding none makes none)."""
    held = hands(state, e).held
    return [w for w in state.world.get(e, Sheet).attacks if w.kind == MELEE and w.name in held]


def opportunity_reach_ft(state: GameState, e: Entity) -> int:
    """R004-OA-01: the reach a mover must leave to provoke the creature: its longest melee weapon in hand;
    0 when it holds none. The door, the walk preview and the computer all ask this one function. A creature
    described without weapons (the query tool's units, contracts/query.md) has the standard 5 ft."""
    if state.world.maybe(e, Sheet) is None:
        return REACH_FT
    return max((w.reach_ft for w in opportunity_weapons(state, e)), default=0)


def provokers(state: GameState, mover: Entity, path: tuple[Square, ...], disengaged: bool = False,
              teleport: bool = False) -> list[Entity]:
    """§6 (R004-OA-01..05): enemies whose reach (``opportunity_reach_ft``) the mover leaves of its own will,
    in the order it leaves them; each at most once (one reaction). Nobody is provoked by a Disengaged mover,
    by a teleport (it does not leave reach by moving, docs/rulings.md), by one they cannot see, or while
    incapacitated or holding no melee weapon. Moving within reach never provokes.
    """
    if disengaged or teleport:
        return []
    side = state.space(mover)[1]
    provoked: list[Entity] = []
    candidates = [e for e in state.standing() if e != mover and state.are_enemies(mover, e) and can_react(state, e)]
    reaches = {e: opportunity_reach_ft(state, e) for e in candidates}
    sees = {e: can_see(state, e, mover) for e in candidates if reaches[e]}
    for frm, to in zip(path, path[1:]):
        for enemy in candidates:
            if enemy in provoked or not sees.get(enemy):
                continue
            reach = reaches[enemy]
            space = state.space(enemy)
            if distance_ft((frm, side), space) <= reach < distance_ft((to, side), space):
                provoked.append(enemy)
    return provoked
