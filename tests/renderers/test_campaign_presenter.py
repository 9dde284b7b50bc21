"""The Deathwing campaign's presenter: words for every phase and event in en + es, typed forms."""

from __future__ import annotations

import random

import pytest

from engine.core import Rejected, new_game, step
from engine.spacehulk.campaign import RULES
from engine.spacehulk.campaign.actions import Bid, BuyForce, FieldSquads
from renderers.base import Form
from renderers.spacehulk.campaign import PRESENTER


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_step_of_random_campaigns_has_words(lang: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state, events = new_game(RULES, {}, seed)
        for _ in range(300):
            for seat in ("marine", "genestealer", None):
                view = RULES.view(state, seat)
                assert PRESENTER.status_text(view, lang)
                PRESENTER.private_text(view, lang)
                if seat is not None and seat in RULES.active_seats(state):
                    legal = RULES.legal_actions(state, seat)
                    assert PRESENTER.action_prompt(view, legal, lang)
                    for control in PRESENTER.controls(view, legal, lang) or []:
                        assert len(control.label) <= 80
            for event in events:
                red = event.redacted_for(None)
                if red is not None:
                    line = PRESENTER.narrate(red, lang)
                    assert line is None or "{" not in line
            if RULES.outcome(state) is not None:
                break
            seat = sorted(RULES.active_seats(state))[0]
            action = rng.choice(RULES.legal_actions(state, seat))
            assert PRESENTER.action_label(action, lang)
            state, events = step(RULES, state, seat, action)
        assert PRESENTER.board_png(RULES.view(state, None), lang).startswith(b"\x89PNG")


def test_the_typed_forms() -> None:
    state, _ = new_game(RULES, {}, 1)
    view = RULES.view(state, "marine")
    [bid] = PRESENTER.controls(view, RULES.legal_actions(state, "marine"), "en")  # type: ignore[misc]
    assert isinstance(bid, Form) and bid.key == "bid"
    assert PRESENTER.parse_form(bid, {"points": "42"}, view) == Bid(points=42)
    force = Form(key="force", label="f", title="f", fields=())
    order = PRESENTER.parse_form(force, {"squads": "standard, recon", "timer": "2"}, view)
    assert isinstance(order, BuyForce) and [s.squad for s in order.order.squads] == ["standard", "recon"]
    with pytest.raises(Rejected):
        PRESENTER.parse_form(force, {"squads": "tanks", "timer": "1"}, view)
    with pytest.raises(Rejected):
        PRESENTER.parse_form(force, {"squads": "recon", "timer": "9"}, view)
    field = Form(key="field", label="f", title="f", fields=())
    assert PRESENTER.parse_form(field, {"squads": "recon-2 standard-1"}, view) == FieldSquads(
        squads=("recon-2", "standard-1")
    )
