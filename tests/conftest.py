"""Shared fixtures. The Duel test game (tests/games) is registered only by the fixture that asks for it."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

# The suite is deterministic (README): every property test draws the same examples on every run, so a
# failure is the code's, never the run's luck. `HYPOTHESIS_PROFILE=explore` draws new examples each
# run (how seed 4241 of the Deathwing solo test was found); a failure it finds belongs in a test.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


@pytest.fixture
def duel_game() -> Iterator[object]:
    """Register the Duel test game (rules, presenter and its catalog entries) for one test."""
    from tests.games.registration import register_duel, unregister_duel

    presenter = register_duel()
    try:
        yield presenter
    finally:
        unregister_duel()


def _exit_blockers() -> set[threading.Thread]:
    """Non-daemon threads that interpreter exit would wait for (a thread pool's are told to stop)."""
    from concurrent.futures import thread as pool_threads

    pooled = set(pool_threads._threads_queues)
    return {
        t
        for t in threading.enumerate()
        if not t.daemon and t is not threading.main_thread() and t not in pooled
    }


@pytest.fixture(autouse=True)
def no_thread_left_behind() -> Iterator[None]:
    """No test leaves a thread behind that would keep the interpreter from exiting.

    aiosqlite's worker thread is not a daemon and ends only when its connection is closed (or
    garbage-collected): a connection nobody closed kept `pytest` alive after its summary, forever,
    and CI timed out with every test green. So each test ends with no such thread it started still
    running; one that is closing gets a moment to finish.
    """
    before = _exit_blockers()
    yield
    leftover = _exit_blockers() - before
    for thread in leftover:
        thread.join(timeout=5)
    alive = sorted(t.name for t in leftover if t.is_alive())
    assert not alive, f"the test left threads running that would keep the process from exiting: {alive}"


_LEFT_OUT = pytest.StashKey[int]()


def _on_postgresql(item: pytest.Item) -> bool:
    """A test of the PostgreSQL store: the `postgresql` half of an `engine` parametrisation, or marked."""
    params = getattr(item, "callspec", None)
    return (params is not None and params.params.get("engine") == "postgresql") or bool(
        item.get_closest_marker("postgresql")
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without a PostgreSQL server (and without TABLERO_REQUIRE_PG=1) the PostgreSQL tests are left
    out, and the run ends with one line saying how to run them (tests/bot/engines.py)."""
    from tests.bot.engines import pg_url

    for item in items:  # `-m postgresql` selects every test of the PostgreSQL store
        params = getattr(item, "callspec", None)
        if params is not None and params.params.get("engine") == "postgresql":
            item.add_marker("postgresql")
    if pg_url() is not None or os.environ.get("TABLERO_REQUIRE_PG") == "1":
        return
    left_out = [item for item in items if _on_postgresql(item)]
    if left_out:
        items[:] = [item for item in items if not _on_postgresql(item)]
        config.hook.pytest_deselected(items=left_out)
        config.stash[_LEFT_OUT] = len(left_out)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    from tests.bot.engines import HOW, pg_url

    if pg_url() is not None or os.environ.get("TABLERO_REQUIRE_PG") == "1":
        return
    # Under xdist the workers collect and leave out; the controller sees the SQLite twins pass.
    ran_twins = any(
        "[sqlite" in getattr(report, "nodeid", "")
        for reports in terminalreporter.stats.values()
        for report in reports
    )
    if config.stash.get(_LEFT_OUT, 0) or ran_twins:
        terminalreporter.write_line(HOW)
