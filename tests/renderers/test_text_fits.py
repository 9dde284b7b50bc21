"""No text is cut off on any board, in either language (issue 27 item 8: "ningún impacto" ran out
of the Spanish Canyon board's dice panel).

Every board (the public one and each seat's private picture) of games played by random legal moves
is drawn in English and Spanish with Pillow's text drawing watched: each text's width, measured
with the font it is drawn in, must lie inside the image and inside the panel it is drawn in (the
smallest panel, a rectangle at least MIN_PANEL_PX wide drawn before it, around its anchor point).
Smaller rectangles are cards, badges and tokens, whose captions may lawfully stand beside them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import ImageDraw

from bot.games import playable_games, presenter_for
from engine.core.rules import new_game, step
from engine.registry import get

MIN_PANEL_PX = 120
SLACK_PX = 1
EVERY = 6  # boards drawn every this many moves (and the first and the last)
MOVES = 240


class Watch:
    """Pillow's rectangles and texts while a board is drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.panels: list[tuple[float, float, float, float]] = []
        self.cut: list[str] = []
        real_text = ImageDraw.ImageDraw.text
        watch = self

        def boxed(real: Any) -> Any:
            def draw(self: ImageDraw.ImageDraw, xy: Any, *args: Any, **kwargs: Any) -> Any:
                (x0, y0), (x1, y1) = xy if isinstance(xy[0], tuple | list) else (xy[:2], xy[2:])
                if x1 - x0 >= MIN_PANEL_PX:
                    watch.panels.append((float(x0), float(y0), float(x1), float(y1)))
                return real(self, xy, *args, **kwargs)

            return draw

        def text(
            self: ImageDraw.ImageDraw,
            xy: Any,
            text: Any,
            fill: Any = None,
            font: Any = None,
            anchor: Any = None,
            *args: Any,
            **kwargs: Any,
        ) -> Any:
            if isinstance(text, str) and text.strip() and font is not None:
                watch.check(self, xy, text, font, anchor)
            return real_text(self, xy, text, fill, font, anchor, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(ImageDraw.ImageDraw, "rectangle", boxed(ImageDraw.ImageDraw.rectangle))
        monkeypatch.setattr(
            ImageDraw.ImageDraw, "rounded_rectangle", boxed(ImageDraw.ImageDraw.rounded_rectangle)
        )

    def check(self, draw: ImageDraw.ImageDraw, xy: Any, text: str, font: Any, anchor: Any) -> None:
        x0, _, x1, _ = draw.textbbox(xy, text, font=font, anchor=anchor)
        width = draw.im.size[0]
        if x0 < -SLACK_PX or x1 > width + SLACK_PX:
            self.cut.append(f"{text!r} spans x {x0}..{x1} on an image {width} px wide")
            return
        ax, ay = xy
        around = [p for p in self.panels if p[0] <= ax <= p[2] and p[1] <= ay <= p[3]]
        if around:
            p = min(around, key=lambda p: (p[2] - p[0]) * (p[3] - p[1]))
            if x0 < p[0] - SLACK_PX or x1 > p[2] + SLACK_PX:
                self.cut.append(f"{text!r} spans x {x0}..{x1} in a panel x {p[0]:g}..{p[2]:g}")

    def start(self) -> None:
        self.panels.clear()


@pytest.mark.parametrize("game", playable_games())
def test_every_board_in_both_languages_draws_its_texts_whole(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules, presenter = get(game), presenter_for(game)
    watch = Watch(monkeypatch)
    cut: dict[str, set[str]] = {"en": set(), "es": set()}
    drawn = 0
    for seed in (1, 6):
        state, _ = new_game(rules, None, seed)
        pick = random.Random(seed)
        for n in range(MOVES + 1):
            over = rules.outcome(state) is not None
            if n % EVERY == 0 or over:
                for lang in ("en", "es"):
                    for seat in (None, *rules.seats):
                        view = rules.view(state, seat)
                        watch.start()
                        watch.cut.clear()
                        if seat is None:
                            presenter.board_png(view, lang)
                        else:
                            presenter.private_png(view, lang)
                        drawn += 1
                        cut[lang].update(watch.cut)
            if over:
                break
            seat = sorted(rules.active_seats(state))[0]
            state, _ = step(rules, state, seat, pick.choice(rules.legal_actions(state, seat)))
    assert drawn >= 20
    assert cut == {"en": set(), "es": set()}, cut
