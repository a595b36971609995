"""The house-ruled 5e combat of 5e-house.md: what the shared battlefield facts mean in that ruleset."""
