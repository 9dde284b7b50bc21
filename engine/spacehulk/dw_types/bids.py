"""The Terminator Force List's hidden simultaneous bids (DW-BID-1, DW-BID-2, A-20): the agenda step,
the action, the events and their fold. The bidding itself (bounds, decide, the redraw of a secret
bid) is ../deathwing/bids.py, which tells the readings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import Action, Event, Seat

if TYPE_CHECKING:
    from ..state import SpaceHulkState


class AgBids(BaseModel):
    """Choice (both seats at once, each once a round): the secret bids (DW-BID-1); a tie opens `round` + 1
    (DW-BID-2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["bids"] = "bids"
    round: int = 1

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self


class Bid(Action):
    """The points this seat would spend on the Marines (DW-BID-1): the lower bidder plays them."""

    kind: Literal["bid"] = "bid"
    points: int


class BidMade(Event):
    """A seat bid. `points` is that seat's secret: None for the other seat and spectators."""

    kind: Literal["bid_made"] = "bid_made"
    seat: Seat
    points: int | None
    round: int

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.seat else self.model_copy(update={"points": None})


class BidsRevealed(Event):
    """Both bids turned up together (deathwing.md §5); `tie`: equal, so both bid again (DW-BID-2)."""

    kind: Literal["bids_revealed"] = "bids_revealed"
    bids: dict[Seat, int]
    round: int
    tie: bool


class SidesChosen(Event):
    """The lower bidder plays the Marines with `points` for his force (DW-BID-1)."""

    kind: Literal["sides_chosen"] = "sides_chosen"
    sides: dict[str, Seat]
    points: int


BID_EVENTS = (BidMade, BidsRevealed, SidesChosen)


def evolve(s: SpaceHulkState, event: Event) -> bool:
    """Fold a bid event; False if `event` is not one."""
    match event:
        case BidMade(seat=seat, points=points):
            s.bids[seat] = points if points is not None else 0
        case BidsRevealed():
            s.bids = {}
        case SidesChosen(sides=sides, points=points):
            s.sides = dict(sides)
            variants = s.options.variants.model_copy(update={"force_points": points})
            s.options = s.options.model_copy(update={"variants": variants})
        case _:
            return False
    return True
