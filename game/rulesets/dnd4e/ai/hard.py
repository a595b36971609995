"""The computer at hard: the planner of tactics.py, with focus fire by threat per hit point and powers spent early.

Normal weighs a hit point taken from an enemy by how bloodied it is; hard also weighs it by how much harm
the enemy does for each hit point it has left (its expected damage per round over its remaining hit
points), against the other enemies' mean: the wizard with 10 hit points left and 8 damage a round dies
before the fighter with 30 and 7. Allies scoring the same way fall on the same enemy, and every hit on it
raises its priority further, so the side focuses its fire. A skirmish is one encounter, so hard keeps its
encounter and daily powers less jealously than normal (a power unspent when the fight ends was wasted).
"""

from __future__ import annotations

from game.ecs.components import Health
from game.ecs.world import Entity
from game.rulesets.dnd4e.ai.tactics import Planner

HARD_USE_COST = {"at-will": 0.0, "encounter": 0.5, "daily": 1.0}
FOCUS_LOW, FOCUS_HIGH = 0.5, 2.0      # how far focus may scale a hit point's worth either way


class HardPlanner(Planner):
    """The planner at hard (controller.py picks it for the level)."""

    use_cost = HARD_USE_COST

    def threat_per_hp(self, target: Entity) -> float:
        """The enemy's expected damage per round against us over the hit points it has left."""
        foe = self.foe_of.get(target)
        if foe is None:
            return 0.0
        health = self.state.world.get(target, Health)
        return max(foe.melee, foe.ranged) / max(1, health.hp + health.temp)

    def _mean_threat_per_hp(self) -> float:
        found: float | None = getattr(self, "_mean_focus", None)
        if found is None:
            found = sum(self.threat_per_hp(f.entity) for f in self.foes) / max(1, len(self.foes))
            self._mean_focus = found
        return found

    def damage_weight(self, target: Entity, hp: int, max_hp: int) -> float:
        """Normal's weight times the enemy's threat per hit point against the enemies' mean (within bounds)."""
        base = super().damage_weight(target, hp, max_hp)
        mean = self._mean_threat_per_hp()
        if mean <= 0:
            return base
        return base * min(FOCUS_HIGH, max(FOCUS_LOW, self.threat_per_hp(target) / mean))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if WOUNDED:
            # Wounded: the enemy's focus is on us, so the danger counts for more (fall back behind allies).
            self.danger_weight *= 1.0 + WOUNDED * (1.0 - self.hp_fraction)
        self.danger_weight *= DANGER_SCALE

    def approach(self):
        if self._approach is None and APPROACH_FOCUS:
            from game.core.grid import chebyshev
            from game.rulesets.dnd4e.ai.ground import Approach, Walker
            mean = self._mean_threat_per_hp() or 1.0
            ranked = sorted(self.foes, key=lambda f: (chebyshev(f.space[0], self.home)
                                                      - APPROACH_FOCUS * self.threat_per_hp(f.entity) / mean, f.entity))
            goals = [f.space[0] for f in ranked[:3]]
            self._approach = Approach.towards(self.bf, Walker.of(self.state, self.me), goals, self.home)
        return super().approach()


WOUNDED = 0.0
DANGER_SCALE = 1.0
APPROACH_FOCUS = 0.0
