"""Campaign options: what the two players agreed before the bids (deathwing.md §2.11)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class CampaignOptions(BaseModel):
    """Options of a Deathwing campaign."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    force_points: int | None = Field(default=None, ge=5, le=125)
    """Skip the bids with a budget both players agreed; the seat named "marine" plays the Marines."""
