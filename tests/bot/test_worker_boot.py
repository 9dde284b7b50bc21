"""The forkserver's excepthook (bot/worker_boot.py): a worker half-born as the bot exits (its
semaphores already unlinked) prints nothing after "Stopped"; every other failure is printed as before.
The whole path is exercised by tests/playground's Ctrl-C test; here each branch, with real processes."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest


@pytest.fixture
def boot(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # importing worker_boot replaces it
    from bot import worker_boot

    return worker_boot


def raised(exc: BaseException) -> BaseException:
    try:
        raise exc
    except BaseException as caught:
        return caught


def ended_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_half_born_worker_of_a_bot_that_has_exited_says_nothing(boot: Any, capsys: Any) -> None:
    gone = ended_pid()
    for exc in (FileNotFoundError(2, "No such file or directory"), EOFError(), BrokenPipeError()):
        exc = raised(exc)
        boot.quiet_when_the_bot_left(type(exc), exc, exc.__traceback__, bot_pid=gone)
    assert capsys.readouterr().err == ""


def test_the_same_failure_while_the_bot_runs_is_printed(boot: Any, capsys: Any) -> None:
    exc = raised(FileNotFoundError(2, "No such file or directory"))
    boot.quiet_when_the_bot_left(type(exc), exc, exc.__traceback__, bot_pid=os.getpid(), within=0.05)
    err = capsys.readouterr().err
    assert "Traceback" in err and "FileNotFoundError" in err


def test_any_other_failure_is_printed_even_after_the_bot_left(boot: Any, capsys: Any) -> None:
    exc = raised(ValueError("a real bug"))
    boot.quiet_when_the_bot_left(type(exc), exc, exc.__traceback__, bot_pid=ended_pid())
    assert "ValueError: a real bug" in capsys.readouterr().err


def test_the_hook_is_installed_where_the_forkserver_imports_it() -> None:
    from bot.offload import PRELOAD

    assert "bot.worker_boot" in PRELOAD
    check = "import sys, bot.worker_boot as w; assert sys.excepthook is w.quiet_when_the_bot_left"
    assert subprocess.run([sys.executable, "-c", check]).returncode == 0
