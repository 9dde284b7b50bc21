"""A fork server for restart-heavy tests: import the bot once, then fork a fresh bot process per start.

Protocol on stdin/stdout, one JSON object per line. In: {"env": {...}, "log": path} starts a bot
(the child runs tests/e2e/botproc.py as __main__ with exactly that environment, output appended
to the log). Out: {"pid": n} for each start, {"exit": n, "status": s} when a child ends (s is
-signal for a signal, as in subprocess). Forking after the imports saves ~0.7 s per restart; each
child is still its own process with its own SQLite connection, sockets and event loop.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import signal
import sys

import bot.app  # noqa: F401
import bot.cli  # noqa: F401  (imported once, before any fork)
import bot.crashpoints
import cogs.lobby  # noqa: F401
import cogs.play  # noqa: F401
import tests.games.registration  # noqa: F401

for _optional in ("cogs.forms", "renderers.canyon", "renderers.arkenstone"):
    try:
        importlib.import_module(_optional)
    except ImportError:
        pass


def _say(message: dict[str, int]) -> None:
    os.write(1, (json.dumps(message) + "\n").encode())


def _reap(signum: int, frame: object) -> None:
    """SIGCHLD: report every child that ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        _say({"exit": pid, "status": code})


def _child(env: dict[str, str], log: str) -> None:
    """In the fork: the bot process proper (never returns)."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.environ.clear()
    os.environ.update(env)
    importlib.reload(bot.crashpoints)  # re-read TABLERO_TEST_KILL_AT for this process
    code = 1
    try:
        runpy.run_module("tests.e2e.botproc", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def main() -> None:
    signal.signal(signal.SIGCHLD, _reap)
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request["env"], request["log"])
        _say({"pid": pid})


if __name__ == "__main__":
    main()
