"""Fold one campaign event into the state: mechanical, no checks, no chance."""

from __future__ import annotations

from engine.core import Event

from . import events as ev
from .state import CampaignState


def evolve(state: CampaignState | None, event: Event) -> CampaignState:
    if isinstance(event, ev.CampaignStarted):
        return event.state.model_copy(deep=True)
    assert state is not None
    s = state
    match event:
        case ev.BidMade(seat=seat, points=points):
            s.bids[seat] = points if points is not None else 0
        case ev.BidsRevealed(bids=bids, tie=tie):
            s.bids = {}
            s.revealed = dict(bids)
            if tie:
                s.bid_round += 1
        case ev.SidesChosen(sides=sides, points=points):
            s.sides = dict(sides)
            s.budget = points
            s.phase = "force"
        case ev.ForceBought(squads=squads, members=members, timer_points=points, cost=cost):
            s.squads = {q.id: q for q in squads}
            s.members = {m.id: m for m in members}
            s.timer_points = points
            s.cost = cost
        case ev.SquadDisbanded(squad=squad, moves=moves):
            old = s.squads[squad]
            s.squads[squad] = old.model_copy(
                update={"disbanded": True, "members": tuple(m for m in old.members if m not in moves)}
            )
            for member, target in moves.items():
                other = s.squads[target]
                s.squads[target] = other.model_copy(update={"members": (*other.members, member)})
                s.members[member] = s.members[member].model_copy(
                    update={"spec": s.members[member].spec.model_copy(update={"squad": target})}
                )
        case ev.MissionOpened(scenario=scenario, number=number, attempt=attempt):
            s.scenario, s.number, s.attempt = scenario, number, attempt
            s.fielded, s.brief, s.keep_board = (), None, False
            s.phase = "choose"
        case ev.SquadsFielded(squads=squads, secret=secret, new_board=new_board):
            s.fielded = squads or ()
            s.keep_board = not new_board
            if secret:
                s.phase = "stance"
        case ev.TeleportRolled(killed=killed):
            for member in killed:
                s.members[member] = s.members[member].model_copy(update={"dead": True})
        case ev.TorpedoesLaunched(left=left):
            s.torpedoes = left
        case ev.StanceChosen(attack=attack, squads=squads):
            s.fielded = squads
            if not attack:
                for squad in squads:
                    s.squads[squad] = s.squads[squad].model_copy(update={"guarding": True})
        case ev.MissionBriefed(brief=brief):
            s.brief = brief
            s.phase = "mission"
        case ev.MissionRecorded(record=record, played=played, board=board, perimeter=perimeter):
            for member in record.dead:
                s.members[member] = s.members[member].model_copy(update={"dead": True})
            s.blips_used += record.blips
            s.history.append(record)
            if record.result != "held":  # a Defend Perimeter not played is not "last played"
                s.last_played = played
            if record.scenario == "establish_perimeter" and board is not None:
                s.last_board = board
            if perimeter is not None:
                s.perimeter_board, s.perimeter = board, perimeter
            if record.scenario == "raid" and record.result != "won":
                s.raid_lost = True  # DW-CMP-16
            s.brief = None
        case ev.LossOwed():
            s.phase = "lose_squad"
        case ev.SquadLost(squad=squad):
            s.squads[squad] = s.squads[squad].model_copy(update={"lost": True})
            for member in s.alive(squad):
                s.members[member] = s.members[member].model_copy(update={"dead": True})
        case ev.CampaignEnded(outcome=outcome):
            s.outcome = outcome
            s.phase = "over"
        case _:
            raise AssertionError(f"unknown event {event.kind}")
    return s
