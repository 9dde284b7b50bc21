"""The Terminator Force List's hidden simultaneous bids (DW-BID-1, DW-BID-2, A-20; deathwing.md §5).

Both seats bid at once, each in secret; when both bids are in they are revealed together. The lower
bidder plays the Marines with that many points (he builds his force next, DW-FL-2); equal bids are
cleared and both bid again. There is no seat swap on the platform: the two seats keep their players,
and `SpaceHulkState.sides` maps each side ("marine", "genestealer") to the seat that plays it. Every
rule inside the engine speaks of sides; `rules.py` maps a seat to its side on the way in (decide,
legal actions, views) and a side to its seat on the way out (active seats, outcomes, the secret
events' owners).

Readings:
- A-20: bids are integers from 5 (the cheapest legal force: a Reconnaissance squad and 1 timer
  point) to the table's cap (50; the campaign's 125 is the same option, `bid_max`).
- A seat's bid is its own secret until both are in (deathwing.md §5 "both revealed together"): the
  other seat and spectators learn only that it has bid. After the reveal both bids are public.
- Before the sides are known no mission predicate applies (no Marine is on the board yet).
- The seat named "marine" plays the Marines unless the bids give them to the other seat: the seat
  names are the platform's labels for the two players, the sides are what they play.

The agenda step, the action, the events and their fold are types the state and the log read: they
live below, in ../dw_types/bids.py. `rules.py` calls `decide`, `legal` and `waiting` here with its
tape or state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Action, Seat

from ..dw_types.bids import AgBids, Bid, BidMade, BidsRevealed, SidesChosen
from ..messages import refuse

if TYPE_CHECKING:
    from ..state import SpaceHulkState
    from ..tape import Tape

BID_MIN = 5  # Reconnaissance squad (4) + 1 timer point


def bounds(state: SpaceHulkState) -> tuple[int, int]:
    """The legal bids (A-20)."""
    return BID_MIN, state.options.variants.bid_max


def waiting(state: SpaceHulkState, seats: tuple[Seat, ...]) -> frozenset[Seat]:
    """The seats that still owe a bid this round (both at first: a simultaneous choice)."""
    return frozenset(s for s in seats if s not in state.bids)


def legal(state: SpaceHulkState, seat: Seat) -> list[Action]:
    """Every integer bid in range (the list is short: 5-50, or 5-125 in a campaign)."""
    if seat in state.bids:
        return []
    lo, hi = bounds(state)
    return [Bid(points=n) for n in range(lo, hi + 1)]


def decide(tape: Tape, seat: Seat, action: Action, seats: tuple[Seat, ...]) -> None:
    """DW-BID-1, DW-BID-2: record a secret bid; when both are in, reveal them and settle the sides or
    open a new round."""
    s = tape.state
    top = s.top()
    if not isinstance(top, AgBids) or not isinstance(action, Bid):
        raise refuse("bid.pending")
    if seat in s.bids:
        raise refuse("bid.twice")
    lo, hi = bounds(s)
    if not lo <= action.points <= hi:
        raise refuse("bid.range", low=lo, high=hi)
    tape.emit(BidMade(seat=seat, points=action.points, round=top.round))
    if any(other not in tape.state.bids for other in seats):
        return
    bids = {other: tape.state.bids[other] for other in seats}
    tie = len(set(bids.values())) == 1
    tape.emit(BidsRevealed(bids=bids, round=top.round, tie=tie))
    if tie:
        tape.replace_top(AgBids(round=top.round + 1))  # DW-BID-2: bid again until one is lower
        return
    low = min(seats, key=lambda x: bids[x])
    high = next(x for x in seats if x != low)
    tape.emit(SidesChosen(sides={"marine": low, "genestealer": high}, points=bids[low]))
    tape.pop()


def resample(s: SpaceHulkState, seat: Seat | None, lo: int, hi: int, draw: Any) -> None:
    """Re-draw every bid `seat` may not know (the other seat's; all of them for a spectator)."""
    for other in list(s.bids):
        if other != seat:
            s.bids[other] = draw(lo, hi)
