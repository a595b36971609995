"""The benchmarks in the order they run, each with its full iteration count; adding one is one entry here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from bench.ai import ai_turn, simulate
from bench.d20modern import d20_ai_turn, d20_simulate
from bench.net import net_latency, net_relay
from bench.play import play_frames
from bench.render import render_frame
from bench.rules import cover_matrix_40, distance_full_map, reachable_speed6
from bench.sotdl import ai_turn_sotdl, simulate_sotdl
from bench.startup import startup
from bench.zoom import zoom_200


@dataclass(frozen=True)
class Benchmark:
    name: str
    iterations: int                                    # a full run; --quick runs a tenth
    run: Callable[[int], dict[str, Any] | list[dict[str, Any]]]   # iterations -> the contract's JSON line(s)

    def count(self, quick: bool) -> int:
        """Iterations for this run: a tenth when quick, never fewer than two."""
        return max(2, self.iterations // 10) if quick else self.iterations


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark("render_frame", 600, render_frame),
    Benchmark("reachable_speed6", 1000, reachable_speed6),
    Benchmark("distance_full_map", 50, distance_full_map),
    Benchmark("cover_matrix_40", 30, cover_matrix_40),
    Benchmark("ai_turn", 50, ai_turn),
    Benchmark("simulate", 20, simulate),
    Benchmark("ai_turn.sotdl-house", 50, ai_turn_sotdl),
    Benchmark("simulate.sotdl-house", 20, simulate_sotdl),
    Benchmark("startup", 10, startup),
    Benchmark("zoom_200", 3, zoom_200),              # rounds in and out through every zoom step
    Benchmark("play_frames", 60, play_frames),      # seconds of game time per scene
    Benchmark("d20_ai_turn", 30, d20_ai_turn),
    Benchmark("d20_simulate", 10, d20_simulate),
    Benchmark("net_relay", 10, net_relay),
    Benchmark("net_latency", 10, net_latency),
)
