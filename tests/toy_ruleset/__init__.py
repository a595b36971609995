"""A tests-only toy ruleset (two creatures, a walk and a d20 attack), registered by the tests with
game.rulesets.register: the proof that a ruleset is one folder the screens, simulate and query reach only
through the registry and the protocol (issue 17)."""
