"""What a seat may know: everything on the table; before the reveal, only its own planned deployment."""

from __future__ import annotations

from typing import Literal

from engine.core.rules import Model, Outcome, Seat

from .options import Options
from .state import ClickWarsState, Hostage, Marks, Order, Unit
from .terrain import Area
from .victory import objective

XY = tuple[float, float]


class ClickWarsView(Model):
    """One seat's view (None = spectator). `my_deployment` is the seat's own secret plan until the reveal."""

    game: Literal["clickwars"] = "clickwars"
    seat: Seat | None
    version: int
    options: Options
    terrain: list[Area]
    units: list[Unit]
    phase: str
    round: int
    turn: int
    active: Seat | None
    acting: list[Seat]
    first: Seat | None
    south: Seat
    attacker: Seat | None
    quarry: dict[Seat, str]
    confirmed: list[Seat]
    ready: list[Seat]
    my_deployment: dict[str, XY]
    hostages: list[Hostage]
    scores: dict[Seat, int]
    marks: Marks
    objective: XY | None
    result: Outcome | None
    selected: str | None = None  # the unit this seat's controls act on
    order: Order | None = None  # this seat's previewed order, drawn on its own picture

    @property
    def previewing(self) -> bool:
        return self.seat is not None and (self.selected is not None or self.order is not None)

    def unit(self, uid: str) -> Unit | None:
        return next((u for u in self.units if u.id == uid), None)


def make_view(state: ClickWarsState, seat: Seat | None, acting: frozenset[Seat]) -> ClickWarsView:
    return ClickWarsView(
        seat=seat,
        version=state.version,
        options=state.options,
        terrain=state.terrain,
        units=list(state.units.values()),
        phase=state.phase,
        round=state.round,
        turn=state.turn,
        active=state.active,
        acting=sorted(acting),
        first=state.first,
        south=state.south,
        attacker=state.attacker,
        quarry=dict(state.quarry),
        confirmed=list(state.confirmed),
        ready=list(state.ready),
        my_deployment=dict(state.pending.get(seat, {}))
        if seat is not None and state.phase == "deploy"
        else {},
        hostages=list(state.hostages),
        scores=dict(state.scores),
        marks=state.marks,
        objective=objective(state),
        result=state.result,
        selected=state.selected.get(seat) if seat is not None else None,
        order=state.orders.get(seat) if seat is not None else None,
    )
