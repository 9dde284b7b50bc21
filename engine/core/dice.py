"""The only source of chance in the engine: a seeded RNG derived from (seed, version).

Every outcome a game draws from `Dice` must be written into the event it produces, so a log
replays without the dice (and a change to this module never changes an old game).
"""

from __future__ import annotations

import hashlib
import random as _random  # the one permitted import of `random` in engine/ (ARCHITECTURE: Chance)
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Dice:
    """Deterministic dice: the same (seed, version) always yields the same sequence of outcomes."""

    __slots__ = ("__rng", "seed", "version")

    def __init__(self, seed: int, version: int = 0) -> None:
        self.seed = seed
        self.version = version
        self.__rng: _random.Random | None = None  # seeded at the first draw: most decisions draw nothing

    @property
    def drawn(self) -> bool:
        """Whether anything was drawn from these dice yet (a take-back's chance check, issue 26:
        a decision that drew nothing left chance untouched). A `fork` is its own stream."""
        return self.__rng is not None

    @property
    def _rng(self) -> _random.Random:
        if self.__rng is None:
            digest = hashlib.blake2b(f"{self.seed}:{self.version}".encode(), digest_size=8).digest()
            self.__rng = _random.Random(int.from_bytes(digest, "big"))
        return self.__rng

    def d6(self, n: int = 1) -> list[int]:
        """Roll n six-sided dice."""
        return [self._rng.randint(1, 6) for _ in range(n)]

    def roll(self, sides: int, n: int = 1) -> list[int]:
        """Roll n dice with the given number of sides."""
        return [self._rng.randint(1, sides) for _ in range(n)]

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi]."""
        return self._rng.randint(lo, hi)

    def uniform(self, lo: float, hi: float) -> float:
        """A uniform float in [lo, hi]."""
        return self._rng.uniform(lo, hi)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a random order."""
        out = list(items)
        self._rng.shuffle(out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One item chosen uniformly."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self._rng.randrange(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items chosen uniformly (all of them, shuffled, if k >= len)."""
        k = min(k, len(items))
        return self._rng.sample(list(items), k)

    def index(self, n: int) -> int:
        """A uniform index in range(n)."""
        return self._rng.randrange(n)

    def fork(self, label: str) -> Dice:
        """An independent stream for a sub-purpose (e.g. an AI's tie-breaks), still deterministic."""
        return Dice(
            int.from_bytes(hashlib.blake2b(f"{self.seed}:{label}".encode(), digest_size=8).digest(), "big"),
            self.version,
        )
