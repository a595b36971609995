"""The d20 Modern commands a player or the computer sends through the door, and the events it reports."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity

# Commands -------------------------------------------------------------------------------------------------

MOVE, DOUBLE, RUN, WITHDRAW = "move", "double", "run", "withdraw"
MOVE_MODES = (MOVE, DOUBLE, RUN, WITHDRAW)


@dataclass(frozen=True)
class Move:
    """Walk ``path`` (the actor's square first): a move action (``move``), both actions (``double``), or the
    full-round ``run`` (straight, 4x speed) or ``withdraw`` (2x speed, its first square not threatened)."""

    actor: Entity
    path: tuple[Square, ...]
    mode: str = MOVE


@dataclass(frozen=True)
class Step:
    """The 5-foot step (§6.5): one square, no action, provokes nothing."""

    actor: Entity
    to: Square


@dataclass(frozen=True)
class Attack:
    """One attack roll with ``weapon``: the attack action, or the next attack of a full attack (ACT-06).
    ``hand``: "" with one weapon; "primary" or "off" fighting with two weapons (ATK-17), declared on the turn's
    first attack; the off-hand attack is one more in the full attack. ``burst``: a short burst from an automatic
    weapon (FIR-02); ``careful``: a full-round shot at a helpless target out of reach (HLP-03)."""

    actor: Entity
    target: Entity
    weapon: str
    defensively: bool = False
    hand: str = ""
    burst: bool = False
    careful: bool = False


@dataclass(frozen=True)
class Charge:
    """Charge (§4.7.1): a straight ``path`` of 10 ft to 2x speed ending at the first square next to ``target``,
    then one melee attack at +2."""

    actor: Entity
    target: Entity
    path: tuple[Square, ...]
    weapon: str


@dataclass(frozen=True)
class Autofire:
    """Autofire (§10.2) at the 2x2 squares whose top-left square is ``at``."""

    actor: Entity
    weapon: str
    at: Square


@dataclass(frozen=True)
class Throw:
    """Throw an explosive (§10.3) at a square."""

    actor: Entity
    explosive: str
    at: Square


@dataclass(frozen=True)
class Reload:
    """Reload a firearm from a spare box magazine: a move action that provokes (§4.2)."""

    actor: Entity
    weapon: str


@dataclass(frozen=True)
class TotalDefense:
    actor: Entity


@dataclass(frozen=True)
class StandUp:
    actor: Entity


@dataclass(frozen=True)
class DropProne:
    actor: Entity


@dataclass(frozen=True)
class CoupDeGrace:
    """Coup de grace (§8.2) on a helpless creature next to the actor."""

    actor: Entity
    target: Entity
    weapon: str


@dataclass(frozen=True)
class Stabilize:
    """Treat Injury on a dying creature next to the actor: an attack action that provokes (§11)."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class Aid:
    """Aid another (§10.1, ATK-24): an attack roll against Defense 10; on success ``ally`` has +2 on attacks
    (or, with ``defense``, +2 Defense) against ``target`` on its next turn."""

    actor: Entity
    ally: Entity
    target: Entity
    defense: bool = False


@dataclass(frozen=True)
class Knockout:
    """Knockout blow (§8.3, HLP-02) on a helpless creature next to the actor: an automatic nonlethal critical."""

    actor: Entity
    target: Entity
    weapon: str


@dataclass(frozen=True)
class Trip:
    """Trip (§10.9): an unarmed melee touch attack, then Strength against the target's Strength or Dexterity."""

    actor: Entity
    target: Entity


GRAPPLE_OPTIONS = ("start", "damage", "pin", "escape")


@dataclass(frozen=True)
class Grapple:
    """Grapple (§10.12): ``start`` (grab and hold, or join a grapple), or while grappling ``damage``, ``pin`` or
    ``escape``; each takes the place of one attack."""

    actor: Entity
    target: Entity
    option: str = "start"


@dataclass(frozen=True)
class BullRush:
    """Bull rush (§10.7) on an enemy next to the actor: an attack action made with the move action, pushing the
    target straight back and following it."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class Overrun:
    """Overrun (§10.8): walk ``path`` (from the actor's square) at least 10 ft straight into ``target``'s square and
    on past it; with the move action and the attack action, or as a charge (``charge``: the whole turn, straight)."""

    actor: Entity
    target: Entity
    path: tuple[Square, ...]
    charge: bool = False


@dataclass(frozen=True)
class Disarm:
    """Disarm (§10.10) an enemy next to the actor of its ``weapon``, with the actor's ``using`` (a melee weapon or
    its unarmed strike); it takes the place of one melee attack."""

    actor: Entity
    target: Entity
    weapon: str
    using: str


@dataclass(frozen=True)
class PickUp:
    """Pick up one's own dropped weapon from one's square or next to it: a move action that provokes (§4.2)."""

    actor: Entity
    weapon: str


@dataclass(frozen=True)
class AttackObject:
    """Attack the object filling a square (§10.5): a crate, a barrel, a car (the map's cover features)."""

    actor: Entity
    at: Square
    weapon: str


@dataclass(frozen=True)
class Delay:
    """Delay (§9.1, INI-01): act after the next creature in the order, for the rest of the skirmish."""

    actor: Entity


@dataclass(frozen=True)
class Ready:
    """Ready (§9.2): spend the move action now and hold one attack with ``weapon`` for the first enemy (or
    ``target``) that comes where the weapon can reach it, before the actor's next turn."""

    actor: Entity
    weapon: str
    target: Entity | None = None


@dataclass(frozen=True)
class StartFullRound:
    """Start a full-round action with the attack action (§4.4, ACT-09); the next action completes it with the attack
    action: a coup de grace, a knockout blow or a careful shot (never a full attack, charge, run or withdraw)."""

    actor: Entity


@dataclass(frozen=True)
class EndTurn:
    actor: Entity


@dataclass(frozen=True)
class React:
    """Answer an offered attack of opportunity: take it (``attack``) or let it pass."""

    actor: Entity
    attack: bool


@dataclass(frozen=True)
class OverrunAnswer:
    """The overrun's target answers (OVR-02): ``block`` (the attacker tries to trip it) or avoid (it lets it by)."""

    actor: Entity
    block: bool


COMMANDS = (Move, Step, Attack, Charge, Autofire, Throw, Reload, TotalDefense, StandUp, DropProne, CoupDeGrace,
            Stabilize, Aid, Knockout, Trip, Grapple, BullRush, Overrun, Disarm, PickUp, AttackObject, Delay, Ready, EndTurn,
            React, OverrunAnswer, StartFullRound)


# Events ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InitiativeRolled:
    entity: Entity
    roll: int
    modifier: int
    tiebreak: tuple[int, ...] = ()


@dataclass(frozen=True)
class TurnStarted:
    entity: Entity
    round: int
    surprise: bool = False


@dataclass(frozen=True)
class TurnEnded:
    entity: Entity


@dataclass(frozen=True)
class Moved:
    entity: Entity
    path: tuple[Square, ...]
    mode: str


@dataclass(frozen=True)
class Stepped:
    entity: Entity
    frm: Square
    to: Square


@dataclass(frozen=True)
class AttackRolled:
    """One attack roll: its natural die, total, the Defense it met, the modifiers that counted and the outcome."""

    attacker: Entity
    target: Entity
    weapon: str
    natural: int
    total: int
    defense: int
    hit: bool
    threat: bool = False
    confirm: int = 0
    critical: bool = False
    modifiers: tuple[tuple[str, int], ...] = ()
    opportunity: bool = False


@dataclass(frozen=True)
class MissChance:
    """CON-01: "20% miss chance: rolled 14, the shot goes wide"."""

    attacker: Entity
    target: Entity
    chance: int
    roll: int
    missed: bool


@dataclass(frozen=True)
class Damaged:
    target: Entity
    amount: int
    nonlethal: bool
    hp: int
    source: str = ""


@dataclass(frozen=True)
class StateChanged:
    """A creature became "disabled", "dying", "stable", "unconscious", "staggered" or "dead" (§11)."""

    entity: Entity
    state: str


@dataclass(frozen=True)
class SavingThrow:
    entity: Entity
    save: str
    dc: int
    natural: int
    total: int
    success: bool


@dataclass(frozen=True)
class OpportunityOffered:
    reactor: Entity
    provoker: Entity
    reason: str


@dataclass(frozen=True)
class OpportunityDeclined:
    reactor: Entity
    provoker: Entity


@dataclass(frozen=True)
class Reloaded:
    entity: Entity
    weapon: str
    rounds: int


@dataclass(frozen=True)
class AreaFired:
    """Autofire's one roll against Defense 10 (FIR-01), the squares it sprays and the rounds it spends."""

    entity: Entity
    weapon: str
    squares: tuple[Square, ...]
    natural: int
    total: int
    hit: bool


@dataclass(frozen=True)
class Thrown:
    """A thrown explosive (EXP-01..03): aimed square, whether the throw hit, where and on which corner it landed."""

    entity: Entity
    explosive: str
    aimed: Square
    rolled: bool
    natural: int
    total: int
    hit: bool
    landed: Square
    point: tuple[int, int]
    squares: tuple[Square, ...]


@dataclass(frozen=True)
class ConditionChanged:
    entity: Entity
    condition: str
    added: bool


@dataclass(frozen=True)
class ActionTaken:
    entity: Entity
    action: str
    succeeded: bool = True
    detail: str = ""


@dataclass(frozen=True)
class OpposedCheck:
    """An opposed roll (trip, grapple): what it was for, both totals and whether the one who made it won."""

    entity: Entity
    opponent: Entity
    what: str
    total: int
    opposed_by: int
    won: bool


@dataclass(frozen=True)
class CoverStruck:
    """COV-06: a shot that missed only because of cover struck it; ``screen`` the creature in the way that took
    it (None: the wall, car or crate)."""

    attacker: Entity
    target: Entity
    screen: Entity | None


@dataclass(frozen=True)
class Delayed:
    entity: Entity
    after: Entity


@dataclass(frozen=True)
class WeaponLost:
    """DSR-02: a weapon knocked to the ground at ``square`` (None: taken by an unarmed disarmer), or picked up."""

    entity: Entity
    weapon: str
    square: tuple[int, int] | None
    regained: bool = False


@dataclass(frozen=True)
class ObjectDamaged:
    """OBJ-01..03: an attack on an object: the roll against its Defense, the damage past its hardness, the hit
    points left, and whether it broke (the square is open ground now, its cover gone)."""

    entity: Entity
    at: Square
    natural: int
    total: int
    defense: int
    hit: bool
    damage: int = 0
    hp: int = 0
    broken: bool = False


@dataclass(frozen=True)
class Pushed:
    entity: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class ActionReadied:
    entity: Entity
    weapon: str
    target: Entity | None


@dataclass(frozen=True)
class SkirmishWon:
    winner: str
