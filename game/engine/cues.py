"""Animation cues: what happened, as the screen shows it (a motion, a strike, a hurt, a teleport...).

Each ruleset's presentation adapter turns its events into these; the animator plays them and knows no ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import Square
from game.ecs.world import Entity

HEAL_COLOUR = (120, 235, 120)
TEMP_COLOUR = (130, 200, 255)
DOWN_COLOUR = (255, 150, 150)
NOTE_COLOUR = (230, 220, 160)
TELEPORT_COLOUR = (170, 140, 255)
FALL_COLOUR = (255, 200, 120)
MISS_COLOUR = (220, 220, 220)
HIT_COLOUR = (255, 110, 90)
CRIT_COLOUR = (255, 220, 80)
SAVE_COLOUR = (160, 230, 160)
CONDITION_COLOUR = (200, 200, 255)

# Where a Note plays: a beat of its own, with the beat playing its cause (or its own when there is none),
# or with the cause only (nothing when there is none).
OWN_BEAT, WITH_CAUSE, ONLY_WITH_CAUSE = "own", "with cause", "only with cause"


# Cues: what happened, as the screen shows it -----------------------------------------------------------
@dataclass(frozen=True)
class Motion:
    """Creatures moving along their paths together, in a beat of its own: a walk, a push, a swap."""

    paths: tuple[tuple[Entity, tuple[Square, ...]], ...]


@dataclass(frozen=True)
class Strike:
    """An attack roll against ``target``, in a beat of its own; a miss floats "miss"."""

    target: Entity
    hit: bool


@dataclass(frozen=True)
class Hurt:
    """Damage, with the beat playing its cause (none: not shown): the creature flashes and the number floats
    up ("!" on a critical hit)."""

    target: Entity
    amount: int
    critical: bool


@dataclass(frozen=True)
class Death:
    """A creature dies, with the beat playing its cause: it fades as it lies down (at once with animations off)."""

    entity: Entity


@dataclass(frozen=True)
class Blink:
    """A teleport: a flash where the creature vanished (when known) and one where it appeared."""

    entity: Entity
    frm: Square | None
    to: Square


@dataclass(frozen=True)
class Fall:
    """A fall, in a beat of its own: its words (height and dice) float up and dust rises where it lands."""

    entity: Entity
    words: str


@dataclass(frozen=True)
class AreaFlash:
    """A close or area effect's squares, lit while its beat plays."""

    squares: tuple[Square, ...]


@dataclass(frozen=True)
class Note:
    """Words floating over a creature (a save, a condition, healing, a power's name); ``place``: OWN_BEAT,
    WITH_CAUSE or ONLY_WITH_CAUSE."""

    entity: Entity
    text: str
    colour: tuple[int, int, int]
    place: str = OWN_BEAT


@dataclass(frozen=True)
class Sound:
    """A sound of game.audio's kinds, with the beat playing its cause: ``delay`` ticks into it, or on every
    square its walks enter (``per_square``); ``own_beat``: once everything queued before it has played. It
    plays at once when nothing is playing."""

    kind: str
    delay: int = 0
    per_square: bool = False
    own_beat: bool = False


Cue = Motion | Strike | Hurt | Death | Blink | Fall | AreaFlash | Note | Sound
