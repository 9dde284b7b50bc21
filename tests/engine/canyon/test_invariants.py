"""Hypothesis invariants over random play: cards, damage, hands and the pursuit die."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.canyon import RULES, CanyonOptions, CanyonState
from engine.core import new_game
from tests.engine.canyon.helpers import play


def expected_damage(cards: list[int]) -> int:
    """DC-HIT-2/4 recomputed from the damage cards beside a ship."""
    total, mult = 0, 1
    for card in cards:
        if card > 10:
            mult *= 2
        else:
            total, mult = total + card * mult, 1
    return total


def check(s: CanyonState) -> None:
    # Every card is in exactly one place.
    spades = [c for row in s.canyon for c in row] + s.removed + s.canyon_deck
    assert Counter(spades) == Counter(range(1, 14))
    hearts = s.damage_deck + s.damage_cards["marine"] + s.damage_cards["ork"]
    assert Counter(hearts) == Counter(range(1, 14))
    for seat in ("marine", "ork"):
        played = [s.played[seat]] if s.played[seat] is not None else []
        flight = s.hands[seat] + s.decks[seat] + s.discards[seat] + played
        assert Counter(flight) == Counter(range(1, 11))
        assert 0 <= len(s.hands[seat]) <= 3
        assert s.damage[seat] == expected_damage(s.damage_cards[seat])
        assert s.damage[seat] < 20 or (s.phase == "over" and s.winners != [seat])
    # DC-GEN-2 and the canyon's shape.
    assert 1 <= s.pursuit <= 6
    assert 0 <= s.step <= len(s.canyon)
    for i, row in enumerate(s.slots):
        assert row.count("revealed") == (1 if i < s.step else row.count("revealed"))
        assert row.count("revealed") <= 1 and row.count("discarded") <= len(row) - 1
    assert all(hits > 0 for _, hits, _ in s.pending)
    assert bool(RULES.active_seats(s)) == (s.phase != "over")
    # DC-HIT-8: a numbered damage card remains while both ships fly.
    if max(s.damage.values()) < 20:
        assert any(c <= 10 for c in s.damage_deck)


layouts = st.lists(st.sampled_from([1, 2]), min_size=1, max_size=12).filter(lambda ws: sum(ws) <= 12)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    layout=layouts,
    order=st.sampled_from(["stormtalon_first", "dakkajet_first"]),
    picks=st.lists(st.integers(0, 99), max_size=120),
)
def test_invariants_hold_through_random_play(
    seed: int, layout: list[int], order: str, picks: list[int]
) -> None:
    """Every card in one place (DC-SET-1); damage (DC-HIT-3), hand size (DC-END-3), die (DC-GEN-2) in range."""
    options = CanyonOptions(canyon_layout=tuple(layout), hazard_order=order)  # type: ignore[arg-type]
    state, _ = new_game(RULES, options, seed)
    check(state)
    for p in picks:
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        assert legal
        state = play(state, seat, legal[p % len(legal)])
        check(state)
