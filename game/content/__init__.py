"""Creatures and rosters loaded from TOML data files, checked on load."""
