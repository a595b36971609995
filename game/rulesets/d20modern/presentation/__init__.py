"""The d20-modern presentation adapter: what the shared screen asks of this ruleset (pure Python, no pygame)."""
