"""The referee's full view (issue 28 item 5, bot/watch.py): every seat's view side by side, drawn
from `rules.view(state, seat)` for each seat, so it carries each seat's secrets and nothing more."""

from __future__ import annotations

from bot import watch
from bot.games import presenter_for
from bot.panels import CONTENT_LIMIT
from engine.core import new_game
from engine.registry import GAMES
from tests.reliability.test_hidden_information import record_for


def _lines(text: str | None) -> set[str]:
    return {line.strip() for line in (text or "").splitlines() if line.strip()}


def test_the_referee_sees_every_seats_secrets_and_the_spectator_none() -> None:
    rules, presenter = GAMES["canyon"], presenter_for("canyon")
    state, _ = new_game(rules, None, 6)
    record = record_for(rules, state, 6)
    for lang in ("en", "es"):
        messages = watch.referee_messages(record, rules, presenter, state, lang)
        said = _lines("\n".join(messages))
        assert all(len(m) <= CONTENT_LIMIT for m in messages)
        secrets = set()
        for seat in rules.seats:
            secrets |= _lines(presenter.private_text(rules.view(state, seat), lang))
        assert secrets and secrets <= said
        # the spectator's board in words carries none of those lines
        public = {
            line for block in presenter.board_text(rules.view(state, None), lang) for line in _lines(block)
        }
        assert not secrets & public
    assert "Referee" in watch.thread_name(record, "en") and "Árbitro" in watch.thread_name(record, "es")


def test_a_table_not_started_says_so() -> None:
    rules, presenter = GAMES["canyon"], presenter_for("canyon")
    state, _ = new_game(rules, None, 6)
    record = record_for(rules, state, 6)
    [message] = watch.referee_messages(record, rules, presenter, None, "en")
    assert "Table #7" in message and len(message.splitlines()) == 2
