"""The Deathwing campaign's presenter (the platform finds a game's presenter as renderers.<game>);
it lives beside the other Space Hulk renderers, in renderers/spacehulk/campaign.py."""

from renderers.spacehulk.campaign import PRESENTER, CampaignPresenter

__all__ = ["PRESENTER", "CampaignPresenter"]
