"""Spectators and referees (issue 28 item 5): the words of the referee's "sees everything" view.

A spectator (`/game watch`) is added to the table's public thread and reads what every non-player
reads there: the public board and narration, built only from the spectator view (`rules.view(state,
None)`) and events redacted for None, so a spectator never receives a secret.

A referee or streamer gets a *separate* private thread (Discord type 12) that an admin opens with
`/game referee` (cogs/watch.py). The engine has no seat-less omniscient view, and none is added: the
referee's view is every seat's own view side by side, `rules.view(state, seat)` for each seat of
the game, drawn by the game's presenter as text (`board_text`, plus the seat's private text: a
hand, a plan). Whatever any seat may know, the referee sees; nothing more (the dice's future, a
deck's order nobody has seen) is shown, since no seat knows it either. These words go only to the
referee thread, never to the table's thread or a player's DM.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import game_name, seat_name, t
from bot.panels import pack_blocks
from bot.store import TableRecord
from engine.core import Rules
from renderers.base import Presenter


def referee_messages(
    table: TableRecord, rules: Rules[Any], presenter: Presenter, state: Any | None, lang: str
) -> list[str]:
    """The whole position as every seat knows it, seat by seat, in messages of at most
    `panels.CONTENT_LIMIT` characters: a title line, then for each seat its name, its board in words
    and its private text (None for a seat with nothing private)."""
    title = t(lang, "watch.referee_title", table=table.number, game=game_name(table.game, lang))
    if state is None:
        return [f"{title}\n{t(lang, 'bot.not_started_yet')}"]
    blocks = [title]
    for seat in rules.seats:
        view = rules.view(state, seat)
        blocks.append(t(lang, "watch.referee_seat", seat=seat_name(table.game, seat, lang)))
        blocks += presenter.board_text(view, lang)
        private = presenter.private_text(view, lang)
        if private:
            blocks.append(private)
    return pack_blocks(blocks)


def thread_name(table: TableRecord, lang: str) -> str:
    """The referee thread's name (Discord allows 1-100 characters)."""
    return t(lang, "watch.referee_thread", table=table.number, game=game_name(table.game, lang))[:100]
