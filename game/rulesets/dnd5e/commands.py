"""The 5e-house commands a player or the computer sends through the door, and the events it reports."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity

# Commands -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """Walk (or crawl, while prone) along ``path``: the actor's square first, then every square entered."""

    actor: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Attack:
    """The Attack action with ``weapon`` (its name); ``option``: "", or grapple, trip or disarm in place of
    the attack roll (§2.1); ``knockout``: a melee attacker leaves a creature it drops at 1 HP (§3.1)."""

    actor: Entity
    target: Entity
    weapon: str
    option: str = ""
    knockout: bool = False
    break_weapon: bool = False


@dataclass(frozen=True)
class Cast:
    """Cast a spell (§5) by its key: at a creature (``target``) or a square (``at``), from a slot of
    ``slot_level`` (0: the spell's own level)."""

    actor: Entity
    spell: str
    target: Entity | None = None
    at: Square | None = None
    slot_level: int = 0


@dataclass(frozen=True)
class Dodge:
    actor: Entity


@dataclass(frozen=True)
class Dash:
    actor: Entity


@dataclass(frozen=True)
class Disengage:
    actor: Entity


@dataclass(frozen=True)
class Hide:
    actor: Entity


@dataclass(frozen=True)
class Search:
    """Look for hidden enemies (§2.1 Search): Wisdom (Perception) against each one's Stealth total."""

    actor: Entity


@dataclass(frozen=True)
class Help:
    """Help an ally's next attack against ``target``, an enemy within 5 ft of the helper (§2.1)."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class FirstAid:
    actor: Entity
    target: Entity


@dataclass(frozen=True)
class DrinkPotion:
    """Drink a potion (§2.2, §9): "healing" (instant) or "heroism" (lasting: temporary HP)."""

    actor: Entity
    potion: str


@dataclass(frozen=True)
class StandUp:
    actor: Entity


@dataclass(frozen=True)
class DropProne:
    actor: Entity


@dataclass(frozen=True)
class Escape:
    """Break a grapple: Strength (Athletics) or Dexterity (Acrobatics) against the grapple's DC."""

    actor: Entity


@dataclass(frozen=True)
class OffHandAttack:
    """Two-weapon fighting (§2.2): the bonus action attack with a second Light weapon in hand after the
    Attack action; no ability modifier to its damage unless negative."""

    actor: Entity
    target: Entity
    weapon: str


@dataclass(frozen=True)
class Ready:
    """The Ready action (§2.1): hold an attack with ``weapon``, or the attack cantrip ``spell``, until an
    enemy (``target`` only, when given) comes within its reach or range; it is taken with the reaction."""

    actor: Entity
    weapon: str = ""
    spell: str = ""
    target: Entity | None = None


@dataclass(frozen=True)
class Draw:
    """Draw one of the creature's weapons into a free hand: the object interaction (§2.4)."""

    actor: Entity
    weapon: str


@dataclass(frozen=True)
class Stow:
    """Put a weapon in hand away: free for the weapon of this turn's Attack (§2.1), else the object
    interaction (§2.4)."""

    actor: Entity
    weapon: str


@dataclass(frozen=True)
class PickUp:
    """Pick up the weapon a disarm knocked to the ground in the creature's space, with the object
    interaction (§2.4)."""

    actor: Entity


@dataclass(frozen=True)
class Dismiss:
    """End the caster's own concentration spell, at no action cost (§5.2)."""

    actor: Entity


@dataclass(frozen=True)
class EndTurn:
    actor: Entity


@dataclass(frozen=True)
class React:
    """Answer an offered opportunity attack (§6) or readied action (§2.1): take it or let the mover go."""

    actor: Entity
    take: bool


COMMANDS = (Move, Attack, Cast, Dodge, Dash, Disengage, Hide, Help, FirstAid, DrinkPotion, StandUp, DropProne,
            Escape, PickUp, EndTurn, React, OffHandAttack, Ready, Draw, Stow, Dismiss, Search)


# Events ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InitiativeRolled:
    entity: Entity
    natural: int
    dex: int
    tiebreak: int


@dataclass(frozen=True)
class TurnStarted:
    entity: Entity
    round: int


@dataclass(frozen=True)
class TurnEnded:
    entity: Entity


@dataclass(frozen=True)
class Moved:
    entity: Entity
    path: tuple[Square, ...]
    feet: int


@dataclass(frozen=True)
class AttackRolled:
    attacker: Entity
    target: Entity
    weapon: str
    faces: tuple[int, ...]
    total: int
    ac: int
    hit: bool
    crit: str
    mode: str


@dataclass(frozen=True)
class Damaged:
    target: Entity
    amount: int
    damage_type: str
    hp: int
    temp: int
    dropped: bool = False
    knocked_out: bool = False
    killed: bool = False


@dataclass(frozen=True)
class Healed:
    target: Entity
    amount: int
    hp: int


@dataclass(frozen=True)
class SavingThrow:
    entity: Entity
    ability: str
    total: int
    dc: int
    success: bool


@dataclass(frozen=True)
class ConditionChanged:
    entity: Entity
    condition: str
    gained: bool


@dataclass(frozen=True)
class Pushed:
    entity: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Fell:
    entity: Entity
    feet: int
    damage: int


@dataclass(frozen=True)
class Teleported:
    entity: Entity
    to: Square


@dataclass(frozen=True)
class SpellCast:
    """A spell cast from a slot of ``slot_level`` (0: a cantrip); ``area``: the squares an area spell covers."""

    caster: Entity
    spell: str
    slot_level: int
    area: tuple[Square, ...] = ()


@dataclass(frozen=True)
class ConcentrationEnded:
    caster: Entity
    spell: str


@dataclass(frozen=True)
class DeathSaveRolled:
    entity: Entity
    natural: int
    outcome: str


@dataclass(frozen=True)
class PotionDrunk:
    entity: Entity
    potion: str
    mixing_roll: int = 0
    mixing: str = ""


@dataclass(frozen=True)
class Searched:
    """A Search's check against one hidden enemy (§2.1, R004-LT-02): the d20 faces (two at disadvantage in
    dim light), the Wisdom (Perception) total and the hider's Stealth total; ``found`` ends its hiding."""

    searcher: Entity
    hider: Entity
    faces: tuple[int, ...]
    total: int
    stealth: int
    found: bool


@dataclass(frozen=True)
class ActionTaken:
    """Dodge, Dash, Disengage, Hide, Help, first aid, stand up, drop prone, escape, dismiss: what and whether
    it worked."""

    entity: Entity
    action: str
    succeeded: bool = True


@dataclass(frozen=True)
class OpportunityOffered:
    reactor: Entity
    mover: Entity


@dataclass(frozen=True)
class ActionReadied:
    """The Ready action (§2.1): what is held (a weapon or a cantrip) and the enemy it waits for (None: any)."""

    entity: Entity
    weapon: str
    spell: str
    target: Entity | None


@dataclass(frozen=True)
class ReadiedOffered:
    """The mover came within the reach or range of ``reactor``'s readied action (§2.1 Ready)."""

    reactor: Entity
    mover: Entity


@dataclass(frozen=True)
class WeaponHandled:
    """A weapon "drawn", "stowed", "picked up" or "knocked away" (§2.1, §2.4); ``free``: at no cost (the
    weapon of the Attack), else the object interaction or, after it, the standard action."""

    entity: Entity
    weapon: str
    how: str
    free: bool = False


@dataclass(frozen=True)
class SkirmishWon:
    winner: str
