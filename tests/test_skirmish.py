"""Whole skirmishes on the default map through the one door: they end, and a seed replays exactly."""

from pathlib import Path

from game.rulesets.dnd4e.actions.commands import Rejected
from game.rulesets.dnd4e.actions.events import SkirmishWon
from game.rulesets.dnd4e.ai.scripted import scripted_command
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.maps.loader import load_battlefield
from game.rulesets.dnd4e.setup import new_match

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"
MAX_COMMANDS = 3000


def play_out(seed: int):
    creatures = load_creatures()
    match = new_match(load_battlefield(DEFAULT_MAP), load_rosters(creatures=creatures), creatures, seed)
    for _ in range(MAX_COMMANDS):
        if match.state.outcome is not None:
            break
        result = match.submit(scripted_command(match.state))
        assert not isinstance(result, Rejected), result
    return match


def test_a_skirmish_on_the_default_map_plays_to_a_winner():
    match = play_out(seed=11)
    assert match.state.outcome is not None and match.state.outcome.winner in ("blue", "red")
    assert isinstance(match.events[-1], SkirmishWon)
    losers = [e for e in match.state.creatures() if match.state.side(e) != match.state.outcome.winner]
    assert all(not match.state.conscious(e) for e in losers)   # dead, dying or knocked out (4e §27)


def test_the_same_seed_and_commands_give_the_same_game_event_for_event():
    first, second = play_out(seed=5), play_out(seed=5)
    assert first.events == second.events
    assert first.state.world.snapshot() == second.state.world.snapshot()
    assert play_out(seed=6).events != first.events


def test_every_creature_rolls_initiative_once_at_the_start():
    match = play_out(seed=3)
    rolled = [e.entity for e in match.opening if type(e).__name__ == "InitiativeRolled"]
    assert sorted(rolled) == match.state.creatures()
