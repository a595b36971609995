"""The D&D 4th edition ruleset (../shared/rules/4e-combat.md, 4e-movement.md): the default."""
