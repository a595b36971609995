"""One button of the action bar, as any ruleset's presentation adapter offers it to the battle screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.refusal import Refusal

POWER_KEYS = "1234567890"       # the number keys pick the bar's first ten cards, in every ruleset


@dataclass(frozen=True)
class Choice:
    """One button.

    ``key``: "power:NAME", "teleport:NAME" (5e-house: "attack:WEAPON", "spell:KEY:SLOT"), a move mode, or an
    action ("stand", "prone", "unsqueeze",
    "charge", "bull_rush", "grab", "move_grabbed", "escape", "end_grab", "aid", "second_wind",
    "total_defense", "potion", "action_point", "delay", "ready", "sustain:NAME", "knockout").
    ``targets``: what the rules accept for it now (creatures; (enemy, ally) pairs for aid another;
    power names for ready), so the map lights them and the random player picks among them.
    """

    key: str
    label: str
    blocked: Refusal | None
    instant: bool = False      # acts at once when picked instead of choosing a square or target
    hotkey: str = ""
    action: str = ""           # "Std", "Move", "Minor", "Free"
    reach: str = ""            # "Melee 1", "Rng 10", "Blast 3", "Burst 1 in 10", "Personal"
    aim: str = ""              # "vs AC", "heal", "ally", "self"
    uses: str = ""             # "at-will" or "1/2"
    summary: str = ""          # the tooltip's longer line
    usage: str = ""            # "At-will", "Encounter, 1/2 left", "Daily, used"
    targets: tuple[Any, ...] = ()

    @property
    def power(self) -> str:
        return self.key.split(":", 1)[1] if ":" in self.key else ""

    @property
    def is_power(self) -> bool:
        return self.key.startswith(("power:", "teleport:", "attack:", "spell:"))
