"""The 4e presentation adapter: what the shared battle screen shows of the 4e rules (pure: no pygame)."""
