"""The real bot as its own process (for the SIGKILL restart test), with the test games registered."""

from __future__ import annotations

import os
import sys

from bot.__main__ import main

if __name__ == "__main__":
    if os.environ.get("TABLERO_TEST_GAMES"):
        from tests.games.registration import register_duel

        register_duel()
    sys.exit(main())
