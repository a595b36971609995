"""The computer opponent (docs/ai.md): whole computer-against-computer skirmishes on every shipped map
end, never send a command the door refuses and repeat exactly for a seed; and on small battlefields
it plays the rules well: kills, flanks, spares allies, pushes off ledges, catches its breath and
walks round enemies rather than past them."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from game.rulesets.dnd4e.actions.attack import AreaPlan, plan_area
from game.rulesets.dnd4e.actions.commands import (
    AreaAttack, Attack, Charge, EndTurn, ForceMove, Move, React, Rejected, SecondWind, Teleport,
)
from game.rulesets.dnd4e.actions.door import execute, validate
from game.rulesets.dnd4e.actions.move import move_options
from game.rulesets.dnd4e.ai import Controller, NotMyTurn, ScriptedController
from game.rulesets.dnd4e.ruleset import COMMANDS, command_from_json, command_to_json
from game.core.dice import DiceExpr, SeededDice
from game.core.grid import chebyshev
from game.ecs.components import ForcedMovement, Health, PendingForced, Power, TeleportPower, TurnState
from game.rulesets.dnd4e.opportunity import provokers
from support import BOW, SWORD, Unit, battle

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
GAMES_PER_MAP = 50
MAX_ROUNDS = 20                 # the CLI's default is 30; 20 keeps the 250 games quick and still long enough
PAIRINGS = (("normal", "normal"), ("easy", "hard"), ("hard", "easy"), ("normal", "easy"), ("easy", "normal"))


# Whole skirmishes --------------------------------------------------------------------------------------------
def _play_games(task: tuple[str, int, int]) -> list[tuple[int, str, int, str]]:
    """Games ``first``..``last - 1`` of one map: (seed, winner or "draw", rounds, final hash); a refused
    command raises."""
    from game.rulesets.dnd4e.content import load_creatures, load_rosters
    from game.simulate import load_map, make_player, play_game

    map_name, first, last = task
    bf = load_map(ROOT / "maps" / map_name)
    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    found = []
    for seed in range(first, last):
        blue, red = PAIRINGS[seed % len(PAIRINGS)]
        players = {"blue": make_player("ai", "blue", blue, seed), "red": make_player("ai", "red", red, seed)}
        result = play_game(bf, rosters, creatures, seed, players, MAX_ROUNDS)
        found.append((seed, result.label, result.rounds, result.digest))
    return found


@pytest.fixture(scope="module")
def played() -> dict[str, list[tuple[int, str, int, str]]]:
    """Fifty games on each shipped map, in halves shared between two worker processes."""
    half = GAMES_PER_MAP // 2
    tasks = [(p.name, first, last) for p in MAPS for first, last in ((0, half), (half, GAMES_PER_MAP))]
    found: dict[str, list[tuple[int, str, int, str]]] = {p.name: [] for p in MAPS}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for (name, _, _), games in zip(tasks, pool.map(_play_games, tasks)):
            found[name] += games
    return found


def test_fifty_computer_games_on_every_shipped_map_end_in_a_win_or_a_round_limit_draw(played):
    assert sorted(played) == sorted(p.name for p in MAPS) and len(MAPS) >= 5
    for map_name, games in played.items():
        assert len(games) == GAMES_PER_MAP
        for seed, winner, rounds, _ in games:
            assert winner in ("blue", "red") or (winner == "draw" and rounds == MAX_ROUNDS), (map_name, seed)
            assert 1 <= rounds <= MAX_ROUNDS
    decided = sum(1 for games in played.values() for _, winner, _, _ in games if winner != "draw")
    assert decided >= len(MAPS) * GAMES_PER_MAP // 2      # most games are fought out, not waited out


def test_the_same_seed_plays_the_same_game_twice(played):
    """A second run of some of the games, in this process, ends on the same state hash."""
    from game.rulesets.dnd4e.content import load_creatures, load_rosters
    from game.simulate import load_map, make_player, play_game

    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    for map_path in MAPS:
        bf = load_map(map_path)
        for seed in (0, 3):
            blue, red = PAIRINGS[seed % len(PAIRINGS)]
            players = {"blue": make_player("ai", "blue", blue, seed), "red": make_player("ai", "red", red, seed)}
            again = play_game(bf, rosters, creatures, seed, players, MAX_ROUNDS)
            assert (again.label, again.rounds, again.digest) == played[map_path.name][seed][1:], (map_path.name, seed)


def test_simulate_prints_each_game_and_a_summary_and_repeats_across_processes(tmp_path):
    args = [sys.executable, "-m", "game", "simulate", "--games", "2", "--seed", "7", "--sides", "ai,scripted",
            "--max-rounds", "20", "--record", str(tmp_path)]
    first = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=300)
    second = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=300,
                            env={"PYTHONHASHSEED": "12345", "PATH": "/usr/bin:/bin"})
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    lines = first.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["game 1 seed 7", "game 2 seed 8"]
    assert lines[2].startswith("summary: blue ") and "games per minute" in lines[2]
    assert [line for line in second.stdout.splitlines() if line.startswith("game")] == lines[:2]
    record = json.loads((tmp_path / "game-7.json").read_text())
    assert {"rules_version", "ruleset", "map", "seed", "commands"} <= set(record)
    assert record["seed"] == 7 and record["ruleset"] == "4e"
    assert all(c["type"] in {kind.__name__ for kind in COMMANDS} for c in record["commands"])


def test_a_recorded_game_replays_to_the_same_final_state():
    from game.rulesets.dnd4e.content import load_creatures, load_rosters
    from game.simulate import load_map, make_player, play_game, replay, state_digest

    creatures = load_creatures()
    rosters = load_rosters(creatures=creatures)
    bf = load_map(ROOT / "maps" / "cliffside.tmx")
    players = {"blue": make_player("ai", "blue", "normal", 4), "red": make_player("scripted", "red", "normal", 4)}
    result = play_game(bf, rosters, creatures, 4, players, 20)
    saved = json.loads(json.dumps([command_to_json(c) for c, _ in result.match.record]))
    again = replay(bf, rosters, creatures, 4, [command_from_json(c) for c in saved])
    assert state_digest(again.state) == result.digest


def test_simulate_refuses_an_unknown_ruleset_in_one_line():
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--ruleset", "5e"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown ruleset '5e': choose 4e or 5e-house")


def test_simulate_imports_no_pygame():
    code = ("import sys; from game.cli import main; main(['simulate', '--games', '1', '--max-rounds', '2']); "
            "print('pygame' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "False"


# The controller's contract ------------------------------------------------------------------------------------
def test_it_answers_only_for_its_own_side():
    state, ids = battle(["A.B"], {"A": Unit(), "B": Unit(side="red")})
    with pytest.raises(NotMyTurn):
        Controller("red").next_command(state)


def test_every_command_it_returns_passes_the_door_and_the_turn_ends():
    state, ids = battle(["A....", ".....", "....B"], {"A": Unit(), "B": Unit(side="red")})
    controller, dice = Controller("blue"), SeededDice(1)
    for _ in range(10):
        if state.turn.current != ids["A"] or state.outcome is not None:
            break
        command = controller.next_command(state)
        assert validate(state, command) is None
        assert not isinstance(execute(state, command, dice), Rejected)
    assert state.turn.current != ids["A"] or state.outcome is not None


def test_every_command_survives_the_json_round_trip():
    from game.rulesets.dnd4e.actions.commands import AreaAttack as Area, Charge as Ch, Escape, Teleport, UsePower

    for command in (Move(1, ((0, 0), (1, 1)), "shift"), Area(2, "burst", (3, 4), True), Ch(1, 2, ((0, 0), (1, 0))),
                    Escape(1, "acrobatics", (2, 2)), Teleport(1, "step", (5, 5)), UsePower(1, "heal", None),
                    React(3, False), ForceMove(1, 2, ((1, 1),)), EndTurn(4)):
        data = json.loads(json.dumps(command_to_json(command)))
        assert command_from_json(data) == command


# Heuristics on small battlefields ------------------------------------------------------------------------------
def _first(state, ids, letter: str = "A", difficulty: str = "normal"):
    return Controller(state.side(ids[letter]), difficulty).next_command(state)


def test_it_takes_the_kill_on_a_bloodied_enemy():
    state, ids = battle([".B.", ".A.", ".C."], {"A": Unit(), "B": Unit(side="red"), "C": Unit(side="red")})
    state.world.add(ids["C"], Health(4))                 # bloodied and nearly down
    command = _first(state, ids)
    assert isinstance(command, Attack) and command.target == ids["C"]


def test_it_flanks_when_it_can():
    rows = ["........",
            ".FE.....",
            "........",
            "......A."]
    state, ids = battle(rows, {"A": Unit(attacks=(SWORD,)), "E": Unit(side="red", hp=40), "F": Unit()})
    command = _first(state, ids)
    assert isinstance(command, (Move, Charge))
    assert command.path[-1] == (3, 1)                    # across the enemy from the ally: combat advantage (§21)


BURST = Power("fireball", "area", 10, 0, 6, "reflex", DiceExpr(1, 6, 4), weapon=False, area="burst", size=1,
              basic=False, targets="creature")


def test_it_does_not_catch_an_ally_in_a_burst_when_it_can_aim_past_it():
    rows = ["........",
            "...FEG..",
            "........",
            "........",
            "....A..."]
    state, ids = battle(rows, {"A": Unit(attacks=(BURST, BOW)), "E": Unit(side="red"), "G": Unit(side="red"),
                               "F": Unit()})
    command = _first(state, ids)
    assert isinstance(command, AreaAttack)
    plan = plan_area(state, ids["A"], command.attack, command.origin)
    assert isinstance(plan, AreaPlan)
    caught = {t for t, _ in plan.targets}
    assert ids["F"] not in caught and {ids["E"], ids["G"]} <= caught


SHOVE = Power("shove", "melee", 1, 0, 5, "fortitude", DiceExpr(1, 6, 2), basic=False, forced="push", forced_squares=1)
CLIFF = [[20, 20, 20, 0, 0]] * 3


def test_it_pushes_an_enemy_off_a_ledge_when_a_push_power_allows_it():
    state, ids = battle([".....", ".AE..", "....."], {"A": Unit(attacks=(SWORD, SHOVE)), "E": Unit(side="red", hp=30)},
                        elevation_ft=CLIFF)
    command = _first(state, ids)
    assert isinstance(command, Attack) and command.attack == "shove" and command.target == ids["E"]
    # The hit earned the push: the controller places it over the edge (§20, §22).
    state.world.set_resource(PendingForced((ForcedMovement(ids["A"], ids["E"], "push", 1),)))
    placed = _first(state, ids)
    assert isinstance(placed, ForceMove) and placed.path[-1][0] == 3


def test_it_uses_second_wind_when_bloodied_with_nothing_better_to_do():
    rows = ["A.#.........",
            "..#.........",
            "..#........B"]
    state, ids = battle(rows, {"A": Unit(hero=True, surges=4, hp=30, attacks=(SWORD,)), "B": Unit(side="red")})
    state.world.add(ids["A"], Health(9))
    command = _first(state, ids)
    assert isinstance(command, SecondWind)


def test_it_walks_round_an_enemy_rather_than_past_it_when_it_can():
    rows = [".......",
            "...E...",
            "A.....G",
            ".......",
            "......."]
    tough = Unit(side="red", defenses=Unit().defenses.__class__(40, 40, 40, 40))
    state, ids = battle(rows, {"A": Unit(attacks=(SWORD,)), "E": tough, "G": Unit(side="red", hp=20)})
    state.world.add(ids["G"], Health(6))
    straight = move_options(state, ids["A"]).path_to((5, 2))
    assert provokers(state, ids["A"], straight, "walk") == [ids["E"]]     # the cheapest way up to G provokes E
    command = _first(state, ids)
    assert isinstance(command, Move) and max(abs(command.path[-1][0] - 6), abs(command.path[-1][1] - 2)) == 1
    assert provokers(state, ids["A"], command.path, command.mode) == []


def test_a_wounded_archer_caught_in_melee_teleports_out_rather_than_shoot_and_provoke():
    rows = ["..........",
            ".EAF......",
            ".........."]
    state, ids = battle(rows, {"A": Unit(attacks=(BOW,), teleports=(TeleportPower("step", 5),)),
                               "E": Unit(side="red", attacks=(SWORD,)), "F": Unit(side="red", attacks=(SWORD,))})
    state.world.add(ids["A"], Health(8))
    command = _first(state, ids)
    assert isinstance(command, Teleport)
    assert all(chebyshev(command.destination, state.square(ids[e])) > 1 for e in "EF")


def test_it_takes_an_opportunity_attack_when_offered():
    state, ids = battle(["AB..."], {"A": Unit(), "B": Unit(side="red")}, order="BA")
    assert not isinstance(execute(state, Move(ids["B"], ((1, 0), (2, 0), (3, 0))), SeededDice(2)), Rejected)
    assert state.offer is not None and state.offer.by == ids["A"]
    assert _first(state, ids) == React(ids["A"], True)


def test_the_scripted_player_walks_up_and_attacks():
    state, ids = battle(["A...B"], {"A": Unit(attacks=(SWORD,)), "B": Unit(side="red")})
    command = ScriptedController("blue").next_command(state)
    assert isinstance(command, Move) and command.path[-1] == (3, 0)


def test_difficulty_must_be_known():
    with pytest.raises(ValueError):
        Controller("blue", "impossible")
    assert TurnState  # the support module builds turns; nothing more to check here
