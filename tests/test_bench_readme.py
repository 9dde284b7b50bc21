"""bench/README.md is for its readers (issue 23 item 9): it says how to run every benchmark, and
keeps the block `bench/run_all.py --write` rewrites."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"


def test_every_benchmark_is_in_the_readme() -> None:
    text = (BENCH / "README.md").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in BENCH.iterdir() if p.suffix in {".py", ".sh"})
    missing = [name for name in scripts if f"`{name}`" not in text]
    assert not missing, f"bench/README.md does not say how to run {missing}"
    assert text.count("<!-- figures:start -->") == 1 and text.count("<!-- figures:end -->") == 1
    assert "## Latest figures" in text and "## How to run each benchmark" in text
