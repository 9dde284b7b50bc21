"""The Hunt for the Arkenstone presenter: the platform's one entry point to this game's pictures and words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from engine.arkenstone import ArkenstoneView
from engine.core import Action, Event, Ruling
from renderers.base import Control, Form, Picking, Presenter, Target, expect_view

from . import board, controls, describe, picking, text, why


def _view(view: BaseModel) -> ArkenstoneView:
    return expect_view(view, ArkenstoneView)


class ArkenstonePresenter(Presenter):
    """Implements renderers.base.Presenter for Hunt for the Arkenstone (nothing is private, §1)."""

    game = "arkenstone"

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return board.board_png(_view(view), lang)

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        _view(view)
        return None  # both players see the same table; no hand, no preview

    def why_png(self, view: BaseModel, ruling: Ruling, lang: str) -> bytes | None:
        """The ruler with its length in inches and the limit it was measured against (`/why`)."""
        return why.why_png(_view(view), ruling, lang) if ruling.path else None

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        return describe.board_text(_view(view), lang)

    def status_text(self, view: BaseModel, lang: str) -> str:
        return text.status_text(_view(view), lang)

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        _view(view)
        return None

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        return text.chosen_label(action, lang, None if view is None else _view(view))

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return text.action_prompt(_view(view), actions, lang)

    def narrate(self, event: Event, lang: str) -> str | None:
        return text.narrate(event, lang)

    def controls(self, view: BaseModel, legal: Sequence[Action], lang: str) -> list[Control] | None:
        return controls.controls(_view(view), legal, lang)

    def parse_form(self, form: Form, values: Mapping[str, str], view: BaseModel) -> Action:
        return controls.parse_form(form, values, _view(view))

    def picking(
        self, view: BaseModel, legal: Sequence[Action], lang: str, among: Sequence[int] | None = None
    ) -> Picking | None:
        """The ends of the figure's moves, lettered on a close-up of the table (picking.py)."""
        return picking.picking(_view(view), legal, lang)

    def picking_png(
        self, view: BaseModel, pick: Picking, lettered: Sequence[tuple[str, Target]], lang: str
    ) -> bytes | None:
        return picking.picking_png(_view(view), pick, lettered, lang)
