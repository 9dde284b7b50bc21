"""Driving the real bot through the emulator like a player would: read what the bot sent, click it."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.config import Settings
from bot.games import presenter_for
from playground.emulator import Emulator, InteractionRecord, MessageRecord

ACTION = re.compile(r"^tb:[as]:(\d+):(\d+):(\d+)$")


def settings_for(emu: Emulator, db_path: Path, **extra: Any) -> Settings:
    """Settings pointing at the emulator, ignoring any developer .env."""
    values: dict[str, Any] = {
        "DISCORD_TOKEN": emu.token,
        "TABLERO_DB": str(db_path),
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "TABLERO_GUILD_READY_TIMEOUT": 0.05,
        "LOG_LEVEL": "INFO",
    }
    values.update(extra)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


async def start_bot(
    emu: Emulator, settings: Settings, **kwargs: Any
) -> tuple[TableroBot, asyncio.Task[None]]:
    """The real bot, started with bot.start() against the emulator, until on_ready."""
    bot = TableroBot(settings, **kwargs)
    task = asyncio.create_task(bot.start(emu.token), name="tablero-under-test")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()
        raise TimeoutError("the bot did not become ready")
    return bot, task


async def stop_bot(bot: TableroBot, task: asyncio.Task[None]) -> None:
    await bot.close()
    try:
        await asyncio.wait_for(task, 5)
    except (asyncio.CancelledError, Exception):
        pass


async def start_spied(start: Callable[..., Any], request: pytest.FixtureRequest) -> TableroBot:
    """The bot for a game's e2e test: its jobs in-process when the test spies on the presenter
    (a worker process does not see a monkeypatch)."""
    return await start(TABLERO_WORKERS=0) if "spy" in request.fixturenames else await start()


PRESENTER_CALLS = ("board_png", "status_text", "narrate", "private_png", "private_text")


def spy_on(monkeypatch: pytest.MonkeyPatch, game: str) -> list[tuple[str, Any]]:
    """Record what a game's presenter is asked to draw or narrate: [(method, view or event)]."""
    presenter = presenter_for(game)
    calls: list[tuple[str, Any]] = []
    for name in PRESENTER_CALLS:
        original = getattr(presenter, name)

        def wrapped(arg: Any, lang: str, _original: Any = original, _name: str = name) -> Any:
            calls.append((_name, arg))
            return _original(arg, lang)

        monkeypatch.setattr(presenter, name, wrapped)
    return calls


def public_calls(calls: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The public drawings and words among the spied calls (at least one); every narrated event is
    the one redacted for nobody."""
    public = [(n, a) for n, a in calls if n in ("board_png", "status_text", "narrate")]
    assert public
    for name, arg in public:
        if name == "narrate":
            assert arg == arg.redacted_for(None), arg
    return [(n, a) for n, a in public if n != "narrate"]


@dataclass
class World:
    emu: Emulator
    guild: int
    channel: int
    alice: int
    bob: int
    carol: int
    admin: int


def build_world(emu: Emulator) -> World:
    guild = emu.create_guild("Game night")
    channel = emu.create_channel(guild.id, "games")
    alice = emu.create_user("alice", locale="en-US")
    bob = emu.create_user("bob", locale="es-ES")
    carol = emu.create_user("carol", locale="en-US")
    admin = emu.create_user("mod", locale="en-US")
    for user in (alice, bob, carol):
        emu.add_member(guild.id, user.id)
    emu.add_member(guild.id, admin.id, admin=True)
    return World(emu, guild.id, channel, alice.id, bob.id, carol.id, admin.id)


def undescribed_images(emu: Emulator) -> list[str]:
    """Every image the bot sent (or edited in) without a description (alt text, issue 29 item 1):
    the e2e fixture `start` fails a test that leaves any."""
    return [
        f.filename
        for _, f in emu.store.message_files
        if (f.content_type or "").startswith("image/") or f.filename.endswith(".png")
        if not (f.description or "").strip()
    ]


def action_ids(message: MessageRecord) -> list[str]:
    return [c for c in message.custom_ids if ACTION.match(c)]


def has_actions(message: MessageRecord) -> bool:
    return bool(action_ids(message))


async def run(it: InteractionRecord, timeout: float = 10) -> list[MessageRecord]:
    """Wait for an interaction to finish and return what it produced."""
    return await it.wait_done(timeout)


async def pick(
    emu: Emulator, user: int, message: MessageRecord, choose: Callable[[list[Any]], Any] = lambda o: o[0]
) -> InteractionRecord:
    """Choose one of the actions a message offers: a button, or an option of its first select."""
    for component in message.walk_components():
        cid = component.get("custom_id", "")
        if cid.startswith("tb:s:"):
            option = choose(component["options"])
            return await emu.select(user, message.id, cid, [option["value"]])
    buttons = [c for c in message.walk_components() if ACTION.match(c.get("custom_id", ""))]
    return await emu.click(user, message.id, choose(buttons)["custom_id"])


def status_message(emu: Emulator, thread: int, table: int) -> MessageRecord | None:
    """The table's public status message in its thread (the one with the Rules button of that table)."""
    for message in emu.messages(thread):
        if f"tb:rules:{table}" in message.custom_ids:
            return message
    return None


async def my_hand(emu: Emulator, user: int, thread: int, table: int) -> MessageRecord:
    """Press "My hand" on the status message; the ephemeral answer."""
    status = await emu.wait_for(lambda: status_message(emu, thread, table))
    it = await emu.click(user, status.id, f"tb:hand:{table}")
    messages = await run(it)
    return messages[-1]


def table_row(db_path: Path, table: int) -> dict[str, Any]:
    """The stored table (read-only, a separate connection: WAL lets us read while the bot writes)."""
    with sqlite3.connect(db_path) as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT * FROM tables WHERE id = ?", (table,)).fetchone()
        return dict(row)


def event_kinds(db_path: Path, table: int) -> list[tuple[int, str]]:
    with sqlite3.connect(db_path) as db:
        return [
            tuple(r)
            for r in db.execute("SELECT seq, kind FROM events WHERE table_id = ? ORDER BY seq", (table,))
        ]


def pending_deliveries(db_path: Path) -> int:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT COUNT(*) FROM deliveries WHERE status = 'pending'").fetchone()[0]


def latest_prompt(emu: Emulator, user: int) -> MessageRecord | None:
    """The newest message this user can see that offers them choices (a DM or an ephemeral reply)."""
    prompts = [
        m for m in emu.visible_to(user) if has_actions(m) and (m.ephemeral_to == user or m.guild_id is None)
    ]
    return max(prompts, key=lambda m: m.id) if prompts else None


async def drive(
    emu: Emulator,
    players: list[int],
    thread: int,
    table: int,
    *,
    settle: Callable[[], Any],
    choose: Callable[[list[Any]], Any] = lambda options: options[0],
    limit: int = 400,
) -> int:
    """Play a table to its end by clicking only what the bot sent: each player's newest unanswered
    prompt (a DM or an ephemeral reply); when nobody has one, everyone presses "My hand".
    Returns the number of accepted choices."""
    made = 0
    seen = dict.fromkeys(players, 0)
    for _ in range(limit):
        await settle()
        if f"tb:hand:{table}" not in (status_message(emu, thread, table) or _NO_STATUS).custom_ids:
            return made
        progressed = False
        for user in players:
            prompt = latest_prompt(emu, user)
            if prompt is None or prompt.id <= seen[user]:
                continue
            seen[user] = prompt.id
            [reply] = await run(await pick(emu, user, prompt, choose))
            made += "✅" in reply.content
            progressed = True
        if not progressed:
            for user in players:
                if f"tb:hand:{table}" in status_message(emu, thread, table).custom_ids:
                    await my_hand(emu, user, thread, table)
    raise AssertionError(f"table {table} did not end within {limit} rounds")


class _NoStatus:
    custom_ids = ("tb:hand:?",)


_NO_STATUS = _NoStatus()
