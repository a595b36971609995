"""Rulesets: what the battlefield's geometric facts mean mechanically in each game system."""
