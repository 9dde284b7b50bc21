"""The Space Hulk presenter: the platform's one entry point to this game's pictures and words.

Controls: the platform's generic "pick a model, then its action" menu (`action_group` names each
action's model), every option one of the engine's legal actions labelled with its AP (or CP) cost
from the seat's own view; Defend Perimeter's deployment has its own (controls.py: a form with a
typed cell). Secrets (the CP chit, blip values) reach only the seat's private panel and
private image, built from that seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from engine.core import Action, Event
from engine.spacehulk.actions import BreakTie, Turn
from engine.spacehulk.view import SpaceHulkView
from renderers.base import Button, Control, Form, Picking, Presenter, Target, expect_view
from renderers.i18n import t

from . import board, controls, describe, picking, preview, text

MAX_TIE_BUTTONS = (
    21  # 4 rows of 5 picks and the dice's on a 5th row (Discord's limit); more: the generic menus
)


def _view(view: BaseModel) -> SpaceHulkView:
    return expect_view(view, SpaceHulkView)


class SpaceHulkPresenter(Presenter):
    """Implements renderers.base.Presenter for Space Hulk (with Deathwing)."""

    game = "spacehulk"

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return board.board_png(_view(view), lang)

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        v = _view(view)
        if v.seat is None:
            return None
        return board.board_png(v, lang)  # the seat's own view: blip values for the Genestealer player

    def piece_png(self, view: BaseModel, action: Action, lang: str) -> bytes | None:
        """The seat's image with the picked model in focus: its fire arc and sight (SHB-6.2, SHB-6.3)."""
        v = _view(view)
        picked = text.action_group(action)
        if v.seat is None or picked is None:
            return None
        return board.board_png(v, lang, picked)

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        return describe.board_text(_view(view), lang)

    def status_text(self, view: BaseModel, lang: str) -> str:
        return text.status_text(_view(view), lang)

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        return text.private_text(_view(view), lang)

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        return text.action_label(action, lang, view if isinstance(view, SpaceHulkView) else None)[:80]

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return text.action_prompt(_view(view), actions, lang)

    def narrate(self, event: Event, lang: str) -> str | None:
        return text.narrate(event, lang)

    def controls(self, view: BaseModel, legal: Sequence[Action], lang: str) -> list[Control] | None:
        """A solo tie (DW-SOLO-2, DW-SOLO-8): one button per tied entry area or Genestealer, named as on
        the hulk image, and one that leaves it to the dice; Defend Perimeter's deployment (DW-SC3,
        controls.py); everything else: the generic controls."""
        v = _view(view)
        deploying = controls.controls(v, legal, lang)
        if deploying is not None:
            return deploying
        ties = [(i, act) for i, act in enumerate(legal) if isinstance(act, BreakTie)]
        if v.prompt is None or v.prompt.kind != "solo_tie" or not ties or len(ties) > MAX_TIE_BUTTONS:
            return None
        picks = [(i, act) for i, act in ties if act.pick is not None]
        out: list[Control] = [
            Button(self.action_label(act, lang, v), i, row=n // 5) for n, (i, act) in enumerate(picks)
        ]
        dice_row = -(-len(picks) // 5)  # the row after the picks
        out += [
            Button(self.action_label(act, lang, v), i, style="secondary", row=dice_row)
            for i, act in ties
            if act.pick is None
        ]
        return out

    def action_group(self, action: Action, lang: str) -> str | None:
        """The model's entry in "pick a model, then its action"; a Marine's turns in place are an entry
        of their own (issue 26 item 5), so a turn is never mistaken for a step."""
        mid = text.action_group(action)
        if mid is None:
            return None
        pay = getattr(action, "use", "ap")
        if isinstance(action, Turn) and pay != "free" and mid.startswith("m"):
            return t(lang, "spacehulk.group.turn", model=text.model(mid), pay="cp" if pay == "cp" else "ap")
        return text.group_label(mid, lang, pay)

    def preview_text(self, view: BaseModel, action: Action, lang: str) -> str | None:
        """A Marine's move or turn that costs, in words before it is spent (issue 26 item 5)."""
        return preview.preview_text(_view(view), action, lang)

    def preview_png(self, view: BaseModel, action: Action, lang: str) -> bytes | None:
        """The seat's image with that move drawn: its path, final facing and price."""
        return preview.preview_png(_view(view), action, lang)

    def parse_form(self, form: Form, values: Mapping[str, str], view: BaseModel) -> Action:
        return controls.parse_form(form, values, _view(view))

    def picking(
        self, view: BaseModel, legal: Sequence[Action], lang: str, among: Sequence[int] | None = None
    ) -> Picking | None:
        """The picked model's steps, doors and shots, lettered on its squares (picking.py)."""
        return picking.picking(_view(view), legal, lang, among)

    def picking_png(
        self, view: BaseModel, pick: Picking, lettered: Sequence[tuple[str, Target]], lang: str
    ) -> bytes | None:
        return picking.picking_png(_view(view), pick, lettered, lang)

    def rules_text(self, lang: str) -> str:
        return t(lang, "spacehulk.rules")
