"""Every error path of the page's API answers with a sentence from the catalogs, in the user's
language, never an exception's text (issue 27 item 4): typing `abc` as a table number once showed
`invalid literal for int() with base 10: 'abc'`, a button in a tab that missed an update
`message ... has no such component 'tb:a:7:6:2'; it has []`.

The page shows `error` as it is (playground/static/app.js), so checking the API's answers covers
what the page can show; tests/playground/test_page_controls.py checks the page itself in Chromium.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from playground.runner import Playground
from renderers.i18n import t

from .test_page import playground, status_message, user_id
from .test_page_controls import INTERNAL

__all__ = ["playground"]

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

PARAMS = ("option", "value", "low", "high", "fields", "command", "name", "n")
MARK = "\u2063"  # stands for every parameter: the sentence's fixed parts must all be in the answer


def worded(lang: str, answer: dict[str, Any]) -> str:
    """The answer's reason, after checking its error is that catalog sentence in `lang`."""
    reason, error = answer.get("reason"), answer.get("error")
    assert isinstance(reason, str) and reason.startswith("playground."), answer
    assert isinstance(error, str) and not INTERNAL.search(error), answer
    pattern = t(lang, reason, **dict.fromkeys(PARAMS, MARK))
    at = 0
    for part in pattern.split(MARK):
        found = error.find(part, at)
        assert found >= 0, (lang, reason, error, pattern)
        at = found + len(part)
    return reason


@pytest.fixture
async def http(playground: Playground) -> AsyncIterator[Any]:
    async with aiohttp.ClientSession(base_url=playground.url) as session:

        async def post(path: str, body: Any, **kwargs: Any) -> tuple[int, dict[str, Any]]:
            async with session.post(path, json=body, **kwargs) as response:
                return response.status, await response.json(content_type=None)

        post.session = session  # type: ignore[attr-defined]
        yield post


async def test_every_error_the_page_can_show_is_a_sentence_in_the_users_language(
    playground: Playground, http: Any
) -> None:
    pg = playground
    assert pg.bot is not None and pg.world is not None
    session = http.session
    alice, carol = user_id(pg, "alice"), user_id(pg, "carol")
    status, _ = await http(f"/api/users/{carol}/language", {"language": "es"})
    assert status == 200
    games = pg.world.games_id
    seen: dict[str, set[str]] = {"en": set(), "es": set()}

    async def refused(lang: str, path: str, body: Any, **kwargs: Any) -> str:
        status, answer = await http(path, body, **kwargs)
        assert status >= 400 or answer.get("ok") is False, (body, answer)
        reason = worded(lang, answer)
        seen[lang].add(reason)
        return reason

    for lang, user in (("en", alice), ("es", carol)):
        slash = {"user": user, "channel": games}
        cases = [
            ({**slash, "command": "nothing"}, "playground.no_command"),
            ({**slash, "command": "game nothing"}, "playground.no_command"),
            ({**slash, "command": "game status", "options": {"table": "abc"}}, "playground.not_whole"),
            ({**slash, "command": "game status", "options": {"table": "1.5"}}, "playground.not_whole"),
            ({**slash, "command": "game status", "options": {"old": "1"}}, "playground.stale_command"),
            ({**slash, "command": "game new", "options": {}}, "playground.fill_in"),
            (
                {**slash, "command": "game new", "options": {"game": "canyon", "pace": "fast"}},
                "playground.not_choice",
            ),
            (
                {**slash, "command": "game new", "options": {"game": "canyon", "options": "x" * 7000}},
                "playground.length",
            ),
            ({**slash, "channel": "123"}, "playground.no_such_channel"),
        ]
        for body, reason in cases:
            assert await refused(lang, "/api/slash", body) == reason, body
        for path in ("/api/click", "/api/select"):
            body = {"user": user, "message": "999", "custom_id": "tb:a:7:6:2", "values": ["1"]}
            assert await refused(lang, path, body) == "playground.message_gone"
        modal = {"user": user, "custom_id": "tb:f:1:1:place", "values": {}}
        assert await refused(lang, "/api/modal", modal) == "playground.form_closed"
    # requests the page itself never makes wrong, worded all the same (English: no user to ask)
    assert await refused("en", "/api/slash", {"user": "nobody"}) == "playground.no_such_user"
    assert await refused("en", "/api/click", {"user": alice, "message": "x"}) == "playground.bad_request"
    async with session.post("/api/slash", data="{", headers={"Content-Type": "application/json"}) as r:
        assert worded("en", await r.json()) == "playground.bad_request"
    async with session.post("/api/slash", data="x=1") as r:
        assert r.status == 415 and worded("en", await r.json()) == "playground.json_only"
    async with session.post("/api/slash", json={}, headers={"Origin": "http://evil.example"}) as r:
        assert r.status == 403 and worded("en", await r.json()) == "playground.cross_origin"
    for lang in ("en", "es"):
        for body, reason in (
            ({"name": "a b", "language": lang}, "playground.bad_name"),
            ({"name": "alice", "language": lang}, "playground.name_taken"),
        ):
            assert await refused(lang, "/api/users", body) == reason
    assert await refused("en", "/api/users", {"name": "dora", "language": "fr"}) == "playground.bad_language"
    assert (
        await refused("es", f"/api/users/{carol}/language", {"language": "fr"}) == "playground.bad_language"
    )

    pg.bot.tables.seeder = lambda: 8
    # On a table: a stale control, a disabled one, a form's empty field, no answer from the bot.
    async with session.post(
        "/api/slash",
        json={
            "user": alice,
            "channel": games,
            "command": "game new",
            "options": {"game": "arkenstone", "side": "bilbo"},
        },
    ) as r:
        answer = await r.json()
        assert answer["ok"], answer
    await pg.emu.interactions_api.records[int(answer["interaction"])].wait_done(10)
    [thread] = await pg.emu.wait_for(lambda: pg.emu.threads(games))
    await pg.bot.delivery.wait_idle()
    status_id = (
        await pg.emu.wait_for(lambda: status_message(pg.emu, thread, 1) if pg.emu.messages(thread) else None)
    ).id
    click = {"user": alice, "message": str(status_id)}
    assert await refused("en", "/api/click", {**click, "custom_id": "tb:a:1:0:0"}) == "playground.stale"
    assert (
        await refused("en", "/api/select", {**click, "custom_id": "tb:hand:1", "values": ["x", "y"]})
        == "playground.stale"
    )
    _, answer = await http("/api/click", {**click, "custom_id": "tb:hand:1"})
    assert answer["ok"], answer
    await pg.bot.delivery.wait_idle()
    panel = await pg.emu.wait_for(
        lambda: next(
            (m for m in pg.emu.visible_to(alice) if m.ephemeral_to == alice and "tb:f:" in str(m.custom_ids)),
            None,
        )
    )
    form = next(c for c in panel.custom_ids if c.startswith("tb:f:"))
    _, opened = await http("/api/click", {"user": alice, "message": str(panel.id), "custom_id": form})
    assert opened["ok"] and opened["callback"] == 9, opened
    [(key, _)] = [k for k in pg.emu.interactions_api.modals.items() if k[0][0] == alice]
    modal = {"user": alice, "custom_id": key[1]}
    assert await refused("en", "/api/modal", {**modal, "values": "x"}) == "playground.bad_request"
    assert await refused("en", "/api/modal", {**modal, "values": {}}) == "playground.fill_in"
    pg.emu.fail_next("POST", "/interactions/*/*/callback", status=404, code=10062, count=1)
    status_code, answer = await http("/api/click", {**click, "custom_id": "tb:rules:1"})
    assert answer["ok"] is False and answer["error"] in {
        t("en", "playground.no_response"),
        t("en", "playground.failed"),
    }, answer
    # and what Discord's own client says when it gets no answer, in Spanish too
    assert t("es", "playground.no_response") != t("en", "playground.no_response")
    assert seen["es"] >= {"playground.not_whole", "playground.message_gone", "playground.fill_in"}
    json.dumps(seen, default=list)
