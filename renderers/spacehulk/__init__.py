"""Space Hulk presentation: the hulk image, action labels with AP costs, prompts, status and narration."""

from .presenter import SpaceHulkPresenter

PRESENTER = SpaceHulkPresenter()

__all__ = ["PRESENTER", "SpaceHulkPresenter"]
