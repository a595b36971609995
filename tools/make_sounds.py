"""Synthesise every sound effect and music loop of the game with numpy, deterministically (assets/sounds/).

Effects are 22.05 kHz mono 16-bit WAV, each kind in a few variants (another pitch, another grain of noise) so
that repeats do not grate. Music loops are rendered on a circle: every note is added modulo the loop's length
and filtering is done in the frequency domain (circular too), so the last sample runs straight into the first
and the seam cannot click. With sox installed the loops are written as Ogg Vorbis (`sox -R`: repeatable
output), else as WAV. Run: `.venv/bin/python tools/make_sounds.py`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
EFFECT_PEAK = 0.7          # effects peak at about -3 dBFS: room for a few at once over the music
MUSIC_PEAK = 0.6           # music sits under the effects, about -4.4 dBFS at its loudest
Signal = np.ndarray


# Building blocks -----------------------------------------------------------------------------------------
def rng_for(name: str) -> np.random.Generator:
    """A generator seeded by the sound's name, so each file comes out the same on every run."""
    return np.random.default_rng(zlib.crc32(name.encode()))


def times(seconds: float) -> Signal:
    return np.arange(int(seconds * RATE)) / RATE


def decay(t: Signal, rate: float, attack: float = 0.004) -> Signal:
    """An envelope rising over ``attack`` seconds, then falling exponentially (``rate`` per second)."""
    return np.minimum(t / attack, 1.0) * np.exp(-rate * t)


def fade_out(signal: Signal, seconds: float = 0.01) -> Signal:
    """End at silence, so no effect stops on a step."""
    n = min(len(signal), int(seconds * RATE))
    signal = signal.copy()
    signal[len(signal) - n:] *= np.linspace(1.0, 0.0, n)
    return signal


def fade_in(signal: Signal, seconds: float = 0.002) -> Signal:
    """Start from silence, so no effect starts on a step."""
    n = min(len(signal), int(seconds * RATE))
    signal = signal.copy()
    signal[:n] *= np.linspace(0.0, 1.0, n)
    return signal


def band(signal: Signal, low: float, high: float) -> Signal:
    """Keep the frequencies between ``low`` and ``high`` (a circular filter, with soft edges)."""
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(len(signal), 1 / RATE)
    edge = 0.15
    gain = np.clip((freqs - low * (1 - edge)) / (low * edge * 2 + 1e-9), 0, 1) if low > 0 else np.ones_like(freqs)
    gain = gain * np.clip((high * (1 + edge) - freqs) / (high * edge * 2), 0, 1)
    return np.fft.irfft(spectrum * gain, len(signal))


def noise(rng: np.random.Generator, seconds: float) -> Signal:
    return rng.uniform(-1, 1, int(seconds * RATE))


def sweep(t: Signal, start: float, end: float) -> Signal:
    """A sine gliding exponentially from ``start`` to ``end`` Hz over ``t``."""
    freq = start * (end / start) ** (t / t[-1])
    return np.sin(2 * np.pi * np.cumsum(freq) / RATE)


def tone(t: Signal, freq: float, harmonics: tuple[float, ...] = (1.0,), vibrato: float = 0.0) -> Signal:
    """Harmonics of ``freq`` with the given amplitudes, an optional vibrato (in semitones, at 5.5 Hz)."""
    bend = 2 ** (vibrato * np.sin(2 * np.pi * 5.5 * t) / 12) if vibrato else 1.0
    phase = 2 * np.pi * np.cumsum(freq * bend * np.ones_like(t)) / RATE
    return sum(a * np.sin((k + 1) * phase) for k, a in enumerate(harmonics))


def pluck(t: Signal, freq: float, damping: float = 3.0) -> Signal:
    """A plucked string: harmonics that die away faster the higher they are."""
    return sum(np.sin(2 * np.pi * k * freq * t) * np.exp(-damping * (1 + 0.6 * k) * t) / k for k in range(1, 9))


def at(total: float, *parts: tuple[float, Signal]) -> Signal:
    """Lay signals into ``total`` seconds, each starting at its offset in seconds."""
    out = np.zeros(int(total * RATE))
    for start, part in parts:
        begin = int(start * RATE)
        part = part[:len(out) - begin]
        out[begin:begin + len(part)] += part
    return out


def note(semitones: float, base: float = 440.0) -> float:
    """The frequency ``semitones`` above (or below) ``base``."""
    return base * 2 ** (semitones / 12)


# Effects: one function per kind; ``v`` is the variant, ``rng`` its own noise --------------------------------
def step(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.09)
    pitch = (0.85, 1.0, 1.12, 0.93)[v]
    thump = np.sin(2 * np.pi * 90 * pitch * t) * decay(t, 55)
    grit = band(noise(rng, 0.09), 300 * pitch, 2500 * pitch) * decay(t, 70, 0.002)
    return thump + 0.6 * grit


def push(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.16)
    scrape = band(noise(rng, 0.16), 180, 1400 + 300 * v) * (0.6 + 0.4 * np.sin(2 * np.pi * 23 * t)) * decay(t, 12, 0.02)
    return scrape + 0.7 * np.sin(2 * np.pi * 70 * t) * decay(t, 30)


def hit(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.22)
    body = sweep(t, 190 - 25 * v, 55) * decay(t, 22)
    smack = band(noise(rng, 0.22), 400, 4000) * decay(t, 60, 0.001)
    ring = tone(t, 620 + 90 * v, (1.0, 0.0, 0.4)) * decay(t, 30) * 0.12
    return body + 0.8 * smack + ring


def crit(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.6)
    clang = sum(a * np.sin(2 * np.pi * f * (1 + 0.03 * v) * t) for f, a in ((523, 0.5), (1210, 0.35), (1870, 0.25), (2630, 0.15)))
    return at(0.6, (0.0, 1.2 * hit(v, rng)), (0.0, clang * decay(t, 7, 0.002) * 0.6))


def miss(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.26)
    whoosh = noise(rng, 0.26)
    centre = 500 * (1 + 0.25 * v)
    swell = np.sin(np.pi * t / t[-1]) ** 2
    return band(whoosh, centre * 0.6, centre * 2.5) * swell


def shot(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.3)
    twang = pluck(t, 150 + 30 * v, 9) * np.exp(-4 * t)
    zip_ = band(noise(rng, 0.3), 1500, 6000) * decay(t, 25, 0.01) * 0.5
    return twang + zip_


def spell(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.6)
    root = (660, 587)[v]
    shimmer = sum(tone(t, root * r, (1.0, 0.3), vibrato=0.4) * np.clip((t - d) * 20, 0, 1) for r, d in
                  ((1, 0.0), (1.25, 0.07), (1.5, 0.14), (2.0, 0.21)))
    sparkle = band(noise(rng, 0.6), 4000, 9000) * 0.3
    return (shimmer * 0.3 + sparkle) * decay(t, 4.5, 0.03)


def blast(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.8)
    boom = sweep(t, 110 - 15 * v, 35) * decay(t, 6, 0.005)
    roar = band(noise(rng, 0.8), 40, 900) * decay(t, 5, 0.01)
    return boom + 1.2 * roar


def hurt(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.25)
    groan = band(tone(t, (130, 110)[v] * (1 - 0.2 * t), (1.0, 0.7, 0.5, 0.4, 0.3)), 150, 900) * decay(t, 10, 0.02)
    return groan + 0.5 * np.sin(2 * np.pi * 70 * t) * decay(t, 30)


def heal(v: int, rng: np.random.Generator) -> Signal:
    base = (523.25, 587.33)[v]
    notes = [(i * 0.08, tone(times(0.5), base * r, (1.0, 0.2, 0.1)) * decay(times(0.5), 7, 0.005))
             for i, r in enumerate((1.0, 1.26, 1.5, 2.0))]
    return at(0.75, *notes) * 0.5


def potion(v: int, rng: np.random.Generator) -> Signal:
    bubbles = [(rng.uniform(0.0, 0.35), sweep(times(0.06), f, f * 1.8) * decay(times(0.06), 40, 0.003))
               for f in rng.uniform(300, 700, 6 + v)]
    t = times(0.1)
    gulp = sweep(t, 180, 90) * decay(t, 25, 0.01)
    return at(0.5, (0.0, gulp), *bubbles)


def fall(v: int, rng: np.random.Generator) -> Signal:
    whistle = sweep(times(0.4), 1200, 300) * np.linspace(0.1, 0.5, int(0.4 * RATE))
    t = times(0.35)
    thud = sweep(t, 120, 40) * decay(t, 12) + band(noise(rng, 0.35), 60, 700) * decay(t, 18, 0.002)
    return at(0.8, (0.0, whistle * 0.5), (0.4, thud * 1.2))


def teleport(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.5)
    freq = 300 * (5 if v == 0 else 4) ** (t / t[-1])
    carrier = np.sin(2 * np.pi * np.cumsum(freq) / RATE + 3 * np.sin(2 * np.pi * 37 * t))
    tremolo = 0.6 + 0.4 * np.sin(2 * np.pi * 18 * t)
    return carrier * tremolo * np.sin(np.pi * t / t[-1]) * 0.7


def condition_on(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.45)
    base = (196.0, 185.0)[v]
    return (tone(t, base, (1.0, 0.5, 0.3)) + tone(t, base * 1.059, (1.0, 0.4))) * decay(t, 5, 0.03) * 0.5


def condition_off(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.3)
    first, second = (784.0, 1046.5) if v == 0 else (698.5, 932.3)
    return at(0.4, (0.0, tone(t, first, (1.0, 0.2)) * decay(t, 12)), (0.09, tone(t, second, (1.0, 0.2)) * decay(t, 10))) * 0.5


def drop(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.4)
    body = sweep(t, 95 - 10 * v, 45) * decay(t, 10, 0.003)
    cloth = band(noise(rng, 0.4), 200, 2000) * decay(t, 20, 0.01) * 0.5
    clatter = at(0.4, (0.12, band(noise(rng, 0.05), 2000, 6000) * decay(times(0.05), 60) * 0.4))
    return body + cloth + clatter


def death(v: int, rng: np.random.Generator) -> Signal:
    t = times(1.2)
    root = (110.0, 103.8)[v]
    toll = sum(a * np.sin(2 * np.pi * root * r * t) for r, a in ((1, 1.0), (2.0, 0.5), (2.4, 0.35), (3.0, 0.2), (4.2, 0.1)))
    sigh = band(noise(rng, 1.2), 150, 600) * decay(t, 3, 0.2) * 0.4
    return (toll * decay(t, 2.8, 0.01) + sigh) * 0.6


def roll(v: int, rng: np.random.Generator) -> Signal:
    clicks = []
    start = 0.0
    for _ in range(4 + v):
        start += rng.uniform(0.03, 0.07)
        length = times(0.03)
        clicks.append((start, band(noise(rng, 0.03), 1800, 7000) * decay(length, 120, 0.0005) * rng.uniform(0.5, 1.0)))
    return at(start + 0.06, *clicks)


def action(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.3)
    swish = band(noise(rng, 0.3), 600, 3000) * np.sin(np.pi * t / t[-1]) ** 2 * 0.5
    chime = tone(t, (880, 988)[v], (1.0, 0.3)) * decay(t, 14, 0.02) * 0.3
    return swish + chime


def equip(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.35)
    scrape = band(noise(rng, 0.35), 2500, 8000) * decay(t, 9, 0.05) * 0.5
    ring = sum(a * np.sin(2 * np.pi * f * t) for f, a in ((1320 + 80 * v, 0.4), (2950, 0.2), (4100, 0.1))) * decay(t, 10)
    return scrape + ring


def prompt(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.22)
    return at(0.35, (0.0, tone(t, 880, (1.0, 0.25)) * decay(t, 14)), (0.12, tone(t, 1174.7, (1.0, 0.25)) * decay(t, 12))) * 0.45


def turn(v: int, rng: np.random.Generator) -> Signal:
    brass = (1.0, 0.8, 0.6, 0.45, 0.3, 0.2, 0.12)
    first, second = (261.6, 392.0) if v == 0 else (293.7, 440.0)
    t = times(0.32)
    swell = np.minimum(t / 0.04, 1) * np.exp(-3 * t)
    return at(0.75, (0.0, tone(t, first, brass) * swell), (0.2, tone(times(0.55), second, brass, 0.15)
                                                             * np.minimum(times(0.55) / 0.04, 1) * np.exp(-4 * times(0.55)))) * 0.3


def victory(v: int, rng: np.random.Generator) -> Signal:
    brass = (1.0, 0.8, 0.6, 0.45, 0.3, 0.2, 0.12)
    parts = []
    for start, semis, length in ((0.0, 0, 0.18), (0.2, 4, 0.18), (0.4, 7, 0.18), (0.6, 12, 1.6)):
        t = times(length)
        envelope = np.minimum(t / 0.03, 1) * np.exp(-1.2 * t)
        parts.append((start, tone(t, note(semis, 261.63), brass, 0.2 if length > 1 else 0) * envelope * 0.35))
    t = times(1.6)
    for semis in (-12, 4, 7):      # the chord under the last note
        parts.append((0.6, tone(t, note(semis, 261.63), (1.0, 0.5, 0.25)) * np.minimum(t / 0.05, 1) * np.exp(-1.5 * t) * 0.2))
    parts.append((0.6, band(noise(rng, 1.2), 3000, 9000) * decay(times(1.2), 3, 0.01) * 0.25))   # a cymbal
    return at(2.4, *parts)


def click(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.03)
    return tone(t, (2200, 1900)[v]) * decay(t, 180, 0.0005) * 0.6 + band(noise(rng, 0.03), 3000, 8000) * decay(t, 300, 0.0005) * 0.3


def refuse(v: int, rng: np.random.Generator) -> Signal:
    t = times(0.12)
    buzz = (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14)   # odd harmonics: hollow, like a square
    return at(0.28, (0.0, tone(t, 220, buzz) * decay(t, 8, 0.005)), (0.13, tone(t, 174.6, buzz) * decay(t, 10, 0.005))) * 0.4


# kind -> (make, variants, loudness): the loudness scales the peak, so what repeats most (a step, a click)
# sits under what matters (a blow, a death); game/audio/kinds.py names the same kinds
EFFECTS: dict[str, tuple[Callable[[int, np.random.Generator], Signal], int, float]] = {
    "step": (step, 4, 0.45), "push": (push, 2, 0.7), "hit": (hit, 3, 1.0), "crit": (crit, 2, 1.0),
    "miss": (miss, 3, 0.8), "shot": (shot, 2, 0.9), "spell": (spell, 2, 0.75), "blast": (blast, 2, 1.0),
    "hurt": (hurt, 2, 0.8), "heal": (heal, 2, 0.75), "potion": (potion, 2, 0.8), "fall": (fall, 1, 1.0),
    "teleport": (teleport, 2, 0.7), "condition_on": (condition_on, 2, 0.7), "condition_off": (condition_off, 2, 0.7),
    "drop": (drop, 2, 0.9), "death": (death, 2, 1.0), "roll": (roll, 3, 0.8), "action": (action, 2, 0.6),
    "equip": (equip, 2, 0.7), "prompt": (prompt, 1, 0.7), "turn": (turn, 2, 0.8), "victory": (victory, 1, 1.0),
    "click": (click, 2, 0.5), "refuse": (refuse, 1, 0.5),
}


# Music: rendered on a circle -----------------------------------------------------------------------------
class Loop:
    """A loop of ``beats`` beats at ``bpm`` (a whole number of samples per beat); notes wrap round its end."""

    def __init__(self, bpm: int, beats: int) -> None:
        assert (RATE * 60) % bpm == 0, "a beat must be a whole number of samples"
        self.beat = RATE * 60 // bpm
        self.buffer = np.zeros(self.beat * beats)

    def add(self, beat: float, signal: Signal, gain: float = 1.0) -> None:
        start = int(round(beat * self.beat))
        index = (start + np.arange(len(signal))) % len(self.buffer)
        np.add.at(self.buffer, index, signal * gain)

    def seconds(self, beats: float) -> float:
        return beats * self.beat / RATE


def kick(seconds: float = 0.3) -> Signal:
    t = times(seconds)
    return sweep(t, 150, 45) * decay(t, 14, 0.002)


def snare(rng: np.random.Generator) -> Signal:
    t = times(0.2)
    return band(noise(rng, 0.2), 900, 7000) * decay(t, 22, 0.001) * 0.7 + np.sin(2 * np.pi * 190 * t) * decay(t, 30) * 0.5


def hat(rng: np.random.Generator, open_: bool = False) -> Signal:
    t = times(0.2 if open_ else 0.05)
    return band(noise(rng, 0.2 if open_ else 0.05), 6000, 10000) * decay(t, 12 if open_ else 90, 0.001) * 0.35


def tom(freq: float) -> Signal:
    t = times(0.35)
    return sweep(t, freq * 1.5, freq) * decay(t, 9, 0.002)


def pad(seconds: float, freqs: list[float], vibrato: float = 0.06) -> Signal:
    """A soft chord that swells in and out over ``seconds``."""
    t = times(seconds)
    swell = np.sin(np.pi * t / t[-1]) ** 1.5
    voices = sum(tone(t, f * d, (1.0, 0.35, 0.15), vibrato) for f in freqs for d in (0.997, 1.003))
    return voices * swell


def bass(seconds: float, freq: float) -> Signal:
    t = times(seconds)
    return tone(t, freq, (1.0, 0.5, 0.25, 0.12)) * np.minimum(t / 0.005, 1) * np.exp(-3.5 * t) * fade_out(np.ones_like(t), 0.02)


def horn(seconds: float, freq: float) -> Signal:
    t = times(seconds)
    envelope = np.minimum(t / 0.05, 1) * np.exp(-1.2 * t) * fade_out(np.ones_like(t), 0.05)
    return tone(t, freq, (1.0, 0.75, 0.55, 0.4, 0.28, 0.18, 0.1), vibrato=0.12) * envelope


def chord_tones(root: float, minor: bool) -> list[float]:
    return [root, note(3 if minor else 4, root), note(7, root)]


def menu_theme() -> Signal:
    """A calm tune in D minor at 84 beats a minute: a pad, a harp's arpeggios, a melody the second time round."""
    loop = Loop(84, 32)
    chords = [(note(-7, 220), True), (note(-11, 220), False), (note(-4, 220), False), (note(-9, 220), False),
              (note(-7, 220), True), (note(-2, 220), True), (note(-11, 220), False), (note(0, 220), False)]
    for bar, (root, minor) in enumerate(chords):
        tones = chord_tones(root, minor)
        loop.add(bar * 4 - 0.5, pad(loop.seconds(5), [f / 2 for f in tones]), 0.10)
        loop.add(bar * 4, bass(loop.seconds(4), root / 4), 0.35)
        for eighth, degree in enumerate((0, 1, 2, 1, 0, 2, 1, 2)):
            octave = 2 if eighth in (2, 5) else 1
            loop.add(bar * 4 + eighth / 2, pluck(times(1.2), tones[degree] * octave, 2.5), 0.16)
    melody = [(16, 5, 2), (18, 3, 1), (19, 5, 1), (20, 7, 3), (23, 8, 1), (24, 7, 2), (26, 5, 2),
              (28, 3, 2), (30, 1, 1), (31, 0, 1)]
    for beat, semis, length in melody:
        t = times(loop.seconds(length + 0.5))
        flute = tone(t, note(semis, 587.33), (1.0, 0.2, 0.05), vibrato=0.1) * np.minimum(t / 0.06, 1) \
            * np.exp(-1.0 * t) * fade_out(np.ones_like(t), 0.08)
        loop.add(beat, flute, 0.17)
    return loop.buffer


def battle_drive() -> Signal:
    """A driving fight in A minor at 126 beats a minute: drums, an eighth-note bass, horn calls."""
    rng = rng_for("battle_drive")
    loop = Loop(126, 64)
    roots = [note(0, 110), note(-4, 110), note(-2, 110), note(-5, 110)] * 4     # A F G E
    minors = [True, False, False, False] * 4
    for bar, (root, minor) in enumerate(zip(roots, minors)):
        base = bar * 4
        for beat in range(4):
            loop.add(base + beat, kick(), 0.55 if beat in (0, 2) else 0.3)
            if beat in (1, 3):
                loop.add(base + beat, snare(rng), 0.45)
            for half in (0, 0.5):
                loop.add(base + beat + half, hat(rng, open_=(beat == 3 and half)), 0.5)
        for eighth in range(8):
            loop.add(base + eighth / 2, bass(0.22, root / 2 * (2 if eighth in (3, 7) else 1)), 0.32)
        tones = chord_tones(root * 2, minor)
        loop.add(base - 0.25, pad(loop.seconds(4.5), tones, 0.0), 0.05)
    calls = [(0, 12, 1.5), (1.5, 15, 0.5), (2, 19, 2), (8, 17, 1.5), (9.5, 15, 0.5), (10, 14, 2),
             (16, 12, 0.75), (16.75, 12, 0.75), (17.5, 15, 0.5), (18, 19, 1), (19, 22, 1), (20, 24, 3),
             (26, 22, 1), (27, 19, 1), (28, 17, 2), (30, 16, 2)]
    for half in (0, 32):
        for beat, semis, length in calls:
            if half and beat >= 16:          # the second time round, the call answers itself an octave down
                semis -= 12
            loop.add(half + beat, horn(loop.seconds(length + 0.3), note(semis, 220)), 0.16)
    return loop.buffer


def battle_march() -> Signal:
    """A tense march in E minor at 105 beats a minute: toms, a plucked ostinato in sixteenths, low horns."""
    rng = rng_for("battle_march")
    loop = Loop(105, 64)
    chords = [(164.81, True), (note(-4, 164.81), False), (note(-2, 164.81), False), (note(-5, 164.81), False)]  # Em C D B
    pattern = (0, 2, 1, 2, 0, 2, 1, 2, 0, 2, 1, 2, 0, 1, 2, 1)
    for bar in range(16):
        root, minor = chords[bar % 4]
        base = bar * 4
        for beat, (drum, gain) in enumerate(((kick(0.4), 0.6), (tom(110), 0.4), (kick(0.4), 0.45), (tom(146), 0.4))):
            loop.add(base + beat, drum, gain)
        if bar % 2:
            loop.add(base + 3.5, tom(196), 0.3)
            loop.add(base + 3.75, tom(196), 0.25)
        loop.add(base + 2, snare(rng), 0.2)
        tones = chord_tones(root, minor)
        for sixteenth, degree in enumerate(pattern):
            loop.add(base + sixteenth / 4, pluck(times(0.4), tones[degree] * 2, 6), 0.11)
        loop.add(base, bass(loop.seconds(3.5), root / 2), 0.4)
        loop.add(base - 0.25, pad(loop.seconds(4.5), [f / 2 for f in tones]), 0.06)
    for beat, semis, length in ((32, 7, 3), (36, 3, 3), (40, 5, 3), (44, 2, 4), (48, 7, 2), (50, 10, 2), (52, 12, 4),
                                (56, 10, 2), (58, 7, 2), (60, 6, 4)):
        loop.add(beat, horn(loop.seconds(length), note(semis, 164.81)), 0.2)
    return loop.buffer


MUSIC: dict[str, Callable[[], Signal]] = {"menu": menu_theme, "battle_1": battle_drive, "battle_2": battle_march}


# Writing ------------------------------------------------------------------------------------------------
def normalised(signal: Signal, peak: float) -> np.ndarray:
    return np.round(signal / np.max(np.abs(signal)) * peak * 32767).astype("<i2")


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def write_music(name: str, samples: np.ndarray) -> Path:
    """An Ogg Vorbis loop when sox is installed (much smaller), else a WAV."""
    sox = shutil.which("sox")
    if sox is None:
        path = OUT / f"{name}.wav"
        write_wav(path, samples)
        return path
    path = OUT / f"{name}.ogg"
    with tempfile.TemporaryDirectory() as scratch:
        wav = Path(scratch) / f"{name}.wav"
        write_wav(wav, samples)
        subprocess.run([sox, "-R", "-V1", str(wav), "-C", "3", str(path)], check=True)
    (OUT / f"{name}.wav").unlink(missing_ok=True)
    return path


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.wav"):
        old.unlink()
    total = 0
    for kind, (make, variants, loudness) in EFFECTS.items():
        for variant in range(variants):
            name = f"{kind}_{variant + 1}"
            path = OUT / f"{name}.wav"
            write_wav(path, normalised(fade_in(fade_out(make(variant, rng_for(name)))), EFFECT_PEAK * loudness))
            total += path.stat().st_size
    for name, make in MUSIC.items():
        total += write_music(name, normalised(make(), MUSIC_PEAK)).stat().st_size
    made = sum(variants for _, variants, _ in EFFECTS.values()) + len(MUSIC)
    print(f"wrote {made} files, {total / 1024:.0f} KiB, in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
