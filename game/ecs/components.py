"""Plain-data components of creatures and the one-of-a-kind resources of a match."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.dice import DiceExpr
from game.core.grid import Size, Square
from game.ecs.world import Entity


@dataclass(frozen=True)
class Name:
    text: str


@dataclass(frozen=True)
class Team:
    """The side a creature fights for; creatures of one side are allies."""

    side: str


@dataclass(frozen=True)
class Position:
    """Top-left square of the creature's space."""

    square: Square


@dataclass(frozen=True)
class Body:
    size: Size = Size.MEDIUM
    flying: bool = False
    phasing: bool = False     # moves through obstacles and creatures (§24)


@dataclass(frozen=True)
class Defenses:
    ac: int
    fortitude: int
    reflex: int
    will: int

    def value(self, defense: str) -> int:
        return {"ac": self.ac, "fortitude": self.fortitude, "reflex": self.reflex, "will": self.will}[defense]


@dataclass(frozen=True)
class Stats:
    """What a creature is, fixed for the skirmish."""

    kind: str                 # roster key, e.g. "fighter"
    level: int
    max_hp: int
    defenses: Defenses
    speed: int                # squares (§17.1)
    initiative_bonus: int     # ½ level + Dex + other bonuses (§2.2)

    @property
    def bloodied_value(self) -> int:
        """§26.1: half maximum hit points, rounded down."""
        return self.max_hp // 2


@dataclass(frozen=True)
class Health:
    hp: int


@dataclass(frozen=True)
class AttackProfile:
    """One basic attack a creature can make (§25.3)."""

    name: str
    kind: str                 # "melee" or "ranged"
    reach: int                # melee reach or ranged normal range, in squares
    long_range: int           # ranged weapons: long range in squares; 0 = no long range
    bonus: int                # attack bonus
    defense: str              # "ac", "fortitude", "reflex" or "will"
    damage: DiceExpr
    weapon: bool = True
    area: str = ""            # close and area attacks: "blast" or "burst" (§5.4-§5.6)
    size: int = 0             # blast side or burst radius, in squares
    forced: str = ""          # on a hit: "push", "pull", "slide" or "swap" (§22)
    forced_squares: int = 0
    usage: str = "at-will"    # or "encounter": once per skirmish (§25.23)
    basic: bool = True        # a basic attack, the kind an opportunity attack uses (§25.3, §25.13)


@dataclass(frozen=True)
class TeleportPower:
    """A power that teleports its user (§23), e.g. an eladrin's fey step."""

    name: str
    squares: int
    action: str = "move"
    usage: str = "encounter"


@dataclass(frozen=True)
class Arsenal:
    attacks: tuple[AttackProfile, ...]
    teleports: tuple[TeleportPower, ...] = ()

    def basic_attack(self, kind: str) -> AttackProfile | None:
        """The first basic attack of that kind (melee for opportunity attacks)."""
        return next((a for a in self.attacks if a.kind == kind and a.basic), None)

    def power(self, name: str) -> AttackProfile | TeleportPower | None:
        return next((p for p in (*self.attacks, *self.teleports) if p.name == name), None)


@dataclass(frozen=True)
class SpentPowers:
    """Encounter powers already used this skirmish (§25.23)."""

    names: tuple[str, ...] = ()


START_OF_TURN, END_OF_TURN = "start_of_turn", "end_of_turn"


@dataclass(frozen=True)
class Condition:
    """One condition and when it ends (§11.1): ``until`` "" lasts until a rule removes it; otherwise
    it ends at the start or end of ``owner``'s next turn."""

    name: str
    until: str = ""
    owner: Entity | None = None


@dataclass(frozen=True)
class Conditions:
    entries: tuple[Condition, ...] = ()

    @classmethod
    def of(cls, *names: str) -> "Conditions":
        return cls(tuple(Condition(n) for n in names))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.name for c in self.entries))

    def has(self, name: str) -> bool:
        return any(c.name == name for c in self.entries)

    def adding(self, condition: Condition) -> "Conditions":
        if condition in self.entries:
            return self
        return Conditions(self.entries + (condition,))

    def removing(self, name: str) -> "Conditions":
        return Conditions(tuple(c for c in self.entries if c.name != name))

    def expiring(self, until: str, owner: Entity) -> tuple["Conditions", tuple[str, ...]]:
        """Drop the entries that end now; returns the rest and the names that ended."""
        ended = tuple(c.name for c in self.entries if c.until == until and c.owner == owner)
        kept = tuple(c for c in self.entries if not (c.until == until and c.owner == owner))
        return Conditions(kept), ended


@dataclass(frozen=True)
class Appearance:
    sprite: str


@dataclass(frozen=True)
class OutOfFight:
    """At 0 hit points a creature is out of the fight (dying arrives with the full combat rules)."""


@dataclass(frozen=True)
class ActionBudget:
    """The standard, move and minor actions still unspent this turn (§3.1, §3.4)."""

    standard: bool = True
    move: bool = True
    minor: bool = True


@dataclass(frozen=True)
class TurnState:
    """Where the skirmish is: the round, the initiative order and whose turn it is."""

    round: int
    order: tuple[Entity, ...]
    index: int
    actions: ActionBudget = field(default_factory=ActionBudget)
    opportunity_used: tuple[Entity, ...] = ()   # creatures that made their one OA this turn (§25.13)

    @property
    def current(self) -> Entity:
        return self.order[self.index]


@dataclass(frozen=True)
class Outcome:
    """Set when the skirmish has ended: the winning side, or "" for a draw."""

    winner: str


@dataclass(frozen=True)
class PendingOpportunity:
    """A move halted where it provoked (§25.13): each enemy in ``offered`` takes or declines its
    opportunity attack before the mover goes on along ``path`` (which starts where it stands)."""

    mover: Entity
    path: tuple[Square, ...]
    slot: str
    mode: str
    offered: tuple[Entity, ...]


@dataclass(frozen=True)
class ForcedMovement:
    """One forced movement a hit has earned: ``by`` moves ``target`` up to ``squares`` (§22)."""

    by: Entity
    target: Entity
    kind: str
    squares: int


@dataclass(frozen=True)
class PendingForced:
    """Forced movements still to place, first one next; the attacker picks each square."""

    queue: tuple[ForcedMovement, ...]
