"""The battle screen's saves and take-backs: F5 or Ctrl+S saves, F9 loads the newest save, an autosave at the
start of every turn, and Backspace or Ctrl+Z takes back the last move that revealed nothing new (in hot-seat,
once the other side agrees with Y)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions.events import Event, TurnStarted
from game.input.intents import Click, Intent, Key
from game.replay import saves
from game.replay.format import SaveError
from game.replay.load import shown_name
from game.replay.rewind import Rewind, RewindRefused, plan_rewind

if TYPE_CHECKING:
    from game.ui.battle import BattleScene

FILE_ACTIONS = ("save", "quickload", "rewind")


class Session:
    """What the battle screen does with its saves; ``takeback`` is a take-back waiting for ``asking`` to agree."""

    def __init__(self) -> None:
        self.takeback: Rewind | None = None
        self.asking: list[str] = []          # the other human sides still to agree, first one asked now

    def wants(self, intent: Intent) -> bool:
        """A save or take-back key, or anything at all while a take-back waits for its answer."""
        if self.takeback is not None:
            return isinstance(intent, (Key, Click))
        return isinstance(intent, Key) and intent.action in FILE_ACTIONS

    def handle(self, scene: BattleScene, intent: Intent) -> str | None:
        """Returns "quickload" for the app to load the newest save, "quit", or None."""
        if not isinstance(intent, Key):
            return None
        if intent.action == "quit":
            return "quit"
        if self.takeback is not None:
            if intent.action in ("yes", "no"):
                self._answer(scene, intent.action == "yes")
            return None
        if intent.action == "save":
            self.save(scene)
        elif intent.action == "quickload":
            return "quickload"
        elif intent.action == "rewind":
            self._ask(scene)
        return None

    def save(self, scene: BattleScene) -> None:
        try:
            path = saves.save(scene.match, scene.setup)
        except SaveError as err:
            scene.message = f"Can't save: {err}"
            return
        scene.message = f"Saved to {shown_name(path)}. F9 loads the newest save; the start menu lists them all."

    def after(self, scene: BattleScene, events: list[Event]) -> None:
        """After accepted events: an autosave when a turn started (or the skirmish ended)."""
        if not any(isinstance(e, TurnStarted) for e in events) and scene.state.outcome is None:
            return
        try:
            saves.autosave(scene.match, scene.setup)
        except SaveError as err:
            scene.message = f"Autosave failed: {err}"

    def _ask(self, scene: BattleScene) -> None:
        computer = dict(scene.setup.computer)
        try:
            rewind = plan_rewind(scene.match, scene.setup)
        except RewindRefused as err:
            scene.message = str(err)
            return
        if rewind.side in computer:
            scene.message = "Can't take back the computer's moves."
            return
        labels = scene.setup.side_labels
        self.asking = [r.side for r in scene.setup.rosters if r.side != rewind.side and r.side not in computer]
        if not self.asking:      # against the computer a player takes back freely
            self._apply(scene, rewind)
            return
        self.takeback = rewind
        scene.message = (f"{labels.get(rewind.side, rewind.side)} ask to take back {rewind.words}. "
                         f"{labels.get(self.asking[0], self.asking[0])}: agree? Y / N")

    def _answer(self, scene: BattleScene, agreed: bool) -> None:
        rewind = self.takeback
        assert rewind is not None
        labels = scene.setup.side_labels
        asked = labels.get(self.asking[0], self.asking[0])
        if not agreed:
            self.takeback, self.asking = None, []
            scene.message = f"{asked} said no: {rewind.words} stands."
            return
        self.asking.pop(0)
        if self.asking:
            scene.message = (f"{labels.get(rewind.side, rewind.side)} ask to take back {rewind.words}. "
                             f"{labels.get(self.asking[0], self.asking[0])}: agree? Y / N")
            return
        self.takeback = None
        self._apply(scene, rewind)

    def _apply(self, scene: BattleScene, rewind: Rewind) -> None:
        scene.show_match(rewind.match)
        scene.message = f"Took back {rewind.words}."
