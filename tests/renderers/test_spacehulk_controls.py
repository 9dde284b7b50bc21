"""Space Hulk's own controls: Defend Perimeter's deployment (DW-SC3) as declarative controls (two
buttons, a form with a typed cell, a form for the 4 areas, menus from the legal sample), their
parsing, labels and narration in both languages; the board image draws grown corridors (DW-GEN-7)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.core import Rejected, new_game, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import BuildForce, Deploy, EndDeployment, PickPerimeter
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder
from engine.spacehulk.state import SpaceHulkState
from renderers.base import Button, Form, Menu
from renderers.spacehulk import PRESENTER


def defend(seed: int = 6, **options: Any) -> SpaceHulkState:
    state, _ = new_game(RULES, {"mission": "dw_defend_perimeter", "timer_mode": "untimed", **options}, seed)
    return state


def test_the_deployment_offers_the_shortcut_a_cell_form_and_the_samples() -> None:
    """DW-SC3: the Marine player's controls: "Deploy in the corridors" and "Done" buttons, a form with
    a typed cell and a facing, a form for the 4 areas, a menu of guard posts and one of picks; every
    index points at the legal action it names. The Genestealer player gets none."""
    state = defend()
    legal = RULES.legal_actions(state, "marine")
    for lang in ("en", "es"):
        controls = PRESENTER.controls(RULES.view(state, "marine"), legal, lang)
        assert controls is not None
        buttons = [c for c in controls if isinstance(c, Button)]
        assert [legal[b.choice] for b in buttons] == [EndDeployment(corridors=True), EndDeployment()]  # type: ignore[index]
        assert "corridors" in buttons[0].label or "pasillos" in buttons[0].label  # the shortcut first
        forms = {c.key: c for c in controls if isinstance(c, Form)}
        assert set(forms) == {"deploy", "perimeter"}
        assert [f.kind for f in forms["deploy"].fields] == ["text", "cell", "text"]
        menus = [c for c in controls if isinstance(c, Menu)]
        assert [type(legal[o.choice]) for o in menus[0].options] == [Deploy] * len(menus[0].options)  # type: ignore[index]
        assert {type(legal[o.choice]) for o in menus[1].options} == {PickPerimeter}  # type: ignore[index]
        assert all(len(c.label) <= 80 for c in buttons) and all(
            len(f.label) <= 45 for f in forms["deploy"].fields
        )
        assert max(getattr(c, "row", 0) or 0 for c in controls) <= 4
    assert PRESENTER.controls(RULES.view(state, "genestealer"), [], "en") is None
    after, _ = step(RULES, state, "marine", EndDeployment())
    assert PRESENTER.controls(RULES.view(after, "marine"), RULES.legal_actions(after, "marine"), "en") is None


def test_the_deploy_form_reads_a_marine_a_cell_and_a_facing() -> None:
    """The form's words become a Deploy (`decide` checks the square); what cannot be read is refused
    with a sentence naming what was typed; the areas form becomes a PickPerimeter."""
    state = defend()
    view = RULES.view(state, "marine")
    controls = PRESENTER.controls(view, RULES.legal_actions(state, "marine"), "en") or []
    forms = {c.key: c for c in controls if isinstance(c, Form)}
    form = forms["deploy"]
    assert PRESENTER.parse_form(form, {"model": "M3", "square": "d7", "facing": "oeste"}, view) == Deploy(
        model="m3", square=(3, 6, 0), facing="W"
    )
    assert PRESENTER.parse_form(form, {"model": "m10", "square": "AB12", "facing": "n"}, view) == Deploy(
        model="m10", square=(27, 11, 0), facing="N"
    )
    for values, message_id in (
        ({"model": "G3", "square": "D7", "facing": "N"}, "spacehulk.ui.bad_model"),
        ({"model": "M3", "square": "7D", "facing": "N"}, "spacehulk.ui.bad_square"),
        ({"model": "M3", "square": "D7", "facing": "up"}, "spacehulk.ui.bad_facing"),
    ):
        with pytest.raises(Rejected) as refused:
            PRESENTER.parse_form(form, values, view)
        assert refused.value.message_id == message_id
    pick = PRESENTER.parse_form(forms["perimeter"], {"areas": "1, 3 5;7"}, view)
    assert pick == PickPerimeter(areas=("1", "3", "5", "7"))


def test_the_campaign_deployment_has_no_perimeter_form() -> None:
    """DW-CMP-11, A-45: the 4 areas are carried from Establish Perimeter: no form to pick them."""
    from tests.engine.spacehulk.test_deployment import _brief

    plain = defend(8)
    state = defend(8, brief=_brief(tuple(plain.mission.usable_areas()[-4:])))
    controls = (
        PRESENTER.controls(RULES.view(state, "marine"), RULES.legal_actions(state, "marine"), "en") or []
    )
    assert {c.key for c in controls if isinstance(c, Form)} == {"deploy"}
    assert "Establish Perimeter" in PRESENTER.action_prompt(RULES.view(state, "marine"), [], "en")


def test_deployment_words_in_both_languages() -> None:
    """Labels, the prompt, the status line and the narration of a deployment exist in en and es."""
    state = defend()
    legal = RULES.legal_actions(state, "marine")
    post = next(a for a in legal if isinstance(a, Deploy))
    after, events = step(RULES, state, "marine", post)
    picked, more = step(RULES, after, "marine", next(a for a in legal if isinstance(a, PickPerimeter)))
    done, ended = step(RULES, picked, "marine", EndDeployment(corridors=True))
    for lang in ("en", "es"):
        labels = [PRESENTER.action_label(a, lang) for a in legal]
        assert all(labels) and len(set(labels)) == len(labels)
        assert PRESENTER.action_prompt(RULES.view(state, "marine"), legal, lang)
        assert PRESENTER.status_text(RULES.view(state, "genestealer"), lang)
        lines = [
            PRESENTER.narrate(e, lang)
            for e in [*events, *more, *ended]
            if e.kind in ("deployed", "perimeter_picked", "deployment_ended")
        ]
        assert len(lines) >= 3 and all(lines)
    en = PRESENTER.narrate(events[0], "en") or ""
    es = PRESENTER.narrate(events[0], "es") or ""
    assert "deploys" in en and "despliega" in es and en != es


def test_the_board_image_draws_the_grown_corridors() -> None:
    """DW-GEN-7: the image is drawn from the map, so grown corridors widen or heighten it."""
    state, _ = new_game(RULES, {"mission": "dw_raid", "timer_mode": "untimed", "force_points": 50}, 2)
    before = Image.open(io.BytesIO(PRESENTER.board_png(RULES.view(state, None), "en"))).size
    order = BuildForce(order=ForceOrder(squads=(SquadOrder(squad="recon"),) * 12))
    after, events = step(RULES, state, "marine", order)
    grown = Image.open(io.BytesIO(PRESENTER.board_png(RULES.view(after, None), "en"))).size
    assert grown[0] > before[0] or grown[1] > before[1]
    line = PRESENTER.narrate(next(e for e in events if e.kind == "corridors_extended"), "es")
    assert line is not None and "26" in line


def test_the_image_frames_the_squares_closed_to_the_deployment() -> None:
    """DW-SC3 (reading in engine/spacehulk/deployment.py): while the Marines deploy, every open entry
    area's entry square and the squares touching it are framed in red; the engine refuses exactly
    those (and walls, doors, features, taken squares); after the deployment the frames are gone."""
    from engine.spacehulk.deployment import square_problem
    from renderers.spacehulk import board as image

    state = defend()
    view = RULES.view(state, "marine")
    hulk = state.board
    closed = image.keep_off_squares(view, hulk)
    assert closed
    for sq in closed:
        found = square_problem(state, "m1", sq)
        assert found is not None and found.id in ("deploy.entry", "deploy.door", "deploy.feature"), found
    picture = Image.open(io.BytesIO(PRESENTER.board_png(view, "en"))).convert("RGB")
    frame = image.frame_for(hulk)
    sq = sorted(closed)[0]
    x0, y0, _x1, _y1 = frame.box(sq)
    assert picture.getpixel((x0, y0 + 3)) == image.KEEP_OFF
    after, _ = step(RULES, state, "marine", EndDeployment())
    assert not image.keep_off_squares(RULES.view(after, "marine"), hulk)
    assert "red" in PRESENTER.action_prompt(view, [], "en") and "rojo" in PRESENTER.action_prompt(
        view, [], "es"
    )
