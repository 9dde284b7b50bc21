"""bench/clickwars.py runs (its figures are printed, never asserted: "speed is measured, not
asserted"), and `--python` re-runs it under another interpreter with this environment's packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "clickwars.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH), "--los", "200", "--renders", "0", "--matches", "0", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_bench_names_its_interpreter_and_reruns_under_another() -> None:
    out = run("--games", "1", "--python", sys.executable)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    # the child printed the figures, once, naming the interpreter it ran under
    assert sum(ln.startswith("interpreter: ") for ln in lines) == 1
    assert any(ln.startswith(f"interpreter: {sys.executable}, Python ") for ln in lines)
    assert sum(ln.startswith("random full games: ") for ln in lines) == 1
    assert sum(ln.startswith("host pace (see `pace`): ") for ln in lines) == 1
    assert sum(ln.startswith("line of sight: ") for ln in lines) == 1


def test_another_python_version_is_refused_with_the_reason(tmp_path: Path) -> None:
    fake = tmp_path / "python9"
    fake.write_text("#!/bin/sh\necho 9.9\n")
    fake.chmod(0o755)
    out = run("--games", "0", "--python", str(fake))
    assert out.returncode == 2
    assert "is Python 9.9, not 3." in out.stdout
    assert "random full games" not in out.stdout
