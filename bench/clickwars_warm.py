"""The workload `clickwars_instructions.sh` counts: a warm-up game and the default table's deployment
plans (what a running bot has cached), then seeds 1..G-1 of the uniformly random games of
bench/clickwars.py. The script counts G=1 (the warm-up alone) and subtracts it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.clickwars import RULES  # noqa: E402
from engine.clickwars.deploy import plan  # noqa: E402
from engine.core import new_game  # noqa: E402
from tests.engine.clickwars.helpers import random_game  # noqa: E402

random_game(0)
state, _ = new_game(RULES, None, 0)
for south in ("red", "blue"):
    state.south = south
    for seat in ("red", "blue"):
        plan(state, seat, "cover")
for seed in range(1, int(os.environ.get("G", "1"))):
    random_game(seed)
