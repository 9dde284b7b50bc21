"""Hunt for the Arkenstone presentation: the table image, status, prompts, labels and narration."""

from .presenter import ArkenstonePresenter

PRESENTER = ArkenstonePresenter()

__all__ = ["PRESENTER", "ArkenstonePresenter"]
