"""Authorization through the emulator: who may press what.

Non-players (a spectator in the thread, an admin), the wrong seat and a player out of turn press
every component of a running table (the real action buttons of the seats' own panels, copied onto
a message they can see, selects and pages included) and run every command on it: 0 actions are
accepted and the store does not move. Admin-only commands (/game abandon of a running table,
/game language) refuse everyone but an admin; only the creator starts a lobby.
"""

from __future__ import annotations

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator, InteractionRecord, MessageRecord
from renderers.i18n import t
from tests.e2e.harness import World, has_actions, my_hand, run, status_message

from .support import BROKE, challenge, says

pytestmark = pytest.mark.e2e


def fingerprint(db_path) -> tuple:
    from .support import rows

    return (
        rows(db_path, "SELECT id, status, version, seats, outcome FROM tables ORDER BY id"),
        rows(db_path, "SELECT COUNT(*) FROM events"),
        rows(db_path, "SELECT guild_id, language FROM guild_settings"),
    )


def components_of(panel: MessageRecord) -> list[dict]:
    return [c for c in panel.walk_components() if "custom_id" in c]


async def press(emu: Emulator, user: int, carrier: MessageRecord, component: dict) -> MessageRecord:
    """Press a component copied onto `carrier` (a message the user can see), as any client can."""
    carrier.components.append({"type": 1, "components": [component]})
    try:
        if component["type"] == 3:
            options = component.get("options") or [{"value": "0"}]
            it: InteractionRecord = await emu.select(
                user, carrier.id, component["custom_id"], [options[0]["value"]]
            )
        else:
            it = await emu.click(user, carrier.id, component["custom_id"])
        [reply] = (await run(it))[-1:]
        return reply
    finally:
        carrier.components.pop()


def refused(reply: MessageRecord) -> bool:
    return reply.ephemeral and "✅" not in reply.content and not says(reply, BROKE) and not has_actions(reply)


async def test_nobody_but_the_seat_to_act_moves_a_table(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    pytest.importorskip("renderers.canyon")
    dave = emu.create_user("dave", locale="es-ES").id
    emu.add_member(world.guild, dave)
    duel, duel_thread = await challenge(
        emu, tablero, world.alice, world.bob, world.channel, rounds=2, hand_size=30
    )
    canyon, canyon_thread = await challenge(
        emu, tablero, world.carol, dave, world.channel, game="canyon", side="marine"
    )
    await tablero.delivery.wait_idle()

    # the real components of each seat's panel, from the seats themselves
    duel_red = await my_hand(emu, world.alice, duel_thread, duel)  # selects and pages (30 cards)
    canyon_state = (await tablero.tables.load(canyon)).state
    rules = (await tablero.tables.load(canyon)).rules
    [to_act] = sorted(rules.active_seats(canyon_state))
    acting_user = world.carol if to_act == "marine" else dave
    waiting_user = dave if acting_user == world.carol else world.carol
    canyon_panel = await my_hand(emu, acting_user, canyon_thread, canyon)
    assert components_of(duel_red) and components_of(canyon_panel)

    before = fingerprint(db_path)
    carrier_duel = status_message(emu, duel_thread, duel)
    carrier_canyon = status_message(emu, canyon_thread, canyon)
    replies = []
    # non-players (a spectator and an admin) press everything on both tables
    for outsider in (world.carol, world.admin):
        for component in components_of(duel_red):
            replies.append(("duel", outsider, await press(emu, outsider, carrier_duel, component)))
    for outsider in (world.alice, world.admin):
        for component in components_of(canyon_panel):
            replies.append(("canyon", outsider, await press(emu, outsider, carrier_canyon, component)))
    # the wrong seat / out of turn: the Canyon seat that is not to act presses the one that is
    for component in components_of(canyon_panel):
        replies.append(("canyon", waiting_user, await press(emu, waiting_user, carrier_canyon, component)))
    # ... and "My hand" shows a waiting seat no choices
    panel = await my_hand(emu, waiting_user, canyon_thread, canyon)
    assert not has_actions(panel)
    assert len(replies) >= 10
    assert all(refused(reply) for _, _, reply in replies), [
        r.content[:120] for _, _, r in replies if not refused(r)
    ]
    for game, user, reply in replies:
        table = duel if game == "duel" else canyon
        if user == waiting_user:
            assert says(reply, "core.not_your_turn") or says(reply, "bot.table_moved_on"), reply.content
        else:
            assert says(reply, "bot.not_a_player", table=table), reply.content
    assert fingerprint(db_path) == before

    # commands on the tables by non-players
    for user, thread, table in ((world.carol, duel_thread, duel), (world.alice, canyon_thread, canyon)):
        for command in ("game resign", "game start", "game join", "game abandon"):
            [reply] = await run(await emu.slash(user, thread, command, {"table": table}))
            assert refused(reply), (command, reply.content)
    assert fingerprint(db_path) == before


async def test_admin_only_commands_refuse_everyone_else(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    before = fingerprint(db_path)
    for user in (world.alice, world.bob, world.carol):  # the creator, the other player, a spectator
        [reply] = await run(await emu.slash(user, thread, "game abandon", {"table": table}))
        assert refused(reply) and says(reply, "bot.admins_only"), reply.content
        [reply] = await run(await emu.slash(user, world.channel, "game language", {"language": "es"}))
        assert refused(reply) and says(reply, "bot.admins_only_language"), reply.content
    assert fingerprint(db_path) == before
    [reply] = await run(await emu.slash(world.admin, world.channel, "game language", {"language": "es"}))
    # in the admin's language, naming the server's; the challenge's table runs on in it (issue 27 item 8)
    assert reply.content == t("en", "bot.server_language", language="es", count=1), reply.content
    [reply] = await run(await emu.slash(world.admin, thread, "game abandon", {"table": table}))
    assert says(reply, "bot.abandoned", table=table)
    assert (await tablero.tables.get(table)).status == "abandoned"


async def test_only_the_creator_starts_a_lobby_and_only_the_invited_join(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    await run(
        await emu.slash(world.alice, world.channel, "game new", {"game": "duel", "opponent": world.bob})
    )
    lobby_table = (await tablero.store.list_tables())[0]
    lobby = await emu.wait_for(lambda: status_message(emu, lobby_table.thread_id, lobby_table.id))
    before = fingerprint(db_path)
    for user in (world.bob, world.carol, world.admin):
        reply = (await run(await emu.click(user, lobby.id, f"tb:start:{lobby_table.id}")))[-1]
        assert refused(reply) and says(reply, "bot.creator_only", table=lobby_table.id), reply.content
    for user in (world.carol, world.admin):
        reply = (await run(await emu.click(user, lobby.id, f"tb:join:{lobby_table.id}")))[-1]
        assert refused(reply) and says(reply, "bot.not_invited", table=lobby_table.id), reply.content
    assert fingerprint(db_path) == before
