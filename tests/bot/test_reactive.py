"""Reactive windows between two players (SHB-5.3, DW-PS-2): the Marine player's interrupt prompt
reaches only him, with nothing of his secret command points in what the Genestealer player gets;
standing orders answer such prompts so an asynchronous game does not wait on every one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.store import SqliteStore
from bot.tables import TableService
from engine.core import Rejected, dice_for
from engine.spacehulk.state import AgInterrupt

from .duel_table import two_players
from .spacehulk_table import spacehulk_presenter

MARINE, STEALER = 101, 202
USERS = {"marine": MARINE, "genestealer": STEALER}


@pytest.fixture
def hulk() -> Iterator[object]:
    with spacehulk_presenter() as presenter:
        yield presenter


async def pvp(service: TableService) -> int:
    return await two_players(
        service,
        "spacehulk",
        side="marine",
        options={"timer_mode": "untimed"},
        creator=MARINE,
        opponent=STEALER,
    )


async def play_until_interrupt(service: TableService, table: int, *, limit: int = 400) -> int:
    """Both players play as the engine's AI would, through the service, until a Genestealer action
    opens the Marine player's interrupt window; the version of that change."""
    for _ in range(limit):
        loaded = await service.load(table)
        rules, state = loaded.rules, loaded.state
        if isinstance(state.top(), AgInterrupt):
            return loaded.table.version
        [seat] = sorted(rules.active_seats(state))
        legal = rules.legal_actions(state, seat)
        action = rules.pilot(seat).choose(rules.view(state, seat), legal, dice_for(state).fork("test"))
        await service.submit(table, USERS[seat], action, loaded.table.version)
    raise AssertionError("no interrupt window came up")


async def test_an_interrupt_prompt_reaches_only_the_marine_player(
    service: TableService, store: SqliteStore, hulk: object
) -> None:
    table = await pvp(service)
    version = await play_until_interrupt(service, table)
    loaded = await service.load(table)
    assert loaded.rules.active_seats(loaded.state) == {"marine"}
    rows = [r for r in await store.deliveries(table) if r.version == version]
    # the prompt: a private message to the Marine player only, and his turn-post mention only
    assert [r.target for r in rows if r.kind == "dm"] == [f"user:{MARINE}"]
    [turn] = [r for r in rows if r.kind == "turn"]
    assert turn.payload["ping"] == [MARINE]
    # SHB-5.1: the Genestealer player's view and the public view carry no command points
    for seat in ("genestealer", None):
        view = loaded.rules.view(loaded.state, seat)
        assert view.cp is None and view.cp_drawn is None and view.cp_dice is None
    # the window is open to the Marine player only (SHB-5.3): the Genestealer player cannot act in it
    with pytest.raises(Rejected) as refused:
        await service.order(table, STEALER, "end")
    assert refused.value.message_id == "core.not_your_turn"


async def test_standing_orders_answer_the_prompt_and_the_game_does_not_wait(
    service: TableService, store: SqliteStore, hulk: object
) -> None:
    """ "Overwatch shots only": every CP interrupt window is passed for the Marine player, at once."""
    table = await pvp(service)
    version = await play_until_interrupt(service, table)
    # given while the prompt waits: it answers it at once
    record, answered = await service.set_standing(table, MARINE, "interrupt", "overwatch_only")
    assert answered and record.version > version
    state = (await service.load(table)).state
    assert not isinstance(state.top(), AgInterrupt)
    assert (await store.standing(table)) == {"marine": {"interrupt": "overwatch_only"}}
    # and from then on no interrupt window ever waits for him
    since = record.version
    for _ in range(80):
        loaded = await service.load(table)
        if loaded.rules.outcome(loaded.state) is not None:
            break
        assert not isinstance(loaded.state.top(), AgInterrupt)
        [seat] = sorted(loaded.rules.active_seats(loaded.state))
        legal = loaded.rules.legal_actions(loaded.state, seat)
        action = loaded.rules.pilot(seat).choose(
            loaded.rules.view(loaded.state, seat), legal, dice_for(loaded.state).fork("test")
        )
        await service.submit(table, USERS[seat], action, loaded.table.version)
    opened = [
        r
        for r in (await store.load_events(table))[since:]
        if r.kind == "agenda_pushed" and any(item["kind"] == "interrupt" for item in r.data["items"])
    ]
    assert opened  # windows did open meanwhile, and were passed without a prompt


async def test_standing_orders_are_the_games_own(service: TableService, hulk: object) -> None:
    table = await pvp(service)
    for user, name, value in ((MARINE, "interrupt", "always"), (MARINE, "bluff", "ask")):
        with pytest.raises(Rejected) as refused:
            await service.set_standing(table, user, name, value)
        assert refused.value.message_id == "bot.standing_unknown"
    # either seat may give them (the bids may give it the Marines, DW-BID-1); they answer only the
    # Marine side's prompts, so the Genestealer player's have nothing to answer here
    record, answered = await service.set_standing(table, STEALER, "interrupt", "overwatch_only")
    assert not answered
