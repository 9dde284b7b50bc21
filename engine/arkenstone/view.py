"""What one seat of Hunt for the Arkenstone may know: everything but face-down identities (§1)."""

from __future__ import annotations

from typing import Literal

from pydantic import TypeAdapter

from engine.core.geometry import Point
from engine.core.rules import Model, Seat

from .board import Location
from .events import CardsTurned, LoggedEvent
from .options import ArkenstoneOptions
from .state import ArkenstoneState, Contest, MoveTrace, Phase


class TreasureView(Model):
    """A diamond as a seat sees it: its rank only once it has been turned."""

    label: int
    at: Point
    rank: int | None
    face_up: bool
    removed: bool


class ArkenstoneView(Model):
    """One seat's knowledge (None = spectator). Nothing is private to one player, so only the
    identities of face-down diamonds and the order of the decks are missing (§1)."""

    game: Literal["arkenstone"] = "arkenstone"
    seat: Seat | None
    version: int
    options: ArkenstoneOptions
    phase: Phase
    turn: int
    active: Seat
    acting: tuple[Seat, ...]
    bilbo: Point | None
    smaug: Point | None
    treasures: tuple[TreasureView, ...]
    treasures_to_place: int
    locations: tuple[Location, ...]
    next_location: int | None
    reference: int | None
    guess: bool | None
    revealed: tuple[int, int] | None
    drawn: dict[str, tuple[int, ...]]
    after_action: Literal["guess", "reshuffle"]
    trick_rank: int | None
    turn_ups_left: int
    special: int | None
    last_move: MoveTrace | None
    last_contest: Contest | None
    last_turned: CardsTurned | None = None
    winner: Seat | None
    win_reason: Literal["recovered", "discovered"] | None
    recent: tuple[LoggedEvent, ...]
    random_placers: tuple[Seat, ...] = ()


VIEW_ADAPTER: TypeAdapter[ArkenstoneView] = TypeAdapter(ArkenstoneView)


def build_view(state: ArkenstoneState, seat: Seat | None, acting: frozenset[Seat]) -> ArkenstoneView:
    """Everything but the identities of face-down diamonds (hidden from both players, §1)."""
    return ArkenstoneView(
        seat=seat,
        version=state.version,
        options=state.options,
        phase=state.phase,
        turn=state.turn,
        active=state.active,
        acting=tuple(sorted(acting)),
        bilbo=state.bilbo,
        smaug=state.smaug,
        treasures=tuple(
            TreasureView(
                label=t.label,
                at=t.at,
                rank=t.rank if t.face_up else None,
                face_up=t.face_up,
                removed=t.removed,
            )
            for t in state.treasures
        ),
        treasures_to_place=len(state.treasure_pile),
        locations=tuple(state.locations),
        next_location=state.next_location,
        reference=state.reference,
        guess=state.guess,
        revealed=state.revealed,
        drawn={k: tuple(v) for k, v in state.drawn.items()},
        after_action=state.after_action,
        trick_rank=state.trick_rank,
        turn_ups_left=state.turn_ups_left,
        special=state.special,
        last_move=state.last_move,
        last_contest=state.last_contest,
        last_turned=state.last_turned,
        winner=state.winner,
        win_reason=state.win_reason,
        recent=tuple(state.recent),
        random_placers=tuple(state.random_placers),
    )
