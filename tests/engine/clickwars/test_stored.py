"""Stored ClickWars states and events still load (issue 23 item 1): the units, hostages, marks and
shots became frozen dataclasses, and what the engine stored before (data/stored_df3660b.json, written
at commit df3660b, when they were pydantic models) reads back into equal objects that write the same
JSON, byte for byte, and a stored game goes on."""

from __future__ import annotations

import json
from pathlib import Path

from engine.clickwars import RULES, ClickWarsState
from engine.clickwars.events import EVENT_ADAPTER
from engine.clickwars.state import Hostage, Marks, Shot, Unit
from engine.core import apply, dice_for

STORED = json.loads((Path(__file__).parent / "data" / "stored_df3660b.json").read_text())


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def test_stored_states_load_and_write_the_same_json() -> None:
    """CW-GEN-1: a state stored before the change (mid-game, with hostages, lines of fire; and a
    finished one) loads into the new types and writes exactly the JSON it was read from."""
    for name in ("state_mid_game", "state_final"):
        stored = STORED[name]
        state = ClickWarsState.model_validate_json(_json(stored))
        assert state.model_dump_json() == _json(stored), name
        assert all(type(u) is Unit for u in state.units.values())
        assert type(state.marks) is Marks and all(type(s) is Shot for s in state.marks.shots)
        assert all(type(h) is Hostage for h in state.hostages)
    mid = ClickWarsState.model_validate_json(_json(STORED["state_mid_game"]))
    assert mid.marks.shots and mid.hostages and mid.result is None


def test_a_stored_game_goes_on() -> None:
    """CW-GEN-2: the stored mid-game state takes its side's legal actions to the end of the phase."""
    state = ClickWarsState.model_validate_json(_json(STORED["state_mid_game"]))
    for _ in range(5):
        seat = sorted(RULES.active_seats(state))[0]
        action = RULES.legal_actions(state, seat)[0]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    assert state.version > STORED["state_mid_game"]["version"]


def test_stored_events_load_and_write_the_same_json() -> None:
    """CW-GEN-1: one stored event of every kind a game wrote (the armies, the hostages, the moves)
    loads and writes the same JSON."""
    kinds = set()
    for stored in STORED["events"]:
        event = EVENT_ADAPTER.validate_json(_json(stored))
        assert EVENT_ADAPTER.dump_json(event).decode() == _json(stored), stored["kind"]
        kinds.add(stored["kind"])
    assert {"game_started", "deployment_revealed", "moved", "attack_rolled", "turn_began"} <= kinds
