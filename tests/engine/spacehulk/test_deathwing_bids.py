"""The Force List's hidden simultaneous bids and the side each seat plays (deathwing.md §2.5, §5; T-13)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Dice, Rejected, apply, dice_for, fold, new_game, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import BuildForce, EndTurn
from engine.spacehulk.dw_types.bids import Bid
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder
from tests.engine.test_contract import leak_check, resample

BIDS = {"mission": "deathwing_purge", "bids": True}


def bid(state: Any, seat: str, points: int) -> tuple[Any, list[Any]]:
    return step(RULES, state, seat, Bid(points=points))


def test_t13_equal_bids_bid_again_and_the_lower_bidder_plays_the_marines() -> None:
    """T-13, DW-BID-1, DW-BID-2: 30 vs 30 bid again; 28 vs 35: the 28 bidder plays the Marines with 28
    points (here the seat named "genestealer" bid 28, so it gets the Marines: no seat swap)."""
    state, _ = new_game(RULES, BIDS, 3)
    assert RULES.active_seats(state) == frozenset({"marine", "genestealer"})  # simultaneous
    state, _ = bid(state, "marine", 30)
    assert RULES.active_seats(state) == frozenset({"genestealer"})
    state, events = bid(state, "genestealer", 30)
    revealed = [e for e in events if e.kind == "bids_revealed"]
    assert revealed[0].tie and revealed[0].bids == {"marine": 30, "genestealer": 30}
    assert RULES.active_seats(state) == frozenset({"marine", "genestealer"})  # DW-BID-2: again
    assert state.top().round == 2 and state.bids == {}  # type: ignore[union-attr]
    state, _ = bid(state, "genestealer", 28)
    state, events = bid(state, "marine", 35)
    chosen = [e for e in events if e.kind == "sides_chosen"][0]
    assert chosen.sides == {"marine": "genestealer", "genestealer": "marine"} and chosen.points == 28
    assert state.options.variants.force_points == 28
    # the lower bidder now builds his force within his bid (DW-FL-2)
    assert RULES.active_seats(state) == frozenset({"genestealer"})
    assert state.top().kind == "build_force"  # type: ignore[union-attr]
    too_dear = ForceOrder(squads=(SquadOrder(squad="command"), SquadOrder(squad="recon")), timer_points=5)
    with pytest.raises(Rejected, match="costs 29 points; you have 28"):
        step(RULES, state, "genestealer", BuildForce(order=too_dear))
    state, _ = step(
        RULES, state, "genestealer", BuildForce(order=ForceOrder(squads=(SquadOrder(squad="standard"),)))
    )
    assert len(state.marines()) == 5


def test_bids_are_integers_within_the_range_and_made_once_a_round() -> None:
    """DW-BID-1, A-20: whole points from 5 to 50 (the cap is an option: 125 for a campaign)."""
    state, _ = new_game(RULES, BIDS, 1)
    legal = RULES.legal_actions(state, "marine")
    assert [a.points for a in legal] == list(range(5, 51))  # type: ignore[attr-defined]
    for points in (4, 51):
        with pytest.raises(Rejected, match="from 5 to 50"):
            RULES.decide(state, "marine", Bid(points=points), dice_for(state))
    state, _ = bid(state, "marine", 20)
    with pytest.raises(Rejected, match="not your turn"):  # the turn check: he is no longer asked
        RULES.decide(state, "marine", Bid(points=21), dice_for(state))
    assert RULES.legal_actions(state, "marine") == []
    campaign, _ = new_game(RULES, {**BIDS, "bid_max": 125}, 1)
    assert RULES.legal_actions(campaign, "genestealer")[-1].points == 125  # type: ignore[attr-defined]


def test_a_fixed_budget_skips_the_bids() -> None:
    """DW-FL-1: `force_points` stays for tables that agree a budget instead of bidding; with bids on, the
    winning bid sets it (DW-BID-1)."""
    state, _ = new_game(RULES, {"mission": "deathwing_purge", "force_points": 20}, 1)
    assert state.top().kind == "build_force"  # type: ignore[union-attr]
    state, _ = new_game(RULES, {**BIDS, "force_points": 20}, 1)
    assert state.top().kind == "bids" and state.options.variants.force_points is None  # type: ignore[union-attr]


def test_a_bid_stays_secret_until_both_are_in() -> None:
    """DW-BID-1, deathwing.md §5: a seat sees its own bid; the other seat and spectators only see that it
    bid; the reveal shows both."""
    state, _ = new_game(RULES, BIDS, 2)
    state, events = bid(state, "marine", 17)
    made = events[0]
    assert made.redacted_for("marine").points == 17
    assert made.redacted_for("genestealer").points is None and made.redacted_for(None).points is None
    assert RULES.view(state, "marine").bid == 17  # type: ignore[attr-defined]
    other = RULES.view(state, "genestealer")
    assert other.bid is None and other.bids_in == ("marine",)  # type: ignore[attr-defined]
    assert "17" not in other.model_dump_json().replace('"bid_max":50', "")
    for seat in ("genestealer", None):
        again = resample(RULES, state, seat, Dice(9, 9))
        assert RULES.view(again, seat) == RULES.view(state, seat)


def swapped(seed: int = 4) -> Any:
    """A game where the seat named "genestealer" won the Marines with a standard squad."""
    state, _ = new_game(RULES, BIDS, seed)
    state, _ = bid(state, "marine", 40)
    state, _ = bid(state, "genestealer", 12)
    state, _ = step(
        RULES,
        state,
        "genestealer",
        BuildForce(order=ForceOrder(squads=(SquadOrder(squad="recon"),), timer_points=2)),
    )
    while state.top() is not None and state.phase != "marine":
        seat = sorted(RULES.active_seats(state))[0]
        state, _ = step(RULES, state, seat, RULES.legal_actions(state, seat)[0])
    return state


def test_the_side_map_decides_who_acts_sees_and_wins() -> None:
    """DW-BID-1: once the bids give the Marines to the seat named "genestealer", every rule that asks "the
    Marine player" asks that seat: whose turn it is, whose secrets a view shows, whose the CP chit and
    the blip values are, the timer's seat and who wins."""
    state = swapped()
    assert state.sides == {"marine": "genestealer", "genestealer": "marine"}
    assert RULES.active_seats(state) == frozenset({"genestealer"})  # the Marine turn
    assert RULES.legal_actions(state, "marine") == []
    marine_view = RULES.view(state, "genestealer")
    stealer_view = RULES.view(state, "marine")
    assert marine_view.side == "marine" and marine_view.cp == state.cp and marine_view.bag is None  # type: ignore[attr-defined]
    assert stealer_view.side == "genestealer" and stealer_view.cp is None and stealer_view.bag == state.bag  # type: ignore[attr-defined]
    limits = RULES.time_limits(state)
    assert limits and limits[0].seat == "genestealer"
    with pytest.raises(Rejected):
        step(RULES, state, "marine", EndTurn())
    state, events = step(RULES, state, "genestealer", EndTurn())
    assert RULES.active_seats(state) <= frozenset({"marine"})
    placed = [e for e in events if e.kind == "blip_placed"]
    for e in placed:
        assert e.owner == "marine" and e.redacted_for("marine").value is not None
        assert e.redacted_for("genestealer").value is None
    # the outcome names seats: kill every Marine and the seat named "marine" (the Genestealers) wins
    s = state.clone()
    s.pieces = {k: p for k, p in s.pieces.items() if p.kind != "marine"}
    from engine.spacehulk.tape import Tape
    from engine.spacehulk.turn import check

    tape = Tape(RULES, s, Dice(1, 1))
    assert check(tape, "immediate")
    assert tape.state.outcome is not None and tape.state.outcome.winners == ("marine",)


def test_the_cp_chit_belongs_to_the_seat_playing_the_marines() -> None:
    """DW-BID-1 with SHB-5.1: the command point chit is shown to the Marine side's seat only."""
    state = swapped(5)
    state, events = step(RULES, state, "genestealer", EndTurn())
    while state.phase != "marine" and state.outcome is None:
        seat = sorted(RULES.active_seats(state))[0]
        state, more = step(RULES, state, seat, RULES.legal_actions(state, seat)[-1])
        events += more
    drawn = [e for e in events if e.kind == "cp_drawn"]
    assert drawn and drawn[-1].owner == "genestealer"
    assert drawn[-1].redacted_for("genestealer").cp == drawn[-1].cp
    assert drawn[-1].redacted_for("marine").cp is None


def test_seeded_bid_games_end_fold_and_never_leak() -> None:
    """DW-BID-1, DW-BID-2 under random play: games with bids end, fold to the live state, round-trip
    through JSON, and no seat's view or shown events depend on what it may not know (the other's bid,
    the chit, the blips), whichever seat the Marines went to."""
    swaps = compared = 0
    for seed in range(6):
        state, log = new_game(RULES, BIDS, seed)
        log = list(log)
        chooser = random.Random(seed)
        for n in range(3_000):
            if state.outcome is not None:
                break
            actor = sorted(RULES.active_seats(state))[0]
            legal = RULES.legal_actions(state, actor)
            assert legal
            action = legal[chooser.randrange(len(legal))]
            if seed < 3 and n < 150:
                where = f"seed {seed} step {n}"
                events, after, made = leak_check(
                    RULES, state, actor, action, Dice(seed, 50_000 + n), where, round_trip=True
                )
                compared += made
            else:
                events = RULES.decide(state, actor, action, dice_for(state))
                after = apply(RULES, state.model_copy(deep=True), events)
            log.extend(events)
            state = after
        assert state.outcome is not None, f"seed {seed} did not end"
        assert fold(RULES, log).model_dump() == state.model_dump()
        for event in log:
            assert RULES.parse_event(event.model_dump(mode="json")) == event
        swaps += state.sides["marine"] == "genestealer"
        assert set(state.outcome.winners) <= {"marine", "genestealer"}
    assert swaps and compared
