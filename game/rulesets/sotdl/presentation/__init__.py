"""What the shared screen asks the sotdl-house ruleset (no pygame): the game.engine.protocol.Presenter."""
