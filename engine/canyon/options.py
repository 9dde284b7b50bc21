"""Canyon of Death table options: the canyon layout (A1, §8.1) and the hazard order (A6)."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from engine.core import Model

DEFAULT_LAYOUT: tuple[int, ...] = (1, 1, 2, 1, 2, 1, 2, 1)
MAX_CANYON_CARDS = 12  # DC-SET-2: at least one of the 13 spades is removed unseen


class CanyonOptions(Model):
    """Table options: the canyon layout (A1, §8.1) and who resolves hazard hits first (A6)."""

    canyon_layout: tuple[int, ...] = DEFAULT_LAYOUT
    hazard_order: Literal["stormtalon_first", "dakkajet_first"] = "stormtalon_first"

    @field_validator("canyon_layout")
    @classmethod
    def _layout_fits(cls, layout: tuple[int, ...]) -> tuple[int, ...]:
        if not layout:
            raise ValueError("the canyon needs at least one step")
        if any(width not in (1, 2) for width in layout):
            raise ValueError("each canyon step holds 1 card or a fork of 2 cards")
        if sum(layout) > MAX_CANYON_CARDS:
            raise ValueError(f"the canyon may hold at most {MAX_CANYON_CARDS} cards (DC-SET-2)")
        return layout
