"""The series keeper: series hand-overs (a round opened, a finished round fed back to its series)
that did not go through are tried again, with back-off, until they do.

A hand-over normally happens right after the commit that calls for it (TableService._series). If it
fails there (the store is failing, say), the move itself is committed and stands; the service asks
the keeper (`notify`), which runs `TableService.resume_series` (idempotent: it opens whatever round
a series waits on and feeds back whatever round finished) until it succeeds, waiting longer after
each failure (bot/backoff.py) and logging each kind of failure once a minute. At start-up it runs
once for the hand-overs that were due while the bot was down.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable

from .aio import stop_tasks, wait_event
from .backoff import Backoff, FaultLog
from .scheduler import Wait
from .tables import TableService

log = logging.getLogger(__name__)

CAP_S = 60.0
"""Longest wait between two tries while the hand-overs keep failing."""


class SeriesKeeper:
    """Runs `resume_series` when asked, again with back-off while it fails."""

    def __init__(
        self,
        service: TableService,
        *,
        clock: Callable[[], float] = time.monotonic,
        wait: Wait = wait_event,
        rng: random.Random | None = None,
    ) -> None:
        self.service = service
        self.clock = clock
        self._wait = wait
        self._wake = asyncio.Event()
        self._due = False
        self._backoff = Backoff(base=0.5, cap=CAP_S, rng=rng)
        self.fault_log = FaultLog(log, "series hand-over", clock=clock)
        self._task: asyncio.Task[None] | None = None
        self._retry_in = 0.0
        service.series_failed = self.notify

    def notify(self) -> None:
        """A hand-over failed (or may be due): try them all again soon."""
        self._due = True
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="tablero-series")

    async def stop(self, timeout: float = 1.0) -> None:
        await stop_tasks([self._task], timeout, what="series keeper")
        self._task = None

    async def run_once(self) -> bool:
        """One try of every due hand-over; whether it went through (a failure is logged, not raised)."""
        self._due = False
        try:
            await self.service.resume_series()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._due = True
            self.fault_log.failed(exc, delay := self._backoff.failed())
            self._retry_in = delay
            return False
        self._backoff.succeeded()
        self.fault_log.succeeded()
        return True

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            if not self._due:
                await self._wait(self._wake, CAP_S * 60)  # asked by notify(); nothing to do till then
                continue
            if not await self.run_once():
                await self._wait(asyncio.Event(), self._retry_in)  # a failure asks again: not a wake
