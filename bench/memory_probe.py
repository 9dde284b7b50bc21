"""The bot, as `python -m bot` runs it, answering SIGUSR1 with what it holds (for platform_memory.py).

On SIGUSR1 it writes one JSON line to the file named by TABLERO_MEMORY_PROBE: the resident set size
as it was, what a full collection found (the unreachable objects that had waited in reference
cycles), the objects the collector tracks after it and their shallow size (`sys.getsizeof`, the
objects frozen at start-up not counted: they are the imports, the same in every run), and the
resident set size after the collection. The handler runs on the main thread between two bytecodes,
like any Python signal handler; nothing of the bot's own code changes.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def report(_signum: int, _frame: Any) -> None:
    raw = rss_kib()
    unreachable = gc.collect()
    tracked = gc.get_objects()
    live = sum(sys.getsizeof(o) for o in tracked)
    line = {
        "rss_kib": raw,
        "collected": unreachable,
        "tracked_objects": len(tracked),
        "tracked_kib": live / 1024,
        "rss_after_collect_kib": rss_kib(),
        "frozen": gc.get_freeze_count(),
    }
    del tracked
    with open(os.environ["TABLERO_MEMORY_PROBE"], "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, report)
    from bot.cli import run

    sys.exit(run())
