"""The sotdl-house creature sheet, its gear, action points, the round's initiative and a paused attack."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.sotdl.stats import (
    ap_per_round,
    capped_defense,
    healing_rate,
    modifier,
    reach_yards,
)

SPECIALS = ("disarm", "grab", "parry", "counter", "body_throw", "backflip")   # §11.4, §12.2: need training


@dataclass(frozen=True)
class Weapon:
    """A weapon (§11.1, rulings §16.1-3): its die, hit bonus, reach or range in yards, durability, and the
    affliction a blow that gets through lays (§6) for how many rounds (R7), if any."""

    name: str
    die: int
    hit_bonus: int = 0
    ranged: bool = False
    range_yd: int = 0
    two_handed: bool = False
    durability: int = 10
    lays: str = ""
    lays_rounds: int = 0

    @property
    def key(self) -> str:
        return self.name

    @property
    def natural(self) -> bool:
        """Durability 0: a natural weapon (claws, fists): never broken, never knocked away, not held in hand."""
        return self.durability == 0


UNARMED = Weapon("unarmed", 4, 0, durability=0)     # §11.1.5: unarmed d4


@dataclass(frozen=True)
class Armor:
    """Armor (ruling §16.1): a hit below its value is absorbed by its durability (R13)."""

    name: str
    value: int
    durability: int


@dataclass(frozen=True)
class Sheet:
    """What a creature is for the skirmish (§2-§3; power, hit bonus, armor: rulings §16.1-3)."""

    kind: str
    strength: int
    agility: int
    intellect: int
    will: int
    health: int
    size_quarters: int
    speed: int
    power: int
    hit_bonus: int
    weapon: Weapon
    armor: Armor | None = None
    shield: int = 0                      # a shield's durability; 0: no shield
    trained: tuple[str, ...] = ()        # the special stunts and defenses its Path teaches (§11.4, §12.2)
    block_trained: bool = False          # §12.1: Block costs 0 AP
    perception: int = 0                  # D5: Intellect unless the content says more
    defense_bonus: int = 0               # a shield's +1 etc. (ruling §16.1)
    hero: bool = False
    potions: int = 0
    bombs: int = 0                       # flasks of alchemist's fire (§11.6 use an item; an area attack)

    def mod(self, attribute: str) -> int:
        return modifier(getattr(self, attribute))

    @property
    def ap(self) -> int:
        return ap_per_round(self.agility)

    @property
    def defense(self) -> int:
        return capped_defense(self.agility + self.defense_bonus)

    @property
    def reach(self) -> int:
        return reach_yards(self.size_quarters)

    @property
    def healing_rate(self) -> int:
        return healing_rate(self.health)

    @property
    def perceives(self) -> int:
        return min(25, self.perception or self.intellect)

    def is_trained(self, special: str) -> bool:
        return special in self.trained


@dataclass(frozen=True)
class Gear:
    """Damage taken by the creature's weapon, armor and shield (§7.1; R13-R14), and whether it lost its
    weapon (§11.4.1, §12.2.1) and where it lies."""

    weapon_damage: int = 0
    armor_damage: int = 0
    shield_damage: int = 0
    weapon_lost_at: Square | None = None
    potions: int = 0
    bombs: int = 0


@dataclass(frozen=True)
class ActionPoints:
    """AP left this round (§3.5) and whether the creature passed (§16.15: keeps its AP for defenses)."""

    left: int
    passed: bool = False


@dataclass(frozen=True)
class Initiative:
    """The round (§9.3): the sides in initiative order, the side whose move it is, a creature that holds
    the initiative because it was attacked (step 4), and why, for the banner."""

    number: int
    order: tuple[str, ...]
    side: str
    holder: Entity | None = None
    reason: str = ""
    by: Entity | None = None


@dataclass(frozen=True)
class SideLabels:
    """Each side's roster label ("Wanderers"), as the start menu showed it: the banner and refusals name a side so."""

    labels: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class PausedWalk:
    """A walk stopped where it leaves an enemy's reach (§16.5): the squares still to walk and the
    enemies still to ask; ``fall_ft``: the jump down that ends it (M17), 0 when it ends on its feet;
    ``long_jump``: it ends with a long jump over a chasm, landed with an Agility roll (M18)."""

    mover: Entity
    rest: tuple[Square, ...]
    provokers: tuple[Entity, ...]
    charge_target: Entity | None = None
    fall_ft: int = 0
    long_jump: bool = False


@dataclass(frozen=True)
class PendingDefense:
    """An attack paused after its hit test (§11.1.3-4, §16.21): the defender's controller picks a defense
    or none through the door. ``free``: a free attack (no initiative hand-off); ``walk``: the walk it
    interrupted."""

    attacker: Entity
    target: Entity
    hit: int
    weapon: str
    melee: bool
    free: bool = False
    walk: PausedWalk | None = None
    charge: bool = False


@dataclass(frozen=True)
class PendingFreeAttack:
    """An enemy may make a free attack on a creature leaving its reach (§16.5)."""

    attacker: Entity
    walk: PausedWalk


@dataclass(frozen=True)
class FailedTry:
    """T7: a task that failed, and where: the same try from the same square fails until something changes."""

    task: str
    square: Square


@dataclass(frozen=True)
class PendingArea:
    """An area attack (§12.1, R20) paused for the defense of ``target``: the squares it fills, its one hit
    total and damage roll (H4), and the creatures still to answer after it."""

    attacker: Entity
    squares: tuple[Square, ...]
    hit: int
    damage: tuple[int, ...]
    target: Entity
    later: tuple[Entity, ...]
