"""What each seat of a campaign may know (deathwing.md §5): the roster, casualties, torpedoes and the
blip pool are public; a seat's bid is its own until both are in; the squads written for Defend
Perimeter are the Marine player's until the Genestealer player has chosen (DW-CMP-12)."""

from __future__ import annotations

from engine.core import Model, Outcome, Seat

from .state import BLIP_POOL, CampaignState, MissionBrief, MissionRecord


class MemberView(Model):
    id: str
    role: str  # captain, sergeant, librarian, brother
    weapon: str | None
    melee: str | None
    shield: bool
    mastery: int
    reloads: int
    dead: bool


class SquadView(Model):
    id: str
    box: str
    size: int
    members: tuple[MemberView, ...]
    alive: int
    available: bool
    guarding: bool
    lost: bool
    disbanded: bool


class CampaignView(Model):
    seat: Seat | None
    side: str | None
    sides: dict[str, Seat]
    phase: str
    my_bid: int | None
    bids_in: tuple[Seat, ...]
    bid_round: int
    revealed: dict[Seat, int]  # the last bids shown together
    budget: int | None
    cost: int
    timer_points: int
    squads: tuple[SquadView, ...]
    torpedoes: int
    blips_used: int
    blip_pool: int
    scenario: str
    number: int
    attempt: int
    fielded: tuple[str, ...] | None  # None: written in secret (DW-CMP-12)
    brief: MissionBrief | None
    raid_lost: bool
    history: tuple[MissionRecord, ...]
    outcome: Outcome | None


def view_of(s: CampaignState, seat: Seat | None) -> CampaignView:
    secret = s.phase == "stance" and seat != s.seat_of("marine")
    squads = tuple(
        SquadView(
            id=q.id,
            box=q.box,
            size=q.size,
            members=tuple(
                MemberView(
                    id=m.id,
                    role=m.role,
                    weapon=m.spec.weapon,
                    melee=m.spec.melee,
                    shield=m.spec.shield,
                    mastery=m.spec.mastery,
                    reloads=m.spec.reloads,
                    dead=m.dead,
                )
                for m in (s.members[x] for x in q.members)
            ),
            alive=len(s.alive(q.id)),
            available=s.available(q.id),
            guarding=q.guarding,
            lost=q.lost,
            disbanded=q.disbanded,
        )
        for q in s.squads.values()
    )
    return CampaignView(
        seat=seat,
        side=s.side_of(seat) if seat is not None else None,
        sides=dict(s.sides) if s.phase != "bids" else {},
        phase=s.phase,
        my_bid=s.bids.get(seat) if seat is not None else None,
        bids_in=tuple(sorted(s.bids)),
        bid_round=s.bid_round,
        revealed=dict(s.revealed),
        budget=s.budget,
        cost=s.cost,
        timer_points=s.timer_points,
        squads=squads,
        torpedoes=s.torpedoes,
        blips_used=s.blips_used,
        blip_pool=BLIP_POOL,
        scenario=s.scenario,
        number=s.number,
        attempt=s.attempt,
        fielded=None if secret else s.fielded,
        brief=s.brief,
        raid_lost=s.raid_lost,
        history=tuple(s.history),
        outcome=s.outcome,
    )
