"""The d20 Modern creature data and skirmish state kept in the shared ECS world (plain frozen values)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import DiceExpr
from game.ecs.world import Entity

MELEE, UNARMED, RANGED, THROWN = "melee", "unarmed", "ranged", "thrown"
WEAPON_KINDS = (MELEE, UNARMED, RANGED, THROWN)
GRIPS = ("one", "two", "light")
FEATS = ("advanced_firearms", "burst_fire", "combat_martial_arts", "improved_initiative", "two_weapon_fighting",
         "personal_firearms", "sunder")


@dataclass(frozen=True)
class Weapon:
    """A weapon as the weapon tables give it: ``threat`` the lowest natural roll that threatens (§2.7),
    ``increment_ft`` the range increment (§2.4), ``magazine`` the rounds a full magazine holds (0: none)."""

    name: str
    kind: str
    damage: DiceExpr
    threat: int = 20
    multiplier: int = 2
    increment_ft: int = 0
    grip: str = "one"
    longarm: bool = False
    autofire: bool = False
    magazine: int = 0
    nonlethal: bool = False
    firearm: bool = False

    @property
    def melee(self) -> bool:
        return self.kind in (MELEE, UNARMED)


@dataclass(frozen=True)
class Explosive:
    """A grenade (§10.3): damage, burst radius, the Reflex DC for half, and its range increment. A splash weapon
    (§10.4) has ``splash`` damage: ``damage`` is its direct hit, the splash reaches 5 ft, no save."""

    name: str
    damage: DiceExpr
    burst_ft: int
    reflex_dc: int
    increment_ft: int = 10
    splash: DiceExpr | None = None


@dataclass(frozen=True)
class Sheet:
    """What a d20 Modern creature is, fixed for the skirmish."""

    kind: str
    level: int
    bab: int
    abilities: tuple[tuple[str, int], ...]    # (ability, modifier): str, dex, con, wis
    con_score: int                            # the massive damage threshold (SRD)
    class_bonus: int
    equip_bonus: int
    speed_ft: int
    saves: tuple[int, int, int]               # base Fortitude, Reflex, Will
    weapons: tuple[Weapon, ...]
    explosives: tuple[Explosive, ...] = ()
    feats: tuple[str, ...] = ()
    natural: int = 0
    treat_injury: int = 0                     # the skill's total bonus (stabilising, §11)
    stable_footing: bool = False              # more than two legs (BR-02, TRP-01)
    natural_weapons: bool = False             # claws or fangs: armed when unarmed (§4.5.2)

    def mod(self, ability: str) -> int:
        return dict(self.abilities)[ability]

    def has(self, feat: str) -> bool:
        return feat in self.feats

    def weapon(self, name: str) -> Weapon | None:
        return next((w for w in self.weapons if w.name == name), None)

    def explosive(self, name: str) -> Explosive | None:
        return next((x for x in self.explosives if x.name == name), None)

    @property
    def armed_unarmed(self) -> bool:
        """§4.5.2: natural weapons or Combat Martial Arts make unarmed attacks armed."""
        return self.natural_weapons or self.has("combat_martial_arts")


@dataclass(frozen=True)
class Ammo:
    """Rounds in each firearm and the spare magazines carried for it (§10.2)."""

    loaded: tuple[tuple[str, int], ...] = ()
    spare: tuple[tuple[str, int], ...] = ()

    def rounds(self, weapon: str) -> int:
        return dict(self.loaded).get(weapon, 0)

    def spares(self, weapon: str) -> int:
        return dict(self.spare).get(weapon, 0)


@dataclass(frozen=True)
class Carried:
    """How many of each explosive a creature still carries."""

    counts: tuple[tuple[str, int], ...] = ()

    def left(self, name: str) -> int:
        return dict(self.counts).get(name, 0)


@dataclass(frozen=True)
class Reaction:
    """AOO-07: whether the creature's one attack of opportunity of the round is spent."""

    used: bool = False


@dataclass(frozen=True)
class Disarmed:
    """DSR-02: the weapons knocked from a creature's hands: each lies on ``square`` (None: an unarmed disarmer
    took it away)."""

    lost: tuple[tuple[str, tuple[int, int] | None], ...] = ()

    def has_lost(self, weapon: str) -> bool:
        return any(name == weapon for name, _ in self.lost)


@dataclass(frozen=True)
class Readied:
    """§9.2: the attack held by Ready until its trigger or the creature's next turn (``target`` None: any enemy)."""

    weapon: str
    target: Entity | None = None


@dataclass(frozen=True)
class Round:
    """The round under way: the initiative order and whose count it is; ``surprise``: the surprise round."""

    number: int
    order: tuple[Entity, ...]
    index: int
    surprise: bool = False

    @property
    def current(self) -> Entity:
        return self.order[self.index]


@dataclass(frozen=True)
class PendingOpportunity:
    """A move or action paused where it provokes (A11: the attack comes first): ``reactors`` still to answer,
    ``resume`` the command to finish afterwards (a move's remainder, or the provoking action), ``passed`` the
    enemies already provoked by this move (AOO-02: once each)."""

    provoker: Entity
    reactors: tuple[Entity, ...]
    resume: object
    reason: str
    passed: tuple[Entity, ...] = ()
    hp_before: int = 0          # GRP-02: a grapple fails if the attack it provoked hurt the grappler
