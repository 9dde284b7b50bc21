"""Stand-ins for absent players end to end (issue 26 item 1): the real bot, the emulator, a clock the
test moves. A player misses two deadlines and the AI takes their seat, then hands it back when they
click "I'm back"; `/away` holds across a restart and ends on its date."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from engine.core import Disclosed
from playground.emulator import Emulator
from tests.reliability.support import says

from .harness import World, drive, latest_prompt, pick, run, status_message

pytestmark = pytest.mark.e2e


class Clock:
    """The bot's clock: the wall clock plus what the test adds (hours pass in an instant)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


def absence(db_path: Path, table: int = 1) -> dict[str, Any]:
    with sqlite3.connect(db_path) as db:
        [(raw,)] = db.execute("SELECT absence FROM tables WHERE id = ?", (table,))
    return dict(json.loads(raw))


def actors(db_path: Path, table: int = 1) -> list[str | None]:
    with sqlite3.connect(db_path) as db:
        return [
            a for (a,) in db.execute("SELECT actor FROM events WHERE table_id = ? ORDER BY seq", (table,))
        ]


def away_until(db_path: Path, user: int) -> float | None:
    with sqlite3.connect(db_path) as db:
        rows = list(db.execute("SELECT away_until FROM players WHERE user_id = ?", (user,)))
    return rows[0][0] if rows else None


async def duel(emu: Emulator, world: World, options: str) -> int:
    """Alice (red) against Bob (blue), joined; the table's thread."""
    args = {"game": "duel", "opponent": world.bob, "side": "red", "options": options}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    lobby = await emu.wait_for(lambda: status_message(emu, thread, 1), timeout=10)
    await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
    return thread


async def test_missed_deadlines_hand_the_seat_to_the_ai_and_back(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    clock = Clock()
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    thread = await duel(emu, world, "rounds=2 absent=ai absent_after=2")
    await bot.delivery.wait_idle()
    await run(await pick(emu, world.alice, await emu.wait_for(lambda: latest_prompt(emu, world.alice))))
    await bot.delivery.wait_idle()
    # Bob lets two deadlines pass
    clock.offset += bot.tables.reminder_delay + 1
    bot.scheduler.notify()
    await emu.wait_for(lambda: absence(db_path).get("missed") == {"blue": 1}, timeout=10)
    assert "ai:blue" not in actors(db_path)
    clock.offset += bot.tables.reminder_delay + 1
    bot.scheduler.notify()
    notice = await emu.wait_for_message(
        thread, lambda m: "missed 2 deadlines in a row" in m.content, since=0, timeout=10
    )
    assert f"<@{world.bob}>" in notice.content and "tb:back:1" in notice.custom_ids
    assert world.bob in notice.mentions  # Bob himself is pinged: he must know
    assert "ai:blue" in actors(db_path)  # the AI played his card at once, marked as the stand-in's
    await bot.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert status is not None and "The AI plays Blue" in status.content and "tb:back:1" in status.custom_ids
    # the narration of the AI's move names it
    await emu.wait_for_message(thread, lambda m: "(the AI for Blue)" in m.content, since=0, timeout=10)

    # "I'm back": Bob's seat is his again, his panel answers him (in Spanish)
    [reply] = await run(await emu.click(world.bob, notice.id, "tb:back:1"))
    assert reply.ephemeral and "Bienvenido de vuelta" in reply.content
    assert absence(db_path).get("stand_ins") == {}
    await bot.delivery.wait_idle()
    assert "tb:back:1" not in status_message(emu, thread, 1).custom_ids
    played_by_ai = actors(db_path).count("ai:blue")
    await drive(emu, [world.alice, world.bob], thread, 1, settle=bot.delivery.wait_idle)
    assert actors(db_path).count("ai:blue") == played_by_ai  # the AI played no more once he was back
    final = status_message(emu, thread, 1)
    assert final is not None and "Game over" in final.content
    assert "with one turn played by the AI." in final.content


async def test_away_holds_across_a_restart_and_ends_on_its_date(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    clock = Clock()
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    thread = await duel(emu, world, "rounds=3 absent=ai")
    await bot.delivery.wait_idle()
    [reply] = await run(await emu.slash(world.bob, world.channel, "away", {"until": "2"}))
    assert (
        reply.ephemeral
        and "Estás de viaje hasta <t:" in reply.content
        and "una mesa lo sabe" in reply.content
    )
    await bot.delivery.wait_idle()
    told = [m for m in emu.messages(thread) if "is away until" in m.content]
    assert len(told) == 1 and told[0].mentions == []  # the others are told once; nobody is pinged
    assert "ai:blue" in actors(db_path)  # the AI committed Bob's card straight away
    before = actors(db_path).count("ai:blue")

    await bot.close()  # the bot restarts while Bob is away ...
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    await run(await pick(emu, world.alice, await emu.wait_for(lambda: latest_prompt(emu, world.alice))))
    await bot.delivery.wait_idle()
    assert actors(db_path).count("ai:blue") > before  # ... and the AI still plays for him
    assert len([m for m in emu.messages(thread) if "is away until" in m.content]) == 1

    # two days pass: his seat is his again
    bob_prompts = len([m for m in emu.dm_messages(world.bob) if m.custom_ids])
    clock.offset += 2 * 86400 + 1
    bot.scheduler.notify()
    await emu.wait_for(lambda: away_until(db_path, world.bob) is None, timeout=10)
    await emu.wait_for(lambda: absence(db_path).get("stand_ins") == {}, timeout=10)
    ai_moves = actors(db_path).count("ai:blue")
    await bot.delivery.wait_idle()

    def bobs_prompts() -> int:
        return len([m for m in emu.dm_messages(world.bob) if m.custom_ids])

    for _ in range(4):  # Alice plays on until the game needs Bob
        if bobs_prompts() > bob_prompts:
            break
        await run(await pick(emu, world.alice, await emu.wait_for(lambda: latest_prompt(emu, world.alice))))
        await bot.delivery.wait_idle()
    assert bobs_prompts() > bob_prompts  # his choices come to him again ...
    assert actors(db_path).count("ai:blue") == ai_moves  # ... and the AI no longer plays for him


async def test_both_players_pause_a_table_and_resume_it(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    """Issue 26 item 3: Alice asks with /pause, Bob agrees with the button on her request; the status
    message says it is paused, a move is refused in Bob's language, and /resume plays on."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await duel(emu, world, "rounds=2")
    await bot.delivery.wait_idle()
    [asked] = await run(await emu.slash(world.alice, thread, "pause", {}))
    assert asked.ephemeral and "when the other players agree" in asked.content
    request = await emu.wait_for_message(thread, lambda m: "asks to pause" in m.content, since=0, timeout=10)
    assert world.bob in request.mentions and "tb:pause:1" in request.custom_ids
    [agreed] = await run(await emu.click(world.bob, request.id, "tb:pause:1"))
    assert "está en pausa" in agreed.content
    await bot.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert status is not None and "Paused" in status.content and "tb:resume:1" in status.custom_ids
    prompt = await emu.wait_for(lambda: latest_prompt(emu, world.bob))
    [refused] = await run(await pick(emu, world.bob, prompt))
    assert "está en pausa; usa /reanudar" in refused.content
    [resumed] = await run(await emu.slash(world.bob, thread, "resume", {}))
    assert "sigue" in resumed.content
    await bot.delivery.wait_idle()
    assert "Paused" not in status_message(emu, thread, 1).content
    await drive(emu, [world.alice, world.bob], thread, 1, settle=bot.delivery.wait_idle)
    assert "Game over" in status_message(emu, thread, 1).content


async def test_server_settings_for_admins(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    """Issue 26 item 6: /server is for Manage Server by default (Discord enforces it; an owner can
    change it under Integrations); an admin chooses where games open and the defaults of new tables."""
    bot = await start(TABLERO_WORKERS=0)
    await emu.wait_for(lambda: emu.store.command("server", None), timeout=10)
    command = emu.store.command("server", None)
    assert command is not None and int(command["default_member_permissions"]) == 32  # Manage Server
    with pytest.raises(Exception, match="needs permissions"):
        await emu.slash(world.alice, world.channel, "server show", {})
    games = emu.create_channel(world.guild, "board-games")
    [saved] = await run(await emu.slash(world.admin, world.channel, "server channels", {"add": games}))
    assert f"<#{games}>" in saved.content
    # a channel option that is another server's channel (what the fuzz test drew) cannot be turned
    # into this server's channel by discord.py (TransformerError): refused in words, not as a bug
    general = emu.create_guild("Elsewhere").general
    [odd] = await run(await emu.slash(world.admin, world.channel, "server channels", {"remove": general}))
    assert odd.ephemeral and says(odd, "bot.option_unusable") and not says(odd, "core.something_broke")
    [saved] = await run(
        await emu.slash(
            world.admin,
            world.channel,
            "server defaults",
            {"absent": "ai", "absent_after": 3, "deadline_hours": 12},
        )
    )
    assert "ai after 3 missed deadlines in a row" in saved.content and "12 h" in saved.content
    [refused] = await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))
    assert refused.ephemeral and f"Games are opened in <#{games}> on this server." in refused.content
    await run(await emu.slash(world.alice, games, "game new", {"game": "duel", "opponent": world.bob}))
    await emu.wait_for(lambda: emu.threads(games), timeout=10)
    with sqlite3.connect(db_path) as db:
        [(settings,)] = db.execute("SELECT settings FROM tables WHERE id = 1")
    assert json.loads(settings) == {"absent": "ai", "absent_after": 3, "deadline_hours": 12.0}
    [thread] = emu.threads(games)
    lobby = await emu.wait_for(lambda: status_message(emu, thread, 1), timeout=10)
    await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
    await bot.delivery.wait_idle()
    with sqlite3.connect(db_path) as db:
        dues = [d for (d,) in db.execute("SELECT due_at FROM deadlines WHERE kind = 'reminder'")]
    assert dues and all(abs(d - time.time() - 12 * 3600) < 60 for d in dues)  # the server's 12 h


def window(at: float, start_in_h: float, length_h: int) -> str:
    """Quiet hours (UTC) starting at the whole hour `start_in_h` hours after `at`, `length_h` long."""
    start = int((at + start_in_h * 3600) // 3600) % 24
    return f"{start:02d}-{(start + length_h) % 24:02d}"


def bob_dms(emu: Emulator, world: World) -> list[Any]:
    return [m for m in emu.dm_messages(world.bob) if not m.ephemeral]


async def test_a_dm_held_through_quiet_hours_is_sent_once_at_their_end(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    """Issue 26 item 4: Bob's night (UTC, set with /settings) holds his DMs; the table moves on twice
    meanwhile; at the end of his night he gets one message, with where the table stands then."""
    from bot.quiet import quiet_end

    clock = Clock()
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    await duel(emu, world, "rounds=3")
    await bot.delivery.wait_idle()
    await run(await pick(emu, world.bob, await emu.wait_for(lambda: latest_prompt(emu, world.bob))))
    clock.offset += 31 * 60  # Bob is not playing any more: half an hour later, he goes to bed
    quiet = window(clock(), 0, 3)
    [reply] = await run(
        await emu.slash(world.bob, world.channel, "settings", {"timezone": "UTC", "quiet": quiet})
    )
    assert "UTC" in reply.content and "horas de silencio" in reply.content
    await bot.delivery.wait_idle()
    before = len(bob_dms(emu, world))
    # Alice plays on: each of her moves would reach Bob
    for _ in range(2):
        prompt = latest_prompt(emu, world.alice)
        if prompt is None:
            break
        await run(await pick(emu, world.alice, prompt))
        await bot.delivery.wait_idle()
    with sqlite3.connect(db_path) as db:
        held = list(
            db.execute("SELECT id FROM deliveries WHERE status = 'pending' AND last_error = 'quiet hours'")
        )
    assert held, "nothing was held"
    assert len(bob_dms(emu, world)) == before  # nothing reached him during his night
    end = quiet_end(clock(), "UTC", f"{quiet[:2]}:00-{quiet[3:]}:00")
    assert end is not None
    clock.offset += end - clock() + 1  # morning
    bot.delivery.notify()
    await emu.wait_for(lambda: len(bob_dms(emu, world)) > before, timeout=10)
    await bot.delivery.wait_idle()
    assert len(bob_dms(emu, world)) == before + 1  # one message, at the end of his night


async def test_a_deadline_moves_out_of_the_acting_players_night(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    """Issue 26 item 4: with quiet_deadlines=true, Bob's reminder, due in his quiet hours, moves to
    their end; Alice's (no quiet hours) stays where it was."""
    from bot.quiet import quiet_end

    clock = Clock()
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    quiet = window(clock(), 5, 4)  # from 5 h from now (by the hour) for 4 h: the 6 h deadline falls in it
    await run(await emu.slash(world.bob, world.channel, "settings", {"timezone": "UTC", "quiet": quiet}))
    await duel(emu, world, "rounds=2 quiet_deadlines=true")
    await bot.delivery.wait_idle()
    with sqlite3.connect(db_path) as db:
        due = {
            seat: at for seat, at in db.execute("SELECT seat, due_at FROM deadlines WHERE kind = 'reminder'")
        }
    morning = quiet_end(due["red"], "UTC", f"{quiet[:2]}:00-{quiet[3:]}:00")
    assert morning is not None and due["blue"] == pytest.approx(morning)
    assert abs(due["red"] - clock() - bot.tables.reminder_delay) < 60


async def test_take_backs_at_once_refused_after_a_die_and_by_consent(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26 (undo by consent): a move taken back at once; a boost rolled with a die cannot be
    taken back; after the other player acted, a take-back asked for is refused, and another accepted.
    (The Duel turns both cards over whenever the second player commits, which reveals them; for the
    consent part its rule is replaced by one that reveals nothing, in this process.)"""
    bot = await start(TABLERO_WORKERS=0)
    thread = await duel(emu, world, "rounds=3")
    await bot.delivery.wait_idle()

    async def act(user: int) -> None:
        """The first choice of the newest prompt the user has (an older one still counts while the
        choices are the same: the stale-click rule)."""
        prompt = await emu.wait_for(lambda: latest_prompt(emu, user), timeout=10)
        [reply] = await run(await pick(emu, user, prompt))
        assert "✅" in reply.content, reply.content
        await bot.delivery.wait_idle()

    async def takeback(user: int) -> str:
        [reply] = await run(await emu.slash(user, thread, "takeback", {}))
        await bot.delivery.wait_idle()
        return reply.content

    async def who_acts() -> int:
        loaded = await bot.tables.load(1)
        [seat] = loaded.rules.active_seats(loaded.state)
        user = loaded.table.user_of(seat)
        assert user is not None
        return user

    def rewinds() -> int:
        with sqlite3.connect(db_path) as db:
            return len(list(db.execute("SELECT 1 FROM events WHERE kind = 'rewound'")))

    await act(world.alice)
    assert "Your move is taken back" in await takeback(world.alice)  # nothing was revealed: at once
    assert rewinds() == 1
    await act(world.alice)
    await act(world.bob)  # both cards turn over; the round's winner boosts with a die
    winner = await who_acts()
    await act(winner)  # a roll: the first choice offered
    with sqlite3.connect(db_path) as db:
        assert [
            m for (m,) in db.execute("SELECT json_extract(data, '$.mode') FROM events WHERE kind = 'boosted'")
        ] == ["roll"]
    refused = await takeback(winner)
    assert "revealed" in refused or "revelado" in refused
    assert rewinds() == 1

    duel_rules = type(bot.tables.rules_of(await bot.tables.get(1)))
    monkeypatch.setattr(duel_rules, "disclosed", lambda self, *args, **kwargs: Disclosed(False, frozenset()))
    # round 2: Alice commits, Bob answers; Alice asks to take hers back; Bob refuses
    await act(world.alice)
    await act(world.bob)
    assert "other players are asked" in await takeback(world.alice)
    request = await emu.wait_for_message(
        thread, lambda m: "asks to take back" in m.content, since=0, timeout=10
    )
    assert world.bob in request.mentions and any(c.startswith("tb:un:1:") for c in request.custom_ids)
    no = next(c for c in request.custom_ids if c.startswith("tb:un:1:"))
    [answer] = await run(await emu.click(world.bob, request.id, no))
    assert "rechazado" in answer.content
    await bot.delivery.wait_idle()
    assert rewinds() == 1
    await act(await who_acts())
    # round 3: again, and Bob accepts
    await act(world.alice)
    await act(world.bob)
    await takeback(world.alice)
    requests = [m for m in emu.messages(thread) if "asks to take back" in m.content]
    yes = next(c for c in requests[-1].custom_ids if c.startswith("tb:uy:1:"))
    [answer] = await run(await emu.click(world.bob, requests[-1].id, yes))
    await bot.delivery.wait_idle()
    assert rewinds() == 2
    assert any("is taken back" in m.content for m in emu.messages(thread))


async def test_everything_held_in_quiet_hours_at_two_tables_is_one_dm_after_a_restart(
    emu: Emulator, world: World, start: Any, db_path: Path, duel_game: object
) -> None:
    """Issue 26 items 2 and 3's gaps: Bob's night holds every ping and DM, at every table. Alice asks
    to pause one of their two tables: the request is posted for everyone, but Bob is not pinged;
    nothing reaches his DMs; nor does Alice's challenge that opened the tables. The bot restarts in
    his night. At its end he gets one DM, with a line per table and a link to each (and to the pause
    request), and nothing else."""
    from bot.quiet import quiet_end

    clock = Clock()
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    quiet = window(clock(), 0, 3)
    await run(await emu.slash(world.bob, world.channel, "settings", {"timezone": "UTC", "quiet": quiet}))
    threads = []
    for number in (1, 2):
        args = {"game": "duel", "opponent": world.bob, "side": "red", "options": "rounds=3"}
        await run(await emu.slash(world.alice, world.channel, "game new", args))
        await emu.wait_for(lambda n=number: len(emu.threads(world.channel)) == n, timeout=10)
        thread = emu.threads(world.channel)[-1]
        lobby = await emu.wait_for(lambda t=thread, n=number: status_message(emu, t, n), timeout=10)
        await run(await emu.click(world.bob, lobby.id, f"tb:join:{number}"))
        threads.append(thread)
    await bot.delivery.wait_idle()
    await run(await emu.slash(world.alice, threads[0], "pause", {}))
    await bot.delivery.wait_idle()
    request = await emu.wait_for_message(
        threads[0], lambda m: "asks to pause" in m.content, since=0, timeout=10
    )
    assert f"<@{world.bob}>" in request.content and world.bob not in request.mentions  # shown, not pinged
    assert bob_dms(emu, world) == []  # his turns' DMs wait too
    pinged = [m for t in (world.channel, *threads) for m in emu.messages(t) if world.bob in m.mentions]
    assert pinged == [], [(m.content, m.edits) for m in pinged]

    await bot.close()  # the bot restarts in Bob's night
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    await bot.delivery.wait_idle()
    assert bob_dms(emu, world) == []
    end = quiet_end(clock(), "UTC", f"{quiet[:2]}:00-{quiet[3:]}:00")
    assert end is not None
    clock.offset += end - clock() + 1  # morning
    bot.delivery.notify()
    await emu.wait_for(lambda: bob_dms(emu, world), timeout=10)
    await bot.delivery.wait_idle()
    [dm] = bob_dms(emu, world)
    text = dm.content  # in Bob's language (Spanish)
    assert "mesa n.º 1" in text and "mesa n.º 2" in text and "pide pausar" in text, text
    assert f"/{request.id}" in dm.content  # the request's own post, linked
