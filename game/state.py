"""The state of a skirmish that rules read and the one door writes: battlefield plus world."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.battlefield import Battlefield
from game.core.bfcache import BoundedCache, built_once
from game.core.grid import Square, footprint
from game.core.movement import Mover, MoveRules, Occupant
from game.ecs.components import (
    Arsenal, Body, Condition, Conditions, Health, Name, Offer, OutOfFight, Outcome, PendingForced, PendingOffers,
    Position, Stats, Team, TurnState,
)
from game.ecs.world import Entity, World

HELPLESS_CONDITIONS = ("helpless", "unconscious", "dying", "petrified")
OUT_COLD = ("unconscious", "dying")     # §27: on the battlefield but out of the fight for now
OCCUPANTS_KEPT = 4096      # creatures as movement sees them, remembered per battlefield (GameState._occupant)
SQUEEZING = "squeezing"     # §25.21: the space is one square narrower while squeezing


@dataclass
class GameState:
    battlefield: Battlefield
    world: World

    def clone(self) -> "GameState":
        return GameState(self.battlefield, self.world.clone())

    # Turn -------------------------------------------------------------------------------------------
    @property
    def turn(self) -> TurnState:
        return self.world.resource(TurnState)

    @property
    def outcome(self) -> Outcome | None:
        try:
            return self.world.resource(Outcome)
        except KeyError:
            return None

    # Creatures --------------------------------------------------------------------------------------
    def creatures(self) -> list[Entity]:
        """Every creature of any ruleset: whatever has a body on the battlefield."""
        return self.world.holders(Body)

    def standing(self) -> list[Entity]:
        """Creatures still on the battlefield: alive, though perhaps dying or unconscious (§27)."""
        return self.world.holders(Body, lacking=OutOfFight)

    def conscious(self, entity: Entity) -> bool:
        """Alive and awake: neither dead nor unconscious nor dying (§9, §27)."""
        return not self.world.has(entity, OutOfFight) and not self.has_any_condition(entity, OUT_COLD)

    def name(self, entity: Entity) -> str:
        return self.world.get(entity, Name).text

    def side(self, entity: Entity) -> str:
        return self.world.get(entity, Team).side

    def square(self, entity: Entity) -> Square:
        return self.world.get(entity, Position).square

    def space(self, entity: Entity) -> tuple[Square, int]:
        side = self.world.get(entity, Body).size.side_squares
        if side > 1 and self.has_condition(entity, SQUEEZING):
            side -= 1
        return self.square(entity), side

    def hp(self, entity: Entity) -> int:
        return self.world.get(entity, Health).hp

    def stats(self, entity: Entity) -> Stats:
        return self.world.get(entity, Stats)

    def arsenal(self, entity: Entity) -> Arsenal:
        return self.world.get(entity, Arsenal)

    def has_condition(self, entity: Entity, name: str) -> bool:
        conditions = self.world.maybe(entity, Conditions)
        return conditions is not None and conditions.has(name)

    def has_any_condition(self, entity: Entity, names: tuple[str, ...]) -> bool:
        """Whether any of ``names`` is on ``entity`` (one look at its conditions, where a has_condition per name
        would look up the component each time: the computer asks this tens of thousands of times a turn)."""
        conditions = self.world.maybe(entity, Conditions)
        return conditions is not None and any(c.name in names for c in conditions.entries)

    def conditions(self, entity: Entity) -> Conditions:
        return self.world.maybe(entity, Conditions) or Conditions()

    def add_condition(self, entity: Entity, condition: Condition) -> None:
        self.world.add(entity, self.conditions(entity).adding(condition))

    def remove_condition(self, entity: Entity, name: str) -> None:
        self.world.add(entity, self.conditions(entity).removing(name))

    @property
    def pending_offers(self) -> PendingOffers | None:
        return self.world.maybe_resource(PendingOffers)

    @property
    def offer(self) -> Offer | None:
        """The offer waiting for an answer now, if any (forced movement is placed first)."""
        pending = self.world.maybe_resource(PendingOffers)
        if pending is None or not pending.offers or self.pending_forced is not None:
            return None
        return pending.offers[0]

    @property
    def pending_forced(self) -> PendingForced | None:
        return self.world.maybe_resource(PendingForced)

    def is_helpless(self, entity: Entity) -> bool:
        return self.has_any_condition(entity, HELPLESS_CONDITIONS)

    def are_enemies(self, a: Entity, b: Entity) -> bool:
        get = self.world.get
        return get(a, Team).side != get(b, Team).side

    def squares_taken(self, but: Entity | None = None) -> set[Square]:
        """Every square under a standing creature's space, leaving out ``but``'s."""
        return {s for e in self.standing() if e != but for s in footprint(*self.space(e))}

    def occupant_at(self, square: Square) -> Entity | None:
        """The standing creature whose space covers ``square``, if any."""
        for entity in self.standing():
            top_left, side = self.space(entity)
            if top_left[0] <= square[0] < top_left[0] + side and top_left[1] <= square[1] < top_left[1] + side:
                return entity
        return None

    def move_rules(self, entity: Entity, squeeze: bool | None = None, ignoring: Entity | None = None) -> MoveRules:
        """Movement rules for ``entity`` among every other creature still on the battlefield.

        ``squeeze``: True or False to judge it squeezed or at full size (§25.21), None as it is now;
        ``ignoring``: a creature to leave out.
        """
        body = self.world.get(entity, Body)
        squeezed = self.space(entity)[1] < body.size.side_squares if squeeze is None else squeeze
        mover = Mover(self.square(entity), body.size, self.side(entity), body.flying,
                      phasing=body.phasing, squeezed=squeezed)
        known = built_once(self.battlefield, "occupants", BoundedCache, OCCUPANTS_KEPT)
        others = [self._occupant(o, known) for o in self.standing() if o not in (entity, ignoring)]
        return MoveRules(self.battlefield, mover, others)

    def _occupant(self, entity: Entity, known: BoundedCache) -> Occupant:
        """``entity`` as movement sees it, kept in ``known`` (the battlefield's) while the components it is made of
        stand: they are immutable and replaced on change, so they are compared by identity (and held with the
        answer, so an identity is never reused while it is kept). The computer asks for every creature's many
        times a turn."""
        world = self.world
        position, body, team = world.get(entity, Position), world.get(entity, Body), world.get(entity, Team)
        conditions = world.maybe(entity, Conditions)
        key = (entity, id(position), id(body), id(team), id(conditions))
        kept = known.get(key)
        if kept is not None:
            held = kept[0]
            if held[0] is position and held[1] is body and held[2] is team and held[3] is conditions:
                return kept[1]
        parts = (position, body, team, conditions)
        made = Occupant(position.square, body.size, team.side, helpless=self.is_helpless(entity),
                        prone=self.has_condition(entity, "prone"))
        return known.put(key, (parts, made))[1]
