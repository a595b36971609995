"""A refusal as a value: why a 5e-house rule does not allow something, and the section it comes from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refused:
    """What the rules say no to, in one line, with the rule section (e.g. ``5e-house §2.3``)."""

    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason
