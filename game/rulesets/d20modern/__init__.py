"""The d20 Modern SRD combat chapter as a ruleset (shared/rules/d20-modern.md): the fourth ruleset."""
