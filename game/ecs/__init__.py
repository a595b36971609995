"""The entity-component world: plain-data components, deterministic queries, cheap copies."""
