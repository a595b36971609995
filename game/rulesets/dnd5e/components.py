"""The 5e-house creature data and skirmish state kept in the shared ECS world (plain frozen values)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.battlefield import Battlefield
from game.core.dice import DiceExpr
from game.core.grid import Square
from game.ecs.world import Entity
from game.rulesets.dnd5e.vitality import Defences


@dataclass(frozen=True)
class Weapon:
    name: str
    kind: str                  # "melee" or "ranged"
    bonus: int
    damage: DiceExpr
    damage_type: str
    reach_ft: int = 5
    range_ft: int = 0
    long_range_ft: int = 0
    light: bool = False


@dataclass(frozen=True)
class Spell:
    key: str
    name: str
    level: int
    action: str                # "standard" or "bonus"
    range_ft: int
    components: str            # letters of V, S, M
    effect: str                # attack, save, heal, teleport, obscure
    damage: DiceExpr | None = None
    damage_type: str = ""
    radius_ft: int = 0
    save: str = ""
    half_on_save: bool = False
    push_ft: int = 0
    heal: DiceExpr | None = None
    concentration: bool = False


@dataclass(frozen=True)
class Sheet:
    """What a 5e-house creature is, fixed for the skirmish."""

    kind: str
    level: int
    hero: bool
    ac: int
    speed_ft: int
    abilities: tuple[tuple[str, int], ...]     # (ability, modifier) for str, dex, con, wis
    proficiency: int
    attacks: tuple[Weapon, ...]
    spells: tuple[Spell, ...] = ()
    spell_mod: int = 0
    spell_dc: int = 0
    defences: Defences = Defences()
    wields: tuple[str, ...] = ()               # the weapons in hand when the skirmish starts
    darkvision_ft: int = 0                     # [5e] this far, darkness looks dim (R004-LT-04)

    def mod(self, ability: str) -> int:
        return dict(self.abilities).get(ability, 0)

    @property
    def spell_attack(self) -> int:
        return self.spell_mod + self.proficiency


HANDS = 2                      # [5e] every creature in the game has two hands


@dataclass(frozen=True)
class Hands:
    """The weapons a creature holds, by name (§2.1 tip, §2.4): drawn, stowed, knocked away, picked up."""

    held: tuple[str, ...] = ()

    @property
    def free(self) -> int:
        return HANDS - len(self.held)


@dataclass(frozen=True)
class Dropped:
    """A weapon lying on the ground where a disarm knocked it (R004-SA-05) or its unconscious owner let it
    fall; its owner may pick it up."""

    owner: Entity
    weapon: str
    square: Square


@dataclass(frozen=True)
class Readied:
    """The Ready action (§2.1, R004-SA-13): an attack with ``weapon`` or the attack cantrip ``spell``, held
    until an enemy (``target`` only, when set) comes within its reach or range; lapses at the start of the
    readier's next turn."""

    weapon: str = ""
    spell: str = ""
    target: Entity | None = None


@dataclass(frozen=True)
class Potions:
    """Potions carried by kind, and whether a lasting potion effect is active (§9)."""

    healing: int = 0
    heroism: int = 0
    lasting_effect: bool = False

    def count(self, potion: str) -> int:
        return self.healing if potion == "healing" else self.heroism

    def taking(self, potion: str) -> "Potions":
        return replace(self, healing=self.healing - (potion == "healing"), heroism=self.heroism - (potion == "heroism"))


@dataclass(frozen=True)
class Helped:
    """Help (§2.1): the next attack by a creature of ``side`` on ``target`` before ``until`` starts its
    turn has advantage."""

    side: str
    target: Entity
    until: Entity


@dataclass(frozen=True)
class HelpInForce:
    """The Help actions not yet used or expired, in the order given."""

    entries: tuple[Helped, ...] = ()


@dataclass(frozen=True)
class Zone:
    """A concentration spell's squares laid over the battlefield: fog (Fog Cloud: heavily obscured) or
    magical darkness (Darkness, ``darkness``: dark to every eye, darkvision too, R004-LT-04)."""

    caster: Entity
    spell: str
    squares: tuple[Square, ...]
    darkness: bool = False


@dataclass(frozen=True)
class Round:
    """Where the skirmish is: the round, the initiative order and whose turn it is (§1, §2)."""

    number: int
    order: tuple[Entity, ...]
    index: int

    @property
    def current(self) -> Entity:
        return self.order[self.index]


@dataclass(frozen=True)
class PendingStrike:
    """A walk paused just before it leaves the reach of creatures that may make opportunity attacks (§6):
    the first of ``reactors`` decides; the mover stands at ``path[0]`` and goes on along ``path`` after.
    ``asked``: every creature offered an attack at this step, so one that let the mover go is not asked again.
    ``readied``: the mover has just stepped into the reach or range of ``reactors``' readied actions (§2.1
    Ready): it stands at ``path[0]`` already, and they are offered those actions instead."""

    mover: Entity
    reactors: tuple[Entity, ...]
    path: tuple[Square, ...]
    feet: int
    asked: tuple[Entity, ...] = ()
    readied: bool = False


@dataclass(frozen=True)
class Ground:
    """The map's own battlefield, under the zones laid over it."""

    battlefield: Battlefield
