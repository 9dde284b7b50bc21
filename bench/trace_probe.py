"""Run a bot (Tablero's `-m bot` or `bench/bare_bot.py`) with timing probes, for `platform_ack.py --trace`.

Usage: python bench/trace_probe.py OUT.jsonl -m bot | python bench/trace_probe.py OUT.jsonl bench/bare_bot.py

The same probes go into both bots, so their cost is on both sides of the comparison. Recorded, on
`time.perf_counter()` (CLOCK_MONOTONIC on Linux: the same clock in every process of the machine,
so the benchmark's own stamps line up with these):
- `frame`: when discord.py's gateway handed an INTERACTION_CREATE to its parser, and the
  interaction's id (stamped as `parse_interaction_create` starts);
- `ack`: when the bot called the interaction callback endpoint (`create_interaction_response`);
- `lag`: the event loop's lateness, from a task that sleeps 2 ms at a time (only wakes later than
  2 ms past due are written);
- `gc`: each garbage collection of this process (start, duration, generation), from `gc.callbacks`;
- `cb`: each event-loop callback that took more than 1 ms of wall time or 0.5 ms of this thread's
  CPU (`asyncio.Handle._run` timed): wall and CPU ms and what ran (a task's coroutine and the line
  where it stopped). Wall much longer than CPU means the thread waited (the GIL, or the kernel
  gave the core to another process); CPU that long means the loop itself was busy.
Lines are appended to OUT every half second (a SIGTERM'd bare bot has no exit handler).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import runpy
import sys
import time
from typing import Any

EVENTS: list[dict[str, Any]] = []
now = time.perf_counter


def _where(handle: Any) -> str:
    """Where the task a callback steps is suspended: its innermost awaiting coroutine's line."""
    task = getattr(handle._callback, "__self__", None)
    if not isinstance(task, asyncio.Task):
        return ""
    inner = task.get_coro()
    while getattr(getattr(inner, "cr_await", None), "cr_frame", None) is not None:
        inner = inner.cr_await
    frame = getattr(inner, "cr_frame", None)
    if frame is None:
        return ""
    return f"{frame.f_code.co_filename.rsplit('/', 2)[-1]}:{frame.f_lineno} {frame.f_code.co_name}"


def _what(handle: Any, since: str) -> str:
    callback = handle._callback
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        name = getattr(task.get_coro(), "__qualname__", "?")
        return f"task {name} [{since} -> {_where(handle)}]"
    return getattr(callback, "__qualname__", None) or repr(callback)[:80]


def profile_handles(events: list[dict[str, Any]]) -> None:
    """Time every event-loop callback of this process (see `cb` above)."""
    import asyncio.events

    run = asyncio.events.Handle._run
    cpu = time.thread_time

    def timed_run(self: Any) -> None:
        since = _where(self)
        w0, c0 = now(), cpu()
        run(self)
        wall, busy = now() - w0, cpu() - c0
        if wall > 0.001 or busy > 0.0005:
            events.append(
                {"k": "cb", "t": w0, "ms": wall * 1000, "cpu": busy * 1000, "what": _what(self, since)}
            )

    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]


def gc_probe(events: list[dict[str, Any]]) -> None:
    started = [0.0]

    def probe(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = now()
        else:
            events.append(
                {"k": "gc", "t": started[0], "ms": (now() - started[0]) * 1000, "gen": info["generation"]}
            )

    gc.callbacks.append(probe)


def _flush() -> None:
    if EVENTS:
        chunk, EVENTS[:] = list(EVENTS), []
        with open(sys.argv[1] if OUT is None else OUT, "a") as out:
            out.write("".join(json.dumps(e) + "\n" for e in chunk))


async def _watch(step: float = 0.002) -> None:
    flushed = now()
    while True:
        due = now() + step
        await asyncio.sleep(step)
        late = now() - due
        if late > 0.002:
            EVENTS.append({"k": "lag", "t": due, "ms": late * 1000})
        if now() - flushed > 0.5:
            flushed = now()
            _flush()


def _install() -> None:
    import discord.state
    import discord.webhook.async_ as webhook

    parse = discord.state.ConnectionState.parse_interaction_create

    def parse_interaction_create(self: Any, data: dict[str, Any]) -> None:
        EVENTS.append({"k": "frame", "t": now(), "id": int(data["id"])})
        parse(self, data)

    discord.state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
    # discord.py builds its parser table from the bound methods at construction: patched before that.

    respond = webhook.AsyncWebhookAdapter.create_interaction_response

    def create_interaction_response(self: Any, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
        EVENTS.append({"k": "ack", "t": now(), "id": int(interaction_id)})
        return respond(self, interaction_id, *args, **kwargs)

    webhook.AsyncWebhookAdapter.create_interaction_response = create_interaction_response  # type: ignore[method-assign]

    run = asyncio.run

    def traced_run(main: Any, **kwargs: Any) -> Any:
        async def with_watch() -> Any:
            watch = asyncio.create_task(_watch())
            if os.environ.get("TRACE_CPROFILE"):
                # The loop thread's functions, from SIGUSR1 (the benchmark sends it as the steady
                # load starts) to SIGUSR2 (as it ends), then dumped to OUT.prof.
                import cProfile
                import signal

                profile = cProfile.Profile()

                def stop_profile() -> None:
                    profile.disable()
                    profile.dump_stats(f"{OUT}.prof")

                loop = asyncio.get_running_loop()
                loop.add_signal_handler(signal.SIGUSR1, profile.enable)
                loop.add_signal_handler(signal.SIGUSR2, stop_profile)
            try:
                return await main
            finally:
                watch.cancel()
                _flush()

        return run(with_watch(), **kwargs)

    asyncio.run = traced_run  # type: ignore[assignment]
    gc_probe(EVENTS)
    profile_handles(EVENTS)


OUT: str | None = None

if __name__ == "__main__":
    OUT = sys.argv[1]
    _install()
    target = sys.argv[2:]
    if target[0] == "-m":
        sys.argv = [target[1], *target[2:]]
        runpy.run_module(target[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = target
        runpy.run_path(target[0], run_name="__main__")
