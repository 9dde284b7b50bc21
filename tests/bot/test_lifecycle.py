"""Stopping is bounded: background loops end when cancelled, even when a wake-up lands at the same time.

The full test run once hung at a fixture's teardown for 300 s on a loaded machine: the delivery
worker waited with `asyncio.wait_for(event.wait(), t)`, which on Python 3.11 swallows a
cancellation arriving in the same loop iteration as the event is set (CPython gh-86296), so the
worker never ended and `stop()` awaited it forever. Load makes that coincidence likely; here it is
made certain by stepping the loop by hand.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from bot.aio import stop_tasks, wait_event
from bot.delivery import DeliveryWorker
from bot.lifecycle import SHUTDOWN_S, arm_watchdog
from bot.store import SqliteStore

STEPS = range(6)  # loop iterations between the wake-up and the cancellation: covers the window


async def _steps(n: int) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


@pytest.mark.parametrize("steps", STEPS)
async def test_a_wait_is_cancelled_even_when_its_event_is_set_at_the_same_time(steps: int) -> None:
    event = asyncio.Event()
    ended = asyncio.Event()

    async def loop() -> None:
        try:
            while True:
                event.clear()
                await wait_event(event, 30)
        finally:
            ended.set()

    task = asyncio.create_task(loop())
    await _steps(3)
    event.set()
    await _steps(steps)
    task.cancel()
    done, _ = await asyncio.wait({task}, timeout=2)
    assert done and task.cancelled() and ended.is_set()


@pytest.mark.parametrize("steps", STEPS)
async def test_the_delivery_worker_stops_when_a_notify_coincides_with_the_stop(
    store: SqliteStore, steps: int
) -> None:
    worker = DeliveryWorker(store, service=None, messenger=None)  # type: ignore[arg-type]
    worker.start()
    await worker.wait_idle(5)
    loop_task = worker._task
    assert loop_task is not None
    worker.notify()  # e.g. a table's delivery task finishing as the bot closes
    await _steps(steps)
    done, _ = await asyncio.wait({asyncio.create_task(worker.stop(timeout=5))}, timeout=10)
    assert done, "stop() did not return"
    assert loop_task.done(), "the worker's loop survived its cancellation"


async def test_stop_tasks_gives_up_on_a_task_that_refuses_to_end_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    release = asyncio.Event()

    async def stubborn() -> None:
        while not release.is_set():
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                continue  # swallows every cancellation, as a buggy wait would

    task = asyncio.create_task(stubborn(), name="stubborn")
    await asyncio.sleep(0)
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert await stop_tasks([task], 0.2, what="test") is False
    assert loop.time() - started < 2  # bounded
    assert "stubborn" in caplog.text
    release.set()
    task.cancel()
    await asyncio.wait({task}, timeout=2)


class _Timer:
    """A watchdog timer fired by hand (no clock, no thread)."""

    def __init__(self, seconds: float, fire: Callable[[], None]) -> None:
        self.seconds, self.fire = seconds, fire
        self.daemon = False
        self.started = False

    def start(self) -> None:
        self.started = True


@pytest.mark.parametrize("sqlite_closed", [True, False])
def test_the_shutdown_watchdog_ends_the_process_within_the_5_s_promise(sqlite_closed: bool) -> None:
    """bot/lifecycle.py promises an exit 5 s after SIGTERM whatever hangs: the watchdog armed by the
    signal fires at SHUTDOWN_S (< 5 s), in a daemon thread, and exits 0 if SQLite was closed by
    then (every commit on disk), else 1."""
    clean = threading.Event()
    if sqlite_closed:
        clean.set()
    timers: list[_Timer] = []
    exits: list[int] = []

    def timer(seconds: float, fire: Callable[[], None]) -> _Timer:
        timers.append(_Timer(seconds, fire))
        return timers[-1]

    arm_watchdog(SHUTDOWN_S, clean, timer=timer, exit=exits.append)  # type: ignore[arg-type]
    [armed] = timers
    assert armed.started and armed.daemon and armed.seconds == SHUTDOWN_S < 5.0
    assert exits == []  # nothing happens before it fires
    armed.fire()
    assert exits == [0 if sqlite_closed else 1]
