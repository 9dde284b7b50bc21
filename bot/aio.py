"""asyncio helpers whose waits and stops are bounded and never lose a cancellation.

Why not `asyncio.wait_for(event.wait(), timeout)`: on Python 3.11 it swallows a cancellation that
arrives in the same loop iteration as the awaited thing completes (CPython gh-86296, fixed by the
rewrite in 3.12): the task carries on as if nothing happened and whoever cancelled it and awaits it
waits forever. A background loop that waits that way (the delivery worker did) cannot be stopped
reliably; on a loaded machine the window is hit often enough to hang a test run at teardown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger(__name__)


async def breathe() -> None:
    """Let the event loop run whatever else is ready before going on (`asyncio.sleep(0)`).

    Issue 9 item 7: an acknowledgement needs the event loop four or five times between its gateway
    frame arriving and its HTTP request leaving (read the frame, parse it and start the component's
    task, run it to `defer`, write the request), and each time it waits for every callback queued
    before it. A click's own answer or a status message built in one go (load the table, draw the
    panel's texts and components, build the multipart request: 1-3 ms of Python, up to 10) made
    every acknowledgement that arrived meanwhile wait for all of it; split at the `breathe()`s
    between those steps, it waits for one step. Costs about 20 microseconds a call."""
    await asyncio.sleep(0)


async def wait_event(event: asyncio.Event, timeout: float | None) -> bool:
    """Wait until `event` is set (True) or `timeout` seconds pass (False); cancellation propagates."""
    if event.is_set():
        return True
    try:
        async with asyncio.timeout(timeout):
            await event.wait()
    except TimeoutError:
        return event.is_set()
    return True


async def stop_tasks(tasks: Iterable[asyncio.Task[object] | None], timeout: float, *, what: str = "") -> bool:
    """Cancel the tasks and wait at most `timeout` seconds for them to end; True if all ended.

    A task that ignores or loses a cancellation is cancelled again every 50 ms until the bound;
    what is still running then is logged and left behind (the caller goes on regardless).
    """
    pending = {t for t in tasks if t is not None and not t.done()}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while pending:
        for task in pending:
            task.cancel()
        remaining = deadline - loop.time()
        if remaining <= 0:
            break
        _, pending = await asyncio.wait(pending, timeout=min(remaining, 0.05))
    if pending:
        names = ", ".join(sorted(t.get_name() for t in pending))
        log.warning(
            "%s: %d task(s) did not stop within %.1f s: %s", what or "stop", len(pending), timeout, names
        )
        return False
    return True


def retrieve(task: asyncio.Task[object]) -> BaseException | None:
    """The task's exception, marked as retrieved (None when it was cancelled or succeeded)."""
    if task.cancelled():
        return None
    return task.exception()
