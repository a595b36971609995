"""Mouse and keys to intents; the battle screen turns intents into commands."""
