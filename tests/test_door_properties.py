"""A property test of the one door (game/actions/door.py): random small skirmishes driven by random
commands, mostly nonsense, through execute() with seeded dice.

Whatever the command, a rejection changes nothing (the world, the battlefield) and rolls no dice; and
after every accepted command the skirmish is still a legal 4e skirmish:

- no two creatures on the battlefield share a square, unless one of them is prone or helpless (§17.4);
- every creature's hit points are its maximum, minus the damage that got past its temporary hit points,
  plus the healing it received (§8.3, §26), reading the events: a knockout blow that drops a creature
  from above 0 holds it at 0 (§27, [A32]), and a death save of 20 heals from 0 by the surge value (§27);
- temporary hit points are never negative and follow the events: the higher value stays (§26.5);
- hit points never exceed the maximum (§26.1);
- a dead creature never acts again, and the creature whose turn it is is alive (§27, §2.2);
- a dying creature makes one death save a turn (§27), and no offer waits twice in the queue.

The commands are built from small integers hypothesis draws: an actor (usually the one the game waits
for), a target, squares and paths near the actor, a power from its arsenal or a made-up one; half the
time aimed with the game's own previews (a legal move, a target in reach), so fights really happen.
Maneuvers (charge, bull rush, grab, drag, escape, aid another) are included. A failure prints the map
and every accepted command; DOOR_PROPERTY_SHRINK=1 shrinks it (minutes).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from game.rulesets.dnd4e.actions.commands import (
    AidAnother, AreaAttack, Attack, BullRush, Charge, CoupDeGrace, Delay, DrinkPotion, DropProne, EndGrab, EndSqueeze,
    EndTurn, Escape, ForceMove, Grab, Move, MoveGrabbed, React, Ready, Rejected, SecondWind, SpendActionPoint,
    StandUp, Sustain, Teleport, TotalDefense, UsePower,
)
from game.rulesets.dnd4e.actions.attack import power_targets
from game.rulesets.dnd4e.actions.common import decider
from game.rulesets.dnd4e.actions.door import execute
from game.rulesets.dnd4e.actions.force_move import forced_next_squares, next_forced
from game.rulesets.dnd4e.actions.maneuvers import charge_squares, push_squares
from game.rulesets.dnd4e.actions.move import move_blocker, move_options
from game.rulesets.dnd4e.actions.events import (
    ActionTaken, AttackRolled, DamageDealt, DeathSave, Healed, PowerUsed, TemporaryHitPoints, TurnStarted,
    UnitDied, UnitKnockedOut, UnitMoved,
)
from game.core.areas import blast_placements
from game.core.dice import DiceExpr, SeededDice
from game.core.grid import DIRECTIONS, Size, are_adjacent, footprint
from game.ecs.components import EffectSpec, Health, HealSpec, OutOfFight, Power, ZoneSpec
from game.rulesets.dnd4e.systems.turns import begin_skirmish

from support import BOW, SWORD, Unit, battle

NOTHING = DiceExpr(0, 0, 0)
# Raise DOOR_PROPERTY_EXAMPLES (e.g. to 2500, a few minutes) to search harder; DOOR_PROPERTY_SHRINK=1 to
# shrink a failure (slow: several minutes).
EXAMPLES = int(os.environ.get("DOOR_PROPERTY_EXAMPLES", "250"))
PHASES = (Phase.explicit, Phase.reuse, Phase.generate) + \
    ((Phase.shrink,) if os.environ.get("DOOR_PROPERTY_SHRINK") else ())
COMMANDS_PER_SKIRMISH = 100

# Powers the creatures draw from: reactions and interrupts, ongoing damage, dazing, stuns, heals,
# temporary hit points, areas, a zone, a sustained hold, a push, extra damage with combat advantage.
EXTRA_POWERS = (
    Power("riposte", "melee", 1, 0, 5, "ac", DiceExpr(1, 6, 0), basic=False, action="reaction", trigger="hit_by_enemy"),
    Power("parry", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="interrupt",
          trigger="attacked_by_enemy", targets="self",
          self_effects=(EffectSpec("defense_bonus", "start_of_your_next_turn", amount=4),)),
    Power("counter", "melee", 1, 0, 5, "ac", DiceExpr(2, 6, 0), basic=False, action="interrupt",
          trigger="attacked_by_enemy", usage="encounter"),
    Power("lunge", "melee", 2, 0, 5, "ac", DiceExpr(1, 6, 0), basic=False, action="reaction",
          trigger="enemy_enters_reach"),
    Power("snare", "ranged", 3, 0, 5, "reflex", DiceExpr(1, 4, 0), weapon=False, basic=False, action="reaction",
          trigger="enemy_enters_reach", hit_effects=(EffectSpec("immobilized", "save_ends"),)),
    Power("burn", "ranged", 5, 0, 5, "reflex", DiceExpr(1, 6, 2), weapon=False, basic=False, damage_type="fire",
          hit_effects=(EffectSpec("ongoing", "save_ends", amount=5, damage_type="fire"),)),
    Power("daze", "melee", 1, 0, 5, "will", DiceExpr(1, 4, 0), basic=False,
          hit_effects=(EffectSpec("dazed", "save_ends", after=(EffectSpec("slowed", "save_ends"),)),)),
    Power("stagger", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), basic=False,
          hit_effects=(EffectSpec("dazed", "end_of_your_next_turn"),)),
    Power("stun", "ranged", 5, 0, 3, "fortitude", DiceExpr(1, 4, 0), weapon=False, basic=False, usage="encounter",
          hit_effects=(EffectSpec("stunned", "save_ends"),)),
    Power("trip", "melee", 1, 0, 5, "reflex", DiceExpr(1, 4, 0), basic=False, hit_effects=(EffectSpec("prone"),)),
    Power("healing word", "ranged", 5, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor",
          targets="ally_or_self", heal=HealSpec(surge=True, bonus=DiceExpr(1, 6, 0)), usage="encounter", uses=2),
    Power("ward", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor", targets="self",
          self_effects=(EffectSpec("temp_hp", amount=6),)),
    Power("inspire", "ranged", 5, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor", targets="ally",
          hit_effects=(EffectSpec("temp_hp", amount=4),)),
    Power("regrow", "personal", 0, 0, 0, "", NOTHING, weapon=False, basic=False, action="minor", targets="self",
          self_effects=(EffectSpec("regeneration", "save_ends", amount=3),)),
    Power("sweep", "close", 0, 0, 5, "reflex", DiceExpr(1, 6, 0), weapon=False, basic=False, area="burst", size=1,
          miss_half=True),
    Power("wave", "close", 0, 0, 5, "fortitude", DiceExpr(1, 6, 0), weapon=False, basic=False, area="blast", size=2,
          targets="creature", forced="push", forced_squares=1),
    Power("flames", "area", 8, 0, 5, "reflex", DiceExpr(1, 8, 0), weapon=False, basic=False, area="burst", size=1,
          targets="creature", damage_type="fire"),
    Power("fog", "area", 8, 0, 0, "", NOTHING, weapon=False, basic=False, area="burst", size=1, targets="creature",
          zone=ZoneSpec("heavy", difficult=True, duration="sustain")),
    Power("hold", "melee", 1, 0, 5, "ac", DiceExpr(1, 4, 0), basic=False,
          hit_effects=(EffectSpec("immobilized", "sustain"),)),
    Power("shove", "melee", 1, 0, 5, "fortitude", DiceExpr(1, 4, 0), basic=False, forced="push", forced_squares=2),
    Power("pull", "ranged", 5, 0, 5, "fortitude", DiceExpr(1, 4, 0), weapon=False, basic=False, forced="pull",
          forced_squares=2),
    Power("switch", "melee", 1, 0, 5, "reflex", DiceExpr(1, 4, 0), basic=False, forced="swap"),
    Power("sneak", "melee", 1, 0, 5, "ac", DiceExpr(1, 6, 2), basic=False, advantage_damage=DiceExpr(2, 6, 0)),
    Power("smash", "melee", 1, 0, 6, "ac", DiceExpr(2, 10, 4), basic=False, usage="encounter", miss_half=True),
    Power("weaken", "ranged", 5, 0, 5, "will", DiceExpr(1, 4, 0), weapon=False, basic=False,
          hit_effects=(EffectSpec("weakened", "save_ends"), EffectSpec("defense_bonus", "save_ends", amount=-2))),
)
# A melee basic attack, so opportunity attacks use it, that holds what it hits in place.
CLAW = Power("claw", "melee", 1, 0, 5, "ac", DiceExpr(1, 6, 1), hit_effects=(EffectSpec("immobilized", "save_ends"),))
MOVE_MODES = ("walk", "walk", "walk", "run", "shift", "crawl", "squeeze")
COMMAND_KINDS = (
    "move", "move", "move", "move", "attack", "attack", "attack", "attack", "attack", "area", "area", "area",
    "use", "use", "coup", "second_wind",
    "total_defense", "potion", "action_point", "sustain", "delay", "ready", "teleport", "force", "react",
    "stand", "prone", "end_squeeze", "end_turn",
    "charge", "bull_rush", "grab", "grab", "move_grabbed", "escape", "end_grab", "aid",
)
BLUE, RED = "ABC", "XYZ"
NOBODY = 999


# Skirmishes --------------------------------------------------------------------------------------------

@st.composite
def units(draw, side: str) -> Unit:
    hero = side == "blue" and draw(st.booleans())
    minion = not hero and draw(st.integers(0, 9)) == 0
    extras = draw(st.lists(st.sampled_from(EXTRA_POWERS), max_size=4, unique_by=lambda p: p.name))
    return Unit(
        side=side,
        hp=1 if minion else draw(st.integers(6, 30)),
        speed=draw(st.integers(3, 6)),
        size=Size.LARGE if draw(st.integers(0, 7)) == 0 else Size.MEDIUM,
        conditions=draw(st.sampled_from(((), (), (), ("prone",), ("dazed",), ("insubstantial",)))),
        attacks=(draw(st.sampled_from((SWORD, SWORD, CLAW))), BOW, *extras),
        hero=hero,
        surges=draw(st.integers(0, 2)) if hero else 1,
        potions=draw(st.integers(0, 1)),
        resist=draw(st.sampled_from(((), (), (("fire", 5),), (("all", 2),)))),
        vulnerable=draw(st.sampled_from(((), (), (("fire", 3),)))),
        regeneration=draw(st.sampled_from((0, 0, 0, 3))),
        minion=minion,
    )


@st.composite
def skirmishes(draw):
    """A small map with walls and rubble, two or three creatures a side (sometimes Large) on free
    squares, and the creatures' units."""
    width, height = draw(st.integers(4, 7)), draw(st.integers(4, 5))
    grid = [[draw(st.sampled_from("......#~")) for _ in range(width)] for _ in range(height)]
    letters = BLUE[:draw(st.integers(2, 3))] + RED[:draw(st.integers(2, 3))]
    specs: dict[str, Unit] = {}
    taken: set[tuple[int, int]] = set()
    for letter in letters:
        spec = draw(units("blue" if letter in BLUE else "red"))
        side = spec.size.side_squares
        free = [(x, y) for y in range(height - side + 1) for x in range(width - side + 1)
                if all(grid[sy][sx] != "#" and (sx, sy) not in taken for sx, sy in footprint((x, y), side))]
        if not free:
            continue
        x, y = draw(st.sampled_from(free))
        taken.update(footprint((x, y), side))
        grid[y][x] = letter
        specs[letter] = spec
    return ["".join(row) for row in grid], specs


# Commands ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Recipe:
    """Small integers a command is decoded from, against the state of the moment."""

    pick: int          # 0-99: answer what is waiting (< 60), end the turn (60-71), else a command of ``kind``
    kind: int
    sense: int         # < 50: aim it with the game's own previews (a legal move, a target in reach)
    actor: int         # < 75: the creature the game waits for, else any creature (or nobody)
    target: int
    x: int
    y: int
    steps: tuple[int, ...]
    power: int
    flag: bool


recipes = st.builds(
    Recipe, st.integers(0, 99), st.integers(0, len(COMMAND_KINDS) - 1), st.integers(0, 99), st.integers(0, 99),
    st.integers(0, 99), st.integers(-1, 8), st.integers(-1, 6),
    st.lists(st.integers(0, 8), min_size=1, max_size=5).map(tuple),
    st.integers(0, 99), st.booleans(),
)


def _creature(state, n: int):
    everyone = state.creatures()
    return NOBODY if n % 17 == 16 else everyone[n % len(everyone)]


def _path(start, steps: tuple[int, ...]):
    """A walk from ``start``: each step one of the eight directions (8: stay put, a repeated square)."""
    path = [start]
    for step in steps:
        dx, dy = DIRECTIONS[step] if step < 8 else (0, 0)
        path.append((path[-1][0] + dx, path[-1][1] + dy))
    return tuple(path)


def _pick(items, n: int):
    items = list(items)
    return items[n % len(items)] if items else None


def _sensible(state, actor, r: Recipe, kind: str):
    """The command of that kind the battle screen would offer, or None if there is none."""
    if kind == "move":
        mode = MOVE_MODES[r.power % len(MOVE_MODES)]
        if move_blocker(state, actor, mode) is not None:
            return None
        options = move_options(state, actor, mode)
        end = _pick(sorted(options.endable - {options.start}), r.x * 7 + r.y)
        return None if end is None else Move(actor, options.path_to(end), mode)
    arsenal = state.arsenal(actor).attacks
    if kind == "attack":
        aims = [(p.name, t) for p in arsenal if p.kind in ("melee", "ranged") and p.attacks
                for t in sorted(power_targets(state, actor, p.name))]
        aim = _pick(aims, r.target * 3 + r.power)
        return None if aim is None else Attack(actor, aim[1], aim[0], knockout=r.flag and r.power % 3 == 0)
    if kind == "area":
        profile = _pick([p for p in arsenal if p.kind in ("close", "area")], r.power)
        if profile is None:
            return None
        space = state.space(actor)
        if profile.kind == "close" and profile.area == "blast":
            origin = _pick(blast_placements(space, profile.size), r.x)
        elif profile.kind == "close":
            origin = space[0]
        else:
            origin = state.square(_pick(state.standing(), r.target))
        return AreaAttack(actor, profile.name, origin, knockout=r.flag and r.power % 3 == 0)
    if kind == "use":
        profile = _pick([p for p in arsenal if not p.attacks and p.kind in ("personal", "melee", "ranged")], r.power)
        if profile is None:
            return None
        friends = [e for e in state.standing() if not state.are_enemies(actor, e)]
        return UsePower(actor, profile.name, None if profile.kind == "personal" else _pick(friends, r.target))
    if kind == "charge":
        target = _pick([e for e in state.standing() if state.are_enemies(actor, e)], r.target)
        end = None if target is None else _pick(charge_squares(state, actor, target, r.flag), r.x)
        if end is None or move_blocker(state, actor) is not None:
            return None
        path = move_options(state, actor).path_to(end)
        return None if path is None else Charge(actor, target, path, r.flag)
    if kind in ("bull_rush", "grab", "aid"):
        near = [e for e in state.standing() if state.are_enemies(actor, e) and
                are_adjacent(*state.space(actor), *state.space(e))]
        target = _pick(near, r.target)
        if target is None:
            return None
        if kind == "grab":
            return Grab(actor, target)
        if kind == "aid":
            friends = [e for e in state.standing() if e != actor and not state.are_enemies(actor, e)]
            ally = _pick(friends, r.x)
            return None if ally is None else AidAnother(actor, target, ally, ("attack", "defense")[r.flag])
        return BullRush(actor, target, _pick(push_squares(state, actor, target), r.x) if r.y % 2 else None)
    if kind == "force" and next_forced(state) is not None:
        forced = next_forced(state)
        path = (state.square(forced.target),)
        for step in r.steps:
            options = forced_next_squares(state, forced, path)
            if not options or step == 8:
                break
            path += (options[step % len(options)],)
        return ForceMove(forced.by, forced.target, path)
    return None


def decode(state, r: Recipe):
    waiting = decider(state)
    actor = waiting if r.actor < 75 else _creature(state, r.actor)
    target = _creature(state, r.target)
    alive = actor in state.creatures()
    here = state.square(actor) if alive else (r.x, r.y)
    if r.pick < 60 and state.pending_forced is not None:
        r = Recipe(r.pick, COMMAND_KINDS.index("force"), 0, r.actor, r.target, r.x, r.y, r.steps, r.power, r.flag)
    elif r.pick < 60 and state.offer is not None:
        return React(state.offer.by, r.flag or r.power < 70)
    elif 60 <= r.pick < 72:
        return EndTurn(actor)
    names = [p.name for p in state.arsenal(actor).attacks] + ["nonsense"] if alive else ["sword"]
    power = names[r.power % len(names)]
    kind = COMMAND_KINDS[r.kind]
    if alive and r.sense < 50:
        command = _sensible(state, actor, r, kind)
        if command is not None:
            return command
    square = (r.x, r.y)
    if kind == "move":
        start = here if r.flag or r.power % 5 else square
        return Move(actor, _path(start, r.steps), MOVE_MODES[r.power % len(MOVE_MODES)])
    if kind == "attack":
        return Attack(actor, target, power, knockout=r.flag and r.power % 3 == 0)
    if kind == "area":
        origin = here if r.power % 3 == 0 else (state.square(target) if target in state.creatures() and r.flag
                                                  else (here[0] + r.x % 3 - 1, here[1] + r.y % 3 - 1))
        return AreaAttack(actor, power, origin, knockout=not r.flag and r.x == 0)
    if kind == "use":
        return UsePower(actor, power, None if r.flag else target)
    if kind == "coup":
        return CoupDeGrace(actor, target, power)
    if kind == "second_wind":
        return SecondWind(actor)
    if kind == "total_defense":
        return TotalDefense(actor)
    if kind == "potion":
        return DrinkPotion(actor, target if r.flag else None)
    if kind == "action_point":
        return SpendActionPoint(actor)
    if kind == "sustain":
        return Sustain(actor, power)
    if kind == "delay":
        return Delay(actor)
    if kind == "ready":
        trigger = ("enemy_enters_reach", "enemy_attacks", "whenever")[r.x % 3]
        return Ready(actor, power, trigger)
    if kind == "teleport":
        return Teleport(actor, power, square)
    if kind == "force":
        start = state.square(target) if target in state.creatures() else square
        return ForceMove(actor, target, _path(start, r.steps[:3]))
    if kind == "react":
        return React(actor, r.flag)
    if kind == "stand":
        return StandUp(actor)
    if kind == "prone":
        return DropProne(actor)
    if kind == "end_squeeze":
        return EndSqueeze(actor)
    if kind == "charge":
        return Charge(actor, target, _path(here, r.steps), r.flag)
    if kind == "bull_rush":
        return BullRush(actor, target, square if r.flag else None)
    if kind == "grab":
        return Grab(actor, target)
    if kind == "move_grabbed":
        return MoveGrabbed(actor, _path(here, r.steps[:3]))
    if kind == "escape":
        return Escape(actor, ("athletics", "acrobatics", "juggling")[r.x % 3],
                      _path(here, r.steps[:1])[-1] if r.flag else None)
    if kind == "end_grab":
        return EndGrab(actor)
    if kind == "aid":
        return AidAnother(actor, target, _creature(state, r.x), ("attack", "defense", "moral")[r.y % 3])
    return EndTurn(actor)


# Invariants ------------------------------------------------------------------------------------------

def _actor_of(event):
    if isinstance(event, AttackRolled):
        return event.attacker
    if isinstance(event, (TurnStarted, UnitMoved)):
        return event.entity
    if isinstance(event, (PowerUsed, ActionTaken)):
        return event.actor
    return None


class Ledger:
    """Hit points and temporary hit points as the events tell them."""

    def __init__(self, state) -> None:
        self.hp = {e: state.world.get(e, Health).hp for e in state.creatures()}
        self.temp = {e: state.world.get(e, Health).temp for e in state.creatures()}
        self.dead = {e for e in state.creatures() if state.world.has(e, OutOfFight)}
        self.death_save_due: set = set()

    def read(self, state, events, command) -> None:
        dead_before = set(self.dead)
        knocked_out: dict = {}      # creatures a knockout blow dropped from above 0 in this command
        if command.actor in dead_before:
            raise AssertionError(f"a dead creature's command was accepted: {command}")
        for event in events:
            actor = _actor_of(event)
            assert actor is None or actor not in self.dead, f"dead creature {actor} acted: {event} after {command}"
            if isinstance(event, DamageDealt):
                real = event.amount - event.temp_absorbed
                assert 0 <= event.temp_absorbed <= self.temp[event.target], (event, self.temp[event.target])
                before = self.hp[event.target]
                self.hp[event.target] -= real
                self.temp[event.target] -= event.temp_absorbed
                assert event.hp_after == self.hp[event.target], (event, self.hp[event.target])
                if event.knockout and real > 0 and event.hp_after <= 0 and before > 0:
                    knocked_out[event.target] = event.hp_after
                    self.hp[event.target] = 0                                          # [A32]: held at 0
            elif isinstance(event, Healed):
                self.hp[event.entity] += event.amount
                assert event.hp_after == self.hp[event.entity], (event, self.hp[event.entity])
            elif isinstance(event, TemporaryHitPoints):
                self.temp[event.entity] = max(self.temp[event.entity], event.amount)     # §26.5: no stacking
            elif isinstance(event, UnitKnockedOut):
                assert self.hp[event.entity] == 0, (event, self.hp[event.entity], command)
            elif isinstance(event, DeathSave) and event.result == "surge":
                self.hp[event.entity] = state.stats(event.entity).surge_value          # §27: from 0
            elif isinstance(event, UnitDied):
                self.dead.add(event.entity)
                if event.entity in knocked_out:                 # killed after all: not held at 0
                    self.hp[event.entity] = knocked_out.pop(event.entity)
            if isinstance(event, TurnStarted):
                self.death_save_due.add(event.entity)
            elif isinstance(event, DeathSave):                                          # §27: one a turn
                assert event.entity in self.death_save_due, f"a second death save in one turn: {event} after {command}"
                self.death_save_due.discard(event.entity)

    def check(self, state, command) -> None:
        for e in state.creatures():
            health = state.world.get(e, Health)
            stats = state.stats(e)
            assert health.temp >= 0, (e, health, command)
            assert health.hp <= stats.max_hp, (e, health, stats.max_hp, command)
            assert (health.hp, health.temp) == (self.hp[e], self.temp[e]), \
                (e, health, self.hp[e], self.temp[e], command)
            assert state.world.has(e, OutOfFight) == (e in self.dead), (e, command)


def check_spaces(state, command) -> None:
    """§17.4: creatures end in one another's squares only when one of them is prone or helpless. A move
    halted for an opportunity attack or a reaction may wait in an ally's square it is passing through."""
    if state.pending_offers is not None or state.pending_forced is not None:
        return
    standing = state.standing()
    squares = {e: set(footprint(*state.space(e))) for e in standing}
    for i, a in enumerate(standing):
        for b in standing[i + 1:]:
            shared = squares[a] & squares[b]
            lying = any(state.is_helpless(e) or state.has_condition(e, "prone") for e in (a, b))
            assert not shared or lying, f"{a} and {b} share {shared} after {command}"


def check_turn(state, command) -> None:
    """The creature whose turn it is is alive (once what the game waits for is answered), and nothing
    waits to be answered twice."""
    pending = state.pending_offers
    if pending is not None:
        assert len(set(pending.offers)) == len(pending.offers), f"an offer made twice: {pending.offers} after {command}"
    if state.outcome is not None or pending is not None or state.pending_forced is not None:
        return
    current = state.turn.current
    assert not state.world.has(current, OutOfFight), f"dead creature {current} has the turn after {command}"


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(skirmish=skirmishes(), seed=st.integers(0, 2 ** 32), surprise=st.sampled_from(((), (), ("red",))),
       stream=st.lists(recipes, min_size=COMMANDS_PER_SKIRMISH, max_size=COMMANDS_PER_SKIRMISH))
def test_rejections_change_nothing_and_accepted_commands_keep_the_skirmish_legal(skirmish, seed, surprise, stream):
    rows, specs = skirmish
    state, ids = battle(rows, specs)
    note("\n".join(rows) + f"\ncreatures {ids}, seed {seed}, surprised {surprise}")
    dice = SeededDice(seed)
    begin_skirmish(state, dice, surprised_sides=surprise)
    ledger = Ledger(state)
    for recipe in stream:
        if state.outcome is not None:
            break
        command = decode(state, recipe)
        world_before, field_before, rolls_before = state.world.snapshot(), state.battlefield, dice.rolls_made
        result = execute(state, command, dice)
        if isinstance(result, Rejected):
            assert state.world.snapshot() == world_before, f"rejected {command} ({result}) changed the world"
            assert state.battlefield is field_before or state.battlefield == field_before, command
            assert dice.rolls_made == rolls_before, f"rejected {command} ({result}) rolled dice"
            continue
        note(f"accepted {command}")
        ledger.read(state, result, command)
        ledger.check(state, command)
        check_spaces(state, command)
        check_turn(state, command)
