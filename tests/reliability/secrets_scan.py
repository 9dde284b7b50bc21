"""The hidden-information scan behind test_hidden_information.py: random games, and at each checked
step, for each viewer (every seat, and None for a spectator), the same table with everything that
viewer may not know reshuffled (`Rules.resample_hidden`). Whatever the viewer is shown must not
change: its view (the source of every text and image it gets), the buttons it is offered, who is
to act, the outcome, the refusals of its actions (the error texts it reads), the events of the
step as redacted for it, and the bot's panels built from all that (status message with the board
image's source view; its private panel with its image, prompt and buttons).
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Dice, Event, Rejected, Rules, apply, attempt, dice_for, new_game

PROBES = 4  # own and random actions per viewer and step
DRAWN = 3  # at most this many cards drawn at once (a Canyon hand) whose refusal (or not) is compared


@dataclass
class Scan:
    """What one game's scan looked at."""

    steps: int = 0
    checked: int = 0
    comparisons: int = 0
    refusals: int = 0
    panels: int = 0
    order_only: int = 0  # events that differed only in the order of what the viewer now holds anyway
    leaks: list[str] = field(default_factory=list)


def outcome_of(rules: Rules[Any], state: Any, seat: str, action: Action) -> tuple[Any, ...]:
    """What `seat` learns from trying `action`: the refusal (its catalog id and values), or acceptance.

    Tried through the driver's checks (`core.attempt`, what `core.step` runs before it applies), as a
    player's click is: it refuses a finished game or a seat out of turn before `decide` runs. The
    events are not applied: only whether and how the action is refused is compared."""
    try:
        events = attempt(rules, state, seat, action)
    except Rejected as exc:
        # a refusal's ruling (what `/why` tells the refused seat: issue 29 item 5) is compared too
        ruling = exc.ruling.model_dump() if exc.ruling is not None else None
        return ("refused", exc.message_id, tuple(sorted((k, repr(v)) for k, v in exc.params.items())), ruling)
    return ("accepted", len(events))


def shown(events: list[Event], seat: str | None) -> list[Any]:
    out = []
    for event in events:
        red = event.redacted_for(seat)
        if red is not None:
            out.append(red.model_dump())
    return out


def check_step(
    rules: Rules[Any],
    state: Any,
    actor: str,
    action: Action,
    after: Any,
    events: list[Event],
    dice: Dice,
    rng: random.Random,
    scan: Scan,
    where: str,
) -> None:
    """Every viewer against a table resampled behind its back, at one step."""
    legal = {seat: rules.legal_actions(state, seat) for seat in rules.seats}
    pool = [a for actions in legal.values() for a in actions]
    for viewer in (*rules.seats, None):
        other = rules.resample_hidden(state, viewer, dice.fork(f"resample:{viewer}"))
        here = f"{where} viewer {viewer}"
        if rules.view(other, viewer) != rules.view(state, viewer):
            scan.leaks.append(f"{here}: the view depends on hidden things")
            continue
        if rules.active_seats(other) != rules.active_seats(state) or rules.outcome(other) != rules.outcome(
            state
        ):
            scan.leaks.append(f"{here}: who acts / the outcome depends on hidden things")
        scan.comparisons += 1
        if viewer is not None:
            if rules.legal_actions(other, viewer) != legal[viewer]:
                scan.leaks.append(f"{here}: the choices offered depend on hidden things")
            probes = legal[viewer][:PROBES] + rng.sample(pool, min(PROBES, len(pool)))
            for probe in probes:
                mine, theirs = (
                    outcome_of(rules, state, viewer, probe),
                    outcome_of(rules, other, viewer, probe),
                )
                scan.refusals += mine[0] == "refused"
                if mine[0] != theirs[0] or (mine[0] == "refused" and mine != theirs):
                    scan.leaks.append(f"{here}: trying {probe!r} tells {mine} vs {theirs}")
        check_events(rules, other, actor, action, state, after, events, viewer, scan, here)


def check_events(
    rules: Rules[Any],
    other: Any,
    actor: str,
    action: Action,
    state: Any,
    after: Any,
    events: list[Event],
    viewer: str | None,
    scan: Scan,
    here: str,
) -> None:
    """The step's events as `viewer` is shown them, on the resampled table (consumed here)."""
    try:
        other_events = rules.decide(other, actor, action, dice_for(state))
    except Rejected:
        return  # the action itself used a secret of the actor's (a card in a resampled hand)
    other_after = apply(rules, other, other_events)
    if rules.view(other_after, viewer) == rules.view(after, viewer):
        mine, theirs = shown(events, viewer), shown(other_events, viewer)
        if mine != theirs:
            if canonical(mine) != canonical(theirs):
                scan.leaks.append(f"{here}: the events shown depend on hidden things")
            else:  # e.g. two cards drawn into one's own hand, in the order they lay in the deck
                scan.order_only += 1
        scan.comparisons += 1


def canonical(data: Any) -> Any:
    """Events with every short list of plain values sorted: the few cards a seat just drew into its own
    hand may come in deck order (what the order told is gone with them); a longer list is compared
    as it is, so a deck order shown would still count as a leak."""
    if isinstance(data, dict):
        return {k: canonical(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        items = [canonical(v) for v in data]
        short = len(items) <= DRAWN and all(isinstance(v, int | str) for v in items)
        return sorted(items, key=repr) if short else items
    return data


def play_and_scan(
    rules: Rules[Any], seed: int, *, every_step: bool, sample: int, panels: Any | None = None
) -> Scan:
    """One random game; every step checked, or `sample` random steps plus every step whose events
    carry a secret (an event some seat is shown differently)."""
    scan = Scan()
    rng = random.Random(seed)
    state, _ = new_game(rules, None, seed)
    steps: list[tuple[Any, str, Action, list[Event], Any]] = []
    for _ in range(5000):
        if rules.outcome(state) is not None:
            break
        seat = next((s for s in sorted(rules.active_seats(state)) if rules.legal_actions(state, s)), None)
        assert seat is not None, f"{rules.name} seed {seed}: stuck"
        options = rules.legal_actions(state, seat)
        action = options[rng.randrange(len(options))]
        events = rules.decide(state, seat, action, dice_for(state))
        after = apply(rules, state.model_copy(deep=True), events)
        steps.append((state, seat, action, events, after))
        state = after
    scan.steps = len(steps)
    chosen = (
        set(range(len(steps))) if every_step else set(rng.sample(range(len(steps)), min(sample, len(steps))))
    )
    if not every_step:
        chosen |= {
            n for n, (_, _, _, events, _) in enumerate(steps) if any(secretive(e, rules) for e in events)
        }
        chosen.add(len(steps) - 1)
    for n in sorted(chosen):
        before, seat, action, events, after = steps[n]
        check_step(
            rules,
            before,
            seat,
            action,
            after,
            events,
            Dice(seed, 900_000 + n),
            rng,
            scan,
            f"{rules.name} seed {seed} step {n}",
        )
        scan.checked += 1
    if panels is not None:
        picks = sorted(rng.sample(sorted(chosen), min(3, len(chosen))))
        asyncio.run(panels(rules, [steps[n][0] for n in picks] + [state], seed, scan))
    return scan


def secretive(event: Event, rules: Rules[Any]) -> bool:
    """An event that some viewer is shown differently (it carries a secret)."""
    full = event.model_dump()
    for viewer in (*rules.seats, None):
        red = event.redacted_for(viewer)
        if red is None or red.model_dump() != full:
            return True
    return False
