"""The worker pool (bot/offload.py): jobs run in other processes, know the run-time registrations,
bring refusals back as refusals and failures without their message, and stop within a bound."""

from __future__ import annotations

import asyncio
import os
import pickle
import time
from pathlib import Path

import pytest

from bot import jobs
from bot.games import rules_for
from bot.offload import (
    WORKER_NICE,
    Offload,
    OffloadFailure,
    Priority,
    Remembered,
    install,
    run_remembered,
    uninstall,
)
from engine.core import Rejected, new_game


def _pid() -> int:
    return os.getpid()


def _refuse(table: int) -> None:
    raise Rejected("bot.no_such_table", "There is no table #{table}.", table=table)


def _break(secret: str) -> None:
    raise RuntimeError(f"hand={secret}")


def _wait_for_file(path: str, limit: float) -> str:
    """A job that says it started, then hangs until a file appears (at most `limit` s)."""
    Path(path + ".started").touch()
    end = time.monotonic() + limit
    while not Path(path).exists() and time.monotonic() < end:
        time.sleep(0.01)
    return "released"


def _note(path: str, name: str) -> str:
    """A job that appends its name to a file (the worker runs jobs one at a time, in its order)."""
    with open(path, "a") as out:
        out.write(name + "\n")
    return name


def _niceness() -> int:
    return os.nice(0)


async def _until(check: object, what: str) -> None:
    """Poll `check()` between turns of the loop (the jobs' tasks run meanwhile), at most ~30 s
    (a bound for a loaded machine, not a wait: it returns as soon as `check()` holds)."""
    for _ in range(3000):
        if check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def _hold_the_worker(pool: Offload, tmp_path: Path) -> asyncio.Future[str]:
    """Occupy the pool's only worker with a job that waits for `tmp_path / "go"`."""
    held = asyncio.ensure_future(pool.run(_wait_for_file, str(tmp_path / "go"), 30))
    await _until(lambda: (tmp_path / "go.started").exists(), "the holding job runs")
    return held


@pytest.fixture
async def pool(duel_game: object):
    offload = await Offload(1).start()
    await offload.ready()
    try:
        yield offload
    finally:
        await offload.close()


async def test_a_job_runs_in_another_process_that_knows_the_games_registered_at_run_time(
    pool: Offload, duel_game: object
) -> None:
    assert await pool.run(_pid) != os.getpid()
    rules = rules_for("duel")  # the Duel test game exists only by run-time registration
    state, _ = new_game(rules, None, 7)
    png = await pool.run(jobs.status_image, "duel", rules.view(state, None), "en", None)
    assert png.startswith(b"\x89PNG")


async def test_a_refusal_comes_back_as_a_refusal(pool: Offload) -> None:
    with pytest.raises(Rejected) as refused:
        await pool.run(_refuse, 42)
    assert refused.value.message_id == "bot.no_such_table" and refused.value.text == "There is no table #42."


async def test_a_failure_comes_back_without_its_message(pool: Offload) -> None:
    with pytest.raises(OffloadFailure) as failed:
        await pool.run(_break, "gem-07")
    text = str(failed.value)
    assert "RuntimeError in _break" in text and "_break" in text and "gem-07" not in text
    assert await pool.run(_pid) > 0  # the pool still works


async def test_closing_is_bounded_even_with_a_job_that_never_ends(duel_game: object, tmp_path: Path) -> None:
    offload = await Offload(1).start()
    await offload.ready()
    hung = asyncio.ensure_future(offload.run(_wait_for_file, str(tmp_path / "never"), 60))
    for _ in range(500):  # until the job runs in the worker
        if (tmp_path / "never.started").exists():
            break
        await asyncio.sleep(0.01)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await offload.close()
    assert loop.time() - started < 3
    with pytest.raises(OffloadFailure):  # the caller learns that its worker was stopped
        await asyncio.wait_for(hung, 5)


async def test_without_workers_jobs_run_in_process(duel_game: object) -> None:
    offload = await Offload(0).start()
    assert await offload.run(_pid) == os.getpid()
    with pytest.raises(Rejected):
        await offload.run(_refuse, 1)


async def test_jobs_run_in_process_until_the_workers_have_started(duel_game: object) -> None:
    offload = await Offload(1).start()  # not awaited: a restarted bot serves at once
    try:
        assert not offload.warm  # its thread reports back through the loop, at the earliest next turn
        assert await offload.run(_pid) == os.getpid()
        await offload.ready()
        assert offload.warm and await offload.run(_pid) != os.getpid()
    finally:
        await offload.close()


async def test_a_free_worker_goes_to_the_most_urgent_waiting_job(pool: Offload, tmp_path: Path) -> None:
    """Issue 9 item 7: a click's rules job before a table's board before a DM's private image, even
    when they arrive in the opposite order; the executor is never handed more jobs than workers."""
    held = await _hold_the_worker(pool, tmp_path)
    order = str(tmp_path / "order")
    jobs_ = [
        asyncio.ensure_future(pool.run(_note, order, "dm-a", priority=Priority.BACKGROUND)),
        asyncio.ensure_future(pool.run(_note, order, "board", priority=Priority.STATUS)),
        asyncio.ensure_future(pool.run(_note, order, "dm-b", priority=Priority.BACKGROUND)),
        asyncio.ensure_future(pool.run(_note, order, "click", priority=Priority.MOVE)),
    ]
    await _until(lambda: len(pool._waiting) == 4, "the four jobs wait for the worker")
    (tmp_path / "go").touch()
    assert await held == "released"
    await asyncio.gather(*jobs_)
    assert Path(order).read_text().split() == ["click", "board", "dm-a", "dm-b"]
    assert pool._busy == 0 and not pool._waiting


async def test_a_waiting_job_that_is_cancelled_gives_its_turn_on(pool: Offload, tmp_path: Path) -> None:
    held = await _hold_the_worker(pool, tmp_path)
    order = str(tmp_path / "order")
    gone = asyncio.ensure_future(pool.run(_note, order, "gone", priority=Priority.MOVE))
    kept = asyncio.ensure_future(pool.run(_note, order, "kept", priority=Priority.BACKGROUND))
    await _until(lambda: len(pool._waiting) == 2, "both jobs wait")
    gone.cancel()
    (tmp_path / "go").touch()
    await held
    assert await kept == "kept"
    assert gone.cancelled() and Path(order).read_text().split() == ["kept"]
    assert pool._busy == 0
    assert await pool.run(_pid) != os.getpid()  # the cancelled job's place in the queue holds nothing up


async def test_jobs_still_waiting_at_shutdown_fail_at_once(duel_game: object, tmp_path: Path) -> None:
    offload = await Offload(1).start()
    await offload.ready()
    held = asyncio.ensure_future(offload.run(_wait_for_file, str(tmp_path / "go"), 60))
    await _until(lambda: (tmp_path / "go.started").exists(), "the holding job runs")
    waiting = asyncio.ensure_future(offload.run(_pid, priority=Priority.STATUS))
    await _until(lambda: len(offload._waiting) == 1, "a job waits")
    loop = asyncio.get_running_loop()
    started = loop.time()
    await offload.close()
    assert loop.time() - started < 3
    for job in (held, waiting):
        with pytest.raises(OffloadFailure):
            await asyncio.wait_for(job, 5)


async def test_workers_run_at_a_lower_scheduling_priority_than_the_bot(pool: Offload) -> None:
    """The bot's event loop (every acknowledgement) wins the CPU over a render on a busy machine."""
    assert await pool.run(_niceness) == min(19, os.nice(0) + WORKER_NICE)


def _drawn(path: str, view: object) -> bytes:
    """A drawing that leaves a mark each time it really runs."""
    with open(path, "a") as out:
        out.write("drawn\n")
    return b"png:" + pickle.dumps(view)


async def test_a_picture_of_the_same_view_is_drawn_once(
    pool: Offload, tmp_path: Path, duel_game: object
) -> None:
    """Issue 9 item 7: a seat's private picture is drawn again only when its view changed."""
    rules = rules_for("duel")
    state, _ = new_game(rules, None, 7)
    red, blue = rules.view(state, "red"), rules.view(state, "blue")
    marks = str(tmp_path / "marks")
    install(pool)
    try:
        first = await run_remembered(_drawn, marks, red)
        again = await run_remembered(_drawn, marks, rules.view(state, "red"), priority=Priority.BACKGROUND)
        other = await run_remembered(_drawn, marks, blue)
    finally:
        uninstall(pool)
    assert first == again and other != first
    assert Path(marks).read_text().split() == ["drawn", "drawn"]  # red once, blue once


async def test_without_workers_every_picture_is_drawn(tmp_path: Path) -> None:
    """In-process a presenter may be patched (tests): the patched drawing must run every time."""
    marks = str(tmp_path / "marks")
    for _ in range(2):
        await run_remembered(_drawn, marks, "view")
    assert Path(marks).read_text().split() == ["drawn", "drawn"]


def test_remembered_results_stay_within_their_bytes() -> None:
    memo = Remembered(max_bytes=10)
    for n in range(4):
        memo.put(bytes([n]), b"x" * 4)
    assert [memo.get(bytes([n]))[0] for n in range(4)] == [False, False, True, True]
    memo.get(bytes([2]))  # used last: the next one out is 3
    memo.put(b"new", b"y" * 4)
    assert memo.get(bytes([2])) == (True, b"xxxx") and memo.get(bytes([3])) == (False, None)
    memo.put(b"none", None)  # a game that draws no private picture: remembered too
    assert memo.get(b"none") == (True, None)
    memo.put(b"huge", b"z" * 11)  # larger than the whole budget: not kept
    assert memo.get(b"huge") == (False, None)


async def test_a_private_picture_is_remembered_per_palette(pool: Offload) -> None:
    """Issue 29 item 3: the palette is a job argument, so it crosses to the worker (drawn there in that
    palette) and is part of the remembered result's key: one view in two palettes is two pictures,
    and each is given back as drawn."""
    from bot import jobs
    from renderers.palette import use
    from renderers.registry import get

    rules = rules_for("canyon")
    state, _ = new_game(rules, None, 6)
    view = rules.view(state, "marine")
    install(pool)
    try:
        standard = await run_remembered(jobs.private_image, "canyon", view, "en", "standard")
        blind = await run_remembered(jobs.private_image, "canyon", view, "en", "colourblind")
        again = await run_remembered(jobs.private_image, "canyon", view, "en", "standard")
    finally:
        uninstall(pool)
    with use("colourblind"):
        drawn_here = get("canyon").private_png(view, "en")
    assert standard is not None and blind is not None
    assert blind != standard and again == standard and blind == drawn_here
