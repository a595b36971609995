"""Animations advanced on the fixed step: walking square by square, hit flashes, floating numbers.

The world already holds the outcome when an animation starts; animations only change what is shown,
and they play in beats (a walk, then the attack that follows it), each beat after the last. The Animator
knows no ruleset: it plays cues (a motion, a strike, a hurt, a teleport...), and each ruleset's screen
adapter (game/rulesets/<name>/presentation) translates its events into them. Sounds are cues too: the
animator lets each one out (``take_sounds``) when its beat reaches it, and the screen hands them to game.audio.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.grid import Square
from game.ecs.world import Entity
from game.i18n import L_
from game.engine.cues import (
    CRIT_COLOUR, FALL_COLOUR, HIT_COLOUR, MISS_COLOUR, OWN_BEAT, TELEPORT_COLOUR, WITH_CAUSE, AreaFlash, Blink, Cue,
    Death, Fall, Hurt, Motion, Note, Sound, Strike,
)

TICKS_PER_SQUARE = 7       # fixed steps to walk one square
FLASH_TICKS = 18
FLOAT_TICKS = 50
FADE_TICKS = 30
SPEED_PERCENT = {"slow": 50, "normal": 100, "fast": 200, "off": 0}

def _footfall(tick: int, walked: int) -> bool:
    """A footfall each time a walk of ``walked`` ticks leaves a square."""
    return tick < walked and tick % TICKS_PER_SQUARE == 0


@dataclass
class Walk:
    entity: Entity
    path: tuple[Square, ...]
    tick: int = 0

    @property
    def length(self) -> int:
        return (len(self.path) - 1) * TICKS_PER_SQUARE

    def position(self) -> tuple[float, float]:
        leg, within = divmod(min(self.tick, self.length), TICKS_PER_SQUARE)
        if leg >= len(self.path) - 1:
            return float(self.path[-1][0]), float(self.path[-1][1])
        (ax, ay), (bx, by) = self.path[leg], self.path[leg + 1]
        t = within / TICKS_PER_SQUARE
        return ax + (bx - ax) * t, ay + (by - ay) * t


@dataclass
class Floater:
    text: str
    colour: tuple[int, int, int]
    entity: Entity
    tick: int = 0


@dataclass
class Beat:
    walks: list[Walk] = field(default_factory=list)
    flashes: dict[Entity, int] = field(default_factory=dict)
    floaters: list[Floater] = field(default_factory=list)
    fades: dict[Entity, int] = field(default_factory=dict)
    area: tuple[Square, ...] = ()          # a close or area attack's squares, shown while it plays
    rings: list[tuple[Square, tuple[int, int, int]]] = field(default_factory=list)   # flashes spreading on squares
    landings: list[Entity] = field(default_factory=list)    # creatures landing from a fall: dust where they are
    sounds: list[Sound] = field(default_factory=list)
    tick: int = 0

    def due(self) -> list[str]:
        """The sounds this tick of the beat lets out: those whose delay it is, a step per square walked."""
        walked = max((w.length for w in self.walks), default=0)
        return [s.kind for s in self.sounds
                if (_footfall(self.tick, walked) if s.per_square else s.delay == self.tick)]

    def unplayed(self) -> list[str]:
        """The sounds still to come that are not footfalls (the beat ends or is skipped first)."""
        return [s.kind for s in self.sounds if not s.per_square and s.delay >= self.tick]

    @property
    def length(self) -> int:
        lengths = [w.length for w in self.walks] + [FLASH_TICKS if self.flashes or self.area or self.rings or self.landings
                                                          else 0]
        lengths += [FLOAT_TICKS // 2 if self.floaters else 0, FADE_TICKS if self.fades else 0]
        return max(lengths)


class Animator:
    def __init__(self, speed: str = "normal") -> None:
        """``speed``: slow, normal, fast or off (the settings' animation speed); off shows every outcome at once."""
        self.percent = SPEED_PERCENT.get(speed, 100)   # animation ticks per hundred fixed steps
        self._carry = 0
        self.beats: list[Beat] = []
        self.floaters: list[Floater] = []     # floating numbers outlive their beat while they rise
        self.fading: dict[Entity, int] = {}
        self.heard: list[str] = []            # sounds let out, until the screen takes them

    def feed(self, cues: list[Cue]) -> None:
        """Queue the animations for a command's cues (with animations off: none, and each kind of sound once)."""
        if not self.percent:
            for cue in cues:
                if isinstance(cue, Death):
                    self.fading[cue.entity] = FADE_TICKS
                elif isinstance(cue, Sound):
                    self._hear([cue.kind])
            return
        for cue in cues:
            if isinstance(cue, Motion):
                self.beats.append(Beat(walks=[Walk(entity, path) for entity, path in cue.paths]))
            elif isinstance(cue, Strike):
                beat = Beat()
                if not cue.hit:
                    beat.floaters.append(Floater(L_("miss"), MISS_COLOUR, cue.target))
                self.beats.append(beat)
            elif isinstance(cue, Hurt) and self.beats:
                beat = self.beats[-1]
                beat.flashes[cue.target] = FLASH_TICKS
                colour = CRIT_COLOUR if cue.critical else HIT_COLOUR
                beat.floaters.append(Floater(f"-{cue.amount}" + ("!" if cue.critical else ""), colour, cue.target))
            elif isinstance(cue, Death) and self.beats:
                self.beats[-1].fades[cue.entity] = FADE_TICKS
            elif isinstance(cue, Blink):
                rings = ([(cue.frm, TELEPORT_COLOUR)] if cue.frm is not None else []) + [(cue.to, TELEPORT_COLOUR)]
                self.beats.append(Beat(flashes={cue.entity: FLASH_TICKS},
                                       floaters=[Floater(L_("teleport"), TELEPORT_COLOUR, cue.entity)], rings=rings))
            elif isinstance(cue, Fall):
                self.beats.append(Beat(floaters=[Floater(cue.words, FALL_COLOUR, cue.entity)], landings=[cue.entity]))
            elif isinstance(cue, AreaFlash):
                self.beats.append(Beat(area=cue.squares))
            elif isinstance(cue, Note):
                floater = Floater(cue.text, cue.colour, cue.entity)
                if cue.place == OWN_BEAT:
                    self.beats.append(Beat(floaters=[floater]))
                elif cue.place == WITH_CAUSE:
                    self._add(floater)
                elif self.beats:
                    self.beats[-1].floaters.append(floater)
            elif isinstance(cue, Sound):
                self._queue_sound(cue)

    def _queue_sound(self, sound: Sound) -> None:
        if sound.own_beat:
            self.beats.append(Beat(sounds=[sound]))
        elif self.beats and (self.beats[-1].tick <= sound.delay or sound.per_square):
            self.beats[-1].sounds.append(sound)
        else:                  # nothing playing, or its moment in the beat has passed: now
            self.heard.append(sound.kind)

    def _hear(self, kinds: list[str]) -> None:
        """Let out each kind once (many at once would only be louder)."""
        self.heard.extend(kind for kind in dict.fromkeys(kinds) if kind not in self.heard)

    def take_sounds(self) -> list[str]:
        """The sounds let out since the last call, in order, for game.audio to play."""
        heard, self.heard = self.heard, []
        return heard

    def _add(self, floater: Floater) -> None:
        """A floater joins the beat playing the cause (the hit, the power), or a beat of its own."""
        if self.beats:
            self.beats[-1].floaters.append(floater)
        else:
            self.beats.append(Beat(floaters=[floater]))

    @property
    def busy(self) -> bool:
        return bool(self.beats)

    def update(self) -> None:
        """One fixed step: as many animation ticks as the speed gives (slow: one every other step)."""
        self._carry += self.percent
        ticks, self._carry = divmod(self._carry, 100)
        for _ in range(ticks):
            self._tick()

    def _tick(self) -> None:
        for floater in self.floaters:
            floater.tick += 1
        self.floaters = [f for f in self.floaters if f.tick < FLOAT_TICKS]
        if not self.beats:
            return
        beat = self.beats[0]
        if beat.tick == 0:
            self.floaters.extend(beat.floaters)
        self.heard.extend(beat.due())
        beat.tick += 1
        for walk in beat.walks:
            walk.tick += 1
        for entity in beat.fades:
            self.fading[entity] = min(FADE_TICKS, beat.tick)
        if beat.tick >= beat.length:
            self.heard.extend(beat.unplayed())      # a sound meant to come later than its beat lasts
            self.beats.pop(0)

    def skip(self, quiet: bool = False) -> None:
        """Finish every queued animation at once: the sounds still to come play together, each kind once;
        ``quiet``: none (a story told again, such as a loaded skirmish's, is not heard again)."""
        for beat in self.beats:
            for entity in beat.fades:
                self.fading[entity] = FADE_TICKS
        if quiet:
            self.heard.clear()
        else:
            self._hear([kind for beat in self.beats for kind in beat.unplayed()])
        self.beats.clear()
        self.floaters.clear()

    def position(self, entity: Entity, square: Square) -> tuple[float, float]:
        """Where to draw a creature: along its walk while walking, else its square."""
        for index, beat in enumerate(self.beats):
            for walk in beat.walks:
                if walk.entity == entity:
                    if index == 0:
                        return walk.position()
                    start = walk.path[0]
                    return float(start[0]), float(start[1])
        return float(square[0]), float(square[1])

    def flashing(self, entity: Entity) -> bool:
        return bool(self.beats) and self.beats[0].tick > 0 and entity in self.beats[0].flashes and (self.beats[0].tick // 3) % 2 == 0

    @property
    def rings(self) -> list[tuple[Square, tuple[int, int, int], int]]:
        """The flashes spreading now: each square, its colour and how far on it is (0-FLASH_TICKS)."""
        if not self.beats or not self.beats[0].rings:
            return []
        tick = min(self.beats[0].tick, FLASH_TICKS)
        return [(square, colour, tick) for square, colour in self.beats[0].rings]

    @property
    def landings(self) -> list[tuple[Entity, int]]:
        """The creatures landing from a fall now, and how far on the landing is (0-FLASH_TICKS)."""
        if not self.beats:
            return []
        return [(entity, min(self.beats[0].tick, FLASH_TICKS)) for entity in self.beats[0].landings]

    @property
    def area(self) -> tuple[Square, ...]:
        """The squares of the area attack playing now, if one is."""
        return self.beats[0].area if self.beats else ()

    def pending_downed(self, entity: Entity) -> bool:
        """True while a creature that has dropped is still shown standing (its beat has not played)."""
        return any(entity in beat.fades and beat.tick == 0 for beat in self.beats)
