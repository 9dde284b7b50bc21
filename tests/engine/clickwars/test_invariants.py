"""Invariants over random legal games (hypothesis picks the seed and the table)."""

from __future__ import annotations

import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clickwars import RULES, Options
from engine.clickwars.combat import gross_damage
from engine.core import apply, dice_for, new_game


def play(seed: int, options: Options, cap: int = 3000):
    state, log = new_game(RULES, options, seed)
    chooser = random.Random(seed)
    for _ in range(cap):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        events = RULES.decide(state, seat, legal[chooser.randrange(len(legal))], dice_for(state))
        state = apply(RULES, state, events)
        log.extend(events)
        for u in state.units.values():
            assert u.life <= u.max_life
    return state, log


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    scenario=st.sampled_from(["extermination", "take_and_hold", "assault", "hunt", "hostage_rescue"]),
    table=st.sampled_from(["120x120", "180x120"]),
)
def test_a_random_legal_game_always_ends_and_damage_is_never_negative(
    seed: int, scenario: str, table: str
) -> None:
    state, log = play(seed, Options(rounds=2, scenario=scenario, table=table))
    assert state.result is not None and not RULES.active_seats(state)
    assert all(e.net >= 0 for e in log if e.kind == "damaged")


@given(st.integers(1, 10), st.sampled_from(["x1", "x2", "x5", "+2", "-2"]))
def test_gross_damage_follows_the_formula(die: int, formula: str) -> None:
    """CW-DMG-1: 1d10 then add or multiply; only fists can go below 1 (and the net floors at 0)."""
    g = gross_damage(die, formula)  # type: ignore[arg-type]
    assert g >= die - 2 and (g >= 1 or formula == "-2")


def test_the_move_sample_is_valid_by_construction_and_the_memo_is_exact() -> None:
    """CW-MOV-1, CW-MOV-2, CW-MOV-3: every sampled move passes every movement rule (check_move) though
    the sample draws it by casting rays, not by trying; the per-unit memo gives the same sample as
    drawing it afresh."""
    from engine.clickwars import actions as a
    from engine.clickwars import memo
    from engine.clickwars.movement import check_move

    moves = 0
    for seed in (3, 8):
        state, _ = new_game(RULES, Options(scenario="take_and_hold" if seed == 8 else "extermination"), seed)
        chooser = random.Random(seed)
        while RULES.outcome(state) is None:
            seat = sorted(RULES.active_seats(state))[0]
            got = RULES.legal_actions(state, seat)
            memo._LOCAL.memos.clear()
            assert RULES.legal_actions(state, seat) == got
            for action in got:
                if isinstance(action, a.Move):
                    check_move(state, state.units[action.unit], (action.x, action.y))  # never refused
                    moves += 1
            events = RULES.decide(state, seat, got[chooser.randrange(len(got))], dice_for(state))
            state = apply(RULES, state, events)
    assert moves > 1000


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 80)), min_size=30, max_size=30), st.integers(0, 29)
)
def test_the_nearby_enemy_scan_finds_every_engagement(spots: list[tuple[int, int]], pick: int) -> None:
    """CW-CC-2: `engaged_with` and `is_engaged` (which look only at enemies boxed within both bases
    and the longest reach) agree with testing every unit, on the 0.5 cm grid."""
    from engine.clickwars.los import engaged, engaged_with, is_engaged

    from .helpers import table

    ids = [f"{side}{n}" for side in "RB" for n in range(1, 16)]
    state = table({uid: (20 + x / 2, 20 + y / 2) for uid, (x, y) in zip(ids, spots, strict=True)}, terrain=[])
    u = state.units[ids[pick]]
    every = [o for o in state.units.values() if engaged(u, o)]
    assert engaged_with(state, u) == every
    assert is_engaged(state, u) == bool(every)


def test_the_cover_plan_stands_the_army_where_the_terrain_hides_it() -> None:
    """CW-DEP-1, §8.3: on both default tables and from either edge, the "cover" plan places every
    piece where `check_placement` accepts it on the 0.5 cm grid, no two bases (but a gun and its
    crewman) closer than SPACING_CM, and hides the army from more of the enemy's strip than "spread"."""
    from engine.clickwars.deploy import SPACING_CM, check_placement, eyes, plan
    from engine.clickwars.los import terrain_blocks
    from engine.clickwars.state import deployment_bounds, other

    for table in ("120x120", "180x120"):
        state, _ = new_game(RULES, Options(table=table), 1)
        for south in ("red", "blue"):
            state.south = south
            for seat in ("red", "blue"):
                watch = eyes(state.width, deployment_bounds(state, other(seat)))

                cover, spread = plan(state, seat, "cover"), plan(state, seat, "spread")
                state.pending[seat] = cover
                for key, (x, y) in cover.items():
                    check_placement(state, seat, key, x, y)
                    assert (x * 2, y * 2) == (round(x * 2), round(y * 2))  # the 0.5 cm grid (§8.1)
                crews = {u.crew for u in state.units.values() if u.crew} | {
                    u.gun for u in state.units.values() if u.gun
                }
                free = [xy for key, xy in cover.items() if key not in crews]
                assert all(math.dist(p, q) >= SPACING_CM for i, p in enumerate(free) for q in free[i + 1 :])
                hidden = [
                    sum(terrain_blocks(state, eye, xy) for xy in spots.values() for eye in watch)
                    for spots in (cover, spread)
                ]
                assert hidden[0] > hidden[1], (table, south, seat, hidden)
                state.pending[seat] = {}
