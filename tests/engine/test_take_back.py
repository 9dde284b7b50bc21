"""What a take-back may undo (issue 26 item 4, `Rules.disclosed`): proofs over random games that no
take-back ever lets a seat see and then undo hidden information, and that ordinary moves of the
games with hidden hands can be taken back (at once, or by the consent of the seat that saw them).

The proof is by the game's own `resample_hidden`: a seat "learned nothing" from some moves when, in
every world it cannot tell apart from the real one (everything it may not see drawn afresh, and a
fresh seed), the same moves are legal, draw no dice, and leave its view exactly as the real ones
did. The platform's rule (bot/takeback.py): at once only while `disclosed(...).nothing` (so every
other seat learned nothing, and no dice were drawn); by consent only while `not to(asker)`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Action, Dice, Event, Rejected, Rules, Seat, dice_for, new_game
from engine.registry import get
from engine.spacehulk.events import Spent

PLAIN = {"activated", "spent", "agenda_pushed", "agenda_popped", "moved", "turned", "overwatch_ended"}
"""A Space Hulk Marine's plain move or turn: nothing but public bookkeeping."""
HIDDEN_HANDS = ("canyon", "arkenstone", "spacehulk")
STEPS = {"canyon": 120, "arkenstone": 90, "spacehulk": 70}
TRIALS = 4


class Step(NamedTuple):
    before: Any
    seat: Seat
    action: Action
    events: list[Event]
    after: Any


def random_game(rules: Rules[Any], seed: int, steps: int) -> list[Step]:
    """A random legal game (the first acting seat each time), every decision kept."""
    state, _ = new_game(rules, None, seed)
    picker = random.Random(seed)
    out: list[Step] = []
    while rules.outcome(state) is None and len(out) < steps:
        seat = sorted(rules.active_seats(state))[0]
        legal = rules.legal_actions(state, seat)
        action = legal[picker.randrange(len(legal))]
        events, after = rules.play(state, seat, action, dice_for(state))
        out.append(Step(state, seat, action, events, after))
        state = after
    return out


def unseen_difference(
    rules: Rules[Any], before: Any, moves: Sequence[tuple[Seat, Action]], after: Any, seat: Seat
) -> str | None:
    """None when `seat` learned nothing from `moves` (see the module's docstring); else what tells
    the worlds apart."""
    for trial in range(TRIALS):
        dice = Dice(before.seed ^ (0xC0FFEE + 104729 * (trial + 1)), before.version)
        world = rules.resample_hidden(before, seat, dice)
        world.seed = dice.seed
        assert rules.view(world, seat) == rules.view(before, seat)  # the contract: it cannot tell
        for who, action in moves:
            roll = dice_for(world)
            try:
                _, world = rules.play(world, who, action, roll)
            except Rejected as refused:
                return f"{who}'s {action.kind} is illegal in a world {seat} cannot tell apart ({refused})"
            if roll.drawn:
                return f"{who}'s {action.kind} drew from the dice"
        if rules.view(world, seat) != rules.view(after, seat):
            return f"{seat}'s view after {[a.kind for _, a in moves]} depends on what it could not see"
    return None


def drew(rules: Rules[Any], step: Step) -> bool:
    """Whether the decision drew from the dice, told by dice of our own."""
    roll = dice_for(step.before)
    rules.play(step.before, step.seat, step.action, roll)
    return roll.drawn


@pytest.mark.parametrize("game", HIDDEN_HANDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_a_take_back_never_lets_a_seat_see_and_undo_a_secret(game: str, seed: int) -> None:
    """For every action of a random game: a seat the rule says saw nothing really saw nothing (its
    view after the action is the same in every world it cannot tell apart). So what the rule lets
    be taken back at once (`nothing`) showed no other seat anything and drew no dice, and what it
    lets be taken back by consent showed the asking seat nothing."""
    rules = get(game)
    for step in random_game(rules, seed, STEPS[game]):
        shown = rules.disclosed(step.before, [(step.seat, step.action)], step.events)
        assert shown.chance == drew(rules, step), step.action
        for seat in rules.seats:
            if shown.to(seat):
                continue
            why = unseen_difference(rules, step.before, [(step.seat, step.action)], step.after, seat)
            assert why is None, (step.action, seat, why)
        if shown.nothing:  # the immediate take-back: no dice, and every other seat's view as public
            assert not drew(rules, step)


@pytest.mark.parametrize("game", HIDDEN_HANDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_consent_never_crosses_a_reveal_to_the_asking_player(game: str, seed: int) -> None:
    """A seat's last action and every move the others made after it (what a take-back by consent
    would undo): if the rule allows it, the asking seat learned nothing from all of them."""
    rules = get(game)
    steps = random_game(rules, seed, STEPS[game])
    for i, first in enumerate(steps):
        later = []
        for step in steps[i + 1 :]:
            if step.seat == first.seat:
                break
            later.append(step)
        if not later:
            continue
        moves = [(s.seat, s.action) for s in (first, *later)]
        events = [e for s in (first, *later) for e in s.events]
        shown = rules.disclosed(first.before, moves, events)
        if shown.to(first.seat):
            continue
        why = unseen_difference(rules, first.before, moves, later[-1].after, first.seat)
        assert why is None, (moves, why)


def first_step(game: str, want: Any, *, tries: int = 30) -> Step:
    """The first decision of a seeded random game that `want(step)` picks."""
    rules = get(game)
    for seed in range(tries):
        for step in random_game(rules, seed, STEPS[game] * 2):
            if want(step):
                return step
    raise AssertionError(f"no such move in {tries} games of {game}")


def test_canyon_a_card_played_is_taken_back_only_if_the_ork_agrees() -> None:
    """DC-MAN-1/2: the Marine's card, played face up, was seen by the Ork (it left a hidden hand):
    the Marine takes it back by the Ork's consent, never at once; the Marine's route at a fork
    (DC-NAV-2) likewise (the other card was shown to the Ork). The Ork's card, answered after it,
    shows the Marine a secret (and turns the canyon card): never."""
    rules = get("canyon")
    for kind in ("play_card", "choose_route"):
        step = first_step("canyon", lambda s, kind=kind: s.seat == "marine" and s.action.kind == kind)
        shown = rules.disclosed(step.before, [(step.seat, step.action)], step.events)
        assert not shown.chance and shown.seats == {"ork"}, kind
        assert not shown.nothing and not shown.to("marine")
    ork = first_step("canyon", lambda s: s.seat == "ork" and s.action.kind == "play_card")
    assert rules.disclosed(ork.before, [(ork.seat, ork.action)], ork.events).to("marine")


def test_arkenstone_a_move_is_taken_back_at_once_and_a_guess_never() -> None:
    """A figure's move shows nothing (taken back at once); a guess turns cards drawn from the dice
    (AK-TRN-4/5: never); a card placed while laying out the table, then the other's, by consent."""
    rules = get("arkenstone")
    move = first_step(
        "arkenstone", lambda s: s.action.kind in ("move_direction", "move_toward") and not drew(rules, s)
    )
    assert rules.disclosed(move.before, [(move.seat, move.action)], move.events).nothing
    guess = first_step("arkenstone", lambda s: s.action.kind == "guess")
    assert rules.disclosed(guess.before, [(guess.seat, guess.action)], guess.events).chance


def test_spacehulk_a_blip_converted_is_taken_back_by_the_marines_consent() -> None:
    """SHB-10.6: a blip the Genestealer player converts shows its value to the Marine player only
    (the Genestealer player knew it): by the Marine player's consent. A Marine's plain move or turn
    shows nothing (at once); command points spent (SHB-5.2) show the Genestealer player a bound on
    the secret chit: by consent."""
    rules = get("spacehulk")
    convert = first_step("spacehulk", lambda s: s.action.kind == "convert")
    shown = rules.disclosed(convert.before, [(convert.seat, convert.action)], convert.events)
    assert not shown.chance and shown.seats == {"marine"}
    plain = first_step(
        "spacehulk",
        lambda s: (
            s.seat == "marine"
            and s.action.kind in ("move", "turn")
            and {e.kind for e in s.events} <= PLAIN
            and all(e.cp == 0 for e in s.events if isinstance(e, Spent))
        ),
    )
    assert rules.disclosed(plain.before, [(plain.seat, plain.action)], plain.events).nothing
    paid = first_step(
        "spacehulk",
        lambda s: s.seat == "marine" and any(e.kind == "spent" and getattr(e, "cp", 0) for e in s.events),
    )
    shown = rules.disclosed(paid.before, [(paid.seat, paid.action)], paid.events)
    assert not shown.chance and shown.seats == {"genestealer"}
