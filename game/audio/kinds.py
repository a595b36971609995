"""The kinds of sound the game plays and where their files are (assets/sounds, made by tools/make_sounds.py)."""

from __future__ import annotations

from pathlib import Path

SOUND_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "sounds"

# What happened, as the speakers tell it; each ruleset's screen adapter maps its events to these.
EFFECTS = (
    "step", "push", "hit", "crit", "miss", "shot", "spell", "blast", "hurt", "heal", "potion", "fall", "teleport",
    "condition_on", "condition_off", "drop", "death", "roll", "action", "equip", "prompt", "turn", "victory",
    # the interface's own
    "click", "refuse",
)
MENU_MUSIC = "menu"
BATTLE_MUSIC = ("battle_1", "battle_2")


def effect_files(kind: str, folder: Path = SOUND_DIR) -> list[Path]:
    """The variants of one kind (``step_1.wav``, ``step_2.wav``...), in order; none when it has no file."""
    return sorted(folder.glob(f"{kind}_[0-9]*.wav"), key=lambda p: int(p.stem.rsplit("_", 1)[1]))


def music_file(track: str, folder: Path = SOUND_DIR) -> Path | None:
    """A music loop's file: Ogg Vorbis, or WAV where tools/make_sounds.py ran without sox."""
    return next((p for p in (folder / f"{track}.ogg", folder / f"{track}.wav") if p.exists()), None)


def battle_track(seed: int) -> str:
    """The battle music of a skirmish, picked by its seed: a replay keeps its track, a rematch (the next seed)
    takes the other."""
    return BATTLE_MUSIC[seed % len(BATTLE_MUSIC)]
