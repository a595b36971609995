"""The computer opponent (docs/ai.md): ``Controller`` plays one side through the same door as a
player; ``ScriptedController`` is the plain opponent it is measured against."""

from game.rulesets.dnd4e.ai.controller import Controller, NotMyTurn
from game.rulesets.dnd4e.ai.scripted import ScriptedController, scripted_command
from game.rulesets.dnd4e.ai.tactics import DIFFICULTIES

__all__ = ["Controller", "NotMyTurn", "ScriptedController", "scripted_command", "DIFFICULTIES"]
