"""Canyon of Death presentation: board and hand images, status, prompts and narration."""

from .presenter import CanyonPresenter

PRESENTER = CanyonPresenter()

__all__ = ["PRESENTER", "CanyonPresenter"]
