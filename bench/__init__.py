"""The performance suite, `python -m bench`: one JSON line per benchmark on stdout (../shared/contracts/bench.md).

Importing the package makes pygame headless (dummy video and audio drivers, no greeting on stdout)
before any benchmark imports pygame. docs/performance.md says what each figure means.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
