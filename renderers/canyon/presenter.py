"""The Canyon of Death presenter: the platform's one entry point to this game's pictures and words."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.canyon.view import CanyonView
from engine.core import Action, Event
from renderers.base import Presenter, expect_view
from renderers.i18n import t

from . import board, describe, text


def _view(view: BaseModel) -> CanyonView:
    return expect_view(view, CanyonView)


class CanyonPresenter(Presenter):
    """Implements renderers.base.Presenter for Canyon of Death."""

    game = "canyon"

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return board.board_png(_view(view), lang)

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        return board.private_png(_view(view), lang)

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        return describe.board_text(_view(view), lang)

    def private_image_text(self, view: BaseModel, lang: str) -> str:
        """The private picture is the seat's hand (and what it saw ahead), not the board."""
        return describe.hand_image_text(_view(view), lang)

    def status_text(self, view: BaseModel, lang: str) -> str:
        return text.status_text(_view(view), lang)

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        return text.private_text(_view(view), lang)

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        return text.action_label(action, lang, _view(view) if view is not None else None)

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return text.action_prompt(_view(view), actions, lang)

    def narrate(self, event: Event, lang: str) -> str | None:
        return text.narrate(event, lang)

    def rules_text(self, lang: str) -> str:
        """A readable rules summary (used by /rules)."""
        return t(lang, "canyon.rules")
