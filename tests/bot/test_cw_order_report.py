"""The report of a ClickWars order (issue 27 item 3) in the player's language: each step's result or
the rule that refuses it, the steps left to the dice until Confirm, and the total; English and
Spanish, with the language's number format."""

from __future__ import annotations

from bot.orders import order_text
from bot.store import TableRecord
from bot.tables import OrderReport
from engine.clickwars import RULES
from engine.core.orders import play_order
from tests.engine.clickwars.helpers import table as cw_table


def record(version: int) -> TableRecord:
    return TableRecord(
        id=4,
        number=4,
        game="clickwars",
        guild_id=1,
        channel_id=2,
        thread_id=3,
        status="active",
        seats={"red": 11, "blue": "ai"},  # type: ignore[dict-item]
        invited=[],
        options={},
        seed=3,
        version=version,
        lang="en",
        status_message_id=None,
        created_by=11,
        outcome=None,
        rematch_of=None,
        created_at=0.0,
        updated_at=0.0,
    )


def report(text: str, *, dry_run: bool, phase: str = "movement") -> OrderReport:
    state = cw_table(
        {"R3": (40, 10), "R4": (60, 10), "B3": (40, 25.5), "B4": (100, 100)}, terrain=[], phase=phase
    )
    result = play_order(RULES, state, "red", text, dry_run=dry_run)
    words = tuple(step.words for step in result.read)
    return OrderReport(
        record(state.version), RULES, "red", result.steps, result.refusal, result.failed_at, result.failed,
        dry_run, result.state, words,
    )  # fmt: skip


def test_a_dry_run_lists_results_and_refusals_then_the_total_in_both_languages() -> None:
    rehearsed = report("R3 move 4.5 N; R4 move 12 N; R4 move 2,5 E", dry_run=True)
    en = order_text(rehearsed, "en")
    assert en.splitlines() == [
        "Dry run of your order at table #4 (nothing is applied):",
        "1. `R3 move 4.5 N`: R3 moves 4.5 cm to (40, 14.5), costing 4.5 cm",
        "2. `R4 move 12 N`: refused. That path costs 12 cm; R4 may move 10 cm.",
        "3. `R4 move 2,5 E`: R4 moves 2.5 cm to (62.5, 10), costing 2.5 cm",
        "Total: 2 of 3 steps can be carried out now, 1 refused.",
        "Nothing is rolled in a dry run: shots, fights and charges are checked now and rolled when you "
        "confirm. Confirm carries out the steps that can be (refused ones are skipped); Cancel drops the order.",
    ]
    es = order_text(rehearsed, "es")
    assert "1. `R3 move 4.5 N`: R3 se mueve 4,5 cm hasta (40; 14,5), con un coste de 4,5 cm" in es
    assert "2. `R4 move 12 N`: rechazado." in es
    assert "Total: 2 de 3 pasos se pueden hacer ya, 1 rechazado." in es


def test_a_shot_in_a_dry_run_waits_for_confirm_and_the_real_one_says_what_it_rolled() -> None:
    rehearsed = order_text(report("R3 fire B3; R4 fire B4", dry_run=True, phase="shooting"), "en")
    assert "1. `R3 fire B3`: R3 may shoot B3 (hits on ≤ 6); rolled when you confirm" in rehearsed
    assert "2. `R4 fire B4`: refused." in rehearsed
    assert "Total: 0 of 2 steps can be carried out now, 1 rolled on confirm, 1 refused." in rehearsed
    real = order_text(report("R3 fire B3", dry_run=False, phase="shooting"), "es")
    assert "1. `R3 fire B3`: R3 → B3: sacó " in real and "(necesita ≤ 6)" in real
