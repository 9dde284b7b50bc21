"""The playground's step-through replay page (issue 28 item 1): any table, a spectator's view, one
step at a time with its narration; the pictures drawn by the bot."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from PIL import Image

from bot.games import presenter_for
from playground.emulator import Clock
from playground.runner import Playground
from tests.bot.test_aftergame import _play
from tests.playground.test_playground import _restore_endpoints  # noqa: F401  (autouse fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    pg = Playground(tmp_path / "pg.db", port=0, history=True, deadline_clock=Clock.stopped())
    await pg.start()
    yield pg
    await pg.stop()


async def _get(pg: Playground, path: str) -> tuple[int, str, bytes]:
    async with aiohttp.ClientSession() as http, http.get(pg.url + path) as response:
        return response.status, response.content_type, await response.read()


async def test_a_finished_table_steps_through_as_a_spectator_saw_it(playground: Playground) -> None:
    assert playground.bot is not None
    service = playground.bot.tables
    table = await _play(service, "canyon")
    status, kind, body = await _get(playground, f"replay/{table.id}")
    assert status == 200 and b"Tablero replay" in body and b"replay.js" in body
    status, kind, body = await _get(playground, f"api/replay/{table.id}?lang=es")
    assert status == 200 and kind == "application/json"
    data = json.loads(body)
    steps = data["steps"]
    assert data["number"] == table.number and len(steps) > 5 and steps[-1]["version"] == table.version
    # the narration is the public one: every line is an event's as a spectator sees it
    rules = service.rules_of(table)
    presenter = presenter_for(table.game)
    public = set()
    for record in await service.store.load_events(table.id):
        shown = rules.parse_event(record.data).redacted_for(None)
        if shown is not None:
            public.add(presenter.narrate(shown, "es"))
    assert all(line in public for step in steps for line in step["lines"])
    for n in (0, len(steps) - 1):
        status, kind, body = await _get(playground, f"api/replay/{table.id}/{n}")
        assert status == 200 and kind == "image/png"
        with Image.open(io.BytesIO(body)) as image:
            assert image.width > 100
    assert (await _get(playground, f"api/replay/{table.id}/{len(steps)}"))[0] == 404
    assert (await _get(playground, "api/replay/999"))[0] == 404
    assert (await _get(playground, f"api/replay/{table.id}?lang=xx"))[0] == 400
