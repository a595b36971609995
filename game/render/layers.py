"""Drawn layers kept between frames: a surface is redrawn only when what it shows changes.

Each layer holds a key, a cheap value naming everything its picture depends on; a frame passes the key
of now, and the layer repaints only when that differs from the key it was last painted with. Keys are
compared with ``==`` (tuples compare their items by identity first, so the same objects cost nothing).
"""

from __future__ import annotations

import weakref
from typing import Any, Callable

import pygame

_UNSET = object()


class Board:
    """The map as the screen shows it, with the overlays that change only with the state or the bar's pick
    (the lit squares of a move, a teleport, a push or a drag, the creatures standing still), kept for a
    window's worth of the map: the view and a margin around it, never the whole map (memory follows the window).

    ``paint_ground(surface, region)`` draws the bare map of ``region`` (map pixels) into ``surface``; it runs
    again only when the camera leaves the window kept. Overlays are painted into a copy of the bare window,
    in its own pixels (``origin`` is the map pixel at its top-left); a repaint first restores, from the bare
    window, only the rectangles the last overlay covered. With no overlay the bare window itself is shown."""

    def __init__(self, paint_ground: Callable[[pygame.Surface, pygame.Rect], None], map_size: tuple[int, int],
                 margin: int) -> None:
        self.paint_ground = paint_ground
        self.bounds = pygame.Rect((0, 0), map_size)
        self.margin = margin
        self.region = pygame.Rect(0, 0, 0, 0)         # the part of the map kept, in map pixels
        self.base: pygame.Surface | None = None
        self._copy: pygame.Surface | None = None
        self._dirty: list[pygame.Rect] = []
        self._key: Any = _UNSET

    @property
    def origin(self) -> tuple[int, int]:
        return self.region.topleft

    @property
    def surface(self) -> pygame.Surface:
        """What to show now: the window with the overlay, or the bare window."""
        assert self.base is not None, "follow() the view before showing the board"
        return self._copy if self._dirty and self._copy is not None else self.base

    def follow(self, visible: pygame.Rect) -> bool:
        """Keep the window around ``visible`` (map pixels); True when it moved (the overlay is then repainted
        at the next ``update``)."""
        if self.base is not None and self.region.contains(visible):
            return False
        margin = self.margin
        size = (min(visible.w + 2 * margin, self.bounds.w), min(visible.h + 2 * margin, self.bounds.h))
        before = self.region
        self.region = pygame.Rect((visible.x - margin, visible.y - margin), size).clamp(self.bounds)
        if self.base is None or self.base.get_size() != size or not before.colliderect(self.region):
            self.base = self.base if self.base is not None and self.base.get_size() == size else \
                pygame.Surface(size).convert()
            self.paint_ground(self.base, self.region)
        else:
            # The camera moved on: keep what both windows show, moved in place, and draw only the strips
            # that came into the window (as a scrolling buffer does).
            dx, dy = before.x - self.region.x, before.y - self.region.y
            self.base.scroll(dx, dy)
            width, height = size
            strips = [pygame.Rect(width + dx, 0, -dx, height) if dx < 0 else pygame.Rect(0, 0, dx, height),
                      pygame.Rect(0, height + dy, width, -dy) if dy < 0 else pygame.Rect(0, 0, width, dy)]
            for strip in strips:
                if strip.w > 0 and strip.h > 0:
                    self.paint_ground(self.base.subsurface(strip), strip.move(self.region.topleft))
        self._copy, self._dirty, self._key = None, [], _UNSET
        return True

    def update(self, key: Any, paint: Callable[[pygame.Surface], list[pygame.Rect]] | None) -> None:
        """Repaint when ``key`` changed: ``paint`` draws the overlay onto the window's copy (in its pixels,
        see ``origin``) and returns the rectangles it touched (None: no overlay)."""
        if key == self._key:
            return
        assert self.base is not None, "follow() the view before painting the board"
        self._key = key
        if self._copy is not None:
            for rect in self._dirty:
                self._copy.blit(self.base, rect, rect)
        self._dirty = []
        if paint is None:
            return
        if self._copy is None:
            self._copy = self.base.copy()
        bounds = self._copy.get_rect()
        self._dirty = [r.clip(bounds) for r in paint(self._copy) if r.width and r.height]


class Chrome:
    """The screen's fixed panels (banner, hint line, power bar, side panel) painted on one off-screen
    surface the size of the screen, each part repainted only when its key changes.

    A part is copied to the screen only when the screen does not hold its picture yet: the window keeps
    its pixels between frames, so a part that did not change since the last copy is left as it is, unless
    something was drawn over it meanwhile (``overdrawn``) or the frame goes to another surface."""

    def __init__(self, screen: pygame.Surface) -> None:
        self.surface = pygame.Surface(screen.get_size(), 0, screen)
        self._keys: dict[str, Any] = {}
        self._regions: dict[str, pygame.Rect] = {}
        self._shown: dict[str, Any] = {}      # per part, the key of the picture the screen holds
        self._screen: weakref.ref[pygame.Surface] | None = None

    def fits(self, screen: pygame.Surface) -> bool:
        return self.surface.get_size() == screen.get_size()

    def part(self, name: str, region: pygame.Rect, key: Any, paint: Callable[[pygame.Surface], None]) -> None:
        """Repaint the part ``name`` (clipped to ``region``) when its key changed."""
        self._regions[name] = region
        if self._keys.get(name, _UNSET) == key:
            return
        self._keys[name] = key
        self.surface.set_clip(region)
        paint(self.surface)
        self.surface.set_clip(None)

    def show(self, screen: pygame.Surface) -> None:
        """Copy to ``screen`` every part whose current picture it does not hold."""
        if self._screen is None or self._screen() is not screen:
            self._shown.clear()
            self._screen = weakref.ref(screen)
        for name, region in self._regions.items():
            key = self._keys[name]
            if self._shown.get(name, _UNSET) != key:
                screen.blit(self.surface, region, region)
                self._shown[name] = key

    def overdrawn(self) -> None:
        """Something else was drawn over the parts on the screen: the next show copies them all."""
        self._shown.clear()


def union(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """One rectangle around all of ``rects`` (none for none): what a board overlay reports as touched."""
    return [rects[0].unionall(rects[1:])] if rects else []
