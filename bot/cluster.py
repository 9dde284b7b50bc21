"""`tablero cluster --processes K [--shard-count N]`: K bot processes, each an `AutoShardedBot` over its
contiguous range of the N shards (issue 25 item 3), kept running by this supervisor.

- **The shard count** comes from the database (bot/shards.py: stored at the first start from Discord's
  `GET /gateway/bot`, or from `--shard-count`, which is stored too), so every process and every
  restart agrees. It is at least K: a process without a shard would serve nothing.
- **Each process** is `python -m bot` (as `tablero run`) with TABLERO_SHARD_COUNT, TABLERO_SHARD_IDS
  (its range, e.g. `0-3`), TABLERO_MAX_CONCURRENCY (Discord's) and TABLERO_CLUSTER_PROCESS (its
  index) added to this environment; TABLERO_CLUSTER_COMMAND replaces the command (e.g. to wrap it in
  `taskset` or `nice`). Only the process holding shard 0 syncs the application commands. The
  processes serialise their IDENTIFYs per bucket through the database (bot/shards.py).
- **A process that dies** is started again after a back-off (bot/backoff.py: 1 s doubling to 60 s,
  jittered; reset once it ran HEALTHY_S). One that exits 2 (a refused token, a bad setting) or 3
  (Discord asks for more shards, close 4011) would fail again however often it is restarted: the
  whole cluster stops and exits with that code, saying why.
- **SIGHUP** restarts the processes one after another (a rolling restart, to upgrade without
  downtime, docs/operations.md): the next one is stopped only once the restarted one has all its
  shards ready (it touches TABLERO_READY_FILE on `on_ready`), so at most one process, and so one
  range of shards, is away at a time. Each restarted process runs the code installed now.
- **SIGTERM / SIGINT** are forwarded to every process (each stops in at most 5 s, bot/lifecycle.py);
  the supervisor waits for them (killing one still running after STOP_S) and exits 0 if each of
  them stopped cleanly (exit 0, or ended by the signal itself while still starting), else 1. If the supervisor itself is killed, its processes get SIGTERM from
  the kernel (Linux `PR_SET_PDEATHSIG`), so none is left running alone.
- **The database** is opened (and migrated) once here, before any process starts, so the processes
  never race to migrate. SQLite works for a cluster on one machine (WAL; the identify gate is a file
  lock beside the database); processes on several machines need PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shlex
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from .backoff import Backoff
from .config import Settings
from .leases import owner_id
from .shards import format_shard_ids

log = logging.getLogger("tablero.cluster")

HEALTHY_S = 60.0
"""A process that ran this long before it died is restarted after the shortest delay again."""
STOP_S = 10.0
"""After forwarding SIGTERM, how long the processes get (they promise 5 s) before SIGKILL."""
READY_S = 180.0
"""In a rolling restart, how long a restarted process may take to have its shards ready before the
next one is restarted anyway (with an error in the log)."""
FATAL_EXITS = {2: "a refused token or a bad setting", 3: "Discord asks for more shards (close 4011)"}
"""Exit codes that another start would only repeat: the cluster stops with them."""


def child_command() -> list[str]:
    """What each process runs: TABLERO_CLUSTER_COMMAND (split like a shell), else `python -m bot`."""
    custom = os.environ.get("TABLERO_CLUSTER_COMMAND", "").strip()
    return shlex.split(custom) if custom else [sys.executable, "-m", "bot"]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: SIGTERM to this process when the supervisor dies (prctl PR_SET_PDEATHSIG)."""
    try:
        # in the child between fork and exec, and only on Linux
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _signal(proc: asyncio.subprocess.Process, sig: int) -> None:
    """`sig` to a child still running, by `os.kill`. Not `send_signal`/`kill`: those poll the child
    first (`waitpid(WNOHANG)`), and a child that has just ended is then reaped there, behind asyncio's
    child watcher, which can no longer read its exit and reports 255 for it (a clean stop told as a
    failure). Seen with children that end as the cluster stops."""
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, sig)


@dataclass
class Process:
    """One process of the cluster: its index, its shards, its OS process while it runs."""

    index: int
    shards: list[int]
    proc: asyncio.subprocess.Process | None = None
    started_at: float = 0.0
    starts: int = 0
    exits: list[int] = field(default_factory=list)
    backoff: Backoff = field(default_factory=lambda: Backoff(base=1.0, cap=60.0))
    rolling: bool = False
    """Stopped on purpose by a rolling restart: started again at once, without back-off."""

    @property
    def name(self) -> str:
        return f"process {self.index} (shards {format_shard_ids(self.shards)})"


class Cluster:
    """Starts the processes, restarts the ones that die, stops them all on `stop`."""

    def __init__(
        self,
        settings: Settings,
        ranges: list[list[int]],
        *,
        shard_count: int,
        max_concurrency: int,
        command: list[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.settings = settings
        self.shard_count = shard_count
        self.max_concurrency = max_concurrency
        self.command = command or child_command()
        self.env = dict(os.environ if env is None else env)
        self.processes = [Process(i, shards) for i, shards in enumerate(ranges)]
        self.stopping = asyncio.Event()
        self.fatal: int | None = None
        self.signal = signal.SIGTERM
        self.ready_dir = Path(tempfile.mkdtemp(prefix="tablero-cluster-"))
        self._roll: asyncio.Task[None] | None = None
        self.rolls = 0
        """Rolling restarts finished."""

    def ready_file(self, process: Process) -> Path:
        return self.ready_dir / f"process-{process.index}.ready"

    def environment(self, process: Process) -> dict[str, str]:
        return self.env | {
            "TABLERO_SHARD_COUNT": str(self.shard_count),
            "TABLERO_SHARD_IDS": format_shard_ids(process.shards),
            "TABLERO_MAX_CONCURRENCY": str(self.max_concurrency),
            "TABLERO_CLUSTER_PROCESS": str(process.index),
            "TABLERO_READY_FILE": str(self.ready_file(process)),
            # Each process's own name on the deadlines and outbox rows it claims (bot/leases.py),
            # stable across its restarts so a restarted process takes its own claims back at once.
            "TABLERO_OWNER": f"{owner_id(self.env.get('TABLERO_OWNER'))}:proc-{process.index}",
        }

    async def _spawn(self, process: Process) -> None:
        self.ready_file(process).unlink(missing_ok=True)
        linux = sys.platform.startswith("linux")
        process.proc = await asyncio.create_subprocess_exec(
            *self.command, env=self.environment(process), preexec_fn=_die_with_parent if linux else None
        )
        process.started_at = time.monotonic()
        process.starts += 1
        verb = "started" if process.starts == 1 else "restarted"
        log.info("%s %s, pid %d", process.name, verb, process.proc.pid)

    async def _keep(self, process: Process) -> None:
        """Run one process until the cluster stops: start it, wait for its end, start it again."""
        while not self.stopping.is_set():
            try:
                await self._spawn(process)
            except OSError as exc:  # the command cannot be run at all: no restart would help
                log.error(
                    "cannot start %s: %s (%s)", process.name, exc.strerror or exc, shlex.join(self.command)
                )
                self.fatal = 1
                self.stopping.set()
                return
            assert process.proc is not None
            code = await process.proc.wait()
            process.exits.append(code)
            if self.stopping.is_set():
                return
            if process.rolling:  # stopped by the rolling restart: at once, with the new code
                process.rolling = False
                continue
            if code in FATAL_EXITS:
                log.error("%s exited %d: %s; stopping the cluster", process.name, code, FATAL_EXITS[code])
                self.fatal = code
                self.stopping.set()
                return
            if time.monotonic() - process.started_at >= HEALTHY_S:
                process.backoff.succeeded()
            delay = process.backoff.failed()
            log.warning("%s exited %d; restarting it in %.1f s", process.name, code, delay)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), delay)

    def roll(self) -> None:
        """Start a rolling restart (SIGHUP), unless one is going on."""
        if self.stopping.is_set() or (self._roll is not None and not self._roll.done()):
            log.info("a rolling restart is going on already")
            return
        self._roll = asyncio.create_task(self._rolling(), name="tablero-cluster-roll")

    async def _rolling(self) -> None:
        log.info("rolling restart of %d process(es)", len(self.processes))
        loop = asyncio.get_running_loop()
        for process in self.processes:
            if self.stopping.is_set():
                return
            running = process.proc
            if running is not None and running.returncode is None:
                process.rolling = True
                _signal(running, signal.SIGTERM)
                await running.wait()
            # until the process started after that one has every shard ready
            deadline = loop.time() + READY_S
            while not self.stopping.is_set() and not (
                process.proc is not running and self.ready_file(process).exists()
            ):
                if loop.time() > deadline:
                    log.error("%s not ready after %.0f s; rolling on", process.name, READY_S)
                    break
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.stopping.wait(), 0.1)
            log.info("%s ready", process.name)
        self.rolls += 1
        log.info("rolling restart done")

    async def run(self, stop: asyncio.Event) -> int:
        """Until `stop` (or a fatal exit): then forward the signal, wait for every process, return
        0 if each stopped cleanly (else 1, or the fatal exit's code)."""
        log.info(
            "cluster of %d process(es) over %d shard(s), identify concurrency %d",
            len(self.processes),
            self.shard_count,
            self.max_concurrency,
        )
        keepers = [
            asyncio.create_task(self._keep(p), name=f"tablero-cluster-{p.index}") for p in self.processes
        ]
        stopped = asyncio.create_task(stop.wait())
        ended = asyncio.create_task(self.stopping.wait())
        await asyncio.wait({stopped, ended}, return_when=asyncio.FIRST_COMPLETED)
        self.stopping.set()
        stopped.cancel()
        clean = await self._stop_all()
        await asyncio.gather(*keepers, *([self._roll] if self._roll else []), return_exceptions=True)
        shutil.rmtree(self.ready_dir, ignore_errors=True)
        if self.fatal is not None:
            return self.fatal
        return 0 if clean else 1

    async def _stop_all(self) -> bool:
        """Forward the signal to every running process; SIGKILL what still runs after STOP_S."""
        running = [p for p in self.processes if p.proc is not None and p.proc.returncode is None]
        for process in running:
            assert process.proc is not None
            _signal(process.proc, self.signal)
        clean = True
        for process in running:
            assert process.proc is not None
            try:
                code = await asyncio.wait_for(process.proc.wait(), STOP_S)
            except TimeoutError:
                log.error("%s did not stop within %.0f s; killing it", process.name, STOP_S)
                _signal(process.proc, signal.SIGKILL)
                code = await process.proc.wait()
            # ended by the forwarded signal itself: it was still starting (its handlers not yet
            # installed), with nothing in flight
            if code not in (0, -self.signal):
                clean = False
                log.warning("%s stopped with exit code %d", process.name, code)
        if running:
            log.info("every process stopped")
        return clean


async def start(
    settings: Settings,
    token: str,
    *,
    processes: int,
    shard_count: int | None,
    stop: asyncio.Event | None = None,
    out: TextIO = sys.stderr,
    attempts: int | None = None,
) -> int:
    """Ask Discord for the shard count and the identify concurrency, agree on the count in the
    database, then run the cluster until SIGTERM/SIGINT (or `stop`). The exit code."""
    # aiohttp and the stores (aiosqlite, asyncpg) load when the supervisor starts, not at import
    import aiohttp

    from .shards import MAX_BACKOFF_S, REFUSED, TokenRefused, agreed_shard_count, fetch_gateway, shard_ranges
    from .store import DatabaseRefused, StorageUnavailable
    from .stores import make_store

    if processes < 1:
        print("tablero cluster: --processes must be at least 1", file=out)
        return 2
    if shard_count is not None and shard_count < processes:
        print(
            f"tablero cluster: {processes} processes need at least {processes} shards (--shard-count)",
            file=out,
        )
        return 2
    own = stop is None
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    cluster: Cluster | None = None

    def signalled(sig: signal.Signals) -> None:
        if cluster is not None:
            cluster.signal = sig
        stop.set()

    if own:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, signalled, sig)
        loop.add_signal_handler(signal.SIGHUP, lambda: cluster.roll() if cluster is not None else None)
    delay, tried = 1.0, 0
    while True:
        try:
            gateway = await fetch_gateway(token, settings.api_base)
            break
        except TokenRefused:
            print(REFUSED, file=out)
            return 2
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            tried += 1
            if attempts is not None and tried >= attempts:
                print(f"tablero cluster: cannot reach Discord ({type(exc).__name__}); giving up", file=out)
                return 1
            print(
                f"tablero cluster: cannot reach Discord ({type(exc).__name__}); retrying in {delay:g} s",
                file=out,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), delay)
            if stop.is_set():
                return 0
            delay = min(delay * 2, MAX_BACKOFF_S)
    store = make_store(settings.db)
    try:
        await store.open()  # checks and migrates once, before any process starts

        async def recommended() -> int:
            return max(gateway.shards, processes)

        count = await agreed_shard_count(store, override=shard_count, recommended=recommended)
    except DatabaseRefused as exc:
        for line in exc.lines():
            print(line, file=out)
        return 1
    except StorageUnavailable as exc:
        print(f"tablero cluster: the database {exc.path} failed: {exc}", file=out)
        return 1
    finally:
        await store.close()
    if count < processes:
        print(
            f"tablero cluster: the stored shard count is {count}, fewer than {processes} processes;"
            f" pass --shard-count {processes} (or more) to store a larger one",
            file=out,
        )
        return 2
    if gateway.shards > count:
        log.warning(
            "Discord recommends %d shards; the cluster runs the %d stored (--shard-count %d stores more)",
            gateway.shards,
            count,
            gateway.shards,
        )
    cluster = Cluster(
        settings, shard_ranges(count, processes), shard_count=count, max_concurrency=gateway.max_concurrency
    )
    try:
        return await cluster.run(stop)
    finally:
        if own:
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                loop.remove_signal_handler(sig)
