"""Bad input, Hypothesis-driven, through the emulator: every slash command, component and modal.

Commands get every option the registered schema declares, with hostile values of the declared type
(huge and odd unicode strings, options text that does not parse or does not fit, integers across
Discord's whole ±2^53 range, users that are bots, strangers or the player themself, other people's
and finished tables, other servers' tables), as any Discord client can send. Components get every
custom_id pattern the bot listens to (discord.py DynamicItem templates, so a game's own components
are included automatically) with hostile ids, versions and indices, pressed by players, spectators
and admins, with select values that are not what was offered; modals get hostile text.

Always: an answer (never silence), private (ephemeral), never "something broke", no ERROR logged,
and when the answer is a refusal the store is exactly as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import ids
from playground.emulator import InteractionRecord
from playground.emulator.commands import (
    BOOLEAN,
    CHANNEL,
    INTEGER,
    NUMBER,
    STRING,
    SUB_COMMAND,
    USER,
    CommandUnavailable,
)
from playground.emulator.interactions import APPLICATION_COMMAND, MODAL, MODAL_SUBMIT
from renderers.i18n import t

from .arena import Arena
from .support import BROKE, SLOW, says

pytestmark = pytest.mark.e2e
EXAMPLES = 1000 if SLOW else 100
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# What a successful (state-changing) answer says; anything else is a refusal.
SUCCESS = {
    "new": ("bot.created_vs_ai", "bot.created_invite"),
    "join": ("bot.joined", "bot.joined_started", "bot.joined_waiting", "bot.started"),
    "start": ("bot.started",),
    "resign": ("bot.resigned",),
    "abandon": ("bot.abandoned",),
    "language": ("bot.server_language",),
    "rematch": ("bot.rematch_offered", "bot.rematch_started", "bot.rematch_waiting", "bot.rematch_on"),
    # issue 26 (bot/absence.py, bot/pause.py, bot/takeback.py, bot/server.py, bot/quiet.py)
    "away": ("absent.away_done", "absent.away_done_until"),
    "back": ("absent.back_all", "absent.back_done"),
    "pause": ("absent.pause_done", "absent.pause_waiting"),
    "resume": ("absent.resumed",),
    "takeback": ("absent.undo_done", "absent.undo_waiting"),
    "uy": ("absent.undo_accepted",),
    "un": ("absent.undo_refused",),
    "settings": ("absent.settings_quiet", "absent.settings_no_quiet"),
    "defaults": ("absent.server_saved",),
    "channels": ("absent.server_saved",),
    # issue 28 item 4 (bot/stats.py): the leaderboard and the ledger are posted in the channel
    "stats": ("ratings.stats_title", "ratings.stats_none"),
    "leaderboard": ("ratings.board_title", "ratings.board_empty"),
    "ledger": ("ratings.ledger_title",),
}
PUBLIC = {"new", "leaderboard", "ledger"}
"""The commands whose successful answer is posted for everyone (the rest answer privately)."""
LANGUAGE_SET = {
    t(reader, "bot.server_language", language=language, count=n)
    for reader in ("en", "es")
    for language in ("en", "es")
    for n in range(50)
}
ODD_TEXT = [
    "duel",
    "canyon",
    "arkenstone",
    "spacehulk",
    "chess",
    "red",
    "blue",
    "marine",
    "ork",
    "bilbo",
    "smaug",
    "rounds=abc",
    "rounds=0",
    "rounds=1e309",
    "hand_size=-1",
    "hand_size=41",
    '{"rounds": "x"}',
    '{"rounds": [1, 2]}',
    "{}",
    "[]",
    "null",
    "=",
    "a=b=c",
    "rounds==2",
    "canyon_layout=[3,3]",
    "hazard_order=sideways",
    "\x00",
    "‮dlrow",
    "🂡" * 500,
    "x" * 6000,
    "@everyone",
    "<@1>",
    "tb:a:1:1:1",
    "NaN",
    "-0",
    "١٢٣",
]


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    from tests.games.registration import register_duel, unregister_duel

    register_duel()
    try:
        with Arena(Path(tmp_path_factory.mktemp("arena")) / "tablero.db") as arena:
            yield arena
    finally:
        unregister_duel()


# --- strategies ----------------------------------------------------------------------------------


def texts() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(ODD_TEXT),
        st.text(max_size=40),
        st.builds(lambda s, n: (s * n)[:6000], st.text(min_size=1, max_size=4), st.integers(200, 3000)),
    )


def integers(arena: Arena) -> st.SearchStrategy[int]:
    known = sorted(arena.tables.values())
    return st.one_of(
        st.sampled_from(known),
        st.integers(-(2**53), 2**53),
        st.sampled_from([0, -1, max(known) + 1, 2**31, 2**53]),
    )


def value_for(arena: Arena, option: dict[str, Any]) -> st.SearchStrategy[Any]:
    if option.get("choices"):
        return st.sampled_from([c["value"] for c in option["choices"]])
    kind = option["type"]
    if kind == STRING:
        # the Discord client sends nothing outside the option's min/max length (the emulator refuses it)
        low, high = option.get("min_length", 0), option.get("max_length", 6000)
        return texts().map(lambda text: text[:high]).filter(lambda text: len(text) >= low)
    if kind == INTEGER:
        # likewise nothing outside its min/max value (a page number: 1-1000)
        low, high = option.get("min_value", -(2**63)), option.get("max_value", 2**63)
        if "min_value" in option or "max_value" in option:
            return st.one_of(st.integers(low, high), integers(arena).filter(lambda n: low <= n <= high))
        return integers(arena)
    if kind == NUMBER:
        return st.floats(allow_nan=False, allow_infinity=False)
    if kind == BOOLEAN:
        return st.booleans()
    if kind == USER:
        return st.sampled_from(sorted(arena.users.values()))
    if kind == CHANNEL:  # /server channels: the server's channels (the client offers only those)
        return st.sampled_from(sorted(arena.channels.values()))
    raise AssertionError(f"no strategy for option type {kind}")


def leaves(command: dict[str, Any], prefix: str = "") -> list[tuple[str, list[dict[str, Any]]]]:
    """(path, options) of every invocable (sub)command."""
    path = f"{prefix} {command['name']}".strip()
    options = command.get("options") or []
    subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND + 1)]
    if not subs:
        return [(path, options)]
    return [leaf for sub in subs for leaf in leaves(sub, path)]


@st.composite
def invocations(draw: st.DrawFn, arena: Arena) -> tuple[str, dict[str, Any], str, int]:
    """(command path, options, user name, channel) of one slash command."""
    assert arena.emu is not None
    commands = [leaf for cmd in arena.emu.store.global_commands.values() for leaf in leaves(cmd)]
    path, schema = draw(st.sampled_from(sorted(commands, key=lambda c: c[0])))
    values = {}
    for option in schema:
        if option.get("required") or draw(st.booleans()):
            values[option["name"]] = draw(value_for(arena, option))
    where = draw(st.sampled_from(["games", "thread", "elsewhere"]))
    if where == "elsewhere":
        return path, values, "outsider", arena.channels["elsewhere"]
    user = draw(st.sampled_from(["alice", "bob", "carol", "dave", "admin"]))
    if where == "thread":
        table = draw(st.sampled_from(sorted(k for k in arena.tables if k != "elsewhere")))
        thread = arena.run(arena.bot.tables.get(arena.tables[table])).thread_id  # type: ignore[union-attr]
        return path, values, user, thread
    return path, values, user, arena.channels["games"]


# --- judging -------------------------------------------------------------------------------------


def judged(arena: Arena, start: Any, command: str) -> None:
    """Start one interaction and check the answer and the store."""
    assert arena.bot is not None
    arena.run(arena.bot.delivery.wait_idle())
    before, errors = arena.fingerprint(), len(arena.errors.records)
    it: InteractionRecord = arena.run(start())
    messages = arena.run(it.wait_done(20))
    arena.run(arena.bot.delivery.wait_idle())
    after = arena.fingerprint()
    if it.callback_type == MODAL:  # the answer is a form to fill in: nothing happened yet
        assert after == before and arena.errors.records[errors:] == []
        return
    reply = messages[-1]
    assert reply.content.strip() or reply.attachments, f"an empty answer to {command}"
    assert not says(reply, BROKE), (command, reply.content[:300])
    assert arena.errors.records[errors:] == [], [r.getMessage() for r in arena.errors.records[errors:]]
    succeeded = "✅" in reply.content or any(says(reply, key) for key in SUCCESS.get(command, ()))
    if command == "language":  # its confirmation chooses its words (the language, how many tables);
        # /server language goes on with the server's settings as they now are
        succeeded = succeeded or reply.content.split("\n", 1)[0] in LANGUAGE_SET
    public_ok = command in PUBLIC and succeeded
    assert reply.ephemeral or public_ok, (command, reply.content[:300])
    if not succeeded:
        assert after == before, f"a refused {command} changed the store: {reply.content[:300]}"
    arena.heal()


# --- the tests -----------------------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_every_slash_command_with_hostile_options(arena: Arena, data: st.DataObject) -> None:
    path, values, user, channel = data.draw(invocations(arena))
    assert arena.emu is not None
    command = arena.emu.store.command(path.split()[0], None)
    restricted = command is not None and command.get("default_member_permissions") is not None

    async def start() -> InteractionRecord:
        return await arena.emu.slash(arena.users[user], channel, path, values)  # type: ignore[union-attr]

    try:
        judged(arena, start, path.split()[-1])
    except CommandUnavailable:
        if not restricted:
            raise  # Discord itself keeps /server from members without Manage Server: nothing reached us


def templates(arena: Arena) -> list[tuple[str, str]]:
    """(regex, component kind) of every DynamicItem the bot listens to."""
    assert arena.bot is not None
    store = arena.bot._connection._view_store  # discord.py keeps the registered templates here
    found = []
    for pattern, item in store._dynamic_items.items():
        kind = "select" if getattr(item, "select", False) else "button"  # cogs.play.TableItem.select
        found.append((pattern.pattern, kind))
    return sorted(found)


@st.composite
def custom_ids(draw: st.DrawFn, arena: Arena, pattern: str) -> str:
    """A custom_id matching `pattern`, its numbers mostly aimed at real tables and versions."""
    numbers = st.one_of(
        st.sampled_from(sorted(arena.tables.values())),
        st.integers(0, 60),
        st.integers(0, 10**25),
        st.sampled_from([2**63, 2**64]),
    )
    raw = draw(st.from_regex(pattern, fullmatch=True).filter(lambda s: len(s) <= 40))
    match = re.fullmatch(pattern, raw)
    assert match is not None
    spans = sorted(
        (match.span(name) for name, value in match.groupdict().items() if value and value.isdigit()),
        reverse=True,
    )
    for start, end in spans:
        raw = raw[:start] + str(draw(numbers)) + raw[end:]
    return raw


@FUZZ
@given(data=st.data())
def test_every_component_with_hostile_ids_and_values(arena: Arena, data: st.DataObject) -> None:
    assert arena.emu is not None
    pattern, kind = data.draw(st.sampled_from(templates(arena)))
    custom_id = data.draw(custom_ids(arena, pattern))
    user = data.draw(st.sampled_from(["alice", "bob", "carol", "dave", "admin"]))
    values = data.draw(st.lists(texts().map(lambda v: v[:100] or "0"), min_size=1, max_size=1))
    if kind == "select":
        component = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": "x", "value": v} for v in dict.fromkeys(values)],
        }
    else:
        component = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}

    async def start() -> InteractionRecord:
        emu = arena.emu
        assert emu is not None
        # a message everyone in the server can see, carrying the component (as if forged or stale)
        message = await emu.post_message(
            arena.channels["games"], emu.bot.id, "·", components=[{"type": 1, "components": [component]}]
        )
        if kind == "select":
            return await emu.select(arena.users[user], message.id, custom_id, values[:1])
        return await emu.click(arena.users[user], message.id, custom_id)

    command = custom_id.split(":")[1] if custom_id.count(":") else custom_id
    judged(arena, start, {"a": "act", "s": "act", "j": "act"}.get(command, command))


@FUZZ
@given(data=st.data())
def test_modal_submits_with_hostile_text(arena: Arena, data: st.DataObject) -> None:
    """Forms a game opens (modals routed by custom_id) submitted with any text, by anyone."""
    assert arena.emu is not None and arena.bot is not None
    custom_id = data.draw(
        st.one_of(
            custom_ids(arena, ids.MODAL.template),
            st.sampled_from(["move_by", "move_to", "place"]).flatmap(
                lambda form: custom_ids(arena, ids.MODAL.template.replace(ids.FORM_KEY, form))
            ),
            custom_ids(arena, ids.ORDER_MODAL.template.replace(ids.FORM_KEY, "group", 1)),  # an OrderPick's
        )
    )
    fields = data.draw(
        st.dictionaries(
            st.sampled_from(["target", "distance", "x", "y", "cell", "move", "junk"]), texts(), max_size=4
        )
    )
    user = data.draw(st.sampled_from(["alice", "bob", "carol", "dave", "admin"]))
    components = [
        {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v[:4000]}]} for k, v in fields.items()
    ]

    async def start() -> InteractionRecord:
        emu = arena.emu
        assert emu is not None
        data = {"custom_id": custom_id, "components": components}
        return emu.interactions_api.start(MODAL_SUBMIT, arena.users[user], arena.channels["games"], data)

    judged(arena, start, "act")


TYPE_CONFUSED = (
    [("game status", "table", INTEGER, value) for value in ("abc", 1.5, True, None, 10**30, [1], {"a": 1})]
    + [("game new", "game", STRING, value) for value in (123, None, True, ["duel"])]
    + [("game new", "opponent", USER, value) for value in ("999", 5)]
)


@pytest.mark.parametrize(("path", "name", "kind", "value"), TYPE_CONFUSED)
def test_type_confused_payloads_get_a_private_answer_and_change_nothing(
    arena: Arena, path: str, name: str, kind: int, value: Any
) -> None:
    """Option values of the wrong JSON type (Discord validates types, so only a forged request could
    carry them) still get a private answer and change nothing; a clear refusal is not promised."""
    assert arena.emu is not None and arena.bot is not None
    emu, user, channel = arena.emu, arena.users["alice"], arena.channels["games"]

    async def start() -> InteractionRecord:
        base = {"game": "duel"} if path == "game new" else {}
        data = emu.slash_builder.build(
            path, base, user_id=user, guild_id=emu.store.channels[channel].guild_id
        )
        leaf = data["options"][0]["options"]
        leaf[:] = [o for o in leaf if o["name"] != name] + [{"name": name, "type": kind, "value": value}]
        data.pop("resolved", None)
        return emu.interactions_api.start(APPLICATION_COMMAND, user, channel, data)

    before = arena.fingerprint()
    it = arena.run(start())
    [reply] = arena.run(it.wait_done(20))[-1:]
    assert reply.ephemeral and reply.content
    assert arena.fingerprint() == before
