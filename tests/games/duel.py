"""Duel: a tiny pure 2-seat game that exercises every platform path without a real game.

Each round both seats secretly commit one card from a hidden hand (a simultaneous choice); the
cards are revealed together and the higher card wins the round (ties: nobody). The round winner
then makes a second choice: "roll" (a chance event: one D6 is added to their score) or "take"
(+2). Both draw a card, and after `rounds` rounds the higher score wins. Option `hand_size`
can be large (up to 40) to exercise paged select menus; `boost_seconds` > 0 declares a time
limit on the boost choice (expiry applies "take"), exercising the scheduler's timeout hook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import Action, Dice, Event, Model, Outcome, Rejected, Rules, Seat, State, TimeLimit

SEATS: tuple[Seat, ...] = ("red", "blue")


def other(seat: Seat) -> Seat:
    return "blue" if seat == "red" else "red"


class DuelOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    rounds: int = Field(default=3, ge=1, le=9)
    hand_size: int = Field(default=3, ge=1, le=40)
    boost_seconds: float = Field(default=0.0, ge=0)


class DuelState(State):
    game: str = "duel"
    rounds: int
    round: int = 1
    phase: Literal["commit", "boost", "over"] = "commit"
    hands: dict[str, list[int]]
    deck: list[int]
    committed: dict[str, int | None]
    scores: dict[str, int]
    last_reveal: dict[str, int] | None = None
    round_winner: str | None = None
    boost_seconds: float = 0.0


# --- actions -----------------------------------------------------------------------------------
class Commit(Action):
    kind: Literal["commit"] = "commit"
    card: int


class Boost(Action):
    kind: Literal["boost"] = "boost"
    mode: Literal["roll", "take"]


DuelAction = Annotated[Commit | Boost, Field(discriminator="kind")]


# --- events ------------------------------------------------------------------------------------
class Started(Event):
    kind: Literal["started"] = "started"
    state: DuelState

    def redacted_for(self, seat: Seat | None) -> Event | None:
        hands = {s: (h if s == seat else []) for s, h in self.state.hands.items()}
        redacted = self.state.model_copy(update={"hands": hands, "deck": [], "seed": 0})
        return Started(state=redacted)


class Committed(Event):
    kind: Literal["committed"] = "committed"
    seat: Seat
    card: int | None

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.seat else Committed(seat=self.seat, card=None)


class Revealed(Event):
    kind: Literal["revealed"] = "revealed"
    cards: dict[str, int]
    winner: Seat | None


class Boosted(Event):
    kind: Literal["boosted"] = "boosted"
    seat: Seat
    mode: Literal["roll", "take"]
    amount: int


class Drew(Event):
    kind: Literal["drew"] = "drew"
    seat: Seat
    card: int | None

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.seat else Drew(seat=self.seat, card=None)


class Ended(Event):
    kind: Literal["ended"] = "ended"


DuelEvent = Annotated[Started | Committed | Revealed | Boosted | Drew | Ended, Field(discriminator="kind")]


# --- view --------------------------------------------------------------------------------------
class DuelView(Model):
    seat: Seat | None
    round: int
    rounds: int
    phase: str
    hand: tuple[int, ...]
    hand_counts: dict[str, int]
    committed: dict[str, bool]
    my_commit: int | None
    scores: dict[str, int]
    last_reveal: dict[str, int] | None
    round_winner: Seat | None
    deck_count: int


class RandomPilot:
    """Plays a uniformly random legal action."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        return dice.choice(list(legal))


class DuelRules(Rules[DuelState]):
    name = "duel"
    seats = SEATS
    options_model = DuelOptions
    state_model = DuelState
    action_adapter = TypeAdapter(DuelAction)
    event_adapter = TypeAdapter(DuelEvent)

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        assert isinstance(options, DuelOptions)
        size = 2 * options.hand_size + 2 * options.rounds
        deck = dice.shuffled(list(range(1, size + 1)))
        hands = {
            "red": sorted(deck[: options.hand_size]),
            "blue": sorted(deck[options.hand_size : 2 * options.hand_size]),
        }
        state = DuelState(
            seed=seed,
            rounds=options.rounds,
            hands=hands,
            deck=deck[2 * options.hand_size :],
            committed={s: None for s in SEATS},
            scores={s: 0 for s in SEATS},
            boost_seconds=options.boost_seconds,
        )
        return [Started(state=state)]

    def decide(self, state: DuelState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        match action:
            case Commit(card=card):
                if state.phase != "commit" or state.committed[seat] is not None:
                    raise Rejected("duel.not_now", "You cannot commit a card now.")
                if card not in state.hands[seat]:
                    raise Rejected("duel.not_in_hand", "You do not hold card {card}.", card=card)
                events: list[Event] = [Committed(seat=seat, card=card)]
                theirs = state.committed[other(seat)]
                if theirs is not None:
                    cards = {seat: card, other(seat): theirs}
                    winner = None if card == theirs else max(cards, key=lambda s: cards[s])
                    events.append(Revealed(cards=cards, winner=winner))
                    if winner is None:
                        events.extend(self._next_round(state, dice))
                return events
            case Boost(mode=mode):
                if state.phase != "boost" or state.round_winner != seat:
                    raise Rejected("duel.not_now", "You cannot boost now.")
                amount = dice.d6()[0] if mode == "roll" else 2
                return [Boosted(seat=seat, mode=mode, amount=amount), *self._next_round(state, dice)]
        raise Rejected("duel.unknown", "Unknown action.")

    def _next_round(self, state: DuelState, dice: Dice) -> list[Event]:
        if state.round >= state.rounds:
            return [Ended()]
        deck = list(state.deck)
        events: list[Event] = []
        for seat in SEATS:
            if deck:
                events.append(Drew(seat=seat, card=deck.pop(0)))
        return events

    def evolve(self, state: DuelState | None, event: Event) -> DuelState:
        match event:
            case Started(state=initial):
                return initial.model_copy(deep=True)
        assert state is not None
        match event:
            case Committed(seat=seat, card=card):
                assert card is not None
                state.committed[seat] = card
                state.hands[seat].remove(card)
            case Revealed(winner=winner, cards=cards):
                state.last_reveal = dict(cards)
                state.committed = {s: None for s in SEATS}
                state.round_winner = winner
                state.phase = "boost" if winner is not None else state.phase
            case Boosted(seat=seat, amount=amount):
                state.scores[seat] += amount
            case Drew(seat=seat, card=card):
                assert card is not None
                state.deck.remove(card)
                state.hands[seat] = sorted([*state.hands[seat], card])
                if seat == SEATS[-1]:
                    state.round += 1
                    state.phase = "commit"
                    state.round_winner = None
            case Ended():
                state.phase = "over"
        return state

    def legal_actions(self, state: DuelState, seat: Seat) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        if state.phase == "commit":
            return [Commit(card=c) for c in state.hands[seat]]
        return [Boost(mode="roll"), Boost(mode="take")]

    def active_seats(self, state: DuelState) -> frozenset[Seat]:
        if state.phase == "commit":
            return frozenset(s for s in SEATS if state.committed[s] is None and state.hands[s])
        if state.phase == "boost" and state.round_winner:
            return frozenset({state.round_winner})
        return frozenset()

    def view(self, state: DuelState, seat: Seat | None) -> DuelView:
        return DuelView(
            seat=seat,
            round=state.round,
            rounds=state.rounds,
            phase=state.phase,
            hand=tuple(state.hands[seat]) if seat else (),
            hand_counts={s: len(h) for s, h in state.hands.items()},
            committed={s: c is not None for s, c in state.committed.items()},
            my_commit=state.committed[seat] if seat else None,
            scores=dict(state.scores),
            last_reveal=state.last_reveal,
            round_winner=state.round_winner,
            deck_count=len(state.deck),
        )

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        red, blue = state.scores["red"], state.scores["blue"]
        if red == blue:
            return Outcome(winners=(), reason="duel.draw")
        return Outcome(
            winners=("red" if red > blue else "blue",),
            reason="duel.more_points",
            params={"a": max(red, blue), "b": min(red, blue)},
        )

    def pilot(self, seat: Seat) -> RandomPilot:
        return RandomPilot()

    def shown_to(
        self,
        before: DuelState,
        moves: Sequence[tuple[Seat, Action]],
        events: Sequence[Event],
        trials: int = 8,
    ) -> frozenset[Seat]:
        """The Duel's own take-back rule (issue 26): a card committed face down shows nothing, a card
        drawn shows itself to its owner, the cards turned over show themselves to both; a boost (a
        roll is chance: the core's) and the end show nothing."""
        shown: set[Seat] = set()
        for event in events:
            if isinstance(event, Drew):
                shown.add(event.seat)
            elif not isinstance(event, Committed | Boosted | Ended):
                shown.update(SEATS)
        return frozenset(shown)

    def resample_hidden(self, state: DuelState, seat: Seat | None, dice: Dice) -> DuelState:
        """The cards `seat` cannot see (the other hands, their committed cards, the deck) dealt
        again among themselves, each hand keeping its size."""
        new = state.model_copy(deep=True)
        hidden = [s for s in SEATS if s != seat]
        committed = {s: c for s in hidden if (c := new.committed[s]) is not None}
        pool = dice.shuffled([c for s in hidden for c in new.hands[s]] + list(committed.values()) + new.deck)
        for s in hidden:
            size = len(new.hands[s])
            new.hands[s], pool = sorted(pool[:size]), pool[size:]
        for s in committed:
            new.committed[s], pool = pool[0], pool[1:]
        new.deck = pool
        return new

    def time_limits(self, state: DuelState) -> list[TimeLimit]:
        """Optional platform hook: (seat, key, seconds, action applied when the time runs out)."""
        if state.phase == "boost" and state.round_winner and state.boost_seconds > 0:
            return [
                TimeLimit(state.round_winner, f"boost-{state.round}", state.boost_seconds, Boost(mode="take"))
            ]
        return []


RULES = DuelRules()
