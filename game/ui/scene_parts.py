"""What the battle screen's mixins (input, chrome, map overlays) read of the scene, declared for the type checker.

BattleScene has every member; the mixins subclass ``ScenePart`` only while type checking (at run time they
subclass ``object``), so mypy checks each mixin's use of the scene without a cycle in the class hierarchy;
``scene()`` gives a mixin the whole scene where a function takes one (the pause menu, the session).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

import pygame

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.controls import Controls, CoverLines, Popup
from game.engine.protocol import Presenter
from game.match import Match
from game.render.animation import Animator
from game.render.map_view import MapView
from game.state import GameState
from game.ui.log_panel import LogPanel
from game.ui.widgets import Fonts


class ScenePart:
    """The battle scene's members its mixins use (see BattleScene for what each is)."""

    fonts: Fonts
    seed: int
    match: Match
    rules: Presenter
    controls: Controls
    session: Any                       # game.ui.session.Session (which types its scene as a BattleScene)
    pause: Any                         # game.ui.pause_menu.PauseMenu, while it is open (the same)
    view: MapView
    animator: Animator
    log: LogPanel
    side_labels: dict[str, str]
    message: str
    online: Any                        # game.net.remote.OnlinePlay when played through a server, else None
    selected: Entity | None
    hover: tuple[int, int] | None
    cursor: Square | None
    handover: str | None
    show_cover_lines: bool
    menu_button: bool
    ticks: int
    banner_height: int
    screen_rect: pygame.Rect
    map_rect: pygame.Rect
    panel_rect: pygame.Rect
    hint_rect: pygame.Rect
    tracker_rect: pygame.Rect
    menu_rect: pygame.Rect
    handover_menu_rect: pygame.Rect
    end_turn_rect: pygame.Rect
    bar_rect: pygame.Rect
    power_row: pygame.Rect
    action_row: pygame.Rect
    bar: list[tuple[pygame.Rect, Choice]]
    tracker_entries: list[tuple[pygame.Rect, Entity]]
    prompt_buttons: dict[str, pygame.Rect]
    victory_buttons: dict[str, pygame.Rect]
    portraits: dict[str, pygame.Surface]
    tracker_portraits: dict[str, pygame.Surface]
    sprites: dict[str, pygame.Surface]
    big_sprites: dict[tuple[str, int], pygame.Surface]
    reach_tiles: tuple[pygame.Surface, pygame.Surface]
    tints: dict[tuple[int, ...], pygame.Surface]
    zone_tile: pygame.Surface
    darkness_tile: pygame.Surface
    glow_tiles: dict[str, pygame.Surface]
    _version: int
    _drag_from: tuple[int, int] | None
    _path_dot: pygame.Surface
    _tokens: dict[object, Any]
    _bodies: dict[object, pygame.Surface]
    _markers: dict[int, pygame.Surface]
    # What is kept between frames, each with the key it was worked out for.
    _units_key: int
    _units: list[Any]
    _occupants: dict[Square, Entity]
    _split_key: object
    _split: tuple[list[Any], list[Any]]
    _marks_key: object
    _marks: tuple[list[tuple[Square, int]], list[tuple[Square, int]]]
    _cover_key: object
    _cover_shown: CoverLines | None
    _pictures_key: object
    _path_pictures: dict[Square, tuple[pygame.Surface, tuple[int, int], list[tuple[int, int]]]]
    _hint_key: object
    _hint_text: str
    _tooltip_key: object
    _tooltip: tuple[pygame.Surface, pygame.Rect] | None
    _log_tip_key: object
    _log_tip: tuple[pygame.Surface, pygame.Rect] | None
    _prompt_key: object
    _prompt: Any
    # The player's picks, kept by the ruleset's controls (BattleScene forwards each).
    mode: str
    picked: Entity | None
    knockout: bool
    popup: Popup | None
    bar_choices: list[Choice]
    walk: Any
    targets: dict[Entity, Any]
    friends: list[Entity]
    teleports: list[Square]
    charges: dict[Entity, tuple[Square, ...]]
    drags: dict[Square, tuple[Square, ...]]
    push_squares: list[Square]
    wall: tuple[Square, ...]
    wall_next: list[Square]
    forced_path: tuple[Square, ...]
    forced_next: list[Square]
    forced_drops: list[Square]

    @property
    @abstractmethod
    def state(self) -> GameState: ...

    @property
    @abstractmethod
    def actor(self) -> Entity: ...

    @property
    @abstractmethod
    def acting(self) -> bool: ...

    @abstractmethod
    def _refresh_options(self) -> None: ...

    @abstractmethod
    def _hint(self) -> str: ...

    @abstractmethod
    def _hover_square(self) -> Square | None: ...

    @abstractmethod
    def _occupant(self, square: Square | None) -> Entity | None: ...

    @abstractmethod
    def _tracker_entity(self, pos: tuple[int, int] | None) -> Entity | None: ...

    @abstractmethod
    def _computer(self) -> Any: ...

    @abstractmethod
    def _zoom(self, steps: int, anchor: tuple[int, int]) -> None: ...

    @abstractmethod
    def scene(self) -> Any: ...                # the BattleScene (typed Any: scene_parts may not import it)
