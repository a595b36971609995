"""Rewind: take back the last command of the current turn when it revealed nothing new (docs/rulings.md,
"Saves, replay and rewind"): it rolled no dice, gave no other side a choice (an offer to answer), and was
the acting side's own. The match is rebuilt from its seed and the shortened command list. Every ruleset is
asked the same questions (game.rulesets): when a turn began, whose turn it is, who decides now."""

from __future__ import annotations

from dataclasses import dataclass

from typing import Any

from game.i18n import L_
from game.match import Match
from game.replay.format import Setup
from game.replay.load import fresh_match
from game.rulesets import ruleset


@dataclass(frozen=True)
class Rewind:
    """A take-back the rules allow: ``match`` is the match without ``command``, made by ``side``."""

    match: Match
    command: Any              # the ruleset's command
    side: str
    words: str        # e.g. "Brakka's move", for the prompt and the message


class RewindRefused(ValueError):
    """Why a take-back is not allowed, in one line."""


def _turn_start(match: Match) -> int:
    """The index of the first command of the current turn (after the one whose events began it)."""
    turn_started = ruleset(match.ruleset).turn_started
    for index in range(len(match.record) - 1, -1, -1):
        if turn_started(match.record[index][1]):
            return index + 1
    return 0


def _words(match: Match, command: Any) -> str:
    kind = type(command).__name__
    readable = "".join(" " + c.lower() if c.isupper() else c for c in kind).strip()
    actor = getattr(command, "actor", None)
    state = match.state
    if isinstance(actor, int) and actor in state.creatures():
        return L_("{creature}'s {command}", creature=state.name(actor), command=readable)
    return readable


def plan_rewind(match: Match, setup: Setup) -> Rewind:
    """The take-back of the match's last command, or RewindRefused saying why not."""
    state = match.state
    if state.outcome is not None:
        raise RewindRefused(L_("The skirmish is over: nothing can be taken back."))
    rules = ruleset(match.ruleset)
    # Under side initiative (a ruleset with TAKE_BACK_HAND_OFFS, sotdl-house R4) every action hands the initiative on:
    # such a hand-off is still its side's to take back while no one has answered it and no offer waits.
    handed_on = bool(match.record) and getattr(rules, "TAKE_BACK_HAND_OFFS", False) \
        and rules.turn_started(match.record[-1][1])
    if not handed_on and _turn_start(match) >= len(match.record):
        raise RewindRefused(L_("Nothing of this turn to take back."))
    command, events = match.record[-1]
    words = _words(match, command)
    if match.dice_rolls[-1]:
        raise RewindRefused(L_("Can't take back {command}: it rolled dice, and what the dice said stands.", command=words))
    before = fresh_match(setup, match.seed, match.ruleset)
    for kept, (old_command, old_events) in enumerate(match.record[:-1]):
        if before.submit(old_command) != old_events:
            raise RewindRefused(L_("Can't take back {command}: this skirmish cannot be rebuilt from its seed "
                                   "(command {n} turns out differently).", command=words, n=kept + 1))
    acting_side = before.state.side(rules.current_creature(before.state))
    side = before.state.side(rules.decider(before.state))
    if side != acting_side:
        raise RewindRefused(L_("Can't take back {command}: it answered for the other side.", command=words))
    # Another side decides now: the command asked it something (an offer, a 5e opportunity attack).
    offered = rules.decider(state) != rules.current_creature(state)
    if state.side(rules.decider(state)) != side and (offered or not handed_on):
        raise RewindRefused(L_("Can't take back {command}: it gave the other side a choice.", command=words))
    return Rewind(before, command, side, words)
