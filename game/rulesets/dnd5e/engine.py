"""The 5e-house door: every command is validated (pure: no dice, no change, a Refused value with the
reason) and then applied (dice in, events out), followed by the turn system, in one fixed order.

The state is the shared ECS world on the shared battlefield: Name, Team, Position, Body, Conditions and
Appearance as every ruleset has them, with the 5e Sheet, Vitals, Budget, SpellSlots, Concentration and Potions.
The rules themselves are the pure functions of the sibling modules; the door's parts are reading.py (what the
world says), checks.py (validation), acts.py (the commands applied), harm.py (damage, death, saves, falls) and
turns.py (the turn system). This module is their public face: the names the rest of the ruleset asks for.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.dice import Dice
from game.rulesets.dnd5e.acts import (
    apply_attack, apply_cast, apply_dash, apply_disengage, apply_dismiss, apply_dodge, apply_draw, apply_drop_prone,
    apply_end_turn, apply_escape, apply_first_aid, apply_help, apply_hide, apply_move, apply_off_hand,
    apply_pick_up, apply_potion, apply_react, apply_ready, apply_search, apply_stand_up, apply_stow, readied_along,
    spell_area,
)
from game.rulesets.dnd5e.checks import (
    attack_problem, hidden_enemies, off_hand_weapon, spell_problem, _standard_only, validate_attack, validate_cast,
    validate_dismiss, validate_draw, validate_drop_prone, validate_end_turn, validate_escape, validate_first_aid,
    validate_help, validate_hide, validate_move, validate_off_hand, validate_pick_up, validate_potion,
    validate_react, validate_ready, validate_search, validate_stand_up, validate_stow,
)
from game.rulesets.dnd5e.commands import (
    Attack, Cast, Dash, Disengage, Dismiss, Dodge, Draw, DrinkPotion, DropProne, EndTurn, Escape, FirstAid, Help,
    Hide, Move, OffHandAttack, PickUp, React, Ready, Search, StandUp, Stow, TurnEnded,
)
from game.rulesets.dnd5e.harm import deal_damage
from game.rulesets.dnd5e.reading import (
    alive, attack_edges, attack_odds, awake, budget, concentration, decider, dropped, Event, feet_rules, pending,
    POTIONS, readied, round_of, sheet, slots, speed_ft, spell_named, vitals, weapon_named,
)
from game.rulesets.dnd5e.situation import hands
from game.rulesets.dnd5e.turns import _advance, start_turn, _upkeep
from game.rulesets.dnd5e.i18n import L_
from game.rulesets.dnd5e.verdict import Refused
from game.state import GameState

__all__ = [
    "POTIONS", "RULES", "_upkeep", "alive", "attack_edges", "attack_odds", "attack_problem", "awake", "budget",
    "concentration", "deal_damage", "decider", "dropped", "execute", "feet_rules", "hands", "hidden_enemies",
    "off_hand_weapon", "pending", "readied", "readied_along", "round_of", "sheet", "slots", "speed_ft",
    "spell_area", "spell_named", "spell_problem", "start_turn", "validate", "vitals", "weapon_named",
]

Validator = Callable[[GameState, Any], "Refused | None"]
Applier = Callable[[GameState, Any, Dice], list[Event]]

RULES: dict[type, tuple[Validator, Applier]] = {
    Move: (validate_move, apply_move),
    Attack: (validate_attack, apply_attack),
    Cast: (validate_cast, apply_cast),
    Dodge: (_standard_only, apply_dodge),
    Dash: (_standard_only, apply_dash),
    Disengage: (_standard_only, apply_disengage),
    Hide: (validate_hide, apply_hide),
    Search: (validate_search, apply_search),
    Help: (validate_help, apply_help),
    FirstAid: (validate_first_aid, apply_first_aid),
    DrinkPotion: (validate_potion, apply_potion),
    StandUp: (validate_stand_up, apply_stand_up),
    DropProne: (validate_drop_prone, apply_drop_prone),
    Escape: (validate_escape, apply_escape),
    PickUp: (validate_pick_up, apply_pick_up),
    EndTurn: (validate_end_turn, apply_end_turn),
    React: (validate_react, apply_react),
    OffHandAttack: (validate_off_hand, apply_off_hand),
    Ready: (validate_ready, apply_ready),
    Draw: (validate_draw, apply_draw),
    Stow: (validate_stow, apply_stow),
    Dismiss: (validate_dismiss, apply_dismiss),
}


def validate(state: GameState, command: Any) -> Refused | None:
    """Pure: no dice, no change. None means the command may be applied."""
    rules = RULES.get(type(command))
    if rules is None:
        return Refused(L_("{command} is not a 5e-house command", command=type(command).__name__))
    return rules[0](state, command)


def execute(state: GameState, command: Any, dice: Dice) -> Refused | list[Event]:
    """Validate, then apply and keep the skirmish's upkeep; a refusal changes nothing."""
    refusal = validate(state, command)
    if refusal is not None:
        return refusal
    events = RULES[type(command)][1](state, command, dice)
    events += _upkeep(state)
    if state.outcome is None and pending(state) is None and not awake(state, round_of(state).current):
        events += [TurnEnded(round_of(state).current)] + _advance(state, dice) + _upkeep(state)
    return events
