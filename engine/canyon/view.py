"""Per-seat views of the canyon table: secrets stay behind (DC-NAV-1/2, §1 Hidden)."""

from __future__ import annotations

from .model import (
    MARINE,
    ORK,
    SEATS,
    CanyonState,
    CanyonView,
    PendingHits,
    SeatName,
    ShipView,
    SlotView,
    StepView,
)

_HIDDEN = SlotView(status="hidden")


def _pending_multiplier(cards: list[int]) -> int:
    n = 0
    for card in reversed(cards):
        if card <= 10:
            break
        n += 1
    return 2**n


def _ship(state: CanyonState, seat: SeatName) -> ShipView:
    return ShipView(
        seat=seat,
        damage=state.damage[seat],
        damage_cards=tuple(state.damage_cards[seat]),
        pending_multiplier=_pending_multiplier(state.damage_cards[seat]),
        hand_count=len(state.hands[seat]),
        deck_count=len(state.decks[seat]),
        discard=tuple(state.discards[seat]),
        played=state.played[seat],
        destroyed=state.damage[seat] >= 20,
    )


def _steps(state: CanyonState, seat: str | None) -> tuple[StepView, ...]:
    # DC-NAV-1: only the Marine, and only for the step it is looking at now.
    looking = state.previewed if seat == MARINE else None
    out = []
    for i, (cards, statuses) in enumerate(zip(state.canyon, state.slots, strict=True)):
        slots = []
        route = None
        for j, (card, status) in enumerate(zip(cards, statuses, strict=True)):
            if status == "down":
                slots.append(SlotView(status="previewed", value=card) if i == looking else _HIDDEN)
            else:
                slots.append(SlotView(status=status, value=card))
                if status == "revealed":
                    route = j
        if i == state.step and state.route is not None:
            # The route is public once chosen: the other fork card lies discarded face up.
            route = state.route
        out.append(StepView(number=i + 1, width=len(cards), slots=tuple(slots), route=route))
    return tuple(out)


def build_view(state: CanyonState, seat: SeatName | None, active: frozenset[str]) -> CanyonView:
    """What `seat` (None = spectator) may know now."""
    preview = None
    if seat == MARINE and state.previewed is not None:
        i = state.previewed
        preview = tuple(c for c, st in zip(state.canyon[i], state.slots[i], strict=True) if st == "down")
    return CanyonView(
        seat=seat,
        turn=state.turn,
        phase=state.phase,
        active=tuple(s for s in SEATS if s in active),
        steps=_steps(state, seat),
        stormtalon_step=state.step,
        removed_unseen=len(state.removed) + len(state.canyon_deck),
        pursuit=state.pursuit,
        dakkajet_distance_in=state.pursuit,
        marine=_ship(state, MARINE),
        ork=_ship(state, ORK),
        hand=tuple(sorted(state.hands[seat])) if seat in (MARINE, ORK) else None,
        preview=preview,
        damage_deck_count=len(state.damage_deck),
        pending_hits=tuple(PendingHits(seat=p[0], hits=p[1], source=p[2]) for p in state.pending),
        rolls=tuple(state.rolls),
        winners=tuple(state.winners),
        reason=state.reason,
    )
