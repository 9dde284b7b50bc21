"""Interaction acknowledgement latency under load: Tablero vs a bare discord.py bot, same emulator.

Run: python bench/platform_ack.py [--games 200] [--rates 10,20,40] [--seconds 30] [--rounds 3]
Tablero (its own process, SQLite file, real renderers) referees `--games` Canyon of Death tables at
once, each a player against the AI. The bare bot (bench/bare_bot.py, also its own process) only
defers. Latency = from the emulator dispatching INTERACTION_CREATE to the bot's acknowledgement
arriving (what Discord's 3-second window measures). Two loads, the same for both bots:
- steady: for `--seconds`, clicks arrive at each of `--rates` per second in all (Poisson, seeded),
  round-robin over the players: each player alternately opens "My hand" and makes the first
  choice it offers (at 20/s every one of the 200 games moves every 20 s), while the boards, DMs
  and turn messages of the earlier moves are rendered and delivered;
- burst: `--rounds` times, all players press "My hand" at the same instant, then a choice.
Goal: Tablero's p99 under 100 ms and at most 1.5x the bare bot.

Click to board (steady load, at the first rate): from a choice's click to the edit of the table's
status message carrying the board image of a newer version reaching the emulator (goal p99 < 1 s).
Its floor, measured alone after Tablero stopped: rendering such a board (spectator view of a stored
table) plus one REST edit of a message with that image, in the benchmark's own process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from platform_common import ROOT, result, summary

from playground.emulator import Emulator, InteractionRecord, MessageRecord
from tests.e2e.harness import action_ids, status_message

GATE = 50  # slash commands in flight while setting up (not measured)


SPAWNED: list[asyncio.subprocess.Process] = []
"""The bots started, so that a run that fails half-way (a timeout in the setup) leaves none behind."""


async def spawn(emu: Emulator, argv: list[str], env: dict[str, str], log: Path) -> asyncio.subprocess.Process:
    sessions = len(emu.gateway.sessions)
    full = os.environ | {
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "TABLERO_GUILD_READY_TIMEOUT": "0.05",
        "LOG_LEVEL": "WARNING",
        **env,
    }
    with log.open("ab") as out:
        proc = await asyncio.create_subprocess_exec(*argv, cwd=ROOT, env=full, stdout=out, stderr=out)
    SPAWNED.append(proc)
    await emu.wait_for(lambda: len(emu.gateway.sessions) > sessions and emu.gateway.connected, timeout=60)
    return proc


async def open_canyon_tables(emu: Emulator, channel: int, users: list[int]) -> None:
    """Once the bot's commands are up, each user opens a Canyon table against the AI (`/game new`),
    GATE of them in flight at a time (the set-up, not measured)."""
    await emu.wait_for(lambda: emu.store.command("game", None), timeout=30)
    gate = asyncio.Semaphore(GATE)

    async def open_table(user: int) -> None:
        async with gate:
            it = await emu.slash(user, channel, "game new", {"game": "canyon", "side": "marine"})
            await it.wait_done(60)

    await asyncio.gather(*(open_table(u) for u in users))


async def stop(proc: asyncio.subprocess.Process) -> None:
    proc.terminate()
    try:
        await asyncio.wait_for(proc.wait(), 10)
    except TimeoutError:
        proc.kill()
        await proc.wait()


LATE: list[InteractionRecord] = []  # never answered in time (Discord's 3 s passed): counted, not timed


class Trace:
    """`--trace DIR`: the benchmark's side of the timing probes (see bench/trace_probe.py for the
    bots' side): each timed click (its interaction id, start, latency and which run it belongs to),
    when the emulator's gateway writer sent its INTERACTION_CREATE, when the answer's request
    reached the emulator's API, and this process's (the emulator's) event-loop lateness, long
    callbacks and garbage collections."""

    def __init__(self) -> None:
        self.dir: Path | None = None
        self.phase = ""
        self.events: list[dict[str, Any]] = []

    def note(self, **event: Any) -> None:
        if self.dir is not None:
            self.events.append(event)

    def install(self, directory: Path) -> None:
        from playground.emulator import gateway, http

        self.dir = directory
        directory.mkdir(parents=True, exist_ok=True)
        for stale in directory.glob("*.jsonl"):
            stale.unlink()
        sent = re.compile(r'"t": "INTERACTION_CREATE", "s": \d+, "d": \{"id": "(\d+)"')

        async def writer(self_: Any, conn: Any) -> None:
            while (frame := await conn.queue.get()) is not None:
                try:
                    await conn.ws.send_str(frame)
                except (ConnectionError, RuntimeError):
                    return
                if (found := sent.search(frame, 0, 200)) is not None:
                    self.note(k="sent", t=time.perf_counter(), id=int(found[1]))

        gateway.Gateway._writer = writer  # type: ignore[method-assign]
        handle = http.Api.handle
        callback = re.compile(r"/interactions/(\d+)/")

        async def api_handle(self_: Any, request: Any) -> Any:
            if (found := callback.search(request.path)) is not None:
                self.note(k="api", t=time.perf_counter(), id=int(found[1]))
            return await handle(self_, request)

        http.Api.handle = api_handle  # type: ignore[method-assign]
        from trace_probe import gc_probe, profile_handles

        gc_probe(self.events)
        profile_handles(self.events)

    def argv(self, argv: list[str], name: str) -> list[str]:
        if self.dir is None:
            return argv
        return [
            sys.executable,
            str(ROOT / "bench" / "trace_probe.py"),
            str(self.dir / f"{name}.jsonl"),
            *argv[1:],
        ]

    @contextlib.contextmanager
    def profiled(self, name: str) -> Any:
        """With TRACE_CPROFILE=1: this process's (the emulator's) functions during a measured phase."""
        if self.dir is None or not os.environ.get("TRACE_CPROFILE"):
            yield
            return
        import cProfile

        with cProfile.Profile() as profile:
            yield
        profile.dump_stats(str(self.dir / f"emulator-{name}.prof"))

    def signal(self, proc: asyncio.subprocess.Process, sig: int) -> None:
        """Start (SIGUSR1) or stop (SIGUSR2) the bot's profile, with TRACE_CPROFILE=1 set."""
        if self.dir is not None and os.environ.get("TRACE_CPROFILE"):
            proc.send_signal(sig)

    async def watch(self, step: float = 0.002) -> None:
        while self.dir is not None:
            due = time.perf_counter() + step
            await asyncio.sleep(step)
            late = time.perf_counter() - due
            if late > 0.002:
                self.note(k="lag", t=due, ms=late * 1000)

    def write(self) -> None:
        if self.dir is not None:
            with (self.dir / "bench.jsonl").open("w") as out:
                out.write("".join(json.dumps(e) + "\n" for e in self.events))


TRACE = Trace()


async def timed(it: InteractionRecord, start: float, into: list[float]) -> InteractionRecord:
    try:
        await it.wait_response(30)
    except TimeoutError:
        LATE.append(it)
        return it
    into.append((time.perf_counter() - start) * 1000)
    TRACE.note(k="click", id=it.id, t=start, ms=into[-1], phase=TRACE.phase)
    try:
        await it.wait_done(60)
    except TimeoutError:
        LATE.append(it)
    return it


async def tablero_round(emu: Emulator, user: int, thread: int, table: int, into: list[float]) -> None:
    """One player: "My hand", then the first choice it offers (if the game still goes on)."""
    status = status_message(emu, thread, table)
    if status is None or f"tb:hand:{table}" not in status.custom_ids:
        return
    start = time.perf_counter()
    it = await timed(await emu.click(user, status.id, f"tb:hand:{table}"), start, into)
    if not it.messages:
        return
    panel = it.messages[-1]
    ids = action_ids(panel)
    if ids:
        start = time.perf_counter()
        await timed(await emu.click(user, panel.id, ids[0]), start, into)


def settle_heap() -> None:
    """Collect this process's garbage and freeze what is left, before a measured load.

    This process is the emulator (the "Discord" both bots talk to) and the clicking players; it keeps
    every message, request and gateway frame of the run, so its heap grows with each bot's traffic
    and a full collection of it took 80-230 ms on the emulator's event loop (traced runs of
    2026-12-01, `--trace`), once or twice a phase, at a moment that falls in either bot's run by
    chance: every click in flight waited for it, whichever bot was being measured. Discord's own
    pauses are not a bot's latency, so before each measured phase (the same for both bots) what
    exists is frozen out of the collector's walk."""
    gc.collect()
    gc.freeze()


async def steady(click: Any, rate: float, clicks: int, seed: int = 6) -> None:
    """Fire click(n) for n in range(clicks) at Poisson arrival times, without waiting for earlier ones."""
    settle_heap()
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    at, tasks = loop.time(), []
    for n in range(clicks):
        at += rng.expovariate(rate)
        await asyncio.sleep(max(0.0, at - loop.time()))
        tasks.append(asyncio.create_task(click(n)))
    await asyncio.gather(*tasks)


BOARD = re.compile(r"^table-(\d+)-v(\d+)\.png$")


class Boards:
    """When each table's status message got a board image of each version (stamped as the emulator
    records the edit): the arrival side of "click to board".

    A waiter is woken by the edit itself (a future per waiting click), not by polling: the
    emulator's `wait_for` re-checks on every request and every 10 ms, and with dozens of clicks
    waiting for their boards that polling took a large share of the emulator's event loop during
    Tablero's first rate only (the bare bot's run has no boards), slowing the very acknowledgements
    being compared."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.seen: dict[int, list[tuple[int, float]]] = {}  # table -> [(version, perf_counter)]
        self.waiting: dict[int, list[tuple[int, asyncio.Future[float]]]] = {}  # table -> [(after, arrival)]
        record = emu.record_message

        def stamped(kind: str, msg: MessageRecord) -> None:
            if kind != "delete":
                for attachment in msg.attachments:
                    if match := BOARD.match(attachment.filename):
                        table, version, at = int(match[1]), int(match[2]), time.perf_counter()
                        self.seen.setdefault(table, []).append((version, at))
                        for after, arrival in self.waiting.get(table, []):
                            if version > after and not arrival.done():
                                arrival.set_result(at)
            record(kind, msg)

        emu.record_message = stamped  # type: ignore[method-assign]

    async def after(self, table: int, version: int, timeout: float = 60) -> float:
        """The time the first board newer than `version` of the table arrived."""
        found = next((at for v, at in self.seen.get(table, []) if v > version), None)
        if found is not None:
            return found
        waiter = (version, asyncio.get_running_loop().create_future())
        self.waiting.setdefault(table, []).append(waiter)
        try:
            return await asyncio.wait_for(waiter[1], timeout)
        finally:
            self.waiting[table].remove(waiter)


class Players:
    """Tablero's players in steady mode: each alternates "My hand" and the first choice it offered."""

    def __init__(
        self,
        emu: Emulator,
        users: list[int],
        tables: dict[int, tuple[int, int]],
        boards: Boards | None = None,
    ) -> None:
        self.emu, self.users, self.tables, self.boards = emu, users, tables, boards
        self.panels: dict[int, Any] = {}
        self.times: list[float] = []
        self.to_board: list[float] = []

    async def click(self, n: int) -> None:
        user = self.users[n % len(self.users)]
        table, thread = self.tables[user]
        panel = self.panels.pop(user, None)
        ids = action_ids(panel) if panel is not None else []
        if ids:
            version = int(ids[0].split(":")[3])
            start = time.perf_counter()
            it = await timed(await self.emu.click(user, panel.id, ids[0]), start, self.times)
            if self.boards is not None and any("✅" in m.content for m in it.messages):
                try:
                    arrived = await self.boards.after(table, version)
                except TimeoutError:
                    return
                self.to_board.append((arrived - start) * 1000)
            return
        status = status_message(self.emu, thread, table)
        if status is None or f"tb:hand:{table}" not in status.custom_ids:
            return  # the game is over: this player sits this one out
        start = time.perf_counter()
        it = await timed(await self.emu.click(user, status.id, f"tb:hand:{table}"), start, self.times)
        if it.messages:
            self.panels[user] = it.messages[-1]


async def bare_round(emu: Emulator, user: int, message: int, into: list[float]) -> None:
    for _ in range(2):
        start = time.perf_counter()
        await timed(await emu.click(user, message, "bench:ack"), start, into)


def tables_by_creator(db: Path) -> dict[int, tuple[int, int]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {u: (t, th) for t, th, u in con.execute("SELECT id, thread_id, created_by FROM tables")}
    finally:
        con.close()


async def board_floor(emu: Emulator, db: Path, channel: int, samples: int = 50) -> list[float]:
    """Rendering a stored table's public board plus one REST edit carrying it, alone (ms each)."""
    import aiohttp

    from bot.games import presenter_for, rules_for

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        stored = con.execute(
            "SELECT t.game, t.lang, s.data FROM tables t JOIN snapshots s ON s.table_id = t.id"
            " ORDER BY t.id LIMIT ?",
            (samples,),
        ).fetchall()
    finally:
        con.close()
    message = await emu.post_message(channel, emu.bot.id, "board floor")
    url = f"{emu.api_base}/channels/{channel}/messages/{message.id}"
    times: list[float] = []
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {emu.token}"}) as http:
        for game, lang, data in stored:
            rules, presenter = rules_for(game), presenter_for(game)
            state = rules.state_model.model_validate_json(data)
            start = time.perf_counter()
            png = presenter.board_png(rules.view(state, None), lang)
            form = aiohttp.FormData()
            payload = {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}
            form.add_field("payload_json", json.dumps(payload), content_type="application/json")
            form.add_field("files[0]", png, filename="board.png", content_type="application/octet-stream")
            async with http.patch(url, data=form) as response:
                await response.read()
                assert response.status == 200, response.status
            times.append((time.perf_counter() - start) * 1000)
    return times


def pending(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT COUNT(*) FROM deliveries WHERE status = 'pending'").fetchone()[0]
    finally:
        con.close()


async def measure(
    games: int, rounds: int, rates: list[float], seconds: float, workdir: Path
) -> dict[str, Any]:
    # No request log and no message snapshots (a deep copy of every message the bot sends or edits,
    # kept for tests that replay them): nothing here reads them, and on the emulator's loop they
    # cost each bot in proportion to its traffic, not its acknowledgements.
    emu = await Emulator(history=False).start()
    guild = emu.create_guild("Bench night")
    channel = emu.create_channel(guild.id, "games")
    users = [emu.create_user(f"p{n}").id for n in range(games)]
    for user in users:
        emu.add_member(guild.id, user)
    db = workdir / "tablero.db"

    # --- Tablero -----------------------------------------------------------------------------
    watch = asyncio.create_task(TRACE.watch())
    bot = await spawn(
        emu,
        TRACE.argv([sys.executable, "-m", "bot"], "tablero"),
        {"TABLERO_DB": str(db)},
        workdir / "tablero.log",
    )
    started = time.perf_counter()
    await open_canyon_tables(emu, channel, users)
    await emu.wait_for(lambda: pending(db) == 0, timeout=300)
    setup_s = time.perf_counter() - started
    tables = tables_by_creator(db)
    boards = Boards(emu)
    full_steady: dict[float, list[float]] = {}
    to_board: list[float] = []
    for rate in rates:
        TRACE.phase = f"tablero {rate:g}"
        players = Players(emu, users, {u: tables[u] for u in users}, boards if rate == rates[0] else None)
        TRACE.signal(bot, signal.SIGUSR1)
        with TRACE.profiled(f"tablero-{rate:g}"):
            await steady(players.click, rate, round(rate * seconds))
        TRACE.signal(bot, signal.SIGUSR2)
        full_steady[rate] = players.times
        if rate == rates[0]:
            to_board = players.to_board
    full: list[float] = []
    if rounds:
        settle_heap()
    for _ in range(rounds):
        await asyncio.gather(*(tablero_round(emu, u, tables[u][1], tables[u][0], full) for u in users))
    refused = [it for it in emu.interactions if it.errors]
    late_tablero = len(LATE)
    await stop(bot)
    floor = await board_floor(emu, db, channel)

    # --- the bare bot ------------------------------------------------------------------------
    bare_proc = await spawn(
        emu,
        TRACE.argv([sys.executable, str(ROOT / "bench" / "bare_bot.py")], "bare"),
        {},
        workdir / "bare.log",
    )
    button = {"type": 1, "components": [{"type": 2, "style": 1, "label": "ack", "custom_id": "bench:ack"}]}
    messages = [(await emu.post_message(channel, emu.bot.id, "·", components=[button])).id for _ in users]
    bare_steady: dict[float, list[float]] = {}
    for rate in rates:
        TRACE.phase = f"bare {rate:g}"
        times: list[float] = []

        async def bare_click(n: int, into: list[float] = times) -> None:
            start = time.perf_counter()
            await timed(await emu.click(users[n % games], messages[n % games], "bench:ack"), start, into)

        with TRACE.profiled(f"bare-{rate:g}"):
            await steady(bare_click, rate, round(rate * seconds))
        bare_steady[rate] = times
    bare: list[float] = []
    if rounds:
        settle_heap()
    for _ in range(rounds):
        await asyncio.gather(*(bare_round(emu, u, m, bare) for u, m in zip(users, messages, strict=True)))
    await stop(bare_proc)
    watch.cancel()
    await emu.stop()
    return {
        "steady": {
            f"{rate:g}": {"tablero": summary(full_steady[rate]), "bare": summary(bare_steady[rate])}
            for rate in rates
        },
        "burst": {"tablero": summary(full), "bare": summary(bare)},
        "samples": {
            **{f"tablero {rate:g}": full_steady[rate] for rate in rates},
            **{f"bare {rate:g}": bare_steady[rate] for rate in rates},
        },
        "click_to_board": {"rate": rates[0], "tablero": summary(to_board), "floor": summary(floor)},
        "setup_s": setup_s,
        "failed": len(refused),
        "late": {"tablero": late_tablero, "bare": len(LATE) - late_tablero},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rates", default="10,20,40", help="steady loads: clicks per second in all")
    parser.add_argument("--seconds", type=float, default=30.0, help="steady load: how long each rate runs")
    parser.add_argument("--rounds", type=int, default=3, help="burst load: rounds of simultaneous clicks")
    parser.add_argument(
        "--trace",
        type=Path,
        default=None,
        help="write timing probes of both bots and the emulator to this directory (bench/trace_report.py reads them)",
    )
    parser.add_argument(
        "--samples",
        type=Path,
        default=None,
        help="append every steady-load latency (ms) of both bots to this file, one JSON line per run",
    )
    args = parser.parse_args()
    if args.trace is not None:
        TRACE.install(args.trace)
    rates = [float(r) for r in args.rates.split(",") if r]
    with tempfile.TemporaryDirectory() as tmp:
        try:
            figures = asyncio.run(measure(args.games, args.rounds, rates, args.seconds, Path(tmp)))
        finally:  # a failed run must not leave a bot running (it would reconnect forever)
            for proc in SPAWNED:
                if proc.returncode is None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(proc.pid, signal.SIGKILL)
            TRACE.write()
    print(f"{args.games} Canyon games in progress at once (setup {figures['setup_s']:.1f} s)")
    loads = [(f"steady, {k} clicks/s", v) for k, v in figures["steady"].items()]
    if args.rounds:
        loads.append((f"burst, all {args.games} at once", figures["burst"]))
    ratios = {}
    for label, load in loads:
        t, b = load["tablero"], load["bare"]
        ratios[label] = {"p50": t["p50"] / b["p50"], "p99": t["p99"] / b["p99"]}
        print(f"{label}:")
        print(f"  Tablero : n={t['n']} p50 {t['p50']:.1f} ms  p99 {t['p99']:.1f} ms  mean {t['mean']:.1f} ms")
        print(f"  bare bot: n={b['n']} p50 {b['p50']:.1f} ms  p99 {b['p99']:.1f} ms  mean {b['mean']:.1f} ms")
        print(f"  ratio p50 {ratios[label]['p50']:.2f}x, p99 {ratios[label]['p99']:.2f}x")
    late = figures["late"]
    print(
        f"goal: <= 1.5x the bare bot, p99 < 100 ms; failed interactions {figures['failed']}"
        f" (never answered: Tablero {late['tablero']}, bare bot {late['bare']})"
    )
    board = figures["click_to_board"]
    t, f = board["tablero"], board["floor"]
    print(f"click to board, steady {board['rate']:g} clicks/s:")
    print(f"  Tablero : n={t['n']} p50 {t['p50']:.0f} ms  p99 {t['p99']:.0f} ms  mean {t['mean']:.0f} ms")
    print(f"  floor (render + one REST edit, alone): n={f['n']} p50 {f['p50']:.0f} ms  p99 {f['p99']:.0f} ms")
    print("goal: p99 < 1 s")
    samples = figures.pop("samples")
    if args.samples is not None:  # every steady latency, to pool repeated runs (p99 of 300 is the 3rd worst)
        with args.samples.open("a") as out:
            out.write(json.dumps(samples) + "\n")
    result("ack", {**figures, "games": args.games, "rounds": args.rounds, "ratios": ratios})


if __name__ == "__main__":
    main()
