"""The computer at hard: tactics.py's planner, focusing its side's fire by threat per hit point and finishing the fallen.

Normal weighs a hit point taken from an enemy by how bloodied the enemy is. Hard also weighs it by how much
harm the enemy does for each hit point it has left (its best at-will damage per round against a middling
defense, over its hit points), against the other enemies' mean: the wizard with 10 hit points left and 8
damage a round dies before the fighter with 30 and 7. Every creature of the side reckons the threat the same
way, so they agree on the target, and each hit on it raises its priority further: the side focuses its fire.
It closes on the enemies with the most threat per hit point rather than the nearest ones.

A hero at 0 hit points is dying, not dead, and a healer on its side brings it back into the fight (§27). Normal
gives a coup de grace (§25.6) little worth, so the fallen hero comes back; hard gives it most of what dropping
the hero was worth while a healer could raise it, and walks up to deliver it.
"""

from __future__ import annotations

from game.core.grid import are_adjacent, chebyshev
from game.ecs.components import Health, Power
from game.ecs.world import Entity
from game.rulesets.dnd4e.actions.common import uses_left
from game.rulesets.dnd4e.actions.commands import CoupDeGrace
from game.rulesets.dnd4e.actions.move import WALK, mode_speed
from game.rulesets.dnd4e.ai.ground import Approach, Walker
from game.rulesets.dnd4e.ai.odds import power_average
from game.rulesets.dnd4e.ai.said import Said
from game.rulesets.dnd4e.ai.tactics import Plan, Planner
from game.rulesets.dnd4e.economy import MOVE, STANDARD, spend
from game.rulesets.dnd4e.i18n import N_
from game.rulesets.dnd4e.situation import MELEE
from game.state import GameState

FOCUS_LOW, FOCUS_HIGH = 0.5, 2.0      # how far focus may scale a hit point's worth either way
MIDDLING_DEFENSE = 15                 # the defense an enemy's threat is reckoned against (the same for the whole side)
CLOSE_ON_FOCUS = 3.0                  # squares nearer an enemy seems per (threat per hit point / the mean)
FINISH = 0.8                          # share of a fallen hero's worth a coup de grace is worth while it can be raised
COUP_WORTH = 1.0                      # ... and once nobody can raise it (normal's worth)


def side_threat(state: GameState, enemy: Entity) -> float:
    """The enemy's best at-will damage per round against a middling defense: the same for each of our creatures."""
    best = max((power_average(p, MIDDLING_DEFENSE) for p in state.arsenal(enemy).attacks
                if p.attacks and p.usage == "at-will" and p.action not in ("interrupt", "reaction")), default=0.0)
    return best / 2 if state.has_condition(enemy, "weakened") else best


class HardPlanner(Planner):
    """The planner at hard (controller.py picks it for the level)."""

    _mean_focus: float | None = None

    # Focus fire ---------------------------------------------------------------------------------------
    def threat_per_hp(self, target: Entity) -> float:
        """The enemy's threat over the hit points it has left (temporary ones included)."""
        health = self.state.world.get(target, Health)
        return side_threat(self.state, target) / max(1, health.hp + health.temp)

    def mean_threat_per_hp(self) -> float:
        if self._mean_focus is None:
            self._mean_focus = sum(self.threat_per_hp(f.entity) for f in self.foes) / max(1, len(self.foes))
        return self._mean_focus

    def focus(self, target: Entity) -> float:
        """The enemy's threat per hit point against the enemies' mean, within FOCUS_LOW..FOCUS_HIGH (1: no foes)."""
        mean = self.mean_threat_per_hp()
        if mean <= 0 or target not in self.foe_of:
            return 1.0
        return min(FOCUS_HIGH, max(FOCUS_LOW, self.threat_per_hp(target) / mean))

    def damage_weight(self, target: Entity, hp: int, max_hp: int) -> float:
        return super().damage_weight(target, hp, max_hp) * self.focus(target)

    def _rough_kept(self, power: Power, target: Entity, bonus: int) -> float:
        """Worked out for each decision, never taken from the battlefield's kept worths: hard's worth of a hit point
        reads every enemy's hit points (its focus), which those are not keyed on, so a kept one could be stale."""
        return self._rough_worked_out(power, target, bonus)

    def approach(self) -> Approach:
        """Walking distance to the nearest of the three enemies most worth closing on: near, and with the
        most threat per hit point."""
        if self._approach is None:
            ranked = sorted(self.foes, key=lambda f: (chebyshev(f.space[0], self.home)
                                                      - CLOSE_ON_FOCUS * self.focus(f.entity), f.entity))
            goals = [foe.space[0] for foe in ranked[:3]]
            self._approach = Approach.towards(self.bf, Walker.of(self.state, self.me), goals, self.home)
        return self._approach

    # Finishing the fallen -----------------------------------------------------------------------------
    def revivable(self, target: Entity) -> bool:
        """A conscious creature on the fallen one's side still has a healing power to use (§27)."""
        s = self.state
        for ally in self.standing:
            if ally == target or s.are_enemies(ally, target) or not s.conscious(ally):
                continue
            for power in s.arsenal(ally).attacks:
                if power.heal is not None:
                    left = uses_left(s, ally, power.name, power.usage, power.uses)
                    if left is None or left > 0:
                        return True
        return False

    def coup_worth(self, target: Entity) -> float:
        if self.revivable(target):
            return FINISH * (4.0 + 2.5 * side_threat(self.state, target))
        return COUP_WORTH

    def _coups(self) -> list[Plan]:
        return [Plan(self.coup_worth(p.command.target), p.command, p.label) for p in super()._coups()
                if isinstance(p.command, CoupDeGrace)]

    def plans(self) -> list[Plan]:
        """Normal's plans, and a walk up to each fallen enemy hero a healer could raise, for a coup de grace."""
        found = super().plans()
        walks = self._walks_to_coups()
        if not walks:
            return found
        ranked = sorted(enumerate(found + walks), key=lambda t: (-t[1].score, t[0]))
        return [p for _, p in ranked]

    def _walks_to_coups(self) -> list[Plan]:
        s = self.state
        after_move = spend(self.turn.actions, MOVE)
        if after_move is None or spend(after_move[0], STANDARD) is None or s.arsenal(self.me).basic_attack(MELEE) is None:
            return []
        fallen = [e for e in self.standing if s.are_enemies(self.me, e) and not s.conscious(e) and s.is_helpless(e)
                  and not are_adjacent(self.home, self.size, *s.space(e)) and self.revivable(e)]
        if not fallen:
            return []
        speed = mode_speed(s, self.me, WALK)
        plans = []
        for target in fallen:
            best: Plan | None = None
            for station in self.stations(speed):
                if not are_adjacent(station.square, self.size, *s.space(target)):
                    continue
                settled = self.settle(station, speed)
                if settled is None or settled.command is None:
                    continue
                value = self.coup_worth(target) + self.refined(station.square) - settled.provoked - settled.extra
                if best is None or value > best.score:
                    said = Said(N_("to {square}, then {plan}"), square=station.square,
                                plan=Said(N_("coup de grace on {target}"), target=s.name(target)))
                    best = Plan(value, settled.command, said)
            if best is not None:
                plans.append(best)
        return plans
