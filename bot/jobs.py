"""The work the bot sends to its worker processes (bot/offload.py): module-level, picklable in and out.

Each job names its game and gets views (already redacted for their reader, pickled) or states as
the store holds them (JSON), never a Discord object; it returns plain data (PNG bytes, Panel).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core import Action, Event, Ruling
from renderers.base import Picking, Target
from renderers.palette import DEFAULT, use
from renderers.stamp import stamp

from .games import presenter_for


def status_image(
    game: str,
    view: BaseModel,
    lang: str,
    banner: str | None,
    last_turn: Sequence[Event] = (),
    palette: str = DEFAULT,
) -> bytes:
    """The public board image of a spectator view, with a banner across it for a table the bot ended;
    with the last summed-up turn drawn on it (`last_turn`, redacted for nobody) when there is one. In
    the default palette for the status message everyone sees; in a user's own `palette` when it is
    shown to them alone (`/status`)."""
    presenter = presenter_for(game)
    with use(palette):
        png = (
            presenter.turn_board_png(view, last_turn, lang) if last_turn else presenter.board_png(view, lang)
        )
    return stamp(png, banner) if banner else png


def piece_image(
    game: str, view: BaseModel, action: Action, lang: str, palette: str = DEFAULT
) -> bytes | None:
    """The seat's picture while it looks at one piece's actions (the action is the piece's first), in
    the seat's player's `palette` (renderers/palette.py)."""
    presenter = presenter_for(game)
    with use(palette):
        return presenter.piece_png(view, action, lang) or presenter.private_png(view, lang)


def preview_image(
    game: str, view: BaseModel, action: Action, lang: str, palette: str = DEFAULT
) -> bytes | None:
    """The seat's picture with a previewed action drawn on it, before it is confirmed (issue 26 item 5),
    in the player's `palette`."""
    presenter = presenter_for(game)
    with use(palette):
        return presenter.preview_png(view, action, lang) or presenter.private_png(view, lang)


def private_image(game: str, view: BaseModel, lang: str, palette: str = DEFAULT) -> bytes | None:
    """The image of one seat's secrets (its view), if the game draws one, in the player's `palette`."""
    with use(palette):
        return presenter_for(game).private_png(view, lang)


def why_image(game: str, view: BaseModel, ruling: Ruling, lang: str, palette: str = DEFAULT) -> bytes | None:
    """A ruling drawn on the seat's own view (`/why`, issue 29 item 5), if the game draws one, in the
    player's `palette`."""
    with use(palette):
        return presenter_for(game).why_png(view, ruling, lang)


def picking_image(
    game: str,
    view: BaseModel,
    picking: Picking,
    lettered: Sequence[tuple[str, Target]],
    lang: str,
    palette: str = DEFAULT,
) -> bytes | None:
    """The close-up around the acting piece with its targets lettered (issue 29 item 4), in the
    player's `palette`."""
    with use(palette):
        return presenter_for(game).picking_png(view, picking, lettered, lang)
