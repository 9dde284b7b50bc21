"""Campaign options: what the two players agreed before the bids (deathwing.md §2.11)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class CampaignOptions(BaseModel):
    """Options of a Deathwing campaign."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    force_points: int | None = Field(default=None, ge=5, le=125)
    """Skip the bids with a budget both players agreed; the seat named "marine" plays the Marines."""

    timer_mode: Literal["untimed", "realtime", "budget"] = "untimed"
    """The missions' turn timer (deathwing.md §5: fixed at creation). Reading: a campaign spans weeks,
    so its missions are untimed unless the players ask for live turns ("realtime") or a deadline per
    prompt ("budget")."""
    ambush: bool = False
    """Ambush markers in the missions that allow them, if both players agree (DW-AMB-1; A-36: up to 4
    a scenario, outside the 125)."""
