"""Space Hulk's own controls, as data (renderers.base), where the generic "pick a model, then its
action" menu is not enough: Defend Perimeter's deployment (DW-SC3), where a Marine may go to any
floor square with any facing, far too many to offer as buttons.

During the deployment the Marine player gets: "Deploy in the corridors" (the shortcut) and "Done";
a form to place a Marine (his number, a typed cell, a facing); a form to pick the 4 areas secured
before play (not in the campaign, DW-CMP-11); a menu of guard posts and a menu of 4-area picks, from
the legal sample. Everything is built from the seat's own view; `decide` has the last word.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Rejected
from engine.spacehulk.actions import Deploy, EndDeployment, PickPerimeter
from engine.spacehulk.board.board import parse_square
from engine.spacehulk.view import SpaceHulkView
from renderers.base import Button, Control, Field, Form, Menu, Option
from renderers.i18n import t

from . import text

SELECT_OPTIONS = 25
DEPLOY, PERIMETER = "deploy", "perimeter"
FACINGS = {"n": "N", "e": "E", "s": "S", "w": "W", "o": "W"}  # Spanish O(este) = W

# Refusals of what a player typed in a form: catalog id -> English text (spacehulk_presenter.ftl).
MESSAGES: dict[str, str] = {
    "spacehulk.ui.bad_model": "{word} is not a Marine: write M and his number, e.g. M1.",
    "spacehulk.ui.bad_square": "{word} is not a square: squares are named like D7 (column letter, row number).",
    "spacehulk.ui.bad_facing": "{word} is not a facing: write N, E, S or W.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


def controls(view: SpaceHulkView, legal: Sequence[Action], lang: str) -> list[Control] | None:
    """The deployment's controls (DW-SC3); None elsewhere (the generic menus do the job)."""
    if view.prompt is None or view.prompt.kind != "deploy" or view.side != "marine" or not legal:
        return None
    out: list[Control] = []
    enders = sorted(
        ((i, a) for i, a in enumerate(legal) if isinstance(a, EndDeployment)),
        key=lambda pair: not pair[1].corridors,
    )  # the shortcut first
    for i, action in enders:
        style = "secondary" if action.corridors else "success"
        out.append(Button(text.action_label(action, lang, view), i, style, row=0))  # type: ignore[arg-type]
    out.append(deploy_form(lang))
    if view.prompt.details.get("pick", True):
        out.append(perimeter_form(lang))
    posts = [
        Option(text.action_label(a, lang, view), i) for i, a in enumerate(legal) if isinstance(a, Deploy)
    ]
    if posts:
        out.append(Menu(t(lang, "spacehulk.ui.posts"), tuple(posts[:SELECT_OPTIONS]), row=1))
    picks = [
        Option(text.action_label(a, lang, view), i)
        for i, a in enumerate(legal)
        if isinstance(a, PickPerimeter)
    ]
    if picks:
        out.append(Menu(t(lang, "spacehulk.ui.picks"), tuple(picks[:SELECT_OPTIONS]), row=2))
    return out


def deploy_form(lang: str) -> Form:
    """A Marine, a typed cell and a facing (DW-SC3: any floor square, any facing)."""
    return Form(
        DEPLOY,
        t(lang, "spacehulk.ui.deploy_form"),
        t(lang, "spacehulk.ui.deploy_title"),
        (
            Field("model", t(lang, "spacehulk.ui.deploy_model"), "text", hint="M1", max_length=4),
            Field("square", t(lang, "spacehulk.ui.deploy_square"), "cell", hint="D7", max_length=8),
            Field("facing", t(lang, "spacehulk.ui.deploy_facing"), "text", hint="N", max_length=5),
        ),
        style="primary",
        row=0,
    )


def perimeter_form(lang: str) -> Form:
    """The 4 entry areas secured before play (DW-SC3)."""
    return Form(
        PERIMETER,
        t(lang, "spacehulk.ui.pick_form"),
        t(lang, "spacehulk.ui.pick_title"),
        (Field("areas", t(lang, "spacehulk.ui.pick_areas"), "text", hint="1 3 5 7", max_length=40),),
        row=0,
    )


def parse_form(form: Form, values: Mapping[str, str], view: SpaceHulkView) -> Action:
    """The action a submitted form asks for; `decide` still checks it (the square, the areas)."""
    if form.key == DEPLOY:
        raw_model = values.get("model", "").strip()
        if not re.fullmatch(r"[mM]\d{1,3}", raw_model):
            raise refuse("spacehulk.ui.bad_model", word=raw_model or "—")
        raw_square = values.get("square", "").strip()
        try:
            square = parse_square(raw_square)
        except ValueError:
            raise refuse("spacehulk.ui.bad_square", word=raw_square or "—") from None
        raw_facing = values.get("facing", "").strip()
        facing = FACINGS.get(raw_facing[:1].lower()) if raw_facing else None
        if facing is None or len(raw_facing) > 1 and raw_facing.lower() not in _FACING_NAMES:
            raise refuse("spacehulk.ui.bad_facing", word=raw_facing or "—")
        return Deploy(model=raw_model.lower(), square=square, facing=facing)  # type: ignore[arg-type]
    if form.key == PERIMETER:
        areas = tuple(a for a in re.split(r"[\s,;]+", values.get("areas", "").strip()) if a)
        return PickPerimeter(areas=areas)
    raise Rejected("bot.form_unknown", "That form is not on offer any more.")


_FACING_NAMES = {"north", "east", "south", "west", "norte", "este", "sur", "oeste"}
