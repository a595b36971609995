"""Route distance round walls and through portals, and the computer finishing fights on the wizard's tower."""

from pathlib import Path

import pytest

from game.engine.routes import route_squares
from game.rulesets import ruleset
from game.simulate import load_map, play_game
from game.match import rosters_in_play

TOWER = Path(__file__).resolve().parent.parent / "maps" / "tower.tmx"


def test_the_way_round_the_tower_wall_is_past_its_end_and_a_portal_cuts_it_short():
    bf = load_map(TOWER)
    walking = route_squares(bf, [(13, 7)])
    # (11, 7) faces (13, 7) across the wall of force: the way is round its north end, (12, 3), and back down.
    assert walking[(11, 7)] == 8
    assert walking[(13, 8)] == 1
    through = route_squares(bf, [(13, 7)], portals=True)
    # Ending a move on the portal at (4, 4) leads to (20, 12), a walk of 5 from the goal.
    assert through[(4, 4)] == walking[(20, 12)] == 7
    assert (0, 0) not in walking          # solid rock: no way


@pytest.mark.parametrize("name, seed", [("5e-house", 104), ("4e", 100), ("sotdl-house", 100)])
def test_the_computer_finishes_a_tower_fight_that_used_to_end_in_a_draw_at_round_30(name, seed):
    rules = ruleset(name)
    bf = load_map(TOWER)
    creatures = rules.load_creatures()
    rosters = rosters_in_play(bf, rules.load_rosters(creatures=creatures))
    players = {r.side: rules.make_player("ai", r.side, "normal", seed) for r in rosters}
    result = play_game(bf, rosters, creatures, seed, players, 30, ruleset_name=name)
    assert result.winner != "" and result.rounds < 30
