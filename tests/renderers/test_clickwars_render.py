"""ClickWars presentation: images decode and are deterministic, every event is narrated, texts come from both catalogs."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from engine.clickwars import RULES, ClickWarsView
from engine.clickwars import actions as a
from engine.clickwars.events import EVENT_ADAPTER
from engine.clickwars.messages import MESSAGES
from engine.core import apply, dice_for, new_game
from engine.core.fast import replace
from renderers.clickwars import PRESENTER, board
from renderers.i18n import catalog


def played(seed: int, steps: int):
    """A game between the AIs after `steps` actions, with every event seen."""
    state, log = new_game(RULES, None, seed)
    pilot = RULES.pilot("red")
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = pilot.choose(RULES.view(state, seat), legal, dice_for(state).fork(seat))
        events = RULES.decide(state, seat, action, dice_for(state))
        state = apply(RULES, state, events)
        log.extend(events)
    return state, log


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_board_is_to_scale_and_deterministic() -> None:
    state, _ = played(2, 150)
    view = RULES.view(state, None)
    png = PRESENTER.board_png(view, "en")
    img = decode(png)
    assert img.size == (board.RULER * 2 + 120 * board.PX + board.PANEL_W, board.RULER * 2 + 120 * board.PX)
    assert png == PRESENTER.board_png(view, "en") and png != PRESENTER.board_png(view, "es")


def test_large_table_and_marks_draw() -> None:
    state, _ = new_game(RULES, {"table": "180x120"}, 4)
    view = RULES.view(state, None)
    assert decode(PRESENTER.board_png(view, "es")).size[0] == board.RULER * 2 + 180 * board.PX + board.PANEL_W
    state, _ = played(5, 200)
    state.marks = replace(
        state.marks,
        blast=(60.0, 60.0),
        scatter=((55.0, 60.0), (60.0, 60.0)),
        corridor=((20.0, 20.0), (20.0, 50.0), 3.0),
    )
    decode(PRESENTER.board_png(RULES.view(state, "red"), "en"))


def test_private_deployment_is_shown_only_to_its_side() -> None:
    state, _ = new_game(RULES, None, 3)
    for seat in ("red", "blue"):
        state = apply(RULES, state, RULES.decide(state, seat, a.ConfirmSetup(), dice_for(state)))
    state = apply(RULES, state, RULES.decide(state, "red", a.AutoDeploy(plan="line"), dice_for(state)))
    assert PRESENTER.private_png(RULES.view(state, "red"), "en") is not None
    assert PRESENTER.private_png(RULES.view(state, "blue"), "en") is None
    assert "R3" in (PRESENTER.private_text(RULES.view(state, "red"), "es") or "")
    assert PRESENTER.private_text(RULES.view(state, None), "en") is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_event_is_narrated_and_every_action_labelled(lang: str) -> None:
    kinds: set[str] = set()
    for seed in (1, 6):
        state, log = played(seed, 400)
        for event in log:
            red = event.redacted_for(None)
            if red is None:
                continue
            line = PRESENTER.narrate(red, lang)
            kinds.add(event.kind)
            assert line is None or ("{" not in line and len(line) < 400), line
        view = RULES.view(state, state.active)
        for seat in RULES.active_seats(state):
            for action in RULES.legal_actions(state, seat):
                assert 0 < len(PRESENTER.action_label(action, lang, view)) <= 80
        assert PRESENTER.status_text(view, lang)
        assert PRESENTER.action_prompt(view, [], lang)
    assert {"attack_rolled", "damaged", "moved", "turn_began"} <= kinds
    assert isinstance(RULES.view(state, None), ClickWarsView)


def test_catalogs_have_every_key_in_both_languages() -> None:
    en = {k: v for k, v in catalog("en").items() if k.startswith("clickwars.")}
    es = {k: v for k, v in catalog("es").items() if k.startswith("clickwars.")}
    assert set(en) == set(es) and all(v.strip() for v in es.values())
    for key, default in MESSAGES.items():
        assert en[key] == default, key
        assert set(re.findall(r"{(\w+)}", es[key])) == set(re.findall(r"{(\w+)}", default)), key
    source = "\n".join(p.read_text() for p in Path(board.__file__).parent.glob("*.py"))
    for key in re.findall(r'"(clickwars\.[a-z_.]+)"', source):
        assert key in en, key


def test_event_adapter_round_trips_narrated_events() -> None:
    _, log = played(8, 120)
    for event in log:
        assert EVENT_ADAPTER.validate_json(EVENT_ADAPTER.dump_json(event)) == event
