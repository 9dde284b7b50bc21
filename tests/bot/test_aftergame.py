"""After the game (issue 28, items 2 and 3) against a real SQLite file: every action recorded with
who took it, the export (full after the end, a seat's or a spectator's view before), the seed's
commitment and reveal, `tablero verify` / `tablero replay`, and a tampered log detected."""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from bot import export
from bot.aftergame_cli import check
from bot.store import SqliteStore
from bot.tables import TableService
from engine.core import Rejected, fold
from launcher.cli import main

ALICE = 101
SEED = 5_012_345_678_901_234_567  # 19 digits: never in a message by chance
GAMES = ("canyon", "arkenstone", "clickwars", "spacehulk")
MAX_MOVES = {"canyon": 400, "arkenstone": 400, "clickwars": 400, "spacehulk": 40}
"""A Space Hulk mission takes hundreds of choices at random: after 40 the player resigns (a finished
table all the same; its rolls are checked as any other's)."""


def _secrets(table: Any) -> list[str]:
    """What must not be seen before the end: the seed (decimal and hex) and the salt."""
    return [str(table.seed), f"{table.seed:x}", table.salt]


async def _play(service: TableService, game: str, *, scan: list[str] | None = None) -> Any:
    """A table against the AI, the player choosing at random until it ends (or resigning).
    With `scan`, every export taken during play (the player's, a spectator's) is added to it."""
    table = await service.create(game=game, creator=ALICE, guild_id=1, channel_id=2, lang="en")
    table = await service.open(table.id, thread_id=3)
    rng = random.Random(7)
    seat = table.seat_of(ALICE)
    for _ in range(MAX_MOVES[game]):
        loaded = await service.load(table.id)
        if loaded.table.is_over:
            break
        if scan is not None:
            for user in (ALICE, 999):
                scan.append(export.dumps(await service.export_for(table.id, user)).decode())
        if seat not in loaded.rules.active_seats(loaded.state):
            break
        legal = loaded.rules.legal_actions(loaded.state, seat)
        try:
            await service.submit(table.id, ALICE, rng.choice(legal), None)
        except Rejected:
            continue
    table = await service.get(table.id)
    if not table.is_over:
        table = await service.resign(table.id, ALICE)
    return table


@pytest.fixture
async def real_service(store: SqliteStore, clock: Any) -> TableService:
    return TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: SEED)


def test_the_commitment_is_sha256_of_the_documented_bytes() -> None:
    salt = "0123456789abcdef0123456789abcdef"
    assert export.preimage(7, 42, salt) == b"tablero-seed/1:7:42:" + salt.encode()
    assert (
        export.commitment(7, 42, salt) == hashlib.sha256(b"tablero-seed/1:7:42:" + salt.encode()).hexdigest()
    )
    assert export.commitment(7, 42, salt) != export.commitment(8, 42, salt) != export.commitment(7, 43, salt)


async def test_every_action_is_recorded_with_its_seat_and_who_held_it(
    real_service: TableService, store: SqliteStore
) -> None:
    table = await _play(real_service, "canyon")
    actions = await store.load_actions(table.id)
    events = await store.load_events(table.id)
    assert actions and {a.holder for a in actions} == {ALICE, "ai"}
    for action in actions:  # each action's events follow it in the log, caused by its seat (or the AI)
        caused = [e for e in events if action.version < e.seq <= action.version + action.events]
        assert len(caused) == action.events
        assert {e.actor for e in caused} <= {action.seat, "ai"}
    # together they cover every event after the setup, in order, with no gap
    covered = sum(a.events for a in actions)
    assert actions[0].version + covered == len(events) == table.version


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_is_exported_verified_and_replayed(
    real_service: TableService, game: str, tmp_path: Path
) -> None:
    table = await _play(real_service, game)
    doc = await real_service.export_for(table.id, 999)  # anyone, once the table is over
    assert doc["format"] == export.FORMAT and doc["redacted_for"] is None
    assert doc["fairness"]["seed"] == SEED and doc["fairness"]["commitment"] == export.table_commitment(table)
    assert [e["seq"] for e in doc["events"]] == list(range(1, table.version + 1))
    path = tmp_path / "export.json"
    path.write_bytes(export.dumps(doc))
    assert main(["verify", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    ok, findings = export.run_check("verify", path.read_bytes())
    assert ok and findings[0][0] == "aftergame.verify_ok" and findings[0][1]["events"] == table.version
    # through the service too (/game verify), in the worker pool's job
    _, ok, findings = await real_service.verify(table.id)
    assert ok and findings[0][0] == "aftergame.verify_ok"


@pytest.mark.parametrize("game", GAMES)
async def test_a_log_from_before_rulings_still_verifies(real_service: TableService, game: str) -> None:
    """CW-GEN-1, SHB-8.4, DC-HIT-2, AK-ACT-B1: an export whose events carry no `ruling` (logged
    before `/why`, issue 29 item 5) verifies as it did; a ruling present is compared like any field."""
    table = await _play(real_service, game)
    doc = await real_service.export_for(table.id, 999)
    ruled = [entry for entry in doc["events"] if "ruling" in entry["data"]]
    assert ruled, "the game ruled nothing"
    old = copy.deepcopy(doc)
    for entry in old["events"]:
        entry["data"].pop("ruling", None)
    # a state may keep recent events (Arkenstone's short log): then the old final state had none
    rules = real_service.rules_of(table)
    folded = fold(rules, [rules.parse_event(entry["data"]) for entry in old["events"]])
    old["final"]["state_sha256"] = export.state_digest(folded)
    ok, findings = export.run_check("verify", export.dumps(old))
    assert ok and findings[0][0] == "aftergame.verify_ok", findings
    forged = copy.deepcopy(doc)
    [entry] = [e for e in forged["events"] if e["seq"] == ruled[0]["seq"]]
    entry["data"]["ruling"]["rules"] = ["XX-1"]
    ok, findings = export.run_check("verify", export.dumps(forged))
    assert not ok and findings[0][0] == "aftergame.differs" and findings[0][1]["seq"] == entry["seq"]


def _tamper_a_draw(doc: dict[str, Any], after: int = 0) -> tuple[int, str]:
    """Swap two different items of the first list in the events after seq `after` that has two (a
    shuffled deck, a roll of several dice, a path): the log no longer follows from the seed and the
    actions. (seq, kind) of the event changed."""

    def swap(value: Any) -> bool:
        if isinstance(value, list):
            for i in range(len(value) - 1):
                if value[i] != value[i + 1]:
                    value[i], value[i + 1] = value[i + 1], value[i]
                    return True
            return any(swap(item) for item in value)
        if isinstance(value, dict):
            return any(swap(v) for k, v in value.items() if k != "kind")
        return False

    def bump(value: Any) -> bool:  # else a number: a die's face, a position
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, int) and not isinstance(item, bool):
                    value[i] = item % 6 + 1 if 1 <= item <= 6 else item + 1
                    return True
            return any(bump(item) for item in value)
        if isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, int) and not isinstance(v, bool):
                    value[k] = v % 6 + 1 if 1 <= v <= 6 else v + 1
                    return True
            return any(bump(v) for v in value.values())
        return False

    for change in (swap, bump):
        for entry in doc["events"]:
            if entry["seq"] > after and change(entry["data"]):
                return entry["seq"], entry["kind"]
    raise AssertionError("nothing to tamper with")


@pytest.mark.parametrize("game", GAMES)
async def test_a_tampered_log_is_detected_at_the_event_that_differs(
    real_service: TableService, game: str, tmp_path: Path
) -> None:
    table = await _play(real_service, game)
    doc = await real_service.export_for(table.id, ALICE)
    # the setup (a deck, a board, hidden treasure), then an event some action caused
    for after in (0, doc["actions"][0]["version"]):
        tampered = copy.deepcopy(doc)
        seq, kind = _tamper_a_draw(tampered, after)
        ok, findings = export.run_check("verify", export.dumps(tampered))
        assert not ok and findings[0][0] in ("aftergame.differs", "aftergame.bad_event")
        assert (findings[0][1]["seq"], findings[0][1]["kind"]) == (seq, kind)
        if findings[0][0] == "aftergame.differs":
            assert "≠" in findings[0][1]["what"]  # what differs: the path, recomputed ≠ logged
        path = tmp_path / "tampered.json"
        path.write_bytes(export.dumps(tampered))
        assert main(["verify", str(path)]) == 1
    # another seed (its commitment forged to match) recomputes other rolls from the first one on
    forged = copy.deepcopy(doc)
    forged["fairness"]["seed"] = SEED + 1
    ok, findings = export.run_check("verify", export.dumps(forged))
    assert not ok and findings[0][0] == "aftergame.commitment_differs"
    forged["fairness"]["commitment"] = export.commitment(table.id, SEED + 1, table.salt)
    ok, findings = export.run_check("verify", export.dumps(forged))
    assert not ok and findings[0][0] in ("aftergame.differs", "aftergame.action_refused")


async def test_an_action_taken_out_of_the_record_or_an_event_dropped_is_found(
    real_service: TableService,
) -> None:
    table = await _play(real_service, "arkenstone")
    doc = await real_service.export_for(table.id, ALICE)
    dropped = copy.deepcopy(doc)
    dropped["actions"].pop(0)  # its events are in the log, no recorded action caused them
    ok, findings = export.run_check("verify", export.dumps(dropped))
    assert not ok and findings[0][0] == "aftergame.uncaused"
    assert findings[0][1]["seq"] == doc["actions"][0]["version"] + 1
    cut = copy.deepcopy(doc)
    cut["events"].pop()  # the last event taken out of the log
    ok, findings = export.run_check("verify", export.dumps(cut))
    assert not ok and findings[0][0] == "aftergame.missing" and findings[0][1]["seq"] == table.version
    ok, findings = export.run_check("replay", export.dumps(cut))
    assert not ok and findings[0][0] == "aftergame.replay_version"
    # an event the log cannot lead to (the first after the setup, moved to the start) is named
    swapped = copy.deepcopy(doc)
    first = doc["actions"][0]["version"]
    swapped["events"][0]["data"], swapped["events"][first]["data"] = (
        swapped["events"][first]["data"],
        swapped["events"][0]["data"],
    )
    ok, findings = export.run_check("replay", export.dumps(swapped))
    assert not ok and findings[0][0] in ("aftergame.replay_broken", "aftergame.state_differs")


async def test_a_players_export_during_the_game_holds_only_what_their_seat_has_seen(
    real_service: TableService, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    exports: list[str] = []
    table = await _play(real_service, "canyon", scan=exports)
    assert len(exports) > 10
    leaked = [s for text in exports for s in _secrets(table) if s in text]
    assert not leaked, "the seed or its salt is in an export taken during play"
    logged = [s for record in caplog.records for s in _secrets(table) if s in record.getMessage()]
    assert not logged, "the seed or its salt is in a log line"
    assert not [r for r in caplog.records if "recorded as caused by actions" in r.getMessage()]
    during = json.loads(exports[-2])  # the player's, at the last move before the end
    seat = table.seat_of(ALICE)
    assert during["redacted_for"] == seat and during["fairness"]["seed"] is None and during["final"] is None
    assert {a["seat"] for a in during["actions"]} == {seat}  # only its own actions
    spectator = json.loads(exports[-1])
    assert spectator["redacted_for"] == "spectator" and spectator["actions"] == []
    assert during["fairness"]["commitment"] == export.table_commitment(table)
    # a seat's view cannot be verified or rebuilt, and says why
    ok, findings = export.run_check("verify", exports[-2].encode())
    assert not ok and findings[0][0] == "aftergame.no_seed"
    ok, findings = export.run_check("replay", exports[-2].encode())
    assert not ok and findings[0][0] == "aftergame.replay_redacted"


async def test_verify_is_refused_while_the_table_is_played(real_service: TableService) -> None:
    table = await real_service.create(game="canyon", creator=ALICE, guild_id=1, channel_id=2, lang="en")
    table = await real_service.open(table.id, thread_id=3)
    with pytest.raises(Rejected) as exc:
        await real_service.verify(table.id)
    assert exc.value.message_id == "aftergame.verify_not_over"


def test_the_command_line_says_what_is_wrong_with_a_file(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "x.json"
    path.write_text("not json")
    assert check("verify", path) == 2 and "not a Tablero export" in capsys.readouterr().out
    path.write_text(json.dumps({"format": "tablero-export/99"}))
    assert check("replay", path, "es") == 2 and "tablero-export/99" in capsys.readouterr().out
    assert check("verify", tmp_path / "missing.json") == 2 and "missing.json" in capsys.readouterr().out
    path.write_text(json.dumps({"format": "tablero-export/1", "tablero": "0", "table": {"id": "x"}}))
    assert check("verify", path) == 2 and "look at table.id" in capsys.readouterr().out


async def test_a_table_records_text_shows_neither_its_seed_nor_its_salt(real_service: TableService) -> None:
    """A record in a log line or an assertion's text (repr, str) leaks nothing of the commitment."""
    table = await real_service.create(game="canyon", creator=ALICE, guild_id=1, channel_id=2, lang="en")
    assert table.salt is not None and len(table.salt) == 32
    for text in (repr(table), str(table), f"{table}"):
        assert not [s for s in _secrets(table) if s in text]
