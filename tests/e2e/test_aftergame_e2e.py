"""After the game, end to end (issue 28 items 1-3): a finished game of each of the four games,
its seed committed to in the table's first public post and revealed in its last, nothing about the
seed in any message, image, log line or export while it is played, then `/game export` verified by
`tablero verify` (and rebuilt by `tablero replay`), a tampered log detected, `/game replay` from
the player's seat and a spectator's view, and `/game verify` in the thread."""

from __future__ import annotations

import copy
import io
import json
import logging
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import export
from bot.app import TableroBot
from launcher.cli import main
from playground.emulator import Emulator, MessageRecord

from .harness import World, drive, run, table_row

pytestmark = pytest.mark.e2e

SEED = 6_123_456_789_012_345_678  # 19 digits: never in a message by chance


def _texts(message: MessageRecord) -> list[str]:
    """Everything a reader of the message gets: its text, embeds, components, files and the
    pictures' metadata (PNG text chunks)."""
    found = [message.content, json.dumps(message.embeds), json.dumps(message.components)]
    for attachment in message.attachments:
        found += [attachment.filename, attachment.description or ""]
        found.append(attachment.data.decode("latin-1"))
        if attachment.filename.endswith(".png"):
            with Image.open(io.BytesIO(attachment.data)) as image:
                found.append(repr(image.info))
    return found


def _leaks(emu: Emulator, secrets: list[str]) -> list[str]:
    return [
        f"message {m.id}: {s}"
        for m in list(emu.store.messages.values())
        for text in _texts(m)
        for s in secrets
        if s in text
    ]


async def _play(game: str, emu: Emulator, world: World, bot: TableroBot, thread: int) -> None:
    """The game to its end against the AI, as the game's own end-to-end test plays it."""
    if game == "canyon":
        await drive(
            emu, [world.alice], thread, 1, settle=bot.delivery.wait_idle, choose=random.Random(3).choice
        )
    elif game == "clickwars":
        await drive(emu, [world.alice], thread, 1, settle=bot.delivery.wait_idle)
    elif game == "arkenstone":
        from .test_arkenstone_e2e import play_out

        await play_out(bot, emu, thread, 1, {"bilbo": world.alice}, settle=True)
    else:
        from .spacehulk_driver import play

        await play(emu, bot, [world.alice], thread, 1, random.Random(3))


OPENING = {
    "canyon": {"side": "marine"},
    "clickwars": {
        "side": "blue",
        "options": 'rounds=1 army_red=["cannon","gun_crew","rifleman","cavalry"] army_blue=["rifleman","lancer","cavalry"]',
    },
    "arkenstone": {"side": "bilbo", "options": "layout=random"},
    "spacehulk": {"side": "marine", "options": "mission=purge turn_limit=3 timer_mode=untimed"},
}


@pytest.mark.parametrize("game", ["canyon", "arkenstone", "clickwars", "spacehulk"])
async def test_a_finished_game_is_committed_revealed_exported_and_verified(
    game: str,
    emu: Emulator,
    world: World,
    start: Callable[..., Awaitable[TableroBot]],
    db_path: Path,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="bot")
    bot = await start()
    bot.tables.seeder = lambda: SEED
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": game, **OPENING[game]}))
    [thread] = emu.threads(world.channel)
    row = table_row(db_path, 1)
    secrets = [str(SEED), f"{SEED:x}", row["salt"]]
    committed = export.commitment(1, SEED, row["salt"])
    await bot.delivery.wait_idle()
    first = emu.messages(thread)[0]
    assert committed in first.content  # the table's first public post carries the commitment

    # every wait of the drivers scans what Discord has, while the game is played
    scans = 0
    idle = bot.delivery.wait_idle

    async def wait_and_scan(timeout: float = 10.0) -> None:
        nonlocal scans
        await idle(timeout)
        if not (await bot.tables.get(1)).is_over:
            scans += 1
            assert not _leaks(emu, secrets)

    bot.delivery.wait_idle = wait_and_scan  # type: ignore[method-assign]
    # the exports a player and a spectator may take during the game: no seed, no salt
    for user in (world.alice, world.carol):
        [answer] = await run(await emu.slash(user, thread, "game export", {}))
        during = json.loads(answer.attachments[0].data)
        assert during["fairness"]["seed"] is None and during["redacted_for"] in (
            "spectator",
            OPENING[game]["side"],
        )
    await _play(game, emu, world, bot, thread)
    await idle()
    table = await bot.tables.get(1)
    assert table.is_over and scans > 3
    assert not [r.getMessage() for r in caplog.records if any(s in r.getMessage() for s in secrets)]

    # the last public post opens the commitment
    last = [m for m in emu.messages(thread) if m.author_id == emu.bot.id][-1]
    assert str(SEED) in last.content and row["salt"] in last.content and committed in last.content
    opening_post = emu.messages(thread)[1]
    assert (
        committed in opening_post.content
        and str(SEED) not in opening_post.content
        and opening_post.edits == 0
    )

    # /game export after the end: the whole log, verified and rebuilt offline
    [answer] = await run(await emu.slash(world.carol, thread, "game export", {}))
    doc = json.loads(answer.attachments[0].data)
    assert doc["redacted_for"] is None and doc["fairness"]["seed"] == SEED
    path = tmp_path / "export.json"
    path.write_bytes(answer.attachments[0].data)
    assert main(["verify", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    tampered = copy.deepcopy(doc)
    changed = next(
        e for e in tampered["events"] if e["seq"] > doc["actions"][0]["version"] and _swap_first(e["data"])
    )
    path.write_bytes(json.dumps(tampered).encode())
    capsys.readouterr()
    assert main(["verify", str(path)]) == 1
    assert f"Event {changed['seq']} ({changed['kind']})" in capsys.readouterr().out

    # /game replay: the player's seat's view (the default) and a spectator's, as animated boards
    for user, args, who in (
        (world.alice, {}, "as "),
        (world.carol, {}, "as a spectator"),
        (world.alice, {"view": "spectator"}, "as a spectator"),
    ):
        [answer] = await run(await emu.slash(user, thread, "game replay", args), timeout=120)
        assert who in answer.content, answer.content
        [gif] = answer.attachments
        assert gif.filename.endswith(".gif") and gif.size <= 10 * 2**20
        with Image.open(io.BytesIO(gif.data)) as image:
            assert image.is_animated and image.n_frames > 1

    # /game verify in the thread says the same, in the reader's language (Bob reads Spanish)
    [answer] = await run(await emu.slash(world.bob, thread, "game verify", {}))
    assert "✅" in answer.content and committed in answer.content and "verificada" in answer.content
    assert not emu.unknown_requests


def _swap_first(data: Any) -> bool:
    """Change the first number of an event (a die, a position): it no longer follows from the seed."""
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, int) and not isinstance(value, bool) and key != "kind":
                data[key] = value % 6 + 1 if 1 <= value <= 6 else value + 1
                return True
        return any(_swap_first(v) for v in data.values())
    if isinstance(data, list):
        for i, value in enumerate(data):
            if isinstance(value, int) and not isinstance(value, bool):
                data[i] = value % 6 + 1 if 1 <= value <= 6 else value + 1
                return True
        return any(_swap_first(v) for v in data)
    return False
