"""Invariants under random legal play (hypothesis): cards conserved, figures on the table, games end."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.arkenstone import RULES, ArkenstoneState
from engine.arkenstone.ai import BilboPilot, RandomPilot, SmaugPilot
from engine.arkenstone.board import figure_on_table
from engine.core import apply, dice_for, new_game


def check(state: ArkenstoneState) -> None:
    """What must hold after every decision."""
    ranks = [t.rank for t in state.treasures] + state.treasure_pile
    assert sorted(ranks) == list(range(1, 14))  # the 13 diamonds are all there, once each
    assert [t.label for t in state.treasures] == list(range(1, len(state.treasures) + 1))
    for t in state.treasures:
        assert not t.removed or (t.face_up and t.rank != 1)  # only searched non-Aces leave (AK-ACT-B2)
    assert len({loc.rank for loc in state.locations}) == len(state.locations)  # A16: clubs never leave
    for seat in ("bilbo", "smaug"):
        at = state.bilbo if seat == "bilbo" else state.smaug
        assert at is None or figure_on_table(state.options, seat, at)
        assert len(state.drawn[seat]) == len(set(state.drawn[seat])) <= 13  # AK-TRN-11
    assert state.turn == 0 or (len(state.treasures) == 13 and len(state.locations) == 13)  # AK-SET-5
    assert state.turn > 0 or state.phase.startswith("place")  # every layout opens with placements (AK-SET-1)
    assert state.phase in ("over",) or RULES.active_seats(state)
    assert state.phase not in ("setup", "starting", "revealing", "turn_over")  # never left mid-decision


def run(seed: int, layout: str, pilots: dict, cap: int) -> tuple[ArkenstoneState, int]:
    state, _ = new_game(RULES, {"layout": layout}, seed)
    check(state)
    n = 0
    while RULES.outcome(state) is None and n < cap:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        assert legal
        action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork("pilot"))
        events = RULES.decide(state, seat, action, dice_for(state))
        state = apply(RULES, state, events)
        check(state)
        n += 1
    return state, n


RANDOM = {"bilbo": RandomPilot("bilbo"), "smaug": RandomPilot("smaug")}


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["random", "draft", "free"]))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_random_play_keeps_the_invariants(seed: int, layout: str) -> None:
    run(seed, layout, RANDOM, cap=400)


def test_random_games_end() -> None:
    for seed in range(3):
        state, n = run(seed, "random", RANDOM, cap=40_000)
        assert RULES.outcome(state) is not None, f"seed {seed} still running after {n} decisions"


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=15, deadline=None, derandomize=True)
def test_pilot_games_end_quickly(seed: int) -> None:
    pilots = {"bilbo": BilboPilot(), "smaug": SmaugPilot()}
    state, n = run(seed, ("draft", "random")[seed % 2], pilots, cap=3_000)
    assert RULES.outcome(state) is not None
