"""Saved games, replays and rewinds: a match kept as its setup, seed and commands, rebuilt through the door."""
