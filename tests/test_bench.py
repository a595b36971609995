"""The benchmark suite runs headless and prints the contract's JSON shape (no timing is asserted)."""

import json

import pytest

from bench.__main__ import main
from bench.arena import SIZE, UNITS_PER_SIDE, shared
from bench.suite import BENCHMARKS
from game.render.map_view import ZOOM_STEPS

NEEDS = {"render_frame": "pyscroll", "distance_full_map": "tcod"}   # the bench-only reference libraries


EXTRAS = {"distance_full_map": {"ref_csgraph", "ratio_csgraph", "first_call"}, "cover_matrix_40": {"after_move"},
          # figures besides the contract's, where the bench has them
          "startup": {"uncompiled"}, "zoom_200": {"max", "cpu_median", "cpu_max", "peak_mb"}}


UNITS = ("ms", "s", "games/min", "commands/s")
COUNTS_COMMANDS = {"net_relay", "net_latency"}      # their n counts the commands measured, not the rounds played


def check_shape(line: dict, name: str) -> None:
    assert json.loads(json.dumps(line)) == line
    assert line["name"] == name
    assert line["unit"] in UNITS
    if name in COUNTS_COMMANDS:
        assert line["n"] >= 2
    else:
        assert line["n"] == (2 * 2 * len(ZOOM_STEPS) if name == "zoom_200" else 2)   # zoom_200: every step in and out
    assert 0 < line["median"] <= line["p99"]
    keys = set(line) - EXTRAS.get(name, set())
    if name in NEEDS or "ref" in line:
        assert keys == {"name", "unit", "median", "p99", "n", "ref", "ratio"}
        assert set(line["ref"]) == {"name", "median"} and line["ref"]["median"] > 0
        assert line["ratio"] > 0
    else:
        assert keys == {"name", "unit", "median", "p99", "n"}


@pytest.mark.parametrize("benchmark", [b for b in BENCHMARKS if b.name != "play_frames"], ids=lambda b: b.name)
def test_each_benchmark_gives_one_contract_line(benchmark):
    if benchmark.name in NEEDS:
        pytest.importorskip(NEEDS[benchmark.name])
    check_shape(benchmark.run(2), benchmark.name)


def test_play_frames_gives_one_line_per_scene_with_the_worst_frame_and_the_frames_over_budget():
    lines = next(b for b in BENCHMARKS if b.name == "play_frames").run(1)      # a second of game time each
    assert [line["name"] for line in lines] == ["play_frames.four_banners.computer", "play_frames.four_banners.player",
                                                "play_frames.arena.computer", "play_frames.arena.player"]
    for line in lines:
        assert json.loads(json.dumps(line)) == line
        assert set(line) - {"zoom_max"} == {"name", "unit", "median", "p99", "max", "n", "over_16ms", "cpu_p99",
                                            "cpu_max", "cpu_over_16ms"}
        assert line["unit"] == "ms" and 0 < line["median"] <= line["p99"] <= line["max"]
        assert 50 <= line["n"] <= 60 and 0 <= line["over_16ms"] <= line["n"]


def test_the_arena_is_a_100_square_map_with_walls_rubble_cover_and_40_creatures():
    state = shared().match.state
    terrain = state.battlefield.terrain
    assert (state.battlefield.width, state.battlefield.height) == (SIZE, SIZE)
    assert all(any(getattr(t, flag) for t in terrain) for flag in ("wall", "difficult", "cover"))
    assert len(state.standing()) == 2 * UNITS_PER_SIDE


def test_stdout_holds_only_json_lines_and_quick_runs_a_tenth_of_the_chosen_benchmarks(capsys):
    assert main(["--quick", "reachable_speed6"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(text) for text in out.splitlines()]
    assert [(line["name"], line["n"]) for line in lines] == [("reachable_speed6", 100)]
    assert "skipped" not in err
