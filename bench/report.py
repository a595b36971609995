"""Timing samples and the contract's JSON summary of them (median, p99, reference and ratio)."""

from __future__ import annotations

import math
import statistics
import time
from typing import Any, Callable


def significant(value: float, digits: int = 4) -> float:
    """``value`` rounded to a few significant digits, for a readable JSON line."""
    return float(f"{value:.{digits}g}")


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile: the smallest sample at or above ``fraction`` of them."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def time_ms(call: Callable[[], object], iterations: int, warmup: int = 0) -> list[float]:
    """Milliseconds taken by each of ``iterations`` calls, after ``warmup`` untimed calls."""
    for _ in range(warmup):
        call()
    samples: list[float] = []
    for _ in range(iterations):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(name: str, unit: str, samples: list[float], ref_name: str | None = None,
            ref_samples: list[float] | None = None) -> dict[str, Any]:
    """One benchmark's line: median and p99 of ``samples``, with the reference's median and the ratio when given."""
    line: dict[str, Any] = {
        "name": name, "unit": unit, "median": significant(statistics.median(samples)),
        "p99": significant(percentile(samples, 0.99)), "n": len(samples),
    }
    if ref_name is not None and ref_samples:
        ref_median = statistics.median(ref_samples)
        line["ref"] = {"name": ref_name, "median": significant(ref_median)}
        line["ratio"] = significant(statistics.median(samples) / ref_median, 3)
    return line
