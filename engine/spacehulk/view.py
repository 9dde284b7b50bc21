"""What each seat may know (SHB-5.1, SHB-10.1): the Marine player never sees blip values or the bag;
the Genestealer player never sees the command point chit; a spectator sees neither.

Reading: the number of counters left in the bag and the values of counters already revealed are
public (the cup and the discard pile are on the table); the bag's composition is not.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core import Model, Outcome, Seat

from .board import DoorStatus, Facing, Square
from .legal import action_costs
from .missions import Mission, held_turn
from .options import SpaceHulkOptions
from .queries import Queries
from .state import Piece, SpaceHulkState, chooser_of


class PieceView(Model):
    id: str
    kind: Literal["marine", "genestealer", "blip"]
    square: Square | None
    area: str | None
    facing: Facing | None
    ap: int
    activated: bool
    name: str
    weapon: str | None
    sergeant: bool
    squad: str
    overwatch: bool
    jammed: bool
    ammo: int
    sustained: int  # consecutive shots at the current aim (SHB-8.2)
    lurk_until: int
    value: int | None  # a blip's value: Genestealer player only
    # Deathwing: public by default (deathwing.md §5: ammunition, grenades, PP, burst counts)
    captain: bool = False
    mastery: int = 0
    psychic: int = 0
    melee: str | None = None
    shield: bool = False
    grenades: int = 0
    reloads: int = 0
    bursts: int = 0
    ambush: bool = False
    leader: bool = False  # Cloud Runner's Genestealer leader (DW-CR-8), public


class DoorView(Model):
    square: Square
    status: DoorStatus
    fixed: str | None


class PromptView(Model):
    """The pending step: who answers and its public details."""

    kind: str
    chooser: Seat | None
    details: dict[str, Any]


class SpaceHulkView(Model):
    kind: Literal["spacehulk"] = "spacehulk"
    seat: Seat | None
    side: str | None = None  # the side this seat plays (DW-BID-1: either seat may get the Marines)
    sides: dict[str, Seat] = {}  # side -> seat, public
    bid: int | None = None  # this seat's own secret bid this round (DW-BID-1)
    bids_in: tuple[Seat, ...] = ()  # the seats that have bid this round (their bids stay secret)
    mission: str
    mission_name: str
    map_text: str
    turn: int
    phase: str
    active_seats: tuple[Seat, ...]
    active_model: str | None
    pieces: tuple[PieceView, ...]
    doors: tuple[DoorView, ...]
    burning: tuple[Square, ...]
    cp: int | None  # Marine player only
    cp_drawn: int | None  # Marine player only
    cp_spent: int
    cp_bonus: int  # the Captains' bonus (DW-CAP-3), public
    cp_dice: tuple[int, ...] | None  # Marine player only: the command dice showing cp
    timer_mode: str
    timer_seconds: int | None  # this Marine turn's real-time length (SHB-3.1)
    timer_budget_s: int | None  # per-prompt budget in "budget" mode
    time_up: bool
    kills: int
    escaped: tuple[str, ...]
    teleported: tuple[str, ...] = ()
    secured: tuple[str, ...] = ()
    flamed_sections: tuple[str, ...]
    bag: dict[int, int] | None  # Genestealer player only
    bag_size: int
    used: dict[int, int]
    prompt: PromptView | None
    outcome: Outcome | None
    options: SpaceHulkOptions
    costs: dict[str, int] = {}  # the seat's own piece actions priced in AP (legal.cost_key), when it acts
    # The Mission Generator and Cloud Runner (public, DW-GEN-4: the Marine keeps the blip log):
    scenario: str | None = None
    blip_total: int | None = None
    perimeter: tuple[str, ...] = ()  # the entry areas to secure (DW-SC2)
    held_turn: int | None = None  # DW-SC3: the Marine wins at this turn's end (missions.held_turn)
    # DW-SC1, A-35: teleporting out waits for this many Genestealers placed, or for the end of
    # `teleport_turn` (the same last turn, missions.held_turn; Queries._scenario_teleport_problem)
    teleport_unlock: int | None = None
    teleport_turn: int | None = None
    tally: dict[str, int] = {}  # blips drawn, Genestealers placed, Marines lost, the board number


def _piece_view(p: Piece, s: SpaceHulkState, side: str | None) -> PieceView:
    return PieceView(
        id=p.id,
        kind=p.kind,
        square=p.pos,
        area=p.area,
        facing=p.facing,
        ap=p.ap,
        activated=p.activated,
        name=p.name,
        weapon=p.weapon,
        sergeant=p.sergeant,
        squad=p.squad,
        overwatch=p.overwatch,
        jammed=p.jammed,
        ammo=p.ammo,
        sustained=p.aim.shots if p.aim else 0,
        lurk_until=p.lurk_until,
        value=s.blips.get(p.id) if side == "genestealer" and p.kind == "blip" else None,
        captain=p.captain,
        mastery=p.mastery,
        psychic=p.psychic,
        melee=p.melee,
        shield=p.shield,
        grenades=p.grenades,
        reloads=p.reloads,
        bursts=p.bursts,
        ambush=p.ambush,
        leader=p.leader,
    )


def command_dice(cp: int) -> tuple[int, ...]:
    """CP as command dice (DW-CAP-3, A-8): up to 6 one die; 7-8 a die at 6 and one at the rest."""
    return (cp,) if cp <= 6 else (6, cp - 6)


def make_view(s: SpaceHulkState, seat: Seat | None, active: frozenset[Seat]) -> SpaceHulkView:
    """The view of `seat` (None: spectator); its secrets are those of the side it plays."""
    board = s.board
    top = s.top()
    side = s.side_of(seat)
    marine = side == "marine"
    return SpaceHulkView(
        seat=seat,
        side=side,
        sides=dict(s.sides),
        bid=s.bids.get(seat) if seat is not None else None,
        bids_in=tuple(sorted(s.bids)),
        mission=s.mission.id,
        mission_name=s.mission.name,
        map_text=s.mission.map_text,
        turn=s.turn,
        phase=s.phase,
        active_seats=tuple(sorted(active)),
        active_model=s.active,
        pieces=tuple(_piece_view(p, s, side) for p in s.pieces.values()),
        doors=tuple(
            DoorView(square=d.square, status=st, fixed=d.fixed)
            for d, st in zip(board.doors, s.doors, strict=True)
        ),
        burning=tuple(s.burning),
        cp=s.cp if marine else None,
        cp_drawn=s.cp_drawn if marine else None,
        cp_spent=s.cp_spent,
        cp_bonus=s.cp_bonus,
        cp_dice=command_dice(s.cp) if marine else None,
        timer_mode=s.options.variants.timer_mode,
        timer_seconds=s.timer_seconds,
        timer_budget_s=s.options.variants.timer_budget_s
        if s.options.variants.timer_mode == "budget"
        else None,
        time_up=s.time_up,
        kills=s.kills,
        escaped=tuple(s.escaped),
        teleported=tuple(s.teleported),
        secured=tuple(s.secured),
        flamed_sections=tuple(s.flamed_sections),
        bag=dict(s.bag) if side == "genestealer" else None,
        bag_size=sum(s.bag.values()),
        used=dict(s.used),
        scenario=s.mission.scenario,
        blip_total=s.mission.blip_total,
        perimeter=s.mission.perimeter,
        held_turn=_held_turn(s.mission),
        teleport_unlock=s.mission.teleport_unlock,
        teleport_turn=_teleport_turn(s.mission),
        tally=dict(s.tally),
        prompt=None
        if top is None
        else PromptView(
            kind=getattr(top, "kind", ""),
            chooser=chooser_of(top),
            details=top.model_dump(mode="json", exclude={"kind"}),
        ),
        outcome=s.outcome,
        options=s.options,
        costs=_costs(s, seat, active),
    )


def _costs(s: SpaceHulkState, seat: Seat | None, active: frozenset[Seat]) -> dict[str, int]:
    """The prices of the seat's piece actions while it may act (nothing for spectators)."""
    side = s.side_of(seat)
    if seat is None or side is None or seat not in active or s.outcome is not None:
        return {}
    return action_costs(Queries(s), side, s.top())


def _held_turn(mission: Mission) -> int | None:
    """DW-SC3's last Genestealer turn, public (missions.held_turn), where the mission has that end."""
    if not any(getattr(w, "goal", None) == "held" for w in mission.win):
        return None
    return held_turn(mission)


def _teleport_turn(mission: Mission) -> int | None:
    """The turn after which teleporting out unlocks whatever was placed (DW-SC1, our reading beside
    A-35: `Queries._scenario_teleport_problem`), public, where teleporting waits for Genestealers."""
    if mission.teleport_unlock is None:
        return None
    return held_turn(mission)
