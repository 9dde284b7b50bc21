"""The emulator's port is not a door for web pages (issue 24 item 9): Host and Origin checked on every
route like the playground page's, attachment ids not guessable from one another, and an attachment
served only through a URL signed for a recipient who may see it, until the URL expires."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import parse_qs, urlparse

import aiohttp
import discord
import pytest

from playground.emulator import Emulator
from playground.emulator.http import host_allowed
from tests.playground.test_emulator import Bot, world  # noqa: F401  (fixture)

pytestmark = pytest.mark.timeout(30)


async def _get(emu: Emulator, path: str, **headers: str) -> tuple[int, bytes]:
    async with aiohttp.ClientSession() as http, http.get(emu.base_url + path, headers=headers) as response:
        return response.status, await response.read()


@pytest.mark.parametrize("path", ["/api/v10/users/@me", "/", "/attachments/1/2/x.png"])
async def test_a_foreign_host_name_is_refused_on_every_route(emu: Emulator, path: str) -> None:
    # DNS rebinding: a page at evil.example whose name now points at 127.0.0.1.
    status, _ = await _get(emu, path, Host=f"evil.example:{emu.port}")
    assert status == 421
    status, _ = await _get(emu, path, Host=f"localhost:{emu.port}")
    assert status != 421


async def test_a_cross_site_origin_is_refused_and_the_bot_sends_none(emu: Emulator) -> None:
    status, body = await _get(emu, "/api/v10/users/@me", Origin="http://evil.example")
    assert status == 403 and b"cross-origin" in body
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(emu.gateway_url, origin="http://evil.example")
        assert refused.value.status == 403
    status, _ = await _get(emu, "/api/v10/users/@me", Authorization=f"Bot {emu.token}")
    assert status == 200


def test_host_names_accepted() -> None:
    assert host_allowed("127.0.0.1:5000", "127.0.0.1", 5000)
    assert host_allowed("[::1]:5000", "127.0.0.1", 5000)
    assert not host_allowed("127.0.0.1:5001", "127.0.0.1", 5000)
    assert not host_allowed("attacker.test:5000", "127.0.0.1", 5000)
    assert host_allowed("192.168.1.4:5000", "0.0.0.0", 5000)
    assert not host_allowed("attacker.test:5000", "0.0.0.0", 5000)
    assert not host_allowed("", "127.0.0.1", 5000)


async def test_attachment_ids_cannot_be_guessed_from_one_another(
    emu: Emulator,
    run: Any,
    world: dict[str, Any],  # noqa: F811
) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    sent = await channel.send(files=[discord.File(io.BytesIO(b"%d" % i), f"f{i}.txt") for i in range(10)])
    ids = [a.id for a in sent.attachments]
    low = [i & ((1 << 22) - 1) for i in ids]
    # Before: worker 1, process 1, a counter (ids one apart). Now 22 random bits.
    assert len(set(low)) == 10
    assert sum(1 for a, b in zip(ids, ids[1:], strict=False) if b - a == 1) < 3


async def test_an_attachment_is_served_only_through_a_url_signed_for_who_sees_it(
    emu: Emulator,
    run: Any,
    world: dict[str, Any],  # noqa: F811
) -> None:
    bot = await run(Bot())
    alice, bob = world["alice"], world["bob"]
    dm = await bot.get_user(alice.id).create_dm()
    sent = await dm.send(files=[discord.File(io.BytesIO(b"alice's hand"), "hand.png")])
    [attachment] = sent.attachments
    assert await attachment.read() == b"alice's hand"  # the bot's own URL (signed for the bot)

    url = urlparse(attachment.url)
    bare = url.path
    status, _ = await _get(emu, bare)
    assert status == 404  # no signature: nothing, as for a file that does not exist
    query = parse_qs(url.query)
    forged = f"{bare}?ex={query['ex'][0]}&is={query['is'][0]}&u={bob.id}&hm={query['hm'][0]}"
    status, _ = await _get(emu, forged)
    assert status == 404  # the bot's signature does not serve Bob

    for_alice = bare + emu.store.cdn_query(attachment.id, alice.id)
    status, body = await _get(emu, for_alice)
    assert (status, body) == (200, b"alice's hand")
    for_bob = bare + emu.store.cdn_query(attachment.id, bob.id)
    status, _ = await _get(emu, for_bob)
    assert status == 404  # signed for Bob, but Bob does not see Alice's DM

    emu.advance_clock(25 * 3600)
    status, _ = await _get(emu, for_alice)
    assert status == 404  # expired
