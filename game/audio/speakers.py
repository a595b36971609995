"""The game's speakers: effects by kind (a variant at a time), music per scene with a crossfade, the volumes.

One module-wide ``SPEAKERS``, as the key bindings are one module-wide table: any screen plays a click or a
refusal without being handed anything. Without an audio device it stays closed and every call does nothing.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.audio.kinds import EFFECTS, SOUND_DIR, effect_files, music_file
from game.core.dice import SeededDice
from game.settings import Settings

MIXER_RATE = 44100          # the mixer's output; the 22.05 kHz files are resampled by SDL
MIXER_BUFFER = 1024         # samples per block: short enough to keep effects in step with a 60 Hz screen
EFFECT_CHANNELS = 16
MUSIC_CHANNELS = (0, 1)     # reserved: the old track fades out on one while the new one fades in on the other
CROSSFADE_MS = 1200
REPEAT_GAP_MS = 40          # the same kind again this soon is dropped (many creatures caught in one blast)
VOLUME_JITTER_STEPS = 16           # a sound plays at 85-100% of its volume, in 1% steps (16 values)


class Speakers:
    """Closed until ``open`` finds an audio device; plays effects and music at the volumes last ``set``."""

    def __init__(self, folder: Path = SOUND_DIR) -> None:
        self.folder = folder
        self.ready = False
        self.effects: dict[str, list[pygame.mixer.Sound]] = {}
        self.tracks: dict[str, pygame.mixer.Sound | None] = {}
        self.effects_volume = 1.0          # master x effects, 0 when muted
        self.music_volume = 1.0            # master x music, 0 when either is muted
        self.track: str | None = None      # the music playing (or fading in)
        self.channel = 0                   # which of MUSIC_CHANNELS it plays on
        self._last_variant: dict[str, int] = {}
        self._last_played: dict[str, int] = {}
        # Variety only, from the game's own dice on a fixed seed: nothing of the rules hears it, and a replay
        # sounds the same each time.
        self._variety = SeededDice(0)

    def open(self) -> str:
        """Start the mixer and load the effects; "" or a one-line note on why the game is silent."""
        self.ready = False
        try:
            pygame.mixer.init(MIXER_RATE, -16, 2, MIXER_BUFFER)
        except pygame.error as err:
            return f"No sound: {str(err) or 'no audio device'}; the game plays on silent."
        self.effects, self.tracks, self.track, self.channel = {}, {}, None, 0     # a mixer opened anew
        pygame.mixer.set_num_channels(len(MUSIC_CHANNELS) + EFFECT_CHANNELS)
        pygame.mixer.set_reserved(len(MUSIC_CHANNELS))
        missing = []
        for kind in EFFECTS:
            try:
                sounds = [pygame.mixer.Sound(str(path)) for path in effect_files(kind, self.folder)]
            except pygame.error:
                sounds = []
            if sounds:
                self.effects[kind] = sounds
            else:
                missing.append(kind)
        self.ready = True
        return f"Sounds missing or unreadable in {self.folder}: {', '.join(missing)}." if missing else ""

    @property
    def live(self) -> bool:
        """Open, and the mixer not shut since (pygame.quit shuts it)."""
        return self.ready and pygame.mixer.get_init() is not None

    def set_volumes(self, master: int, effects: int, music: int, mute: bool, music_mute: bool) -> None:
        """Volumes in percent, applied at once (the music playing too)."""
        self.effects_volume = 0.0 if mute else master * effects / 10000
        self.music_volume = 0.0 if mute or music_mute else master * music / 10000
        if self.live and self.track is not None:
            pygame.mixer.Channel(MUSIC_CHANNELS[self.channel]).set_volume(self.music_volume)

    def play(self, kind: str, share: float = 1.0) -> None:
        """One of the kind's variants, never the same twice running where it has more, a little softer or louder;
        ``share``: of the effects volume, for sounds that start together."""
        variants = self.effects.get(kind)
        if not variants or self.effects_volume <= 0 or not self.live:
            return
        now = pygame.time.get_ticks()
        if now - self._last_played.get(kind, -REPEAT_GAP_MS) < REPEAT_GAP_MS:
            return
        self._last_played[kind] = now
        choices = [i for i in range(len(variants)) if i != self._last_variant.get(kind)] or [0]
        index = choices[self._variety.roll(len(choices)) - 1]
        self._last_variant[kind] = index
        channel = variants[index].play()
        if channel is not None:
            jitter = (84 + self._variety.roll(VOLUME_JITTER_STEPS)) / 100
            channel.set_volume(self.effects_volume * share * jitter)

    def play_all(self, kinds: list[str]) -> None:
        """Sounds let out on the same step: together they are kept about as loud as one (their power adds), so a
        blow, the drop and the death of one moment do not clip."""
        for kind in kinds:
            self.play(kind, 1 / math.sqrt(len(kinds)))

    def music(self, track: str | None) -> None:
        """Crossfade to ``track`` (looping), or fade the music out (None); nothing when it is already playing."""
        if not self.live or track == self.track:
            return
        pygame.mixer.Channel(MUSIC_CHANNELS[self.channel]).fadeout(CROSSFADE_MS)
        self.track = track
        sound = self._track(track) if track is not None else None
        if sound is None:
            return
        self.channel = 1 - self.channel
        channel = pygame.mixer.Channel(MUSIC_CHANNELS[self.channel])
        channel.set_volume(self.music_volume)
        channel.play(sound, loops=-1, fade_ms=CROSSFADE_MS)

    def preload(self, track: str) -> None:
        """Decode ``track`` now, so the frame that starts it does not (a whole loop takes tens of milliseconds)."""
        if self.live:
            self._track(track)

    def _track(self, track: str) -> pygame.mixer.Sound | None:
        """A music loop, read on first use and kept (decoded whole, so it loops to the sample)."""
        if track not in self.tracks:
            path = music_file(track, self.folder)
            try:
                self.tracks[track] = pygame.mixer.Sound(str(path)) if path is not None else None
            except pygame.error:
                self.tracks[track] = None
        return self.tracks[track]


SPEAKERS = Speakers()


def play(kind: str) -> None:
    """Play one effect on the game's speakers (nothing without a device)."""
    SPEAKERS.play(kind)


def load_music(track: str) -> None:
    """Decode a music loop now (while a skirmish is set up), not on the frame that first plays it."""
    SPEAKERS.preload(track)


def play_all(kinds: list[str]) -> None:
    SPEAKERS.play_all(kinds)


def apply_volumes(settings: Settings) -> None:
    """The settings' volumes and mutes, at once."""
    SPEAKERS.set_volumes(settings.master_volume, settings.effects_volume, settings.music_volume, settings.mute,
                         settings.music_mute)
