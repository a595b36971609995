"""Move actions: walk, run, shift, crawl and squeeze, alone or as a double move (4e §19, §25).

A move goes square by square. Where leaving a square provokes, the move halts and each provoked enemy
is offered its opportunity attack (§25.13); the move goes on once they have answered. A move that
steps down a ledge ends with a fall (§20); one that ends on a portal leads through it (§23).
"""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.dnd4e.actions.arrival import arrive
from game.rulesets.dnd4e.actions.attack import offer_plan
from game.rulesets.dnd4e.actions.commands import Move, Rejected
from game.rulesets.dnd4e.actions.common import check_actor, immediate_ready, lacks_action, raise_offers
from game.rulesets.dnd4e.actions.events import ConditionGained, Event, UnitMoved
from game.core.dice import Dice
from game.core.grid import Square
from game.core.distance import range_distance
from game.core.bfcache import BoundedCache, built_once
from game.core.movement import MoveRules, SearchResult, fall_at_end, path_cost, search, step_costs
from game.ecs.components import START_OF_TURN, Body, Condition, Offer, PausedAttack, PausedMove, Position, Readied
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MOVE, spend
from game.rulesets.dnd4e.opportunity import SHIFT, provokers
from game.state import SQUEEZING, GameState
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_

WALK, RUN, CRAWL, SQUEEZE = "walk", "run", "crawl", "squeeze"
MOVE_MODES = (WALK, RUN, SHIFT, CRAWL, SQUEEZE)
SEARCHES_KEPT = 64                             # move searches remembered per battlefield (move_options)
SLOWED_SPEED = 2                               # 4e §9 slowed
SHIFT_SQUARES = 1                              # 4e §25.20
RUN_BONUS = 2                                  # 4e §25.17
RUNNING = "running"                            # 4e §25.17: -5 to attacks, grants CA, until the next turn
DOUBLE_MOVE = "double move"                    # the slot name of a pooled move (4e §19)
CANNOT_MOVE = ("immobilized", "restrained", "grabbed")    # 4e §9, §25.12 (grabbed: immobilized, [A5])


def walking_speed(state: GameState, entity: Entity) -> int:
    """§17.1 speed, capped at 2 while slowed (§9)."""
    speed = state.stats(entity).speed
    return min(speed, SLOWED_SPEED) if state.has_condition(entity, "slowed") else speed


def mode_speed(state: GameState, entity: Entity, mode: str) -> int:
    """Squares one move action of ``mode`` covers: run +2, crawl and squeeze half (rounded down), shift 1.

    §9: while slowed nothing raises speed above 2, so a slowed run is still 2.
    """
    speed = walking_speed(state, entity)
    if mode == RUN:
        return min(speed + RUN_BONUS, SLOWED_SPEED) if state.has_condition(entity, "slowed") else speed + RUN_BONUS
    if mode in (CRAWL, SQUEEZE):
        return speed // 2
    if mode == SHIFT:
        return SHIFT_SQUARES
    return speed


def held_in_place(state: GameState, entity: Entity, mode: str = WALK) -> Rejected | None:
    """Why the creature cannot make a move of ``mode`` at all, ignoring the action economy.

    §9: immobilized and restrained creatures cannot move; a prone one can only crawl (§25.7), and
    crawling needs prone. §25.21: only Large or bigger creatures squeeze (docs/rulings.md), and a
    squeezing creature keeps squeezing until it ends the squeeze.
    """
    name = named(state.name(entity))
    verb = {WALK: "walk", RUN: "run", SHIFT: "shift", CRAWL: "crawl", SQUEEZE: "squeeze"}.get(mode)
    if verb is None:
        return Rejected(L_('unknown kind of move {mode!r} (walk, run, shift, crawl or squeeze)', mode=mode))
    for condition in CANNOT_MOVE:
        if state.has_condition(entity, condition):
            return Rejected(L_('{name} is {condition} and cannot {verb}', name=name, condition=condition, verb=verb), "4e §9")
    prone = state.has_condition(entity, "prone")
    if mode == CRAWL and not prone:
        return Rejected(L_('{name} is not prone: only a prone creature crawls', name=name), "4e §25.7")
    if mode != CRAWL and prone:
        return Rejected(L_('{name} is prone and cannot {verb}: crawl or stand up first', name=name, verb=verb), "4e §9 prone")
    if mode == SQUEEZE and state.world.get(entity, Body).size.side_squares < 2:
        return Rejected(L_('{name} is too small to squeeze: only Large or bigger creatures squeeze', name=name), "4e §25.21")
    if mode != SQUEEZE and state.has_condition(entity, SQUEEZING):
        return Rejected(L_('{name} is squeezing: keep squeezing or end the squeeze first (a free action)', name=name), "4e §25.21")
    return None


def shift_rejection(state: GameState, entity: Entity, to: Square) -> Rejected | None:
    """§25.20: one shift moves 1 square and cannot enter difficult terrain (§18.1, M001-DT-05)."""
    if (rejection := held_in_place(state, entity, SHIFT)) is not None:
        return rejection
    rules = state.move_rules(entity)
    start = state.square(entity)
    if max(abs(to[0] - start[0]), abs(to[1] - start[1])) != SHIFT_SQUARES:
        return Rejected(L_('a shift moves exactly 1 square'), "4e §25.20")
    cost = rules.step_cost(start, to)
    if cost is None or rules.drop_ft(start, to):
        return Rejected(L_('that square cannot be entered with a shift'), "4e §17-§18, §20")
    if cost > SHIFT_SQUARES:
        return Rejected(L_('a 1-square shift cannot enter difficult terrain or cross a low wall'), "4e §18.1, M001-DT-05")
    if not rules.may_end_at(to):
        return Rejected(L_("a shift cannot end in another creature's square"), "4e §17.4")
    return None


def move_blocker(state: GameState, entity: Entity, mode: str = WALK) -> Rejected | None:
    """Why the creature cannot make a move of ``mode`` right now, if it cannot."""
    if (rejection := held_in_place(state, entity, mode)) is not None:
        return rejection
    return lacks_action(state, entity, MOVE)


def can_double_move(state: GameState) -> bool:
    """§19: with the move and the standard action both unspent, two moves of a kind pool into one."""
    actions = state.turn.actions
    return bool(actions.move and actions.standard) and not actions.one_action


def move_budget(state: GameState, entity: Entity, mode: str = WALK) -> int:
    """Squares of movement one move may use now: its speed, or twice it as a double move (§19)."""
    speed = mode_speed(state, entity, mode)
    return speed * 2 if can_double_move(state) else speed


def move_options(state: GameState, entity: Entity, mode: str = WALK) -> SearchResult:
    """Every square one move can reach and the cheapest path there: the overlay and the check agree.

    The search depends only on the battlefield, the mover, the other creatures as movement sees them and the
    budget, so its (immutable) answer is kept per battlefield: the computer plans several times a turn, and
    asks again after every command that moved nobody."""
    rules = state.move_rules(entity, squeeze=mode == SQUEEZE or None)
    budget = move_budget(state, entity, mode)
    if type(rules) is not MoveRules:
        return search(rules, budget)
    searches = built_once(rules.bf, move_options, BoundedCache, SEARCHES_KEPT)
    key = (rules.mover, rules.others, budget)
    found = searches.get(key)
    if found is None:
        found = searches.put(key, search(rules, budget))
    return found


def validate_move(state: GameState, command: Move) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if (rejection := move_blocker(state, command.actor, command.mode)) is not None:
        return rejection
    if len(command.path) < 2:
        return Rejected(L_('a move must enter at least one square'))
    rules = state.move_rules(command.actor, squeeze=command.mode == SQUEEZE or None)
    cost = path_cost(rules, command.path)
    if cost is None:
        return Rejected(L_("that path is not a legal move: it enters a wall, an enemy or a cliff face, cuts a wall's corner, or goes on "
                           "after a fall"), "4e §17.3-§17.4, §18.2, §20")
    budget = move_budget(state, command.actor, command.mode)
    if cost > budget:
        double = L_(" (a double move: the move and standard actions together)") if can_double_move(state) else ""
        return Rejected(L_('that {mode} costs {cost} squares but {budget} are available{double}',
                mode=command.mode, cost=cost, budget=budget, double=double),
                        "4e §17.1, §18.1, §19")
    if not rules.may_end_at(command.path[-1]):
        return Rejected(L_("a move cannot end in another creature's square"), "4e §17.4")
    return None


def apply_move(state: GameState, command: Move, dice: Dice) -> list[Event]:
    actor, mode = command.actor, command.mode
    events: list[Event] = []
    if mode == SQUEEZE and not state.has_condition(actor, SQUEEZING):
        state.add_condition(actor, Condition(SQUEEZING))
        events.append(ConditionGained(actor, SQUEEZING, rule="4e §25.21"))
    cost = path_cost(state.move_rules(actor), command.path)
    assert cost is not None  # validated
    turn = state.turn
    if cost > mode_speed(state, actor, mode):
        # §19: a double move spends the move action and the standard action taken as a move.
        budget, slot = replace(turn.actions, move=turn.actions.move - 1, standard=turn.actions.standard - 1), DOUBLE_MOVE
    else:
        spent = spend(turn.actions, MOVE)
        assert spent is not None
        budget, slot = spent
    state.world.set_resource(replace(turn, actions=budget, acted=True))
    if mode == RUN:
        state.add_condition(actor, Condition(RUNNING, START_OF_TURN, actor))
        events.append(ConditionGained(actor, RUNNING, START_OF_TURN, "4e §25.17"))
    return events + go_on(state, actor, command.path, slot, mode, dice)


def go_on(state: GameState, actor: Entity, path: tuple[Square, ...], slot: str, mode: str, dice: Dice,
          left_offered: bool = False, follow_up: PausedAttack | None = None, moved: int = 0) -> list[Event]:
    """Move along ``path`` (from where the actor stands) until it ends or sets something off.

    §25.13: leaving a square next to an enemy that can see the mover and act provokes it; the move
    halts in that square and every such enemy with its opportunity attack unused this turn is offered
    it. §3.3, §25.16: entering a square within reach of a creature's readied action or movement
    reaction halts the move there, after at least one square, for that creature to answer.
    ``left_offered``: leaving the first square has already been offered. ``follow_up`` rides along
    with a halted move; once the move is done the caller carries it out. ``moved``: squares of
    movement spent before this stretch.
    """
    rules = state.move_rules(actor)
    costs = step_costs(rules, path)
    assert costs is not None  # validated
    used = state.turn.opportunity_used
    side = state.space(actor)[1]
    for index, square in enumerate(path[:-1]):
        if not (left_offered and index == 0):
            provoked = [Offer(e, "opportunity", actor) for e in provokers(state, actor, (square, path[index + 1]), mode)
                        if e not in used and state.arsenal(e).basic_attack("melee") is not None]
            if provoked:
                events = _walked(state, actor, path[:index + 1], costs[:index], slot, mode)
                offered = takeable(state, provoked)
                spent = moved + sum(costs[:index])
                if offered:
                    return events + raise_offers(state, offered, PausedMove(actor, path[index:], slot, mode,
                                                                            follow_up=follow_up, moved=spent))
                return events + go_on(state, actor, path[index:], slot, mode, dice, True, follow_up, spent)
        reactions = entering_reach(state, actor, (square, side), (path[index + 1], side))
        if reactions and index + 1 < len(path) - 1:
            events = _walked(state, actor, path[:index + 2], costs[:index + 1], slot, mode)
            offered = takeable(state, reactions)
            spent = moved + sum(costs[:index + 1])
            if offered:
                return events + raise_offers(state, offered, PausedMove(actor, path[index + 1:], slot, mode, False,
                                                                        follow_up, spent))
            return events + go_on(state, actor, path[index + 1:], slot, mode, dice, False, follow_up, spent)
    drop = fall_at_end(rules, path)
    events = _walked(state, actor, path, costs, slot, mode)
    events += arrive(state, actor, dice, drop_ft=drop)
    if state.conscious(actor):
        final = entering_reach(state, actor, (path[-2], side), (path[-1], side)) if len(path) > 1 else []
        events += raise_offers(state, takeable(state, final), follow_up)
    return events


def takeable(state: GameState, offers: list[Offer]) -> list[Offer]:
    """The offers whose attack could be made now, where the mover stands (reach, line of effect, a
    visible target): nobody is asked about an attack the rules would then refuse."""
    return [offer for offer in offers if not isinstance(offer_plan(state, offer), Rejected)]


def entering_reach(state: GameState, mover: Entity, before: tuple[Square, int], after: tuple[Square, int]) -> list[Offer]:
    """§3.3, §25.16: enemies whose readied action or "an enemy enters my reach" reaction the step
    from ``before`` to ``after`` sets off: the mover comes within the power's reach or range."""
    offers: list[Offer] = []
    bf = state.battlefield
    for entity in state.standing():
        if entity == mover or not state.are_enemies(entity, mover) or not immediate_ready(state, entity):
            continue
        readied = state.world.maybe(entity, Readied)
        powers = [(p, "power") for p in state.arsenal(entity).attacks
                  if p.action == "reaction" and p.trigger == "enemy_enters_reach"]
        if readied is not None and readied.trigger == "enemy_enters_reach":
            held = next((p for p in state.arsenal(entity).attacks if p.name == readied.power), None)
            if held is not None:
                powers.insert(0, (held, "readied"))
        for power, kind in powers:
            reach = max(power.reach, power.long_range)
            space = state.space(entity)
            if range_distance(bf, space, after, limit=reach) is not None and \
                    range_distance(bf, space, before, limit=reach) is None:
                offers.append(Offer(entity, kind, mover, power.name))
                break
    return offers


def resume_move(state: GameState, paused: PausedMove, dice: Dice) -> list[Event]:
    """After every offer is answered: the mover goes on from where it halted, unless it dropped, can
    no longer move, or was moved off its path (docs/rulings.md)."""
    mover = paused.mover
    if not state.conscious(mover):
        return []
    if state.square(mover) != paused.path[0] or len(paused.path) < 2 or \
            held_in_place(state, mover, paused.mode) is not None or path_cost(state.move_rules(mover), paused.path) is None:
        return _come_to_rest(state, mover, paused)
    path = _slowed_part_way(state, mover, paused)
    if len(path) < 2:
        return _come_to_rest(state, mover, paused)
    return go_on(state, mover, path, paused.slot, paused.mode, dice, left_offered=paused.left_offered,
                 follow_up=paused.follow_up, moved=paused.moved)


def _slowed_part_way(state: GameState, mover: Entity, paused: PausedMove) -> tuple[Square, ...]:
    """§9 slowed: slowed in the middle of a move, a creature that has moved 2 squares or more stops; one
    that has not goes on only as far as 2 squares in all take it, to the last square it may end in."""
    if not state.has_condition(mover, "slowed") or paused.mode == SHIFT:
        return paused.path
    rules = state.move_rules(mover)
    costs = step_costs(rules, paused.path) or []
    left = SLOWED_SPEED - paused.moved
    path, spent, last_end = paused.path[:1], 0, 1
    for square, cost in zip(paused.path[1:], costs):
        spent += cost
        if spent > left:
            break
        path += (square,)
        if rules.may_end_at(square):
            last_end = len(path)
    return path[:last_end]


def _come_to_rest(state: GameState, mover: Entity, paused: PausedMove) -> list[Event]:
    """A move cut short where the mover may not stay, such as an ally's square (§17.4): it steps aside to
    the nearest square where it may end, nearest first and then top to bottom, left to right (docs/rulings.md)."""
    rules = state.move_rules(mover)
    here = state.square(mover)
    if rules.may_end_at(here):
        return []
    bf = state.battlefield
    for radius in range(1, max(bf.width, bf.height)):
        ring = [(here[0] + dx, here[1] + dy) for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)
                if max(abs(dx), abs(dy)) == radius]
        for square in ring:
            if bf.in_bounds(square) and rules.may_end_at(square):
                state.world.add(mover, Position(square))
                return [UnitMoved(mover, (here, square), 0, paused.slot, "step aside", "4e §17.4")]
    return []


def _walked(state: GameState, actor: Entity, stretch: tuple[Square, ...], costs: list[int], slot: str,
            mode: str) -> list[Event]:
    if len(stretch) < 2:
        return []
    state.world.add(actor, Position(stretch[-1]))
    return [UnitMoved(actor, stretch, sum(costs), slot, mode)]
