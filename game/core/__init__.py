"""Pure geometry and rules: no pygame, no pytmx, no clock, no global randomness."""
