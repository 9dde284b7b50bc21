"""Where an acknowledgement's time goes: reads the probes of `platform_ack.py --trace DIR`.

Run: python bench/trace_report.py DIR [--worst 10]
Each timed click is cut at four stamps (all on CLOCK_MONOTONIC, shared by the processes):
  emu-send  click → the emulator's gateway writer has sent INTERACTION_CREATE (benchmark process)
  to-bot    → discord.py starts parsing it in the bot (kernel, the bot's loop waking, its frame read)
  in-bot    → the bot calls the interaction callback endpoint (dispatch, the component's callback)
  to-emu    → that request reaches the emulator's API handler (the bot's HTTP send, the emulator's loop)
  emu-ans   → the benchmark sees the answer (the emulator's handling, the waiter waking)
For each run: the percentiles of each segment, then the worst clicks with their segments and what
overlapped them: garbage collections and event-loop lateness of the bot and of the emulator.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from platform_common import percentile

SEGMENTS = ("emu-send", "to-bot", "in-bot", "to-emu", "emu-ans")


def read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def overlapping(events: list[dict[str, Any]], start: float, end: float) -> list[dict[str, Any]]:
    """Pauses (gc, lag) that overlap [start, end]: a lag event covers [t, t + ms]."""
    return [e for e in events if e["t"] < end and e["t"] + e["ms"] / 1000 > start]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--worst", type=int, default=10)
    args = parser.parse_args()
    bench = read(args.dir / "bench.jsonl")
    bots = {"tablero": read(args.dir / "tablero.jsonl"), "bare": read(args.dir / "bare.jsonl")}
    sent = {e["id"]: e["t"] for e in bench if e["k"] == "sent"}
    api = {e["id"]: e["t"] for e in bench if e["k"] == "api"}
    emu_lag = [e for e in bench if e["k"] in ("lag", "gc")]
    emu_cb = [e for e in bench if e["k"] == "cb"]
    clicks: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in bench:
        if e["k"] == "click":
            clicks[e["phase"]].append(e)
    for phase, runs in clicks.items():
        who = phase.split()[0]
        events = bots[who]
        frame = {e["id"]: e["t"] for e in events if e["k"] == "frame"}
        ack = {e["id"]: e["t"] for e in events if e["k"] == "ack"}
        pauses = [e for e in events if e["k"] in ("gc", "lag")]
        bot_cb = [e for e in events if e["k"] == "cb"]
        rows = []
        for c in runs:
            i, t0 = c["id"], c["t"]
            stamps = [t0, sent.get(i), frame.get(i), ack.get(i), api.get(i), t0 + c["ms"] / 1000]
            if any(s is None for s in stamps):
                continue
            seg = {name: (b - a) * 1000 for name, a, b in zip(SEGMENTS, stamps, stamps[1:], strict=False)}
            rows.append((c, seg))
        span = (min(c["t"] for c in runs), max(c["t"] + c["ms"] / 1000 for c in runs))
        gcs = [e for e in events if e["k"] == "gc" and span[0] <= e["t"] <= span[1]]
        lags = [e for e in events if e["k"] == "lag" and span[0] <= e["t"] <= span[1]]
        elags = [e for e in emu_lag if span[0] <= e["t"] <= span[1]]
        total = [c["ms"] for c in runs]
        print(
            f"== {phase}: n={len(runs)} (stamped {len(rows)}), p50 {percentile(total, 50):.1f} ms, p99 {percentile(total, 99):.1f} ms"
        )
        print(
            f"   during the run: bot gc {len(gcs)} (sum {sum(e['ms'] for e in gcs):.0f} ms, max"
            f" {max((e['ms'] for e in gcs), default=0):.1f} ms; by generation"
            f" {dict(sorted(defaultdict(int, {g: sum(1 for e in gcs if e['gen'] == g) for g in (0, 1, 2)}).items()))});"
            f" bot loop late >2 ms: {len(lags)} (max {max((e['ms'] for e in lags), default=0):.1f});"
            f" emulator loop late >2 ms: {len(elags)} (max {max((e['ms'] for e in elags), default=0):.1f})"
        )
        for name in SEGMENTS:
            values = [s[name] for _, s in rows]
            if values:
                print(
                    f"   {name:8s} p50 {percentile(values, 50):6.2f}  p90 {percentile(values, 90):6.2f}  p99 {percentile(values, 99):6.2f}  max {max(values):6.2f}"
                )
        print("   worst clicks: total = " + " + ".join(SEGMENTS) + "  | overlapping")
        for c, seg in sorted(rows, key=lambda r: -r[0]["ms"])[: args.worst]:
            end = c["t"] + c["ms"] / 1000
            notes = [
                f"bot-{e['k']}{e.get('gen', '')}:{e['ms']:.0f}" for e in overlapping(pauses, c["t"], end)
            ] + [f"emu-lag:{e['ms']:.0f}" for e in overlapping(emu_lag, c["t"], end)]
            print(
                f"   {c['ms']:7.1f} = "
                + " + ".join(f"{seg[n]:6.1f}" for n in SEGMENTS)
                + "  | "
                + " ".join(notes)
            )
            for side, cbs in (("bot", bot_cb), ("emu", emu_cb)):
                for e in overlapping(cbs, c["t"], end):
                    if e["ms"] >= 2:
                        print(f"            {side} cb {e['ms']:5.1f} ms (cpu {e['cpu']:5.1f}) {e['what']}")
        for side, cbs in (("bot", bot_cb), ("emulator", emu_cb)):
            inside = [e for e in cbs if span[0] <= e["t"] <= span[1]]
            by: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
            for e in inside:
                key = e["what"]
                row = by[key]
                row[0] += 1
                row[1] += e["ms"]
                row[2] += e["cpu"]
                row[3] = max(row[3], e["ms"])
            seconds = span[1] - span[0]
            cpu = sorted(e["cpu"] for e in inside)
            print(
                f"   {side} loop: callbacks over 1 ms wall / 0.5 ms cpu, {seconds:.0f} s: wall"
                f" {sum(e['ms'] for e in inside):.0f} ms, cpu {sum(cpu):.0f} ms; cpu over 2 ms:"
                f" {sum(1 for c in cpu if c > 2)}, over 4 ms: {sum(1 for c in cpu if c > 4)}, longest"
                f" {', '.join(f'{c:.1f}' for c in cpu[-3:])} ms; top by cpu:"
            )
            for key, (n, wall, busy, top) in sorted(by.items(), key=lambda kv: -kv[1][2])[:12]:
                print(f"      {n:5d}x wall {wall:7.0f} cpu {busy:7.0f} max {top:6.1f}  {key}")


if __name__ == "__main__":
    main()
