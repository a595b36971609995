"""A small entity-component store whose iteration order is fixed and whose copies are cheap.

Chosen over esper 3 (see docs/architecture.md): esper keeps its world in module globals, so a
computer opponent's look-ahead or a replay check could not hold two worlds side by side. Here a
world is an object; components are frozen dataclasses, so a copy only copies the dictionaries.
"""

from __future__ import annotations

from typing import Any, Iterator, TypeVar

T = TypeVar("T")
Entity = int
_NONE: dict[Entity, Any] = {}     # the store of a kind no entity holds (read, never written)


class World:
    """Entities are increasing integers; every query yields them in ascending order."""

    def __init__(self) -> None:
        self._next_entity: Entity = 1
        self._stores: dict[type, dict[Entity, Any]] = {}
        self._resources: dict[type, Any] = {}
        # Changes made so far (components and resources added, replaced or removed): the same world at the same
        # version holds the same things, so an answer worked out from it still holds (the door's last check).
        self.version = 0

    # Entities -----------------------------------------------------------------------------------
    def create(self, *components: Any) -> Entity:
        entity = self._next_entity
        self._next_entity += 1
        for component in components:
            self.add(entity, component)
        return entity

    def delete(self, entity: Entity) -> None:
        self.version += 1
        for store in self._stores.values():
            store.pop(entity, None)

    def entities(self) -> list[Entity]:
        found: set[Entity] = set()
        for store in self._stores.values():
            found.update(store)
        return sorted(found)

    # Components ---------------------------------------------------------------------------------
    def add(self, entity: Entity, component: Any) -> None:
        """Attach or replace the component of that type."""
        self.version += 1
        self._stores.setdefault(type(component), {})[entity] = component

    def remove(self, entity: Entity, kind: type) -> None:
        self.version += 1
        self._stores.get(kind, {}).pop(entity, None)

    def get(self, entity: Entity, kind: type[T]) -> T:
        try:
            return self._stores[kind][entity]
        except KeyError:
            raise KeyError(f"entity {entity} has no {kind.__name__}") from None

    def maybe(self, entity: Entity, kind: type[T]) -> T | None:
        return self._stores.get(kind, _NONE).get(entity)

    def has(self, entity: Entity, kind: type) -> bool:
        return entity in self._stores.get(kind, _NONE)

    def holders(self, kind: type, lacking: type | None = None) -> list[Entity]:
        """The entities holding ``kind`` and not ``lacking``, ascending (what ``query`` yields, without the
        components: asked thousands of times a decision)."""
        store = self._stores.get(kind, _NONE)
        if lacking is None:
            return sorted(store)
        other = self._stores.get(lacking, _NONE)
        return sorted(e for e in store if e not in other)

    def query(self, *kinds: type) -> Iterator[tuple[Any, ...]]:
        """(entity, component, ...) for every entity holding all ``kinds``, by ascending entity."""
        if not kinds:
            return iter(())
        stores = [self._stores.get(kind, _NONE) for kind in kinds]
        if len(stores) == 1:
            return iter(sorted(stores[0].items()))     # entities are unique: the components are never compared
        smallest = min(stores, key=len)
        matches = sorted(e for e in smallest if all(e in store for store in stores))
        return iter([(e, *(store[e] for store in stores)) for e in matches])

    def stores_view(self, *kinds: type) -> tuple[Any, ...]:
        """A hashable view of the listed component stores: equal exactly when each holds the same
        components for the same entities (for caches keyed on part of the world)."""
        view: list[Any] = []
        for kind in kinds:
            store = self._stores.get(kind, {})
            view.append(tuple(store))
            view.append(tuple(store.values()))
        return tuple(view)

    def view(self) -> tuple[Any, ...]:
        """A hashable view of every store and resource: equal exactly when the world holds the same components
        and resources (components are immutable and replaced on change, so comparing it is mostly identity)."""
        return self.stores_view(*self._stores), tuple(self._resources.items())

    # Resources: one-of-a-kind state such as the turn order ----------------------------------------
    def set_resource(self, resource: Any) -> None:
        self.version += 1
        self._resources[type(resource)] = resource

    def resource(self, kind: type[T]) -> T:
        return self._resources[kind]

    def maybe_resource(self, kind: type[T]) -> T | None:
        return self._resources.get(kind)

    def clear_resource(self, kind: type) -> None:
        self.version += 1
        self._resources.pop(kind, None)

    # Copies -------------------------------------------------------------------------------------
    def clone(self) -> "World":
        """An independent world; components are immutable, so copying the stores is enough."""
        twin = World()
        twin._next_entity = self._next_entity
        twin._stores = {kind: dict(store) for kind, store in self._stores.items()}
        twin._resources = dict(self._resources)
        return twin

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable, order-stable view of everything in the world (for equality checks)."""
        stores = tuple(
            (kind.__name__, tuple(sorted(store.items())))
            for kind, store in sorted(self._stores.items(), key=lambda item: item[0].__name__)
        )
        resources = tuple(
            (kind.__name__, value)
            for kind, value in sorted(self._resources.items(), key=lambda item: item[0].__name__)
        )
        return (self._next_entity, stores, resources)
