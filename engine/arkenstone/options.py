"""Hunt for the Arkenstone table options: the layout (§8.1), the bases, and two resolutions (A4, A8)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .measures import CARD_WIDTH_IN

BILBO_RADIUS_IN = 0.5
SMAUG_RADIUS_IN = 1.0
"""Base radii: 25 mm and 50 mm bases (§8.1, OUR DEFAULTS, configurable)."""
MAX_RADIUS_IN = CARD_WIDTH_IN / 2
"""Largest configurable radius: a figure set onto any card (A12) then still stands fully on the table."""

Layout = Literal["random", "draft", "free"]


class ArkenstoneOptions(BaseModel):
    """Table options: layout (§8.1) and the two configurable resolutions (A4, A8).

    Reading (§8.1): the default layout is "draft", the grid draft (OUR DEFAULT); "random" is the
    quick random deal and "free" the free placement at exact coordinates (see `ArkenstoneRules`'
    placements for how each goes).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    layout: Layout = "draft"
    event_requires_correct_guess: bool = True
    search_recovers_immediately: bool = False
    bilbo_radius_in: float = Field(default=BILBO_RADIUS_IN, gt=0, le=MAX_RADIUS_IN)
    smaug_radius_in: float = Field(default=SMAUG_RADIUS_IN, gt=0, le=MAX_RADIUS_IN)
