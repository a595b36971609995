"""Screens, HUD, combat log and the victory screen (pygame)."""
