"""The battle screen's saves and take-backs, in every ruleset: F5 or Ctrl+S saves, F9 loads the newest save, an
autosave at the start of every turn (written off the frame, game.replay.autosaver), and Backspace or Ctrl+Z
takes back the last move that revealed nothing new (in hot-seat, once the other side agrees with Y)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any

from game.i18n import L_, message_of
from game.input.intents import Click, Intent, Key
from game.match import Match
from game.replay import saves
from game.replay.autosaver import Autosaver
from game.replay.format import SaveError
from game.replay.load import shown_name
from game.replay.rewind import Rewind, RewindRefused, plan_rewind
from game.rulesets import ruleset

if TYPE_CHECKING:
    from game.ui.battle import BattleScene

FILE_ACTIONS = ("save", "quickload", "rewind")


class Session:
    """What the battle screen does with its saves; ``takeback`` is a take-back waiting for ``asking`` to agree."""

    def __init__(self, match: Match) -> None:
        self.takeback: Rewind | None = None
        self.asking: list[str] = []          # the other human sides still to agree, first one asked now
        # The match and its length when last saved or loaded (or begun): anything since is unsaved.
        self.kept: tuple[Match, int] = (match, len(match.record))
        self.autosaver = Autosaver()         # written by the helper process: a turn's start never waits for the disk

    def unsaved(self, scene: BattleScene) -> bool:
        """Whether the skirmish has moved on (or been taken back) since it was last saved, loaded or begun."""
        match, length = self.kept
        return match is not scene.match or length != len(scene.match.record)

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
            self.ask(scene)
        return None

    def save(self, scene: BattleScene) -> bool:
        """A new manual save; the message on the screen says where it went, or why it could not be written."""
        try:
            path = saves.save(scene.match, scene.setup)
        except SaveError as err:
            scene.message = L_("Can't save: {reason}", reason=message_of(err))
            return False
        self.kept = (scene.match, len(scene.match.record))
        scene.message = L_("Saved to {file}. F9 loads the newest save; the start menu lists them all.",
                           file=shown_name(path))
        return True

    def after(self, scene: BattleScene, events: list[Any]) -> None:
        """After accepted events: an autosave when a turn started (or the skirmish ended), asked of the ruleset."""
        problem = self.autosaver.problem()              # an earlier autosave that failed in the helper
        if problem:
            scene.message = L_("Autosave failed: {reason}", reason=problem)
        if not ruleset(scene.match.ruleset).turn_started(events) and scene.state.outcome is None:
            return
        self.autosaver.save(scene.match, scene.setup)

    def plan(self, scene: BattleScene) -> Rewind | str:
        """The take-back the rules allow now, or a one-line reason why there is none."""
        try:
            rewind = plan_rewind(scene.match, scene.setup)
        except RewindRefused as err:
            return message_of(err)
        if rewind.side in dict(scene.setup.computer):
            return L_("Can't take back the computer's moves.")
        return rewind

    def ask(self, scene: BattleScene, rewind: Rewind | str | None = None) -> None:
        """Take back the last command (``rewind``, when already planned): at once against the computer, once
        every other human side agrees in hot-seat."""
        rewind = self.plan(scene) if rewind is None else rewind
        if isinstance(rewind, str):
            scene.message = rewind
            return
        computer = dict(scene.setup.computer)
        labels = scene.setup.side_labels
        playing = {scene.state.side(e) for e in scene.state.creatures()}     # a roster the map left out asks nothing
        self.asking = [r.side for r in scene.setup.rosters
                       if r.side in playing and r.side != rewind.side and r.side not in computer]
        if not self.asking:      # against the computer a player takes back freely
            self._apply(scene, rewind)
            return
        self.takeback = rewind
        scene.message = _asking(labels, rewind, self.asking[0])

    def _answer(self, scene: BattleScene, agreed: bool) -> None:
        rewind = self.takeback
        assert rewind is not None
        labels = scene.setup.side_labels
        asked = labels.get(self.asking[0], self.asking[0])
        if not agreed:
            self.takeback, self.asking = None, []
            scene.message = L_("{side} said no: {command} stands.", side=asked, command=rewind.words)
            return
        self.asking.pop(0)
        if self.asking:
            scene.message = _asking(labels, rewind, self.asking[0])
            return
        self.takeback = None
        self._apply(scene, rewind)

    def _apply(self, scene: BattleScene, rewind: Rewind) -> None:
        scene.show_match(rewind.match)
        scene.message = L_("Took back {command}.", command=rewind.words)


def _asking(labels: dict[str, str], rewind: Rewind, asked: str) -> str:
    """The question a take-back puts to the next side that must agree."""
    return L_("{side} ask to take back {command}. {asked}: agree? Y / N", side=labels.get(rewind.side, rewind.side),
              command=rewind.words, asked=labels.get(asked, asked))
