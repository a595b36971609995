"""Commands: the only way to change a skirmish. Each is validated (pure) and then applied (events out)."""
