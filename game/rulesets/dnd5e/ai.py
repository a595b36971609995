"""A computer player for 5e-house: simple but sound, and sending only commands the door accepts.

Each call looks at the creature the skirmish waits for and picks the first thing that helps, in this
order: take an offered opportunity attack; get back up, pick up a dropped weapon, break a grapple;
bring a dying ally back (Healing Word, Cure Wounds, first aid); drink a potion when hurt (or heroism as
the enemy nears); a caster caught in melee teleports clear (Misty Step); throw an area
spell that catches two or more enemies and no ally; attack the weakest enemy it can reach; walk towards
the nearest enemy (melee creatures until they are in reach, archers and casters until one is in range and
seen); Dash when nothing is in reach this turn; end the turn. Every choice depends on the state alone, so
a replay replays it.
"""

from __future__ import annotations

from typing import Any

from game.core.dice import DiceExpr
from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.dnd5e.commands import (
    Attack, Cast, Dash, DrinkPotion, EndTurn, Escape, FirstAid, Move, PickUp, React, StandUp,
)
from game.rulesets.dnd5e.components import Potions, Spell, Weapon
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.engine import (
    attack_problem, awake, budget, decider, feet_rules, pending, sheet, slots, spell_problem, validate, vitals,
)
from game.rulesets.dnd5e.movement import half_speed_ft
from game.rulesets.dnd5e.situation import MELEE, can_see
from game.state import GameState


class NotMyTurn(RuntimeError):
    """The skirmish waits for a creature of another side."""


class Controller5e:
    """The computer player for every creature of ``side``."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.last_label = ""          # why the last command was chosen, for logs and tests

    def next_command(self, state: GameState) -> Any:
        who = decider(state)
        if state.side(who) != self.side:
            raise NotMyTurn(f"{state.name(who)} is on side {state.side(who)!r}, not {self.side!r}")
        if pending(state) is not None:
            return self._chose("opportunity attack", React(who, True))
        if state.outcome is None:
            for label, command in self._options(state, who):
                if command is not None and validate(state, command) is None:
                    return self._chose(label, command)
        return self._chose("end turn", EndTurn(who))

    def _chose(self, label: str, command: Any) -> Any:
        self.last_label = label
        return command

    def _options(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """Candidate commands, best first; the first the door accepts is sent. Built lazily by group so a
        turn's every call stays cheap."""
        found: list[tuple[str, Any]] = []
        mine = budget(state, me)
        if state.has_condition(me, "prone") and mine.movement_ft >= half_speed_ft(mine.speed_ft):
            found.append(("stand up", StandUp(me)))
        found.append(("pick up the weapon", PickUp(me)))
        found.append(("break the grapple", Escape(me)))
        found += self._rescue(state, me)
        found += self._potion(state, me)
        found += self._step_away(state, me)
        found += self._area_spell(state, me)
        found += self._attacks(state, me)
        found += self._approach(state, me)
        if mine.standard and not self._anything_in_reach(state, me):
            found.append(("dash", Dash(me)))
        return found

    # Helping allies -------------------------------------------------------------------------------------
    def _rescue(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        down = [a for a in state.standing() if not state.are_enemies(me, a) and vitals(state, a).dying
                and not vitals(state, a).stable]
        found: list[tuple[str, Any]] = []
        for ally in down:
            for spell in sheet(state, me).spells:
                if spell.effect == "heal":
                    found.append((f"{spell.name} on a dying ally", Cast(me, spell.key, ally)))
            if distance_ft(state.space(me), state.space(ally)) <= 5:
                found.append(("first aid", FirstAid(me, ally)))
        return found

    def _potion(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        bag = state.world.maybe(me, Potions)
        if bag is None:
            return []
        found: list[tuple[str, Any]] = []
        now = vitals(state, me)
        if now.bloodied and bag.healing:
            found.append(("healing potion", DrinkPotion(me, "healing")))
        if bag.heroism and not bag.lasting_effect and self._nearest_enemy_ft(state, me) <= 30:
            found.append(("potion of heroism", DrinkPotion(me, "heroism")))
        return found

    def _step_away(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """A caster or archer with an enemy next to it teleports clear (Misty Step) to the seen, unoccupied
        square farthest from the enemies that still leaves one within its range."""
        wants = self._wants_ft(state, me)
        if wants <= 5 or self._nearest_enemy_ft(state, me) > 5:
            return []
        found: list[tuple[str, Any]] = []
        foes = self._enemies(state, me)
        for spell in sheet(state, me).spells:
            if spell.effect != "teleport" or slots(state, me).at(spell.level) < 1:
                continue
            here, size = state.space(me)
            spots = [sq for sq in state.battlefield.squares() if distance_ft((here, size), (sq, size)) <= spell.range_ft]

            def clear(square: Square) -> tuple[int, int]:
                gaps = [distance_ft((square, size), state.space(e)) for e in foes]
                return (min(gaps) if min(gaps) <= wants else -1, -(square[1] * 10_000 + square[0]))

            for spot in sorted(spots, key=clear, reverse=True)[:8]:
                if clear(spot)[0] > 5 and spell_problem(state, me, spell, None, spot) is None:
                    found.append((f"{spell.name} away from the melee", Cast(me, spell.key, at=spot)))
                    break
        return found

    # Attacking ------------------------------------------------------------------------------------------
    def _enemies(self, state: GameState, me: Entity) -> list[Entity]:
        """Awake enemies, weakest first (then the nearest, then the lowest id)."""
        here = state.space(me)
        foes = [e for e in state.standing() if state.are_enemies(me, e) and awake(state, e)]
        return sorted(foes, key=lambda e: (vitals(state, e).hp, distance_ft(here, state.space(e)), e))

    def _area_spell(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        found: list[tuple[str, Any]] = []
        left = slots(state, me)
        for spell in sheet(state, me).spells:
            if spell.effect != "save" or spell.level == 0 or left.at(spell.level) < 1:
                continue
            centres: list[Square | None] = [None] if spell.range_ft == 0 else \
                [state.square(e) for e in self._enemies(state, me)]
            for centre in centres:
                caught = self._caught(state, me, spell, centre)
                awake_foes = sum(state.are_enemies(me, e) and awake(state, e) for e in caught)
                if awake_foes >= 2 and all(state.are_enemies(me, e) for e in caught):
                    found.append((f"{spell.name} on {awake_foes} enemies", Cast(me, spell.key, at=centre)))
        return found

    def _caught(self, state: GameState, me: Entity, spell: Spell, centre: Square | None) -> list[Entity]:
        """Every creature on the battlefield the spell would reach, the unconscious included."""
        space = state.space(me) if centre is None else (centre, 1)
        return [e for e in state.standing() if e != me and distance_ft(space, state.space(e)) <= spell.radius_ft]

    def _attacks(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        found: list[tuple[str, Any]] = []
        for target in self._enemies(state, me):
            for weapon in self._weapons_by_preference(state, me, target):
                if attack_problem(state, me, target, weapon) is None:
                    found.append((f"{weapon.name} on the weakest enemy in reach", Attack(me, target, weapon.name)))
            for spell in sheet(state, me).spells:
                if spell.effect == "attack" and spell_problem(state, me, spell, target, None) is None:
                    found.append((f"{spell.name} on the weakest enemy in range", Cast(me, spell.key, target)))
        return found

    def _weapons_by_preference(self, state: GameState, me: Entity, target: Entity) -> list[Weapon]:
        """Melee when the target is in reach, else ranged weapons within normal range, then long range."""
        gap = distance_ft(state.space(me), state.space(target))
        attacks = sheet(state, me).attacks
        melee = [w for w in attacks if w.kind == MELEE and gap <= w.reach_ft]
        ranged = sorted((w for w in attacks if w.kind != MELEE), key=lambda w: gap > w.range_ft)
        return melee + ranged

    def _anything_in_reach(self, state: GameState, me: Entity) -> bool:
        return any(attack_problem(state, me, t, w) is None for t in self._enemies(state, me) for w in sheet(state, me).attacks)

    # Moving ---------------------------------------------------------------------------------------------
    def _nearest_enemy_ft(self, state: GameState, me: Entity) -> int:
        here = state.space(me)
        return min((distance_ft(here, state.space(e)) for e in self._enemies(state, me)), default=10 ** 6)

    def _wants_ft(self, state: GameState, me: Entity) -> int:
        """How close it wants to be: within its best normal range when its best shot (weapon or attack
        spell) deals at least as much on average as its best melee weapon, else within melee reach."""
        mine = sheet(state, me)
        melee = [w for w in mine.attacks if w.kind == MELEE]
        shots = [(w.range_ft, _average2(w.damage)) for w in mine.attacks if w.kind != MELEE]
        shots += [(s.range_ft, _average2(s.damage)) for s in mine.spells if s.effect == "attack" and s.damage]
        best_melee = max((_average2(w.damage) for w in melee), default=-1)
        if shots and max(avg for _, avg in shots) >= best_melee:
            return max(reach for reach, avg in shots if avg >= best_melee)
        return max((w.reach_ft for w in melee), default=5)

    def _approach(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        mine = budget(state, me)
        if mine.movement_ft < 5 or self._anything_in_reach(state, me) and self._settled(state, me):
            return []
        foes = self._enemies(state, me)
        if not foes:
            return []
        wants = self._wants_ft(state, me)
        rules = feet_rules(state, me)
        search = rules.search(mine.movement_ft, mine.diagonals)
        here = state.space(me)
        size = here[1]

        def score(square: Square) -> tuple[int, int, int, int]:
            space = (square, size)
            nearest = min(foes, key=lambda e: (distance_ft(space, state.space(e)), e))
            gap = distance_ft(space, state.space(nearest))
            sees = can_see(state, me, nearest) if gap <= wants else True
            return (max(0, gap - wants), 0 if sees else 1, search.cost[square], square[1] * 10_000 + square[0])

        options = [s for s in search.reachable(mine.movement_ft) if s not in search.falls]
        best = min(options, key=score, default=None)
        # Only a walk that gets nearer, or into sight, is worth taking: each one makes progress.
        if best is None or score(best)[:2] >= score(here[0])[:2]:
            return []
        path = search.path_to(best)
        return [("walk towards the enemy", Move(me, path))] if path else []

    def _settled(self, state: GameState, me: Entity) -> bool:
        """In reach of an enemy already: a melee creature stays put rather than provoke."""
        return self._nearest_enemy_ft(state, me) <= self._wants_ft(state, me)


def _average2(damage: DiceExpr) -> int:
    """Twice the average of a damage roll (whole numbers throughout)."""
    return damage.count * (damage.sides + 1) + 2 * damage.flat
