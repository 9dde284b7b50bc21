"""Back off, never spin (issue 24 item 1): delays that grow after each failure, and a log that says
each kind of failure once a minute.

The bot's loops that retry storage or Discord work (the delivery worker and its lanes, the
scheduler, the series keeper) wait `Backoff.failed()` seconds after a failure: doubling from `base`
up to `cap`, each delay drawn between half and all of that ("equal jitter": loops that failed
together do not retry together, and a delay is never shorter than half its step, so the number of
retries in a span of time is bounded whatever the draw). The first success resets it: the loop
runs at full speed as soon as the fault clears.

`FaultLog` writes the first failure of a kind at once and then at most one line per kind per
`every` seconds, with how many failures it stands for; "works again" once, when the fault clears.
A full disk with a message waiting used to write 440,811 lines in 20 seconds.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from .errors import withheld
from .store import FAULT_WORDS, StorageUnavailable


class Backoff:
    """Exponential back-off with equal jitter; `rng` is injectable (tests draw deterministically)."""

    def __init__(self, *, base: float = 1.0, cap: float = 60.0, rng: random.Random | None = None) -> None:
        self.base = base
        self.cap = cap
        self.rng = rng or random.Random()
        self.failures = 0

    def failed(self) -> float:
        """Seconds to wait after one more failure in a row."""
        step = min(self.cap, self.base * 2 ** min(self.failures, 62))
        self.failures += 1
        return step * (0.5 + 0.5 * self.rng.random())

    def succeeded(self) -> None:
        self.failures = 0


def fault_kind(exc: BaseException) -> str:
    """How a failure is counted in the log: a storage fault by its kind, anything else by its type."""
    return exc.fault if isinstance(exc, StorageUnavailable) else type(exc).__name__


def fault_words(exc: BaseException) -> str:
    """A failure said in words for the log, without the exception's text (it may quote a game's
    secrets; a storage fault's words never do)."""
    if isinstance(exc, StorageUnavailable):
        return f"storage unavailable: {FAULT_WORDS[exc.fault]}"
    return type(exc).__name__


@dataclass
class _Seen:
    logged_at: float
    since: int = 0  # failures not logged since then


class FaultLog:
    """One line per kind of failure per `every` seconds, with a count; storage faults as warnings
    (weather, not bugs), anything else as an error with its traceback (message withheld)."""

    def __init__(
        self,
        logger: logging.Logger,
        what: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        every: float = 60.0,
    ) -> None:
        self.logger = logger
        self.what = what
        self.clock = clock
        self.every = every
        self._seen: dict[str, _Seen] = {}
        self.total = 0  # failures since the last success

    def failed(self, exc: BaseException, retry_in: float, where: str = "") -> None:
        """Count a failure; log it if it is the first of its kind in `every` seconds. `where` names
        the item (a table id, a deadline id): never anything secret."""
        kind = fault_kind(exc)
        now = self.clock()
        seen = self._seen.get(kind)
        self.total += 1
        if seen is not None and now - seen.logged_at < self.every:
            seen.since += 1
            return
        count = 1 + (seen.since if seen is not None else 0)
        span = now - seen.logged_at if seen is not None else 0.0
        times = f"; {count} failures of this kind in the last {span:.0f} s" if count > 1 else ""
        if isinstance(exc, StorageUnavailable):
            self.logger.warning(
                "%s failed (%s)%s; retrying in %.1f s", self.what, fault_words(exc), times, retry_in
            )
        else:
            blank = withheld(exc)
            self.logger.error(
                "%s%s failed (%s)%s; retrying in %.1f s",
                self.what,
                where,
                fault_words(exc),
                times,
                retry_in,
                exc_info=(type(blank), blank, exc.__traceback__),
            )
        self._seen[kind] = _Seen(now)

    def succeeded(self) -> None:
        """The work went through: say so once if it had been failing, and start counting afresh."""
        if self.total:
            self.logger.info("%s works again after %d failure(s)", self.what, self.total)
        self.total = 0
        self._seen.clear()
