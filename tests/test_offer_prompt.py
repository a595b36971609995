"""The 4e offer prompt's "as it stands" odds of the attack an interrupt would answer (4e §3.3): said for a paused
attack, left out (never a crash) for a paused charge, whose command names no power."""

from __future__ import annotations

from pathlib import Path

from game.ecs.components import Offer, PausedAttack, PendingOffers, Position
from game.maps.loader import load_battlefield
from game.rulesets import ruleset
from game.rulesets.dnd4e.actions.commands import Attack, Charge
from game.rulesets.dnd4e.presentation.words import paused_odds

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


def skirmish():
    rules = ruleset("4e")
    creatures = rules.load_creatures()
    match = rules.new_match(load_battlefield(DEFAULT_MAP), rules.load_rosters(creatures=creatures), creatures, 4)
    state = match.state
    attacker = state.turn.current
    target = next(e for e in state.standing() if state.are_enemies(attacker, e))
    x, y = state.square(attacker)
    beside = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    state.world.add(target, Position(next(s for s in beside if state.battlefield.in_bounds(s)
                                          and state.occupant_at(s) is None
                                          and not state.battlefield.at(s).solid)))     # within reach
    return state, attacker, target


def test_a_paused_attack_says_its_odds_as_they_stand():
    state, attacker, target = skirmish()
    power = state.arsenal(attacker).attacks[0].name
    state.world.set_resource(PendingOffers((Offer(target, "power", attacker, "Shield"),),
                                           PausedAttack(Attack(attacker, target, power))))
    assert paused_odds(state).startswith(f"As it stands the {power} hits {state.name(target)} on ")


def test_a_paused_charge_gives_no_odds_and_does_not_crash():
    state, attacker, target = skirmish()
    path = (state.square(attacker),)
    state.world.set_resource(PendingOffers((Offer(target, "power", attacker, "Shield"),),
                                           PausedAttack(Charge(attacker, target, path))))
    assert paused_odds(state) == ""
