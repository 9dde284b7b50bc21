"""The replay of a 30-turn Space Hulk game (issue 28 item 1): one animated GIF (bot/replays.py) against
rendering the same pictures one by one as PNGs (a post per picture).

Run: python bench/replay.py [--turns 30] [--seed N]
The game: the Marines' AI against Genestealers that often end their turn at once (the Genestealer AI
alone wins in about seven turns), on the purge mission with its last turn set to `--turns`; every
action is recorded as the table service records it (bot/journal.py). Printed, for the spectator's
view and the Marine seat's: the pictures, the GIF's size and time, the time and total size of the
same boards drawn one by one as PNGs, and where the GIF's time goes (the boards, the animation).
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bot import replays
from bot.games import presenter_for
from bot.journal import Journal
from bot.store import ActionRecord, EventRecord, TableRecord
from engine.core import dice_for, new_game, step
from engine.spacehulk import RULES

OPTIONS = {"mission": "purge", "variants": {"turn_limit": 30, "timer_mode": "untimed"}}


def game(seed: int, turns: int) -> tuple[TableRecord, list[EventRecord], list[ActionRecord]]:
    """A Space Hulk game that lasts `turns` turns, as the store would hold it."""
    options = {**OPTIONS, "variants": {**OPTIONS["variants"], "turn_limit": turns}}  # type: ignore[dict-item]
    state, opening = new_game(RULES, options, seed)
    journal = Journal(RULES)
    rules = journal.rules
    pilots = {seat: RULES.pilot(seat) for seat in RULES.seats}
    rng = random.Random(seed)
    events = list(opening)
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        enders = [a for a in legal if a.kind == "end_turn"]
        if seat == "genestealer" and enders and rng.random() < 0.5:
            action = enders[0]
        else:
            action = pilots[seat].choose(
                RULES.view(state, seat), legal, dice_for(state).fork(f"pilot:{seat}")
            )
        state, new = step(rules, state, seat, action)
        events += new
    table = TableRecord(
        id=1,
        number=1,
        game="spacehulk",
        guild_id=None,
        channel_id=None,
        thread_id=None,
        status="finished",
        seats={"marine": 1, "genestealer": 2},
        invited=[],
        options=options,
        seed=seed,
        version=len(events),
        lang="en",
        status_message_id=None,
        created_by=1,
        outcome=RULES.outcome(state),
        rematch_of=None,
        created_at=0.0,
        updated_at=0.0,
    )
    records = [
        EventRecord(table_id=1, seq=n, kind=e.kind, data=e.model_dump(mode="json"), actor=None, at=0.0)
        for n, e in enumerate(events, 1)
    ]
    actions = [
        ActionRecord(id=n, table_id=1, at=0.0, **row.model_dump())
        for n, row in enumerate(journal.rows(table), 1)
    ]
    print(
        f"game: seed {seed}, {state.turn} turns, {len(actions)} actions, {len(events)} events, {RULES.outcome(state)}"
    )
    return table, records, actions


def one_by_one(
    table: TableRecord, records: list[EventRecord], actions: list[ActionRecord], seat: Any
) -> tuple[int, float, int]:
    """The same pictures the replay shows, each drawn as its own PNG: (pictures, seconds, bytes)."""
    presenter = presenter_for(table.game)
    events = [RULES.parse_event(r.data) for r in records]
    found = replays.steps(RULES, presenter, events, replays.boundaries(records, actions), seat, "en")
    every = -(-len(found) // replays.MAX_FRAMES)
    chosen = replays.grouped(found, every)
    start = time.perf_counter()
    size = sum(len(presenter.board_png(s.view, "en")) for s in chosen)
    return len(chosen), time.perf_counter() - start, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    table, records, actions = game(args.seed, args.turns)
    presenter_for("spacehulk").board_png(RULES.view(new_game(RULES, OPTIONS, 1)[0], None), "en")  # warm-up
    for seat in (None, "marine"):
        who = seat or "spectator"
        start = time.perf_counter()
        replay = replays.render(table, records, actions, seat, "en")
        took = time.perf_counter() - start
        pictures, boards_s, pngs = one_by_one(table, records, actions, seat)
        print(
            f"{who:>10}: GIF {replay.frames} pictures ({replay.per}, {replay.every} a picture, scale {replay.scale},"
            f" {replay.dropped} turns dropped) {len(replay.data) / 2**20:.2f} MiB in {took:.2f} s"
        )
        print(
            f"{'':>10}  one by one: {pictures} PNGs {pngs / 2**20:.2f} MiB in {boards_s:.2f} s"
            f" -> the animation itself (fold, captions, palette, GIF) {took - boards_s:.2f} s;"
            f" GIF / PNGs size {len(replay.data) / pngs:.2f}"
        )


if __name__ == "__main__":
    main()
