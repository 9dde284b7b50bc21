"""Languages (issue 27 item 8): a server's language change applies to its running tables from
their next message (their status message is redrawn in it at once), and the confirmation is in the
language of the admin who reads it, naming the server's new language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator
from renderers.i18n import t

from .harness import World, run, status_message

pytestmark = pytest.mark.e2e


async def test_a_server_language_change_reaches_the_running_tables_and_is_confirmed_in_the_readers_language(
    emu: Emulator, world: World, start: Any
) -> None:
    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 6
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "canyon", "side": "marine"}))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert status is not None
    rules_en, rules_es = t("en", "bot.button.rules"), t("es", "bot.button.rules")
    labels = lambda: [c.get("label") for c in status.walk_components()]  # noqa: E731
    assert rules_en in labels()

    # the admin reads English: the confirmation is English, and names Spanish and the running table
    [reply] = await run(await emu.slash(world.admin, world.channel, "game language", {"language": "es"}))
    assert reply.content == t("en", "bot.server_language", language="es", count=1), reply.content
    await bot.delivery.wait_idle()
    assert (await bot.tables.get(1)).lang == "es"
    await emu.wait_for(lambda: rules_es in labels())  # the status message, redrawn in Spanish
    assert t("es", "canyon.name") in status.content and t("en", "canyon.name") not in status.content
    # a Spanish-speaking admin is answered in Spanish
    emu.store.users[world.admin].locale = "es-ES"
    [reply] = await run(await emu.slash(world.admin, world.channel, "game language", {"language": "en"}))
    assert reply.content == t("es", "bot.server_language", language="en", count=1), reply.content
    await bot.delivery.wait_idle()
    await emu.wait_for(lambda: rules_en in labels())
