"""`tablero playground` without a browser: the command, the page's server, its safety rules, persistence."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from playground.emulator import Clock
from playground.runner import Playground
from playground.world import DEFAULT_USERS

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _restore_endpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL("wss://gateway.discord.gg/"))


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    pg = Playground(tmp_path / "pg.db", port=0, history=True, deadline_clock=Clock.stopped())
    await pg.start()
    yield pg
    await pg.stop()


async def get(pg: Playground, path: str, **headers: str) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.get(pg.url + path, headers=headers) as response:
        body = await response.json() if response.content_type == "application/json" else await response.text()
        return response.status, body


async def post(pg: Playground, path: str, body: Any, **headers: str) -> tuple[int, Any]:
    async with (
        aiohttp.ClientSession() as http,
        http.post(pg.url + path, json=body, headers=headers) as response,
    ):
        data = await response.json() if response.content_type == "application/json" else await response.text()
        return response.status, data


async def test_the_page_is_served_with_the_default_world(playground: Playground) -> None:
    status, html = await get(playground, "")
    assert status == 200 and "<title>Tablero playground</title>" in html
    status, data = await get(playground, "api/users")
    assert [u["name"] for u in data["users"]] == list(DEFAULT_USERS)
    alice = data["users"][0]["id"]
    status, world = await get(playground, f"api/world?user={alice}")
    assert [c["name"] for c in world["channels"]] == ["general", "games"]
    paths = {c["path"] for c in world["commands"]}
    assert {"game new", "game join", "game list"} <= paths  # the bot's registered commands
    new = next(c for c in world["commands"] if c["path"] == "game new")
    game = next(o for o in new["options"] if o["name"] == "game")
    assert game["required"] and game["autocomplete"]


async def test_the_page_answers_only_at_its_own_address(playground: Playground) -> None:
    """DNS rebinding: a page on another host name that resolves to 127.0.0.1 is refused."""
    status, _ = await get(playground, "api/users", Host=f"evil.example:{playground.page.port}")
    assert status == 421
    status, _ = await get(playground, "api/users", Host=f"localhost:{playground.page.port}")
    assert status == 200


async def test_another_site_cannot_act_as_a_user(playground: Playground) -> None:
    users = (await get(playground, "api/users"))[1]["users"]
    body = {"name": "mallory"}
    status, _ = await post(playground, "api/users", body, Origin="http://evil.example")
    assert status == 403
    async with aiohttp.ClientSession() as http:  # a cross-site form post (no preflight) is refused too
        async with http.post(playground.url + "api/users", data="name=mallory") as response:
            assert response.status == 415
    assert (await get(playground, "api/users"))[1]["users"] == users


async def test_users_languages_and_private_channels(playground: Playground) -> None:
    status, dave = await post(playground, "api/users", {"name": "dave", "language": "es"})
    assert status == 200
    assert playground.emu.store.users[int(dave["id"])].locale == "es-ES"
    status, error = await post(playground, "api/users", {"name": "Dave"})
    assert status == 400 and "already" in error["error"]
    alice = next(u for u in playground.world.users if u.name == "alice")
    assert (await post(playground, f"api/users/{alice.id}/language", {"language": "es"}))[0] == 200
    assert playground.emu.store.users[alice.id].locale == "es-ES"
    # the bot's DM with dave is not alice's to read
    dm = playground.emu.open_dm(int(dave["id"]))
    assert (await get(playground, f"api/channels/{dm}?user={alice.id}"))[0] == 404
    assert (await get(playground, f"api/channels/{dm}?user={dave['id']}"))[0] == 200


async def test_games_and_the_discord_world_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "pg.db"
    async with Playground(db, port=0, history=True, deadline_clock=Clock.stopped()) as pg:
        alice, bob = (next(u.id for u in pg.world.users if u.name == n) for n in ("alice", "bob"))
        it = await pg.emu.slash(alice, pg.world.games_id, "game new", {"game": "canyon", "opponent": bob})
        await it.wait_done(10)
        [thread] = pg.emu.threads(pg.world.games_id)
        await pg.bot.delivery.wait_idle()
        status = next(m for m in pg.emu.messages(thread) if "tb:join:1" in m.custom_ids)
        await (await pg.emu.click(bob, status.id, "tb:join:1")).wait_done(10)
        await pg.bot.delivery.wait_idle()
        assert (await pg.bot.tables.get(1)).status == "active"
    async with Playground(db, port=0, history=True, deadline_clock=Clock.stopped()) as again:
        assert [u.id for u in again.world.users][:2] == [alice, bob]
        assert again.emu.threads(again.world.games_id) == [thread]
        assert (await again.bot.tables.get(1)).status == "active"
        kept = again.emu.store.messages[status.id]
        assert kept.attachments and kept.attachments[0].data[:4] == b"\x89PNG"  # images came back too
        # the old status message's buttons still work: the bot answers from the same database
        reply = await (await again.emu.click(alice, status.id, "tb:hand:1")).wait_done(10)
        assert reply[-1].ephemeral and "You play" in reply[-1].content, reply[
            -1
        ].content  # her seat (sides are random)


def test_tablero_playground_prints_its_address_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])  # this checkout's launcher
    proc = subprocess.Popen(
        [sys.executable, "-m", "launcher", "playground", "--port", "0", "--db", str(tmp_path / "pg.db")],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if "open http://127.0.0.1:" in line:
                break
        url = lines[-1].split("open ", 1)[1].split()[0]
        import urllib.request

        with urllib.request.urlopen(url + "api/users", timeout=10) as response:
            assert response.status == 200
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[0]
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, "".join(lines) + rest
    assert "Stopped; the games are saved." in rest and "Traceback" not in rest
    assert (tmp_path / "pg.db").exists()


async def test_the_playground_runs_the_bot_as_a_cluster_of_two_processes_on_request(tmp_path: Path) -> None:
    """`tablero playground --cluster 2` (issue 25 item 6): the bot as `tablero cluster` of two
    processes, one shard each, against the playground's Discord; a game plays through them."""
    from playground.emulator.gateway import shard_of

    pg = Playground(
        tmp_path / "pg.db",
        port=0,
        history=True,
        deadline_clock=Clock.stopped(),
        cluster=2,
        settings={"TABLERO_WORKERS": 0},
    )
    await pg.start()
    try:
        assert pg.bot is None and pg.cluster_proc is not None  # not in this process
        assert sorted(s.shard for s in pg.emu.gateway.connected) == [(0, 2), (1, 2)]
        alice, bob = (next(u.id for u in pg.world.users if u.name == n) for n in ("alice", "bob"))
        it = await pg.emu.slash(alice, pg.world.games_id, "game new", {"game": "canyon", "opponent": bob})
        await it.wait_done(20)
        guild = pg.world.guild_id
        assert pg.emu.gateway.sent("INTERACTION_CREATE", guild_id=guild) == [(shard_of(guild, 2), 2)]
        table = await pg._tables().store.get_table(1)  # the page reads the tables through its own reader
        assert table is not None and table.game == "canyon"
    finally:
        await pg.stop()
    assert pg.cluster_proc.returncode == 0
