"""Orders typed in chat: a game reads the text into steps, each step gives the engine's actions one
at a time, and each action goes through `step` (decide has the last word), as a click does.

A failing step stops the order: the steps before it stay applied (and so do the actions of the
failing step before the one refused), and the refusal says why in the player's language. A refusal
while reading the text changes nothing. `play_order` is pure: the platform commits what it returns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .rules import Action, Event, OrderStep, Rejected, Rules, Seat, play_pilots, step

STOPS = frozenset({"core.order_waits", "core.not_your_turn", "core.game_over"})
"""Refusals that stop even an order whose steps stand alone: the next steps would meet the same."""

MAX_ACTIONS_PER_STEP = 64
"""A step that still has actions after this many is refused (a path too long to walk in one go)."""


@dataclass
class StepResult:
    """One step of an order as applied: its actions, their events (with the seat that caused each:
    the player's, or None for an AI seat answering in between) and its price."""

    step: OrderStep
    actions: list[Action] = field(default_factory=list)
    entries: list[tuple[Event, Seat | None]] = field(default_factory=list)
    price: tuple[str, dict[str, Any]] | None = None
    refusal: Rejected | None = None
    """Why the step was skipped (a game whose orders go on past a refusal: `Rules.order_goes_on`)."""
    held: bool = False
    """A dry run's step left to the dice (`Rules.order_hold`): checked, not applied; `price` says what it is."""


@dataclass
class OrderResult:
    """What an order did: the new state, the steps applied in full, and the refusal that stopped it
    (with the failing step's index), if any."""

    state: Any
    steps: list[StepResult]
    read: list[OrderStep] = field(default_factory=list)
    """Every step read from the text, applied or not."""
    refusal: Rejected | None = None
    failed_at: int | None = None
    failed: StepResult | None = None

    @property
    def entries(self) -> list[tuple[Event, Seat | None]]:
        done = [e for s in self.steps for e in s.entries]
        return done + (self.failed.entries if self.failed is not None else [])

    @property
    def changed(self) -> bool:
        return bool(self.entries)

    @property
    def skipped(self) -> list[StepResult]:
        """The steps refused and passed over (`Rules.order_goes_on`), in order."""
        return [s for s in self.steps if s.refusal is not None]

    @property
    def first_refusal(self) -> Rejected | None:
        """The refusal that stopped the order, else the first step's skipped, if any."""
        if self.refusal is not None:
            return self.refusal
        return next((s.refusal for s in self.steps if s.refusal is not None), None)


def answer_standing(
    rules: Rules[Any],
    state: Any,
    standing: Mapping[Seat, Mapping[str, str]],
    *,
    pilot_seats: Iterable[Seat] = (),
    max_steps: int = 500,
) -> tuple[Any, list[tuple[Event, Seat | None]]]:
    """Answer every pending prompt that a seat's standing orders cover (`Rules.standing_answer`),
    letting AI seats act in between, until a human must answer in person. Events are paired with
    the seat that answered (None for an AI seat)."""
    pilots = tuple(pilot_seats)
    entries: list[tuple[Event, Seat | None]] = []
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            break
        answer = next(
            (
                (seat, action)
                for seat in sorted(rules.active_seats(state))
                if seat in standing
                and (action := rules.standing_answer(state, seat, standing[seat])) is not None
            ),
            None,
        )
        if answer is None:
            break
        seat, action = answer
        state, events = step(rules, state, seat, action)
        entries += [(e, seat) for e in events]
        if pilots:
            state, ai_events = play_pilots(rules, state, pilots, max_steps=max_steps)
            entries += [(e, None) for e in ai_events]
    return state, entries


def play_order(
    rules: Rules[Any],
    state: Any,
    seat: Seat,
    text: str,
    *,
    pilot_seats: Iterable[Seat] = (),
    standing: Mapping[Seat, Mapping[str, str]] | None = None,
    max_pilot_steps: int = 500,
    dry_run: bool = False,
) -> OrderResult:
    """Read `text` and apply its steps for `seat` in order until one is refused.

    Raises Rejected only when the text cannot be read (nothing applied); a refusal of a step is
    returned in the result with the steps before it applied. Between actions, AI seats act and the
    other seats' `standing` orders answer their prompts, as after a click; a prompt left for another
    player stops the order there ("core.order_waits").

    A game whose steps stand on their own (`Rules.order_goes_on`) skips a refused step, records why,
    and goes on with the next. `dry_run`: `state` is a rehearsal copy, and an action the game leaves
    to the dice (`Rules.order_hold`) is checked and described, not applied."""
    read = rules.read_order(text, seat)
    if not read:
        raise Rejected("core.order_empty", "Your order has no steps.")
    steps = rules.order_steps(state, seat, read)
    goes_on = rules.order_goes_on()
    pilots = tuple(pilot_seats)
    result = OrderResult(state=state, steps=[], read=list(steps))
    for index, order_step in enumerate(steps):
        current = StepResult(step=order_step)
        try:
            for done in range(MAX_ACTIONS_PER_STEP + 1):
                action = rules.order_action(result.state, seat, order_step, done)
                if action is None:
                    break
                if done == MAX_ACTIONS_PER_STEP:
                    raise Rejected(
                        "core.order_step_long",
                        "The step {words} needs more than {count} actions; split it.",
                        words=order_step.words,
                        count=MAX_ACTIONS_PER_STEP,
                    )
                waiting = seat not in rules.active_seats(result.state) and rules.outcome(result.state) is None
                if waiting and (index or done):
                    raise Rejected(
                        "core.order_waits",
                        "Another player must answer first; give the rest of your order then.",
                    )
                if dry_run:
                    held = rules.order_hold(result.state, seat, action)
                    if held is not None:
                        (current.price, result.state), current.held = held, True
                        current.actions.append(action)
                        break
                new_state, events = step(rules, result.state, seat, action)
                current.actions.append(action)
                current.entries += [(e, seat) for e in events]
                if pilots:
                    new_state, ai_events = play_pilots(rules, new_state, pilots, max_steps=max_pilot_steps)
                    current.entries += [(e, None) for e in ai_events]
                if standing:
                    new_state, answered = answer_standing(
                        rules, new_state, standing, pilot_seats=pilots, max_steps=max_pilot_steps
                    )
                    current.entries += answered
                result.state = new_state
        except Rejected as refusal:
            if goes_on and refusal.message_id not in STOPS:
                current.refusal = refusal
                result.steps.append(current)
                continue
            result.refusal, result.failed_at = refusal, index
            current.price = rules.order_price(seat, [e for e, s in current.entries if s == seat])
            result.failed = current if current.actions else None
            return result
        if not current.held:
            current.price = rules.order_price(seat, [e for e, s in current.entries if s == seat])
        result.steps.append(current)
    return result
