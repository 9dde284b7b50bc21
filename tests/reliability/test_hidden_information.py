"""Hidden information: 0 leaks over many random games of every game with secrets, and through Discord.

1. Engine and bot panels (secrets_scan.py), over `games_for(name)` random games per game (1,000 for
   Canyon by default; 1,000 for every game with TABLERO_SLOW=1): for every seat and a spectator, a
   table with everything they may not know reshuffled shows them exactly the same view, choices,
   refusal texts, events, and bot panels (the status message and its board image's source view, the
   private panel with its image's source view, prompt and buttons), the images' descriptions (alt
   text) and the text board of `/board text` (issue 29).
2. Through the emulator, whole games with the real bot: every public message is free of any card a
   seat holds unseen; every private message (DM or ephemeral) reaches only its own seat; no log line
   and no error text carries a secret or a table's seed; public images are drawn from spectator
   views and public narration from events redacted for nobody.
"""

from __future__ import annotations

import json
import logging
import random
import re
from typing import Any
from unittest.mock import patch

import pytest
from pydantic import BaseModel

from bot import jobs
from bot.games import presenter_for
from bot.panels import Panel, board_text_messages, private_panel, status_panel
from bot.store import TableRecord
from engine.core import Action, Rules, fold, new_game
from engine.registry import GAMES
from playground.emulator import Emulator, MessageRecord
from tests.e2e.harness import World, action_ids, drive, my_hand, run, status_message

from .secrets_scan import Scan, canonical, play_and_scan, shown
from .support import SLOW, challenge

pytestmark = pytest.mark.e2e

SECRET_GAMES = sorted(
    name for name, rules in GAMES.items() if type(rules).resample_hidden is not Rules.resample_hidden
)
# Random games per game in the default run (long games get fewer); TABLERO_SLOW=1: 1,000 of each.
DEFAULT_GAMES = {"canyon": 1000, "arkenstone": 30, "spacehulk": 20, "clickwars": 6}


def _has_number(text: str, number: int) -> bool:
    """Whether `number` stands in `text` as a whole number: a short test seed (1001) also stands
    inside Discord's 19-digit ids, which is no leak."""
    return re.search(rf"(?<!\d){number}(?!\d)", text) is not None


def _unrevealed(text: str, record: Any) -> str:
    """A message's text without the line that reveals a finished table's seed in its last public
    posts (issue 28 item 3: bot/export.py's `fairness_line`, in either language): the seed may be
    there and nowhere else."""
    from bot.export import fairness_line
    from bot.i18n import LANGUAGES

    if record.is_over:
        for lang in LANGUAGES:
            line = fairness_line(record, lang)
            if line:
                text = text.replace(line, "")
    return text


def games_for(name: str) -> int:
    return 1000 if SLOW else DEFAULT_GAMES.get(name, 50)


EVERY_STEP = {"canyon"}  # short games: every step; long ones: a sample plus every step with a secret
SAMPLE = 4


class SourceViews:
    """A game's presenter whose images are their source views (JSON), so panels compare exactly."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return b"board:" + view.model_dump_json().encode()

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        return b"private:" + view.model_dump_json().encode()

    def piece_png(self, view: BaseModel, action: Action, lang: str) -> bytes | None:
        return b"piece:" + view.model_dump_json().encode() + b"|" + action.model_dump_json().encode()

    def picking_png(self, view: BaseModel, picking: Any, lettered: Any, lang: str) -> bytes | None:
        """The close-up with lettered targets (issue 29 item 4): its view and its letters."""
        return b"picking:" + view.model_dump_json().encode() + b"|" + repr(lettered).encode()


def record_for(rules: Rules[Any], state: Any, seed: int) -> TableRecord:
    outcome = rules.outcome(state)
    return TableRecord(
        id=7,
        number=7,
        game=rules.name,
        guild_id=1,
        channel_id=2,
        thread_id=3,
        status="finished" if outcome else "active",
        seats={seat: 100 + n for n, seat in enumerate(rules.seats)},
        invited=[],
        options={},
        seed=seed,
        version=state.version,
        lang="en",
        status_message_id=None,
        created_by=100,
        outcome=outcome,
        rematch_of=None,
        created_at=0.0,
        updated_at=0.0,
    )


def same(a: Panel, b: Panel) -> bool:
    """Equal panels: words, images with their descriptions (alt text), and buttons."""
    return (a.content, a.files, a.components) == (b.content, b.files, b.components)


async def panels(rules: Rules[Any], states: list[Any], seed: int, scan: Scan) -> None:
    """The bot's public and private panels do not change when what their reader may not know does."""
    try:
        presenter = SourceViews(presenter_for(rules.name))
    except LookupError:
        return  # no presenter yet: the game is not playable in Discord
    # The panels draw their images in jobs (bot/jobs.py), through the game's presenter: there too the
    # images are their source views. An image is drawn from its view alone, so equal source views
    # prove equal images, without drawing hundreds of PNGs.
    with patch.object(jobs, "presenter_for", lambda game: SourceViews(presenter_for(game))):
        await compare_panels(rules, states, seed, scan, presenter)


async def compare_panels(
    rules: Rules[Any], states: list[Any], seed: int, scan: Scan, presenter: SourceViews
) -> None:
    from engine.core import Dice

    for n, state in enumerate(states):
        table = record_for(rules, state, seed)
        for lang in ("en", "es"):
            other = rules.resample_hidden(state, None, Dice(seed, 800_000 + n))
            public = [
                await status_panel(table.model_copy(update={"lang": lang}), rules, presenter, s)
                for s in (state, other)
            ]
            if not same(*public):
                scan.leaks.append(f"{rules.name} seed {seed}: the status message depends on hidden things")
            texts = [board_text_messages(table, rules, presenter, s, None, lang) for s in (state, other)]
            if texts[0] != texts[1]:
                scan.leaks.append(
                    f"{rules.name} seed {seed}: the spectators' text board depends on hidden things"
                )
            for seat in rules.seats:
                other = rules.resample_hidden(state, seat, Dice(seed, 810_000 + n))
                private = [
                    await private_panel(table, rules, presenter, s, seat, lang) for s in (state, other)
                ]
                if not same(*private):
                    scan.leaks.append(
                        f"{rules.name} seed {seed}: {seat}'s private panel depends on hidden things"
                    )
                texts = [board_text_messages(table, rules, presenter, s, seat, lang) for s in (state, other)]
                if texts[0] != texts[1]:
                    scan.leaks.append(
                        f"{rules.name} seed {seed}: {seat}'s text board depends on hidden things"
                    )
            scan.panels += 1


@pytest.mark.parametrize("name", SECRET_GAMES)
def test_random_games_show_nobody_anything_they_may_not_know(name: str) -> None:
    rules = GAMES[name]
    games = games_for(name)
    total = Scan()
    for seed in range(games):
        scan = play_and_scan(
            rules,
            seed,
            every_step=name in EVERY_STEP,
            sample=SAMPLE,
            panels=panels if seed % 20 == 0 else None,
        )
        assert not scan.leaks, scan.leaks[:5]
        total.steps += scan.steps
        total.checked += scan.checked
        total.comparisons += scan.comparisons
        total.refusals += scan.refusals
        total.panels += scan.panels
        total.order_only += scan.order_only
    assert total.checked >= games and total.comparisons > total.checked and total.refusals > 0
    print(
        f"{name}: {games} games, {total.steps} steps, {total.checked} checked, {total.comparisons} comparisons,"
        f" {total.refusals} refusals compared, {total.panels} panel sets,"
        f" {total.order_only} differing only in the order of cards the viewer now holds"
    )


@pytest.mark.parametrize("name", SECRET_GAMES)
def test_the_opening_events_show_nobody_more_than_their_view(name: str) -> None:
    """Over many seeds: a viewer whose opening view is the same is shown the same opening events."""
    rules = GAMES[name]
    seen: dict[tuple[str | None, str], tuple[str, int]] = {}
    compared = 0
    for seed in range(1000):
        state, events = new_game(rules, None, seed)
        for viewer in (*rules.seats, None):
            key = (viewer, rules.view(state, viewer).model_dump_json())
            # the order of cards drawn into one's own hand is not a secret (see secrets_scan.canonical)
            opening = json.dumps(canonical(shown(events, viewer)), sort_keys=True, default=str)
            first = seen.setdefault(key, (opening, seed))
            assert first[0] == opening, (
                f"{name}: seeds {first[1]} and {seed} look alike to {viewer} but open differently"
            )
            compared += first[1] != seed
    assert compared > 0  # the spectator at least sees every opening alike


# --- through Discord ---------------------------------------------------------------------------


def descriptions(emu: Emulator) -> dict[int, list[str]]:
    """Message id -> the descriptions (alt text) of every image it ever carried, edits included; each
    image had one (issue 29)."""
    pictures: dict[int, list[str]] = {}
    for message_id, file in emu.store.message_files:
        pictures.setdefault(message_id, []).append(file.description or "")
    assert pictures and all(all(said) for said in pictures.values())
    return pictures


def dumped(model: BaseModel) -> str:
    return json.dumps(model.model_dump(mode="json"), sort_keys=True)


def secrets_of(
    rules: Rules[Any], presenter: Any, events: list[Any], ends: list[int]
) -> tuple[dict[str, set[str]], set[str]]:
    """Per seat, every line of its private text after every commit (en, es); and every spectator view."""
    private: dict[str, set[str]] = {seat: set() for seat in rules.seats}
    spectator: set[str] = set()
    for n in ends:
        state = fold(rules, events[:n])
        spectator.add(dumped(rules.view(state, None)))
        for seat in rules.seats:
            for lang in ("en", "es"):
                text = presenter.private_text(rules.view(state, seat), lang) or ""
                private[seat] |= {line.strip() for line in text.splitlines() if len(line.strip()) >= 6}
    return private, spectator


async def test_whole_games_through_discord_leak_nothing(
    emu: Emulator,
    world: World,
    start: Any,
    duel_game: Any,
    db_path: Any,
    caplog: pytest.LogCaptureFixture,
    monkeypatch,
) -> None:
    pytest.importorskip("renderers.canyon")
    # the presenter spies below must see every call: jobs in-process (worker processes miss a monkeypatch)
    tablero = await start(TABLERO_WORKERS=0)
    caplog.set_level(logging.INFO)  # what production logs (LOG_LEVEL=INFO) ...
    for ours in ("bot", "cogs", "tablero"):
        caplog.set_level(logging.DEBUG, logger=ours)  # ... and everything our own code logs
    calls: list[tuple[str, str, Any]] = []
    for game in ("canyon", "duel"):
        presenter = presenter_for(game)
        for method in ("board_png", "status_text", "narrate"):
            real = getattr(presenter, method)

            def spy(arg: Any, lang: str, _real: Any = real, _game: str = game, _method: str = method) -> Any:
                calls.append((_game, _method, arg))
                return _real(arg, lang)

            monkeypatch.setattr(presenter, method, spy)
    dave = emu.create_user("dave", locale="es-ES").id
    emu.add_member(world.guild, dave)
    canyon, canyon_thread = await challenge(
        emu, tablero, world.alice, world.bob, world.channel, game="canyon", side="marine"
    )
    duel, duel_thread = await challenge(emu, tablero, world.carol, dave, world.channel, rounds=3)
    rng = random.Random(11)
    # some refusals too: every player presses the other table's first action as if it were theirs
    panel = await my_hand(emu, world.alice, canyon_thread, canyon)
    for user in (world.bob, world.carol, dave):
        if action_ids(panel):
            forged = status_message(emu, canyon_thread, canyon)
            forged.components.append(
                {
                    "type": 1,
                    "components": [{"type": 2, "style": 1, "label": "x", "custom_id": action_ids(panel)[0]}],
                }
            )
            await run(await emu.click(user, forged.id, action_ids(panel)[0]))
            forged.components.pop()
    for players, thread, table in (
        ([world.alice, world.bob], canyon_thread, canyon),
        ([world.carol, dave], duel_thread, duel),
    ):
        await drive(emu, players, thread, table, settle=tablero.delivery.wait_idle, choose=rng.choice)
    await tablero.delivery.wait_idle()

    tables = {t.id: t for t in await tablero.store.list_tables()}
    everything: list[tuple[int | None, MessageRecord]] = []  # (who alone may read it, message)
    for message in emu.store.messages.values():
        if message.deleted or message.author_id != emu.bot.id:
            continue
        channel = emu.store.channels[message.channel_id]
        reader = message.ephemeral_to if message.ephemeral else getattr(channel, "recipient_id", None)
        everything.append((reader, message))
    logs = [  # the bot's (not the emulator's web server's)
        record.getMessage() + (record.exc_text or "")
        for record in caplog.records
        if not record.name.startswith(("aiohttp", "tests"))
    ]
    assert any(reader is None for reader, _ in everything) and any(reader for reader, _ in everything)
    pictures = descriptions(emu)

    for table in (canyon, duel):
        record = tables[table]
        rules, presenter = (
            GAMES.get(record.game) or tablero.tables._rules(record.game),
            presenter_for(record.game),
        )
        log = await tablero.store.load_events(table)
        events = [rules.parse_event(e.data) for e in log]
        ends = [r.seq for r, nxt in zip(log, [*log[1:], None], strict=True) if nxt is None or nxt.at != r.at]
        private, spectator = secrets_of(rules, presenter, events, ends)
        seat_of = {user: seat for seat, user in record.seats.items()}
        for reader, message in everything:
            mine = private.get(seat_of.get(reader, ""), set())
            for seat, lines in private.items():
                if reader is not None and seat_of.get(reader) == seat:
                    continue
                # what the message says, and what each image it ever carried says (its description)
                said = "\n".join([message.content, *pictures.get(message.id, [])])
                leaked = [line for line in lines - mine if line in said]
                assert not leaked, (
                    f"table {table}: {seat}'s secret {leaked[:2]} reached {reader or 'everyone'}"
                )
        for line in logs:
            assert not _has_number(line, record.seed), "a table's seed in a log line"
            for lines in private.values():
                assert not [s for s in lines if s in line], f"a secret in a log line: {line[:200]}"
        assert not any(_has_number(_unrevealed(m.content, record), record.seed) for _, m in everything), (
            "the seed reached a message"
        )
        # public pictures and texts come from spectator views; public narration from events redacted for nobody
        public = [(method, arg) for game, method, arg in calls if game == record.game]
        assert public
        redacted = {
            json.dumps(e.redacted_for(None).model_dump(mode="json"), sort_keys=True)
            for e in events
            if e.redacted_for(None)
        }
        for method, arg in public:
            if method == "narrate":
                assert dumped(arg) in redacted, arg
            else:
                assert dumped(arg) in spectator, f"{record.game} {method} drew a non-spectator view"


async def test_a_space_hulk_game_through_discord_leaks_nothing(
    emu: Emulator,
    world: World,
    start: Any,
    db_path: Any,
    caplog: pytest.LogCaptureFixture,
    monkeypatch,
) -> None:
    """Space Hulk's secrets (SHB-5.1 the command point chit, SHB-10.1 blip values and the bag) over a
    whole mission played through the bot: each seat's private text reaches only that seat, nothing
    secret or the seed is logged, and every public image, status and narration line is drawn from a
    spectator view or an event redacted for nobody."""
    pytest.importorskip("renderers.spacehulk")
    from tests.e2e.spacehulk_driver import play

    tablero = await start(TABLERO_WORKERS=0)  # in-process images, so the spies see every call
    caplog.set_level(logging.INFO)
    for ours in ("bot", "cogs", "tablero"):
        caplog.set_level(logging.DEBUG, logger=ours)
    presenter = presenter_for("spacehulk")
    calls: list[tuple[str, Any]] = []
    for method in ("board_png", "status_text", "narrate"):
        real = getattr(presenter, method)

        def spy(arg: Any, lang: str, _real: Any = real, _method: str = method) -> Any:
            calls.append((_method, arg))
            return _real(arg, lang)

        monkeypatch.setattr(presenter, method, spy)
    table, thread = await challenge(
        emu,
        tablero,
        world.alice,
        world.bob,
        world.channel,
        game="spacehulk",
        side="marine",
        mission="purge",
        turn_limit=3,
        timer_mode="untimed",
    )
    await play(emu, tablero, [world.alice, world.bob], thread, table, random.Random(5))
    await tablero.delivery.wait_idle()
    record = await tablero.tables.get(table)
    assert record.status == "finished"
    rules = GAMES["spacehulk"]
    log = await tablero.store.load_events(table)
    events = [rules.parse_event(e.data) for e in log]
    ends = [r.seq for r, nxt in zip(log, [*log[1:], None], strict=True) if nxt is None or nxt.at != r.at]
    private, spectator = secrets_of(rules, presenter, events, ends)
    assert private["marine"] and private["genestealer"]  # both seats had secrets to keep
    seat_of = {user: seat for seat, user in record.seats.items()}
    logs = [
        r.getMessage() + (r.exc_text or "")
        for r in caplog.records
        if not r.name.startswith(("aiohttp", "tests"))
    ]
    delivered = 0
    pictures = descriptions(emu)
    for message in emu.store.messages.values():
        if message.deleted or message.author_id != emu.bot.id:
            continue
        channel = emu.store.channels[message.channel_id]
        reader = message.ephemeral_to if message.ephemeral else getattr(channel, "recipient_id", None)
        mine = private.get(seat_of.get(reader, ""), set())
        delivered += bool(mine & {line for line in mine if line in message.content})
        said = "\n".join([message.content, *pictures.get(message.id, [])])  # and its images' words
        for seat, lines in private.items():
            if reader is not None and seat_of.get(reader) == seat:
                continue
            leaked = [line for line in lines - mine if line in said]
            assert not leaked, f"{seat}'s secret {leaked[:2]} reached {reader or 'everyone'}"
        assert not _has_number(_unrevealed(message.content, record), record.seed)
    assert delivered  # the private panels did carry the secrets to their owners (the scan can fail)
    for line in logs:
        assert not _has_number(line, record.seed), "a table's seed in a log line"
        for lines in private.values():
            assert not [s for s in lines if s in line], f"a secret in a log line: {line[:200]}"
    redacted = {
        json.dumps(e.redacted_for(None).model_dump(mode="json"), sort_keys=True)
        for e in events
        if e.redacted_for(None)
    }
    assert calls
    for method, arg in calls:
        if method == "narrate":
            assert dumped(arg) in redacted, arg
        else:
            assert dumped(arg) in spectator, f"spacehulk {method} drew a non-spectator view"
