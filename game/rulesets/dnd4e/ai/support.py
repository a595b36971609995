"""The planner's minor actions and healing: sustaining, healing powers, potions, boons, second wind and the action point."""

from __future__ import annotations

from game.rulesets.dnd4e.ai.said import Said
from game.rulesets.dnd4e.i18n import N_
from game.rulesets.dnd4e.actions.commands import DrinkPotion, SecondWind, SpendActionPoint, Sustain, UsePower
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.ai.odds import average
from game.core.grid import are_adjacent, space_distance
from game.ecs.components import ActionPoints, Surges
from game.ecs.world import Entity
from game.rulesets.dnd4e.systems.turns import sustainable
from game.rulesets.dnd4e.ai.planning import USE_COST, Plan, PlannerParts, Station

ACTION_POINT_WORTH = 4.0          # an extra attack must be worth this much to spend the action point


class Support(PlannerParts):
    """Minor actions first, healing, second wind and the action point (a section of ``Planner``)."""

    # Minor actions and healing ----------------------------------------------------------------------
    def minor(self) -> Plan | None:
        """The best minor action worth taking first: sustain, heal a bloodied or dying ally, a potion, a boon."""
        s = self.state
        me = self.me
        budget = self.turn.actions
        if budget.minor < 1 or budget.one_action:
            return None
        options: list[Plan] = [Plan(3.0, Sustain(me, power), Said(N_("sustain {power}"), power=power)) for power in sustainable(s, me)]
        if self.style.heals:
            for power in self.powers:
                if power.action != "minor" or power.attacks:
                    continue
                if power.heal is not None:
                    for ally in [me] + self.allies:
                        value = self._heal_worth(ally, s.stats(ally).surge_value + average(power.heal.bonus))
                        if value > 0:
                            options.append(Plan(value - USE_COST.get(power.usage, 0.0), UsePower(me, power.name, ally),
                                                Said(N_("{power} on {ally}"), power=power.name, ally=s.name(ally))))
                elif power.kind == "personal":
                    if self._enemy_near():
                        options.append(Plan(2.0, UsePower(me, power.name), Said("{power}", power=power.name)))
                elif power.hit_effects:
                    for ally in self.allies:
                        if s.conscious(ally) and any(are_adjacent(*s.space(ally), *f.space) for f in self.foes):
                            said = Said(N_("{power} on {ally}"), power=power.name, ally=s.name(ally))
                            options.append(Plan(1.5, UsePower(me, power.name, ally), said))
            if s.arsenal(me).potions > 0:
                value = self._heal_worth(me, 10)
                if value > 0:
                    options.append(Plan(value, DrinkPotion(me), Said(N_("potion"))))
        options.sort(key=lambda p: -p.score)
        return next((p for p in options if p.score >= 1.0 and validate(self.live, p.command) is None), None)

    def _heal_worth(self, ally: Entity, amount: float) -> float:
        s = self.state
        stats = s.stats(ally)
        surges = s.world.maybe(ally, Surges)
        hp = s.hp(ally)
        if hp <= 0:
            return 12.0 + min(amount, stats.max_hp)          # a dying ally back in the fight (§27)
        if surges is None or surges.left <= 0 or hp > stats.bloodied_value:
            return 0.0
        return 0.8 * min(amount, stats.max_hp - hp)

    def _enemy_near(self) -> bool:
        return any(space_distance(self.home, self.size, *f.space) <= 2 * self.stats.speed + 1 for f in self.foes)

    def second_wind(self) -> float:
        """§25.18: a surge's worth of hit points when bloodied, and +2 to defenses."""
        s = self.state
        if not self.style.heals or not self.stats.hero:
            return -1.0
        surges = s.world.maybe(self.me, Surges)
        hp = s.hp(self.me)
        if surges is None or surges.left <= 0 or hp > self.stats.bloodied_value or \
                validate(self.live, SecondWind(self.me)) is not None:
            return -1.0
        return 0.8 * min(self.stats.surge_value, self.stats.max_hp - hp) + 0.1 * self.hurt(self.home)

    def action_point(self) -> Plan | None:
        """§25.1: spend the action point once the standard action is gone and another attack is worth it."""
        s = self.state
        if not self.style.action_points or self.turn.actions.standard > 0 or self.turn.actions.one_action:
            return None
        points = s.world.maybe(self.me, ActionPoints)
        if points is None or points.left < 1 or validate(self.live, SpendActionPoint(self.me)) is not None:
            return None
        found = self.best_attacks([(Station(self.home, None, 0.0), 0.0)], 0, keep=1)
        if found and found[0][0] >= ACTION_POINT_WORTH:
            return Plan(found[0][0], SpendActionPoint(self.me), Said(N_("action point")))
        return None
