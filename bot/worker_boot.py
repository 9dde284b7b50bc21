"""Imported by the worker pool's forkserver only (bot/offload.py PRELOAD): work every worker would
otherwise repeat at its first job is done once, before the workers are forked from it.

It also keeps the terminal quiet when the bot exits while a worker is being born. The forkserver
forks a child for each worker; the child then rebuilds the pool's semaphores by name. A bot that
exits in that instant (a Ctrl-C or SIGTERM right after start, on a loaded machine) has already
unlinked them, so the half-born worker fails with FileNotFoundError (or finds its pipe closed), and
the forkserver's child prints that traceback on the bot's terminal after "Stopped". That is not an
error of anything that mattered: nothing was ever handed to that worker. The hook below stays
silent for exactly that case (the failure is one of those and the bot process ends within 2 s);
any other failure is printed as before."""

from __future__ import annotations

import os
import select
import sys
import time
from types import TracebackType

from renderers.i18n import preload

BOT_PID = os.getppid()  # the forkserver is started by the bot itself
MID_SPAWN = (FileNotFoundError, EOFError, ConnectionError)


def bot_ends_within(pid: int, seconds: float) -> bool:
    """Whether process `pid` has ended, or ends within `seconds`."""
    try:
        fd = os.pidfd_open(pid)  # Linux >= 5.3: readable once the process has ended
    except ProcessLookupError:
        return True
    except (AttributeError, OSError):
        until = time.monotonic() + seconds
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
            except PermissionError:
                pass
            if time.monotonic() >= until:
                return False
            time.sleep(0.05)
    try:
        readable, _, _ = select.select([fd], [], [], seconds)
        return bool(readable)
    finally:
        os.close(fd)


def quiet_when_the_bot_left(
    kind: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    bot_pid: int | None = None,
    within: float = 2.0,
) -> None:
    """sys.excepthook of the forkserver and its children: see the module's docstring."""
    if issubclass(kind, MID_SPAWN) and bot_ends_within(BOT_PID if bot_pid is None else bot_pid, within):
        return
    sys.__excepthook__(kind, exc, tb)


sys.excepthook = quiet_when_the_bot_left
preload()  # read the message catalogs (each message is parsed at its first use: renderers/i18n.py)
