"""Command objects built by players and computer opponents alike, and the rejection value."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity
from game.engine.refusal import Refusal
from game.rulesets.dnd4e.i18n import L_


@dataclass(frozen=True)
class Move:
    """Move along ``path`` (the first square is where the actor stands) with a move action:
    ``mode`` walk (§25.24), run (§25.17), shift (§25.20), crawl (§25.7) or squeeze (§25.21)."""

    actor: Entity
    path: tuple[Square, ...]
    mode: str = "walk"


@dataclass(frozen=True)
class Attack:
    """A melee or ranged attack (§5.2-§5.3) with the named power against one target; ``knockout``:
    a creature it drops is knocked unconscious instead of killed (§27)."""

    actor: Entity
    target: Entity
    attack: str
    knockout: bool = False


@dataclass(frozen=True)
class AreaAttack:
    """A close or area power (§5.4-§5.6): ``origin`` is the blast's top-left square, the area
    burst's centre square, the actor's own square for a close burst, or a wall's first square, with
    ``wall`` every square of the wall in the order laid (origin first)."""

    actor: Entity
    attack: str
    origin: Square
    knockout: bool = False
    wall: tuple[Square, ...] = ()


@dataclass(frozen=True)
class UsePower:
    """A power with no attack roll on one creature (a heal, a boon) or, personal, on its user (§25.23)."""

    actor: Entity
    power: str
    target: Entity | None = None


@dataclass(frozen=True)
class CoupDeGrace:
    """Attack a helpless adjacent enemy: a hit is a critical hit, and kills outright if it deals at least
    the target's bloodied value (§25.6)."""

    actor: Entity
    target: Entity
    attack: str
    knockout: bool = False


@dataclass(frozen=True)
class Charge:
    """Move to the nearest square to attack from and make a melee basic attack or bull rush at +1 (§25.5)."""

    actor: Entity
    target: Entity
    path: tuple[Square, ...]
    bull_rush: bool = False


@dataclass(frozen=True)
class BullRush:
    """Str vs Fortitude against an adjacent creature: push it 1 and shift into its square (§25.4)."""

    actor: Entity
    target: Entity
    push_to: Square | None = None


@dataclass(frozen=True)
class Grab:
    """Str vs Reflex against a creature within reach: it is immobilized while the grab lasts (§25.12)."""

    actor: Entity
    target: Entity


@dataclass(frozen=True)
class MoveGrabbed:
    """Str vs Fortitude, then move half speed along ``path`` dragging the grabbed creature (§25.12)."""

    actor: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Escape:
    """Acrobatics vs Reflex or Athletics vs Fortitude against the grabber; ``shift_to`` on success (§25.11)."""

    actor: Entity
    skill: str = "athletics"
    shift_to: Square | None = None


@dataclass(frozen=True)
class EndGrab:
    """Let go of a grabbed creature: a free action (§25.12)."""

    actor: Entity


@dataclass(frozen=True)
class AidAnother:
    """A melee attack vs AC 10 against an enemy in reach; on a hit ``ally`` gains +2 to its next attack
    against it (``boon`` "attack") or to its defenses against the enemy's next attack ("defense") (§25.2)."""

    actor: Entity
    target: Entity
    ally: Entity
    boon: str = "attack"


@dataclass(frozen=True)
class SecondWind:
    """Spend a healing surge and gain +2 to all defenses until the start of the next turn (§25.18)."""

    actor: Entity


@dataclass(frozen=True)
class TotalDefense:
    """+2 to all defenses until the start of the next turn (§25.22)."""

    actor: Entity


@dataclass(frozen=True)
class DrinkPotion:
    """Drink a potion of healing (minor), or give it to an unconscious creature in reach (``target``, standard) (§25.14)."""

    actor: Entity
    target: Entity | None = None


@dataclass(frozen=True)
class SpendActionPoint:
    """One extra action this turn, once per encounter, never in the surprise round (§25.1)."""

    actor: Entity


@dataclass(frozen=True)
class Sustain:
    """Spend the minor action that keeps a sustained power going (§11.1)."""

    actor: Entity
    power: str


@dataclass(frozen=True)
class Delay:
    """Put off the whole turn, before taking any action, to act after a later creature (§25.9)."""

    actor: Entity


@dataclass(frozen=True)
class Ready:
    """Ready ``power`` against the first enemy that sets off ``trigger`` (§25.16): "enemy_enters_reach"
    or "enemy_attacks"."""

    actor: Entity
    power: str
    trigger: str


@dataclass(frozen=True)
class Teleport:
    """Use a teleport power to appear at ``destination`` (top-left square of the new space, §23)."""

    actor: Entity
    power: str
    destination: Square


@dataclass(frozen=True)
class ForceMove:
    """Place the pending push, pull or slide: ``path`` starts where the target stands (§22)."""

    actor: Entity
    target: Entity
    path: tuple[Square, ...]


@dataclass(frozen=True)
class React:
    """Answer the offer waiting on ``actor``: take it or let it pass (an opportunity attack, an
    interrupt or reaction, a readied action, a return from delay)."""

    actor: Entity
    take: bool


@dataclass(frozen=True)
class StandUp:
    """Stand up from prone: a move action (§25.19). When another creature shares the space, the creature
    shifts 1 square as it stands: to ``to``, or the first free adjacent square."""

    actor: Entity
    to: Square | None = None


@dataclass(frozen=True)
class DropProne:
    """Drop prone: a minor action (§25.8)."""

    actor: Entity


@dataclass(frozen=True)
class EndSqueeze:
    """Stop squeezing and take up the full space again: a free action (§25.21)."""

    actor: Entity


@dataclass(frozen=True)
class EndTurn:
    actor: Entity


Command = (
    Move | Attack | AreaAttack | UsePower | CoupDeGrace | Charge | BullRush | Grab | MoveGrabbed | Escape | EndGrab
    | AidAnother | SecondWind | TotalDefense | DrinkPotion | SpendActionPoint | Sustain | Delay | Ready | Teleport
    | ForceMove | React | StandUp | DropProne | EndSqueeze | EndTurn
)


@dataclass(frozen=True)
class Rejected(Refusal):
    """Why a 4e command cannot be carried out; nothing changed."""

    def __str__(self) -> str:
        # A Lazy line: English as ever, and the screen that draws str(refusal) shows it in the chosen language.
        return L_("{reason} ({rule})", reason=self.reason, rule=self.rule) if self.rule else self.reason
