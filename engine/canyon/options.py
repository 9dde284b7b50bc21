"""Canyon of Death table options: the canyon layout (A1, §8.1) and the hazard order (A6)."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator
from pydantic_core import PydanticCustomError

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
        # Error types, not only English words: the bot words each one from the catalogs
        # ("canyon.option_error.<type>"), in the player's language (issue 15 item 5).
        if not layout:
            raise PydanticCustomError("layout_empty", "the canyon needs at least one step")
        if any(width not in (1, 2) for width in layout):
            raise PydanticCustomError("layout_width", "each canyon step holds 1 card or a fork of 2 cards")
        if sum(layout) > MAX_CANYON_CARDS:
            raise PydanticCustomError(
                "layout_too_many",
                "the canyon may hold at most {max} cards (DC-SET-2), not {cards}",
                {"max": MAX_CANYON_CARDS, "cards": sum(layout)},
            )
        return layout
