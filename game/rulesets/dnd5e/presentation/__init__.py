"""The 5e-house presentation adapter: what the shared battle screen shows of the 5e rules (pure: no pygame)."""
