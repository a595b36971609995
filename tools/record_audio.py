"""Record what a player would hear: the menu, then a computer-against-computer skirmish, to a WAV file.

SDL's disk audio driver writes the mixer's output to a file in real time, so no sound card or sound server is
needed (run it under Xvfb, or with SDL_VIDEODRIVER=dummy). Prints each sound as it plays and, when sox is
installed, `sox stats` of the recording: a check that it is neither silent nor clipped.

    .venv/bin/python tools/record_audio.py --out skirmish.wav --seconds 60 [--ruleset 5e-house] [--seed 4]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MENU_SECONDS = 4.0
AFTER_VICTORY_SECONDS = 4.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("skirmish.wav"))
    parser.add_argument("--seconds", type=float, default=60.0, help="the skirmish's share, at most")
    parser.add_argument("--map", type=Path, default=ROOT / "maps" / "default.tmx")
    parser.add_argument("--ruleset", default="4e")
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    raw = Path(tempfile.mkdtemp()) / "mixer.raw"
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = str(raw)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.app import Game
    from game.audio import speakers
    from game.audio.speakers import MIXER_RATE

    started = time.perf_counter()
    heard: list[tuple[float, str]] = []
    play = speakers.SPEAKERS.play

    def play_and_note(kind: str, share: float = 1.0) -> None:
        heard.append((time.perf_counter() - started, kind))
        print(f"{heard[-1][0]:6.2f} s  {kind}")
        play(kind, share)

    speakers.SPEAKERS.play = play_and_note          # type: ignore[method-assign]
    game = Game(None, args.seed, (1280, 720), ruleset=args.ruleset)
    pacer = pygame.time.Clock()
    try:
        started = time.perf_counter()
        while time.perf_counter() - started < MENU_SECONDS:
            game.frame()
            pacer.tick(60)
        print(f"{time.perf_counter() - started:6.2f} s  (the skirmish starts)")
        game.map_path, game.computer = args.map, {"blue": "normal", "red": "normal"}
        game.scene = game._new_scene()
        battle_from = time.perf_counter()
        won_at = None
        while time.perf_counter() - battle_from < args.seconds:
            game.frame()
            pacer.tick(60)
            if won_at is None and getattr(game.scene, "state", None) is not None and game.scene.state.outcome:
                won_at = time.perf_counter()
            if won_at is not None and time.perf_counter() - won_at > AFTER_VICTORY_SECONDS:
                break
    finally:
        pygame.quit()
    samples = raw.read_bytes()
    with wave.open(str(args.out), "wb") as out:       # the mixer's format: 16-bit stereo (game.audio.speakers)
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(MIXER_RATE)
        out.writeframes(samples)
    raw.unlink()
    kinds = sorted({kind for _, kind in heard})
    print(f"{args.out}: {len(samples) / (4 * MIXER_RATE):.1f} s, {len(heard)} sounds of {len(kinds)} kinds: "
          f"{', '.join(kinds)}")
    if shutil.which("sox"):
        subprocess.run(["sox", str(args.out), "-n", "stats"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
