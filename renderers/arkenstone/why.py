"""An Arkenstone ruling drawn on the seat's view of the table (issue 29 item 5, `/why`): the ruler
along the measured line (a move from where it began, or the gap between Smaug and Bilbo that decided
whether he senses the thief), ticked every inch, with its length in inches, and the limit it was
measured against as a ring (the move's allowance, or Smaug's senses' reach). Everything else is the
table as `board_png` draws it. Pure: a view and the engine's ruling in, PNG bytes out; both players
see the same table in this game.
"""

from __future__ import annotations

import math

from engine.arkenstone import ArkenstoneView
from engine.core import Ruling
from renderers.i18n import t

from . import board

RULER_INK = (255, 214, 64)


def _num(lang: str, value: float) -> str:
    said = f"{value:.2f}".rstrip("0").rstrip(".")
    return said.replace(".", ",") if lang == "es" else said


def why_png(view: ArkenstoneView, ruling: Ruling, lang: str) -> bytes:
    """The seat's table with the ruling's ruler and its limit drawn over it."""
    c = board.Canvas(board._base().copy())
    c.text(
        (board.RULER / 2, board.RULER + board.TABLE_PX + board.RULER / 2 + 4),
        t(lang, "arkenstone.img.inches"),
        9,
        board.MUTED,
        anchor="mm",
    )
    board._free_cells(c, view)
    board._cards(c, view)
    board._figures(c, view)
    if len(ruling.path) >= 2:
        (x0, y0), (x1, y1) = ruling.path[0], ruling.path[-1]
        limit = ruling.numbers.get("allowance_in", ruling.numbers.get("range_in"))
        if isinstance(limit, int | float):  # the limit as a ring around where the measure starts
            cx, cy = c.px(x0, y0)
            r = c.inch(float(limit))
            c.glass.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(*RULER_INK, 200), width=c.w(2))
        ax, ay = c.px(x0, y0)
        bx, by = c.px(x1, y1)
        c.glass.line((ax, ay, bx, by), fill=(*RULER_INK, 255), width=c.w(3))
        length_in = math.hypot(x1 - x0, y1 - y0)
        for i in range(1, int(length_in) + 1):  # a tick every inch
            share = i / length_in
            tx, ty = ax + (bx - ax) * share, ay + (by - ay) * share
            nx, ny = (
                -(by - ay) / (length_in * board.PX_PER_IN * board.SS),
                (bx - ax) / (length_in * board.PX_PER_IN * board.SS),
            )
            half = c.s(5)
            c.glass.line(
                (tx - nx * half, ty - ny * half, tx + nx * half, ty + ny * half),
                fill=(*RULER_INK, 255),
                width=c.w(2),
            )
        said = next(
            (ruling.numbers[k] for k in ("length_in", "gap_in", "card_gap_in") if k in ruling.numbers),
            round(length_in, 2),
        )
        c.compose()
        label = t(lang, "why.img.ruler", length=_num(lang, float(said)), unit="in")  # type: ignore[arg-type]
        c.text((bx / board.SS + 16, by / board.SS - 22), label, 13, RULER_INK, bold=True)
    else:
        c.compose()
    board._card_labels(c, view)
    board._panel(c, view, lang)
    return c.flatten()
