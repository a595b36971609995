"""Hostile files in CI: a seeded share of the fuzz suite (tests/fuzz; `make fuzz` runs thousands). Every
damaged map, save, record and settings file is refused in one line or used safely: no traceback, no hang,
no file opened outside the allowed folders, no edited save accepted, no other save touched."""

import time
from pathlib import Path

import pytest

from fuzz.harness import Hang, OpenAudit, fuzz_maps, fuzz_saves, fuzz_settings, memory_limit, time_limit

SEED = 20261127
LIMIT = 20.0     # seconds before a case counts as a hang


def assert_clean(tally):
    assert tally.failures == 0, tally.line() + "".join(
        f"\n  {what}: {example}" for what, examples in tally.examples.items() for example in examples)


def test_the_open_audit_sees_a_file_opened_outside_the_allowed_folders(tmp_path):
    with OpenAudit.get().watching(tmp_path) as outside:
        (tmp_path / "inside.txt").write_text("fine")
        Path(__file__).read_bytes()                   # tests/ is not a folder a map or save may read
    assert outside == [str(Path(__file__).resolve())]


def test_the_time_limit_stops_a_case_that_hangs():
    with pytest.raises(Hang), time_limit(0.2):
        while True:
            time.sleep(0.01)


def test_damaged_and_hostile_maps_are_refused_in_one_line_and_read_nothing_outside(tmp_path):
    with memory_limit():
        tally = fuzz_maps(150, SEED, tmp_path, LIMIT, window=True)
    assert tally.tried >= 140 and tally.refused > 0
    assert_clean(tally)


def test_damaged_and_edited_saves_and_records_are_refused_and_other_saves_untouched(tmp_path):
    with memory_limit():
        tally = fuzz_saves(80, SEED, tmp_path, LIMIT, screen=True)
    assert tally.tried == 80 and tally.refused > 0
    assert_clean(tally)


def test_a_damaged_settings_file_never_stops_the_game_starting(tmp_path):
    with memory_limit():
        tally = fuzz_settings(60, SEED, tmp_path, LIMIT)
        started = fuzz_settings(4, SEED, tmp_path / "start", LIMIT, start=True)
    assert tally.tried == 60 and tally.refused > 0
    assert_clean(tally)
    assert_clean(started)
