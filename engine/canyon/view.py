"""Per-seat views of the canyon table: secrets stay behind (DC-NAV-1/2, §1 Hidden)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine.core import Model

from .state import CANYON_RANKS, MARINE, ORK, SEATS, CanyonState, HitSource, Phase, Roll, SeatName


class SlotView(Model):
    """One canyon card as a seat sees it.

    `status`: "hidden" (face down, unknown to this seat), "previewed" (face down on the table but
    this seat looked at it: the Marine's Navigate), "revealed" (face up: flown and resolved),
    "discarded" (the route not taken at a fork, shown and crossed out).
    """

    status: Literal["hidden", "previewed", "revealed", "discarded"]
    value: int | None = None


class StepView(Model):
    """One step of the canyon: 1 card, or a fork of 2."""

    number: int  # 1-based, as printed on the board
    width: int
    slots: tuple[SlotView, ...]
    route: int | None = None  # slot the Stormtalon flew / will fly, once known to this seat


class ShipView(Model):
    """A ship's public facts, and the hand if the viewer owns it."""

    seat: SeatName
    damage: int
    damage_cards: tuple[int, ...]
    pending_multiplier: int  # 2^n for n face damage cards waiting (DC-HIT-4); 1 = none
    hand_count: int
    deck_count: int
    discard: tuple[int, ...]
    played: int | None
    destroyed: bool
    last_played: int | None = None  # the card it played last turn (gone to its discard pile)


class PendingHits(Model):
    """A batch of hits waiting for its ship's owner (the first batch is resolved now)."""

    seat: SeatName
    hits: int
    source: HitSource


class CanyonView(BaseModel):
    """What one seat (or a spectator, seat None) may know, plus what a renderer needs."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    game: Literal["canyon"] = "canyon"
    seat: SeatName | None
    turn: int
    phase: Phase
    active: tuple[SeatName, ...]
    steps: tuple[StepView, ...]
    stormtalon_step: int  # 0-based index of the step in front; len(steps) once out of the canyon
    removed_unseen: int
    pursuit: int
    dakkajet_distance_in: int  # DC-ADV-3: the Dakkajet flies pursuit-die inches behind
    marine: ShipView
    ork: ShipView
    hand: tuple[int, ...] | None  # the viewer's own hand
    preview: tuple[int, ...] | None  # canyon values the Marine sees now (Marine only)
    damage_deck_count: int
    pending_hits: tuple[PendingHits, ...]
    rolls: tuple[Roll, ...]
    winners: tuple[SeatName, ...]
    reason: str | None
    last_rolls: tuple[Roll, ...] = ()  # the previous turn's dice (issue 15 item 7)
    # A18: the canyon cards removed unseen (DC-SET-2), shown once the game is over; None before.
    removed_cards: tuple[int, ...] | None = None

    def ship(self, seat: str) -> ShipView:
        """The ShipView of a seat."""
        return self.marine if seat == MARINE else self.ork


VIEW_ADAPTER: TypeAdapter[CanyonView] = TypeAdapter(CanyonView)

_HIDDEN = SlotView(status="hidden")
# Every card a seat may see, built once: views are built at every step for every seat, and a
# SlotView is frozen, so one instance per (status, card) serves them all.
_SHOWN: tuple[Literal["previewed", "revealed", "discarded"], ...] = ("previewed", "revealed", "discarded")
_SLOTS = {(status, card): SlotView(status=status, value=card) for status in _SHOWN for card in CANYON_RANKS}


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
        last_played=state.last_played.get(seat),
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
                slots.append(_SLOTS["previewed", card] if i == looking else _HIDDEN)
            else:
                slots.append(_SLOTS[status, card])
                if status == "revealed":
                    route = j
        if i == state.step and state.route is not None:
            # The route is public once chosen: the other fork card lies discarded face up.
            route = state.route
        key = (i, route, *map(id, slots))  # the slots are the shared instances above
        step = _STEPS.get(key)
        if step is None:
            step = _STEPS[key] = StepView(number=i + 1, width=len(cards), slots=tuple(slots), route=route)
        out.append(step)
    return tuple(out)


# StepViews built so far, by step, route and slot instances (at most a few thousand: 12 steps of
# 1 or 2 of 40 slot views): a view is built for every seat at every step, and StepView is frozen.
_STEPS: dict[tuple[int | None, ...], StepView] = {}


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
        # Reading (A18): the cards removed unseen (DC-SET-2) stay hidden in every view during play
        # and are shown face up to everyone once the game is over (`removed_cards`, issue 15 item 7).
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
        last_rolls=tuple(state.last_rolls),
        removed_cards=_removed_after_the_game(state),
    )


def _removed_after_the_game(state: CanyonState) -> tuple[int, ...] | None:
    """A18 "unused canyon cards stay hidden during play; the bot may reveal them after the game":
    the cards removed unseen (DC-SET-2) are shown, in rank order, once the game is over (issue 15
    item 7). Reading: only those; the dealt canyon cards never flown stay face down."""
    if state.phase != "over":
        return None
    return tuple(sorted(state.removed + state.canyon_deck))
