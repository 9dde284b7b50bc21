"""Message builders: action components (buttons, selects, pages), views that discord.py will not store."""

from __future__ import annotations

from bot.panels import ButtonSpec, Panel, SelectSpec, action_components, clip, turn_content
from engine.core import Outcome
from tests.games.duel import Commit
from tests.games.duel_presenter import DuelPresenter


def _actions(n: int) -> list[Commit]:
    return [Commit(card=i + 1) for i in range(n)]


def test_few_actions_are_buttons_in_rows_of_five() -> None:
    specs = action_components(7, 3, _actions(12), DuelPresenter(), "en")
    assert all(isinstance(s, ButtonSpec) for s in specs)
    assert [s.custom_id for s in specs[:2]] == ["tb:a:7:3:0", "tb:a:7:3:1"]
    assert [s.row for s in specs] == [0] * 5 + [1] * 5 + [2] * 2


def test_many_actions_become_selects_of_25_and_pages_of_100() -> None:
    presenter = DuelPresenter()
    first = action_components(7, 3, _actions(130), presenter, "en", page=0)
    selects = [s for s in first if isinstance(s, SelectSpec)]
    assert [len(s.options) for s in selects] == [25, 25, 25, 25]
    assert selects[1].options[0] == ("Commit gem-26", "25")  # values are indices into legal_actions
    assert [s.custom_id for s in first if isinstance(s, ButtonSpec)] == ["tb:p:7:3:1"]
    second = action_components(7, 3, _actions(130), presenter, "en", page=1)
    assert [len(s.options) for s in second if isinstance(s, SelectSpec)] == [25, 5]
    assert [s.custom_id for s in second if isinstance(s, ButtonSpec)] == ["tb:p:7:3:0"]
    assert len({s.custom_id for s in first + second}) == len(first) + len(second)


async def test_views_are_stopped_so_discord_py_never_stores_them() -> None:
    panel = Panel("x", components=action_components(1, 1, _actions(3), DuelPresenter(), "en"))
    view = panel.view()
    assert view is not None and view.is_finished() and len(view.children) == 3
    assert Panel("no components").view() is None


def test_long_turn_messages_keep_the_ping() -> None:
    class Table:
        outcome = None
        status = "active"

    body = turn_content(Table(), ["x" * 300] * 10, [42], "en", final=False)  # type: ignore[arg-type]
    assert len(body) <= 2000 and body.endswith("press **My hand** on the table message.") and "<@42>" in body
    assert clip("y" * 2500).endswith("…") and len(clip("y" * 2500)) == 2000


class _Said:
    """A stand-in event: its public form says `public`; None when spectators see nothing of it."""

    def __init__(self, public: str | None) -> None:
        self.public = public

    def redacted_for(self, seat: object) -> _Said | None:
        assert seat is None  # the status message is built for spectators only
        return None if self.public is None else _Said(self.public)


class _Narrator:
    def narrate(self, event: _Said, lang: str) -> str | None:
        return event.public


def test_the_status_message_quotes_the_latest_change_and_only_its_end_when_long() -> None:
    from bot.panels import RECENT_CHARS, RECENT_LINES, recent_block

    short = recent_block(_Narrator(), [_Said("a"), _Said(None), _Said("b")], "en")  # type: ignore[arg-type]
    assert short == ["**Just now:**", "> a", "> b"]
    assert recent_block(_Narrator(), [_Said(None)], "es") == []  # type: ignore[arg-type]
    lines = [f"line {i} " + "x" * 90 for i in range(20)]
    long = recent_block(_Narrator(), [_Said(x) for x in lines], "es")  # type: ignore[arg-type]
    assert long[:2] == ["**Lo último:**", "> …"] and long[-1] == f"> {lines[-1]}"
    kept = long[2:]
    assert len(kept) <= RECENT_LINES and sum(len(x) for x in kept) <= RECENT_CHARS + 3 * RECENT_LINES
    assert [x[2:] for x in kept] == lines[-len(kept) :]


async def test_a_table_ended_by_resignation_shows_the_outcome_not_whose_move_it_was() -> None:
    import io

    from PIL import Image

    from bot.panels import status_panel
    from bot.store import TableRecord
    from engine.core import new_game
    from engine.registry import GAMES
    from renderers.canyon import PRESENTER

    rules = GAMES["canyon"]
    state, _ = new_game(rules, None, 3)
    assert rules.outcome(state) is None  # the rules still wait for the Marine

    def table(status: str, outcome: dict | None) -> TableRecord:
        return TableRecord(
            id=9,
            number=9,
            game="canyon",
            guild_id=1,
            channel_id=2,
            thread_id=3,
            status=status,  # type: ignore[arg-type]
            seats={"marine": 11, "ork": 12},
            invited=[],
            options={},
            seed=3,
            version=state.version,
            lang="en",
            status_message_id=None,
            created_by=11,
            outcome=Outcome.model_validate(outcome) if outcome else None,
            rematch_of=None,
            created_at=0.0,
            updated_at=0.0,
        )

    playing = await status_panel(table("active", None), rules, PRESENTER, state)
    resigned = await status_panel(
        table("finished", {"winners": ["ork"], "reason": "core.resigned", "params": {"seat": "marine"}}),
        rules,
        PRESENTER,
        state,
    )
    choosing = PRESENTER.status_text(rules.view(state, None), "en").splitlines()[-1]
    assert choosing in playing.content and choosing not in resigned.content
    assert "Game over" in resigned.content
    before, after = (Image.open(io.BytesIO(p.files[0][1])).convert("RGB") for p in (playing, resigned))
    # The banner sits above the unchanged board (issue 15 item 7: it hides no figure).
    band = after.height - before.height
    assert band > 0 and after.width == before.width
    assert after.crop((0, band, after.width, after.height)).tobytes() == before.tobytes()
    assert before.crop((0, 0, before.width, 40)) != after.crop((0, 0, after.width, 40))
