"""The battle screen's controls, ruleset by ruleset: what a pick, a click or a key means now, and what to show.

The one battle screen (game/ui/battle.py) draws and reads input for every ruleset; a ruleset's presentation
adapter gives it a ``Controls`` (pure Python, no pygame): the bar's choices with their reasons, what a click
on a square or a creature means in the current mode (a command sent through the door, a new mode, or a
refusal said on the hint line), the hover forecast, the creature card, the prompt of a pending offer, the
overlays as plain data (lit squares, targets, paths, area templates, zones) and the log lines with their rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from game.core.grid import Square, footprint
from game.core.lines import cover_line_verdicts, line_of_effect
from game.ecs.world import Entity
from game.engine.choices import Choice
from game.i18n import L_
from game.state import GameState

if TYPE_CHECKING:                  # game.match reaches the registry, which reaches this protocol's module
    from game.match import Match

T = TypeVar("T")

WALK = "walk"                   # the bar's pick when nothing else is picked: a click on a lit square moves


@dataclass(frozen=True)
class WalkPreview:
    """The hovered move: its path and cost, the squares whose leaving provokes, who would attack,
    and the height of the fall at its end (0: none)."""

    path: tuple[Square, ...]
    cost: int
    provoking: tuple[Square, ...]
    attackers: tuple[Entity, ...]
    fall_ft: int


@dataclass(frozen=True)
class AreaShown:
    """The hovered area template, whichever ruleset: its squares and the creatures caught in it; ``harms``:
    whether it attacks or hurts them (then a caught ally is marked "ally!")."""

    squares: tuple[Square, ...]
    caught: tuple[Entity, ...]
    harms: bool


@dataclass(frozen=True)
class ZoneShown:
    """A zone as the map layer draws it: its name tab ("Darkness (Ilvara)"), its squares, and whether it is
    magical darkness (drawn nearly black: no eye sees into it, 5e-house R004-LT-04); ``glow``: a light's ring
    instead, "bright" (drawn warm) or "dim" (its shadows, a faint warm veil)."""

    label: str
    squares: tuple[Square, ...]
    dark: bool = False
    glow: str = ""


@dataclass(frozen=True)
class CoverLines:
    """The corner-to-corner lines 4e §14 counts for an attack: from the attacker's corner with the fewest
    blocked lines to the target square it sees best, each line blocked or clear."""

    corner: tuple[int, int]                # a lattice point: the corner of a square
    square: Square
    blocked: tuple[bool, bool, bool, bool]  # to the square's top-left, top-right, bottom-left, bottom-right


def cover_lines_shown(state: GameState, attacker: Entity, target: Entity) -> CoverLines | None:
    """The lines behind the attacker's cover against ``target`` (4e §14), by the rules' own line test; None
    without line of effect (no lines to show)."""
    bf = state.battlefield
    source, aim = state.space(attacker), state.space(target)
    if not line_of_effect(bf, source, aim):
        return None
    own = footprint(*source)
    (x0, y0), side = source
    best: CoverLines | None = None
    for y in range(y0, y0 + side + 1):
        for x in range(x0, x0 + side + 1):
            for square in footprint(*aim):
                blocked = cover_line_verdicts(bf, (x, y), square, own)
                if best is None or sum(blocked) < sum(best.blocked):
                    best = CoverLines((x, y), square, blocked)
    return best


@dataclass
class Popup:
    """A small list to pick one from with the number keys or a click; ``on_pick`` gets the value. ``rects``:
    where the screen drew each option (filled in by the drawing)."""

    title: str
    options: list[tuple[str, Any, str]]          # label, value, why not ("" if it can be picked)
    on_pick: Callable[[Any], Any]
    rects: list[tuple[Any, int]] = field(default_factory=list)


@dataclass(frozen=True)
class Card:
    """The creature card under the portrait, name and hit point bar. Tones: "text", "dim", "bad", "good"."""

    subtitle: str = ""                           # after the side's label: "  ·  level 3 soldier"
    hp_line: str | None = None                   # the words under the hit point bar, if any
    hp_alarm: bool = False                       # they say bloodied, dying or worse (drawn red)
    stats: str | None = None                     # the defences row, wrapped to the card
    staying: str = ""                            # a dim line: surges, death saves
    lines: tuple[tuple[str, str], ...] = ()      # conditions and the like, each with its tone
    margin: int = 16                             # how much narrower than the card the lines wrap
    max_lines: int | None = None                 # more wrapped lines end in "... (more)"
    pips: tuple[tuple[str, bool], ...] = ()      # the actions left this turn: words, still available


@dataclass(frozen=True)
class Prompt:
    """The question of a pending offer or reaction: who decides (``side``), what is asked, the odds and the
    rule as they stand, why the door would refuse taking it now (None: it would not), the two buttons."""

    title: str
    side: str
    asks: str
    explain: str
    refused: str | None
    labels: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class LogLine:
    """One line of the battle log and the rule it cites; ``dice``: it goes to the dice tab."""

    text: str
    rule: str
    dice: bool = False


class Screen(Protocol):
    """What the battle screen lends its controls: the match, who is shown and said, where the mouse points."""

    match: Match
    message: str
    selected: Entity | None
    side_labels: dict[str, str]
    show_cover_lines: bool

    @property
    def actor(self) -> Entity: ...

    @property
    def version(self) -> int: ...

    def submit(self, command: Any) -> bool: ...

    def hover_square(self) -> Square | None: ...

    def occupant(self, square: Square | None) -> Entity | None: ...

    def cover_lines(self, target: Entity) -> CoverLines | None: ...

    def worked_out(self, function: Callable[..., T], *args: Any) -> T | None:
        """``function(state, *args)`` (a pure, module-level function) worked out off the frame: None until it
        is in, and then the screen calls ``refresh`` again."""
        ...

    def skip_animations(self) -> None: ...


class Controls(ABC):
    """One ruleset's half of the battle screen: the player's picks so far and what the rules make of them.

    The screen reads the attributes (the lit squares, targets and paths it draws) and calls the methods on
    input; each ruleset's adapter subclasses this. The picks: ``mode`` (the bar's choice), ``picked`` (the
    first creature of a two-click action), ``knockout`` (the next attack knocks out), ``popup``.
    """

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.mode: str = WALK
        self.picked: Entity | None = None
        self.knockout: bool = False
        self.popup: Popup | None = None
        self.bar_choices: list[Choice] = []
        self.walk: Any = None                              # the move's search (its endable squares are lit)
        self.walk_costs: dict[Square, int] = {}
        self.targets: dict[Entity, Any] = {}               # creatures a click attacks or aims at (red)
        self.friends: list[Entity] = []                    # creatures a click helps (green)
        self.teleports: list[Square] = []                  # squares a click goes to (violet)
        self.charges: dict[Entity, tuple[Square, ...]] = {}
        self.drags: dict[Square, tuple[Square, ...]] = {}
        self.push_squares: list[Square] = []
        self.wall: tuple[Square, ...] = ()                 # the squares of a wall laid so far
        self.wall_next: list[Square] = []                  # the squares that may come next in it
        self.forced_path: tuple[Square, ...] = ()          # forced movement placed so far
        self.forced_next: list[Square] = []                # squares it may enter next
        self.forced_drops: list[Square] = []               # those of them over a ledge

    # What the screen lends ------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.screen.match

    @property
    def state(self) -> GameState:
        return self.screen.match.state

    @property
    def actor(self) -> Entity:
        return self.screen.actor

    @property
    def message(self) -> str:
        return self.screen.message

    @message.setter
    def message(self, words: str) -> None:
        self.screen.message = words

    @property
    def selected(self) -> Entity | None:
        return self.screen.selected

    @selected.setter
    def selected(self, entity: Entity | None) -> None:
        self.screen.selected = entity

    def submit(self, command: Any) -> bool:
        return self.screen.submit(command)

    # Shared by every ruleset ----------------------------------------------------------------------
    def choice(self, key: str | None = None) -> Choice | None:
        """The bar's choice under ``key`` (the mode when None)."""
        key = self.mode if key is None else key
        return next((c for c in self.bar_choices if c.key == key), None)

    def turn_began(self) -> None:
        """A new turn: nothing picked."""
        self.mode, self.picked, self.popup = WALK, None, None

    def pick_popup(self, index: int) -> None:
        """The popup's option ``index``: its action, or why it cannot be picked."""
        popup = self.popup
        if popup is None or not 0 <= index < len(popup.options):
            return
        value, why = popup.options[index][1:]
        if why:
            self.message = L_("Can't: {reason}", reason=why)
            return
        self.popup = None
        popup.on_pick(value)

    def clear(self) -> None:
        """Forget every lit square and target (before they are worked out again)."""
        self.walk, self.targets, self.friends, self.teleports, self.walk_costs = None, {}, [], [], {}
        self.charges, self.drags, self.push_squares, self.wall_next = {}, {}, [], []

    def acting(self, holder: Entity) -> Entity:
        """The creature that acts now, given the ruleset's ``holder`` (Ruleset.current_creature): the holder,
        unless the ruleset lets the player pick another (sotdl-house R2: any creature of the side)."""
        return holder

    # Each ruleset's -------------------------------------------------------------------------------
    @abstractmethod
    def refresh(self) -> None:
        """Work out again the bar's choices and what the mode lights, from the same rules the commands are
        checked with (once per change of the state or of the pick, never per frame)."""

    @abstractmethod
    def waiting(self) -> bool:
        """A question (an offer, forced movement to place) holds the acting creature's bar."""

    @abstractmethod
    def asked(self) -> Entity | None:
        """The creature a pending offer or reaction waits on, if one does (the card shows it)."""

    @abstractmethod
    def pick(self, choice: Choice) -> None:
        """A bar choice: instant ones act now, the others change what a map click does."""

    @abstractmethod
    def key(self, action: str) -> bool:
        """A key the ruleset answers before the screen's own (yes/no, End turn, cancelling a pick); True: done."""

    @abstractmethod
    def end_turn(self) -> None:
        """The End turn button."""

    @abstractmethod
    def answer(self, take: bool) -> None:
        """The prompt's Take it / Let it pass."""

    @abstractmethod
    def right_click(self) -> bool:
        """A right click on the map that undoes part of a pick (True), else the screen deselects."""

    @abstractmethod
    def click_square(self, square: Square) -> None:
        """A left click on the map's ``square``: a command, a new pick, or the reason it cannot be."""

    @abstractmethod
    def hint(self) -> str:
        """The hint line for where the mouse points: the forecast, what a click would do, or how to go on."""

    @abstractmethod
    def walk_preview(self) -> WalkPreview | None:
        """The move to the hovered square, and who it provokes."""

    @abstractmethod
    def reach_speed(self) -> int:
        """How far one move goes: lit squares past it are hatched."""

    @abstractmethod
    def path_cost(self, preview: WalkPreview) -> str:
        """The words on the hovered path's badge."""

    @abstractmethod
    def aiming_area(self) -> bool:
        """An area is being aimed: its template is drawn between the lit squares and the creatures."""

    @abstractmethod
    def area_shown(self) -> AreaShown | None:
        """The area template under the mouse, with who it catches."""

    @abstractmethod
    def zones_shown(self) -> list[ZoneShown]:
        """The zones in play."""

    @abstractmethod
    def card(self, entity: Entity) -> Card:
        """The card's lines and pips for ``entity``."""

    @abstractmethod
    def prompt(self) -> Prompt | None:
        """The pending offer's question, if one waits."""

    @abstractmethod
    def offer_marks(self) -> tuple[tuple[Entity, bool], ...]:
        """Creatures marked on the map under the prompt: (who, against them)."""

    @abstractmethod
    def handover_reason(self) -> str:
        """What the hand-over screen says the next player is to do."""

    @abstractmethod
    def log_lines(self, event: Any) -> list[LogLine]:
        """The log lines of one event."""

    @abstractmethod
    def tooltip(self, choice: Choice) -> tuple[str, str]:
        """A bar button's tooltip: its name and what it does."""
