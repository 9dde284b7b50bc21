"""The Deathwing campaign as a game definition (deathwing.md §2.11, DW-CMP-1 .. DW-CMP-17).

Seats: "marine" and "genestealer" are the platform's labels for the two players; the bids decide which
seat plays which side (`state.sides`). The missions themselves are Space Hulk tables: when one is
briefed, the campaign waits on the `table` seat, which reports the finished mission as a
`MissionPlayed` action (`missions.report` builds it from the finished game).

Readings (also in the final report and docs):
- DW-CMP-2: "the last scenario played" is the last mission actually played; squads whose Marines all
  died teleporting in (DW-CMP-8) still played it. A-36: a Defend Perimeter held back is not played.
- DW-CMP-5: in the campaign a scenario's blip total is what is left of the 125 and the scenario's own
  force D6 is not rolled; at most 2 blips a turn.
- DW-CMP-8: the 2D6 are rolled when the squads are fielded (A-39, at deployment). If two or more die
  the Genestealers have already won Reconnaissance (DW-SC1's 2 kills) and no table is played; if
  every fielded Marine dies it is a draw (A-35's "otherwise"). Either way Establish Perimeter is next.
- DW-CMP-10: only Establish Perimeter's attempts board torpedoes (Reconnaissance teleports in; the
  later missions start from the perimeter won). Each attempt spends the fewest torpedoes that carry
  the fielded squads whole (A-36). An attempt that cannot start for want of torpedoes loses the
  campaign; so does one that cannot start for want of Marines (DW-CMP-6).
- DW-CMP-13: the defeat's squad is chosen among the squads with survivors that did not play Defend
  Perimeter and are not guarding; with none, nothing more is lost. The lost squad's Marines are dead.
- DW-CMP-14: the Magi D6 is rolled by the Raid's table the first time a Marine sees the cryo tanks
  (line of sight), and the Marine player is told at once (`MagiRolled`), so he can teleport out to
  save his Marines; the report carries the roll. The Raid is won only if the tanks were destroyed and
  the D6 was not lower than the squads fielded (A-41: literal, so with one squad the Magi never
  escape); every other end is lost. Tanks destroyed unseen took the Magi with them (no roll). A
  table briefed before the table rolled (no `magi_squads`) reports the tanks destroyed as seen and
  the campaign rolls, as it did then.
- DW-CMP-17: "new board each time": every Search and Destroy brief asks for a new board.
- DW-GEN-3, DW-GEN-6, DW-GEN-7: a mission fields any number of available squads (Establish
  Perimeter: as many as the boarding torpedoes left carry, DW-CMP-10), each squad whole in one
  deployment corridor; when the two 5-square corridors do not hold them, the corridors grow
  (corridors.extend_corridors), on a kept board too. The legal-action sample still offers only
  what two 5-square corridors hold (the field form takes any number).
- The Marine player may disband squads (DW-CMP-4) whenever he is choosing squads for a mission. A
  disbanding that leaves no squad available (its Marines joined squads of the last mission) breaks
  the force at once (DW-CMP-6): nothing is refused, the consequence is the rule's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter

from engine.core import Action, Dice, Event, Outcome, Pilot, Rules, Ruling, Seat, SeriesTable, Tape

from ..dw_types.timer import MIN_S, STEP_S, table_seconds
from . import events as ev
from .actions import (
    ACTION_ADAPTER,
    Bid,
    BuyForce,
    ChooseStance,
    Disband,
    FieldSquads,
    LoseSquad,
    MissionPlayed,
)
from .ai import CampaignPilot
from .events import EVENT_ADAPTER
from .evolve import evolve as _evolve
from .messages import refuse
from .missions import report
from .options import CampaignOptions
from .roster import buy, check_disband, disband_options, sample_orders, torpedoes_needed
from .state import (
    BLIP_POOL,
    ORDER,
    TABLE,
    CampaignState,
    MissionBrief,
    MissionRecord,
    Result,
    Scenario,
)
from .view import CampaignView, view_of

BID_MIN, BID_MAX = 5, 125  # 5-125 in the campaign
SEATS: tuple[Seat, ...] = ("marine", "genestealer")
CP_PENALTY = 3  # DW-CMP-16 (1)
SAMPLE_CORRIDORS = 2  # the legal sample fields what two 5-square corridors hold (DW-GEN-3, DW-GEN-6)


class CampaignRules(Rules[CampaignState]):
    name = "dw_campaign"
    seats = SEATS
    options_model = CampaignOptions
    state_model = CampaignState
    action_adapter = ACTION_ADAPTER
    event_adapter = EVENT_ADAPTER
    view_adapter = TypeAdapter(CampaignView)

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        assert isinstance(options, CampaignOptions)
        state = CampaignState(seed=seed, options=options)
        if options.force_points is not None:
            state.phase, state.budget = "force", options.force_points
        return [ev.CampaignStarted(state=state)]

    def decide(self, state: CampaignState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        tape: Tape[CampaignState] = Tape(self, state, dice)
        _dispatch(tape, seat, action)
        return tape.events

    def evolve(self, state: CampaignState | None, event: Event) -> CampaignState:
        return _evolve(state, event)

    def active_seats(self, state: CampaignState) -> frozenset[Seat]:
        match state.phase:
            case "bids":
                return frozenset(s for s in SEATS if s not in state.bids)
            case "force" | "choose" | "lose_squad":
                return frozenset({state.seat_of("marine")})
            case "stance":
                return frozenset({state.seat_of("genestealer")})
            case "mission":
                return frozenset({TABLE})
        return frozenset()

    def legal_actions(self, state: CampaignState, seat: Seat) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        match state.phase:
            case "bids":
                return [Bid(points=n) for n in range(BID_MIN, BID_MAX + 1)]
            case "force":
                assert state.budget is not None
                return [BuyForce(order=o) for o in sample_orders(state.budget)]
            case "choose":
                return _field_options(state) + [Disband(squad=q, moves=m) for q, m in disband_options(state)]
            case "stance":
                return [ChooseStance(attack=True), ChooseStance(attack=False)]
            case "lose_squad":
                return [LoseSquad(squad=q) for q in _non_playing(state)]
            case "mission":
                return _sample_reports(state)
        return []

    def view(self, state: CampaignState, seat: Seat | None) -> CampaignView:
        return view_of(state, seat)

    def outcome(self, state: CampaignState) -> Outcome | None:
        return state.outcome

    def pilot(self, seat: Seat) -> Pilot:
        return CampaignPilot()

    def series_table(self, state: CampaignState) -> SeriesTable | None:
        """The Space Hulk table of the briefed mission, each side's player in that side's seat."""
        if state.phase != "mission" or state.brief is None:
            return None
        options = {
            "mission": f"dw_{state.scenario}",
            "brief": state.brief.model_dump(mode="json"),
            "timer_mode": state.options.timer_mode,
            "ambush": state.options.ambush,
        }
        seats = {side: state.seat_of(side) for side in ("marine", "genestealer")}
        return SeriesTable(key=f"mission-{state.number}", game="spacehulk", options=options, seats=seats)

    def pace_options(self, pace: str) -> dict[str, Any]:
        """The missions' pace: "live" turns run the real-time timer, "async" a deadline per prompt."""
        if pace == "live":
            return {"timer_mode": "realtime"}
        if pace == "async":
            return {"timer_mode": "budget"}
        return super().pace_options(pace)

    def series_result(self, state: CampaignState, table: SeriesTable, finished: Any) -> tuple[Seat, Action]:
        """The finished mission's report, for the `table` seat (missions.report)."""
        assert state.brief is not None and table.key == f"mission-{state.number}"
        return TABLE, report(state.brief, finished)

    def resample_hidden(self, state: CampaignState, seat: Seat | None, dice: Dice) -> CampaignState:
        s = state.model_copy(deep=True)
        for other in list(s.bids):
            if other != seat:
                s.bids[other] = dice.randint(BID_MIN, BID_MAX)
        if s.phase == "stance" and seat != s.seat_of("marine"):
            squads = s.available_squads()
            s.fielded = tuple(dice.sample(squads, dice.randint(1, len(squads)))) if squads else ()
        return s


RULES = CampaignRules()


# --- decide ---------------------------------------------------------------------------------------


def _dispatch(tape: Tape[CampaignState], seat: Seat, action: Action) -> None:
    s = tape.state
    match s.phase, action:
        case "bids", Bid():
            _bid(tape, seat, action)
        case "force", BuyForce(order=order):
            assert s.budget is not None
            squads, members, cost = buy(order, s.budget)  # the Force List's refusals (DW-FL-2, DW-FL-3)
            tape.emit(
                ev.ForceBought(squads=squads, members=members, timer_points=order.timer_points, cost=cost)
            )
            _open(tape, "reconnaissance", 1)
        case "choose", Disband(squad=squad, moves=moves):
            check_disband(s, squad, moves)
            tape.emit(ev.SquadDisbanded(squad=squad, moves=dict(moves)))
            if not tape.state.available_squads():
                _end(tape, "genestealer", "broken")  # DW-CMP-4 + DW-CMP-6: nothing left to field
        case "choose", FieldSquads():
            _field(tape, action)
        case "stance", ChooseStance(attack=attack):
            _stance(tape, attack)
        case "mission", MissionPlayed():
            _record(tape, action)
        case "lose_squad", LoseSquad(squad=squad):
            if squad not in _non_playing(s):
                raise refuse("lose.choice", squad=squad)
            tape.emit(ev.SquadLost(squad=squad))
            _open(tape, "raid", 1)
        case _:
            raise refuse("phase")


def _bid(tape: Tape[CampaignState], seat: Seat, action: Bid) -> None:
    """DW-CMP-1 (as DW-BID-1, DW-BID-2): secret bids, revealed together; the lower bidder plays the
    Marines with that budget; equal bids bid again."""
    s = tape.state
    if seat in s.bids:
        raise refuse("bid.twice")
    if not BID_MIN <= action.points <= BID_MAX:
        raise refuse("bid.range", low=BID_MIN, high=BID_MAX)
    tape.emit(ev.BidMade(seat=seat, points=action.points, round=s.bid_round))
    if any(other not in tape.state.bids for other in SEATS):
        return
    bids = dict(tape.state.bids)
    tie = len(set(bids.values())) == 1
    tape.emit(ev.BidsRevealed(bids=bids, round=s.bid_round, tie=tie))
    if not tie:
        low = min(SEATS, key=lambda x: bids[x])
        high = next(x for x in SEATS if x != low)
        tape.emit(ev.SidesChosen(sides={"marine": low, "genestealer": high}, points=bids[low]))


def _open(tape: Tape[CampaignState], scenario: Scenario, attempt: int) -> None:
    """Open the next mission, unless the campaign is lost first (DW-CMP-6, DW-CMP-10)."""
    s = tape.state
    if scenario == "establish_perimeter" and s.torpedoes == 0:
        _end(tape, "genestealer", "torpedoes")  # DW-CMP-10: none left = campaign lost
    elif not s.available_squads():
        _end(tape, "genestealer", "broken")  # DW-CMP-6, A-43
    else:
        tape.emit(ev.MissionOpened(scenario=scenario, number=s.number + 1, attempt=attempt))


def _end(tape: Tape[CampaignState], side: str, reason: str) -> None:
    winner = tape.state.seat_of(side)
    tape.emit(ev.CampaignEnded(outcome=Outcome(winners=(winner,), reason=f"spacehulk.campaign.end.{reason}")))


def _field(tape: Tape[CampaignState], action: FieldSquads) -> None:
    """DW-CMP-2: any number of available squads, at least one."""
    s = tape.state
    seen: set[str] = set()
    for squad in action.squads:
        if squad not in s.squads:
            raise refuse("squad.unknown", squad=squad)
        if squad in seen:
            raise refuse("field.twice", squad=squad)
        seen.add(squad)
        if not s.available(squad):
            raise refuse("squad.unavailable", squad=squad)
    if not action.squads:
        raise refuse("field.none", count=len(s.available_squads()))
    needed = 0
    if s.scenario == "establish_perimeter":
        sizes = [len(s.alive(q)) for q in action.squads]
        fit = torpedoes_needed(sizes, s.torpedoes)
        if fit is None:
            needed_any = torpedoes_needed(sizes, len(sizes))
            raise refuse("field.torpedoes", needed=needed_any or len(sizes), left=s.torpedoes)
        needed = fit
    secret = s.scenario == "defend_perimeter"  # DW-CMP-12: written in secret
    new_board = action.new_board or s.scenario != "establish_perimeter" or s.last_board is None
    tape.emit(
        ev.SquadsFielded(
            squads=tuple(action.squads), owner=s.seat_of("marine"), secret=secret, new_board=new_board
        )
    )
    if secret:
        return
    if needed:
        tape.emit(ev.TorpedoesLaunched(count=needed, left=s.torpedoes - needed))  # DW-CMP-10
    if s.scenario == "reconnaissance":
        _teleport_in(tape)
        return
    _brief(tape)


def _teleport_in(tape: Tape[CampaignState]) -> None:
    """DW-CMP-8: 2D6 per Marine teleported in; a 2 kills him and counts as a scenario loss."""
    s = tape.state
    marines = [m for q in s.fielded for m in s.alive(q)]
    rolls: dict[str, tuple[int, int]] = {}
    for member in marines:
        a, b = tape.dice.d6(2)
        rolls[member] = (a, b)
    killed = tuple(m for m, (a, b) in rolls.items() if a + b == 2)
    told = Ruling(  # `/why`: each Marine's 2D6, a 2 (a double 1) kills him
        rules=("DW-CMP-8",),
        numbers={
            "teleport_rolls": ", ".join(f"{m}: {a}+{b}" for m, (a, b) in rolls.items()) or "-",
            "dies_on_total": 2,
        },
    )
    tape.emit(ev.TeleportRolled(rolls=rolls, killed=killed, ruling=told))
    if len(killed) >= 2 or len(killed) == len(marines):
        result: Result = "lost" if len(killed) >= 2 else "draw"  # DW-SC1: 2 losses; A-35 otherwise
        _log(tape, result, played=tuple(marines), dead=(), blips=0)
        _open(tape, "establish_perimeter", 1)  # DW-CMP-8: whatever the result
        return
    _brief(tape, lost_before=len(killed))


def _stance(tape: Tape[CampaignState], attack: bool) -> None:
    """DW-CMP-12, DW-CMP-13: hold back (the squads guard the perimeter; Raid next) or attack."""
    s = tape.state
    tape.emit(ev.StanceChosen(attack=attack, squads=s.fielded))
    if attack:
        _brief(tape)
        return
    _log(tape, "held", played=(), dead=(), blips=0)
    _open(tape, "raid", 1)


def _brief(tape: Tape[CampaignState], lost_before: int = 0) -> None:
    s = tape.state
    marines = tuple(s.members[m].spec for q in s.fielded for m in s.alive(q))
    leaders = sum(1 for m in s.fielded for x in s.alive(m) if s.members[x].leader)
    # N = the leaders fielded this scenario (N = 0: 30 s); DW-CMP-16 (2): 30 s less, floor 30 s
    seconds = table_seconds(leaders, s.timer_points) if leaders else MIN_S
    if s.raid_lost:
        seconds = max(MIN_S, seconds - STEP_S)
    board: str | None = None
    secured: tuple[str, ...] = ()
    if s.scenario == "establish_perimeter" and s.keep_board:
        board = s.last_board  # DW-CMP-9: keep the board on a replay
    if s.scenario == "defend_perimeter":
        board, secured = s.perimeter_board, s.perimeter  # DW-CMP-11, A-45
    brief = MissionBrief(
        scenario=s.scenario,
        number=s.number,
        attempt=s.attempt,
        squads=s.fielded,
        marines=marines,
        blips_left=s.blips_left,
        turn_seconds=seconds,
        timer_points=s.timer_points,
        timer_cut_s=table_seconds(max(1, leaders), s.timer_points) - seconds,
        cp_penalty=CP_PENALTY if s.raid_lost else 0,
        halve_psychic=s.raid_lost,
        board=board,
        secured=secured,
        lost_before=lost_before,
        teleport_from_entry=s.scenario == "raid",
    )
    tape.emit(ev.MissionBriefed(brief=brief))


def _record(tape: Tape[CampaignState], report: MissionPlayed) -> None:
    """DW-CMP-3: log the casualties and the result, then the next mission (DW-CMP-7 .. DW-CMP-17)."""
    s = tape.state
    assert s.brief is not None
    playing = {m.name for m in s.brief.marines}
    for member in report.dead:
        if member not in playing:
            raise refuse("report.dead", member=member)
    if report.blips > s.blips_left:
        raise refuse("report.blips", blips=report.blips, left=s.blips_left)
    scenario = s.scenario
    result: Result = "won" if report.winner == "marine" else "lost" if report.winner else "draw"
    magi: int | None = None
    if scenario == "raid":
        magi = report.magi_roll  # DW-CMP-14: rolled by the table the moment a Marine saw the tanks
        if magi is None and report.tanks_seen:
            magi = tape.dice.d6()[0]  # a table briefed before it rolled them itself
        escaped = magi is not None and magi < len(s.fielded)  # literal
        result = "won" if report.tanks_destroyed and not escaped else "lost"  # DW-CMP-15, A-44
    if scenario == "reconnaissance" and s.brief.lost_before + len(set(report.dead)) >= 2:
        result = "lost"  # DW-CMP-8: the Marines killed teleporting in count toward DW-SC1's 2 losses
    won = result == "won"
    perimeter = report.secured if scenario == "establish_perimeter" and won else None
    _log(
        tape,
        result,
        played=tuple(sorted(playing)),
        dead=tuple(dict.fromkeys(report.dead)),
        blips=report.blips,
        magi=magi,
        board=report.board,
        perimeter=perimeter,
    )
    match scenario:
        case "reconnaissance":
            _open(tape, "establish_perimeter", 1)  # DW-CMP-8
        case "establish_perimeter":
            if won:
                _open(tape, "defend_perimeter", 1)  # DW-CMP-10
            else:
                _open(tape, "establish_perimeter", s.attempt + 1)  # DW-CMP-9
        case "defend_perimeter":
            choices = _non_playing(tape.state)
            if not won and choices:
                tape.emit(ev.LossOwed(choices=tuple(choices)))  # DW-CMP-13
            else:
                _open(tape, "raid", 1)
        case "raid":
            _open(tape, "search_and_destroy", 1)  # DW-CMP-16: straight on
        case "search_and_destroy":
            if won:
                _end(tape, "marine", "won")  # DW-CMP-6, DW-CMP-17
            else:
                _open(tape, "search_and_destroy", s.attempt + 1)  # DW-CMP-17


def _log(
    tape: Tape[CampaignState],
    result: Result,
    *,
    played: tuple[str, ...],
    dead: tuple[str, ...],
    blips: int,
    magi: int | None = None,
    board: str | None = None,
    perimeter: tuple[str, ...] | None = None,
) -> None:
    s = tape.state
    record = MissionRecord(
        scenario=s.scenario,
        number=s.number,
        attempt=s.attempt,
        result=result,
        squads=s.fielded,
        dead=dead,
        blips=blips,
        magi_roll=magi,
    )
    tape.emit(ev.MissionRecorded(record=record, played=played, board=board, perimeter=perimeter))


def _non_playing(s: CampaignState) -> list[str]:
    """DW-CMP-13: squads with survivors that did not play Defend Perimeter and are not guarding."""
    return [
        q
        for q, sheet in s.squads.items()
        if q not in s.fielded and s.alive(q) and not (sheet.guarding or sheet.lost or sheet.disbanded)
    ]


# --- legal-action samples ----------------------------------------------------------------------


def _field_options(s: CampaignState) -> list[Action]:
    """Each available squad alone, and as many as the corridors (and torpedoes) carry, in roster order."""
    avail = s.available_squads()
    # a sample: what two 5-square corridors hold (DW-GEN-3), so the pilots' games stay as they were;
    # the field form takes any number (the corridors grow, DW-GEN-7)
    limit = min(s.torpedoes, SAMPLE_CORRIDORS) if s.scenario == "establish_perimeter" else SAMPLE_CORRIDORS
    picks: list[tuple[str, ...]] = [(q,) for q in avail]
    chosen: list[str] = []
    for q in avail:
        if torpedoes_needed([len(s.alive(x)) for x in (*chosen, q)], limit) is not None:
            chosen.append(q)
    if len(chosen) > 1:
        picks.append(tuple(chosen))
    out: list[Action] = []
    for pick in picks:
        if torpedoes_needed([len(s.alive(q)) for q in pick], limit) is None:
            continue
        out.append(FieldSquads(squads=pick))
        if s.scenario == "establish_perimeter" and s.last_board is not None:
            out.append(FieldSquads(squads=pick, new_board=True))
    return out


def _sample_reports(s: CampaignState) -> list[Action]:
    """A finite sample of mission results that each scenario's end states allow (DW-SC1 .. DW-SC6):
    a Marine win with no, one or some losses; a loss with every fielded Marine dead (Search and Destroy,
    Establish Perimeter: the Genestealers win only so, A-35) or, elsewhere, some of them."""
    assert s.brief is not None
    marines = [m.name for m in s.brief.marines]
    blips = sorted({0, min(s.blips_left, 12), s.blips_left})
    casualties: list[tuple[str, ...]] = [(), tuple(marines[:1]), tuple(marines[: (len(marines) + 1) // 2])]
    casualties = list(dict.fromkeys(casualties))
    out: list[Action] = []
    wipe_only = s.scenario in ("establish_perimeter", "search_and_destroy")
    for n in blips:
        for dead in casualties:
            if len(dead) < len(marines):
                out.append(_report(s, "marine", dead, n))
            if not wipe_only:
                out.append(_report(s, "genestealer", dead, n))
        out.append(_report(s, "genestealer", tuple(marines), n))
    return out


def _report(s: CampaignState, winner: Any, dead: Sequence[str], blips: int) -> MissionPlayed:
    tanks = s.scenario == "raid" and winner == "marine"
    secured = ("P1", "P2", "P3", "P4") if s.scenario == "establish_perimeter" and winner == "marine" else ()
    board = "sample-board" if s.scenario == "establish_perimeter" else None
    return MissionPlayed(
        winner=winner,
        dead=tuple(dead),
        blips=blips,
        tanks_seen=tanks,
        tanks_destroyed=tanks,
        secured=secured,
        board=board,
    )


__all__ = ["BLIP_POOL", "ORDER", "RULES", "CampaignRules"]
