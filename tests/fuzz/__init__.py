"""Hostile-file fuzzing: mutators and the runner (`make fuzz`; a seeded share runs in `make test`)."""
