"""Every refusal in words (issue 27 item 4): whatever a player types into any game's form, the
answer is the action or a refusal with a catalog sentence in their language, never an exception's
text ("invalid literal for int() with base 10: 'abc'"): the presenter reads it, the rules decide."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import playable_games, presenter_for
from bot.i18n import rejected_text
from engine.core import Rejected, dice_for
from engine.core.rules import new_game, step
from engine.registry import get
from renderers.base import Form
from renderers.i18n import has
from renderers.measure import reading

TYPED = [
    "",
    " ",
    "abc",
    "1e999",
    "nan",
    "inf",
    "-1",
    "0",
    "1,5",
    "1.5.5",
    "9" * 30,
    "9 inches",
    "20 cm",
    "x y z",
    "D4",
    "T1",
    "Z99",
    "🙂",
    "1;2;3",
    ",",
    "1,2",
    "-0",
    "1e-400",
    "½",
    "NE",
    "45°",
    "R1",
    "B3",
    "\u0000",
    "a" * 200,
]
INTERNAL = re.compile(r"invalid literal|Traceback|Error\b|object|None\b|\{|\}|float\(|int\(")


@pytest.mark.parametrize("game", playable_games())
def test_any_text_typed_into_a_form_is_an_action_or_a_refusal_in_words(game: str) -> None:
    rules, presenter = get(game), presenter_for(game)
    forms = 0
    for seed in (1, 2):
        state, _ = new_game(rules, None, seed)
        pick = random.Random(seed)
        for _ in range(120):
            if rules.outcome(state) is not None:
                break
            for seat in sorted(rules.active_seats(state)):
                view = rules.view(state, seat)
                legal = rules.legal_actions(state, seat)
                for lang in ("en", "es"):
                    for form in presenter.controls(view, legal, lang) or []:
                        if not isinstance(form, Form):
                            continue
                        forms += 1
                        for _ in range(4):
                            values = {f.key: pick.choice(TYPED) for f in form.fields}
                            try:
                                with reading(lang):
                                    action = presenter.parse_form(form, values, view)
                                rules.decide(state, seat, action, dice_for(state))
                            except Rejected as refusal:
                                assert has(refusal.message_id), refusal.message_id
                                text = rejected_text(lang, refusal)
                                assert not INTERNAL.search(text), (values, text)
            seat = sorted(rules.active_seats(state))[0]
            state, _ = step(rules, state, seat, pick.choice(rules.legal_actions(state, seat)))
    if game in ("arkenstone", "clickwars"):
        assert forms > 0
