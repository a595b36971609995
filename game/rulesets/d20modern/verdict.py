"""A refusal as a value: why a d20 Modern rule does not allow something, and the digest line it comes from."""

from __future__ import annotations

from game.engine.refusal import Refusal


class Refused(Refusal):
    """What the rules say no to, in one line, with the rule (e.g. ``d20-modern ACT-02``)."""
