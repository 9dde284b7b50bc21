"""Test-only crash points: the process SIGKILLs itself at a named place of the move pipeline.

Inert unless `TABLERO_TEST_KILL_AT` is set (read once, at import): `name:n` kills the process the
n-th time `crash_point(name)` is reached (`name` alone means the first time). The crash test
(tests/reliability/test_crash_consistency.py) uses it to die exactly where a crash hurts most,
e.g. between the database commit and the delivery. Names: commit.before, commit.inside,
commit.after, delivery.before, delivery.sent, delivery.after.
"""

from __future__ import annotations

import os
import signal

_name, _, _count = os.environ.get("TABLERO_TEST_KILL_AT", "").partition(":")
_left = (int(_count) if _count else 1) if _name else 0


def crash_point(name: str) -> None:
    """SIGKILL this process if the configured crash point has been reached (no-op otherwise)."""
    global _left
    if _left and name == _name:
        _left -= 1
        if _left == 0:
            os.kill(os.getpid(), signal.SIGKILL)


def armed(name: str) -> bool:
    """Whether `crash_point(name)` may still kill this process (a hook that only calls it is then
    worth registering: PostgreSQL's store sends a move's writes and COMMIT in one round trip unless
    a before-commit hook must run between them)."""
    return bool(_left) and name == _name
