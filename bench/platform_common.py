"""Shared by the platform benchmarks: the machine they ran on, percentiles, and the result line.

Each bench prints human-readable figures and, last, one line `RESULT {json}` that bench/run_all.py
collects into bench/README.md. Nothing here is asserted; benches never run under pytest.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def machine() -> dict[str, Any]:
    """nproc, CPU model (from /proc/cpuinfo) and Python version."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": model, "python": platform.python_version()}


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest-rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "mean": float("nan"), "p50": float("nan"), "p99": float("nan")}
    return {
        "n": len(values),
        "mean": statistics.fmean(values),
        "p50": percentile(values, 50),
        "p99": percentile(values, 99),
    }


def result(name: str, figures: dict[str, Any]) -> None:
    """The machine-readable last line."""
    print("RESULT " + json.dumps({"bench": name, "machine": machine(), **figures}, sort_keys=True))


def rss_kib(pid: int) -> int:
    """Resident set size of a process, KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")
