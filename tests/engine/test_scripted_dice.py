"""The shared scripted dice (tests/engine/helpers.py): strict unless seeded, one queue per draw."""

from __future__ import annotations

from typing import Literal

import pytest

from engine.core import Dice, Event
from tests.engine.helpers import ScriptedDice, kinds, of_kind


def test_a_draw_nobody_scripted_fails() -> None:
    dice = ScriptedDice(rolls=[3])
    assert dice.d6() == [3] and dice.done()
    with pytest.raises(AssertionError, match="did not script a d6 roll"):
        dice.d6()
    with pytest.raises(AssertionError, match="did not script a shuffle"):
        ScriptedDice().shuffled([1, 2])


def test_with_a_seed_the_unscripted_draws_are_the_seeded_dice() -> None:
    dice, plain = ScriptedDice(rolls=[10], seed=7), Dice(7, 0)
    assert dice.roll(10, 3) == [10, *plain.roll(10, 2)]
    assert dice.randint(0, 359) == plain.randint(0, 359)


def test_each_kind_of_draw_reads_its_queue_before_the_shared_values() -> None:
    dice = ScriptedDice([2, 0, 5], ints=[90], picks=["b"])
    assert dice.randint(0, 359) == 90  # its own queue
    assert dice.d6() == [2]  # then the shared stream, in order
    assert dice.choice(["a", "b"]) == "b"  # a pick by value, from its own queue
    assert dice.choice(["x", "y"]) == "x"  # then index 0 of the shared stream
    assert dice.index(6) == 5 and dice.done()
    with pytest.raises(AssertionError, match="cannot roll 7"):
        ScriptedDice([7]).d6()
    assert ("randint", (0, 359)) in dice.asked


class Tick(Event):
    kind: Literal["tick"] = "tick"


class Tock(Event):
    kind: Literal["tock"] = "tock"


def test_kinds_and_of_kind() -> None:
    events = [Tick(), Tock(), Tick()]
    assert kinds(events) == ["tick", "tock", "tick"]
    assert of_kind(events, "tick") == [events[0], events[2]] and of_kind(events, "other") == []
