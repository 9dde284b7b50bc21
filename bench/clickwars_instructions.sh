#!/usr/bin/env bash
# Machine instructions of 10 uniformly random ClickWars games (seeds 1-10, after a warm-up game),
# counted by valgrind's cachegrind: the measure of an engine change on a shared machine, where CPU
# time moves by half between runs and the load cannot skew an instruction count.
# Usage: bench/clickwars_instructions.sh [REPO_DIR] [PYTHON]   (defaults: this repository, its .venv)
# G=N counts N-1 games instead of 10. Needs valgrind (apt-get install valgrind). About a minute.
set -euo pipefail
repo="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
python="${2:-$repo/.venv/bin/python}"
games="${G:-11}"
count() {
    G="$1" PYTHONHASHSEED=0 PYTHONPATH="$repo" valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$python" "$repo/bench/clickwars_warm.py" 2>&1 \
        | grep "I *refs" | awk '{print $4}' | tr -d ,
}
all=$(count "$games")
warm=$(count 1)
echo "$repo: $(( (all - warm) / 1000000 )) M instructions for $(( games - 1 )) random games after the warm-up"
