"""A typed order's dry run adds up its steps' prices (issue 26 item 5: the whole plan with its total
before it runs), only when every step is priced alike in whole numbers."""

from __future__ import annotations

from bot.orders import total_price
from engine.core import OrderStep
from engine.core.orders import StepResult


def step(price: tuple[str, dict[str, object]] | None) -> StepResult:
    return StepResult(OrderStep(words="F"), price=price)


def test_the_prices_of_the_steps_are_added_up() -> None:
    key = "spacehulk.order.price"
    steps = [step((key, {"ap": 1, "cp": 0})), step((key, {"ap": 2, "cp": 1})), step(None)]
    assert total_price(steps) == (key, {"ap": 3, "cp": 1})


def test_no_total_for_one_step_or_prices_of_different_kinds() -> None:
    assert total_price([step(("a", {"n": 1}))]) is None
    assert total_price([step(("a", {"n": 1})), step(("b", {"n": 1}))]) is None
    assert total_price([step(("a", {"n": 1})), step(("a", {"n": "x"}))]) is None
    assert total_price([step(("a", {"n": True})), step(("a", {"n": 1}))]) is None
