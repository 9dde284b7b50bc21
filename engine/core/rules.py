"""The one surface every game exports, and the helpers that drive it.

A game is a pydantic state; actions go in (`decide`), events come out, and `evolve` folds events
into the state mechanically. Chance comes only from `Dice(state.seed, state.version)`, so the same
seed and the same actions always give the same log. See docs/architecture.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import wraps
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter

from .dice import Dice
from .ruling import Ruling

Seat = str
"""A seat is a role name from the rulebook, e.g. "marine", "ork", "bilbo", "smaug"."""


class Rejected(Exception):
    """A rules refusal, written for the player.

    `message_id` names a catalog entry (e.g. "canyon.not_in_hand") so the bot can word it in the
    player's language; `params` fill its placeholders; `default` is the English text. `ruling`: what
    the rules measured to say no, when they measured something (a shot's range and line of sight:
    `ruled`), for `/why`.
    """

    ruling: Ruling | None = None

    def __init__(self, message_id: str, default: str, **params: Any) -> None:
        super().__init__(default.format(**params) if params else default)
        self.message_id = message_id
        self.default = default
        self.params = params

    def ruled(self, ruling: Ruling | None) -> Rejected:
        """This refusal with the ruling that made it (`/why`); returns itself, to raise."""
        self.ruling = ruling
        return self

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def game_over(cls) -> Rejected:
        """The core's refusal of anything asked of a finished game (worded once, here)."""
        return cls("core.game_over", "This game is over.")

    @classmethod
    def not_your_turn(cls) -> Rejected:
        """The core's refusal of a seat that may not act now (worded once, here)."""
        return cls("core.not_your_turn", "It is not your turn to act.")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its parts (pickle would call __init__ with the formatted text alone): a
        # refusal crosses from a worker process as itself.
        return (_rejected, (self.message_id, self.default, self.params, self.ruling))


def _rejected(
    message_id: str, default: str, params: dict[str, Any], ruling: Ruling | None = None
) -> Rejected:
    return Rejected(message_id, default, **params).ruled(ruling)


class Model(BaseModel):
    """Base of actions, events and views: frozen, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Action(Model):
    """Something a seat wants to do (imperative). Subclasses declare `kind: Literal["..."]`."""

    kind: str


class Event(Model):
    """Something that happened (past tense). Subclasses declare `kind: Literal["..."]`.

    `redacted_for(seat)` returns the event as that seat may see it (None = spectator), or None if
    the seat must not learn of it at all. The default is a public event.
    """

    kind: str

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self


class Rewound(Event):
    """A take-back by consent (issue 26): the table went back to the state it had at `to_version`.
    The log stays append-only: this event carries that state, and folding it restores it (`apply`);
    its version goes on counting. It names what every seat's secrets were, so nobody sees it until
    the game is over (`redacted_for`)."""

    kind: Literal["rewound"] = "rewound"
    to_version: int
    seat: Seat
    state: dict[str, Any]

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return None


class Disclosed(NamedTuple):
    """What some moves revealed (`Rules.disclosed`, issue 26's take-backs): whether they drew on
    chance (dice, a shuffle, a random card: nobody may take them back), and the seats that learned
    a secret from them."""

    chance: bool
    seats: frozenset[Seat]

    @property
    def nothing(self) -> bool:
        """Nothing at all: no chance, no secret reached any seat."""
        return not self.chance and not self.seats

    def to(self, seat: Seat) -> bool:
        """Whether `seat` saw something it may not undo: chance, or a secret of another seat's."""
        return self.chance or seat in self.seats


class State(BaseModel):
    """Base of every game state. `seed` and `version` drive the dice; `version` counts events applied."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)
    game: str
    seed: int
    version: int = 0


class OrderStep(Model):
    """One step of an order typed in chat (a game subclasses it); `words` is what the player typed for it."""

    words: str


class Outcome(Model):
    """How a game ended. `winners` empty means a draw; `reason` is a catalog id (with `params`)."""

    winners: tuple[Seat, ...]
    reason: str
    params: dict[str, Any] = {}


class TimeLimit(NamedTuple):
    """A deadline a game declares: when `seconds` pass while the game still declares `key`, the
    platform applies `action` for `seat` (the engine never reads a clock). `warnings`: the seconds
    left at which the platform warns the seat (a live turn's 30 s and 10 s)."""

    seat: Seat
    key: str
    seconds: float
    action: Action
    warnings: tuple[float, ...] = ()


class SeriesTable(NamedTuple):
    """A table that a series (a game whose rounds are other games' tables, e.g. a campaign's
    missions) wants played now: `key` names it within the series (opened once), `game` and `options`
    make it, `seats` maps each of its seats to the series seat whose player sits there."""

    key: str
    game: str
    options: dict[str, Any]
    seats: dict[Seat, Seat]


S = TypeVar("S", bound=State)


@runtime_checkable
class Pilot(Protocol):
    """An AI for one seat: it sees only that seat's view and the legal actions."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action: ...


F = TypeVar("F", bound=Callable[..., Any])


def turn_checked(method: F) -> F:
    """`method(self, state, seat, ...)` after the turn check every decision goes through: a finished
    game refuses with `core.game_over`, a seat that may not act now with `core.not_your_turn`
    (`Rejected`, as the driver words them), before the game's own code runs, so nothing is decided
    and nothing applied. `Rules` wraps every game's `decide` and `play` in it (`__init_subclass__`):
    a game cannot forget it, and code that calls `decide` directly gets the same refusals as a
    player. A method already checked is returned as it is."""
    if getattr(method, "__turn_checked__", False):
        return method

    @wraps(method)
    def checked(self: Rules[Any], state: Any, seat: Seat, *args: Any, **kwargs: Any) -> Any:
        if self.outcome(state) is not None:
            raise Rejected.game_over()
        if seat not in self.active_seats(state):
            raise Rejected.not_your_turn()
        return method(self, state, seat, *args, **kwargs)

    checked.__turn_checked__ = True  # type: ignore[attr-defined]
    return checked  # type: ignore[return-value]


def _unchecked_play(rules: Rules[Any]) -> Callable[..., tuple[list[Event], Any]]:
    """`rules.play` without the turn check, for a driver that has just made both of its checks itself
    (`play_random`: the game goes on and the seat is the first active one); every other caller goes
    through the check. The check is about 1% of a random ClickWars game's instructions."""
    method = type(rules).play
    raw = getattr(method, "__wrapped__", method)
    return raw.__get__(rules)  # type: ignore[no-any-return]


class Rules(Generic[S]):
    """The surface a game implements. Subclass and set the class attributes; instantiate once as RULES.

    Every subclass's `decide` and `play` run behind `turn_checked` (the one turn check: a finished
    game or a seat that may not act is refused before the game's code runs)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("decide", "play"):
            if name in cls.__dict__:
                setattr(cls, name, turn_checked(cls.__dict__[name]))

    name: ClassVar[str]
    seats: ClassVar[tuple[Seat, ...]]
    options_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[State]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    event_adapter: ClassVar[TypeAdapter[Any]]
    view_adapter: ClassVar[TypeAdapter[Any] | None] = None

    # --- the rules -------------------------------------------------------------------------
    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        """The opening events. The first event must let `evolve(None, event)` create the state."""
        raise NotImplementedError

    def decide(self, state: S, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        """Every rule lives here. Raises Rejected. Must not mutate `state`. The turn check (game over,
        a seat that may not act) runs before it (`turn_checked`): a game need not repeat it."""
        raise NotImplementedError

    def evolve(self, state: S | None, event: Event) -> S:
        """Apply one event mechanically (no checks, no chance). May mutate and return `state`."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """The actions `seat` may take now (a finite sample where positions are continuous)."""
        raise NotImplementedError

    def active_seats(self, state: S) -> frozenset[Seat]:
        """Who may act now (several for simultaneous choices); empty once the game is over."""
        raise NotImplementedError

    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What `seat` may know; None is a spectator."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """Winner(s) and reason, or None while the game goes on."""
        raise NotImplementedError

    def pilot(self, seat: Seat) -> Pilot:
        """The AI for a seat."""
        raise NotImplementedError

    def resample_hidden(self, state: S, seat: Seat | None, dice: Dice) -> S:
        """A copy of `state` with everything `seat` may not know reshuffled (None = spectator).

        Required: it is how the contract tests prove that nothing leaks (`view(state, seat)` must
        not change under it; tests/engine/test_contract.py). A game with no secret returns a copy
        of `state`. Must not mutate `state`.
        """
        raise NotImplementedError

    # --- optional, with defaults -------------------------------------------------------------
    @turn_checked
    def play(
        self, state: S, seat: Seat, action: Action, dice: Dice, *, reuse: bool = False
    ) -> tuple[list[Event], S]:
        """`decide`, and the state its events lead to: `apply` of them to a copy of `state`, which is
        left as it was. With `reuse` the caller drops `state` afterwards, so it may be changed and
        returned instead of copied (random play; the live table never passes it).

        A game whose `decide` already evolves a scratch copy on its tape may return that copy
        instead: it is the same state (`Tape.emit` is `apply`'s evolve and version bump), and the
        events are then evolved once per decision instead of twice. The contract tests check that
        every game's `play` gives the state `apply` gives and leaves `state` untouched."""
        events = self.decide(state, seat, action, dice)
        return events, apply(self, state if reuse else state.model_copy(deep=True), events)

    def time_limits(self, state: S) -> list[TimeLimit]:
        """The deadlines running now (none by default); see `TimeLimit`."""
        return []

    # --- optional: a series of tables (a campaign whose missions are tables of another game) ------
    def series_table(self, state: S) -> SeriesTable | None:
        """The table this state waits on, if it is a series waiting for one (None by default)."""
        return None

    def series_result(self, state: S, table: SeriesTable, finished: Any) -> tuple[Seat, Action]:
        """The action that feeds a finished `table` (its final state `finished`) back into the series,
        and the seat it is taken for."""
        raise NotImplementedError

    def turn_of(self, state: S) -> int | None:
        """The game turn `state` is in, as the rulebook counts turns (the platform posts one public
        summary per turn); None (the default): every hand-over between seats counts as a turn."""
        return None

    def pace_options(self, pace: str) -> dict[str, Any]:
        """The table options for a pace the platform offers ("live": a real-time turn timer;
        "async": no turn timer, a deadline per prompt). A game without timers refuses."""
        raise Rejected("core.no_pace", "This game has no timer to set.")

    # --- optional: orders typed in chat (engine/core/orders.py drives them) --------------------
    def read_order(self, text: str, seat: Seat) -> list[OrderStep]:
        """The steps of an order typed by `seat` (syntax only; raises Rejected with the reason)."""
        raise Rejected("core.no_orders", "This game takes no typed orders.")

    def order_action(self, state: S, seat: Seat, step: OrderStep, done: int) -> Action | None:
        """The next action of `step` after `done` of its actions were applied; None when it is done.

        Reads only what `seat` may know; `decide` has the last word on the action."""
        raise Rejected("core.no_orders", "This game takes no typed orders.")

    def order_price(self, seat: Seat, events: Sequence[Event]) -> tuple[str, dict[str, Any]] | None:
        """What these events of one step cost `seat`, as a catalog id and its params (None: no price)."""
        return None

    def order_steps(self, state: S, seat: Seat, steps: Sequence[OrderStep]) -> list[OrderStep]:
        """The steps read from the text as the board makes them (e.g. a group's step becomes one step
        per unit of the group); reads only what `seat` may know. As read, by default."""
        return list(steps)

    def order_goes_on(self) -> bool:
        """Whether a refused step is skipped and the order goes on with the next (each step stands
        on its own, as one unit's move does); False (the default): a refusal stops the order."""
        return False

    def order_hold(self, state: S, seat: Seat, action: Action) -> tuple[tuple[str, dict[str, Any]], S] | None:
        """In a dry run, an action whose result is left to the dice: checked here as `decide` would
        (raises its refusal), not applied, and described (a catalog id and its params), so the
        rehearsal rolls nothing; with the state the rehearsal goes on from (the action's marks
        without its dice, e.g. "this unit has shot"). None (the default): the rehearsal applies it."""
        return None

    def standing_orders(self, seat: Seat) -> dict[str, tuple[str, ...]]:
        """Standing orders `seat` may give (name -> its values, the first is the default "ask"), so an
        asynchronous game does not wait on every prompt; none by default."""
        return {}

    def standing_answer(self, state: S, seat: Seat, orders: Mapping[str, str]) -> Action | None:
        """The action `seat`'s standing orders answer the pending prompt with, or None to ask the
        player. Must depend only on what `seat` may know and never reveal a secret by its timing."""
        return None

    # --- optional: what counts as revealed (a take-back, issue 26) ---------------------------
    def disclosed(
        self, before: S, moves: Sequence[tuple[Seat, Action]], events: Sequence[Event]
    ) -> Disclosed:
        """What the `events` that `moves` caused from `before` revealed, and to whom: the platform's
        take-back rule reads it (bot/takeback.py). Pure: it replays the moves from `before`.

        Chance first, the same for every game: if any of the moves drew from the dice (a die rolled,
        a deck or a bag shuffled, a random card), everyone saw chance at work and nobody may take
        them back (`chance`; `seats` is every seat). Otherwise `seats` are the seats that learned a
        secret (`shown_to`, the game's own rule)."""
        state = before
        for who, action in moves:
            dice = dice_for(state)
            try:
                _, state = self.play(state, who, action, dice)
            except Rejected:  # not the log's own moves: assume the worst
                return Disclosed(False, frozenset(self.seats))
            if dice.drawn:
                return Disclosed(True, frozenset(self.seats))
        return Disclosed(False, self.shown_to(before, moves, events))

    def shown_to(
        self,
        before: S,
        moves: Sequence[tuple[Seat, Action]],
        events: Sequence[Event],
        trials: int = 8,
    ) -> frozenset[Seat]:
        """The seats that learned something hidden from them from `events` (the moves drew no dice):
        a card or blip turned or drawn, an opponent's hidden hand or choice. A public consequence of
        a public choice (a model moved, a door opened, the card a seat chose from its own hand, for
        that seat) is not a secret.

        A game with hidden hands states its rule exactly, event by event (Canyon of Death, the
        Arkenstone, Space Hulk); the tests check it against `resample_hidden` on random games
        (tests/engine/test_take_back.py). This default asks `resample_hidden` itself, for each
        seat: `before` with everything the seat may not know drawn afresh, `trials` times; if the
        moves cannot be replayed there, or show the seat different events (as `redacted_for(seat)`
        shows them), the seat learned something. Conservative: a move of another seat that depends
        on that seat's secret cannot be replayed, and counts as a reveal."""
        shown: set[Seat] = set()
        for seat in self.seats:
            expected = [e.redacted_for(seat) for e in events]
            for trial in range(trials):
                dice = Dice(before.seed ^ (0x5EED + 7919 * (trial + 1)), before.version)
                try:
                    state = self.resample_hidden(before, seat, dice)
                except NotImplementedError:
                    return frozenset(self.seats)
                state.seed = dice.seed
                seen: list[Event | None] = []
                try:
                    for who, action in moves:
                        got, state = self.play(state, who, action, dice_for(state))
                        seen += [e.redacted_for(seat) for e in got]
                except Rejected:
                    shown.add(seat)
                    break
                if seen != expected:
                    shown.add(seat)
                    break
        return frozenset(shown)

    # --- derived helpers (same for every game) -----------------------------------------------
    def parse_options(self, raw: Mapping[str, Any] | None) -> BaseModel:
        return self.options_model.model_validate(dict(raw or {}))

    def parse_action(self, data: Any) -> Action:
        return self.action_adapter.validate_python(data)

    def parse_event(self, data: Any) -> Event:
        if isinstance(data, Mapping) and data.get("kind") == "rewound":  # the core's own (a take-back)
            return Rewound.model_validate(data)
        return self.event_adapter.validate_python(data)

    def seat_of_side(self, side: str) -> Seat:
        if side not in self.seats:
            raise Rejected("core.unknown_side", "There is no side called {side} in this game.", side=side)
        return side


def apply(rules: Rules[Any], state: Any, events: Iterable[Event]) -> Any:
    """Fold events into a state, counting each one in `state.version`."""
    for event in events:
        if isinstance(event, Rewound):  # back to an earlier state; the version goes on counting
            version = state.version
            state = rules.state_model.model_validate(event.state)
            state.version = version
        else:
            state = rules.evolve(state, event)
        state.version += 1
    return state


def fold(rules: Rules[Any], events: Iterable[Event]) -> Any:
    """Rebuild a state from its full event log."""
    return apply(rules, None, events)


def dice_for(state: State) -> Dice:
    """The dice for the next decision of this state."""
    return Dice(state.seed, state.version)


def new_game(
    rules: Rules[Any], options: BaseModel | Mapping[str, Any] | None, seed: int
) -> tuple[Any, list[Event]]:
    """Set up a game: returns the state and the opening events."""
    opts = options if isinstance(options, BaseModel) else rules.parse_options(options)
    events = rules.setup(opts, seed, Dice(seed, 0))
    return fold(rules, events), events


def attempt(rules: Rules[Any], state: Any, seat: Seat, action: Action) -> list[Event]:
    """The decision, not applied: the events `step` would apply, or its refusal (the turn check is
    `decide`'s own, `turn_checked`). The input state is not modified."""
    return rules.decide(state, seat, action, dice_for(state))


def step(rules: Rules[Any], state: Any, seat: Seat, action: Action) -> tuple[Any, list[Event]]:
    """Decide and apply (`Rules.play`, which checks that the game goes on and `seat` may act). The
    input state is not modified."""
    events, new_state = rules.play(state, seat, action, dice_for(state))
    return new_state, events


class Picker(Protocol):
    """What `play_random` draws its choices from (e.g. a seeded `random.Random` of the caller's)."""

    def randrange(self, stop: int) -> int: ...


def play_random(
    rules: Rules[Any], state: Any, picker: Picker, *, copy_state: bool = False, max_steps: int | None = None
) -> tuple[Any, int]:
    """Uniformly random legal play until the game ends (or `max_steps` actions): each step the first
    acting seat by name takes `legal[picker.randrange(len(legal))]`, decided and applied with
    `Rules.play` (the state before each action is dropped: `reuse`), or with `copy_state` through
    `step` (the state before each action kept as it was, as the table service does). Returns the last state and the number of actions (the random-play tests and the
    benchmarks: one loop, so what they measure is the same)."""
    n = 0
    play = _unchecked_play(rules)  # the loop makes the turn check itself: the game goes on, the seat acts
    while rules.outcome(state) is None and (max_steps is None or n < max_steps):
        seat = sorted(rules.active_seats(state))[0]
        legal = rules.legal_actions(state, seat)
        action = legal[picker.randrange(len(legal))]
        if copy_state:
            state, _ = step(rules, state, seat, action)
        else:
            _, state = play(state, seat, action, dice_for(state), reuse=True)
        n += 1
    return state, n


class PilotStep(NamedTuple):
    """One action an AI seat took in `pilot_steps`: the state it acted on, and the state and events
    it led to."""

    seat: Seat
    action: Action
    before: Any
    after: Any
    events: list[Event]


def pilot_steps(
    rules: Rules[Any], state: Any, pilot_seats: Iterable[Seat], *, max_steps: int = 500
) -> Iterator[PilotStep]:
    """The AI seats' actions, one at a time, until a human must act, the game ends, or the step cap
    is reached: each seat chooses from its own view (`Rules.view`), with dice forked per seat."""
    pilots = {seat: rules.pilot(seat) for seat in pilot_seats}
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            return
        acting = [s for s in sorted(rules.active_seats(state)) if s in pilots]
        if not acting:
            return
        seat = acting[0]
        legal = rules.legal_actions(state, seat)
        if not legal:
            return
        dice = dice_for(state).fork(f"pilot:{seat}")
        action = pilots[seat].choose(rules.view(state, seat), legal, dice)
        after, events = step(rules, state, seat, action)
        yield PilotStep(seat, action, state, after, events)
        state = after


def play_pilots(
    rules: Rules[Any], state: Any, pilot_seats: Iterable[Seat], *, max_steps: int = 500
) -> tuple[Any, list[Event]]:
    """Let AI seats act until a human must act, the game ends, or the step cap is reached."""
    all_events: list[Event] = []
    for taken in pilot_steps(rules, state, pilot_seats, max_steps=max_steps):
        state = taken.after
        all_events.extend(taken.events)
    return state, all_events
