"""Actions about the turn itself and the actor's own staying power: delay, ready, action point,
sustain, second wind, total defense and potions (4e-combat.md §11.1, §25.1, §25.9, §25.14, §25.16, §25.18, §25.22)."""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.dnd4e.actions.attack import find_power
from game.rulesets.dnd4e.actions.commands import (
    Delay, DrinkPotion, Ready, Rejected, SecondWind, SpendActionPoint, Sustain, TotalDefense,
)
from game.rulesets.dnd4e.actions.common import check_actor, lacks_action, mark_used, power_spent, spend_action
from game.rulesets.dnd4e.actions.events import ActionTaken, Event
from game.rulesets.dnd4e.actions.vitality import heal, lay
from game.core.dice import Dice
from game.core.grid import are_adjacent
from game.ecs.components import START_OF_TURN, ActionPoints, Condition, Readied
from game.ecs.world import Entity
from game.rulesets.dnd4e.economy import MINOR, STANDARD, with_extra_action
from game.rulesets.dnd4e.effects import DEFENSE_BONUS
from game.rulesets.dnd4e.situation import MELEE, RANGED
from game.state import GameState
from game.rulesets.dnd4e.systems.turns import delay, sustainable
from game.i18n import named
from game.rulesets.dnd4e.i18n import L_, N_

READY_TRIGGERS = {"enemy_enters_reach": N_("an enemy comes within reach or range"),
                  "enemy_attacks": N_("an enemy makes an attack")}
SECOND_WIND, ACTION_POINT = "second wind", "action point"
DEFENSE_BOOST = 2                # §25.18, §25.22: +2 to all defenses until the start of the next turn
POTION_HEALING = 10              # a potion of healing: spend a surge, regain 10 instead of the surge value (docs/rulings.md)


def _needs(state: GameState, actor: Entity, action: str, what: str) -> Rejected | None:
    if (rejection := check_actor(state, actor)) is not None:
        return rejection
    return lacks_action(state, actor, action)


# Delay (§25.9) -------------------------------------------------------------------------------------------
def validate_delay(state: GameState, command: Delay) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    if state.turn.acted:
        return Rejected(L_('a creature can delay only before taking any action on its turn'), "4e §25.9")
    if any(state.has_condition(command.actor, c) for c in ("dazed", "dominated")):
        return Rejected(L_('{actor} is dazed and cannot delay', actor=named(state.name(command.actor))), "4e §9 dazed, §25.9")
    if state.turn.surprise:
        return Rejected(L_("the surprise round's one action cannot be put off"), "4e §2.3")
    return None


def apply_delay(state: GameState, command: Delay, dice: Dice) -> list[Event]:
    return [ActionTaken(command.actor, "delay", "", "4e §25.9")] + delay(state, command.actor, dice)


# Ready an action (§25.16) ---------------------------------------------------------------------------------
def validate_ready(state: GameState, command: Ready) -> Rejected | None:
    if (rejection := _needs(state, command.actor, STANDARD, "readying an action")) is not None:
        return rejection
    if command.trigger not in READY_TRIGGERS:
        return Rejected(L_('unknown trigger {trigger!r}: choose {triggers}',
                trigger=command.trigger, triggers=', '.join(READY_TRIGGERS)), "4e §25.16")
    power = find_power(state, command.actor, command.power)
    if power is None or power.kind not in (MELEE, RANGED) or not power.attacks or power.action != STANDARD:
        return Rejected(L_('{actor} can ready only a melee or ranged attack power that takes a standard action',
                actor=named(state.name(command.actor))), "4e §25.16")
    if power_spent(state, command.actor, power.name, power.usage, power.uses):
        return Rejected(L_('the {power} has no use left', power=power.name), "4e §25.23")
    return None


def apply_ready(state: GameState, command: Ready, dice: Dice) -> list[Event]:
    spend_action(state, STANDARD)
    state.world.add(command.actor, Readied(command.power, command.trigger))
    return [ActionTaken(command.actor, "ready", L_("{power} when {trigger}",
            power=command.power, trigger=READY_TRIGGERS[command.trigger]), "4e §25.16")]


# Action point (§25.1) -------------------------------------------------------------------------------------
def validate_action_point(state: GameState, command: SpendActionPoint) -> Rejected | None:
    if (rejection := check_actor(state, command.actor)) is not None:
        return rejection
    points = state.world.maybe(command.actor, ActionPoints)
    if points is None or points.left < 1:
        return Rejected(L_('{actor} has no action point', actor=named(state.name(command.actor))), "4e §25.1")
    if power_spent(state, command.actor, ACTION_POINT):
        return Rejected(L_('only one action point can be spent per encounter'), "4e §25.1")
    if state.turn.surprise:
        return Rejected(L_('no action points in the surprise round'), "4e §2.3, §25.1")
    if state.turn.actions.one_action:
        return Rejected(L_('{actor} is dazed: one action is all it gets', actor=named(state.name(command.actor))), "4e §9 dazed, [A43]")
    return None


def apply_action_point(state: GameState, command: SpendActionPoint, dice: Dice) -> list[Event]:
    points = state.world.get(command.actor, ActionPoints)
    state.world.add(command.actor, ActionPoints(points.left - 1))
    mark_used(state, command.actor, ACTION_POINT)
    state.world.set_resource(replace(state.turn, actions=with_extra_action(state.turn.actions)))
    return [ActionTaken(command.actor, "action point", L_("one extra action"), "4e §25.1")]


# Sustain (§11.1) ------------------------------------------------------------------------------------------
def validate_sustain(state: GameState, command: Sustain) -> Rejected | None:
    if (rejection := _needs(state, command.actor, MINOR, "sustaining")) is not None:
        return rejection
    if command.power not in sustainable(state, command.actor):
        return Rejected(L_('{actor} has no {power} to sustain', actor=named(state.name(command.actor)), power=command.power), "4e §11.1")
    if command.power in state.turn.sustained:
        return Rejected(L_('the {power} is already sustained this turn', power=command.power), "4e §11.1, [A12]")
    return None


def apply_sustain(state: GameState, command: Sustain, dice: Dice) -> list[Event]:
    spend_action(state, MINOR)
    turn = state.turn
    state.world.set_resource(replace(turn, sustained=turn.sustained + (command.power,)))
    return [ActionTaken(command.actor, "sustain", command.power, "4e §11.1")]


# Second wind (§25.18) and total defense (§25.22) ---------------------------------------------------------
def validate_second_wind(state: GameState, command: SecondWind) -> Rejected | None:
    if (rejection := _needs(state, command.actor, STANDARD, "second wind")) is not None:
        return rejection
    if not state.stats(command.actor).hero:
        return Rejected(L_('only heroes use second wind'), "4e §25.18")
    if power_spent(state, command.actor, SECOND_WIND):
        return Rejected(L_('second wind is once per encounter'), "4e §25.18")
    return None


def _defended(state: GameState, actor: Entity, source: str) -> list[Event]:
    return lay(state, Condition(DEFENSE_BONUS, START_OF_TURN, actor, source, actor, DEFENSE_BOOST), actor, "4e §25")


def apply_second_wind(state: GameState, command: SecondWind, dice: Dice) -> list[Event]:
    spend_action(state, STANDARD)
    mark_used(state, command.actor, SECOND_WIND)
    events: list[Event] = [ActionTaken(command.actor, SECOND_WIND, "", "4e §25.18")]
    events += heal(state, command.actor, 0, surge=True, source=SECOND_WIND)
    return events + _defended(state, command.actor, SECOND_WIND)


def validate_total_defense(state: GameState, command: TotalDefense) -> Rejected | None:
    return _needs(state, command.actor, STANDARD, "total defense")


def apply_total_defense(state: GameState, command: TotalDefense, dice: Dice) -> list[Event]:
    spend_action(state, STANDARD)
    return [ActionTaken(command.actor, "total defense", "", "4e §25.22")] + _defended(state, command.actor, "total defense")


# Potions (§25.14) -----------------------------------------------------------------------------------------
def validate_potion(state: GameState, command: DrinkPotion) -> Rejected | None:
    giving = command.target is not None and command.target != command.actor
    if (rejection := _needs(state, command.actor, STANDARD if giving else MINOR, "a potion")) is not None:
        return rejection
    if state.arsenal(command.actor).potions < 1:
        return Rejected(L_('{actor} has no potion left', actor=named(state.name(command.actor))), "4e §25.14")
    if giving:
        target = command.target
        if target not in state.standing():
            return Rejected(L_('there is no living creature {target}', target=target))
        if state.are_enemies(command.actor, target):
            return Rejected(L_('{target} is not an ally', target=named(state.name(target))), "4e §25.14")
        if state.conscious(target):
            return Rejected(L_('{target} is conscious and can drink it', target=named(state.name(target))), "4e §25.14")
        if not are_adjacent(*state.space(command.actor), *state.space(target)):
            return Rejected(L_('{target} is not within reach', target=named(state.name(target))), "4e §25.14")
    return None


def apply_potion(state: GameState, command: DrinkPotion, dice: Dice) -> list[Event]:
    giving = command.target is not None and command.target != command.actor
    spend_action(state, STANDARD if giving else MINOR)
    arsenal = state.arsenal(command.actor)
    state.world.add(command.actor, replace(arsenal, potions=arsenal.potions - 1))
    drinker = command.target if giving and command.target is not None else command.actor
    detail = L_("to {target}", target=named(state.name(drinker))) if giving else ""
    events: list[Event] = [ActionTaken(command.actor, "potion", detail, "4e §25.14")]
    return events + heal(state, drinker, 0, surge=True, source="potion", surge_heals=POTION_HEALING)

