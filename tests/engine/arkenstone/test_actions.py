"""Bilbo's and Smaug's actions: move, search, recover, discover, pass (AK-ACT-*, AK-GEN-3, T9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.arkenstone import RULES, Discover, MoveDirection, MoveTo, MoveToward, Pass, Recover, Search
from engine.arkenstone.board import MIN_TRAVEL_IN, figure_on_table, figures_gap, resolve_move
from engine.core import Rejected
from engine.core.geometry import Point, distance
from tests.engine.helpers import kinds, of_kind

from .helpers import CLUB_AT, play, table


def acting(seat: str = "bilbo", **kw):
    return table(active=seat, phase="action", **kw)


def refused(state, seat, action) -> Rejected:
    with pytest.raises(Rejected) as info:
        RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
    return info.value


def test_bilbo_moves_up_to_four_inches_in_any_direction() -> None:
    """AK-ACT-B1, T9, AK-GEN-3: 4.0 inches allowed, 4.1 refused with the numbers."""
    state = acting()
    after, events = play(state, "bilbo", MoveTo(x=20.0, y=24.0))
    assert after.bilbo == Point(x=20.0, y=24.0)
    assert of_kind(events, "figure_moved")[0].start == Point(x=20.0, y=20.0)
    diagonal = 4.0 / 2**0.5
    after, _ = play(state, "bilbo", MoveTo(x=20.0 + diagonal, y=20.0 - diagonal))  # float noise on 4.0
    assert distance(after.bilbo, state.bilbo) == pytest.approx(4.0)
    too_far = refused(state, "bilbo", MoveTo(x=24.1, y=20.0))
    assert too_far.message_id == "arkenstone.move_too_far"
    assert too_far.text == "That point is 4.1 inches away; Bilbo moves at most 4 inches."
    assert refused(state, "bilbo", MoveDirection(direction="W", distance_in=4.1)).message_id == (
        "arkenstone.move_too_far"
    )
    after, _ = play(state, "bilbo", MoveDirection(direction="NE", distance_in=2.5))
    assert distance(after.bilbo, state.bilbo) == pytest.approx(2.5)


def test_smaug_moves_up_to_six_inches() -> None:
    """AK-ACT-S1, T9."""
    state = acting("smaug", smaug=(30.0, 30.0))
    after, _ = play(state, "smaug", MoveTo(x=36.0, y=30.0))
    assert after.smaug == Point(x=36.0, y=30.0)
    message = refused(state, "smaug", MoveTo(x=30.0, y=36.2)).text
    assert message == "That point is 6.2 inches away; Smaug moves at most 6 inches."


def test_moves_stay_on_the_table_and_off_the_other_base() -> None:
    """AK-ACT-B1 / AK-ACT-S1 (A10): fully on the table; never ending overlapped; toward stops at contact."""
    state = acting(bilbo=(2.0, 20.0), smaug=(22.0, 20.0))
    assert refused(state, "bilbo", MoveTo(x=0.3, y=20.0)).message_id == "arkenstone.off_table"
    after, _ = play(state, "bilbo", MoveDirection(direction="W", distance_in=4))
    assert after.bilbo == Point(x=0.5, y=20.0)  # stops at the table edge
    edge = acting(bilbo=(0.5, 20.0))
    assert (
        refused(edge, "bilbo", MoveDirection(direction="W", distance_in=1)).message_id == "arkenstone.no_room"
    )
    near = acting(bilbo=(20.0, 20.0), smaug=(23.0, 20.0))
    assert refused(near, "bilbo", MoveTo(x=22.0, y=20.0)).message_id == "arkenstone.overlap"
    after, _ = play(near, "bilbo", MoveToward(target="smaug"))
    assert figures_gap(after) == pytest.approx(0.0, abs=1e-9)
    assert after.bilbo.x == pytest.approx(21.5)
    touching = after.model_copy(update={"phase": "action"})
    assert refused(touching, "bilbo", MoveToward(target="smaug")).message_id == "arkenstone.no_closer"
    edge = acting("smaug", bilbo=(20.0, 46.74), smaug=(26.0, 45.0))  # Bilbo's centre is off-limits to Smaug
    after, _ = play(edge, "smaug", MoveToward(target="bilbo"))
    assert after.smaug.y == pytest.approx(46.24) and figure_on_table(after.options, "smaug", after.smaug)
    hunter = acting("smaug", bilbo=(20.0, 20.0), smaug=(26.0, 20.0))
    after, _ = play(hunter, "smaug", MoveDirection(direction="W", distance_in=6))  # cut short at contact
    assert after.smaug.x == pytest.approx(21.5) and figures_gap(after) == pytest.approx(0.0, abs=1e-9)


def test_a_move_that_goes_nowhere_is_refused_whatever_its_form() -> None:
    """AK-ACT-B1 / AK-ACT-S1 (A10, §8.1 precision): staying put is a pass, not a move; nothing changes."""
    state = acting()
    for action in (
        MoveTo(x=20.0, y=20.0),  # where Bilbo stands
        MoveTo(x=20.004, y=20.0),  # below half the 0.01-inch precision
        MoveDirection(direction="N", distance_in=0.003),
        MoveToward(target="T1", distance_in=0.001),
    ):
        out = refused(state, "bilbo", action)
        assert out.message_id == "arkenstone.no_move", action
        assert out.text == "That move would leave Bilbo where he stands; to stay put, pass."
    smaug = acting("smaug", smaug=(30.0, 30.0))
    assert refused(smaug, "smaug", MoveTo(x=30.0, y=30.0)).params == {"figure": "Smaug"}
    # Overlapping after a forced placement (A12): asking to stay is "no move", not "overlap".
    stacked = acting(bilbo=(20.0, 20.0), smaug=(20.5, 20.0))
    assert refused(stacked, "bilbo", MoveTo(x=20.0, y=20.0)).message_id == "arkenstone.no_move"
    after, _ = play(state, "bilbo", MoveTo(x=20.01, y=20.0))  # the smallest measurable move is a move
    assert after.bilbo == Point(x=20.01, y=20.0)


def test_toward_a_card_beyond_the_maximum_is_refused_with_it_and_never_passes_the_card() -> None:
    """AK-ACT-B1 (§8.3): `toward <card> [inches]`; one rule for over-long moves in every game (issue
    27 item 7): a distance beyond the maximum is refused with the maximum, as ClickWars does; an
    empty distance goes the maximum."""
    state = acting(bilbo=(20.0, 20.0))
    club = CLUB_AT[7]  # (43.875, 43.875)
    too_far = refused(state, "bilbo", MoveToward(target="7C", distance_in=10))
    assert too_far.message_id == "arkenstone.move_too_far" and too_far.params["limit"] == "4"
    end = resolve_move(state, "bilbo", MoveToward(target="7C"))
    assert distance(state.bilbo, end) == pytest.approx(4.0)
    assert distance(end, club) == pytest.approx(distance(state.bilbo, club) - 4.0)
    assert resolve_move(state, "bilbo", MoveToward(target="7C", distance_in=4)) == end
    assert resolve_move(state, "bilbo", MoveToward(target="7♣", distance_in=1.5)) == resolve_move(
        state, "bilbo", MoveToward(target="7c", distance_in=1.5)
    )
    near = acting(bilbo=(CLUB_AT[7].x - 2.0, CLUB_AT[7].y))
    assert resolve_move(near, "bilbo", MoveToward(target="7C")) == CLUB_AT[7]
    assert refused(state, "bilbo", MoveToward(target="T99")).message_id == "arkenstone.unknown_target"
    assert (
        refused(state, "bilbo", MoveToward(target="T1", distance_in=0)).message_id
        == "arkenstone.bad_distance"
    )


def test_bilbo_searches_a_face_down_card_within_one_inch() -> None:
    """AK-ACT-B2, T9: 1.0 inch allowed, 1.1 refused; a searched non-Ace is removed."""
    card = (10.0, 10.0, 7)  # x 8.75..11.25, y 8.25..11.75
    state = acting(bilbo=(8.75 - 0.5 - 1.0, 10.0), treasures={1: card, 2: (30.0, 3.0, 1)})
    after, events = play(state, "bilbo", Search(card="T1"))
    assert of_kind(events, "treasure_searched")[0].rank == 7
    assert after.treasures[0].removed and after.treasures[0].face_up
    assert RULES.view(after, "smaug").treasures[0].rank == 7
    assert kinds(events) == ["treasure_searched", "guess_due"]
    far = acting(bilbo=(8.75 - 0.5 - 1.1, 10.0), treasures={1: card, 2: (30.0, 3.0, 1)})
    out = refused(far, "bilbo", Search(card="T1"))
    assert out.text == "T1 is 1.1 inches from Bilbo; he can search only within 1 inch."
    again = after.model_copy(update={"phase": "action"})
    assert refused(again, "bilbo", Search(card="T1")).message_id == "arkenstone.not_face_down"
    assert refused(acting("smaug"), "smaug", Search(card="T1")).message_id == "arkenstone.bilbo_only"


def test_search_finds_the_arkenstone_which_stays_face_up() -> None:
    """AK-ACT-B2 / T6: the Ace of diamonds stays face up where it is; the game goes on."""
    state = acting(bilbo=(10.0, 13.0), treasures={1: (10.0, 10.0, 1), 2: (30.0, 3.0, 5)})
    after, events = play(state, "bilbo", Search(card="T1"))
    stone = after.treasures[0]
    assert stone.face_up and not stone.removed and RULES.outcome(after) is None
    assert after.phase == "guess"


def test_search_recovers_at_once_when_configured() -> None:
    """AK-ACT-B2 with the A8 switch `search_recovers_immediately=true`."""
    state = acting(
        bilbo=(10.0, 13.0),
        treasures={1: (10.0, 10.0, 1), 2: (30.0, 3.0, 5)},
        options={"search_recovers_immediately": True},
    )
    after, events = play(state, "bilbo", Search(card="T1"))
    assert RULES.outcome(after).winners == ("bilbo",)


def test_recover_needs_the_face_up_arkenstone_within_one_inch() -> None:
    """AK-ACT-B3, AK-WIN-1."""
    treasures = {1: (10.0, 10.0, 1), 2: (30.0, 3.0, 5)}
    hidden = acting(bilbo=(10.0, 13.0), treasures=treasures)
    assert refused(hidden, "bilbo", Recover()).message_id == "arkenstone.stone_hidden"
    assert Recover() not in RULES.legal_actions(hidden, "bilbo")
    far = acting(bilbo=(10.0, 13.5), treasures=treasures, face_up=[1])  # card top edge at 11.75
    assert refused(far, "bilbo", Recover()).text == (
        "The Arkenstone is 1.25 inches from Bilbo; he must be within 1 inch."
    )
    near = acting(bilbo=(10.0, 13.25), treasures=treasures, face_up=[1])
    assert Recover() in RULES.legal_actions(near, "bilbo")
    after, events = play(near, "bilbo", Recover())
    assert kinds(events) == ["game_won"]
    outcome = RULES.outcome(after)
    assert outcome.winners == ("bilbo",) and outcome.reason == "arkenstone.outcome.recovered"


def test_actions_are_optional_and_unmet_conditions_cannot_be_chosen() -> None:
    """AK-ACT-B4."""
    state = acting()
    legal = RULES.legal_actions(state, "bilbo")
    assert Pass() in legal
    assert not any(isinstance(a, Search | Recover) for a in legal)  # nothing within reach
    after, events = play(state, "bilbo", Pass())
    assert kinds(events) == ["passed", "guess_due"] and after.bilbo == state.bilbo
    free = table(active="bilbo", phase="free_action")
    after, _ = play(free, "bilbo", Pass())
    assert after.phase == "guess"


def test_smaug_discovers_only_within_one_inch() -> None:
    """AK-ACT-S2."""
    far = acting("smaug", bilbo=(20.0, 20.0), smaug=(22.6, 20.0))  # gap 1.1
    assert Discover() not in RULES.legal_actions(far, "smaug")
    out = refused(far, "smaug", Discover())
    assert out.text == "Bilbo is 1.1 inches from Smaug; Smaug can discover him only within 1 inch."
    near = acting("smaug", bilbo=(20.0, 20.0), smaug=(22.5, 20.0))  # gap 1.0
    assert Discover() in RULES.legal_actions(near, "smaug")
    assert refused(acting("bilbo"), "bilbo", Discover()).message_id == "arkenstone.smaug_only"


def test_every_sampled_action_is_accepted() -> None:
    """legal_actions offers only what decide accepts (moves toward cards, compass moves, searches)."""
    state = acting(bilbo=(10.0, 5.6))
    legal = RULES.legal_actions(state, "bilbo")
    assert Search(card="T3") in legal and any(isinstance(a, MoveToward) for a in legal)
    assert sum(isinstance(a, MoveDirection) for a in legal) == 16
    for action in legal:
        play(state, "bilbo", action)


coords = st.floats(min_value=0.0, max_value=47.24, allow_nan=False)


@given(
    st.sampled_from(["bilbo", "smaug"]),
    st.tuples(coords, coords),
    st.tuples(coords, coords),
    st.one_of(
        st.builds(MoveTo, x=st.floats(-2, 50, allow_nan=False), y=st.floats(-2, 50, allow_nan=False)),
        st.builds(
            MoveToward,
            target=st.sampled_from(["T1", "T7", "T13", "7C", "KC", "AC", "bilbo", "smaug"]),
            distance_in=st.one_of(st.none(), st.floats(0.01, 9, allow_nan=False)),
        ),
        st.builds(
            MoveDirection,
            direction=st.sampled_from(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]),
            distance_in=st.floats(0.01, 7, allow_nan=False),
        ),
    ),
)
@settings(max_examples=300, deadline=None, derandomize=True)
def test_every_accepted_move_keeps_the_rules(seat: str, bilbo: tuple, smaug: tuple, action) -> None:
    """AK-ACT-B1 / AK-ACT-S1 (A10): within the allowance, fully on the table, not onto the rival."""
    state = acting(
        seat,
        bilbo=(min(max(bilbo[0], 1.0), 46.24), min(max(bilbo[1], 1.0), 46.24)),
        smaug=(min(max(smaug[0], 1.0), 46.24), min(max(smaug[1], 1.0), 46.24)),
    )
    try:
        after, _ = play(state, seat, action)
    except Rejected:
        return
    start, end = getattr(state, seat), getattr(after, seat)
    assert MIN_TRAVEL_IN <= distance(start, end) <= (4.0 if seat == "bilbo" else 6.0) + 0.001
    assert figure_on_table(after.options, seat, end)
    assert distance(after.bilbo, after.smaug) >= 0.5 + 1.0 - 0.001  # bases may touch, never overlap


def test_a_refused_distance_reads_as_beyond_the_limit() -> None:
    """AK-GEN-3 (§8.2, T9): just past a limit (over the 0.001 tolerance) the refusal shows more than the limit."""
    state = acting()
    too_far = refused(state, "bilbo", MoveTo(x=24.003, y=20.0))
    assert too_far.text == "That point is 4.003 inches away; Bilbo moves at most 4 inches."
    assert (
        refused(state, "bilbo", MoveDirection(direction="E", distance_in=4.0049)).params["distance"]
        == "4.005"
    )
    card = (10.0, 10.0, 7)  # left edge at x = 8.75
    far = acting(bilbo=(8.75 - 0.5 - 1.004, 10.0), treasures={1: card, 2: (30.0, 3.0, 1)})
    assert refused(far, "bilbo", Search(card="T1")).params["distance"] == "1.004"
    stone = acting(bilbo=(8.75 - 0.5 - 1.002, 10.0), treasures={1: (10.0, 10.0, 1), 2: card}, face_up=[1])
    assert refused(stone, "bilbo", Recover()).params["distance"] == "1.002"
    apart = acting("smaug", bilbo=(20.0, 20.0), smaug=(22.504, 20.0))
    assert refused(apart, "smaug", Discover()).params["distance"] == "1.004"
    # Clear misses keep two decimals at most.
    assert refused(state, "bilbo", MoveTo(x=25.255, y=20.0)).params["distance"] == "5.25"


def test_the_shown_position_typed_back_means_where_the_figure_stands() -> None:
    """AK-ACT-B1 (§8.1 precision, issue 15 item 5): a point typed to the hundredth names every spot
    that rounds to it, so the position a form shows (each axis rounded) typed back is no move, even
    when the two roundings together are more than half a hundredth apart diagonally."""
    from engine.arkenstone.board import inches, same_spot

    state = acting(bilbo=(20.3456, 17.8856))
    typed = MoveTo(x=float(inches(20.3456)), y=float(inches(17.8856)))  # (20.35, 17.89)
    assert distance(state.bilbo, Point(x=typed.x, y=typed.y)) > MIN_TRAVEL_IN  # diagonally 0.0062 in
    assert refused(state, "bilbo", typed).message_id == "arkenstone.no_move"
    assert same_spot(Point(x=1.0, y=1.0), Point(x=1.005, y=0.995))
    assert not same_spot(Point(x=1.0, y=1.0), Point(x=1.0, y=1.011))
    after, _ = play(state, "bilbo", MoveTo(x=20.36, y=17.89))  # a hundredth further is a move
    assert after.bilbo == Point(x=20.36, y=17.89)
