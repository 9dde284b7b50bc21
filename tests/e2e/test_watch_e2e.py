"""Spectators and referees (issue 28 item 5), end to end through the emulator: a spectator watches a
whole Canyon game from the table's thread and receives no secret; an admin opens a private referee
thread that shows every seat's view, which no player of the table may join or read."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import presenter_for
from engine.registry import GAMES
from playground.emulator import Emulator
from tests.reliability.support import challenge
from tests.reliability.test_hidden_information import descriptions, secrets_of

from .harness import World, drive, run

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.canyon")

PRIVATE_THREAD = 12


def _lines(text: str | None) -> set[str]:
    return {line.strip() for line in (text or "").splitlines() if len(line.strip()) >= 6}


async def test_a_spectator_watches_a_whole_canyon_game_and_a_referee_sees_everything(
    emu: Emulator, world: World, start: Any
) -> None:
    tablero = await start()
    dave = emu.create_user("dave", locale="es-ES").id
    emu.add_member(world.guild, dave)
    table, thread = await challenge(
        emu, tablero, world.alice, world.bob, world.channel, game="canyon", side="marine"
    )
    record = await tablero.tables.get(table)
    number = {"table": record.number}

    # a spectator joins the table's thread without taking a seat; a player is told the thread is theirs
    [watching] = await run(await emu.slash(dave, world.channel, "game watch", number))
    assert f"<#{thread}>" in watching.content and watching.ephemeral_to == dave
    assert dave in emu.thread_members(thread)
    assert (await tablero.tables.get(table)).seat_of(dave) is None
    [mine] = await run(await emu.slash(world.alice, world.channel, "game watch", number))
    assert "You play at table" in mine.content

    # the referee thread: only an admin opens it, never for a player of the table
    [refused] = await run(
        await emu.slash(world.carol, world.channel, "game referee", number | {"user": world.carol})
    )
    assert "Only a server admin" in refused.content
    for player in (world.alice, world.bob):
        [refused] = await run(
            await emu.slash(world.admin, world.channel, "game referee", number | {"user": player})
        )
        assert "cannot see everything" in refused.content
    assert emu.threads(world.channel) == [thread]
    [opened] = await run(
        await emu.slash(world.admin, world.channel, "game referee", number | {"user": world.carol})
    )
    [referee] = [t for t in emu.threads(world.channel) if t != thread]
    assert f"<#{referee}>" in opened.content
    channel = emu.store.channels[referee]
    assert channel.type == PRIVATE_THREAD and not channel.invitable
    assert emu.thread_members(referee) == {emu.bot.id, world.carol}

    # the full view: every seat's secrets (the Marine's hand), in the referee thread alone (posted
    # by the delivery worker, which keeps it up to date from now on)
    await tablero.delivery.wait_idle()
    loaded = await tablero.tables.load(table)
    presenter = presenter_for("canyon")
    hand = _lines(presenter.private_text(loaded.rules.view(loaded.state, "marine"), record.lang))
    assert hand
    said = "\n".join(m.content for m in emu.messages(referee))
    assert hand <= _lines(said)
    for outsider in (world.alice, world.bob, dave):
        assert not [m for m in emu.visible_to(outsider) if m.channel_id == referee]

    # the referee asks for the board again from inside the thread; a player may not, anywhere
    before = [m.id for m in emu.messages(referee)]
    [again] = await run(await emu.slash(world.carol, referee, "game referee", number))
    await tablero.delivery.wait_idle()
    assert "drawn again in this thread" in again.content
    assert [m.id for m in emu.messages(referee)] == before  # drawn again in place: no new post
    opening = "\n".join(m.content for m in emu.messages(referee))
    [elsewhere] = await run(await emu.slash(world.carol, thread, "game referee", number))
    assert "referee thread" in elsewhere.content

    rng = random.Random(5)
    await drive(
        emu, [world.alice, world.bob], thread, table, settle=tablero.delivery.wait_idle, choose=rng.choice
    )
    await tablero.delivery.wait_idle()
    assert (await tablero.tables.get(table)).status == "finished"

    # the referee thread followed every turn in the same message(s) (the quiet rule), to the end
    assert [m.id for m in emu.messages(referee)] == before
    final = await tablero.tables.load(table)
    final_hand = _lines(presenter.private_text(final.rules.view(final.state, "marine"), record.lang))
    now = "\n".join(m.content for m in emu.messages(referee))
    assert now != opening and final_hand <= _lines(now)

    # the hidden-information scan over everything the spectator received: no seat's secret
    rules = GAMES["canyon"]
    log = await tablero.store.load_events(table)
    events = [rules.parse_event(e.data) for e in log]
    ends = [r.seq for r, nxt in zip(log, [*log[1:], None], strict=True) if nxt is None or nxt.at != r.at]
    private, _ = secrets_of(rules, presenter, events, ends)
    assert all(private.values())
    pictures = descriptions(emu)
    seen = emu.visible_to(dave)
    assert sum(1 for m in seen if m.channel_id == thread) > len(ends) // 2  # the spectator saw the game
    for message in seen:
        text = "\n".join([message.content, *pictures.get(message.id, [])])
        for seat, lines in private.items():
            leaked = [line for line in lines if line in text]
            assert not leaked, f"{seat}'s secret {leaked[:2]} reached the spectator"
