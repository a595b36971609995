"""Grid Skirmish: a tactical grid game that plays tabletop combat rules on Tiled maps."""

import os as _os

RULES_VERSION = "0.3.0"   # bumped whenever a rule change could make an old save play out differently

# pytmx imports pygame when it can; keep pygame's greeting off standard output (query prints JSON).
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
