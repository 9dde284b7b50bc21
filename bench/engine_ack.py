"""Ack p99 and click-to-board p99 on PostgreSQL against SQLite (issue 25 item 8, goal: at most 1.2x).

Run (with a server: the PG* variables, e.g. under `pg_virtualenv -t`):
    python bench/engine_ack.py [--games 200] [--rate 10] [--seconds 60] [--rounds 6]
The same load as bench/platform_ack.py's steady phase (its players, arrival times, boards and
timing are reused from there): Tablero as its own process against the emulator refereeing
`--games` Canyon of Death tables against the AI, clicks arriving at `--rate` per second in all
(Poisson, seeded), each player alternating "My hand" and the first choice it offers. Ack = from
the emulator dispatching INTERACTION_CREATE to the acknowledgement; click to board = from a
choice's click to the status message's edit with a newer board. Two Tableros run side by side,
each on an emulator of its own: one on a SQLite file, one on a PostgreSQL schema
(TABLERO_DB=postgresql://...?schema=...). Both are set up first; then the load goes to one at a
time, in `--rounds` slices each, the engines taking turns (and turns at going first), each round's
arrival times the same for both: the drift of a shared machine's load weighs on both sides alike.
The ratios are PostgreSQL's p99 over SQLite's, over all slices pooled (and slice by slice).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cluster_moves import database_url, drop
from platform_ack import LATE, SPAWNED, Boards, Players, open_canyon_tables, spawn, steady, stop
from platform_common import result, summary

from playground.emulator import Emulator
from tests.e2e.cluster_harness import rows


class Side:
    """One engine's side of the run: its emulator, its Tablero process, its players."""

    def __init__(
        self, name: str, emu: Emulator, bot: asyncio.subprocess.Process, players: Players, setup_s: float
    ):
        self.name, self.emu, self.bot, self.players, self.setup_s = name, emu, bot, players, setup_s
        self.late = 0
        self.slices: list[tuple[list[float], list[float]]] = []  # each slice's (acks, boards)

    async def stop(self) -> None:
        await stop(self.bot)
        await self.emu.stop()


async def prepare(name: str, db: str, games: int, workdir: Path) -> Side:
    """An emulator of its own, Tablero on `db` as its own process, `games` Canyon tables opened."""
    emu = await Emulator(history=False).start()
    try:
        guild = emu.create_guild("Bench night")
        channel = emu.create_channel(guild.id, "games")
        users = [emu.create_user(f"p{n}").id for n in range(games)]
        for user in users:
            emu.add_member(guild.id, user)
        bot = await spawn(emu, [sys.executable, "-m", "bot"], {"TABLERO_DB": db}, workdir / "tablero.log")
    except BaseException:
        await emu.stop()
        raise
    try:
        started = time.perf_counter()
        await open_canyon_tables(emu, channel, users)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 300
        while await rows(db, "SELECT 1 FROM deliveries WHERE status = 'pending' LIMIT 1"):
            assert loop.time() < deadline, "the set-up's deliveries did not settle"
            await asyncio.sleep(0.1)
        setup_s = time.perf_counter() - started
        tables = {u: (t, th) for t, th, u in await rows(db, "SELECT id, thread_id, created_by FROM tables")}
        players = Players(emu, users, {u: tables[u] for u in users}, Boards(emu))
        return Side(name, emu, bot, players, setup_s)
    except BaseException:
        await stop(bot)
        await emu.stop()
        raise


async def one_slice(side: Side, rate: float, clicks: int, seed: int) -> None:
    """`clicks` clicks at `rate` per second on one side, with the arrival times of `seed`."""
    acks, boards = len(side.players.times), len(side.players.to_board)
    late = len(LATE)
    await steady(side.players.click, rate, clicks, seed=seed)
    side.late += len(LATE) - late
    side.slices.append((side.players.times[acks:], side.players.to_board[boards:]))


def figures(side: Side) -> dict[str, Any]:
    return {
        "ack": summary(side.players.times),
        "to_board": summary(side.players.to_board),
        "setup_s": side.setup_s,
        "late": side.late,
        "slices": [{"ack": summary(a), "to_board": summary(b)} for a, b in side.slices],
    }


async def measure(games: int, rate: float, seconds: float, rounds: int) -> dict[str, Any]:
    """Both engines set up, then measured in turns: `rounds` slices each, SQLite and PostgreSQL
    alternating (and which goes first alternating too), the same arrival times for both in a round.
    The machine's load drifts over minutes on a shared host; in turns it weighs on both sides alike
    (a single run per engine, one after the other, swung the ratio from 0.9x to 2x)."""
    url = database_url()
    from cluster_moves import prepare as prepare_schema

    schema = await prepare_schema(url)
    pg = f"{url}{'&' if '?' in url else '?'}schema={schema}"
    sides: list[Side] = []
    try:
        with tempfile.TemporaryDirectory() as tmp_lite, tempfile.TemporaryDirectory() as tmp_pg:
            sides.append(await prepare("sqlite", str(Path(tmp_lite) / "tablero.db"), games, Path(tmp_lite)))
            sides.append(await prepare("postgresql", pg, games, Path(tmp_pg)))
            per_slice = max(1, round(rate * seconds / rounds))
            for n in range(rounds):
                for side in sides if n % 2 == 0 else sides[::-1]:
                    await one_slice(side, rate, per_slice, seed=6 + n)
            return {side.name: figures(side) for side in sides}
    finally:
        for side in sides:
            await side.stop()
        await drop(url, schema)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=10.0, help="clicks per second in all")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds per engine in all")
    parser.add_argument("--rounds", type=int, default=6, help="slices per engine, the engines in turns")
    args = parser.parse_args()
    load = os.getloadavg()
    try:
        measured = asyncio.run(measure(args.games, args.rate, args.seconds, args.rounds))
    finally:  # a failed run must not leave a bot running (it would reconnect forever)
        for proc in SPAWNED:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGKILL)
    s, p = measured["sqlite"], measured["postgresql"]
    ratios = {
        "ack_p99": p["ack"]["p99"] / s["ack"]["p99"],
        "to_board_p99": p["to_board"]["p99"] / s["to_board"]["p99"],
    }
    print(
        f"{args.games} Canyon games, steady {args.rate:g} clicks/s for {args.seconds:g} s on each engine,"
        f" in {args.rounds} slices each, the engines in turns"
    )
    for name, f in (("SQLite", s), ("PostgreSQL", p)):
        a, b = f["ack"], f["to_board"]
        print(
            f"  {name:<10}: ack n={a['n']} p50 {a['p50']:.1f} ms p99 {a['p99']:.1f} ms;"
            f" click to board n={b['n']} p50 {b['p50']:.0f} ms p99 {b['p99']:.0f} ms;"
            f" never answered {f['late']}"
        )
    # (each player alternates "My hand" and a choice, so with fewer clicks in a slice than players
    # a slice may hold only the one or the other: boards are compared where both sides have some)
    pairs = list(zip(s["slices"], p["slices"], strict=True))
    boards = [
        q["to_board"]["p99"] / r["to_board"]["p99"]
        for r, q in pairs
        if r["to_board"]["n"] and q["to_board"]["n"]
    ]
    acks = [q["ack"]["p99"] / r["ack"]["p99"] for r, q in pairs if r["ack"]["n"] and q["ack"]["n"]]
    print(
        "  slice by slice, PostgreSQL/SQLite p99: click to board "
        + ", ".join(f"{b:.2f}x" for b in boards)
        + "; ack "
        + ", ".join(f"{a:.2f}x" for a in acks)
    )
    print(
        f"ratio PostgreSQL/SQLite (all slices pooled): ack p99 {ratios['ack_p99']:.2f}x, click to board p99"
        f" {ratios['to_board_p99']:.2f}x; goal <= 1.2x (load average before the run: {load[0]:.2f})"
    )
    result(
        "engine_ack",
        {
            **measured,
            "games": args.games,
            "rounds": args.rounds,
            "rate": args.rate,
            "seconds": args.seconds,
            "ratios": ratios,
            "loadavg": load[0],
        },
    )


if __name__ == "__main__":
    main()
