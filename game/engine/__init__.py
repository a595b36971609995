"""What every ruleset shares and the screens, saves and tools speak to: the Ruleset protocol and the
neutral types it is written in (refusals, rosters, choices, animation cues, badges, the command codec)."""
