"""Pool the steady-load latencies of repeated `platform_ack.py --samples FILE` runs.

Run: python bench/pool_samples.py FILE [FILE ...]
p99 of one 30-second run at 10 clicks/s is its 3rd-worst click of 300, so its ratio to the bare bot
moves by about +-0.3x between identical runs; pooled over runs it is the 1 % tail of n x 300 clicks.
Prints, per file and load, the p50 and p99 of each bot over all runs and their ratio.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from platform_common import percentile


def main() -> None:
    for name in sys.argv[1:]:
        runs = [json.loads(line) for line in Path(name).read_text().splitlines() if line.strip()]
        print(f"{name}: {len(runs)} run(s)")
        rates = sorted({key.split()[1] for run in runs for key in run}, key=float)
        for rate in rates:
            pooled = {
                who: [v for run in runs for v in run.get(f"{who} {rate}", [])] for who in ("tablero", "bare")
            }
            t, b = pooled["tablero"], pooled["bare"]
            if not t or not b:
                continue
            per_run = ", ".join(
                f"{percentile(r['tablero ' + rate], 99) / percentile(r['bare ' + rate], 99):.2f}"
                for r in runs
            )
            print(
                f"  {rate} clicks/s: Tablero n={len(t)} p50 {percentile(t, 50):.1f} p99 {percentile(t, 99):.1f} ms;"
                f" bare n={len(b)} p50 {percentile(b, 50):.1f} p99 {percentile(b, 99):.1f} ms;"
                f" ratio p99 {percentile(t, 99) / percentile(b, 99):.2f}x"
                f" (per run: {per_run})"
            )


if __name__ == "__main__":
    main()
