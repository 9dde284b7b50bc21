"""What happened in a campaign (past tense). Secret events redact themselves (`redacted_for`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Event, Outcome, RuledEvent, Seat

from ..dw_types import bids
from .state import CampaignState, Member, MissionBrief, MissionRecord, Scenario, Squad


class CampaignStarted(Event):
    """The opening state; evolve(None, this) creates it. Seats see it without the seed."""

    kind: Literal["campaign_started"] = "campaign_started"
    state: CampaignState

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self.model_copy(update={"state": self.state.model_copy(update={"seed": 0})})


class BidMade(bids.BidMade):
    """A seat bid; `points` is its secret until both are in (None for the others). The bid of a
    single game (dw_types/bids.py) under the campaign's own kind."""

    kind: Literal["campaign_bid_made"] = "campaign_bid_made"  # type: ignore[assignment]


class BidsRevealed(bids.BidsRevealed):
    """Both bids shown together; `tie`: both bid again (DW-BID-2)."""

    kind: Literal["campaign_bids_revealed"] = "campaign_bids_revealed"  # type: ignore[assignment]


class SidesChosen(bids.SidesChosen):
    """The lower bidder plays the Marines with `points` for the whole campaign (DW-CMP-1)."""

    kind: Literal["campaign_sides_chosen"] = "campaign_sides_chosen"  # type: ignore[assignment]


class ForceBought(Event):
    """The campaign force on its squad sheets (DW-CMP-1) and the timer points (A-36)."""

    kind: Literal["force_bought"] = "force_bought"
    squads: tuple[Squad, ...]
    members: tuple[Member, ...]
    timer_points: int
    cost: int


class SquadDisbanded(Event):
    """A squad disbanded; its survivors moved (member id -> squad) (DW-CMP-4)."""

    kind: Literal["squad_disbanded"] = "squad_disbanded"
    squad: str
    moves: dict[str, str]


class MissionOpened(Event):
    """The next mission: the Marine player now picks his squads (DW-CMP-2, DW-CMP-7)."""

    kind: Literal["mission_opened"] = "mission_opened"
    scenario: Scenario
    number: int
    attempt: int


class SquadsFielded(Event):
    """The squads chosen. In Defend Perimeter the choice is written in secret (DW-CMP-12): `squads`
    is None for every seat but `owner` until the stance reveals it."""

    kind: Literal["squads_fielded"] = "squads_fielded"
    squads: tuple[str, ...] | None
    owner: Seat
    secret: bool = False
    new_board: bool = False

    def redacted_for(self, seat: Seat | None) -> Event | None:
        if self.secret and seat != self.owner:
            return self.model_copy(update={"squads": None})
        return self


class TeleportRolled(RuledEvent, Event):
    """DW-CMP-8: 2D6 for each Marine teleported in; a 2 kills him (`killed`)."""

    kind: Literal["teleport_rolled"] = "teleport_rolled"
    rolls: dict[str, tuple[int, int]]
    killed: tuple[str, ...]


class TorpedoesLaunched(Event):
    """DW-CMP-10: boarding torpedoes spent on this attempt."""

    kind: Literal["torpedoes_launched"] = "torpedoes_launched"
    count: int
    left: int


class StanceChosen(Event):
    """DW-CMP-12: the Genestealer player attacks or holds back; the written squads are shown."""

    kind: Literal["stance_chosen"] = "stance_chosen"
    attack: bool
    squads: tuple[str, ...]


class MissionBriefed(Event):
    """The mission table may start: everything it needs from the campaign."""

    kind: Literal["mission_briefed"] = "mission_briefed"
    brief: MissionBrief


class MissionRecorded(Event):
    """A mission's result logged (DW-CMP-3); with the Establish Perimeter board kept (DW-CMP-9, DW-CMP-11)."""

    kind: Literal["mission_recorded"] = "mission_recorded"
    record: MissionRecord
    played: tuple[str, ...]  # member ids who played (DW-CMP-2's "last scenario played")
    board: str | None = None
    perimeter: tuple[str, ...] | None = None  # set when Establish Perimeter is won


class LossOwed(Event):
    """DW-CMP-13: a Defend Perimeter defeat costs one of these squads."""

    kind: Literal["loss_owed"] = "loss_owed"
    choices: tuple[str, ...]


class SquadLost(Event):
    kind: Literal["squad_lost"] = "squad_lost"
    squad: str


class CampaignEnded(Event):
    kind: Literal["campaign_ended"] = "campaign_ended"
    outcome: Outcome


CampaignEvent = Annotated[
    CampaignStarted
    | BidMade
    | BidsRevealed
    | SidesChosen
    | ForceBought
    | SquadDisbanded
    | MissionOpened
    | SquadsFielded
    | TeleportRolled
    | TorpedoesLaunched
    | StanceChosen
    | MissionBriefed
    | MissionRecorded
    | LossOwed
    | SquadLost
    | CampaignEnded,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[CampaignEvent] = TypeAdapter(CampaignEvent)
