"""CPU-bound work off the event loop: a pool of worker processes (production) or inline (tests).

Board images, panels, narration, the rules (decide/evolve) and the AI pilots are CPU work; on the
event loop they hold up every other table's acknowledgements, and in threads they still do,
because Pillow's Python-level drawing holds the GIL. So they run in a `ProcessPoolExecutor` sized
to the cores, started in `setup_hook`. Its workers are forked from a *forkserver* (a clean process
that imported the game catalogue once, before any event loop or thread existed), never from the
bot itself: forking a process that runs an asyncio loop, aiosqlite's thread and aiohttp is unsafe.

A job is a module-level function and picklable arguments (game names, pydantic models pickled, or
JSON where the store already holds it); each crossing costs a pickle round trip plus a pipe hop,
measured by `bench/platform_offload.py`. Each worker starts from a copy of this process's game
registrations (rules, presenters, catalog entries), so a game registered at run time (the tests'
test game) is known there too; a monkeypatch made after the pool started is not: tests that spy on or
patch a presenter run with `TABLERO_WORKERS=0` (in-process, each job in a thread, as before).

A failure inside a worker comes back as `OffloadFailure` naming the exception's type and frames,
never its message (it could quote a hand); a refusal (`Rejected`) comes back as itself.

Priorities (issue 9, item 7). The acknowledgement of a click and its rules job are latency-bound;
board and private-image renders are throughput-bound. Two measures keep the first ahead:
- the workers run at a lower scheduling priority (`WORKER_NICE`): on a busy machine the bot's own
  process (its event loop answers every interaction) wins the CPU over a render;
- a job waits in a priority queue in front of the pool (`Priority`: a click's own work, then a
  table's public board, then a DM's private image), and the executor is never handed more jobs than
  it has workers, so a click's rules job never queues behind renders already handed over.
"""

from __future__ import annotations

import asyncio
import hashlib
import heapq
import itertools
import logging
import multiprocessing
import os
import pickle
import select
import signal
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

from engine.core import Rejected
from engine.registry import GAMES
from renderers import i18n, registry

log = logging.getLogger(__name__)

T = TypeVar("T")

PRELOAD = [__name__, f"{__package__}.jobs", f"{__package__}.worker_boot"]
"""Imported once by the forkserver, so a worker starts with the game catalogue, Pillow and the
message catalogs read (copy-on-write), not paying ~1 s for them at its first job. (A message is
parsed at its first use, in each worker as in the bot: about 0.2 ms, once.)"""


WORKER_NICE = 10
"""How much lower the workers' scheduling priority is than the bot's (`os.nice` increment): at 10 a
worker gets about a tenth of a core's time when the bot's process wants that core too."""


class Priority(IntEnum):
    """Which waiting job gets the next free worker (lower first; first come, first served within one)."""

    MOVE = 0
    """A click's own work: its rules job, the private panel that answers it (a player waits)."""
    STATUS = 1
    """A table's public board (its status message's edit)."""
    BACKGROUND = 2
    """A private image for a DM (nobody is waiting on this very message)."""


class OffloadFailure(RuntimeError):
    """A job raised in a worker (or the worker died): the exception's type and frames, no message."""


@dataclass(frozen=True)
class WorkerSetup:
    """What a worker needs to know that its imports do not give it: run-time registrations."""

    bot_pid: int = 0
    games: dict[str, Any] = field(default_factory=dict)
    presenters: dict[str, Any] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)  # lang -> FTL of run-time messages


def worker_setup() -> WorkerSetup:
    """This process's game registrations and run-time catalog messages, to replay in each worker."""
    return WorkerSetup(
        bot_pid=os.getpid(),
        games=dict(GAMES),
        presenters=dict(registry.PRESENTERS),
        messages=_added_messages(),
    )


def _added_messages() -> dict[str, str]:
    """The messages registered with `renderers.i18n.add_messages` (a test game's), as FTL per language."""
    out = {}
    for lang in i18n.LANGUAGES:
        found = i18n._catalog(lang)  # the catalog's own record of where each message came from
        added = [text for key, text in found.sources.items() if found.origin.get(key) == "add_messages"]
        if added:
            out[lang] = "".join(text if text.endswith("\n") else text + "\n" for text in added)
    return out


def _exit_with(pid: int) -> None:
    """Block until process `pid` ends, then end this one (a daemon thread of each worker)."""
    try:
        fd = os.pidfd_open(pid)  # Linux ≥ 5.3: readable once the process has ended
        select.select([fd], [], [])
    except (AttributeError, OSError):
        while True:
            time.sleep(1.0)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                pass
    os._exit(0)


def _init_worker(setup: WorkerSetup) -> None:
    """In each worker, once: end with the bot (a SIGKILLed bot leaves no orphan: a worker is the
    forkserver's child, not the bot's, so nothing else would tell it); leave SIGINT to the bot (a
    Ctrl-C at a terminal reaches the whole process group, and the bot decides when workers stop);
    replay the registrations."""
    if setup.bot_pid:
        threading.Thread(target=_exit_with, args=(setup.bot_pid,), daemon=True, name="bot-watch").start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(WORKER_NICE)
    except OSError:  # not permitted here: the worker still works, at the bot's priority
        pass
    GAMES.update(setup.games)
    registry.PRESENTERS.update(setup.presenters)
    for lang, source in setup.messages.items():
        i18n._catalog(lang)._add_source(source, "add_messages")  # as add_messages records them
    i18n.catalog.cache_clear()


def _ping() -> int:
    return os.getpid()


def _frames(exc: BaseException) -> str:
    """Where an exception was raised (file, line, function, source line), without its message."""
    return "".join(traceback.format_tb(exc.__traceback__))


def _call(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, ...]:
    """Run one job in a worker: ("ok", value) or ("rejected", id, default, params)."""
    try:
        return ("ok", fn(*args))
    except Rejected as exc:  # a refusal for the player: crosses back as data (its __init__ is not pickle's)
        return ("rejected", exc.message_id, exc.default, exc.params)
    except Exception as exc:
        raise OffloadFailure(
            f"{type(exc).__name__} in {fn.__name__} (message withheld)\n{_frames(exc)}"
        ) from None


class Offload:
    """Runs jobs in worker processes (`workers` > 0) or in-process, in a thread (0)."""

    def __init__(self, workers: int = 0, *, start_method: str = "forkserver") -> None:
        self.workers = workers
        self.start_method = start_method
        self._executor: ProcessPoolExecutor | None = None
        self._warming: asyncio.Future[None] | None = None
        self._busy = 0  # jobs handed to the executor and not yet back (at most `workers`)
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (priority, order, slot)
        self._order = itertools.count()

    @property
    def inline(self) -> bool:
        return self.workers <= 0

    def _new_executor(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            context.set_forkserver_preload(PRELOAD)
        return ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_init_worker, initargs=(worker_setup(),)
        )

    async def start(self) -> Offload:
        """Start the workers now, not at the first click, without waiting for them: starting the
        forkserver (it imports the catalogue) takes a second or more, and the first submit blocks
        its thread until the forkserver has forked, so that happens in a thread of its own while
        the bot connects. `ready()` waits for it."""
        if self.inline or self._executor is not None:
            return self
        self._executor = self._new_executor()
        loop = asyncio.get_running_loop()
        self._warming = loop.create_future()
        # A daemon thread, not the loop's executor: a bot told to stop while its forkserver still
        # boots must not wait for it at exit (asyncio.run joins the default executor's threads).
        threading.Thread(
            target=self._warm, args=(self._executor, loop, self._warming), daemon=True, name="offload-warm"
        ).start()
        return self

    def _warm(
        self, executor: ProcessPoolExecutor, loop: asyncio.AbstractEventLoop, done: asyncio.Future[None]
    ) -> None:
        try:
            futures = [executor.submit(_ping) for _ in range(self.workers)]
            finished, _ = wait(futures, timeout=120)
            pids = {f.result() for f in finished if not f.cancelled() and f.exception() is None}
            log.info("%d worker process(es) started (%s)", len(pids), self.start_method)
        except Exception as exc:  # e.g. closed while starting: the jobs will say so if it matters
            log.warning("worker processes did not start: %s", type(exc).__name__)
        finally:
            try:
                loop.call_soon_threadsafe(_settle, done)
            except RuntimeError:  # the loop is closed: nobody waits
                pass

    @property
    def warm(self) -> bool:
        """Whether the workers have started (until then jobs run in-process)."""
        return self._warming is not None and self._warming.done()

    async def ready(self) -> None:
        """Until every worker has started (tests and benchmarks)."""
        if self._warming is not None:
            await asyncio.shield(self._warming)

    async def run(self, fn: Callable[..., T], *args: Any, priority: Priority = Priority.MOVE) -> T:
        """`fn(*args)` in a worker (inline when there is no pool); Rejected and failures as above.
        The job waits for a free worker behind every job of a more urgent `priority`."""
        if self._executor is None or not self.warm:
            # In-process, in a thread (the event loop stays free): without workers, and while they
            # start, so that a freshly (re)started bot never waits for its forkserver's boot.
            return await asyncio.to_thread(fn, *args)
        await self._slot(priority)
        try:
            executor = self._executor
            if executor is None:  # closed while this job waited for a worker
                raise OffloadFailure(f"the worker pool stopped before {fn.__name__} ran")
            loop = asyncio.get_running_loop()
            try:
                outcome = await loop.run_in_executor(executor, _call, fn, args)
            except BrokenProcessPool:
                self._replace(executor)
                raise OffloadFailure(f"a worker process died running {fn.__name__}") from None
        finally:
            self._release()
        if outcome[0] == "rejected":
            _, message_id, default, params = outcome
            raise Rejected(message_id, default, **params)
        return outcome[1]  # type: ignore[no-any-return]

    async def _slot(self, priority: Priority) -> None:
        """Until this job may be handed to the executor (a worker is free for it)."""
        if self._busy < self.workers:  # then nobody waits (`_release` hands a worker straight on)
            self._busy += 1
            return
        slot = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(priority), next(self._order), slot))
        try:
            await slot
        except asyncio.CancelledError:
            if slot.done() and not slot.cancelled():  # handed the slot as it was cancelled: pass it on
                self._release()
            raise

    def _release(self) -> None:
        """A job came back: hand its worker to the most urgent waiting job, if any."""
        while self._waiting:
            _, _, slot = heapq.heappop(self._waiting)
            if not slot.done():  # a waiter cancelled meanwhile left its future behind
                slot.set_result(None)
                return
        self._busy -= 1

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A dead worker breaks the whole executor: start a fresh one for the next jobs."""
        if self._executor is broken:
            log.warning("a worker process died; starting a new pool")
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()

    async def close(self, *, starting_s: float = 1.5, stopping_s: float = 1.0) -> None:
        """Stop the workers now. They hold nothing worth a graceful exit (a job's result is only
        ever used by the bot), so they are sent SIGTERM at once, busy or not; one that ignored it
        still ends with the bot (see _exit_with).

        The executor's shutdown is done in a daemon thread: while the pool still starts (`_warm`
        spawning workers through a forkserver that is importing the catalogue, seconds on a loaded
        machine) it blocks on the executor's lock, and that must not hold up the event loop. But a
        pool shut down in the middle of spawning a worker leaves that half-born worker to find its
        semaphores gone (a FileNotFoundError traceback on the terminal after "Stopped"), so a pool
        still starting is given up to `starting_s` to finish (awaited, the loop stays free), and
        the stop up to `stopping_s`; past those the bot exits anyway (bounded: the watchdog)."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        waiting, self._waiting = self._waiting, []
        for _, _, slot in waiting:  # jobs still waiting for a worker learn that none will come
            if not slot.done():
                self._busy += 1  # given back by the job's `_release` as it fails
                slot.set_result(None)
        if self._warming is not None and not self._warming.done():
            try:
                await asyncio.wait_for(asyncio.shield(self._warming), starting_s)
            except TimeoutError:
                log.warning("the worker pool was still starting at shutdown; not waiting for it")
        stopper = threading.Thread(target=_shut_down, args=(executor,), daemon=True, name="offload-close")
        stopper.start()
        await asyncio.to_thread(stopper.join, stopping_s)


def _shut_down(executor: ProcessPoolExecutor) -> None:
    """Cancel the pending jobs and send every worker SIGTERM (Offload.close's thread)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in [*processes, *(getattr(executor, "_processes", None) or {}).values()]:
        if process.is_alive():
            process.terminate()


_current = Offload()


def current() -> Offload:
    """The pool this process's bot started (in-process until one is installed)."""
    return _current


def install(offload: Offload) -> None:
    global _current
    _current = offload


def uninstall(offload: Offload) -> None:
    global _current
    if _current is offload:
        _current = Offload()


async def run(fn: Callable[..., T], *args: Any, priority: Priority = Priority.MOVE) -> T:
    """`fn(*args)` on the current pool (see `current`), behind more urgent jobs (`Priority`)."""
    return await _current.run(fn, *args, priority=priority)


class Remembered:
    """The results of recent jobs by their function and arguments, up to `max_bytes` of results
    (least recently used first out). A job run in a worker is a pure function of its arguments
    (a worker's registrations are copied at its start; nothing patched later reaches it), so a
    seat's private picture drawn from the same redacted view is the same picture: a player who
    opens "My hand", chooses, and gets the DM of their next turn shows one view three times
    (issue 9 item 7: private images drawn only when the seat's view changed). The key is a digest
    of the pickled arguments, which keep every field and its type (two views that differ in
    anything pickle differently); a view pickled differently for the same content only misses."""

    def __init__(self, max_bytes: int = 32 * 2**20) -> None:
        self.max_bytes = max_bytes
        self._results: OrderedDict[bytes, bytes | None] = OrderedDict()
        self._bytes = 0

    @staticmethod
    def key(fn: Callable[..., Any], args: tuple[Any, ...]) -> bytes:
        named = (fn.__module__, fn.__qualname__, args)
        return hashlib.blake2b(pickle.dumps(named, protocol=pickle.HIGHEST_PROTOCOL), digest_size=20).digest()

    def get(self, key: bytes) -> tuple[bool, bytes | None]:
        if key not in self._results:
            return False, None
        self._results.move_to_end(key)
        return True, self._results[key]

    def put(self, key: bytes, result: bytes | None) -> None:
        size = len(result or b"")
        if size > self.max_bytes:
            return
        if key in self._results:
            self._bytes -= len(self._results.pop(key) or b"")
        self._results[key] = result
        self._bytes += size
        while self._bytes > self.max_bytes:
            _, dropped = self._results.popitem(last=False)
            self._bytes -= len(dropped or b"")


_remembered = Remembered()


async def run_remembered(
    fn: Callable[..., bytes | None], *args: Any, priority: Priority = Priority.MOVE
) -> bytes | None:
    """`run`, but a job already run with equal arguments in a worker gives its result again without
    running (images: bytes or None). In-process (no pool, or while it starts) every job runs: a
    test may have patched a presenter, and the patched drawing must be the one called."""
    if _current.inline or not _current.warm:
        return await _current.run(fn, *args, priority=priority)
    key = Remembered.key(fn, args)
    known, result = _remembered.get(key)
    if known:
        return result
    result = await _current.run(fn, *args, priority=priority)
    _remembered.put(key, result)
    return result


def _settle(done: asyncio.Future[None]) -> None:
    """Mark the warm-up as finished unless somebody already did."""
    if not done.done():
        done.set_result(None)
