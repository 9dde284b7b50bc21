"""The ClickWars presenter: the platform's one entry point to this game's pictures and words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from engine.clickwars import ClickWarsView
from engine.core import Action, Event, Ruling
from renderers.base import Control, Form, Picking, Presenter, Target, expect_view
from renderers.i18n import t

from . import board, controls, describe, follow, picking, text, why


def _view(view: BaseModel) -> ClickWarsView:
    return expect_view(view, ClickWarsView)


class ClickWarsPresenter(Presenter):
    """Implements renderers.base.Presenter; the only secret is a side's deployment before the reveal."""

    game = "clickwars"

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return board.board_png(_view(view), lang)

    def turn_board_png(self, view: BaseModel, last_turn: Sequence[Event], lang: str) -> bytes:
        return board.board_png(_view(view), lang, last_turn)

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        v = _view(view)
        if v.seat is None or not (v.my_deployment or v.previewing):
            return None
        return board.board_png(v, lang)  # the seat's planned deployment, or its picked unit and preview

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        return describe.board_text(_view(view), lang)

    def image_text(self, view: BaseModel, lang: str) -> str:
        """Thirty units, each with its place and life, in Discord's 1,024 characters."""
        return describe.image_text(_view(view), lang)

    def status_text(self, view: BaseModel, lang: str) -> str:
        return text.status_text(_view(view), lang)

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        v = _view(view)
        lines = [line for line in (text.private_text(v, lang), *controls.withheld(v, lang)) if line]
        return "\n".join(lines) or None

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        return text.action_label(action, lang, view if isinstance(view, ClickWarsView) else None)[:80]

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return text.action_prompt(_view(view), actions, lang)

    def narrate(self, event: Event, lang: str) -> str | None:
        return text.narrate(event, lang)

    def action_report(self, events: Sequence[Event], lang: str) -> str | None:
        return follow.action_report(events, lang)

    def turn_summary(self, events: Sequence[Event], lang: str) -> list[str] | None:
        return follow.turn_summary(events, lang)

    def why_now(self, view: BaseModel, lang: str) -> tuple[str, Ruling] | None:
        """The measure behind the picked unit's "no target" line on the seat's panel, if one made it."""
        found = controls.withheld_problem(_view(view), lang)
        if found is None or found[1] is None or found[1].ruling is None:
            return None
        return found[0], found[1].ruling

    def why_png(self, view: BaseModel, ruling: Ruling, lang: str) -> bytes | None:
        """The sight line and its blocker, the ruler and the difficult ground on the seat's view."""
        return why.why_png(_view(view), ruling, lang)

    def controls(self, view: BaseModel, legal: Sequence[Action], lang: str) -> list[Control] | None:
        return controls.controls(_view(view), legal, lang)

    def parse_form(self, form: Form, values: Mapping[str, str], view: BaseModel) -> Action:
        return controls.parse_form(form, values, _view(view))

    def picking(
        self, view: BaseModel, legal: Sequence[Action], lang: str, among: Sequence[int] | None = None
    ) -> Picking | None:
        """The picked unit's move ends, charges or attack targets, lettered (picking.py)."""
        return picking.picking(_view(view), legal, lang)

    def picking_png(
        self, view: BaseModel, pick: Picking, lettered: Sequence[tuple[str, Target]], lang: str
    ) -> bytes | None:
        """The crop around the picked unit: its reach, a ruler in cm, the lettered targets."""
        return picking.picking_png(_view(view), pick, lettered, lang)

    def rules_text(self, lang: str) -> str:
        """A readable rules summary (used by /rules)."""
        return t(lang, "clickwars.rules")
