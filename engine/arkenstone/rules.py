"""Hunt for the Arkenstone (docs/rules/arkenstone.md): every AK-* rule lives in `decide`.

Readings chosen where the spec leaves a gap (each also noted where it is applied):
- Reading: decks are not stored in an order. "Shuffle, then turn the top card" is drawn as a uniform
  pick among the cards of that suit not yet turned since the last shuffle, written into the event;
  this is the same chance as a shuffled pile and leaves no deck order to hide (A1, AK-TRN-11).
- Reading: the default layout is "draft", the §8.1 grid draft (OUR DEFAULT): each player places their
  own figure, Smaug first (AK-SET-1), at a cell centre or exact coordinates, then the cards go
  centred in empty cells, players alternating, Smaug's player first (AK-SET-2/3, A11). "random" is
  the §8.1 "quick random": the players still place their figures the same way (AK-SET-1 leaves no
  room for the bot to do it), then the bot deals the 26 cards to random empty cells, written into
  one event (AK-SET-5). "free" is the free placement (exact coordinates, overlaps allowed). A cell is
  empty when no card and no figure base covers a card laid at its centre.
- Reading: a "toward" move heads for the card's centre (or the other figure's centre), is clipped
  to the maximum (§8.3), never passes the target and stops at contact instead of ending overlapped;
  a compass move stops at the table edge; an exact MoveTo or a compass distance beyond the maximum
  is rejected with the numbers. Figures never block a path, only the end spot (A10). A move that
  would go nowhere (under half the 0.01-inch precision, §8.1: an exact point where the figure
  already stands, or such a tiny distance) is refused whatever its form; staying put is a pass.
- Reading: Bilbo's J/Q/K turn-ups are mandatory; when no more face-down cards remain than are owed,
  they are all turned without asking (AK-EVB-1).
- Reading: the Discover contest's two cards count as turned in the fresh shuffle (nothing follows
  them anyway: the game or the turn ends).
- Reading: with `event_requires_correct_guess=false` (A4) an A/J/Q/K after a wrong guess still
  resolves its event; the trick still needs a correct guess (A5).
- Reading: the table is the spec's 120 cm = 47.24 in (§8.1), not the issue's rounded 48 in; the grid
  keeps the spec's 6.75-inch cells, so its outer lines fall 0.01 in past the edge (immaterial:
  a card centred in a cell lies 1.6 in or more inside the table).
- Reading: the free action is optional (A13) and the guess is mandatory (AK-TRN-4), so in Bilbo's
  free-action window he may take an action, pass, or guess at once; a guess there declines the free
  action (it is gone for the turn, A14). The §8.3 buttons keep Pass as well.
- Reading: `legal_actions` samples moves toward what is worth heading for (face-down diamonds, the
  face-up Arkenstone, and Bilbo for Smaug) plus eight compass directions at full and half reach;
  clubs, spent diamonds and Smaug are only landmarks, which `decide` accepts as targets all the same.
  In the free-action window Higher and Lower follow the actions. Placements are offered at the
  cell centres that take them; `decide` also accepts exact coordinates where the layout allows.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from engine.core.dice import Dice
from engine.core.geometry import COMPASS, Point, circle_gap, circles_overlap, distance, heading, room_along
from engine.core.rules import Action, Event, Outcome, Rules, Seat

from .actions import (
    ACTION_ADAPTER,
    Discover,
    Guess,
    MoveDirection,
    MoveTo,
    MoveToward,
    Pass,
    PlaceCard,
    PlaceFigure,
    Recover,
    Search,
    Trick,
    TurnUp,
)
from .board import (
    CELLS,
    FIGURE_NAME,
    MOVE_IN,
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
)
from .events import (
    EVENT_ADAPTER,
    LOGGED_KINDS,
    ActionEarned,
    CardsDealt,
    CardsTurned,
    ContestResolved,
    DecksShuffled,
    FigureMoved,
    FigurePlaced,
    FigureSet,
    GameStarted,
    GameWon,
    GuessDue,
    Guessed,
    LocationPlaced,
    Passed,
    PlacementDue,
    ReferenceTurned,
    SpecialEvent,
    TreasurePlaced,
    TreasureSearched,
    TreasureTurned,
    TrickAnswered,
    TrickOffered,
    TurnEnded,
    TurnStarted,
    TurnUpsOwed,
)
from .messages import refuse
from .model import (
    ACE,
    ARKENSTONE,
    BILBO,
    CARD_HEIGHT_IN,
    CARD_WIDTH_IN,
    DISCOVER_REACH_IN,
    MIN_TRAVEL_IN,
    RANKS,
    RECOVER_REACH_IN,
    SEARCH_REACH_IN,
    SEATS,
    SMAUG,
    SMAUG_EVENT_RANGE_IN,
    SPECIAL_RANKS,
    TABLE_IN,
    TOLERANCE_IN,
    TURN_UPS,
    ArkenstoneOptions,
    Contest,
    Location,
    MoveTrace,
    Treasure,
    TreasureView,
    treasure_name,
)
from .state import LOG_LENGTH, ArkenstoneState, ArkenstoneView

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
    """The cards of a seat's suit not turned since its last shuffle (AK-TRN-11: never empty)."""
    seen = state.drawn[seat]
    left = [r for r in RANKS if r not in seen]
    assert left, "a deck ran out within a chain (AK-TRN-11)"
    return left


class _Tape:
    """The events of one decision, with the few facts later steps of the same decision depend on."""

    def __init__(self, state: ArkenstoneState) -> None:
        self.events: list[Event] = []
        self.bilbo = state.bilbo
        self.smaug = state.smaug

    def add(self, *events: Event) -> None:
        self.events.extend(events)

    def set_figure(self, seat: Seat, at: Point) -> None:
        if seat == BILBO:
            self.bilbo = at
        else:
            self.smaug = at


class ArkenstoneRules(Rules[ArkenstoneState]):
    name: ClassVar[str] = "arkenstone"
    seats: ClassVar[tuple[Seat, ...]] = SEATS
    options_model: ClassVar[type[BaseModel]] = ArkenstoneOptions
    state_model: ClassVar[type[ArkenstoneState]] = ArkenstoneState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    event_adapter: ClassVar[TypeAdapter[Any]] = EVENT_ADAPTER
    view_adapter: ClassVar[TypeAdapter[Any] | None] = TypeAdapter(ArkenstoneView)

    # --- setup (AK-SET) ----------------------------------------------------------------------

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        """Shuffle the diamonds, then Smaug's player places Smaug (AK-SET-1, AK-SET-2), in every layout."""
        assert isinstance(options, ArkenstoneOptions)
        treasure_ranks = tuple(dice.shuffled(RANKS))  # AK-SET-2: shuffled, faces unseen
        start = GameStarted(seed=seed, options=options, treasure_ranks=treasure_ranks)
        return [start, PlacementDue(seat=SMAUG, item="smaug")]  # AK-SET-1: Smaug first

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
        if state.phase == "over":
            raise refuse("arkenstone.game_over")
        if seat not in self.active_seats(state):
            raise refuse("arkenstone.not_your_turn")
        tape = _Tape(state)
        phase = state.phase
        match action:
            case PlaceFigure() if phase in ("place_smaug", "place_bilbo"):
                self._place_figure(state, seat, action, tape, dice)
            case PlaceCard() if phase in ("place_treasure", "place_location"):
                self._place_card(state, seat, action, tape, dice)
            case Guess() if phase in ("guess", "free_action"):
                # A13: the free action is optional; guessing in its window declines it (AK-TRN-3).
                self._guess(state, seat, action, tape, dice)
            case Trick() if phase == "trick":
                self._trick(state, seat, action, tape)
            case TurnUp() if phase == "turn_up":
                self._turn_up(state, action, tape, dice)
            case MoveTo() | MoveToward() | MoveDirection() | Search() | Recover() | Discover() | Pass() if (
                phase
                in (
                    "free_action",
                    "action",
                )
            ):
                self._action(state, seat, action, tape, dice)
            case _:
                raise refuse(PHASE_HINTS.get(phase, "arkenstone.game_over"))
        return tape.events

    # setup placements

    def _place_figure(
        self, state: ArkenstoneState, seat: Seat, action: PlaceFigure, tape: _Tape, dice: Dice
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
        tape.add(FigurePlaced(seat=seat, at=at))
        if seat == SMAUG:
            tape.add(PlacementDue(seat=BILBO, item="bilbo"))
        elif state.options.layout == "random":
            self._deal(state.model_copy(update={"bilbo": at}), tape, dice)  # AK-SET-5: after both figures
        else:
            tape.add(PlacementDue(seat=SMAUG, item="treasure"))  # AK-SET-5, A11: Smaug's player first

    def _deal(self, board: ArkenstoneState, tape: _Tape, dice: Dice) -> None:
        """§8.1 quick random: the bot deals the 26 cards to random empty cells; then Bilbo's turn."""
        # A base (radius ≤ 1.25 in) touches at most one card of the grid (gaps ≥ 3.25 in): ≥ 47 cells stay empty.
        empty = [at for _, at in CELLS if cell_is_free(board, at)]
        spots = dice.sample(empty, 2 * CARDS_PER_SET)  # AK-SET-2, AK-SET-4: faces unseen, one per cell
        clubs = dice.shuffled(RANKS)  # AK-SET-3
        tape.add(
            CardsDealt(
                treasure_spots=tuple(spots[:CARDS_PER_SET]),
                locations=tuple(
                    Location(rank=r, at=at) for r, at in zip(clubs, spots[CARDS_PER_SET:], strict=True)
                ),
            )
        )
        self._start_turn(tape, BILBO, 1, dice)  # AK-SET-5: Bilbo takes the first turn

    def _place_card(
        self, state: ArkenstoneState, seat: Seat, action: PlaceCard, tape: _Tape, dice: Dice
    ) -> None:
        """AK-SET-2/3/4: one card at a time, alternating; grid draft: centred in an empty cell."""
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
            tape.add(TreasurePlaced(seat=seat, label=label, at=at))
            if label < CARDS_PER_SET:
                tape.add(PlacementDue(seat=other(seat), item="treasure"))
            else:  # AK-SET-3, A11: the clubs follow, Smaug's player first; the placer sees each card
                tape.add(PlacementDue(seat=SMAUG, item="location", rank=dice.choice(RANKS)))
            return
        assert state.next_location is not None
        tape.add(LocationPlaced(seat=seat, rank=state.next_location, at=at))
        placed = {loc.rank for loc in state.locations} | {state.next_location}
        if len(placed) < CARDS_PER_SET:
            left = [r for r in RANKS if r not in placed]
            tape.add(PlacementDue(seat=other(seat), item="location", rank=dice.choice(left)))
        else:
            self._start_turn(tape, BILBO, 1, dice)  # AK-SET-5

    # the turn loop

    def _start_turn(self, tape: _Tape, seat: Seat, turn: int, dice: Dice) -> None:
        """AK-TRN-1/2/3: both shuffle, the active player turns the reference; Bilbo's free action."""
        tape.add(
            TurnStarted(seat=seat, turn=turn),
            DecksShuffled(reason="turn"),
            ReferenceTurned(seat=seat, rank=dice.choice(RANKS), free_action=seat == BILBO),
        )

    def _end_turn(self, state: ArkenstoneState, tape: _Tape, reason: str, dice: Dice) -> None:
        """The turn passes to the other player, who starts a fresh turn at once."""
        tape.add(TurnEnded(seat=state.active, reason=reason))  # type: ignore[arg-type]
        self._start_turn(tape, other(state.active), state.turn + 1, dice)

    def _guess(self, state: ArkenstoneState, seat: Seat, action: Guess, tape: _Tape, dice: Dice) -> None:
        """AK-TRN-4..9: guess, both turn their next card, then wrong / event / trick / action."""
        assert state.reference is not None
        rank = dice.choice(_remaining(state, seat))
        other_rank = dice.choice(_remaining(state, other(seat)))
        correct = (rank > state.reference) == action.higher  # AK-GEN-2: never a tie within a suit
        tape.add(
            Guessed(seat=seat, higher=action.higher),
            CardsTurned(seat=seat, rank=rank, other_rank=other_rank, correct=correct),
        )
        if rank in SPECIAL_RANKS and (correct or not state.options.event_requires_correct_guess):
            self._special(state, seat, rank, tape, dice)  # AK-TRN-7 (A4)
        elif not correct:
            self._end_turn(state, tape, "wrong_guess", dice)  # AK-TRN-6
        elif other_rank == rank:
            tape.add(TrickOffered(seat=other(seat), rank=rank))  # AK-TRN-8
        else:
            tape.add(ActionEarned(seat=seat, then="guess"))  # AK-TRN-9

    def _trick(self, state: ArkenstoneState, seat: Seat, action: Trick, tape: _Tape) -> None:
        """AK-TRN-8: the non-active player may set the active figure onto the club; then the action."""
        assert state.trick_rank is not None
        tape.add(TrickAnswered(seat=seat, moved=action.move))
        if action.move:
            self._set_onto(state, state.active, state.trick_rank, "trick", tape)
        tape.add(ActionEarned(seat=state.active, then="guess"))

    def _set_onto(self, state: ArkenstoneState, seat: Seat, rank: int, cause: str, tape: _Tape) -> None:
        """A12: a placement onto a club at any distance, centre on centre, overlap allowed."""
        start = tape.bilbo if seat == BILBO else tape.smaug
        assert start is not None
        end = location_of(state, rank).at
        tape.add(FigureSet(seat=seat, rank=rank, start=start, end=end, cause=cause))  # type: ignore[arg-type]
        tape.set_figure(seat, end)

    def _special(self, state: ArkenstoneState, seat: Seat, rank: int, tape: _Tape, dice: Dice) -> None:
        """AK-EVB-A/J/Q/K and AK-EVS-A/J/Q/K."""
        tape.add(SpecialEvent(seat=seat, rank=rank))
        if rank == ACE:  # AK-EVB-A / AK-EVS-A: an action, then both reshuffle and play on
            tape.add(ActionEarned(seat=seat, then="reshuffle"))
        elif seat == BILBO:
            self._bilbo_turn_ups(state, TURN_UPS[rank], tape, dice)
        else:
            self._smaug_senses(state, rank, tape, dice)

    def _bilbo_turn_ups(self, state: ArkenstoneState, count: int, tape: _Tape, dice: Dice) -> None:
        """AK-EVB-J/Q/K, AK-EVB-1: Bilbo picks the cards one at a time; fewer left → all of them."""
        face_down = [t for t in state.treasures if not t.face_up and not t.removed]
        if len(face_down) > count:
            tape.add(TurnUpsOwed(count=count))
            return
        tape.add(*(TreasureTurned(label=t.label, rank=t.rank) for t in face_down))
        self._end_turn(state, tape, "event", dice)

    def _smaug_senses(self, state: ArkenstoneState, rank: int, tape: _Tape, dice: Dice) -> None:
        """AK-EVS-J/Q/K, AK-EVS-1: Smaug goes onto the club; automatic Discover when in range."""
        self._set_onto(state, SMAUG, rank, "event", tape)
        assert tape.bilbo is not None and tape.smaug is not None
        o = state.options
        gap = circle_gap(tape.bilbo, o.bilbo_radius_in, tape.smaug, o.smaug_radius_in)
        if in_reach(gap, SMAUG_EVENT_RANGE_IN[rank]):
            if self._contest(state, "event", tape, dice):
                return
        self._end_turn(state, tape, "event", dice)

    def _turn_up(self, state: ArkenstoneState, action: TurnUp, tape: _Tape, dice: Dice) -> None:
        """AK-EVB-1: turn one chosen face-down card anywhere; it stays face up in place."""
        card = treasure_by_name(state, action.card)
        if card is None or card.face_up:
            raise refuse("arkenstone.not_face_down", card=action.card)
        assert isinstance(card, Treasure)
        tape.add(TreasureTurned(label=card.label, rank=card.rank))
        # More face-down cards than owed remain whenever a choice is asked for (_bilbo_turn_ups).
        if state.turn_ups_left == 1:
            self._end_turn(state, tape, "event", dice)

    # actions (AK-ACT)

    def _action(self, state: ArkenstoneState, seat: Seat, action: Action, tape: _Tape, dice: Dice) -> None:
        """One action (or a pass), then the turn goes on: guess again, or reshuffle after an Ace."""
        match action:
            case Pass():
                tape.add(Passed(seat=seat))  # AK-ACT-B4
            case MoveTo() | MoveToward() | MoveDirection():
                end = resolve_move(state, seat, action)  # AK-ACT-B1 / AK-ACT-S1
                tape.add(FigureMoved(seat=seat, start=position(state, seat), end=end))
            case Search():
                if self._search(state, seat, action, tape):
                    return
            case Recover():
                self._recover(state, seat, tape)
                return
            case Discover():
                self._discover(state, seat, tape, dice)
                return
        self._after_action(state, seat, tape, dice)

    def _after_action(self, state: ArkenstoneState, seat: Seat, tape: _Tape, dice: Dice) -> None:
        if state.phase == "action" and state.after_action == "reshuffle":
            # AK-EVB-A / AK-EVS-A: both reshuffle, a new reference, no new free action (A14)
            tape.add(
                DecksShuffled(reason="ace"),
                ReferenceTurned(seat=seat, rank=dice.choice(RANKS), free_action=False),
            )
        else:
            tape.add(GuessDue(seat=seat))  # AK-TRN-10 (and after the free action, AK-TRN-4)

    def _search(self, state: ArkenstoneState, seat: Seat, action: Search, tape: _Tape) -> bool:
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
            )
        tape.add(TreasureSearched(label=card.label, rank=card.rank, removed=card.rank != ARKENSTONE))
        if card.rank == ARKENSTONE and state.options.search_recovers_immediately:  # A8 option
            tape.add(GameWon(seat=BILBO, reason="recovered"))
            return True
        return False

    def _recover(self, state: ArkenstoneState, seat: Seat, tape: _Tape) -> None:
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
            )
        tape.add(GameWon(seat=BILBO, reason="recovered"))

    def _discover(self, state: ArkenstoneState, seat: Seat, tape: _Tape, dice: Dice) -> None:
        """AK-ACT-S2: only with Bilbo within 1 inch; a failed contest ends Smaug's turn (AK-DSC-3)."""
        _only(seat, SMAUG)
        gap = figures_gap(state)
        if not in_reach(gap, DISCOVER_REACH_IN):
            raise refuse(
                "arkenstone.discover_out_of_reach",
                distance=beyond(gap, DISCOVER_REACH_IN),
            )
        if not self._contest(state, "action", tape, dice):
            self._end_turn(state, tape, "failed_discover", dice)

    def _contest(self, state: ArkenstoneState, trigger: str, tape: _Tape, dice: Dice) -> bool:
        """AK-DSC-1..3: both reshuffle and turn; higher Smaug wins, else Bilbo goes onto his club."""
        smaug_rank, bilbo_rank = dice.choice(RANKS), dice.choice(RANKS)
        won = smaug_rank > bilbo_rank  # AK-DSC-2; ties favour Bilbo (A7)
        tape.add(
            DecksShuffled(reason="contest"),
            ContestResolved(smaug_rank=smaug_rank, bilbo_rank=bilbo_rank, smaug_won=won, trigger=trigger),  # type: ignore[arg-type]
        )
        if won:
            tape.add(GameWon(seat=SMAUG, reason="discovered"))  # AK-WIN-2, AK-GEN-4
            return True
        self._set_onto(state, BILBO, bilbo_rank, "contest", tape)  # AK-DSC-3
        return False

    # --- evolve ---------------------------------------------------------------------------------

    def evolve(self, state: ArkenstoneState | None, event: Event) -> ArkenstoneState:
        if state is None:
            assert isinstance(event, GameStarted)
            return _initial_state(event)
        _EVOLVERS[event.kind](state, event)
        if event.kind in LOGGED_KINDS:
            state.recent.append(event)  # type: ignore[arg-type]
            if len(state.recent) > LOG_LENGTH:
                del state.recent[0]
        return state

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self, state: ArkenstoneState, seat: Seat) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        phase = state.phase
        if phase in ("place_smaug", "place_bilbo"):
            return [a for a in _CELL_FIGURES if _figure_fits(state, seat, Point(x=a.x, y=a.y))]
        if phase in ("place_treasure", "place_location"):
            free: list[Action] = [a for a in _CELL_CARDS if cell_is_free(state, Point(x=a.x, y=a.y))]
            return free if free or state.options.layout == "draft" else list(_CELL_CARDS)
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
        """Everything but the identities of face-down diamonds (hidden from both players, §1)."""
        return ArkenstoneView(
            seat=seat,
            version=state.version,
            options=state.options,
            phase=state.phase,
            turn=state.turn,
            active=state.active,
            acting=tuple(sorted(self.active_seats(state))),
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
            winner=state.winner,
            win_reason=state.win_reason,
            recent=tuple(state.recent),
        )

    def resample_hidden(self, state: ArkenstoneState, seat: Seat | None, dice: Dice) -> ArkenstoneState:
        """A copy where everything `seat` cannot know is reshuffled: the face-down diamonds' identities
        and the unplaced diamonds (nobody knows them). Decks hold no order to reshuffle (see Reading)."""
        new = state.model_copy(deep=True)
        hidden = [i for i, t in enumerate(new.treasures) if not t.face_up]
        pool = dice.shuffled([new.treasures[i].rank for i in hidden] + new.treasure_pile)
        for i, rank in zip(hidden, pool, strict=False):
            new.treasures[i] = new.treasures[i].model_copy(update={"rank": rank})
        new.treasure_pile = pool[len(hidden) :]
        return new

    def pilot(self, seat: Seat) -> Any:
        from .pilot import BilboPilot, SmaugPilot

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


_CELL_FIGURES = tuple(PlaceFigure(x=at.x, y=at.y) for _, at in CELLS)
_CELL_CARDS = tuple(PlaceCard(x=at.x, y=at.y) for _, at in CELLS)
_GUESSES = (Guess(higher=True), Guess(higher=False))
_TRICKS = (Trick(move=True), Trick(move=False))
_TURN_UP = {n: TurnUp(card=treasure_name(n)) for n in range(1, CARDS_PER_SET + 1)}
_SEARCH = {n: Search(card=treasure_name(n)) for n in range(1, CARDS_PER_SET + 1)}
_PASS, _RECOVER, _DISCOVER = Pass(), Recover(), Discover()
_DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_COMPASS_MOVES = {
    seat: tuple(
        MoveDirection(direction=d, distance_in=share * MOVE_IN[seat])  # type: ignore[arg-type]
        for share in (1.0, 0.5)
        for d in _DIRECTIONS
    )
    for seat in SEATS
}


_TOWARD_T = {n: MoveToward(target=treasure_name(n)) for n in range(1, CARDS_PER_SET + 1)}
_TOWARD_F = {seat: MoveToward(target=seat) for seat in SEATS}


def _action_sample(state: ArkenstoneState, seat: Seat) -> list[Action]:
    """A finite, useful sample of the continuous actions: pass; toward every face-down diamond, the
    face-up Arkenstone and (for Smaug) Bilbo at full reach; eight compass directions at full and half
    reach; search / recover / discover when their conditions hold. `decide` also accepts any exact
    coordinates, any distance and any card or figure as a target."""
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


# --- evolve, one small function per event (mechanical: no checks, no chance) --------------------


def _initial_state(e: GameStarted) -> ArkenstoneState:
    assert e.seed is not None, "a redacted opening event cannot start a state"
    state = ArkenstoneState(
        game=e.game,
        seed=e.seed,
        options=e.options,
        smaug=e.smaug,
        bilbo=e.bilbo,
        treasure_pile=list(e.treasure_ranks),
    )
    _lay_out(state, e.treasure_spots, e.locations)  # only logs from before figures were placed by hand
    return state


def _lay_out(s: ArkenstoneState, treasure_spots: tuple[Point, ...], locations: tuple[Location, ...]) -> None:
    """Dealt cards: the diamonds in pile order as T1, T2, …; the clubs face up."""
    for spot in treasure_spots:
        label = len(s.treasures) + 1
        s.treasures.append(Treasure(label=label, at=spot, rank=s.treasure_pile.pop(0)))
    s.locations.extend(locations)


def _ev_placement_due(s: ArkenstoneState, e: PlacementDue) -> None:
    s.phase = f"place_{e.item}"  # type: ignore[assignment]
    s.active = e.seat
    s.next_location = e.rank


def _ev_figure_placed(s: ArkenstoneState, e: FigurePlaced) -> None:
    if e.seat == BILBO:
        s.bilbo = e.at
    else:
        s.smaug = e.at


def _ev_treasure_placed(s: ArkenstoneState, e: TreasurePlaced) -> None:
    s.treasures.append(Treasure(label=e.label, at=e.at, rank=s.treasure_pile.pop(0)))


def _ev_location_placed(s: ArkenstoneState, e: LocationPlaced) -> None:
    s.locations.append(Location(rank=e.rank, at=e.at))
    s.next_location = None


def _ev_cards_dealt(s: ArkenstoneState, e: CardsDealt) -> None:
    _lay_out(s, e.treasure_spots, e.locations)


def _ev_turn_started(s: ArkenstoneState, e: TurnStarted) -> None:
    s.phase = "starting"
    s.active = e.seat
    s.turn = e.turn
    s.reference = s.guess = s.revealed = s.special = s.trick_rank = None
    s.turn_ups_left = 0
    s.after_action = "guess"


def _ev_decks_shuffled(s: ArkenstoneState, e: DecksShuffled) -> None:
    s.drawn = {BILBO: [], SMAUG: []}


def _ev_reference_turned(s: ArkenstoneState, e: ReferenceTurned) -> None:
    s.reference = e.rank
    s.drawn[e.seat].append(e.rank)
    s.guess = None
    s.revealed = None
    s.after_action = "guess"
    s.phase = "free_action" if e.free_action else "guess"


def _ev_guessed(s: ArkenstoneState, e: Guessed) -> None:
    s.guess = e.higher
    s.phase = "revealing"


def _ev_cards_turned(s: ArkenstoneState, e: CardsTurned) -> None:
    s.drawn[e.seat].append(e.rank)
    s.drawn[other(e.seat)].append(e.other_rank)
    s.revealed = (e.rank, e.other_rank)
    s.reference = e.rank  # A2: the card just revealed is the next reference


def _ev_trick_offered(s: ArkenstoneState, e: TrickOffered) -> None:
    s.phase = "trick"
    s.trick_rank = e.rank


def _ev_trick_answered(s: ArkenstoneState, e: TrickAnswered) -> None:
    s.trick_rank = None


def _ev_action_earned(s: ArkenstoneState, e: ActionEarned) -> None:
    s.phase = "action"
    s.after_action = e.then


def _ev_guess_due(s: ArkenstoneState, e: GuessDue) -> None:
    s.phase = "guess"


def _ev_special_event(s: ArkenstoneState, e: SpecialEvent) -> None:
    s.special = e.rank


def _ev_turn_ups_owed(s: ArkenstoneState, e: TurnUpsOwed) -> None:
    s.phase = "turn_up"
    s.turn_ups_left = e.count


def _turn_face_up(s: ArkenstoneState, label: int, removed: bool) -> None:
    for i, t in enumerate(s.treasures):
        if t.label == label:
            s.treasures[i] = t.model_copy(update={"face_up": True, "removed": removed})
            return


def _ev_treasure_turned(s: ArkenstoneState, e: TreasureTurned) -> None:
    _turn_face_up(s, e.label, removed=False)
    s.turn_ups_left = max(0, s.turn_ups_left - 1)


def _ev_figure_moved(s: ArkenstoneState, e: FigureMoved) -> None:
    if e.seat == BILBO:
        s.bilbo = e.end
    else:
        s.smaug = e.end
    s.last_move = MoveTrace(seat=e.seat, start=e.start, end=e.end, forced=False)


def _ev_figure_set(s: ArkenstoneState, e: FigureSet) -> None:
    if e.seat == BILBO:
        s.bilbo = e.end
    else:
        s.smaug = e.end
    s.last_move = MoveTrace(seat=e.seat, start=e.start, end=e.end, forced=True)


def _ev_treasure_searched(s: ArkenstoneState, e: TreasureSearched) -> None:
    _turn_face_up(s, e.label, removed=e.removed)


def _ev_passed(s: ArkenstoneState, e: Passed) -> None:
    pass


def _ev_contest_resolved(s: ArkenstoneState, e: ContestResolved) -> None:
    s.drawn[SMAUG].append(e.smaug_rank)
    s.drawn[BILBO].append(e.bilbo_rank)
    s.last_contest = Contest(
        smaug_rank=e.smaug_rank, bilbo_rank=e.bilbo_rank, smaug_won=e.smaug_won, trigger=e.trigger
    )


def _ev_turn_ended(s: ArkenstoneState, e: TurnEnded) -> None:
    s.phase = "turn_over"


def _ev_game_won(s: ArkenstoneState, e: GameWon) -> None:
    s.phase = "over"
    s.winner = e.seat
    s.win_reason = e.reason


_EVOLVERS: dict[str, Any] = {
    "placement_due": _ev_placement_due,
    "figure_placed": _ev_figure_placed,
    "treasure_placed": _ev_treasure_placed,
    "location_placed": _ev_location_placed,
    "cards_dealt": _ev_cards_dealt,
    "turn_started": _ev_turn_started,
    "decks_shuffled": _ev_decks_shuffled,
    "reference_turned": _ev_reference_turned,
    "guessed": _ev_guessed,
    "cards_turned": _ev_cards_turned,
    "trick_offered": _ev_trick_offered,
    "trick_answered": _ev_trick_answered,
    "action_earned": _ev_action_earned,
    "guess_due": _ev_guess_due,
    "special_event": _ev_special_event,
    "turn_ups_owed": _ev_turn_ups_owed,
    "treasure_turned": _ev_treasure_turned,
    "figure_moved": _ev_figure_moved,
    "figure_set": _ev_figure_set,
    "treasure_searched": _ev_treasure_searched,
    "passed": _ev_passed,
    "contest_resolved": _ev_contest_resolved,
    "turn_ended": _ev_turn_ended,
    "game_won": _ev_game_won,
}

RULES = ArkenstoneRules()
