"""Caches that belong to one battlefield: built on first use, dropped when the battlefield is.

A Battlefield is immutable, so anything computed from it alone (step tables, line results, lookup
tables) stays true for as long as it lives. Caches are keyed by identity, not by value: hashing a
battlefield would hash its whole terrain tuple on every look-up.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, TypeVar

from game.core.battlefield import Battlefield

T = TypeVar("T")
_STORES: dict[int, tuple["weakref.ref[Battlefield]", dict[Any, Any]]] = {}


def store_of(bf: Battlefield) -> dict[Any, Any]:
    """The cache dictionary of ``bf`` (empty the first time), alive exactly as long as ``bf``."""
    key = id(bf)
    entry = _STORES.get(key)
    if entry is not None and entry[0]() is bf:
        return entry[1]
    store: dict[Any, Any] = {}
    stores = _STORES

    def forget(ref: "weakref.ref[Battlefield]") -> None:
        # Only locals here: the callback may run while the interpreter tears the module down.
        entry = stores.get(key)
        if entry is not None and entry[0] is ref:
            del stores[key]

    _STORES[key] = (weakref.ref(bf, forget), store)
    return store


def built_once(bf: Battlefield, key: Any, build: Callable[..., T], *args: Any) -> T:
    """``build(*args)`` for ``bf`` under ``key``: made on first use and kept while ``bf`` lives."""
    store = store_of(bf)
    found = store.get(key)
    if found is None:
        found = store[key] = build(*args)
    return found


class BoundedCache(dict):
    """A dict that forgets its oldest quarter when it grows past ``limit`` entries (memory stays bounded
    however many different questions a long game asks)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Any, value: Any) -> Any:
        if len(self) >= self.limit:
            for old in list(self)[: max(1, self.limit // 4)]:
                del self[old]
        self[key] = value
        return value
