"""`/game replay` (issue 28 item 1) against a real SQLite file: an animated board from the spectator's
view or a seat's, its captions the narration that viewer read, under Discord's 10 MiB limit and
saying what was left out when a game does not fit."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot import replays
from bot.games import presenter_for
from bot.store import SqliteStore
from bot.tables import TableService
from engine.core import Rejected, apply
from tests.bot.test_aftergame import ALICE, _play


@pytest.fixture
async def real_service(store: SqliteStore, clock: Any) -> TableService:
    return TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: 4242)


def _frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF" and image.is_animated
        return image.n_frames


@pytest.mark.parametrize("viewer", ["seat", "spectator"])
async def test_a_finished_game_replays_from_the_viewers_view_with_its_narration(
    real_service: TableService, store: SqliteStore, viewer: str
) -> None:
    table = await _play(real_service, "canyon")
    spectator = viewer == "spectator"
    _, seat, replay = await real_service.replay_for(table.id, ALICE, "en", spectator=spectator)
    assert seat == (None if spectator else table.seat_of(ALICE))
    assert len(replay.data) <= replays.LIMIT_BYTES and replay.dropped == 0 and replay.scale == 1.0
    assert _frames(replay.data) == replay.frames > 5 and replay.per == "action"
    # what each picture shows and says: the viewer's view at that point, the narration it read
    rules = real_service.rules_of(table)
    presenter = presenter_for(table.game)
    records = await store.load_events(table.id)
    events = [rules.parse_event(r.data) for r in records]
    ends = replays.boundaries(records, await store.load_actions(table.id))
    found = replays.steps(rules, presenter, events, ends, seat, "en")
    assert len(found) == replay.frames
    read = {presenter.narrate(e.redacted_for(seat), "en") for e in events if e.redacted_for(seat)}
    for step in found:
        assert step.view == rules.view(apply(rules, None, events[: step.version]), seat)
        assert set(step.lines) <= read
    assert found[-1].version == table.version


async def test_during_the_game_a_player_replays_what_their_seat_has_seen(real_service: TableService) -> None:
    table = await real_service.create(game="canyon", creator=ALICE, guild_id=1, channel_id=2, lang="es")
    table = await real_service.open(table.id, thread_id=3)
    loaded = await real_service.load(table.id)
    seat = table.seat_of(ALICE)
    await real_service.submit(table.id, ALICE, loaded.rules.legal_actions(loaded.state, seat)[0], None)
    _, shown, replay = await real_service.replay_for(table.id, ALICE, "es")
    now = await real_service.load(table.id)
    assert shown == seat and _frames(replay.data) == replay.frames >= 2
    # its last picture is the board as the seat sees it now
    found = replays.steps(
        now.rules,
        presenter_for("canyon"),
        [now.rules.parse_event(r.data) for r in await real_service.store.load_events(table.id)],
        replays.boundaries(
            await real_service.store.load_events(table.id), await real_service.store.load_actions(table.id)
        ),
        seat,
        "es",
    )
    assert found[-1].view == now.rules.view(now.state, seat)


async def test_a_lobby_has_nothing_to_replay(real_service: TableService) -> None:
    table = await real_service.create(
        game="canyon", creator=ALICE, guild_id=1, channel_id=2, lang="en", opponent=202
    )
    with pytest.raises(Rejected) as exc:
        await real_service.replay_for(table.id, ALICE, "en")
    assert exc.value.message_id == "bot.not_started"


async def test_a_replay_too_big_for_the_limit_is_shrunk_then_cut_and_says_so(
    real_service: TableService, store: SqliteStore
) -> None:
    table = await _play(real_service, "canyon")
    records = await store.load_events(table.id)
    actions = await store.load_actions(table.id)
    whole = replays.render(table, records, actions, None, "en")
    smaller = replays.render(table, records, actions, None, "en", limit=len(whole.data) * 2 // 3)
    assert len(smaller.data) <= len(whole.data) * 2 // 3 and smaller.dropped == 0
    assert (smaller.scale, smaller.per) != (1.0, "action")  # drawn smaller, or a picture per turn
    tiny = replays.render(table, records, actions, None, "en", limit=len(whole.data) // 20)
    assert tiny.per == "turn" and tiny.scale == replays.SCALES[-1]
    assert tiny.dropped > 0 and tiny.frames < whole.frames  # the earliest turns left out, and said
