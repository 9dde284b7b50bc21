"""Hunt for the Arkenstone (docs/rules/arkenstone.md): every AK-* rule lives in `decide`.

A decision writes its events onto the shared tape (`engine.core.Tape`), whose scratch state follows
along, so a later step of the same decision (a figure set onto a club, then a contest) reads where
the figures stand now. Each reading of the spec sits next to the rule it explains, marked "Reading".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from engine.core.dice import Dice
from engine.core.geometry import COMPASS, Point, circle_gap, circles_overlap, distance, heading, room_along
from engine.core.rules import Action, Event, Outcome, Rules, Seat
from engine.core.ruling import Ruling
from engine.core.tape import Tape

from . import actions as a
from . import events as ev
from . import takeback
from .actions import ACTION_ADAPTER
from .ai import BilboPilot, SmaugPilot
from .board import (
    BILBO,
    CARD_HEIGHT_IN,
    CARD_WIDTH_IN,
    CELLS,
    DISCOVER_REACH_IN,
    FIGURE_NAME,
    MIN_TRAVEL_IN,
    MOVE_IN,
    RECOVER_REACH_IN,
    SEARCH_REACH_IN,
    SEATS,
    SMAUG,
    TABLE_IN,
    TOLERANCE_IN,
    Location,
    Treasure,
    beyond,
    bilbo_card_gap,
    card_on_table,
    cell_at,
    cell_is_free,
    figure_on_table,
    figures_gap,
    in_reach,
    inches,
    location_of,
    other,
    position,
    radius,
    resolve_move,
    travel,
    treasure_by_name,
    treasure_name,
)
from .events import EVENT_ADAPTER
from .evolve import evolve
from .messages import refuse
from .options import ArkenstoneOptions
from .state import (
    ACE,
    ARKENSTONE,
    RANKS,
    SMAUG_EVENT_RANGE_IN,
    SPECIAL_RANKS,
    TURN_UPS,
    ArkenstoneState,
)
from .view import VIEW_ADAPTER, ArkenstoneView, build_view

CARDS_PER_SET = 13
PHASE_HINTS = {
    "place_smaug": "arkenstone.now.place_figure",
    "place_bilbo": "arkenstone.now.place_figure",
    "place_treasure": "arkenstone.now.place_card",
    "place_location": "arkenstone.now.place_card",
    "free_action": "arkenstone.now.free_action",
    "action": "arkenstone.now.action",
    "guess": "arkenstone.now.guess",
    "trick": "arkenstone.now.trick",
    "turn_up": "arkenstone.now.turn_up",
}


def _remaining(state: ArkenstoneState, seat: Seat) -> list[int]:
    """The cards of a seat's suit not turned since its last shuffle (AK-TRN-11: never empty).

    Reading (A1, AK-TRN-11): decks are not stored in an order. "Shuffle, then turn the top card" is
    drawn as a uniform pick among the cards of that suit not yet turned since the last shuffle,
    written into the event; this is the same chance as a shuffled pile and leaves no deck order to
    hide (so `resample_hidden` has no deck to reshuffle)."""
    seen = state.drawn[seat]
    left = [r for r in RANKS if r not in seen]
    assert left, "a deck ran out within a chain (AK-TRN-11)"
    return left


RANK_LETTER = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _guess_ruling(
    state: ArkenstoneState, seat: Seat, higher: bool, rank: int, other_rank: int, correct: bool
) -> Ruling:
    """A higher/lower guess told (`/why`): the reference, the card turned and the other player's,
    and which rule the result led to (a wrong guess, an event, a trick, an action)."""
    special = rank in SPECIAL_RANKS and (correct or not state.options.event_requires_correct_guess)
    if special:
        then = "AK-TRN-7"
    elif not correct:
        then = "AK-TRN-6"
    elif other_rank == rank:
        then = "AK-TRN-8"
    else:
        then = "AK-TRN-9"
    return Ruling(
        rules=("AK-TRN-4", "AK-TRN-5", "AK-GEN-1", "AK-GEN-2", then),
        numbers={
            "reference": state.reference or 0,
            "guess": "higher" if higher else "lower",
            "card": rank,
            "other_card": other_rank,
            "correct": "yes" if correct else "no",
        },
    )


def _reach_ruling(state: ArkenstoneState, rule: str, card: Point | None, gap: float, reach: float) -> Ruling:
    """A reach refused, told (`/why`): the gap as §8.2 measures it (Bilbo's base edge to the card's
    nearest point, or to Smaug's base edge when `card` is None) against the reach, and the ruler
    along that gap, from Bilbo's base edge to what he did not reach."""
    o = state.options
    b = position(state, BILBO)
    if card is None:
        s = position(state, SMAUG)
        far, far_r = (s.x, s.y), o.smaug_radius_in
    else:
        half_w, half_h = CARD_WIDTH_IN / 2, CARD_HEIGHT_IN / 2
        far = (
            min(max(b.x, card.x - half_w), card.x + half_w),
            min(max(b.y, card.y - half_h), card.y + half_h),
        )
        far_r = 0.0
    dx, dy = far[0] - b.x, far[1] - b.y
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    start = (round(b.x + ux * o.bilbo_radius_in, 3), round(b.y + uy * o.bilbo_radius_in, 3))
    end = (round(far[0] - ux * far_r, 3), round(far[1] - uy * far_r, 3))
    return Ruling(
        rules=(rule, "AK-GEN-3"),
        numbers={
            "gap_in" if card is None else "card_gap_in": round(gap, 2),
            "reach_in": reach if reach % 1 else int(reach),  # a whole inch told as one ("1 inch")
        },
        path=(start, end),
    )


class ArkenstoneRules(Rules[ArkenstoneState]):
    name: ClassVar[str] = "arkenstone"
    seats: ClassVar[tuple[Seat, ...]] = SEATS
    options_model: ClassVar[type[BaseModel]] = ArkenstoneOptions
    state_model: ClassVar[type[ArkenstoneState]] = ArkenstoneState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    event_adapter: ClassVar[TypeAdapter[Any]] = EVENT_ADAPTER
    view_adapter: ClassVar[TypeAdapter[Any] | None] = VIEW_ADAPTER

    # --- setup (AK-SET) ----------------------------------------------------------------------

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        """Shuffle the diamonds, then Smaug's player places Smaug (AK-SET-1, AK-SET-2), in every layout.

        Reading (AK-SET-1, §8.1): in every layout each player places their own figure, Smaug first,
        at a cell centre or exact coordinates; even the "quick random" layout leaves the figures to
        the players, as AK-SET-1 leaves no room for the bot to place them."""
        assert isinstance(options, ArkenstoneOptions)
        treasure_ranks = tuple(dice.shuffled(RANKS))  # AK-SET-2: shuffled, faces unseen
        start = ev.GameStarted(seed=seed, options=options, treasure_ranks=treasure_ranks)
        return [start, ev.PlacementDue(seat=SMAUG, item="smaug")]  # AK-SET-1: Smaug first

    # --- who acts ------------------------------------------------------------------------------

    def active_seats(self, state: ArkenstoneState) -> frozenset[Seat]:
        if state.phase == "over":
            return frozenset()
        if state.phase == "trick":
            return frozenset({other(state.active)})  # AK-TRN-8: the non-active player answers
        return frozenset({state.active})

    def turn_of(self, state: ArkenstoneState) -> int | None:
        return state.turn  # 0 during the layout: its one summary comes when the layout is complete

    def outcome(self, state: ArkenstoneState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(winners=(state.winner,), reason=f"arkenstone.outcome.{state.win_reason}")

    # --- decide ---------------------------------------------------------------------------------

    def decide(self, state: ArkenstoneState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        tape = Tape(self, state, dice)
        phase = state.phase
        match action:
            case a.PlaceFigure() if phase in ("place_smaug", "place_bilbo"):
                self._place_figure(state, seat, action, tape, dice)
            case a.PlaceCard() if phase in ("place_treasure", "place_location"):
                self._place_card(state, seat, action, tape, dice)
                self._place_for_random_placers(tape, dice)
            case a.PlaceRest() if phase in ("place_treasure", "place_location"):
                tape.emit(ev.RestPlacedAtRandom(seat=seat))
                self._place_for_random_placers(tape, dice)
            case a.Guess() if phase in ("guess", "free_action"):
                # Reading (A13, A14, AK-TRN-3/4): the free action is optional and the guess mandatory,
                # so in Bilbo's free-action window he may take an action, pass, or guess at once; a
                # guess there declines the free action (it is gone for the turn). The §8.3 buttons
                # keep Pass as well.
                self._guess(state, seat, action, tape, dice)
            case a.Trick() if phase == "trick":
                self._trick(state, seat, action, tape)
            case a.TurnUp() if phase == "turn_up":
                self._turn_up(state, action, tape, dice)
            case (
                a.MoveTo()
                | a.MoveToward()
                | a.MoveDirection()
                | a.Search()
                | a.Recover()
                | a.Discover()
                | a.Pass()
            ) if phase in (
                "free_action",
                "action",
            ):
                self._action(state, seat, action, tape, dice)
            case _:
                # A seat acts only in these phases: core.step refuses a finished game beforehand.
                assert phase in PHASE_HINTS, f"no seat acts in phase {phase}"
                raise refuse(PHASE_HINTS[phase])
        return tape.events

    # setup placements

    def _place_figure(
        self,
        state: ArkenstoneState,
        seat: Seat,
        action: a.PlaceFigure,
        tape: Tape[ArkenstoneState],
        dice: Dice,
    ) -> None:
        """AK-SET-1: Smaug then Bilbo, anywhere fully on the table, bases not overlapping."""
        at = Point(x=action.x, y=action.y)
        if not figure_on_table(state.options, seat, at):
            raise refuse(
                "arkenstone.off_table",
                figure=FIGURE_NAME[seat],
                x=inches(at.x),
                y=inches(at.y),
            )
        if seat == BILBO and _overlapping(state.options, at, state.smaug):
            raise refuse(
                "arkenstone.overlap",
                figure="Bilbo",
                other="Smaug",
            )
        tape.emit(ev.FigurePlaced(seat=seat, at=at))
        if seat == SMAUG:
            tape.emit(ev.PlacementDue(seat=BILBO, item="bilbo"))
        elif state.options.layout == "random":
            self._deal(tape, dice)  # AK-SET-5: after both figures (the tape's state has Bilbo now)
        else:
            tape.emit(ev.PlacementDue(seat=SMAUG, item="treasure"))  # AK-SET-5, A11: Smaug's player first

    def _place_for_random_placers(self, tape: Tape[ArkenstoneState], dice: Dice) -> None:
        """While the layout waits for a seat that left its cards to chance (PlaceRest), that seat's
        card goes to a random free cell, as `legal_actions` offers them (AK-SET-2/3/4).

        Reading (§8.1, issue 15 item 1): "place my remaining cards at random" covers every later card
        that seat would place, treasures and clubs alike; the other seat keeps placing its own, so
        after the choice it places its cards one after another without waiting."""
        for _ in range(4 * CARDS_PER_SET):  # bounded: 26 cards at most
            state = tape.state
            if (
                state.phase not in ("place_treasure", "place_location")
                or state.active not in state.random_placers
            ):
                return
            spots = [act for act in self.legal_actions(state, state.active) if isinstance(act, a.PlaceCard)]
            spot = dice.choice(spots)
            assert isinstance(spot, a.PlaceCard)
            # _place_card reads the state before its own events: hand it a copy, not the tape's.
            self._place_card(state.model_copy(deep=True), state.active, spot, tape, dice)

    def _deal(self, tape: Tape[ArkenstoneState], dice: Dice) -> None:
        """§8.1 quick random: the bot deals the 26 cards to random empty cells; then Bilbo's turn.

        Reading (§8.1, AK-SET-5): the deal comes once both figures stand, in one event."""
        # A base (radius ≤ 1.25 in) touches at most one card of the grid (gaps ≥ 3.25 in): ≥ 47 cells stay empty.
        empty = [at for _, at in CELLS if cell_is_free(tape.state, at)]
        spots = dice.sample(empty, 2 * CARDS_PER_SET)  # AK-SET-2, AK-SET-4: faces unseen, one per cell
        clubs = dice.shuffled(RANKS)  # AK-SET-3
        tape.emit(
            ev.CardsDealt(
                treasure_spots=tuple(spots[:CARDS_PER_SET]),
                locations=tuple(
                    Location(rank=r, at=at) for r, at in zip(clubs, spots[CARDS_PER_SET:], strict=True)
                ),
            )
        )
        self._start_turn(tape, BILBO, 1, dice)  # AK-SET-5: Bilbo takes the first turn

    def _place_card(
        self, state: ArkenstoneState, seat: Seat, action: a.PlaceCard, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """AK-SET-2/3/4: one card at a time, alternating; grid draft: centred in an empty cell.

        Reading (§8.1, A11): in the grid draft (the default layout) the cards go centred in empty
        cells, players alternating, Smaug's player first; in the free layout at exact coordinates,
        overlaps allowed."""
        at = Point(x=action.x, y=action.y)
        if not card_on_table(at):
            raise refuse(
                "arkenstone.card_off_table",
                x=inches(at.x),
                y=inches(at.y),
            )
        if state.options.layout == "draft":
            cell = cell_at(at)
            if cell is None:
                raise refuse(
                    "arkenstone.not_a_cell",
                    x=inches(at.x),
                    y=inches(at.y),
                )
            if not cell_is_free(state, at):
                raise refuse("arkenstone.cell_taken", cell=cell)
        if state.phase == "place_treasure":
            label = len(state.treasures) + 1
            tape.emit(ev.TreasurePlaced(seat=seat, label=label, at=at))
            if label < CARDS_PER_SET:
                tape.emit(ev.PlacementDue(seat=other(seat), item="treasure"))
            else:  # AK-SET-3, A11: the clubs follow, Smaug's player first; the placer sees each card
                tape.emit(ev.PlacementDue(seat=SMAUG, item="location", rank=dice.choice(RANKS)))
            return
        assert state.next_location is not None
        tape.emit(ev.LocationPlaced(seat=seat, rank=state.next_location, at=at))
        placed = {loc.rank for loc in state.locations} | {state.next_location}
        if len(placed) < CARDS_PER_SET:
            left = [r for r in RANKS if r not in placed]
            tape.emit(ev.PlacementDue(seat=other(seat), item="location", rank=dice.choice(left)))
        else:
            self._start_turn(tape, BILBO, 1, dice)  # AK-SET-5

    # the turn loop

    def _start_turn(self, tape: Tape[ArkenstoneState], seat: Seat, turn: int, dice: Dice) -> None:
        """AK-TRN-1/2/3: both shuffle, the active player turns the reference; Bilbo's free action."""
        tape.emit(
            ev.TurnStarted(seat=seat, turn=turn),
            ev.DecksShuffled(reason="turn"),
            ev.ReferenceTurned(seat=seat, rank=dice.choice(RANKS), free_action=seat == BILBO),
        )

    def _end_turn(self, state: ArkenstoneState, tape: Tape[ArkenstoneState], reason: str, dice: Dice) -> None:
        """The turn passes to the other player, who starts a fresh turn at once."""
        tape.emit(ev.TurnEnded(seat=state.active, reason=reason))  # type: ignore[arg-type]
        self._start_turn(tape, other(state.active), state.turn + 1, dice)

    def _guess(
        self, state: ArkenstoneState, seat: Seat, action: a.Guess, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """AK-TRN-4..9: guess, both turn their next card, then wrong / event / trick / action."""
        assert state.reference is not None
        rank = dice.choice(_remaining(state, seat))
        other_rank = dice.choice(_remaining(state, other(seat)))
        correct = (rank > state.reference) == action.higher  # AK-GEN-2: never a tie within a suit
        ruling = _guess_ruling(state, seat, action.higher, rank, other_rank, correct)
        tape.emit(
            ev.Guessed(seat=seat, higher=action.higher),
            ev.CardsTurned(seat=seat, rank=rank, other_rank=other_rank, correct=correct, ruling=ruling),
        )
        # Reading (A4, A5): with `event_requires_correct_guess=false` an A/J/Q/K after a wrong guess
        # still resolves its event; the trick still needs a correct guess.
        if rank in SPECIAL_RANKS and (correct or not state.options.event_requires_correct_guess):
            self._special(state, seat, rank, tape, dice)  # AK-TRN-7 (A4)
        elif not correct:
            self._end_turn(state, tape, "wrong_guess", dice)  # AK-TRN-6
        elif other_rank == rank:
            tape.emit(ev.TrickOffered(seat=other(seat), rank=rank))  # AK-TRN-8
        else:
            tape.emit(ev.ActionEarned(seat=seat, then="guess"))  # AK-TRN-9

    def _trick(
        self, state: ArkenstoneState, seat: Seat, action: a.Trick, tape: Tape[ArkenstoneState]
    ) -> None:
        """AK-TRN-8: the non-active player may set the active figure onto the club; then the action."""
        assert state.trick_rank is not None
        tape.emit(ev.TrickAnswered(seat=seat, moved=action.move))
        if action.move:
            self._set_onto(state, state.active, state.trick_rank, "trick", tape)
        tape.emit(ev.ActionEarned(seat=state.active, then="guess"))

    def _set_onto(
        self,
        state: ArkenstoneState,
        seat: Seat,
        rank: int,
        cause: str,
        tape: Tape[ArkenstoneState],
        ruling: Ruling | None = None,
    ) -> None:
        """A12: a placement onto a club at any distance, centre on centre, overlap allowed."""
        start = tape.state.bilbo if seat == BILBO else tape.state.smaug
        assert start is not None
        end = location_of(state, rank).at
        tape.emit(ev.FigureSet(seat=seat, rank=rank, start=start, end=end, cause=cause, ruling=ruling))  # type: ignore[arg-type]

    def _special(
        self, state: ArkenstoneState, seat: Seat, rank: int, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """AK-EVB-A/J/Q/K and AK-EVS-A/J/Q/K."""
        tape.emit(ev.SpecialEvent(seat=seat, rank=rank))
        if rank == ACE:  # AK-EVB-A / AK-EVS-A: an action, then both reshuffle and play on
            tape.emit(ev.ActionEarned(seat=seat, then="reshuffle"))
        elif seat == BILBO:
            self._bilbo_turn_ups(state, TURN_UPS[rank], tape, dice)
        else:
            self._smaug_senses(state, rank, tape, dice)

    def _bilbo_turn_ups(
        self, state: ArkenstoneState, count: int, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """AK-EVB-J/Q/K, AK-EVB-1: Bilbo picks the cards one at a time; fewer left → all of them.

        Reading (AK-EVB-1): the turn-ups are mandatory; when no more face-down cards remain than are
        owed, they are all turned without asking."""
        face_down = [t for t in state.treasures if not t.face_up and not t.removed]
        if len(face_down) > count:
            tape.emit(ev.TurnUpsOwed(count=count))
            return
        tape.emit(*(ev.TreasureTurned(label=t.label, rank=t.rank) for t in face_down))
        self._end_turn(state, tape, "event", dice)

    def _smaug_senses(
        self, state: ArkenstoneState, rank: int, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """AK-EVS-J/Q/K, AK-EVS-1: Smaug goes onto the club; automatic Discover when in range."""
        o = state.options
        assert tape.state.bilbo is not None
        end = location_of(state, rank).at
        gap = circle_gap(tape.state.bilbo, o.bilbo_radius_in, end, o.smaug_radius_in)
        reach = SMAUG_EVENT_RANGE_IN[rank]
        ruling = Ruling(
            rules=(f"AK-EVS-{RANK_LETTER[rank]}", "AK-EVS-1", "AK-GEN-3"),
            numbers={
                "gap_in": round(gap, 2),
                "range_in": reach,
                "discover": "yes" if in_reach(gap, reach) else "no",
            },
            path=((end.x, end.y), (tape.state.bilbo.x, tape.state.bilbo.y)),
        )
        self._set_onto(state, SMAUG, rank, "event", tape, ruling)
        assert tape.state.smaug is not None
        gap = circle_gap(tape.state.bilbo, o.bilbo_radius_in, tape.state.smaug, o.smaug_radius_in)
        if in_reach(gap, SMAUG_EVENT_RANGE_IN[rank]):
            if self._contest(state, "event", tape, dice):
                return
        self._end_turn(state, tape, "event", dice)

    def _turn_up(
        self, state: ArkenstoneState, action: a.TurnUp, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """AK-EVB-1: turn one chosen face-down card anywhere; it stays face up in place."""
        card = treasure_by_name(state, action.card)
        if card is None or card.face_up:
            raise refuse("arkenstone.not_face_down", card=action.card)
        assert isinstance(card, Treasure)
        tape.emit(ev.TreasureTurned(label=card.label, rank=card.rank))
        # More face-down cards than owed remain whenever a choice is asked for (_bilbo_turn_ups).
        if state.turn_ups_left == 1:
            self._end_turn(state, tape, "event", dice)

    # actions (AK-ACT)

    def _action(
        self, state: ArkenstoneState, seat: Seat, action: Action, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        """One action (or a pass), then the turn goes on: guess again, or reshuffle after an Ace."""
        match action:
            case a.Pass():
                tape.emit(ev.Passed(seat=seat))  # AK-ACT-B4
            case a.MoveTo() | a.MoveToward() | a.MoveDirection():
                end = resolve_move(state, seat, action)  # AK-ACT-B1 / AK-ACT-S1
                start = position(state, seat)
                ruling = Ruling(
                    rules=("AK-ACT-B1" if seat == BILBO else "AK-ACT-S1", "AK-GEN-3"),
                    numbers={"length_in": round(distance(start, end), 2), "allowance_in": MOVE_IN[seat]},
                    path=((start.x, start.y), (end.x, end.y)),
                )
                tape.emit(ev.FigureMoved(seat=seat, start=start, end=end, ruling=ruling))
            case a.Search():
                if self._search(state, seat, action, tape):
                    return
            case a.Recover():
                self._recover(state, seat, tape)
                return
            case a.Discover():
                self._discover(state, seat, tape, dice)
                return
        self._after_action(state, seat, tape, dice)

    def _after_action(
        self, state: ArkenstoneState, seat: Seat, tape: Tape[ArkenstoneState], dice: Dice
    ) -> None:
        if state.phase == "action" and state.after_action == "reshuffle":
            # AK-EVB-A / AK-EVS-A: both reshuffle, a new reference, no new free action (A14)
            tape.emit(
                ev.DecksShuffled(reason="ace"),
                ev.ReferenceTurned(seat=seat, rank=dice.choice(RANKS), free_action=False),
            )
        else:
            tape.emit(ev.GuessDue(seat=seat))  # AK-TRN-10 (and after the free action, AK-TRN-4)

    def _search(
        self, state: ArkenstoneState, seat: Seat, action: a.Search, tape: Tape[ArkenstoneState]
    ) -> bool:
        """AK-ACT-B2: turn a face-down diamond within 1 inch; removed unless it is the Arkenstone."""
        _only(seat, BILBO)
        card = treasure_by_name(state, action.card)
        if card is None or card.face_up:
            raise refuse("arkenstone.not_face_down", card=action.card)
        assert isinstance(card, Treasure)
        gap = bilbo_card_gap(state, card.at)
        if not in_reach(gap, SEARCH_REACH_IN):
            raise refuse(
                "arkenstone.search_out_of_reach",
                card=treasure_name(card.label),
                distance=beyond(gap, SEARCH_REACH_IN),
            ).ruled(_reach_ruling(state, "AK-ACT-B2", card.at, gap, SEARCH_REACH_IN))
        tape.emit(ev.TreasureSearched(label=card.label, rank=card.rank, removed=card.rank != ARKENSTONE))
        if card.rank == ARKENSTONE and state.options.search_recovers_immediately:  # A8 option
            tape.emit(ev.GameWon(seat=BILBO, reason="recovered"))
            return True
        return False

    def _recover(self, state: ArkenstoneState, seat: Seat, tape: Tape[ArkenstoneState]) -> None:
        """AK-ACT-B3, AK-WIN-1: the face-up Arkenstone within 1 inch wins at once (AK-GEN-4)."""
        _only(seat, BILBO)
        stone = next(
            (t for t in state.treasures if t.rank == ARKENSTONE and t.face_up and not t.removed), None
        )
        if stone is None:
            raise refuse("arkenstone.stone_hidden")
        gap = bilbo_card_gap(state, stone.at)
        if not in_reach(gap, RECOVER_REACH_IN):
            raise refuse(
                "arkenstone.stone_out_of_reach",
                distance=beyond(gap, RECOVER_REACH_IN),
            ).ruled(_reach_ruling(state, "AK-ACT-B3", stone.at, gap, RECOVER_REACH_IN))
        tape.emit(ev.GameWon(seat=BILBO, reason="recovered"))

    def _discover(self, state: ArkenstoneState, seat: Seat, tape: Tape[ArkenstoneState], dice: Dice) -> None:
        """AK-ACT-S2: only with Bilbo within 1 inch; a failed contest ends Smaug's turn (AK-DSC-3)."""
        _only(seat, SMAUG)
        gap = figures_gap(state)
        if not in_reach(gap, DISCOVER_REACH_IN):
            raise refuse(
                "arkenstone.discover_out_of_reach",
                distance=beyond(gap, DISCOVER_REACH_IN),
            ).ruled(_reach_ruling(state, "AK-ACT-S2", None, gap, DISCOVER_REACH_IN))
        if not self._contest(state, "action", tape, dice):
            self._end_turn(state, tape, "failed_discover", dice)

    def _contest(self, state: ArkenstoneState, trigger: str, tape: Tape[ArkenstoneState], dice: Dice) -> bool:
        """AK-DSC-1..3: both reshuffle and turn; higher Smaug wins, else Bilbo goes onto his club.

        Reading: the contest's two cards count as turned in the fresh shuffle (nothing follows them
        anyway: the game or the turn ends)."""
        smaug_rank, bilbo_rank = dice.choice(RANKS), dice.choice(RANKS)
        won = smaug_rank > bilbo_rank  # AK-DSC-2; ties favour Bilbo (A7)
        ruling = Ruling(
            rules=("AK-DSC-1", "AK-GEN-1", "AK-DSC-2" if won else "AK-DSC-3"),
            numbers={"smaug_rank": smaug_rank, "bilbo_rank": bilbo_rank},
        )
        tape.emit(
            ev.DecksShuffled(reason="contest"),
            ev.ContestResolved(
                smaug_rank=smaug_rank,
                bilbo_rank=bilbo_rank,
                smaug_won=won,
                trigger=trigger,  # type: ignore[arg-type]
                ruling=ruling,
            ),
        )
        if won:
            tape.emit(ev.GameWon(seat=SMAUG, reason="discovered"))  # AK-WIN-2, AK-GEN-4
            return True
        self._set_onto(state, BILBO, bilbo_rank, "contest", tape)  # AK-DSC-3
        return False

    # --- evolve ---------------------------------------------------------------------------------

    def evolve(self, state: ArkenstoneState | None, event: Event) -> ArkenstoneState:
        return evolve(state, event)

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self, state: ArkenstoneState, seat: Seat) -> list[Action]:
        """A finite sample of what `decide` accepts.

        Reading: placements are offered at the cell centres that take them (`decide` also accepts
        exact coordinates where the layout allows); in the free-action window Higher and Lower
        follow the actions; moves are sampled as `_action_sample` says."""
        if seat not in self.active_seats(state):
            return []
        phase = state.phase
        if phase in ("place_smaug", "place_bilbo"):
            return [fig for fig in _CELL_FIGURES if _figure_fits(state, seat, Point(x=fig.x, y=fig.y))]
        if phase in ("place_treasure", "place_location"):
            free: list[Action] = [
                card for card in _CELL_CARDS if cell_is_free(state, Point(x=card.x, y=card.y))
            ]
            spots = free if free or state.options.layout == "draft" else list(_CELL_CARDS)
            return [*spots, _PLACE_REST] if spots else spots
        if phase == "guess":
            return list(_GUESSES)
        if phase == "trick":
            return list(_TRICKS)
        if phase == "turn_up":
            return [_TURN_UP[t.label] for t in state.treasures if not t.face_up and not t.removed]
        if phase == "free_action":  # A13: take the free action, pass, or decline it by guessing at once
            return [*_action_sample(state, seat), *_GUESSES]
        return _action_sample(state, seat)

    # --- views -------------------------------------------------------------------------------

    def view(self, state: ArkenstoneState, seat: Seat | None) -> ArkenstoneView:
        return build_view(state, seat, self.active_seats(state))

    def shown_to(
        self,
        before: ArkenstoneState,
        moves: Sequence[tuple[Seat, Action]],
        events: Sequence[Event],
        trials: int = 8,
    ) -> frozenset[Seat]:
        """The seats a take-back's moves showed a secret to: the game's own rule, event by event
        (engine/arkenstone/takeback.py; issue 26)."""
        return takeback.shown_to(events)

    def resample_hidden(self, state: ArkenstoneState, seat: Seat | None, dice: Dice) -> ArkenstoneState:
        """A copy where everything `seat` cannot know is reshuffled: the face-down diamonds' identities
        and the unplaced diamonds (nobody knows them). Decks hold no order to reshuffle (see `_remaining`)."""
        new = state.model_copy(deep=True)
        hidden = [i for i, t in enumerate(new.treasures) if not t.face_up]
        pool = dice.shuffled([new.treasures[i].rank for i in hidden] + new.treasure_pile)
        for i, rank in zip(hidden, pool, strict=False):
            new.treasures[i] = new.treasures[i].model_copy(update={"rank": rank})
        new.treasure_pile = pool[len(hidden) :]
        return new

    def pilot(self, seat: Seat) -> Any:
        return BilboPilot() if seat == BILBO else SmaugPilot()


# --- helpers -----------------------------------------------------------------------------------


def _only(seat: Seat, allowed: Seat) -> None:
    if seat != allowed:
        key = "arkenstone.bilbo_only" if allowed == BILBO else "arkenstone.smaug_only"
        raise refuse(key)


def _overlapping(options: ArkenstoneOptions, bilbo_at: Point, smaug_at: Point | None) -> bool:
    if smaug_at is None:
        return False
    return circles_overlap(bilbo_at, options.bilbo_radius_in, smaug_at, options.smaug_radius_in, TOLERANCE_IN)


def _figure_fits(state: ArkenstoneState, seat: Seat, at: Point) -> bool:
    if not figure_on_table(state.options, seat, at):
        return False
    return seat == SMAUG or not _overlapping(state.options, at, state.smaug)


_CELL_FIGURES = tuple(a.PlaceFigure(x=at.x, y=at.y) for _, at in CELLS)
_CELL_CARDS = tuple(a.PlaceCard(x=at.x, y=at.y) for _, at in CELLS)
_GUESSES = (a.Guess(higher=True), a.Guess(higher=False))
_PLACE_REST = a.PlaceRest()
_TRICKS = (a.Trick(move=True), a.Trick(move=False))
_TURN_UP = {n: a.TurnUp(card=treasure_name(n)) for n in range(1, CARDS_PER_SET + 1)}
_SEARCH = {n: a.Search(card=treasure_name(n)) for n in range(1, CARDS_PER_SET + 1)}
_PASS, _RECOVER, _DISCOVER = a.Pass(), a.Recover(), a.Discover()
_DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_COMPASS_MOVES = {
    seat: tuple(
        a.MoveDirection(direction=d, distance_in=share * MOVE_IN[seat])  # type: ignore[arg-type]
        for share in (1.0, 0.5)
        for d in _DIRECTIONS
    )
    for seat in SEATS
}


_TOWARD_T = {n: a.MoveToward(target=treasure_name(n)) for n in range(1, CARDS_PER_SET + 1)}
_TOWARD_F = {seat: a.MoveToward(target=seat) for seat in SEATS}


def _action_sample(state: ArkenstoneState, seat: Seat) -> list[Action]:
    """A finite, useful sample of the continuous actions: pass; toward every face-down diamond, the
    face-up Arkenstone and (for Smaug) Bilbo at full reach; eight compass directions at full and half
    reach; search / recover / discover when their conditions hold. `decide` also accepts any exact
    coordinates, any distance and any card or figure as a target.

    Reading: clubs, spent diamonds and Smaug are only landmarks, not worth heading for, so they are
    left out of the sample; `decide` accepts them as targets all the same."""
    o = state.options
    legal: list[Action] = [_PASS]
    if seat == BILBO:
        b = position(state, BILBO)
        reach = o.bilbo_radius_in + SEARCH_REACH_IN + TOLERANCE_IN
        for t in state.treasures:
            # bilbo_card_gap(...) <= 1 inch, measured inline: this runs for every AI and random move
            dx = max(abs(b.x - t.at.x) - CARD_WIDTH_IN / 2, 0.0)
            dy = max(abs(b.y - t.at.y) - CARD_HEIGHT_IN / 2, 0.0)
            if not t.removed and dx * dx + dy * dy <= reach * reach:
                if not t.face_up:
                    legal.append(_SEARCH[t.label])
                elif t.rank == ARKENSTONE:
                    legal.append(_RECOVER)
    elif in_reach(figures_gap(state), DISCOVER_REACH_IN):
        legal.append(_DISCOVER)
    # The same measuring as resolve_move (board.move_plan / board.travel), without building actions.
    start, rival = position(state, seat), other(seat)
    rival_at = position(state, rival)
    contact, limit = radius(o, seat) + radius(o, rival), MOVE_IN[seat]
    # Worth heading for: the face-down diamonds and the face-up Arkenstone; for Smaug also Bilbo.
    # (Clubs, spent diamonds and Smaug himself are only landmarks: `decide` accepts them as
    # targets, and the compass moves cover plain navigation.)
    targets = [
        (_TOWARD_T[t.label], t.at)
        for t in state.treasures
        if not t.removed and (not t.face_up or t.rank == ARKENSTONE)
    ]
    if seat == SMAUG:
        targets.append((_TOWARD_F[rival], rival_at))
    # Far from the rival no path can end on its base, so only the length matters (the common case).
    clear = distance(start, rival_at) > limit + contact + 1.0
    r = radius(o, seat)
    for action, at in targets:
        unit = heading(start, at)
        length = min(limit, distance(start, at), room_along(start, unit, r, TABLE_IN, TABLE_IN))
        if length >= MIN_TRAVEL_IN and (
            clear or travel(start, unit, length, rival_at, contact) >= MIN_TRAVEL_IN
        ):
            legal.append(action)
    for step in _COMPASS_MOVES[seat]:
        unit = COMPASS[step.direction]
        length = min(step.distance_in, room_along(start, unit, r, TABLE_IN, TABLE_IN))
        if length >= MIN_TRAVEL_IN and (
            clear or travel(start, unit, length, rival_at, contact) >= MIN_TRAVEL_IN
        ):
            legal.append(step)
    return legal


RULES = ArkenstoneRules()
