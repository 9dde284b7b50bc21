"""Run the platform benchmarks one after another and (with --write) put their figures in bench/README.md.

Run: python bench/run_all.py [--write] [--quick]
Each bench runs in its own process (so one cannot warm the next), prints its figures, and ends
with a `RESULT {json}` line; the figures block of bench/README.md (between the markers) is
rewritten from those lines. --quick uses small sizes to try the scripts (figures then are not
the documented ones). Nothing is asserted: a missed goal is reported, never a failure.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
from typing import Any

from platform_common import ROOT, machine

BENCHES = {
    "ack": ["platform_ack.py"],
    "render": ["platform_render.py"],
    "persist": ["platform_persist.py"],
    "restart": ["platform_restart.py"],
    "memory": ["platform_memory.py"],
    # these three need a PostgreSQL server (run_all.py under `pg_virtualenv -t`); without one they
    # print why and are left out of the block
    "cluster": ["cluster_moves.py"],
    "engine_ack": ["engine_ack.py"],
    "pg_persist": ["pg_persist.py"],
}
QUICK = {
    "ack": ["--games", "20", "--rates", "20", "--seconds", "5", "--rounds", "1"],
    "render": ["--views", "10"],
    "persist": ["--moves", "50"],
    "restart": ["--tables", "1000", "--runs", "1"],
    "memory": ["--tables", "100"],
    "cluster": ["--seconds", "3", "--tables", "4"],
    "engine_ack": ["--games", "20", "--seconds", "5"],
    "pg_persist": ["--moves", "50"],
}
START, END = "<!-- figures:start -->", "<!-- figures:end -->"


def run(name: str, quick: bool) -> dict[str, Any]:
    argv = [sys.executable, str(ROOT / "bench" / BENCHES[name][0]), *(QUICK[name] if quick else [])]
    print(f"$ {' '.join(argv[1:])}", flush=True)
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    out = [line for line in done.stdout.splitlines() if not line.startswith("RESULT ")]
    print("\n".join(out) or done.stderr[-2000:], flush=True)
    found = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    if not found:
        return {"bench": name, "error": done.stderr[-500:]}
    return json.loads(found[-1][len("RESULT ") :])


def verdict(ok: bool) -> str:
    return "meets the goal" if ok else "**misses the goal**"


def table(results: dict[str, dict[str, Any]]) -> str:
    """The figures block for the README."""
    m = machine()
    lines = [
        f"Measured {datetime.date.today().isoformat()} on {m['nproc']} × {m['cpu']} (`nproc` = {m['nproc']}),"
        f" Python {m['python']}, by `python bench/run_all.py --write`.",
        "",
        "| benchmark | Tablero | baseline | ratio | goal | |",
        "|---|---|---|---|---|---|",
    ]
    if "ack" in results and "steady" in results["ack"]:
        r = results["ack"]
        loads = [(f"steady, {k} clicks/s", v) for k, v in r["steady"].items()]
        if r["burst"]["tablero"]["n"]:
            loads.append((f"burst, all {r['games']} at once", r["burst"]))
        for label, load in loads:
            t, b, q = load["tablero"], load["bare"], r["ratios"][label]
            ok = q["p50"] <= 1.5 and q["p99"] <= 1.5 and t["p99"] < 100
            lines.append(
                f"| ack latency, {r['games']} games in progress, {label} (p50 / p99) | {t['p50']:.1f} / {t['p99']:.1f} ms"
                f" | bare discord.py bot {b['p50']:.1f} / {b['p99']:.1f} ms | {q['p50']:.2f}× / {q['p99']:.2f}×"
                f" | ≤ 1.5×, p99 < 100 ms | {verdict(ok)} |"
            )
    if "ack" in results and "click_to_board" in results["ack"]:
        r = results["ack"]
        c = r["click_to_board"]
        t, f = c["tablero"], c["floor"]
        lines.append(
            f"| click to board, {r['games']} games in progress, steady, {c['rate']:g} clicks/s (p50 / p99)"
            f" | {t['p50']:.0f} / {t['p99']:.0f} ms | floor: render + one REST edit, alone {f['p50']:.0f} / {f['p99']:.0f} ms"
            f" | {t['p50'] / f['p50']:.2f}× / {t['p99'] / f['p99']:.2f}× | p99 < 1 s | {verdict(t['p99'] < 1000)} |"
        )
    if "render" in results and "games" in results["render"]:
        for game, g in sorted(results["render"]["games"].items()):
            lines.append(
                f"| {game} board render ({g['size']}) | {g['render_ms']:.1f} ms | PNG encode of an RGB image of the same"
                f" size {g['encode_ms']:.1f} ms | {g['ratio']:.2f}× | ≤ 2× | {verdict(g['ratio'] <= 2)} |"
            )
    if "persist" in results and "tablero" in results["persist"]:
        r = results["persist"]
        lines.append(
            f"| persisting one move (p50; {r['bytes_mean']:.0f} B, {r['statements_mean']:.0f} statements)"
            f" | {r['tablero']['p50']:.2f} ms | bare aiosqlite WAL insert + commit {r['bare']['p50']:.2f} ms"
            f" | {r['ratio']:.2f}× | ≤ 1.5× | {verdict(r['ratio'] <= 1.5)} |"
        )
    if "restart" in results and "full_served" in results["restart"]:
        r = results["restart"]
        lines.append(
            f"| restart with {r['tables']:,} stored tables until one is served (cold process start)"
            f" | {r['full_served']:.2f} s | 1 stored table {r['empty_served']:.2f} s"
            f" | {r['full_served'] / r['empty_served']:.2f}× | < 2 s | {verdict(r['full_served'] < 2)} |"
        )
    if "memory" in results and "per_table_kib" in results["memory"]:
        r = results["memory"]
        lines.append(
            f"| memory per active table ({r['tables']:,} tables played) | {r['per_table_kib']:.1f} KiB"
            f" | bot RSS {r['warm_mib']:.0f} MiB warm → {r['after_mib']:.0f} MiB | — | (figure only) | |"
        )
    if "cluster" in results and "ratio" in results["cluster"]:
        r = results["cluster"]
        lines.append(
            f"| moves/s (a {r['game']} move + its board), 2 processes on cores 0 + 1 against 1 on core 0,"
            f" one PostgreSQL | {r['moves_per_s_two']:.1f}/s | 1 process {r['moves_per_s_one']:.1f}/s"
            f" | {r['ratio']:.2f}× | ≥ 1.7× | {verdict(r['ratio'] >= 1.7)} |"
        )
    if "engine_ack" in results and "ratios" in results["engine_ack"]:
        r = results["engine_ack"]
        p, q = r["postgresql"], r["sqlite"]
        for key, label in (("ack", "ack"), ("to_board", "click to board")):
            ratio = r["ratios"][f"{key}_p99"]
            lines.append(
                f"| {label} p99 on PostgreSQL, {r['games']} games, {r['rate']:g} clicks/s | {p[key]['p99']:.1f} ms"
                f" | SQLite {q[key]['p99']:.1f} ms | {ratio:.2f}× | ≤ 1.2× | {verdict(ratio <= 1.2)} |"
            )
    if "pg_persist" in results and "ratio" in results["pg_persist"]:
        r = results["pg_persist"]
        lines.append(
            f"| persisting one {r['game']} move on PostgreSQL (p50; {r['bytes_mean']:.0f} B, fsync"
            f" {r['server']['fsync']}) | {r['tablero']['p50']:.2f} ms | bare asyncpg insert + commit of the"
            f" same bytes {r['bare']['p50']:.2f} ms | {r['ratio']:.2f}× | ≤ 1.5× | {verdict(r['ratio'] <= 1.5)} |"
        )
    lines += ["", "Raw results (the `RESULT` lines):", "", "```"]
    lines += [json.dumps(results[name], sort_keys=True) for name in BENCHES if name in results]
    lines += ["```"]
    return "\n".join(lines)


def write(block: str) -> None:
    readme = ROOT / "bench" / "README.md"
    text = readme.read_text()
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    readme.write_text(f"{head}{START}\n{block}\n{END}{tail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the figures block of bench/README.md")
    parser.add_argument("--quick", action="store_true", help="small sizes, to try the scripts")
    parser.add_argument(
        "only",
        nargs="*",
        help="run only these (ack render persist restart memory cluster engine_ack pg_persist)",
    )
    args = parser.parse_args()
    results = {name: run(name, args.quick) for name in BENCHES if not args.only or name in args.only}
    block = table(results)
    print(block)
    if args.write:
        write(block)


if __name__ == "__main__":
    main()
