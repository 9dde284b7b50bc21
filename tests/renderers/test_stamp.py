"""The banner for tables the bot ended (resignation, abandon) hides nothing of the board."""

from __future__ import annotations

import io

from PIL import Image

from engine.arkenstone import RULES as ARKENSTONE
from engine.canyon import RULES as CANYON
from engine.core import new_game
from renderers.arkenstone import PRESENTER as ARKENSTONE_PRESENTER
from renderers.canyon import PRESENTER as CANYON_PRESENTER
from renderers.stamp import band_height, stamp


def test_the_banner_goes_above_the_board_and_every_board_pixel_stays() -> None:
    # Issue 15 item 7: "the end banner does not hide a figure" — nor anything else of the board.
    for rules, presenter in ((CANYON, CANYON_PRESENTER), (ARKENSTONE, ARKENSTONE_PRESENTER)):
        state, _ = new_game(rules, None, 3)
        png = presenter.board_png(rules.view(state, None), "en")
        board = Image.open(io.BytesIO(png)).convert("RGB")
        out = Image.open(io.BytesIO(stamp(png, "Game over"))).convert("RGB")
        band = band_height(board.height)
        assert out.size == (board.width, board.height + band)
        assert out.crop((0, band, out.width, out.height)).tobytes() == board.tobytes()
        # The band carries the text: light pixels in it.
        assert max(out.crop((0, 0, out.width, band)).convert("L").tobytes()) > 200
