"""The real bot as its own process (for the SIGKILL restart test), with the test games registered."""

from __future__ import annotations

import itertools
import os
import sys

from bot.cli import run


class _Deterministic:
    """Stands in for `secrets` in bot.tables: seeds and random sides from a counter (tests only)."""

    def __init__(self, start: int) -> None:
        self._next = itertools.count(start)

    def randbits(self, bits: int) -> int:
        return next(self._next) % (1 << bits)

    def randbelow(self, n: int) -> int:
        return 0


if __name__ == "__main__":
    if os.environ.get("TABLERO_TEST_GAMES"):
        from tests.games.registration import register_duel

        register_duel()
    if os.environ.get("TABLERO_TEST_SEED"):
        import bot.tables

        bot.tables.secrets = _Deterministic(int(os.environ["TABLERO_TEST_SEED"]))  # type: ignore[assignment]
    sys.exit(run())
