"""ClickWars presentation: the table image to scale, status, prompts, labels and the narration of every die."""

from .presenter import ClickWarsPresenter

PRESENTER = ClickWarsPresenter()

__all__ = ["PRESENTER", "ClickWarsPresenter"]
