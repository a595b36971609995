"""Plain-data components of creatures and the one-of-a-kind resources of a match."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

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
    hero: bool = False        # a player character: dying and death saves (§27), action point, second wind
    surges: int = 0           # healing surges per day (§26.2)
    resist: tuple[tuple[str, int], ...] = ()       # (damage type or "all", amount) (§8.4)
    vulnerable: tuple[tuple[str, int], ...] = ()   # (damage type or "all", amount) (§8.4)
    regeneration: int = 0     # hit points regained at the start of each turn (§26.4)
    insubstantial: bool = False   # half damage from everything (§8.5)
    minion: bool = False      # 1 hit point; a missed attack never damages it (docs/rulings.md)
    role: str = ""            # defender, striker, leader, controller, brute, artillery, ... (for people and the AI)

    @property
    def bloodied_value(self) -> int:
        """§26.1: half maximum hit points, rounded down."""
        return self.max_hp // 2

    @property
    def surge_value(self) -> int:
        """§26.2: a quarter of maximum hit points, rounded down."""
        return self.max_hp // 4


@dataclass(frozen=True)
class Health:
    """Current hit points (negative while dying, §27) and temporary hit points on top (§26.5)."""

    hp: int
    temp: int = 0


@dataclass(frozen=True)
class Surges:
    """Healing surges left (§26.2)."""

    left: int


@dataclass(frozen=True)
class ActionPoints:
    """Action points left (§25.1); at most one is spent per encounter."""

    left: int


@dataclass(frozen=True)
class DeathSaves:
    """Failed death saving throws since the last rest (§27): the third kills."""

    failures: int = 0


# Effect durations (§11.1) as written in the content files, from the user's point of view.
END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn"
START_OF_YOUR_NEXT_TURN = "start_of_your_next_turn"
END_OF_ITS_NEXT_TURN = "end_of_its_next_turn"
SAVE_ENDS = "save_ends"
SUSTAIN = "sustain"           # sustain minor: ends at the end of a user's turn in which it was not sustained
ENCOUNTER = "encounter"       # until the skirmish ends
DURATIONS = (END_OF_YOUR_NEXT_TURN, START_OF_YOUR_NEXT_TURN, END_OF_ITS_NEXT_TURN, SAVE_ENDS, SUSTAIN, ENCOUNTER)


@dataclass(frozen=True)
class EffectSpec:
    """A condition a power lays on a creature (§9-§11), as the content describes it.

    ``condition``: a §9 condition, or "ongoing" (``amount`` of ``damage_type`` each turn, §10),
    "defense_bonus" / "attack_bonus" (``amount``, negative for a penalty), "regeneration" (§26.4),
    "temp_hp" (gained at once, §26.5) or "insubstantial". ``after``: aftereffects that begin when a
    save ends this one (§11.3).
    """

    condition: str
    duration: str = END_OF_YOUR_NEXT_TURN
    amount: int = 0
    damage_type: str = ""
    after: tuple["EffectSpec", ...] = ()


@dataclass(frozen=True)
class ZoneSpec:
    """Squares a power fills for a while (§11.1): obscured (§15.1) and/or difficult (§18.1)."""

    obscurement: str = ""     # "", "light", "heavy" or "total"
    difficult: bool = False
    duration: str = SUSTAIN


@dataclass(frozen=True)
class HealSpec:
    """Healing: the creature spends a surge (if ``surge``) and regains its surge value plus ``bonus`` (§26)."""

    surge: bool = True
    bonus: DiceExpr = DiceExpr(0, 0, 0)


# What a power does when used (§25.23): the action it costs and, for interrupts and reactions, what sets it off.
ACTION_TYPES = ("standard", "move", "minor", "free", "interrupt", "reaction")
TRIGGERS = ("enemy_enters_reach", "attacked_by_enemy", "hit_by_enemy")


@dataclass(frozen=True)
class Power:
    """One power a creature can use (§5, §25.23): an attack (``defense`` set) or an automatic effect."""

    name: str
    kind: str                 # "melee", "ranged", "close", "area" or "personal"
    reach: int                # melee reach, ranged range or an area burst's range, in squares
    long_range: int           # ranged weapons: long range in squares; 0 = no long range
    bonus: int                # attack bonus
    defense: str              # "ac", "fortitude", "reflex", "will"; "" for a power with no attack roll
    damage: DiceExpr
    weapon: bool = True
    area: str = ""            # close and area attacks: "blast" or "burst" (§5.4-§5.6)
    size: int = 0             # blast side or burst radius, in squares
    forced: str = ""          # on a hit: "push", "pull", "slide" or "swap" (§22)
    forced_squares: int = 0
    usage: str = "at-will"    # "at-will", "encounter" or "daily" (once per skirmish too)
    basic: bool = True        # a basic attack, the kind an opportunity attack uses (§25.3, §25.13)
    action: str = "standard"  # one of ACTION_TYPES
    trigger: str = ""         # interrupts and reactions: one of TRIGGERS
    uses: int = 1             # uses per encounter of an encounter or daily power
    damage_type: str = ""     # "" is untyped (§8.3)
    hit_effects: tuple[EffectSpec, ...] = ()
    miss_half: bool = False   # "Miss: half damage"
    needs_combat_advantage: bool = False
    advantage_damage: DiceExpr | None = None   # extra damage against a target it has combat advantage over
    self_effects: tuple[EffectSpec, ...] = ()  # on the user whenever the power is used
    targets: str = "enemy"    # "enemy", "ally", "ally_or_self" (heals and buffs) or "self"
    heal: HealSpec | None = None
    zone: ZoneSpec | None = None

    @property
    def attacks(self) -> bool:
        """Makes an attack roll (a power with no defense simply takes effect)."""
        return bool(self.defense)


@dataclass(frozen=True)
class TeleportPower:
    """A power that teleports its user (§23), e.g. an eladrin's fey step."""

    name: str
    squares: int
    action: str = "move"
    usage: str = "encounter"
    uses: int = 1


@dataclass(frozen=True)
class Arsenal:
    attacks: tuple[Power, ...]
    teleports: tuple[TeleportPower, ...] = ()
    potions: int = 0          # potions of healing carried (§25.14)

    def basic_attack(self, kind: str) -> Power | None:
        """The first basic attack of that kind (melee for opportunity attacks)."""
        return next((a for a in self.attacks if a.kind == kind and a.basic), None)

    def power(self, name: str) -> Power | TeleportPower | None:
        found: Power | TeleportPower | None = next((a for a in self.attacks if a.name == name), None)
        return found or next((t for t in self.teleports if t.name == name), None)


@dataclass(frozen=True)
class SpentPowers:
    """Each use of an encounter or daily power this skirmish, and other once-per-encounter things
    (second wind, the action point) by name (§25.1, §25.18, §25.23)."""

    names: tuple[str, ...] = ()

    def count(self, name: str) -> int:
        return self.names.count(name)


START_OF_TURN, END_OF_TURN = "start_of_turn", "end_of_turn"


@dataclass(frozen=True)
class Condition:
    """One condition and when it ends (§11.1).

    ``until``: "" lasts until a rule removes it; START_OF_TURN / END_OF_TURN end at the start or end
    of ``owner``'s next turn; SAVE_ENDS at a successful save; SUSTAIN when ``owner`` stops sustaining
    ``source``; ENCOUNTER never in a skirmish. ``by`` laid it (delay tells harmful from helpful, §25.9);
    ``amount`` is ongoing damage, regeneration or a bonus (negative: a penalty); ``against`` limits
    a bonus to one enemy (aid another, §25.2); ``after`` begin when a save ends it (§11.3).
    """

    name: str
    until: str = ""
    owner: Entity | None = None
    source: str = ""
    by: Entity | None = None
    amount: int = 0
    damage_type: str = ""
    against: Entity | None = None
    after: tuple["Condition", ...] = ()
    outlasts_this_turn: bool = False   # laid during the owner's own turn: "its next turn" is the one after


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
        for condition in self.entries:          # a plain loop: asked hundreds of thousands of times a game
            if condition.name == name:
                return True
        return False

    def named(self, name: str) -> tuple[Condition, ...]:
        return tuple(c for c in self.entries if c.name == name)

    def adding(self, condition: Condition) -> "Conditions":
        """Another entry; the same condition from several sources is held once per source, so it lasts
        as long as the longest (§11.1). A creature bears one mark at a time: the newest (docs/rulings.md)."""
        if condition in self.entries:
            return self
        kept = self.entries
        if condition.name == "marked":
            kept = tuple(c for c in kept if c.name != "marked")
        return Conditions(kept + (condition,))

    def removing(self, name: str) -> "Conditions":
        return Conditions(tuple(c for c in self.entries if c.name != name))

    def without(self, entry: Condition) -> "Conditions":
        return Conditions(tuple(c for c in self.entries if c != entry))

    def expiring(self, until: str, owner: Entity) -> tuple["Conditions", tuple[Condition, ...]]:
        """Drop the entries that end now; returns the rest and the entries that ended. An entry laid
        during the owner's own turn survives that turn's end and ends at the next (§11.1)."""
        due = [c for c in self.entries if c.until == until and c.owner == owner]
        ended = tuple(c for c in due if not c.outlasts_this_turn)
        kept = tuple(replace(c, outlasts_this_turn=False) if c in due else c for c in self.entries if c not in ended)
        return Conditions(kept), ended


@dataclass(frozen=True)
class Appearance:
    sprite: str


@dataclass(frozen=True)
class OutOfFight:
    """Dead (§27; most monsters die at 0 hit points): off the battlefield for the rest of the skirmish."""


@dataclass(frozen=True)
class ActionBudget:
    """The standard, move and minor actions still unspent this turn (§3.1, §3.4).

    ``one_action``: a dazed creature, or one acting in the surprise round, takes just one of them
    (§2.3, §9), so spending any spends them all.
    """

    standard: int = 1
    move: int = 1
    minor: int = 1
    one_action: bool = False


@dataclass(frozen=True)
class TurnState:
    """Where the skirmish is: the round, the initiative order and whose turn it is."""

    round: int
    order: tuple[Entity, ...]
    index: int
    actions: ActionBudget = field(default_factory=ActionBudget)
    opportunity_used: tuple[Entity, ...] = ()   # creatures that made their one OA this turn (§25.13)
    immediate_used: tuple[Entity, ...] = ()     # creatures that took their immediate action since their last turn ended (§3.1)
    sustained: tuple[str, ...] = ()             # powers the current creature sustained (or created) this turn (§11.1)
    acted: bool = False                         # the current creature has taken an action this turn (§25.9)
    surprise: bool = False                      # the surprise round (§2.3)
    delayed: tuple[Entity, ...] = ()            # creatures delaying their turn (§25.9)
    extra_damage_dealt: tuple[Entity, ...] = () # creatures that dealt their once-a-turn combat-advantage damage

    @property
    def current(self) -> Entity:
        return self.order[self.index]


@dataclass(frozen=True)
class Outcome:
    """Set when the skirmish has ended: the winning side, or "" for a draw."""

    winner: str


@dataclass(frozen=True)
class Offer:
    """A choice the skirmish waits for: ``by`` takes or lets pass an opportunity attack (§25.13), an
    interrupt or reaction power (§3.3), its readied action (§25.16) or its return from delay (§25.9)."""

    by: Entity
    kind: str                   # "opportunity", "power", "readied" or "return"
    against: Entity | None = None
    power: str = ""


@dataclass(frozen=True)
class PausedMove:
    """A move halted where it provoked or set something off; it goes on along ``path`` (which starts
    where the mover stands) once every offer is answered."""

    mover: Entity
    path: tuple[Square, ...]
    slot: str
    mode: str
    left_offered: bool = True   # leaving the first square has already provoked (halted for opportunity attacks)
    follow_up: Any = None       # a PausedAttack to carry out when the move is done (a charge's attack, §25.5)
    moved: int = 0              # squares of movement spent before the halt (§9 slowed part-way)


@dataclass(frozen=True)
class PausedAttack:
    """An attack held back for opportunity attacks and interrupts (§3.2-§3.3): it goes on afterwards
    if its attacker is still up and it is still legal; ``command`` is the Attack or AreaAttack."""

    command: Any


@dataclass(frozen=True)
class PausedHandover:
    """A turn has ended and delaying creatures are asked whether to act now (§25.9)."""


@dataclass(frozen=True)
class PendingOffers:
    """Offers still to answer, first one next, and what carries on once all are answered."""

    offers: tuple[Offer, ...]
    then: PausedMove | PausedAttack | PausedHandover | None = None


@dataclass(frozen=True)
class Readied:
    """A readied action (§25.16): ``power`` against the first enemy that sets off ``trigger``."""

    power: str
    trigger: str


@dataclass(frozen=True)
class Zone:
    """Squares a power fills while it lasts (§11.1): made by ``owner`` with ``source``."""

    owner: Entity
    source: str
    squares: tuple[Square, ...]
    spec: ZoneSpec
    until: str                  # END_OF_TURN (of the owner's next turn), SUSTAIN or ENCOUNTER
    outlasts_this_turn: bool = False


@dataclass(frozen=True)
class Zones:
    """Every zone in play, and the battlefield as the map made it (zones are laid over it)."""

    base: Any
    zones: tuple[Zone, ...] = ()


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
