"""The power bar's choices for the acting creature, each with why it cannot be used now (no pygame).

Every answer comes from the rules: the door's validators, plan_attack, move_blocker, uses_left. Nothing
here decides what is legal; it only asks, and keeps the first reason given.

Two rows, with keys that never move:
- powers, in the creature's own order, on the number keys 1-9 then 0 (interrupts and reactions are
  never here: they come as offers);
- moves and the §25 actions on letters (see ACTION_KEYS); a choice that does not apply to this
  creature (escape when nothing holds it) is left out, and its letter stays free.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rulesets.dnd4e.actions.attack import plan_attack, power_targets
from game.rulesets.dnd4e.actions.commands import (
    AidAnother, BullRush, Charge, CoupDeGrace, Delay, DrinkPotion, DropProne, EndGrab, EndSqueeze, Escape, Grab, MoveGrabbed,
    Ready, Rejected, SecondWind, SpendActionPoint, StandUp, Sustain, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.common import check_actor, lacks_action, uses_left
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.actions.move import CRAWL, RUN, SQUEEZE, WALK, move_blocker, move_options
from game.rulesets.dnd4e.actions.teleport import teleport_power, teleport_squares
from game.rulesets.dnd4e.actions.turn_actions import READY_TRIGGERS
from game.core.areas import wall_problem
from game.engine.choices import POWER_KEYS, Choice
from game.core.grid import Square, chebyshev, space_distance
from game.core.movement import SearchResult
from game.ecs.components import ActionPoints, Body, Power, TeleportPower
from game.ecs.world import Entity
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_, N_, capitalized, content
from game.rulesets.dnd4e.opportunity import SHIFT
from game.state import SQUEEZING, GameState
from game.rulesets.dnd4e.systems.turns import sustainable
from game.rulesets.dnd4e.presentation.describe import (
    ACTION_SHORT, power_reach, power_reach_short, power_summary, power_target_text, usage_text, uses_text,
)

MOVE_LABELS = {WALK: N_("Walk"), RUN: N_("Run"), SHIFT: N_("Shift"), CRAWL: N_("Crawl"), SQUEEZE: N_("Squeeze")}
# Letters of the action row; fixed, so a key always means the same thing. (C, M, N, Q, R on the victory
# screen, Y are taken elsewhere: C centres the view, Q quits, Y and N answer prompts.)
ACTION_KEYS = {
    WALK: "W", CRAWL: "W", RUN: "R", SHIFT: "S", SQUEEZE: "Z", "unsqueeze": "X", "prone": "P", "stand": "P",
    "charge": "H", "bull_rush": "B", "grab": "G", "move_grabbed": "T", "escape": "E", "end_grab": "U",
    "aid": "I", "second_wind": "F", "total_defense": "D", "potion": "O", "action_point": "A", "delay": "L",
    "ready": "V", "sustain": "J", "knockout": "K",
}
INSTANT = {"stand", "prone", "unsqueeze", "second_wind", "total_defense", "action_point", "delay", "end_grab"}
HELD = ("grabbed", "immobilized", "restrained")      # shown when held; the door says Escape undoes only a grab (§25.11)
ESCAPE_SKILLS = {"athletics": N_("Athletics vs Fortitude"), "acrobatics": N_("Acrobatics vs Reflex")}
AID_BOONS = {"attack": N_("+2 to its next attack on the enemy"),
             "defense": N_("+2 to its defenses against the enemy's next attack")}
CHARGE_TRIES = 4      # end squares tried per enemy, nearest first, before a charge is judged impossible


def choices(state: GameState, actor: Entity) -> list[Choice]:
    """Both rows: the powers, then the moves and actions."""
    return power_choices(state, actor) + action_choices(state, actor)


# Powers -------------------------------------------------------------------------------------------------
def power_choices(state: GameState, actor: Entity) -> list[Choice]:
    arsenal = state.arsenal(actor)
    powers: list[Power | TeleportPower] = [p for p in arsenal.attacks if p.action not in ("interrupt", "reaction")]
    powers += list(arsenal.teleports)
    found = []
    for index, power in enumerate(powers[:len(POWER_KEYS)]):
        left = uses_left(state, actor, power.name, power.usage, power.uses)
        blocked, targets = _power_state(state, actor, power, left)
        kind = "teleport" if isinstance(power, TeleportPower) else "power"
        found.append(Choice(
            f"{kind}:{power.name}", content(power.name), blocked, hotkey=POWER_KEYS[index],
            action=content(ACTION_SHORT.get(power.action, power.action)), reach=power_reach_short(power),
            aim=power_target_text(power), uses=uses_text(left, power.uses), usage=usage_text(power.usage, left, power.uses),
            summary=_summary(power),
            instant=isinstance(power, Power) and power.kind == "personal" and not power.attacks,
            targets=targets))
    return found


def _summary(power: Power | TeleportPower) -> str:
    """The tooltip's line: "Melee 1. +6 vs AC, 1d8+4 damage." (a teleport's summary ends its own sentence)."""
    summary = power_summary(power)
    if not summary:
        return L_("{reach}.", reach=power_reach(power))
    if isinstance(power, TeleportPower):
        return L_("{reach}. {summary}", reach=power_reach(power), summary=capitalized(summary))
    return L_("{reach}. {summary}.", reach=power_reach(power), summary=capitalized(summary))


def _power_state(state: GameState, actor: Entity, power: Power | TeleportPower,
                 left: int | None) -> tuple[Rejected | None, tuple[Entity, ...]]:
    if (rejection := check_actor(state, actor)) is not None:
        return rejection, ()
    if left is not None and left <= 0:
        used = L_("the {power} is a daily power and has been used", power=power.name) if power.usage == "daily" \
            else L_("the {power} is an encounter power and has been used", power=power.name)
        return Rejected(used, "4e §25.23"), ()
    if (rejection := lacks_action(state, actor, power.action)) is not None:
        return rejection, ()
    if isinstance(power, TeleportPower):
        teleport = teleport_power(state, actor, power.name)
        if teleport is None or not teleport_squares(state, actor, teleport):
            return Rejected(L_('no free square in range that you can see'), "4e §23"), ()
        return None, ()
    if power.kind in ("close", "area"):
        return None, ()          # the area is checked where it is aimed
    if power.kind == "personal" and not power.attacks:
        return validate(state, UsePower(actor, power.name)), (actor,)
    if not power.attacks:
        return _first_ok(state, [UsePower(actor, power.name, e) for e in _nearest(state, actor, friends=True)],
                         lambda c: c.target)
    targets = power_targets(state, actor, power.name)
    if targets:
        return None, tuple(sorted(targets))
    nearest = [e for e in _nearest(state, actor, friends=False if power.targets == "enemy" else None) if e != actor]
    reason = plan_attack(state, actor, nearest[0], power.name) if nearest else None
    return (reason if isinstance(reason, Rejected) else Rejected(L_('no target for the {power}', power=power.name))), ()


def _nearest(state: GameState, actor: Entity, friends: bool | None = False) -> list[Entity]:
    """Creatures still on the battlefield, nearest first: enemies, friends (the actor first) or all."""
    here = state.space(actor)
    pool = [e for e in state.standing()
            if friends is None or (not state.are_enemies(actor, e) if friends else state.are_enemies(actor, e))]
    return sorted(pool, key=lambda e: (e != actor, space_distance(*here, *state.space(e)), e))


def _first_ok(state: GameState, commands: list[Any], pick,
              none: Rejected = Rejected(L_('no creature to use it on'))) -> tuple[Rejected | None, tuple[Any, ...]]:
    """Validate each; what passes, or the first reason when nothing does (``none``: nothing to try)."""
    passing, reason = [], None
    for command in commands:
        rejection = validate(state, command)
        if rejection is None:
            passing.append(pick(command))
        elif reason is None:
            reason = rejection
    if passing:
        return None, tuple(passing)
    return reason or none, ()


# Moves and actions ---------------------------------------------------------------------------------------
def action_choices(state: GameState, actor: Entity) -> list[Choice]:
    """Moves, stances, maneuvers and the other §25 actions, in a fixed order with fixed letters."""
    prone = state.has_condition(actor, "prone")
    squeezing = state.has_condition(actor, SQUEEZING)
    large = state.world.get(actor, Body).size.side_squares > 1
    hero = state.stats(actor).hero
    found: list[Choice] = []

    def add(key: str, label: str, answer: Rejected | None | tuple[Rejected | None, tuple[Any, ...]], action: str) -> None:
        """``answer``: why not, or (why not, what the rules accept) from _first_ok."""
        blocked, targets = answer if isinstance(answer, tuple) else (answer, ())
        base = key.split(":", 1)[0]
        found.append(Choice(key, content(label), blocked, instant=base in INSTANT or base == "sustain",
                            hotkey=ACTION_KEYS[base], action=content(action), targets=targets))

    modes = [CRAWL] if prone else ([SQUEEZE] if squeezing else [WALK, RUN, SHIFT] + ([SQUEEZE] if large else []))
    for mode in modes:
        add(mode, MOVE_LABELS[mode], move_blocker(state, actor, mode), N_("Move"))
    if squeezing:
        add("unsqueeze", N_("Unsqueeze"), validate(state, EndSqueeze(actor)), N_("Free"))
    if prone:
        add("stand", N_("Stand"), validate(state, StandUp(actor)), N_("Move"))
    else:
        add("prone", N_("Prone"), validate(state, DropProne(actor)), N_("Minor"))
    enemies = [e for e in _nearest(state, actor) if e != actor]
    allies = [e for e in _nearest(state, actor, friends=True) if e != actor]
    # Candidates only (the door decides): enemies within the actor's longest melee reach.
    reach = max([p.reach for p in state.arsenal(actor).attacks if p.kind == "melee"] + [1])
    near = [e for e in enemies if space_distance(*state.space(actor), *state.space(e)) <= reach]
    charges = charge_paths(state, actor, enemies)
    add("charge", N_("Charge"), (None if charges[0] else charges[1], tuple(sorted(charges[0]))), N_("Std"))
    add("bull_rush", N_("Bull rush"), _first_ok(state, [BullRush(actor, e) for e in near], lambda c: c.target,
                                              Rejected(L_('no enemy close enough'), "4e §25.4")), N_("Std"))
    add("grab", N_("Grab"), _first_ok(state, [Grab(actor, e) for e in near], lambda c: c.target,
                                    Rejected(L_('no enemy within reach'), "4e §25.12")), N_("Std"))
    if validate(state, EndGrab(actor)) is None:
        add("move_grabbed", N_("Drag"), lacks_action(state, actor, "standard"), N_("Std"))
        add("end_grab", N_("Let go"), None, N_("Free"))
    if any(state.has_condition(actor, c) for c in HELD):
        add("escape", N_("Escape"), _first_ok(state, [Escape(actor, s) for s in ESCAPE_SKILLS], lambda c: c.skill)[0], N_("Move"))
    aid = [AidAnother(actor, e, a) for e in near for a in allies]
    add("aid", N_("Aid"), _first_ok(state, aid, lambda c: (c.target, c.ally),
                                                 Rejected(L_('needs an enemy within reach and an ally'), "4e §25.2")), N_("Std"))
    if hero:
        add("second_wind", N_("2nd wind"), validate(state, SecondWind(actor)), N_("Std"))
    add("total_defense", N_("Defend"), validate(state, TotalDefense(actor)), N_("Std"))
    if state.arsenal(actor).potions or hero:
        drinkers = [DrinkPotion(actor)] + [DrinkPotion(actor, a) for a in allies if not state.conscious(a)]
        add("potion", N_("Potion"), _first_ok(state, drinkers, lambda c: c.target or actor), N_("Minor"))
    points = state.world.maybe(actor, ActionPoints)
    if points is not None and (points.left or hero):
        add("action_point", N_("Act. point"), validate(state, SpendActionPoint(actor)), N_("Free"))
    add("delay", N_("Delay"), validate(state, Delay(actor)), "")
    add("ready", N_("Ready"), _first_ok(state, [Ready(actor, p.name, next(iter(READY_TRIGGERS)))
                                             for p in state.arsenal(actor).attacks], lambda c: c.power), N_("Std"))
    for power in sustainable(state, actor):
        add(f"sustain:{power}", L_("Sustain {power}", power=power), validate(state, Sustain(actor, power)), N_("Minor"))
    add("knockout", N_("Knockout"), None, "")      # a toggle on the next attack, not an action (§27)
    return found


# Targeting helpers the screen and the random player share ------------------------------------------------
def charge_path(state: GameState, actor: Entity, target: Entity,
                walk: SearchResult | None = None) -> tuple[Square, ...] | Rejected:
    """The move a charge at ``target`` would make: the cheapest paths to the squares from which the
    actor's melee basic attack reaches it, nearest first, the first the door accepts (§25.5)."""
    walk = walk if walk is not None else move_options(state, actor, WALK)
    basic = state.arsenal(actor).basic_attack("melee")
    reach = basic.reach if basic is not None else 1
    side = state.space(actor)[1]
    aim = state.space(target)
    ends = sorted((walk.cost[s], chebyshev(s, walk.start), s) for s in walk.endable
                  if s != walk.start and space_distance(s, side, *aim) <= reach)
    last: Rejected = Rejected(L_("no square within reach of {target} to charge to", target=named(state.name(target))),
                              "4e §25.5")
    for _, _, square in ends[:CHARGE_TRIES]:
        path = walk.path_to(square)
        if path is None:
            continue
        rejection = validate(state, Charge(actor, target, tuple(path)))
        if rejection is None:
            return tuple(path)
        last = rejection
    return last


def charge_paths(state: GameState, actor: Entity,
                 enemies: Sequence[Entity]) -> tuple[dict[Entity, tuple[Square, ...]], Rejected]:
    """Every enemy a charge can reach now with its path, and the first reason one could not."""
    if (rejection := check_actor(state, actor)) is not None:
        return {}, rejection
    if (rejection := lacks_action(state, actor, "standard")) is not None:
        return {}, rejection
    walk = move_options(state, actor, WALK)
    found: dict[Entity, tuple[Square, ...]] = {}
    reason: Rejected | None = None
    for enemy in enemies:
        path = charge_path(state, actor, enemy, walk)
        if isinstance(path, Rejected):
            reason = reason or path
        else:
            found[enemy] = path
    return found, reason or Rejected(L_('no enemy to charge'), "4e §25.5")


def drag_paths(state: GameState, actor: Entity) -> dict[Square, tuple[Square, ...]]:
    """Squares a move-grabbed (§25.12) can end on, each with its path: the door accepts each one."""
    walk = move_options(state, actor, WALK)
    found: dict[Square, tuple[Square, ...]] = {}
    for square in sorted(walk.endable - {walk.start}, key=lambda s: walk.cost[s]):
        path = walk.path_to(square)
        if path is not None and validate(state, MoveGrabbed(actor, tuple(path))) is None:
            found[square] = tuple(path)
    return found


def coup_de_grace_power(state: GameState, actor: Entity, target: Entity, power: str | None) -> str | None:
    """The power a click on a helpless adjacent enemy would deliver a coup de grace with (§25.6): the
    chosen one, or else the first power (melee basics first) the door accepts; None if none."""
    if not state.is_helpless(target) or not state.are_enemies(actor, target):
        return None
    names = [power] if power else [p.name for p in sorted(state.arsenal(actor).attacks,
                                                           key=lambda p: (not p.basic, p.kind != "melee"))
                                   if p.attacks and p.action == "standard"]
    return next((n for n in names if validate(state, CoupDeGrace(actor, target, n)) is None), None)


def readyable(state: GameState, actor: Entity) -> list[tuple[str, Rejected | None]]:
    """The powers a Ready action could hold, each with why not (§25.16)."""
    trigger = next(iter(READY_TRIGGERS))
    return [(p.name, validate(state, Ready(actor, p.name, trigger))) for p in state.arsenal(actor).attacks
            if p.action not in ("interrupt", "reaction") and p.attacks]


def wall_next_squares(state: GameState, actor: Entity, power: Power, laid: tuple[Square, ...]) -> list[Square]:
    """Squares that may come next in a wall being laid square by square (§5.6): each shares a side with
    the last one laid, and the squares so far stay a legal wall of their own length (in range, with line
    of effect, one chain, no square with more than two neighbours in it)."""
    space = state.space(actor)
    bf = state.battlefield
    if len(laid) >= power.size:
        return []
    if not laid:
        (x0, y0), reach = space[0], power.reach
        candidates = [(x, y) for y in range(y0 - reach, y0 + space[1] + reach)
                      for x in range(x0 - reach, x0 + space[1] + reach)]
    else:
        x, y = laid[-1]
        candidates = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    return [s for s in candidates if s not in laid
            and wall_problem(bf, space, list(laid) + [s], len(laid) + 1, power.reach) is None]
