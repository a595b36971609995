"""A refusal as a value: why a 5e-house rule does not allow something, and the section it comes from."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.refusal import Refusal


@dataclass(frozen=True)
class Refused(Refusal):
    """What the rules say no to, in one line, with the rule section (e.g. ``5e-house §2.3``)."""
