"""Fingerprint of N seeded uniform-random ClickWars games: every legal list, action and final state.

Run from the repository root: python bench/clickwars_fingerprint.py [N]  (default 60)
Prints one line per game and a total digest; two engines that print the same digest played the same
games with the same legal lists (in order), the same events and the same final states.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.clickwars import RULES, Options  # noqa: E402
from engine.core import apply, dice_for, new_game  # noqa: E402

total = hashlib.sha256()
n_games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
for seed in range(n_games):
    sc = ["extermination", "take_and_hold", "assault", "hunt", "hostage_rescue"][seed % 5]
    tb = "180x120" if seed % 3 == 0 else "120x120"
    state, _ = new_game(RULES, Options(scenario=sc, table=tb), seed)
    pick = random.Random(seed)
    h = hashlib.sha256()
    n = 0
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        h.update(repr([x.model_dump() for x in legal]).encode())
        act = legal[pick.randrange(len(legal))]
        events = RULES.decide(state, seat, act, dice_for(state))
        h.update(repr([e.model_dump() for e in events]).encode())
        state = apply(RULES, state, events)
        n += 1
    h.update(state.model_dump_json().encode())
    total.update(h.digest())
    print(seed, sc, tb, n, h.hexdigest()[:16], flush=True)
print("digest", total.hexdigest()[:24])
