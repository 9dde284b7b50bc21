"""The message budget (issue 15, item 1): whole games through the emulator, counting what each user
receives per game turn — new public posts in the table's thread, status edits, DMs, pings (mentions)
and private replies to their own clicks. The counts are printed (and kept in README.md).

The budget enforced today:
- the status message is one message, edited in place;
- at most one new public post per game turn (a summary; plus the opening), none per action;
- a hand-over notifies the player who must act exactly once: by DM when their DMs are open (the DM
  carries their choices and is the ping), else by one mention in the thread; never both;
- a click on a private panel updates that panel in place: no new message per click (the e2e
  suites read the answer to a click from the updated panel).

Before (2026-12-01, per game turn): Canyon duel 3.7 public posts, 6.0 DMs, 2.2 pings;
Arkenstone duel (grid draft) 8.4 public posts, 12.7 DMs, 4.3 pings. ClickWars duel (2 rounds, small
armies, before issue 27): 1.4 public posts per turn (one per hand-over, a post for each phase of the
set-up); after: 1.0 (one per army turn, the set-up one).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator

from .harness import World, drive, run, status_message
from .test_arkenstone_e2e import play_out

pytestmark = pytest.mark.e2e


@dataclass
class Tally:
    game: str
    turns: int
    posts: int
    edits: int
    dms: float
    pings: float
    replies: float

    def line(self) -> str:
        t = self.turns
        return (
            f"{self.game:<10} {t:>3} turns · per turn: public posts {self.posts / t:.1f}, "
            f"DMs {self.dms / t:.1f}, pings {self.pings / t:.1f}, private replies {self.replies / t:.1f} "
            f"(status edits {self.edits})"
        )


def tally(emu: Emulator, game: str, turns: int, thread: int, table: int, users: list[int]) -> Tally:
    """What the users received in the table's thread and their DMs (their own clicks' replies apart)."""
    status = status_message(emu, thread, table)
    assert status is not None
    posts = [m for m in emu.messages(thread) if m.author_id == emu.bot.id and m.id != status.id]
    return Tally(
        game=game,
        turns=max(turns, 1),
        posts=len(posts),
        edits=status.edits,
        dms=sum(1 for u in users for m in emu.dm_messages(u) if m.interaction_id is None),
        pings=sum(m.mentions.count(u) for m in posts for u in users),
        replies=sum(1 for u in users for m in emu.visible_to(u) if m.ephemeral_to == u),
    )


def report(capsys: pytest.CaptureFixture[str], tally: Tally) -> None:
    with capsys.disabled():
        print("\nmessage budget:", tally.line())
    assert tally.posts <= tally.turns + 1  # one summary per turn, and the opening
    # private replies: the "My hand" panels a player pulls; the clicks on them update them in place


def notified_once(emu: Emulator, thread: int, users: list[int]) -> None:
    """Nobody with open DMs is also mentioned in the thread for the same hand-over."""
    for user in users:
        pinged = [m for m in emu.messages(thread) if user in m.mentions and "Game over" not in m.content]
        if emu.dm_messages(user):
            assert not pinged, [m.content[:120] for m in pinged]


CHOICE = re.compile(r"^tb:[asf]:")  # bot/ids.py: an action button, a menu of actions, a form


def first_drawn(emu: Emulator, users: list[int]) -> dict[int, list[str]]:
    """Each new DM to these users as it was first sent (its controls), kept as the game goes on."""
    dms = {emu.dm_channel_of(u) for u in users}
    drawn: dict[int, list[str]] = {}

    def seen(kind: str, record: Any) -> None:
        if kind == "message" and record.id not in drawn and record.guild_id is None:
            if record.interaction_id is None and record.author_id == emu.bot.id:
                drawn[record.id] = list(record.custom_ids)
        dms.update(emu.dm_channel_of(u) for u in users)

    emu.listeners.append(seen)
    return drawn


async def test_a_canyon_duel_stays_within_the_budget(
    emu: Emulator, world: World, start: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27 item 9: the waiting Canyon player gets no DM that offers no choice (their new cards
    between turns edit their last panel instead); item 6: when the table ends, each player's last
    private panel is edited to the final state (no stale "Waiting for ..." / "Next canyon card")."""
    from bot.panels import outcome_text

    drawn = first_drawn(emu, [world.alice, world.bob])
    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 6  # a long game (21 choices, forks, hits of both kinds)
    args = {"game": "canyon", "opponent": world.bob, "side": "marine"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    users = [world.alice, world.bob]
    await drive(emu, users, thread, 1, settle=bot.delivery.wait_idle, choose=random.Random(3).choice)
    await bot.delivery.wait_idle()
    state = (await bot.tables.load(1)).state
    counted = tally(emu, "canyon", state.turn, thread, 1, users)
    report(capsys, counted)
    assert len([m for m in emu.messages(thread) if "tb:rules:1" in m.custom_ids]) == 1  # one status message
    notified_once(emu, thread, users)
    # after the opening (which tells the waiting player the game started, with their hand), every
    # DM offered a choice when it was sent: the waiting player's second DM per turn is gone
    for user in users:
        sent = [m.id for m in emu.dm_messages(user) if m.id in drawn]
        assert len(sent) >= 3, sent
        assert all(any(CHOICE.match(c) for c in drawn[m]) for m in sent[1:]), [drawn[m] for m in sent]
    from renderers.i18n import t

    table = await bot.tables.get(1)
    for user in users:
        last = [m for m in emu.dm_messages(user) if m.interaction_id is None][-1]
        lang = "es" if t("es", "bot.you_play", seat="|").split("|")[0] in last.content else "en"
        assert f"**{outcome_text(table, lang)}**" in last.content, last.content
        assert not any(CHOICE.match(c) for c in last.custom_ids), last.custom_ids
        stale = (t(lang, "bot.waiting_for", seats="|"), t(lang, "canyon.private.next", card="|", effect="|"))
        for words in stale:
            assert words.split("|")[0] not in last.content, last.content


async def test_a_clickwars_duel_stays_within_the_budget(
    emu: Emulator, world: World, start: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27 item 2: ClickWars rounds post at most one summary per army turn (the set-up and
    deployment count as turn 0): no post per move, shot or phase, a counter-assault included."""
    from .test_clickwars_e2e import SMALL

    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 5
    options = SMALL.replace("rounds=1", "rounds=2")
    args = {"game": "clickwars", "opponent": world.bob, "side": "red", "options": options}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    users = [world.alice, world.bob]
    await drive(emu, users, thread, 1, settle=bot.delivery.wait_idle, choose=random.Random(5).choice)
    await bot.delivery.wait_idle()
    state = (await bot.tables.load(1)).state
    assert state.turn >= 3  # the game was played turn after turn
    counted = tally(emu, "clickwars", state.turn + 1, thread, 1, users)  # + the set-up (turn 0)
    report(capsys, counted)
    assert len([m for m in emu.messages(thread) if "tb:rules:1" in m.custom_ids]) == 1  # one status message
    notified_once(emu, thread, users)


async def arkenstone_duel(emu: Emulator, world: World, start: Any) -> tuple[TableroBot, int]:
    """Alice (Smaug) against Bob (Bilbo), table 1 seeded 77, Bob seated: the bot and the thread."""
    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 77
    args = {"game": "arkenstone", "opponent": world.bob, "side": "smaug"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    return bot, thread


async def test_an_arkenstone_duel_stays_within_the_budget(
    emu: Emulator, world: World, start: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    bot, thread = await arkenstone_duel(emu, world, start)
    await bot.delivery.wait_idle()
    await play_out(bot, emu, thread, 1, {"smaug": world.alice, "bilbo": world.bob}, settle=True)
    await bot.delivery.wait_idle()
    state = (await bot.tables.load(1)).state
    users = [world.alice, world.bob]
    counted = tally(emu, "arkenstone", state.turn + 1, thread, 1, users)  # + the layout (turn 0)
    report(capsys, counted)
    notified_once(emu, thread, users)


async def test_the_arkenstone_draft_left_to_chance_notifies_nobody_per_card(
    emu: Emulator, world: World, start: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15 item 1, AK-SET-2/3/4: once Smaug's player presses "Place my remaining cards at random"
    (in the DM that handed them the layout), they receive nothing more during the layout, Bilbo's
    player is told once and then places card after card on the panel they click (updated in place),
    nobody is pinged, and the layout's one public post comes when it is complete."""
    from collections import Counter

    from engine.arkenstone import RULES, PlaceRest
    from engine.core import dice_for

    from .test_arkenstone_e2e import PILOTS, choose, panel_for

    bot, thread = await arkenstone_duel(emu, world, start)
    users = {"smaug": world.alice, "bilbo": world.bob}
    before: dict[int, int] | None = None
    posts_before = 0
    clicks = 0
    for _ in range(60):
        await bot.delivery.wait_idle()
        state = (await bot.tables.load(1)).state
        if not state.phase.startswith("place_"):
            break
        [seat] = RULES.active_seats(state)
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        message = await panel_for(emu, users[seat], thread, 1, state.version)
        if before is None and state.phase == "place_treasure":
            assert seat == "smaug" and message.guild_id is None  # the hand-over DM carries the choice
            button = f"tb:a:1:{state.version}:{legal.index(PlaceRest())}"
            assert button in message.custom_ids
            before = {u: len(emu.dm_messages(u)) for u in users.values()}
            posts_before = len(emu.messages(thread))
            [reply] = await run(await emu.click(world.alice, message.id, button))
            assert reply.id == message.id and "Place my remaining cards at random" in reply.content
            continue
        action = PILOTS[seat].choose(view, legal, dice_for(state).fork(f"pilot:{seat}"))
        await choose(emu, users[seat], message, view, legal, action, Counter())
        clicks += before is not None
    else:
        raise AssertionError("the layout did not end")
    assert before is not None and clicks >= 10
    state = (await bot.tables.load(1)).state
    assert state.turn == 1 and state.random_placers == ["smaug"]
    dms = {u: len(emu.dm_messages(u)) - n for u, n in before.items()}
    posts = [m for m in emu.messages(thread)[posts_before:] if m.author_id == emu.bot.id]
    with capsys.disabled():
        print(f"\nmessage budget: arkenstone layout left to chance: {clicks} placements by Bilbo, DMs {dms}")
    assert dms == {world.alice: 0, world.bob: 1}  # Bilbo's player: the one hand-over, not one per card
    assert len(posts) == 1 and not [m for m in posts if m.mentions]  # the layout's summary, no ping
