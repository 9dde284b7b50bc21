"""The work the bot sends to its worker processes (bot/offload.py): module-level, picklable in and out.

Each job names its game and gets views (already redacted for their reader, pickled) or states as
the store holds them (JSON), never a Discord object; it returns plain data (PNG bytes, Panel).
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Action
from renderers.stamp import stamp

from .games import presenter_for


def status_image(game: str, view: BaseModel, lang: str, banner: str | None) -> bytes:
    """The public board image of a spectator view, with a banner across it for a table the bot ended."""
    png = presenter_for(game).board_png(view, lang)
    return stamp(png, banner) if banner else png


def piece_image(game: str, view: BaseModel, action: Action, lang: str) -> bytes | None:
    """The seat's picture while it looks at one piece's actions (the action is the piece's first)."""
    presenter = presenter_for(game)
    return presenter.piece_png(view, action, lang) or presenter.private_png(view, lang)


def private_image(game: str, view: BaseModel, lang: str) -> bytes | None:
    """The image of one seat's secrets (its view), if the game draws one."""
    return presenter_for(game).private_png(view, lang)
