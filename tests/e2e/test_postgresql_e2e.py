"""The real bot on PostgreSQL (TABLERO_DB=postgresql://...) through the emulator: a Duel from the
slash command, half played, the bot restarted on the same database, the old DM buttons clicked on to
the end (issue 25 item 1: the same semantics as on SQLite)."""

from __future__ import annotations

from typing import Any

import pytest

from playground.emulator import Emulator
from tests.bot.engines import empty_schema, need_pg, pg_schema

from .conftest import BotStarter
from .harness import World, has_actions, pick, run, status_message

pytestmark = [pytest.mark.e2e, pytest.mark.postgresql]


@pytest.fixture
async def db_path() -> Any:
    """The database the bot is started on: this worker's PostgreSQL schema, emptied (a URL, not a path)."""
    url = need_pg()
    schema = pg_schema()
    await empty_schema(url, schema)
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


async def test_a_duel_on_postgresql_survives_a_restart_and_its_old_buttons_work(
    emu: Emulator, world: World, start: BotStarter, duel_game: object, db_path: str
) -> None:
    tablero = await start()
    assert type(tablero.store).__name__ == "PostgresStore"
    it = await emu.slash(
        world.alice, world.channel, "game new", {"game": "duel", "side": "red", "options": "rounds=2"}
    )
    [reply] = await run(it)
    assert "against the AI" in reply.content
    [thread] = emu.threads(world.channel)
    await tablero.delivery.wait_idle()
    [prompt] = [m for m in emu.dm_messages(world.alice) if has_actions(m)]
    before = len(await tablero.store.load_events(1))
    [prompt] = await run(await pick(emu, world.alice, prompt))  # one move, then the bot goes down
    played = [e.kind for e in await tablero.store.load_events(1)]
    assert len(played) > before and has_actions(prompt)  # acknowledged, and the game goes on
    await tablero.close()

    again = await start()  # a new process on the same database
    assert [e.kind for e in await again.store.load_events(1)] == played  # nothing acknowledged is lost
    for _ in range(20):  # the DM prompt sent before the restart still plays
        clicked = prompt.id
        [prompt] = await run(await pick(emu, world.alice, prompt))
        assert prompt.id == clicked
        if not has_actions(prompt):
            break
    await again.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert status is not None and "Game over" in status.content and "tb:rematch:1" in status.custom_ids
    table = await again.store.get_table(1)
    assert table is not None and table.status == "finished"
