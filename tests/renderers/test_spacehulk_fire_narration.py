"""A shot's narration tells the whole kill roll from the event alone: the dice, the sustained-fire
bonus, the number needed and, for a hit turned aside by rubble, the rubble roll."""

from __future__ import annotations

from typing import Any

import pytest

from engine.spacehulk import events as ev
from engine.spacehulk.board.board import parse_square
from renderers.spacehulk import PRESENTER


def fired(**changes: Any) -> ev.Fired:
    shot = {"model": "m1", "target": "g3", "square": parse_square("C4"), "dice": (5, 4), "bonus": 0}
    shot |= {"needed": 6, "hit": False, "overwatch": False, "jammed": False, "aim": None}
    return ev.Fired(**(shot | changes))


@pytest.mark.parametrize(
    ("changes", "en", "es"),
    [
        ({}, "5, 4 (needs 6) — miss.", "5, 4 (necesita 6) — fallo."),
        # SHB-8.2: the sustained-fire bonus is added to each die, so 5 + 1 reaches the 6 needed
        ({"bonus": 1, "hit": True}, "5, 4 +1 (needs 6) — hit.", "5, 4 +1 (necesita 6) — impacto."),
        # DW-RUB-2: a hit through rubble is deflected on a 5 or 6 of the rubble die
        (
            {"dice": (6, 2), "deflection": (5,)},
            "6, 2 (needs 6) — deflected by rubble (5).",
            "6, 2 (necesita 6) — desviado por los escombros (5).",
        ),
        (
            {"dice": (6, 2), "deflection": (3,), "hit": True},
            "6, 2 (needs 6) — hit.",
            "6, 2 (necesita 6) — impacto.",
        ),
    ],
)
def test_a_shot_is_narrated_with_its_bonus_and_rubble(changes: dict[str, Any], en: str, es: str) -> None:
    event = fired(**changes)
    assert PRESENTER.narrate(event, "en") == f"M1 fires at G3 on C4: {en}"
    assert PRESENTER.narrate(event, "es") == f"M1 dispara a G3 en C4: {es}"


def test_a_logged_shot_from_before_the_rubble_rolls_still_reads() -> None:
    """Events are persisted: a Fired event logged without `deflection` parses and is narrated."""
    old = fired().model_dump(mode="json")
    del old["deflection"]
    event = ev.EVENT_ADAPTER.validate_python(old)
    assert PRESENTER.narrate(event, "en") == "M1 fires at G3 on C4: 5, 4 (needs 6) — miss."
