"""A refusal as a value: why a d20 Modern rule does not allow something, and the digest line it comes from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refused:
    """What the rules say no to, in one line, with the rule (e.g. ``d20-modern ACT-02``)."""

    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason
