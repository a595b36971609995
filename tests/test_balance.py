"""The balance report: Wilson intervals, repeated short --sides lists, and the table's format from the command."""

import os
import subprocess
import sys
from pathlib import Path

from game.balance import Job, Outcome, jobs_for, play_all, table, wilson
from game.simulate import repeated

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def test_wilson_interval_matches_the_published_worked_values():
    # 8 of 10 at 95%: 0.490-0.943 (Newcombe 1998, table I, method 3)
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943
    assert wilson(0, 10)[0] == 0.0 and round(wilson(10, 10)[1], 9) == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_short_sides_list_repeats_over_every_side():
    assert repeated(["ai", "scripted"], 4) == ["ai", "scripted", "ai", "scripted"]
    assert repeated(["ai"], 3) == ["ai", "ai", "ai"]


def test_each_game_uses_the_seed_simulate_would_and_outcomes_keep_job_order():
    jobs = jobs_for(["4e"], [ROOT / "maps" / "default.tmx"], 2, 100, 1)
    assert [job.seed for job in jobs] == [100, 101]
    outcomes = play_all(jobs, 1, progress=None)
    assert [outcome.job for outcome in outcomes] == jobs
    assert outcomes[0].sides == ("blue", "red")


def test_a_map_a_ruleset_cannot_set_up_is_one_row_not_a_crash(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map/>", encoding="utf-8")
    rows = table(play_all([Job("4e", str(broken), 1, 1)], 1, progress=None))
    assert rows[2].startswith("| 4e | broken.tmx | 0 | cannot play:")


def test_balance_command_prints_a_table_of_wins_and_draws_with_intervals_over_two_processes():
    proc = subprocess.run([sys.executable, "-m", "game", "balance", "--games", "2", "--max-rounds", "1",
                           "--rulesets", "4e,5e-house", "--maps", "maps/default.tmx", "--jobs", "2"],
                          capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "2/4 games" in proc.stderr and "4/4 games" in proc.stderr        # the progress bar
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Command: `python -m game balance --games 2")
    assert "cores" in lines[2] and "4 games" in lines[2]
    assert lines[4] == "| ruleset | map | games | wins (95% interval) | draws (95% interval) | mean rounds |"
    rows = lines[6:]
    assert [row.split(" | ")[:3] for row in rows] == [["| 4e", "default.tmx", "2"], ["| 5e-house", "default.tmx", "2"]]
    for row in rows:       # one round is never enough to win: both draws, 34-100% at 2 of 2
        assert "blue 0 (0-66%), red 0 (0-66%) | 2 (34-100%) | 1.0 |" in row


def test_balance_refuses_an_unknown_ruleset_in_one_line():
    proc = subprocess.run([sys.executable, "-m", "game", "balance", "--rulesets", "chess"],
                          capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("error: unknown ruleset 'chess'")
    assert "Traceback" not in proc.stderr


def test_balance_plays_the_rosters_the_start_menu_offers_on_every_map_in_every_ruleset(tmp_path, monkeypatch):
    # Issue 21: the table is about the skirmishes a player gets, so each side fields its start-menu preset.
    import pygame

    from game.app import FixedStepLoop, Game
    from game.cli import RULESETS
    from game.match import preset_rosters
    from game.rulesets import ruleset
    from game.simulate import load_map
    from test_game_loop import SteppedClock, run_frames

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    run_frames(game, 1)
    menu = game.scene
    try:
        for name in RULESETS:
            menu.ruleset = name
            rules = ruleset(name)
            creatures = rules.load_creatures()
            presets = rules.load_presets(creatures=creatures)
            for index, entry in enumerate(menu.entries):
                menu.index = index
                played = preset_rosters(load_map(entry.path), presets, rules.DEFAULT_PRESETS, creatures, rules.NAME)
                assert [(r.side, r.creatures) for r in played] == [(r.side, r.creatures) for r in menu.rosters], \
                    (name, entry.path.name)
    finally:
        pygame.quit()


def test_mirror_gives_every_side_one_roster_and_levels_swap_sides_every_other_game():
    mirrored = jobs_for(["sotdl-house"], [ROOT / "maps" / "four-banners.tmx"], 1, 7, 1, mirror="red")
    outcome = play_all(mirrored, 1, progress=None)[0]
    assert outcome.sides == ("blue", "red", "green", "yellow") and outcome.job.mirror == "red"
    levels = jobs_for(["4e"], [ROOT / "maps" / "default.tmx"], 2, 100, 1, levels=True)
    assert [(job.seed, job.levels) for job in levels] == [
        (100, ("hard", "normal")), (101, ("normal", "hard")), (100, ("normal", "easy")), (101, ("easy", "normal"))]
    assert all(job.mirror == "blue" for job in levels)


def test_the_levels_table_counts_the_wins_of_each_level_whichever_side_it_played():
    jobs = jobs_for(["4e"], [ROOT / "maps" / "default.tmx"], 2, 100, 30, levels=True)[:2]
    outcomes = [Outcome(jobs[0], ("blue", "red"), "blue", 5), Outcome(jobs[1], ("blue", "red"), "red", 7)]
    rows = table(outcomes)
    assert rows[0].startswith("| ruleset | map | levels | games | stronger wins")
    assert rows[2] == "| 4e | default.tmx | hard vs normal | 2 | hard 2 (34-100%) | normal 0 (0-66%) | 0 (0-66%) | 6.0 |"


def test_balance_levels_command_prints_a_row_per_pair_of_levels():
    proc = subprocess.run([sys.executable, "-m", "game", "balance", "--levels", "--games", "2", "--max-rounds", "1",
                           "--rulesets", "sotdl-house", "--maps", "maps/default.tmx", "--jobs", "1"],
                          capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()[6:]
    assert [row.split(" | ")[2] for row in rows] == ["hard vs normal", "normal vs easy"]
