"""`python -m bot`: run the bot, as `tablero run` does (the whole command line is launcher/cli.py)."""

from __future__ import annotations

import sys

from .cli import run

if __name__ == "__main__":
    if sys.argv[1:]:
        print(
            "python -m bot takes no arguments; the command line is `tablero` (python -m launcher)",
            file=sys.stderr,
        )
        sys.exit(2)
    sys.exit(run())
